"""The aiming frame's cheaper drawing (issue 13 §1, aim6) shows what the plain drawing
showed: the line to the target (M-R1's target, the dotted line of ``paint.dotted``) and
the dashed aim guide (M-U1, ``paint.dashed``) drawn only near the clip, the dots copied
from a sprite, against every dot and dash drawn with the canvas's circles and lines, at
four window sizes, over a textured table so a stray pixel shows."""

import math

import numpy as np
import pygame
import pytest

from ludotheque.canvas import Canvas
from mississippi import paint
from mississippi.paint import COLOURS, TABLE_BAND


def dots_one_by_one(c, a, b, colour):
    """The line to the target as drawn before aim6: every dot, two circles each."""
    ax, ay = a
    bx, by = b
    n = max(1, int(math.hypot(bx - ax, by - ay) / 10))
    rim = paint._darker(colour, 0.45)
    for i in range(1, n + 1):
        p = (ax + (bx - ax) * i / n, ay + (by - ay) * i / n)
        c.circle(rim, p, 3)
        c.circle(colour, p, 2)


def dashes_one_by_one(c, a, b, colour):
    """The dashed guide as drawn before aim6: every dash."""
    ax, ay = a
    bx, by = b
    n = max(2, int(math.hypot(bx - ax, by - ay) / 12))
    for i in range(0, n, 2):
        p0 = (ax + (bx - ax) * i / n, ay + (by - ay) * i / n)
        p1 = (ax + (bx - ax) * (i + 1) / n, ay + (by - ay) * (i + 1) / n)
        c.line(colour, p0, p1, 2)


SIZES = [(1280, 720), (1920, 1080), (2560, 1440), (1000, 700)]
LINES = [
    ((285.0, 315.0), (2652.0, 310.0)),        # the hand spot to a far target: runs off the right
    ((995.0, 300.2), (-1400.4, 322.7)),       # an orange shot: off the left, through x < 0
    ((640.0, 300.0), (655.5, 307.3)),         # short, all inside
    ((400.3, -300.0), (401.1, 1100.0)),       # across the band, off above and below
    ((300.0, 700.0), (1200.0, 700.0)),        # level, below the band: nothing shows
    ((500.0, 300.0), (500.0, 300.0)),         # no length
    ((1275.1, 110.2), (3000.0, 90.0)),        # from the band's corner outward
]


def surfaces(size):
    """Two copies of a noisy picture of ``size`` (seeded) and a canvas over each."""
    rng = np.random.default_rng(13)
    base = pygame.surfarray.make_surface(rng.integers(40, 220, (size[0], size[1], 3), dtype=np.uint8))
    return [Canvas.for_surface(base.copy()) for _ in range(2)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_line_to_the_target_and_the_guide_show_the_same_pixels_as_every_dot_drawn(size):
    new, old = surfaces(size)
    for a, b in LINES:
        for colour in (COLOURS["left"], COLOURS["right"], paint.theme.ACCENT):
            for c, dots, dashes in ((new, paint.dotted, paint.dashed),
                                    (old, dots_one_by_one, dashes_one_by_one)):
                with c.clipped(TABLE_BAND):       # as the close view draws them
                    dots(c, a, b, colour)
                    dashes(c, (b[0], b[1] + 9.5), (a[0] + 3.3, a[1] - 20.0), colour)
            assert pygame.image.tobytes(new.surface, "RGB") == pygame.image.tobytes(old.surface, "RGB"), \
                f"{size}: the line {a} → {b} in {colour} differs from every dot drawn"


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_line_on_a_layer_with_alpha_is_drawn_as_before(size):
    """Over a translucent layer the dots are circles, as before (no colour-keyed copy)."""
    c = Canvas.for_surface(pygame.Surface(size))
    layers = [c.layer((1280, 720), alpha=True) for _ in range(2)]
    paint.dotted(layers[0], (285.0, 315.0), (2652.0, 310.0), COLOURS["left"])
    dots_one_by_one(layers[1], (285.0, 315.0), (2652.0, 310.0), COLOURS["left"])
    assert pygame.image.tobytes(layers[0].surface, "RGBA") == pygame.image.tobytes(layers[1].surface, "RGBA")


def test_the_span_keeps_every_point_near_the_clip_and_drops_the_far_ones():
    c = Canvas.for_surface(pygame.Surface((1280, 720)))
    with c.clipped(TABLE_BAND):
        first, last = paint.shown_span(c, (0.0, 300.0), (2000.0, 300.0), 200, 5.0)
        # points every 10 units from x = 0: those up to x = 1285 + 10 of slack
        assert first == 0 and 128 <= last <= 130
        assert paint.shown_span(c, (0.0, 650.0), (2000.0, 650.0), 200, 5.0)[0] > \
            paint.shown_span(c, (0.0, 650.0), (2000.0, 650.0), 200, 5.0)[1]     # below the band
        assert paint.shown_span(c, (0.0, float("nan")), (1.0, 1.0), 7, 5.0) == (0, 7)
