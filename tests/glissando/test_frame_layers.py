"""Glissando keeps still pictures as layers (issue 13 §1): the columns beside the board
(cards, colour key, the move list's frame) as ``Canvas.region`` layers, the lit cells
copied from a board with every cell lit, the screen's still part as a backdrop whose
surface is reused from an older turn. What the players see must be what drawing afresh
shows, on the frame a turn ends, the frame after and later, at 1280×720 and 2560×1440,
in both languages."""

import pygame

from glissando.descriptor import DESCRIPTOR
from glissando.rules import Position
from glissando.scene import cell_center
from ludotheque import i18n
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from tests.fresh import same_as_fresh
from tests.harness import click, frames, key, make_app, move

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))
MIDDLE = "O4O1O/B7/7O/8/O7/7B/7B/2BBBOBO b 0-0 25-25 2"     # Blue to move (G-N1)


def started(size):
    app = make_app([DESCRIPTOR], size=size)
    resume = {"players": [p.to_dict() for p in HUMANS], "seed": 3, "start": MIDDLE, "history": []}
    start_game(app, DESCRIPTOR, GameConfig(players=HUMANS, seed=3, options={"target": 2},
                                           resume=resume))
    return app, app.top


def px(cell: str):
    sq = (int(cell[1]) - 1) * 8 + ord(cell[0]) - 97
    x, y = cell_center(sq)
    return round(x), round(y)


def test_G_3_turns_ended_in_a_row_look_as_a_fresh_drawing():
    """Six turns (G-3 placement, G-4 no slide) played one after the other: the lit cells
    (the new mover's legal placements), the cards (who is to play, reserves) and the move
    list change at each; every frame around each turn's end equals a fresh drawing —
    also once older turns' surfaces are reused (more turns than versions are kept)."""
    for size in ((1280, 720), (2560, 1440)):
        app, scene = started(size)
        frames(app, 2)
        for t in range(6):
            cells = scene.pos.legal_placements()
            cell = cells[(5 * t) % len(cells)]
            if Position.from_text(scene.pos.to_text()).play(cell).is_terminal():
                break
            click(app, px(cell))
            frames(app, 1)
            key(app, pygame.K_RETURN)                       # G-4: no slide, the turn ends
            assert len(scene.history) == t + 1, scene.history
            for i in range(3):
                same_as_fresh(app, f"{size}: turn {t + 1}, frame {i} after its end")
                frames(app, 1)
            move(app, px(scene.pos.legal_placements()[0]))  # the pointer over a lit cell
            frames(app, 1)
            same_as_fresh(app, f"{size}: turn {t + 1}, the pointer over a legal cell")


def test_the_kept_columns_follow_the_language():
    """The cards' sides, the colour key and the move list's header are in the layers:
    switched to French they are drawn in French, as afresh."""
    app, scene = started((1920, 1080))
    frames(app, 3)
    old = i18n.language()
    try:
        i18n.set_language("fr")
        for i in range(3):
            frames(app, 1)
            same_as_fresh(app, f"French, frame {i}")
        with app.canvas.recording() as texts:
            app.draw()
        shown = {t[0] for t in texts}
        assert "Coups" in shown and "Moves" not in shown, sorted(shown)[:20]
    finally:
        i18n.set_language(old)
