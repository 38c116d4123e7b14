"""Does a Glissando hint lose in two, and what would a two-turn check cost? (gpolish4, item 4)

For every position of seeded games (Beginner against Expert, the hinted side to move),
it takes the hint as the scene gets it (:func:`glissando.hints.hint`, repeatable:
``time_limit=inf``, the node budget only) and measures, in thread CPU seconds:

- ``hint``: the hint itself;
- ``tss2``: the cheap check — :func:`glissando.ai.tactics.forced_point` at depth 2 for
  the opponent after the hinted turn, bounded by :data:`glissando.review.WORK` positions;
- ``exact2``: the exhaustive check :func:`glissando.review.forced_in_two` (the one the
  review trusts), for the ground truth of "loses in two";
- ``repair``: when a check says the hint loses in two, :func:`glissando.review.holding_turn`
  at depth 2 (what the hint would have to run to give a turn that holds).

Run: ``nice -n 10 python -m benchmarks.glissando_hint_depth [--seeds 1 2 3] [--every 2]``.
Prints one line per position checked and a summary (median, p90, max of each cost; how
many hinted turns lose in two, and how many the cheap check catches).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import numpy as np

from glissando import hints, review
from glissando.ai import batch, tactics
from glissando.ai.batch import U
from glissando.demo import play
from glissando.rules import BLUE


def cpu(fn, *args, **kw):
    t0 = time.thread_time()
    out = fn(*args, **kw)
    return out, time.thread_time() - t0


def sides(p, side):
    return (p.blue, p.orange) if side == BLUE else (p.orange, p.blue)


def quantiles(xs):
    xs = sorted(xs)
    if not xs:
        return "-"
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return f"median {statistics.median(xs):.3f} p90 {p90:.3f} max {xs[-1]:.3f} (n={len(xs)})"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--every", type=int, default=2, help="check every Nth position of a game")
    ap.add_argument("--exact", action="store_true", help="also run the exhaustive forced_in_two")
    ap.add_argument("--levels", nargs=2, default=["beginner", "expert"], help="blue and orange levels")
    ap.add_argument("--trial", action="store_true",
                    help="the new-player trial's game 1, turns 20-29 (tests/glissando/test_review.py)")
    args = ap.parse_args(argv)
    cost = {"hint": [], "tss2": [], "exact2": [], "repair": []}
    loses_exact = caught = flagged = checked = 0
    games = [(seed, *play(seed, levels=tuple(args.levels), target=2)[:2]) for seed in args.seeds]
    if args.trial:
        from glissando.rules import Position
        from tests.glissando.test_review import START1, TURNS1
        games.insert(0, ("trial1", Position.from_text(START1), TURNS1))
    for seed, start, turns in games:
        p = start
        for i, t in enumerate(turns):
            if i % args.every == 0 and not p.over:
                h, c = cpu(hints.hint, p, rng=random.Random(0), time_limit=math.inf)
                cost["hint"].append(c)
                if h.reason.kind != "lost":
                    q = p.play(h.turn)
                    if not q.over:
                        opp = q.to_move
                        O, M = sides(q, opp)
                        checked += 1
                        line, c2 = cpu(tactics.forced_point, O, M, depth=2, time_limit=math.inf,
                                       work=review.WORK)
                        cost["tss2"].append(c2)
                        exact = None
                        if args.exact:
                            exact, c3 = cpu(review.forced_in_two, O, M)
                            cost["exact2"].append(c3)
                            loses_exact += exact is not None
                            caught += exact is not None and line is not None
                        if line is not None:
                            flagged += 1
                            held, c4 = cpu(review.holding_turn, p, opp, 2)
                            cost["repair"].append(c4)
                        print(f"game {seed} turn {i + 1}: hint {h.turn} ({h.reason.kind}) hint {c:.3f} s "
                              f"tss2 {c2:.3f} s -> {'loses' if line else 'ok'}"
                              + (f" exact2 {c3:.3f} s -> {exact}" if args.exact else "")
                              + (f" repair {c4:.3f} s -> {held}" if line is not None else ""), flush=True)
            p = p.play(t)
    print("thread CPU seconds:")
    for k, v in cost.items():
        print(f"  {k:7s} {quantiles(v)}")
    print(f"hinted turns checked {checked}; cheap check says loses in two: {flagged}"
          + (f"; exhaustive says loses in two: {loses_exact}, of which the cheap check caught {caught}"
             if args.exact else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
