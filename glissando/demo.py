"""Glissando's headless demo: the computer plays itself to the end with no window
(``python main.py glissando --demo --headless --seed N``; decision 4).

Pure: imports only :mod:`glissando.rules` and :mod:`glissando.ai` — no pygame, no shell —
so it runs with pygame not importable at all.
"""

from __future__ import annotations

import math
import random
import time

from glissando import ai
from glissando.rules import BLUE, ORANGE, Position, choose_first

NAMES = {BLUE: "blue", ORANGE: "orange", None: "draw"}


def play(seed: int, levels=("expert", "expert"), target: int = 2, first: str = "random"):
    """Play one game: ``levels`` for (blue, orange), target score (G-6), first player
    (G-2: ``"random"`` draws it with ``seed``). Every decision is repeatable
    (``time_limit=math.inf``: the node budget alone stops the search).

    :returns: ``(start position, turn texts, final position)``.
    """
    rng = random.Random(seed)
    start = Position.start(target=target, first=choose_first(seed, first))
    by_side = {BLUE: levels[0], ORANGE: levels[1]}
    p, turns = start, []
    while not p.is_terminal():
        t = ai.choose_turn(p, by_side[p.to_move], rng, time_limit=math.inf)
        turns.append(t)
        p = p.play(t)
    return start, turns, p


def headless(seed: int, config) -> dict:
    """The descriptor's ``headless(seed, config)``: seat levels from ``config.players``
    (Expert for both from the command line), options ``target`` and ``first``.

    :returns: the JSON-able summary: game, seed, winner (``"blue"``, ``"orange"`` or
        ``"draw"``), first, turns, points, seconds, final_position (G-N1), history (G-N2).
    """
    t0 = time.perf_counter()
    options = getattr(config, "options", None) or {}
    players = getattr(config, "players", ()) or ()
    levels = tuple(players[i].level if len(players) > i else "expert" for i in (0, 1))
    start, turns, p = play(seed, levels, int(options.get("target", 2)),
                           options.get("first", "random"))
    out = p.outcome()
    return {"game": "glissando", "seed": seed, "winner": NAMES[out.winner],
            "first": NAMES[start.to_move], "turns": len(turns),
            "points": {"blue": out.scores[0], "orange": out.scores[1]}, "end_rule": out.rule,
            "seconds": round(time.perf_counter() - t0, 3),
            "final_position": p.to_text(), "history": turns}
