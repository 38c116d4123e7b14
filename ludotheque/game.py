"""What a game gives the shell: its descriptor, and what the shell gives back: a config.

See docs/games-api.md. Adding a game means one package exporting a
:class:`GameDescriptor` and one line in ``main.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

LEVELS = ("beginner", "intermediate", "expert")


@dataclass(frozen=True)
class PlayerSpec:
    """One seat: ``kind`` is ``"human"`` or ``"ai"``; ``level`` one of :data:`LEVELS`."""

    name: str
    kind: str = "human"
    level: str = "intermediate"

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    def short_name(self) -> str:
        """The name without the " (Level)" the setup screen appends to a computer seat's
        name ("Computer (Intermediate)" → "Computer"), for places that show the level
        apart; a person's name is returned as typed."""
        if self.kind == "ai" and self.name.endswith(")") and " (" in self.name:
            return self.name[:self.name.rindex(" (")]
        return self.name

    @classmethod
    def from_dict(cls, d: dict) -> "PlayerSpec":
        """:raises ValueError: a malformed seat."""
        if not isinstance(d, dict):
            raise ValueError("player is not an object")
        name, kind, level = d.get("name"), d.get("kind", "human"), d.get("level", "intermediate")
        if not isinstance(name, str) or kind not in ("human", "ai") or level not in LEVELS:
            raise ValueError(f"bad player {d!r}")
        return cls(name[:40], kind, level)


@dataclass(frozen=True)
class Option:
    """A game variant shown on the setup screen as a value cycler.

    :param key: name in :attr:`GameConfig.options`. :param label: callable giving the
        translated label. :param values: the allowed values. :param default: one of them.
    :param label_of: callable turning a value into its (translated) text.
    :param people_only: a variant for people only (e.g. Mississippi's teams, M-E2): the
        setup screen offers it in two-player mode only; against the computer the game
        gets the default.
    """

    key: str
    label: Callable[[], str]
    values: tuple
    default: Any
    label_of: Callable[[Any], str] = str
    people_only: bool = False


@dataclass(frozen=True)
class GameConfig:
    """How to start a game: the two seats, a seed, the variant options, a save to resume."""

    players: tuple
    seed: int | None = None
    options: dict = field(default_factory=dict)
    resume: dict | None = None
    demo: bool = False

    def vs_ai(self) -> bool:
        """True when exactly one seat is the computer."""
        return sum(p.kind == "ai" for p in self.players) == 1


@dataclass(frozen=True)
class GameDescriptor:
    """Everything the shell needs to offer a game (docs/games-api.md).

    ``title``, ``pitch``, ``rules_text`` and the ``default_sides`` entries are callables
    so they are evaluated in the current language. ``draw_preview(surface, rect)`` draws
    the tile picture; ``make_scene(app, config)`` builds the game scene;
    ``headless(seed, config) -> dict`` plays AI against AI with no window.
    """

    id: str
    title: Callable[[], str]
    pitch: Callable[[], str]
    rules_text: Callable[[], str]
    draw_preview: Callable
    make_scene: Callable
    headless: Callable | None = None
    options: tuple = ()
    default_sides: tuple = ()

    def default_options(self) -> dict:
        """Each option at its default value."""
        return {o.key: o.default for o in self.options}
