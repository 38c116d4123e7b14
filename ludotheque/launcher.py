"""The desktop launcher: an icon on the desktop and an entry in the applications menu.

Made with pyshortcuts. The shortcut starts the installed ``ludotheque`` gui script
(no terminal) when it exists beside the running Python, else ``python main.py``. On
Linux the ``.desktop`` file written by pyshortcuts is completed (translated name,
categories) so that ``desktop-file-validate`` accepts it.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

from .paths import ICON, ROOT

NAME = "Ludotheque"  # file name of the shortcut (ASCII)
TITLE = "Ludothèque"


def command() -> str:
    """The command line the launcher runs (absolute paths)."""
    exe_dir = Path(sys.executable).parent
    script = exe_dir / ("ludotheque.exe" if sys.platform == "win32" else "ludotheque")
    if script.exists():
        return str(script)
    found = shutil.which("ludotheque")
    if found:
        return found
    return f"{sys.executable} {ROOT / 'main.py'}"


def _shortcut_paths() -> list[Path]:
    from pyshortcuts import get_folders

    f = get_folders()
    ext = {"win32": "lnk", "darwin": "app"}.get(sys.platform, "desktop")
    return [Path(f.desktop) / f"{NAME}.{ext}", Path(f.startmenu) / f"{NAME}.{ext}"]


def _complete_desktop_file(path: Path, cmd: str) -> None:
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        f"Name={TITLE}",
        "Name[fr]=Ludothèque",
        "GenericName=Table games",
        "GenericName[fr]=Jeux de table",
        "Comment=Mississippi, Glissando and Magico: three table games from Québec",
        "Comment[fr]=Mississippi, Glissando et Magico : trois jeux de table du Québec",
        f"Exec={' '.join(shlex.quote(p) for p in shlex.split(cmd))}",
        f"Path={ROOT}",
        f"Icon={ICON}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "",
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    path.chmod(0o755)


def install() -> list[Path]:
    """Create the desktop icon and the applications-menu entry. :returns: the files created.

    :raises OSError: the desktop or menu folder cannot be written.
    """
    from pyshortcuts import make_shortcut

    cmd = command()
    make_shortcut(cmd, name=NAME, description=TITLE, icon=str(ICON), working_dir=str(ROOT),
                  terminal=False, desktop=True, startmenu=True, noexe=True)
    paths = [p for p in _shortcut_paths() if p.exists()]
    if sys.platform.startswith("linux"):
        for p in paths:
            _complete_desktop_file(p, cmd)
    return paths


def uninstall() -> list[Path]:
    """Remove what :func:`install` created. :returns: the files removed."""
    removed = []
    for p in _shortcut_paths():
        if p.is_file() or p.is_symlink():
            p.unlink()
            removed.append(p)
        elif p.is_dir():  # a macOS .app bundle
            shutil.rmtree(p)
            removed.append(p)
    return removed
