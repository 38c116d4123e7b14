"""Magico AI benchmark: decision time per level and playing strength.

Run: ``/work/venv/bin/python benchmarks/magico_ai.py [--quick]``. Prints one line per
figure and returns the rows from :func:`main`.

- Decision time (s) per level, median and max, over every decision of seeded
  self-play games (target for the strongest level: median ≤ 1 s, max ≤ 2 s).
- Strength: seeded games (200, or 8 with ``quick``: a smoke run, not the measurement), each level as first player in
  half of them; Expert vs Débutant (target ≥ 90 % wins) and Expert vs a greedy
  "best immediate points" player (target ≥ 65 % wins). Draws are not wins.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from magico.ai import choose_turn  # noqa: E402
from magico.rules import Dice, Position  # noqa: E402


def play(seed: int, red: str, blue: str, times: dict[str, list[float]] | None = None):
    """One seeded game, ``red`` and ``blue`` levels; Red moves first. Returns the final
    position and the number of turns; appends decision times (s) to ``times[level]``."""
    dice, rng = Dice(seed), random.Random(seed * 7919 + 1)
    p = Position.start(first="r")
    turns = 0
    while not p.is_over:
        level = red if p.to_move == "r" else blue
        roll = dice.roll()
        t0 = time.perf_counter()
        turn = choose_turn(p, roll, level, rng)
        if times is not None:
            times.setdefault(level, []).append(time.perf_counter() - t0)
        p = p.play(turn)
        turns += 1
    return p, turns


def strength(level: str, opponent: str, games: int, seed0: int) -> dict:
    """``level`` against ``opponent`` over ``games`` seeded games, first in half."""
    wins = draws = 0
    for g in range(games):
        first = g % 2 == 0
        red, blue = (level, opponent) if first else (opponent, level)
        p, _ = play(seed0 + g, red, blue)
        me = "r" if first else "b"
        wins += p.winner == me
        draws += p.winner == "draw"
    return {"wins": wins, "draws": draws, "losses": games - wins - draws, "games": games}


def main(quick: bool = False) -> list[dict]:
    """Measure and return rows ``{what, figure, unit, target, ...}``."""
    rows: list[dict] = []
    times: dict[str, list[float]] = {}
    for level in ("beginner", "intermediate", "expert"):
        for seed in range(2 if quick else 10):
            play(500 + seed, level, level, times)
    for level in ("beginner", "intermediate", "expert"):
        ts = times[level]
        target = "≤ 1" if level == "expert" else ""
        rows.append({"what": f"magico AI decision {level} median", "figure":
                     round(statistics.median(ts), 4), "unit": "s", "target": target,
                     "decisions": len(ts)})
        rows.append({"what": f"magico AI decision {level} max", "figure": round(max(ts), 4),
                     "unit": "s", "target": "≤ 2" if level == "expert" else "",
                     "decisions": len(ts)})
    games = 8 if quick else 200
    for opponent, target, seed0 in (("beginner", 90, 10_000), ("greedy", 65, 20_000)):
        t0 = time.perf_counter()
        r = strength("expert", opponent, games, seed0)
        rows.append({"what": f"magico Expert wins vs {opponent}",
                     "figure": round(100 * r["wins"] / games, 1), "unit": "%",
                     "target": f"≥ {target}", **r,
                     "seconds": round(time.perf_counter() - t0, 1)})
    return rows


if __name__ == "__main__":
    for row in main(quick="--quick" in sys.argv):
        extra = {k: v for k, v in row.items() if k not in ("what", "figure", "unit", "target")}
        print(f"{row['what']}: {row['figure']} {row['unit']} (target {row['target'] or '-'})"
              f" {extra}")
