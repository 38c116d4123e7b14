"""Mississippi physics speed (design.md target: 16 pucks moving ≥ 500× real time).

Run: ``/work/venv/bin/python benchmarks/physics.py [--quick] [--json]``.

``main(quick=False) -> list[dict]`` returns rows ``{what, figure, unit, target, median,
min, max, runs, note}`` (``figure`` is the median):

* ``break_realtime``: a full 16-puck break — 15 pucks packed in a triangle on the
  sliding surface, the 16th shot into them at the 6000 mm/s launch cap — simulated
  seconds per wall second of :meth:`World.run_until_rest` (target ≥ 500).
* ``break_realtime_noparking``: the same with parking of still pucks disabled.
* ``bare_pymunk_realtime``: bare pymunk stepping the same bodies, shapes and friction
  joints (all joints always active, no callbacks) for the same number of sub-steps.
* ``world_vs_bare``: wall time of our World (parking off) / bare pymunk — the overhead our
  Python bookkeeping adds; ``world_parked_vs_bare``: the same with parking on (< 1 means
  faster than bare pymunk).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pymunk  # noqa: E402

from mississippi.physics import World  # noqa: E402
from mississippi.table import Table  # noqa: E402


def rack_positions(table: Table, apex_x: float = 2300.0) -> list[tuple[float, float]]:
    """15 puck centres (mm) in a touching triangle whose apex points at the left player,
    then the shooter's puck in the left target zone: 16 positions, shooter last."""
    d = table.puck_diameter + 0.01
    cy = table.width / 2.0
    pos = []
    for row in range(5):
        for j in range(row + 1):
            pos.append((apex_x + row * d * math.sqrt(3) / 2.0, cy + (j - row / 2.0) * d))
    pos.append((table.gutter_edge("left") + 200.0, cy + 3.0))
    return pos


def build_break(**params) -> tuple[World, int]:
    """A world with the 16-puck break set up; returns it and the shooter's id."""
    w = World(**params)
    ids = [w.place_puck(x, y) for x, y in rack_positions(w.table)]
    return w, ids[-1]


def run_break(**params) -> tuple[float, float, float, int, World]:
    """Shoot the break and run to rest: (simulated s, wall s, CPU s, sub-steps, world).
    Set-up (placing pucks, the rebuild in ``shoot``) is not timed."""
    w, shooter = build_break(**params)
    w.shoot(shooter, 6000.0, 0.0)
    s0 = w.debug_info()["substeps"]
    t0, c0 = time.perf_counter(), time.process_time()
    rep = w.run_until_rest(20.0)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return rep.duration, wall, cpu, w.debug_info()["substeps"] - s0, w


def bare_space(world_like: World) -> tuple[pymunk.Space, list[pymunk.Body]]:
    """Bare pymunk: the same static boxes, bodies, circles and friction joints as a
    freshly set-up break, with no callbacks, filters or parking (so no per-contact
    restitution: every puck–puck pair gets the shapes' product, restitution_max)."""
    t, p = world_like.table, world_like.params
    s = pymunk.Space()
    s.iterations = p.iterations
    st = s.static_body
    L, W, T = t.length, t.width, 100.0
    for x0, y0, x1, y1 in ((-T, -T, L + T, 0.0), (-T, W, L + T, W + T),
                           (-T, -T, 0.0, W + T), (L, -T, L + T, W + T)):
        poly = pymunk.Poly(st, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        poly.elasticity = p.rail_restitution / math.sqrt(p.restitution_max)
        poly.friction = p.rail_friction / math.sqrt(p.puck_friction)
        s.add(poly)
    m, r = t.puck_mass, t.puck_radius
    bodies = []
    for x, y in rack_positions(t):
        b = pymunk.Body(m, pymunk.moment_for_circle(m, 0.0, r))
        b.position = (x, y)
        c = pymunk.Circle(b, r)
        c.elasticity = math.sqrt(p.restitution_max)   # as World's shapes (no callback)
        c.friction = math.sqrt(p.puck_friction)
        pj = pymunk.PivotJoint(st, b, (0, 0), (0, 0))
        pj.max_bias, pj.max_force = 0.0, p.mu * m * p.g
        s.add(b, c, pj)              # World's spin friction is no joint (physics.py)
        bodies.append(b)
    bodies[-1].velocity = (6000.0, 0.0)
    return s, bodies


def run_bare(n_steps: int, dt: float) -> tuple[float, float]:
    """(wall s, CPU s) for bare pymunk to step the break ``n_steps`` times."""
    s, _ = bare_space(World())
    step = s.step
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(n_steps):
        step(dt)
    return time.perf_counter() - t0, time.process_time() - c0


def _row(what: str, values: list[float], unit: str, target: str, note: str = "") -> dict:
    return {"what": what, "figure": statistics.median(values), "unit": unit,
            "target": target, "median": statistics.median(values), "min": min(values),
            "max": max(values), "runs": len(values), "note": note}


def main(quick: bool = False) -> list[dict]:
    """Measure and return the rows described in the module docstring. Each run times
    ``BREAKS_PER_RUN`` breaks back to back (a single break is ~1.5 simulated s, a few
    milliseconds of wall time: too short to time alone on a shared machine)."""
    runs = 3 if quick else 9
    per = 5 if quick else 20
    dt = World().params.dt
    rt, rt_cpu, rt_np, bare_rt, ratio, ratio_p, sims = [], [], [], [], [], [], []
    for _ in range(runs):
        acc = {"sim": 0.0, "wall": 0.0, "cpu": 0.0, "wall_np": 0.0, "sim_np": 0.0,
               "bare_np": 0.0, "bare_p": 0.0, "cpu_np": 0.0, "bare_np_cpu": 0.0}
        for _ in range(per):
            sim, wall, cpu, n, _w = run_break()
            sim_np, wall_np, cpu_np, n_np, _w2 = run_break(park=False)
            b_np, b_np_cpu = run_bare(n_np, dt)
            b_p, _ = run_bare(n, dt)
            acc["sim"] += sim
            acc["wall"] += wall
            acc["cpu"] += cpu
            acc["sim_np"] += sim_np
            acc["wall_np"] += wall_np
            acc["cpu_np"] += cpu_np
            acc["bare_np"] += b_np
            acc["bare_np_cpu"] += b_np_cpu
            acc["bare_p"] += b_p
        rt.append(acc["sim"] / acc["wall"])
        rt_cpu.append(acc["sim"] / acc["cpu"])
        rt_np.append(acc["sim_np"] / acc["wall_np"])
        bare_rt.append(acc["sim_np"] / acc["bare_np"])
        ratio.append(acc["cpu_np"] / acc["bare_np_cpu"])
        ratio_p.append(acc["wall"] / acc["bare_p"])
        sims.append(acc["sim"] / per)
    note = f"one break lasts {statistics.median(sims):.2f} simulated s"
    return [
        _row("mississippi physics: 16-puck break, simulated s per wall s", rt, "x",
             ">= 500", note),
        _row("mississippi physics: 16-puck break, simulated s per CPU s", rt_cpu, "x",
             ">= 500", "CPU time: insensitive to other processes on the machine"),
        _row("mississippi physics: same break, parking off", rt_np, "x", "(info)"),
        _row("mississippi physics: bare pymunk, same bodies and joints", bare_rt, "x",
             "(info)"),
        _row("mississippi physics: World (parking off) / bare pymunk, CPU time", ratio,
             "ratio", "(info: our overhead)"),
        _row("mississippi physics: World (parking on) / bare pymunk, wall time", ratio_p,
             "ratio", "(info: < 1 is faster than bare)"),
    ]


if __name__ == "__main__":
    rows = main(quick="--quick" in sys.argv)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{r['what']:<66} {r['figure']:>9.2f} {r['unit']:<5} "
                  f"(min {r['min']:.2f}, max {r['max']:.2f}, n={r['runs']}) "
                  f"target {r['target']} {r['note']}")
