"""Magico end to end: the real game in an X window (Xvfb), driven with xdotool keys,
typed results and clicks. No fixed sleeps (issue 14 §4): every step waits for a state
the player would see — the screen (a pixel of the board, the operation buttons, the
keypad, a glowing cell, read from a screenshot of the X screen) or the autosave the game
writes after every turn (K-N2 turn texts).

Skips with a reason where Xvfb, xdotool or ImageMagick's ``import`` is missing.
"""

from tests.xserver import GameWindow, needs, wait_for

from ludotheque import theme
from magico import view
from magico.controller import first_player
from magico.rules import Dice, parse_cell

pytestmark = needs("Xvfb", "xdotool", "import")
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
    board_frame = ((view.BOARD_X - 6, view.BOARD_Y + 200), lambda c: c == tuple(theme.WOOD_DARK))
    op_button = ((view.RIGHT_X + 14, 470), lambda c: c != tuple(theme.BG))      # the first operation
    keypad = ((view.KEYPAD_AT[0] + 4, view.KEYPAD_AT[1] + 33), lambda c: c != tuple(theme.BG))
    ex, ey = (int(v) for v in xy("e3"))
    e3_glows = ((ex - 38, ey), lambda c: c != CELL_GROUND)

    with GameWindow(tmp_path, "magico", "--lang", "en", "--seed", "7") as w:
        def shows(*checks):
            """True when every ``(x, y), test`` holds on a screenshot taken now."""
            img = w.screenshot()
            return all(test(tuple(img.get_at(p)[:3])) for p, test in checks)

        def turns():
            return w.turns("magico")

        # the setup screen is drawn (many colours on screen), then Enter starts the game
        assert wait_for(lambda: len({w.screenshot().get_at((x, y))[:3] for x in range(0, 1280, 64)
                                     for y in range(0, 720, 48)}) > 4, WAIT), "no setup screen"
        w.key("Return")
        assert wait_for(lambda: shows(board_frame), WAIT), "the board was not drawn"
        w.key("space")                                   # K-4: roll 3,2
        assert wait_for(lambda: shows(op_button), WAIT), "no operation buttons after the roll"
        w.xdo("type", "--window", w.wid, "3")            # ×
        assert wait_for(lambda: shows(keypad), WAIT), "no keypad for the result"
        w.xdo("type", "--window", w.wid, "6")            # 3 × 2 = 6
        w.key("Return")
        assert wait_for(lambda: shows(e3_glows), WAIT), "e3 (a 6) does not glow"
        w.xdo("mousemove", *xy("e3"), "click", "1")      # e3 shows 6
        assert wait_for(lambda: turns() == ["3,2 3*2=6 e3"], WAIT)
        assert wait_for(lambda: not shows(op_button), WAIT)   # Blue's turn: waiting for the roll
        w.key("space")                                   # roll 4,6
        assert wait_for(lambda: shows(op_button), WAIT)
        w.xdo("type", "--window", w.wid, "1")            # +
        assert wait_for(lambda: shows(keypad), WAIT)
        w.xdo("type", "--window", w.wid, "11")           # wrong: 6 + 4 = 10
        w.key("Return")
        assert wait_for(lambda: turns() == ["3,2 3*2=6 e3", "4,6 6+4=11 wrong"], WAIT)
        img = w.screenshot()
        r, g, b = img.get_at((ex - 30, ey))[:3]          # the first player's token body
        if first == "r":
            assert r > 150 and r > g + 40 and r > b + 40
        else:
            assert b > 150 and b > r + 40
