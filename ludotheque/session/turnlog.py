"""The turn log: a game as its start state plus its turns in text notation (pure).

After python-chess's move stack: undo, replay and saving are the same list. A saved
game is its start text and its turn texts, replayed through the rules on load — never a
pickled state (design.md "Runtime conventions"). The states are kept, one per turn, so
an undo costs nothing and a scene can compare the last two positions.
"""

from __future__ import annotations

from typing import Callable

MAX_TURNS = 100_000
"""A save with more turns than this is refused (no real game comes near it; replaying a
million turns would freeze Resume for seconds)."""


class ReplayError(ValueError):
    """A save that does not replay: says which field or turn, with the rules' refusal as
    its ``__cause__`` (and its ``rule`` and ``code`` copied when it had them)."""

    def __init__(self, message: str, cause: BaseException | None = None):
        super().__init__(message)
        self.rule = getattr(cause, "rule", None)
        self.code = getattr(cause, "code", "bad-save")


class TurnLog:
    """The start state, every turn played (text) and the state after each.

    :param start: the state before the first turn (any object of the state protocol:
        ``play(text) -> state``, ``to_text()``).
    """

    def __init__(self, start):
        self.start = start
        self.turns: list[str] = []
        self.states: list = [start]

    def __len__(self) -> int:
        """The number of turns played."""
        return len(self.turns)

    @property
    def state(self):
        """The state now (after the last turn)."""
        return self.states[-1]

    @property
    def previous(self):
        """The state before the last turn, or None before the first turn."""
        return self.states[-2] if len(self.states) > 1 else None

    def commit(self, action: str):
        """Play ``action`` (a turn text) through the rules and record it.

        :returns: the new state. :raises ValueError: the rules' refusal; nothing is
            recorded.
        """
        new = self.state.play(action)
        self.turns.append(action)
        self.states.append(new)
        return new

    def undo(self, n: int = 1) -> list[str]:
        """Take back the last ``n`` turns (fewer if there are fewer). :returns: the turns
        taken back, oldest first."""
        return self.truncate(max(0, len(self.turns) - max(0, n)))

    def truncate(self, k: int) -> list[str]:
        """Keep the first ``k`` turns. :returns: the turns taken back, oldest first."""
        k = max(0, min(k, len(self.turns)))
        gone = self.turns[k:]
        del self.turns[k:]
        del self.states[k + 1:]
        return gone

    def last_index(self, pred: Callable[[object], bool]) -> int | None:
        """The largest turn number ``k`` whose state before it satisfies ``pred``
        (``pred(states[k])``), or None. Against the computer, "back to the start of my
        last turn" is ``truncate(last_index(lambda s: s.to_move == me))``."""
        for k in range(len(self.turns) - 1, -1, -1):
            if pred(self.states[k]):
                return k
        return None

    def to_save(self) -> dict:
        """``{"start": text, "turns": [texts], "position": text}`` — the position is a
        check that the turns lead where the game was."""
        return {"start": self.start.to_text(), "turns": list(self.turns),
                "position": self.state.to_text()}

    @classmethod
    def from_save(cls, data: dict, from_text: Callable[[str], object], *,
                  max_turns: int = MAX_TURNS) -> "TurnLog":
        """Replay a save written by :meth:`to_save` (``"history"`` is read where older
        saves named the turns so). ``from_text`` reads the start text.

        :raises ReplayError: not an object, a missing or malformed field, a turn that
            the rules refuse (which one, and why), or turns that do not lead to the
            saved ``"position"``.
        """
        if not isinstance(data, dict):
            raise ReplayError("the save is not an object")
        start_text = data.get("start")
        if not isinstance(start_text, str):
            raise ReplayError("the save has no start position")
        turns = data.get("turns", data.get("history", []))
        if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
            raise ReplayError("the save's turns are not a list of texts")
        if len(turns) > max_turns:
            raise ReplayError(f"the save holds {len(turns)} turns, more than {max_turns}")
        try:
            log = cls(from_text(start_text))
        except ValueError as exc:
            raise ReplayError(f"the start position does not read: {exc}", exc) from exc
        for i, turn in enumerate(turns):
            try:
                log.commit(turn)
            except ValueError as exc:
                raise ReplayError(f"turn {i + 1} {turn[:60]!r} does not replay: {exc}", exc) from exc
        if "position" in data and data["position"] != log.state.to_text():
            raise ReplayError("the turns do not lead to the saved position")
        return log
