"""Magico rules engine — pure Python, no pygame, no shell.

Implements ``shared/rules/magico.md`` (rule ids K-1 … K-N2). Vocabulary: **die**,
**board**, **cell**, **token**, **run** (three cells in a line).

Cells are named ``a1`` … ``f6``: columns ``a``–``f`` left to right, rows ``1``–``6``
top to bottom (K-2). Internally a cell is an index ``0 … 35`` in row-major order from
``a1``, and a player's tokens are a 36-bit mask (bit ``i`` = cell ``i``).

>>> p = Position.start()
>>> p.to_text()
'magico-classic ....../....../....../....../....../...... r 15-15'
>>> results(5, 2)
{'5+2': 7, '5-2': 3, '5*2': 10}
>>> q = p.play("5,2 5+2=7 b1")
>>> q.to_text()
'magico-classic .R..../....../....../....../....../...... b 14-15'
>>> q.play("4,4 4+4=8 a1").cell("a1")
'B'

Dice are *not* rolled here: the engine is deterministic and a turn text carries its
dice (K-N2). :class:`Dice` is the injectable, seedable, serialisable generator that a
scene or an AI match uses to roll them (K-4).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from magico.boards import (  # noqa: F401 - re-exported: the board files moved (issue 14)
    ASSET_BOARD_DIR, COLUMNS, DEFAULT_BOARD, MAX_BOARD_BYTES, MAX_NUMBER, POINTS, SIZE,
    TARGET_SUM, Board, BoardError, RuleError, Run, _note_problem, available_boards,
    board_dirs, board_from_data, board_problems, cell_name, load_board, load_board_file,
    register_board_dir,
)

__all__ = [
    "SIZE", "COLUMNS", "TOKENS_PER_PLAYER", "TARGET_SUM", "PLAYERS", "DEFAULT_BOARD",
    "CHANCE", "RuleError", "IllegalTurn", "BoardError", "Board", "Run", "Turn", "Position",
    "Rolled", "Outcome", "Dice", "results", "chance_outcomes", "cell_name", "parse_cell",
    "other", "state_from_text",
    "load_board", "load_board_file", "board_from_data", "available_boards",
    "board_dirs", "register_board_dir", "ASSET_BOARD_DIR", "board_problems",
    "MAX_BOARD_BYTES",
]

TOKENS_PER_PLAYER = 15        #: K-1
PLAYERS = ("r", "b")          #: K-1 Red and Blue; ``r`` / ``b`` as in K-N1
ALL_CELLS = (1 << (SIZE * SIZE)) - 1
CHANCE = "chance"
""":meth:`Position.current_player` before the roll: the dice decide next (K-4)."""

_OPS = ("+", "-", "*", "/")


class IllegalTurn(RuleError):
    """An illegal or malformed turn or position text, refused with the rule it breaks
    (decision 5): ``rule`` (``"K-7"``), ``code`` (``"no-cell-shows"``) and the message,
    which starts with the rule id (``"K-7: no empty cell shows 4"``).

    Codes: ``bad-cell`` (K-2); ``bad-die``, ``bad-dice-state`` (K-4);
    ``malformed-turn``, ``larger-first`` (K-N2); ``malformed-position``,
    ``not-canonical`` (K-N1); ``bad-first-player``, ``token-count`` (K-1);
    ``game-over`` (K-8); ``not-an-opponent-token``, ``must-take``, ``double-one`` (K-5);
    ``single-one``, ``occupied`` (K-6); ``needs-a-one``, ``wrong-dice``, ``not-whole``,
    ``out-of-range``, ``no-cell-shows``, ``occupied``, ``wrong-number`` (K-7);
    ``wrong-result`` (K-7a); ``cannot-pass``, ``must-pass`` (K-7b); ``other-roll``
    (a turn whose dice are not the ones rolled).

    >>> try:
    ...     Position.start().play("5,2 5+2=7 a1")
    ... except IllegalTurn as exc:
    ...     print(exc.rule, exc.code)
    K-7 wrong-number
    """


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game (K-8, K-10).

    ``winner``: ``"r"``, ``"b"``, or None for a draw; ``scores``: the run points
    ``(red, blue)`` (K-9); ``rule``: ``"K-8"`` (a player placed their last token).
    """

    winner: str | None
    scores: tuple[int, int]
    rule: str = "K-8"

    @property
    def draw(self) -> bool:
        return self.winner is None

    def returns(self) -> tuple[int, int]:
        """OpenSpiel's returns: +1 for the winner, -1 for the loser, 0 each for a draw,
        in ``(red, blue)`` order."""
        if self.winner is None:
            return (0, 0)
        return (1, -1) if self.winner == "r" else (-1, 1)


# --------------------------------------------------------------------------- cells

def other(player: str) -> str:
    """The opponent of ``player`` (``"r"`` ↔ ``"b"``)."""
    return "b" if player == "r" else "r"


_CELL_RE = re.compile(r"([a-f])([1-6])", re.ASCII)


def parse_cell(name: str) -> int:
    """Index 0–35 of a cell name such as ``"c3"`` (K-2).

    :raises IllegalTurn: ``"K-2: …"`` if the name is not ``a``–``f`` then ``1``–``6``.
    """
    m = _CELL_RE.fullmatch(name) if isinstance(name, str) else None
    if not m:
        raise IllegalTurn(f"K-2: {name!r:.40} is not a cell (a1 … f6)", code="bad-cell")
    return (int(m.group(2)) - 1) * SIZE + COLUMNS.index(m.group(1))


# --------------------------------------------------------------------------- arithmetic

def _apply_op(hi: int, op: str, lo: int) -> float:
    if op == "+":
        return hi + lo
    if op == "-":
        return hi - lo
    if op == "*":
        return hi * lo
    return hi / lo


@lru_cache(maxsize=None)
def _results(a: int, b: int) -> tuple[tuple[str, int], ...]:
    hi, lo = max(a, b), min(a, b)
    out = []
    for op in _OPS:
        value = _apply_op(hi, op, lo)
        if value == int(value) and 0 <= value <= MAX_NUMBER:
            out.append((f"{hi}{op}{lo}", int(value)))
    return tuple(out)


def results(a: int, b: int) -> dict[str, int]:
    """Every valid operation on dice ``a`` and ``b`` (K-7) mapped to its value.

    The operation text is ASCII with the larger die first (K-N2): addition,
    subtraction (larger minus smaller), multiplication, division (larger by smaller);
    only whole results from 0 to 10 are kept (K-7c: ``5/2`` and ``5*2`` past 10 are not).

    >>> results(5, 2)
    {'5+2': 7, '5-2': 3, '5*2': 10}
    >>> results(3, 3)
    {'3+3': 6, '3-3': 0, '3*3': 9, '3/3': 1}

    :raises IllegalTurn: ``"K-4: …"`` if a die is not a whole number 1–6.
    """
    _check_die(a)
    _check_die(b)
    return dict(_results(a, b))


def _check_die(d: object) -> None:
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
        raise IllegalTurn(f"K-4: a die shows a whole number from 1 to 6, not {d!r}", code="bad-die")


@lru_cache(maxsize=1)
def chance_outcomes() -> tuple[tuple[tuple[int, int], float], ...]:
    """The 21 distinct rolls ``(low, high)`` of two dice with their probabilities
    (1/36 for a double, 2/36 otherwise; they sum to 1). Used by the AI (K-4)."""
    out = []
    for a in range(1, 7):
        for b in range(a, 7):
            out.append(((a, b), (1 if a == b else 2) / 36))
    return tuple(out)


# --------------------------------------------------------------------------- turns

_TURN_RE = re.compile(
    r"(?P<a>\d{1,3}),(?P<b>\d{1,3}) (?:"
    r"(?P<op>(?P<x>\d{1,3})(?P<sign>[-+*/])(?P<y>\d{1,3}))=(?P<value>\d{1,3}) "
    r"(?:(?P<cell>[a-f][1-6])|(?P<wrong>wrong))"
    r"|any (?P<any>[a-f][1-6])"
    r"|take (?P<take>[a-f][1-6])"
    r"|(?P<pass>pass))", re.ASCII)          # ASCII digits only: "²" or "٣" is not a die


@dataclass(frozen=True)
class Turn:
    """One parsed turn (K-N2).

    ``dice``: the two dice as rolled; ``kind``: ``"place"`` (K-7, right result),
    ``"wrong"`` (K-7a), ``"any"`` (K-6), ``"take"`` (K-5) or ``"pass"`` (K-7b / K-5);
    ``op``: the operation text (``"5+2"``) for place/wrong; ``value``: the result written
    (for ``wrong``, the number the player typed — the scene and AI write a wrong one;
    the parser accepts any, as K-N2's own example does); ``cell``: the cell name for
    place/any/take.
    """

    dice: tuple[int, int]
    kind: str
    op: str | None = None
    value: int | None = None
    cell: str | None = None

    @classmethod
    def parse(cls, text: str) -> "Turn":
        """Parse a K-N2 turn text such as ``"5,2 5+2=7 b1"``.

        :raises IllegalTurn: ``"K-N2: …"`` if the text is not in the notation.
        """
        if not isinstance(text, str):
            raise IllegalTurn(f"K-N2: a turn is a text, not {type(text).__name__}", code="malformed-turn")
        m = _TURN_RE.fullmatch(text)
        if not m:
            raise IllegalTurn(
                f"K-N2: {text!r} is not a turn (e.g. '5,2 5+2=7 b1', '1,4 any c3', "
                "'1,1 take e5', '6,6 pass', '5,3 5-3=2 wrong')", code="malformed-turn")
        dice = (int(m["a"]), int(m["b"]))
        if m["op"]:
            kind = "wrong" if m["wrong"] else "place"
            return cls(dice, kind, m["op"], int(m["value"]), m["cell"])
        if m["any"]:
            return cls(dice, "any", cell=m["any"])
        if m["take"]:
            return cls(dice, "take", cell=m["take"])
        return cls(dice, "pass")

    def to_text(self) -> str:
        """The K-N2 text of this turn (inverse of :meth:`parse`)."""
        d = f"{self.dice[0]},{self.dice[1]}"
        if self.kind == "place":
            return f"{d} {self.op}={self.value} {self.cell}"
        if self.kind == "wrong":
            return f"{d} {self.op}={self.value} wrong"
        if self.kind in ("any", "take"):
            return f"{d} {self.kind} {self.cell}"
        return f"{d} pass"


# --------------------------------------------------------------------------- positions

_ROLL_RE = re.compile(r"\d{1,3},\d{1,3}", re.ASCII)

_POS_RE = re.compile(
    r"(?P<board>\S+) (?P<rows>[.RB]{6}(?:/[.RB]{6}){5}) (?P<side>[rb]) "
    r"(?P<hr>\d{1,3})-(?P<hb>\d{1,3})", re.ASCII)


@dataclass(frozen=True)
class Position:
    """A Magico position (K-N1), immutable: :meth:`play` returns a new one.

    ``board``: the :class:`Board`; ``red`` / ``blue``: 36-bit masks of the cells holding
    each player's tokens; ``to_move``: ``"r"`` or ``"b"``; ``hand_r`` / ``hand_b``: tokens
    still in hand (K-1: board + hand = 15 for each player).
    """

    board: Board
    red: int
    blue: int
    to_move: str
    hand_r: int
    hand_b: int

    # ---- construction and notation

    @classmethod
    def start(cls, board_id: str = DEFAULT_BOARD, first: str = "r") -> "Position":
        """The starting position on ``board_id``: empty board, 15 tokens in each hand
        (K-1), ``first`` (``"r"`` or ``"b"``) to move.

        :raises BoardError: if the board cannot be loaded (K-2).
        :raises IllegalTurn: ``"K-1: …"`` if ``first`` is not ``"r"`` or ``"b"``.
        """
        if first not in PLAYERS:
            raise IllegalTurn(f"K-1: the first player is 'r' or 'b', not {first!r}", code="bad-first-player")
        return cls(load_board(board_id), 0, 0, first, TOKENS_PER_PLAYER, TOKENS_PER_PLAYER)

    @classmethod
    def from_text(cls, text: str) -> "Position":
        """Parse a K-N1 position text, e.g.
        ``"magico-classic ....../....../....../....../....../...... r 15-15"``.

        :raises IllegalTurn: ``"K-N1: …"`` if malformed, ``"K-1: …"`` if a player's
            tokens on the board plus in hand are not 15.
        :raises BoardError: if the board id names no valid layout (K-2).
        """
        if not isinstance(text, str):
            raise IllegalTurn(f"K-N1: a position is a text, not {type(text).__name__}", code="malformed-position")
        m = _POS_RE.fullmatch(text)
        if not m:
            raise IllegalTurn(
                f"K-N1: {text!r} is not a position: board id, six rows of six '.RB' "
                "separated by '/', side to move r or b, hands red-blue", code="malformed-position")
        board = load_board(m["board"])
        red = blue = 0
        for i, ch in enumerate(m["rows"].replace("/", "")):
            if ch == "R":
                red |= 1 << i
            elif ch == "B":
                blue |= 1 << i
        hand_r, hand_b = int(m["hr"]), int(m["hb"])
        for name, mask, hand in (("red", red, hand_r), ("blue", blue, hand_b)):
            if mask.bit_count() + hand != TOKENS_PER_PLAYER:
                raise IllegalTurn(
                    f"K-1: {name} has {mask.bit_count()} tokens on the board and {hand} in "
                    f"hand; they must make {TOKENS_PER_PLAYER}", code="token-count")
        pos = cls(board, red, blue, m["side"], hand_r, hand_b)
        if pos.to_text() != text:  # e.g. hands written '015'
            raise IllegalTurn(f"K-N1: {text!r} is not written canonically "
                              f"({pos.to_text()!r})", code="not-canonical")
        return pos

    def to_text(self) -> str:
        """The K-N1 text of this position (``Position.from_text(p.to_text()) == p``)."""
        rows = []
        for r in range(SIZE):
            rows.append("".join(self.cell(r * SIZE + c) for c in range(SIZE)))
        return f"{self.board.id} {'/'.join(rows)} {self.to_move} {self.hand_r}-{self.hand_b}"

    def __str__(self) -> str:
        return self.to_text()

    # ---- queries

    def cell(self, cell: int | str) -> str:
        """What ``cell`` holds: ``"."`` empty, ``"R"`` red token, ``"B"`` blue token."""
        i = parse_cell(cell) if isinstance(cell, str) else cell
        bit = 1 << i
        if self.red & bit:
            return "R"
        if self.blue & bit:
            return "B"
        return "."

    def tokens(self, player: str) -> int:
        """Bit mask of ``player``'s tokens on the board."""
        return self.red if player == "r" else self.blue

    def token_cells(self, player: str) -> tuple[str, ...]:
        """Names of the cells holding ``player``'s tokens, in board order."""
        mask = self.tokens(player)
        return tuple(cell_name(i) for i in range(SIZE * SIZE) if mask >> i & 1)

    def hand(self, player: str) -> int:
        """Tokens ``player`` still has in hand (K-1, K-8)."""
        return self.hand_r if player == "r" else self.hand_b

    @property
    def empty(self) -> int:
        """Bit mask of the empty cells."""
        return ALL_CELLS & ~(self.red | self.blue)

    def empty_cells(self) -> tuple[str, ...]:
        """Names of the empty cells, in board order."""
        e = self.empty
        return tuple(cell_name(i) for i in range(SIZE * SIZE) if e >> i & 1)

    def cells_showing(self, value: int) -> tuple[str, ...]:
        """Names of the empty cells whose number is ``value`` (K-7)."""
        e = self.empty
        nums = self.board.numbers
        return tuple(cell_name(i) for i in range(SIZE * SIZE)
                     if e >> i & 1 and nums[i] == value)

    @property
    def is_over(self) -> bool:
        """K-8: the game ends as soon as a player has no token left in hand."""
        return self.hand_r == 0 or self.hand_b == 0

    @property
    def winner(self) -> str | None:
        """K-10: ``None`` while the game goes on; then ``"r"``, ``"b"`` or ``"draw"``."""
        if not self.is_over:
            return None
        s = self.scores()
        if s["r"] == s["b"]:
            return "draw"
        return "r" if s["r"] > s["b"] else "b"

    # ---- the state protocol (docs/games-api.md), as OpenSpiel's State with a chance node

    def current_player(self) -> str | None:
        """Who acts now: :data:`CHANCE` (the dice are rolled next, K-4), or None once the
        game is over (K-8). The side whose turn it is stays :attr:`to_move`."""
        return None if self.is_over else CHANCE

    def is_chance_node(self) -> bool:
        """True before the roll (always, while the game goes on)."""
        return not self.is_over

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """The rolls as action texts with their probabilities (K-4): the 21 distinct rolls
        ``"a,b"`` (``a ≤ b``), 1/36 for a double and 2/36 otherwise; ``[]`` once over.

        >>> Position.start().chance_outcomes()[:2]
        [('1,1', 0.027777777777777776), ('1,2', 0.05555555555555555)]
        """
        if self.is_over:
            return []
        return [(f"{a},{b}", p) for (a, b), p in chance_outcomes()]

    def legal_actions(self) -> list[str]:
        """At this chance node, the roll texts of :meth:`chance_outcomes` (protocol)."""
        return [a for a, _p in self.chance_outcomes()]

    def is_terminal(self) -> bool:
        """True once the game is over (K-8; protocol)."""
        return self.is_over

    def outcome(self) -> Outcome | None:
        """The typed result once over (K-8, K-10), else None.

        >>> p = Position.from_text("magico-classic RRR.../....../....../BBBBBB/BBBBBB/BBB... b 12-0")
        >>> p.outcome()
        Outcome(winner='b', scores=(10, 80), rule='K-8')
        """
        w = self.winner
        if w is None:
            return None
        s = self.scores()
        return Outcome(None if w == "draw" else w, (s["r"], s["b"]))

    def roll(self, a: int, b: int) -> "Rolled":
        """The state after the dice show ``a`` and ``b`` (K-4): the side to move then
        chooses its turn. :raises IllegalTurn: ``K-8`` over, ``K-4`` not a die."""
        self._check_not_over()
        self.roll_kind(a, b)
        return Rolled(self, (a, b))

    def runs(self, player: str) -> list[Run]:
        """K-9: every scoring run of ``player``: three consecutive cells in a line, all
        holding ``player``'s tokens, whose numbers sum to 15. Runs may overlap and a
        token may be in several. Board order, then horizontal/vertical/diagonal/anti."""
        mask = self.tokens(player)
        return [r for r in self.board.scoring_lines if r.mask & mask == r.mask]

    def scores(self) -> dict[str, int]:
        """K-9: ``{"r": points, "b": points}`` — 10 per horizontal or vertical scoring
        run, 25 per diagonal one (either way)."""
        return {p: sum(r.points for r in self.runs(p)) for p in PLAYERS}

    def roll_kind(self, a: int, b: int) -> str:
        """What dice ``a``, ``b`` call for: ``"take"`` (double 1, K-5), ``"any"``
        (exactly one 1, K-6) or ``"compute"`` (K-7).

        :raises IllegalTurn: ``"K-4: …"`` if a die is not 1–6.
        """
        _check_die(a)
        _check_die(b)
        if a == 1 and b == 1:
            return "take"
        if a == 1 or b == 1:
            return "any"
        return "compute"

    def playable_ops(self, a: int, b: int) -> dict[str, int]:
        """K-7 / K-7b: the valid operations on ``a``, ``b`` whose result an empty cell
        shows (``{"5+2": 7, …}``); empty when the turn must pass. Only meaningful for a
        ``"compute"`` roll (neither die is 1)."""
        e = self.empty
        nums = self.board.numbers
        present = {nums[i] for i in range(SIZE * SIZE) if e >> i & 1}
        return {op: v for op, v in results(a, b).items() if v in present}

    def legal_cells(self, a: int, b: int) -> tuple[str, ...]:
        """The cells where dice ``a``, ``b`` let the player act, in board order:
        K-5 double 1 → the cells holding the opponent's tokens (to take one);
        K-6 one die 1 → every empty cell; K-7 → the empty cells showing a value of
        :func:`results`. Empty tuple: the turn passes (K-7b, or K-5 with nothing to take).

        :raises IllegalTurn: ``"K-8: …"`` if the game is over, ``"K-4: …"`` for a bad die.
        """
        self._check_not_over()
        kind = self.roll_kind(a, b)
        if kind == "take":
            return self.token_cells(other(self.to_move))
        if kind == "any":
            return self.empty_cells()
        values = set(results(a, b).values())
        e = self.empty
        nums = self.board.numbers
        return tuple(cell_name(i) for i in range(SIZE * SIZE)
                     if e >> i & 1 and nums[i] in values)

    def legal_turns(self, a: int, b: int) -> list[str]:
        """Every legal turn text for dice ``a``, ``b`` in which the player calculates
        right (K-5, K-6, K-7; ``pass`` only when nothing else is legal, K-7b). Wrong
        results (K-7a) are legal too but not listed: any wrong number may be typed.
        One entry per (operation, cell) pair, so two operations with the same value
        give two texts for the same cell.

        :raises IllegalTurn: ``"K-8: …"`` if the game is over, ``"K-4: …"`` for a bad die.
        """
        self._check_not_over()
        kind = self.roll_kind(a, b)
        d = f"{a},{b}"
        if kind == "take":
            cells = self.token_cells(other(self.to_move))
            return [f"{d} take {c}" for c in cells] or [f"{d} pass"]
        if kind == "any":
            return [f"{d} any {c}" for c in self.empty_cells()]
        out = [f"{d} {op}={v} {c}" for op, v in self.playable_ops(a, b).items()
               for c in self.cells_showing(v)]
        return out or [f"{d} pass"]

    # ---- playing

    def _check_not_over(self) -> None:
        if self.is_over:
            raise IllegalTurn("K-8: the game is over (a player has no token left in hand)", code="game-over")

    def play(self, turn: str | Turn) -> "Position | Rolled":
        """The position after ``turn`` (a K-N2 text or a :class:`Turn`), played by
        :attr:`to_move`; the other player moves next. A roll alone (``"5,2"``, a chance
        outcome) gives the :class:`Rolled` state instead (:meth:`roll`).

        Rules checked: K-4 dice 1–6; K-5 double 1 takes an opponent token (back to its
        owner's hand) or passes if there is none; K-6 one die 1 places on any empty
        cell; K-7 an operation with the larger die first, a whole result 0–10, written
        right, on an empty cell showing it; K-7a ``wrong`` places nothing; K-7b ``pass``
        only when no operation leads to an empty cell; K-8 no turn after the end.

        :raises IllegalTurn: with the broken rule's id first, e.g.
            ``"K-7: no empty cell shows 4"``.
        """
        if isinstance(turn, str) and _ROLL_RE.fullmatch(turn):
            return self.roll(*(int(d) for d in turn.split(",")))   # a chance outcome
        t = turn if isinstance(turn, Turn) else Turn.parse(turn)
        self._check_not_over()
        a, b = t.dice
        kind = self.roll_kind(a, b)
        me, opp = self.to_move, other(self.to_move)
        text = t.to_text()

        if kind == "take":  # K-5
            if t.kind == "take":
                i = parse_cell(t.cell)
                if not self.tokens(opp) >> i & 1:
                    raise IllegalTurn(f"K-5: {t.cell} holds no token of the opponent; "
                                      "take one of their tokens", code="not-an-opponent-token")
                return self._with(opp_remove=i)
            if t.kind == "pass":
                if self.tokens(opp):
                    raise IllegalTurn("K-5: double 1: the opponent has tokens on the "
                                      "board; take one (e.g. '1,1 take "
                                      f"{self.token_cells(opp)[0]}')", code="must-take")
                return self._with()
            raise IllegalTurn(f"K-5: double 1 takes an opponent token ('1,1 take c3') "
                              f"or passes if they have none, not {text!r}", code="double-one")

        if kind == "any":  # K-6
            if t.kind != "any":
                raise IllegalTurn(f"K-6: one die shows 1: place a token on any empty cell "
                                  f"('{a},{b} any c3'), not {text!r}", code="single-one")
            i = parse_cell(t.cell)
            if not self.empty >> i & 1:
                raise IllegalTurn(f"K-6: {t.cell} is not empty", code="occupied")
            return self._with(place=i)

        # K-7
        if t.kind in ("any", "take"):
            raise IllegalTurn(f"K-7: neither die shows 1: '{t.kind}' needs a 1 "
                              f"(K-5/K-6); {text!r} is not legal", code="needs-a-one")
        playable = self.playable_ops(a, b)
        if t.kind == "pass":
            if playable:
                op, v = next(iter(playable.items()))
                raise IllegalTurn(f"K-7b: pass only when no operation leads to an empty "
                                  f"cell; {op}={v} → {self.cells_showing(v)[0]}", code="cannot-pass")
            return self._with()
        valid = results(a, b)
        hi, lo = max(a, b), min(a, b)
        x, sign, y = re.fullmatch(r"(\d+)([-+*/])(\d+)", t.op).groups()  # type: ignore[union-attr]
        if sorted((int(x), int(y))) != sorted((a, b)):
            raise IllegalTurn(f"K-7: the operation must use the dice {a} and {b}, "
                              f"not {t.op}", code="wrong-dice")
        if (int(x), int(y)) != (hi, lo):
            raise IllegalTurn(f"K-N2: write the larger die first: {hi}{sign}{lo}", code="larger-first")
        if t.op not in valid:
            true = _apply_op(hi, sign, lo)
            why = ("is not a whole number" if true != int(true)
                   else f"= {int(true)} is not from 0 to 10")
            raise IllegalTurn(f"K-7: {t.op} {why}; choose another operation", code="not-whole" if true != int(true) else "out-of-range")
        true_value = valid[t.op]
        if t.kind == "wrong":
            if not playable:
                raise IllegalTurn("K-7b: no operation leads to an empty cell; the turn "
                                  f"passes ('{a},{b} pass')", code="must-pass")
            # K-N2 writes the number the player typed. Its own example
            # '5,3 5-3=2 wrong' records a right number (5-3 is 2), so, built as written,
            # any number is accepted here: the outcome is the same, no token (K-7a).
            return self._with()
        if t.value != true_value:
            raise IllegalTurn(f"K-7a: {t.op} is {true_value}, not {t.value}; a wrong "
                              f"result places no token ('{a},{b} {t.op}={t.value} wrong')", code="wrong-result")
        i = parse_cell(t.cell)
        if not self.cells_showing(true_value):
            raise IllegalTurn(f"K-7: no empty cell shows {true_value}", code="no-cell-shows")
        if not self.empty >> i & 1:
            raise IllegalTurn(f"K-7: {t.cell} is not empty", code="occupied")
        if self.board.numbers[i] != true_value:
            raise IllegalTurn(f"K-7: {t.cell} shows {self.board.numbers[i]}, "
                              f"not {true_value}", code="wrong-number")
        return self._with(place=i)

    def _with(self, place: int | None = None, opp_remove: int | None = None) -> "Position":
        red, blue, hr, hb = self.red, self.blue, self.hand_r, self.hand_b
        if place is not None:
            if self.to_move == "r":
                red |= 1 << place
                hr -= 1
            else:
                blue |= 1 << place
                hb -= 1
        if opp_remove is not None:
            if self.to_move == "r":
                blue &= ~(1 << opp_remove)
                hb += 1
            else:
                red &= ~(1 << opp_remove)
                hr += 1
        return Position(self.board, red, blue, other(self.to_move), hr, hb)

    def play_all(self, turns: Iterable[str]) -> "Position":
        """Play several K-N2 turn texts in order; see :meth:`play`."""
        pos = self
        for t in turns:
            pos = pos.play(t)
        return pos


@dataclass(frozen=True)
class Rolled:
    """A position with its dice rolled (K-4): the side to move chooses its turn now.

    ``position``: the :class:`Position` before the turn; ``dice``: the two dice as
    rolled. Its text is the K-N1 position followed by the dice: ``"<K-N1> 5,2"`` (our own
    extension of K-N1, for the state protocol; saves keep a roll apart as ``pending``).
    """

    position: Position
    dice: tuple[int, int]

    @property
    def to_move(self) -> str:
        return self.position.to_move

    @property
    def kind(self) -> str:
        """``"take"`` (K-5), ``"any"`` (K-6) or ``"compute"`` (K-7)."""
        return self.position.roll_kind(*self.dice)

    def current_player(self) -> str:
        """The side to move (protocol)."""
        return self.position.to_move

    def is_chance_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return []

    def legal_actions(self) -> list[str]:
        """The legal turns with these dice where the result is right
        (:meth:`Position.legal_turns`); a wrong result (K-7a) is legal too, unlisted."""
        return self.position.legal_turns(*self.dice)

    def play(self, turn: str | Turn) -> Position:
        """The position after ``turn`` (K-N2, its dice those rolled, in either order).

        :raises IllegalTurn: ``other-roll`` for other dice, else as :meth:`Position.play`."""
        t = turn if isinstance(turn, Turn) else Turn.parse(turn)
        if sorted(t.dice) != sorted(self.dice):
            raise IllegalTurn(f"K-4: the dice show {self.dice[0]} and {self.dice[1]}, not "
                              f"{t.dice[0]} and {t.dice[1]}", code="other-roll")
        return self.position.play(t)

    def is_terminal(self) -> bool:
        return False

    def outcome(self) -> None:
        return None

    def to_text(self) -> str:
        return f"{self.position.to_text()} {self.dice[0]},{self.dice[1]}"

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def from_text(cls, text: str) -> "Rolled":
        """Read ``"<K-N1> a,b"``. :raises IllegalTurn: ``K-N1`` malformed, ``K-4`` a bad
        die or ``K-8`` a game already over; :raises BoardError: an unknown board."""
        head, sep, roll = text.rpartition(" ") if isinstance(text, str) else ("", "", "")
        if not sep or not _ROLL_RE.fullmatch(roll):
            raise IllegalTurn(f"K-N1: {text!r:.80} is not a position with its dice "
                              "('<position> 5,2')", code="malformed-position")
        return Position.from_text(head).play(roll)


def state_from_text(text: str) -> Position | Rolled:
    """A state of the protocol from its text: a K-N1 position, or one followed by its
    dice (:class:`Rolled`)."""
    if isinstance(text, str) and _ROLL_RE.fullmatch(text.rpartition(" ")[2]):
        return Rolled.from_text(text)
    return Position.from_text(text)


# --------------------------------------------------------------------------- dice

class Dice:
    """Two six-sided dice rolled from a seeded :class:`random.Random` (K-4), with a
    small JSON-able state so a saved game resumes with the same rolls to come.

    >>> d = Dice(7); first = d.roll(); d2 = Dice.from_state(d.state())
    >>> d.roll() == d2.roll()
    True

    ``seed``: an int; ``None`` draws one from the operating system (and keeps it).
    """

    def __init__(self, seed: int | None = None):
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 32)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise IllegalTurn(f"K-4: the dice seed is a whole number, not {seed!r:.40}", code="bad-dice-state")
        self.seed = seed
        self.rolls = 0
        self._rng = random.Random(seed)

    def roll(self) -> tuple[int, int]:
        """Roll both dice: ``(a, b)``, each a whole number 1–6 (K-4)."""
        self.rolls += 1
        return self._rng.randint(1, 6), self._rng.randint(1, 6)

    def state(self) -> dict:
        """``{"seed": int, "rolls": int}``: enough to rebuild this generator exactly."""
        return {"seed": self.seed, "rolls": self.rolls}

    @classmethod
    def from_state(cls, state: dict) -> "Dice":
        """Rebuild a generator from :meth:`state` (replays the rolls already made).

        :raises ValueError: ``"K-4: …"`` if the state is malformed.
        """
        try:
            seed, rolls = state["seed"], state["rolls"]
        except (TypeError, KeyError) as exc:
            raise IllegalTurn(f"K-4: bad dice state {state!r:.80}", code="bad-dice-state") from exc
        if not isinstance(rolls, int) or isinstance(rolls, bool) or not 0 <= rolls < 10 ** 6:
            raise IllegalTurn(f"K-4: bad dice state {state!r:.80}", code="bad-dice-state")
        dice = cls(seed)
        for _ in range(rolls):
            dice.roll()
        return dice
