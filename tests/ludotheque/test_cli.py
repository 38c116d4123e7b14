"""The command line of design.md, run as a real process."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, env=None, timeout=60):
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LANG="C.UTF-8")
    for var in ("DISPLAY", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):   # the usage is in English here
        e.pop(var, None)
    e.update(env or {})
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          env=e, timeout=timeout, cwd=ROOT)


@pytest.mark.parametrize("args", [["--no-such-flag"], ["chess"], ["--seed", "x"], ["--lang", "de"]])
def test_wrong_flag_or_unknown_game_prints_usage_and_exits_2(args, tmp_path):
    r = run(*args, env={"XDG_CONFIG_HOME": str(tmp_path)})     # no stored language
    assert r.returncode == 2
    assert "usage:" in r.stderr


def test_version():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("Ludothèque ")


def test_screenshot_of_the_menu(tmp_path):
    out = tmp_path / "menu.png"
    r = run("--screenshot", str(out), "--frames", "3", env={"HOME": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    import pygame
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_corrupt_settings_do_not_stop_the_app(tmp_path):
    cfg = tmp_path / "cfg" / "ludotheque"
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_text("{not json")
    r = run("--screenshot", str(tmp_path / "m.png"), "--frames", "2",
            env={"XDG_CONFIG_HOME": str(tmp_path / "cfg")})
    assert r.returncode == 0, r.stderr
    assert "damaged" in r.stderr  # said once, in the log; on screen as a toast
    assert r.stderr.count("damaged") == 1
    assert (cfg / "settings.json.bad").read_text() == "{not json"


def test_missing_audio_driver_means_silence_not_a_crash(tmp_path):
    r = run("--screenshot", str(tmp_path / "m.png"), "--frames", "2", env={"SDL_AUDIODRIVER": "no-such-driver"})
    assert r.returncode == 0, r.stderr
    assert "no sound device" in r.stderr


def test_no_home_still_starts(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(tmp_path / "m.png"), "--frames", "2"],
                       capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)
    assert r.returncode == 0, r.stderr


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate is not installed (.ci/run installs desktop-file-utils)")
def test_install_launcher_creates_a_valid_desktop_file(tmp_path):
    r = run("--install-launcher", env={"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / ".config")})
    assert r.returncode == 0, r.stderr
    desktop = tmp_path / "Desktop" / "ludotheque.desktop"
    menu = tmp_path / ".local" / "share" / "applications" / "ludotheque.desktop"
    assert desktop.exists() and menu.exists()
    v = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
    assert v.returncode == 0 and "error" not in v.stdout.lower(), v.stdout
    text = desktop.read_text()
    exec_line = next(l for l in text.splitlines() if l.startswith("Exec="))
    assert "Terminal=false" in text
    assert exec_line.endswith("/ludotheque")   # the installed command, never python main.py
    r = run("--uninstall-launcher", env={"HOME": str(tmp_path)})
    assert r.returncode == 0 and not desktop.exists() and not menu.exists()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate is not installed (.ci/run installs desktop-file-utils)")
def test_launcher_runs_a_game_installed_in_a_folder_with_spaces(tmp_path):
    import shlex

    from ludotheque import launcher

    argv = ["/home/léa/mes jeux/.venv/bin/python", "/home/léa/mes jeux/Ludothèque (copie)/main.py", "50%"]
    desktop = tmp_path / "Ludotheque.desktop"
    desktop.write_text(launcher.desktop_entry(argv), encoding="utf-8")   # what install() writes
    v = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
    assert v.returncode == 0 and "error" not in v.stdout.lower(), v.stdout
    value = next(l for l in desktop.read_text().splitlines() if l.startswith("Exec="))[len("Exec="):]
    # read back as a desktop environment does: string escapes, then quoting, then %%
    unescaped = value.replace("\\\\", "\\")
    assert [a.replace("%%", "%") for a in shlex.split(unescaped)] == argv


def test_without_a_screen_the_game_says_so_and_stops(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1
    assert "needs a screen" in r.stderr and "DISPLAY" in r.stderr
    assert r.stderr.lstrip().startswith("Ludothèque needs a screen")   # not after a page of ALSA noise


def test_headless_demo_into_a_closed_pipe_is_not_a_crash(tmp_path):
    """``main.py GAME --demo --headless | head -c 100``: the reader stops early; the demo
    ends quietly (no traceback, no "stopped on an error"), as the Python docs advise."""
    read_end, write_end = os.pipe()
    os.close(read_end)                       # the reader has gone before the summary is printed
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path),
             XDG_STATE_HOME=str(tmp_path / "state"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    try:
        r = subprocess.run([sys.executable, str(ROOT / "main.py"), "magico", "--demo", "--headless",
                            "--seed", "3"], stdout=write_end, stderr=subprocess.PIPE, text=True,
                           env=e, timeout=120, cwd=ROOT)
    finally:
        os.close(write_end)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr and "error" not in r.stderr.lower()
