"""The two seats of a game and the names shown for them (pure: no pygame).

A seat is stored as its kind and level (and a person's typed name); the name shown for a
computer seat is made from its level at display time, in the current language (issue 13
§3), so a game saved in English reads "Ordinateur" when resumed in French.
"""

from __future__ import annotations

from typing import Callable, Sequence

from .. import i18n, textsafe
from ..game import Option, PlayerSpec, level_name

_ = i18n.domain("ludotheque")

def visible_name(text) -> str:
    """``text`` as a name that shows something (:func:`ludotheque.textsafe.name_or`:
    cleaned, one space between words, at most 40 characters), or ``""`` when nothing
    visible is left (NUL, zero-width spaces, bidirectional controls, only combining
    marks, not text at all)."""
    return textsafe.name_or(text, "", max_len=40)


class Seats:
    """The seats of one game, seat 0 first.

    :param players: the :class:`~ludotheque.game.PlayerSpec` of each seat.
    :param sides: the rules' side ids in seat order, e.g. ``("b", "o")`` — every method
        takes a side id.
    :param side_names: callables giving each side's translated name ("Blue"), used for
        a person who typed no name.
    :raises ValueError: not one side id per seat, or two equal side ids.
    """

    def __init__(self, players: Sequence[PlayerSpec], sides: Sequence[str],
                 side_names: Sequence[Callable[[], str]] = ()):
        self.players = tuple(players)
        self.sides = tuple(sides)
        if len(self.players) != len(self.sides) or len(set(self.sides)) != len(self.sides):
            raise ValueError(f"one distinct side per seat: {self.sides!r} for {len(self.players)} seats")
        self._side_names = tuple(side_names)

    def __len__(self) -> int:
        return len(self.players)

    def index(self, side: str) -> int:
        """The seat number of ``side``. :raises ValueError: not a side of this game."""
        return self.sides.index(side)

    def spec(self, side: str) -> PlayerSpec:
        """The :class:`PlayerSpec` of ``side``'s seat."""
        return self.players[self.index(side)]

    def is_ai(self, side: str | None) -> bool:
        """True when ``side`` is played by the computer (False for None)."""
        return side is not None and side in self.sides and self.spec(side).kind == "ai"

    def level(self, side: str) -> str:
        """The AI level of ``side``'s seat (``"expert"`` …)."""
        return self.spec(side).level

    @property
    def all_ai(self) -> bool:
        """Every seat is the computer (a demo)."""
        return all(p.kind == "ai" for p in self.players)

    @property
    def any_ai(self) -> bool:
        """At least one seat is the computer."""
        return any(p.kind == "ai" for p in self.players)

    def side_name(self, side: str) -> str:
        """The translated name of the side itself ("Blue"), or "Player n" when the game
        gave none."""
        i = self.index(side)
        if i < len(self._side_names):
            return self._side_names[i]()
        return _("Player 1") if i == 0 else _("Player 2")

    def name(self, side: str) -> str:
        """The name to show for ``side``: a person's typed name (the side's name when
        they typed none, or nothing visible); "Computer" for a computer seat —
        "Computer 1" / "Computer 2" when both seats are computers."""
        p = self.spec(side)
        if p.kind == "ai":
            if self.all_ai and len(self.players) > 1:
                return _("Computer {n}").format(n=self.index(side) + 1)
            return _("Computer")
        return visible_name(p.name) or self.side_name(side)

    def level_label(self, side: str) -> str | None:
        """The translated level of a computer seat ("Expert"), None for a person."""
        p = self.spec(side)
        return level_name(p.level) if p.kind == "ai" else None

    def full_name(self, side: str) -> str:
        """The name with a computer's level: "Computer (Expert)" / "Ann"."""
        label = self.level_label(side)
        if label is None:
            return self.name(side)
        return _("{name} ({level})").format(name=self.name(side), level=label)

    def named_by_side(self, side: str) -> bool:
        """True when a person's shown name is just the side's name (a scene then shows it
        once, in the side's colour)."""
        return (self.spec(side).kind == "human"
                and self.name(side).casefold() == self.side_name(side).casefold())

    def to_save(self) -> list[dict]:
        """The seats as stored in a save (kind, level, a person's name)."""
        return [p.to_dict() for p in self.players]


STRONG_LEVELS = ("expert", "master")
"""Levels against which hints are off unless the setup turns them on (decision 13)."""


def hints_on(option, players) -> bool:
    """Decision 13, for every game: the setup option ``hints`` — "on" and "off" decide;
    "auto" (or anything else) is off when a computer seat plays at Expert or Master, on
    between two people and at lower levels. ``players``: the config's ``PlayerSpec``s."""
    if option in ("on", True):
        return True
    if option in ("off", False):
        return False
    return not any(p.kind == "ai" and p.level in STRONG_LEVELS for p in players)


def hints_option(levels: Sequence[str]) -> Option:
    """The setup option ``hints`` every game offers (decision 13), with one wording in
    the shell's catalogue: "auto" (the default) reads "On, except against Expert/Master", or
    "On, except against Expert" for a game whose ``levels`` have no Master (Mississippi);
    "on" and "off" read "On" and "Off". The game's scene decides with :func:`hints_on`."""
    strong = tuple(lv for lv in STRONG_LEVELS if lv in levels)

    def label_of(value: str) -> str:
        if value == "on":
            return _("On")
        if value == "off":
            return _("Off")
        return _("On, except against {levels}").format(levels="/".join(map(level_name, strong)))

    return Option("hints", lambda: _("Hints"), ("auto", "on", "off"), "auto", label_of=label_of)


def hinted_turns(resume, n: int) -> set[int]:
    """The indices (0 … ``n`` − 1) of the turns played after a hint, read from a save's
    ``hinted`` list; anything else a damaged file holds is dropped. Never raises."""
    got = resume.get("hinted", []) if isinstance(resume, dict) else []
    if not isinstance(got, list):
        return set()
    return {i for i in got if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n}
