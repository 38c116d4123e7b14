"""Signals (issue 15 §4): Ctrl+C in the terminal (SIGINT) and the terminal closing
(SIGHUP) quit like SIGTERM and the window's close button — the game in progress is saved
at quit and the process exits 0, with no traceback.

Each signal is sent to a real ``main.py GAME --demo`` process (SDL's dummy video driver:
a window no one sees). Then the save on disk must hold the game: written *after* the
signal was sent (its ``saved_at`` — the quit-time save, not only the last turn's) and no
shorter than what was on disk before. A real terminal is used too: the app runs on a
pseudo-terminal as its controlling terminal; ``^C`` is typed into it, or it is closed.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HISTORY = {"glissando": lambda d: len(d["history"]), "magico": lambda d: len(d["turns"]),
           "mississippi": lambda d: len(d.get("turns", ()))}


def app_env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               XDG_CONFIG_HOME=str(home / "cfg"), XDG_DATA_HOME=str(home / "data"),
               XDG_STATE_HOME=str(home / "state"), LANG="C.UTF-8")
    env.pop("LANGUAGE", None)
    cfg = home / "cfg" / "ludotheque"
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "settings.json").write_text(json.dumps({"schema": 1, "ai_level": "beginner", "language": "en"}))
    return env


def save_of(home: Path, game: str):
    """The demo's save (a demo writes ``<game>-demo.json``, never the player's save)."""
    path = home / "data" / "ludotheque" / "saves" / f"{game}-demo.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def wait_for(predicate, seconds=180.0, proc=None):
    """Poll ``predicate`` (a state: a file, a line) until true; fail if ``proc`` died."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"the app exited early ({proc.returncode})")
        time.sleep(0.05)
    raise AssertionError("gave up waiting")


def cpu_seconds(pid: int) -> float:
    """CPU time the process has used (user + system, from /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def started_game(home: Path, game: str, turns: int = 2, pid: int | None = None):
    """The save once the demo has saved at least ``turns`` turns (Glissando, Magico).
    A Mississippi demo can play minutes before its first save (the lag, M-L1), but its
    scene is on the stack before the loop starts: there, the game is on once the process
    has run its loop for 4 s of its own CPU time (``{"data": {}}``: no save yet)."""
    def ready():
        s = save_of(home, game)
        if game == "mississippi":
            return (s or {"data": {}}) if pid is not None and cpu_seconds(pid) >= 4 else None
        if s is None:
            return None
        return s if HISTORY[game](s["data"]) >= turns else None
    return ready


def check_saved_after(home: Path, game: str, before: dict, sent_at: float) -> dict:
    after = save_of(home, game)
    assert after is not None, "the game was lost"
    assert after["saved_at"] >= round(sent_at, 3) - 0.001, "no quit-time save after the signal"
    assert HISTORY[game](after["data"]) >= HISTORY[game](before["data"])
    return after


@pytest.mark.parametrize("signame", ["SIGINT", "SIGHUP", "SIGTERM"])
def test_each_quit_signal_saves_the_game_and_exits_0(tmp_path, signame):
    env = app_env(tmp_path)
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "glissando", "--demo", "--seed", "5"],
                         env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        before = wait_for(started_game(tmp_path, "glissando"), proc=p)
        sent_at = time.time()
        p.send_signal(getattr(signal, signame))
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 0, err[-2000:]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    check_saved_after(tmp_path, "glissando", before, sent_at)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["magico", "mississippi"])
def test_ctrl_c_saves_every_game(tmp_path, game):
    env = app_env(tmp_path)
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), game, "--demo", "--seed", "5"],
                         env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        before = wait_for(started_game(tmp_path, game, pid=p.pid), proc=p)
        sent_at = time.time()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 0 and "Traceback" not in err, err[-2000:]
    check_saved_after(tmp_path, game, before, sent_at)


# ------------------------------------------------------------------ a real terminal

BECOME_TERMINAL = ("import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
                   "os.execv(sys.executable, [sys.executable] + sys.argv[1:])")


def on_a_terminal(home: Path):
    """``main.py glissando --demo`` on a new pseudo-terminal that is its controlling
    terminal (a new session, as a shell in a terminal window gives). :returns: (process,
    master fd)."""
    import pty

    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-c", BECOME_TERMINAL, str(ROOT / "main.py"), "glissando", "--demo",
                          "--seed", "6"], env=app_env(home), cwd=ROOT, stdin=slave, stdout=slave, stderr=slave,
                         start_new_session=True)
    os.close(slave)
    return p, master


def drain(master: int) -> bytes:
    import select

    out = b""
    while select.select([master], [], [], 0)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out


@pytest.mark.skipif(sys.platform != "linux", reason="pseudo-terminals as controlling terminals: Linux")
def test_ctrl_c_typed_in_the_terminal_saves_and_exits_0_without_a_traceback(tmp_path):
    p, master = on_a_terminal(tmp_path)
    said = b""
    try:
        def ready():
            nonlocal said
            said += drain(master)
            return started_game(tmp_path, "glissando")()
        before = wait_for(ready, proc=p)
        sent_at = time.time()
        os.write(master, b"\x03")                 # the player presses Ctrl+C in the terminal
        def ended():
            nonlocal said
            said += drain(master)
            return p.poll() is not None
        wait_for(ended, seconds=120)
        said += drain(master)
    finally:
        if p.poll() is None:
            p.kill()
        p.wait()
        os.close(master)
    assert p.returncode == 0, said.decode(errors="replace")[-2000:]
    assert b"Traceback" not in said and b"KeyboardInterrupt" not in said, said.decode(errors="replace")[-3000:]
    check_saved_after(tmp_path, "glissando", before, sent_at)


@pytest.mark.skipif(sys.platform != "linux", reason="pseudo-terminals as controlling terminals: Linux")
def test_closing_the_terminal_saves_and_exits_0(tmp_path):
    p, master = on_a_terminal(tmp_path)
    try:
        def ready():
            drain(master)
            return started_game(tmp_path, "glissando")()
        before = wait_for(ready, proc=p)
        sent_at = time.time()
        os.close(master)                          # the terminal window is closed: SIGHUP
        master = None
        p.wait(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        if master is not None:
            os.close(master)
    assert p.returncode == 0
    check_saved_after(tmp_path, "glissando", before, sent_at)
    log = (tmp_path / "state" / "ludotheque" / "log" / "ludotheque.log").read_text()
    assert "SIGHUP: saving and quitting" in log and "Traceback" not in log


def test_a_quit_signal_during_start_up_ends_the_app_even_if_its_exit_was_swallowed():
    """Seen in a real process: SIGTERM while SDL was opening the window; the handler's
    SystemExit was lost on the way and the app went on to its menu, deaf to the SIGTERM.
    The signal is remembered, and the app stops when it is attached to the loop."""
    from ludotheque import signals

    signals.reset()
    try:
        try:                                          # whoever swallowed it
            signals.request_exit(signal.SIGTERM)      # what the handler does
        except SystemExit as exc:
            assert exc.code == 128 + signal.SIGTERM
        with pytest.raises(SystemExit) as stopped:
            signals.attach(object())
        assert stopped.value.code == 128 + signal.SIGTERM
        assert signals.attached() is None             # never attached: no loop runs
    finally:
        signals.reset()
