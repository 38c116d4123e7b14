"""The desktop launcher: an icon on the desktop and an entry in the applications menu.

Made with pyshortcuts (its folders: the desktop, localized or not, and the menu). The
launcher starts the program that installed it, by an absolute path resolved at install
time (:func:`command`): the bundle's executable, or the installed ``ludotheque`` command
(pip, pipx, a venv, an editable checkout) — never ``python main.py``.

On Linux the ``.desktop`` files are written by us after pyshortcuts made them (the
Desktop Entry Specification 1.5 keys ``desktop-file-validate`` checks; a translated
name; ``Icon=ludotheque`` from the hicolor theme, 16–512 px; ``StartupWMClass`` equal
to the window's WM_CLASS, :data:`WM_CLASS`; ``TryExec`` so that a menu hides an entry
whose program is gone), and the desktop icon is marked trusted where GNOME needs it
(``gio set … metadata::trusted true``). Windows gets a ``.lnk`` with the ``.ico``, macOS
an ``.app`` with the ``.icns``.

A launcher outlives what it starts: move or delete the venv, the checkout or the bundle
and its ``Exec`` points at nothing. :func:`mend` (called at each normal start) notices
such a stale launcher of ours and rewrites it for the program now running, silently,
saying so in the log.
"""

from __future__ import annotations

import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from . import paths

NAME = "Ludotheque"     # pyshortcuts' name: file name of the .lnk / .app (ASCII)
TITLE = "Ludothèque"
APP_ID = "ludotheque"   # desktop-file id, theme icon name, X11 WM_CLASS and Wayland app_id
WM_CLASS = APP_ID
"""What the window says it is (X11 ``WM_CLASS``, Wayland ``app_id``): set through SDL's
``SDL_VIDEO_X11_WMCLASS``/``SDL_VIDEO_WAYLAND_WMCLASS`` by :func:`set_window_class`, and
written as ``StartupWMClass`` so that the dock groups the window under its icon."""
LEGACY_DESKTOP_NAMES = ("Ludotheque.desktop",)   # written by versions before 0.1.0's launcher

log = logging.getLogger("ludotheque.launcher")


def set_window_class() -> None:
    """Make SDL name the window :data:`WM_CLASS` (unless the environment already says
    otherwise). Call before the display starts. Without it SDL uses the executable's
    name: ``python3.11`` in a venv, which no launcher can match."""
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WM_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WM_CLASS)


def command() -> list[str]:
    """The command the launcher runs: one absolute path (which may hold spaces).

    The bundle's own executable when frozen; else the ``ludotheque`` gui script beside
    the running Python (``bin/`` or ``Scripts\\``: pip, pipx, a venv or an editable
    checkout); else the ``ludotheque`` found on ``PATH``.

    :raises OSError: no ``ludotheque`` command is installed (a checkout never
        installed): install it first (``pip install -e .``).
    """
    if paths.frozen():
        return [str(Path(sys.executable).resolve())]
    exe_dir = Path(sys.executable).parent
    script = exe_dir / ("ludotheque.exe" if sys.platform == "win32" else "ludotheque")
    if script.is_file():
        return [str(script.absolute())]
    found = shutil.which("ludotheque")
    if found:
        return [str(Path(found).absolute())]
    raise OSError("no installed 'ludotheque' command was found beside "
                  f"{sys.executable} or on PATH: install Ludothèque first (pip install .)")


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


def parse_exec(value: str) -> list[str]:
    """The argument list of an ``Exec`` value written by :func:`exec_value` (the reverse:
    string escapes, then quoting, then ``%%``). :raises ValueError: unbalanced quotes."""
    return [a.replace("%%", "%") for a in shlex.split(value.replace("\\\\", "\\"))]


def _folders():
    from pyshortcuts import get_folders

    return get_folders()


def _shortcut_paths() -> list[Path]:
    """Where this platform's launcher files go: [desktop, menu]."""
    f = _folders()
    if sys.platform.startswith("linux"):
        return [Path(f.desktop) / f"{APP_ID}.desktop", Path(f.startmenu) / f"{APP_ID}.desktop"]
    ext = {"win32": "lnk", "darwin": "app"}.get(sys.platform, "desktop")
    return [Path(f.desktop) / f"{NAME}.{ext}", Path(f.startmenu) / f"{NAME}.{ext}"]


def _legacy_paths() -> list[Path]:
    if not sys.platform.startswith("linux"):
        return []
    f = _folders()
    return [Path(d) / n for d in (f.desktop, f.startmenu) for n in LEGACY_DESKTOP_NAMES]


def _theme_icon_dir() -> Path:
    """``~/.local/share/icons/hicolor`` (beside pyshortcuts' ``applications`` folder)."""
    return Path(_folders().startmenu).parent / "icons" / "hicolor"


def _theme_icons() -> list[Path]:
    base = _theme_icon_dir()
    return [base / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in paths.ICON_SIZES]


def _record_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("ludotheque", appauthor=False)) / "launcher.json"


def desktop_entry(argv: list[str]) -> str:
    """The text of the ``.desktop`` file that runs ``argv`` (Desktop Entry Spec 1.5)."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        f"Name={TITLE}",
        "Name[fr]=Ludothèque",
        "GenericName=Table games",
        "GenericName[fr]=Jeux de table",
        "Comment=Mississippi, Glissando and Magico: three table games from Québec",
        "Comment[fr]=Mississippi, Glissando et Magico\u202f: trois jeux de table du Québec",   # U+202F before the colon
        "TryExec=" + argv[0].replace("\\", "\\\\"),   # a path, not an Exec value: no quotes
        f"Exec={exec_value(argv)}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=game;board;puck;dice;jeu;palet;dés;",
        f"StartupWMClass={WM_CLASS}",
        "StartupNotify=true",
        f"X-Ludotheque-Version={_version()}",
        "",
    ]
    return "\n".join(lines)


def _version() -> str:
    from . import __version__

    return __version__


def _complete_desktop_file(path: Path, argv: list[str]) -> None:
    """(Re)write the ``.desktop`` file ``path`` for ``argv``, executable (0755)."""
    path.write_text(desktop_entry(argv), encoding="utf-8")
    path.chmod(0o755)


def _trust(path: Path) -> None:
    """Mark a desktop file trusted where the desktop needs it (GNOME, via ``gio``), so
    that a double-click starts it instead of asking; silently nothing elsewhere."""
    gio = shutil.which("gio")
    if not gio:
        return
    try:
        r = subprocess.run([gio, "set", str(path), "metadata::trusted", "true"],
                           capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError) as exc:
        log.info("could not mark %s trusted: %s", path, exc)
        return
    if r.returncode != 0:
        log.info("could not mark %s trusted: %s", path, (r.stderr or r.stdout).strip())


def _install_theme_icons() -> list[Path]:
    written = []
    for n, dest in zip(paths.ICON_SIZES, _theme_icons()):
        src = paths.ICONS / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
        written.append(dest)
    try:                    # tell icon caches the theme changed (they watch the folder's mtime)
        os.utime(_theme_icon_dir())
    except OSError:
        pass
    return written


def _windows_short_path(path: str) -> str:
    """``path`` in its 8.3 form where Windows has one (``C:\\Users\\LAD~1\\…``):
    pyshortcuts cuts its ``script`` at the first space, and a home folder may hold one.
    Unchanged where short names are off for that volume."""
    import ctypes

    buf = ctypes.create_unicode_buffer(32768)
    n = ctypes.windll.kernel32.GetShortPathNameW(path, buf, len(buf))   # type: ignore[attr-defined]
    return buf.value if 0 < n < len(buf) else path


def install(desktop: bool = True, startmenu: bool = True) -> list[Path]:
    """Create the desktop icon and the applications-menu entry (and, on Linux, the theme
    icons) for the program now running. :returns: the files created.

    :raises OSError: the desktop or menu folder cannot be written, or there is no
        installed command to start (see :func:`command`).
    """
    argv = command()
    made = []
    if sys.platform.startswith("linux"):
        # pyshortcuts gives the folders (a localized desktop too); the files are ours:
        # named after the app id (how a desktop matches a Wayland window to its entry),
        # with the keys pyshortcuts does not write.
        f = _folders()
        for wanted, folder in ((desktop, f.desktop), (startmenu, f.startmenu)):
            if wanted:
                ours = Path(folder) / f"{APP_ID}.desktop"
                ours.parent.mkdir(parents=True, exist_ok=True)
                _complete_desktop_file(ours, argv)
                made.append(ours)
        if desktop:
            _trust(Path(f.desktop) / f"{APP_ID}.desktop")
        made += _install_theme_icons()
    else:
        from pyshortcuts import make_shortcut

        icon = paths.ICONS / "ludotheque"          # pyshortcuts adds .ico (Windows) / .icns (macOS)
        line = _windows_short_path(argv[0]) if sys.platform == "win32" else shlex.join(argv)
        make_shortcut(line, name=NAME, description=TITLE, icon=str(icon), working_dir=str(Path.home()),
                      terminal=False, desktop=desktop, startmenu=startmenu, noexe=True)
        made = [p for p, wanted in zip(_shortcut_paths(), (desktop, startmenu)) if wanted and p.exists()]
    record = _record_path()
    record.parent.mkdir(parents=True, exist_ok=True)
    from .storage import write_json

    write_json(record, {"command": argv, "version": _version(), "files": [str(p) for p in made]})
    return made


def uninstall() -> list[Path]:
    """Remove what :func:`install` created (also the launcher files of earlier versions).
    :returns: the files removed."""
    removed = []
    for p in _shortcut_paths() + _legacy_paths() + (_theme_icons() if sys.platform.startswith("linux") else []):
        if p.is_file() or p.is_symlink():
            p.unlink()
            removed.append(p)
        elif p.is_dir():  # a macOS .app bundle
            shutil.rmtree(p)
            removed.append(p)
    record = _record_path()
    if record.is_file():
        record.unlink()
    return removed


def installed_commands() -> dict[Path, list[str]]:
    """Each launcher file of ours that exists, with the command it runs (Linux: read
    from its ``Exec``; elsewhere from the record :func:`install` wrote)."""
    found: dict[Path, list[str]] = {}
    if sys.platform.startswith("linux"):
        for p in _shortcut_paths() + _legacy_paths():
            try:
                text = p.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if "[Desktop Entry]" not in text or f"Name={TITLE}" not in text:
                continue                        # not ours
            for line in text.splitlines():
                if line.startswith("Exec="):
                    try:
                        found[p] = parse_exec(line[len("Exec="):])
                    except ValueError:
                        found[p] = []
                    break
        return found
    try:
        record = json.loads(_record_path().read_text(encoding="utf-8"))
        argv = [str(a) for a in record["command"]]
    except (OSError, ValueError, KeyError, TypeError):
        return found
    for p in _shortcut_paths():
        if p.exists():
            found[p] = argv
    return found


def _runs(argv: list[str]) -> bool:
    return bool(argv) and Path(argv[0]).is_file() and os.access(argv[0], os.X_OK)


def stale() -> list[Path]:
    """Our launcher files whose command no longer exists (the venv, checkout or bundle
    it pointed into was moved or deleted), that an earlier version wrote under an old
    name, or (Linux) whose theme icon is missing."""
    found = installed_commands()
    out = [p for p, argv in found.items() if not _runs(argv) or p.name in LEGACY_DESKTOP_NAMES]
    if found and sys.platform.startswith("linux") and not all(p.is_file() for p in _theme_icons()):
        out = list(found)
    return out


def mend() -> list[Path]:
    """Rewrite a stale launcher (:func:`stale`) so that it starts the program now
    running; only where one was (a launcher the player removed stays removed). Logged
    at INFO, never said on screen; any failure is logged too, never raised.

    :returns: the files rewritten (empty when nothing was stale).
    """
    try:
        bad = stale()
        if not bad:
            return []
        on = {p.parent for p in installed_commands()}
        f = _folders()
        desktop = Path(f.desktop) in on
        startmenu = Path(f.startmenu) in on
        for p in _legacy_paths():
            if p.exists():
                p.unlink()
        made = install(desktop=desktop, startmenu=startmenu)
        log.info("launcher mended: %s pointed to a program that is gone; now runs %s",
                 ", ".join(str(p) for p in bad), " ".join(command()))
        return made
    except Exception as exc:   # noqa: BLE001 — mending is a courtesy; it never stops a start
        log.info("launcher not mended: %s", exc)
        return []
