"""Two copies of the app for one player never clobber each other (issue 15 §3).

What the player gets: one copy at a time. Opening the app again while it runs brings the
running window to the front (the second copy says so and exits 0) — no second app to
overwrite the first one's game. Underneath, whatever runs (screenshot runs, tests, an
older copy), each game's save is locked by the process playing it: another process can
neither write over it, resume it nor delete it, and no process removes a temporary file
another one is writing. Tested with real processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludotheque import storage
from ludotheque.saves import SaveStore

from tests.test_reliability_signals import app_env, save_of, started_game, wait_for

ROOT = Path(__file__).resolve().parent.parent


def log_of(home: Path) -> str:
    try:
        return (home / "state" / "ludotheque" / "log" / "ludotheque.log").read_text()
    except OSError:
        return ""


def test_a_second_copy_hands_over_to_the_first_and_touches_no_save(tmp_path):
    env = app_env(tmp_path)
    first = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "glissando", "--demo", "--seed", "7"],
                             env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(started_game(tmp_path, "glissando"), proc=first)
        saves = tmp_path / "data" / "ludotheque" / "saves"
        for n, args in enumerate(([], ["glissando"], ["magico", "--demo"]), 1):   # the icon, a game, a demo
            second = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], env=env, cwd=ROOT,
                                    capture_output=True, text=True, timeout=120)
            assert second.returncode == 0, second.stderr
            assert second.stderr.strip() == "Ludothèque is already open: its window is brought to the front."
            # each hand-over is seen before the next is sent: two signals of one kind that
            # arrive before the first copy's handler runs are delivered once (POSIX)
            wait_for(lambda: log_of(tmp_path).count("bringing this window to the front") == n, proc=first)
        names = {p.name for p in saves.iterdir() if not p.name.startswith(f".glissando-demo.json.{first.pid}.")}
        # only the first copy's files (a demo writes its own save, never the player's): no magico save
        assert names == {".glissando-demo.lock", "glissando-demo.json"}
        assert first.poll() is None            # the first copy plays on
        before = save_of(tmp_path, "glissando")
        first.terminate()
        out, err = first.communicate(timeout=120)
        assert first.returncode == 0 and "Traceback" not in err, err
        assert len(save_of(tmp_path, "glissando")["data"]["history"]) >= len(before["data"]["history"])
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    # once the first copy has quit, the app opens again as usual
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(tmp_path / "m.png"),
                        "--frames", "2"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and (tmp_path / "m.png").exists()


def test_the_second_copy_speaks_the_players_language(tmp_path):
    env = app_env(tmp_path)
    (tmp_path / "cfg" / "ludotheque" / "settings.json").write_text('{"schema": 1, "language": "fr"}')
    first = subprocess.Popen([sys.executable, str(ROOT / "main.py")], env=env, cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: "Ludothèque started" in log_of(tmp_path), proc=first)
        lock = tmp_path / "data" / "ludotheque" / "instance.lock"
        wait_for(lambda: lock.exists() and lock.read_text().strip() == str(first.pid), proc=first)
        second = subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, cwd=ROOT, capture_output=True,
                                text=True, timeout=120)
        assert second.returncode == 0
        assert second.stderr.strip() == "Ludothèque est déjà ouvert\u202f: sa fenêtre passe au premier plan."
    finally:
        first.terminate()
        first.wait(timeout=120)


# ------------------------------------------------------------------ per-game save locks

PLAYER = r"""
import sys, time
sys.path.insert(0, sys.argv[2])
from ludotheque.saves import SaveStore
store = SaveStore(sys.argv[1])
turn = 0
store.save("glissando", {"turn": 0, "by": "first"})
store.flush()
print("playing", flush=True)
for line in sys.stdin:                       # one turn per line from the test
    turn += 1
    store.save("glissando", {"turn": turn, "by": "first"})
    store.flush()
    print("saved", turn, flush=True)
"""


@pytest.fixture
def first_copy(tmp_path):
    """A process that plays Glissando (holds its save) and saves a turn per line sent."""
    p = subprocess.Popen([sys.executable, "-c", PLAYER, str(tmp_path), str(ROOT)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline() == "playing\n"
    yield p
    p.stdin.close()
    p.wait(timeout=60)


def turn(p) -> int:
    p.stdin.write("\n")
    p.stdin.flush()
    return int(p.stdout.readline().split()[1])


def test_another_process_can_neither_overwrite_resume_nor_delete_a_game_being_played(tmp_path, first_copy):
    other = SaveStore(tmp_path)
    assert other.held_elsewhere("glissando")
    assert not other.save("glissando", {"turn": 99, "by": "second"})   # refused: nothing written
    assert other.load("glissando") is None                               # no resume of a game in play
    assert not other.delete("glissando")                                 # its end does not delete the first's
    assert len(other.problems) == 1 and "open in another Ludothèque window" in other.problems[0]
    n = turn(first_copy)
    data = json.loads((tmp_path / "glissando.json").read_text())["data"]
    assert data == {"turn": n, "by": "first"}
    assert other.save("magico", {"turn": 1})                             # another game is free
    other.flush()


def test_when_the_first_copy_quits_the_second_may_resume(tmp_path, first_copy):
    n = turn(first_copy)
    first_copy.stdin.close()
    first_copy.wait(timeout=60)
    store = SaveStore(tmp_path)
    assert not store.held_elsewhere("glissando")
    assert store.load("glissando") == {"turn": n, "by": "first"}


def test_a_resume_never_removes_the_temporary_another_process_is_writing(tmp_path, first_copy):
    """Round one: a Resume in one copy removed every ``.glissando.json.*.tmp`` — also the
    one the other copy was writing, whose rename then failed and turned its saving off."""
    alive = tmp_path / (storage.temporary_prefix(tmp_path / "magico.json", first_copy.pid) + "abc123.tmp")
    alive.write_text('{"half": ')
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = tmp_path / (storage.temporary_prefix(tmp_path / "magico.json", int(gone.stdout)) + "zzz999.tmp")
    dead.write_text('{"half": ')
    store = SaveStore(tmp_path)
    store.load("magico")
    assert alive.exists(), "a temporary of a running process was removed"
    assert not dead.exists(), "a temporary of a process that is gone was left"
    old = tmp_path / ".magico.json.k2j3h4.tmp"              # an older version's name: no process id
    old.write_text("{")
    store.load("magico")
    assert old.exists()                                     # young: perhaps being written
    t = time.time() - storage.STALE_AFTER - 60
    os.utime(old, (t, t))
    store.load("magico")
    assert not old.exists()                                 # abandoned long ago


def test_a_process_killed_while_holding_a_game_releases_it(tmp_path):
    p = subprocess.Popen([sys.executable, "-c", PLAYER, str(tmp_path), str(ROOT)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline() == "playing\n"
    store = SaveStore(tmp_path)
    assert store.held_elsewhere("glissando")
    p.kill()
    p.wait()
    assert not store.held_elsewhere("glissando")            # the kernel let the lock go
    assert store.load("glissando") == {"turn": 0, "by": "first"}
