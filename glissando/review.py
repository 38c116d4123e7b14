"""Review of a finished Glissando game (pure: no pygame, no ``ludotheque``).

:func:`review` takes the start position and the turns (G-N2 texts) of a game — between
two people or against the computer — and finds, for every point scored (G-5), the turn
of the other side where its position went from *holding* to *lost*: the last turn of
that side after which the scorer had a forced point, found by the Master's threat-space
search (:func:`glissando.ai.tactics.forced_point`: scoring threats, every reply, the
exact scoring test), while another turn at that moment left the scorer no forced point.
That other turn is reported as the one that would have held. The point that decided the
game (the winner's last) gives :attr:`Review.decisive`.

"Lost" is proved (a forced line was found and it is sound: every reply was tried);
"holding" means that no forced point was found within the search's depth (the scorer's
turns up to :data:`DEPTH`), not that none exists. A point scored without any forced line
before it (the defender could not see it coming within that depth, or the scorer found
a deeper combination) is reported with ``better=None``.

Time: the work is spent around each point scored, not on every turn: a 60-turn game
with three points reviews in a few seconds (``benchmarks/glissando_ai.py`` measures
it); :data:`BUDGET_S` bounds each search.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np

from glissando.ai import batch, master, tactics
from glissando.ai.batch import U
from glissando.ai.tactics import ForcedLine
from glissando.rules import BLUE, Position, Turn

__all__ = ["Mistake", "Review", "review", "DEPTH"]

DEPTH = 3              # the scorer's turns looked ahead by the forced-point search
ALTERNATIVES = 8       # other turns tried when looking for one that holds
BUDGET_S = 1.0         # wall-clock bound of one forced-point search (s)


@dataclass(frozen=True)
class Mistake:
    """The turn after which the opponent had a forced point.

    ``index``: 0-based index of the turn in the game's list; ``side``: who played it
    (``"b"``/``"o"``); ``turn``: its G-N2 text; ``threat``: the opponent's forced line
    found after it; ``better``: a G-N2 turn at that moment after which no forced point
    was found for the opponent (None when every turn tried lost too: the position was
    lost already, or the point came from a deeper combination); ``point``: index of the
    opponent's scoring turn that followed; ``decisive``: that point decided the game."""
    index: int
    side: str
    turn: str
    threat: ForcedLine | None
    better: str | None
    point: int
    decisive: bool = False


@dataclass(frozen=True)
class Review:
    """A reviewed game: ``winner`` (``"b"``, ``"o"``, ``"draw"``, None while the game
    goes on) and ``loser``; ``points``: indices of the scoring turns; ``mistakes``: one
    per point scored (in order) when a forced line led to it; ``decisive``: the mistake
    behind the winner's last point (None for a draw, an unfinished game, or when no
    forced line was found); ``positions``: the G-N1 text before each turn and after the
    last (``len(turns) + 1`` entries), for stepping through; ``seconds``: wall time."""
    winner: str | None
    loser: str | None
    points: tuple[int, ...]
    mistakes: tuple[Mistake, ...]
    decisive: Mistake | None
    positions: tuple[str, ...]
    seconds: float


def _sides(p: Position, side: str) -> tuple[int, int]:
    return (p.blue, p.orange) if side == BLUE else (p.orange, p.blue)


def _forced_for(p: Position, side: str, depth: int) -> ForcedLine | None:
    """A forced point for ``side`` in ``p`` (``side`` to move)."""
    S, T = _sides(p, side)
    return tactics.forced_point(S, T, depth=depth, time_limit=BUDGET_S, work=60_000)


def _holding_turn(p: Position, played: str, scorer: str, depth: int,
                  rng: random.Random) -> str | None:
    """A turn of the side to move of ``p`` after which ``scorer`` has no forced point
    within ``depth`` of its turns (its immediate scoring turns included): when the
    ``played`` turn scored, the same placement and slide with other removals (G-5c)
    first; then the Master's choice; then the best turns by its static ordering."""
    me = p.to_move
    S, T = _sides(p, me)
    ch = batch.children(S, T)
    five = batch.has_five(ch.mine)
    candidates: list[str] = []
    t = Turn.parse(played)
    if t.removes is not None:
        base = str(Turn(t.place, t.slide, None)) + " x"
        candidates += [x for x in p.turns() if x.startswith(base) and x != played]
    candidates.append(str(master.choose(p, rng, time_limit=BUDGET_S, budget=200_000)))
    quiet = np.flatnonzero(~five)
    safe = quiet[~batch.can_score(ch.theirs[quiet], ch.mine[quiet])]   # no point at once
    if len(safe):
        vals = -master.evaluate_batch(ch.theirs[safe], ch.mine[safe], 0, 0, p.target)
        for i in safe[np.argsort(-vals, kind="stable")][:ALTERNATIVES]:
            place, slide = ch.turn(int(i))
            candidates.append(str(Turn(place, slide, None)))
    for text in dict.fromkeys(candidates):
        q = p.play(text)
        if q.over:
            if q.winner == me:
                return text
            continue
        if _forced_for(q, scorer, max(depth, 2)) is None:
            return text
    return None


def review(start: Position, turns: list[str], *, rng: random.Random | None = None) -> Review:
    """Review the game ``turns`` (G-N2 texts) played from ``start``.

    :raises glissando.rules.IllegalTurn: for an illegal or malformed turn, with the rule
        it breaks (G-N3) and a note naming the turn's number."""
    t0 = time.perf_counter()
    rng = random.Random(0) if rng is None else rng
    positions = [start]
    for i, text in enumerate(turns):
        try:
            positions.append(positions[-1].play(text))
        except ValueError as exc:
            exc.add_note(f"turn {i + 1} ({text!r})")
            raise
    end = positions[-1]
    winner = end.winner
    loser = None if winner in (None, "draw") else ("o" if winner == BLUE else BLUE)
    points = tuple(i for i in range(len(turns))
                   if positions[i + 1].points != positions[i].points)
    mistakes = []
    last_point = {}
    for j in points:
        scorer = positions[j].to_move
        last_point[scorer] = j
    for j in points:
        scorer = positions[j].to_move
        defender = "o" if scorer == BLUE else BLUE
        # walk back over the defender's turns before the point: j-1, j-3, ...
        found = None
        depth = 1
        i = j - 1
        prev = max([k for k in points if k < j and positions[k].to_move == scorer], default=-1)
        while i > prev and i >= 0 and depth <= DEPTH:
            if positions[i].to_move != defender:
                break
            threat = _forced_for(positions[i + 1], scorer, depth)
            if threat is None:
                break                                  # not lost yet after this turn
            better = _holding_turn(positions[i], turns[i], scorer, depth, rng)
            found = Mistake(i, defender, turns[i], threat, better, j,
                            decisive=(scorer == winner and last_point.get(scorer) == j))
            if better is not None:
                break                                  # holding before, lost after
            i -= 2
            depth += 1
        if found is not None:
            mistakes.append(found)
    decisive = next((m for m in reversed(mistakes) if m.decisive), None)
    return Review(winner, loser, points, tuple(mistakes), decisive,
                  tuple(p.to_text() for p in positions), round(time.perf_counter() - t0, 3))
