"""Mississippi AI benchmark (issue 6): decision time per level and seeded AI-vs-AI matches.

Run: ``python -m benchmarks.mississippi_ai [--quick]`` from the repository root. Prints one
row per figure and returns them from :func:`main` as dicts
``{what, figure, unit, target, ok, ...}``.

Targets (design.md "Targets", issue 6): AI decision of the strongest level median ≤ 1 s and
max ≤ 2 s; over 30 seeded matches Expert beats Débutant (beginner) ≥ 80 %.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mississippi import ai                      # noqa: E402
from mississippi.rules import Match             # noqa: E402


def _positions(n: int, seed: int) -> list[Match]:
    """``n`` seeded shoot-phase positions: left shoots at a target somewhere in the right
    zone; every fourth one is a last puck (M-R10) after a knock."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        m = Match.new()
        m.phase, m.chooser = "choose_role", "left"
        m.choose_role("shooter")
        if i % 4 == 3:
            m.gutter["left"], m.gutter["right"] = 1, 15
            m.knock()
        m.place_target(rng.uniform(3070, 3460), rng.uniform(45, 450))
        out.append(m)
    return out


def decision_times(level: str, n: int, seed: int = 1) -> list[float]:
    """Seconds per shooter decision (``plan_shot``) and placer decision (``plan_target``)."""
    times = []
    rng = random.Random(seed)
    for m in _positions(n, seed):
        t = time.perf_counter()
        ai.plan_shot(m, level, rng)
        times.append(time.perf_counter() - t)
        p = Match.from_dict(m.to_dict())
        p.table.clear(); p.target = None; p.phase = "place"; p.gutter["right"] += 1
        p.knocked = False
        t = time.perf_counter()
        ai.plan_target(p, level, rng)
        times.append(time.perf_counter() - t)
    return times


def main(quick: bool = False) -> list[dict]:
    """Run the benchmark; ``quick`` uses 4 positions instead of 20 and 2 matches instead of 30."""
    rows = []
    n_pos = 4 if quick else 20
    for level in ("beginner", "intermediate", "expert"):
        ts = decision_times(level, n_pos)
        rows.append({"what": f"AI decision time, {level}, median", "figure": round(statistics.median(ts), 3),
                     "unit": "s", "target": "≤ 1" if level == "expert" else "-",
                     "ok": statistics.median(ts) <= 1.0, "n": len(ts),
                     "min": round(min(ts), 4), "max": round(max(ts), 3)})
        rows.append({"what": f"AI decision time, {level}, max", "figure": round(max(ts), 3),
                     "unit": "s", "target": "≤ 2" if level == "expert" else "-",
                     "ok": max(ts) <= 2.0, "n": len(ts)})
    n_matches = 2 if quick else 30
    wins = 0
    shots, secs, swaps, capped = [], [], [], 0
    match_times: list[float] = []
    for seed in range(n_matches):
        # Expert plays left in even seeds and right in odd ones.
        levels = ("expert", "beginner") if seed % 2 == 0 else ("beginner", "expert")
        expert_side = "left" if seed % 2 == 0 else "right"
        t = time.perf_counter()
        r = ai.play_match(seed, levels, on_decision=lambda k, s: match_times.append(s))
        secs.append(time.perf_counter() - t)
        wins += r["winner"] == expert_side
        shots.append(r["shots"])
        swaps.append(r["role_swaps"])
        capped += r["capped"]
        assert sum(r["gutters"].values()) + r["on_table"] == 16
    rate = wins / n_matches
    rows.append({"what": "Expert beats Débutant (seeded matches)", "figure": round(100 * rate, 1),
                 "unit": "%", "target": "≥ 80", "ok": rate >= 0.8, "n": n_matches,
                 "capped": capped})
    rows.append({"what": "match length, Expert vs Débutant, median", "figure": statistics.median(shots),
                 "unit": "shots", "target": "-", "ok": True,
                 "role_swaps_median": statistics.median(swaps)})
    rows.append({"what": "match wall time, Expert vs Débutant, median", "figure": round(statistics.median(secs), 2),
                 "unit": "s", "target": "< 600", "ok": max(secs) < 600, "max": round(max(secs), 2)})
    rows.append({"what": "AI decision time inside matches, max", "figure": round(max(match_times), 3),
                 "unit": "s", "target": "≤ 2", "ok": max(match_times) <= 2.0, "n": len(match_times)})
    return rows


if __name__ == "__main__":
    for row in main(quick="--quick" in sys.argv):
        print(json.dumps(row, ensure_ascii=False))
