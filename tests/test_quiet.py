"""Quiet when nothing moves (issue 13 §2): a screen waiting for a person stops drawing
after its attention pulse (the shell then sleeps in SDL's event wait); anything that
moves keeps its full frame rate. Measured in CPU % by ``benchmarks/idle.py``; here the
scenes' own answers, driven headless in game time."""

from __future__ import annotations

import pygame
import pytest

import main as composition
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import RulesScene, SettingsScene, SetupScene, start_game
from tests.harness import drag, frames, make_app, run_until

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))


@pytest.fixture
def app(tmp_path):
    return make_app(composition.descriptors(), folder=tmp_path)


def still(app) -> bool:
    """After a few seconds of game time the screen neither animates nor ticks, and a
    frame with no event draws nothing."""
    run_until(app, lambda: not app.animating() and not app.stepping(), 8.0)
    frames(app, 1)
    pygame.event.clear()                           # nothing from SDL's queue: no input
    return not app.animating() and not app.stepping() and not app.frame(1 / 60)


def game(app, game_id, players=HUMANS):
    d = next(g for g in app.games if g.id == game_id)
    start_game(app, d, GameConfig(players=players, seed=3, options=d.default_options()))
    frames(app, 1)
    return app.top


def test_the_shell_screens_are_still(app):
    assert still(app)                                          # menu
    g = app.games[0]
    for scene in (SetupScene(app, g), SetupScene(app, g, vs_ai=True), SettingsScene(app),
                  RulesScene(app, g.title, g.rules_text)):
        app.push(scene)
        assert still(app), type(scene).__name__
        app.pop()


@pytest.mark.parametrize("game_id", ["mississippi", "glissando", "magico"])
def test_a_board_or_table_waiting_for_a_person_is_still(app, game_id):
    scene = game(app, game_id)
    if game_id == "mississippi":
        frames(app, 2)
        assert scene.animating                                 # the glowing puck breathes first …
    assert still(app)                                          # … then the screen holds still


def test_a_person_against_the_computer_waits_still_on_their_turn(app):
    cpu = PlayerSpec("Computer", "ai", "beginner")
    scene = game(app, "glissando", players=(cpu, PlayerSpec("Ann")))
    assert scene.animating                                     # the computer plays first
    assert run_until(app, lambda: not scene.is_ai(scene.pos.to_move) and scene.anim is None, 60)
    assert still(app)


def test_moving_pucks_are_drawn_every_frame(app):
    from mississippi.rules import LEFT_EDGE, TABLE_WIDTH

    scene = game(app, "mississippi")
    scene.launch(LEFT_EDGE + 70, TABLE_WIDTH / 2, 2500.0, 0.0, "lag")
    drawn = app.drawn
    for _ in range(30):
        assert app.frame(1 / 60)                               # a frame drawn each time
    assert app.drawn == drawn + 30


def test_a_slide_is_animated_at_full_rate(app):
    from glissando.scene import cell_center
    from glissando.rules import parse_cell

    scene = game(app, "glissando")
    a1 = tuple(round(v) for v in cell_center(parse_cell("a1")))
    from tests.harness import click
    click(app, a1)
    drag(app, a1, (a1[0] + 60, a1[1]), seconds=0.1)
    assert scene.anim is not None and app.frame(1 / 60) and app.frame(1 / 60)
