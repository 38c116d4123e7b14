"""Pointer samples as the frame loop delivers them, re-timed for the flick (M-U1).

Pure module (no pygame). The shell drains the event queue once per frame, so every pointer
motion of one frame gets the same time stamp (the frame's), and a mouse reporting every
22 ms on a 60 Hz loop delivers one event per frame with the odd empty frame: the stamps
jitter by up to a frame (17 ms) against a 60 ms velocity window, and a flick's speed comes
out ±25 % wrong. Positions, however, are exact, and a hand in motion makes its mouse report
at a steady rate. :class:`SteadyFlick` therefore re-times each *burst* of motion (samples
less than :data:`GAP` s apart) on the least-squares line of stamp against sample index —
the steady rate the device really had — and feeds the re-timed samples to
:class:`mississippi.flick.FlickTracker`. A pause (no motion for ``GAP`` s) starts a new
burst, so a puck held still and then flicked is timed correctly. Units: s, mm, mm/s.
"""

from __future__ import annotations

from mississippi.flick import FlickTracker, Launch, flick_velocity

GAP = 0.05
"""Seconds without motion that end a burst of pointer samples."""


def retime(samples: list[tuple[float, float, float]], gap: float = GAP) -> list[tuple[float, float, float]]:
    """Re-time the last burst of ``(t, x, y)`` samples (s, mm) on its fitted steady rate;
    earlier samples are kept. The result stays in time order."""
    if len(samples) < 3:
        return list(samples)
    i = len(samples) - 1
    while i > 0 and samples[i][0] - samples[i - 1][0] < gap:
        i -= 1
    burst = samples[i:]
    n = len(burst)
    if n < 3 or burst[-1][0] <= burst[0][0]:
        return list(samples)
    km = (n - 1) / 2
    tm = sum(s[0] for s in burst) / n
    skk = sum((k - km) ** 2 for k in range(n))
    b = sum((k - km) * (s[0] - tm) for k, s in enumerate(burst)) / skk
    a = tm - b * km
    out = list(samples[:i])
    floor = out[-1][0] if out else float("-inf")
    for k, (_t, x, y) in enumerate(burst):
        t = max(a + b * k, floor)
        out.append((t, x, y))
        floor = t
    return out


class SteadyFlick:
    """A :class:`~mississippi.flick.FlickTracker` whose samples are re-timed by
    :func:`retime` (same methods: ``press``, ``move``, ``release``, ``cancel``, ``puck``).

    :param side: ``"left"`` or ``"right"`` (M-U2).
    """

    def __init__(self, side: str, table=None) -> None:
        self.side = side
        self._table = table
        self._raw: list[tuple[float, float, float]] = []
        self._grab: tuple[float | None, float | None] = (None, None)
        self._tracker = FlickTracker(side, table)
        self.launch: Launch | None = None

    @property
    def active(self) -> bool:
        return self._tracker.active

    @property
    def puck(self) -> tuple[float, float]:
        """Centre (x, y) mm of the held puck."""
        return self._tracker.puck

    @property
    def raw(self) -> list[tuple[float, float, float]]:
        """The samples as stamped by the frame loop."""
        return list(self._raw)

    def press(self, t: float, x: float, y: float, puck_x: float | None = None,
              puck_y: float | None = None) -> None:
        """Start the drag (see ``FlickTracker.press``)."""
        self._raw = [(float(t), float(x), float(y))]
        self._grab = (puck_x, puck_y)
        self._tracker = FlickTracker(self.side, self._table)
        self._tracker.press(t, x, y, puck_x, puck_y)

    def _rebuild(self) -> tuple[FlickTracker, Launch | None]:
        samples = retime(self._raw)
        tr = FlickTracker(self.side, self._table)
        t0, x0, y0 = samples[0]
        tr.press(t0, x0, y0, *self._grab)
        launch = None
        for s in samples[1:]:
            launch = tr.move(*s)
            if launch is not None:
                break
        return tr, launch

    def move(self, t: float, x: float, y: float) -> Launch | None:
        """Pointer at (x, y) mm at frame time t (s); the launch if the puck crossed the
        zone's inner line (M-U1)."""
        if not self._tracker.active:
            return None
        self._raw.append((float(t), float(x), float(y)))
        self._tracker, launch = self._rebuild()
        if launch is not None:
            self.launch = launch
        return launch

    def release(self, t: float, x: float | None = None, y: float | None = None) -> Launch:
        """Button up at frame time t (s): the launch. A release in the same frame as the last
        motion takes that motion's re-timed instant; a later one keeps its own time (the
        pointer was still in between)."""
        last_raw = self._raw[-1][0]
        samples = retime(self._raw)
        t_rel = samples[-1][0] if t <= last_raw else float(t)
        launch = self._tracker.release(t_rel, x, y)
        self.launch = launch
        return launch

    def velocity(self, t: float | None = None) -> tuple[float, float]:
        """(vx, vy) mm/s the held puck would be launched with if released at frame time
        ``t`` s (default: the last motion), for the aim guide (M-U1); (0, 0) when no drag
        is active or before any motion. Motion less than :data:`GAP` s before ``t`` counts
        as still going on (the frame loop stamps events late)."""
        if not self._tracker.active or len(self._raw) < 2:
            return 0.0, 0.0
        samples = retime(self._raw)
        last = samples[-1][0]
        at = last if t is None or t - self._raw[-1][0] < GAP else max(float(t), last)
        return flick_velocity(samples, at, window=self._tracker.window, cap=self._tracker.cap)

    def cancel(self) -> None:
        self._tracker.cancel()
