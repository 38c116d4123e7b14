"""The rules of a tiny fake game for testing the shell's session (pure: no pygame).

*Race to ten*: two sides, ``"a"`` and ``"b"``, take turns adding 1 or 2 to a shared
count that starts at 0; the side that brings it to 10 wins. Text: ``"<count> <side>"``
(``"0 a"``); actions ``"+1"`` and ``"+2"``. It follows the state protocol of
docs/games-api.md, so the session, the saves and the worker see it as a real game.
"""

from __future__ import annotations

import os
import random
import threading
from dataclasses import dataclass

GOAL = 10
SIDES = ("a", "b")


class RaceError(ValueError):
    """A refusal: ``rule`` and ``code`` as in every rules module (decision 5)."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.rule, self.code = "R-1", code


@dataclass(frozen=True)
class Outcome:
    winner: str | None
    scores: tuple
    rule: str = "R-1"


@dataclass(frozen=True)
class Race:
    count: int = 0
    to_move: str = "a"

    @classmethod
    def from_text(cls, text: str) -> "Race":
        parts = text.split(" ") if isinstance(text, str) else []
        if len(parts) != 2 or not parts[0].isascii() or not parts[0].isdigit() \
                or parts[1] not in SIDES or int(parts[0]) > GOAL:
            raise RaceError(f"R-1: {text!r:.40} is not a race position", "malformed-position")
        return cls(int(parts[0]), parts[1])

    def to_text(self) -> str:
        return f"{self.count} {self.to_move}"

    def is_terminal(self) -> bool:
        return self.count >= GOAL

    def current_player(self) -> str | None:
        return None if self.is_terminal() else self.to_move

    def legal_actions(self) -> list[str]:
        if self.is_terminal():
            return []
        return [f"+{k}" for k in (1, 2) if self.count + k <= GOAL]

    def play(self, action: str) -> "Race":
        if self.is_terminal():
            raise RaceError("R-1: the race is over", "game-over")
        if action not in self.legal_actions():
            raise RaceError(f"R-1: {action!r:.20} is not +1 or +2 up to {GOAL}", "bad-step")
        return Race(self.count + int(action[1:]), "b" if self.to_move == "a" else "a")

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        winner = "b" if self.to_move == "a" else "a"       # the side that just moved
        return Outcome(winner, (int(winner == "a"), int(winner == "b")))


def think(state: Race, level: str, rng: random.Random) -> str:
    """The race's computer: at "expert" it leaves a multiple of 3 to the opponent."""
    if level == "expert":
        for a in state.legal_actions():
            if (GOAL - state.count - int(a[1:])) % 3 == 0:
                return a
    return rng.choice(state.legal_actions())


def worker_pid() -> int:
    """The id of the process this runs in (the AI worker's, when submitted there)."""
    return os.getpid()


def think_until_killed(pid_file: str) -> str:
    """Write this process's id to ``pid_file``, then think forever (a test kills it)."""
    tmp = pid_file + ".tmp"
    with open(tmp, "w") as fh:
        fh.write(str(os.getpid()))
    os.replace(tmp, pid_file)
    threading.Event().wait()
    return "+1"


def broken_think(state: Race, level: str, rng: random.Random) -> str:
    """A computer with a bug."""
    raise RuntimeError("the AI's own bug")
