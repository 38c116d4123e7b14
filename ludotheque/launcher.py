"""The desktop launcher: an icon on the desktop and an entry in the applications menu.

Made with pyshortcuts. The shortcut starts the installed ``ludotheque`` gui script
(no terminal) when it exists beside the running Python, else ``python main.py``. On
Linux the ``.desktop`` file written by pyshortcuts is completed (translated name,
categories) so that ``desktop-file-validate`` accepts it.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from .paths import ICON, ROOT

NAME = "Ludotheque"  # file name of the shortcut (ASCII)
TITLE = "Ludothèque"


def command() -> list[str]:
    """The command the launcher runs, as an argument list of absolute paths (which may
    hold spaces)."""
    exe_dir = Path(sys.executable).parent
    script = exe_dir / ("ludotheque.exe" if sys.platform == "win32" else "ludotheque")
    if script.exists():
        return [str(script)]
    found = shutil.which("ludotheque")
    if found:
        return [found]
    return [sys.executable, str(ROOT / "main.py")]


_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def exec_value(argv: list[str]) -> str:
    """``argv`` as the value of a ``.desktop`` file's ``Exec`` key, quoted as the Desktop
    Entry Specification (1.5, "The Exec key") says: an argument holding a reserved
    character (a space, say) is put in double quotes, inside which the double quote,
    backquote, dollar sign and backslash take a backslash; ``%`` is doubled; then every
    backslash is escaped once more, as in any string value of the file.
    """
    out = []
    for arg in argv:
        arg = arg.replace("%", "%%")
        if not arg or _RESERVED.intersection(arg):
            arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
        out.append(arg)
    return " ".join(out).replace("\\", "\\\\")


def _shortcut_paths() -> list[Path]:
    from pyshortcuts import get_folders

    f = get_folders()
    ext = {"win32": "lnk", "darwin": "app"}.get(sys.platform, "desktop")
    return [Path(f.desktop) / f"{NAME}.{ext}", Path(f.startmenu) / f"{NAME}.{ext}"]


def _complete_desktop_file(path: Path, argv: list[str]) -> None:
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
        f"Exec={exec_value(argv)}",
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

    argv = command()
    line = subprocess.list2cmdline(argv) if sys.platform == "win32" else shlex.join(argv)
    make_shortcut(line, name=NAME, description=TITLE, icon=str(ICON), working_dir=str(ROOT),
                  terminal=False, desktop=True, startmenu=True, noexe=True)
    paths = [p for p in _shortcut_paths() if p.exists()]
    if sys.platform.startswith("linux"):
        for p in paths:
            _complete_desktop_file(p, argv)
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
