"""Bridge between the match (``mississippi.rules``) and the physics (``mississippi.physics``).

Pure module (no pygame, no shell). The match numbers pucks itself; a physics ``World``
numbers its own. :class:`TableSim` rebuilds a world from the pucks resting on the table,
keeps a snapshot of it so that candidate shots can be replayed from the same start (AI
rollouts, the scene's replay), and translates physics reports back to match puck ids.

Also here: :class:`FlipToss`, the timing model of the flip (M-F1, M-F2) shared by the scene
(the human presses Space) and the AI (a reaction delay and a timing error).

Units: mm, s, mm/s, radians.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Mapping

from mississippi.physics import PlacementError, PuckState, World, WorldSnapshot
from mississippi.rules import (LEFT_EDGE, RIGHT_EDGE, TABLE, TABLE_WIDTH, PUCK_RADIUS,
                               PuckOutcome, Report, TablePuck)
from mississippi.table import DECEL, G_MM_S2, LAUNCH_CAP, MU

G = G_MM_S2                  # mm/s² (mississippi.table is the one source of these)
MAX_SPEED = LAUNCH_CAP       # mm/s, launch cap (M-U1, M-P5)

# Where the computer releases a puck: inside its own zone (M-U1), 50 mm short of the zone's
# inner line (Table.release_x).
LAUNCH_X = {"left": TABLE.release_x("left"), "right": TABLE.release_x("right")}


def launch_spot(side: str, y: float = TABLE_WIDTH / 2) -> tuple[float, float]:
    """A legal launch position (x, y) mm for ``side`` (inside its own target zone, M-U1)."""
    y = min(max(y, PUCK_RADIUS + 1.0), TABLE_WIDTH - PUCK_RADIUS - 1.0)
    return LAUNCH_X[side], y


def translate(report: Any, rid_by_wid: Mapping[int, int]) -> Report:
    """A physics ``ShotReport`` (or ``World.pucks()`` dict) keyed by match puck ids.

    Pucks the map does not know are dropped. The result is a :class:`rules.Report`.
    """
    pucks = report.pucks if hasattr(report, "pucks") else report
    out = {}
    for wid, p in pucks.items():
        if wid in rid_by_wid:
            out[rid_by_wid[wid]] = PuckOutcome(p.state, float(p.x), float(p.y),
                                               bool(getattr(p, "standing", False)),
                                               float(getattr(p, "angle", 0.0)))
    return Report(out, tuple(getattr(report, "events", ())),
                  float(getattr(report, "duration", 0.0)), bool(getattr(report, "rested", True)))


class TableSim:
    """A physics world holding the pucks resting on the table (``{match id: TablePuck}``).

    ``mu``: friction coefficient μ; ``seed``: physics seed (M-P5: deterministic).
    After construction :meth:`reset` puts the world back to this start at any time.
    """

    def __init__(self, table: Mapping[int, TablePuck], *, mu: float = MU, seed: int = 0) -> None:
        self.world = World(mu=mu, seed=seed)
        self.rid_by_wid: dict[int, int] = {}
        self.wid_by_rid: dict[int, int] = {}
        try:
            for rid, p in sorted(table.items()):
                self._add(rid, p.x, p.y, standing=p.standing, angle=p.angle)
        except PlacementError:
            self._restore_resting(table, mu=mu, seed=seed)
        self._base = self.world.snapshot()
        self._base_maps = (dict(self.rid_by_wid), dict(self.wid_by_rid))

    def _restore_resting(self, table: Mapping[int, TablePuck], *, mu: float, seed: int) -> None:
        """The pucks exactly where a shot left them, even where ``place_puck`` would refuse
        a fresh placement: a puck that came to rest pressed a hair into a rail, or against
        another puck, within the solver's contact slop (< 1 mm). Rebuilt from a snapshot,
        as a restored world is."""
        states = []
        self.rid_by_wid, self.wid_by_rid = {}, {}
        for wid, (rid, p) in enumerate(sorted(table.items())):
            states.append(PuckState(wid, "table", float(p.x), float(p.y), angle=float(p.angle),
                                    standing=bool(p.standing)))
            self.rid_by_wid[wid] = rid
            self.wid_by_rid[rid] = wid
        self.world = World(mu=mu, seed=seed)
        self.world.restore(WorldSnapshot(pucks=tuple(states), parked=tuple(range(len(states))),
                                         next_id=len(states), seed=seed,
                                         table=asdict(self.world.table),
                                         params=asdict(self.world.params)))

    def _add(self, rid: int, x: float, y: float, *, standing: bool = False, angle: float = 0.0) -> int:
        wid = self.world.place_puck(x, y, standing=standing, angle=angle)
        self.rid_by_wid[wid] = rid
        self.wid_by_rid[rid] = wid
        return wid

    def reset(self) -> None:
        """Back to the pucks at rest as they were when built."""
        self.world.restore(self._base)
        self.rid_by_wid, self.wid_by_rid = (dict(m) for m in self._base_maps)

    def add_shot(self, rid: int, x: float, y: float, vx: float, vy: float) -> int:
        """Place puck ``rid`` at (x, y) mm and launch it at (vx, vy) mm/s; returns its
        world id."""
        wid = self._add(rid, x, y)
        self.world.shoot(wid, vx, vy)
        return wid

    def add_shot_clear(self, rid: int, x: float, y: float, vx: float,
                       vy: float) -> tuple[float, float] | None:
        """Place puck ``rid`` where the hand let it go, or — if a resting puck is in the
        way — at the nearest clear spot across the table (40 mm steps, up to ±160 mm,
        M-U1), and launch it. Returns the (x, y) mm used, or None when there is no room
        (nothing is placed)."""
        r = PUCK_RADIUS
        for dy in (0.0, 40.0, -40.0, 80.0, -80.0, 120.0, -120.0, 160.0, -160.0):
            yy = min(max(y + dy, r + 1.0), TABLE_WIDTH - r - 1.0)
            try:
                self.add_shot(rid, x, yy, vx, vy)
            except ValueError:
                continue
            return x, yy
        return None

    def remove(self, rid: int) -> None:
        """Take puck ``rid`` off the world (a flipped target, M-F1)."""
        wid = self.wid_by_rid.pop(rid)
        self.rid_by_wid.pop(wid, None)
        self.world.remove_puck(wid)

    def run(self, max_s: float = 20.0) -> Report:
        """Run to rest (M-P7) and return the report keyed by match ids."""
        return translate(self.world.run_until_rest(max_s=max_s), self.rid_by_wid)

    def state(self) -> Report:
        """The current puck states keyed by match ids (a report of the world as it is)."""
        return translate(self.world.pucks(), self.rid_by_wid)

    def shoot(self, rid: int, x: float, y: float, vx: float, vy: float, *,
              max_s: float = 20.0) -> Report:
        """Reset, launch puck ``rid`` from (x, y) at (vx, vy), run to rest; the report."""
        self.reset()
        self.add_shot(rid, x, y, vx, vy)
        return self.run(max_s)

    def event_time(self, report: Report, kind: str, rid: int) -> float | None:
        """Time (s) of the first event ``kind`` involving match puck ``rid``, or None."""
        wid = self.wid_by_rid.get(rid)
        for ev in report.events:
            if ev.kind == kind and wid in ev.pucks:
                return float(ev.t)
        return None


def speed_to_travel(d: float) -> float:
    """Launch speed (mm/s) that slides a puck exactly ``d`` mm before it stops (M-P1)."""
    return math.sqrt(max(0.0, 2 * DECEL * d))


@dataclass(frozen=True)
class FlipToss:
    """The flip in the air (M-F1, M-F2): the puck rises, spins and comes down after
    ``airtime`` s; a catch works when pressed during the last ``window`` s before it lands.

    ``spin`` is in turns per second (drawing only).
    """

    airtime: float = 0.9
    window: float = 0.22
    spin: float = 3.5
    rise: float = 260.0      # mm, apex height above the table (drawing)

    def caught(self, t_press: float) -> bool:
        """True when a catch pressed ``t_press`` s after the flip started holds the puck."""
        return self.airtime - self.window <= t_press <= self.airtime

    def height(self, t: float) -> float:
        """Height (mm) above the table ``t`` s after the flip started (a parabola)."""
        u = min(max(t / self.airtime, 0.0), 1.0)
        return 4 * self.rise * u * (1 - u)

    def angle(self, t: float) -> float:
        """Spin angle (radians) ``t`` s after the start."""
        return 2 * math.pi * self.spin * t

    def landed(self, t: float) -> bool:
        """True once the puck is down (dropped, unless caught before)."""
        return t > self.airtime


EDGES = {"left": LEFT_EDGE, "right": RIGHT_EDGE}
