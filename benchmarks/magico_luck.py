"""How much the dice decide a Magico game (issue 17 §1): the luck of every roll.

Run (under ``nice -n 10`` on a shared machine)::

    python benchmarks/magico_luck.py --games 200 --seed0 3000000 master:ref1

Plays seeded games exactly as ``benchmarks/magico_ai.py`` does (game ``i`` seeded
``seed0 + i``, A Red and first in even games) and measures, by Master's evaluation
(:mod:`magico.ai`, one chance ply), the **luck** of each roll the way backgammon
programs do: the chance of winning of the side to move after the best placement this
roll allows (K-5…K-7b), minus the average of that over the 21 rolls (K-4) — what the
roll gave, whatever the player then did with it. Figures:

- the first player's (Red's, K-1) score;
- the share of games won by the side whose rolls were luckier in total (the sum of its
  luck minus the opponent's): where that share is high, the dice decided;
- the largest single-roll luck in a game (median, and the share of games with a roll
  worth ≥ 0.25 and ≥ 0.5 of a win): how often one roll swings the game;
- the share of games decided by one roll: the winner's chance (by the same
  evaluation) was below ½ before some roll and stayed at or above ½ after it until the
  end, and that roll's luck alone was larger than the gap to ½;
- each player's **errors**: per turn, the chance of winning of the best option minus
  that of the option played, judged by Master's search ``ERROR_DEPTH`` (2) chance plies
  deep (:func:`magico.ai.option_values`); summed per game. Since a game's result is
  its first chance plus every roll's luck minus every error, A's expected score is
  about ½ + B's errors − A's errors a game: a player that made no error by this judge
  would score about ½ + B's errors against B — the ceiling the judge can see.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.elo import wilson  # noqa: E402
from benchmarks.magico_ai import MAX_TURNS, turn_function  # noqa: E402
from magico import ai  # noqa: E402
from magico.rules import Dice, Position, other  # noqa: E402

#: The evaluation that judges the rolls: Master's, one chance ply, no clock.
JUDGE = ai.replace(ai.MASTER, depth=1, max_depth=1, budget=0, time_limit=float("inf"))
#: Chance plies of the search that judges each turn's error.
ERROR_DEPTH = 2


def error(p: Position, roll: tuple[int, int], played: str) -> float:
    """The side to move's chance of winning after its best option minus after
    ``played`` (≥ 0), by Master's search ``ERROR_DEPTH`` chance plies deep."""
    ranked, value, _ = ai.review_values(p, roll, played, depth=ERROR_DEPTH)
    return max(0.0, ranked[0][1] - value)


def roll_luck(p: Position, roll: tuple[int, int]) -> tuple[float, float, float]:
    """``(before, after, luck)`` for the side to move of ``p``: its chance of winning
    before rolling (the average over the 21 rolls of the best placement each allows),
    after ``roll`` (the best placement it allows), and ``after - before``."""
    eng = ai.master_engine(p.board, JUDGE)
    eng.tt = {}
    me = p.to_move
    codes = eng.codes(p.red, p.blue)
    before = eng.chance(codes, p.red, p.blue, p.hand_r, p.hand_b, me, 1)
    best = None
    for _, ch in eng.options(p, *roll):
        if ch[0] is None:
            v = eng.leaf(codes, p.hand_r, p.hand_b, other(me))
        else:
            v = eng.after(ch, me, 0)
        if best is None or (v > best if me == "r" else v < best):
            best = v
    if me == "b":
        before, best = 1.0 - before, 1.0 - best
    return before, best, best - before


def game(seed: int, red: str, blue: str) -> dict:
    """One seeded game (as :func:`benchmarks.magico_ai.play`) with every roll's luck."""
    dice = Dice(seed)
    rngs = {"r": random.Random(seed * 2 + 1), "b": random.Random(seed * 2 + 2)}
    funcs = {"r": turn_function(red), "b": turn_function(blue)}
    p = Position.start(first="r")
    rows = []    # (mover, Red's chance before, Red's after, Red's luck, mover's error)
    n = 0
    while not p.is_over and n < MAX_TURNS:
        roll = dice.roll()
        me = p.to_move
        before, after, luck = roll_luck(p, roll)
        if me == "b":
            before, after, luck = 1 - before, 1 - after, -luck
        turn = funcs[me](p, roll, rngs[me])
        rows.append((me, before, after, luck, error(p, roll, turn)))
        p = p.play(turn)
        n += 1
    return {"seed": seed, "red": red, "blue": blue, "winner": p.winner if p.is_over else "draw",
            "rolls": rows}


def decided_by_one_roll(g: dict) -> bool:
    """The winner's chance crossed ½ for good on one roll whose luck alone made the
    crossing (see the module text)."""
    if g["winner"] not in ("r", "b"):
        return False
    sign = 1 if g["winner"] == "r" else -1
    rolls = g["rolls"]
    last = None                 # index of the roll after which the winner stayed ≥ ½
    for i in range(len(rolls) - 1, -1, -1):
        _, before, after, luck = rolls[i][:4]
        w_before = before if sign > 0 else 1 - before
        if w_before < 0.5:
            last = i
            break
    if last is None:
        return False
    _, before, after, luck = rolls[last][:4]
    w_before = before if sign > 0 else 1 - before
    return sign * luck > 0.5 - w_before


def summary(games: list[dict], a: str, b: str) -> dict:
    """The figures of the module text over ``games`` of ``a`` against ``b``."""
    n = len(games)
    errs = {a: [], b: []}
    for g in games:
        for side, name in (("r", g["red"]), ("b", g["blue"])):
            errs[name].append(sum(r[4] for r in g["rolls"] if r[0] == side))
    ea, eb = statistics.mean(errs[a]), statistics.mean(errs[b])
    se = (statistics.pvariance(errs[a]) / n + statistics.pvariance(errs[b]) / n) ** 0.5
    se_b = (statistics.pvariance(errs[b]) / n) ** 0.5
    red = sum(1.0 if g["winner"] == "r" else 0.5 if g["winner"] == "draw" else 0.0 for g in games)
    decided = [g for g in games if g["winner"] in ("r", "b")]
    lucky_won = sum((sum(r[3] for r in g["rolls"]) > 0) == (g["winner"] == "r") for g in decided)
    biggest = [max(abs(r[3]) for r in g["rolls"]) for g in games]
    one = sum(decided_by_one_roll(g) for g in games)
    out = {"games": n, "first_player_score": red / n,
           "first_player_interval": wilson(red, n),
           "decided_games": len(decided),
           "luckier_side_won": lucky_won / len(decided),
           "luckier_side_won_interval": wilson(lucky_won, len(decided)),
           "largest_roll_luck_median": statistics.median(biggest),
           "games_with_roll_ge_0.25": sum(b >= 0.25 for b in biggest) / n,
           "games_with_roll_ge_0.5": sum(b >= 0.5 for b in biggest) / n,
           "decided_by_one_roll": one / n,
           "decided_by_one_roll_interval": wilson(one, n),
           f"errors_a_game_{a}": ea, f"errors_a_game_{b}": eb,
           f"score_{a}": sum(1.0 if g["winner"] == ("r" if g["red"] == a else "b") else
                             0.5 if g["winner"] == "draw" else 0.0 for g in games) / n,
           f"expected_score_{a}_from_errors": (0.5 + eb - ea, 0.5 + eb - ea - 1.96 * se,
                                               0.5 + eb - ea + 1.96 * se),
           f"errorless_player_vs_{b}": (0.5 + eb, 0.5 + eb - 1.96 * se_b, 0.5 + eb + 1.96 * se_b)}
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pair", help="A:B, players as in benchmarks/magico_ai.py")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed0", type=int, default=3_000_000)
    ap.add_argument("--save", help="JSON-lines file of the games (rolls and luck)")
    args = ap.parse_args()
    a, b = args.pair.split(":")
    gs = []
    for i in range(args.games):
        red, blue = (a, b) if i % 2 == 0 else (b, a)
        gs.append(game(args.seed0 + i, red, blue))
    if args.save:
        Path(args.save).write_text("".join(json.dumps(g) + "\n" for g in gs), encoding="utf-8")
    for k, v in summary(gs, a, b).items():
        print(f"{k}: {tuple(round(x, 3) for x in v) if isinstance(v, tuple) else round(v, 3)}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
