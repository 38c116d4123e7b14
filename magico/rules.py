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

import importlib.util
import json
import os
import random
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

__all__ = [
    "SIZE", "COLUMNS", "TOKENS_PER_PLAYER", "TARGET_SUM", "PLAYERS", "DEFAULT_BOARD",
    "IllegalTurn", "BoardError", "Board", "Run", "Turn", "Position", "Dice",
    "results", "chance_outcomes", "cell_name", "parse_cell", "other",
    "load_board", "load_board_file", "board_from_data", "available_boards",
    "board_dirs", "register_board_dir", "ASSET_BOARD_DIR", "board_problems",
    "MAX_BOARD_BYTES",
]

SIZE = 6                      #: K-2 the board is 6×6
COLUMNS = "abcdef"            #: K-2 column letters, left to right
TOKENS_PER_PLAYER = 15        #: K-1
TARGET_SUM = 15               #: K-9 a run scores when its numbers sum to 15
MAX_NUMBER = 10               #: K-2 / K-7 numbers and results are whole numbers 0–10
PLAYERS = ("r", "b")          #: K-1 Red and Blue; ``r`` / ``b`` as in K-N1
DEFAULT_BOARD = "magico-classic"  #: K-3
ALL_CELLS = (1 << (SIZE * SIZE)) - 1

#: K-9 points of a scoring run by direction.
POINTS = {"horizontal": 10, "vertical": 10, "diagonal": 25, "antidiagonal": 25}

_OPS = ("+", "-", "*", "/")


class IllegalTurn(ValueError):
    """An illegal or malformed turn or position text; the message starts with the rule id
    it breaks (e.g. ``"K-7: no empty cell shows 4"``)."""


class BoardError(ValueError):
    """A board layout file that is not a 6×6 grid of whole numbers 0–10 (K-2); the
    message starts with ``K-2`` and names the file and, where it applies, the cell."""


# --------------------------------------------------------------------------- cells

def other(player: str) -> str:
    """The opponent of ``player`` (``"r"`` ↔ ``"b"``)."""
    return "b" if player == "r" else "r"


def cell_name(index: int) -> str:
    """Name of cell ``index`` (0–35, row-major from the top-left): ``0 → "a1"``,
    ``35 → "f6"`` (K-2)."""
    row, col = divmod(index, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


_CELL_RE = re.compile(r"([a-f])([1-6])")


def parse_cell(name: str) -> int:
    """Index 0–35 of a cell name such as ``"c3"`` (K-2).

    :raises IllegalTurn: ``"K-2: …"`` if the name is not ``a``–``f`` then ``1``–``6``.
    """
    m = _CELL_RE.fullmatch(name)
    if not m:
        raise IllegalTurn(f"K-2: {name!r} is not a cell (a1 … f6)")
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
        raise IllegalTurn(f"K-4: a die shows a whole number from 1 to 6, not {d!r}")


@lru_cache(maxsize=1)
def chance_outcomes() -> tuple[tuple[tuple[int, int], float], ...]:
    """The 21 distinct rolls ``(low, high)`` of two dice with their probabilities
    (1/36 for a double, 2/36 otherwise; they sum to 1). Used by the AI (K-4)."""
    out = []
    for a in range(1, 7):
        for b in range(a, 7):
            out.append(((a, b), (1 if a == b else 2) / 36))
    return tuple(out)


# --------------------------------------------------------------------------- boards

@dataclass(frozen=True)
class Run:
    """A run: three consecutive cells in a line (K-9).

    ``cells``: the three cell names in order; ``direction``: ``"horizontal"``,
    ``"vertical"``, ``"diagonal"`` (down-right, ``a1 b2 c3``) or ``"antidiagonal"``
    (down-left, ``c1 b2 a3``); ``numbers``: the board numbers under the cells;
    ``points``: 10 for horizontal/vertical, 25 for a diagonal either way (K-9);
    ``mask``: bit mask of the cells.
    """

    cells: tuple[str, str, str]
    direction: str
    numbers: tuple[int, int, int]
    points: int
    mask: int

    @property
    def total(self) -> int:
        """Sum of the three numbers (a run scores when it is 15, K-9)."""
        return sum(self.numbers)

    @property
    def indices(self) -> tuple[int, int, int]:
        """The three cells as indices 0–35."""
        return tuple(parse_cell(c) for c in self.cells)  # type: ignore[return-value]


_DIRECTIONS = (("horizontal", 0, 1), ("vertical", 1, 0), ("diagonal", 1, 1),
               ("antidiagonal", 1, -1))


@dataclass(frozen=True)
class Board:
    """A board layout (K-2): ``id``, French and English names, and ``numbers``, the 36
    whole numbers 0–10 row-major from ``a1`` (row 1 is the top row as printed).

    Build one with :func:`load_board` or :func:`board_from_data`, which check it.
    """

    id: str
    name_fr: str
    name_en: str
    numbers: tuple[int, ...]

    def number(self, cell: int | str) -> int:
        """The number printed on ``cell`` (an index or a name such as ``"c3"``)."""
        if isinstance(cell, str):
            cell = parse_cell(cell)
        return self.numbers[cell]

    def rows(self) -> list[list[int]]:
        """The numbers as 6 rows of 6, row 1 (top) first."""
        return [list(self.numbers[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]

    @property
    def lines(self) -> tuple[Run, ...]:
        """All 80 runs of three consecutive cells in a line, whatever their sum."""
        return _lines(self.numbers)

    @property
    def scoring_lines(self) -> tuple[Run, ...]:
        """The runs whose numbers sum to 15 (K-9): the only ones that can ever score
        (computed once per layout)."""
        return _scoring_lines(self.numbers)

    def name(self, language: str = "en") -> str:
        """The board's name in ``language`` (``"fr"`` or ``"en"``)."""
        return self.name_fr if language == "fr" else self.name_en


@lru_cache(maxsize=32)
def _scoring_lines(numbers: tuple[int, ...]) -> tuple[Run, ...]:
    return tuple(r for r in _lines(numbers) if r.total == TARGET_SUM)


@lru_cache(maxsize=32)
def _lines(numbers: tuple[int, ...]) -> tuple[Run, ...]:
    out = []
    for start in range(SIZE * SIZE):
        r0, c0 = divmod(start, SIZE)
        for direction, dr, dc in _DIRECTIONS:
            cells = [(r0 + i * dr, c0 + i * dc) for i in range(3)]
            if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in cells):
                idx = [r * SIZE + c for r, c in cells]
                out.append(Run(
                    cells=tuple(cell_name(i) for i in idx),  # type: ignore[arg-type]
                    direction=direction,
                    numbers=tuple(numbers[i] for i in idx),  # type: ignore[arg-type]
                    points=POINTS[direction],
                    mask=sum(1 << i for i in idx),
                ))
    return tuple(out)


_ID_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")   # at most 64 characters

#: A board layout file is a few hundred bytes; anything past this is refused unread.
MAX_BOARD_BYTES = 64 * 1024


def board_from_data(data: object, source: str = "<data>") -> Board:
    """Check a decoded board layout and build a :class:`Board` (K-2).

    ``data`` is a dict ``{"id": str, "name_fr": str, "name_en": str,
    "numbers": [[int × 6] × 6]}``; ``source`` names it in errors (a file path).

    :raises BoardError: ``"K-2: <source>: …"`` naming the missing key, the bad row, or
        the bad cell (e.g. ``"K-2: boards/x.json: cell c4 (row 4, column c) is 11; …"``).
    """
    if not isinstance(data, dict):
        raise BoardError(f"K-2: {source}: a board layout is a JSON object")
    for key in ("id", "name_fr", "name_en", "numbers"):
        if key not in data:
            raise BoardError(f"K-2: {source}: missing key {key!r}")
    board_id = data["id"]
    if not isinstance(board_id, str) or not _ID_RE.fullmatch(board_id):
        raise BoardError(f"K-2: {source}: id {board_id!r} must be lower-case letters, "
                         "digits and dashes (no spaces)")
    for key in ("name_fr", "name_en"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise BoardError(f"K-2: {source}: {key} must be a non-empty string")
    rows = data["numbers"]
    if not isinstance(rows, list) or len(rows) != SIZE:
        n = len(rows) if isinstance(rows, list) else type(rows).__name__
        raise BoardError(f"K-2: {source}: numbers must be 6 rows, found {n}")
    flat: list[int] = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != SIZE:
            n = len(row) if isinstance(row, list) else type(row).__name__
            raise BoardError(f"K-2: {source}: row {r + 1} must have 6 numbers, found {n}")
        for c, value in enumerate(row):
            if (not isinstance(value, int) or isinstance(value, bool)
                    or not 0 <= value <= MAX_NUMBER):
                raise BoardError(
                    f"K-2: {source}: cell {COLUMNS[c]}{r + 1} (row {r + 1}, column "
                    f"{COLUMNS[c]}) is {value!r}; expected a whole number from 0 to 10")
            flat.append(value)
    return Board(board_id, data["name_fr"], data["name_en"], tuple(flat))


def load_board_file(path: str | os.PathLike) -> Board:
    """Read and check one board layout file (JSON, K-2). The file's ``id`` must match
    its name (``magico-classic.json`` holds ``"magico-classic"``). A symbolic link is
    not followed and a file over :data:`MAX_BOARD_BYTES` is refused without reading it.

    :raises BoardError: ``"K-2: <path>: …"`` for a link, a file too large, unreadable
        or not JSON (also nested too deeply), or a bad shape or value.
    """
    path = Path(path)
    try:
        if path.is_symlink():
            raise BoardError(f"K-2: {path}: a symbolic link is not followed")
        size = path.stat().st_size
        if size > MAX_BOARD_BYTES:
            raise BoardError(f"K-2: {path}: too large for a board layout ({size} bytes)")
        with open(path, "rb") as f:
            raw = f.read(MAX_BOARD_BYTES + 1)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(f"K-2: {path}: cannot read the file ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise BoardError(f"K-2: {path}: not valid JSON (line {exc.lineno}, "
                         f"column {exc.colno}: {exc.msg})") from exc
    except RecursionError as exc:
        raise BoardError(f"K-2: {path}: nested too deeply to be a board layout") from exc
    board = board_from_data(data, str(path))
    if board.id != path.stem:
        raise BoardError(f"K-2: {path}: the id {board.id!r} must match the file name "
                         f"{path.stem!r}")
    return board


_problems: list[str] = []


def _note_problem(message: str) -> None:
    if message not in _problems:
        _problems.append(message)


def board_problems() -> list[str]:
    """Every board layout file skipped so far in this process because it is invalid
    (:class:`BoardError` messages, oldest first, each once), so that the screen can
    tell the player."""
    return list(_problems)


def _listing(folder: Path) -> set[str]:
    try:
        return {p.name for p in folder.iterdir()} if folder.is_dir() else set()
    except OSError:
        return set()


def _shipped_board_dir() -> Path:
    """The boards shipped with the game: ``magico/boards`` of the package
    ``ludotheque.assets`` (``assets/`` at the repository top, installed inside the
    ``ludotheque`` package by every install and by the bundle).

    Found with :func:`importlib.util.find_spec` on ``ludotheque``, which locates the
    package without running it: these rules stay free of the shell (design.md
    "Layout"). A checkout never installed has the folder beside this package.
    """
    try:
        spec = importlib.util.find_spec("ludotheque")
    except (ImportError, ValueError):
        spec = None
    for location in (spec.submodule_search_locations or []) if spec else []:
        folder = Path(location) / "assets" / "magico" / "boards"
        if folder.is_dir():
            return folder
    return Path(__file__).resolve().parent.parent / "assets" / "magico" / "boards"


#: The boards shipped with the game (see :func:`_shipped_board_dir`). The environment
#: variable ``LUDOTHEQUE_ASSETS`` (a folder holding ``magico/boards``) is searched
#: before it.
ASSET_BOARD_DIR = _shipped_board_dir()

_user_board_dirs: list[Path] = []


def register_board_dir(path: str | os.PathLike) -> None:
    """Add a folder of user board layouts (``<id>.json``), searched before the shipped
    boards (the shell may register e.g. ``user_data_dir("ludotheque")/magico/boards``).
    A folder that does not exist is simply empty."""
    p = Path(path)
    if p not in _user_board_dirs:
        _user_board_dirs.append(p)
        load_board.cache_clear()


def board_dirs() -> list[Path]:
    """Folders searched for board layouts, first match wins: registered user folders,
    then ``$LUDOTHEQUE_MAGICO_BOARDS`` (``os.pathsep``-separated), then the shipped
    boards (``$LUDOTHEQUE_ASSETS/magico/boards`` or :data:`ASSET_BOARD_DIR`)."""
    dirs = list(_user_board_dirs)
    extra = os.environ.get("LUDOTHEQUE_MAGICO_BOARDS")
    if extra:
        dirs += [Path(p) for p in extra.split(os.pathsep) if p]
    assets = os.environ.get("LUDOTHEQUE_ASSETS")
    if assets:
        dirs.append(Path(assets) / "magico" / "boards")
    dirs.append(ASSET_BOARD_DIR)
    return dirs


@lru_cache(maxsize=32)
def load_board(board_id: str = DEFAULT_BOARD) -> Board:
    """The checked board layout ``board_id`` (K-2, K-3) from the first folder of
    :func:`board_dirs` that lists ``<board_id>.json`` as a valid layout. The id is looked
    up among the files each folder lists (it never becomes a path by itself); an invalid
    file is skipped — noted in :func:`board_problems` — and the next folder tried, so a
    damaged user copy of ``magico-classic.json`` does not hide the shipped one.

    :raises BoardError: ``"K-2: …"`` if the id is malformed or no folder has a valid
        layout of that id.
    """
    if not isinstance(board_id, str) or not _ID_RE.fullmatch(board_id):
        raise BoardError(f"K-2: {board_id[:80] if isinstance(board_id, str) else board_id!r} "
                         "is not a board id")
    name = f"{board_id}.json"
    skipped = []
    for folder in board_dirs():
        if name not in _listing(folder):
            continue
        try:
            return load_board_file(folder / name)
        except BoardError as exc:
            _note_problem(str(exc))
            skipped.append(str(exc))
    if skipped:
        raise BoardError(skipped[-1])
    raise BoardError(f"K-2: no board layout {board_id!r} in "
                     + ", ".join(str(d) for d in board_dirs()))


def available_boards(errors: list[str] | None = None) -> list[Board]:
    """Every valid board layout in :func:`board_dirs` (for each id, the first folder
    with a valid file wins), ``magico-classic`` first then by id. Invalid files are
    skipped; their :class:`BoardError` messages are appended to ``errors`` when given
    and noted in :func:`board_problems`."""
    found: dict[str, Board] = {}
    for folder in board_dirs():
        for fname in sorted(_listing(folder)):
            stem = fname[:-5]
            if not fname.endswith(".json") or stem in found:
                continue
            try:
                found[stem] = load_board_file(folder / fname)
            except BoardError as exc:
                _note_problem(str(exc))
                if errors is not None:
                    errors.append(str(exc))
    return sorted(found.values(), key=lambda b: (b.id != DEFAULT_BOARD, b.id))


# --------------------------------------------------------------------------- turns

_TURN_RE = re.compile(
    r"(?P<a>\d+),(?P<b>\d+) (?:"
    r"(?P<op>(?P<x>\d+)(?P<sign>[-+*/])(?P<y>\d+))=(?P<value>\d{1,3}) "
    r"(?:(?P<cell>[a-f][1-6])|(?P<wrong>wrong))"
    r"|any (?P<any>[a-f][1-6])"
    r"|take (?P<take>[a-f][1-6])"
    r"|(?P<pass>pass))")


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
            raise IllegalTurn(f"K-N2: a turn is a text, not {type(text).__name__}")
        m = _TURN_RE.fullmatch(text)
        if not m:
            raise IllegalTurn(
                f"K-N2: {text!r} is not a turn (e.g. '5,2 5+2=7 b1', '1,4 any c3', "
                "'1,1 take e5', '6,6 pass', '5,3 5-3=2 wrong')")
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

_POS_RE = re.compile(
    r"(?P<board>\S+) (?P<rows>[.RB]{6}(?:/[.RB]{6}){5}) (?P<side>[rb]) "
    r"(?P<hr>\d+)-(?P<hb>\d+)")


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
            raise IllegalTurn(f"K-1: the first player is 'r' or 'b', not {first!r}")
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
            raise IllegalTurn(f"K-N1: a position is a text, not {type(text).__name__}")
        m = _POS_RE.fullmatch(text)
        if not m:
            raise IllegalTurn(
                f"K-N1: {text!r} is not a position: board id, six rows of six '.RB' "
                "separated by '/', side to move r or b, hands red-blue")
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
                    f"hand; they must make {TOKENS_PER_PLAYER}")
        pos = cls(board, red, blue, m["side"], hand_r, hand_b)
        if pos.to_text() != text:  # e.g. hands written '015'
            raise IllegalTurn(f"K-N1: {text!r} is not written canonically "
                              f"({pos.to_text()!r})")
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
            raise IllegalTurn("K-8: the game is over (a player has no token left in hand)")

    def play(self, turn: str | Turn) -> "Position":
        """The position after ``turn`` (a K-N2 text or a :class:`Turn`), played by
        :attr:`to_move`; the other player moves next.

        Rules checked: K-4 dice 1–6; K-5 double 1 takes an opponent token (back to its
        owner's hand) or passes if there is none; K-6 one die 1 places on any empty
        cell; K-7 an operation with the larger die first, a whole result 0–10, written
        right, on an empty cell showing it; K-7a ``wrong`` places nothing; K-7b ``pass``
        only when no operation leads to an empty cell; K-8 no turn after the end.

        :raises IllegalTurn: with the broken rule's id first, e.g.
            ``"K-7: no empty cell shows 4"``.
        """
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
                                      "take one of their tokens")
                return self._with(opp_remove=i)
            if t.kind == "pass":
                if self.tokens(opp):
                    raise IllegalTurn("K-5: double 1: the opponent has tokens on the "
                                      "board; take one (e.g. '1,1 take "
                                      f"{self.token_cells(opp)[0]}')")
                return self._with()
            raise IllegalTurn(f"K-5: double 1 takes an opponent token ('1,1 take c3') "
                              f"or passes if they have none, not {text!r}")

        if kind == "any":  # K-6
            if t.kind != "any":
                raise IllegalTurn(f"K-6: one die shows 1: place a token on any empty cell "
                                  f"('{a},{b} any c3'), not {text!r}")
            i = parse_cell(t.cell)
            if not self.empty >> i & 1:
                raise IllegalTurn(f"K-6: {t.cell} is not empty")
            return self._with(place=i)

        # K-7
        if t.kind in ("any", "take"):
            raise IllegalTurn(f"K-7: neither die shows 1: '{t.kind}' needs a 1 "
                              f"(K-5/K-6); {text!r} is not legal")
        playable = self.playable_ops(a, b)
        if t.kind == "pass":
            if playable:
                op, v = next(iter(playable.items()))
                raise IllegalTurn(f"K-7b: pass only when no operation leads to an empty "
                                  f"cell; {op}={v} → {self.cells_showing(v)[0]}")
            return self._with()
        valid = results(a, b)
        hi, lo = max(a, b), min(a, b)
        x, sign, y = re.fullmatch(r"(\d+)([-+*/])(\d+)", t.op).groups()  # type: ignore[union-attr]
        if sorted((int(x), int(y))) != sorted((a, b)):
            raise IllegalTurn(f"K-7: the operation must use the dice {a} and {b}, "
                              f"not {t.op}")
        if (int(x), int(y)) != (hi, lo):
            raise IllegalTurn(f"K-N2: write the larger die first: {hi}{sign}{lo}")
        if t.op not in valid:
            true = _apply_op(hi, sign, lo)
            why = ("is not a whole number" if true != int(true)
                   else f"= {int(true)} is not from 0 to 10")
            raise IllegalTurn(f"K-7: {t.op} {why}; choose another operation")
        true_value = valid[t.op]
        if t.kind == "wrong":
            if not playable:
                raise IllegalTurn("K-7b: no operation leads to an empty cell; the turn "
                                  f"passes ('{a},{b} pass')")
            # K-N2 writes the number the player typed. Its own example
            # '5,3 5-3=2 wrong' records a right number (5-3 is 2), so, built as written,
            # any number is accepted here: the outcome is the same, no token (K-7a).
            return self._with()
        if t.value != true_value:
            raise IllegalTurn(f"K-7a: {t.op} is {true_value}, not {t.value}; a wrong "
                              f"result places no token ('{a},{b} {t.op}={t.value} wrong')")
        i = parse_cell(t.cell)
        if not self.cells_showing(true_value):
            raise IllegalTurn(f"K-7: no empty cell shows {true_value}")
        if not self.empty >> i & 1:
            raise IllegalTurn(f"K-7: {t.cell} is not empty")
        if self.board.numbers[i] != true_value:
            raise IllegalTurn(f"K-7: {t.cell} shows {self.board.numbers[i]}, "
                              f"not {true_value}")
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
            raise ValueError(f"K-4: the dice seed is a whole number, not {seed!r}")
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
            raise ValueError(f"K-4: bad dice state {state!r}") from exc
        if not isinstance(rolls, int) or isinstance(rolls, bool) or not 0 <= rolls < 10 ** 6:
            raise ValueError(f"K-4: bad dice state {state!r}")
        dice = cls(seed)
        for _ in range(rolls):
            dice.roll()
        return dice
