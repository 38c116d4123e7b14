"""Glissando rules engine (pure: no pygame, no ``ludotheque``).

Implements ``shared/rules/glissando.md`` rule by rule; every function names the rule id
it implements. A position is two 64-bit bitboards (one per colour) plus side to move,
points, reserves and target score.

Squares are ints 0..63, ``sq = rank * 8 + file`` with ``a1 = 0``, ``h1 = 7``,
``a8 = 56``, ``h8 = 63`` (G-1). Bit ``1 << sq`` of a bitboard is set when that colour
has a pawn on ``sq``.

>>> p = Position.start()
>>> p.to_text()
'8/8/8/8/8/8/8/8 b 0-0 32-32 2'
>>> q = p.play("d1 d1^")
>>> q.to_text()
'3B4/8/8/8/8/8/8/8 o 0-0 31-32 2'
>>> p.to_text()  # the old position is unchanged
'8/8/8/8/8/8/8/8 b 0-0 32-32 2'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, NamedTuple

__all__ = [
    "IllegalTurn", "Outcome", "Position", "Turn", "Slide", "TurnInProgress",
    "BLUE", "ORANGE", "PAWNS_PER_SIDE", "DIRS",
    "cell_name", "parse_cell", "first_player", "choose_first", "removal_pairs", "squares",
    "runs_of_five", "has_five",
]

Square = int
Bitboard = int
Color = str  # "b" (Blue) or "o" (Orange)

BLUE: Color = "b"
ORANGE: Color = "o"
PAWNS_PER_SIDE = 32          # G-2
FULL: Bitboard = (1 << 64) - 1
FILES = "abcdefgh"

#: G-N2 slide directions and their square steps (G-4: never diagonal).
DIRS: dict[str, int] = {"^": 8, "v": -8, "<": -1, ">": 1}
_DIR_DELTA = {"^": (0, 1), "v": (0, -1), "<": (-1, 0), ">": (1, 0)}


class IllegalTurn(ValueError):
    """An illegal turn or malformed text (G-N3), refused with the rule it breaks.

    The message starts with the rule id, e.g. ``"G-4d: b4> moves nothing"``.

    :ivar rule: the rule id (``"G-4d"``); :ivar code: a short machine-readable reason
        (``"moves-nothing"``) — scenes choose their text by it, never by the English
        message (decision 5); :ivar detail: the message after the rule id.

    Codes: ``bad-cell``, ``malformed-turn``, ``bad-slide``, ``bad-removals`` (G-N2);
    ``malformed-position`` (G-N1); ``pawn-count``, ``bad-first-player`` (G-2);
    ``bad-target``, ``bad-points``, ``game-over`` (G-6/G-7); ``occupied``,
    ``not-adjacent``, ``wrong-step`` (G-3); ``bad-direction``, ``not-your-pawn`` (G-4);
    ``moves-nothing`` (G-4d); ``removal-missing``, ``nothing-to-remove`` (G-5);
    ``not-one-line`` (G-5c).

    >>> try:
    ...     Position.start().play("d4")
    ... except IllegalTurn as exc:
    ...     print(exc.rule, exc.code)
    G-3 not-adjacent
    """

    def __init__(self, message: str, code: str = "illegal", rule: str | None = None):
        super().__init__(message)
        head, sep, rest = message.partition(": ")
        self.rule = rule or (head if sep and head.startswith("G-") else "G-N3")
        self.code = code
        self.detail = rest if sep else message

    def __reduce__(self):       # travels from the AI worker process intact
        return (type(self), (str(self), self.code, self.rule))


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game (G-6, G-7).

    ``winner``: ``"b"``, ``"o"``, or None for a draw; ``scores``: the points
    ``(blue, orange)``; ``rule``: ``"G-6"`` (target score reached) or ``"G-7"`` (the side
    to move has no pawn in reserve, or the board is full).
    """

    winner: str | None
    scores: tuple[int, int]
    rule: str

    @property
    def draw(self) -> bool:
        return self.winner is None

    def returns(self) -> tuple[int, int]:
        """OpenSpiel's returns: +1 for the winner, -1 for the loser, 0 each for a draw,
        in ``(blue, orange)`` order."""
        if self.winner is None:
            return (0, 0)
        return (1, -1) if self.winner == BLUE else (-1, 1)


# --------------------------------------------------------------------------- tables

def _bit(sq: Square) -> Bitboard:
    return 1 << sq


def _ray(sq: Square, df: int, dr: int) -> tuple[Square, ...]:
    f, r = sq % 8, sq // 8
    out = []
    f, r = f + df, r + dr
    while 0 <= f < 8 and 0 <= r < 8:
        out.append(r * 8 + f)
        f, r = f + df, r + dr
    return tuple(out)


#: RAYS[dir][sq] = squares from sq (exclusive) to the edge in that slide direction.
RAYS: dict[str, tuple[tuple[Square, ...], ...]] = {
    d: tuple(_ray(sq, *_DIR_DELTA[d]) for sq in range(64)) for d in DIRS}

EDGE: Bitboard = sum(_bit(s) for s in range(64)
                     if s % 8 in (0, 7) or s // 8 in (0, 7))

_NOT_A = FULL & ~sum(_bit(r * 8) for r in range(8))
_NOT_H = FULL & ~sum(_bit(r * 8 + 7) for r in range(8))


def neighbours(bb: Bitboard) -> Bitboard:
    """Cells orthogonally adjacent to any set bit of ``bb`` (G-3 adjacency)."""
    return (((bb << 8) | (bb >> 8) | ((bb << 1) & _NOT_A) | ((bb >> 1) & _NOT_H))
            & FULL)


def _mask(pred) -> Bitboard:
    return sum(_bit(s) for s in range(64) if pred(s % 8, s // 8))


#: G-5 line directions: (shift, start mask of a 5-cell window). A window starting on
#: a set bit of the mask stays on the board.
LINE_DIRS: tuple[tuple[int, Bitboard], ...] = (
    (1, _mask(lambda f, r: f <= 3)),              # horizontal
    (8, _mask(lambda f, r: r <= 3)),              # vertical
    (9, _mask(lambda f, r: f <= 3 and r <= 3)),   # diagonal up-right
    (7, _mask(lambda f, r: f >= 4 and r <= 3)),   # diagonal up-left
)
_LINE_DELTA = {1: (1, 0), 8: (0, 1), 9: (1, 1), 7: (-1, 1)}


def _window_starts(bb: Bitboard, shift: int, start_mask: Bitboard) -> Bitboard:
    """Start squares of 5-cell windows (in direction ``shift``) full of ``bb``."""
    a = bb & (bb >> shift)
    a &= a >> (2 * shift)
    return a & (bb >> (4 * shift)) & start_mask


def has_five(bb: Bitboard) -> bool:
    """True when ``bb`` holds five or more consecutive cells in a row, column or
    diagonal (G-5)."""
    for shift, mask in LINE_DIRS:
        a = bb & (bb >> shift)
        a &= a >> (2 * shift)
        if a & (bb >> (4 * shift)) & mask:
            return True
    return False


def runs_of_five(bb: Bitboard) -> list[tuple[Square, ...]]:
    """Every maximal run of >= 5 consecutive cells of ``bb`` (G-5, G-5c), each as a
    tuple of squares in line order. Runs in different directions may share cells."""
    runs = []
    for shift, mask in LINE_DIRS:
        starts = _window_starts(bb, shift, mask)
        if not starts:
            continue
        df, dr = _LINE_DELTA[shift]
        covered = 0
        s = starts
        while s:
            low = s & -s
            s ^= low
            sq = low.bit_length() - 1
            if covered >> sq & 1:
                continue
            # walk back to the run's first cell, then forward to its end
            f, r = sq % 8, sq // 8
            while (0 <= f - df < 8 and 0 <= r - dr < 8
                   and bb >> ((r - dr) * 8 + f - df) & 1):
                f, r = f - df, r - dr
            run = []
            while 0 <= f < 8 and 0 <= r < 8 and bb >> (r * 8 + f) & 1:
                run.append(r * 8 + f)
                f, r = f + df, r + dr
            for c in run:
                covered |= _bit(c)
            runs.append(tuple(run))
    return runs


def removal_pairs(bb: Bitboard) -> list[tuple[Square, Square]]:
    """All pairs ``(a, b)``, ``a < b``, of ``bb`` pawns that may be removed together
    (G-5, G-5c: both in one run of >= 5). Empty when ``bb`` has no such run."""
    pairs = set()
    for run in runs_of_five(bb):
        srt = sorted(run)
        for i, a in enumerate(srt):
            for b in srt[i + 1:]:
                pairs.add((a, b))
    return sorted(pairs)


def _ascii_number(text: str) -> bool:
    """A whole number written with the digits 0-9 (not ², ٣ or other scripts' digits), at
    most 6 of them."""
    return 0 < len(text) <= 6 and text.isascii() and text.isdigit()


def first_player(rng) -> Color:
    """G-2: draw the first player at random with ``rng`` (a ``random.Random``), so a
    seed repeats the draw. Returns ``"b"`` or ``"o"``."""
    return rng.choice((BLUE, ORANGE))


def choose_first(seed: int, fixed: str = "random") -> Color:
    """G-2: the first player — ``fixed`` (``"b"`` or ``"o"``) when the setting fixes it,
    else drawn with ``random.Random(seed)`` (:func:`first_player`), so a seed repeats it."""
    import random

    if fixed in (BLUE, ORANGE):
        return fixed
    return first_player(random.Random(seed))


def cell_name(sq: Square) -> str:
    """``0 -> 'a1'``, ``63 -> 'h8'`` (G-1)."""
    return FILES[sq % 8] + str(sq // 8 + 1)


def parse_cell(text: str) -> Square:
    """``'a1' -> 0`` (G-1). :raises IllegalTurn: ``G-N2`` on a malformed cell."""
    if (not isinstance(text, str) or len(text) != 2 or text[0] not in FILES
            or text[1] not in "12345678"):
        raise IllegalTurn(f"G-N2: {text!r} is not a cell (a1..h8)", code="bad-cell")
    return (int(text[1]) - 1) * 8 + FILES.index(text[0])


class Slide(NamedTuple):
    """A slide's effect (G-4): the chain's squares ``seg`` (bitboard) move ``k``
    cells in direction ``step`` (a square delta: +8, -8, +1, -1)."""
    seg: Bitboard
    k: int
    step: int


def slide_of(occ: Bitboard, sq: Square, d: str) -> Slide | None:
    """The chain moved by sliding the pawn on ``sq`` toward ``d`` on occupancy ``occ``
    (G-4a: alone over empty cells; G-4b: pushing the unbroken run in front of it;
    G-4c: to the end, never off the board). None when it moves nothing (G-4d)."""
    ray = RAYS[d][sq]
    seg = 1 << sq
    i, n = 0, len(ray)
    while i < n and occ >> ray[i] & 1:
        seg |= 1 << ray[i]
        i += 1
    k = 0
    while i < n and not occ >> ray[i] & 1:
        k += 1
        i += 1
    if k == 0:
        return None
    return Slide(seg, k, DIRS[d])


def apply_slide(bb: Bitboard, sl: Slide) -> Bitboard:
    """Move the pawns of ``bb`` that lie in the chain ``sl.seg`` by ``sl.k`` cells."""
    moving = bb & sl.seg
    if not moving:
        return bb
    s = sl.k * sl.step
    return (bb & ~sl.seg) | (moving << s if s > 0 else moving >> -s)


# --------------------------------------------------------------------------- turns

@dataclass(frozen=True)
class Turn:
    """One complete turn (G-N2): a placement square, an optional slide
    ``(square, dir)`` and, when the turn scores, the two removed squares (sorted)."""
    place: Square
    slide: tuple[Square, str] | None = None
    removes: tuple[Square, Square] | None = None

    @classmethod
    def parse(cls, text: str) -> "Turn":
        """Read a G-N2 turn text. :raises IllegalTurn: ``G-N2`` when malformed."""
        if not isinstance(text, str) or text != text.strip() or "  " in text or not text:
            raise IllegalTurn(f"G-N2: malformed turn text {text!r}", code="malformed-turn")
        toks = text.split(" ")
        place = parse_cell(toks[0])
        rest = toks[1:]
        slide = None
        if rest and not rest[0].startswith("x"):
            tok = rest.pop(0)
            if len(tok) != 3 or tok[2] not in DIRS:
                raise IllegalTurn(f"G-N2: {tok!r} is not a slide (cell and one of ^ v < >)", code="bad-slide")
            slide = (parse_cell(tok[:2]), tok[2])
        removes = None
        if rest:
            if len(rest) != 2 or not all(t.startswith("x") for t in rest):
                raise IllegalTurn(f"G-N2: {text!r}: removals are two tokens x<cell>", code="bad-removals")
            a, b = parse_cell(rest[0][1:]), parse_cell(rest[1][1:])
            removes = (min(a, b), max(a, b)) if a != b else (a, b)
        return cls(place, slide, removes)

    def __str__(self) -> str:
        out = [cell_name(self.place)]
        if self.slide is not None:
            out.append(cell_name(self.slide[0]) + self.slide[1])
        if self.removes is not None:
            out += ["x" + cell_name(s) for s in self.removes]
        return " ".join(out)


# --------------------------------------------------------------------------- position

@dataclass(frozen=True)
class Position:
    """A Glissando position between turns (G-N1).

    ``blue`` / ``orange``: bitboards; ``to_move``: ``"b"`` or ``"o"``;
    ``points`` and ``reserves``: ``(blue, orange)``; ``target``: points to win (G-6).
    Immutable: :meth:`play` and :meth:`apply` return new positions.
    """
    blue: Bitboard = 0
    orange: Bitboard = 0
    to_move: Color = BLUE
    points: tuple[int, int] = (0, 0)
    reserves: tuple[int, int] = (PAWNS_PER_SIDE, PAWNS_PER_SIDE)
    target: int = 2

    # -- construction and notation -------------------------------------------------

    @classmethod
    def start(cls, target: int = 2, first: Color = BLUE) -> "Position":
        """The empty board, 32 pawns in each reserve (G-2), ``target`` 1..5 (G-6).

        :raises IllegalTurn: ``G-6`` for a target outside 1..5, ``G-2`` for a bad
            first player."""
        if not isinstance(target, int) or not 1 <= target <= 5:
            raise IllegalTurn(f"G-6: target score must be 1 to 5, not {target!r}", code="bad-target")
        if first not in (BLUE, ORANGE):
            raise IllegalTurn(f"G-2: first player must be 'b' or 'o', not {first!r}", code="bad-first-player")
        return cls(0, 0, first, (0, 0), (PAWNS_PER_SIDE, PAWNS_PER_SIDE), target)

    @classmethod
    def from_text(cls, text: str) -> "Position":
        """Read a G-N1 position text.

        :raises IllegalTurn: ``G-N1`` when malformed, ``G-2`` when a colour's board
            pawns plus reserve is not 32 (G-5a returns removed pawns to the reserve,
            so the sum never changes), ``G-6`` for a target outside 1..5."""
        parts = text.split(" ") if isinstance(text, str) else []
        if len(parts) != 5:
            raise IllegalTurn(f"G-N1: expected 5 space-separated fields in {text!r}", code="malformed-position")
        board, side, pts, res, tgt = parts
        ranks = board.split("/")
        if len(ranks) != 8:
            raise IllegalTurn(f"G-N1: expected 8 ranks in {board!r}", code="malformed-position")
        blue = orange = 0
        for i, rank_text in enumerate(ranks):
            r = 7 - i
            f = 0
            prev_digit = False
            for ch in rank_text:
                if ch in "12345678":
                    if prev_digit:
                        raise IllegalTurn(f"G-N1: two digits in a row in rank {r + 1}", code="malformed-position")
                    f += int(ch)
                    prev_digit = True
                elif ch in "BO":
                    if f >= 8:
                        raise IllegalTurn(f"G-N1: rank {r + 1} is longer than 8 cells", code="malformed-position")
                    if ch == "B":
                        blue |= _bit(r * 8 + f)
                    else:
                        orange |= _bit(r * 8 + f)
                    f += 1
                    prev_digit = False
                else:
                    raise IllegalTurn(f"G-N1: unexpected {ch!r} in rank {r + 1}", code="malformed-position")
            if f != 8:
                raise IllegalTurn(f"G-N1: rank {r + 1} has {f} cells, not 8", code="malformed-position")
        if side not in (BLUE, ORANGE):
            raise IllegalTurn(f"G-N1: side to move must be 'b' or 'o', not {side!r}", code="malformed-position")

        def pair(field: str, what: str) -> tuple[int, int]:
            a, sep, b = field.partition("-")
            if not sep or not _ascii_number(a) or not _ascii_number(b):
                raise IllegalTurn(f"G-N1: {what} must read like 0-0, not {field!r}", code="malformed-position")
            return int(a), int(b)

        points = pair(pts, "points")
        reserves = pair(res, "reserves")
        if not _ascii_number(tgt):
            raise IllegalTurn(f"G-N1: target must be a number, not {tgt!r}", code="malformed-position")
        target = int(tgt)
        if not 1 <= target <= 5:
            raise IllegalTurn(f"G-6: target score must be 1 to 5, not {target}", code="bad-target")
        for name, bb, r in (("blue", blue, reserves[0]), ("orange", orange, reserves[1])):
            if bb.bit_count() + r != PAWNS_PER_SIDE:
                raise IllegalTurn(f"G-2: {name} has {bb.bit_count()} pawns on the board "
                                  f"and {r} in reserve, not 32 in all", code="pawn-count")
        if points[0] > target or points[1] > target or (
                points[0] >= target and points[1] >= target):
            raise IllegalTurn(f"G-6: points {pts} do not fit target {target}", code="bad-points")
        return cls(blue, orange, side, points, reserves, target)

    def board_text(self) -> str:
        """The board field of G-N1 (ranks 8 to 1)."""
        rows = []
        for r in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                sq = r * 8 + f
                ch = "B" if self.blue >> sq & 1 else "O" if self.orange >> sq & 1 else ""
                if ch:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += ch
                else:
                    empty += 1
            if empty:
                row += str(empty)
            rows.append(row)
        return "/".join(rows)

    def to_text(self) -> str:
        """The G-N1 position text; ``Position.from_text(p.to_text()) == p``."""
        return (f"{self.board_text()} {self.to_move} {self.points[0]}-{self.points[1]} "
                f"{self.reserves[0]}-{self.reserves[1]} {self.target}")

    def __str__(self) -> str:
        return self.to_text()

    # -- queries -------------------------------------------------------------------

    @property
    def occupied(self) -> Bitboard:
        return self.blue | self.orange

    @property
    def mine(self) -> Bitboard:
        """The side to move's pawns."""
        return self.blue if self.to_move == BLUE else self.orange

    @property
    def theirs(self) -> Bitboard:
        return self.orange if self.to_move == BLUE else self.blue

    @property
    def opponent(self) -> Color:
        return ORANGE if self.to_move == BLUE else BLUE

    def at(self, sq: Square) -> Color | None:
        """``"b"``, ``"o"`` or None for the pawn on ``sq``."""
        if self.blue >> sq & 1:
            return BLUE
        if self.orange >> sq & 1:
            return ORANGE
        return None

    @property
    def winner(self) -> Color | str | None:
        """``"b"``, ``"o"``, ``"draw"`` or None while the game goes on.

        G-6: a side with ``target`` points has won. G-7: when the side to move has no
        pawn in reserve or no cell is empty, the higher score wins, equal is a draw."""
        if self.points[0] >= self.target:
            return BLUE
        if self.points[1] >= self.target:
            return ORANGE
        reserve = self.reserves[0 if self.to_move == BLUE else 1]
        if reserve == 0 or self.occupied == FULL:
            if self.points[0] == self.points[1]:
                return "draw"
            return BLUE if self.points[0] > self.points[1] else ORANGE
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None

    # -- the state protocol (docs/games-api.md): as OpenSpiel's State ---------------

    def current_player(self) -> Color | None:
        """The side to move, or None once the game is over (protocol)."""
        return None if self.over else self.to_move

    def legal_actions(self) -> list[str]:
        """Every legal complete turn as G-N2 text (:meth:`turns`; protocol)."""
        return self.turns()

    def is_terminal(self) -> bool:
        """True once the game is over (G-6, G-7; protocol)."""
        return self.over

    def outcome(self) -> Outcome | None:
        """The typed result once the game is over, else None (G-6, G-7; protocol).

        >>> Position.from_text("8/8/8/8/8/8/8/8 o 2-1 32-32 2").outcome()
        Outcome(winner='b', scores=(2, 1), rule='G-6')
        """
        w = self.winner
        if w is None:
            return None
        rule = "G-6" if max(self.points) >= self.target else "G-7"
        return Outcome(None if w == "draw" else w, self.points, rule)

    def placement_mask(self) -> Bitboard:
        """G-3: empty cells on the edge or orthogonally next to an occupied cell."""
        occ = self.occupied
        return (EDGE | neighbours(occ)) & ~occ & FULL

    def legal_placements(self) -> list[str]:
        """G-3 placement cells in square order (``[]`` when the game is over)."""
        if self.over:
            return []
        return [cell_name(s) for s in squares(self.placement_mask())]

    def legal_slides(self, placed: str | Square | None = None) -> list[str]:
        """G-4 slides (``"b4>"`` …) of the side to move, on the board after placing on
        ``placed`` (or on the board as it is when None). Every slide in the list moves
        something (G-4d); skipping the slide is always legal and not listed.

        :raises IllegalTurn: ``G-3`` when ``placed`` is not a legal placement."""
        mine, occ = self.mine, self.occupied
        if placed is not None:
            sq = parse_cell(placed) if isinstance(placed, str) else placed
            self._check_place(sq)
            mine |= _bit(sq)
            occ |= _bit(sq)
        return [cell_name(sq) + d for sq, d, _ in _slides(mine, occ)]

    # -- playing -------------------------------------------------------------------

    def _check_place(self, sq: Square) -> None:
        if self.over:
            raise IllegalTurn(self._over_reason(), code="game-over")
        if self.occupied >> sq & 1:
            raise IllegalTurn(f"G-3: {cell_name(sq)} is occupied", code="occupied")
        if not self.placement_mask() >> sq & 1:
            raise IllegalTurn(f"G-3: {cell_name(sq)} is neither on the edge nor next "
                              f"to a pawn", code="not-adjacent")

    def _over_reason(self) -> str:
        if self.points[0] >= self.target or self.points[1] >= self.target:
            return "G-6: the game is over (target score reached)"
        return "G-7: the game is over (no pawn in reserve or no empty cell)"

    def begin(self) -> "TurnInProgress":
        """Start a turn step by step (for a scene): place, slide, remove.

        :raises IllegalTurn: ``G-6``/``G-7`` when the game is over."""
        if self.over:
            raise IllegalTurn(self._over_reason(), code="game-over")
        return TurnInProgress(self)

    def play(self, turn_text: str) -> "Position":
        """Play one complete G-N2 turn and return the new position (self unchanged).

        :raises IllegalTurn: with the broken rule first in the message: ``G-N2``
            malformed, ``G-6``/``G-7`` game over, ``G-3`` placement, ``G-4`` not your
            pawn, ``G-4d`` slide moves nothing, ``G-5`` missing or needless removals,
            ``G-5c`` removals not in one run of five."""
        turn = Turn.parse(turn_text)
        tip = self.begin().place(turn.place)
        if turn.slide is None:
            tip = tip.skip_slide()
        else:
            tip = tip.slide(*turn.slide)
        if turn.removes is None:
            if tip.scores:
                raise IllegalTurn(f"G-5: {turn_text!r} scores: name two pawns to remove "
                                  f"(x<cell> x<cell>)", code="removal-missing")
        else:
            tip = tip.remove(*turn.removes)
        return tip.finish()

    def apply(self, place: Square, slide: tuple[Square, str] | None,
              removes: tuple[Square, Square] | None) -> "Position":
        """Unchecked fast play for search (the caller guarantees legality, e.g. a
        turn from :meth:`turns`). Same effect as :meth:`play`."""
        blue, orange = self.blue, self.orange
        me = self.to_move == BLUE
        if me:
            blue |= _bit(place)
        else:
            orange |= _bit(place)
        if slide is not None:
            sl = slide_of(blue | orange, slide[0], slide[1])
            blue, orange = apply_slide(blue, sl), apply_slide(orange, sl)
        return self._after(blue, orange, removes)

    def _after(self, blue: Bitboard, orange: Bitboard,
               removes: tuple[Square, Square] | None) -> "Position":
        """Close a turn on the board (blue, orange) with the pawn placed and slid:
        G-5 scoring with ``removes``, G-5a reserve, side switch."""
        me = self.to_move == BLUE
        rb, ro = self.reserves
        pb, po = self.points
        if me:
            rb -= 1
        else:
            ro -= 1
        if removes is not None:
            rm = _bit(removes[0]) | _bit(removes[1])
            if me:
                blue &= ~rm
                rb += 2
                pb += 1
            else:
                orange &= ~rm
                ro += 2
                po += 1
        return Position(blue, orange, ORANGE if me else BLUE, (pb, po), (rb, ro),
                        self.target)

    def turns(self) -> list[str]:
        """Every legal complete turn (G-3, G-4, G-5) as G-N2 text: each placement,
        with no slide and with every legal slide, and when the turn scores, one text
        per legal pair of removed pawns (G-5c). ``[]`` when the game is over."""
        out = []
        for place, slide, blue, orange, scores in self.turn_boards():
            base = cell_name(place)
            if slide is not None:
                base += " " + cell_name(slide[0]) + slide[1]
            if scores:
                mine = blue if self.to_move == BLUE else orange
                for a, b in removal_pairs(mine):
                    out.append(f"{base} x{cell_name(a)} x{cell_name(b)}")
            else:
                out.append(base)
        return out

    def turn_boards(self) -> Iterator[tuple[Square, tuple[Square, str] | None,
                                            Bitboard, Bitboard, bool]]:
        """Fast generator for search: ``(place, slide, blue, orange, scores)`` for each
        placement and slide choice (removals not expanded), boards after the slide."""
        if self.over:
            return
        me = self.to_move == BLUE
        mine0, theirs0 = (self.blue, self.orange) if me else (self.orange, self.blue)
        occ0 = mine0 | theirs0
        for place in squares(self.placement_mask()):
            b = 1 << place
            mine, occ = mine0 | b, occ0 | b
            yield (place, None, *((mine, theirs0) if me else (theirs0, mine)),
                   has_five(mine))
            for sq, d, sl in _slides(mine, occ):
                m2 = apply_slide(mine, sl)
                t2 = apply_slide(theirs0, sl)
                yield (place, (sq, d), *((m2, t2) if me else (t2, m2)), has_five(m2))


def squares(bb: Bitboard) -> Iterator[Square]:
    """The set squares of ``bb`` in increasing order (``a1`` first)."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def _slides(mine: Bitboard, occ: Bitboard) -> Iterator[tuple[Square, str, Slide]]:
    """Every G-4 slide of a pawn of ``mine`` that moves something (G-4d)."""
    for sq in squares(mine):
        for d in DIRS:
            sl = slide_of(occ, sq, d)
            if sl is not None:
                yield sq, d, sl


class TurnInProgress:
    """A turn being built step by step (for scenes): :meth:`place` (G-3), then
    :meth:`slide` (G-4) or :meth:`skip_slide`, then :meth:`remove` (G-5) when
    :attr:`scores`, then :meth:`finish`. Each step returns a new object; the stage is
    ``"place"``, ``"slide"``, ``"remove"`` or ``"done"``."""

    __slots__ = ("position", "blue", "orange", "placed", "slid", "removes", "stage",
                 "_slide_effect")

    def __init__(self, position: Position):
        self.position = position
        self.blue, self.orange = position.blue, position.orange
        self.placed: Square | None = None
        self.slid: tuple[Square, str] | None = None
        self.removes: tuple[Square, Square] | None = None
        self.stage = "place"
        self._slide_effect: Slide | None = None

    def _copy(self) -> "TurnInProgress":
        t = TurnInProgress.__new__(TurnInProgress)
        for k in self.__slots__:
            setattr(t, k, getattr(self, k))
        return t

    @property
    def mine(self) -> Bitboard:
        return self.blue if self.position.to_move == BLUE else self.orange

    @property
    def occupied(self) -> Bitboard:
        return self.blue | self.orange

    def at(self, sq: Square) -> Color | None:
        if self.blue >> sq & 1:
            return BLUE
        if self.orange >> sq & 1:
            return ORANGE
        return None

    def _need(self, stage: str) -> None:
        if self.stage != stage:
            raise IllegalTurn(f"G-3: the turn is at its {self.stage} step, not {stage} "
                              f"(a turn is place, slide, score in this order)", code="wrong-step")

    def place(self, cell: str | Square) -> "TurnInProgress":
        """G-3: place a pawn of the side to move. :raises IllegalTurn: ``G-3``."""
        self._need("place")
        sq = parse_cell(cell) if isinstance(cell, str) else cell
        self.position._check_place(sq)
        t = self._copy()
        if self.position.to_move == BLUE:
            t.blue |= _bit(sq)
        else:
            t.orange |= _bit(sq)
        t.placed = sq
        t.stage = "slide"
        return t

    def slide_effect(self, cell: str | Square, d: str) -> Slide:
        """What the slide would do (for ghosts and animation), without doing it.

        :raises IllegalTurn: ``G-4`` not your pawn or not a direction, ``G-4d``
            moves nothing."""
        self._need("slide")
        sq = parse_cell(cell) if isinstance(cell, str) else cell
        if d not in DIRS:
            raise IllegalTurn(f"G-4: {d!r} is not a direction (^ v < >; never diagonal)", code="bad-direction")
        if not self.mine >> sq & 1:
            raise IllegalTurn(f"G-4: {cell_name(sq)} is not one of your pawns", code="not-your-pawn")
        sl = slide_of(self.occupied, sq, d)
        if sl is None:
            raise IllegalTurn(f"G-4d: {cell_name(sq)}{d} moves nothing", code="moves-nothing")
        return sl

    def slide_moves(self, cell: str | Square, d: str) -> list[tuple[Square, Square]]:
        """``[(from, to), …]`` of every pawn the slide moves (G-4a/G-4b)."""
        sl = self.slide_effect(cell, d)
        return [(s, s + sl.k * sl.step) for s in squares(sl.seg)]

    def legal_slides(self) -> list[tuple[Square, str]]:
        """Every slide that moves something (G-4, G-4d)."""
        self._need("slide")
        return [(sq, d) for sq, d, _ in _slides(self.mine, self.occupied)]

    def slide(self, cell: str | Square, d: str) -> "TurnInProgress":
        """G-4: slide and move on to scoring. :raises IllegalTurn: see
        :meth:`slide_effect`."""
        sl = self.slide_effect(cell, d)
        sq = parse_cell(cell) if isinstance(cell, str) else cell
        t = self._copy()
        t.blue, t.orange = apply_slide(self.blue, sl), apply_slide(self.orange, sl)
        t.slid = (sq, d)
        t._slide_effect = sl
        t.stage = "remove" if t.scores else "done"
        return t

    def skip_slide(self) -> "TurnInProgress":
        """G-4: the slide is optional (always legal to skip)."""
        self._need("slide")
        t = self._copy()
        t.stage = "remove" if t.scores else "done"
        return t

    @property
    def scores(self) -> bool:
        """G-5/G-5b: the mover has a line of five or more on the board."""
        return has_five(self.mine)

    def scoring_runs(self) -> list[tuple[Square, ...]]:
        """G-5: the mover's runs of >= 5 (to flash them)."""
        return runs_of_five(self.mine)

    def removal_pairs(self) -> list[tuple[Square, Square]]:
        """G-5c: every legal pair of removed pawns."""
        return removal_pairs(self.mine)

    def removable_with(self, first: Square | None = None) -> set[Square]:
        """Cells that can be picked now: any cell of a legal pair (``first`` None) or
        the cells that pair legally with ``first`` (G-5c)."""
        out = set()
        for a, b in self.removal_pairs():
            if first is None:
                out |= {a, b}
            elif a == first:
                out.add(b)
            elif b == first:
                out.add(a)
        return out

    def remove(self, a: str | Square, b: str | Square) -> "TurnInProgress":
        """G-5: remove two of the mover's pawns of one run of five or more.

        :raises IllegalTurn: ``G-5`` when the turn does not score, ``G-5c`` when the
            two cells are not two pawns of one such run."""
        if self.stage == "done":
            raise IllegalTurn("G-5: the turn does not score: nothing to remove", code="nothing-to-remove")
        self._need("remove")
        sa = parse_cell(a) if isinstance(a, str) else a
        sb = parse_cell(b) if isinstance(b, str) else b
        pair = (min(sa, sb), max(sa, sb))
        if sa == sb or pair not in set(self.removal_pairs()):
            raise IllegalTurn(f"G-5c: {cell_name(sa)} and {cell_name(sb)} are not two of "
                              f"your pawns in one line of five or more", code="not-one-line")
        t = self._copy()
        t.removes = pair
        t.stage = "done"
        return t

    def turn(self) -> Turn:
        return Turn(self.placed, self.slid, self.removes)

    def turn_text(self) -> str:
        return str(self.turn())

    def finish(self) -> Position:
        """The position after the turn (G-5 point and G-5a reserve, other side to
        move). :raises IllegalTurn: ``G-5`` when removals are still owed."""
        if self.stage == "remove":
            raise IllegalTurn("G-5: the turn scores: choose two pawns to remove first", code="removal-missing")
        self._need("done")
        # placed/slid pawns are in blue/orange; _after takes one pawn from the reserve
        return self.position._after(self.blue, self.orange, self.removes)
