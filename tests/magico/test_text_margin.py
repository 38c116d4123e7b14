"""The right column's running text — the banner over the cards, the action area's
prompt — keeps a margin from the column's right edge, in French too (trial8: the French
roll prompt ran to within a few pixels of it; a long name stretched the banner past the
cards). Checked on the pixels a player sees, at 1280×720 and 2560×1440."""

import numpy as np
import pygame
import pytest

from ludotheque import i18n, theme
from ludotheque.game import PlayerSpec
from magico import view
from tests.harness import frames, make_app
from tests.magico import common


def ink_right_of(app, x, top, bottom):
    """Whether anything but the background is drawn at design x ≥ ``x``, rows top…bottom."""
    s = app.canvas.scale
    rgb = pygame.surfarray.array3d(app.screen)[int(x * s):, int(top * s):int(bottom * s)]
    return bool(np.any(np.abs(rgb.astype(int) - np.array(theme.BG)).sum(axis=2) > 40))


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("players", [
    (PlayerSpec(""), PlayerSpec("")),
    (PlayerSpec("Marie-Hélène Tremblay"[:20]), PlayerSpec("Jean-Sébastien Bouch")),
    (PlayerSpec("Robot", "ai", "intermediate"), PlayerSpec("")),
])
def test_banner_and_prompt_end_30_px_inside_the_column(tmp_path, lang, size, players):
    from magico.descriptor import DESCRIPTOR

    app = make_app([DESCRIPTOR], folder=tmp_path, language=lang, size=size)
    i18n.set_language(lang)
    try:
        scene = common.start(app, players, rolls=[(2, 5)], first="r")
        frames(app, 2)
        assert scene.phase == "roll"
        edge = view.TEXT_RIGHT + 3          # text is fitted in design units: a glyph hinted at 2× may be 2 px wider
        assert not ink_right_of(app, edge, 6, view.CARD_Y - 2)                            # the banner
        assert not ink_right_of(app, edge, view.ACTION_Y, view.ACTION_Y + 60)             # the prompt
        assert ink_right_of(app, view.RIGHT_X, 6, view.CARD_Y - 2)                        # (drawn at all)
    finally:
        i18n.set_language("en")
