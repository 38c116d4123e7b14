"""Glissando AI: decision time per level and strength (design.md target for the
strongest level: median <= 1 s, max <= 2 s; issue 3: Expert beats Intermédiaire in
>= 85 % and Débutant in >= 95 % of 40 seeded games, half with each colour).

Run: ``/work/venv/bin/python benchmarks/glissando_ai.py [--quick] [--json]``.

``main(quick=False) -> list[dict]`` returns rows ``{what, figure, unit, target, ...}``:

* ``glissando_ai_<level>_median_s`` / ``_max_s``: decision time of ``choose_turn`` on
  the fixed positions below (plus, for the expert, every decision of the games);
* ``glissando_turns_count_ms``: listing every complete turn of the densest fixed
  position (issue 3: well under 50 ms);
* ``glissando_expert_vs_intermediate_pct`` / ``..._vs_beginner_pct``: games won by the
  expert (draws and losses count against it), games seeded ``1000 + i``, the expert
  Blue (and first to move) in even games, Orange in odd ones.

``--quick`` plays 2 games per match instead of 40 (a smoke run, not the measurement).
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

from glissando.ai import LEVELS, choose_turn  # noqa: E402
from glissando.rules import Position  # noqa: E402

#: Fixed positions (G-N1): openings, middle games and dense late positions from seeded
#: games; the last two come from random play (the widest turn lists).
POSITIONS = [
    "8/8/8/8/8/8/8/8 b 0-0 32-32 2",
    "O6B/8/8/8/8/8/8/2B4O b 0-0 30-30 2",
    "O4O1O/B7/7O/8/O7/7B/7B/2BBBOBO b 0-0 25-25 2",
    "BO5B/B6O/O6O/8/8/7B/6BO/OBB2B1O o 0-0 24-25 2",
    "B4B1B/B5OO/OB5O/6BO/6OB/6BO/1O4B1/OBOBBBOO o 0-0 19-20 2",
    "OO6/8/8/B7/B7/B7/8/1O6 b 0-0 29-29 2",
    "O2BBBB1/O7/B7/BO6/BO6/BO6/O7/8 b 0-1 24-26 2",
    "1OOBBB1B/O3B2O/7O/8/8/7B/7B/O2B1BOO o 0-0 23-24 2",
    "BOOBOBO1/1O2B3/4B1O1/3BBB1B/4B2O/B3O2O/O6B/O3BBOO o 0-0 18-19 2",
    "3B2BO/3O3O/6BB/B6B/O6B/O6B/7O/O3B3 b 0-1 23-25 2",
    "1BBBBOBO/OB6/8/B7/B7/O1O3OB/OOOBOBOO/B1OB1OBB o 0-0 17-18 2",
    "BOB1O1BO/OO2O1BB/1B6/1B4BB/O5O1/BO3B1B/B4OOO/BO1O1B1O b 0-0 17-17 2",
    "1OOBOBBO/O1B2B2/4OB2/B3O3/O7/1BO5/OB5B/1O3BOB b 0-0 20-20 2",
]


def decision_times(level: str, positions=POSITIONS, seed: int = 0) -> list[float]:
    """Wall seconds of one ``choose_turn`` per position."""
    rng = random.Random(seed)
    out = []
    for text in positions:
        p = Position.from_text(text)
        t0 = time.perf_counter()
        turn = choose_turn(p, level, rng)
        out.append(time.perf_counter() - t0)
        p.play(turn)                                   # the answer is legal
    return out


def play_game(blue: str, orange: str, seed: int, target: int = 2):
    """One seeded game; returns ``(winner, turns, {level: [decision s, …]})``."""
    rng = random.Random(seed)
    p = Position.start(target=target, first="b")
    levels = {"b": blue, "o": orange}
    times: dict[str, list[float]] = {blue: [], orange: []}
    n = 0
    while not p.over:
        lv = levels[p.to_move]
        t0 = time.perf_counter()
        turn = choose_turn(p, lv, rng)
        times[lv].append(time.perf_counter() - t0)
        p = p.play(turn)
        n += 1
    return p.winner, n, times


def match(opponent: str, games: int, log=None):
    """Expert against ``opponent``; returns (wins, draws, losses, turns list, expert
    decision times)."""
    wins = draws = losses = 0
    turns, times = [], []
    for i in range(games):
        expert_blue = i % 2 == 0
        blue, orange = ("expert", opponent) if expert_blue else (opponent, "expert")
        winner, n, t = play_game(blue, orange, 1000 + i)
        times += t["expert"]
        turns.append(n)
        mine = "b" if expert_blue else "o"
        if winner == "draw":
            draws += 1
        elif winner == mine:
            wins += 1
        else:
            losses += 1
        if log:
            log(f"  expert vs {opponent} game {i}: winner {winner}, {n} turns")
    return wins, draws, losses, turns, times


def main(quick: bool = False, log=print) -> list[dict]:
    rows = []
    dense = Position.from_text(POSITIONS[-2])
    reps = [0.0] * 5
    for i in range(5):
        t0 = time.perf_counter()
        dense.turns()
        reps[i] = time.perf_counter() - t0
    rows.append(dict(what="glissando_turns_count_ms", figure=round(statistics.median(reps) * 1e3, 2),
                     unit="ms", target="< 50", min=round(min(reps) * 1e3, 2),
                     max=round(max(reps) * 1e3, 2), runs=len(reps),
                     note=f"every complete turn ({len(dense.turns())}) of a dense middle game"))
    for level in LEVELS:
        ts = decision_times(level)
        rows.append(dict(what=f"glissando_ai_{level}_median_s",
                         figure=round(statistics.median(ts), 3), unit="s",
                         target="<= 1" if level == "expert" else "",
                         min=round(min(ts), 4), max=round(max(ts), 3), positions=len(ts)))
        rows.append(dict(what=f"glissando_ai_{level}_max_s", figure=round(max(ts), 3),
                         unit="s", target="<= 2" if level == "expert" else "",
                         positions=len(ts)))
    games = 2 if quick else 40
    all_times = []
    for opponent, target in (("intermediate", 85), ("beginner", 95)):
        w, d, lo, turns, times = match(opponent, games, log)
        all_times += times
        rows.append(dict(what=f"glissando_expert_vs_{opponent}_pct",
                         figure=round(100 * w / games, 1), unit="%",
                         target=f">= {target}", wins=w, draws=d, losses=lo, games=games,
                         mean_turns=round(statistics.mean(turns), 1)))
    rows.append(dict(what="glissando_ai_expert_in_games_median_s",
                     figure=round(statistics.median(all_times), 3), unit="s",
                     target="<= 1", min=round(min(all_times), 4),
                     max=round(max(all_times), 3), decisions=len(all_times)))
    rows.append(dict(what="glissando_ai_expert_in_games_max_s",
                     figure=round(max(all_times), 3), unit="s", target="<= 2",
                     decisions=len(all_times)))
    return rows


if __name__ == "__main__":
    as_json = "--json" in sys.argv
    rows = main(quick="--quick" in sys.argv,
                log=(lambda *a: None) if as_json else print)
    for r in rows:
        print(json.dumps(r, ensure_ascii=False) if as_json else
              f"{r['what']:45s} {r['figure']:>8} {r['unit']:3s} target {r['target']}")
