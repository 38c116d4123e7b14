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

import pygame

from ludotheque import i18n, theme
from ludotheque.scene import Scene, attending
from ludotheque.widgets import Button

from mississippi import ai, hud
from mississippi.hud import fit as _fit
from mississippi import paint, sounds, view as mview
from mississippi.paint import SCALE
from mississippi.pointer import SteadyFlick
from mississippi.rules import (IllegalAction, LEFT_EDGE, Match, PuckOutcome, PUCK_RADIUS,
                               Report, RIGHT_EDGE, TABLE_LENGTH, TABLE_WIDTH, ZONES, TablePuck)
from mississippi.sim import DECEL, FlipToss, TableSim
from mississippi.texts import outcome_text, refusal_text

log = logging.getLogger(__name__)
_ = i18n.domain("mississippi")
ngettext = i18n.ndomain("mississippi")

SHOT_DELAY = 1.1                       # s an outcome stays readable before the AI acts
LAG_HOLD = 4.0                         # s the lag result stays on the table (or until a click)
FLIP_WINDOW = 3.0                      # s, M-F4 default


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
        self.view = mview.make_view(self.options)   # table mm <-> design units, camera
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
        self.view.settle(paint.snapshot_of(self))      # the camera starts where play is

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
                or self.tracking_pointer or self.is_ai(m.to_act) or not self.view.settled:
            return True                                   # (the camera still pans)
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
        events = world.events_since(self.event_idx)
        sounds.play_events(self.app.audio, events)      # impacts by speed, drops (paint's helper)
        if any(ev.kind == "topple" for ev in events):
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
        x, y = self.view.to_table(*pos)
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
        x, y = self.view.to_table(*pos)
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
        x, y = self.view.to_table(*pos)
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
        """Draw the match on ``canvas`` (:func:`mississippi.hud.draw`)."""
        hud.draw(canvas, self)

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

    def shot_label(self) -> str:
        """The number of the last shot, shown under the rule tag."""
        return _("shot {n}").format(n=self.match.shots)

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

    def match_summary(self) -> str:
        """The win screen's count of shots and role swaps (singular and plural right)."""
        m = self.match
        return "{shots}, {swaps}".format(
            shots=ngettext("{n} shot", "{n} shots", m.shots).format(n=m.shots),
            swaps=ngettext("{n} role swap", "{n} role swaps", m.role_swaps).format(n=m.role_swaps))


def make_scene(app, config) -> MississippiScene:
    """The descriptor's ``make_scene``. Raises ``ValueError`` for a save it cannot restore."""
    try:
        return MississippiScene(app, config)
    except IllegalAction as exc:
        raise ValueError(str(exc)) from exc
