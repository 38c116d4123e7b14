"""Mississippi's scene state machines as typed objects (pure: no pygame, no shell).

The scene (:mod:`mississippi.scene`) maps input and the shell's fixed step onto these,
and commits what the rules should hear (:class:`mississippi.rules.Action`) through its
session. Each object is one state of one machine, with its transitions as methods:

* :class:`Aim` — the shooter's puck in hand, pressed and dragged (M-U1): ``press`` →
  ``move``… → ``release`` gives the :class:`~mississippi.flick.Launch`; ``cancel``.
* :class:`Placing` — the target dragged from the placer's gutter into the zone (M-R1,
  M-R9): ``move``, ``check`` (the rules' :class:`~mississippi.rules.Refusal`),
  ``action`` (the ``place_target`` action).
* :class:`Flight` — a lag, shot or counter shot in flight in the physics world; its
  :class:`ShotRecord` is what a replay replays.
* :class:`Replay` — the last shot again from its record, at speed 1 or ¼.
* :class:`FlipDuel` — the flip race (M-F1…M-F4) on the rules' :class:`FlipRace`, with
  the computer's flip, catch and counter times: ``tick(dt)`` → the event now due.
* :class:`AIAim` — the computer's staged shot: its puck shown aimed for
  :data:`AI_AIM_S` s, then thrown.
* :class:`LagHold` — the lag result left on the table (M-L2/M-L3) until a click or
  Enter (or :data:`LAG_HOLD_S` s between two computers), with where each lag puck went
  (a far gutter, off the table).

Units: table mm, mm/s, seconds of the scene clock (the events' stamps for a drag).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from mississippi.pointer import SteadyFlick
from mississippi.rules import (FLIP_WINDOW_S, GUTTER_STATES, MIN_THROW_SPEED, PUCK_RADIUS, Action, FlipRace,
                               Match, Refusal, TablePuck, hand_spot)
from mississippi.sim import FlipToss
from mississippi.table import Table

TABLE = Table()

AI_AIM_S = 0.6
"""s the computer's puck is shown aimed before it is thrown (its staged turn)."""

LAG_HOLD_S = 4.0
"""s the lag result stays on the table between two computers (a person's click or Enter
says it was seen; a match with a person waits for it)."""

GRAB_RADIUS = PUCK_RADIUS * 1.6
"""mm: a press this close to the puck in hand takes it (M-U1)."""


def puck_in_hand(match: Match, side: str) -> tuple[float, float]:
    """Where ``side``'s puck in hand waits (mm): :func:`mississippi.rules.hand_spot`,
    clear of the pucks resting on the table (M-U1)."""
    return hand_spot(side, [(p.x, p.y) for p in match.table.values()])


# --------------------------------------------------------------------- aiming (M-U1)
@dataclass
class Aim:
    """The puck in hand, pressed and being dragged. ``kind``: ``"lag"``, ``"shot"`` or
    ``"counter"``; ``tracker`` the :class:`~mississippi.pointer.SteadyFlick` fed with the
    events' stamps (s) and table mm."""

    side: str
    kind: str
    tracker: SteadyFlick

    @classmethod
    def press(cls, side: str, kind: str, spot: tuple[float, float], t: float, x: float,
              y: float) -> "Aim | None":
        """A press at (x, y) mm at stamp ``t``: the drag when it is on the puck waiting at
        ``spot`` (within :data:`GRAB_RADIUS`), else None."""
        if math.hypot(x - spot[0], y - spot[1]) > GRAB_RADIUS:
            return None
        tracker = SteadyFlick(side)
        tracker.press(t, x, y, *spot)
        return cls(side, kind, tracker)

    @property
    def puck(self) -> tuple[float, float]:
        """Where the held puck is now (mm): exactly under the pointer's grip."""
        return self.tracker.puck

    def move(self, t: float, x: float, y: float):
        """A pointer motion; a :class:`~mississippi.flick.Launch` when the puck crossed
        the release line (M-U1: it leaves the hand there), else None."""
        return self.tracker.move(t, x, y)

    def release(self, t: float, x: float, y: float):
        """The button let go: the :class:`~mississippi.flick.Launch`."""
        return self.tracker.release(t, x, y)

    def cancel(self) -> None:
        """The drag is dropped (pause, focus lost): nothing is thrown."""
        self.tracker.cancel()

    def prediction(self, t: float) -> tuple[float, float, float, float] | None:
        """The aim guide (M-U1, M-P1): ``(vx, vy, x, y)`` — the launch velocity (mm/s) if
        the puck were let go at ``t`` and where a free slide at it stops (mm,
        :meth:`Table.free_stop`); None while the hand is still."""
        vx, vy = self.tracker.velocity(t)
        if math.hypot(vx, vy) < 1.0:
            return None
        x0, y0 = self.puck
        x, y = TABLE.free_stop(x0, y0, vx, vy)
        return vx, vy, x, y


def thrown(launch) -> bool:
    """M-U1: a release at :data:`~mississippi.rules.MIN_THROW_SPEED` mm/s or more
    throws the puck; slower is a press without a throw."""
    return launch is not None and launch.speed >= MIN_THROW_SPEED


# --------------------------------------------------------------------- placing (M-R1)
@dataclass
class Placing:
    """The target being dragged into place by ``side`` (the placer), at (x, y) mm;
    ``standing`` on its edge at ``angle`` rad (M-R9)."""

    side: str
    x: float
    y: float
    standing: bool = False
    angle: float = math.pi / 2

    def move(self, x: float, y: float) -> None:
        """The pointer moved: the target follows it."""
        self.x, self.y = x, y

    def check(self, match: Match) -> Refusal | None:
        """None when the rules accept the target here (M-R1, M-R9), else the refusal
        (``rule``, ``code``)."""
        return match.check_target(self.x, self.y, standing=self.standing, angle=self.angle)

    def action(self) -> Action:
        """The ``place_target`` action for the rules."""
        return Action("place_target", x=self.x, y=self.y, standing=self.standing,
                      angle=self.angle)


def grabs_target(match: Match, side: str, x: float, y: float) -> bool:
    """True when a press at (x, y) mm takes a puck for the target: in ``side``'s gutter
    (M-O2) or over its target zone (M-R1)."""
    g = TABLE.gutter(side)
    z = TABLE.zone(side)
    across = 0 <= y <= TABLE.width
    in_gutter = g.x0 <= x <= g.x1 and across
    in_zone = z.x0 - PUCK_RADIUS <= x <= z.x1 + PUCK_RADIUS and across
    return in_gutter or in_zone


# --------------------------------------------------------------------- a shot in flight
@dataclass(frozen=True)
class ShotRecord:
    """What a replay needs of a shot: the resting pucks before it (``table``), the shot
    puck ``rid`` of ``side``, thrown from (x, y) mm at (vx, vy) mm/s."""

    table: dict
    rid: int
    side: str
    x: float
    y: float
    vx: float
    vy: float

    def to_dict(self) -> dict:
        """JSON-able (the save's ``last_shot``)."""
        return {"table": {str(k): asdict(v) for k, v in self.table.items()}, "rid": self.rid,
                "side": self.side, "x": self.x, "y": self.y, "vx": self.vx, "vy": self.vy}

    @classmethod
    def from_dict(cls, d: Any) -> "ShotRecord | None":
        """Read :meth:`to_dict`; None for anything that is not such a record (an old or
        damaged save loses its replay, never the match)."""
        try:
            table = {int(k): TablePuck(**v) for k, v in d["table"].items()}
            vals = [float(d[k]) for k in ("x", "y", "vx", "vy")]
            if not all(math.isfinite(v) for v in vals) or d["side"] not in ("left", "right"):
                return None
            return cls(table, int(d["rid"]), d["side"], *vals)
        except (TypeError, ValueError, KeyError, AttributeError):
            return None

    def owners(self) -> dict[int, str]:
        """Owner of every puck of the shot, shot puck included."""
        out = {pid: p.owner for pid, p in self.table.items()}
        out[self.rid] = self.side
        return out


@dataclass
class Flight:
    """A lag, shot or counter shot (``kind``) sliding in ``sim`` (a
    :class:`mississippi.sim.TableSim`); ``record`` how it was thrown; ``events`` the
    physics events already sounded."""

    kind: str
    record: ShotRecord
    sim: Any
    events: int = 0

    @property
    def side(self) -> str:
        """Whose puck was thrown."""
        return self.record.side

    def owners(self) -> dict[int, str]:
        """Owner of each puck in the world (match ids)."""
        return self.record.owners()

    def done(self) -> bool:
        """All pucks at rest (M-P7), or 20 s of play passed (a puck never stops)."""
        w = self.sim.world
        return (w.at_rest() and w.shot_time > 0.05) or w.shot_time >= 20.0


@dataclass
class Replay:
    """The last shot replayed from its ``record`` at ``speed`` (1 or 0.25) in its own
    ``sim``; the match is not touched."""

    record: ShotRecord
    speed: float
    sim: Any
    fates: dict = field(default_factory=dict)

    def step(self, dt: float) -> bool:
        """Advance ``dt`` s of the scene clock; True once the replay is over."""
        self.sim.world.step(dt * self.speed)
        w = self.sim.world
        return (w.at_rest() and w.shot_time > 0.05) or w.shot_time > 20.0


def shot_fates(record: ShotRecord, sim_factory) -> dict[int, str]:
    """Where each puck of ``record``'s shot ends (``{match id: state}``, the states of
    :mod:`mississippi.physics`: ``"table"``, ``"gutter_left"``, ``"off_table"``…): the shot
    played to rest (M-P7, 20 s at most) in a world from ``sim_factory(record)`` — the
    physics is deterministic (M-P5), so the replay ends the same way."""
    sim = sim_factory(record)
    w = sim.world
    while not ((w.at_rest() and w.shot_time > 0.05) or w.shot_time > 20.0):
        w.step(0.05)
    return {rid: o.state for rid, o in sim.state().pucks.items()}


def replay_gutter_debt(replay: Replay, side: str) -> int:
    """Pucks the match already counts in ``side``'s gutter (M-O3, M-O5: off the table
    counts for the shooter) that the replay still draws itself — on the table, or fallen
    into a gutter in the replay's own world — so they are not drawn twice."""
    n = 0
    for rid, state in replay.fates.items():
        dest = GUTTER_STATES.get(state) or (replay.record.side if state == "off_table" else None)
        if dest != side:
            continue
        wid = replay.sim.wid_by_rid.get(rid)
        now = replay.sim.world.pucks().get(wid) if wid is not None else None
        if now is not None and now.state != "off_table":
            n += 1
    return n


# --------------------------------------------------------------------- the flip race (M-F)
@dataclass
class FlipDuel:
    """One flip window (M-F1…M-F4): the rules' :class:`FlipRace` clock, the toss in the
    air, and the computer's plans — ``ai_flip`` (s after the window opened when a
    computer placer flips), ``ai_catch`` (s after the flip when it catches), ``ai_counter``
    (s after the window opened when a computer shooter lets its counter go, once
    ``counter_plan`` has come)."""

    race: FlipRace
    toss: FlipToss = field(default_factory=FlipToss)
    ai_flip: float | None = None
    ai_catch: float | None = None
    ai_counter: float | None = None
    counter_plan: Any = None

    @classmethod
    def open(cls, window: float = FLIP_WINDOW_S, **ai) -> "FlipDuel":
        """The window opens (M-F1) for ``window`` s (the "Time to flip a hanging target" option)."""
        try:
            window = float(window)
        except (TypeError, ValueError):
            window = FLIP_WINDOW_S
        if not math.isfinite(window) or window <= 0:
            window = FLIP_WINDOW_S
        return cls(FlipRace(window), **ai)

    @property
    def started(self) -> bool:
        """The placer flipped: the target is in the air."""
        return self.race.started_at is not None

    def window_left(self) -> float:
        """Part of the window left, 1 → 0 (drawn as a bar)."""
        return max(0.0, 1.0 - self.race.t / self.race.window)

    def catch_now(self) -> bool:
        """M-F2: a catch pressed now holds the puck."""
        air = self.race.in_air()
        return air is not None and self.toss.caught(air)

    def tick(self, dt: float, *, counter_moving: bool) -> str | None:
        """Advance ``dt`` s; the event now due, else None: ``"flip"`` (the computer
        placer flips, M-F1), ``"counter"`` (the computer shooter throws
        :attr:`counter_plan`, M-F3), ``"expired"`` (no flip in the window and no counter
        moving, M-F4), ``"catch"`` (the computer catches, M-F2), ``"landed"`` (nobody
        caught it: dropped, M-F2)."""
        race = self.race
        race.counter_moving = counter_moving
        race.tick(dt)
        if not self.started:
            if self.ai_flip is not None and race.t >= self.ai_flip and race.open:
                self.ai_flip = None
                return "flip"
            if (self.ai_counter is not None and race.t >= self.ai_counter
                    and self.counter_plan is not None and race.may_counter()):
                self.ai_counter = None
                return "counter"
            if race.expired:
                return "expired"
            return None
        air = race.in_air()
        if self.ai_catch is not None and air >= self.ai_catch:
            self.ai_catch = None
            return "catch"
        if self.toss.landed(air):
            return "landed"
        return None


# --------------------------------------------------------------------- the computer's shot
@dataclass
class AIAim:
    """The computer's staged shot: ``plan`` (a :class:`mississippi.ai.ShotPlan`) shown
    aimed for ``left`` s, then thrown as a ``kind`` shot."""

    plan: Any
    kind: str
    left: float = AI_AIM_S

    def tick(self, dt: float) -> bool:
        """Advance ``dt`` s; True when the shot is due now."""
        self.left -= max(0.0, dt)
        return self.left <= 1e-9                  # sums of steps: no float residue


# --------------------------------------------------------------------- the lag result
@dataclass
class LagHold:
    """The lag result on show (M-L2/M-L3): ``ghosts`` — each lag puck as
    ``(owner, state, x, y)`` with the state the physics gave it (``"table"``,
    ``"overhang"``, ``"gutter_left"``, ``"gutter_right"``, ``"off_table"``) — for
    ``left`` s, or until seen (``left`` None: it waits for a click or Enter)."""

    ghosts: tuple
    left: float | None = LAG_HOLD_S

    def tick(self, dt: float) -> bool:
        """Advance ``dt`` s; True when the hold is over (never by itself while it waits)."""
        if self.left is None:
            return False
        self.left -= max(0.0, dt)
        return self.left <= 1e-9                  # sums of steps: no float residue

    def resting(self) -> list[tuple[str, float, float]]:
        """``(owner, x, y)`` of the lag pucks that stayed on the table."""
        return [(o, x, y) for o, s, x, y in self.ghosts if s in ("table", "overhang")]


def lag_fates(report, owners: dict[int, str]) -> tuple:
    """Every lag puck of a lag report as ``(owner, state, x, y)`` (see :class:`LagHold`)."""
    return tuple((owners.get(pid, "left"), p.state, float(p.x), float(p.y))
                 for pid, p in sorted(report.pucks.items()))


def fallen_lag_pucks(fates, side: str) -> dict[str, int]:
    """How many of ``side``'s lag pucks went where, off the table top: ``{"far gutter":
    n, "own gutter": n, "off table": n}`` (the counts shown while the lag goes on, M-L1;
    the rules give them back at the end of the lag, M-L3)."""
    out = {"far gutter": 0, "own gutter": 0, "off table": 0}
    for owner, state, _x, _y in fates:
        if owner != side:
            continue
        if state == "off_table":
            out["off table"] += 1
        elif state == f"gutter_{side}":
            out["own gutter"] += 1
        elif state.startswith("gutter_"):
            out["far gutter"] += 1
    return out
