"""Magico's board layouts (K-2, K-3): the 6×6 grid of numbers, its runs, and where
layout files are found and checked — pure Python, no pygame, no shell.

Moved out of :mod:`magico.rules` (issue 14 §2), which re-exports every name here, so
``from magico.rules import load_board`` keeps working.

A layout file is JSON: ``{"id": "magico-classic", "name_fr": …, "name_en": …,
"numbers": [[6 whole numbers 0–10] × 6]}``; the shipped ones are in
``assets/magico/boards``, a player's own in the folders given to
:func:`register_board_dir`.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = [
    "SIZE", "COLUMNS", "TARGET_SUM", "MAX_NUMBER", "DEFAULT_BOARD", "POINTS",
    "RuleError", "BoardError", "Board", "Run", "cell_name",
    "load_board", "load_board_file", "board_from_data", "available_boards",
    "board_dirs", "register_board_dir", "ASSET_BOARD_DIR", "board_problems", "clear_board_problems",
    "MAX_BOARD_BYTES",
]

SIZE = 6                      #: K-2 the board is 6×6
COLUMNS = "abcdef"            #: K-2 column letters, left to right
TARGET_SUM = 15               #: K-9 a run scores when its numbers sum to 15
MAX_NUMBER = 10               #: K-2 / K-7 numbers and results are whole numbers 0–10
DEFAULT_BOARD = "magico-classic"  #: K-3

#: K-9 points of a scoring run by direction.
POINTS = {"horizontal": 10, "vertical": 10, "diagonal": 25, "antidiagonal": 25}


class RuleError(ValueError):
    """A refusal by Magico's rules, with the rule it applies (decision 5).

    The message starts with the rule id (``"K-7: no empty cell shows 4"``).

    :ivar rule: the rule id (``"K-7"``); :ivar code: a short machine-readable reason
        (``"no-cell-shows"``) — scenes choose their text by it, never by the English
        message; :ivar detail: the message after the rule id.
    """

    def __init__(self, message: str, code: str = "illegal", rule: str | None = None):
        super().__init__(message)
        head, sep, rest = message.partition(": ")
        self.rule = rule or (head if sep and head.startswith("K-") else "K-N2")
        self.code = code
        self.detail = rest if sep else message

    def __reduce__(self):       # travels from the AI worker process intact
        return (type(self), (str(self), self.code, self.rule))


class BoardError(RuleError):
    """A board layout file that is not a 6×6 grid of whole numbers 0–10 (K-2); the
    message starts with ``K-2`` and names the file and, where it applies, the cell.

    Codes: ``not-an-object``, ``missing-key``, ``bad-id``, ``bad-name``, ``bad-rows``,
    ``bad-row``, ``bad-number``, ``link``, ``too-large``, ``unreadable``, ``not-json``,
    ``too-deep``, ``id-mismatch``, ``unknown-board``."""


def cell_name(index: int) -> str:
    """Name of cell ``index`` (0–35, row-major from the top-left): ``0 → "a1"``,
    ``35 → "f6"`` (K-2)."""
    row, col = divmod(index, SIZE)
    return f"{COLUMNS[col]}{row + 1}"



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
        return tuple(i for i in range(SIZE * SIZE) if self.mask >> i & 1)  # type: ignore[return-value]


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
            from magico.rules import parse_cell   # raises IllegalTurn (K-2), a rules error

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
        raise BoardError(f"K-2: {source}: a board layout is a JSON object", code="not-an-object")
    for key in ("id", "name_fr", "name_en", "numbers"):
        if key not in data:
            raise BoardError(f"K-2: {source}: missing key {key!r}", code="missing-key")
    board_id = data["id"]
    if not isinstance(board_id, str) or not _ID_RE.fullmatch(board_id):
        raise BoardError(f"K-2: {source}: id {board_id!r} must be lower-case letters, "
                         "digits and dashes (no spaces)", code="bad-id")
    for key in ("name_fr", "name_en"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise BoardError(f"K-2: {source}: {key} must be a non-empty string", code="bad-name")
    rows = data["numbers"]
    if not isinstance(rows, list) or len(rows) != SIZE:
        n = len(rows) if isinstance(rows, list) else type(rows).__name__
        raise BoardError(f"K-2: {source}: numbers must be 6 rows, found {n}", code="bad-rows")
    flat: list[int] = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != SIZE:
            n = len(row) if isinstance(row, list) else type(row).__name__
            raise BoardError(f"K-2: {source}: row {r + 1} must have 6 numbers, found {n}", code="bad-row")
        for c, value in enumerate(row):
            if (not isinstance(value, int) or isinstance(value, bool)
                    or not 0 <= value <= MAX_NUMBER):
                raise BoardError(
                    f"K-2: {source}: cell {COLUMNS[c]}{r + 1} (row {r + 1}, column "
                    f"{COLUMNS[c]}) is {value!r}; expected a whole number from 0 to 10", code="bad-number")
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
            raise BoardError(f"K-2: {path}: a symbolic link is not followed", code="link")
        size = path.stat().st_size
        if size > MAX_BOARD_BYTES:
            raise BoardError(f"K-2: {path}: too large for a board layout ({size} bytes)", code="too-large")
        with open(path, "rb") as f:
            raw = f.read(MAX_BOARD_BYTES + 1)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(f"K-2: {path}: cannot read the file ({exc})", code="unreadable") from exc
    except json.JSONDecodeError as exc:
        raise BoardError(f"K-2: {path}: not valid JSON (line {exc.lineno}, "
                         f"column {exc.colno}: {exc.msg})", code="not-json") from exc
    except RecursionError as exc:
        raise BoardError(f"K-2: {path}: nested too deeply to be a board layout", code="too-deep") from exc
    board = board_from_data(data, str(path))
    if board.id != path.stem:
        raise BoardError(f"K-2: {path}: the id {board.id!r} must match the file name "
                         f"{path.stem!r}", code="id-mismatch")
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


def clear_board_problems() -> None:
    """Forget the skipped layouts noted so far: the next skip is noted afresh (a test
    starts with none, as a new process does)."""
    _problems.clear()


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
    package without running it: the rules stay free of the shell (design.md "Layout").
    A checkout never installed has the folder beside this package.
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
                         "is not a board id", code="bad-id")
    name = f"{board_id}.json"
    skipped = []
    for folder in board_dirs():
        if name not in _listing(folder):
            continue
        try:
            return load_board_file(folder / name)
        except BoardError as exc:
            _note_problem(str(exc))
            skipped.append(exc)
    if skipped:
        raise skipped[-1]
    raise BoardError(f"K-2: no board layout {board_id!r} in "
                     + ", ".join(str(d) for d in board_dirs()), code="unknown-board")


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

