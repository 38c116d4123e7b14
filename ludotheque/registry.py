"""The games of an installed Ludothèque: the entry-point group ``ludotheque.games``.

Dependency direction (design.md "Layout"): ``main.py → games → ludotheque``; the shell
imports no game. In a checkout, ``main.py`` is the composition root and lists the games
in its code. An installed copy has no ``main.py`` (no top-level module of that name in
site-packages), so ``pyproject.toml`` declares the same list as entry points::

    [project.entry-points."ludotheque.games"]
    1-mississippi = "mississippi:DESCRIPTOR"

and :func:`installed_games` loads them with :mod:`importlib.metadata` — the composition
is still written by the project (in its metadata), not by the shell. Only the entry
points of the ``ludotheque`` distribution itself are used, in menu order: the number
before the id in an entry point's name (setuptools writes entry points sorted by name,
not in the order of pyproject.toml):
another installed package that declares a game in this group is not loaded (the names
imported are the ones this project wrote, as with ``main.GAMES``).
"""

from __future__ import annotations

import logging
from importlib import metadata

GROUP = "ludotheque.games"
DISTRIBUTION = "ludotheque"

log = logging.getLogger("ludotheque")


def menu_position(name: str) -> tuple[int, str]:
    """The sort key of an entry point named ``"<position>-<game id>"`` (``"2-glissando"``
    → ``(2, "glissando")``); a name without a number sorts last, by name."""
    position, _, game = name.partition("-")
    return (int(position), game) if position.isdigit() and game else (1 << 30, name)


def game_entry_points() -> list[metadata.EntryPoint]:
    """The ``ludotheque.games`` entry points of the installed ``ludotheque``
    distribution, in menu order (:func:`menu_position`); empty if it is not installed."""
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return []
    eps = [ep for ep in dist.entry_points if ep.group == GROUP]
    return sorted(eps, key=lambda ep: menu_position(ep.name))


def installed_games() -> list:
    """The descriptors (:class:`ludotheque.game.GameDescriptor`) of the installed games,
    in menu order. A game whose entry point cannot be loaded is left out with a
    warning in the log (the others are still offered)."""
    found = []
    for ep in game_entry_points():
        try:
            descriptor = ep.load()
        except (ImportError, AttributeError) as exc:
            log.warning("game %s could not be loaded (%s); not shown", ep.name, exc)
            continue
        found.append(descriptor)
    return found
