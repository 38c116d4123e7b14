"""Ludothèque: the shell that hosts the games.

The window and its fixed-step loop (:mod:`ludotheque.app`), the scene stack and the
launcher menu (:mod:`ludotheque.menu`), widgets and theme, sound synthesised with numpy
(:mod:`ludotheque.audio`), gettext translations (:mod:`ludotheque.i18n`), settings and
autosaves in the per-user folders (:mod:`ludotheque.settings`, :mod:`ludotheque.saves`)
and the desktop launcher (:mod:`ludotheque.launcher`). It knows nothing of any one game:
games plug in through :class:`ludotheque.game.GameDescriptor` (see docs/games-api.md).
"""

__version__ = "0.1.0"
"""The version of Ludothèque, written here only: ``pyproject.toml`` reads it
(``dynamic = ["version"]``), ``--version`` prints it, the menu shows it."""


def version() -> str:
    """The version as people read it, e.g. ``"0.1.0"`` (for the menu's corner)."""
    return __version__
