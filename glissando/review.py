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

import math
import random
import time
from dataclasses import dataclass

import numpy as np

from glissando.ai import batch, master, tactics
from glissando.ai.batch import U
from glissando.ai.tactics import ForcedLine
from glissando.rules import BLUE, Position, Turn, cell_name, removal_pairs

__all__ = ["Mistake", "Review", "review", "holding_turn", "forced_in_two", "DEPTH"]

DEPTH = 3              # the scorer's turns looked ahead (1 = the point comes next turn)
WORK = 40_000          # positions judged by one forced-point search (deterministic bound)
VERIFY = 3             # holding turns at depth 2 checked by the exhaustive test (~2 s each)



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
    """A forced point for ``side`` in ``p`` (``side`` to move) within ``depth`` of its
    turns; bounded by :data:`WORK` positions only, so the answer does not depend on the
    machine's speed or load."""
    S, T = _sides(p, side)
    return tactics.forced_point(S, T, depth=depth, time_limit=math.inf, work=WORK)


def forced_in_two(S: int, T: int) -> str | None:
    """Exhaustive depth-2 test: a turn of the owner of ``S`` (to move) after which
    **every** reply of ``T``'s owner leaves it able to score (G-5; a reply that scores
    for ``T``'s owner counts as an escape), as G-N2 text (``"now"`` when it can score at
    once), or None when there is none. Every threat and every reply is tried (unlike
    :func:`tactics.forced_point`, which follows the most promising threats only and
    misses quiet double threats such as a placement plus a slide that each prepare a
    line): about 1–2 s of CPU in a middle-game position."""
    ch = batch.children(S, T)
    if batch.has_five(ch.mine).any():
        return "now"
    for i in np.flatnonzero(batch.can_score(ch.mine, ch.theirs)):   # the threats
        fam = batch.children(int(ch.theirs[i]), int(ch.mine[i]))
        m, t = fam.mine, fam.theirs
        if batch.has_five(m).any():
            continue
        if not batch.can_score(t[:48], m[:48]).all():               # placements first
            continue
        if batch.can_score(t[48:], m[48:]).all():
            place, slide = ch.turn(int(i))
            return str(Turn(place, slide, None))
    return None


def holding_turn(p: Position, scorer: str, depth: int, prefer: tuple[str, ...] = (),
                 verify: int = VERIFY) -> str | None:
    """A turn of the side to move of ``p`` (the defender) after which ``scorer`` has no
    forced point within ``depth`` of its turns, or None when **every legal turn** loses.

    Every turn is tried (G-3 placements, each with no slide and with every G-4 slide or
    push, and for a turn that scores for the defender every G-5c pair of removals), not
    a short list: a placement that blocks one line together with a push that breaks
    another is easy to miss by a quick evaluation. Order: ``prefer`` (G-N2 texts), then
    the defender's own scoring turns (a point of theirs, G-5), then the quiet turns after
    which ``scorer`` cannot score at once (exact :func:`batch.can_score`), best first by
    the Master's static evaluation. At ``depth`` 1 "holds" is exact; deeper it means
    that the threat-space search (:func:`tactics.forced_point`) found no forced line,
    and at depth 2 the first :data:`VERIFY` such turns are also checked by the
    exhaustive :func:`forced_in_two` (a turn it refutes is not reported); ``verify``: how
    many (the hint passes 0: the exhaustive test costs 1–2 s of CPU each).
    """
    me = p.to_move
    S, T = _sides(p, me)
    verified = [0]

    def holds(text: str) -> bool:
        q = p.play(text)
        if q.over:
            return q.winner == me
        A, D = _sides(q, scorer)
        if batch.can_score(np.array([A], dtype=U), np.array([D], dtype=U))[0]:
            return False
        if depth < 2:
            return True
        if _forced_for(q, scorer, depth) is not None:
            return False
        if depth == 2 and verified[0] < verify:
            verified[0] += 1
            return forced_in_two(A, D) is None
        return True

    legal = set(p.turns())
    for text in prefer:
        if text in legal and holds(text):
            return text
    ch = batch.children(S, T)
    five = batch.has_five(ch.mine)
    for i in np.flatnonzero(five):                       # the defender scores (G-5)
        place, slide = ch.turn(int(i))
        base = str(Turn(place, slide, None))
        for a, b in removal_pairs(int(ch.mine[i])):
            text = f"{base} x{cell_name(a)} x{cell_name(b)}"
            if holds(text):
                return text
    quiet = np.flatnonzero(~five)
    safe = quiet[~batch.can_score(ch.theirs[quiet], ch.mine[quiet])]   # no point at once
    if not len(safe):
        return None
    vals = -master.evaluate_batch(ch.theirs[safe], ch.mine[safe], 0, 0, p.target)
    for i in safe[np.argsort(-vals, kind="stable")]:
        place, slide = ch.turn(int(i))
        text = str(Turn(place, slide, None))
        if depth < 2 or holds(text):
            return text
    return None


def review(start: Position, turns: list[str], *, rng: random.Random | None = None) -> Review:
    """Review the game ``turns`` (G-N2 texts) played from ``start``.

    For each point (scoring turn ``j``) the defender's turns before it are walked back,
    ``k = j-1, j-3, …`` (at most :data:`DEPTH`, not past the scorer's previous point):
    at each, :func:`holding_turn` tries every legal turn; the first ``k`` (the latest)
    where one holds is the mistake, with that turn as ``better``. When none holds at
    ``k`` the game was lost before it and the walk goes on; when the walk ends without a
    holding turn the earliest ``k`` looked at is reported with ``better=None`` (every
    turn there was tried and lost). ``threat`` is the game's own line from the turn after
    the mistake to the point. ``rng`` is kept for callers; the review is deterministic.

    :raises glissando.rules.IllegalTurn: for an illegal or malformed turn, with the rule
        it breaks (G-N3) and a note naming the turn's number."""
    t0 = time.perf_counter()
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
        last_point[positions[j].to_move] = j
    for j in points:
        scorer = positions[j].to_move
        defender = "o" if scorer == BLUE else BLUE
        decisive = scorer == winner and last_point.get(scorer) == j
        prev = max([k for k in points if k < j and positions[k].to_move == scorer], default=-1)
        found = None
        k, depth = j - 1, 1
        while k > prev and k >= 0 and depth <= DEPTH and positions[k].to_move == defender:
            prefer = ()
            t = Turn.parse(turns[k])
            if t.removes is not None:                    # same turn, other removals (G-5c)
                base = str(Turn(t.place, t.slide, None)) + " x"
                prefer = tuple(x for x in positions[k].turns()
                               if x.startswith(base) and x != turns[k])
            better = holding_turn(positions[k], scorer, depth, prefer)
            found = Mistake(k, defender, turns[k], ForcedLine(tuple(turns[k + 1:j + 1]), depth),
                            better, j, decisive=decisive)
            if better is not None:
                break                                  # holding here, lost after the turn played
            k -= 2                                     # lost already: look one turn earlier
            depth += 1
        if found is not None:
            mistakes.append(found)
    decisive = next((m for m in reversed(mistakes) if m.decisive), None)
    return Review(winner, loser, points, tuple(mistakes), decisive,
                  tuple(p.to_text() for p in positions), round(time.perf_counter() - t0, 3))
