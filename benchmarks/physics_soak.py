"""Soak test of the Mississippi physics (issue 5 acceptance, M-P3…M-P7): N seeded random
shots, each checked for legal final places, finite numbers and rest within 20 s.

Run: ``/work/venv/bin/python benchmarks/physics_soak.py [N] [--seed S] [--json]``
(default N = 10 000). A shot: 0–4 pucks anywhere on the table top, the shooter anywhere in
either launch area (target zone), any direction, any speed up to the 6000 mm/s cap.
Exit status 1 if any shot breaks an invariant. The test suite runs a few hundred such
shots (tests/mississippi/test_physics.py); this script runs the full 10 000.
"""

from __future__ import annotations

import collections
import json
import math
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mississippi.physics import PUCK_STATES, World  # noqa: E402


def random_shot(rng: random.Random) -> tuple[World, int, float, float]:
    """A random world and shot: (world, shooter id, vx mm/s, vy mm/s)."""
    w = World()
    t = w.table
    r = t.puck_radius
    for k in range(rng.randint(0, 4)):
        standing = k == 0 and rng.random() < 0.25     # sometimes a standing target (M-P6)
        while True:
            x = rng.uniform(t.gutter_edge("left"), t.gutter_edge("right"))
            y = rng.uniform(r, t.width - r)
            ang = rng.uniform(0.0, math.pi)
            if w.placement_problem(x, y, standing=standing, angle=ang) is None:
                w.place_puck(x, y, standing=standing, angle=ang)
                break
    z = t.launch_area(rng.choice(("left", "right")))
    while True:
        x, y = rng.uniform(z.x0, z.x1), rng.uniform(r, t.width - r)
        if w.placement_problem(x, y) is None:
            break
    shooter = w.place_puck(x, y)
    ang = rng.uniform(0.0, 2.0 * math.pi)
    sp = rng.uniform(0.0, 6000.0)
    return w, shooter, sp * math.cos(ang), sp * math.sin(ang)


def problems(w: World, rep) -> list[str]:
    """Invariant violations of one finished shot (empty list: all good)."""
    t = w.table
    r, tol = t.puck_radius, 0.5
    out = []
    if not rep.rested or rep.duration > 20.0:
        out.append(f"not at rest after {rep.duration:.2f} s")
    for s in rep.pucks.values():
        vals = (s.x, s.y, s.vx, s.vy, s.angle, s.spin)
        if not all(math.isfinite(v) for v in vals):
            out.append(f"puck {s.id}: non-finite {vals}")
            continue
        if s.state not in PUCK_STATES:
            out.append(f"puck {s.id}: unknown state {s.state}")
        if s.state == "off_table":
            continue
        if not (r - tol <= s.y <= t.width - r + tol):
            out.append(f"puck {s.id}: y={s.y:.2f} outside the rails")
        if s.state in ("table", "overhang") and not t.centre_on_table(s.x):
            out.append(f"puck {s.id}: {s.state} with x={s.x:.2f}")
        if s.state == "gutter_left" and not (r - tol <= s.x < t.gutter_edge("left")):
            out.append(f"puck {s.id}: gutter_left with x={s.x:.2f}")
        if s.state == "gutter_right" and not (t.gutter_edge("right") < s.x
                                              <= t.length - r + tol):
            out.append(f"puck {s.id}: gutter_right with x={s.x:.2f}")
    ts = [e.t for e in rep.events]
    if ts != sorted(ts):
        out.append("events out of time order")
    return out


def main(n: int = 10_000, seed: int = 1) -> dict:
    """Run ``n`` shots from ``seed``; return a summary dict."""
    rng = random.Random(seed)
    states: collections.Counter[str] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    failures = []
    durations = []
    sim_total = 0.0
    t0 = time.perf_counter()
    for i in range(n):
        w, shooter, vx, vy = random_shot(rng)
        w.shoot(shooter, vx, vy)
        rep = w.run_until_rest(20.0)
        sim_total += rep.duration
        durations.append(rep.duration)
        states.update(s.state for s in rep.pucks.values())
        kinds.update(e.kind for e in rep.events)
        bad = problems(w, rep)
        if bad:
            failures.append({"shot": i, "problems": bad})
    wall = time.perf_counter() - t0
    durations.sort()
    return {
        "shots": n, "seed": seed, "failures": len(failures),
        "first_failures": failures[:10],
        "duration_max_s": durations[-1], "duration_median_s": durations[len(durations) // 2],
        "final_states": dict(states), "events": dict(kinds),
        "wall_s": wall, "shots_per_s": n / wall, "sim_per_wall": sim_total / wall,
    }


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    if "--seed" in sys.argv:
        args.remove(str(seed))
    summary = main(int(args[0]) if args else 10_000, seed)
    if "--json" in sys.argv:
        print(json.dumps(summary, indent=1))
    else:
        for k, v in summary.items():
            print(f"{k:>18}: {v}")
    sys.exit(1 if summary["failures"] else 0)
