"""What a game gives the shell: its descriptor, and what the shell gives back: a config.

See docs/games-api.md. Adding a game means one package exporting a
:class:`GameDescriptor` and one line in ``main.py``. Pure: no pygame (the headless demo
path imports this module with pygame blocked).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from . import i18n

_ = i18n.domain("ludotheque")

LEVELS = ("beginner", "intermediate", "expert")
"""The levels a game offers unless its descriptor says otherwise (decision 3)."""
ALL_LEVELS = LEVELS + ("master",)
"""Every level a seat may hold: Glissando and Magico add ``"master"`` (decision 3)."""


def level_name(level: str) -> str:
    """The translated name of an AI level (``"expert"`` → "Expert"); an unknown level is
    returned as it is."""
    names = {"beginner": _("Beginner"), "intermediate": _("Intermediate"),
             "expert": _("Expert"), "master": _("Master")}
    return names.get(level, level)


def computer_label(level: str) -> str:
    """A computer seat's name with its level, in the current language:
    "Computer (Expert)" / "Ordinateur (Expert)". Made at display time, never stored."""
    return _("{name} ({level})").format(name=_("Computer"), level=level_name(level))


def demo_save_id(game_id: str) -> str:
    """The save name a demo of ``game_id`` writes (``"glissando-demo"``): a demo never
    writes, resumes or deletes the player's own save of the game (the menu's "Resume")."""
    return f"{game_id}-demo"


def deferred(module: str, name: str) -> Callable:
    """A stand-in for ``module.name`` that imports ``module`` only when first called, so a
    game's descriptor can name its scene, preview and headless demo without importing
    pygame (decision 4: the headless demo path runs with pygame not importable).

    >>> deferred("math", "hypot")(3, 4)
    5.0

    Raises what the import or the call raises (``ImportError``, ``AttributeError``, …).
    """
    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported on first call."
    return call


@dataclass(frozen=True)
class PlayerSpec:
    """One seat: ``kind`` is ``"human"`` or ``"ai"``; ``level`` one of :data:`ALL_LEVELS`.

    ``name`` is what a person typed. For a computer seat it is only a display text
    (:func:`computer_label`): :meth:`to_dict` does not store it, so a game saved in English
    shows French names when resumed in French (issue 13 §3); old saves holding
    "Computer (Expert)" still load.
    """

    name: str
    kind: str = "human"
    level: str = "intermediate"

    def to_dict(self) -> dict:
        """The stored form: ``{"kind": "ai", "level": …}`` for a computer,
        ``{"kind": "human", "name": …, "level": …}`` for a person."""
        if self.kind == "ai":
            return {"kind": "ai", "level": self.level}
        return {"kind": "human", "name": self.name, "level": self.level}

    def short_name(self) -> str:
        """The name without the " (Level)" the setup screen appends to a computer seat's
        name ("Computer (Intermediate)" → "Computer"), for places that show the level
        apart; a person's name is returned as typed."""
        if self.kind == "ai" and self.name.endswith(")") and " (" in self.name:
            return self.name[:self.name.rindex(" (")]
        return self.name

    @classmethod
    def from_dict(cls, d: dict) -> "PlayerSpec":
        """Read a stored seat (also the old form with a computer's display name, which is
        ignored: the name comes from the level, in the current language).

        :raises ValueError: a malformed seat."""
        if not isinstance(d, dict):
            raise ValueError("player is not an object")
        kind, level = d.get("kind", "human"), d.get("level", "intermediate")
        if kind not in ("human", "ai") or level not in ALL_LEVELS:
            raise ValueError(f"bad player {d!r}"[:200])
        if kind == "ai":
            return cls(computer_label(level), kind, level)
        name = d.get("name")
        if not isinstance(name, str):
            raise ValueError(f"bad player {d!r}"[:200])
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
    :param help: callable giving one or two translated sentences on what the option is
        for, in plain words; the setup screen shows them under its heading while the
        option's row is pointed at or has the focus.
    """

    key: str
    label: Callable[[], str]
    values: tuple
    default: Any
    label_of: Callable[[Any], str] = str
    people_only: bool = False
    help: Callable[[], str] | None = None


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
    ``headless(seed, config) -> dict`` plays AI against AI with no window (a pure
    ``GAME/demo.py``: no pygame on that path, decision 4). ``levels``: the computer
    levels the setup screen offers (decision 3).
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
    levels: tuple = LEVELS

    def __post_init__(self):
        unknown = [lv for lv in self.levels if lv not in ALL_LEVELS]
        if unknown or not self.levels:
            raise ValueError(f"{self.id}: levels must be some of {ALL_LEVELS}, not {self.levels!r}")

    def default_options(self) -> dict:
        """Each option at its default value."""
        return {o.key: o.default for o in self.options}

    def saved_options(self, saved) -> dict:
        """The options a save was played with (``saved``: the save's ``options``, any
        JSON), each checked against this game's :class:`Option` values; anything unknown,
        missing or out of range gets its default. Never raises."""
        out = self.default_options()
        if isinstance(saved, dict):
            for o in self.options:
                value = saved.get(o.key, o.default)
                try:
                    if value in o.values:
                        out[o.key] = value
                except TypeError:          # an unhashable value from a damaged file
                    pass
        return out
