"""Magico's turn as a typed state machine (pure: no pygame, no shell).

A turn walks through :class:`Phase` values; :data:`TRANSITIONS` lists every move the
machine allows and :meth:`TurnController.to` refuses any other (:class:`PhaseError`),
so a scene can never, say, place a token while the dice are still rolling.

* ``ROLL`` — waiting for the roll (K-4); ``ROLLING`` — the dice tumble;
* after the roll, one of: ``CHOOSE`` an operation (K-7), then ``TYPE`` its result, then
  ``PLACE`` on a glowing cell; ``PLACE`` straight away when one die shows 1 (K-6);
  ``TAKE`` an opponent's token on a double 1 (K-5); ``PASS`` when nothing can be placed
  (K-7b, or K-5 with nothing to take);
* ``WRONG`` — a wrong result was typed (K-7a): the turn is played (no token) and its
  correction is held on screen until the player has read it;
* ``AI`` — the computer's turn, shown step by step;
* ``OVER`` — the end (K-8 … K-10); ``REVIEW`` — stepping through the finished game.

The controller holds the turn being built (dice, operation, typed result, glowing cells,
keyboard cursor) and turns what the player does into a K-N2 turn text; the scene commits
that text through the session (``GameSession.commit``), which asks the rules.

K-7 and the assisted calculation: a player without *calcul assisté* may pick any of
the four operations — the controller never tells them beforehand which results are
whole numbers from 0 to 10 on a free cell (that is the player's mental arithmetic);
after the result is typed it says why an operation cannot be used. With *calcul
assisté* only the usable results are offered (:meth:`TurnController.offered_ops`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from magico.rules import SIZE, Position, Turn, cell_name, other, parse_cell, results

__all__ = ["Phase", "TRANSITIONS", "PhaseError", "Typed", "TurnController", "OPS", "first_player",
           "choose_first"]

OPS = ("+", "-", "*", "/")
"""The four operations of K-7 in button order (K-N2 ASCII)."""


class Phase(str, enum.Enum):
    """The phases of a Magico turn (a ``str`` enum: ``Phase.ROLL == "roll"``)."""

    ROLL = "roll"
    ROLLING = "rolling"
    CHOOSE = "choose"
    TYPE = "type"
    PLACE = "place"
    TAKE = "take"
    PASS = "pass"
    WRONG = "wrong"
    AI = "ai"
    OVER = "over"
    REVIEW = "review"


_AFTER_ROLL = frozenset({Phase.CHOOSE, Phase.PLACE, Phase.TAKE, Phase.PASS, Phase.AI})
TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    Phase.ROLL: frozenset({Phase.ROLLING, Phase.OVER}),
    Phase.ROLLING: _AFTER_ROLL,
    Phase.CHOOSE: frozenset({Phase.TYPE, Phase.PLACE, Phase.CHOOSE, Phase.ROLL}),
    Phase.TYPE: frozenset({Phase.PLACE, Phase.WRONG, Phase.CHOOSE, Phase.ROLL}),
    Phase.PLACE: frozenset({Phase.ROLL, Phase.OVER, Phase.CHOOSE}),
    Phase.TAKE: frozenset({Phase.ROLL, Phase.OVER}),
    Phase.PASS: frozenset({Phase.ROLL}),
    Phase.WRONG: frozenset({Phase.ROLL}),
    Phase.AI: frozenset({Phase.ROLL, Phase.OVER}),
    Phase.OVER: frozenset({Phase.REVIEW}),
    Phase.REVIEW: frozenset({Phase.OVER}),
}
"""Every phase change allowed. A roll resumed from a save, or the dice kept by an undo,
go ``ROLL`` → ``ROLLING`` → the phase after the roll, as a fresh roll does;
:meth:`TurnController.new_turn` starts each turn at ``ROLL`` (or ``OVER``)."""


class PhaseError(RuntimeError):
    """A phase change that :data:`TRANSITIONS` does not allow (a bug in the caller)."""


def first_player(seed: int) -> str:
    """Who plays first, drawn with ``random.Random(seed)`` so a seed repeats it
    (``"r"`` or ``"b"``; the rulebook is silent, done as Glissando's G-2)."""
    import random

    return random.Random(seed).choice(("r", "b"))


def choose_first(seed: int, fixed: object = "random") -> str:
    """The first player: ``fixed`` (``"r"`` or ``"b"``) when the game's option fixes it
    (a rematch alternates it), else :func:`first_player` of ``seed``."""
    return fixed if fixed in ("r", "b") else first_player(seed)


@dataclass(frozen=True)
class Typed:
    """What a submitted result led to (:meth:`TurnController.submit`).

    ``kind``: ``"right"`` (the cells showing it glow, phase ``PLACE``), ``"wrong"`` (K-7a:
    ``turn`` is the K-N2 text to commit, phase ``WRONG``), ``"unusable"`` (a right or
    wrong result of an operation that cannot be used — not a whole number 0–10, K-7, or
    no free cell shows it; back to ``CHOOSE``; ``code`` ``"not-whole"``, ``"out-of-range"``
    or ``"no-cell-shows"``), ``"refused"`` (the text is not a whole number: ``code`` from
    :class:`ludotheque.textsafe.TextRefused`, ``"empty"`` when nothing was typed; the phase
    stays ``TYPE``). ``right``: the operation's true result (None when not whole).
    """

    kind: str
    code: str = ""
    turn: str | None = None
    typed: int | None = None
    right: float | int | None = None


def true_result(op: str) -> float | int:
    """The exact value of an operation text (``"5/2"`` → 2.5, ``"6*5"`` → 30)."""
    import re

    hi, sign, lo = re.fullmatch(r"(\d+)([-+*/])(\d+)", op).groups()   # type: ignore[union-attr]
    hi, lo = int(hi), int(lo)
    value = {"+": hi + lo, "-": hi - lo, "*": hi * lo, "/": hi / lo}[sign]
    return int(value) if value == int(value) else value


class TurnController:
    """The turn being built, and its phase.

    :ivar phase: the :class:`Phase` now. :ivar dice: the roll of this turn (None before it).
    :ivar op: the chosen operation (K-N2, larger die first, ``"5*2"``), or None.
    :ivar value: its result once typed right (or the value of a wrong result).
    :ivar glow: indices (0–35) of the cells the player may click now.
    :ivar mover: the side whose turn is shown (still the erring side during ``WRONG``).
    :ivar wrong: during ``WRONG``: ``(op, typed, right)``.
    :ivar cursor, show_cursor: the keyboard cursor (cell index) and whether it is drawn.
    :ivar hint_level: hints asked for during this turn (0–3); :ivar hinted: a hint was
        asked for during this turn (decision 13: the turn is marked).
    """

    def __init__(self, phase: Phase = Phase.ROLL):
        self.phase = phase
        self.dice: tuple[int, int] | None = None
        self.op: str | None = None
        self.value: int | None = None
        self.glow: frozenset[int] = frozenset()
        self.mover: str | None = None
        self.wrong: tuple[str, int, int] | None = None
        self.cursor = 14
        self.show_cursor = False
        self.hint_level = 0
        self.hinted = False
        self.pass_kind: str | None = None   # "nothing-to-take" (K-5) or "no-cell" (K-7b)

    # ----------------------------------------------------------------- phases
    def to(self, phase: Phase) -> None:
        """Change to ``phase``. :raises PhaseError: not in :data:`TRANSITIONS`."""
        phase = Phase(phase)
        if phase is not self.phase and phase not in TRANSITIONS[self.phase]:
            raise PhaseError(f"Magico: no change from {self.phase.value} to {phase.value}")
        self.phase = phase

    def new_turn(self, position: Position) -> None:
        """The next player's turn starts (``ROLL``), or the end (``OVER``, K-8)."""
        self.dice = self.op = self.value = self.wrong = self.pass_kind = None
        self.glow = frozenset()
        self.show_cursor = False
        self.hint_level, self.hinted = 0, False
        self.mover = position.to_move
        self.phase = Phase.OVER if position.is_over else Phase.ROLL

    def rolling(self, dice: tuple[int, int]) -> None:
        """K-4: the dice were rolled and tumble (``ROLLING``)."""
        self.to(Phase.ROLLING)
        self.dice = (int(dice[0]), int(dice[1]))

    def landed(self, position: Position, *, computer: bool) -> Phase:
        """The dice show :attr:`dice`: what the roll allows for the side to move (K-5, K-6,
        K-7, K-7b), or ``AI`` for the computer. :returns: the new phase."""
        a, b = self.dice
        self.mover = position.to_move
        self.op = self.value = None
        self.glow = frozenset()
        if computer:
            self.to(Phase.AI)
            return self.phase
        kind = position.roll_kind(a, b)
        if kind == "take":                                              # K-5
            cells = position.legal_cells(a, b)
            if cells:
                self.glow = frozenset(parse_cell(c) for c in cells)
                self.to(Phase.TAKE)
            else:
                self.pass_kind = "nothing-to-take"
                self.to(Phase.PASS)
        elif kind == "any":                                             # K-6
            self.glow = frozenset(parse_cell(c) for c in position.legal_cells(a, b))
            self.to(Phase.PLACE)
        elif not position.playable_ops(a, b):                           # K-7b
            self.pass_kind = "no-cell"
            self.to(Phase.PASS)
        else:
            self.to(Phase.CHOOSE)
        return self.phase

    # ----------------------------------------------------------------- K-7
    def all_ops(self) -> list[str]:
        """The four operations on the dice, larger die first (``["5+2", "5-2", "5*2", "5/2"]``)."""
        a, b = self.dice
        hi, lo = max(a, b), min(a, b)
        return [f"{hi}{s}{lo}" for s in OPS]

    def offered_ops(self, position: Position, assisted: bool) -> list[tuple[str, bool]]:
        """The operation buttons: ``(op, enabled)``. Assisted (K-7a *calcul assisté*): only
        the operations whose result a free cell shows, all enabled. Otherwise all four,
        all enabled: greying the impossible ones would do the arithmetic (K-7) for the
        player (issue 13 §3)."""
        if assisted:
            return [(op, True) for op in position.playable_ops(*self.dice)]
        return [(op, True) for op in self.all_ops()]

    def choose(self, op: str) -> bool:
        """Pick operation ``op`` (one of :meth:`all_ops`) and ask for its result (``TYPE``).
        :returns: False outside ``CHOOSE`` or for another text."""
        if self.phase is not Phase.CHOOSE or op not in self.all_ops():
            return False
        self.op = op
        self.to(Phase.TYPE)
        return True

    def choose_assisted(self, position: Position, op: str) -> bool:
        """*Calcul assisté*: pick a shown result (no typing): its cells glow (``PLACE``)."""
        if self.phase is not Phase.CHOOSE or op not in position.playable_ops(*self.dice):
            return False
        self.op = op
        self.value = results(*self.dice)[op]
        self.glow = frozenset(parse_cell(c) for c in position.cells_showing(self.value))
        self.to(Phase.PLACE)
        return True

    def back_to_choose(self) -> bool:
        """Another operation (Esc while typing, or after an unusable one)."""
        if self.phase not in (Phase.TYPE, Phase.CHOOSE, Phase.PLACE) or (
                self.phase is Phase.PLACE and self.op is None):
            return False
        self.op = self.value = None
        self.glow = frozenset()
        self.to(Phase.CHOOSE)
        return True

    def submit(self, position: Position, typed: int) -> Typed:
        """The player confirms ``typed`` (a whole number ≥ 0, read from what they typed by
        the scene with ``ludotheque.textsafe.parse_whole_number``) as the result of
        :attr:`op` (K-7, K-7a). :returns: what it led to (:class:`Typed`)."""
        if self.phase is not Phase.TYPE or self.op is None:
            return Typed("refused", "not-typing")
        if not isinstance(typed, int) or isinstance(typed, bool) or typed < 0:
            return Typed("refused", "not-a-number")
        a, b = self.dice
        true = true_result(self.op)
        valid = results(a, b)
        if self.op not in valid:                                        # K-7: not whole / 0–10
            code = "not-whole" if true != int(true) else "out-of-range"
            self.back_to_choose()
            return Typed("unusable", code, typed=typed, right=true)
        right = valid[self.op]
        if typed != right:                                              # K-7a
            self.value = typed
            self.wrong = (self.op, typed, right)
            self.glow = frozenset()
            self.to(Phase.WRONG)
            return Typed("wrong", "wrong-result", turn=f"{a},{b} {self.op}={typed} wrong",
                         typed=typed, right=right)
        if not position.cells_showing(right):                           # K-7: no free cell
            self.back_to_choose()
            return Typed("unusable", "no-cell-shows", typed=typed, right=right)
        self.value = right
        self.glow = frozenset(parse_cell(c) for c in position.cells_showing(right))
        self.to(Phase.PLACE)
        return Typed("right", turn=None, typed=typed, right=right)

    # ----------------------------------------------------------------- cells
    def turn_for_cell(self, i: int) -> str | None:
        """The K-N2 turn a click on cell ``i`` plays (``PLACE``: K-6/K-7; ``TAKE``: K-5),
        or None when that cell does nothing now."""
        if i not in self.glow or self.dice is None:
            return None
        a, b = self.dice
        name = cell_name(i)
        if self.phase is Phase.TAKE:
            return f"{a},{b} take {name}"
        if self.phase is not Phase.PLACE:
            return None
        if self.op is None:
            return f"{a},{b} any {name}"
        return f"{a},{b} {self.op}={self.value} {name}"

    def pass_turn(self) -> str | None:
        """The K-N2 pass the rules impose (K-7b, K-5 with nothing to take), in ``PASS``."""
        if self.phase is not Phase.PASS:
            return None
        a, b = self.dice
        return f"{a},{b} pass"

    def move_cursor(self, dr: int, dc: int) -> None:
        """Arrow keys: the first press jumps to the first glowing cell, then the cursor
        moves one cell (wrapping round the board)."""
        if not self.show_cursor and self.glow:
            self.cursor = min(self.glow)
        else:
            r, c = divmod(self.cursor, SIZE)
            self.cursor = ((r + dr) % SIZE) * SIZE + (c + dc) % SIZE
        self.show_cursor = True

    # ----------------------------------------------------------------- undo
    @staticmethod
    def undo_refusal(phase: Phase, computer_to_move: bool = False,
                     taken_back: list[str] | None = None) -> str | None:
        """Why undo is refused in ``phase`` (a code for :func:`magico.texts.undo_refused`),
        or None when it may be asked. Undo takes back whole turns before the next roll
        (K-4): refused once the dice are rolled (``"after-roll"``), during the computer's
        turn (``computer_to_move``: ``"computer-turn"`` — wait for it to end, then undo
        takes back its turn and yours), once the game is over (``"game-over"``). Given
        ``taken_back`` (the turns undo would take back, oldest first:
        ``GameSession.undo_turns``): ``"nothing"`` when empty, ``"forced-pass"`` when the
        first is a forced pass (K-5, K-7b: the same dice would pass again)."""
        if phase in (Phase.OVER, Phase.REVIEW):
            return "game-over"
        if computer_to_move or phase not in (Phase.ROLL, Phase.ROLLING, Phase.CHOOSE, Phase.TYPE,
                                             Phase.PLACE, Phase.TAKE, Phase.PASS, Phase.WRONG):
            return "computer-turn"
        if phase is not Phase.ROLL:
            return "after-roll"
        if taken_back is not None and not taken_back:
            return "nothing"
        if taken_back and Turn.parse(taken_back[0]).kind == "pass":
            return "forced-pass"
        return None


def opponent(side: str) -> str:
    """The other side (K-1)."""
    return other(side)
