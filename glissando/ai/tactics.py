"""Threat-space search for Glissando: forced points (pure: numpy and the rules).

A *scoring threat* of side A is a turn of A after which A, were it to move again, could
make a line of five (G-5) — by a placement into the gap of a four (G-3), a slide into
it (G-4a) or a push that completes a line (G-4b). Like VCF ("victory by continuous
fours") in five-in-a-row engines, :func:`forced_point` looks only at A's threats and at
*every* reply of the defender D:

* depth 1: A can score this turn (or has a five on the board already, G-5b);
* depth 2: A has a threat that no reply of D stops (a double threat, or one that D
  cannot reach with one placement and one slide);
* depth n: A has a threat such that after each reply of D that stops it, A has a
  forced point of depth n - 1.

Soundness: every reply of D is generated (:func:`batch.children_many`) and judged with
the exact :func:`batch.can_score`; a reply with which D scores a point itself (G-5) is
counted as an escape, so a line found is forced whatever D plays. The search is not
complete (only the ``width`` most promising threats are tried at each step), so "no
line found" means "none found", not "none exists".

Positions inside are ``(S, T, ps, pt)``: bitboards of the side to move and of the other,
and their points.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from glissando.ai import batch
from glissando.ai.batch import U
from glissando.rules import (BLUE, PAWNS_PER_SIDE, RAYS, Position, Turn, neighbours,
                             removal_pairs, runs_of_five)

__all__ = ["ForcedLine", "forced_point", "forced_point_of", "scoring_turn"]


PREFILTER = 160      # attacker turns judged exactly as threats at each step


@dataclass(frozen=True)
class ForcedLine:
    """A forced point for the side to move.

    ``turns``: G-N2 texts of the principal line, attacker first, alternating with one
    defence of the defender (the reply that keeps the line longest); it ends with the
    scoring turn when the last step scores at once, or with the unstoppable threat
    (depth 2: no reply stops it, so there is no defence to show);
    ``depth``: the attacker's turns until the point (1 = scores this turn)."""
    turns: tuple[str, ...]
    depth: int


class _OutOfTime(Exception):
    pass


def scoring_turn(S: int, T: int) -> Turn | None:
    """One turn of the owner of ``S`` (to move) that ends with a five (G-5), removals
    chosen as the two end pawns of the first run; None when there is none."""
    ch = batch.children(S, T, dedupe=False)
    five = np.flatnonzero(batch.has_five(ch.mine))
    if not len(five):
        return None
    i = int(five[0])
    a, b = removal_pairs(int(ch.mine[i]))[0]
    place, slide = ch.turn(i)
    return Turn(place, slide, (a, b))


def _supports(S: int, T: int, most: int = 8) -> list[int]:
    """Supports of up to ``most`` scoring turns of the owner of ``S`` (as if to move):
    for each, the cells whose contents it needs — its placement cell and that cell's
    neighbours (G-3 adjacency), the slid pawn and every cell of its ray (G-4), and the
    line of five it makes (G-5). A reply that changes no cell of a support leaves that
    turn legal and scoring, so it is no defence."""
    ch = batch.children(S, T, dedupe=False)
    out = []
    for i in np.flatnonzero(batch.has_five(ch.mine))[:most]:
        place, slide = ch.turn(int(i))
        sup = (1 << place) | neighbours(1 << place)
        for c in runs_of_five(int(ch.mine[i]))[0]:
            sup |= 1 << c
        if slide is not None:
            q, d = slide
            sup |= 1 << q
            for c in RAYS[d][q]:
                sup |= 1 << c
        out.append(sup)
    return out


class _Search:
    def __init__(self, width: int, max_defences: int, deadline: float, work: float):
        self.width = width
        self.max_defences = max_defences
        self.deadline = deadline
        self.work = work                      # positions judged by can_score, at most
        self.memo: dict = {}

    def _spend(self, n: int) -> None:
        self.work -= n
        if self.work < 0 or time.perf_counter() > self.deadline:
            raise _OutOfTime

    def forced(self, S: int, T: int, depth: int) -> tuple | None:
        """A forced point for the owner of ``S`` (to move) within ``depth`` of its
        turns: ``(turns, depth used)`` or None."""
        key = (S, T, depth)
        if key in self.memo:
            return self.memo[key]
        if time.perf_counter() > self.deadline:
            raise _OutOfTime
        out = self._forced(S, T, depth)
        self.memo[key] = out
        return out

    def _forced(self, S: int, T: int, depth: int):
        if S.bit_count() >= PAWNS_PER_SIDE:                       # G-7: no turn to play
            return None
        if batch.can_score(np.array([S], dtype=U), np.array([T], dtype=U))[0]:
            t = scoring_turn(S, T)
            return ((str(t),) if t is not None else ("",)), 1
        if depth <= 1:
            return None
        if T.bit_count() >= PAWNS_PER_SIDE:                       # G-7 at D's turn
            return None
        ch = batch.children(S, T)
        quiet = ~batch.has_five(ch.mine)
        idx = np.flatnonzero(quiet)
        if not len(idx):
            return None
        # the attacker's threats: judged exactly for the most promising PREFILTER turns
        # (most hot gaps, fours and threes), so a dense position costs no more
        m, t = ch.mine[idx], ch.theirs[idx]
        pre = batch.scan(m, t)
        hot0 = np.bitwise_count(pre.gaps & batch.placeable(m | t)).astype(np.int64)
        pick = np.lexsort((-pre.c3, -pre.c4, -hot0))[:PREFILTER]
        idx = idx[pick]
        self._spend(len(idx))
        threat = batch.can_score(ch.mine[idx], ch.theirs[idx])     # A moving again
        cand = idx[threat]
        if not len(cand):
            return None
        # most threatening first: hot gap cells (placeable fours' gaps), then the count
        # of fours
        mm, tt = ch.mine[cand], ch.theirs[cand]
        sc = batch.scan(mm, tt)
        hot_cells = sc.gaps & batch.placeable(mm | tt)
        hot = np.bitwise_count(hot_cells).astype(np.int64)
        order = np.lexsort((-sc.c4, -hot))[:self.width]
        followed = []                       # (defences, candidate, replies) for depth >= 3
        for k in order:
            c = int(cand[k])
            fam = batch.children(int(ch.theirs[c]), int(ch.mine[c]))   # D's replies
            if batch.has_five(fam.mine).any():
                continue                                           # D scores instead
            # a defence changes a cell that each scoring turn of A needs (its support);
            # the obvious defences first: a placement on a hot gap of the threat
            need = _supports(int(ch.mine[c]), int(ch.theirs[c]))
            delta = (fam.mine ^ ch.theirs[c]) | (fam.theirs ^ ch.mine[c])
            maybe = np.ones(len(fam.mine), dtype=bool)
            for sup in need:
                maybe &= (delta & U(sup)) != 0
            on_gap = ((batch._BITS[fam.place] & hot_cells[k]) != 0)
            defs = []
            complete = True
            for chunk in (np.flatnonzero(maybe & on_gap), np.flatnonzero(maybe & ~on_gap)):
                if not len(chunk):
                    continue
                self._spend(len(chunk))
                stops = ~batch.can_score(fam.theirs[chunk], fam.mine[chunk])
                defs.extend(int(j) for j in chunk[stops])
                if defs and (depth <= 2 or len(defs) > self.max_defences):
                    complete = False
                    break
            place, slide = ch.turn(c)
            first = str(Turn(place, slide, None))
            if not defs:
                return (first,), 2                                 # no reply stops it
            if complete and depth >= 3:
                followed.append((len(defs), first, fam, defs))
        followed.sort(key=lambda f: f[0])
        for _n, first, fam, defs in followed:
            line = None
            deepest = 0
            for j in defs:
                sub = self.forced(int(fam.theirs[j]), int(fam.mine[j]), depth - 1)
                if sub is None:
                    line = None
                    break
                if line is None or sub[1] > deepest:
                    dp, ds = fam.turn(j)
                    line = (str(Turn(dp, ds, None)),) + sub[0]
                    deepest = sub[1]
            if line is not None:
                return (first,) + line, deepest + 1
        return None


def forced_point(S: int, T: int, depth: int = 2, *, width: int = 12, max_defences: int = 4,
                 time_limit: float = 1.0, work: float = math.inf) -> ForcedLine | None:
    """A forced point for the owner of ``S`` (to move) against ``T`` within ``depth`` of
    its turns (see the module docstring), or None when none is found within
    ``time_limit`` seconds (wall clock) or ``work`` positions judged — None does not
    prove that none exists. With ``time_limit=math.inf`` the answer depends only on the
    position and ``work`` (repeatable on any machine).

    ``width``: threats tried at each step; ``max_defences``: at depth >= 3, threats with
    more distinct defences than this are not followed."""
    s = _Search(width, max_defences, time.perf_counter() + time_limit, work)
    try:
        got = s.forced(S, T, depth)
    except _OutOfTime:
        return None
    if got is None:
        return None
    return ForcedLine(tuple(got[0]), got[1])


def forced_point_of(position: Position, side: str | None = None, depth: int = 2,
                    **kw) -> ForcedLine | None:
    """:func:`forced_point` for ``side`` (default the side to move) of ``position``. For
    the side *not* to move, the question is "were it their turn": used to say what an
    opponent threatens."""
    side = position.to_move if side is None else side
    S, T = (position.blue, position.orange) if side == BLUE else (position.orange, position.blue)
    return forced_point(S, T, depth, **kw)
