"""A virtual X screen for the end-to-end tests: Xvfb started on a free display with a
private HOME and user folders, and the game's window found by its process id.

Shared by every ``e2e`` test so the waiting rules live in one place: a loaded machine
may take many seconds to start Xvfb or to map the game's window, so both are polled.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path


def missing(*tools: str) -> list[str]:
    """The command-line tools among ``tools`` that are not installed."""
    return [t for t in tools if shutil.which(t) is None]


def wait_for(predicate, seconds: float = 20.0, step: float = 0.2):
    """Call ``predicate`` until it returns something true or ``seconds`` pass; its last value."""
    t0 = time.time()
    while time.time() - t0 < seconds:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


def start_xvfb(home: Path, size: tuple[int, int] = (1280, 720)) -> tuple[subprocess.Popen, dict]:
    """Start Xvfb (``size`` px, 24-bit) on a free display (Xvfb picks it and writes its
    number on a pipe, ``-displayfd``: a display another test or program holds is never
    shared); returns the process and an environment for the game: that ``DISPLAY``,
    dummy audio, ``HOME`` = ``home`` and the XDG config/data folders under it (saves land
    in ``home/data/ludotheque/saves``).

    :raises AssertionError: Xvfb did not answer within 30 s.
    """
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
                             "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            pass_fds=(write,))
    os.close(write)
    number = b""
    with os.fdopen(read, "rb") as pipe:          # Xvfb writes "N\n" once it accepts clients
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip().isdigit():
        xvfb.kill()
        raise AssertionError("Xvfb did not start")
    disp = f":{int(number)}"
    env = dict(os.environ, DISPLAY=disp, SDL_AUDIODRIVER="dummy", HOME=str(home),
               XDG_CONFIG_HOME=str(home / "cfg"), XDG_DATA_HOME=str(home / "data"))
    env.pop("SDL_VIDEODRIVER", None)
    started = wait_for(lambda: subprocess.run(["xdotool", "getmouselocation"], env=env,
                                              capture_output=True).returncode == 0, 30, 0.1)
    if not started:
        xvfb.kill()
        raise AssertionError("Xvfb did not start")
    return xvfb, env


def window_of(env: dict, app: subprocess.Popen, seconds: float = 60.0) -> str:
    """The X window id of process ``app`` once its window is mapped (polled).

    :raises AssertionError: the process exited, or no window after ``seconds``.
    """
    deadline = time.time() + seconds
    while time.time() < deadline:
        assert app.poll() is None, "the game exited at start"
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid)], env=env,
                               capture_output=True, text=True, timeout=30)
        if found.stdout.split():
            return found.stdout.split()[0]
        time.sleep(0.2)
    raise AssertionError(f"no window from the game after {seconds:.0f} s")
