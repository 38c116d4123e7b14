"""Magico computer players — pure Python, no pygame, no shell.

:func:`choose_turn` picks a K-N2 turn text for the dice just rolled. Levels:

- ``"beginner"`` (*Débutant*): like a child, sometimes miscalculates (a ``wrong`` turn,
  K-7a: the placement is lost) and often puts its token on a cell chosen at random;
  otherwise takes the immediate points.
- ``"intermediate"``: rarely miscalculates; picks the cell with the best static
  evaluation (points, half-built runs of its own, the opponent's runs it blocks).
- ``"expert"``: never miscalculates; chooses operation, cell (and, on a double 1, which
  opponent token to take, K-5) by expectimax one ply deep over the opponent's next roll:
  for each of its options it averages, over the 21 distinct rolls with their
  probabilities (:func:`magico.rules.chance_outcomes`), the opponent's best reply, and
  keeps the option with the highest expected evaluation (score difference plus the
  value of runs still open to each side). Blocking falls out of that: a cell that sits
  in the opponent's two-token run removes its potential.
- ``"greedy"`` (benchmark opponent, not offered to players): the turn with the best
  immediate points (score difference after the turn), ties at random.
- ``"expert1"`` (comparisons only): the expert's search one ply shallower (the
  opponent's next roll only).

Randomness is injected (``rng``: a :class:`random.Random`), so every AI game is
reproducible from its seeds. The evaluation works on the rules' bit masks and changes
only the runs through a touched cell (a few table look-ups per child position).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import lru_cache

from magico.rules import (
    SIZE, Board, Position, cell_name, chance_outcomes, other, results,
)

__all__ = ["LEVELS", "choose_turn", "evaluate", "MISTAKE_RATE"]

LEVELS = ("beginner", "intermediate", "expert")

#: Probability that a level types a wrong result on a K-7 roll (K-7a).
MISTAKE_RATE = {"beginner": 0.25, "intermediate": 0.04, "expert": 0.0, "greedy": 0.0,
                "expert1": 0.0}
#: Probability that the beginner puts its token on a random legal cell.
BEGINNER_RANDOM_CELL = 0.5

# Evaluation weights: the value of an open run (no opponent token) with two / one of a
# player's tokens, as a fraction of its points, times the chance that a roll lets the
# player reach each missing cell. Seeded self-play found a larger W1 (0.9–1.2) slightly
# stronger (54 % wins, 38 % losses at expert level), but it makes the expert skip a sure
# run or leave a 25-point diagonal open to sit on a "hub" cell early in the game, which
# looks wrong to a player; W1 = 0.3 completes and blocks as a player expects.
W2 = 0.9
W1 = 0.3

_N = SIZE * SIZE


# --------------------------------------------------------------------------- model

@dataclass(frozen=True)
class _Model:
    """Per-board tables: scoring runs (cells), per-cell run lists, and per-run value
    tables indexed by the base-3 code of the run's cells (0 empty, 1 red, 2 blue),
    in points from Red's point of view."""

    runs: tuple[tuple[int, int, int], ...]
    cell_runs: tuple[tuple[int, ...], ...]
    table: tuple[tuple[float, ...], ...]      # with potentials
    exact: tuple[tuple[int, ...], ...]        # completed runs only (the score, K-9)
    numbers: tuple[int, ...]
    cells_by_value: tuple[tuple[int, ...], ...]  # value 0..10 -> cell indices


def _reach() -> list[float]:
    """Chance that one roll lets a player place on an (empty) cell showing ``v``:
    exactly one 1 (K-6, any cell) or a K-7 result equal to ``v``."""
    out = []
    for v in range(11):
        n = 0
        for a in range(1, 7):
            for b in range(1, 7):
                if (a == 1) != (b == 1):
                    n += 1
                elif a != 1 and v in results(a, b).values():
                    n += 1
        out.append(n / 36)
    return out


@lru_cache(maxsize=8)
def _model(board: Board) -> _Model:
    reach = _reach()
    runs, tables, exact = [], [], []
    cell_runs: list[list[int]] = [[] for _ in range(_N)]
    for k, run in enumerate(board.scoring_lines):
        cells = run.indices
        runs.append(cells)
        for c in cells:
            cell_runs[c].append(k)
        t, e = [], []
        for code in range(27):
            states = (code % 3, code // 3 % 3, code // 9)
            reds, blues = states.count(1), states.count(2)
            empties = [board.numbers[c] for c, s in zip(cells, states) if s == 0]
            value = 0.0
            done = 0
            if reds == 3:
                value = done = run.points
            elif blues == 3:
                value = done = -run.points
            elif reds and not blues or blues and not reds:
                p = 1.0
                for v in empties:
                    p *= reach[v]
                w = W2 if max(reds, blues) == 2 else W1
                value = (1 if reds else -1) * run.points * w * p
            t.append(value)
            e.append(done)
        tables.append(tuple(t))
        exact.append(tuple(e))
    by_value = tuple(tuple(i for i in range(_N) if board.numbers[i] == v) for v in range(11))
    return _Model(tuple(runs), tuple(tuple(x) for x in cell_runs), tuple(tables),
                  tuple(exact), board.numbers, by_value)


def _code(run: tuple[int, int, int], red: int, blue: int) -> int:
    a, b, c = run
    return (((red >> a & 1) | (blue >> a & 1) << 1)
            + 3 * ((red >> b & 1) | (blue >> b & 1) << 1)
            + 9 * ((red >> c & 1) | (blue >> c & 1) << 1))


def _eval(m: _Model, red: int, blue: int, exact: bool = False) -> float:
    tab = m.exact if exact else m.table
    return sum(tab[k][_code(run, red, blue)] for k, run in enumerate(m.runs))


def _delta(m: _Model, red: int, blue: int, red2: int, blue2: int, cell: int,
           exact: bool = False) -> float:
    """Change of the evaluation when the masks go from (red, blue) to (red2, blue2),
    which differ only at ``cell``."""
    tab = m.exact if exact else m.table
    d = 0.0
    for k in m.cell_runs[cell]:
        run = m.runs[k]
        d += tab[k][_code(run, red2, blue2)] - tab[k][_code(run, red, blue)]
    return d


def evaluate(position: Position, player: str | None = None) -> float:
    """Static evaluation of ``position`` in points for ``player`` (default: the side
    to move): score difference (K-9) plus the expected value of the runs still open
    to each side. A finished game (K-8) is worth exactly its score difference."""
    player = player or position.to_move
    m = _model(position.board)
    v = _eval(m, position.red, position.blue, exact=position.is_over)
    return v if player == "r" else -v


# --------------------------------------------------------------------------- options

@dataclass(frozen=True)
class _Option:
    text: str
    red: int
    blue: int
    hand_r: int
    hand_b: int
    cell: int | None


def _options(p: Position, a: int, b: int) -> list[_Option]:
    """One option per distinct outcome of dice ``a``, ``b`` (right calculations only)."""
    kind = p.roll_kind(a, b)
    me = p.to_move
    d = f"{a},{b}"
    out: list[_Option] = []
    if kind == "take":
        opp_mask = p.tokens(other(me))
        for i in range(_N):
            if opp_mask >> i & 1:
                if me == "r":
                    out.append(_Option(f"{d} take {cell_name(i)}", p.red, p.blue & ~(1 << i),
                                       p.hand_r, p.hand_b + 1, i))
                else:
                    out.append(_Option(f"{d} take {cell_name(i)}", p.red & ~(1 << i), p.blue,
                                       p.hand_r + 1, p.hand_b, i))
    else:
        empty = p.empty
        if kind == "any":
            cells = [(i, f"{d} any {cell_name(i)}") for i in range(_N) if empty >> i & 1]
        else:
            op_for: dict[int, str] = {}
            for op, v in results(a, b).items():
                op_for.setdefault(v, op)
            nums = p.board.numbers
            cells = [(i, f"{d} {op_for[nums[i]]}={nums[i]} {cell_name(i)}")
                     for i in range(_N) if empty >> i & 1 and nums[i] in op_for]
        for i, text in cells:
            if me == "r":
                out.append(_Option(text, p.red | 1 << i, p.blue, p.hand_r - 1, p.hand_b, i))
            else:
                out.append(_Option(text, p.red, p.blue | 1 << i, p.hand_r, p.hand_b - 1, i))
    if not out:
        out.append(_Option(f"{d} pass", p.red, p.blue, p.hand_r, p.hand_b, None))
    return out


def _pick(scored: list[tuple[float, _Option]], rng: random.Random) -> str:
    best = max(s for s, _ in scored)
    ties = [o.text for s, o in scored if s >= best - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


# --------------------------------------------------------------------------- levels

def _greedy(p: Position, a: int, b: int, rng: random.Random) -> str:
    m = _model(p.board)
    sign = 1 if p.to_move == "r" else -1
    return _pick([(sign * _eval(m, o.red, o.blue, exact=True), o)
                  for o in _options(p, a, b)], rng)


def _static(p: Position, a: int, b: int, rng: random.Random) -> str:
    m = _model(p.board)
    sign = 1 if p.to_move == "r" else -1
    scored = []
    for o in _options(p, a, b):
        over = o.hand_r == 0 or o.hand_b == 0
        scored.append((sign * _eval(m, o.red, o.blue, exact=over), o))
    return _pick(scored, rng)


_ROLLS = None


def _roll_table():
    """The 21 distinct rolls: (probability, kind, values) with kind "take"/"any"/"compute"."""
    global _ROLLS
    if _ROLLS is None:
        rows = []
        for (lo, hi), prob in chance_outcomes():
            if lo == hi == 1:
                rows.append((prob, "take", ()))
            elif lo == 1:
                rows.append((prob, "any", ()))
            else:
                rows.append((prob, "compute", tuple(sorted(set(results(lo, hi).values())))))
        _ROLLS = tuple(rows)
    return _ROLLS


def _expectation(m: _Model, red: int, blue: int, hand_r: int, hand_b: int,
                 mover: str, base: float, depth: int) -> float:
    """Expected evaluation (Red's view, points) after ``mover`` rolls and plays its
    best reply, over the 21 distinct rolls with their probabilities (K-4…K-7).

    ``base``: the evaluation of (red, blue); ``depth`` 1: each reply is valued by the
    static evaluation; depth 2: by the expectation of the other player's next roll.
    """
    better = max if mover == "r" else min   # Red maximises the value, Blue minimises it
    empty = ~(red | blue) & ((1 << _N) - 1)
    last = (hand_r if mover == "r" else hand_b) == 1
    nums = m.numbers
    best_by_value: list = [None] * 11
    best_any = None
    for c in range(_N):
        if not empty >> c & 1:
            continue
        if mover == "r":
            r2, b2, hr2, hb2 = red | 1 << c, blue, hand_r - 1, hand_b
        else:
            r2, b2, hr2, hb2 = red, blue | 1 << c, hand_r, hand_b - 1
        if last:  # K-8: the mover's last token ends the game
            v = _eval(m, r2, b2, exact=True)
        else:
            v = base + _delta(m, red, blue, r2, b2, c)
            if depth > 1:
                v = _expectation(m, r2, b2, hr2, hb2, other(mover), v, depth - 1)
        cur = best_by_value[nums[c]]
        best_by_value[nums[c]] = v if cur is None else better(cur, v)
        best_any = v if best_any is None else better(best_any, v)
    # Double 1: the mover takes one of the other player's tokens (K-5).
    theirs = blue if mover == "r" else red
    take_best = None
    for c in range(_N):
        if theirs >> c & 1:
            if mover == "r":
                r2, b2, hr2, hb2 = red, blue & ~(1 << c), hand_r, hand_b + 1
            else:
                r2, b2, hr2, hb2 = red & ~(1 << c), blue, hand_r + 1, hand_b
            v = base + _delta(m, red, blue, r2, b2, c)
            if depth > 1:
                v = _expectation(m, r2, b2, hr2, hb2, other(mover), v, depth - 1)
            take_best = v if take_best is None else better(take_best, v)
    pass_value = None
    total = 0.0
    for prob, kind, values in _roll_table():
        if kind == "take":
            v = take_best
        elif kind == "any":
            v = best_any
        else:
            v = None
            for val in values:
                bv = best_by_value[val]
                if bv is not None:
                    v = bv if v is None else better(v, bv)
        if v is None:  # K-7b / K-5: the mover passes
            if pass_value is None:
                pass_value = (base if depth == 1 else _expectation(
                    m, red, blue, hand_r, hand_b, other(mover), base, depth - 1))
            v = pass_value
        total += prob * v
    return total


#: Expectimax depth of the expert: 1 = the opponent's next roll and reply; 2 = also
#: the expert's own following roll and reply.
EXPERT_DEPTH = 2


def _expert(p: Position, a: int, b: int, rng: random.Random,
            depth: int = EXPERT_DEPTH) -> str:
    m = _model(p.board)
    me = p.to_move
    sign = 1 if me == "r" else -1
    base = _eval(m, p.red, p.blue)
    scored = []
    for o in _options(p, a, b):
        if o.hand_r == 0 or o.hand_b == 0:  # K-8: my last token ends the game
            v = _eval(m, o.red, o.blue, exact=True)
        else:
            b1 = base if o.cell is None else base + _delta(m, p.red, p.blue, o.red,
                                                           o.blue, o.cell)
            v = _expectation(m, o.red, o.blue, o.hand_r, o.hand_b, other(me), b1, depth)
        scored.append((sign * v, o))
        time.sleep(0)  # let a window's main thread take the GIL between options (≈1 ms)
    return _pick(scored, rng)


def _wrong(p: Position, a: int, b: int, rng: random.Random) -> str:
    """A miscalculation (K-7a): a playable operation with a result off by 1 or 2."""
    ops = sorted(p.playable_ops(a, b).items())
    op, v = rng.choice(ops)
    typed = v + rng.choice((-2, -1, 1, 2))
    if typed < 0:
        typed = v + rng.choice((1, 2))
    return f"{a},{b} {op}={typed} wrong"


def choose_turn(position: Position, dice: tuple[int, int], level: str = "expert",
                rng: random.Random | None = None) -> str:
    """The turn the computer plays at ``level`` for ``dice`` (the roll just made, two
    whole numbers 1–6), as a K-N2 text that ``position.play`` accepts.

    ``level``: ``"beginner"``, ``"intermediate"``, ``"expert"`` (or ``"greedy"``, the
    benchmark's best-immediate-points player); ``rng``: the AI's own random generator
    (mistakes, random cells, ties) — pass a seeded one for reproducible games.

    :raises ValueError: for an unknown level.
    :raises magico.rules.IllegalTurn: ``"K-8: …"`` if the game is over, ``"K-4: …"`` for
        a bad die.
    """
    if level not in MISTAKE_RATE:
        raise ValueError(f"unknown AI level {level!r}; expected one of {LEVELS}")
    rng = rng or random.Random(0)
    a, b = dice
    position.legal_cells(a, b)  # checks K-8 and K-4
    kind = position.roll_kind(a, b)
    if (kind == "compute" and position.playable_ops(a, b)
            and rng.random() < MISTAKE_RATE[level]):
        return _wrong(position, a, b, rng)
    if level == "beginner":
        if rng.random() < BEGINNER_RANDOM_CELL:
            return rng.choice(_options(position, a, b)).text
        return _greedy(position, a, b, rng)
    if level == "greedy":
        return _greedy(position, a, b, rng)
    if level == "intermediate":
        return _static(position, a, b, rng)
    if level == "expert1":  # one ply of lookahead (for comparisons)
        return _expert(position, a, b, rng, depth=1)
    return _expert(position, a, b, rng)
