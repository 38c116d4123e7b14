"""Recorded drags for the flick's equivalence test (M-U1): what ``SteadyFlick`` gave before
its cost was bounded (commit cc2d240, main of 2026-12-01), so a faster path can be checked
to give the same velocities.

Each drag is a list of pointer events (``down`` / ``motion`` / ``up``, stamps s, table mm)
with the aim guide's calls made between them (``velocity(t)`` after event ``i``), and what
the tracker answered: every guide velocity and the launch. The drags: the benchmark's
strokes (``benchmarks/hands.py``: the four shapes, 125/500/1000 Hz mice, 60/144 Hz loops,
the guide asked after every motion, sometimes a frame later), the second hand model, the
playtester's strokes held back 8–30 ms (``benchmarks/flick_held.py``), and 15 s wandering
drags (``hands.wander``) with the guide asked once a frame, as the scene asks it.

Run ``python benchmarks/flick_reference.py --write`` (only with the estimator the record
is meant to keep) to write ``tests/mississippi/data/flick_reference.json.gz``; ``--guide``
writes the guide's velocities again and keeps the launches, refusing if any launch
changed (a change of the guide alone: flick8's spread re-timing, 2026-12-02); without
either it replays the record and prints the largest difference (mm/s) and the CPU time of
the guide's calls.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from benchmarks import flick_held, hands  # noqa: E402
from mississippi.pointer import SteadyFlick  # noqa: E402

RECORD = ROOT / "tests/mississippi/data/flick_reference.json.gz"
SPEEDS = {"push": (400.0, 1500.0), "peak": (1500.0, 5500.0), "rising": (1500.0, 5500.0),
          "through": (1500.0, 5000.0)}


def _r(v: float, q: float) -> float:
    """``v`` rounded to ``q`` (1e-6, 1e-7 …: the recorded inputs are the rounded values, so
    old and new see the same numbers)."""
    return round(v, round(-math.log10(q)))


def _from_events(name, side, evs, grab, guide_every):
    """A drag from :class:`hands.Event` s: the guide asked after every motion (and, every
    ``guide_every``-th motion, also a frame later, when it appends the held pointer)."""
    out, calls = [], []
    for i, e in enumerate(evs):
        x, y = _r(e.x, 1e-6), _r(e.y, 1e-6)
        out.append([e.kind, _r(e.stamp, 1e-7), x, y, x + grab[0], y + grab[1]])
        if e.kind == "motion":
            calls.append([i, out[-1][1] + 0.0015])
            if guide_every and i % guide_every == 0:
                calls.append([i, out[-1][1] + 0.03])
            if i % 7 == 0:
                calls.append([i, None])
    return {"name": name, "side": side, "events": out, "guide": calls}


def _framed(name, side, evs, loop_hz):
    """A drag whose guide is asked once a frame, 3 ms after the frame's events were fed."""
    frame = 1.0 / loop_hz
    out, calls = [], []
    t = evs[0].stamp
    for i, e in enumerate(evs):
        x, y = _r(e.x, 1e-6), _r(e.y, 1e-6)
        stamp = _r(e.stamp, 1e-7)
        while e.kind != "down" and stamp > t + frame:
            t += frame
            if out and out[-1][0] != "up":
                calls.append([len(out) - 1, t + 0.003])
        out.append([e.kind, stamp, x, y, x, y])
    return {"name": name, "side": side, "events": out, "guide": calls}


def drags() -> list[dict]:
    """The recorded drags' inputs (seeded; see the module docstring)."""
    out = []
    for shape in SPEEDS:
        for mouse in (125, 500, 1000):
            for loop in (60, 144):
                rng = random.Random(f"reference/{shape}/{mouse}/{loop}")
                for k in range(2):
                    st = hands.stroke(shape, rng.uniform(*SPEEDS[shape]), rng)
                    evs = hands.events(st, rng, mouse_hz=mouse, loop_hz=loop)
                    out.append(_from_events(f"{shape} {mouse}/{loop} #{k}", "left", evs, st.grab, 5))
    rng = random.Random("reference/second")
    for mouse in (125, 1000):
        st = hands.pause_stroke("peak", 3000.0, rng)
        evs = hands.events(st, rng, mouse_hz=mouse, loop_hz=60)
        out.append(_from_events(f"pause then peak {mouse}/60", "left", evs, st.grab, 4))
        st = hands.stroke("push", 800.0, rng)
        evs = hands.events(st, rng, mouse_hz=mouse, loop_hz=60, jitter_px=1.0)
        out.append(_from_events(f"±1 px push {mouse}/60", "left", evs, st.grab, 4))
    st = hands.stroke("peak", 2500.0, rng, side="right")
    evs = hands.events(st, rng, mouse_hz=500, loop_hz=60)
    out.append(_from_events("right peak 500/60", "right", evs, st.grab, 3))
    for mouse, loop in ((125, 60), (500, 144), (1000, 60), (60, 60)):
        rng = random.Random(f"reference/wander/{mouse}/{loop}")
        w = hands.wander(15.0, rng)
        evs = hands.events(w, rng, mouse_hz=mouse, loop_hz=loop)
        out.append(_framed(f"wander 15 s {mouse}/{loop}", "left", evs, loop))
    for j, d in enumerate(flick_held.load_strokes()[::2]):
        for hold in (0.008, 0.016, 0.030):
            out.append(_held(f"playtest #{j} held {hold}", d, hold))
    return out


def _held(name, d, hold):
    """A playtester's stroke stamped by :func:`flick_held.held_loop` (the guide asked
    after every motion)."""
    side = "left" if d["x0"] < 640 else "right"
    mm, stamp, t0 = flick_held.to_mm(side), flick_held.held_loop(hold, 1), d["down"]
    hx, hy = mm(d["x0"], d["y0"])
    evs = [["down", _r(stamp(0.0), 1e-7), hx, hy, hx, hy]]
    calls = []
    for t, X, Y in d["sent"]:
        x, y = mm(X, Y)
        evs.append(["motion", _r(stamp(t - t0), 1e-7), x, y, x, y])
        calls.append([len(evs) - 1, evs[-1][1] + 0.001])
    _, X, Y = d["sent"][-1]
    x, y = mm(X, Y)
    evs.append(["up", _r(stamp(d["up"] - t0 + 1e-4), 1e-7), x, y, x, y])
    return {"name": name, "side": side, "events": evs, "guide": calls}


def replay(drag: dict, make=SteadyFlick, clock=None) -> dict:
    """Feed ``drag`` to a tracker built by ``make(side)``; returns ``{"guide": [[vx, vy],
    …], "launch": [x, y, vx, vy, t, crossed] or None}`` and, with ``clock`` (a function
    returning s, e.g. ``time.thread_time``), ``"cost"``: the CPU time of each guide call."""
    fl = make(drag["side"])
    calls = {}
    for i, t in drag["guide"]:
        calls.setdefault(i, []).append(t)
    guide, cost, launch = [], [], None
    for i, (kind, stamp, x, y, gx, gy) in enumerate(drag["events"]):
        if kind == "down":
            fl.press(stamp, x, y, gx, gy)
        elif kind == "motion":
            launch = fl.move(stamp, x, y)
        else:
            launch = fl.release(stamp, x, y)
        if launch is not None:
            break
        for t in calls.get(i, ()):
            c0 = clock() if clock else 0.0
            v = fl.velocity(t)
            if clock:
                cost.append(clock() - c0)
            guide.append([float(v[0]), float(v[1])])
    if launch is None and fl.active:
        launch = fl.release(drag["events"][-1][1] + 0.001)
    out = {"guide": guide, "launch": None if launch is None else
           [launch.x, launch.y, launch.vx, launch.vy, launch.t, bool(launch.crossed)]}
    if clock:
        out["cost"] = cost
    return out


def load(path: Path = RECORD) -> list[dict]:
    """The recorded drags, each with its inputs and ``"expect"`` (what :func:`replay` gave
    when it was recorded)."""
    with gzip.open(path, "rt") as f:
        return json.load(f)


def largest_difference(drag: dict, got: dict, alone: dict | None = None) -> float:
    """The largest difference (mm/s) between the recorded velocities of ``drag`` (every
    guide call and the launch) and ``got`` (a :func:`replay`), and, with ``alone`` (a
    :func:`replay` of the drag without guide calls), its launch; inf if they differ in
    count or in whether the puck was launched. (Launch positions count in mm, times in ms.)"""
    exp = drag["expect"]
    if alone is not None:
        d = largest_difference(dict(drag, expect={"guide": [], "launch": exp["launch_alone"]}),
                               {"guide": [], "launch": alone["launch"]})
        return max(d, largest_difference(drag, got))
    if len(exp["guide"]) != len(got["guide"]) or (exp["launch"] is None) != (got["launch"] is None):
        return math.inf
    d = max((math.hypot(a[0] - b[0], a[1] - b[1]) for a, b in zip(exp["guide"], got["guide"])),
            default=0.0)
    if exp["launch"] is not None:
        a, b = exp["launch"], got["launch"]
        if a[5] != b[5]:
            return math.inf
        d = max(d, math.hypot(a[2] - b[2], a[3] - b[3]), 1e3 * abs(a[4] - b[4]),
                math.hypot(a[0] - b[0], a[1] - b[1]))
    return d


def rerecord_guide(path: Path = RECORD) -> int:
    """Write the record again with the aim guide's velocities as the estimator gives them
    now, its launches kept — refused (ValueError) unless every launch, with the guide asked
    and without, comes out the same (within 1e-6 mm/s, as the test asks). For a change of
    the guide alone (flick8: its re-timing spread over frames); returns the guide calls."""
    ds = load(path)
    for d in ds:
        got = replay(d)
        alone = replay(dict(d, guide=[]))
        launch_only = dict(d, expect=dict(d["expect"], guide=[]))
        diff = largest_difference(launch_only, dict(got, guide=[]), alone)
        if diff > 1e-6 * max(1.0, math.hypot(*(d["expect"]["launch"] or [0, 0, 0, 0])[2:4])):
            raise ValueError(f"{d['name']}: the launch changed by {diff:.3g}: not a guide-only change")
        d["expect"]["guide"] = [[round(a, 8), round(b, 8)] for a, b in got["guide"]]
    with gzip.open(path, "wt") as f:
        json.dump(ds, f, separators=(",", ":"))
    return sum(len(d["expect"]["guide"]) for d in ds)


if __name__ == "__main__":
    if "--guide" in sys.argv:
        print(f"guide re-recorded ({rerecord_guide()} calls), launches unchanged, in {RECORD}")
    elif "--write" in sys.argv:
        ds = drags()
        for d in ds:
            d["expect"] = replay(d)
            d["expect"]["guide"] = [[round(a, 8), round(b, 8)] for a, b in d["expect"]["guide"]]
            d["expect"]["launch_alone"] = replay(dict(d, guide=[]))["launch"]
        RECORD.parent.mkdir(parents=True, exist_ok=True)
        with gzip.open(RECORD, "wt") as f:
            json.dump(ds, f, separators=(",", ":"))
        print(f"wrote {len(ds)} drags, {sum(len(d['expect']['guide']) for d in ds)} guide calls to {RECORD}")
    else:
        worst = 0.0
        for d in load():
            got = replay(d, clock=time.thread_time)
            diff = largest_difference(d, got, replay(dict(d, guide=[])))
            worst = max(worst, diff)
            c = sorted(got["cost"]) or [0.0]
            if d["name"].startswith("wander") or diff > 1e-6:
                print(f"{d['name']:<32} samples {len(d['events']):5d} calls {len(c):4d} "
                      f"guide CPU median {1e3 * c[len(c) // 2]:.3f} ms p99 {1e3 * c[int(0.99 * len(c))]:.3f} ms"
                      f"  max |Δv| {diff:.2e} mm/s")
        print(f"largest difference {worst:.2e} mm/s")
