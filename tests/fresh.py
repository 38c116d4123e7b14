"""A check for kept layers (issue 13 §1): a frame drawn as the shell draws it — cached
layers and backdrops kept from earlier frames — must equal the same frame drawn with
every cache bypassed (``Canvas.recording`` draws layers afresh)."""

import pygame
import pytest


def same_as_fresh(app, what: str) -> None:
    """Draw a frame of ``app`` as the shell does, then afresh; fail with where the two
    pictures differ (``what`` names the moment)."""
    app.draw()
    kept = pygame.image.tobytes(app.screen, "RGB")
    with app.canvas.recording():
        app.draw()
    fresh = pygame.image.tobytes(app.screen, "RGB")
    if kept != fresh:
        w = app.screen.get_width()
        bad = [i // 3 for i in range(0, len(kept), 3) if kept[i:i + 3] != fresh[i:i + 3]]
        xs, ys = [i % w for i in bad], [i // w for i in bad]
        pytest.fail(f"{what}: {len(bad)} px differ from a fresh drawing, in "
                    f"x {min(xs)}–{max(xs)}, y {min(ys)}–{max(ys)}")


def same_in_french(app, frames_first: int = 2) -> None:
    """:func:`same_as_fresh` once the language switched to French (every text layer
    drawn again in the other language), then the language as it was."""
    from ludotheque import i18n
    from tests.harness import frames

    old = i18n.language()
    try:
        i18n.set_language("fr")
        frames(app, frames_first)
        same_as_fresh(app, "in French")
    finally:
        i18n.set_language(old)
