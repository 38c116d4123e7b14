"""The Mississippi frame keeps its still part (table, resting pucks, HUD, buttons) as one
layer (``mississippi.hud.draw_scene``): what a player sees must be what drawing every
frame afresh shows — a count, a name, a lit button, a puck that came to rest, the
language — at every frame of real play (issue 13 §1: cached, yet the same picture).

Each frame is drawn as the shell draws it (the kept layer when its key is unchanged),
then again with every cache bypassed (``Canvas.recording`` draws layers afresh), and
the two pictures must be equal pixel for pixel."""

import pygame
import pytest

from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from mississippi import DESCRIPTOR
from mississippi.rules import Action, Match
from mississippi.scene import MississippiScene
from tests.fresh import same_as_fresh, same_in_french
from tests.harness import frames, key, make_app, post
from tests.mississippi.common import MID_Y, lagged

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))


def start(match=None, options=None, size=(1280, 720)):
    app = make_app([DESCRIPTOR], size=size)
    resume = None
    if match is not None:
        resume = {"match": match.to_dict(), "players": [p.to_dict() for p in HUMANS],
                  "options": options or {}}
    start_game(app, DESCRIPTOR, GameConfig(players=HUMANS, seed=5, options=options or {},
                                           resume=resume))
    assert isinstance(app.top, MississippiScene)
    return app, app.top


def stamp_post(app, type_, **attrs):
    post(app, type_, stamp=app.top.t, **attrs)


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_a_flick_from_the_lag_to_rest_shows_what_a_fresh_drawing_shows(size):
    """M-L1 lag: the glowing puck, the drag with the aim guide, the puck sliding, coming to
    rest, the next player's turn — every frame as drawn afresh."""
    app, scene = start(options={"aim_guide": True}, size=size)
    for _ in range(3):                                    # the still layer is kept from frame 2
        frames(app, 1)
        same_as_fresh(app, "lag, waiting")
    hx, hy = (round(c) for c in scene.view.to_design(*scene.hand_spot("left")))
    stamp_post(app, pygame.MOUSEMOTION, pos=(hx, hy), rel=(0, 0), buttons=(0, 0, 0), touch=False)
    stamp_post(app, pygame.MOUSEBUTTONDOWN, pos=(hx, hy), button=1, touch=False)
    for i in range(1, 13):
        frames(app, 1, 1 / 60)
        stamp_post(app, pygame.MOUSEMOTION, pos=(hx + 12 * i, hy), rel=(0, 0),
                   buttons=(1, 0, 0), touch=False)
        same_as_fresh(app, f"aiming, step {i}")
    stamp_post(app, pygame.MOUSEBUTTONUP, pos=(hx + 144, hy), button=1, touch=False)
    assert scene.flight is not None, "the lag puck was not thrown"
    n = 0
    while scene.flight is not None and n < 900:
        frames(app, 1)
        n += 1
        if n % 15 == 0:
            same_as_fresh(app, f"sliding, frame {n}")
    assert scene.flight is None, "the lag puck did not stop"
    for i in range(3):                                    # at rest: the result on show
        frames(app, 1)
        same_as_fresh(app, f"lag result, frame {i}")


def test_a_lit_button_a_new_count_and_a_new_language_show_at_once():
    """The kept layer follows the pointer over a button (lit), the target placed (M-R1:
    the hand count and the headline change) and a language switch."""
    app, scene = start(lagged(), options={"aim_guide": True})
    for _ in range(3):
        frames(app, 1)
    same_as_fresh(app, "placer to place")
    b = scene.b_guide
    post(app, pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    assert b.hover
    frames(app, 1)
    same_as_fresh(app, "the pointer over Aim guide")
    post(app, pygame.MOUSEMOTION, pos=(640, 700), rel=(0, 0), buttons=(0, 0, 0), touch=False)
    frames(app, 2)
    same_as_fresh(app, "the pointer off the button")
    before = scene.hand_count("right")
    assert scene.play(Action("place_target", x=3300.0, y=MID_Y))     # M-R1, through the rules
    assert scene.hand_count("right") == before - 1
    frames(app, 3)
    same_as_fresh(app, "after the target was placed")
    same_in_french(app)


def test_the_win_screen_and_see_the_board_show_what_a_fresh_drawing_shows():
    """M-E1: the end panel over the dimmed table, Rematch lit under the pointer, then V (the
    table alone), then back."""
    m = lagged()
    d = m.to_dict()
    d.update(phase="over", winner="left", shooter="left", placer="right", target=None,
             gutter={"left": 0, "right": 16}, table={}, lag_out={}, shots=57, role_swaps=9)
    d["last"] = {"rule": "M-R10", "text": "", "facts": {}}
    app, scene = start(Match.from_dict(d))
    for _ in range(3):
        frames(app, 1)
        same_as_fresh(app, "win screen")
    post(app, pygame.MOUSEMOTION, pos=scene.end.rematch_btn.rect.center, rel=(0, 0),
         buttons=(0, 0, 0), touch=False)
    assert scene.end.rematch_btn.hover
    frames(app, 1)
    same_as_fresh(app, "the pointer over Rematch")
    key(app, pygame.K_v)
    assert scene.end.hidden
    for _ in range(3):
        frames(app, 1)
        same_as_fresh(app, "the board seen (V)")
    key(app, pygame.K_v)
    assert not scene.end.hidden
    frames(app, 1)
    same_as_fresh(app, "the result shown again")
