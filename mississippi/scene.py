"""The Mississippi match scene: the long table seen from above, flicks, the flip race.

Everything the scene decides goes through :class:`mississippi.rules.Match`; the physics runs
in a :class:`mississippi.sim.TableSim` stepped on the shell's fixed step; the AI thinks on
``app.run_worker``. Pixels: the 3770 × 495 mm table is drawn at :data:`SCALE` px/mm.
"""

from __future__ import annotations

import logging
import math
import os
import random
import time
from dataclasses import asdict

import numpy as np
import pygame

from ludotheque import i18n, theme
from ludotheque.canvas import as_canvas
from ludotheque.scene import Scene, attending, attention
from ludotheque.widgets import Button, is_click

from mississippi import ai
from mississippi.pointer import SteadyFlick
from mississippi.rules import (IllegalAction, LEFT_EDGE, Match, PuckOutcome, PUCK_RADIUS,
                               PUCK_THICKNESS, Report, RIGHT_EDGE, TABLE_LENGTH, TABLE_WIDTH,
                               ZONES, TablePuck, other)
from mississippi.sim import DECEL, FlipToss, TableSim

log = logging.getLogger(__name__)
_ = i18n.domain("mississippi")
ngettext = i18n.ndomain("mississippi")

# --- geometry on screen ------------------------------------------------------------------
SCALE = 1240.0 / TABLE_LENGTH          # px per mm (0.329)
X0, Y0 = 20, 262                       # px, top-left of the playing surface (x=0, y=0 mm)
RAIL = 14                              # px, rail thickness drawn outside the width
TABLE_H = round(TABLE_WIDTH * SCALE)   # 163 px
PR = PUCK_RADIUS * SCALE               # puck radius in px
COLOURS = {"left": theme.BLUE, "right": theme.ORANGE}
SHOT_DELAY = 1.1                       # s an outcome stays readable before the AI acts
LAG_HOLD = 4.0                         # s the lag result stays on the table (or until a click)
FLIP_WINDOW = 3.0                      # s, M-F4 default


def to_px(x: float, y: float) -> tuple[float, float]:
    """Table mm → logical screen px."""
    return X0 + x * SCALE, Y0 + y * SCALE


def to_mm(px: float, py: float) -> tuple[float, float]:
    """Logical screen px → table mm."""
    return (px - X0) / SCALE, (py - Y0) / SCALE


def side_name(side: str) -> str:
    return _("Blue") if side == "left" else _("Orange")


# --- procedural art ----------------------------------------------------------------------
def wood_surface(w: int, h: int, seed: int = 3) -> pygame.Surface:
    """Varnished maple seen from above, grain along the table (numpy → surfarray)."""
    rng = np.random.default_rng(seed)
    x = np.linspace(0, 1, w)[:, None]
    y = np.linspace(0, 1, h)[None, :]
    warp = 0.015 * np.sin(2 * np.pi * (x * 3 + rng.random())) + 0.01 * np.sin(2 * np.pi * x * 11)
    rings = np.sin(2 * np.pi * ((y + warp) * 26 + 0.6 * np.sin(2 * np.pi * x * 1.7)))
    streak = np.repeat(rng.normal(0, 1, (1, h)), w, axis=0) * 0.25   # fibres along x
    tone = 0.55 + 0.18 * rings + 0.1 * streak + 0.05 * rng.normal(0, 1, (w, h))
    base = np.array([214, 170, 112], dtype=float)
    dark = np.array([160, 112, 62], dtype=float)
    t = np.clip(tone, 0, 1)[..., None]
    img = dark + (base - dark) * t
    return pygame.surfarray.make_surface(np.clip(img, 0, 255).astype(np.uint8))


def draw_puck(canvas, x: float, y: float, colour, *, r: float = PR, ring=None,
              standing: bool = False, angle: float = 0.0, lift: float = 0.0) -> None:
    """A puck at design (x, y) on ``canvas``: a disc with rim and shine, or a standing
    box (M-R9); ``r`` its radius in design units."""
    surface = canvas
    if standing:
        hw, hh = PUCK_RADIUS * SCALE, PUCK_THICKNESS / 2 * SCALE
        c, s = math.cos(angle), math.sin(angle)
        pts = [(x + dx * c - dy * s, y + dx * s + dy * c)
               for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))]
        surface.polygon((0, 0, 0), [(px + 2, py + 3) for px, py in pts])
        surface.polygon(colour, pts)
        surface.polygon(tuple(c // 2 for c in colour), pts, 2)
        if ring:
            surface.circle(ring, (x, y), r + 5, 2)
        return
    if lift <= 0:
        surface.circle((40, 28, 18), (x + 2, y + 3), r)
    surface.circle(tuple(c // 2 for c in colour), (x, y), r)
    surface.circle(colour, (x, y), r - 2)
    surface.circle(tuple(min(255, c + 50) for c in colour), (x - r * 0.3, y - r * 0.3), r * 0.35)
    if ring:
        surface.circle(ring, (x, y), r + 4, 2)


def draw_preview(canvas, rect) -> None:
    """Launcher tile: a small table with its gutters, zones and a few pucks (``canvas``
    a :class:`ludotheque.canvas.Canvas` or a pygame surface, ``rect`` design units)."""
    surface = as_canvas(canvas)
    w, h = rect.width - 16, max(20, rect.height // 3)
    r = pygame.Rect(0, 0, w, h)
    r.center = rect.center
    surface.rect(theme.WOOD_DARK, r.inflate(10, 10), border_radius=6)
    surface.rect(theme.WOOD, r)
    g = w * GUTTER_FRAC
    surface.rect((70, 48, 28), (r.left, r.top, g, h))
    surface.rect((70, 48, 28), (r.right - g, r.top, g, h))
    for fx in (0.1777, 0.8223):
        surface.line((250, 240, 220), (r.left + w * fx, r.top), (r.left + w * fx, r.bottom), 2)
    pr = max(3, h // 7)
    surface.circle(theme.ORANGE, (r.right - w * 0.12, r.centery - h * 0.15), pr)
    surface.circle(theme.BLUE, (r.left + w * 0.55, r.centery + h * 0.1), pr)
    surface.line(theme.BLUE, (r.left + w * 0.2, r.centery + h * 0.1),
                 (r.left + w * 0.5, r.centery + h * 0.1), 2)


GUTTER_FRAC = LEFT_EDGE / TABLE_LENGTH


# --- texts of the rules' outcomes (translated) -------------------------------------------
def outcome_text(rule: str, facts: dict, m: Match) -> str:
    """A translated explanation of the last transition, by rule id."""
    who = lambda s: m.name(s) if s else ""   # noqa: E731
    table = {
        "M-L1": _("Lag: each player slides one puck toward the far end. Closest to the far gutter without falling in chooses the role."),
        "M-L3": _("No lag puck rests in the far target zone: the lag is replayed."),
        "M-R1": _("Target placed. Shooter, aim at it!"),
        "M-R9": _("Standing target placed! Shooter, last puck: drop both to win."),
        "M-R3": _("Only the target fell: the shot puck is the new target. Shoot again!"),
        "M-R4": _("Both pucks fell: the placer places a new target."),
        "M-R5": _("The target stayed on the table: roles swap and the table is cleared."),
        "M-R6": _("A puck flew off the table: roles swap."),
        "M-R7": _("Missed: the target stayed on the table. Roles swap."),
        "M-R8": _("Knock! Last puck announced."),
        "M-F1": _("The new target overhangs the gutter: FLIP WINDOW! Placer: Space to flip."),
        "M-F4": _("No flip: the shooter shoots again."),
        "M-E1": _("No puck left at this end: the game is over."),
    }
    if rule == "M-L2":
        if "role" in facts:
            return _("{side} chose to be {role}.").format(
                side=who(m.chooser), role=_("shooter") if facts["role"] == "shooter" else _("placer"))
        return _("{side}'s lag puck is closest to the far gutter: the choice of role is theirs.").format(
            side=who(facts.get("chooser")))
    if rule == "M-R8" and facts.get("swapped"):
        return _("Forgot to knock before the last puck! Roles swap; the puck stays in hand.")
    if rule == "M-R10":
        if facts.get("winner"):
            return _("Both pucks fell on the last shot: {side} wins!").format(side=who(facts["winner"]))
        return _("The last shot did not drop both pucks: the shooter takes a puck back and roles swap.")
    if rule == "M-F2":
        return (_("Caught! The placer becomes the shooter.") if facts.get("caught")
                else _("Flip dropped: the puck falls into the placer's gutter; new target."))
    if rule == "M-F3":
        if facts.get("dropped"):
            return _("Countered! The target fell before the flip; roles stay; the counter puck goes back to hand.")
        return _("Counter shot: the puck goes back to the shooter's hand.")
    return table.get(rule, rule)


REFUSALS = {
    "M-R1 the target must touch your target zone with its centre on the table":
        lambda: _("M-R1: the target must touch your target zone, with its centre on the table."),
    "M-R1 the target must lie between the rails": lambda: _("M-R1: the target must lie between the rails."),
    "M-R1 the target may not overlap another puck": lambda: _("M-R1: the target may not overlap another puck."),
}


def refusal_text(reason: str) -> str:
    if reason in REFUSALS:
        return REFUSALS[reason]()
    if reason.startswith("M-R9"):
        return _("M-R9: a standing target only when the shooter has knocked for the last puck.")
    return reason


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` px."""
    f = theme.font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def ai_level_name(level: str) -> str:
    return {"beginner": _("beginner"), "intermediate": _("intermediate"),
            "expert": _("expert")}.get(level, level)


def team_names(name: str, size: int) -> list[str]:
    """M-E2: the members of a side. ``"Ann, Alex"`` gives two; otherwise ``size`` numbered
    members ``"Ann 1"``, ``"Ann 2"`` (one member: the name itself)."""
    parts = [p.strip() for p in name.replace("/", ",").split(",") if p.strip()]
    if len(parts) > 1:
        return parts
    base = parts[0] if parts else name
    return [base] if size <= 1 else [f"{base} {i + 1}" for i in range(size)]


class MississippiScene(Scene):
    """One match at one computer: two people (hot seat), one against the AI, or a demo."""

    realtime = True
    opaque = True
    game_id = "mississippi"

    def __init__(self, app, config):
        super().__init__(app)
        self.config = config
        self.players = tuple(config.players)
        self.options = dict(config.options or {})
        resume = config.resume
        if resume:
            self.options.update(resume.get("options", {}))
            self.match = Match.from_dict(resume["match"])
        else:
            size = int(self.options.get("team", 1))
            self.match = Match.new(left=team_names(self.players[0].name, size),
                                   right=team_names(self.players[1].name, size))
        seed = config.seed if config.seed is not None else (app.rng_seed if app.rng_seed is not None
                                                            else random.randrange(1 << 30))
        self.seed = int(seed)
        self.rng = random.Random(self.seed + self.match.shots)
        self.toss = FlipToss()
        self.t = 0.0
        self.sim: TableSim | None = None
        self.shot_kind: str | None = None
        self.shot_owner: dict[int, str] = {}
        self.event_idx = 0
        self.tracker: SteadyFlick | None = None
        self.drag_target: tuple[float, float] | None = None
        self.standing = False
        self.angle = math.pi / 2
        self.future = None
        self.future_kind = None
        self.wait = SHOT_DELAY
        self.ai_aim = None            # (plan, time left, kind)
        self.flip: dict | None = None
        self.replay: dict | None = None
        self.last_shot: dict | None = resume.get("last_shot") if resume else None
        self.last_launch: dict | None = None
        self.lag_ghosts: list = []
        self.lag_hold: float | None = None   # s left showing the lag result (M-L2/M-L3)
        self._knock_moment = None
        self.debug = False
        # the aim guide: off by default; on with the option or the beginner hints setting
        self.aim_guide = bool(self.options.get("aim_guide", False)) or bool(
            getattr(app.settings, "hints", False))
        self.banner = outcome_text(self.match.last.rule, dict(self.match.last.facts), self.match)
        self.buttons = self._make_buttons()
        self._calm_seen = None                 # what the players were last left to look at,
        self._calm_t0 = 0.0                    # since when (scene s): pulses then hold still
        if self.match.phase == "flip":
            self._open_flip()
        self._refresh_buttons()

    # ------------------------------------------------------------------ the shell's questions
    @property
    def tracking_pointer(self) -> bool:
        """True while a flick is being dragged (the shell stamps the samples closely)."""
        return self.tracker is not None and self.tracker.active

    def _calm_key(self) -> tuple:
        """What the table shows a person waiting for them (a new turn, a new target…)."""
        m = self.match
        return (m.phase, m.shots, m.role_swaps, m.knocked, m.to_act, self.lag_hold is None,
                len(m.table))

    @property
    def animating(self) -> bool:
        """True while anything moves or runs on its own: a shot or replay, the computer's
        turn (thinking, aiming, its pause), the flip race, a lag result on show, a drag,
        or the glow calling a person to play during its first :data:`ludotheque.scene.ATTENTION_S` s.
        A table waiting for a person is otherwise still (nothing is drawn)."""
        m = self.match
        if m.phase == "over":
            return False
        if self.busy() or self.future is not None or m.phase == "flip" or self.debug \
                or self.tracking_pointer or self.is_ai(m.to_act):
            return True
        if m.phase == "place" and self.is_ai(m.shooter) and m.knock_required and not m.knocked:
            return True                                   # the computer knocks first (M-R8)
        return self._calm_key() != self._calm_seen or attending(self.t - self._calm_t0, 6)

    # ------------------------------------------------------------------ helpers
    def is_ai(self, side: str | None) -> bool:
        return side is not None and self.players[0 if side == "left" else 1].kind == "ai"

    def level(self, side: str) -> str:
        return self.players[0 if side == "left" else 1].level

    def busy(self) -> bool:
        return (self.sim is not None or self.replay is not None or self.ai_aim is not None
                or self.lag_hold is not None)

    def hints(self) -> bool:
        return bool(getattr(self.app.settings, "hints", False))

    def _make_buttons(self):
        y = 640
        b = [
            Button((20, y, 200, 48), lambda: _("Knock (K)"), self.knock, color=theme.ACCENT),
            Button((235, y, 170, 48), lambda: _("Replay (R)"), lambda: self.start_replay(1.0)),
            Button((420, y, 200, 48), lambda: _("Slow replay (T)"), lambda: self.start_replay(0.25)),
            Button((635, y, 260, 48), lambda: (_("Aim guide: on") if self.aim_guide else _("Aim guide: off")),
                   self.toggle_guide),
            Button((910, y, 165, 48), lambda: _("Shooter"), lambda: self.choose("shooter"), color=theme.GOOD),
            Button((1095, y, 165, 48), lambda: _("Placer"), lambda: self.choose("placer"), color=theme.GOOD),
            Button((910, y, 165, 48), lambda: (_("Standing") if self.standing else _("Flat")) + " (S)",
                   self.toggle_standing),
            Button((1095, y, 77, 48), "⟲", lambda: self.rotate(-1)),
            Button((1183, y, 77, 48), "⟳", lambda: self.rotate(1)),
        ]
        self.b_knock, self.b_replay, self.b_slow, self.b_guide, self.b_shooter, self.b_placer, \
            self.b_stand, self.b_rot_l, self.b_rot_r = b
        return b

    def _refresh_buttons(self) -> None:
        m = self.match
        human_shooter = m.shooter is not None and not self.is_ai(m.shooter)
        # M-R8: "no reminder by default" — so the Knock button is there for every shot of a
        # human shooter, not only the last one (knocking earlier changes nothing)
        self.b_knock.visible = (m.phase in ("place", "shoot") and not m.knocked
                                and human_shooter and not self.busy())
        # plain, like every other button; yellow only as the beginner hint of the last puck
        self.b_knock.color = theme.ACCENT if self.hints() and m.knock_required else theme.PANEL_HI
        self.b_replay.visible = self.b_slow.visible = self.last_shot is not None and not self.busy() \
            and m.phase != "flip"
        chooser_human = m.phase == "choose_role" and not self.is_ai(m.chooser)
        self.b_shooter.visible = self.b_placer.visible = chooser_human
        stand_ui = m.phase == "place" and m.standing_allowed and not self.is_ai(m.placer)
        self.b_stand.visible = stand_ui
        self.b_rot_l.visible = self.b_rot_r.visible = stand_ui and self.standing
        if not m.standing_allowed:
            self.standing = False

    # ------------------------------------------------------------------ actions
    def knock(self) -> None:
        """M-R8: the shooter knocks (button or K)."""
        m = self.match
        if m.phase in ("place", "shoot") and not m.knock_required:
            self.app.audio.play("knock")                 # a knock on the table that means nothing
            self.app.toast(_("Knock! It only counts before your last puck (M-R8)."), 2.0)
            return
        try:
            m.knock()
        except IllegalAction:
            self.app.audio.play("error", 0.5)
            return
        self.app.audio.play("knock")
        self._after(autosave=True)

    def choose(self, role: str) -> None:
        """M-L2: the lag winner picks a role."""
        self.match.choose_role(role)
        self.app.audio.play("click")
        self._after(autosave=True)

    def toggle_guide(self) -> None:
        self.aim_guide = not self.aim_guide
        self.options["aim_guide"] = self.aim_guide

    def toggle_standing(self) -> None:
        if self.match.standing_allowed:
            self.standing = not self.standing

    def rotate(self, d: int) -> None:
        self.angle = (self.angle + d * math.pi / 12) % math.pi

    def _after(self, *, autosave: bool) -> None:
        """A rules transition happened: explain it, sound it, save, let the AI wait."""
        m = self.match
        last = m.last
        self.banner = outcome_text(last.rule, dict(last.facts), m)
        if m.phase == "over":
            self.app.audio.play("win")
            try:
                self.app.saves.delete(self.game_id)
            except Exception:     # the win screen matters more than the file
                log.exception("could not delete the finished save")
        elif autosave:
            self.app.autosave(self)
        if last.facts.get("swapped"):
            self.app.audio.play("score", 0.6)
        self.wait = SHOT_DELAY
        if m.phase == "flip" and self.flip is None:
            self._open_flip()
        if m.phase != "flip":
            self.flip = None
        self._refresh_buttons()

    # ------------------------------------------------------------------ shots
    def hand_spot(self, side: str) -> tuple[float, float]:
        """Where the puck in hand waits for the flick: at the back of the player's own zone
        (M-U1), so the drag has room before the inner line; clear of any resting puck."""
        x = LEFT_EDGE + 70 if side == "left" else RIGHT_EDGE - 70
        for y in (TABLE_WIDTH / 2, 130.0, TABLE_WIDTH - 130.0):
            if all(math.hypot(p.x - x, p.y - y) > 2.2 * PUCK_RADIUS for p in self.match.table.values()):
                return x, y
        return x, TABLE_WIDTH / 2

    def launch(self, x: float, y: float, vx: float, vy: float, kind: str) -> None:
        """Throw the shooter's puck from (x, y) mm at (vx, vy) mm/s: ``kind`` is
        ``"lag"``, ``"shot"`` or ``"counter"``. The forgotten knock (M-R8) is decided here,
        at once, without a throw."""
        m = self.match
        side = m.lag_side if kind == "lag" else m.shooter
        if kind == "shot" and m.knock_required and not m.knocked:
            report = Report({pid: PuckOutcome("table", p.x, p.y, p.standing, p.angle)
                             for pid, p in m.table.items()})
            m.shot(report)                               # M-R8: forgot to knock
            self.app.audio.play("error")
            self._after(autosave=True)
            return
        table = dict(m.table)
        if kind == "counter" and self.flip and self.flip.get("started") is not None:
            table.pop(m.target, None)
        self.sim = TableSim(table, seed=self.seed + m.shots)
        rid = m.next_puck_id
        for dy in (0, 40, -40, 80, -80, 120, -120, 160, -160):
            yy = min(max(y + dy, PUCK_RADIUS + 1), TABLE_WIDTH - PUCK_RADIUS - 1)
            try:
                self.sim.add_shot(rid, x, yy, vx, vy)
                y = yy
                break
            except ValueError:
                continue
        else:
            self.sim = None
            self.app.toast(_("No room to launch here."))
            return
        self.shot_kind = kind
        self.lag_ghosts = []
        self.shot_owner = {pid: p.owner for pid, p in table.items()}
        self.shot_owner[rid] = side
        self.event_idx = 0
        speed = math.hypot(vx, vy)
        self.last_launch = {"x": x, "y": y, "vx": vx, "vy": vy, "speed": speed}
        if kind != "counter":
            self.last_shot = {"table": {str(k): asdict(v) for k, v in table.items()},
                              "rid": rid, "side": side, "x": x, "y": y, "vx": vx, "vy": vy}
        if os.environ.get("MISSISSIPPI_LOG_FLICK"):
            log.warning("launch %s from (%.0f, %.0f) mm at (%.0f, %.0f) mm/s, speed %.0f mm/s",
                        kind, x, y, vx, vy, speed)
        self.app.audio.play("slide", min(1.0, 0.3 + speed / 6000))
        self._refresh_buttons()

    def _sounds(self, world) -> None:
        for ev in world.events_since(self.event_idx):
            if ev.kind == "contact":
                self.app.audio.play("clack", min(1.0, 0.15 + ev.speed / 3000))
            elif ev.kind == "rail":
                self.app.audio.play("clack", min(0.6, 0.1 + ev.speed / 5000))
            elif ev.kind in ("drop", "off_table"):
                self.app.audio.play("drop")
            elif ev.kind == "topple":
                self.app.audio.play("knock", 0.5)
        self.event_idx = world.event_count

    def _step_sim(self, dt: float) -> None:
        sim = self.sim
        world = sim.world
        world.step(dt)
        self._sounds(world)
        m = self.match
        if self.shot_kind == "counter" and self.flip is not None and self.flip.get("started") is None:
            wid = sim.wid_by_rid.get(m.target)
            if wid is not None and world.puck(wid).state not in ("table", "overhang"):
                self.flip["countered"] = True            # M-F3: the target fell first
        if not (world.at_rest() and world.shot_time > 0.05) and world.shot_time < 20.0:
            return
        report = sim.state()
        kind = self.shot_kind
        if os.environ.get("MISSISSIPPI_LOG_FLICK") and self.last_launch:
            rid = max(report.pucks)
            p = report.pucks[rid]
            d = math.hypot(p.x - self.last_launch["x"], p.y - self.last_launch["y"])
            log.warning("shot puck %s rested %s at (%.0f, %.0f) mm after %.0f mm: a free slide "
                        "needs %.0f mm/s (launch %.0f mm/s)", rid, p.state, p.x, p.y, d,
                        math.sqrt(2 * 0.2 * 9810 * d), self.last_launch["speed"])
        self.sim = None
        self.shot_kind = None
        if kind == "lag":
            owners = dict(self.shot_owner)
            by = m.lag_side
            m.lag_shot(report)
            if by == "right":                            # the lag was decided or replayed:
                self.lag_ghosts = [(owners.get(pid, "left"), p.x, p.y)      # show where
                                   for pid, p in report.pucks.items()       # they stopped
                                   if p.state in ("table", "overhang")]
                self.lag_hold = LAG_HOLD                 # until a click/Enter or LAG_HOLD s
        elif kind == "shot":
            m.shot(report)
        elif kind == "counter":
            if m.phase != "flip":
                return                                   # the flip already ended
            m.counter_shot(report)
            if m.phase == "flip" and self.flip and self.flip.get("started") is None \
                    and self.flip["t"] >= self.flip["window"]:
                m.flip_window_expired()                  # M-F4
        self._after(autosave=True)

    # ------------------------------------------------------------------ replay
    def start_replay(self, speed: float) -> None:
        """Replay the last shot from its snapshot (R: normal, T: slow motion)."""
        if self.last_shot is None or self.busy() or self.match.phase == "flip":
            return
        ls = self.last_shot
        table = {int(k): TablePuck(**v) for k, v in ls["table"].items()}
        sim = TableSim(table, seed=0)
        sim.add_shot(ls["rid"], ls["x"], ls["y"], ls["vx"], ls["vy"])
        owners = {pid: p.owner for pid, p in table.items()}
        owners[ls["rid"]] = ls["side"]
        self.replay = {"sim": sim, "speed": speed, "owners": owners, "idx": 0}
        self._refresh_buttons()

    def _step_replay(self, dt: float) -> None:
        sim = self.replay["sim"]
        sim.world.step(dt * self.replay["speed"])
        if (sim.world.at_rest() and sim.world.shot_time > 0.05) or sim.world.shot_time > 20:
            self.replay = None
            self._refresh_buttons()

    # ------------------------------------------------------------------ flip race (M-F)
    def _open_flip(self) -> None:
        m = self.match
        self.flip = {"t": 0.0, "window": float(self.options.get("flip_window", FLIP_WINDOW)),
                     "started": None, "countered": False, "ai_flip": None, "ai_catch": None,
                     "ai_counter": None, "counter_plan": None, "counter_future": None}
        f = self.flip
        if self.is_ai(m.placer):
            f["ai_flip"] = ai.flip_delay(self.level(m.placer), self.rng)
            f["ai_catch"] = ai.catch_delay(self.level(m.placer), self.rng, self.toss)
        if self.is_ai(m.shooter):
            f["ai_counter"] = ai.counter_delay(self.level(m.shooter), self.rng)
            f["counter_future"] = self.app.run_worker(
                ai.plan_counter, Match.from_dict(m.to_dict()), self.level(m.shooter),
                random.Random(self.seed + m.shots + 7))
        self.app.audio.play("click")

    def flip_key(self) -> None:
        """Space for the placer: start the flip, then catch it (M-F1, M-F2)."""
        m, f = self.match, self.flip
        if m.phase != "flip" or f is None:
            return
        if f["started"] is None:
            if f["countered"]:
                return                                   # the target is already in the gutter
            self._start_flip()
        else:
            self._catch(self.toss.caught(f["t"] - f["started"]))

    def _start_flip(self) -> None:
        m, f = self.match, self.flip
        m.flip_start()
        f["started"] = f["t"]
        if self.sim is not None and m.target in self.sim.wid_by_rid:
            self.sim.remove(m.target)                   # the target is in the air
        self.banner = _("Flip! Catch it as it comes down (Space).")
        self.app.audio.play("slide", 0.6)

    def _catch(self, caught: bool) -> None:
        m = self.match
        if self.sim is not None and self.shot_kind == "counter":
            self.sim = None                              # M-F3: the counter puck returns
            self.shot_kind = None
        (m.flip_caught if caught else m.flip_dropped)()
        self.app.audio.play("click" if caught else "drop")
        self._after(autosave=True)

    def _update_flip(self, dt: float) -> None:
        m, f = self.match, self.flip
        f["t"] += dt
        t = f["t"]
        if f["started"] is None:
            if f["ai_flip"] is not None and t >= f["ai_flip"] and not f["countered"]:
                self._start_flip()
            elif f["ai_counter"] is not None and t >= f["ai_counter"] and self.sim is None \
                    and f["counter_future"] is not None and f["counter_future"].done():
                plan = f["counter_future"].result()
                f["ai_counter"] = None
                if plan is not None:
                    self.launch(plan.x, plan.y, plan.vx, plan.vy, "counter")
            if f["started"] is None and t >= f["window"] and self.sim is None and m.phase == "flip":
                m.flip_window_expired()                 # M-F4
                self._after(autosave=True)
            return
        elapsed = t - f["started"]
        if f["ai_catch"] is not None and elapsed >= f["ai_catch"]:
            self._catch(self.toss.caught(elapsed))
        elif self.toss.landed(elapsed):
            self._catch(False)

    # ------------------------------------------------------------------ AI turns
    def _poll_ai(self, dt: float) -> None:
        m = self.match
        if self.busy() or m.phase in ("flip", "over"):
            return
        if self.ai_aim is not None:
            return
        # an AI shooter knocks as soon as it is down to one puck (before the placement, M-R9)
        moment = (m.shots, m.role_swaps)
        if m.phase == "place" and self.is_ai(m.shooter) and m.knock_required and not m.knocked \
                and self._knock_moment != moment:
            self._knock_moment = moment                   # decide once per step 1
            if not ai.forgets_knock(self.level(m.shooter), self.rng):
                self.knock()
                return
        side = m.to_act
        if not self.is_ai(side):
            return
        if self.wait > 0:
            self.wait -= dt
            return
        if m.phase == "place" and m.knock_required and not m.knocked and not self.is_ai(m.shooter) \
                and self.wait > -2.0:
            self.wait -= dt                              # leave the human time to knock
            return
        lvl = self.level(side)
        rng = random.Random(self.seed * 7919 + m.shots * 31 + m.role_swaps)
        if self.future is None:
            copy = Match.from_dict(m.to_dict())
            kind = m.phase
            fn = {"lag": ai.plan_lag, "choose_role": ai.choose_role, "place": ai.plan_target,
                  "shoot": ai.plan_shot}[kind]
            args = (copy, lvl) if kind == "choose_role" else (copy, lvl, rng)
            self.future, self.future_kind = self.app.run_worker(fn, *args), kind
            return
        if not self.future.done():
            return
        result, kind = self.future.result(), self.future_kind
        self.future = self.future_kind = None
        if kind != m.phase:
            return
        if kind == "choose_role":
            self.choose(result)
        elif kind == "place":
            x, y, standing, angle = result
            m.place_target(x, y, standing=standing, angle=angle)
            self.app.audio.play("click")
            self._after(autosave=True)
        elif kind in ("lag", "shoot"):
            if kind == "shoot" and result.knock and not m.knocked:
                self.knock()
            self.ai_aim = (result, 0.6, "lag" if kind == "lag" else "shot")

    def _step_ai_aim(self, dt: float) -> None:
        plan, left, kind = self.ai_aim
        left -= dt
        if left > 0:
            self.ai_aim = (plan, left, kind)
            return
        self.ai_aim = None
        self.launch(plan.x, plan.y, plan.vx, plan.vy, kind)

    # ------------------------------------------------------------------ input
    def _human_flicker(self) -> tuple[str | None, str | None]:
        """(side, kind) of a human who may flick now, else (None, None)."""
        m = self.match
        if self.busy():
            if m.phase == "flip" and self.sim is None:
                pass
            else:
                return None, None
        if m.phase == "lag" and not self.is_ai(m.lag_side):
            return m.lag_side, "lag"
        if m.phase == "shoot" and not self.is_ai(m.shooter):
            return m.shooter, "shot"
        if m.phase == "flip" and not self.is_ai(m.shooter) and self.flip \
                and self.flip["started"] is None and not self.flip["countered"] \
                and m.gutter[m.shooter] >= 1 and self.sim is None:
            return m.shooter, "counter"
        return None, None

    def handle(self, event) -> bool:
        m = self.match
        for b in self.buttons:
            if b.visible and b.handle(event):
                self._refresh_buttons()
                return True
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_F3:
                self.debug = not self.debug
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.lag_hold is not None:
                self.end_lag_hold()
                return True
            if k == pygame.K_SPACE:
                if m.phase == "flip" and not self.is_ai(m.placer):
                    self.flip_key()
                return True
            if k == pygame.K_k:
                if m.shooter and not self.is_ai(m.shooter) and m.phase in ("place", "shoot"):
                    self.knock()
                return True
            if k == pygame.K_r:
                self.start_replay(0.25 if event.mod & pygame.KMOD_SHIFT else 1.0)
                return True
            if k == pygame.K_t:
                self.start_replay(0.25)
                return True
            if k == pygame.K_g:
                self.toggle_guide()
                return True
            if k == pygame.K_s and self.b_stand.visible:
                self.toggle_standing()
                self._refresh_buttons()
                return True
            if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.b_stand.visible and self.standing:
                self.rotate(-1 if k == pygame.K_LEFT else 1)
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and m.phase == "over":
                self.app.to_menu()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == pygame.BUTTON_LEFT:
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == pygame.BUTTON_LEFT:
            return self._release(event.pos)
        return False

    def end_lag_hold(self) -> None:
        """The players have seen the lag result (M-L2/M-L3): play on."""
        if self.lag_hold is not None:
            self.lag_hold = None
            self.wait = SHOT_DELAY
            self._refresh_buttons()

    def _press(self, pos) -> bool:
        m = self.match
        if self.lag_hold is not None:
            self.end_lag_hold()                          # a click: seen the lag result
            return True
        if m.phase == "over":
            self.app.to_menu()
            return True
        x, y = to_mm(*pos)
        side, kind = self._human_flicker()
        if side is not None:
            hx, hy = self.hand_spot(side)
            if math.hypot(x - hx, y - hy) <= PUCK_RADIUS * 1.6:
                self.tracker = SteadyFlick(side)
                self.tracker.press(self.t, x, y, hx, hy)
                self._flick_kind = kind
                self._drag_wall = [(time.perf_counter(), pos)]
                return True
        if m.phase == "place" and not self.is_ai(m.placer) and not self.busy():
            gx = LEFT_EDGE / 2 if m.placer == "left" else TABLE_LENGTH - LEFT_EDGE / 2
            lo, hi = ZONES[m.placer]
            in_gutter = abs(x - gx) < LEFT_EDGE / 2 and 0 <= y <= TABLE_WIDTH
            in_zone = lo - PUCK_RADIUS <= x <= hi + PUCK_RADIUS and 0 <= y <= TABLE_WIDTH
            if in_gutter or in_zone:
                self.drag_target = (x, y)
                return True
        return False

    def _motion(self, pos) -> bool:
        x, y = to_mm(*pos)
        if self.tracker is not None and self.tracker.active:
            self._drag_wall.append((time.perf_counter(), pos))
            launch = self.tracker.move(self.t, x, y)
            if launch is not None:
                self._flick_done(launch)
            return True
        if self.drag_target is not None:
            self.drag_target = (x, y)
            return True
        return False

    def _release(self, pos) -> bool:
        x, y = to_mm(*pos)
        if self.tracker is not None and self.tracker.active:
            self._drag_wall.append((time.perf_counter(), pos))
            self._flick_done(self.tracker.release(self.t, x, y))
            return True
        if self.drag_target is not None:
            self.drag_target = None
            m = self.match
            if m.phase != "place":
                return True
            why = m.check_target(x, y, standing=self.standing, angle=self.angle)
            if why:
                self.app.toast(refusal_text(why))       # M-R1 / M-R9 refused
                self.app.audio.play("error")
                return True
            m.place_target(x, y, standing=self.standing, angle=self.angle)
            self.app.audio.play("click")
            self.standing = False
            self._after(autosave=True)
            return True
        return False

    def _wall_speed(self) -> float:
        """Pointer speed in mm/s over the last ~60 ms of the drag, by the wall clock
        (a check of the scene clock the flick uses)."""
        pts = getattr(self, "_drag_wall", [])[1:]       # motion samples (not the press)
        if len(pts) < 2:
            return 0.0
        t1, p1 = pts[-1]
        t0, p0 = next(((t, p) for t, p in reversed(pts[:-1]) if t1 - t >= 0.06), pts[0])
        if t1 <= t0:
            return 0.0
        return math.hypot(p1[0] - p0[0], p1[1] - p0[1]) / SCALE / (t1 - t0)

    def _flick_done(self, launch) -> None:
        tracker, self.tracker = self.tracker, None
        kind = self._flick_kind
        if launch.speed < 30:                            # a press without a throw (M-U1)
            self.app.toast(_("Nothing thrown: drag the puck and let go while your hand is still "
                             "moving."), 2.5)
            return
        if os.environ.get("MISSISSIPPI_LOG_FLICK"):
            pts = tracker.raw[1:]
            mean = (math.hypot(pts[-1][1] - pts[0][1], pts[-1][2] - pts[0][2]) / (pts[-1][0] - pts[0][0])
                    if len(pts) > 1 and pts[-1][0] > pts[0][0] else 0.0)
            log.warning("drag: mean pointer speed over the whole motion %.0f mm/s, last 60 ms by the "
                        "wall clock %.0f mm/s, launch %.0f mm/s (%+.0f %% of the mean)", mean,
                        self._wall_speed(), launch.speed, 100 * (launch.speed / mean - 1) if mean else 0)
        m = self.match
        if kind == "counter" and not (m.phase == "flip" and self.flip and self.flip["started"] is None):
            return
        self.launch(launch.x, launch.y, launch.vx, launch.vy, kind)

    # ------------------------------------------------------------------ scene API
    def update(self, dt: float) -> None:
        self.t += dt
        calm = self._calm_key()
        if calm != self._calm_seen:
            self._calm_seen, self._calm_t0 = calm, self.t
        if self.lag_hold is not None:
            self.lag_hold -= dt
            if self.lag_hold <= 0:
                self.end_lag_hold()
        if self.replay is not None:
            self._step_replay(dt)
            return
        if self.sim is not None:
            self._step_sim(dt)
        if self.ai_aim is not None:
            self._step_ai_aim(dt)
        if self.match.phase == "flip" and self.flip is not None:
            self._update_flip(dt)
        self._poll_ai(dt)
        self._refresh_buttons()

    def on_pause(self) -> None:
        if self.tracker is not None:
            self.tracker.cancel()
            self.tracker = None
        self.drag_target = None

    def save_data(self) -> dict | None:
        if self.match.phase == "over":
            return None
        return {"match": self.match.to_dict(),
                "players": [p.to_dict() for p in self.players],
                "options": dict(self.options), "last_shot": self.last_shot, "seed": self.seed}

    # ------------------------------------------------------------------ drawing
    def draw(self, canvas) -> None:
        canvas = as_canvas(canvas)
        if self.match.phase == "over" and not self.debug:
            # the table under the win panel is still: drawn and dimmed once
            key = ("mississippi.over", id(self), self.match.shots, i18n.language(),
                   tuple(b.hover for b in self.buttons if b.visible))

            def still(layer):
                self._draw_scene(layer)
                layer.dim(140)
            canvas.backdrop(key, still)
            self._draw_over_panel(canvas)
            return
        self._draw_scene(canvas)
        if self.match.phase == "over":
            self._draw_over(canvas)

    def _draw_scene(self, canvas) -> None:
        """Everything but the win panel."""
        canvas.fill_around(theme.BG, self.TABLE_BAND)     # the table's layer covers the rest
        self._draw_table(canvas)
        self._draw_pucks(canvas)
        self._draw_hud(canvas)
        if self.match.phase == "flip" and self.flip is not None:
            self._draw_flip(canvas)
        for b in self.buttons:
            if b.visible:
                b.draw(canvas)
        if self.debug:
            self._draw_debug(canvas)

    TABLE_BAND = pygame.Rect(0, Y0 - RAIL - 10, theme.W, TABLE_H + 2 * RAIL + 20)
    """The screen band (design units) the table's layer covers, rails and shadow included."""

    def _draw_table(self, s) -> None:
        layer = s.cached("mississippi.table", self.TABLE_BAND.size, self._render_table)
        s.blit(layer, self.TABLE_BAND.topleft)

    @staticmethod
    def _render_table(bg) -> None:
        """The static table (rails, wood, gutters, zones) on the layer ``bg`` (a canvas
        whose y 0 is screen y ``Y0 - RAIL - 10``), drawn once per scale (M-T)."""
        bg.fill(theme.BG)
        oy = RAIL + 10 - Y0                       # surface y = screen y + oy
        w = round(TABLE_LENGTH * SCALE)
        outer = pygame.Rect(X0 - 10, Y0 - RAIL + oy, w + 20, TABLE_H + 2 * RAIL)
        bg.rect((20, 14, 10), outer.move(4, 6), border_radius=8)
        bg.rect(theme.WOOD_DARK, outer, border_radius=8)
        bg.blit(wood_surface(*bg.device_size((w, TABLE_H))), (X0, Y0 + oy))
        # gutters (M-T3): recessed, darker
        gw = round(LEFT_EDGE * SCALE)
        for gx in (X0, X0 + w - gw):
            bg.rect((58, 40, 24), (gx, Y0 + oy, gw, TABLE_H))
            bg.rect((36, 24, 14), (gx, Y0 + oy, gw, TABLE_H), 3)
        # target zones (M-T4) with their boundary lines (M-T5)
        for side in ("left", "right"):
            lo, hi = ZONES[side]
            zx0, _y = to_px(lo, 0)
            zx1, _y = to_px(hi, 0)
            bg.fill((*COLOURS[side], 28), (zx0, Y0 + oy, zx1 - zx0, TABLE_H))
            for xx in (lo, hi):
                px, _y = to_px(xx, 0)
                bg.line((250, 244, 230), (px, Y0 + oy), (px, Y0 + oy + TABLE_H),
                        max(2, round(6 * SCALE)))
        # rails' inner edges
        bg.line((60, 40, 22), (X0, Y0 + oy), (X0 + w, Y0 + oy), 2)
        bg.line((60, 40, 22), (X0, Y0 + oy + TABLE_H), (X0 + w, Y0 + oy + TABLE_H), 2)

    def hand_count(self, side: str) -> int:
        """Pucks in ``side``'s hand as the players see it: the rules' gutter count minus a
        puck that is sliding right now (the rules take it when the shot ends)."""
        n = self.match.gutter[side]
        if self.sim is not None and self.shot_kind and side == (
                self.match.lag_side if self.shot_kind == "lag" else self.match.shooter):
            n -= 1
        return max(0, n)

    def puck_out_of_gutter(self) -> str | None:
        """The side whose puck in hand is drawn on the table right now (the glowing puck
        ready to flick, the puck held in a drag, the AI's puck being aimed, the target
        being dragged into place), so that puck is not drawn in the gutter too."""
        m = self.match
        if self.tracker is not None and self.tracker.active:
            return self.tracker.side
        if self.drag_target is not None and m.placer:
            return m.placer
        if self.ai_aim is not None:
            return m.lag_side if m.phase == "lag" else m.shooter
        side, _kind = self._human_flicker()
        return side

    def ghosts_visible(self) -> bool:
        """The lag pucks are drawn where they stopped (M-L1/M-L2), although the rules have
        already returned them to the gutters (M-L3)."""
        return bool(self.lag_ghosts) and self.sim is None and (
            self.lag_hold is not None or self.match.phase in ("lag", "choose_role"))

    def gutter_shown(self, side: str) -> int:
        """How many pucks are drawn in ``side``'s gutter: the hand count (M-O2) minus the
        puck of that hand drawn on the table (:meth:`puck_out_of_gutter`)."""
        n = self.hand_count(side)
        if n and self.puck_out_of_gutter() == side:
            n -= 1
        if self.ghosts_visible():
            n -= sum(1 for owner, _x, _y in self.lag_ghosts if owner == side)
        return max(0, n)

    def _gutter_pucks(self, s) -> None:
        """The pucks in each gutter = in each player's hand (M-O2), with the count."""
        for side in ("left", "right"):
            n = self.gutter_shown(side)
            for i in range(n):
                px, py = to_px(*self.gutter_puck_spot(side, i))
                draw_puck(s, px, py, COLOURS[side], r=PR * 0.8)

    def placer_glow_spot(self) -> tuple[float, float]:
        """Where the placer's glowing "drag from here" ring goes (mm, M-R1): on the puck in
        their gutter that a drag takes (the last one drawn), or mid-gutter if none shows."""
        side = self.match.placer
        n = self.gutter_shown(side)
        if n:
            return self.gutter_puck_spot(side, n - 1)
        return (LEFT_EDGE / 2 if side == "left" else TABLE_LENGTH - LEFT_EDGE / 2), TABLE_WIDTH / 2

    @staticmethod
    def gutter_puck_spot(side: str, i: int) -> tuple[float, float]:
        """Where the ``i``-th puck in ``side``'s gutter is drawn (mm): three to a row."""
        gx0 = 0 if side == "left" else RIGHT_EDGE
        col, row = i % 3, i // 3
        return gx0 + 45 + col * 90, 40 + row * 84

    def _draw_pucks(self, s) -> None:
        m = self.match
        self._gutter_pucks(s)
        if self.replay is not None:
            self._draw_world(s, self.replay["sim"], self.replay["owners"])
            s.text(_("REPLAY") + (" ×¼" if self.replay["speed"] < 1 else ""),
                   (640, Y0 - 40), theme.LARGE, theme.ACCENT, anchor="center", bold=True)
            return
        if self.ghosts_visible():
            held = self.lag_hold is not None
            veil = s.layer((int(2 * PR + 4), int(2 * PR + 4)), alpha=True)
            winner = m.chooser if m.last.rule == "M-L2" else None
            for owner, x, y in self.lag_ghosts:
                veil.fill((0, 0, 0, 0))
                veil.circle((*COLOURS[owner], 255 if held else 150), (PR + 2, PR + 2), PR)
                veil.circle((255, 255, 255, 170), (PR + 2, PR + 2), PR, 2)
                px, py = to_px(x, y)
                s.blit(veil, (px - PR - 2, py - PR - 2))
                if held and owner == winner:            # M-L2: who was closer, and by how much
                    edge = RIGHT_EDGE if owner == "left" else LEFT_EDGE
                    ex, _ey = to_px(edge, y)
                    s.circle(theme.GOOD, (px, py), PR + 5, 3)
                    s.line(theme.GOOD, (px, py), (ex, py), 2)
                    label = _("closest: {cm:.0f} cm from the gutter").format(cm=abs(edge - x) / 10)
                    w = theme.font(theme.SMALL, True).size(label)[0] + 16
                    box = pygame.Rect(0, 0, w, 26)
                    box.midbottom = (px, py - PR - 6)
                    box.clamp_ip(pygame.Rect(X0 + 100, 0, 1260 - X0 - 200, 720))
                    if any(box.inflate(2 * PR, 2 * PR).collidepoint(to_px(gx, gy))
                           for _o, gx, gy in self.lag_ghosts if (gx, gy) != (x, y)):
                        box.top = py + PR + 6             # not over the other lag puck
                    s.panel(box, theme.BG2, radius=6, border=theme.GOOD)
                    s.text(label, box.center, theme.SMALL, theme.GOOD, anchor="center", bold=True)
            if held:
                s.text(_("Click or press Enter to go on"), (640, Y0 + TABLE_H + RAIL + 22),
                       theme.SMALL, theme.TEXT, anchor="center")
        if self.sim is not None:
            self._draw_world(s, self.sim, self.shot_owner)
        else:
            for pid, p in m.table.items():
                if self.flip and self.flip.get("started") is not None and pid == m.target:
                    continue
                px, py = to_px(p.x, p.y)
                ring = theme.ACCENT if pid == m.target else None
                draw_puck(s, px, py, COLOURS[p.owner], ring=ring, standing=p.standing, angle=p.angle)
        # the puck in hand, ready to flick
        side, kind = self._human_flicker()
        if self.tracker is not None and self.tracker.active:
            px, py = to_px(*self.tracker.puck)
            if self.aim_guide:
                self._draw_drag_guide(s, *self.tracker.puck)
            draw_puck(s, px, py, COLOURS[self.tracker.side], ring=theme.TEXT)
        elif side is not None:
            hx, hy = self.hand_spot(side)
            px, py = to_px(hx, hy)
            pulse = 3 + 2 * attention(self.t - self._calm_t0, 6)   # breathes, then holds
            s.circle(theme.ACCENT, (px, py), PR + 6 + pulse, 2)
            draw_puck(s, px, py, COLOURS[side])
            if self.aim_guide and m.target in m.table and kind != "lag":
                tp = m.table[m.target]
                self._dashed(s, (px, py), to_px(tp.x, tp.y), theme.ACCENT)
        if self.ai_aim is not None:
            plan = self.ai_aim[0]
            px, py = to_px(plan.x, plan.y)
            side = m.lag_side if m.phase == "lag" else m.shooter
            draw_puck(s, px, py, COLOURS[side], ring=theme.TEXT)
            v = math.hypot(plan.vx, plan.vy) or 1
            self._dashed(s, (px, py), (px + plan.vx / v * 160, py + plan.vy / v * 160), theme.TEXT)
        # the target being dragged into place
        if self.drag_target is not None:
            x, y = self.drag_target
            ok = m.check_target(x, y, standing=self.standing, angle=self.angle) is None
            px, py = to_px(x, y)
            draw_puck(s, px, py, COLOURS[m.placer], ring=theme.GOOD if ok else theme.BAD,
                      standing=self.standing, angle=self.angle)
        elif m.phase == "place" and not self.is_ai(m.placer) and not self.busy():
            px, py = to_px(*self.placer_glow_spot())
            pulse = 3 + 2 * attention(self.t - self._calm_t0, 6)   # breathes, then holds
            s.circle(theme.ACCENT, (px, py), PR + 6 + pulse, 2)

    def drag_prediction(self) -> tuple[float, float, float, float] | None:
        """The aim guide during a drag (M-U1, M-P1): ``(vx, vy, x, y)`` — the launch
        velocity in mm/s if the puck were released now and where a free slide at that
        velocity would stop (mm, clamped to the table); None without a drag or motion."""
        if self.tracker is None or not self.tracker.active:
            return None
        vx, vy = self.tracker.velocity(self.t)
        v = math.hypot(vx, vy)
        if v < 1.0:
            return None
        d = v * v / (2 * DECEL)
        x0, y0 = self.tracker.puck
        x = min(max(x0 + vx / v * d, 0.0), TABLE_LENGTH)
        y = min(max(y0 + vy / v * d, PUCK_RADIUS), TABLE_WIDTH - PUCK_RADIUS)
        return vx, vy, x, y

    def _draw_drag_guide(self, s, x0: float, y0: float) -> None:
        pred = self.drag_prediction()
        a = to_px(x0, y0)
        m = self.match
        if m.target in m.table and self._flick_kind != "lag":
            tp = m.table[m.target]
            self._dashed(s, a, to_px(tp.x, tp.y), theme.MUTED)
        if pred is None:
            self._tag(s, _("drag toward the far end"), (a[0], a[1] - PR - 6), theme.ACCENT)
            return
        vx, vy, x, y = pred
        b = to_px(x, y)
        self._dashed(s, a, b, theme.ACCENT)
        s.circle(theme.ACCENT, b, PR, 2)        # where a free slide stops
        speed = math.hypot(vx, vy) / 1000
        self._tag(s, _("{v:.1f} m/s").format(v=speed), (a[0], a[1] - PR - 6), theme.ACCENT)

    @staticmethod
    def _tag(s, label: str, midbottom, colour) -> None:
        """A short label on a dark tag (readable over wood and gutter pucks), kept on screen."""
        w = theme.font(theme.SMALL, True).size(label)[0] + 14
        box = pygame.Rect(0, 0, w, 24)
        box.midbottom = midbottom
        box.clamp_ip(pygame.Rect(4, 0, 1272, 720))
        s.panel(box, theme.BG2, radius=6, border=colour)
        s.text(label, box.center, theme.SMALL, colour, anchor="center", bold=True)

    def _dashed(self, s, a, b, colour) -> None:
        ax, ay = a
        bx, by = b
        n = max(2, int(math.hypot(bx - ax, by - ay) / 12))
        for i in range(0, n, 2):
            p0 = (ax + (bx - ax) * i / n, ay + (by - ay) * i / n)
            p1 = (ax + (bx - ax) * (i + 1) / n, ay + (by - ay) * (i + 1) / n)
            s.line(colour, p0, p1, 2)

    def _draw_world(self, s, sim: TableSim, owners: dict) -> None:
        m = self.match
        for wid, st in sim.world.pucks().items():
            if st.state == "off_table":
                continue
            rid = sim.rid_by_wid.get(wid)
            owner = owners.get(rid, m.shooter or "left")
            px, py = to_px(st.x, st.y)
            ring = theme.ACCENT if rid == m.target and self.replay is None else None
            draw_puck(s, px, py, COLOURS[owner], ring=ring, standing=st.standing, angle=st.angle)

    def _player_panel(self, s, side: str, rect: pygame.Rect) -> None:
        m = self.match
        active = m.to_act == side and m.phase not in ("over",)
        border = COLOURS[side] if active else theme.LINE
        s.panel(rect, theme.PANEL, border=border)
        if active:
            s.rect(COLOURS[side], rect, 4, border_radius=14)
        draw_puck(s, rect.left + 30, rect.top + 30, COLOURS[side], r=16)
        # the hand count (M-O2) in its own column on the right: never under the name
        count_w = 96
        col = pygame.Rect(rect.right - count_w - 8, rect.top + 6, count_w, rect.h - 12)
        s.text(str(self.hand_count(side)), (col.centerx, col.top), theme.TITLE,
               COLOURS[side], anchor="midtop", bold=True)
        s.text(_("in hand"), (col.centerx, col.top + 58), theme.SMALL, theme.MUTED,
               anchor="midtop")
        text_w = col.left - (rect.left + 56) - 8
        y = rect.top + 10
        for line in self.panel_name_lines(side, text_w):
            s.text(line, (rect.left + 56, y), 20, bold=True)
            y += 22
        sub = []
        if self.is_ai(side):
            sub.append(_("AI {level}").format(level=ai_level_name(self.level(side))))
        if len(m.teams[side]) > 1:
            sub.append(_("team: {names}").format(names=", ".join(m.teams[side])))
        if sub:
            s.text(_fit(" · ".join(sub), 16, text_w), (rect.left + 56, y + 2), 16, theme.MUTED)
        role = None
        if m.shooter == side:
            role = _("SHOOTER")
        elif m.placer == side:
            role = _("PLACER")
        if role:
            badge = pygame.Rect(rect.left + 12, rect.bottom - 40,
                                max(110, theme.font(20, True).size(role)[0] + 24), 30)
            s.panel(badge, theme.ACCENT if m.shooter == side else theme.PANEL_HI, radius=8)
            s.text(_fit(role, 20, badge.w - 10, True), badge.center, 20,
                   theme.BG if m.shooter == side else theme.TEXT, anchor="center", bold=True)
        if m.shooter == side and m.knock_required and m.phase in ("place", "shoot") \
                and (m.knocked or self.hints() or self.is_ai(side)):     # M-R8: no reminder
            txt = _("knocked ✓") if m.knocked else _("last puck")
            left = rect.left + 12 + max(110, theme.font(20, True).size(_("SHOOTER"))[0] + 24) + 8
            pill = pygame.Rect(left, rect.bottom - 38, rect.right - 12 - left, 26)
            s.panel(pill, theme.BG2, radius=8, border=theme.GOOD if m.knocked else theme.ACCENT)
            s.text(_fit(txt, 16, pill.w - 8, True), pill.center, 16,
                   theme.GOOD if m.knocked else theme.ACCENT, anchor="center", bold=True)

    def panel_name_lines(self, side: str, width: int) -> list[str]:
        """The player's name in the panel, wrapped on at most two lines of ``width`` px at
        20 px bold (cut with an ellipsis only past that)."""
        name = self._who(side, short=True)        # a computer's level is written under it
        lines = list(theme.wrap(name, 20, width, True))
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return [_fit(line, 20, width, True) for line in lines]

    def headline(self) -> str:
        """The heading over the table: whose turn, in the game's words."""
        m = self.match
        side = m.to_act
        if m.phase == "lag":
            return _("Lag: {who} slides a puck").format(who=self._who(side, short=True))
        if m.phase == "choose_role":
            return _("{who} chooses a role").format(who=self._who(side, short=True))
        if m.phase == "place":
            return _("{who} places the target").format(who=self._who(side, short=True))
        if m.phase == "shoot":
            return _("{who} shoots").format(who=self._who(m.shooter, short=True))
        if m.phase == "flip":
            return _("Flip!")
        if m.phase == "over":
            return _("{who} wins!").format(who=self._who(m.winner, short=True))
        return ""

    def last_puck_banner(self) -> str | None:
        """M-R10 made unmistakable: the text of the banner shown while the shooter is down
        to the last puck, else None. M-R8 gives no reminder to knock by default: a human
        shooter who has not knocked sees the banner only with the beginner hints on."""
        m = self.match
        if m.phase not in ("place", "shoot") or not m.knock_required or self.lag_hold is not None:
            return None
        who = self._who(m.shooter, short=True)
        if self.is_ai(m.shooter):
            return _("{who}'s last puck: if it drops both pucks, {who} wins").format(who=who)
        if not m.knocked:
            if not self.hints():
                return None
            return _("Last puck: knock (K), then drop both pucks to win")
        return _("Last puck: drop both the target and your puck into the gutter to win")

    def _draw_progress(self, s) -> None:
        """Pucks left in each hand (M-O1, M-E1) as one 16-slot strip: a side wins by
        emptying its hand."""
        m = self.match
        bar = pygame.Rect(440, 188, 400, 12)
        n_left, n_right = self.hand_count("left"), self.hand_count("right")
        slot = bar.w / 16
        for i in range(16):
            r = pygame.Rect(bar.x + i * slot + 1, bar.y, slot - 2, bar.h)
            if i < n_left:
                colour = COLOURS["left"]
            elif i >= 16 - n_right:
                colour = COLOURS["right"]
            else:
                colour = theme.PANEL
            s.rect(colour, r, border_radius=3)
        s.text(str(n_left), (bar.left - 8, bar.centery), 18, COLOURS["left"], anchor="midright",
               bold=True)
        s.text(str(n_right), (bar.right + 8, bar.centery), 18, COLOURS["right"],
               anchor="midleft", bold=True)
        s.text(_("pucks in hand — empty yours to win"), (bar.centerx, bar.top - 2), 14,
               theme.MUTED, anchor="midbottom")

    def _draw_hud(self, s) -> None:
        m = self.match
        self._player_panel(s, "left", pygame.Rect(20, 16, 360, 124))
        self._player_panel(s, "right", pygame.Rect(900, 16, 360, 124))
        # whose turn, in the middle, unmistakable
        side = m.to_act
        head = self.headline()
        colour = COLOURS.get(side, theme.ACCENT) if m.phase not in ("flip", "over") else theme.ACCENT
        size = next((z for z in (30, 26, 22) if theme.font(z, True).size(head)[0] <= 500), 22)
        s.text(_fit(head, size, 500, bold=True), (640, 36), size, colour, anchor="center",
               bold=True)
        sub = self._instruction()
        if sub:
            lines = theme.wrap(sub, theme.SMALL, 500)
            for i, line in enumerate(lines[:3]):
                s.text(line, (640, 64 + 22 * i), theme.SMALL, theme.MUTED, anchor="center")
        if self.future is not None or (self.flip and self.flip.get("counter_future") and
                                       not self.flip["counter_future"].done()):
            dots = "." * (1 + int(self.t * 3) % 3)
            s.text(_("thinking") + dots, (640, 138), theme.SMALL, theme.ACCENT, anchor="center")
        if m.phase != "flip":
            self._draw_progress(s)
        banner = self.last_puck_banner()
        if banner:
            f = 22 if theme.font(22, True).size(banner)[0] <= 1100 else 18
            w = theme.font(f, True).size(banner)[0] + 40
            r = pygame.Rect(0, 0, min(1240, w), 34)
            r.center = (640, 224)
            pulse = (m.knocked or int(self.t * 2) % 2 == 0
                     or not attending(self.t - self._calm_t0, 2 * math.pi))   # blinks, then stays
            s.panel(r, theme.BAD if not m.knocked else theme.GOOD, radius=10,
                    border=theme.TEXT if pulse else None)
            s.text(_fit(banner, f, r.w - 20, True), r.center, f,
                   theme.text_on(theme.BAD if not m.knocked else theme.GOOD), anchor="center", bold=True)
        # arrows: who shoots which way
        if m.shooter and self.lag_hold is None:
            d = 1 if m.shooter == "left" else -1
            y = Y0 + TABLE_H + RAIL + 20
            x0 = 640 - 120 * d
            s.line(COLOURS[m.shooter], (x0, y), (x0 + 240 * d, y), 4)
            s.polygon(COLOURS[m.shooter], [(x0 + 240 * d, y - 9), (x0 + 258 * d, y), (x0 + 240 * d, y + 9)])
        # the last rules decision, explained; its rule id in a small tag of its own
        box = pygame.Rect(20, 500, 1240, 120)
        s.panel(box, theme.BG2, border=theme.LINE)
        tag = self.rule_tag_rect(m.last.rule)
        s.panel(tag, theme.PANEL_HI, radius=6)
        s.text(m.last.rule, tag.center, 14, theme.ACCENT, anchor="center", bold=True)
        if m.shots:  # two hits in a row read the same: the count shows a new shot came
            s.text(self.shot_label(), (tag.x, tag.bottom + 8), 14, theme.MUTED)
        s.paragraph(self.banner, self.explanation_rect(m.last.rule), theme.BODY)

    @staticmethod
    def rule_tag_rect(rule: str) -> pygame.Rect:
        """The small tag (px) holding the rule id in the explanation box."""
        w = theme.font(14, True).size(rule)[0] + 14
        return pygame.Rect(32, 512, w, 22)

    def shot_label(self) -> str:
        """The number of the last shot, shown under the rule tag."""
        return _("shot {n}").format(n=self.match.shots)

    def explanation_rect(self, rule: str) -> pygame.Rect:
        """Where the explanation text goes (px): right of the rule tag and the shot
        number under it, with a gap."""
        tag = self.rule_tag_rect(rule)
        left = max(tag.right, tag.x + theme.font(14).size(self.shot_label())[0]) + 14
        return pygame.Rect(left, 510, 1244 - left, 104)

    def _who(self, side, short: bool = False) -> str:
        """The name of ``side``'s player (M-E2: the member who plays next). ``short`` drops
        a trailing "(…)" from a computer player's name (its level is in its panel)."""
        if side is None:
            return ""
        if len(self.match.teams[side]) > 1:
            return self.match.name(side)
        seat = self.players[0 if side == "left" else 1]
        return seat.short_name() if short else seat.name

    def _instruction(self) -> str:
        m = self.match
        side = m.to_act
        if self.is_ai(side) and m.phase != "flip":
            return ""
        if m.phase == "lag":
            return _("Drag the glowing puck and release it toward the far end: stop it as close as you can to the far gutter.")
        if m.phase == "choose_role":
            return _("Your lag puck won. Shooter shoots at targets; placer places them.")
        if m.phase == "place":
            extra = ""
            if m.standing_allowed:
                extra = " " + _("Last puck: you may stand the target on its edge (S, ←/→ to turn).")
            return _("Drag a puck from your gutter into your target zone.") + extra
        if m.phase == "shoot":
            if m.knock_required and not m.knocked:
                return _("Flick the puck at the target (press, drag, release).")
            return _("Flick the puck at the target: press it, drag fast toward the far end, release.")
        if m.phase == "flip":
            return _("Placer: Space to flip, Space again to catch. Shooter: flick a counter shot now!")
        return ""

    def _draw_flip(self, s) -> None:
        m, f = self.match, self.flip
        tp = m.table.get(m.target)
        bar = pygame.Rect(440, 170, 400, 14)
        if f["started"] is None:
            frac = max(0.0, 1 - f["t"] / f["window"])
            s.rect(theme.PANEL, bar, border_radius=7)
            s.rect(theme.BAD, (bar.x, bar.y, bar.w * frac, bar.h), border_radius=7)
            s.text(_("Time to flip"), (bar.centerx, bar.y - 4), theme.SMALL, theme.TEXT,
                   anchor="midbottom")
            if tp is not None and int(self.t * 4) % 2 == 0:
                px, py = to_px(tp.x, tp.y)
                s.circle(theme.BAD, (px, py), PR + 8, 3)
            return
        # the puck in the air, spinning; a gauge with the catch band
        el = f["t"] - f["started"]
        x = tp.x if tp else (RIGHT_EDGE if m.placer == "right" else LEFT_EDGE)
        y = tp.y if tp else TABLE_WIDTH / 2
        px, py = to_px(x, y)
        hmm = self.toss.height(el)
        h = hmm * SCALE * 0.9
        squash = max(0.18, abs(math.cos(self.toss.angle(el))))
        grow = 1.0 + hmm / 220.0                      # nearer the eye as it rises
        owner = tp.owner if tp else m.shooter
        shadow = pygame.Rect(0, 0, 2 * PR * 1.2, PR * 0.7)
        shadow.center = (px, py)
        s.ellipse((30, 20, 12), shadow)
        rect = pygame.Rect(0, 0, 2 * PR * grow, max(6, 2 * PR * grow * squash))
        rect.center = (px, py - h)
        s.ellipse(tuple(c // 2 for c in COLOURS[owner]), rect.inflate(4, 4))
        s.ellipse(COLOURS[owner], rect)
        s.ellipse(theme.TEXT, rect, 2)
        gauge = pygame.Rect(640 - 12, 160, 24, 80)
        s.rect(theme.PANEL, gauge)
        band = self.toss.window / self.toss.airtime
        s.rect(theme.GOOD, (gauge.x, gauge.bottom - gauge.h * band, gauge.w, gauge.h * band))
        level = gauge.bottom - gauge.h * min(1.0, el / self.toss.airtime)
        s.line(theme.TEXT, (gauge.x - 6, level), (gauge.right + 6, level), 3)
        s.text(_("CATCH in the green!"), (gauge.right + 14, gauge.y), theme.SMALL, theme.GOOD)

    def _draw_over(self, s) -> None:
        s.dim(140)
        self._draw_over_panel(s)

    def _draw_over_panel(self, s) -> None:
        """The winner's panel (M-E1)."""
        m = self.match
        box = pygame.Rect(340, 200, 600, 280)
        s.panel(box, theme.PANEL, border=COLOURS[m.winner])
        s.text(_("{who} wins!").format(who=self._who(m.winner)), (640, 250), theme.TITLE,
               COLOURS[m.winner], anchor="center", bold=True)
        s.text(_("All 16 pucks are at the other end."), (640, 310), theme.BODY, anchor="center")
        s.text(self.match_summary(), (640, 350), theme.BODY, theme.MUTED, anchor="center")
        s.text(_("Click or press Enter to return to the menu."), (640, 420), theme.SMALL,
               theme.MUTED, anchor="center")

    def match_summary(self) -> str:
        """The win screen's count of shots and role swaps (singular and plural right)."""
        m = self.match
        return "{shots}, {swaps}".format(
            shots=ngettext("{n} shot", "{n} shots", m.shots).format(n=m.shots),
            swaps=ngettext("{n} role swap", "{n} role swaps", m.role_swaps).format(n=m.role_swaps))

    def _draw_debug(self, s) -> None:
        sim = self.sim or (self.replay or {}).get("sim")
        lines = [f"phase {self.match.phase}  shots {self.match.shots}  t {self.t:.2f}s"]
        if self.last_launch:
            ll = self.last_launch
            lines.append(f"last launch ({ll['x']:.0f},{ll['y']:.0f}) mm  v=({ll['vx']:.0f},{ll['vy']:.0f}) "
                         f"|v|={ll['speed']:.0f} mm/s")
        if sim is not None:
            w = sim.world
            info = w.debug_info()
            lines.append(f"shot {info['shot_time']:.2f}s substeps {info['substeps']} rest {info['at_rest']} "
                         f"parked {info['parked']} falling {info['falling']}")
            for st in w.pucks().values():
                if st.state == "off_table":
                    continue
                px, py = to_px(st.x, st.y)
                s.line((255, 60, 60), (px, py), (px + st.vx * SCALE * 0.2, py + st.vy * SCALE * 0.2), 2)
                s.text(f"{st.id}:{math.hypot(st.vx, st.vy):.0f}", (px + 8, py - 26), 14, theme.TEXT)
            for c in w.contacts():
                px, py = to_px(c.x, c.y)
                s.circle((255, 255, 0), (px, py), 4)
        for i, line in enumerate(lines):
            s.text(line, (24, 150 + 16 * i), 14, (255, 255, 120))


def make_scene(app, config) -> MississippiScene:
    """The descriptor's ``make_scene``. Raises ``ValueError`` for a save it cannot restore."""
    try:
        return MississippiScene(app, config)
    except IllegalAction as exc:
        raise ValueError(str(exc)) from exc
