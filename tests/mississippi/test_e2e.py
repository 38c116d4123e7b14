"""Mississippi end to end: the real game in an X window (Xvfb), the lag puck flicked with a
real xdotool drag; every wait is for a state (the puck drawn on the screen, the autosave
holding the lag turn), never a fixed sleep. The drag itself is paced (it is the gesture).

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


def test_M_U1_M_L1_a_real_drag_flicks_the_lag_puck_down_the_table(tmp_path):
    import pygame

    from ludotheque import theme
    from mississippi.rules import hand_spot
    from mississippi.view import CameraView, TableSnapshot

    xvfb, env = start_xvfb(tmp_path)
    save = tmp_path / "data" / "ludotheque" / "saves" / "mississippi.json"
    shot = tmp_path / "screen.png"
    view = CameraView()                              # the game's view, on the first lag
    view.settle(TableSnapshot(t=0.0, phase="lag", to_act="left"))
    hx, hy = (round(c) for c in view.to_design(*hand_spot("left")))
    app = None

    def xdo(*args):
        subprocess.run(["xdotool", *args], env=env, check=True, timeout=30)

    def puck_ready():                                # the glowing lag puck is on the screen
        subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=30)
        r, g, b = pygame.image.load(str(shot)).get_at((hx, hy))[:3]
        return sum(abs(a - c) for a, c in zip((r, g, b), theme.BLUE)) < 90

    def turns():
        try:
            return json.loads(save.read_text())["data"]["turns"]
        except (OSError, ValueError, KeyError):
            return None

    try:
        app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "mississippi", "--lang", "en",
                                "--seed", "3"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
        wid = window_of(env, app)
        assert wait_for(lambda: subprocess.run(["xdotool", "key", "--window", wid, "Return"], env=env)
                        .returncode == 0 and puck_ready(), 60), "the match did not start"
        xdo("mousemove", "--window", wid, str(hx), str(hy))
        xdo("mousedown", "1")
        step = round(76 * view.s)                    # a puck's width a step (61 px at 0.8 px/mm)
        for i in range(1, 13):                       # ~0.2 s: a firm flick (released at the line)
            time.sleep(0.016)
            xdo("mousemove", "--window", wid, str(hx + step * i), str(hy))
        xdo("mouseup", "1")
        saved = wait_for(turns, 120)                 # written once the puck came to rest
        assert saved, "no lag turn saved"
        lag = json.loads(saved[0])
        assert lag["kind"] == "lag_shot"
        puck = next(p for p in lag["report"].values())
        assert puck["x"] > 900 or puck["state"] != "table"   # it left the hand's zone
        assert app.poll() is None
    finally:
        if app is not None:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
        xvfb.terminate()
        xvfb.wait(10)
