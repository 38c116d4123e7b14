"""A virtual X screen for the benchmarks that need a real window (``idle.py``,
``window_frames.py``): Xvfb on a free display (``-displayfd``) with openbox, as on a
desktop, and a private HOME so no user's settings or saves are touched. Xvfb is started
and waited for as in the window tests (:mod:`tests.xserver`).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.xserver import start_xvfb, wait_for  # noqa: F401  (the tests' Xvfb start and wait, shared)


def missing() -> list[str]:
    """The tools these benchmarks need that are not installed."""
    return [t for t in ("Xvfb", "xdotool", "openbox", "xprop") if shutil.which(t) is None]


class Screen:
    """Xvfb of ``size`` px and openbox; ``env`` runs programs on it.

    :raises RuntimeError: Xvfb or openbox did not start.
    """

    def __init__(self, size: tuple[int, int], wm: bool = True):
        self.home = Path(tempfile.mkdtemp(prefix="ludo-bench-"))
        try:
            self.xvfb, self.env = start_xvfb(self.home, size)
        except AssertionError as exc:
            raise RuntimeError(str(exc)) from exc
        self.env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
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
