"""What a person is doing on the Glissando board, as typed objects (pure: no pygame, no
shell; the scene maps input to these calls and draws their state).

* :class:`Board` — the turn in progress of the position shown (G-3 place, G-4 slide,
  G-5 remove), the keyboard cursor, the selected pawn, the removal's first pick and the
  pointer's :class:`Drag`. :meth:`Board.reset` is the only way to show another
  position, and it drops everything computed for the old one: a drag whose moves were
  computed for a position that changed (the computer played, undo) can never be drawn
  or released (the fuzz's ``KeyError None`` in the ghost).
* :class:`Step` and :func:`staged` — the computer's turn shown step by step
  (placement, slide, removal), and :func:`slide_step` for a person's slide.
* :func:`changed_cells`, :func:`scored_line`, :func:`move_rows` — what the last turn did,
  for the rings on the board, the scored five and the move list.

Refusals are the rules' :class:`glissando.rules.IllegalTurn` (with ``rule`` and
``code``); the controller never swallows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from glissando.rules import BLUE, ORANGE, IllegalTurn, Position, Turn, TurnInProgress, parse_cell
from glissando.view import cursor_step, drag_direction, nearest

PLACE_S = 0.25          # the computer's placement shown before its slide, s
REMOVE_S = 0.8          # the computer's removal shown before it happens, s
SLIDE_CELL_S = 0.07     # slide animation, s per cell travelled
SLIDE_MAX_S = 0.45


@dataclass
class Drag:
    """A pawn pressed for a slide (G-4), computed for one turn in progress ``tip``.

    ``sq``: the pressed pawn's square; ``origin``: where the pointer went down (design
    px); ``dir``: the direction picked so far (None: not moved far enough); ``moves``:
    ``[(from, to)]`` of every pawn the slide would move (the ghosts); ``error``: the
    rules' refusal of that slide (G-4, G-4d)."""
    sq: int
    origin: tuple[float, float]
    tip: TurnInProgress
    dir: str | None = None
    moves: list[tuple[int, int]] | None = None
    error: IllegalTurn | None = None

    def follow(self, pos) -> bool:
        """The pointer is at ``pos``: pick the direction and the slide's moves.
        :returns: True when the direction changed (the preview must be drawn again)."""
        d = drag_direction(self.origin, pos)
        if d == self.dir:
            return False
        self.dir, self.moves, self.error = d, None, None
        if d is not None:
            try:
                self.moves = self.tip.slide_moves(self.sq, d)
            except IllegalTurn as exc:
                self.error = exc
        return True

    @property
    def target(self) -> int | None:
        """Where the pressed pawn would end (None: no legal slide picked)."""
        return dict(self.moves).get(self.sq) if self.moves else None


@dataclass
class Board:
    """The board a person plays on: the turn in progress of :attr:`position`.

    :ivar tip: the :class:`~glissando.rules.TurnInProgress` (None once the game is over).
    :ivar cursor: the keyboard cursor's square; :ivar show_cursor: shown or not.
    :ivar hover: the square under the pointer (None off the board).
    :ivar selected: the pawn selected for a keyboard slide; :ivar first_pick: the first
        pawn picked for removal (G-5c).
    """
    position: Position
    tip: TurnInProgress | None = None
    cursor: int = 27                                  # d4
    show_cursor: bool = False
    hover: int | None = None
    selected: int | None = None
    first_pick: int | None = None
    _drag: Drag | None = field(default=None, repr=False)

    def __post_init__(self):
        self.reset(self.position)

    # ------------------------------------------------------------ the position
    def reset(self, position: Position) -> None:
        """Show ``position`` with a fresh turn (or none once over): the drag, the
        selection and the removal pick, all computed for the old one, are dropped."""
        self.position = position
        self.tip = None if position.is_terminal() else position.begin()
        self._drag = None
        self.selected = self.first_pick = None

    def show(self, tip: TurnInProgress) -> None:
        """Show a later step of the same turn (the computer's staged turn, a slide that
        ended); a drag made for the step before is dropped."""
        self.tip = tip
        self._drag = None

    @property
    def stage(self) -> str | None:
        """``"place"``, ``"slide"``, ``"remove"``, ``"done"``, or None once over."""
        return None if self.tip is None else self.tip.stage

    @property
    def drag(self) -> Drag | None:
        """The drag in progress, only while the turn it was computed for is shown."""
        d = self._drag
        return d if d is not None and d.tip is self.tip else None

    # ------------------------------------------------------------ the steps of a turn
    def place(self, sq: int) -> None:
        """G-3: place the mover's pawn on ``sq``; the pawn just placed is then selected
        for a keyboard slide (G-4: the arrows slide it). :raises IllegalTurn: G-3."""
        self.show(self.tip.place(sq))
        self.selected = sq

    def press(self, sq: int, pos) -> bool:
        """The pointer went down on ``sq`` in the slide step: a drag starts when it holds
        one of the mover's pawns (G-4). :returns: True when it does."""
        if self.stage != "slide" or self.tip.at(sq) != self.position.to_move:
            return False
        self._drag = Drag(sq, tuple(pos), self.tip)
        return True

    def drag_to(self, pos) -> bool:
        """The pointer moved to ``pos`` during a drag. :returns: True when the preview
        (direction, ghosts) changed."""
        d = self.drag
        return d.follow(pos) if d is not None else False

    def release(self, pos):
        """The pointer came up at ``pos``: ``("select", sq)`` (it did not move: the pawn
        is selected or unselected for the keyboard), ``("slide", sq, d)`` (a legal slide
        to play), ``("refused", IllegalTurn)``, or None when no drag was on."""
        d, self._drag = self.drag, None
        if d is None:
            return None
        d.follow(pos)
        if d.dir is None:
            self.selected = None if self.selected == d.sq else d.sq
            return ("select", d.sq)
        if d.error is not None:
            return ("refused", d.error)
        return ("slide", d.sq, d.dir)

    def check_slide(self, sq: int, d: str) -> list[tuple[int, int]]:
        """The moves of a slide, checked. :raises IllegalTurn: G-4 / G-4d."""
        return self.tip.slide_moves(sq, d)

    def slide(self, sq: int, d: str) -> None:
        """G-4: slide (the animation is over). :raises IllegalTurn: G-4 / G-4d."""
        self.show(self.tip.slide(sq, d))
        self.selected = None

    def skip(self) -> None:
        """G-4: no slide."""
        self.show(self.tip.skip_slide())
        self.selected = None

    def pick(self, sq: int) -> bool:
        """G-5/G-5c: pick a pawn of the scoring line (picking the first again drops it).
        :returns: True when the second pick completed the turn.
        :raises IllegalTurn: ``not-one-line`` (G-5c) for a pawn that cannot go."""
        if self.first_pick == sq:
            self.first_pick = None
            return False
        if sq not in self.tip.removable_with(self.first_pick):
            raise IllegalTurn("G-5c: pick two pawns of the same line of five", code="not-one-line")
        if self.first_pick is None:
            self.first_pick = sq
            return False
        self.show(self.tip.remove(self.first_pick, sq))
        self.first_pick = None
        return True

    # ------------------------------------------------------------ the keyboard
    def move_cursor(self, d: str) -> None:
        """An arrow key: show the cursor (first on the legal placement nearest it,
        G-3), then move it one cell."""
        if self.show_cursor:
            self.cursor = cursor_step(self.cursor, d)
        else:
            self.show_cursor = True
            if self.stage == "place":
                self.cursor = nearest(self.cursor, self.position.placement_mask())

    def reveal_cursor(self) -> bool:
        """Enter/Space with the cursor hidden: show it (on a legal placement).
        :returns: True when it was hidden."""
        if self.show_cursor:
            return False
        self.show_cursor = True
        if self.stage == "place":
            self.cursor = nearest(self.cursor, self.position.placement_mask())
        return True

    def cancel(self) -> bool:
        """Esc: drop the selection and the removal pick. :returns: True if one was on."""
        had = self.selected is not None or self.first_pick is not None
        self.selected = self.first_pick = None
        return had


# ------------------------------------------------------------------ timed steps

@dataclass(frozen=True)
class Step:
    """One timed step of a turn shown on the board.

    ``kind``: ``"place"`` (rings close on the new pawn), ``"slide"`` (``moves`` glide),
    ``"remove"`` (the scored five flashes, ``cells`` crossed out); ``seconds``: its
    length; ``shown``: the turn in progress drawn during the step; ``sound``: played as
    it starts (the shell's sound names)."""
    kind: str
    seconds: float
    shown: TurnInProgress
    moves: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    sound: str | None = None


def slide_step(tip: TurnInProgress, sq: int, d: str) -> Step:
    """The animation of slide ``sq``/``d`` from ``tip`` (G-4: the chain glides, longer
    for a longer way). :raises IllegalTurn: G-4 / G-4d."""
    moves = tip.slide_moves(sq, d)
    dist = max(abs(a - b) // (8 if d in "^v" else 1) for a, b in moves)
    return Step("slide", min(SLIDE_MAX_S, SLIDE_CELL_S * dist + 0.08), tip,
                tuple(moves), sound="slide")


def staged(position: Position, text: str) -> tuple[list[Step], TurnInProgress]:
    """The computer's turn ``text`` (G-N2) shown step by step: the placement, the slide
    if any, the removal if it scores. :returns: ``(steps, the finished turn)``.
    :raises IllegalTurn: when ``text`` is not legal in ``position``."""
    turn = Turn.parse(text)
    tip = position.begin().place(turn.place)
    steps = [Step("place", PLACE_S, tip, cells=(turn.place,), sound="knock")]
    if turn.slide is not None:
        steps.append(slide_step(tip, *turn.slide))
        tip = tip.slide(*turn.slide)
    else:
        tip = tip.skip_slide()
    if tip.stage == "remove":
        steps.append(Step("remove", REMOVE_S, tip, cells=tuple(turn.removes or ()), sound="score"))
        tip = tip.remove(*turn.removes)
    return steps, tip


# ------------------------------------------------------------------ the last turn

def changed_cells(before: Position, after: Position, text: str) -> tuple[list[int], list[int]]:
    """Where turn ``text`` changed the board: ``(arrived, left)`` — squares that now hold
    a pawn they did not (placed, slid or pushed there, G-3/G-4), and squares emptied
    (slid away from, removed, G-5) or where the pawn was placed before it slid."""
    arrived = (after.blue & ~before.blue) | (after.orange & ~before.orange)
    left = (before.blue | before.orange) & ~(after.blue | after.orange)
    try:
        placed = parse_cell(text.split()[0])
        if not arrived >> placed & 1:
            left |= 1 << placed
    except (IndexError, ValueError):
        pass
    return ([sq for sq in range(64) if arrived >> sq & 1],
            [sq for sq in range(64) if left >> sq & 1])


def scored_line(before: Position, text: str) -> tuple[int, ...] | None:
    """The line of five (or more) that turn ``text`` scored with (G-5), squares in line
    order — the run holding both removed pawns; None when the turn did not score."""
    try:
        turn = Turn.parse(text)
        if turn.removes is None:
            return None
        tip = before.begin().place(turn.place)
        tip = tip.slide(*turn.slide) if turn.slide is not None else tip.skip_slide()
    except ValueError:
        return None
    runs = tip.scoring_runs()
    for run in runs:
        if set(turn.removes) <= set(run):
            return tuple(run)
    return tuple(runs[0]) if runs else None


def move_rows(first: str, turns, hinted=()) -> list[tuple[int, str, str, bool]]:
    """The move list: ``(number from 1, side, G-N2 text, played after a hint)`` per turn,
    sides alternating from ``first`` (G-2)."""
    hinted = set(hinted)
    side, rows = first, []
    for i, text in enumerate(turns):
        rows.append((i + 1, side, text, i in hinted))
        side = ORANGE if side == BLUE else BLUE
    return rows


# ------------------------------------------------------------------ hints (worker side)

def find_hint(position_text: str, seconds: float = 1.0):
    """A hint for the side to move of the G-N1 ``position_text`` (runs in the AI worker:
    text in, plain tuple out): ``(G-N2 turn, template key, parameters)`` from
    :func:`glissando.hints.hint` and :func:`glissando.hints.reason_text`, ``seconds`` of
    search. :raises IllegalTurn: the position does not read, or the game is over."""
    from glissando import hints

    h = hints.hint(Position.from_text(position_text), time_limit=seconds)
    key, params = hints.reason_text(h)
    return h.turn, key, params


def review_game(start_text: str, turns: list[str]) -> dict:
    """Review a finished game in the AI worker (text in, plain data out), from
    :func:`glissando.review.review`: ``{"mistakes": [{"index", "side", "turn",
    "better", "point", "decisive"}…], "decisive": index of the decisive mistake or None,
    "seconds": wall time}``. :raises IllegalTurn: a turn that does not replay."""
    from glissando import review

    r = review.review(Position.from_text(start_text), list(turns))
    return {"mistakes": [{"index": m.index, "side": m.side, "turn": m.turn, "better": m.better,
                          "point": m.point, "decisive": m.decisive} for m in r.mistakes],
            "decisive": None if r.decisive is None else r.decisive.index,
            "seconds": r.seconds}


@dataclass
class Replay:
    """Stepping through a finished game (the review, issue 17 §3): ``k`` turns shown
    played of ``len(turns)``; ``positions[k]`` is drawn.

    :param start: the position before the first turn. :param turns: G-N2 texts.
    :raises IllegalTurn: a turn that does not replay."""
    start: Position
    turns: list[str]
    k: int = 0
    positions: list[Position] = field(default_factory=list)

    def __post_init__(self):
        self.positions = [self.start]
        for t in self.turns:
            self.positions.append(self.positions[-1].play(t))
        self.k = min(max(0, self.k), len(self.turns))

    def go(self, k: int) -> bool:
        """Show ``k`` turns played (held in 0…len). :returns: True when ``k`` changed."""
        k = min(max(0, k), len(self.turns))
        changed, self.k = k != self.k, k
        return changed

    @property
    def position(self) -> Position:
        return self.positions[self.k]

    @property
    def last(self) -> tuple[Position, Position, str] | None:
        """``(before, after, text)`` of the last turn shown, or None at the start."""
        if self.k == 0:
            return None
        return self.positions[self.k - 1], self.positions[self.k], self.turns[self.k - 1]
