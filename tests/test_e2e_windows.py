"""End to end, window sizes and full screen (issue 8): the real game in an X window
(Xvfb), resized with ``xdotool windowsize`` or toggled to full screen with F11, then
clicked with xdotool on the corner cells of the Glissando board, *where the player sees
them*: the picture's place and scale in the window are read from a screenshot (the
game's background is never pure black; SDL's letterbox borders are). Each click must
place the pawn on that very cell — read back from the autosave's turn history (G-N2).

A window manager (openbox) runs on the virtual screen, as on any desktop: it is what
makes full screen fill the screen and what enforces a window's minimum size. Skips with
a reason where Xvfb, xdotool, ImageMagick's ``import`` or openbox is missing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.xserver import missing as missing_tools, start_xvfb, wait_for, window_of

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "xdotool", "import", "openbox")
missing = missing_tools(*TOOLS)
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} (apt-get install xvfb "
                                 "xdotool imagemagick openbox; without a window manager X resizes a window "
                                 "behind SDL's back and full screen does nothing)")]

WM = shutil.which("openbox")
SCREEN = (2600, 1500)  # the virtual screen: room for a 2560×1440 window
LOGICAL = (1280, 720)


def corner_points():
    """Logical points 8 px inside the board's four outer corners, with the cell each is in."""
    from glissando.scene import BOARD

    m = 8
    return [("a1", (BOARD.left + m, BOARD.bottom - 1 - m)), ("h1", (BOARD.right - 1 - m, BOARD.bottom - 1 - m)),
            ("a8", (BOARD.left + m, BOARD.top + m)), ("h8", (BOARD.right - 1 - m, BOARD.top + m))]


def next_to_corner_points():
    """Points 8 px inside b1, g1, b8 and g8 from the line they share with the corner cell
    (edge cells, so legal places, G-3)."""
    from glissando.scene import BOARD, CELL

    m = 8
    bx, gx = BOARD.left + CELL + m, BOARD.left + 7 * CELL - 1 - m
    return [("b1", (bx, BOARD.bottom - 1 - m)), ("g1", (gx, BOARD.bottom - 1 - m)),
            ("b8", (bx, BOARD.top + m)), ("g8", (gx, BOARD.top + m))]


class Session:
    """Xvfb, the game started on Glissando's setup, and helpers to drive and read it."""

    def __init__(self, tmp_path: Path, screen: tuple[int, int] = SCREEN):
        self.tmp = tmp_path
        self.xvfb, self.env = start_xvfb(tmp_path, screen)
        self.disp = self.env["DISPLAY"]
        self.save = tmp_path / "data" / "ludotheque" / "saves" / "glissando.json"
        self.app = None
        # A window manager, as on a desktop (see the module's docstring).
        self.wm = subprocess.Popen([WM], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)

    def start(self):
        self.app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "glissando", "--lang", "en", "--seed", "4"],
                                    env=self.env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.wid = window_of(self.env, self.app)
        time.sleep(1.5)
        self.key("Return")  # setup screen: Start (two players)
        time.sleep(1.0)

    def xdo(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True, timeout=30)

    def key(self, name: str):
        """Press a key as a player would: in the focused window (real X input events)."""
        self.xdo("windowactivate", "--sync", self.wid)
        self.xdo("key", name)

    def geometry(self) -> tuple[int, int, int, int]:
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.wid], env=self.env,
                             capture_output=True, text=True, check=True).stdout
        g = dict(line.split("=", 1) for line in out.split())
        return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])

    def resize(self, w: int, h: int):
        self.xdo("windowsize", self.wid, str(w), str(h))
        wait_for(lambda: self.geometry()[2:] == (w, h), 5)
        time.sleep(1.0)  # let the game draw a few frames at the new size

    def picture(self) -> tuple[float, float, float]:
        """Where the game's 1280×720 picture is drawn in the window, from a screenshot of
        the window: ``(left, top, scale)`` in window pixels (the bounding box of the
        pixels that are not SDL's pure black borders)."""
        import numpy as np

        shot = self.tmp / "window.ppm"
        subprocess.run(["import", "-window", self.wid, "-depth", "8", f"ppm:{shot}"], env=self.env, check=True,
                       timeout=60)
        data = shot.read_bytes()
        magic, w, h, maxval, pixels = data.split(maxsplit=4)
        assert magic == b"P6" and maxval == b"255"
        img = np.frombuffer(pixels[: int(w) * int(h) * 3], dtype=np.uint8).reshape(int(h), int(w), 3)
        ys, xs = np.nonzero(img.astype(int).sum(axis=2) > 0)
        assert len(xs), "the window shows nothing"
        left, right, top = xs.min(), xs.max() + 1, ys.min()
        return float(left), float(top), (right - left) / LOGICAL[0]

    def click_logical(self, pos, picture):
        left, top, scale = picture
        x, y = round(left + (pos[0] + 0.5) * scale), round(top + (pos[1] + 0.5) * scale)
        self.xdo("mousemove", "--window", self.wid, str(x), str(y), "click", "1")
        time.sleep(0.6)  # the pawn is placed (and animated) before Return means "no slide"
        self.key("Return")  # no slide

    def history(self) -> list[str]:
        try:
            return json.loads(self.save.read_text())["data"]["history"]
        except (OSError, ValueError, KeyError):
            return []

    def place_corners(self, points=None) -> list[str]:
        """Click the four corner cells (or ``points``) where they are seen; the turns the
        game recorded meanwhile."""
        pic = self.picture()
        start = len(self.history())
        expected = []
        for name, pos in points or corner_points():
            self.click_logical(pos, pic)
            expected.append(name)
            wait_for(lambda: len(self.history()) >= start + len(expected), 10)
        return self.history()[start:]

    def responds(self) -> bool:
        return self.app is not None and self.app.poll() is None

    def close(self):
        try:
            if self.responds():
                self.key("ctrl+q")
                self.app.wait(timeout=10)
        except (subprocess.SubprocessError, subprocess.CalledProcessError):
            pass
        finally:
            if self.app is not None and self.app.poll() is None:
                self.app.kill()
            self.wm.kill()
            self.wm.wait()
            self.xvfb.kill()
            self.xvfb.wait()


@pytest.fixture
def session(tmp_path):
    s = Session(tmp_path)
    yield s
    s.close()


@pytest.mark.parametrize("size", [
    (2560, 1440),   # huge: twice the logical size
    (1920, 1080),   # between two whole scales: the picture fills it at 1.5
    (1000, 700),    # another shape: scaled to the width, bands above and below
    (1280, 720),    # the logical size
    (640, 360),     # tiny: half the logical size, the smallest the window may be
])
def test_clicks_on_the_corner_cells_land_on_them_at_every_window_size(session, size):
    session.start()
    session.resize(*size)
    assert session.geometry()[2:] == size, "the window could not be given that size"
    left, top, scale = session.picture()
    fit = min(size[0] / LOGICAL[0], size[1] / LOGICAL[1])
    assert abs(scale - fit) < 0.01, f"the picture is drawn at scale {scale:.3f}, not fitted to the window ({fit:.3f})"
    placed = session.place_corners()
    assert placed == ["a1", "h1", "a8", "h8"], placed
    assert session.responds()


def test_on_a_small_screen_the_window_opens_whole_on_it_and_clicks_land(tmp_path):
    screen = (1024, 768)
    small = Session(tmp_path, screen)
    try:
        small.start()
        x, y, w, h = small.geometry()
        assert 0 <= x and 0 <= y and x + w <= screen[0] and y + h <= screen[1], \
            f"the window ({w}×{h} at {x},{y}) does not fit the {screen[0]}×{screen[1]} screen"
        assert (w, h) == (960, 540)
        assert small.picture()[2] == pytest.approx(0.75, abs=0.01)
        assert small.place_corners() == ["a1", "h1", "a8", "h8"]
    finally:
        small.close()


def test_full_screen_toggled_fifty_times_still_responds_and_maps_clicks(session):
    settings = session.tmp / "cfg" / "ludotheque" / "settings.json"

    def full_screen() -> bool | None:
        try:
            return json.loads(settings.read_text())["fullscreen"]
        except (OSError, ValueError, KeyError):
            return None

    def settled(expected: bool) -> bool:
        """Every F11 press handled: the settings file (written at each toggle) says
        ``expected`` and stopped changing for 3 s (a loaded machine may take seconds to
        catch up with the presses; a lost press never settles on ``expected``)."""
        def unchanged():
            before = settings.stat().st_mtime_ns if settings.exists() else None
            time.sleep(3.0)
            return settings.exists() and settings.stat().st_mtime_ns == before and full_screen() is expected
        return wait_for(unchanged, 60, step=0)

    session.start()
    for i in range(50):
        session.key("F11")
        time.sleep(0.08)
        if i == 24:  # an odd number of presses: full screen, remembered in the settings
            assert settled(True), f"after 25 presses of F11 the settings say fullscreen={full_screen()}"
            assert session.geometry()[2:] == SCREEN, "F11 did not fill the screen"
            assert session.place_corners() == ["a1", "h1", "a8", "h8"]  # clicks map in full screen too
    assert session.responds(), "the game died while toggling full screen"
    assert settled(False), f"after 50 presses of F11 the settings say fullscreen={full_screen()}"  # a window
    assert session.geometry()[2:] != SCREEN
    placed = session.place_corners(next_to_corner_points())
    assert placed == ["b1", "g1", "b8", "g8"], placed
