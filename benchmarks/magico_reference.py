"""Independent Magico opponents for the AI series (issue 17): expectimax players that
share no code with :mod:`magico.ai`.

They use :mod:`magico.rules` only for what the rules decide — the board's numbers
(K-2), which results two dice give (K-7, :func:`magico.rules.results`), the roll
probabilities (K-4, :func:`magico.rules.chance_outcomes`) and the K-N2 text checked by
``Position.legal_turns`` — and have their own evaluation and search:

- ``"ref1"`` — one-ply expectimax: for each of its options, the average over the
  opponent's 21 distinct rolls (with their probabilities) of the opponent's best reply,
  judged by the evaluation below.
- ``"ref2"`` — two-ply: the same, then its own next roll and best reply.

Evaluation (points, from the player's side): completed runs (K-9) at their points; a
run still open to one side (no token of the other) is worth, for a run holding two of
that side's tokens, ``points × r(v)`` where ``r(v)`` is the chance that one roll lets a
player put a token on the missing number ``v``; holding one token, ``points × 0.5 ×
r(v1) × r(v2)``. A finished game (K-8) is worth its exact score difference.

Entry point, the same shape as the project's contract:
:func:`choose_turn(position, dice, level, rng) -> str` (a K-N2 text).
"""

from __future__ import annotations

import random
from functools import lru_cache

from magico.rules import Position, chance_outcomes, results

__all__ = ["LEVELS", "choose_turn", "evaluation"]

LEVELS = ("ref1", "ref2")
_CELLS = 36
_COLS = "abcdef"


def _name(i: int) -> str:
    return f"{_COLS[i % 6]}{i // 6 + 1}"


@lru_cache(maxsize=1)
def _rolls():
    """(probability, tag, frozenset of values) for the 21 rolls; tag 't' double 1,
    'a' one die shows 1 (any cell), 'c' calculate."""
    out = []
    for (x, y), prob in chance_outcomes():
        if x == 1 and y == 1:
            out.append((prob, "t", frozenset()))
        elif x == 1 or y == 1:
            out.append((prob, "a", frozenset(range(11))))
        else:
            out.append((prob, "c", frozenset(results(x, y).values())))
    return tuple(out)


@lru_cache(maxsize=1)
def _reach() -> tuple[float, ...]:
    return tuple(sum(p for p, _, vals in _rolls() if v in vals) for v in range(11))


@lru_cache(maxsize=16)
def _lines(numbers: tuple[int, ...]):
    """Scoring lines of a board: (cells, points); and, per cell, the lines through it."""
    lines = []
    for r in range(6):
        for c in range(6):
            for dr, dc, pts in ((0, 1, 10), (1, 0, 10), (1, 1, 25), (1, -1, 25)):
                cells = [(r + k * dr, c + k * dc) for k in range(3)]
                if all(0 <= a < 6 and 0 <= b < 6 for a, b in cells):
                    idx = tuple(a * 6 + b for a, b in cells)
                    if sum(numbers[i] for i in idx) == 15:
                        lines.append((idx, pts))
    through = [[] for _ in range(_CELLS)]
    for k, (idx, _) in enumerate(lines):
        for i in idx:
            through[i].append(k)
    return tuple(lines), tuple(tuple(t) for t in through)


def _line_value(idx, pts, numbers, mine: int, theirs: int, reach) -> float:
    m = sum(mine >> i & 1 for i in idx)
    t = sum(theirs >> i & 1 for i in idx)
    if m and t:
        return 0.0
    if m == 3:
        return float(pts)
    if t == 3:
        return -float(pts)
    n, own, sign = (m, mine, 1.0) if m else (t, theirs, -1.0)
    if n == 0:
        return 0.0
    gaps = [reach[numbers[i]] for i in idx if not own >> i & 1]
    if n == 2:
        return sign * pts * gaps[0]
    return sign * pts * 0.5 * gaps[0] * gaps[1]


def evaluation(position: Position, player: str) -> float:
    """The references' evaluation of ``position`` in points for ``player`` (``"r"`` or
    ``"b"``), see the module text; exact score difference once the game is over."""
    nums = position.board.numbers
    lines, _ = _lines(nums)
    mine, theirs = (position.red, position.blue) if player == "r" else (position.blue, position.red)
    reach = _reach()
    total = 0.0
    for idx, pts in lines:
        v = _line_value(idx, pts, nums, mine, theirs, reach)
        total += v if not position.is_over or abs(v) == pts else 0.0
    return total


class _Search:
    """Expectimax over bit masks ``me`` / ``op`` (the searching player's view)."""

    def __init__(self, numbers):
        self.nums = numbers
        self.lines, self.through = _lines(numbers)
        self.reach = _reach()

    def value(self, me: int, op: int) -> float:
        return sum(_line_value(idx, pts, self.nums, me, op, self.reach) for idx, pts in self.lines)

    def exact(self, me: int, op: int) -> float:
        s = 0.0
        for idx, pts in self.lines:
            mask = (1 << idx[0]) | (1 << idx[1]) | (1 << idx[2])
            if me & mask == mask:
                s += pts
            elif op & mask == mask:
                s -= pts
        return s

    def change(self, me: int, op: int, me2: int, op2: int, cell: int) -> float:
        d = 0.0
        for k in self.through[cell]:
            idx, pts = self.lines[k]
            d += (_line_value(idx, pts, self.nums, me2, op2, self.reach)
                  - _line_value(idx, pts, self.nums, me, op, self.reach))
        return d

    def chance(self, me: int, op: int, h_me: int, h_op: int, mine_to_roll: bool,
               base: float, plies: int) -> float:
        """Expected value (searcher's view) when the side ``mine_to_roll`` names rolls
        next and plays its best option; ``plies`` chance levels remain."""
        pick = max if mine_to_roll else min
        empty = ~(me | op) & ((1 << _CELLS) - 1)
        per_value: dict[int, float] = {}
        best_anywhere = None
        for c in range(_CELLS):
            if not empty >> c & 1:
                continue
            if mine_to_roll:
                me2, op2, hm, ho = me | 1 << c, op, h_me - 1, h_op
                ends = hm == 0
            else:
                me2, op2, hm, ho = me, op | 1 << c, h_me, h_op - 1
                ends = ho == 0
            if ends:
                v = self.exact(me2, op2)
            else:
                v = base + self.change(me, op, me2, op2, c)
                if plies > 1:
                    v = self.chance(me2, op2, hm, ho, not mine_to_roll, v, plies - 1)
            n = self.nums[c]
            per_value[n] = v if n not in per_value else pick(per_value[n], v)
            best_anywhere = v if best_anywhere is None else pick(best_anywhere, v)
        victims = op if mine_to_roll else me
        best_take = None
        for c in range(_CELLS):
            if victims >> c & 1:
                if mine_to_roll:
                    me2, op2, hm, ho = me, op & ~(1 << c), h_me, h_op + 1
                else:
                    me2, op2, hm, ho = me & ~(1 << c), op, h_me + 1, h_op
                v = base + self.change(me, op, me2, op2, c)
                if plies > 1:
                    v = self.chance(me2, op2, hm, ho, not mine_to_roll, v, plies - 1)
                best_take = v if best_take is None else pick(best_take, v)
        stay = None
        total = 0.0
        for prob, tag, vals in _rolls():
            if tag == "t":
                v = best_take
            elif tag == "a":
                v = best_anywhere
            else:
                got = [per_value[x] for x in vals if x in per_value]
                v = pick(got) if got else None
            if v is None:
                if stay is None:
                    stay = base if plies == 1 else self.chance(
                        me, op, h_me, h_op, not mine_to_roll, base, plies - 1)
                v = stay
            total += prob * v
        return total


def choose_turn(position: Position, dice: tuple[int, int], level: str = "ref1",
                rng: random.Random | None = None) -> str:
    """The reference player's K-N2 turn for ``dice`` in ``position`` (``level``
    ``"ref1"`` or ``"ref2"``: one or two chance plies); ties broken by ``rng``.

    :raises ValueError: unknown level. :raises magico.rules.IllegalTurn: game over or
        bad dice (from the rules).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown reference level {level!r}; expected one of {LEVELS}")
    rng = rng or random.Random(0)
    plies = LEVELS.index(level) + 1
    legal = position.legal_turns(*dice)          # the rules say what is legal
    if len(legal) == 1:
        return legal[0]
    s = _Search(position.board.numbers)
    me_side = position.to_move
    me, op = (position.red, position.blue) if me_side == "r" else (position.blue, position.red)
    h_me, h_op = position.hand(me_side), position.hand("b" if me_side == "r" else "r")
    base = s.value(me, op)
    seen: dict[str, float] = {}
    scored = []
    for text in legal:
        words = text.split()
        cell_name = words[-1]
        c = (int(cell_name[1]) - 1) * 6 + _COLS.index(cell_name[0])
        if cell_name not in seen:
            if words[1] == "take":
                me2, op2, hm, ho = me, op & ~(1 << c), h_me, h_op + 1
            else:
                me2, op2, hm, ho = me | 1 << c, op, h_me - 1, h_op
            if hm == 0:
                seen[cell_name] = s.exact(me2, op2)
            else:
                v = base + s.change(me, op, me2, op2, c)
                seen[cell_name] = s.chance(me2, op2, hm, ho, False, v, plies)
        scored.append((seen[cell_name], text))
    best = max(v for v, _ in scored)
    # one text per cell (two operations with the same result are the same move)
    ties = sorted({t.split()[-1]: t for v, t in scored if v >= best - 1e-9}.values())
    return ties[0] if len(ties) == 1 else rng.choice(ties)
