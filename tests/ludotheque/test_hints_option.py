"""Decision 13 / issue 17 §2: every game's setup offers the same "Hints" option, worded once
in the shell's catalogue, in the player's language."""

import pytest

from glissando.descriptor import DESCRIPTOR as GLISSANDO
from ludotheque import i18n
from magico.descriptor import DESCRIPTOR as MAGICO
from mississippi.descriptor import DESCRIPTOR as MISSISSIPPI


def _hints(descriptor):
    (option,) = [o for o in descriptor.options if o.key == "hints"]
    return option


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_the_three_games_word_the_hints_option_alike():
    words = [(o.label(), [o.label_of(v) for v in o.values], o.default)
             for o in map(_hints, (GLISSANDO, MAGICO))]
    assert words[0] == words[1] == ("Hints", ["On, except against Expert/Master", "On", "Off"], "auto")
    miss = _hints(MISSISSIPPI)
    # Mississippi has no Master level (decision 3): its "auto" names only the Expert
    assert [miss.label_of(v) for v in miss.values] == ["On, except against Expert", "On", "Off"]


def test_the_hints_option_reads_in_french(french):
    option = _hints(GLISSANDO)
    assert option.label() == "Indices"              # the word of the games' Hint buttons
    assert [option.label_of(v) for v in option.values] == [
        "Oui, sauf contre Expert/Maître", "Oui", "Non"]
