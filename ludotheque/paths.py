"""Where the program's own files are: the package ``ludotheque.assets``.

``assets/`` stays at the top of the repository; ``pyproject.toml`` installs it as
``ludotheque/assets`` (a ``package-dir`` mapping), and the PyInstaller bundle collects
it at the same place. Everything is found through :mod:`importlib.resources`, so a
wheel, an sdist, an editable install, ``pipx`` and the bundle all read the same files;
a checkout run before any install (no mapping known to the import system) falls back to
the folder beside the package.

The files are always on the file system (a wheel is installed unpacked, the bundle is
one folder), so :data:`ASSETS` is a real :class:`~pathlib.Path`: gettext, pygame and the
Magico board loader need one.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

PACKAGE = "ludotheque.assets"


def _assets_dir() -> Path:
    try:
        root = resources.files(PACKAGE)
    except ModuleNotFoundError:             # a bare checkout, never installed
        return Path(__file__).resolve().parent.parent / "assets"
    return Path(str(root))


ASSETS: Path = _assets_dir()
"""The folder of the shipped data files (``locale/``, ``magico/boards/``, ``fonts/``,
``icons/``)."""
LOCALE = ASSETS / "locale"
ICON = ASSETS / "icon.png"
"""The master icon, 512 px: every other icon file is made from it (``packaging/icons.py``)."""
ICONS = ASSETS / "icons"
"""``hicolor/<n>x<n>/apps/ludotheque.png`` for n in :data:`ICON_SIZES`, ``ludotheque.ico``
(Windows), ``ludotheque.icns`` (macOS)."""
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
FONTS = ASSETS / "fonts"
FONT = FONTS / "DejaVuSans.ttf"
FONT_BOLD = FONTS / "DejaVuSans-Bold.ttf"


def frozen() -> bool:
    """True in the PyInstaller bundle (``sys.frozen``), False in any Python install."""
    return bool(getattr(sys, "frozen", False))
