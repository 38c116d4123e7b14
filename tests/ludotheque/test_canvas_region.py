"""The canvas's kept bands and its fill around a board (issue 13 §1: cached, yet the same
picture): ``Canvas.region`` and ``Canvas.fill_around``."""

import pygame
import pytest

from ludotheque.canvas import Canvas


def picture(c: Canvas) -> None:
    """A band's content: text, shapes at fractional places, a translucent fill."""
    c.fill((20, 24, 30), (0, 0, 1280, 120))
    c.panel(pygame.Rect(12, 8, 360, 88), (40, 44, 60), border=(200, 200, 210))
    c.circle((60, 120, 220), (40.4, 40.7), 14.3)
    c.text("Ann — 12 in hand", (60.5, 20.2), 20, (240, 240, 240), bold=True)
    c.fill((90, 200, 120, 90), (400, 10, 300, 60))
    c.line((250, 200, 80), (10.5, 100.2), (1270.7, 110.9), 3)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440), (1000, 700)])
def test_a_kept_band_shows_what_drawing_it_straight_shows(size):
    """The first frame draws the band straight, the second keeps it as a layer, the third
    blits the layer: the three pictures are the same; nothing is drawn outside the band."""
    band = (0, 0, 1280, 120)
    shots = []
    c = Canvas.for_surface(pygame.Surface(size))
    for frame in range(3):
        c.surface.fill((0, 0, 0))
        c.region(("test.band", 1), band, picture)
        shots.append(pygame.image.tobytes(c.surface, "RGB"))
    straight = Canvas.for_surface(pygame.Surface(size))
    clip = straight.device_rect(band)
    straight.surface.set_clip(clip)
    picture(straight)
    want = pygame.image.tobytes(straight.surface, "RGB")
    if size[0] / 1280 in (1.0, 1.5, 2.0):
        assert shots[0] == shots[1] == shots[2] == want
    else:                                   # an odd scale: half-pixel rounding may differ
        diff = sum(a != b for a, b in zip(shots[2], want))
        assert diff < 0.002 * len(want)
    below = c.device_rect((0, 121, 1280, 599))
    assert all(c.surface.get_at((x, y))[:3] == (0, 0, 0)
               for x in range(below.left, below.right, 97) for y in range(below.top, below.bottom, 89))


def test_a_band_shown_with_a_new_key_shows_the_new_picture():
    """What a band shows follows its key: a new key draws the new picture at once."""
    c = Canvas.for_surface(pygame.Surface((1920, 1080)))
    for colour in ((200, 0, 0), (200, 0, 0), (200, 0, 0), (0, 0, 200), (0, 0, 200)):
        c.region(("test.flag", colour), (0, 0, 100, 100), lambda cv: cv.fill(colour, (0, 0, 100, 100)))
        assert c.surface.get_at((50, 50))[:3] == colour


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("board", [(334, 52, 612, 612), (262, 530, 754, 98), (0, 102, 1280, 416)])
def test_fill_around_a_board_then_the_board_is_a_full_fill_then_the_board(size, board):
    c = Canvas.for_surface(pygame.Surface(size))
    layer = c.layer((board[2], board[3]))
    layer.fill((120, 80, 40))
    c.surface.fill((255, 0, 255))
    c.fill_around((17, 18, 20), board)
    c.blit(layer, board[:2])
    got = pygame.image.tobytes(c.surface, "RGB")
    c.surface.fill((17, 18, 20))
    c.blit(layer, board[:2])
    assert got == pygame.image.tobytes(c.surface, "RGB")
