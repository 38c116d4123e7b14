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

_SRC = Path(sys.argv[3]) if len(sys.argv) > 3 else ROOT / "tests/mississippi/data/playtest_strokes.jsonl"
STROKES = [json.loads(line) for line in _SRC.read_text().splitlines() if line.strip()]

def mm_map(side):
    focus = 785 if side == "left" else 2985
    return lambda X, Y: (focus + (X - 640) / 0.8, (Y - 112) / 0.8)

def side_of(d):
    return "left" if d["x0"] < 640 else "right"

def stamper(hold, seed, frame=1/60):
    rnd = random.Random(seed)
    period = max(frame, (hold or 0) + 0.002)
    phase = rnd.uniform(0, period)
    prev = [-1e9]
    def stamp(t):
        if hold is None:
            v = t
        else:
            k = math.floor((t - phase) / period); f0 = phase + k * period
            if t < f0 + hold:
                v = f0 + hold + rnd.uniform(0, 0.0005)
            else:
                v = t + rnd.uniform(0, 0.001)
        v = max(v, prev[0] + 1e-6); prev[0] = v
        return v
    return stamp

def run(d, hold, seed=0):
    side = side_of(d); mm = mm_map(side)
    stamp = stamper(hold, seed)
    t0 = d["down"]
    tr = SteadyFlick(side)
    hx, hy = mm(d["x0"], d["y0"])
    tr.press(stamp(d["down"] - t0), hx, hy, hx, hy)
    launch = None
    for t, X, Y in d["sent"]:
        launch = tr.move(stamp(t - t0), *mm(X, Y))
        if launch is not None:
            break
    if launch is None:
        t, X, Y = d["sent"][-1]
        launch = tr.release(stamp(d["up"] - t0 + 0.0001), *mm(X, Y))
    v = math.hypot(launch.vx, launch.vy) * 0.8
    sgn = 1 if (launch.vx * (1 if side == "left" else -1)) >= 0 else -1
    return sgn * v / d["v_hand"]

if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else len(STROKES)
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    strokes = STROKES[::max(1, len(STROKES) // n)][:n]
    for hold in (None, 0.004, 0.008, 0.016, 0.030, 0.100):
        rs = sorted(run(d, hold, s) for d in strokes for s in range(seeds))
        m = len(rs)
        q = lambda p: rs[min(m - 1, int(p * m))]
        off = sum(abs(r - 1) > 0.10 for r in rs)
        print("hold", hold, "n", m, "min %.3f p5 %.3f med %.3f p95 %.3f max %.3f  >10%%off %d  backwards %d"
              % (rs[0], q(0.05), q(0.5), q(0.95), rs[-1], off, sum(r < 0 for r in rs)), flush=True)
