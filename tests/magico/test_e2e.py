"""Magico end to end: the real game in an X window (Xvfb), driven with xdotool keys,
typed results and clicks; the outcome is read back from the autosave the game writes
after every turn (K-N2 turn texts) and from a screenshot.

Skips with a reason where Xvfb, xdotool or ImageMagick's ``import`` is missing.
"""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.xserver import missing as missing_tools, start_xvfb, wait_for, window_of

from magico.rules import Dice, parse_cell

ROOT = Path(__file__).resolve().parent.parent.parent
TOOLS = ("Xvfb", "xdotool", "import")
missing = missing_tools(*TOOLS)
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} "
                                 "(apt-get install xvfb xdotool imagemagick)")]


def xy(name: str):
    from magico.scene import cell_rect

    x, y = cell_rect(parse_cell(name)).center
    return str(x), str(y)


def test_K_7_K_7a_type_results_in_a_real_window(tmp_path):
    # Seed 7 rolls 3,2 then 4,6 (checked here, so the test says why it would break).
    dice = Dice(7)
    assert [dice.roll(), dice.roll()] == [(3, 2), (4, 6)]
    xvfb, env = start_xvfb(tmp_path)
    save = tmp_path / "data" / "ludotheque" / "saves" / "magico.json"
    app = None

    def turns():
        try:
            return json.loads(save.read_text())["data"]["turns"]
        except (OSError, ValueError, KeyError):
            return None

    try:
        app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "magico", "--lang", "en",
                                "--seed", "7"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
        wid = window_of(env, app)
        time.sleep(1.5)

        def xdo(*args):
            subprocess.run(["xdotool", *args], env=env, check=True)

        xdo("key", "--window", wid, "Return")            # setup screen: Start
        time.sleep(1.0)
        xdo("key", "--window", wid, "space")             # K-4: roll 3,2
        time.sleep(1.6)
        xdo("type", "--window", wid, "3")                # ×
        xdo("type", "--window", wid, "6")                # 3 × 2 = 6
        xdo("key", "--window", wid, "Return")
        time.sleep(0.4)
        xdo("mousemove", *xy("e3"), "click", "1")        # e3 shows 6
        assert wait_for(lambda: turns() == ["3,2 3*2=6 e3"])
        xdo("key", "--window", wid, "space")             # roll 4,6
        time.sleep(1.6)
        xdo("type", "--window", wid, "1")                # +
        xdo("type", "--window", wid, "11")               # wrong: 6 + 4 = 10
        xdo("key", "--window", wid, "Return")
        assert wait_for(lambda: turns() == ["3,2 3*2=6 e3", "4,6 6+4=11 wrong"])
        shot = tmp_path / "shot.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=20)
        import pygame

        img = pygame.image.load(str(shot))
        x, y = (int(v) for v in xy("e3"))
        r, g, b = img.get_at((x - 30, y))[:3]                # the red token's body
        assert r > 150 and r > g + 40 and r > b + 40
    finally:
        if app is not None:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
        xvfb.terminate()
        xvfb.wait(10)
