"""The dice are said in the order the operations are written, the larger first (K-N2):
trial8 read "Choose an operation on 3 and 4" above buttons "4 + 3". In both languages,
whichever die landed first, on the screen and in the sentences about a turn."""

import pygame
import pytest

from ludotheque import i18n
from magico import texts
from magico.hints import Hint
from tests.harness import key, run_until
from tests.magico import common

AND = {"en": "{a} and {b}", "fr": "{a} et {b}"}


def shown(scene):
    with scene.app.canvas.recording() as drawn:
        scene.draw(scene.app.canvas)
    return " ".join(t[0] for t in drawn)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("dice", [(2, 5), (5, 2)])
def test_the_prompt_names_the_dice_in_the_order_the_operation_buttons_write_them(app, lang, dice):
    i18n.set_language(lang)
    scene = common.start(app, rolls=[dice], first="r")
    key(app, pygame.K_SPACE)
    assert run_until(app, lambda: scene.phase == "choose", 5)
    labels = [b.label for b in scene.op_buttons]
    assert all(label.startswith("5 ") and label.endswith(" 2") for label in labels), labels
    screen = shown(scene)
    assert AND[lang].format(a=5, b=2) in screen and AND[lang].format(a=2, b=5) not in screen


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_sentences_about_a_turn_say_the_larger_die_first(app, lang):
    i18n.set_language(lang)
    said = [texts.turn_summary("Ann", "place", (2, 5), "5+2", 7, "b1"), texts.undone(2, 5),
            texts.describe_turn("place", (2, 5), "5+2", 7, "b1"), texts.describe_turn("pass", (2, 5), None, None, None),
            texts.hint(Hint(1, "compute.place.1", "place", (2, 5), ops=("5+2", "5-2")))]
    for sentence in said:
        assert AND[lang].format(a=5, b=2) in sentence and AND[lang].format(a=2, b=5) not in sentence, sentence


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_computers_wrong_result_stays_told_when_the_turn_passes_to_you(app, lang):
    """newplayer8: after the computer wrote a wrong result (K-7a) the person's turn opened
    with an empty message box; the turn's summary now says what happened, dice larger
    first, and that no token was placed."""
    i18n.set_language(lang)
    from ludotheque.game import PlayerSpec
    players = (PlayerSpec("Ann"), PlayerSpec("C", "ai", "beginner"))
    scene = common.start(app, players=players, first="b")
    assert scene.is_ai(scene.pos.to_move)
    assert scene.commit("2,4 4-2=3 wrong")
    text, _colour = scene.note
    assert AND[lang].format(a=4, b=2) in text and "3" in text and "K-7a" in text, text
