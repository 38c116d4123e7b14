"""The mouse flick (rule M-U1): pointer samples → launch position and velocity.

Pure module (no pygame). Units: seconds (s), millimetres (mm), mm/s — the scene converts
pointer pixels to table millimetres before feeding samples in.

M-U1: the player presses on a puck in their launch area (their own target zone), drags it
— it follows the pointer — and releases. The launch velocity is the pointer's velocity
over the last ~60 ms before release, capped at 6000 mm/s. If the held puck is dragged past
the zone's inner line, it is released there with its current velocity. M-U2: the right
player's gesture runs leftward; the same code serves both ends.

The velocity is the least-squares slope of x(t) and y(t) over the window. The pointer is
assumed to move in straight lines between samples, so the window always starts with a
point interpolated at its start: a pointer that stalls before release (no motion events
for a while, then the button comes up) gives ~0, and jitter averages out over the ~8
samples a 120 Hz mouse delivers in 60 ms.

>>> v = flick_velocity([(0.00, 100.0, 200.0), (0.02, 140.0, 200.0),
...                     (0.04, 180.0, 200.0), (0.06, 220.0, 200.0)])
>>> [round(c, 6) for c in v]
[2000.0, 0.0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from .table import Side, Table

__all__ = ["WINDOW_S", "LAUNCH_CAP", "FlickError", "Launch", "cap_velocity",
           "flick_velocity", "FlickTracker"]

#: Length of the velocity window before release, in s (M-U1: "the last ~60 ms").
WINDOW_S = 0.060
#: Launch speed cap in mm/s (M-U1, M-P5).
LAUNCH_CAP = 6000.0

Sample = tuple[float, float, float]   # (t s, x mm, y mm)


class FlickError(ValueError):
    """Malformed pointer samples (time going backwards, non-finite numbers); the message
    starts with the rule id M-U1."""


@dataclass(frozen=True)
class Launch:
    """A flick's result: the puck's centre ``(x, y)`` in mm where it is released, its
    velocity ``(vx, vy)`` in mm/s (already capped), the release time ``t`` in s, and
    ``crossed`` — True if it was released because it reached the zone's inner line."""

    x: float
    y: float
    vx: float
    vy: float
    t: float
    crossed: bool = False

    @property
    def speed(self) -> float:
        """Launch speed in mm/s."""
        return math.hypot(self.vx, self.vy)


def _check(samples: Sequence[Sample]) -> None:
    last = -math.inf
    for s in samples:
        if len(s) != 3 or not all(math.isfinite(v) for v in s):
            raise FlickError(f"M-U1: a pointer sample must be three finite numbers, not {s!r}")
        if s[0] < last:
            raise FlickError("M-U1: pointer samples must be in time order")
        last = s[0]


def _at(samples: Sequence[Sample], t: float) -> tuple[float, float]:
    """Pointer position at time t (s): linear between samples, held outside them."""
    if t <= samples[0][0]:
        return samples[0][1], samples[0][2]
    for (t0, x0, y0), (t1, x1, y1) in zip(samples, samples[1:]):
        if t0 <= t <= t1:
            if t1 == t0:
                return x1, y1
            a = (t - t0) / (t1 - t0)
            return x0 + a * (x1 - x0), y0 + a * (y1 - y0)
    return samples[-1][1], samples[-1][2]


def cap_velocity(vx: float, vy: float, cap: float = LAUNCH_CAP) -> tuple[float, float]:
    """Scale (vx, vy) mm/s down to at most ``cap`` mm/s, keeping its direction (M-U1)."""
    sp = math.hypot(vx, vy)
    if sp > cap:
        return vx * cap / sp, vy * cap / sp
    return vx, vy


def flick_velocity(samples: Iterable[Sample], release_t: float | None = None, *,
                   window: float = WINDOW_S, cap: float = LAUNCH_CAP) -> tuple[float, float]:
    """Launch velocity (vx, vy) in mm/s from timestamped pointer samples (M-U1).

    :param samples: ``(t, x, y)`` in s and mm, in time order (the release position should
        be the last sample).
    :param release_t: release time in s (default: the last sample's time). Samples after it
        are ignored; if the pointer sent nothing for the whole window, the result is 0.
    :param window: length in s of the fit window before release (default 0.060).
    :param cap: the result is scaled down to at most this speed in mm/s (default 6000).
    :returns: the least-squares slope of x(t) and y(t) over ``[release_t − window,
        release_t]`` (from the first sample if the drag is shorter), capped; (0.0, 0.0)
        with fewer than two samples.
    :raises FlickError: for samples out of time order or with non-finite numbers.
    """
    pts = list(samples)
    _check(pts)
    if not pts:
        return 0.0, 0.0
    tr = pts[-1][0] if release_t is None else float(release_t)
    pts = [p for p in pts if p[0] <= tr]
    if len(pts) < 1:
        return 0.0, 0.0
    t0 = max(tr - window, pts[0][0])     # the drag may be shorter than the window
    ax, ay = _at(pts, t0)
    win = [(t0, ax, ay)] + [p for p in pts if p[0] > t0]
    hx, hy = _at(pts, tr)
    if win[-1][0] < tr:
        win.append((tr, hx, hy))      # pointer held still until the release
    n = len(win)
    if n < 2:
        return 0.0, 0.0
    mt = sum(p[0] for p in win) / n
    mx = sum(p[1] for p in win) / n
    my = sum(p[2] for p in win) / n
    stt = sum((p[0] - mt) ** 2 for p in win)
    if stt <= 0.0:
        return 0.0, 0.0
    vx = sum((p[0] - mt) * (p[1] - mx) for p in win) / stt
    vy = sum((p[0] - mt) * (p[2] - my) for p in win) / stt
    return cap_velocity(vx, vy, cap)


class FlickTracker:
    """Follows one drag of a puck in a launch area and produces its :class:`Launch`
    (M-U1, M-U2).

    Feed it ``press`` once, ``move`` for every pointer motion, and ``release`` when the
    button comes up; ``move`` returns a launch by itself when the puck reaches the zone's
    inner line. :attr:`puck` is where to draw the held puck: the pointer plus the grab
    offset, kept inside the launch area (centre on the table, between the rails, not past
    the inner line).

    >>> tr = FlickTracker("left")
    >>> tr.press(0.0, 400.0, 240.0)
    >>> tr.move(0.03, 460.0, 240.0) is None
    True
    >>> tr.move(0.06, 520.0, 240.0) is None
    True
    >>> launch = tr.release(0.07, 540.0, 240.0)
    >>> round(launch.vx), round(launch.vy), launch.crossed
    (2000, 0, False)
    """

    def __init__(self, side: Side, table: Table | None = None, *,
                 window: float = WINDOW_S, cap: float = LAUNCH_CAP) -> None:
        self.table = table if table is not None else Table()
        self.side = side
        self.window = window
        self.cap = cap
        zone = self.table.launch_area(side)
        r = self.table.puck_radius
        self._xmin, self._xmax = zone.x0, zone.x1
        self._ymin, self._ymax = r, self.table.width - r
        self._line = self.table.inner_line(side)
        self._dir = self.table.direction(side)
        self._samples: list[Sample] = []
        self._off = (0.0, 0.0)
        self.active = False
        self.launch: Launch | None = None

    def _clamp(self, x: float, y: float) -> tuple[float, float]:
        return (min(max(x, self._xmin), self._xmax), min(max(y, self._ymin), self._ymax))

    @property
    def puck(self) -> tuple[float, float]:
        """Centre (x, y) mm where the held puck is drawn now."""
        if not self._samples:
            return self._clamp(*self._off)
        _, x, y = self._samples[-1]
        return self._clamp(x + self._off[0], y + self._off[1])

    def press(self, t: float, x: float, y: float, puck_x: float | None = None,
              puck_y: float | None = None) -> None:
        """Start a drag at time t (s) with the pointer at (x, y) mm; ``puck_x, puck_y``
        is the centre of the puck grabbed (default: the pointer), so the puck keeps its
        offset from the pointer.

        :raises FlickError: for non-finite numbers.
        """
        _check([(t, x, y)])
        px = x if puck_x is None else puck_x
        py = y if puck_y is None else puck_y
        self._off = (px - x, py - y)
        self._samples = [(float(t), float(x), float(y))]
        self.active = True
        self.launch = None

    def move(self, t: float, x: float, y: float) -> Launch | None:
        """Pointer moved to (x, y) mm at time t (s). Returns the :class:`Launch` if the
        puck's centre just passed the zone's inner line (M-U1: released there, at the
        interpolated crossing time and point, with the velocity up to that moment), else
        None. Does nothing (returns None) when no drag is active.

        :raises FlickError: for a sample earlier than the previous one or non-finite.
        """
        if not self.active:
            return None
        s = (float(t), float(x), float(y))
        _check([self._samples[-1], s])
        prev = self._samples[-1]
        self._samples.append(s)
        cx_prev = prev[1] + self._off[0]
        cx = x + self._off[0]
        if (cx - self._line) * self._dir > 0:
            # Interpolate the crossing between the previous and this sample.
            span = cx - cx_prev
            a = (self._line - cx_prev) / span if span else 1.0
            a = min(max(a, 0.0), 1.0)
            tc = prev[0] + a * (s[0] - prev[0])
            yc = prev[2] + a * (s[2] - prev[2])
            pts = self._samples[:-1] + [(tc, self._line - self._off[0], yc)]
            vx, vy = flick_velocity(pts, tc, window=self.window, cap=self.cap)
            _, py = self._clamp(self._line, yc + self._off[1])
            return self._finish(Launch(self._line, py, vx, vy, tc, True))
        return None

    def release(self, t: float, x: float | None = None, y: float | None = None) -> Launch:
        """Button released at time t (s), pointer at (x, y) mm (default: where it last
        was). Returns the :class:`Launch` (velocity over the last ``window`` s).

        :raises FlickError: if no drag is active, or for bad numbers.
        """
        if not self.active:
            raise FlickError("M-U1: release without a press")
        _, lx, ly = self._samples[-1]
        x = lx if x is None else x
        y = ly if y is None else y
        launch = self.move(t, x, y)
        if launch is not None:
            return launch
        vx, vy = flick_velocity(self._samples, float(t), window=self.window, cap=self.cap)
        px, py = self.puck
        return self._finish(Launch(px, py, vx, vy, float(t), False))

    def cancel(self) -> None:
        """Drop the drag without launching (e.g. focus lost)."""
        self.active = False
        self._samples = []

    def _finish(self, launch: Launch) -> Launch:
        self.active = False
        self.launch = launch
        return launch
