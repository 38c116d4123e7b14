"""Glissando end to end: the real game in an X window (Xvfb), driven with xdotool
clicks, a drag and keys; the outcome is read back from the autosave the game writes
after every turn (G-N2 turn texts) and from a screenshot.

Skips with a reason where Xvfb, xdotool or ImageMagick's ``import`` is missing.
"""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.xserver import missing as missing_tools, start_xvfb, wait_for, window_of

ROOT = Path(__file__).resolve().parent.parent.parent
TOOLS = ("Xvfb", "xdotool", "import")
missing = missing_tools(*TOOLS)
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} "
                                 "(apt-get install xvfb xdotool imagemagick)")]


def xy(name: str):
    from glissando.scene import cell_center
    from glissando.rules import parse_cell

    x, y = cell_center(parse_cell(name))
    return str(round(x)), str(round(y))


def test_G_3_G_4a_place_and_drag_in_a_real_window(tmp_path):
    xvfb, env = start_xvfb(tmp_path)
    save = tmp_path / "data" / "ludotheque" / "saves" / "glissando.json"
    app = None
    try:
        app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "glissando", "--lang", "en",
                                "--seed", "4"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
        wid = window_of(env, app)
        time.sleep(1.5)

        def xdo(*args):
            subprocess.run(["xdotool", *args], env=env, check=True)

        xdo("key", "--window", wid, "Return")            # setup screen: Start
        time.sleep(1.0)
        xdo("mousemove", *xy("a1"), "click", "1")        # G-3: place on the edge
        time.sleep(0.3)
        x, y = map(int, xy("a1"))
        xdo("mousedown", "1")
        for k in range(1, 6):
            xdo("mousemove", str(x + 10 * k), str(y))
            time.sleep(0.03)
        xdo("mouseup", "1")                              # G-4a: to the far edge
        data = wait_for(lambda: save.exists() and json.loads(save.read_text())["data"])
        first = data["history"]
        assert first == ["a1 a1>"]
        xdo("mousemove", *xy("h8"), "click", "1")
        time.sleep(0.3)
        xdo("key", "--window", wid, "Return")            # no slide
        assert wait_for(lambda: len(json.loads(save.read_text())["data"]["history"]) == 2)
        data = json.loads(save.read_text())["data"]
        assert data["history"] == ["a1 a1>", "h8"]
        assert data["position"].startswith("7")          # h8 holds a pawn, a8-g8 empty
        raw = tmp_path / "screen.rgb"
        subprocess.run(["import", "-window", "root", "-depth", "8", f"rgb:{raw}"], env=env,
                       check=True, timeout=30)
        buf = raw.read_bytes()
        hx, hy = map(int, xy("h1"))
        i = (hy * 1280 + hx + 12) * 3                    # beside the ring mark
        r, g, b = buf[i:i + 3]
        first_blue = data["start"].split()[1] == "b"
        assert (b > r) == first_blue                     # the slid pawn shows on h1
        xdo("key", "--window", wid, "ctrl+q")
        app.wait(timeout=10)
        assert app.returncode == 0
    finally:
        if app is not None and app.poll() is None:
            app.kill()
        xvfb.kill()
        xvfb.wait()
