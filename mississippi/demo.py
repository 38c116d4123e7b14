"""The Mississippi headless demo (decision 4): ``python main.py mississippi --demo --headless
--seed N`` plays the computer against itself with full physics and no window and prints
the summary this module returns as one JSON line.

Pure: imports the rules, the AI and the physics (pymunk), never pygame nor the shell, so it
runs with pygame not importable. ``config`` is the shell's ``GameConfig`` (only its
``players`` — ``name``, ``kind``, ``level`` — and ``options`` are read), or anything with
those attributes.
"""

from __future__ import annotations

import time
from typing import Any

from mississippi import ai
from mississippi.rules import team_names

__all__ = ["headless"]


def headless(seed: int, config: Any) -> dict:
    """Play one AI-against-AI match from ``seed`` and return its JSON-able summary:

    ``game``, ``seed``, ``winner`` (the winning seat's name), ``winner_side``, ``shots``,
    ``role_swaps``, ``lag_rounds``, ``flips`` (caught / dropped / countered), ``seconds``
    (wall time), ``final_gutters`` and ``total_pucks`` (16, M-O6), ``capped`` (the shot
    cap ended it), ``levels``, and ``stats``: every count of
    :class:`mississippi.stats.MatchStats` — shots, role swaps, lag rounds, lags landed,
    targets dropped, flip windows opened, flips caught / dropped / beaten by the counter
    shot, windows expired, counter shots, knocks, forgotten knocks, pucks off the table,
    standing targets. A seat that is a person plays at the Expert level here.
    """
    t0 = time.perf_counter()
    players = tuple(config.players)
    levels = tuple(p.level if p.kind == "ai" else "expert" for p in players)
    size = int((getattr(config, "options", None) or {}).get("team", 1))
    left = team_names(players[0].name, size)
    right = team_names(players[1].name, size)
    r = ai.play_match(int(seed), levels, names=(left[0], right[0]))
    return {
        "game": "mississippi", "seed": seed,
        "winner": players[0].name if r["winner"] == "left" else players[1].name,
        "winner_side": r["winner"], "shots": r["shots"], "role_swaps": r["role_swaps"],
        "lag_rounds": r["lag_rounds"], "flips": r["flips"],
        "seconds": round(time.perf_counter() - t0, 3),
        "final_gutters": r["gutters"], "total_pucks": sum(r["gutters"].values()) + r["on_table"],
        "capped": r["capped"], "levels": list(levels), "stats": r["stats"],
    }
