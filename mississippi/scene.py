"""The Mississippi match scene: input and the fixed step mapped onto the controller's state
machines, the rules' decisions committed through the shell's game session, drawing by
:mod:`mississippi.hud` (panels, texts, buttons) and :mod:`mississippi.paint` (the table).

Everything the scene decides goes through :class:`mississippi.rules.Match` as
:class:`~mississippi.rules.Action` texts committed to the session's turn log (issue 14:
autosave after every turn, resume by replaying the log, the save deleted when the match
is over); the physics runs in a :class:`mississippi.sim.TableSim` stepped on the shell's
fixed step; the computer thinks through the session's AI task, with a beginner's quick
choice as the fallback when the worker process dies (issue 15 §6).
"""

from __future__ import annotations

import dataclasses
import logging
import math
import time

import pygame

from ludotheque import i18n
from ludotheque.scene import Scene, attending
from ludotheque.session import GameSession, hinted_turns

from mississippi import ai, hud
from mississippi.controller import (AIAim, Aim, Flight, FlipDuel, LagHold, Placing, Replay,
                                    ShotRecord, grabs_target, lag_fates, shot_fates, thrown)
from mississippi import sounds, view as mview
from mississippi.shown import Shown
from mississippi.rules import FLIP_WINDOW_S, Action, IllegalAction, Match, team_names
from mississippi.sim import TableSim
from mississippi.table import LAUNCH_CAP
from mississippi import texts

log = logging.getLogger(__name__)
_ = i18n.domain("mississippi")
ngettext = i18n.ndomain("mississippi")

SHOT_DELAY = 1.1        # s an outcome stays readable before the computer acts
KNOCK_GRACE = 2.0       # s more a person has to knock before the computer places (M-R8)
HINT_LEVEL = "expert"   # the hint shows the Expert's shot (issue 17 §2)

# the computer's decisions by phase (module level: a test may swap one for a slow one);
# the fallbacks are the same functions at the beginner level, on the main thread
AI_PLANS = {"lag": ai.plan_lag, "choose_role": ai.choose_role, "place": ai.plan_target,
            "shoot": ai.plan_shot, "counter": ai.plan_counter}
FALLBACK_PLANS = dict(AI_PLANS)


def _resume_of(config):
    """An old save (``{"match": …}`` without a turn log) as a log that starts at that match."""
    r = config.resume
    if isinstance(r, dict) and "start" not in r and isinstance(r.get("match"), dict):
        r = {**r, "start": Match.from_dict(r["match"]).to_text(), "turns": []}
        return dataclasses.replace(config, resume=r)
    return config


class MississippiScene(Shown, Scene):
    """One match at one computer: two people (hot seat), one against the computer, or a demo."""

    realtime = True
    opaque = True
    game_id = "mississippi"

    def __init__(self, app, config):
        super().__init__(app)
        config = _resume_of(config)
        self.config = config
        resume = config.resume if isinstance(config.resume, dict) else {}
        self.options = dict(config.options or {})
        if isinstance(resume.get("options"), dict):
            self.options.update(resume["options"])
        self.players = tuple(config.players)
        self.session = GameSession(app, config, game_id=self.game_id, sides=("left", "right"),
                                   side_names=(lambda: _("Blue"), lambda: _("Orange")),
                                   extra=self._extra)
        try:
            size = max(1, min(3, int(self.options.get("team", 1))))
        except (TypeError, ValueError):
            size = 1
        self.log = self.session.open_log(Match.from_text, lambda: Match.new(
            left=team_names(self._base_name(0), size), right=team_names(self._base_name(1), size)))
        self.last_shot = ShotRecord.from_dict(resume.get("last_shot"))
        self.hinted = hinted_turns(resume, len(self.log))   # turns played after a hint (decision 13)
        self.t = 0.0
        self.view = mview.make_view(self.options)   # table mm <-> design units, the camera
        self.aim: Aim | None = None              # the puck in hand, dragged (M-U1)
        self.placing: Placing | None = None      # the target dragged into place (M-R1)
        self.standing, self.angle = False, math.pi / 2
        self.flight: Flight | None = None        # a shot sliding
        self.replay: Replay | None = None
        self.duel: FlipDuel | None = None        # the flip race (M-F)
        self.ai_aim: AIAim | None = None         # the computer's staged shot
        self.hold: LagHold | None = None         # the lag result on show (M-L2/M-L3)
        self.lag_fates: tuple = ()               # where this lag round's pucks went
        self.hint = None                         # (ShotPlan, turn) the Expert would play
        self.note, self.note_rule = None, None   # a notice of the scene's own, its rule id
        self.last_launch: dict | None = None
        self._offset = self._seen = None         # stamp − scene clock at the draw; last stamp (s)
        self._knock_moment = None
        self.debug = False
        self.aim_guide = bool(self.options.get("aim_guide", False))
        self.buttons = hud.make_buttons(self)
        self.end = hud.end_panel(self)           # rematch / menu (M-E1)
        self._calm_seen, self._calm_t0 = None, 0.0
        if self.match.phase == "flip":
            self._open_duel()
        hud.refresh_buttons(self)
        self.view.settle(self.snapshot())            # the camera starts where play is

    # ------------------------------------------------------------------ state
    @property
    def match(self) -> Match:
        """The match now (the turn log's state; read it, change it with :meth:`play`)."""
        return self.log.state

    def _base_name(self, i: int) -> str:
        """The name the team members of seat ``i`` are made from (M-E2): what was typed,
        or for an unnamed person the side's name in the language of the moment ("Blue 1",
        "Blue 2"; one member is shown by :meth:`Shown.who` at display time, not from the
        match); a computer seat's display name."""
        p = self.players[i]
        if p.kind == "human":
            return self.session.name(("left", "right")[i])
        return p.name

    def _extra(self) -> dict:
        return {"options": dict(self.options), "hinted": sorted(self.hinted),
                "last_shot": self.last_shot.to_dict() if self.last_shot else None}

    def save_data(self) -> dict | None:
        """What the shell autosaves now (the session's: seats, seed, turn log, extras)."""
        return self.session.save_data()

    def exit(self) -> None:
        self.session.close()

    @property
    def tracking_pointer(self) -> bool:
        """True while a flick is being dragged (the shell stamps the samples closely)."""
        return self.aim is not None

    def _calm_key(self) -> tuple:
        m = self.match
        return (m.phase, m.shots, m.role_swaps, m.knocked, m.to_act, self.hold is None, len(m.table))

    @property
    def animating(self) -> bool:
        """True while anything moves or runs on its own (a shot, a replay, the computer's
        turn, the flip race, the lag result, a drag, the first seconds of a call to play)."""
        m = self.match
        if m.phase == "over":
            return False
        if self.busy(waiting=False) or self.session.thinking or self.session.timeline.busy \
                or m.phase == "flip" or self.debug or self.aim is not None or self.is_ai(m.to_act):
            return True
        if m.phase == "place" and self.is_ai(m.shooter) and m.knock_required and not m.knocked:
            return True
        if self._calm_key() != self._calm_seen or attending(self.t - self._calm_t0, 6):
            return True
        # the camera is still to settle on what the person to act needs (after a replay,
        # a phase change, a look on the overview): asked of the snapshot of now, not of
        # what the camera was last told, so the shell keeps stepping and drawing until it has
        return not self.view.at_rest(self.snapshot())

    # ------------------------------------------------------------------ the rules
    def play(self, action: Action) -> bool:
        """Commit ``action`` through the session (rules, turn log, autosave — or the end
        and the save deleted). A refusal is told by its code; returns False then."""
        n = len(self.log)
        try:
            self.session.commit(action.to_text())
        except IllegalAction as exc:
            self.app.toast(texts.refusal_text(exc.code))
            self.app.audio.play("error", 0.5)
            return False
        if self.hint is not None and self.hint[1] == n and action.kind in ("lag_shot", "shot"):
            self.hinted.add(n)                        # decision 13: a turn played after a hint
            self.session.autosave()
        self.hint, self.note = None, None
        self._after()
        return True

    def _after(self) -> None:
        """A rules transition happened: sound it, pause before the computer, open or close
        the flip race."""
        m = self.match
        if m.phase == "over":
            self.app.audio.play("win")
        if m.last.facts.get("swapped"):
            self.app.audio.play("score", 0.6)
        tl = self.session.timeline
        tl.clear()
        grace = m.phase == "place" and m.knock_required and not m.knocked and not self.is_ai(m.shooter) \
            and self.is_ai(m.placer)
        tl.then(SHOT_DELAY + (KNOCK_GRACE if grace else 0.0), kind="pause")
        if m.phase == "flip" and self.duel is None:
            self._open_duel()
        if m.phase != "flip":
            self.duel = None
        hud.refresh_buttons(self)

    def knock(self) -> None:
        """M-R8: the shooter knocks (button or K); before the last puck it means nothing."""
        m = self.match
        if m.phase in ("place", "shoot") and not m.knock_required:
            self.app.audio.play("knock")
            self.note, self.note_rule = texts.early_knock(), "M-R8"   # in the box, not a toast
            return
        if self.play(Action("knock")):
            self.app.audio.play("knock")

    def choose(self, role: str) -> None:
        """M-L2: the lag winner picks a role."""
        if self.play(Action("choose_role", role=role)):
            self.app.audio.play("click")

    def toggle_guide(self) -> None:
        self.aim_guide = not self.aim_guide
        self.options["aim_guide"] = self.aim_guide

    def toggle_standing(self) -> None:
        if self.match.standing_allowed:
            self.standing = not self.standing

    def rotate(self, d: int) -> None:
        self.angle = (self.angle + d * math.pi / 12) % math.pi

    # ------------------------------------------------------------------ shots
    def launch(self, x: float, y: float, vx: float, vy: float, kind: str) -> None:
        """Throw the puck from (x, y) mm at (vx, vy) mm/s: ``kind`` ``"lag"``, ``"shot"``
        or ``"counter"``. A last puck shot without a knock is decided at once (M-R8)."""
        m = self.match
        if kind == "shot" and m.must_knock_first:
            self.play(Action("unknocked_shot"))
            self.app.audio.play("error")
            return
        side = m.lag_side if kind == "lag" else m.shooter
        table = dict(m.table)
        if kind == "counter" and self.duel is not None and self.duel.started:
            table.pop(m.target, None)
        sim = TableSim(table, seed=self.session.seed + m.shots)
        spot = sim.add_shot_clear(m.next_puck_id, x, y, vx, vy)
        if spot is None:
            self.app.toast(texts.refusal_text("no-room"))
            return
        if self.launch_moved(y, spot[1]):   # M-U1: let go on a resting puck, moved beside it
            self.note, self.note_rule = texts.moved_launch_text(), "M-U1"
        record = ShotRecord(table, m.next_puck_id, side, spot[0], spot[1], vx, vy)
        self.flight = Flight(kind, record, sim)
        if kind != "counter":
            self.last_shot = record
        speed = math.hypot(vx, vy)
        self.last_launch = {"x": spot[0], "y": spot[1], "vx": vx, "vy": vy, "speed": speed}
        self.app.audio.play("slide", min(1.0, 0.3 + speed / LAUNCH_CAP))
        hud.refresh_buttons(self)

    def _sounds(self, world, seen: int) -> int:
        events = world.events_since(seen)
        sounds.play_events(self.app.audio, events)      # impacts by speed, gutter drops
        if any(ev.kind == "topple" for ev in events):
            self.app.audio.play("knock", 0.5)
        return world.event_count

    def _step_flight(self, dt: float) -> None:
        f, m = self.flight, self.match
        f.sim.world.step(dt)
        f.events = self._sounds(f.sim.world, f.events)
        if f.kind == "counter" and self.duel is not None and not self.duel.started:
            wid = f.sim.wid_by_rid.get(m.target)
            if wid is not None and f.sim.world.puck(wid).state not in ("table", "overhang"):
                self.duel.race.target_fell()             # M-F3: the target fell first
        if not f.done():
            return
        report = f.sim.state()
        self.flight = None
        if f.kind == "lag":
            by = m.lag_side
            # the first slide's pucks that left the table top are in no later world (M-L1)
            self.lag_fates = tuple(g for g in self.lag_fates if g[1] not in ("table", "overhang")) \
                + lag_fates(report, f.owners())
            mine = report.pucks[f.record.rid]
            self.play(Action("lag_shot", report=report))
            if mine.state not in ("table", "overhang"):   # M-L1: a fallen lag puck is told
                self.note, self.note_rule = texts.lag_fell_text(self.who(by, short=True), mine.state), "M-L2"
            if by == "right":
                self.hold = LagHold(self.lag_fates, self.lag_hold_s())
        elif f.kind == "shot":
            self.play(Action("shot", report=report))
        elif f.kind == "counter" and m.phase == "flip":
            self.play(Action("counter_shot", report=report))
        hud.refresh_buttons(self)

    def start_replay(self, speed: float) -> None:
        """Replay the last shot from its record (R: normal, T: slow motion)."""
        rec = self.last_shot
        if rec is None or self.busy() or self.match.phase == "flip":
            return
        self.replay = Replay(rec, speed, _replay_sim(rec), shot_fates(rec, _replay_sim))
        hud.refresh_buttons(self)

    # ------------------------------------------------------------------ the flip race (M-F)
    def _open_duel(self) -> None:
        m = self.match
        rng = self.session.rng(len(self.log) * 8 + 5)
        plans = {}
        if self.is_ai(m.placer):
            lv = self.level(m.placer)
            plans.update(ai_flip=ai.flip_delay(lv, rng), ai_catch=ai.catch_delay(lv, rng))
        if self.is_ai(m.shooter):
            lv = self.level(m.shooter)
            plans["ai_counter"] = ai.counter_delay(lv, rng)
            copy, r2 = Match.from_dict(m.to_dict()), self.session.rng(len(self.log) * 8 + 6)
            self.session.think(AI_PLANS["counter"], copy, lv, r2, key=("counter", len(self.log)),
                               fallback=lambda: None)
        self.duel = FlipDuel.open(self.options.get("flip_window", FLIP_WINDOW_S), **plans)
        self.app.audio.play("click")

    def flip_key(self) -> None:
        """Space for the placer: start the flip, then catch it (M-F1, M-F2)."""
        if self.match.phase != "flip" or self.duel is None:
            return
        if not self.duel.started:
            self._start_flip()
        else:
            self._catch(self.duel.catch_now())

    def _start_flip(self) -> None:
        if not self.duel.race.start_flip():              # M-F3: the target already fell
            return
        target = self.match.target
        self.play(Action("flip_start"))
        if self.flight is not None and target in self.flight.sim.wid_by_rid:
            self.flight.sim.remove(target)               # the target is in the air
        self.app.audio.play("slide", 0.6)

    def _catch(self, caught: bool) -> None:
        if self.flight is not None and self.flight.kind == "counter":
            self.flight = None                           # M-F3: the counter puck returns
        if self.play(Action("flip_caught" if caught else "flip_dropped")):
            self.app.audio.play("click" if caught else "drop")

    def _step_duel(self, dt: float) -> None:
        d = self.duel
        ev = d.tick(dt, counter_moving=self.flight is not None and self.flight.kind == "counter")
        if ev == "flip":
            self._start_flip()
        elif ev == "counter":
            p = d.counter_plan
            self.launch(p.x, p.y, p.vx, p.vy, "counter")
        elif ev == "expired" and self.flight is None:
            self.play(Action("flip_window_expired"))     # M-F4
        elif ev in ("catch", "landed"):
            self._catch(ev == "catch" and d.catch_now())

    # ------------------------------------------------------------------ the computer
    def _think(self, kind: str, side: str) -> None:
        m, n, lv = self.match, len(self.log), self.level(side)
        copy, fb_copy = Match.from_dict(m.to_dict()), Match.from_dict(m.to_dict())
        if kind == "choose_role":
            args, fb = (copy, lv), lambda: FALLBACK_PLANS[kind](fb_copy, "beginner")
        else:
            args = (copy, lv, self.session.rng(n))
            fb = lambda: FALLBACK_PLANS[kind](fb_copy, "beginner", self.session.rng(n))  # noqa: E731
        self.session.think(AI_PLANS[kind], *args, fallback=fb, key=(kind, n))

    def _maybe_think(self) -> None:
        m = self.match
        if self.busy() or m.phase in ("flip", "over") or self.session.thinking \
                or self.session.timeline.busy:
            return
        moment = (m.shots, m.role_swaps)
        if m.phase == "place" and self.is_ai(m.shooter) and m.knock_required and not m.knocked \
                and self._knock_moment != moment:
            self._knock_moment = moment                  # the computer knocks first (M-R8, M-R9)
            if not ai.forgets_knock(self.level(m.shooter), self.session.rng(len(self.log) * 8 + 3)):
                self.knock()
                return
        if self.is_ai(m.to_act):
            self._think(m.phase, m.to_act)

    def _decided(self, d) -> None:
        kind, n = d.key if isinstance(d.key, tuple) else (None, None)
        m = self.match
        if kind == "hint":
            if n == len(self.log) and d.value is not None:
                self.hint = (d.value, n)
            return
        if kind == "counter":
            if self.duel is not None and d.value is not None:
                self.duel.counter_plan = d.value
            return
        if n != len(self.log) or kind != m.phase or d.value is None:
            return
        if kind == "choose_role":
            self.choose(d.value)
        elif kind == "place":
            x, y, standing, angle = d.value
            if self.play(Action("place_target", x=x, y=y, standing=standing, angle=angle)):
                self.app.audio.play("click")
        else:
            if kind == "shoot" and d.value.knock and "knock" in m.legal_actions():
                self.knock()
            self.ai_aim = AIAim(d.value, "lag" if kind == "lag" else "shot")

    def ask_hint(self) -> None:
        """H / the Hint button: ask the Expert for the shot it would play (issue 17 §2)."""
        m, kind = self.match, self.flicker()[1]
        if kind not in ("lag", "shot") or not self.hint_allowed() or self.session.thinking:
            return
        fn = AI_PLANS["lag" if kind == "lag" else "shoot"]
        self.session.think(fn, Match.from_dict(m.to_dict()), HINT_LEVEL,
                           self.session.rng(len(self.log) * 8 + 7),
                           key=("hint", len(self.log)), fallback=lambda: None)

    # ------------------------------------------------------------------ input
    def _stamp(self, event) -> float:
        """The event's stamp (s, decision 2); the next draw maps the scene clock onto it."""
        stamp = getattr(event, "stamp", None)
        if not isinstance(stamp, (int, float)) or not math.isfinite(stamp):
            stamp = time.perf_counter()
        self._seen = float(stamp)
        return self._seen

    def rematch(self) -> None:
        """A new match with the same seats and options (the end panel's Rematch)."""
        self.app.replace(MississippiScene(self.app, self.session.rematch_config(**self.options)))

    def handle(self, event) -> bool:
        m = self.match
        if m.phase == "over":
            return self.end.handle(event) or (event.type == pygame.MOUSEBUTTONDOWN)
        for b in self.buttons:
            if b.visible and b.handle(event):
                hud.refresh_buttons(self)
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event, m)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == pygame.BUTTON_LEFT:
            return self._press(event)
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == pygame.BUTTON_LEFT:
            return self._release(event)
        return False

    def _key(self, event, m) -> bool:
        k = event.key
        if k == pygame.K_F3:
            self.debug = not self.debug
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.hold is not None:
            self.end_lag_hold()
        elif k == pygame.K_SPACE:
            if m.phase == "flip" and not self.is_ai(m.placer):
                self.flip_key()
        elif k == pygame.K_k:
            if m.shooter and not self.is_ai(m.shooter) and m.phase in ("place", "shoot"):
                self.knock()
        elif k in (pygame.K_r, pygame.K_t):
            self.start_replay(0.25 if k == pygame.K_t or event.mod & pygame.KMOD_SHIFT else 1.0)
        elif k == pygame.K_g:
            self.toggle_guide()
        elif k == pygame.K_h:
            self.ask_hint()
        elif k == pygame.K_s and self.b_stand.visible:
            self.toggle_standing()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.b_stand.visible and self.standing:
            self.rotate(-1 if k == pygame.K_LEFT else 1)
        else:
            return False
        hud.refresh_buttons(self)
        return True

    def end_lag_hold(self) -> None:
        """The players have seen the lag result (M-L2/M-L3): play on; the lag pucks are
        drawn in the gutters again and the M-L3 text gives way to the next lag's."""
        if self.hold is not None:
            self.hold, self.lag_fates, self.note = None, (), None   # the fall's note too
            self.session.timeline.clear()
            self.session.timeline.then(SHOT_DELAY, kind="pause")
            hud.refresh_buttons(self)

    def _press(self, event) -> bool:
        m = self.match
        stamp = self._stamp(event)
        look = self.view.overview_at(*event.pos)
        if look is not None:                          # the overview strip: look there
            self.view.look_at(look, self.snapshot())
            return True
        if self.hold is not None:
            self.end_lag_hold()
            return True
        x, y = self.view.to_table(*event.pos)
        side, kind = self.flicker()
        if side is not None:
            self.aim = Aim.press(side, kind, self.hand_spot(side), stamp, x, y)
            if self.aim is not None:
                return True
        if m.phase == "place" and not self.is_ai(m.placer) and not self.busy() \
                and grabs_target(m, m.placer, x, y):
            self.placing = Placing(m.placer, x, y, self.standing, self.angle)
            return True
        # a click on the close view that takes nothing, after a look on the overview:
        # the camera goes back to what the person to act needs
        return self.view.look_back()

    def _motion(self, event) -> bool:
        x, y = self.view.to_table(*getattr(event, "precise_pos", event.pos))
        if self.aim is not None:
            launch = self.aim.move(self._stamp(event), x, y)
            if launch is not None:
                self._flick_done(launch)
            return True
        if self.placing is not None:
            self.placing.move(x, y)
            return True
        return False

    def _release(self, event) -> bool:
        x, y = self.view.to_table(*getattr(event, "precise_pos", event.pos))
        if self.aim is not None:
            self._flick_done(self.aim.release(self._stamp(event), x, y))
            return True
        if self.placing is None:
            return False
        p, self.placing = self.placing, None
        p.standing, p.angle = self.standing, self.angle
        if self.match.phase != "place":
            return True
        why = p.check(self.match)
        if why:
            self.app.toast(texts.refusal_text(why.code))     # M-R1 / M-R9 refused
            self.app.audio.play("error")
            return True
        if self.play(p.action()):
            self.app.audio.play("click")
            self.standing = False
        return True

    def _flick_done(self, launch) -> None:
        aim, self.aim = self.aim, None
        if not thrown(launch):                            # a press without a throw (M-U1)
            self.app.toast(texts.nothing_thrown(), 2.5)
            return
        if aim.kind == "counter" and self.flicker()[1] != "counter":
            return
        self.launch(launch.x, launch.y, launch.vx, launch.vy, aim.kind)

    # ------------------------------------------------------------------ the shell's step
    def update(self, dt: float) -> None:
        self.t += dt
        calm = self._calm_key()
        if calm != self._calm_seen:
            self._calm_seen, self._calm_t0 = calm, self.t
        d = self.session.update(dt)
        if d is not None:
            self._decided(d)
        if self.hold is not None and self.hold.tick(dt):
            self.end_lag_hold()
        if self.replay is not None:
            if self.replay.step(dt):
                self.replay = None
            hud.refresh_buttons(self)
            return
        if self.flight is not None:
            self._step_flight(dt)
        if self.ai_aim is not None and self.ai_aim.tick(dt):
            a, self.ai_aim = self.ai_aim, None
            self.launch(a.plan.x, a.plan.y, a.plan.vx, a.plan.vy, a.kind)
        if self.match.phase == "flip" and self.duel is not None:
            self._step_duel(dt)
        self._maybe_think()
        hud.refresh_buttons(self)

    def on_pause(self) -> None:
        if self.aim is not None:
            self.aim.cancel()
            self.aim = None
        self.placing = None

    # ------------------------------------------------------------------ what is shown
    def draw(self, canvas) -> None:
        """Draw the match on ``canvas`` (:func:`mississippi.hud.draw`), at the last event's stamp."""
        self._offset, self._seen = self._offset if self._seen is None else self._seen - self.t, None
        hud.draw(canvas, self)


def _replay_sim(rec):
    """The world of a replay: ``rec``'s resting pucks and its shot thrown (M-P5)."""
    sim = TableSim(rec.table, seed=0)
    sim.add_shot(rec.rid, rec.x, rec.y, rec.vx, rec.vy)
    return sim


def make_scene(app, config) -> MississippiScene:
    """The descriptor's ``make_scene``. Raises ``ValueError`` for a save it cannot restore."""
    return MississippiScene(app, config)
