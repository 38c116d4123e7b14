"""A virtual X screen for the end-to-end tests: Xvfb started on a free display with a
private HOME and user folders, and the game's window found by its process id.

Shared by every ``e2e`` test so the waiting rules live in one place: a loaded machine
may take many seconds to start Xvfb or to map the game's window, so both are polled.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The checkout: ``main.py`` is started from here."""


def missing(*tools: str) -> list[str]:
    """The command-line tools among ``tools`` that are not installed."""
    return [t for t in tools if shutil.which(t) is None]


def needs(*tools: str) -> list:
    """The marks of an end-to-end test module (``pytestmark = needs("Xvfb", "xdotool")``):
    ``e2e``, and a skip that names the missing tools and how to install them."""
    import pytest

    gone = missing(*tools)
    return [pytest.mark.e2e,
            pytest.mark.skipif(bool(gone), reason=f"needs {', '.join(gone)} "
                               "(apt-get install xvfb xdotool imagemagick)")]


def wait_for(predicate, seconds: float = 20.0, step: float = 0.2):
    """Call ``predicate`` until it returns something true or ``seconds`` pass (a state,
    polled every ``step`` s — never a fixed sleep); its last value."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
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
    # -noreset: by default an X server resets when its last client leaves (each xdotool
    # poll is one); a game connecting during that reset is refused and SDL falls back to
    # its offscreen driver ("the screen did not let it in": 5 of 140 starts under load)
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
                             "-nolisten", "tcp", "-noreset"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
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


def exit_report(app: subprocess.Popen) -> str:
    """How the ended process ``app`` ended: its exit status and the end of what it
    printed (when its output was a pipe)."""
    said = ""
    if app.stdout is not None:
        try:
            said = app.stdout.read() or ""
        except (OSError, ValueError):
            pass
    if isinstance(said, bytes):
        said = said.decode("utf-8", "replace")
    return f"exit status {app.poll()}: {said[-1500:].strip() or 'nothing printed'}"


def window_of(env: dict, app: subprocess.Popen, seconds: float = 60.0) -> str:
    """The X window id of process ``app`` once its window is mapped (polled).

    :raises AssertionError: the process exited, or no window after ``seconds``.
    """
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert app.poll() is None, f"the game exited at start ({exit_report(app)})"
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid)], env=env,
                               capture_output=True, text=True, timeout=30)
        if found.stdout.split():
            return found.stdout.split()[0]
        time.sleep(0.2)
    raise AssertionError(f"no window from the game after {seconds:.0f} s")


class GameWindow:
    """``python main.py *args`` in a real window on its own Xvfb (:func:`start_xvfb`,
    private HOME ``home``), as a context manager that ends the game, then Xvfb.

    :ivar env: the environment programs on that screen run with.
    :ivar app: the game's process; ``wid`` its X window (mapped: :func:`window_of`).
    :raises AssertionError: Xvfb did not start, or the game showed no window.
    """

    def __init__(self, home: Path, *args: str, size: tuple[int, int] = (1280, 720)):
        self.home, self.args, self.size = Path(home), args, size
        self.xvfb = self.app = None

    def __enter__(self) -> "GameWindow":
        self.xvfb, self.env = start_xvfb(self.home, self.size)
        try:
            self.app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *self.args], env=self.env,
                                        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.wid = window_of(self.env, self.app)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        if self.app is not None:
            self.app.terminate()
            try:
                self.app.wait(10)
            except subprocess.TimeoutExpired:
                self.app.kill()
                self.app.wait()
        if self.xvfb is not None:
            self.xvfb.terminate()
            self.xvfb.wait(10)

    def xdo(self, *args: str) -> str:
        """Run ``xdotool *args`` on this screen; its output. :raises CalledProcessError:"""
        return subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True,
                              text=True, timeout=60).stdout

    def key(self, name: str) -> None:
        """Press the key ``name`` (xdotool's names: ``Return``, ``space``) in the game's window."""
        self.xdo("key", "--window", self.wid, name)

    def screenshot(self, window: str = "root"):
        """What the screen (or X window ``window``) shows now, as a pygame Surface
        (ImageMagick's ``import``)."""
        import pygame

        if window == "root":                     # raw pixels: no PNG to make and read back
            raw = subprocess.run(["import", "-window", "root", "-depth", "8", "rgb:-"], env=self.env,
                                 check=True, capture_output=True, timeout=60).stdout
            return pygame.image.frombuffer(raw, self.size, "RGB")
        png = subprocess.run(["import", "-window", window, "png:-"], env=self.env, check=True,
                             capture_output=True, timeout=60).stdout
        return pygame.image.load(io.BytesIO(png), "shot.png")

    def saved(self, game: str):
        """The ``data`` of ``game``'s autosave, or None (not written yet, or being replaced)."""
        try:
            return json.loads((self.home / "data" / "ludotheque" / "saves" / f"{game}.json").read_text())["data"]
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def turns(self, game: str):
        """The turn texts of ``game``'s autosave (K-N2, G-N, M-N), or None."""
        data = self.saved(game)
        return data.get("turns") if isinstance(data, dict) else None
