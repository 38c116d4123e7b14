"""M-U1 under load: a playtester's recorded strokes replayed through SteadyFlick stamped
the way a frame loop that holds events back 4/8/16/30/100 ms a frame stamps them (issue 12
playtest; the guard mississippi.flick.guard_velocity). Prints launch/hand per hold.

Run: ``python benchmarks/flick_held.py [N_STROKES [SEEDS [strokes.jsonl]]]`` (default: the
eight strokes of tests/mississippi/data/playtest_strokes.jsonl, 2 seeds; the whole match's
166 strokes are in the playtest's data/strokes.jsonl). Design px at 1280×720, 0.8 px/mm.
"""
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from mississippi.pointer import SteadyFlick  # noqa: E402

STROKES_FILE = ROOT / "tests/mississippi/data/playtest_strokes.jsonl"
PX_PER_MM = 0.8                       # the close view's scale while aiming (decision 1)


def load_strokes(path: Path = STROKES_FILE) -> list[dict]:
    """The recorded strokes of ``path`` (JSON lines: XTest pointer reports with the exact
    instants they were sent, design px at 1280×720)."""
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


def to_mm(side):
    """Design px of the close view at ``side`` → table mm (the camera's centre, 0.8 px/mm)."""
    focus = 785 if side == "left" else 2985          # the close camera's centre, mm
    return lambda X, Y: (focus + (X - 640) / PX_PER_MM, (Y - 112) / PX_PER_MM)


def held_loop(hold, seed, frame=1 / 60):
    """Stamps (s) of a loop that draws for ``hold`` s at the start of every frame (events
    that arrive then are taken together when it ends) and polls every ~1 ms otherwise;
    ``hold`` None: exact stamps."""
    rnd = random.Random(seed)
    period = max(frame, (hold or 0.0) + 0.002)
    phase = rnd.uniform(0, period)
    prev = [-1e9]

    def stamp(t):
        if hold is None:
            v = t
        else:
            f0 = phase + math.floor((t - phase) / period) * period
            v = f0 + hold + rnd.uniform(0, 5e-4) if t < f0 + hold else t + rnd.uniform(0, 1e-3)
        v = max(v, prev[0] + 1e-6)
        prev[0] = v
        return v
    return stamp


def launch_ratio(d, hold, seed=0):
    """Signed launch speed / hand speed of stroke ``d`` stamped by :func:`held_loop`
    (negative: launched against the stroke)."""
    side = "left" if d["x0"] < 640 else "right"
    mm, stamp, t0 = to_mm(side), held_loop(hold, seed), d["down"]
    tr = SteadyFlick(side)
    hx, hy = mm(d["x0"], d["y0"])
    tr.press(stamp(0.0), hx, hy, hx, hy)
    launch = None
    for t, X, Y in d["sent"]:
        launch = tr.move(stamp(t - t0), *mm(X, Y))
        if launch is not None:
            break
    if launch is None:
        _, X, Y = d["sent"][-1]
        launch = tr.release(stamp(d["up"] - t0 + 1e-4), *mm(X, Y))
    forward = launch.vx * (1 if side == "left" else -1) >= 0
    return (1 if forward else -1) * launch.speed * PX_PER_MM / d["v_hand"]


if __name__ == "__main__":
    STROKES = load_strokes(Path(sys.argv[3])) if len(sys.argv) > 3 else load_strokes()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else len(STROKES)
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    strokes = STROKES[::max(1, len(STROKES) // n)][:n]
    for hold in (None, 0.004, 0.008, 0.016, 0.030, 0.100):
        rs = sorted(launch_ratio(d, hold, s) for d in strokes for s in range(seeds))
        m = len(rs)
        q = lambda p: rs[min(m - 1, int(p * m))]
        off = sum(abs(r - 1) > 0.10 for r in rs)
        print("hold", hold, "n", m, "min %.3f p5 %.3f med %.3f p95 %.3f max %.3f  >10%%off %d  backwards %d"
              % (rs[0], q(0.05), q(0.5), q(0.95), rs[-1], off, sum(r < 0 for r in rs)), flush=True)
