"""Magico end to end: the real game in an X window (Xvfb), driven with xdotool keys,
typed results and clicks. No fixed sleeps (issue 14 §4): every step waits for a state
the player would see — the screen (a pixel of the board, the operation buttons, the
keypad, a glowing cell, read from a screenshot of the X screen) or the autosave the game
writes after every turn (K-N2 turn texts).

Skips with a reason where Xvfb, xdotool or ImageMagick's ``import`` is missing.
"""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xserver import missing as missing_tools, start_xvfb, wait_for, window_of

from ludotheque import theme
from magico import view
from magico.controller import first_player
from magico.rules import Dice, parse_cell

ROOT = Path(__file__).resolve().parent.parent.parent
TOOLS = ("Xvfb", "xdotool", "import")
missing = missing_tools(*TOOLS)
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} "
                                 "(apt-get install xvfb xdotool imagemagick)")]
WAIT = 90.0                   # seconds at most for each state (a loaded 2-core machine)
CELL_GROUND = (240, 230, 206)  # an empty cell not glowing (magico.paint)


def xy(name: str):
    x, y = view.cell_center(parse_cell(name))
    return str(x), str(y)


def test_K_7_K_7a_type_results_in_a_real_window(tmp_path):
    # Seed 7 rolls 3,2 then 4,6 (checked here, so the test says why it would break).
    dice = Dice(7)
    assert [dice.roll(), dice.roll()] == [(3, 2), (4, 6)]
    first = first_player(7)                                       # who starts, drawn from the seed
    xvfb, env = start_xvfb(tmp_path)
    save = tmp_path / "data" / "ludotheque" / "saves" / "magico.json"
    app = None

    def turns():
        try:
            return json.loads(save.read_text())["data"]["turns"]
        except (OSError, ValueError, KeyError):
            return None

    def screen():
        import pygame

        png = subprocess.run(["import", "-window", "root", "png:-"], env=env, check=True,
                             capture_output=True, timeout=30).stdout
        return pygame.image.load(io.BytesIO(png), "shot.png")

    def shows(*checks):
        """True when every ``(x, y), test`` holds on a screenshot taken now."""
        img = screen()
        return all(test(tuple(img.get_at(p)[:3])) for p, test in checks)

    board_frame = ((view.BOARD_X - 6, view.BOARD_Y + 200), lambda c: c == tuple(theme.WOOD_DARK))
    op_button = ((view.RIGHT_X + 14, 470), lambda c: c != tuple(theme.BG))      # the first operation
    keypad = ((view.KEYPAD_AT[0] + 4, view.KEYPAD_AT[1] + 33), lambda c: c != tuple(theme.BG))
    ex, ey = (int(v) for v in xy("e3"))
    e3_glows = ((ex - 38, ey), lambda c: c != CELL_GROUND)

    try:
        app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "magico", "--lang", "en",
                                "--seed", "7"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
        wid = window_of(env, app)

        def xdo(*args):
            subprocess.run(["xdotool", *args], env=env, check=True)

        # the setup screen is drawn (many colours on screen), then Enter starts the game
        assert wait_for(lambda: len({screen().get_at((x, y))[:3] for x in range(0, 1280, 64)
                                     for y in range(0, 720, 48)}) > 4, WAIT), "no setup screen"
        xdo("key", "--window", wid, "Return")
        assert wait_for(lambda: shows(board_frame), WAIT), "the board was not drawn"
        xdo("key", "--window", wid, "space")             # K-4: roll 3,2
        assert wait_for(lambda: shows(op_button), WAIT), "no operation buttons after the roll"
        xdo("type", "--window", wid, "3")                # ×
        assert wait_for(lambda: shows(keypad), WAIT), "no keypad for the result"
        xdo("type", "--window", wid, "6")                # 3 × 2 = 6
        xdo("key", "--window", wid, "Return")
        assert wait_for(lambda: shows(e3_glows), WAIT), "e3 (a 6) does not glow"
        xdo("mousemove", *xy("e3"), "click", "1")        # e3 shows 6
        assert wait_for(lambda: turns() == ["3,2 3*2=6 e3"], WAIT)
        assert wait_for(lambda: not shows(op_button), WAIT)   # Blue's turn: waiting for the roll
        xdo("key", "--window", wid, "space")             # roll 4,6
        assert wait_for(lambda: shows(op_button), WAIT)
        xdo("type", "--window", wid, "1")                # +
        assert wait_for(lambda: shows(keypad), WAIT)
        xdo("type", "--window", wid, "11")               # wrong: 6 + 4 = 10
        xdo("key", "--window", wid, "Return")
        assert wait_for(lambda: turns() == ["3,2 3*2=6 e3", "4,6 6+4=11 wrong"], WAIT)
        img = screen()
        r, g, b = img.get_at((ex - 30, ey))[:3]          # the first player's token body
        if first == "r":
            assert r > 150 and r > g + 40 and r > b + 40
        else:
            assert b > 150 and b > r + 40
    finally:
        if app is not None:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
        xvfb.terminate()
        xvfb.wait(10)
