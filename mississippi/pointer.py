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
(the stamp of the previous batch). The ±0.5 ms of polling goes. A batch that came after a
gap — it may have waited through a draw — is then moved back to where the pointer's track
before it says it was reported (:func:`_place_late`), unless the track moves less than a
pointer step across the instants it could have had: then its positions cannot tell them
apart, and moving it by rounding noise made a slow push from a 1000 Hz mouse spread 5 %
(one stroke repeated; 2–3 % left on the latest instants). Last, every sample whose stamp
still allows more than one instant (at 1000 Hz the ~1.1 ms polls are slower than the
reports, and a poll that delivered nothing leaves no stamp) and that changed the pixel is
put on the first of those instants at which the hand's smoothed track is inside its
pixel: a motion event is the first report in its pixel (:func:`_on_track`). Gaps on the
lattice are reports that did not change the pixel (:func:`mississippi.flick.fill_holds`). Samples that fit no
lattice (a device with an irregular rate) keep their stamps. ``benchmarks/flick.py``
measures what this changes: on the modelled hands at 0.8 px/mm the worst p95 spread of
launch/hand between strokes is 5.3 % with this re-timing, 34 % with the stamps as they
are and 31 % with the burst re-timing of the previous round.

:class:`SteadyFlick` is the :class:`~mississippi.flick.FlickTracker` the scene feeds
(press / move / release, stamps in s, table mm) with its samples re-timed so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from mississippi.flick import (DEFAULT_STEP_MM, SAME_REPORT_S, FlickError,  # noqa: F401
                               FlickTracker, Launch, Sample, fill_holds, guard_velocity,
                               pointer_step, track_at, typical_period)

__all__ = ["AIM_PX_PER_MM", "PERIODS", "Lattice", "lattice", "retime", "SteadyFlick", "Launch"]

AIM_PX_PER_MM = 0.8
"""Design pixels per table millimetre at which the pointer is rounded while the shooter
aims (design.md, Flick contract): final 0.8, the scale of the Mississippi close view
(``mississippi.view.CameraView``), so a 76 mm puck is 61 design px across (issue 12 goal
≥ 60) and a full-length lag (3310 mm/s) is a 2648 px/s flick at 1280×720
(``docs/mississippi-view.md``). The flick estimate works for any value 0.5–1.25."""

PERIODS = tuple(1.0 / hz for hz in (125, 250, 500, 1000, 2000, 4000, 8000))
"""Report periods (s) of USB pointing devices, tried largest first."""
BATCH_S = 5e-5
"""Stamps closer than this (s) were taken from the queue in one poll."""
EARLY_S = 2e-4
"""How far (s) a re-timed sample may fall before the previous poll (delivery jitter) …"""
EARLY_FRACTION = 0.075
"""… or this fraction of the report period, if more, up to :data:`EARLY_MAX_S`: a loop held
behind a long frame takes the events that waited when it ends, and one that arrived just
then may be stamped a little after them (``benchmarks/flick_held.py``: stamps of held
events up to 0.5 ms after the draw ended, the next report's after its arrival). With
0.2 ms a 125 Hz lattice was refused for 8 ms holds and the stamps kept as they were:
launch/hand 0.790–1.258, 7 of 16 more than 10 % off; with 0.6 ms at 8 ms periods the
same as exact stamps (0.994–1.017). Kept at 0.2 ms for 500 and 1000 Hz (0.6 ms there put
a slow push from a 1000 Hz mouse at 3.3 % instead of 2.8 %, one stroke repeated)."""
EARLY_MAX_S = 6e-4


def _early(period: float) -> float:
    """The delivery jitter (s) a lattice of ``period`` s allows before the previous poll."""
    return max(EARLY_S, min(EARLY_FRACTION * period, EARLY_MAX_S))
SPAN_S = 0.4
"""Only the last SPAN_S seconds of a drag are re-timed (older samples keep their stamps)."""
GUIDE_REUSE = 12
"""The aim guide re-times in full only every GUIDE_REUSE new samples."""
SPREAD_START = 6
"""The guide puts the samples newer than its last re-timing on that re-timing's lattice
(:func:`_extend`), and starts the next re-timing, spread over the frames that follow
(:meth:`SteadyFlick.velocity`), once SPREAD_START new samples have come since the last."""
PHASES = 24
"""Phases tried per period: one just before each of the last 24 stamps."""
GUARD_SPAN_S = 0.26
"""The launch's guard (:func:`mississippi.flick.guard_velocity`) is fed the samples of the
last GUARD_SPAN_S seconds (it reads its last 0.25 s)."""


@dataclass(frozen=True)
class Lattice:
    """A steady report rate found in the stamps: ``period`` s, and ``times`` — the instant
    (s, same clock as the stamps) each sample was reported."""

    period: float
    times: tuple[float, ...]
    earliest: tuple[float, ...] = ()
    """Per sample, the earliest instant it can have been reported at (after the previous
    poll that delivered a sample; −inf for the first)."""
    latest: tuple[float, ...] = ()
    """Per sample, the latest instant it can have been reported at (not after its stamp,
    before the next sample's)."""


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
PLACE_S = 0.3
"""Late batches are placed in the last PLACE_S seconds only (the velocity fit reaches
0.25 s back at most)."""
TRACK = (4, 20, 0.05)
SLOW_STEPS = 1.0
"""A late batch is left on the latest instants when the track moves less than this many
pointer steps across the instants it could have been reported at (the positions cannot
tell them apart)."""
"""A late batch is placed on the track of the samples before it: at least 4, at most 20
of them, from the last 0.05 s."""


def _quadratic_at(kl: list[int], xl: list[float], yl: list[float], r: int, p: int):
    """Least-squares quadratics a + b·u + c·u² through the samples r … p, ``u`` their
    lattice slots ``kl`` counted from ``kl[p]`` (report periods), in x (``xl``) and y
    (``yl``) mm: ``((a, b, c) of x, (a, b, c) of y)`` by the normal equations in closed form
    (a few plain floats), or None if the slots do not fix a quadratic."""
    s0 = s1 = s2 = s3 = s4 = 0.0
    x0 = x1 = x2 = y0 = y1 = y2 = 0.0
    kp = kl[p]
    for m in range(r, p + 1):
        tv = float(kl[m] - kp)
        xv = xl[m]
        yv = yl[m]
        t2 = tv * tv
        s0 += 1.0
        s1 += tv
        s2 += t2
        s3 += t2 * tv
        s4 += t2 * t2
        x0 += xv
        x1 += tv * xv
        x2 += t2 * xv
        y0 += yv
        y1 += tv * yv
        y2 += t2 * yv
    # the inverse of [[s0 s1 s2] [s1 s2 s3] [s2 s3 s4]] by cofactors
    c00, c01, c02 = s2 * s4 - s3 * s3, s2 * s3 - s1 * s4, s1 * s3 - s2 * s2
    c11, c12, c22 = s0 * s4 - s2 * s2, s1 * s2 - s0 * s3, s0 * s2 - s1 * s1
    det = s0 * c00 + s1 * c01 + s2 * c02
    if not abs(det) > 1e-12 * max(abs(s0 * s2 * s4), 1.0):
        return None
    return (((c00 * x0 + c01 * x1 + c02 * x2) / det, (c01 * x0 + c11 * x1 + c12 * x2) / det,
             (c02 * x0 + c12 * x1 + c22 * x2) / det),
            ((c00 * y0 + c01 * y1 + c02 * y2) / det, (c01 * y0 + c11 * y1 + c12 * y2) / det,
             (c02 * y0 + c12 * y1 + c22 * y2) / det))


def _place_late(k: np.ndarray, s_rel: np.ndarray, steps: np.ndarray, new_batch: np.ndarray,
                lower: np.ndarray, phase: float, period: float, x: np.ndarray,
                y: np.ndarray, start: int = 1) -> np.ndarray:
    """:func:`_place_late_steps` run to its end: the lattice slots (array like ``k``)."""
    return _run(_place_late_steps(k, s_rel, steps, new_batch, lower, phase, period, x, y,
                                  start))


def _run(steps):
    """Run a generator of this module's ``…_steps`` functions to its end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


CHUNK = 12
"""The aim guide's spread re-timing (:meth:`SteadyFlick.velocity`) follows at most this
many late batches' tracks per frame (:func:`_place_late_steps`)."""


def _place_late_steps(k: np.ndarray, s_rel: np.ndarray, steps: np.ndarray,
                      new_batch: np.ndarray, lower: np.ndarray, phase: float, period: float,
                      x: np.ndarray, y: np.ndarray, start: int = 1):
    """A generator that yields (None) after every :data:`CHUNK` tracks followed and
    returns the slots (an array like ``k``); the same arithmetic as run in one go.
    ``start``: the first sample that may be moved (:func:`_extend`: the new ones).

    Place each batch of samples that came after a gap in the lattice — it may have
    waited in the queue while a frame was drawn, at most :data:`MAX_WAIT_S` — where the
    pointer's track says it was reported: a quadratic fitted to the samples before the gap
    (:data:`TRACK`) is followed to the instant nearest the batch's first position. Never
    later than its stamp allows, never before the previous poll, always after the
    previous sample. Without a track to follow (the pointer was still), or where the track
    moves less than :data:`SLOW_STEPS` pointer steps across the instants the batch could
    have had, the batch stays on the latest instants."""
    step = pointer_step(x, y) or DEFAULT_STEP_MM
    kl = k.astype(np.int64).tolist()         # plain lists: this loop is Python
    st = steps.astype(np.int64).tolist()
    nb = new_batch.tolist()
    sr = s_rel.tolist()
    lw = lower.tolist()
    xl, yl = x.tolist(), y.tolist()
    n = len(kl)
    i = max(int(np.searchsorted(s_rel, -PLACE_S)), start)   # only where the fit looks
    max_back = TRACK[2] / period
    followed = 0
    while i < n:
        if not nb[i]:
            i += 1
            continue
        j = i + 1
        while j < n and not nb[j]:
            j += 1                           # batch = samples i .. j-1
        p = i - 1
        first = max(kl[p] + st[i], math.floor((lw[i] - phase) / period) + 1)
        if kl[i] > first and sr[i] - (phase + first * period) <= MAX_WAIT_S:
            r = p
            while r > 0 and p - r + 1 < TRACK[1] and kl[p] - kl[r - 1] <= max_back:
                r -= 1
            xs, ys = xl[r:p + 1], yl[r:p + 1]
            if p - r + 1 >= TRACK[0] and (max(xs) > min(xs) or max(ys) > min(ys)):
                followed += 1
                if followed % CHUNK == 0:
                    yield
                cx = _quadratic_at(kl, xl, yl, r, p)  # in report periods from kl[p]
                if cx is None:
                    i = j
                    continue
                (ax, bx, qx), (ay, by, qy) = cx
                u0, u1 = first - kl[p], kl[i] - kl[p]
                if math.hypot(bx * (u1 - u0) + qx * (u1 * u1 - u0 * u0),
                              by * (u1 - u0) + qy * (u1 * u1 - u0 * u0)) < SLOW_STEPS * step:
                    i = j                    # the track hardly moves there: its position
                    continue                 # cannot tell the instants apart
                best, best_d = 0, math.inf
                for m, u in enumerate(range(u0, u1 + 1)):
                    dd = math.hypot(ax + bx * u + qx * u * u - xl[i], ay + by * u + qy * u * u - yl[i])
                    if dd < best_d:
                        best, best_d = m, dd
                back = kl[i] - (first + best)
                for m in range(i, j):
                    kl[m] = max(kl[m] - back, kl[m - 1] + st[m])
        i = j
    return np.array(kl, dtype=k.dtype)


def _arc_start(s: np.ndarray, period: float, m: int = 8) -> np.ndarray:
    """Phases (s) just before the first ``m`` stamps of the arc the stamps' phases
    cluster on (after the widest empty gap): the samples taken soonest after they were
    reported, wherever in the drag they are."""
    ph = np.sort(np.mod(s, period))
    gaps = np.diff(np.concatenate([ph, ph[:1] + period]))
    start = (int(np.argmax(gaps)) + 1) % ph.size
    return np.mod(np.roll(ph, -start)[:m] - 1e-7, period)


def _batches(s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For stamps ``s`` (s, non-decreasing): where a new batch (one poll's samples) starts,
    and each sample's previous poll — the stamp of the batch before its own (−inf for the
    first batch), after which it must have been reported."""
    n = s.size
    new_batch = np.concatenate(([True], np.diff(s) > BATCH_S))
    batch_start = np.maximum.accumulate(np.where(new_batch, np.arange(n), 0))
    prev = batch_start - 1
    return new_batch, np.where(prev >= 0, s[np.maximum(prev, 0)], -np.inf)


def lattice(stamps, same=None, periods=PERIODS, positions=None,
            below: float | None = None) -> Lattice | None:
    """The steady report lattice that explains ``stamps`` (s, non-decreasing), or None.

    :param same: optional booleans, True where a sample is the same report as the one
        before it (a button release together with the last motion).
    :param periods: candidate report periods (s); the largest consistent one is taken.
        A period is consistent if every sample, put on the latest lattice instant not
        after its stamp and before the next sample's, still comes after the previous poll
        (the previous distinct stamp, less :data:`EARLY_S`).
    :param positions: the ``(x, y)`` mm of each sample, if known: a batch that came late
        is then placed on the pointer's track (:func:`_place_late`), else on the latest
        instants its stamp allows.
    :param below: a period found for fewer samples of the same drag: only it and smaller
        periods are tried (more samples never make a larger period consistent again).
    :returns: the :class:`Lattice` (with each sample's earliest and latest possible
        instant), or None with fewer than four samples or if no period fits (then the
        stamps are the best times there are).
    """
    return _run(_lattice_steps(stamps, same, periods, positions, below))


def _lattice_steps(stamps, same=None, periods=PERIODS, positions=None,
                   below: float | None = None):
    """:func:`lattice` as a generator (yields after the lattice is found, then as
    :func:`_place_late_steps`; returns the :class:`Lattice` or None)."""
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
    new_batch, polled = _batches(s)
    cands = sorted(set(periods), reverse=True)
    tm = typical_period(s)
    if tm > 1.5 * cands[0]:
        cands.insert(0, tm)                  # slower than any mouse (e.g. one per frame)
    if below is not None:
        cands = [c for c in cands if c <= below * 1.0001] or cands
    tail = s[-PHASES:]
    for period in cands:
        lower = polled - _early(period)
        # a lattice instant just before one of the recent stamps (a sample taken at once)
        phases = np.unique(np.concatenate([np.mod(tail - 1e-7, period), _arc_start(s, period)]))
        k = _assign(s, steps, period, phases)
        t = phases[:, None] + k * period
        ok = np.all(t > lower[None, :], axis=1)
        if not ok.any():
            continue
        delay = np.where(ok, np.sum(s[None, :] - t, axis=1), np.inf)
        ph = float(phases[int(np.argmin(delay))])
        kk = _assign(s, steps, period, np.array([ph]))[0]
        latest = ph + kk * period + ref
        with np.errstate(invalid="ignore"):
            first = np.floor((lower - ph) / period) + 1.0
        earliest = np.where(np.isfinite(lower), ph + first * period + ref, -np.inf)
        earliest = np.minimum(earliest, latest)
        if positions is not None:
            yield
            pos = np.asarray(positions, float).reshape(n, 2)
            kk = yield from _place_late_steps(kk, s, steps, new_batch, lower, ph, period,
                                              pos[:, 0], pos[:, 1])
        times = ph + kk * period + ref
        return Lattice(float(period), tuple(times.tolist()), tuple(earliest.tolist()),
                       tuple(latest.tolist()))
    return None


def retime(samples: list[Sample], same=None, below: float | None = None
           ) -> tuple[list[Sample], float | None]:
    """Re-time ``(t, x, y)`` samples (s, mm) stamped by the frame loop on their report
    lattice (:func:`lattice`; ``same`` and ``below`` are passed on), ambiguous ones placed
    on the pointer's smoothed track (:func:`_on_track`, :data:`REFINE`); samples older than
    :data:`SPAN_S` before the last keep their stamps. Returns the samples (still in time
    order) and the report period (s), or the samples unchanged and None if no lattice
    fits.

    :raises FlickError: "M-U1: …" for non-finite numbers or times going backwards.
    """
    try:
        arr = np.asarray(samples, float)
    except (TypeError, ValueError):
        arr = None
    if arr is not None and arr.size == 0:
        return [], None
    if arr is None or arr.ndim != 2 or arr.shape[1] != 3 or not np.all(np.isfinite(arr)):
        raise FlickError("M-U1: a pointer sample must be three finite numbers")
    if np.any(np.diff(arr[:, 0]) < 0):
        raise FlickError("M-U1: pointer samples must be in time order", "time-order")
    out, period = _retime(arr, same, below)
    return [tuple(r) for r in out.tolist()], period


def _retime(arr: np.ndarray, same=None, below: float | None = None, passes: int | None = None
            ) -> tuple[np.ndarray, float | None]:
    """:func:`retime` on an n×3 array of valid samples (returns a new array); ``passes`` of
    :func:`_on_track` (default :data:`REFINE`)."""
    return _run(_retime_steps(arr, same, below, passes))


def _retime_steps(arr: np.ndarray, same=None, below: float | None = None,
                  passes: int | None = None):
    """:func:`_retime` as a generator (yields as :func:`_lattice_steps`, returns what
    :func:`_retime` returns)."""
    n = arr.shape[0]
    out = arr[:, :3].copy()
    if n < 4:
        return out, None
    t = arr[:, 0]
    i0 = int(np.searchsorted(t, t[-1] - SPAN_S, side="left"))
    i0 = min(i0, n - 4)
    sm = None if same is None else list(same)[i0:]
    lat = yield from _lattice_steps(t[i0:], sm, positions=arr[i0:, 1:3], below=below)
    if lat is None:
        return out, None
    times = np.asarray(lat.times)
    for _ in range(REFINE if passes is None else passes):
        times = _on_track(times, arr[i0:, 1], arr[i0:, 2], np.asarray(lat.earliest),
                          np.asarray(lat.latest), lat.period)
    out[i0:, 0] = times
    if i0 > 0:                               # keep the order with the older samples
        out[i0:, 0] = np.maximum(out[i0:, 0], out[i0 - 1, 0])
    return out, lat.period


REFINE = 2
"""Passes of :func:`_on_track` (each on the track of the samples as the previous one timed
them). At 1000 Hz, a slow push (~500 mm/s, 0.8 px/mm): samples on their true report
instant 75 % with none, 84 % with one, 85 % with two; placing an ambiguous sample on
the first instant at which the track is inside its pixel by 5, 10, 20 % of a step put
fewer on their instant (83, 82, 79 %)."""


def _on_track(times: np.ndarray, x: np.ndarray, y: np.ndarray, earliest: np.ndarray,
              latest: np.ndarray, period: float) -> np.ndarray:
    """Re-place samples whose report instant is ambiguous (more than one lattice instant
    between ``earliest`` and ``latest``, s) and that moved the pointer to another pixel:
    a motion event is the *first* report in its pixel, so it goes on the first of those
    instants at which the hand's track — the smoother of
    :func:`mississippi.flick.velocity_at` through all the samples as timed so far — is
    inside that pixel (else on the one nearest it). At 1000 Hz the polls (~1.1 ms apart)
    are slower than the reports, and a poll that delivered nothing leaves no stamp, so
    a sample's stamp alone often allows two or three instants."""
    n = times.size
    if n < 4:
        return times
    step = pointer_step(x, y) or DEFAULT_STEP_MM
    half = 0.5 * step
    ref = times[-1]
    tr = times - ref
    # a sample waited in the queue MAX_WAIT_S at most (a frame's draw)
    earliest = np.maximum(earliest, latest - period * math.floor(MAX_WAIT_S / period + 1.0))
    moved = np.concatenate(([False], (np.diff(x) != 0) | (np.diff(y) != 0)))
    amb = moved & (latest - earliest > 0.5 * period) & (tr >= -PLACE_S)
    amb[0] = False
    idx = np.nonzero(amb)[0]
    if idx.size == 0:
        return times
    tf, xf, yf = fill_holds(tr, x, y, period)
    lo = np.rint((earliest[idx] - ref) / period).astype(int).tolist()
    hi = np.rint((latest[idx] - ref) / period).astype(int).tolist()
    slots = sorted({k for a, b in zip(lo, hi) for k in range(a, b + 1)})
    f = track_at(tf, xf, yf, 0.0, np.array(slots, float) * period, step)
    if f is None:
        return times
    where = {k: v for v, k in enumerate(slots)}
    fx, fy = f[:, 0].tolist(), f[:, 1].tolist()
    xl, yl = x.tolist(), y.tolist()
    out = tr.tolist()
    for j, i in enumerate(idx.tolist()):
        floor_t = out[i - 1] + 0.5 * period
        best, best_d = None, math.inf
        for k in range(lo[j], hi[j] + 1):
            if k * period < floor_t:
                continue
            v = where[k]
            # distance outside the pixel (negative inside), the worse axis
            d = max(abs(fx[v] - xl[i]), abs(fy[v] - yl[i])) - half
            if d <= 0.0:
                best = k
                break
            if d < best_d:
                best, best_d = k, d
        if best is not None:
            out[i] = best * period
    out = np.maximum.accumulate(np.array(out))
    return out + ref


def _extend(timed: np.ndarray, stamped: np.ndarray, new: np.ndarray, period: float
            ) -> np.ndarray | None:
    """Report instants (s) of ``new`` samples (rows ``(stamp s, x mm, y mm)``) on the lattice
    of an earlier re-timing — ``timed``, the last rows it re-timed, whose stamps were
    ``stamped``; its last instant is a lattice instant, ``period`` s apart — as
    :func:`lattice` places them (the latest instant not after each stamp, after the
    previous sample's) and late batches on the pointer's track (:func:`_place_late`):
    what a full re-timing would give while the lattice's phase holds, for a few new
    samples' work. None when they do not fit it (the phase drifted)."""
    a = float(timed[-1, 0])
    m = new.shape[0]
    s_new = new[:, 0] - a
    k_new = np.floor(s_new / period + 1e-9)
    k_new = np.minimum.accumulate((k_new - np.arange(m))[::-1])[::-1] + np.arange(m)
    k_old = np.rint((timed[:, 0] - a) / period)
    if k_new[0] < 1:
        return None
    s_rel = np.concatenate([stamped - a, s_new])
    k = np.concatenate([k_old, k_new])
    new_batch, polled = _batches(s_rel)
    n = s_rel.size
    lower = polled - _early(period)
    j = timed.shape[0]
    if np.any(k_new * period <= lower[j:]):
        return None
    x = np.concatenate([timed[:, 1], new[:, 1]])
    y = np.concatenate([timed[:, 2], new[:, 2]])
    steps = np.ones(n)
    steps[0] = 0.0
    kk = _place_late(k, s_rel, steps, new_batch, lower, 0.0, period, x, y, j)
    return a + kk[j:] * period


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
        self._light = False
        super().__init__(side, table)

    def _reset(self, samples) -> None:
        # a new drag: nothing of the previous one's re-timing is kept
        self._cache: tuple | None = None      # (n, first row, re-timed rows, period, found, full)
        self._period: float | None = None     # the report period found so far
        self._reused: tuple | None = None     # (n, lo, cache's n, rows, on its lattice)
        self._pending: tuple | None = None    # (n, first row, _retime_steps): spread re-timing
        super()._reset(samples)

    @property
    def raw(self) -> list[Sample]:
        """The samples as stamped by the frame loop (press first)."""
        return self.samples

    def velocity(self, t=None):
        """The aim guide's velocity (see :meth:`FlickTracker.velocity`). To stay cheap
        every frame, it re-uses the last full re-timing that found a lattice for up to
        :data:`GUIDE_REUSE` newer samples (given the last one's delay), and the next one is
        spread over the calls after :data:`SPREAD_START` new samples — one step each (the
        lattice, then :data:`CHUNK` late batches' tracks), so that no frame pays for a
        whole re-timing (``benchmarks/frames.py``, "aiming"). If that is not done in time
        (many samples a frame), the guide re-times at once, as before. The release always
        re-times all, in one go."""
        self._light = True
        try:
            self._advance()
            return super().velocity(t)
        finally:
            self._light = False

    def _advance(self) -> None:
        """One step of the spread re-timing; when it is done, it becomes the one the guide
        re-uses."""
        if self._pending is None:
            return
        n0, lo0, steps = self._pending
        try:
            next(steps)
            return
        except StopIteration as done:
            arr, period = done.value
        self._pending = None
        found = period is not None
        if found:
            self._period = period
        else:
            period = self._period_of([])
        self._cache = (n0, lo0, arr, period, found, False)

    def _same_report_s(self) -> float:
        """A release at the last motion's place less than one report period after it
        (the period of the report lattice the samples were re-timed on, as the launch
        re-times them — the same whether the aim guide was asked or not; at least
        :data:`SAME_REPORT_S`) is
        taken with that motion's report: a moving mouse reports every period, so no
        report could yet have said that the hand stopped (M-U1). A release 2 ms after the
        last report of a 125 Hz flick was read as a hand stopped dead and launched at 0.31
        of the hand's speed (newplayer8's playtest, session 6); 8 ms after it — a report
        with no motion — it still is."""
        if len(self._samples) < 2:
            return SAME_REPORT_S
        return max(SAME_REPORT_S, 0.95 * self._guide_period())

    def _finish(self, launch: Launch) -> Launch:
        """Last step of every launch: :func:`mississippi.flick.guard_velocity` against
        stamps bunched behind a long frame (M-U1), fed the samples it reads (those of its
        last 0.25 s and three more)."""
        n = len(self._samples)
        t = self._buf[:n, 0]
        lo = max(min(int(np.searchsorted(t, t[-1] - GUARD_SPAN_S)) - 1, n - 3), 0)
        vx, vy = guard_velocity(self._buf[lo:n], launch.vx, launch.vy, self._period, self.cap)
        if (vx, vy) != (launch.vx, launch.vy):
            launch = Launch(launch.x, launch.y, vx, vy, launch.t, launch.crossed)
        return super()._finish(launch)

    def _first_row(self, lo: int) -> int:
        """The first sample a re-timing of the drag reads for a velocity from sample ``lo``:
        the samples of its last :data:`SPAN_S` and one more, or from ``lo`` if earlier (the
        same times as from the whole drag)."""
        n = len(self._samples)
        t = self._buf[:n, 0]
        i0 = min(int(np.searchsorted(t, t[-1] - SPAN_S, side="left")), n - 4)
        return max(min(lo, i0 - 1), 0)

    def _timed(self, lo, extra):
        """The samples ``lo`` … n − 1 re-timed (:func:`retime`, on the samples of its
        :data:`SPAN_S` and one more: the same times as from the whole drag), then
        ``extra`` with the last sample's delay; and the report period. The aim guide
        (:meth:`velocity`) re-uses the last full re-timing that found a lattice for up to
        :data:`GUIDE_REUSE` newer samples (given the last one's delay); a launch always
        re-times, with the track (:data:`REFINE`)."""
        n = len(self._samples)
        raw = self._buf
        c = self._cache
        if self._light and self._pending is not None and (
                c is None or not c[4] or n - c[0] > GUIDE_REUSE):
            while self._pending is not None:  # out of time: the spread re-timing ends now
                self._advance()
            c = self._cache
        if c is not None and c[0] != n and self._light and c[4] and n - c[0] <= GUIDE_REUSE:
            n0, lo0, arr0, period, _, _ = c
            r = self._reused
            if r is not None and r[:3] == (n, lo, n0):
                arr = r[3]                        # asked twice a frame (the guide's period)
            else:
                if r is not None and r[2] == n0 and r[4] and r[0] < n and r[1] <= lo:
                    n1, prev = r[0], r[3][lo - r[1]:]   # extended up to n1 already: the rest
                else:
                    n1, prev = n0, arr0[lo - lo0:]
                more = raw[n1:n].copy()
                back = min(prev.shape[0], TRACK[1] + 1)
                times = _extend(prev[-back:], raw[n1 - back:n1, 0], more, period)
                if times is not None:
                    more[:, 0] = times
                else:
                    more[:, 0] -= raw[n1 - 1, 0] - prev[-1, 0]
                more[:, 0] = np.maximum(more[:, 0], prev[-1, 0])
                arr = np.concatenate([prev, more])
                self._reused = (n, lo, n0, arr, times is not None)
            if self._pending is None and n - n0 >= SPREAD_START:
                first = self._first_row(lo)
                self._pending = (n, first, _retime_steps(raw[first:n], None, self._period, 0))
        elif c is None or c[0] != n or (not self._light and not c[5]):
            # the aim guide's full re-timings skip the track (CPU every frame at 1000 Hz);
            # a launch always has it
            lo0 = self._first_row(lo)
            passes = 0 if self._light else REFINE
            if self._light:
                self._pending = None
            arr, period = _retime(raw[lo0:n], None, self._period, passes)
            found = period is not None
            if found:
                self._period = period
            else:
                period = self._period_of([])
            self._cache = (n, lo0, arr, period, found, not self._light)
            arr = arr[lo - lo0:]
        else:
            _, lo0, arr, period, _, _ = c
            arr = arr[lo - lo0:]
        if not extra:
            return arr, period
        # extra samples (a release to come, asked by velocity()): same delay as the last one
        more = np.asarray(extra, float).reshape(-1, 3).copy()
        more[:, 0] -= raw[n - 1, 0] - arr[-1, 0]
        return np.concatenate([arr, more]), period
