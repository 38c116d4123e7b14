"""A virtual X screen for the benchmarks that need a real window (``idle.py``,
``window_frames.py``): Xvfb on a free display (``-displayfd``) with openbox, as on a
desktop, and a private HOME so no user's settings or saves are touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


def missing() -> list[str]:
    """The tools these benchmarks need that are not installed."""
    return [t for t in ("Xvfb", "xdotool", "openbox", "xprop") if shutil.which(t) is None]


def wait_for(predicate, seconds: float = 30.0, step: float = 0.1):
    """Call ``predicate`` until it returns something true or ``seconds`` pass; its last value."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


class Screen:
    """Xvfb of ``size`` px and openbox; ``env`` runs programs on it.

    :raises RuntimeError: Xvfb or openbox did not start.
    """

    def __init__(self, size: tuple[int, int], wm: bool = True):
        self.home = Path(tempfile.mkdtemp(prefix="ludo-bench-"))
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
                                      "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     pass_fds=(write,))
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            number = pipe.readline().strip()
        if not number.isdigit():
            self.xvfb.kill()
            raise RuntimeError("Xvfb did not start")
        self.env = dict(os.environ, DISPLAY=f":{int(number)}", SDL_AUDIODRIVER="dummy", HOME=str(self.home),
                        XDG_CONFIG_HOME=str(self.home / "cfg"), XDG_DATA_HOME=str(self.home / "data"),
                        PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.env.pop("SDL_VIDEODRIVER", None)
        self.wm = None
        if wm:
            self.wm = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            ok = wait_for(lambda: "window id" in subprocess.run(
                ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=self.env, capture_output=True,
                text=True).stdout, 30)
            if not ok:
                self.close()
                raise RuntimeError("openbox did not start")

    def xdo(self, *args) -> str:
        return subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True,
                              timeout=60).stdout

    def window_of(self, proc: subprocess.Popen, seconds: float = 120) -> str:
        """The X window of ``proc`` once mapped. :raises RuntimeError: none came."""
        def found():
            if proc.poll() is not None:
                raise RuntimeError("the program exited at start")
            out = self.xdo("search", "--onlyvisible", "--pid", str(proc.pid)).split()
            return out[0] if out else None
        wid = wait_for(found, seconds, 0.2)
        if not wid:
            raise RuntimeError("no window")
        return wid

    def geometry(self, wid: str) -> tuple[int, int]:
        g = dict(line.split("=", 1) for line in self.xdo("getwindowgeometry", "--shell", wid).split())
        return int(g["WIDTH"]), int(g["HEIGHT"])

    def close(self) -> None:
        for p in (self.wm, self.xvfb):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
        shutil.rmtree(self.home, ignore_errors=True)
