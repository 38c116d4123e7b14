"""A finished game keeps its result readable: Esc on the end panel goes back to the menu
(the panel's "Back to the menu"), Esc with the panel hidden (V) brings it back, and
neither Esc nor the window losing the focus opens the pause menu over the result
(trial8: the pause overlay was drawn over the winner's panel). All three games."""

import pygame
import pytest

from ludotheque.menu import MenuScene, PauseScene
from tests.harness import frames, key, post


def finished_glissando():
    from glissando.descriptor import DESCRIPTOR
    from tests.glissando.common import score_with_e1
    from tests.glissando.test_scene import start
    from tests.harness import make_app

    app = make_app([DESCRIPTOR])
    scene = start(app, "8/8/8/8/8/8/O7/BBBB2OO b 1-0 28-29 2")
    score_with_e1(app, 2)
    assert scene.pos.winner == "b"
    return app, scene


def finished_magico():
    from tests.magico.test_frame_layers import finished

    return finished()


def finished_mississippi():
    from mississippi.rules import Match
    from tests.mississippi.common import lagged
    from tests.mississippi.test_frame_layers import start

    d = lagged().to_dict()
    d.update(phase="over", winner="left", shooter="left", placer="right", target=None,
             gutter={"left": 0, "right": 16}, table={}, lag_out={}, shots=57, role_swaps=9)
    d["last"] = {"rule": "M-R10", "text": "", "facts": {}}
    return start(Match.from_dict(d))


FINISHED = {"glissando": finished_glissando, "magico": finished_magico, "mississippi": finished_mississippi}


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_losing_the_focus_on_a_finished_game_leaves_the_result_uncovered(game):
    app, scene = FINISHED[game]()
    frames(app, 2)
    post(app, pygame.WINDOWFOCUSLOST)
    app.pause()                                          # what Esc asks for when nothing takes it
    frames(app, 1)
    assert app.top is scene and not scene.end.hidden


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_escape_on_the_end_panel_goes_back_to_the_menu_and_never_to_the_pause_menu(game):
    app, scene = FINISHED[game]()
    frames(app, 2)
    key(app, pygame.K_v)                                 # looking at the board:
    assert scene.end.hidden
    key(app, pygame.K_ESCAPE)                            # Esc brings the result back
    assert app.top is scene and not scene.end.hidden
    assert "(Esc)" in scene.end.menu_btn.label()         # as the panel's button says
    key(app, pygame.K_ESCAPE)                            # and, on the result, goes back
    frames(app, 1)
    assert isinstance(app.top, MenuScene) and not any(isinstance(s, PauseScene) for s in app.stack)
