"""Hints with a reason for Glissando (pure: no pygame, no ``ludotheque``).

:func:`hint` picks a good turn for the side to move (the Master's search with a smaller
budget) and says why in structured form (:class:`Reason`): the line it makes or blocks
(its cells and length), the push it uses or threatens, the opponent's scoring threat it
answers. :func:`reason_text` turns a reason into a template key and its parameters; the
English templates are in :data:`TEMPLATES` (the scene translates them with gettext and
fills in the parameters); :func:`sentence` gives the English sentence.

Kinds of reason, tried in this order (the first that applies is the reason):

``win`` / ``score``
    The turn makes a line of five or more (G-5): its cells; ``push`` when a slide or
    push was needed (G-4).
``double`` / ``forced``
    The threat-space search (:mod:`glissando.ai.tactics`) proves the point: no reply
    stops the threat (``double``: ``gaps`` the ways to score that remain), or the turn
    starts a forced sequence that scores within ``moves`` turns (``forced``).
``block`` / ``block_push``
    The opponent could score on their next turn (``threat``: one such turn; ``line``:
    the line it would make; ``gap``: the cell it would fill) and after the hinted turn
    they no longer can: by placing on the gap (``block``) or by a slide or push that
    breaks the line (``block_push``, ``push`` the hinted slide).
``threat`` / ``threat_push``
    After the turn the player could score next turn: the line it prepares, ``gap`` or
    the ``push`` that would complete it.
``lost`` / ``lost_two``
    Every turn lets the opponent score next turn (``lost``), or every turn leaves the
    opponent a forced point within two of its turns that the threat-space search finds
    (``lost_two``): the search's turn is still shown.
``build`` / ``spoil`` / ``develop``
    Quiet turns: the longest line of the player through the pawns the turn moved
    (three or more with room for five), else the opponent's line it cuts, else none.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import numpy as np

from glissando.ai import batch, master, tactics
from glissando.ai.batch import U
from glissando.rules import (BLUE, LINE_DIRS, Position, Turn, cell_name,
                             runs_of_five, squares)

__all__ = ["Hint", "Reason", "hint", "explain", "reason_text", "sentence", "TEMPLATES"]

#: English sentence templates by key (``reason_text`` gives the key and parameters).
#: ``{turn}`` is the G-N2 turn, ``{first}``/``{last}`` the ends of a line, ``{cells}``
#: its cells joined with ", ".
TEMPLATES = {
    "win": "Play {turn}: it completes the line {first}–{last} ({length} pawns) and wins the game.",
    "win_push": "Play {turn}: the slide {push} completes the line {first}–{last} ({length} pawns) and wins the game.",
    "score": "Play {turn}: it completes the line {first}–{last} ({length} pawns) and scores a point.",
    "score_push": "Play {turn}: the slide {push} completes the line {first}–{last} ({length} pawns) and scores a point.",
    "double": "Play {turn}: it makes two threats at once ({gaps}); your opponent cannot stop both.",
    "forced": "Play {turn}: it starts a forced sequence; you score within {moves} turns whatever your opponent does.",
    "block": "Your opponent threatens to complete the line {first}–{last} on {gap}. Play {turn}: it takes that cell.",
    "block_threat_push": "Your opponent threatens {threat}, which completes the line {first}–{last}. Play {turn} to stop it.",
    "block_push": "Your opponent threatens to complete the line {first}–{last}. Play {turn}: the slide {push} breaks it up.",
    "threat": "Play {turn}: you then have {length} pawns on the line {first}–{last}; next turn {next} completes it.",
    "threats": "Play {turn}: it makes two threats; next turn {next} or {next2} scores.",
    "build": "Play {turn}: it puts {length} of your pawns on the line {first}–{last}, with room for five.",
    "spoil": "Play {turn}: it cuts your opponent's line {first}–{last}.",
    "develop": "Play {turn}: no line is in reach yet for either side; this turn prepares the board.",
    "lost": "Your position is lost: whatever you play, your opponent can score next turn (after {turn}, with {threat}).",
    "lost_two": "Your position is lost: whatever you play, your opponent can force a point within two turns (after {turn}, starting with {threat}).",
    "also": "It also threatens {next} next turn.",
}


@dataclass(frozen=True)
class Reason:
    """Why a turn is good, in cells (G-1 names) a scene can highlight.

    ``kind``: see the module docstring; ``line``: cells of the line made, prepared,
    blocked or cut, in line order; ``length``: pawns of that line (the player's, or the
    opponent's for ``block*``/``spoil``); ``gap``: the cell that completes it;
    ``push``: a G-N2 slide token such as ``"d1^"``; ``threat``: the opponent's G-N2 turn
    that the hinted turn answers; ``gaps``: for ``double``, the ways to score that
    remain; ``moves``: for ``forced``, turns until the point; ``nexts``: the player's
    whole G-N2 turns (placement and slide) that would score next turn after this one
    (``threat*``, and ``block*`` when the block also threatens), at most two distinct
    lines; for ``lost``, ``threat`` is the opponent's scoring reply; for ``lost_two``,
    the first turn of the opponent's forced line (a point within two of its turns)."""
    kind: str
    line: tuple[str, ...] = ()
    length: int = 0
    gap: str | None = None
    push: str | None = None
    threat: str | None = None
    gaps: tuple[str, ...] = ()
    moves: int = 0
    nexts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hint:
    """A hinted turn (G-N2 text) for the side to move ``side`` and its reason."""
    turn: str
    side: str
    reason: Reason = field(default_factory=lambda: Reason("develop"))


# --------------------------------------------------------------------------- helpers

def _sides(p: Position, side: str) -> tuple[int, int]:
    return (p.blue, p.orange) if side == BLUE else (p.orange, p.blue)


def _slide_token(t: Turn) -> str | None:
    return None if t.slide is None else cell_name(t.slide[0]) + t.slide[1]


def _line_cells(run) -> tuple[str, ...]:
    return tuple(cell_name(s) for s in run)


def _scoring_turns(S: int, T: int) -> list[tuple[Turn, tuple[int, ...]]]:
    """Every turn of the owner of ``S`` (as if to move) that makes a five: ``(Turn
    without removals, run of the five)``; placements without a slide first."""
    ch = batch.children(S, T)
    out = []
    for i in np.flatnonzero(batch.has_five(ch.mine)):
        place, slide = ch.turn(int(i))
        runs = runs_of_five(int(ch.mine[i]))
        out.append((Turn(place, slide, None), runs[0]))
    out.sort(key=lambda tr: tr[0].slide is not None)
    return out


def _windows():
    out = []
    for shift, mask in LINE_DIRS:
        for s in squares(mask):
            out.append(tuple(s + k * shift for k in range(5)))
    return out


_WINDOWS = _windows()
_WMASK = [sum(1 << c for c in w) for w in _WINDOWS]


def _best_window(mine: int, theirs: int, through: int) -> tuple[int, tuple[int, ...]]:
    """The 5-cell window with no ``theirs`` pawn, touching ``through``, holding the most
    ``mine`` pawns: ``(count, those pawns' squares in line order)``."""
    best = (0, ())
    for w, m in zip(_WINDOWS, _WMASK):
        if m & theirs or not m & through:
            continue
        n = (m & mine).bit_count()
        if n > best[0]:
            best = (n, tuple(c for c in w if mine >> c & 1))
    return best


def _unstoppable(S2: int, T2: int) -> bool:
    """True when every reply of the owner of ``T2`` (to move) leaves the owner of
    ``S2`` able to score (and none scores for them: G-5)."""
    fam = batch.children_many(np.array([T2], dtype=U), np.array([S2], dtype=U))
    if not len(fam.mine) or batch.has_five(fam.mine).any():
        return False
    return bool(batch.can_score(fam.theirs, fam.mine).all())


def _two_threats(ways) -> tuple[str, ...]:
    """Up to two scoring turns (G-N2, no removals) of ``_scoring_turns`` that make
    different lines (a double threat names both)."""
    out, lines = [], []
    for tr, run in ways:
        cells = set(run)
        if any(len(cells & other) >= 4 for other in lines):
            continue
        out.append(str(tr))
        lines.append(cells)
        if len(out) == 2:
            break
    return tuple(out)


# --------------------------------------------------------------------------- explain

def explain(position: Position, turn: str) -> Reason:
    """The reason (see the module docstring) for playing ``turn`` (G-N2, legal) in
    ``position``. :raises glissando.rules.IllegalTurn: when ``turn`` is illegal."""
    t = Turn.parse(turn)
    after = position.play(turn)
    me = position.to_move
    S0, T0 = _sides(position, me)
    S1, T1 = _sides(after, me)
    # win / score (G-5, G-6)
    if t.removes is not None:
        tip = position.begin().place(t.place)
        tip = tip.slide(*t.slide) if t.slide is not None else tip.skip_slide()
        run = tip.scoring_runs()[0]
        push = None
        if t.slide is not None:
            only_place = position.begin().place(t.place).skip_slide()
            push = None if only_place.scores else _slide_token(t)
        kind = "win" if after.winner == me else "score"
        return Reason(kind, _line_cells(run), len(run), push=push)
    # a forced point proved by the threat-space search
    i_threaten = batch.can_score(np.array([S1], dtype=U), np.array([T1], dtype=U))[0]
    if i_threaten and _unstoppable(S1, T1):
        ways = _scoring_turns(S1, T1)
        gaps = tuple(dict.fromkeys(
            cell_name(tr.place) if tr.slide is None else str(tr) for tr, _r in ways))
        return Reason("double", gaps=gaps[:4])
    deep = tactics.forced_point(S0, T0, depth=3, time_limit=0.3, work=20_000)
    if deep is not None and deep.depth >= 3 and deep.turns[0] == turn:
        return Reason("forced", moves=deep.depth)
    mine_next = _scoring_turns(S1, T1)
    nexts = _two_threats(mine_next)
    # the opponent's threat it answers
    theirs_before = _scoring_turns(T0, S0)
    if theirs_before and not batch.can_score(np.array([T1], dtype=U),
                                             np.array([S1], dtype=U))[0]:
        tr, run = theirs_before[0]
        gaps = {x.place for x, _r in theirs_before if x.slide is None}
        if tr.slide is None:
            if t.place in gaps:
                return Reason("block", _line_cells(run), len(run) - 1, gap=cell_name(t.place),
                              threat=str(tr), nexts=nexts)
            if t.slide is not None:
                return Reason("block_push", _line_cells(run), len(run) - 1,
                              gap=cell_name(tr.place), push=_slide_token(t), threat=str(tr),
                              nexts=nexts)
            return Reason("block", _line_cells(run), len(run) - 1, gap=cell_name(tr.place),
                          threat=str(tr), nexts=nexts)
        return Reason("block_threat_push", _line_cells(run), len(run) - 1,
                      push=_slide_token(tr), threat=str(tr), nexts=nexts)
    # a threat of its own for next turn
    if mine_next:
        tr, run = mine_next[0]
        have = tuple(c for c in run if S1 >> c & 1)
        kind = "threat" if tr.slide is None else "threat_push"
        return Reason(kind, _line_cells(have), len(have), gap=cell_name(tr.place),
                      push=_slide_token(tr), nexts=nexts)
    # quiet: build a line, or cut one of the opponent's
    everywhere = (1 << 64) - 1
    n, cells = _best_window(S1, T1, S1 & ~S0)          # through the pawns it moved
    t_before, t_cells = _best_window(T0, S0, everywhere)
    t_after, _ = _best_window(T1, S1, everywhere)
    if n >= 3:
        return Reason("build", _line_cells(cells), n)
    if t_before >= 3 and t_after < t_before:
        return Reason("spoil", _line_cells(t_cells), t_before)
    return Reason("develop")


def hint(position: Position, *, rng: random.Random | None = None,
         time_limit: float = 0.8, budget: int = 250_000) -> Hint:
    """A good turn for the side to move and why.

    The turn is the Master's (:mod:`glissando.ai.master`) with a smaller budget
    (``budget`` work units, ``time_limit`` s of wall clock for the search; the reason
    adds a few tens of milliseconds). With ``time_limit=math.inf`` the hint depends only
    on the position and ``rng`` (default seeded 0).

    :raises glissando.rules.IllegalTurn: ``G-6``/``G-7`` when the game is over."""
    if position.over:
        position.begin()                                   # raises G-6 / G-7
    rng = random.Random(0) if rng is None else rng
    t = master.choose(position, rng, time_limit=time_limit, budget=budget)
    text = str(t)
    me = position.to_move
    opp = "o" if me == BLUE else BLUE
    after = position.play(text)
    if not after.over and _can_score(after, opp):
        # the search's turn lets the opponent score at once: try every legal turn
        from glissando.review import holding_turn
        held = holding_turn(position, opp, 1)
        if held is None:
            O, M = _sides(after, opp)
            reply = tactics.scoring_turn(O, M)
            return Hint(text, me, Reason("lost", threat=str(reply)))
        text = held
        after = position.play(text)
    if not after.over:
        # G-5 two turns ahead (item 4 of gpolish4): the threat-space search, bounded by
        # work only (review.WORK positions; 0.03 s of CPU median, 0.12 s max measured in
        # benchmarks/glissando_hint_depth.py), finds a forced point for the opponent after
        # the turn: give a turn that holds two turns ahead, or say the position is lost
        from glissando.review import WORK, holding_turn
        O, M = _sides(after, opp)
        line = tactics.forced_point(O, M, depth=2, time_limit=math.inf, work=WORK)
        if line is not None:
            held = holding_turn(position, opp, 2, verify=0)
            if held is None:
                return Hint(text, me, Reason("lost_two", threat=line.turns[0]))
            text = held
    return Hint(text, me, explain(position, text))


def _can_score(p: Position, side: str) -> bool:
    A, D = _sides(p, side)
    return bool(batch.can_score(np.array([A], dtype=U), np.array([D], dtype=U))[0])


def reason_text(h: Hint) -> tuple[str, dict]:
    """``(template key of TEMPLATES, parameters)`` for the hint's sentence; the
    parameters are cell names, G-N2 texts and numbers (nothing to translate)."""
    r = h.reason
    params = {"turn": h.turn, "length": r.length, "gap": r.gap or "", "push": r.push or "",
              "threat": r.threat or "", "moves": r.moves, "gaps": ", ".join(r.gaps),
              "cells": ", ".join(r.line),
              "first": r.line[0] if r.line else "", "last": r.line[-1] if r.line else "",
              "next": r.nexts[0] if r.nexts else "", "next2": r.nexts[1] if len(r.nexts) > 1 else "",
              "also": ""}
    key = r.kind
    if key in ("win", "score") and r.push:
        key += "_push"
    if key in ("threat", "threat_push"):
        key = "threats" if len(r.nexts) > 1 else "threat"
    if key.startswith("block") and r.nexts:
        params["also"] = r.nexts[0]                      # blocks and threatens at once
    return key, params


def sentence(h: Hint) -> str:
    """The hint in English (``TEMPLATES`` filled in)."""
    key, params = reason_text(h)
    text = TEMPLATES[key].format(**params)
    if params["also"]:
        text += " " + TEMPLATES["also"].format(next=params["also"])
    return text
