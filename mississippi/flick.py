"""The mouse flick (rule M-U1): pointer samples → launch position and velocity.

Pure module (no pygame). Units: seconds (s), millimetres (mm), mm/s — the scene converts
pointer pixels to table millimetres before feeding samples in.

M-U1: the player presses on a puck in their launch area (their own target zone), drags it
— it follows the pointer — and releases. The launch velocity is the **hand's velocity at
the instant of release**, capped at 6000 mm/s (:data:`LAUNCH_CAP`, M-P5). If the held puck
is dragged past the zone's inner line, it is released there with its velocity at that
instant. M-U2: the right player's gesture runs leftward; the same code serves both ends.

How the velocity at an instant is estimated (:func:`velocity_at`), from samples whose
times are exact (see :mod:`mississippi.pointer` for samples stamped by the frame loop):

* **Holds.** A pointer reports only when it moves to another whole pixel, so a gap in the
  samples means it stayed where it was: the gaps are filled with the held position every
  sample period (given, or the median interval of the samples). A hand that stops before
  the release therefore gives ~0, and one that slows down gives less.
* **Onset.** The hand's stroke begins where the pointer last stood still for
  :data:`STILL_S` (a press held still, then a flick), else where it left the press; ``Ts``
  is the time from the onset to the instant.
* **Smoother.** The position is modelled as a smooth curve whose fourth derivative (snap)
  is white noise — a Gaussian-process prior, the Bayesian form of a smoothing spline
  (Wahba 1978, "Improper priors, spline smoothing and the problem of guarding against model
  errors in regression", J. R. Stat. Soc. B 40:364; as a Kalman filter it is the
  constant-jerk model) — with an unknown cubic (a flat prior on position, velocity,
  acceleration and jerk at the start, so any cubic motion, a steady drag first, is
  followed exactly), observed with the pixel rounding as noise (variance step²/12, the
  step read from the samples: :func:`pointer_step`) — and then, as the hand was *inside*
  each sample's pixel, the track is put back inside the pixels (:data:`BOX_PASSES`): the
  rounding of a steady hand is a sawtooth, not independent noise. Its velocity at the instant is the
  posterior mean, from the samples of the last :data:`SPAN_FACTOR` × ``Ts`` (the stillness
  before a quick flick included: it says the hand started from rest). The prior's scale
  follows the stroke (:data:`SNAP_KAPPA` × v² / Ts⁵, v a first estimate from a local
  cubic fit, :func:`cubic_velocity_at`), so a slow push and a quick flick are smoothed
  alike for their time scale.
* **Why not a local polynomial.** The previous estimator, a least-squares cubic over the
  last 75 % of ``Ts``, read +2 % high on every shape: the cubic cannot follow a hand's
  stroke over so long a window (its truncation error at the window's end; a shorter window
  removes it but lets the rounding through). The smoother keeps the whole stroke, and the
  rest before it, in view without forcing one polynomial on it. Measured in
  ``benchmarks/flick.py``; what limits it now is the information in the samples: a quick
  flick let go while still speeding up has 4–14 reports from a 125 Hz mouse.

>>> v = flick_velocity([(0.00, 100.0, 200.0), (0.02, 140.0, 200.0),
...                     (0.04, 180.0, 200.0), (0.06, 220.0, 200.0)])
>>> [round(c, 6) + 0.0 for c in v]
[2000.0, 0.0]
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from .table import Side, Table

__all__ = ["LAUNCH_CAP", "STILL_S", "FIT_FRACTION", "FIT_MIN_S", "FIT_MAX_S",
           "FIT_MIN_SAMPLES", "SNAP_KAPPA", "BOX_PASSES", "SPAN_FACTOR", "DEFAULT_STEP_MM", "FlickError",
           "Launch", "cap_velocity", "check_samples", "fill_holds", "pointer_step",
           "cubic_velocity_at", "velocity_at", "track_at", "flick_velocity", "FlickTracker",
           "guard_velocity"]

#: Launch speed cap in mm/s (M-U1, M-P5).
LAUNCH_CAP = 6000.0
#: A pointer that has not changed pixel for this long (s) is standing still: a stroke's
#: onset is the end of the last such stillness.
STILL_S = 0.040
#: The first estimate (:func:`cubic_velocity_at`) fits a cubic over this fraction of the
#: time since the stroke's onset …
FIT_FRACTION = 0.75
#: … but at least this long (s) …
FIT_MIN_S = 0.012
#: … and at most this long (s).
FIT_MAX_S = 0.25
#: The fit uses at least this many samples (reaching further back if need be).
FIT_MIN_SAMPLES = 5
#: A release this soon (s) after the last motion, at its position, came with that motion's
#: report (a mouse report carries both; they may be taken from the queue apart).
SAME_REPORT_S = 0.0015
#: Degree of that local polynomial (3: a cubic; fewer samples, lower degree).
FIT_DEGREE = 3
#: Strength of the smoother's prior: the snap's white-noise intensity is SNAP_KAPPA × v² /
#: Ts⁵ (v the first estimate, Ts the time since the onset). Larger follows the samples
#: more closely (less bias, more rounding noise). Chosen by measurement (benchmarks/flick.py,
#: 0.8 px/mm, one stroke repeated over all 24 cells / between strokes, worst cell and cells
#: ≤ 3 %), with :data:`BOX_PASSES` 3: 4 → 2.98 % (24/24) / 5.87 %; 5 → 2.89 % (24/24) /
#: 5.51 %; 6 → 2.90 % (24/24) / 5.50 %; 8 → 3.13 % (23/24) / 5.62 %; 12 → 3.69 % (20/24) /
#: 5.89 %. Without the clipping (the previous round) 2 gave 3.90 % (21/24) / 5.18 %.
SNAP_KAPPA = 6.0
#: Passes of the pixel clipping (:func:`_posterior`): the smoothed track is put back inside
#: the pixel of every sample this many times before the velocity is read (0: rounding
#: taken as independent noise, as before this round). Why: a hand moving n + δ pixels per
#: report (δ small) leaves a rounding error that is not noise but a slow sawtooth — it
#: drifts by δ pixel a report and jumps back by one pixel every 1/δ reports — which a
#: smoother of independent errors reads as velocity: a slow push at 491 mm/s from a 125 Hz
#: mouse (3.14 px a report at 0.8 px/mm, the error drifting −0.18 mm a report) read 1.00 or
#: 1.07 by where the jump fell (sd 2.9 %); inside the pixels the drift has nowhere to go.
#: 1, 2, 3 passes at SNAP_KAPPA 6: slow push 125 Hz/144 Hz repeated 4.09, 2.93, 2.53 %.
BOX_PASSES = 3
#: The smoother reads the samples of the last SPAN_FACTOR × Ts …
SPAN_FACTOR = 1.0
#: … but at least SPAN_MIN_S and at most SPAN_MAX_S seconds.
SPAN_MIN_S = 0.06
SPAN_MAX_S = 0.6
#: Ts is taken as at least this (s): a pointer that just stood still is smoothed on this scale.
TS_MIN_S = 0.02
#: Beyond this many samples, the older ones are averaged in equal groups (CPU bound).
MAX_POINTS = 90
#: The pointer's step (mm) when the samples do not show one (0.8 design px per mm).
DEFAULT_STEP_MM = 1.25
#: A step read from the samples larger than this (mm) is not a pixel grid.
MAX_STEP_MM = 2.5
#: A velocity (:class:`FlickTracker`) reads only the samples of the last RECENT_S seconds
#: (and the one before them): the smoother's span is at most SPAN_MAX_S, the onset that
#: sets it counts only within SPAN_MAX_S (an older onset gives the same span), the stillness
#: that marks it lasts STILL_S, and the pointer's re-timing (mississippi.pointer.SPAN_S,
#: 0.4 s) moves no sample further back than its report period; older samples enter only
#: through the pointer's step (:class:`_Grid`) and the median report interval, kept up to
#: date as the samples come. So the aim guide's cost does not grow with the drag.
RECENT_S = 1.0
#: … and at least this many samples.
RECENT_MIN = 16

Sample = tuple[float, float, float]   # (t s, x mm, y mm)


class FlickError(ValueError):
    """Malformed pointer samples; the message starts with the rule id M-U1. ``rule`` is
    ``"M-U1"``, ``code`` says which (decision 5): ``"not-finite"`` (a sample that is not
    three finite numbers), ``"time-order"`` (time going backwards), ``"no-press"`` (a
    release without a press)."""

    rule = "M-U1"

    def __init__(self, message: str, code: str = "not-finite") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Launch:
    """A flick's result: the puck's centre ``(x, y)`` in mm where it is released, its
    velocity ``(vx, vy)`` in mm/s (already capped), the release time ``t`` in s (in the
    clock of the samples), and ``crossed`` — True if it was released because it reached
    the zone's inner line."""

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


def check_samples(samples: Iterable[Sample]) -> list[Sample]:
    """The samples as a list of float triples ``(t, x, y)``.

    :raises FlickError: "M-U1: …" for a sample that is not three finite numbers, or for
        times going backwards.
    """
    out = []
    last = -math.inf
    for s in samples:
        try:
            ok = len(s) == 3 and all(math.isfinite(float(v)) for v in s)
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise FlickError(f"M-U1: a pointer sample must be three finite numbers, not {s!r}")
        t, x, y = (float(v) for v in s)
        if t < last:
            raise FlickError("M-U1: pointer samples must be in time order", "time-order")
        last = t
        out.append((t, x, y))
    return out


def cap_velocity(vx: float, vy: float, cap: float = LAUNCH_CAP) -> tuple[float, float]:
    """Scale (vx, vy) mm/s down to at most ``cap`` mm/s, keeping its direction (M-U1)."""
    sp = math.hypot(vx, vy)
    if sp > cap:
        return vx * cap / sp, vy * cap / sp
    return vx, vy


def typical_period(t: np.ndarray) -> float:
    """The median interval (s) between successive distinct sample times, at least 0.5 ms
    (a guess of the pointer's report period when none is known; 8 ms without one)."""
    d = np.diff(t)
    d = d[d > 1e-4]
    if d.size == 0:
        return 0.008
    return float(max(np.median(d), 0.0005))


def fill_holds(t: np.ndarray, x: np.ndarray, y: np.ndarray, period: float,
               since: float = -math.inf) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fill the gaps of samples (exact times ``t`` s, sorted) with the held position every
    ``period`` s (a pointer that sent nothing stayed on its pixel); samples at the same time
    as the previous one replace it. Only gaps after ``since`` s are filled.

    :returns: the filled ``(t, x, y)`` arrays.
    """
    return _fill(t, x, y, period, since)[:3]


def _fill(t: np.ndarray, x: np.ndarray, y: np.ndarray, period: float,
          since: float = -math.inf):
    """:func:`fill_holds`, and whether a sample was replaced (one at the same time after
    it): ``(t, x, y, replaced)``."""
    gaps = np.diff(t)
    replaced = bool(gaps.size) and bool(gaps.min() <= 1e-9)
    if replaced:
        keep = np.ones(t.size, bool)
        keep[:-1] = gaps > 1e-9            # of two samples at one time, the later wins
        t, x, y = t[keep], x[keep], y[keep]
        gaps = np.diff(t)
    if t.size < 2 or period <= 0:
        return t, x, y, replaced
    n = np.floor(gaps / period + 0.25).astype(int) - 1     # whole periods missed (jitter aside)
    n[n < 1] = 0
    if since > -math.inf:
        n[t[1:] <= since] = 0
    n = np.minimum(n, int(SPAN_MAX_S / period) + 2)   # long holds: the recent part is enough
    if not n.any():
        return t, x, y, replaced
    reps = np.ones(t.size, int)
    reps[:-1] += n
    end = np.cumsum(reps)
    size = int(end[-1])
    # holds are placed back from the next sample, so the last one is one period before
    # it: hold h of the gap after sample i is r = n_i + 1 − h periods before sample i + 1
    r = np.repeat(end, reps) - np.arange(size)
    tn = np.empty_like(t)
    tn[:-1] = t[1:]
    tn[-1] = t[-1]
    tf = np.repeat(tn, reps) - r * period
    tf[end - reps] = t                       # the samples themselves
    return tf, np.repeat(x, reps), np.repeat(y, reps), replaced


def _onset(t: np.ndarray, x: np.ndarray, y: np.ndarray, i_eval: int, still: float) -> float:
    """Time (s) the last stillness of at least ``still`` s before sample ``i_eval`` ended;
    without one, the time the pointer first left the first sample's position (the press),
    or −inf if it never moved."""
    moved = np.nonzero((x[1:i_eval + 1] != x[:i_eval]) | (y[1:i_eval + 1] != y[:i_eval]))[0] + 1
    # runs of equal position: [b, e] with b = previous change (or 0), e = next change − 1
    ends = np.concatenate((moved - 1, (i_eval,)))
    begins = np.concatenate(((0,), moved))
    long_ = np.nonzero(t[ends] - t[begins] >= still - 1e-6)[0]   # (report instants: no flip on rounding)
    if long_.size == 0:
        return float(t[ends[0]]) if moved.size else -math.inf   # the press: the drag began there
    return float(t[ends[long_[-1]]])


def cubic_velocity_at(t: np.ndarray, x: np.ndarray, y: np.ndarray, t_eval: float,
                      onset: float | None = None) -> tuple[float, float]:
    """A first estimate of the velocity (vx, vy) mm/s of the hand at ``t_eval`` s from
    *hold-filled* samples (``t`` s sorted, ``x``, ``y`` mm; see :func:`fill_holds`): the
    slope at ``t_eval`` of a least-squares cubic fitted over the last :data:`FIT_FRACTION`
    of the time since the stroke's onset (it reads ~2 % high: the module docstring says
    why; :func:`velocity_at` uses it only to scale its prior). Samples after ``t_eval``
    (the first one past the inner line) are used too. ``onset``: the stroke's onset (s),
    if known (default: found as :func:`velocity_at` finds it). Not capped; (0, 0) with
    fewer than two samples."""
    n = t.size
    if n < 2:
        return 0.0, 0.0
    if onset is None:
        i_eval = int(np.searchsorted(t, t_eval, side="right")) - 1
        onset = _onset(t, x, y, min(max(i_eval, 0), n - 1), STILL_S)
    w = min(max(FIT_FRACTION * (t_eval - onset), FIT_MIN_S), FIT_MAX_S)
    lo = int(np.searchsorted(t, t_eval - w - 1e-6, side="left"))
    lo = max(min(lo, n - FIT_MIN_SAMPLES), 0)
    tt = t[lo:]
    m = tt.size
    deg = min(FIT_DEGREE, m - 2) if m > 2 else 1
    span = max(t_eval - float(tt[0]), float(tt[-1]) - t_eval, 1e-6)
    u = (tt - t_eval) / span
    if u[-1] <= u[0]:
        return 0.0, 0.0
    a = np.vander(u, deg + 1, increasing=True)
    b = np.stack([x[lo:], y[lo:]], 1)
    try:                                     # the normal equations (u within ±1: well posed)
        coef = np.linalg.solve(a.T @ a, a.T @ b)
    except np.linalg.LinAlgError:
        coef = np.linalg.lstsq(a, b, rcond=None)[0]
    return float(coef[1, 0] / span), float(coef[1, 1] / span)


def pointer_step(x: np.ndarray, y: np.ndarray) -> float | None:
    """The pointer's step (mm): the largest length of which every change of ``x`` and ``y``
    between successive samples is a whole multiple (one pixel mapped to mm), or None if the
    samples show none up to :data:`MAX_STEP_MM` (no change, or positions not on a grid)."""
    return _step_of(np.abs(np.concatenate([np.diff(np.asarray(x, float)),
                                           np.diff(np.asarray(y, float))])))


def _step_of(d: np.ndarray) -> float | None:
    """:func:`pointer_step` from the changes ``d`` (mm, ≥ 0; those ≤ 1e-6 do not count)."""
    d = d[d > 1e-6]
    if d.size == 0:
        return None
    d0 = float(d.min())
    for k in range(1, 9):
        q = d0 / k
        if q > MAX_STEP_MM:
            continue
        r = d / q
        if np.all(np.abs(r - np.round(r)) < 1e-3 * np.maximum(1.0, r)):
            return q
    return None


def _multiple(v: float, q: float) -> bool:
    """True if ``v`` is a whole multiple of ``q`` as :func:`pointer_step` tells it."""
    r = v / q
    return abs(r - round(r)) < 1e-3 * max(1.0, r)


class _Grid:
    """:func:`pointer_step` kept up to date as changes come, so the tracker reads the step
    of a whole drag without going through it each time: the changes ``|Δx|``, ``|Δy|`` (mm,
    those > 1e-6), their least d0, and the first k = 1 … 8 for which d0 / k ≤
    :data:`MAX_STEP_MM` and every change is a whole multiple of d0 / k (the answer of
    :func:`pointer_step`; 9: none)."""

    def __init__(self) -> None:
        self._d = np.empty(64)
        self._m = 0
        self._d0 = math.inf
        self._k = 9

    def _first(self, k0: int) -> int:
        d = self._d[:self._m]
        for k in range(k0, 9):
            q = self._d0 / k
            if q > MAX_STEP_MM:
                continue
            r = d / q
            if np.all(np.abs(r - np.round(r)) < 1e-3 * np.maximum(1.0, r)):
                return k
        return 9

    def add(self, v: float) -> None:
        """One more change ``v`` (mm, ≥ 0)."""
        if v <= 1e-6:
            return
        if self._m == self._d.size:
            self._d = np.concatenate([self._d, np.empty_like(self._d)])
        self._d[self._m] = v
        self._m += 1
        if v < self._d0:
            self._d0 = v
            self._k = self._first(1)
        elif self._k < 9 and not _multiple(v, self._d0 / self._k):
            self._k = self._first(self._k + 1)

    @property
    def step(self) -> float | None:
        """:func:`pointer_step` of the changes so far."""
        return self._d0 / self._k if self._k < 9 else None

    @property
    def changes(self) -> np.ndarray:
        """The changes so far (mm)."""
        return self._d[:self._m]


class _Settled:
    """The changes between the samples of a drag older than the window a velocity reads
    (:data:`RECENT_S`), of two samples at one time the later, as :func:`fill_holds` keeps
    them: for :func:`pointer_step` of the whole drag where samples of the window share a
    time (else the changes between all samples, :class:`_Grid`, are the same)."""

    def __init__(self) -> None:
        self.grid = _Grid()
        self._next = 0                 # samples 0 … _next − 1 are settled
        self._last: tuple[float, float] | None = None   # the last settled sample kept

    def step(self, buf: np.ndarray, n: int, lo: int, x: np.ndarray, y: np.ndarray) -> float | None:
        """:func:`pointer_step` of the samples before ``lo`` (rows of ``buf``, ``n`` in all)
        followed by the hold-filled ``x``, ``y`` (mm) of those from ``lo`` on."""
        for i in range(self._next, min(lo, n - 1)):
            if buf[i + 1, 0] - buf[i, 0] > 1e-9:       # else the next one replaces it
                xi, yi = float(buf[i, 1]), float(buf[i, 2])
                if self._last is not None:
                    self.grid.add(abs(xi - self._last[0]))
                    self.grid.add(abs(yi - self._last[1]))
                self._last = (xi, yi)
        self._next = max(self._next, min(lo, n - 1))
        parts = [self.grid.changes, np.abs(np.diff(x)), np.abs(np.diff(y))]
        if self._last is not None and x.size:
            parts.append(np.abs(np.array([x[0] - self._last[0], y[0] - self._last[1]])))
        return _step_of(np.concatenate(parts))


def _terms(m: int, da: int) -> list[tuple[int, int, int, float]]:
    """Terms (p, q, e, c) with ∫₀^min(A,B) d^da/dA^da [(A−y)^(m−1)] (B−y)^(m−1) dy =
    Σ c·A^p·B^q·min(A,B)^e (binomial expansion)."""
    pa, pb = m - 1 - da, m - 1
    mult = float(math.prod(range(m - da, m)))          # (m−1)·…·(m−da)
    return [(pa - i, pb - j, i + j + 1, mult * math.comb(pa, i) * math.comb(pb, j)
             * (-1) ** (i + j) / (i + j + 1)) for i in range(pa + 1) for j in range(pb + 1)]


_ORDER = 4                                   # white noise on the 4th derivative (snap)
_K0, _K1 = _terms(_ORDER, 0), _terms(_ORDER, 1)
_NORM = 1.0 / math.factorial(_ORDER - 1) ** 2
_GRAM: dict[int, float] = {}                 # exponent of hi → coefficient (see _gram)
for _pa, _pb, _e, _c in _K0:
    _GRAM[_pb] = _GRAM.get(_pb, 0.0) + _c


_HI = np.array(sorted(_GRAM))                         # the later time's exponents …
_LO = 2 * _ORDER - 1 - _HI                            # … the earlier time's
_GC = np.array([_GRAM[int(e)] for e in _HI]) * _NORM  # … and their coefficients


_UPPER: dict[int, np.ndarray] = {}           # n → the n×n upper triangle (diagonal in)


def _gram(a: np.ndarray, powers: np.ndarray | None = None, scale: float = 1.0) -> np.ndarray:
    """``scale`` × :func:`_kernel` with ``_K0`` for every pair of *sorted* times ``a`` ≥ 0
    (n×n), its terms collected as a polynomial in the earlier (lo) and the later (hi) time
    of each pair: for i ≤ j, Σ c·a_i^lo·a_j^hi — one product of two n×4 matrices of powers
    of ``a`` (``powers``: ``np.vander(a, ≥ 8, increasing=True)`` if at hand), mirrored."""
    n = a.size
    upper = _UPPER.get(n)
    if upper is None:
        upper = _UPPER.setdefault(n, np.triu(np.ones((n, n), bool)))
    p = np.vander(a, 2 * _ORDER, increasing=True) if powers is None else powers
    g = (p[:, _LO] * (_GC * scale)) @ p[:, _HI].T         # right for i ≤ j (a_i earlier)
    return np.where(upper, g, g.T)


def _cov(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """:func:`_gram` between two sets of times ``a`` (m) and ``b`` (n), ≥ 0 (m×n)."""
    lo = np.minimum(a[:, None], b[None, :])
    hi = np.maximum(a[:, None], b[None, :])
    out = np.zeros_like(lo)
    for e, c in _GRAM.items():
        out += c * lo ** (2 * _ORDER - 1 - e) * hi ** e
    return out * _NORM


def _kernel(a: np.ndarray, b: np.ndarray, terms) -> np.ndarray:
    """Covariance (or its derivative in ``a``) of the ORDER-fold integrated unit white noise
    started at 0, at times ``a``, ``b`` ≥ 0 (broadcast): the definition, term by term;
    :func:`_gram` and :func:`_slope_kernel` compute it with fewer operations."""
    c = np.minimum(a, b)
    out = np.zeros(np.broadcast(a, b).shape)
    for pa, pb, e, k in terms:
        out += k * a ** pa * b ** pb * c ** e
    return out * _NORM


def _posterior(u: np.ndarray, z: np.ndarray, noise: np.ndarray, prior: float,
               origin: float, powers: np.ndarray | None = None,
               half: np.ndarray | None = None) -> tuple[np.ndarray, int]:
    """The smoother's linear system solved: ``(sol, m)``, ``sol`` ((n + m)×2) the kernel
    weights then the flat part's coefficients of a polynomial of ``m`` terms (``_ORDER``,
    fewer with fewer samples) in powers of ``u − origin``. Shared by the slope at the
    release and the track (:func:`track_at`). ``powers``: ``np.vander(u − u[0], ≥ 8,
    increasing=True)`` if at hand.

    ``half``: the half-widths (mm, n; inf where unknown) of the pixel each sample lies in.
    Then the rounding is taken for what it is — the hand was *inside* that pixel — rather
    than for independent noise (:data:`BOX_PASSES`): the data are replaced
    :data:`BOX_PASSES` times by the smoothed track clipped into each sample's pixel (an
    expectation–maximisation for interval-censored data, the E-step taken as the
    projection), and the system is solved for those."""
    n = u.size
    m = min(_ORDER, n)                       # fewer samples: a lower flat part
    s = np.empty((n + m, n + m))
    s[:n, :n] = _gram(u - u[0], powers, prior)
    diag = s.reshape(-1)[:n * (n + m + 1):n + m + 1]      # a view of the first n of the diagonal
    diag += noise
    phi = np.vander(u - origin, m, increasing=True)
    s[:n, n:] = phi
    s[n:, :n] = phi.T
    s[n:, n:] = 0.0
    # the boxed samples: the last ones with a finite half-width (a slice: fewer copies)
    b0 = n - int(np.count_nonzero(np.isfinite(half))) if half is not None and BOX_PASSES > 0 else n
    k = n - b0
    rhs = np.zeros((n + m, 2 + k))
    rhs[:n, :2] = z
    rhs[b0 + np.arange(k), 2 + np.arange(k)] = 1.0   # what a change of a boxed sample does
    try:                                     # one factorisation for the data and the passes
        sol = np.linalg.solve(s, rhs)
    except np.linalg.LinAlgError:
        sol = np.linalg.lstsq(s, rhs, rcond=None)[0]
    sol, w = sol[:, :2], sol[:, 2:]
    if k == 0:
        return sol, m
    zb = z[b0:]
    lo, hi = zb - half[b0:, None], zb + half[b0:, None]
    nb = noise[b0:, None]
    for _ in range(BOX_PASSES):
        # the track at the samples is z − noise·(kernel weights), put back inside the pixels
        new = np.minimum(np.maximum(zb - nb * sol[b0:n], lo), hi)
        d = new - zb
        if not d.any():
            break                            # already inside them all (a steady drag)
        sol = sol + w @ d
        zb = new
    return sol, m


_KL: dict[int, list[tuple[int, float]]] = {}      # power of b → (power of ae, k): b ≤ ae
_KR: dict[int, list[tuple[int, float]]] = {}      # the same where b > ae
for _pa, _pb, _e, _k in _K1:
    _KL.setdefault(_pb + _e, []).append((_pa, _k))
    _KR.setdefault(_pb, []).append((_pa + _e, _k))
_KDEG = max(_KL) + 1


def _slope_kernel(ae: float, a: np.ndarray, powers: np.ndarray | None = None) -> np.ndarray:
    """:func:`_kernel` with ``_K1`` at the time ``ae`` against every time of ``a`` (≥ 0):
    Σ k·ae^pa·a^pb·min(ae, a)^e, as a polynomial in ``a`` — one where a ≤ ae, another
    beyond. ``powers``: ``np.vander(a, ≥ _KDEG, increasing=True)`` if at hand."""
    p = np.vander(a, _KDEG, increasing=True) if powers is None else powers[:, :_KDEG]
    cl = np.zeros(_KDEG)
    for q, ts in _KL.items():
        cl[q] = sum(k * ae ** pa for pa, k in ts)
    out = p @ cl
    after = a > ae
    if after.any():
        cr = np.zeros(_KDEG)
        for q, ts in _KR.items():
            cr[q] = sum(k * ae ** pa for pa, k in ts)
        out = np.where(after, p @ cr, out)
    return out * _NORM


def _smooth_slope(u: np.ndarray, z: np.ndarray, noise: np.ndarray, prior: float,
                  ue: float, half: np.ndarray | None = None) -> np.ndarray:
    """d/du at ``ue`` of the posterior mean of z(u) = cubic + integrated white snap of
    intensity ``prior``, observed as ``z`` (n×2) at sorted ``u`` with noise variances
    ``noise`` (n); the cubic has a flat prior (exact for cubic data). ``half``: the pixels'
    half-widths (mm, n), see :func:`_posterior`."""
    n = u.size
    a = u - u[0]
    powers = np.vander(a, max(_KDEG, 2 * _ORDER), increasing=True)
    sol, m = _posterior(u, z, noise, prior, ue, powers, half)
    kd = prior * _slope_kernel(ue - u[0], a, powers)
    return kd @ sol[:n] + (sol[n + 1] if m > 1 else 0.0)


def _prepare(t: np.ndarray, x: np.ndarray, y: np.ndarray, t_eval: float,
             step: float | None):
    """What the smoother of :func:`velocity_at` reads: (u, z, noise, prior, ts, z0, half) —
    the scaled times u = (t − t_eval) / ts of the samples in its span (the older ones
    averaged in groups beyond :data:`MAX_POINTS`), their positions z − z0 (n×2, mm), the
    rounding noise variances (mm²), the prior's intensity, the time scale ts (s), the
    offset z0 and the half-width (mm) of each sample's pixel (of a group's mean too: a
    mean of samples each inside its pixel is as near the mean of their centres);
    or None when the samples span no time."""
    n = t.size
    i_eval = int(np.searchsorted(t, t_eval, side="right")) - 1
    i_eval = min(max(i_eval, 0), n - 1)
    onset = _onset(t, x, y, i_eval, STILL_S)
    ts = min(max(t_eval - onset, TS_MIN_S), SPAN_MAX_S)
    vx0, vy0 = cubic_velocity_at(t, x, y, t_eval, onset)
    v2 = max(vx0 * vx0 + vy0 * vy0, 100.0 ** 2)
    span = min(max(SPAN_FACTOR * ts, SPAN_MIN_S), SPAN_MAX_S)
    lo = int(np.searchsorted(t, t_eval - span - 1e-9, side="left"))
    lo = min(lo, max(n - 2, 0))
    tt = t[lo:]
    zz = np.stack([x[lo:], y[lo:]], 1)
    if np.ptp(tt) <= 0:
        return None
    if step is None:
        step = pointer_step(x, y)
    q = step or DEFAULT_STEP_MM
    noise = np.full(tt.size, q * q / 12.0)
    half = np.full(tt.size, 0.5 * q)
    k = tt.size
    b = -(-k // MAX_POINTS)                      # samples per group, the newest group last
    if b > 1:
        cut = k - (k // b) * b
        tt = np.concatenate([tt[:cut], tt[cut:].reshape(-1, b).mean(1)])
        zz = np.concatenate([zz[:cut], zz[cut:].reshape(-1, b, 2).mean(1)])
        noise = np.concatenate([noise[:cut], noise[cut:].reshape(-1, b).mean(1) / b])
        half = half[:tt.size]
    u = (tt - t_eval) / ts
    z0 = zz[-1].copy()
    return u, zz - z0, noise, SNAP_KAPPA * v2 * ts * ts, ts, z0, half


def velocity_at(t: np.ndarray, x: np.ndarray, y: np.ndarray, t_eval: float,
                step: float | None = None) -> tuple[float, float]:
    """Velocity (vx, vy) mm/s of the hand at ``t_eval`` s from *hold-filled* samples
    (``t`` s sorted, ``x``, ``y`` mm; see :func:`fill_holds`), M-U1: the posterior mean of
    the smoother of the module docstring (white snap, prior scaled to the stroke, pixel
    rounding as noise). Samples after ``t_eval`` (the first one past the inner line) are
    used too.

    :param step: the pointer's step in mm (rounding noise step²/12); default: read from the
        samples (:func:`pointer_step`), else :data:`DEFAULT_STEP_MM`.
    :returns: not capped; (0, 0) with fewer than two samples.
    """
    if t.size < 2:
        return 0.0, 0.0
    prep = _prepare(t, x, y, t_eval, step)
    if prep is None:
        return 0.0, 0.0
    u, z, noise, prior, ts, _, half = prep
    v = _smooth_slope(u, z, noise, prior, 0.0, half) / ts
    return float(v[0]), float(v[1])


def track_at(t: np.ndarray, x: np.ndarray, y: np.ndarray, t_eval: float, at: np.ndarray,
             step: float | None = None) -> np.ndarray | None:
    """Where the smoother of :func:`velocity_at` (the same samples, span and prior) puts
    the hand at the times ``at`` (s, inside the span): an (m×2) array of positions (mm),
    its posterior mean; None with fewer than two samples or none spanning time. Used to
    tell at which report instant a sample was taken (:mod:`mississippi.pointer`)."""
    if t.size < 2:
        return None
    prep = _prepare(t, x, y, t_eval, step)
    if prep is None:
        return None
    u, z, noise, prior, ts, z0, _ = prep
    n = u.size
    a = u - u[0]
    sol, m = _posterior(u, z, noise, prior, 0.0)
    ua = (np.asarray(at, float) - t_eval) / ts
    ka = prior * _cov(np.maximum(ua - u[0], 0.0), a)
    return ka @ sol[:n] + np.vander(ua, m, increasing=True) @ sol[n:] + z0


def flick_velocity(samples: Iterable[Sample], release_t: float | None = None, *,
                   cap: float = LAUNCH_CAP, period: float | None = None) -> tuple[float, float]:
    """Launch velocity (vx, vy) in mm/s at the release from pointer samples stamped with
    their exact times (M-U1).

    :param samples: ``(t, x, y)`` in s and mm, in time order; the release position should
        be the last sample.
    :param release_t: release time in s (default: the last sample's time). Samples after it
        are ignored; the pointer is taken to have stayed at its last position until then.
    :param cap: the result is scaled down to at most this speed in mm/s (default 6000).
    :param period: the pointer's report period in s, if known (gaps are filled with the
        held position at this rate; default: the median interval of the samples).
    :returns: the hand's velocity at the release (:func:`velocity_at`), capped; (0.0, 0.0)
        with fewer than two samples.
    :raises FlickError: for samples out of time order or with non-finite numbers.
    """
    pts = check_samples(samples)
    if not pts:
        return 0.0, 0.0
    tr = pts[-1][0] if release_t is None else float(release_t)
    if not math.isfinite(tr):
        raise FlickError("M-U1: the release time must be a finite number")
    pts = [p for p in pts if p[0] <= tr]
    if not pts:
        return 0.0, 0.0
    if pts[-1][0] < tr:
        pts.append((tr, pts[-1][1], pts[-1][2]))        # held still until the release
    arr = np.asarray(pts, float)
    t, x, y = arr[:, 0] - tr, arr[:, 1], arr[:, 2]
    p = typical_period(t) if period is None else float(period)
    t, x, y = fill_holds(t, x, y, p)
    return cap_velocity(*velocity_at(t, x, y, 0.0), cap)


class FlickTracker:
    """Follows one drag of a puck in a launch area and produces its :class:`Launch`
    (M-U1, M-U2), from samples whose times are exact.

    Feed it ``press`` once, ``move`` for every pointer motion, and ``release`` when the
    button comes up; ``move`` returns a launch by itself when the puck reaches the zone's
    inner line. :attr:`puck` is where to draw the held puck: the pointer plus the grab
    offset, kept inside the launch area (centre on the table, between the rails, not past
    the inner line). :class:`mississippi.pointer.SteadyFlick` is the same for samples
    stamped by the frame loop. A velocity reads only the samples of the last
    :data:`RECENT_S` (the rest enters through state kept as samples come), so asking it
    every frame costs the same however long the drag has lasted.

    >>> tr = FlickTracker("left")
    >>> tr.press(0.0, 400.0, 240.0)
    >>> tr.move(0.03, 460.0, 240.0) is None
    True
    >>> tr.move(0.06, 520.0, 240.0) is None
    True
    >>> launch = tr.release(0.06, 520.0, 240.0)
    >>> round(launch.vx), round(launch.vy), launch.crossed
    (2000, 0, False)
    """

    def __init__(self, side: Side, table: Table | None = None, *, cap: float = LAUNCH_CAP) -> None:
        self.table = table if table is not None else Table()
        self.side = side
        self.cap = cap
        zone = self.table.launch_area(side)
        r = self.table.puck_radius
        self._xmin, self._xmax = zone.x0, zone.x1
        self._ymin, self._ymax = r, self.table.width - r
        self._line = self.table.inner_line(side)
        self._dir = self.table.direction(side)
        self._off = (0.0, 0.0)
        self.active = False
        self.launch: Launch | None = None
        self._reset([])

    def _reset(self, samples: list[Sample]) -> None:
        """Start the drag's record over with ``samples`` (checked)."""
        self._samples: list[Sample] = []
        self._buf = np.empty((64, 3))            # the samples as an array (rows 0 .. n − 1)
        self._gaps: list[float] = []             # sorted stamp intervals > 0.1 ms (the median)
        self._grid = _Grid()                     # the pointer's step over all the changes
        self._settled = _Settled()               # … and over the settled ones
        self._same_time = False                  # two samples were fed at one time
        for smp in samples:
            self._append(smp)

    def _append(self, s: Sample) -> None:
        """Add a checked sample to the record (O(1) but for the sorted intervals)."""
        n = len(self._samples)
        if n == self._buf.shape[0]:
            self._buf = np.concatenate([self._buf, np.empty_like(self._buf)])
        self._buf[n] = s
        if n:
            last = self._samples[-1]
            if s[0] - last[0] > 1e-4:
                bisect.insort(self._gaps, s[0] - last[0])
            elif s[0] - last[0] <= 1e-9:
                self._same_time = True
            self._grid.add(abs(s[1] - last[1]))
            self._grid.add(abs(s[2] - last[2]))
        self._samples.append(s)

    # --------------------------------------------------------------- geometry
    def _clamp(self, x: float, y: float) -> tuple[float, float]:
        return (min(max(x, self._xmin), self._xmax), min(max(y, self._ymin), self._ymax))

    @property
    def puck(self) -> tuple[float, float]:
        """Centre (x, y) mm where the held puck is drawn now."""
        if not self._samples:
            return self._clamp(*self._off)
        _, x, y = self._samples[-1]
        return self._clamp(x + self._off[0], y + self._off[1])

    @property
    def samples(self) -> list[Sample]:
        """The samples ``(t, x, y)`` of the drag so far (press first), as fed."""
        return list(self._samples)

    # --------------------------------------------------------------- timing hook
    def _recent(self) -> int:
        """Index of the first sample a velocity of this drag can depend on (see
        :data:`RECENT_S`): the last sample before the :data:`RECENT_S` seconds that precede
        the third-last sample, and at least :data:`RECENT_MIN` samples back."""
        n = len(self._samples)
        t = self._buf[:n, 0]
        lo = int(np.searchsorted(t, t[max(n - 3, 0)] - RECENT_S, side="left")) - 1
        return max(min(lo, n - RECENT_MIN), 0)

    def _period_of(self, extra: list[Sample]) -> float:
        """:func:`typical_period` of the stamps of every sample and ``extra`` (kept sorted
        as the samples come: the same median without sorting the drag each time)."""
        gaps = self._gaps
        if extra and self._samples and extra[0][0] - self._samples[-1][0] > 1e-4:
            gaps = list(gaps)
            bisect.insort(gaps, extra[0][0] - self._samples[-1][0])
        if not gaps:
            return 0.008
        m = len(gaps)
        med = gaps[m // 2] if m % 2 else (gaps[m // 2 - 1] + gaps[m // 2]) / 2
        return float(max(med, 0.0005))

    def _timed(self, lo: int, extra: list[Sample]) -> tuple[np.ndarray, float]:
        """(array of the samples ``lo`` … n − 1 and then ``extra`` (a release to come, asked
        by :meth:`velocity`), with exact times, one row ``(t, x, y)`` each; the report
        period s): here the samples as they are, with the median interval of all of them;
        SteadyFlick re-times them."""
        arr = self._buf[lo:len(self._samples)]
        if extra:
            arr = np.concatenate([arr, np.asarray(extra, float).reshape(-1, 3)])
        return arr, self._period_of(extra)

    def _velocity(self, i_eval: int, t_frac: float = 0.0, extra: list[Sample] = ()) -> tuple[float, float]:
        """Velocity at sample ``i_eval`` (plus ``t_frac`` of the way to the next one) of the
        samples and ``extra`` after them. Reads only the recent samples (:meth:`_recent`):
        the same result as from all of them, at a cost that does not grow with the drag."""
        lo = self._recent()
        arr, period = self._timed(lo, list(extra))
        i = i_eval - lo
        t, x, y = arr[:, 0], arr[:, 1], arr[:, 2]
        t = t - t[i]                         # times from the instant: the same whatever the clock
        te = 0.0
        if t_frac > 0.0 and i + 1 < t.size:
            te = t_frac * t[i + 1]
        t, x, y, replaced = _fill(t, x, y, period)
        if replaced or self._same_time:      # the changes between the samples kept
            step = self._settled.step(self._buf, len(self._samples), lo, x, y)
        else:                                # the changes between all the samples
            step = self._grid.step
        return cap_velocity(*velocity_at(t, x, y, te, step or DEFAULT_STEP_MM), self.cap)

    # --------------------------------------------------------------- events
    def press(self, t: float, x: float, y: float, puck_x: float | None = None,
              puck_y: float | None = None) -> None:
        """Start a drag at time t (s) with the pointer at (x, y) mm; ``puck_x, puck_y``
        is the centre of the puck grabbed (default: the pointer), so the puck keeps its
        offset from the pointer.

        :raises FlickError: for non-finite numbers.
        """
        (s,) = check_samples([(t, x, y)])
        px = s[1] if puck_x is None else puck_x
        py = s[2] if puck_y is None else puck_y
        try:
            (_, px, py), = check_samples([(s[0], px, py)])
        except FlickError:
            raise FlickError("M-U1: the grabbed puck's centre must be two finite numbers") from None
        self._off = (px - s[1], py - s[2])
        self._reset([s])
        self.active = True
        self.launch = None

    def move(self, t: float, x: float, y: float) -> Launch | None:
        """Pointer moved to (x, y) mm at time t (s). Returns the :class:`Launch` if the
        puck's centre just passed the zone's inner line (M-U1: released there, at the
        crossing interpolated between the previous sample and this one, with the hand's
        velocity at that instant), else None. Does nothing (returns None) when no drag is
        active.

        :raises FlickError: for a sample earlier than the previous one or non-finite.
        """
        if not self.active:
            return None
        prev = self._samples[-1]
        _, s = check_samples([prev, (t, x, y)])
        self._append(s)
        cx_prev = prev[1] + self._off[0]
        cx = s[1] + self._off[0]
        if (cx - self._line) * self._dir > 0:
            span = cx - cx_prev
            a = (self._line - cx_prev) / span if span else 1.0
            a = min(max(a, 0.0), 1.0)
            tc = prev[0] + a * (s[0] - prev[0])
            yc = prev[2] + a * (s[2] - prev[2])
            n = len(self._samples)
            vx, vy = self._velocity(n - 2, a) if n >= 2 else (0.0, 0.0)
            _, py = self._clamp(self._line, yc + self._off[1])
            return self._finish(Launch(self._line, py, vx, vy, tc, True))
        return None

    def release(self, t: float, x: float | None = None, y: float | None = None) -> Launch:
        """Button released at time t (s), pointer at (x, y) mm (default: where it last
        was). Returns the :class:`Launch`: the hand's velocity at the release (M-U1). A
        release at the place of the last motion and within :meth:`_same_report_s` of it
        came with that motion's report.

        :raises FlickError: if no drag is active, or for bad numbers or a release earlier
            than the last sample.
        """
        if not self.active:
            raise FlickError("M-U1: release without a press", "no-press")
        last = self._samples[-1]
        x = last[1] if x is None else x
        y = last[2] if y is None else y
        _, s = check_samples([last, (t, x, y)])
        if not (s[0] - last[0] < self._same_report_s() and s[1:] == last[1:]):   # else: that report
            launch = self.move(*s)
            if launch is not None:
                return launch
        vx, vy = self._velocity(len(self._samples) - 1)
        px, py = self.puck
        return self._finish(Launch(px, py, vx, vy, s[0], False))

    def _same_report_s(self) -> float:
        """How long (s) after the last motion a release at its place still counts as that
        motion's report: :data:`SAME_REPORT_S` (one poll of the frame loop)."""
        return SAME_REPORT_S

    def velocity(self, t: float | None = None) -> tuple[float, float]:
        """(vx, vy) mm/s the held puck would be launched with if released at ``t`` s
        (default: at the last sample) where the pointer is now, for the aim guide (M-U1) —
        within 1.5 report periods of the last sample, as at that sample;
        (0, 0) when no drag is active or before any motion."""
        n = len(self._samples)
        if not self.active or n < 2:
            return 0.0, 0.0
        extra = []
        if t is not None and math.isfinite(t):
            last = self._samples[-1]
            if t - last[0] > 1.5 * self._guide_period():   # no report since: the pointer is still
                extra = [(float(t), last[1], last[2])]
        return self._velocity(n - 1 + len(extra), extra=extra)

    def _guide_period(self) -> float:
        """The report period (s) :meth:`velocity` compares the time since the last sample
        with."""
        return self._timed(self._recent(), [])[1]

    def cancel(self) -> None:
        """Drop the drag without launching (e.g. focus lost)."""
        self.active = False
        self._reset([])

    def _finish(self, launch: Launch) -> Launch:
        self.active = False
        self.launch = launch
        return launch


# --------------------------------------------------------------- bunched stamps (M-U1)
BUNCH_S = 0.001
"""Stamps closer than this (s) came out of the event queue together: a *bunch*, held back
behind a long frame (the shell stamps events when it takes them; pygame-ce 2.5.8 exposes no
SDL event timestamp)."""
PAIR_GAP_S = 0.016
"""Two samples in one poll count as a bunch only after a gap this long (s): a slow hand
skips reports, so two reports in one poll after ~8 ms of quiet is a healthy loop."""
BUNCH_GAP_S = 0.010
"""A bunch follows a gap of at least this (s) since the previous stamp: longer than a
healthy frame's draw and present (2–5 ms, ``benchmarks/hands.py``), whose late batches
:mod:`mississippi.pointer`'s re-timing places on the report lattice (a 1000 Hz mouse
polled every ~1.1 ms gives pairs after ~1 ms: no bunch either)."""
GUARD_WINDOW_S = 0.1
"""The guard looks at the samples of the last GUARD_WINDOW_S seconds before the launch."""
DIRECTION_S = 0.05
"""The stroke's direction: its net displacement over the last DIRECTION_S seconds."""
MEAN_MIN_S = 0.03
"""The fallback velocity is a mean over at least this span (s) of trusted instants."""
FD_MIN_S = 0.006
"""Finite differences are taken over spans of at least this (s) between trusted instants."""
GUARD_FACTOR = 1.2
"""A launch is never faster than GUARD_FACTOR × the fastest finite-difference speed."""
GUARD_CLEAN_FACTOR = 1.5
"""The same bound where no sample was bunched (a hand let go while speeding up from rest is
up to ~1.3× its mean over the last report period: the bound is a safety net only)."""
HELD_GAP_PERIODS = 1.5
"""A lone sample more than this many report periods after the previous stamp was held."""
GUARD_PERIOD_S = 0.008
"""Report period (s) assumed for a bunch when none is known (a 125 Hz mouse, the slowest)."""


def guard_velocity(samples: Sequence[Sample], vx: float, vy: float,
                   period: float | None = None, cap: float = LAUNCH_CAP) -> tuple[float, float]:
    """The launch velocity ``(vx, vy)`` mm/s made safe against bunched stamps (M-U1).

    ``samples`` are the drag's ``(t, x, y)`` (s, mm) *as stamped* by the frame loop, the
    launch's sample last. When the frame loop held events back behind a long frame they
    arrive in a bunch — several samples whose stamps lie within :data:`BUNCH_S` after a
    gap — and their times are lost; an estimator fed them can launch 3× too fast, or
    backwards. Trusted instants are the stamps of samples outside bunches, and the last
    sample of each bunch at its stamp less half a report ``period`` (s; default
    :data:`GUARD_PERIOD_S`). Then, in order:

    1. if a bunch lies within the last :data:`DIRECTION_S`, the stamps cannot be trusted:
       the velocity is the mean over the last ≥ :data:`MEAN_MIN_S` of trusted instants;
    2. never against the stroke: if the velocity points against the net displacement of
       the last :data:`DIRECTION_S` (more than one pointer step), it becomes that mean;
    3. never faster than :data:`GUARD_FACTOR` × the fastest finite-difference speed over
       spans ≥ :data:`FD_MIN_S` between trusted instants of the last
       :data:`GUARD_WINDOW_S` (scaled down, direction kept).

    With stamps one poll (≤ 1 ms) from the reports nothing of this applies to a stroke:
    the velocity comes back unchanged. Pure; never raises for finite samples (fewer than
    three samples: unchanged). A changed velocity is kept within ``cap`` mm/s (M-P5).
    """
    arr = np.asarray(samples, float).reshape(-1, 3)
    n = arr.shape[0]
    if n < 3:
        return vx, vy
    t, x, y = arr[:, 0] - arr[-1, 0], arr[:, 1], arr[:, 2]
    keep = t >= -(GUARD_WINDOW_S + 0.15)
    keep[-3:] = True
    t, x, y = t[keep], x[keep], y[keep]
    n = t.size
    # groups of stamps chained less than BUNCH_S apart; a bunch is a group of >= 2 that
    # moved the pointer and followed a gap
    dt = np.diff(t)
    starts = np.concatenate(([0], np.nonzero(dt >= BUNCH_S)[0] + 1))
    ends = np.concatenate((starts[1:], [n]))
    # the report period: the median step between stamps of single polled samples
    single = np.zeros(n, bool)
    for a, b in zip(starts, ends):
        single[a] = b - a == 1
    steps = [t[i + 1] - t[i] for i in range(n - 1) if single[i] and single[i + 1]
             and BUNCH_S <= t[i + 1] - t[i] <= 2 * GUARD_PERIOD_S]
    # and each bunch of ≥ 2 but the last: its gap over its count
    steps += [(t[a] - t[a - 1]) / (b - a) for a, b in list(zip(starts, ends))[1:-1]
              if b - a >= 3 and t[a] - t[a - 1] >= BUNCH_GAP_S]
    p = float(np.median(steps)) if steps else GUARD_PERIOD_S
    p = min(max(p, 1.25e-4), GUARD_PERIOD_S)
    # held back: a group after a gap (a moving mouse reports every period) — a bunch, or
    # a single sample more than 1.5 periods after the previous stamp
    # (only where a real bunch shows the loop held events back: steady drags whose
    # stamps step unevenly, a slow push that skips reports, are left alone)
    bunches = []
    for a, b in zip(starts, ends):
        if a == 0:
            continue
        gap = t[a] - t[a - 1]
        k = b - a
        if (k >= 3 and gap < BUNCH_GAP_S) or (k == 2 and gap < PAIR_GAP_S) \
                or (k == 1 and gap <= HELD_GAP_PERIODS * p + BUNCH_S):
            continue
        if k >= 2 and b < n and k < 0.5 * gap / p:   # few reports after a long quiet: a pause
            # (not the last group: the release may end a held group after few reports)
            continue
            continue
        # the hand was moving before the gap (after a rest, a gap is the rest itself)
        before = a >= 2 and (x[a - 1] != x[a - 2] or y[a - 1] != y[a - 2]) \
            and t[a - 1] - t[a - 2] <= max(gap, 2 * GUARD_PERIOD_S)
        if before and (np.ptp(x[a - 1:b]) > 0 or np.ptp(y[a - 1:b]) > 0):
            bunches.append((a, b))
    held = any(b - a >= 2 for a, b in bunches)
    if not held:
        bunches = []
    # a bunch's first report came within a period after the poll before it, the others
    # a period apart (not after the bunch's stamp): re-timed so
    tt = t.copy()
    for a, b in bunches:
        tt[a:b] = np.minimum(t[a - 1] + (np.arange(b - a) + 0.5) * p, t[a:b])
    tt = np.maximum.accumulate(tt)
    recent = held and t[bunches[-1][1] - 1] >= -DIRECTION_S
    t0 = tt[-1]
    out = (vx, vy)
    older = np.nonzero(tt <= t0 - MEAN_MIN_S)[0]
    i = older[-1] if older.size else 0
    mean = None
    if tt[-1] > tt[i]:
        mean = ((x[-1] - x[i]) / (t0 - tt[i]), (y[-1] - y[i]) / (t0 - tt[i]))
    if recent and mean is not None:                         # 1. stamps not to be trusted
        out = mean
    back = np.nonzero(t <= -DIRECTION_S)[0]                # 2. never against the stroke
    k = back[-1] if back.size else 0
    dx, dy = x[-1] - x[k], y[-1] - y[k]
    step = pointer_step(x, y) or DEFAULT_STEP_MM
    if math.hypot(dx, dy) > step and out[0] * dx + out[1] * dy < 0:
        out = mean if mean is not None and mean[0] * dx + mean[1] * dy > 0 else (0.0, 0.0)
    out = _guard_cap(tt, x, y, out, 1.0, clean=not held)
    return out if out == (vx, vy) else cap_velocity(*out, cap)       # M-P5: within the cap


def _guard_cap(t, x, y, v, _unused, clean: bool) -> tuple[float, float]:
    """Rule 3 of :func:`guard_velocity`: ``v`` scaled down to the factor × the fastest
    finite-difference speed over spans ≥ :data:`FD_MIN_S` of the last
    :data:`GUARD_WINDOW_S` (``t`` trusted instants, s, the last at 0)."""
    factor = GUARD_CLEAN_FACTOR if clean else GUARD_FACTOR
    fd = 0.0
    for j in np.nonzero(t >= t[-1] - GUARD_WINDOW_S)[0]:
        older = np.nonzero(t <= t[j] - FD_MIN_S)[0]
        if older.size:
            i = older[-1]
            fd = max(fd, math.hypot(x[j] - x[i], y[j] - y[i]) / (t[j] - t[i]))
    speed = math.hypot(*v)
    if fd > 0.0 and speed > factor * fd:
        s = factor * fd / speed
        v = (v[0] * s, v[1] * s)
    return float(v[0]), float(v[1])

