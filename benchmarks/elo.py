"""Ratings and intervals for seeded AI series, shared by every game's AI benchmark.

Pure standard library. A *series* is a list of games between two named players, each
scored 1 (first player won), 0.5 (draw) or 0 (second player won). Two tools:

- :func:`wilson` — the 95 % Wilson score interval of a win rate (draws count half), the
  interval to report beside "Master won 68 of 80 games".
- :func:`fit` — Elo ratings of every player from all series at once: the maximum-
  likelihood Bradley–Terry fit (Hunter 2004, "MM algorithms for generalized Bradley–Terry
  models", Ann. Statist. 32(1), the minorisation–maximisation update), expressed on the
  Elo scale (400 points = odds of 10 to 1) and anchored so that ``anchor`` is at 1000;
  its 95 % intervals come from a seeded bootstrap over games (Efron & Tibshirani 1993,
  ch. 13, percentile intervals).

>>> lo, hi = wilson(34, 40)
>>> round(lo, 3), round(hi, 3)
(0.709, 0.929)
>>> games = [("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10
>>> r = fit(games, anchor="b", bootstrap=0)
>>> round(r["a"].elo - r["b"].elo)   # 3:1 odds is 191; the prior draw shrinks it
188
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Iterable, Sequence

Game = tuple[str, str, float]
"""(first player, second player, score of the first: 1, 0.5 or 0)."""

Z95 = 1.959963984540054
"""Two-sided 95 % quantile of the standard normal distribution."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """95 % Wilson score interval (lower, upper), as fractions 0–1, of a win rate of
    ``wins`` out of ``games`` (a draw counts 0.5 win). Wilson (1927), J. Am. Stat. Assoc.
    22(158). :raises ValueError: ``games`` < 1 or ``wins`` outside 0…games."""
    if games < 1 or not 0 <= wins <= games:
        raise ValueError(f"wilson: {wins} wins of {games} games")
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rating:
    """One player's Elo rating and its bootstrap 95 % interval (Elo points), and the
    number of games it rests on."""

    elo: float
    low: float
    high: float
    games: int


def _strengths(games: Sequence[Game], players: list[str], iterations: int = 2000) -> dict[str, float]:
    """Bradley–Terry strengths by Hunter's MM update; a draw counts as half a win for
    each side. A prior of one draw against a virtual average player keeps an unbeaten
    or winless player finite (a common regularisation, e.g. in BayesElo's ``prior``)."""
    wins = {p: 0.5 for p in players}                  # the prior draw
    pairs: dict[tuple[str, str], int] = {}
    for a, b, s in games:
        wins[a] += s
        wins[b] += 1 - s
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0) + 1
    g = {p: 1.0 for p in players}
    for _ in range(iterations):
        new = {}
        for p in players:
            denom = 1.0 / (g[p] + 1.0)                # against the virtual player (strength 1)
            for (a, b), n in pairs.items():
                if p == a:
                    denom += n / (g[a] + g[b])
                elif p == b:
                    denom += n / (g[a] + g[b])
            new[p] = wins[p] / denom
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {p: v / mean for p, v in new.items()}
        done = max(abs(math.log(new[p] / g[p])) for p in players) < 1e-9
        g = new
        if done:
            break
    return g


def fit(games: Iterable[Game], anchor: str | None = None, *, bootstrap: int = 400,
        seed: int = 0) -> dict[str, Rating]:
    """Elo ratings of every player in ``games``, ``anchor`` (default: the first player
    named) at 1000, with 95 % percentile intervals from ``bootstrap`` resamplings of the
    games (seeded by ``seed``; 0 resamplings gives the point estimate as its interval).

    :raises ValueError: no games, a score other than 0, 0.5 or 1, or an unknown anchor.
    """
    games = list(games)
    if not games:
        raise ValueError("fit: no games")
    for a, b, s in games:
        if s not in (0, 0.5, 1) or a == b:
            raise ValueError(f"fit: bad game {(a, b, s)!r}")
    players = sorted({p for a, b, _ in games for p in (a, b)})
    anchor = anchor if anchor is not None else games[0][0]
    if anchor not in players:
        raise ValueError(f"fit: anchor {anchor!r} played no game")
    count = {p: sum(p in (a, b) for a, b, _ in games) for p in players}

    def elo(sample):
        g = _strengths(sample, players)
        return {p: 1000 + 400 * math.log10(g[p] / g[anchor]) for p in players}

    point = elo(games)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {p: [] for p in players}
    for _ in range(bootstrap):
        sample = [games[rng.randrange(len(games))] for _ in games]
        for p, v in elo(sample).items():
            draws[p].append(v)
    out = {}
    for p in players:
        d = sorted(draws[p])
        lo, hi = (d[int(0.025 * (len(d) - 1))], d[int(0.975 * (len(d) - 1))]) if d else (point[p], point[p])
        out[p] = Rating(point[p], lo, hi, count[p])
    return out


def table(ratings: dict[str, Rating]) -> list[str]:
    """Markdown rows ``| player | Elo | 95 % interval | games |``, strongest first."""
    rows = ["| player | Elo | 95 % interval | games |", "|---|---|---|---|"]
    for p, r in sorted(ratings.items(), key=lambda kv: -kv[1].elo):
        rows.append(f"| {p} | {r.elo:.0f} | {r.low:.0f}–{r.high:.0f} | {r.games} |")
    return rows
