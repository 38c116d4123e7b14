"""Magico computer players — pure Python, no pygame, no shell.

:func:`choose_turn` picks a K-N2 turn text for the dice just rolled. Levels:

- ``"beginner"`` (*Débutant*): like a child, sometimes miscalculates (a ``wrong`` turn,
  K-7a: the placement is lost) and often puts its token on a cell chosen at random;
  otherwise takes the immediate points.
- ``"intermediate"``: rarely miscalculates; picks the cell with the best static
  evaluation (points, half-built runs of its own, the opponent's runs it blocks).
- ``"expert"``: never miscalculates; chooses operation, cell (and, on a double 1, which
  opponent token to take, K-5) by expectimax two chance plies deep (``EXPERT_DEPTH``):
  for each of its options it averages, over the opponent's 21 distinct rolls with their
  probabilities (:func:`magico.rules.chance_outcomes`), the opponent's best reply, itself
  valued by the average over its own next roll and best reply; leaves by the static
  evaluation (score difference plus the value of runs still open to each side).
- ``"master"``: the strongest level, described below.
- ``"greedy"`` (benchmark opponent, not offered to players): the turn with the best
  immediate points (score difference after the turn), ties at random.
- ``"expert1"`` (comparisons only): the expert's search one ply shallower (the
  opponent's next roll only).

Master
------
Expectimax over the dice with chance as a player (K-4), values as **chances of
winning** (K-10: what counts is winning, not the margin):

* *Chance nodes* average over the 21 distinct rolls with their probabilities. The
  options of a roll are placements on the empty cells showing one of its results (K-7),
  any empty cell (K-6) or a take (K-5), so a chance node values each placement once and
  each roll takes the best over the numbers it allows; a roll with nothing to place
  passes (K-7b). Master never miscalculates on purpose.
* *Evaluation*: the score (K-9) plus, for every run of 15 still open to one side only,
  its points × the chance that this side completes it before the other takes one of
  its cells — a small race model over the rolls (:meth:`_Master.complete`) that knows
  who rolls next, which numbers are missing and how many turns each side has left before
  a hand is empty (K-8). The expected points become a chance of winning through a
  logistic whose width shrinks as the hands empty; a finished game is worth 1, ½ or 0.
  The model's four willingness parameters and the width were fitted to the outcomes of
  seeded games (:class:`MasterParams`).
* *Search*: iterative deepening (depth 1 for every option, then two chance plies —
  and deeper, up to ``max_depth``, while the predicted cost fits a budget of searched
  placements, counted, not timed, so a seeded game replays exactly; the level stops at
  two: see below), options ordered by the previous ply; the
  opponent's replies ordered by their static value and cut off Star1-style once the
  average of the best replies found so far proves an option no better than the best
  one (:meth:`_Master.bounded`); a transposition table per decision (the same
  placements in another order meet again two plies down).
* Master does not cash a run of 15 the moment it can (K-9): a token that builds two
  runs, or a 25-point diagonal, is often worth more than a sure 10 points early on.
  Measured: a Master made to take the most points available at once scored 41.5 %
  (95 % interval 38.5–44.6 %) over 1,000 seeded games against the same Master free to
  choose (two chance plies each).
* *Depth*: two chance plies (``MasterParams.max_depth`` 2). Against the independent
  one-ply reference (``benchmarks/magico_reference.py``, ``ref1``) the same evaluation
  scored about the same with one ply as with two, and no more when the budget let it
  search three or four plies late in the game (62.5 %, 59.5 %, 60.5 % over 200, 300,
  133 games; docs/performance.md, AI strength), at twenty times the CPU time. Deeper
  search does not buy wins here: the dice decide most of the rest.
* *Rollouts* (``MasterParams.rollouts``, :mod:`magico.rollouts`; off in the level):
  comparing the best options by greedy rollouts to the end scored 56.6 % against
  ``ref1`` where the one-ply search alone scored 62.8 % (152 games, same seeds), and
  rollouts in the endgame only changed nothing (59.9 % both, 400 games); tuning the
  evaluation's parameters against ``ref1`` found a flat score (57.5–61.75 % for every
  ±30 % move, 400 games each). Measured by the luck of each roll
  (``benchmarks/magico_luck.py``), ``ref1`` gives away about 0.09 of a win per game in
  errors Master's search can see: a player without them would score about 59–62 % against it,
  so the issue's 65 % is above what the dice allow (docs/performance.md, session 3).

Randomness is injected (``rng``: a :class:`random.Random`), so every AI game is
reproducible from its seeds. The evaluations work on the rules' bit masks and change
only the runs through a touched cell (a few table look-ups per child position).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from functools import lru_cache

from magico.rules import (
    SIZE, Board, Position, cell_name, chance_outcomes, other, results,
)

__all__ = ["LEVELS", "choose_turn", "master_engine", "evaluate", "MISTAKE_RATE", "MasterParams", "MASTER",
           "master_turn", "option_values", "review_values"]

LEVELS = ("beginner", "intermediate", "expert", "master")

#: Probability that a level types a wrong result on a K-7 roll (K-7a).
MISTAKE_RATE = {"beginner": 0.25, "intermediate": 0.04, "expert": 0.0, "master": 0.0,
                "greedy": 0.0, "expert1": 0.0}
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
ALL_CELLS = (1 << _N) - 1


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

    ``level``: ``"beginner"``, ``"intermediate"``, ``"expert"``, ``"master"`` (or
    ``"greedy"``, the benchmark's best-immediate-points player); ``rng``: the AI's own random generator
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
    if level == "master":
        return master_turn(position, a, b, rng)
    return _expert(position, a, b, rng)


# =========================================================================== Master
#
# See the module text ("Master"). Values inside the search are Red's chance of winning
# (0–1): Red maximises, Blue minimises, chance nodes average over the 21 rolls.


@dataclass(frozen=True)
class MasterParams:
    """Tunable parts of Master's search and evaluation.

    ``fill``: chance that a side uses a roll that lets it fill a cell of its own open
    run, by the number of cells still missing (1, 2); ``block``: chance that the other
    side uses a roll that lets it take one of those cells, by cells missing (the race
    model of :meth:`_Master.complete`); ``scale0`` + ``scale1`` × min(hands): width, in
    points, of the logistic that turns expected points into a chance of winning;
    ``depth``: chance plies searched for every option; ``budget``: searched placements
    (leaf evaluations) allowed for the whole decision — one more ply is searched while
    its predicted cost fits; ``max_depth``: the deepest ply searched; ``time_limit``:
    wall seconds after which a ply beyond ``depth`` is abandoned (a safety for a busy
    machine; when it does not strike, the budget alone ends the search and a seeded
    game replays exactly); ``rollouts``: if > 0, the ``rollout_top`` options the search
    ranks first are compared instead by the mean result of that many greedy rollouts
    each (:mod:`magico.rollouts`, the same dice for every option, ``rollout_plies``
    long, then the evaluation), once a hand holds ``rollout_hands`` tokens or fewer —
    off in the level (measured no stronger, docs/performance.md).

    The defaults were fitted to the outcomes of 55,015 positions from 1,700 seeded games
    (maximum likelihood, coordinate search; log-loss 0.5049 → 0.4936 from the first
    guess ``fill=(1, .5), block=(.8, .3), scale 4.5 + 1.8 h``).
    """

    fill: tuple[float, float] = (0.475, 0.4)
    block: tuple[float, float] = (0.425, 0.375)
    scale0: float = 3.5
    scale1: float = 1.425
    depth: int = 2
    budget: int = 250_000
    max_depth: int = 2
    time_limit: float = 1.2
    rollouts: int = 0
    rollout_top: int = 6
    rollout_plies: int = 200
    rollout_hands: int = 15


#: Master's parameters (the level ``"master"``).
MASTER = MasterParams()


class _OutOfTime(Exception):
    """The safety time limit struck inside a ply beyond the fixed depth."""


def _win(diff: float) -> float:
    """K-10 from Red's side: 1 a win, 0.5 a draw, 0 a loss."""
    return 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5


class _Master:
    """Master's tables and search for one board and one :class:`MasterParams`.

    A position inside the search is ``codes`` (per scoring run, the base-3 code of its
    three cells: 0 empty, 1 Red, 2 Blue), the two masks and the two hands.
    """

    def __init__(self, board: Board, params: MasterParams):
        self.params = params
        self.nums = board.numbers
        self.runs = [(r.indices, r.points) for r in board.scoring_lines]
        self.nruns = len(self.runs)
        cell_runs: list[list[tuple[int, int]]] = [[] for _ in range(_N)]
        for k, (cells, _) in enumerate(self.runs):
            for j, c in enumerate(cells):
                cell_runs[c].append((k, 3 ** j))
        self.cell_runs = tuple(tuple(x) for x in cell_runs)
        self.exact = tuple(
            tuple(pts if code == 13 else -pts if code == 26 else 0 for code in range(27))
            for _, pts in self.runs)     # 13 = 111 (three Red), 26 = 222 (three Blue)
        self.rolls = _roll_table()
        # For each number 0–10, the rolls (indices into self.rolls) that allow it.
        self.rolls_of = tuple(tuple(i for i, (_, kind, values) in enumerate(self.rolls)
                                    if kind == "any" or v in values) for v in range(11))
        self._tables: dict = {}
        self._dp: dict = {}
        self.tt: dict = {}
        self.nodes = 0
        self.clock_stops = 0      # decisions whose deeper ply the time limit cut short
        self.deadline: float | None = None
        self._rollouts = None

    # ---- evaluation

    @staticmethod
    def turns_left(h_x: int, h_y: int, x_to_move: bool) -> tuple[int, int]:
        """Turns left to X and to Y if every turn places a token (K-8: the game ends
        when a hand is empty)."""
        if x_to_move:
            return min(h_x, h_y), min(h_y, h_x - 1)
        return min(h_x, h_y - 1), min(h_y, h_x)

    def complete(self, missing: tuple[int, ...], nx: int, ny: int, x_turn: bool) -> float:
        """Chance that X fills the cells showing the numbers ``missing`` (sorted) before
        Y takes one of them, X having ``nx`` turns left and Y ``ny``: X fills a cell with
        chance ``fill`` on a roll that allows it (K-6, K-7), Y takes one with chance
        ``block``; memoised."""
        if not missing:
            return 1.0
        key = (missing, nx, ny, x_turn)
        got = self._dp.get(key)
        if got is not None:
            return got
        p = self.params
        value = 0.0
        if x_turn:
            if nx > 0:
                a = p.fill[len(missing) - 1] if len(missing) <= 2 else 0.0
                stay = self.complete(missing, nx - 1, ny, False)
                for prob, kind, values in self.rolls:
                    ok = () if kind == "take" else [m for m in set(missing)
                                                    if kind == "any" or m in values]
                    if not ok:
                        value += prob * stay
                        continue
                    best = 0.0
                    for m in ok:
                        rest = list(missing)
                        rest.remove(m)
                        best = max(best, self.complete(tuple(rest), nx - 1, ny, False))
                    value += prob * (a * best + (1 - a) * stay)
        elif ny <= 0:
            value = self.complete(missing, nx, ny, True) if nx > 0 else 0.0
        else:
            bl = p.block[len(missing) - 1] if len(missing) <= 2 else 0.0
            stay = self.complete(missing, nx, ny - 1, True)
            for prob, kind, values in self.rolls:
                if kind != "take" and (kind == "any" or any(m in values for m in missing)):
                    value += prob * (1 - bl) * stay
                else:
                    value += prob * stay
        self._dp[key] = value
        return value

    def table(self, hand_r: int, hand_b: int, to_move: str) -> tuple[tuple[float, ...], ...]:
        """Per run, per code: its points if complete (K-9), else points × the chance
        that its only owner completes it (Red positive, Blue negative; 0 for a run
        with both colours or none), for these hands and side to move; memoised."""
        key = (hand_r, hand_b, to_move)
        got = self._tables.get(key)
        if got is not None:
            return got
        nr_r, nb_r = self.turns_left(hand_r, hand_b, to_move == "r")    # Red as X
        nb_b, nr_b = self.turns_left(hand_b, hand_r, to_move == "b")    # Blue as X
        out = []
        for cells, pts in self.runs:
            row = []
            for code in range(27):
                st = (code % 3, code // 3 % 3, code // 9)
                reds, blues = st.count(1), st.count(2)
                if reds == 3:
                    v = float(pts)
                elif blues == 3:
                    v = -float(pts)
                elif (reds and blues) or not (reds or blues):
                    v = 0.0
                else:
                    miss = tuple(sorted(self.nums[c] for c, x in zip(cells, st) if x == 0))
                    if reds:
                        v = pts * self.complete(miss, nr_r, nb_r, to_move == "r")
                    else:
                        v = -pts * self.complete(miss, nb_b, nr_b, to_move == "b")
                row.append(v)
            out.append(tuple(row))
        got = self._tables[key] = tuple(out)
        return got

    def scale(self, hand_r: int, hand_b: int) -> float:
        return self.params.scale0 + self.params.scale1 * min(hand_r, hand_b)

    def codes(self, red: int, blue: int) -> list[int]:
        return [_code(cells, red, blue) for cells, _ in self.runs]

    def points(self, codes, hand_r: int, hand_b: int, to_move: str) -> float:
        """Expected score difference (Red − Blue, points) by the evaluation."""
        t = self.table(hand_r, hand_b, to_move)
        return sum(t[k][codes[k]] for k in range(self.nruns))

    def leaf(self, codes, hand_r: int, hand_b: int, to_move: str) -> float:
        """Red's chance of winning by the evaluation (the game goes on)."""
        x = self.points(codes, hand_r, hand_b, to_move)
        return 1.0 / (1.0 + math.exp(-x / self.scale(hand_r, hand_b)))

    def final(self, codes) -> float:
        """Red's result of a finished game (K-8 … K-10)."""
        return _win(sum(self.exact[k][codes[k]] for k in range(self.nruns)))

    # ---- search

    def _children(self, codes, red, blue, hand_r, hand_b, mover, takes_only=False):
        """The placements (K-6, K-7) and takes (K-5) open to ``mover`` (only the takes
        with ``takes_only``): ``(cell, is_take, codes, red, blue, hand_r, hand_b)``."""
        out = []
        red_moves = mover == "r"
        digit, odigit = (1, 2) if red_moves else (2, 1)
        empty = 0 if takes_only else ~(red | blue) & ALL_CELLS
        theirs = blue if red_moves else red
        if not (empty | theirs):
            return out
        for c in range(_N):
            bit = 1 << c
            if empty & bit:
                child = codes[:]
                for k, w in self.cell_runs[c]:
                    child[k] += digit * w
                if red_moves:
                    out.append((c, False, child, red | bit, blue, hand_r - 1, hand_b))
                else:
                    out.append((c, False, child, red, blue | bit, hand_r, hand_b - 1))
            elif theirs & bit:
                child = codes[:]
                for k, w in self.cell_runs[c]:
                    child[k] -= odigit * w
                if red_moves:
                    out.append((c, True, child, red, blue & ~bit, hand_r, hand_b + 1))
                else:
                    out.append((c, True, child, red & ~bit, blue, hand_r + 1, hand_b))
        return out

    def after(self, ch, mover: str, depth: int) -> float:
        """Red's value after ``mover`` played child ``ch``, ``depth`` chance plies
        still to search (0: the evaluation)."""
        _, _, codes, red, blue, hr, hb = ch
        if hr == 0 or hb == 0:
            return self.final(codes)
        nxt = "b" if mover == "r" else "r"
        if depth == 0:
            return self.leaf(codes, hr, hb, nxt)
        return self.chance(codes, red, blue, hr, hb, nxt, depth)

    def chance(self, codes: list[int], red: int, blue: int, hand_r: int, hand_b: int,
               mover: str, depth: int) -> float:
        """Red's expected chance of winning when ``mover`` rolls next and plays its
        best option, ``depth`` ≥ 1 chance plies deep (transposition table ``tt``)."""
        key = (red, blue, hand_r, hand_b, mover, depth)
        got = self.tt.get(key)
        if got is not None:
            return got
        red_moves = mover == "r"
        nxt = "b" if red_moves else "r"
        digit = 1 if red_moves else 2
        nums = self.nums
        best: list = [None] * 11
        hr2, hb2 = (hand_r - 1, hand_b) if red_moves else (hand_r, hand_b - 1)
        if depth == 1 or hr2 == 0 or hb2 == 0:
            # Leaf children: each placement's value is the table sum changed in the
            # runs through its cell; the best per number is kept in points.
            last = hr2 == 0 or hb2 == 0            # K-8: this placement ends the game
            t = self.exact if last else self.table(hr2, hb2, nxt)
            base = 0.0
            for k in range(self.nruns):
                base += t[k][codes[k]]
            cell_runs = self.cell_runs
            e = ~(red | blue) & ALL_CELLS
            c = 0
            while e:
                if e & 1:
                    v = base
                    for k, w in cell_runs[c]:
                        tk = t[k]
                        cd = codes[k]
                        v += tk[cd + digit * w] - tk[cd]
                    n = nums[c]
                    b = best[n]
                    if b is None or (v > b if red_moves else v < b):
                        best[n] = v
                e >>= 1
                c += 1
            self.nodes += c
            if last:
                best = [None if v is None else _win(v) for v in best]
            else:
                s = self.scale(hr2, hb2)
                best = [None if v is None else 1.0 / (1.0 + math.exp(-v / s)) for v in best]
            take = None
            for ch in self._children(codes, red, blue, hand_r, hand_b, mover, takes_only=True):
                v = self.after(ch, mover, depth - 1)
                if take is None or (v > take if red_moves else v < take):
                    take = v
        else:
            take = None
            for ch in self._children(codes, red, blue, hand_r, hand_b, mover):
                v = self.after(ch, mover, depth - 1)
                if ch[1]:
                    if take is None or (v > take if red_moves else v < take):
                        take = v
                else:
                    n = nums[ch[0]]
                    b = best[n]
                    if b is None or (v > b if red_moves else v < b):
                        best[n] = v
        stay = None
        any_best = None
        for v in best:
            if v is not None and (any_best is None or (v > any_best if red_moves else v < any_best)):
                any_best = v
        total = 0.0
        for prob, kind, values in self.rolls:
            if kind == "take":
                v = take
            elif kind == "any":
                v = any_best
            else:
                v = None
                for x in values:
                    bx = best[x]
                    if bx is not None and (v is None or (bx > v if red_moves else bx < v)):
                        v = bx
            if v is None:     # K-7b, or K-5 with nothing to take: the turn passes
                if stay is None:
                    stay = (self.leaf(codes, hand_r, hand_b, nxt) if depth == 1 else
                            self.chance(codes, red, blue, hand_r, hand_b, nxt, depth - 1))
                v = stay
            total += prob * v
        self.tt[key] = total
        return total

    def bounded(self, ch, me: str, depth: int, bar: float) -> float:
        """The chance of winning of ``me`` after its option ``ch``, or any value ≤
        ``bar`` once it is proved no better than ``bar`` (Star1-style cut-off at the
        opponent's chance node: the opponent's best over the replies searched so far
        bounds each roll, so the average bounds the node).

        Replies are searched in the order of their static value (the opponent's most
        dangerous first), so the bound tightens fast."""
        _, _, codes, red, blue, hr, hb = ch
        if hr == 0 or hb == 0:
            v = self.final(codes)
            return v if me == "r" else 1.0 - v
        opp = "b" if me == "r" else "r"
        key = (red, blue, hr, hb, opp, depth)
        got = self.tt.get(key)
        if got is not None:
            return got if me == "r" else 1.0 - got
        flip = opp == "b"       # the opponent's own chance of winning f = 1 - Red's if Blue

        def f_of(red_value: float) -> float:
            return 1.0 - red_value if flip else red_value

        kids = self._children(codes, red, blue, hr, hb, opp)
        estimate = []
        for kid in kids:
            _, _, kc, _, _, khr, khb = kid
            v = self.final(kc) if khr == 0 or khb == 0 else self.leaf(kc, khr, khb, me)
            estimate.append((-f_of(v), kid[0], kid[1], kid))
        estimate.sort(key=lambda e: e[:3])
        empty_values = {self.nums[kid[0]] for kid in kids if not kid[1]}
        rolls = self.rolls
        cur: list = [None] * len(rolls)
        stay = None
        for i, (prob, kind, values) in enumerate(rolls):
            allowed = (kind == "take" and any(k[1] for k in kids)) or \
                      (kind == "any" and empty_values) or \
                      (kind == "compute" and any(x in empty_values for x in values))
            if not allowed:
                if stay is None:
                    stay = f_of(self.chance(codes, red, blue, hr, hb, me, depth - 1)
                                if depth > 1 else self.leaf(codes, hr, hb, me))
                cur[i] = stay
        low = sum(rolls[i][0] * v for i, v in enumerate(cur) if v is not None)
        take_roll = next(i for i, r in enumerate(rolls) if r[1] == "take")
        deadline = self.deadline
        for _, _, _, kid in estimate:
            if deadline is not None and time.perf_counter() > deadline:
                raise _OutOfTime
            v = f_of(self.after(kid, opp, depth - 1))
            for i in ((take_roll,) if kid[1] else self.rolls_of[self.nums[kid[0]]]):
                old = cur[i]
                if old is None or v > old:
                    cur[i] = v
                    low += rolls[i][0] * (v - (old or 0.0))
            if 1.0 - low < bar - 1e-12:
                return 1.0 - low       # proved worse than bar (an upper bound)
        red_value = 1.0 - low if flip else low
        self.tt[key] = red_value
        return red_value if me == "r" else 1.0 - red_value

    def options(self, p: Position, a: int, b: int):
        """``(text, child)`` of each distinct outcome of the roll (right calculations;
        one per cell or take, or ``pass``), ``child`` as in :meth:`_children`."""
        codes = self.codes(p.red, p.blue)
        by_cell = {(ch[0], ch[1]): ch for ch in
                   self._children(codes, p.red, p.blue, p.hand_r, p.hand_b, p.to_move)}
        out = []
        for o in _options(p, a, b):
            if o.cell is None:
                out.append((o.text, (None, False, codes, p.red, p.blue, p.hand_r, p.hand_b)))
            else:
                out.append((o.text, by_cell[(o.cell, o.text.split()[1] == "take")]))
        return out

    def value(self, p: Position, ch, depth: int) -> float:
        """The side to move's chance of winning after its option ``ch``, ``depth``
        chance plies deep (exact: no cut-off)."""
        if ch[0] is None:   # a pass: the opponent rolls next on the same position
            _, _, codes, red, blue, hr, hb = ch
            nxt = other(p.to_move)
            v = (self.chance(codes, red, blue, hr, hb, nxt, depth) if depth else
                 self.leaf(codes, hr, hb, nxt))
        else:
            v = self.after(ch, p.to_move, depth)
        return v if p.to_move == "r" else 1.0 - v

    def search(self, p: Position, a: int, b: int) -> tuple[list[tuple[float, str]], int]:
        """Iterative deepening: every option at depth 1, then each deeper ply while
        its predicted cost (the last ply's searched placements × the placements open
        next) fits in the budget, options in the order of the last ply with cut-offs
        against the best so far. Returns ``([(value, text)], depth reached)`` — values
        exact for the best option, bounds for cut-off ones."""
        self.tt = {}
        self.nodes = 0
        prm = self.params
        opts = self.options(p, a, b)
        scored = [(self.value(p, ch, 1), text, ch) for text, ch in opts]
        reached = 1
        if len(opts) > 1:
            branching = max(2, (~(p.red | p.blue) & ALL_CELLS).bit_count())
            last = max(self.nodes, 1)
            depth = 2
            deadline = time.perf_counter() + prm.time_limit
            while depth <= prm.max_depth and (depth <= prm.depth or
                                              self.nodes + last * branching <= prm.budget):
                before = self.nodes
                scored.sort(key=lambda s: (-s[0], s[1]))
                # The safety limit applies to the plies beyond ``depth``: keep the last
                # whole ply when it strikes.
                self.deadline = deadline if depth > prm.depth else None
                bar = -1.0
                new = []
                try:
                    for v0, text, ch in scored:
                        if ch[0] is None:
                            v = self.value(p, ch, depth)
                        else:
                            v = self.bounded(ch, p.to_move, depth, bar)
                        bar = max(bar, v)
                        new.append((v, text, ch))
                except _OutOfTime:
                    self.clock_stops += 1
                    break
                finally:
                    self.deadline = None
                scored = new
                reached = depth
                last = max(self.nodes - before, 1)
                depth += 1
        return [(v, text) for v, text, _ in scored], reached

    def choose(self, p: Position, a: int, b: int, rng: random.Random) -> str:
        scored, _ = self.search(p, a, b)
        if (self.params.rollouts and len(scored) > 1
                and min(p.hand_r, p.hand_b) <= self.params.rollout_hands):
            return self.roll_out(p, a, b, scored, rng)
        best = max(v for v, _ in scored)
        ties = sorted(t for v, t in scored if v >= best - 1e-12)
        return ties[0] if len(ties) == 1 else rng.choice(ties)

    def roll_out(self, p: Position, a: int, b: int, scored, rng: random.Random) -> str:
        """The best of the ``rollout_top`` options ranked first by the search, by the
        mean result of ``rollouts`` greedy rollouts each (:mod:`magico.rollouts`), the
        same dice sequences for every option (common random numbers); seeded by
        ``rng``, so a seeded game replays exactly."""
        if self._rollouts is None:
            from magico.rollouts import Rollouts
            self._rollouts = Rollouts(self)
        prm = self.params
        top = sorted(scored, key=lambda s: (-s[0], s[1]))[:prm.rollout_top]
        if len(top) == 1:
            return top[0][1]
        by_text = dict(self.options(p, a, b))
        starts = []
        for _, text in top:
            _, _, codes, red, blue, hr, hb = by_text[text]
            starts.append((codes, red, blue, hr, hb))
        res = self._rollouts.run(starts, other(p.to_move), prm.rollouts,
                                 rng.getrandbits(32), prm.rollout_plies)
        means = res.mean(axis=1)
        if p.to_move == "b":
            means = 1.0 - means
        best = max(range(len(top)), key=lambda i: (means[i], -i))
        return top[best][1]


_masters: dict = {}


def master_engine(board: Board, params: MasterParams):
    """The Master search for ``board`` with ``params`` (kept: a few engines are cached, as
    their tables are costly to build): what :func:`master_turn`, the rollouts
    (:mod:`magico.rollouts`) and the benchmarks use. Pure; never raises for a legal board."""
    key = (board, params)
    eng = _masters.get(key)
    if eng is None:
        if len(_masters) > 8:
            _masters.clear()
        eng = _masters[key] = _Master(board, params)
    return eng


def master_turn(p: Position, a: int, b: int, rng: random.Random,
                params: MasterParams = MASTER) -> str:
    """Master's K-N2 turn for dice ``a``, ``b`` in ``p`` with ``params``."""
    return master_engine(p.board, params).choose(p, a, b, rng)


def option_values(position: Position, dice: tuple[int, int], depth: int = 2,
                  params: MasterParams | None = None) -> list[tuple[str, float]]:
    """Every distinct right-calculated option for ``dice`` in ``position`` (one K-N2
    text per cell or take, or ``pass``; never a miscalculation) with the side to
    move's chance of winning after it by Master's evaluation (0–1), searched ``depth``
    chance plies deep with no cut-off; best first, ties in text order.

    :raises magico.rules.IllegalTurn: ``"K-8: …"`` if the game is over, ``"K-4: …"``
        for a bad die.
    """
    return review_values(position, dice, None, depth, params)[0]


def review_values(position: Position, dice: tuple[int, int], played: str | None,
                  depth: int = 2, params: MasterParams | None = None
                  ) -> tuple[list[tuple[str, float]], float | None, int]:
    """:func:`option_values`, plus the value of the turn ``played`` (any legal K-N2
    text for these dice, a miscalculation too; ``None``: no turn) and the number of
    placements searched: ``(ranked, played_value, nodes)``.

    :raises magico.rules.IllegalTurn: as :func:`option_values`, or the rules' message
        if ``played`` is not legal here.
    """
    a, b = dice
    position.legal_cells(a, b)   # K-8, K-4
    eng = master_engine(position.board, params or MASTER)
    eng.tt = {}
    eng.nodes = 0
    out = [(text, eng.value(position, ch, depth)) for text, ch in eng.options(position, a, b)]
    out.sort(key=lambda tv: (-tv[1], tv[0]))
    played_value = None
    if played is not None:
        q = position.play(played)
        ch = (None, False, eng.codes(q.red, q.blue), q.red, q.blue, q.hand_r, q.hand_b)
        if q.red != position.red or q.blue != position.blue:
            ch = (0,) + ch[1:]            # any cell id: the masks say what changed
        played_value = eng.value(position, ch, depth)
    return out, played_value, eng.nodes
