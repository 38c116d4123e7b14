"""The flick's spread between strokes (M-U1, issue 12 §1) split into the estimator's bias
that depends on the gesture and its noise.

Run: ``python benchmarks/flick_bias.py [REPLAYS [STROKES [SHAPES]]]`` (default 10 replays of
each of the 100 strokes of every cell of ``benchmarks/flick.py``'s "between strokes" table
at ``AIM_PX_PER_MM``; SHAPES comma-separated, default all four; ~2 min a shape on a quiet
core). ``decompose(...) -> dict`` for one cell.

Each stroke of a cell (the same strokes as :func:`benchmarks.flick.cell`: same seed, same
draws) is thrown once as that table throws it and ``REPLAYS`` more times with only the
mouse's report phase, the pixel grid's offset and the loop's phases drawn anew. Per cell:

* **between** — p95 of |ratio / cell median − 1| over the first throws (the table's figure);
* **bias** — p95 of |stroke median / median of the stroke medians − 1|: how far the
  estimator's error moves with the gesture (duration, speed, release point, displacement);
  with 11 throws a stroke's median still carries ~1/3 of the noise;
* **noise** — p95, pooled over the strokes, of |ratio / that stroke's median − 1|: what the
  same hand motion gives from one try to the next (the "one stroke repeated" metric, on the
  cell's random strokes rather than the 8 fixed ones);
* **r(disp)** — the correlation of log(stroke median) with the hand's displacement from
  its onset to the release (mm): negative where short strokes read high.

Ratios are launch speed / the hand's speed at the release report (at the crossing instant
for the stroke through the line), as in ``benchmarks/flick.py``.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import hands  # noqa: E402
from benchmarks.flick import LOOPS, MICE, SEED, SPEEDS, _model, _truth  # noqa: E402
from mississippi.flick import FlickError  # noqa: E402
from mississippi.pointer import AIM_PX_PER_MM, SteadyFlick  # noqa: E402


def _p95(values: list[float]) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(0.95 * len(v)))]


def _ratio(st: hands.Stroke, evs: list, truth: str) -> float | None:
    """Launch / hand speed of one throw (None if the tracker refused it)."""
    try:
        out = hands.play(st, evs, SteadyFlick)
    except FlickError:
        return None
    tr = out.truth_cross if truth == "cross" and out.truth_cross else out.truth
    return out.launch.speed / tr


def _displacement(st: hands.Stroke) -> float:
    """The hand's displacement (mm) from the stroke's onset to the release (to the end of
    the motion for the stroke through the line)."""
    tau = 1.0 if st.release is None else (st.release - st.t0) / st.T
    return st.D * hands.min_jerk(min(max(tau, 0.0), 1.0))[0]


def decompose(shape: str, mouse_hz: int, loop_hz: int, strokes: int = 100, replays: int = 10,
              px_per_mm: float = AIM_PX_PER_MM) -> dict:
    """One cell: ``{"median", "between", "bias", "noise", "r_disp"}`` (ratios, fractions
    and a correlation; see the module docstring)."""
    truth = _truth(shape, None)
    make_stroke, base, jitter = _model(shape)
    rng = random.Random(f"{SEED}/{shape}/{mouse_hz}/{loop_hz}/{px_per_mm}")   # as cell()
    first, medians, devs, disp = [], [], [], []
    for i in range(strokes):
        st = make_stroke(base, rng.uniform(*SPEEDS.get(base, (1500.0, 4000.0))), rng)
        throws = []
        for k in range(replays + 1):
            r_k = rng if k == 0 else random.Random(f"bias/{shape}/{mouse_hz}/{loop_hz}/{i}/{k}")
            evs = hands.events(st, r_k, mouse_hz=mouse_hz, loop_hz=loop_hz,
                               px_per_mm=px_per_mm, jitter_px=jitter)
            r = _ratio(st, evs, truth)
            if r is not None:
                throws.append(r)
                if k == 0:
                    first.append(r)
        if throws:
            m = statistics.median(throws)
            medians.append(m)
            devs += [abs(r / m - 1.0) for r in throws]
            disp.append(_displacement(st))
    cm, mm = statistics.median(first), statistics.median(medians)
    lm = [math.log(m) for m in medians]
    return {"median": cm, "between": _p95([abs(r / cm - 1.0) for r in first]),
            "bias": _p95([abs(m / mm - 1.0) for m in medians]), "noise": _p95(devs),
            "r_disp": statistics.correlation(disp, lm) if len(set(disp)) > 1 else math.nan}


def main(replays: int = 10, strokes: int = 100, shapes=tuple(SPEEDS)) -> None:
    """Print one line per shape × mouse × loop cell."""
    for s in shapes:
        for m in MICE:
            for lp in LOOPS:
                d = decompose(s, m, lp, strokes, replays)
                print(f"{hands.SHAPE_NAMES.get(s, s)} {m} Hz / {lp} Hz: median {d['median']:.3f}, "
                      f"between {100 * d['between']:.1f} %, bias p95 {100 * d['bias']:.1f} %, "
                      f"noise p95 {100 * d['noise']:.1f} %, r(disp) {d['r_disp']:+.2f}", flush=True)


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 10, int(a[1]) if len(a) > 1 else 100,
         tuple(a[2].split(",")) if len(a) > 2 else tuple(SPEEDS))
