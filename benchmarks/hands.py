"""A model of a person's hand on a mouse, for the flick (M-U1) and for benchmarks that throw
pucks as people do.

Pure (no pygame). Units: table mm, s, mm/s; design px where said.

* **The hand** moves the held puck along a straight line with a minimum-jerk profile
  (Flash & Hogan 1985, "The coordination of arm movements", J. Neurosci. 5:1688): a
  stroke of amplitude ``D`` mm and duration ``T`` s covers ``D·s(τ)``, τ = t/T, with
  s(τ) = 10τ³ − 15τ⁴ + 6τ⁵ and speed (D/T)·30τ²(1 − τ)², after holding the pressed puck
  still 0.05–0.6 s. :data:`SHAPES` are where in the stroke the button comes up (T is
shortened when the stroke would not fit in the launch area; the hand spot is the scene's,
70 mm in front of the gutter):

  ``push``     a slow push (T 0.45–0.8 s), let go around its peak speed (τ 0.45–0.65);
  ``peak``     a firm flick (T 0.14–0.3 s) let go at its peak (τ 0.46–0.54);
  ``rising``   a flick let go while still speeding up (τ 0.25–0.38);
  ``through``  a stroke (T 0.14–0.45 s) that carries the puck across the zone's inner
               line at τ 0.4–0.6: the puck is launched there (M-U1), the button never
               comes up inside the zone.
  ``stall``    (not a throw) the stroke ends (τ = 1) and the hand stays still 0.05–0.4 s
               before letting go: M-U1 wants ~0.

* **The mouse** reports at a steady rate (125, 500, 1000 Hz, a random phase). The pointer
  is the hand's position in design px (:data:`mississippi.pointer.AIM_PX_PER_MM` px per mm
  while aiming, a random sub-pixel grid), floored to whole pixels as the system pointer
  is; a report makes a motion event only if the whole-pixel position changed (the button
  reports always make their event). The scene maps pixels back to mm.

* **The frame loop** (60 or 144 Hz; decision 2 of this round) polls the event queue
  about every millisecond (1.0–1.2 ms, sleep overshoot) while a drag is on, *except*
  while it draws and presents: 2–5 ms per frame at 60 Hz, 1.5–3.5 ms at 144 Hz. Every
  event is stamped with the poll that takes it (a few µs apart within one poll), so the
  events of one report period that waited through a draw come out late and together.
  ``stamping="frame"`` models the shell before this round instead: every event of a
  frame gets the frame's time.

* **Truth**: the hand's speed at the last position the mouse reported (the release
  report; for ``through``, the report that first put the puck past the line), and, for
  ``through``, the hand's speed at the crossing instant as well (what
  ``benchmarks/flick.py`` compares a ``through`` launch with: M-U1 launches it there).

* **A second hand model** for the benchmark, not the one the estimator was tuned on:
  :func:`pause_stroke` (a nudge, a pause, then the flick) and ``events(jitter_px=…)`` (a
  hand off its stroke by up to ± that many px at every report while it moves).

:func:`throw` is the part other benchmarks use: the :class:`~mississippi.flick.Launch` a
person produces, through :class:`mississippi.pointer.SteadyFlick`, when they mean to send
the puck from (x, y) at (vx, vy), with their hand's speed and aim scatter.
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mississippi.flick import Launch  # noqa: E402
from mississippi.pointer import AIM_PX_PER_MM, SteadyFlick  # noqa: E402
from mississippi.table import Table  # noqa: E402

__all__ = ["SHAPES", "Hand", "PRACTISED", "BEGINNER", "Stroke", "PauseStroke", "Event",
           "Outcome", "stroke", "pause_stroke", "events", "play", "run", "throw", "min_jerk"]

SHAPES = ("push", "peak", "rising", "through")
"""The gesture shapes of a throw (see the module docstring); ``stall`` is also known to
:func:`stroke`."""

SHAPE_NAMES = {"push": "slow push", "peak": "flick let go at its peak",
               "rising": "let go while still accelerating",
               "through": "a stroke through the inner line", "stall": "stroke stopped before release"}

#: Per shape: (T range s, τ range of the release or crossing).
_TIMING = {"push": ((0.45, 0.80), (0.45, 0.65)),
           "peak": ((0.14, 0.30), (0.46, 0.54)),
           "rising": ((0.14, 0.30), (0.25, 0.38)),
           "through": ((0.14, 0.45), (0.40, 0.60)),
           "stall": ((0.15, 0.60), (1.0, 1.0))}
#: Busy time (draw + present) per frame in s, by loop rate.
BUSY = {60: (0.002, 0.005), 144: (0.0015, 0.0035)}
POLL = (0.0010, 0.0012)          # s between two polls while a drag is on
MARGIN = 4.0                     # mm: a release-inside stroke stops this short of the line
JITTER_MIN_SPEED = 20.0          # mm/s: below this the jittery hand is at rest (no jitter)


def min_jerk(tau: float) -> tuple[float, float]:
    """Minimum-jerk profile (Flash & Hogan 1985): (fraction of the amplitude covered,
    speed × T / D) at τ ∈ [0, 1] (clamped)."""
    tau = min(max(tau, 0.0), 1.0)
    return (tau ** 3 * (10.0 - 15.0 * tau + 6.0 * tau * tau),
            30.0 * tau * tau * (1.0 - tau) ** 2)


@dataclass(frozen=True)
class Hand:
    """How steady a person's throw is: ``speed_sd`` the relative scatter of the intended
    speed (0.05 practised, 0.12 beginner), ``aim_sd_deg`` the scatter of its direction in
    degrees (1.0 practised, 3.0 beginner), both normal."""

    speed_sd: float
    aim_sd_deg: float


PRACTISED = Hand(0.05, 1.0)
BEGINNER = Hand(0.12, 3.0)


@dataclass(frozen=True)
class Stroke:
    """One gesture of the pointer (table mm, s). The pointer is pressed at ``start`` at
    t = 0 (on a puck whose centre is ``start + grab``), held still until ``t0``, then moves
    along the unit vector ``u`` with a minimum-jerk profile of amplitude ``D`` mm and
    duration ``T`` s. ``release`` is when the hand lets go (s; None for ``through``: the
    puck is launched when it crosses the inner line)."""

    shape: str
    start: tuple[float, float]
    grab: tuple[float, float]
    u: tuple[float, float]
    D: float
    T: float
    t0: float
    release: float | None

    def pos(self, t: float) -> tuple[float, float]:
        """Pointer position (mm) at time t (s)."""
        f, _ = min_jerk((t - self.t0) / self.T)
        return self.start[0] + self.u[0] * self.D * f, self.start[1] + self.u[1] * self.D * f

    def vel(self, t: float) -> tuple[float, float]:
        """Pointer velocity (mm/s) at time t (s)."""
        _, g = min_jerk((t - self.t0) / self.T)
        sp = self.D / self.T * g
        return self.u[0] * sp, self.u[1] * sp

    def speed(self, t: float) -> float:
        """Pointer speed (mm/s) at time t (s)."""
        return math.hypot(*self.vel(t))

    @property
    def end(self) -> float:
        """Time (s) the motion ends."""
        return self.t0 + self.T


def _room(table: Table, side: str, px: float, py: float, ux: float, uy: float) -> float:
    """How far (mm) the puck centre can move from (px, py) along (ux, uy) and stay in the
    launch area (0 if it is outside)."""
    a = table.launch_area(side)
    r = table.puck_radius
    lim = math.inf
    for p, d, lo, hi in ((px, ux, a.x0, a.x1), (py, uy, r, table.width - r)):
        if d > 1e-12:
            lim = min(lim, (hi - p) / d)
        elif d < -1e-12:
            lim = min(lim, (p - lo) / -d)
    return max(lim, 0.0)


def stroke(shape: str, speed: float, rng: random.Random, *, side: str = "left",
           at: tuple[float, float] | None = None, angle: float = 0.0,
           grab: tuple[float, float] | None = None, table: Table | None = None,
           hold: tuple[float, float] = (0.05, 0.6)) -> Stroke:
    """A gesture of ``shape`` whose hand speed at the release (``through``: where the puck
    crosses the inner line; ``stall``: its peak) is ``speed`` mm/s, at ``angle`` radians
    from the side's shooting direction (M-U2), its timing drawn from ``rng``.

    ``at``: the puck's centre at the release (``through``: a point of the aim line, which
    meets the inner line where the puck is launched). Default: the puck starts at the
    scene's hand spot, 70 mm in front of the player's gutter, in the middle. When the puck
    would have to start outside the launch area (or reach the inner line before the
    release), the stroke is made shorter and quicker (T scaled down) with the same speed at
    the release. ``grab``: the pointer's offset from the puck centre (default: random, up to
    15 mm). ``hold``: range of the time s the pressed puck is held still before the stroke.

    :raises ValueError: for an unknown shape, or ``through`` not aimed at the inner line.
    """
    if shape not in _TIMING:
        raise ValueError(f"unknown gesture shape {shape!r}; one of {SHAPES + ('stall',)}")
    table = table or Table()
    d = table.direction(side)
    ux, uy = d * math.cos(angle), math.sin(angle)
    (tlo, thi), (alo, ahi) = _TIMING[shape]
    T = rng.uniform(tlo, thi)
    tau = rng.uniform(alo, ahi)
    if grab is None:
        gr, ga = 15.0 * math.sqrt(rng.random()), rng.uniform(0.0, 2.0 * math.pi)
        grab = (gr * math.cos(ga), gr * math.sin(ga))
    speed = max(float(speed), 1e-6)
    t0 = rng.uniform(*hold)
    line = table.inner_line(side)
    home = (table.gutter_edge(side) + d * 70.0, table.width / 2.0)
    f, g = min_jerk(tau)
    if shape == "stall":
        g = 1.875                                    # speed × T / D at the peak
    D = speed * T / g
    if shape == "through":
        if ux * d <= 0.05:
            raise ValueError("a stroke through the inner line must be aimed at it")
        px, py = home if at is None else at
        end = (line, py + (line - px) * uy / ux)     # where the puck meets the line
        room = _room(table, side, end[0], end[1], -ux, -uy)
    elif at is None:
        room = max(_room(table, side, *home, ux, uy) - MARGIN, 1.0)
        if D * f > room:
            T *= room / (D * f)
            D = speed * T / g
        end = (home[0] + ux * D * f, home[1] + uy * D * f)
    else:
        end = at
        room = _room(table, side, *at, -ux, -uy)
    if D * f > room:            # a shorter, quicker stroke with the same speed at the end
        T *= max(room, 1.0) / (D * f)
        D = speed * T / g
    start = (end[0] - ux * D * f - grab[0], end[1] - uy * D * f - grab[1])
    if shape == "through":
        release = None
    elif shape == "stall":
        release = t0 + T + rng.uniform(0.05, 0.4)
    else:
        release = t0 + tau * T
    return Stroke(shape, start, grab, (ux, uy), D, T, t0, release)


@dataclass(frozen=True)
class PauseStroke(Stroke):
    """The second hand model's gesture: a short first move (amplitude ``D1`` mm, duration
    ``T1`` s, minimum-jerk, from ``t0``), a pause of ``pause`` s with the hand still, then
    the stroke proper (``D``, ``T``, starting at :attr:`t2`), along the same line ``u``.
    ``shape`` is the stroke proper's (``peak`` or ``rising``); ``release`` as
    :class:`Stroke`."""

    D1: float = 0.0
    T1: float = 0.1
    pause: float = 0.1

    @property
    def t2(self) -> float:
        """Time (s) the stroke proper begins."""
        return self.t0 + self.T1 + self.pause

    def pos(self, t: float) -> tuple[float, float]:
        f1, _ = min_jerk((t - self.t0) / self.T1)
        f2, _ = min_jerk((t - self.t2) / self.T)
        d = self.D1 * f1 + self.D * f2
        return self.start[0] + self.u[0] * d, self.start[1] + self.u[1] * d

    def vel(self, t: float) -> tuple[float, float]:
        _, g1 = min_jerk((t - self.t0) / self.T1)
        _, g2 = min_jerk((t - self.t2) / self.T)
        sp = self.D1 / self.T1 * g1 + self.D / self.T * g2
        return self.u[0] * sp, self.u[1] * sp

    @property
    def end(self) -> float:
        return self.t2 + self.T


def pause_stroke(shape: str, speed: float, rng: random.Random, *, side: str = "left",
                 table: Table | None = None) -> PauseStroke:
    """The second hand model (not the one the estimator was tuned on): the pressed puck is
    nudged forward 10–40 mm in 0.15–0.35 s, the hand pauses 0.02–0.25 s (pauses shorter
    than :data:`mississippi.flick.STILL_S` too), then flicks (``shape`` ``peak`` or
    ``rising``, as :func:`stroke`) at ``speed`` mm/s at the release, straight ahead, from
    the scene's hand spot (the first move starts behind it when there is room)."""
    if shape not in ("peak", "rising"):
        raise ValueError("a pause then a flick is 'peak' or 'rising'")
    table = table or Table()
    base = stroke(shape, speed, rng, side=side, table=table)
    d1 = rng.uniform(10.0, 40.0)
    t1 = rng.uniform(0.15, 0.35)
    pause = rng.uniform(0.02, 0.25)
    d = table.direction(side)
    start = (base.start[0] - base.u[0] * d1, base.start[1] - base.u[1] * d1)
    a = table.launch_area(side)
    lo = a.x0 + 1.0 - base.grab[0] if d > 0 else a.x1 - 1.0 - base.grab[0]
    if (start[0] - lo) * d < 0:                       # no room behind: nudge a shorter way
        d1 = max((base.start[0] - lo) * d, 0.0)
        start = (base.start[0] - base.u[0] * d1, base.start[1] - base.u[1] * d1)
    rel = None if base.release is None else base.release + t1 + pause
    return PauseStroke(shape, start, base.grab, base.u, base.D, base.T, base.t0, rel,
                       D1=d1, T1=t1, pause=pause)


@dataclass(frozen=True)
class Event:
    """One pointer event as the scene gets it: ``kind`` ``down`` / ``motion`` / ``up``,
    ``stamp`` s (when the loop took it), ``x, y`` mm (whole design px mapped to mm), and
    ``report`` the time s the mouse reported it."""

    kind: str
    stamp: float
    x: float
    y: float
    report: float


def _polls(rng: random.Random, loop_hz: int, t_end: float, busy=None) -> list[float]:
    """Poll times of the frame loop from −0.1 s to ``t_end``: each frame draws and presents
    (``busy``, no polling), then polls every 1.0–1.2 ms until the next frame."""
    frame = 1.0 / loop_hz
    lo, hi = busy if busy is not None else BUSY.get(loop_hz, (0.002, min(0.005, 0.6 * frame)))
    out = []
    t = -0.1 - rng.random() * frame
    while t < t_end + 0.05:
        nxt = t + frame
        p = t + rng.uniform(lo, hi)
        while p < nxt:
            out.append(p)
            p += rng.uniform(*POLL)
        t = nxt
    return out


def events(st: Stroke, rng: random.Random, *, mouse_hz: int = 500, loop_hz: int = 60,
           px_per_mm: float = AIM_PX_PER_MM, stamping: str = "exact", busy=None,
           until: float | None = None, jitter_px: float = 0.0) -> list[Event]:
    """The events the scene receives for stroke ``st``: the press, the motions (a report
    whose whole-pixel position changed), and the release (none for ``through``; reports
    then go on until ``until`` s, default the end of the stroke + 0.1 s).

    :param stamping: ``"exact"`` (stamped when polled, decision 2) or ``"frame"`` (every
        event of a frame gets the frame's time, the shell before this round).
    :param jitter_px: the second hand model's unsteady hand: every report of the moving
        hand (faster than :data:`JITTER_MIN_SPEED`: a mouse at rest on the desk reports
        nothing) is off the stroke by a random amount,
        uniform in ±``jitter_px`` design px on each axis, independently from report to
        report, before the rounding to whole pixels (the truth stays the stroke's speed).
    """
    if stamping not in ("exact", "frame"):
        raise ValueError("stamping is 'exact' or 'frame'")
    period = 1.0 / mouse_hz
    phase = rng.random() * period
    ox, oy = rng.random(), rng.random()
    t_up = st.release
    t_last = (t_up if t_up is not None else (st.end + 0.1 if until is None else until)) + period
    reports = []
    k = math.ceil((0.0 - phase) / period)
    pressed = False
    last_pix = None
    while True:
        t = phase + k * period
        k += 1
        if t > t_last:
            break
        x, y = st.pos(t)
        jx = jy = 0.0
        if jitter_px and pressed and st.speed(t) > JITTER_MIN_SPEED:
            jx, jy = rng.uniform(-jitter_px, jitter_px), rng.uniform(-jitter_px, jitter_px)
        pix = (math.floor(x * px_per_mm + ox + jx), math.floor(y * px_per_mm + oy + jy))
        mm = ((pix[0] + 0.5 - ox) / px_per_mm, (pix[1] + 0.5 - oy) / px_per_mm)
        if not pressed:
            reports.append(("down", t, mm))
            pressed, last_pix = True, pix
            continue
        if pix != last_pix:
            reports.append(("motion", t, mm))
            last_pix = pix
        if t_up is not None and t >= t_up:
            reports.append(("up", t, mm))
            break
    out = []
    if stamping == "exact":
        polls = _polls(rng, loop_hz, reports[-1][1], busy)
    else:
        frame = 1.0 / loop_hz
        f0 = -0.1 - rng.random() * frame
        polls = [f0 + i * frame for i in range(int((reports[-1][1] - f0) / frame) + 3)]
    j = 0
    n_in = 0
    arrive = -math.inf
    last_t = None
    for kind, t, (x, y) in reports:
        if t != last_t:                              # one arrival per report
            arrive = t + rng.uniform(0.0, 1e-4)      # USB / system latency jitter
            last_t = t
        while polls[j] < arrive:
            j += 1
            n_in = 0
        stamp = polls[j] + (2e-6 * n_in if stamping == "exact" else 0.0)
        n_in += 1
        out.append(Event(kind, stamp, x, y, t))
    return out


@dataclass
class Outcome:
    """What :func:`play` got: the ``launch`` (None if the tracker made none), the event
    that ended the drag (``last``), the hand's speed at that event's report (``truth``)
    and, for ``through``, at the crossing instant (``truth_cross``)."""

    launch: Launch | None
    last: Event | None
    truth: float
    truth_cross: float | None = None
    samples: int = 0
    extra: dict = field(default_factory=dict)


def play(st: Stroke, evs: list[Event], make: Callable[[str], object] = SteadyFlick, *,
         side: str = "left", table: Table | None = None) -> Outcome:
    """Feed events ``evs`` of stroke ``st`` to a flick tracker built by ``make(side)``
    (``press`` / ``move`` / ``release`` as :class:`~mississippi.pointer.SteadyFlick`) and
    return the :class:`Outcome`."""
    fl = make(side)
    launch = None
    last = None
    n = 0
    for e in evs:
        n += 1
        last = e
        if e.kind == "down":
            fl.press(e.stamp, e.x, e.y, e.x + st.grab[0], e.y + st.grab[1])
        elif e.kind == "motion":
            launch = fl.move(e.stamp, e.x, e.y)
            if launch is not None:
                break
        else:
            launch = fl.release(e.stamp, e.x, e.y)
            break
    truth = st.speed(last.report) if last is not None else 0.0
    cross = None
    if st.shape == "through":
        table = table or Table()
        line = table.inner_line(side)
        d = table.direction(side)
        lo, hi = st.t0, st.end
        if (st.pos(hi)[0] + st.grab[0] - line) * d > 0:
            for _ in range(60):
                mid = 0.5 * (lo + hi)
                if (st.pos(mid)[0] + st.grab[0] - line) * d > 0:
                    hi = mid
                else:
                    lo = mid
            cross = st.speed(hi)
    return Outcome(launch, last, truth, cross, n)


def run(shape: str, speed: float, rng: random.Random, *, mouse_hz: int = 500,
        loop_hz: int = 60, px_per_mm: float = AIM_PX_PER_MM, stamping: str = "exact",
        make: Callable[[str], object] = SteadyFlick, side: str = "left",
        angle: float = 0.0) -> Outcome:
    """One modelled gesture of ``shape`` at hand speed ``speed`` mm/s, through the whole
    chain (:func:`stroke`, :func:`events`, :func:`play`)."""
    st = stroke(shape, speed, rng, side=side, angle=angle)
    evs = events(st, rng, mouse_hz=mouse_hz, loop_hz=loop_hz, px_per_mm=px_per_mm,
                 stamping=stamping)
    return play(st, evs, make, side=side)


def throw(side: str, x: float, y: float, vx: float, vy: float, hand: Hand, rng: random.Random, *,
          mouse_hz: int = 500, loop_hz: int = 60, shape: str | None = None,
          px_per_mm: float = AIM_PX_PER_MM, table: Table | None = None) -> Launch:
    """The Launch a modelled hand produces when it means to send the puck at (x, y) mm
    with (vx, vy) mm/s (M-U1), through :class:`mississippi.pointer.SteadyFlick` fed as the
    scene feeds it.

    The person's intended speed is scattered by ``hand.speed_sd`` (relative, normal) and
    its direction by ``hand.aim_sd_deg`` (degrees, normal); then a gesture of ``shape``
    (None: drawn at random among :data:`SHAPES`) is made with the mouse (``mouse_hz``
    reports/s, whole design px at ``px_per_mm``) and the frame loop (``loop_hz``) stamps
    its events. For ``through`` the puck is launched where the aim line crosses the zone's
    inner line (M-U1), so the Launch starts there, not at (x, y); a throw aimed more than
    78° away from the far end is made as ``peak`` instead. (x, y) is clamped into
    the launch area. All randomness comes from ``rng``.

    :returns: the :class:`~mississippi.flick.Launch` (its speed capped at 6000 mm/s).
    :raises ValueError: for an unknown side or shape.
    """
    table = table or Table()
    a = table.launch_area(side)
    r = table.puck_radius
    x = min(max(float(x), a.x0), a.x1)
    y = min(max(float(y), r), table.width - r)
    if shape is None:
        shape = rng.choice(SHAPES)
    elif shape not in SHAPES:
        raise ValueError(f"unknown gesture shape {shape!r}; one of {SHAPES}")
    sp = math.hypot(vx, vy) * max(0.0, 1.0 + rng.gauss(0.0, hand.speed_sd))
    d = table.direction(side)
    ang = (math.atan2(vy, vx * d) if sp > 0 else 0.0) + math.radians(rng.gauss(0.0, hand.aim_sd_deg))
    if sp < 1.0:
        fl = SteadyFlick(side, table)
        fl.press(0.0, x, y, x, y)
        return fl.release(0.3, x, y)
    if shape == "through" and math.cos(ang) < 0.2:
        shape = "peak"
    st = stroke(shape, sp, rng, side=side, at=(x, y), angle=ang, table=table)
    evs = events(st, rng, mouse_hz=mouse_hz, loop_hz=loop_hz, px_per_mm=px_per_mm)
    out = play(st, evs, lambda s: SteadyFlick(s, table), side=side, table=table)
    if out.launch is None:          # a through stroke that stopped short: let go at its end
        fl = SteadyFlick(side, table)
        for e in evs:
            if e.kind == "down":
                fl.press(e.stamp, e.x, e.y, e.x + st.grab[0], e.y + st.grab[1])
            else:
                fl.move(e.stamp, e.x, e.y)
        return fl.release(evs[-1].stamp + 0.001)
    return out.launch


@dataclass(frozen=True)
class Wander:
    """A long aiming drag (not a throw): the pressed puck is moved to and fro inside the
    launch area for ``duration`` s — a sum of slow sines on each axis (periods 0.9–6 s,
    speeds up to ~600 mm/s), still now and then where the sines nearly cancel — and let go
    at its end (``release``). Same interface as :class:`Stroke` for :func:`events`; for the
    aim guide's cost (``benchmarks/flick.py``: ``guide_cost``) and the test that the guide
    reads the same velocities however it is computed."""

    shape: str
    start: tuple[float, float]
    grab: tuple[float, float]
    waves: tuple[tuple[float, float, float, float, float], ...]
    """(x amplitude mm, y amplitude mm, angular frequency rad/s, x phase, y phase)."""
    release: float

    def pos(self, t: float) -> tuple[float, float]:
        """Pointer position (mm) at time t (s)."""
        x, y = self.start
        for ax, ay, w, px, py in self.waves:
            x += ax * (math.sin(w * t + px) - math.sin(px))
            y += ay * (math.sin(w * t + py) - math.sin(py))
        return x, y

    def vel(self, t: float) -> tuple[float, float]:
        """Pointer velocity (mm/s) at time t (s)."""
        vx = sum(ax * w * math.cos(w * t + px) for ax, _ay, w, px, _py in self.waves)
        vy = sum(ay * w * math.cos(w * t + py) for _ax, ay, w, _px, py in self.waves)
        return vx, vy

    def speed(self, t: float) -> float:
        """Pointer speed (mm/s) at time t (s)."""
        return math.hypot(*self.vel(t))

    @property
    def end(self) -> float:
        """Time (s) the drag ends."""
        return self.release


def wander(duration: float, rng: random.Random, *, side: str = "left",
           table: Table | None = None) -> Wander:
    """A :class:`Wander` drag of ``duration`` s from the hand spot of ``side``, its waves
    drawn from ``rng``; it stays inside the launch area (short of the inner line)."""
    table = table or Table()
    d = table.direction(side)
    a = table.launch_area(side)
    home = (table.gutter_edge(side) + d * 70.0, table.width / 2.0)
    cx = 0.5 * (a.x0 + a.x1)
    room_x = 0.5 * (a.x1 - a.x0) - 30.0
    room_y = 0.5 * table.width - table.puck_radius - 30.0
    waves = []
    for k in range(3):
        w = 2 * math.pi / rng.uniform(0.9, 6.0)
        waves.append((room_x / 3 * rng.uniform(0.5, 1.0), room_y / 3 * rng.uniform(0.5, 1.0), w,
                      rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi)))
    # the pointer starts where the sines put it: it wanders about the area's centre
    start = (cx + sum(ax * math.sin(px) for ax, _ay, _w, px, _py in waves),
             home[1] + sum(ay * math.sin(py) for _ax, ay, _w, _px, py in waves))
    return Wander("wander", start, (0.0, 0.0), tuple(waves), float(duration))
