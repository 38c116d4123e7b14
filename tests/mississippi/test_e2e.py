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
    from ludotheque.game import GameConfig, PlayerSpec
    from ludotheque.menu import start_game
    from mississippi import DESCRIPTOR
    from tests.harness import make_app

    # where the lag puck waits, in design units: the same scene, headless
    probe = make_app([DESCRIPTOR])
    start_game(probe, DESCRIPTOR, GameConfig(players=(PlayerSpec("A"), PlayerSpec("B")), seed=3))
    dx, dy = probe.top.view.to_design(*probe.top.hand_spot("left"))
    probe.top.exit()
    xvfb, env = start_xvfb(tmp_path)
    save = tmp_path / "data" / "ludotheque" / "saves" / "mississippi.json"
    shot = tmp_path / "screen.png"
    app = None

    def xdo(*args):
        subprocess.run(["xdotool", *args], env=env, check=True, timeout=30)

    def where():                                     # the lag puck in window px (letterboxed canvas)
        geo = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid], env=env, check=True,
                             capture_output=True, text=True, timeout=30).stdout
        g = dict(line.split("=") for line in geo.split())
        w, h = int(g["WIDTH"]), int(g["HEIGHT"])
        s = min(w / 1280, h / 720)
        return round((w - 1280 * s) / 2 + dx * s), round((h - 720 * s) / 2 + dy * s), s

    def puck_ready():                                # the glowing lag puck is on the screen
        subprocess.run(["import", "-window", wid, str(shot)], env=env, check=True, timeout=30)
        x, y, _s = where()
        r, g, b = pygame.image.load(str(shot)).get_at((x, y))[:3]
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
        hx, hy, scale = where()
        xdo("mousemove", "--window", wid, str(hx), str(hy))
        xdo("mousedown", "1")
        for i in range(1, 13):                       # ~0.2 s, a puck's width (61 design px at
            time.sleep(0.016)                        # 0.8 px/mm) a step: a firm flick
            xdo("mousemove", "--window", wid, str(hx + round(61 * i * scale)), str(hy))
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
