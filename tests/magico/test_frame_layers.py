"""Magico's end screen keeps the board, cards and dice under the end panel as one dimmed
layer (``magico.screen``): what the players see must be what drawing afresh shows — the
panel, the See-the-board view (V), a lit button, the language (issue 13 §1)."""

import random

import pygame

from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from magico import DESCRIPTOR, ai
from magico.controller import Phase
from magico.rules import Dice, Position
from tests.fresh import same_as_fresh, same_in_french
from tests.harness import frames, key, make_app, post

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))


def finished(size=(1280, 720)):
    """A whole game (K-8) the beginner plays against itself, resumed at its end."""
    dice, rng = Dice(5), random.Random(5)
    start = pos = Position.start(first="r")
    turns = []
    while not pos.is_over:
        t = ai.choose_turn(pos, dice.roll(), "beginner", rng)
        turns.append(t)
        pos = pos.play(t)
    app = make_app([DESCRIPTOR], size=size)
    resume = {"players": [p.to_dict() for p in HUMANS], "start": start.to_text(), "turns": turns,
              "position": pos.to_text(), "dice": Dice(11).state(), "pending": None}
    start_game(app, DESCRIPTOR, GameConfig(players=HUMANS, seed=11, resume=resume,
                                           options={"first": "r"}))
    assert app.top.phase is Phase.OVER
    return app, app.top


def test_the_end_screen_shows_what_a_fresh_drawing_shows():
    """K-8 … K-10: the runs counted under the dimmed panel, kept from the second frame;
    the pointer over Rematch lights it; V shows the board alone and V brings it back."""
    for size in ((1280, 720), (2560, 1440)):
        app, scene = finished(size)
        for i in range(3):
            frames(app, 1)
            same_as_fresh(app, f"{size}: end screen, frame {i}")
        post(app, pygame.MOUSEMOTION, pos=scene.end.rematch_btn.rect.center, rel=(0, 0),
             buttons=(0, 0, 0), touch=False)
        assert scene.end.rematch_btn.hover
        frames(app, 1)
        same_as_fresh(app, f"{size}: the pointer over Rematch")
        key(app, pygame.K_v)
        assert scene.end.hidden
        frames(app, 2)
        same_as_fresh(app, f"{size}: the board seen (V)")
        key(app, pygame.K_v)
        assert not scene.end.hidden
        frames(app, 2)
        same_as_fresh(app, f"{size}: the result again")
    same_in_french(app)
