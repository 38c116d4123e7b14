"""Packaging (issue 16): what every install ships and finds, and a launcher that survives.

The installs themselves (wheel in a fresh venv, the PyInstaller bundle with no Python)
are built and run from folders outside the checkout by ``packaging/smoke.py``, which
``.ci/run`` runs after the test suite; these tests check the pieces they rely on.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque import launcher, paths, registry

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the games an install offers

def test_installed_command_offers_the_games_of_main_py_in_the_same_order():
    """The installed ``ludotheque`` (entry points) and ``python main.py`` (main.GAMES)
    show the same menu."""
    import main

    declared = _pyproject()["project"]["entry-points"][registry.GROUP]
    ordered = sorted(declared, key=registry.menu_position)
    assert [registry.menu_position(n)[1] for n in ordered] == list(main.GAMES)
    assert [declared[n] for n in ordered] == [f"{g}:DESCRIPTOR" for g in main.GAMES]
    assert [g.id for g in registry.installed_games()] == list(main.GAMES)   # this venv's metadata


def test_an_entry_point_name_gives_its_menu_position():
    names = ["3-magico", "10-later", "1-mississippi", "stray", "2-glissando"]
    assert sorted(names, key=registry.menu_position) == ["1-mississippi", "2-glissando", "3-magico", "10-later", "stray"]


def test_no_top_level_main_is_installed_and_the_entry_point_is_in_the_package():
    project = _pyproject()
    assert project["project"]["gui-scripts"]["ludotheque"] == "ludotheque.__main__:run"
    assert "py-modules" not in project["tool"]["setuptools"]


def test_python_dash_m_ludotheque_names_itself_ludotheque():
    r = subprocess.run([sys.executable, "-m", "ludotheque", "--help", "--lang", "en"], capture_output=True,
                       text=True, cwd=ROOT, timeout=120, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: ludotheque ")
    for game in ("mississippi", "glissando", "magico"):
        assert game in r.stdout


def test_version_is_written_once():
    from ludotheque import __version__, version

    project = _pyproject()
    assert "version" in project["project"]["dynamic"] and "version" not in project["project"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "ludotheque.__version__"}
    assert version() == __version__


def test_licence_is_an_spdx_expression_and_the_files_exist():
    project = _pyproject()["project"]
    assert isinstance(project["license"], str)        # the table form is deprecated (PEP 639)
    for f in project["license-files"]:
        assert (ROOT / f).is_file(), f


# ------------------------------------------------------------------ the shipped files

def test_assets_are_found_through_the_package():
    from importlib import resources

    assert paths.ASSETS == Path(str(resources.files("ludotheque.assets")))
    for f in (paths.FONT, paths.FONT_BOLD, paths.ICON, paths.ICONS / "ludotheque.ico",
              paths.ICONS / "ludotheque.icns", paths.LOCALE / "fr" / "LC_MESSAGES" / "ludotheque.mo"):
        assert f.is_file(), f


def test_text_is_drawn_with_the_shipped_font():
    from ludotheque import theme

    assert theme.font_file(False) == str(paths.FONT)
    assert theme.font_file(True) == str(paths.FONT_BOLD)


def test_shipped_font_has_the_letters_of_french():
    import pygame

    pygame.font.init()
    font = pygame.font.Font(str(paths.FONT), 24)
    missing = pygame.image.tobytes(font.render("\U000F0000", True, (255, 255, 255)), "RGBA")
    french = "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»’€"
    absent = [c for c in french if pygame.image.tobytes(font.render(c, True, (255, 255, 255)), "RGBA") == missing]
    assert not absent


def test_magico_finds_its_boards_in_the_shipped_assets():
    from magico import rules

    assert rules.ASSET_BOARD_DIR.resolve() == (paths.ASSETS / "magico" / "boards").resolve()
    assert rules.load_board("magico-classic").id == "magico-classic"


def test_every_theme_icon_has_its_size():
    import pygame

    master = pygame.image.load(str(paths.ICON))
    assert master.get_size() == (512, 512)
    for n in paths.ICON_SIZES:
        img = pygame.image.load(str(paths.ICONS / "hicolor" / f"{n}x{n}" / "apps" / "ludotheque.png"))
        assert img.get_size() == (n, n)
    ico = (paths.ICONS / "ludotheque.ico").read_bytes()
    assert ico[:4] == b"\x00\x00\x01\x00" and int.from_bytes(ico[4:6], "little") >= 5     # ICONDIR, ≥ 5 sizes
    assert (paths.ICONS / "ludotheque.icns").read_bytes()[:4] == b"icns"


def test_every_package_of_the_checkout_is_packaged():
    """setup.py finds the packages on disk, so a new subpackage (glissando.ai, say) is
    installed too; the assets go in as ``ludotheque.assets``."""
    r = subprocess.run([sys.executable, "-c", "import setuptools, runpy, sys; sys.argv=['setup.py','--name'];"
                        "import setuptools; captured={};"
                        "setuptools.setup=lambda **kw: captured.update(kw);"
                        "runpy.run_path('setup.py'); print('\\n'.join(captured['packages']))"],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    packaged = set(r.stdout.split())
    on_disk = {str(p.parent.relative_to(ROOT)).replace(os.sep, ".")
               for top in ("ludotheque", "mississippi", "glissando", "magico")
               for p in (ROOT / top).rglob("__init__.py")}
    assert on_disk <= packaged
    assert "ludotheque.assets" in packaged


# ------------------------------------------------------------------ the launcher

@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private HOME (pyshortcuts' desktop and menu) and XDG data folder (the record)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / ".local" / "share"))
    return tmp_path


def _exec(path: Path) -> list[str]:
    line = next(l for l in path.read_text(encoding="utf-8").splitlines() if l.startswith("Exec="))
    return launcher.parse_exec(line[len("Exec="):])


linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the .desktop launcher is Linux's")


@linux_only
def test_launcher_starts_the_installed_command_with_the_theme_icon(home):
    made = launcher.install()
    desktop = home / "Desktop" / "ludotheque.desktop"
    menu = home / ".local" / "share" / "applications" / "ludotheque.desktop"
    assert desktop in made and menu in made
    text = menu.read_text(encoding="utf-8")
    assert "Icon=ludotheque\n" in text and f"StartupWMClass={launcher.WM_CLASS}\n" in text
    assert _exec(menu) == launcher.command()
    assert Path(_exec(menu)[0]).name == "ludotheque" and "main.py" not in text
    for n in paths.ICON_SIZES:
        assert (home / ".local" / "share" / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "ludotheque.png").is_file()
    if shutil.which("desktop-file-validate"):
        for f in (desktop, menu):
            v = subprocess.run(["desktop-file-validate", str(f)], capture_output=True, text=True)
            assert v.returncode == 0 and not v.stdout.strip(), v.stdout


@linux_only
def test_uninstall_removes_the_launcher_and_its_icons(home):
    launcher.install()
    removed = launcher.uninstall()
    assert len(removed) == 2 + len(paths.ICON_SIZES)
    assert not list(home.rglob("ludotheque.desktop")) and not list(home.rglob("ludotheque.png"))


@linux_only
def test_a_launcher_pointing_at_a_moved_install_is_mended_at_start(home):
    launcher.install()
    menu = home / ".local" / "share" / "applications" / "ludotheque.desktop"
    gone = ["/nowhere/old venv/bin/ludotheque"]
    for f in (menu, home / "Desktop" / "ludotheque.desktop"):
        f.write_text(launcher.desktop_entry(gone), encoding="utf-8")
    assert set(launcher.stale()) == {menu, home / "Desktop" / "ludotheque.desktop"}
    mended = launcher.mend()
    assert menu in mended
    assert _exec(menu) == launcher.command()
    assert launcher.stale() == [] and launcher.mend() == []       # mended once, then left alone


@linux_only
def test_mending_keeps_a_launcher_the_player_removed_removed(home):
    launcher.install()
    desktop = home / "Desktop" / "ludotheque.desktop"
    menu = home / ".local" / "share" / "applications" / "ludotheque.desktop"
    desktop.unlink()
    menu.write_text(launcher.desktop_entry(["/nowhere/ludotheque"]), encoding="utf-8")
    launcher.mend()
    assert _exec(menu) == launcher.command() and not desktop.exists()


@linux_only
def test_a_launcher_of_an_earlier_version_is_replaced(home):
    old = home / ".local" / "share" / "applications" / "Ludotheque.desktop"
    old.parent.mkdir(parents=True)
    old.write_text("[Desktop Entry]\nType=Application\nName=Ludothèque\nExec=/gone/.venv/bin/python /gone/main.py\n"
                   "Icon=/gone/assets/icon.png\n", encoding="utf-8")
    launcher.mend()
    new = old.with_name("ludotheque.desktop")
    assert not old.exists() and new.is_file() and _exec(new) == launcher.command()


def test_nothing_is_mended_when_no_launcher_was_installed(home):
    assert launcher.mend() == []
    assert not (home / "Desktop").exists()


def test_a_desktop_file_that_is_not_ours_is_left_alone(home):
    other = home / ".local" / "share" / "applications" / "ludotheque.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\nType=Application\nName=Something else\nExec=/gone/x\n", encoding="utf-8")
    assert launcher.mend() == []
    assert "Something else" in other.read_text(encoding="utf-8")


def test_window_class_matches_the_launcher(monkeypatch):
    monkeypatch.delenv("SDL_VIDEO_X11_WMCLASS", raising=False)
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    launcher.set_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == launcher.WM_CLASS == "ludotheque"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == launcher.WM_CLASS


def test_exec_of_a_bundle_in_a_folder_with_spaces_reads_back():
    argv = ["/home/léa/Jeux (copie)/ludotheque/ludotheque"]
    assert launcher.parse_exec(launcher.exec_value(argv)) == argv
    assert f"TryExec={argv[0]}\n" in launcher.desktop_entry(argv)
