"""Glissando end to end: the real game in an X window (Xvfb), driven with xdotool
clicks, a drag and keys; every step waits for the state it leads to — the board on the
screen, a pawn's colour on a cell, the autosave the game writes after every turn (G-N2
turn texts) — never for a fixed time, so a loaded machine only makes it slower.

Skips with a reason where Xvfb, xdotool or ImageMagick's ``import`` is missing.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xserver import missing as missing_tools, start_xvfb, wait_for, window_of

ROOT = Path(__file__).resolve().parent.parent.parent
TOOLS = ("Xvfb", "xdotool", "import")
missing = missing_tools(*TOOLS)
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} "
                                 "(apt-get install xvfb xdotool imagemagick)")]
WAIT = 120.0                     # seconds a state may take on a loaded machine (a bound, not a pace)


def xy(name: str):
    from glissando.rules import parse_cell
    from glissando.view import cell_center

    x, y = cell_center(parse_cell(name))
    return round(x), round(y)


class Screen:
    """Reads the X screen (1280×720, the window at design scale 1)."""

    def __init__(self, env, tmp_path):
        self.env, self.raw = env, tmp_path / "screen.rgb"

    def pixel(self, pos):
        subprocess.run(["import", "-window", "root", "-depth", "8", f"rgb:{self.raw}"], env=self.env,
                       check=True, timeout=60)
        buf = self.raw.read_bytes()
        i = (pos[1] * 1280 + pos[0]) * 3
        return tuple(buf[i:i + 3])


def wood(rgb) -> bool:
    """The board's wood (warm brown), lit green or not: red above blue by far."""
    r, g, b = rgb
    return r > b + 40 and g > b


def pawn(rgb) -> bool:
    """A pawn at a cell's centre: the blue of a Blue pawn or the white diamond of an Orange one."""
    r, g, b = rgb
    return b > r + 60 or min(r, g, b) > 225


def test_G_3_G_4a_place_and_drag_in_a_real_window(tmp_path):
    xvfb, env = start_xvfb(tmp_path)
    save = tmp_path / "data" / "ludotheque" / "saves" / "glissando.json"
    screen = Screen(env, tmp_path)
    app = None

    def saved():
        try:
            return json.loads(save.read_text())["data"]
        except (OSError, ValueError, KeyError):
            return None                                  # not written yet, or being replaced

    def xdo(*args):
        subprocess.run(["xdotool", *args], env=env, check=True, timeout=60)

    try:
        app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "glissando", "--lang", "en",
                                "--seed", "4"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
        wid = window_of(env, app)
        d4 = xy("d4")
        assert wait_for(lambda: any(screen.pixel((x, 360)) != (0, 0, 0) for x in (200, 640, 1000)),
                        WAIT, 0.2), "the setup screen never showed"
        assert not wood(screen.pixel(d4))
        xdo("key", "--window", wid, "Return")            # setup screen: Start
        assert wait_for(lambda: wood(screen.pixel(d4)), WAIT, 0.2), "the board never showed"
        a1 = xy("a1")
        xdo("mousemove", *map(str, a1), "click", "1")    # G-3: place on the edge
        assert wait_for(lambda: pawn(screen.pixel(a1)), WAIT, 0.2), "the pawn never showed on a1"
        xdo("mousedown", "1")
        for k in range(1, 6):                            # the drag: the scene reads the direction
            xdo("mousemove", str(a1[0] + 10 * k), str(a1[1]))
        xdo("mouseup", "1")                              # G-4a: to the far edge
        data = wait_for(lambda: (saved() or {}).get("turns") and saved(), WAIT)
        assert data and data["turns"] == ["a1 a1>"]
        h8 = xy("h8")
        xdo("mousemove", *map(str, h8), "click", "1")
        assert wait_for(lambda: pawn(screen.pixel(h8)), WAIT, 0.2), "the pawn never showed on h8"
        xdo("key", "--window", wid, "Return")            # no slide
        assert wait_for(lambda: len((saved() or {}).get("turns", [])) == 2, WAIT)
        data = saved()
        assert data["turns"] == ["a1 a1>", "h8"]
        assert data["position"].startswith("7")          # h8 holds a pawn, a8-g8 empty
        hx, hy = xy("h1")
        r, g, b = screen.pixel((hx + 12, hy))            # beside the ring mark
        first_blue = data["start"].split()[1] == "b"
        assert (b > r) == first_blue                     # the slid pawn shows on h1
        xdo("key", "--window", wid, "ctrl+q")
        app.wait(timeout=WAIT)
        assert app.returncode == 0
    finally:
        if app is not None and app.poll() is None:
            app.kill()
        xvfb.kill()
        xvfb.wait()
