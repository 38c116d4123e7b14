"""Messages that tell the truth (issue 15 §7–9, issue 13 §3): one clear sentence each,
in the player's language — a ``DISPLAY`` pointing to no X server, a Wayland driver with
no compositor, a settings folder that cannot be reached — and settings that survive
(unknown keys kept, out-of-range values corrected and said once, ``--lang`` for one
session only), and a log file that keeps a crash's traceback.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import main
from ludotheque import i18n, screen, storage
from ludotheque.settings import Settings

from tests.harness import make_app

ROOT = Path(__file__).resolve().parent.parent
GAMES = list(main.descriptors())


def run(args, home: Path, lang="en", **env_changes):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER",
                                                            "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(SDL_AUDIODRIVER="dummy", HOME=str(home), XDG_CONFIG_HOME=str(home / "cfg"),
               XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
               LANG="fr_CA.UTF-8" if lang == "fr" else "C.UTF-8")
    for k, v in env_changes.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def free_display() -> str:
    """A display number with no X server (no socket, abstract or on disk)."""
    for n in range(173, 999):
        if not screen.x_server_answers(f":{n}") and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            return f":{n}"
    pytest.skip("no free display number")


# ------------------------------------------------------------------ no screen

@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_display_with_no_x_server_is_said_as_such_in_the_players_language(tmp_path, lang):
    disp = free_display()
    r = run([], tmp_path, lang, DISPLAY=disp)
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr                  # one sentence, no libwayland noise before it
    if lang == "en":
        assert lines[0] == (f"Ludothèque needs a screen: DISPLAY is set to {disp}, but no X server answers there; "
                            "start it from a desktop session, or set DISPLAY to a running X server.")
    else:
        assert lines[0].startswith(f"Ludothèque a besoin d’un écran\u202f: DISPLAY vaut {disp}, mais aucun serveur X")
    assert "not set" not in r.stderr and "n’est pas défini" not in r.stderr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_wayland_driver_without_a_compositor_is_one_sentence_not_a_traceback(tmp_path, lang):
    r = run([], tmp_path, lang, SDL_VIDEODRIVER="wayland", XDG_RUNTIME_DIR=str(tmp_path))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert str(tmp_path / "wayland-0") in r.stderr
    assert ("Wayland compositor answers" if lang == "en" else "aucun compositeur Wayland") in r.stderr


def test_a_wayland_display_without_a_compositor_and_no_x(tmp_path):
    r = run([], tmp_path, WAYLAND_DISPLAY="wayland-5", XDG_RUNTIME_DIR=None)
    assert r.returncode == 1 and "XDG_RUNTIME_DIR is invalid" not in r.stderr
    assert r.stderr.strip() == ("Ludothèque needs a screen: WAYLAND_DISPLAY is set, but no Wayland compositor "
                                "answers at (XDG_RUNTIME_DIR is not set); start it from a desktop session.")


def test_a_listening_x_socket_counts_as_a_screen(tmp_path):
    """The check connects the way X clients do: to the abstract or file socket of ``:N``."""
    disp = free_display()
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind("\0/tmp/.X11-unix/X" + disp[1:])
    s.listen(1)
    try:
        assert screen.diagnose({"DISPLAY": disp}, "linux").code == "ok"
        assert screen.diagnose({"DISPLAY": disp + ".0"}, "linux").code == "ok"
    finally:
        s.close()
    assert screen.diagnose({"DISPLAY": disp}, "linux").code == "x11-silent"
    assert screen.diagnose({}, "linux").code == "none"
    assert screen.diagnose({"DISPLAY": "nonsense"}, "linux").code == "x11-silent"
    assert screen.diagnose({"SDL_VIDEODRIVER": "dummy"}, "linux").ok
    assert screen.diagnose({}, "win32").ok


def test_screenshots_need_no_screen_even_with_a_dead_display(tmp_path):
    r = run(["--screenshot", str(tmp_path / "m.png"), "--frames", "2"], tmp_path, DISPLAY=free_display())
    assert r.returncode == 0 and (tmp_path / "m.png").exists(), r.stderr


# ------------------------------------------------------------------ the settings folder

@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_settings_folder_that_cannot_be_reached_is_not_called_a_damaged_file(tmp_path, lang):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    i18n.set_language(lang)
    try:
        s = Settings.load(blocker / "ludotheque" / "settings.json")
        said = s.take_messages()
    finally:
        i18n.set_language("en")
    assert len(said) == 1
    if lang == "en":
        assert said[0] == (f"Your settings cannot be kept: a file stands where the folder {blocker / 'ludotheque'} "
                           "should be; the defaults are used.")
    else:
        assert said[0] == (f"Vos réglages ne peuvent pas être conservés\u202f: un fichier occupe la place du dossier "
                           f"{blocker / 'ludotheque'}\u202f; les réglages par défaut s’appliquent.")
    assert not s.save()
    assert not s.take_messages()                      # said once, not again at every change
    assert blocker.read_text() == ""


@pytest.mark.parametrize("errno_, kind", [(13, "denied"), (20, "blocked"), (19, "gone"), (5, "io")])
def test_each_unreachable_kind_has_its_own_sentence(tmp_path, monkeypatch, errno_, kind):
    settings = tmp_path / "settings.json"
    settings.write_text("{}")                           # a good file the disk will not give

    def refused(path, *args, **kwargs):
        raise OSError(errno_, os.strerror(errno_), str(path))
    monkeypatch.setattr(storage, "open", refused, raising=False)   # storage's own open() only
    s = Settings.load(settings)
    said = s.take_messages()
    assert len(said) == 1 and "damaged" not in said[0]
    words = {"denied": "not allowed", "blocked": "a file stands", "gone": "is gone", "io": "disk reported an error"}
    assert words[kind] in said[0]


def test_through_the_real_app_the_french_player_reads_french_only(tmp_path):
    """Round two: 'Votre fichier de réglages était abîmé … (settings.json cannot be read
    (Not a directory))' — a wrong diagnosis with English inside the French sentence."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    shown = []
    i18n.set_language("fr")
    try:
        s = Settings.load(blocker / "ludotheque" / "settings.json")
        app = make_app(GAMES, language="fr", folder=tmp_path / "ok")
        for sentence in s.take_messages():              # what the command line does
            app.toast(sentence)
            shown.append(sentence)
    finally:
        i18n.set_language("en")
    assert len(shown) == 1 and "abîmé" not in shown[0] and "cannot" not in shown[0] and "(" not in shown[0]


# ------------------------------------------------------------------ settings that survive

def test_unknown_keys_and_a_newer_schema_survive_an_older_version(tmp_path):
    path = tmp_path / "settings.json"
    newer = {"schema": 3, "language": "fr", "volume": 0.5, "ai_level": "grandmaster", "colour_blind": True,
             "window": {"x": 10, "y": 20}}
    path.write_text(json.dumps(newer))
    s = Settings.load(path)
    assert not s.take_messages()                       # nothing wrong: a newer version's file
    assert s.language == "fr" and s.volume == 0.5 and s.ai_level == "intermediate"
    s.volume = 0.3
    assert s.save()
    kept = json.loads(path.read_text())
    assert {k: kept[k] for k in newer} == dict(newer, volume=0.3)   # its keys, its level, its schema: all kept
    s.ai_level = "expert"                              # the player picks a level here: that is stored
    s.save()
    assert json.loads(path.read_text())["ai_level"] == "expert"


@pytest.mark.parametrize("volume, now", [(1e9, 1.0), (-3, 0.0), (1.5, 1.0)])
def test_an_out_of_range_volume_is_corrected_and_said_once(tmp_path, volume, now):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "volume": volume, "muted": "yes", "language": "en"}))
    s = Settings.load(path)
    said = s.take_messages()
    assert len(said) == 1 and f"now {round(now * 100)} %" in said[0] and "“Sound”" in said[0]
    assert s.volume == now and s.muted is False
    assert json.loads(path.read_text())["volume"] == now
    assert not Settings.load(path).take_messages()      # corrected in the file: not said again


def test_lang_is_for_this_session_only(tmp_path):
    """Issue 13 §3: ``--lang fr`` was written into the settings by the next saved setting."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "language": "en"}))
    s = Settings.load(path)
    s.use_language_for_session("fr")
    assert s.language == "fr"
    app = make_app(GAMES, language="fr", folder=tmp_path / "x")
    app.settings = s
    app.set_volume(0.2)                                 # any setting saved during the session
    app.toggle_mute()
    assert json.loads(path.read_text())["language"] == "en"
    app.set_language("fr")                              # the player picks French on the settings screen: kept
    assert json.loads(path.read_text())["language"] == "fr"
    i18n.set_language("en")


def test_lang_through_the_command_line_leaves_the_stored_language(tmp_path):
    cfg = tmp_path / "cfg" / "ludotheque"
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_text(json.dumps({"schema": 1, "language": "en", "volume": 2}))
    r = run(["--lang", "fr", "--screenshot", str(tmp_path / "m.png"), "--frames", "2"], tmp_path)
    assert r.returncode == 0, r.stderr
    stored = json.loads((cfg / "settings.json").read_text())
    assert stored["language"] == "en" and stored["volume"] == 1.0   # corrected, and still English


# ------------------------------------------------------------------ the log file

CRASH = r"""
import sys
sys.path.insert(0, sys.argv[1])
from tests.ludotheque.fake_game import CounterScene, make_descriptor
from ludotheque.cli import main

class Broken(CounterScene):
    def update(self, dt):
        raise RuntimeError("a bug in a game, deep in its update")

sys.exit(main([make_descriptor(scene_cls=Broken)], ["counter", "--demo"]))
"""


def test_a_crash_leaves_its_traceback_in_the_log_file(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "cfg"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"))
    r = subprocess.run([sys.executable, "-c", CRASH, str(ROOT)], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    log = tmp_path / "state" / "ludotheque" / "log" / "ludotheque.log"
    text = log.read_text()
    assert "CRITICAL ludotheque.crash: uncaught exception" in text
    assert "RuntimeError: a bug in a game, deep in its update" in text and "Traceback" in text
    assert f"the log has it: {log}" in r.stderr             # a terminal user is told where
    assert r.stderr.count("RuntimeError: a bug in a game") == 1  # the traceback once on the console
    assert "INFO" not in r.stderr                            # the console gets warnings only
    assert "INFO ludotheque.logs: Ludothèque started" in text


ROTATE = r"""
import logging, sys
sys.path.insert(0, sys.argv[1])
from ludotheque import logs
logs.setup()
for i in range(30000):
    logging.getLogger("ludotheque.test").info("line %05d %s", i, "x" * 60)
"""


def test_the_log_is_rotated(tmp_path):
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"), HOME=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", ROTATE, str(ROOT)], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    folder = tmp_path / "state" / "ludotheque" / "log"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["faults.log", "ludotheque.log", "ludotheque.log.1", "ludotheque.log.2", "ludotheque.log.3"]
    assert all((folder / n).stat().st_size <= 1_000_000 for n in names)
    assert "line 29999" in (folder / "ludotheque.log").read_text()


def test_an_unwritable_log_folder_means_console_only_said_once(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = dict(os.environ, XDG_STATE_HOME=str(blocker), HOME=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", ROTATE.replace("30000", "3"), str(ROOT)], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stderr.count("no log file") == 1 and "line" not in r.stderr
