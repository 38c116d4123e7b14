"""Magico's headless demo: the computer plays itself to the end with no window
(``python main.py magico --demo --headless --seed N``; decision 4).

Pure: imports only :mod:`magico.rules` and :mod:`magico.ai` — no pygame, no shell — so it
runs with pygame not importable at all. The dice are the chance node of the state
protocol: each turn is a roll (K-4, from the seeded :class:`~magico.rules.Dice`) and then
the computer's choice among the rolled state's turns.
"""

from __future__ import annotations

import random
import time

from magico import ai
from magico.rules import DEFAULT_BOARD, Dice, Position

NAMES = {"r": "red", "b": "blue", None: "draw"}


def play(seed: int, levels=("expert", "expert"), board: str = DEFAULT_BOARD, first: str = "r"):
    """Play one game on ``board``: ``levels`` for (red, blue), dice seeded with ``seed``,
    each decision seeded ``seed * 1009 + turns played`` (as the game screen does).

    :returns: ``(turn texts, final position)``.
    """
    dice = Dice(seed)
    p = Position.start(board, first=first)
    by_side = {"r": levels[0], "b": levels[1]}
    turns: list[str] = []
    while not p.is_terminal():
        rolled = p.roll(*dice.roll())                        # the chance node (K-4)
        rng = random.Random(dice.seed * 1009 + len(turns))
        t = ai.choose_turn(p, rolled.dice, by_side[p.to_move], rng)
        turns.append(t)
        p = rolled.play(t)
    return turns, p


def headless(seed: int, config) -> dict:
    """The descriptor's ``headless(seed, config)``: seat levels from ``config.players``
    (Expert for both from the command line), option ``board``.

    :returns: the JSON-able summary: game, seed, winner (``"red"``, ``"blue"`` or
        ``"draw"``), scores, turns, levels, seconds, final_position (K-N1), history (K-N2).
    """
    t0 = time.perf_counter()
    options = getattr(config, "options", None) or {}
    players = getattr(config, "players", ()) or ()
    levels = tuple(players[i].level if len(players) > i else "expert" for i in (0, 1))
    turns, p = play(seed, levels, options.get("board", DEFAULT_BOARD))
    out = p.outcome()
    return {"game": "magico", "seed": seed, "winner": NAMES[out.winner],
            "scores": {"red": out.scores[0], "blue": out.scores[1]}, "turns": len(turns),
            "levels": {"red": levels[0], "blue": levels[1]},
            "seconds": round(time.perf_counter() - t0, 3),
            "final_position": p.to_text(), "history": turns}
