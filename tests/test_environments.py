"""Bad environments (issue 8): a config and data folder that cannot be created or
written (the game runs and says, once, that saves are off) and no HOME at all.

CI runs as root, and root writes through ``chmod``: the unwritable folder is a path
*under a regular file* (``XDG_DATA_HOME=<file>/sub``), which no one can create.
"""

import os
import subprocess
import sys
from pathlib import Path

import main
from ludotheque.app import App
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from ludotheque.saves import SaveStore
from ludotheque.settings import Settings

from tests.harness import run_until

ROOT = Path(__file__).resolve().parent.parent
GAMES = {d.id: d for d in main.descriptors()}


def unwritable_env(tmp_path) -> dict:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY",)}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(blocker / "config"),
               XDG_DATA_HOME=str(blocker / "data"), XDG_CACHE_HOME=str(blocker / "cache"),
               XDG_STATE_HOME=str(blocker / "state"))
    return env


def demo_in_a_process(tmp_path, env, game="glissando", frames=300):
    """``main.py GAME --demo`` for ``frames`` frames (60 per second), then a screenshot."""
    shot = tmp_path / "shot.png"
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), game, "--demo", "--seed", "2", "--lang", "en",
                        "--screenshot", str(shot), "--frames", str(frames)],
                       capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    return r, shot


def test_unwritable_config_and_data_folders_the_demo_plays_and_says_saves_are_off_once(tmp_path):
    r, shot = demo_in_a_process(tmp_path, unwritable_env(tmp_path))
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    assert shot.exists()
    assert r.stderr.count("Saves are off") == 1, r.stderr  # turns were played; said once
    assert "damaged" not in r.stderr  # an unreachable settings folder is not a damaged file
    assert not (tmp_path / "a-file" / "data").exists()


def test_no_home_and_unwritable_folders_the_demo_still_plays(tmp_path):
    env = unwritable_env(tmp_path)
    env.pop("HOME", None)
    r, shot = demo_in_a_process(tmp_path, env, game="magico", frames=240)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr and shot.exists()


def test_saves_off_is_shown_to_the_player_once_however_many_turns(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    settings = Settings.load(blocker / "config" / "settings.json")
    settings.language = "en"
    app = App(list(GAMES.values()), settings=settings, saves=SaveStore(blocker / "saves"), seed=1, window=False)
    shown = []
    real_toast = app.toast
    app.toast = lambda text, seconds=2.5: shown.append(text) or real_toast(text, seconds)
    app.to_menu()
    d = GAMES["glissando"]
    start_game(app, d, GameConfig(players=(PlayerSpec("A", "ai", "beginner"), PlayerSpec("B", "ai", "beginner")),
                                  seed=2, options=d.default_options(), demo=True))
    written = []
    real_save = app.saves.save
    app.saves.save = lambda gid, data: written.append(gid) or real_save(gid, data)
    assert run_until(app, lambda: len(written) >= 6, max_seconds=120)  # six autosaves tried
    off = [t for t in shown if "Saves are off" in t]
    assert len(off) == 1, shown
    assert not app.settings.save()  # settings are not remembered either, and that is no crash
