"""Input fuzzing (issue 8): every scene and phase takes thousands of random events —
pointer moves outside the window, every button number, wheel, keys, text in any
language, window events — with frames in between: no exception, and QUIT still quits."""

import random
import zlib

import pygame
import pytest

import main
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import MenuScene, SettingsScene, start_game

from tests.harness import fuzz, make_app, post

GAMES = {d.id: d for d in main.descriptors()}
EVENTS = 3000


def test_fuzz_shell_screens(tmp_path):
    app = make_app(list(GAMES.values()), folder=tmp_path)
    sent = fuzz(app, random.Random(1), EVENTS)
    app.push(SettingsScene(app))
    sent += fuzz(app, random.Random(2), EVENTS)
    post(app, pygame.QUIT)
    assert not app.running and sent == 2 * EVENTS


@pytest.mark.parametrize("mode", ["two players", "against the computer", "demo"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_fuzz_each_game(tmp_path, game_id, mode):
    d = GAMES[game_id]
    app = make_app(list(GAMES.values()), folder=tmp_path)
    if mode == "two players":
        players = (PlayerSpec("A"), PlayerSpec("B"))
    elif mode == "against the computer":
        players = (PlayerSpec("A"), PlayerSpec("CPU", "ai", "beginner"))
    else:
        players = (PlayerSpec("CPU 1", "ai", "beginner"), PlayerSpec("CPU 2", "ai", "beginner"))
    rng = random.Random(zlib.crc32(f"{game_id}/{mode}".encode()))  # replays: str hash() is salted per process
    sent = 0
    for round_ in range(3):  # the fuzz may leave the game (pause menu → menu): start again
        if app.game_scene() is None:
            app.to_menu()
            start_game(app, d, GameConfig(players=players, seed=round_, options=d.default_options(), demo=mode == "demo"))
        sent += fuzz(app, rng, EVENTS // 3)
    post(app, pygame.QUIT)
    assert not app.running and sent >= EVENTS - 2
