"""The state protocol every turn-based game's rules offer (docs/games-api.md "The state
protocol"), in the spirit of OpenSpiel's ``State``. The shell's session uses only this;
the rules modules do not import it (rules never import the shell): they match it by shape.

A state is immutable: :meth:`GameState.play` returns a new one, so a list of states is
the undo stack and a start text plus the turn texts is the save.
"""

from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

CHANCE = "chance"
"""What :meth:`GameState.current_player` returns at a chance node (dice to roll)."""


@runtime_checkable
class Outcome(Protocol):
    """The end of a game, typed (each rules module has its own frozen dataclass).

    ``winner``: the winning side's id, or None for a draw; ``scores``: one number per
    side, in the rules' side order; ``rule``: the rule id that ended the game.
    """

    winner: str | None
    scores: tuple
    rule: str


@runtime_checkable
class GameState(Protocol):
    """One position of a game between two sides, as the session and the AIs see it.

    ``to_move``: the side whose turn it is (also while its dice are still to be rolled).
    """

    to_move: str

    def current_player(self) -> str | None:
        """Who acts now: a side id, :data:`CHANCE` when dice must be rolled, None once over."""

    def legal_actions(self) -> Sequence[str]:
        """The legal actions as text (turn texts; roll texts at a chance node)."""

    def play(self, action: str) -> "GameState":
        """The state after ``action`` (text). :raises ValueError: the rules module's refusal
        (``.rule``, ``.code``), self unchanged."""

    def is_terminal(self) -> bool:
        """True once the game is over."""

    def outcome(self) -> Outcome | None:
        """The typed result once over, else None."""

    def to_text(self) -> str:
        """The state in the game's notation; ``type(s).from_text(s.to_text())`` equals ``s``."""
