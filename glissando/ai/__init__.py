"""Glissando computer players (pure: no pygame, no ``ludotheque``).

``choose_turn(position, level, rng, time_limit=None) -> str`` returns a legal G-N2 turn
text for the side to move. Randomness comes only from ``rng`` (a ``random.Random``), so
a seed repeats a game.

Levels
------
``"beginner"`` (Débutant)
    Plays a random legal turn: a random placement, a random slide half of the time, and
    takes a scoring turn (G-5) only when one happens to be there, one time in two.
``"intermediate"`` (Intermédiaire)
    One ply: every complete turn is scored with the static evaluation below, with some
    noise so that it varies and sometimes misjudges; then a one-ply threat check: it
    plays the best turn after which the opponent cannot make a line of five by a
    placement, slide or push (G-5), if it finds one within ``INTERMEDIATE_CHECK``
    looked-at opponent turns.
    It does not look further (two-turn threats, forks of two fives) — the expert does.
``"master"``
    :mod:`glissando.ai.master`: a threat-space search for forced points of both sides
    (:mod:`glissando.ai.tactics`), then iterative deepening to three plies over
    vectorised turns (:mod:`glissando.ai.batch`) with exact scoring threats, a
    transposition table and threat-first ordering, a safety check of the chosen turn
    and, when the search judges every searched turn lost, a defence among the turns
    outside it. See that module and docs/performance.md (AI strength).
``"expert"``
    Alpha-beta search with iterative deepening over two plies (its turn, then every
    reply), forward pruning at the root and a threat-aware evaluation.

Why alpha-beta and not MCTS
---------------------------
A turn is a placement times an optional slide (G-3, G-4): mid-game a side has 1000-2000
complete turns. Random play-outs of such a game in Python cost ~3 ms per turn, so MCTS
would get a few hundred play-outs per second — far too few to rank 1500 moves. The game
is also sharply tactical: a window of four with a placeable gap scores next turn for
sure (G-5), so a fast exact look at *every* reply (bitboards, ~25 µs per evaluated
position) is worth more than noisy statistics. The search is therefore:

* depth 1: every turn (removal choices of scoring turns resolved by the evaluation)
  is evaluated statically and sorted — this also gives the move ordering;
* depth 2: the best ``EXPERT_WIDTH`` turns are searched against *every* reply of the
  opponent (alpha-beta: a candidate is abandoned as soon as one reply proves it no
  better than the best found so far; replies that score are tried first);
* the leaves are evaluated with the side to move known, so "the side to move has a
  five or a placeable gap in a four" counts as a point already won: effectively a third
  ply of tactics at evaluation cost;
* a budget of ``EXPERT_NODES`` evaluated replies stops the deepening early and returns
  the best turn found so far (the depth-1 best is always available). Counting nodes
  rather than seconds keeps a seeded game identical on any machine; a wall-clock
  safety limit (``EXPERT_TIME``, or ``time_limit``) bounds the decision time even on a
  heavily loaded machine.

Threat-aware evaluation (``evaluate``)
--------------------------------------
For each colour, every 5-cell window in the four line directions that holds none of the
other colour's pawns is counted by how many own pawns it holds (bit-sliced adders over
the bitboards: all windows at once). A window of four whose empty cell is a legal
placement (G-3) is a *hot gap*: the side to move scores by placing there. The value,
for the side to move ``S`` against ``T``, in points x 1000:

* the points difference;
* ``S`` has a five or a hot gap: ``S`` scores this turn (+ about a point; a win if that
  point reaches the target);
* ``T`` has a five left on the board or hot gaps: ``S`` must break them with a single
  placement and slide; one is a nuisance, two or more usually cost a point;
* open fours (gap not placeable yet), threes and twos, small weights.
"""

from __future__ import annotations

import random
import time
from typing import Iterator

from glissando.rules import (BLUE, DIRS, EDGE, FULL, LINE_DIRS, PAWNS_PER_SIDE,
                             Position, Turn, apply_slide, has_five, neighbours,
                             removal_pairs, runs_of_five, slide_of, squares)

__all__ = ["LEVELS", "choose_turn", "evaluate", "EXPERT_TIME", "EXPERT_WIDTH"]

LEVELS = ("beginner", "intermediate", "expert", "master")
EXPERT_TIME = 1.8       # s, wall-clock safety limit of the expert (target: max <= 2 s)
EXPERT_WIDTH = 40       # turns searched at depth 2
EXPERT_NODES = 30_000   # evaluated replies per decision (about 0.6 s on one core)
INTERMEDIATE_CHECK = 100_000  # intermediate: opponent turns looked at by its threat check
WIN = 1_000_000
POINT = 1000


# --------------------------------------------------------------------------- evaluation

def _scan(x: int, y: int) -> tuple[bool, int, int, int, int]:
    """Window statistics of colour ``x`` against ``y`` (G-5 lines of five):
    ``(has_five, gap_cells_of_fours, fours, threes, twos)``; windows holding a ``y``
    pawn are dead and not counted."""
    not_y = ~y & FULL
    five = False
    gaps = 0
    c4 = c3 = c2 = 0
    for s, mask in LINE_DIRS:
        f = not_y & (not_y >> s)
        f &= f >> (2 * s)
        f &= (not_y >> (4 * s)) & mask
        if not f:
            continue
        a0, a1, a2, a3, a4 = x, x >> s, x >> (2 * s), x >> (3 * s), x >> (4 * s)
        x01 = a0 ^ a1
        s1 = x01 ^ a2
        k1 = (a0 & a1) | (a2 & x01)
        s2 = a3 ^ a4
        k2 = a3 & a4
        ones = s1 ^ s2
        cy = s1 & s2
        xx = k1 ^ k2
        twos = xx ^ cy
        fours = (k1 & k2) | (cy & xx)
        w = f & fours
        if w & ones:
            five = True
        w4 = w & ~ones
        if w4:
            c4 += w4.bit_count()
            gaps |= ((w4 & ~a0) | ((w4 & ~a1) << s) | ((w4 & ~a2) << (2 * s))
                     | ((w4 & ~a3) << (3 * s)) | ((w4 & ~a4) << (4 * s)))
        t = f & twos
        if t:
            c3 += (t & ones).bit_count()
            c2 += (t & ~ones).bit_count()
    return five, gaps & FULL, c4, c3, c2


def evaluate(s: int, t: int, ps: int, pt: int, target: int) -> int:
    """Static value (points x 1000) of a position for the side to move.

    ``s``/``t``: bitboards of the side to move and of the other side; ``ps``/``pt``:
    their points; ``target``: G-6. Implements the threat terms described in the module
    docstring; G-7 (no reserve) is scored as the end of the game."""
    occ = s | t
    if s.bit_count() >= PAWNS_PER_SIDE or occ == FULL:        # G-7: game over
        return 0 if ps == pt else (WIN if ps > pt else -WIN)
    placeable = (EDGE | neighbours(occ)) & ~occ & FULL
    f5s, gs, c4s, c3s, c2s = _scan(s, t)
    f5t, gt, c4t, c3t, c2t = _scan(t, s)
    v = POINT * (ps - pt)
    hot_s = gs & placeable
    if f5s or hot_s:                                          # S scores now (G-5)
        if ps + 1 >= target:
            return WIN - 1
        v += 900
    threats = (2 if f5t else 0) + (gt & placeable).bit_count()
    if threats:
        pen = 650 if threats >= 2 else 180
        if pt + 1 >= target:
            pen *= 2
        v -= pen
    v += 70 * (c4s - hot_s.bit_count()) - 60 * c4t
    v += 28 * c3s - 24 * c3t + 5 * c2s - 5 * c2t
    return v


# --------------------------------------------------------------------------- search

def _children(mine: int, theirs: int) -> Iterator[tuple[int, tuple | None, int, int]]:
    """Every (placement, slide) of the side owning ``mine`` (G-3, G-4, G-4d):
    ``(place, (sq, dir) | None, mine_after, theirs_after)``."""
    occ0 = mine | theirs
    placeable = (EDGE | neighbours(occ0)) & ~occ0 & FULL
    for place in squares(placeable):
        b = 1 << place
        m, occ = mine | b, occ0 | b
        yield place, None, m, theirs
        for sq in squares(m):
            for d in DIRS:
                sl = slide_of(occ, sq, d)
                if sl is not None:
                    yield place, (sq, d), apply_slide(m, sl), apply_slide(theirs, sl)


def _quick_removal(m: int) -> tuple[int, int]:
    """A cheap G-5c removal for leaves of the search: the two end pawns of the first
    run (keeps the middle of the line)."""
    run = runs_of_five(m)[0]
    return run[0], run[-1]


class _Budget:
    """The expert's search budget: ``nodes`` evaluated replies (deterministic: the same
    position and seed give the same turn on any machine) and a wall-clock safety
    deadline (s) that only a heavily loaded machine reaches."""

    def __init__(self, nodes: int, limit: float):
        self.nodes = nodes
        self.deadline = time.perf_counter() + limit

    def spend(self, n: int) -> bool:
        """Use ``n`` nodes; False when the budget or the time is exhausted."""
        self.nodes -= n
        return self.nodes > 0 and time.perf_counter() <= self.deadline


def _root_moves(p: Position):
    """Depth 1: every complete turn with its static value for the mover (higher is
    better). Scoring turns get their best removal pair (G-5c) by evaluation.
    Returns a list of ``(value, Turn, child_mine, child_theirs, child_pm, child_pt)``
    where ``child_*`` are from the mover's side."""
    me = p.to_move == BLUE
    mine, theirs = (p.blue, p.orange) if me else (p.orange, p.blue)
    pm, pt = (p.points if me else p.points[::-1])
    target = p.target
    out = []
    for place, slide, m, t in _children(mine, theirs):
        if has_five(m):                                     # G-5: score and remove two
            if pm + 1 >= target:                            # G-6: wins at once
                a, b = removal_pairs(m)[0]
                out.append((WIN, Turn(place, slide, (a, b)), m, t, pm + 1, pt))
                continue
            best = None
            for a, b in removal_pairs(m):
                m2 = m & ~((1 << a) | (1 << b))
                v = -evaluate(t, m2, pt, pm + 1, target)
                if best is None or v > best[0]:
                    best = (v, Turn(place, slide, (a, b)), m2, t, pm + 1, pt)
            out.append(best)
        else:
            out.append((-evaluate(t, m, pt, pm, target), Turn(place, slide, None),
                        m, t, pm, pt))
    return out


def _reply_value(m: int, t: int, pm: int, pt: int, target: int, alpha: float,
                 budget: _Budget) -> float | None:
    """Depth 2: the value for the first mover (owner of ``m``) after the opponent's
    best reply, all replies searched, cut off as soon as it is ``<= alpha``.
    None when the budget ran out."""
    if t.bit_count() >= PAWNS_PER_SIDE or (m | t) == FULL:    # G-7 before their turn
        return 0 if pm == pt else (WIN if pm > pt else -WIN)
    best = WIN
    later = []
    n = 0
    for place, slide, t2, m2 in _children(t, m):
        if has_five(t2):                                     # scoring replies first
            if pt + 1 >= target:
                return -WIN
            a, b = _quick_removal(t2)
            t3 = t2 & ~((1 << a) | (1 << b))
            v = evaluate(m2, t3, pm, pt + 1, target)
            if v < best:
                best = v
                if best <= alpha:
                    return best
        else:
            later.append((m2, t2))
    for m2, t2 in later:
        v = evaluate(m2, t2, pm, pt, target)
        if v < best:
            best = v
            if best <= alpha:
                return best
        n += 1
        if n & 63 == 0 and not budget.spend(64):
            return None
    budget.spend(n & 63)
    return best


def _expert(p: Position, rng: random.Random, time_limit: float | None) -> Turn:
    budget = _Budget(EXPERT_NODES, EXPERT_TIME if time_limit is None else time_limit)
    roots = _root_moves(p)
    rng.shuffle(roots)                                       # seeded tie-breaking
    roots.sort(key=lambda r: -r[0])
    if roots[0][0] >= WIN:
        return roots[0][1]
    # iterative deepening: depth 1 done (roots sorted); now depth 2 on the best ones
    best_v, best_turn = None, roots[0][1]
    for v1, turn, m, t, pm, pt in roots[:EXPERT_WIDTH]:
        alpha = -WIN - 1 if best_v is None else best_v
        v = _reply_value(m, t, pm, pt, p.target, alpha, budget)
        if v is None:
            break
        if best_v is None or v > best_v:
            best_v, best_turn = v, turn
    return best_turn


def _opponent_scores(m: int, t: int, budget: list[int]) -> bool | None:
    """True when the owner of ``t``, moving next, can score (G-5): a five of theirs is
    already on the board (G-5b), or one of their turns (placement G-3 and optional
    slide or push G-4) makes one. ``m`` are the other side's pawns. False when they
    cannot move (G-7: no pawn in reserve or no empty cell). ``budget[0]`` counts down
    the opponent turns looked at; None when it runs out before an answer."""
    if t.bit_count() >= PAWNS_PER_SIDE or (m | t) == FULL:   # G-7: the game ends first
        return False
    if has_five(t):
        return True
    for _pl, _sl, t2, _m2 in _children(t, m):
        if has_five(t2):
            return True
        budget[0] -= 1
        if budget[0] <= 0:
            return None
    return False


def _intermediate(p: Position, rng: random.Random) -> Turn:
    """One ply with noise, then a one-ply threat check (G-5): turns are tried in noisy
    order of their static value and the first after which the opponent cannot make a
    line of five by placement, slide or push is played; if none is found within
    ``INTERMEDIATE_CHECK`` looked-at opponent turns, the best turn. A turn that wins at
    once (G-6) is played without the check."""
    roots = _root_moves(p)
    ranked = sorted(roots, key=lambda r: -(r[0] + rng.gauss(0, 120)))
    wins = [r for r in ranked if r[0] >= WIN]
    if wins:
        return wins[0][1]
    budget = [INTERMEDIATE_CHECK]
    for r in ranked:
        safe = _opponent_scores(r[2], r[3], budget)
        if safe is None:
            break
        if not safe:
            return r[1]
    return ranked[0][1]


def _beginner(p: Position, rng: random.Random) -> Turn:
    tip = p.begin()
    if rng.random() < 0.5:                                   # notices a score, sometimes
        scoring = [pl_sl for pl_sl in _children(p.mine, p.theirs) if has_five(pl_sl[2])]
        if scoring:
            place, slide, m, _ = rng.choice(scoring)
            return Turn(place, slide, rng.choice(removal_pairs(m)))
    tip = tip.place(rng.choice(p.legal_placements()))
    slides = tip.legal_slides()
    tip = tip.slide(*rng.choice(slides)) if slides and rng.random() < 0.5 \
        else tip.skip_slide()
    if tip.stage == "remove":
        tip = tip.remove(*rng.choice(tip.removal_pairs()))
    return tip.turn()


def choose_turn(position: Position, level: str, rng: random.Random,
                time_limit: float | None = None) -> str:
    """A legal G-N2 turn text for the side to move of ``position``.

    :param level: ``"beginner"``, ``"intermediate"``, ``"expert"`` or ``"master"``.
    :param rng: the only source of randomness (seed it to repeat a game).
    :param time_limit: wall-clock limit in s of the expert (default ``EXPERT_TIME``)
        and of the master (default ``master.TIME_LIMIT``); ``math.inf`` for none: their
        work budgets alone then decide, so a seeded game is repeatable on any machine.
    :raises ValueError: for an unknown level; :class:`glissando.rules.IllegalTurn`
        (``G-6``/``G-7``) when the game is over."""
    if level not in LEVELS:
        raise ValueError(f"G-2: unknown computer level {level!r} (one of {LEVELS})")
    if position.over:
        position.begin()                                     # raises G-6 / G-7
    if level == "beginner":
        turn = _beginner(position, rng)
    elif level == "intermediate":
        turn = _intermediate(position, rng)
    elif level == "expert":
        turn = _expert(position, rng, time_limit)
    else:
        from glissando.ai import master
        turn = master.choose(position, rng, time_limit)
    return str(turn)
