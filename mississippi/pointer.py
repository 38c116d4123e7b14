"""Pointer samples as the frame loop delivers them, re-timed for the flick (M-U1).

Pure module (no pygame). Units: s, mm, mm/s; design px where said.

The shell stamps every event when it takes it from the event queue (``event.stamp``,
``time.perf_counter()``), polling about every millisecond while a drag is on — except
while it draws and presents a frame: events that arrive then wait a few ms and come out
together, late. A mouse, though, reports at a steady rate (USB polls it every 1, 2, 4 or
8 ms: 1000, 500, 250 or 125 Hz), so the true instants lie on a lattice ``phase + k ×
period``. :func:`lattice` finds it: for each standard period, largest first, it puts each
sample on the latest lattice instant not after its stamp (and before the next sample's),
and keeps the first period for which every sample still comes after the previous poll
(the stamp of the previous batch). A sample that waited through a draw is thus put back
where it was reported, and the ±0.5 ms of polling goes; gaps on the lattice are reports
that did not change the pixel (:func:`mississippi.flick.fill_holds`). Samples that fit no
lattice (a device with an irregular rate) keep their stamps. ``benchmarks/flick.py``
measures what this changes.

:class:`SteadyFlick` is the :class:`~mississippi.flick.FlickTracker` the scene feeds
(press / move / release, stamps in s, table mm) with its samples re-timed so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from mississippi.flick import (SAME_REPORT_S, FlickTracker, Launch, Sample,  # noqa: F401
                               check_samples, typical_period)

__all__ = ["AIM_PX_PER_MM", "PERIODS", "Lattice", "lattice", "retime", "SteadyFlick", "Launch"]

AIM_PX_PER_MM = 0.8
"""Design pixels per table millimetre at which the pointer is rounded while the shooter
aims (design.md, Flick contract; decision 1 of this round: provisional 0.8, so a 76 mm
puck is 61 design px across). The flick estimate works for any value 0.5–1.25."""

PERIODS = tuple(1.0 / hz for hz in (125, 250, 500, 1000, 2000, 4000, 8000))
"""Report periods (s) of USB pointing devices, tried largest first."""
BATCH_S = 5e-5
"""Stamps closer than this (s) were taken from the queue in one poll."""
EARLY_S = 2e-4
"""How far (s) a re-timed sample may fall before the previous poll (delivery jitter)."""
SPAN_S = 0.4
"""Only the last SPAN_S seconds of a drag are re-timed (older samples keep their stamps)."""
PHASES = 24
"""Phases tried per period (then refined)."""


@dataclass(frozen=True)
class Lattice:
    """A steady report rate found in the stamps: ``period`` s, and ``times`` — the instant
    (s, same clock as the stamps) each sample was reported."""

    period: float
    times: tuple[float, ...]


def _assign(s: np.ndarray, steps: np.ndarray, period: float, phases: np.ndarray) -> np.ndarray:
    """Lattice slot of every sample for every phase (rows): the latest slot not after its
    stamp and before the next sample's slot (``steps[i]`` = 0 when sample i is the same
    report as sample i − 1)."""
    f = np.floor((s[None, :] - phases[:, None]) / period)
    d = np.cumsum(steps)
    c = f - d[None, :]
    c = np.minimum.accumulate(c[:, ::-1], axis=1)[:, ::-1]
    return c + d[None, :]


MAX_WAIT_S = 0.012
"""The longest a sample may have waited in the queue while the loop drew a frame (s)."""
DENSE = 3
"""A pointer that reported a new pixel at this many successive instants is moving at least
a pixel per report: if its next samples come late, they were reported at the next
instants."""


def _close_up(k: np.ndarray, s_rel: np.ndarray, steps: np.ndarray, new_batch: np.ndarray,
              lower: np.ndarray, phase: float, period: float) -> np.ndarray:
    """Move a batch of samples that came after a gap back to the instants right after the
    previous sample, when the pointer had reported a new pixel at each of the last
    :data:`DENSE` instants before the gap (moving a pixel or more per report, no instant
    in the gap went without a sample: the batch waited in the queue while a frame was
    drawn) and it would have waited at most :data:`MAX_WAIT_S`. Never before the previous
    poll, never later than its stamp allows."""
    k = k.copy()
    n = k.size
    run = 0                                  # successive instants with a sample, so far
    i = 1
    while i < n:
        if not new_batch[i]:
            d = k[i] - k[i - 1]
            run = run + 1 if d == 1 else (0 if d > 1 else run)
            i += 1
            continue
        j = i + 1
        while j < n and not new_batch[j]:
            j += 1                           # batch = samples i .. j-1
        if k[i] - k[i - 1] > steps[i] and run >= DENSE:
            first = math.floor((lower[i] - phase) / period) + 1   # after the previous poll
            slot = max(k[i - 1], first - steps[i])
            if s_rel[i] - (phase + (slot + steps[i]) * period) <= MAX_WAIT_S:
                for m in range(i, j):
                    slot += steps[m]
                    k[m] = min(k[m], slot)
        for m in range(i, j):
            d = k[m] - k[m - 1]
            run = run + 1 if d == 1 else (0 if d > 1 else run)
        i = j
    return k


def lattice(stamps, same=None, periods=PERIODS) -> Lattice | None:
    """The steady report lattice that explains ``stamps`` (s, non-decreasing), or None.

    :param same: optional booleans, True where a sample is the same report as the one
        before it (a button release together with the last motion).
    :param periods: candidate report periods (s); the largest consistent one is taken.
        A period is consistent if every sample, put on the latest lattice instant not
        after its stamp and before the next sample's, still comes after the previous poll
        (the previous distinct stamp, less :data:`EARLY_S`).
    :returns: the :class:`Lattice`, or None with fewer than four samples or if no period
        fits (then the stamps are the best times there are).
    """
    s = np.asarray(stamps, float)
    n = s.size
    if n < 4:
        return None
    if np.any(np.diff(s) < 0):
        return None
    ref = s[-1]
    s = s - ref
    steps = np.ones(n)
    if same is not None:
        steps[np.asarray(same, bool)] = 0.0
    steps[0] = 0.0
    # previous poll: the stamp of the previous batch
    new_batch = np.concatenate(([True], np.diff(s) > BATCH_S))
    batch_start = np.maximum.accumulate(np.where(new_batch, np.arange(n), 0))
    prev_idx = batch_start - 1
    lower = np.where(prev_idx >= 0, s[np.maximum(prev_idx, 0)], -np.inf) - EARLY_S
    cands = sorted(set(periods), reverse=True)
    tm = typical_period(s)
    if tm > 1.5 * cands[0]:
        cands.insert(0, tm)                  # slower than any mouse (e.g. one per frame)
    for period in cands:
        phases = np.linspace(0.0, period, PHASES, endpoint=False)
        k = _assign(s, steps, period, phases)
        t = phases[:, None] + k * period
        ok = np.all(t > lower[None, :], axis=1)
        if not ok.any():
            continue
        delay = np.where(ok, np.sum(s[None, :] - t, axis=1), np.inf)
        ph = phases[int(np.argmin(delay))]
        # refine: move the lattice as late as every stamp allows
        for _ in range(3):
            kk = _assign(s, steps, period, np.array([ph]))[0]
            tt = ph + kk * period
            if not np.all(tt > lower):
                break
            shift = float(np.min(s - tt))
            if shift < 1e-7:
                break
            ph2 = ph + shift
            k2 = _assign(s, steps, period, np.array([ph2]))[0]
            if not np.all(ph2 + k2 * period > lower):
                break
            ph = ph2
        kk = _assign(s, steps, period, np.array([ph]))[0]
        kk = _close_up(kk, s, steps, new_batch, lower, ph, period)
        times = ph + kk * period + ref
        return Lattice(float(period), tuple(float(v) for v in times))
    return None


def retime(samples: list[Sample], same=None) -> tuple[list[Sample], float | None]:
    """Re-time ``(t, x, y)`` samples (s, mm) stamped by the frame loop on their report
    lattice (:func:`lattice`); samples older than :data:`SPAN_S` before the last keep their
    stamps. Returns the samples (still in time order) and the report period (s), or the
    samples unchanged and None if no lattice fits."""
    pts = check_samples(samples)
    if len(pts) < 4:
        return pts, None
    t_last = pts[-1][0]
    i0 = 0
    while i0 < len(pts) - 4 and pts[i0][0] < t_last - SPAN_S:
        i0 += 1
    sub = pts[i0:]
    sm = None if same is None else list(same)[i0:]
    lat = lattice([p[0] for p in sub], sm)
    if lat is None:
        return pts, None
    out = pts[:i0] + [(t, p[1], p[2]) for t, p in zip(lat.times, sub)]
    # keep the order with the older, untouched samples
    for i in range(max(i0, 1), len(out)):
        if out[i][0] < out[i - 1][0]:
            out[i] = (out[i - 1][0], out[i][1], out[i][2])
    return out, lat.period


class SteadyFlick(FlickTracker):
    """The flick tracker the scene feeds (M-U1, M-U2): ``press(t, x, y, puck_x, puck_y)``,
    ``move(t, x, y) -> Launch | None``, ``release(t, x, y) -> Launch``, ``velocity(t)``,
    ``cancel()``, ``puck``; times are the events' stamps (s), positions table mm. The
    velocity is estimated from the samples re-timed by :func:`retime` (a mouse's steady
    report rate), gaps filled with the held position.

    :param side: ``"left"`` or ``"right"`` (M-U2).
    :param table: the table geometry (default: the regulation table, M-T).
    """

    def __init__(self, side: str, table=None) -> None:
        super().__init__(side, table)
        self._cache: tuple | None = None

    @property
    def raw(self) -> list[Sample]:
        """The samples as stamped by the frame loop (press first)."""
        return self.samples

    def _timed(self, samples):
        key = (len(samples), samples[0], samples[-1])
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        pts, period = retime(samples)
        arr = np.asarray(pts, float)
        if period is None:
            period = typical_period(arr[:, 0])
        self._cache = (key, (arr, period))
        return arr, period
