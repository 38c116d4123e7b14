"""Mississippi end to end: the real game in an X window (Xvfb), the lag puck flicked with a
real xdotool drag; every wait is for a state (the puck drawn on the screen, the autosave
holding the lag turn), never a fixed sleep. The drag itself is paced (it is the gesture).

Skips with a reason where Xvfb, xdotool or ImageMagick's ``import`` is missing.
"""

import json
import subprocess

from tests.xserver import GameWindow, needs, wait_for

pytestmark = needs("Xvfb", "xdotool", "import")


def test_M_U1_M_L1_a_real_drag_flicks_the_lag_puck_down_the_table(tmp_path):
    from ludotheque import theme
    from ludotheque.game import GameConfig, PlayerSpec
    from ludotheque.menu import start_game
    from mississippi import DESCRIPTOR
    from tests.harness import make_app

    # where the lag puck waits, in design units: the same scene, headless
    probe = make_app([DESCRIPTOR])
    start_game(probe, DESCRIPTOR, GameConfig(players=(PlayerSpec("A"), PlayerSpec("B")), seed=3))
    dx, dy = probe.top.view.to_design(*probe.top.hand_spot("left"))
    hand_y = probe.top.hand_spot("left")[1]
    probe.top.exit()
    with GameWindow(tmp_path, "mississippi", "--lang", "en", "--seed", "3") as w:
        def where():                                 # the lag puck in window px (letterboxed canvas)
            g = dict(line.split("=") for line in w.xdo("getwindowgeometry", "--shell", w.wid).split())
            width, height = int(g["WIDTH"]), int(g["HEIGHT"])
            s = min(width / 1280, height / 720)
            return round((width - 1280 * s) / 2 + dx * s), round((height - 720 * s) / 2 + dy * s), s

        def puck_ready():                            # the glowing lag puck is on the screen
            x, y, _s = where()
            r, g, b = w.screenshot(w.wid).get_at((x, y))[:3]
            return sum(abs(a - c) for a, c in zip((r, g, b), theme.BLUE)) < 90

        def pressed_enter():
            try:
                w.key("Return")
            except subprocess.CalledProcessError:
                return False
            return True

        assert wait_for(lambda: pressed_enter() and puck_ready(), 60), "the match did not start"
        hx, hy, scale = where()
        w.xdo("mousemove", "--window", w.wid, str(hx), str(hy))
        w.xdo("mousedown", "1")
        stroke = []                                  # ~0.2 s, a puck's width (61 design px at
        for i in range(1, 13):                       # 0.8 px/mm) a step: a firm flick, paced by
            stroke += ["sleep", "0.016", "mousemove", "--window", w.wid,   # one xdotool (no
                       str(hx + round(61 * i * scale)), str(hy)]          # process start between)
        w.xdo(*stroke, "mouseup", "1")
        saved = wait_for(lambda: w.turns("mississippi"), 120)   # written once the puck came to rest
        assert saved, "no lag turn saved"
        lag = json.loads(saved[0])
        assert lag["kind"] == "lag_shot"
        puck = next(p for p in lag["report"].values())
        assert puck["x"] > 900 or puck["state"] != "table"   # it left the hand's zone
        # … along the drag, which went straight down the table: whatever the machine's
        # speed, the puck keeps the drag's direction (M-U1)
        assert abs(puck["y"] - hand_y) < 60, (puck, hand_y)
        assert w.app.poll() is None
