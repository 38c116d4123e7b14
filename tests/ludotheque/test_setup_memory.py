"""Each game's setup screen comes back with that game's last choices — its computer level,
the side played, its options (Glissando's target score, Magico's board and assisted
calculation) — after a restart too, without touching the other games' (trial8: one level
was shared by the three games and Glissando's target score was forgotten). Old settings
files, without these choices, still load."""

import json

import pytest

from ludotheque import i18n
from ludotheque.menu import SetupScene
from ludotheque.widgets import Cycler
from tests.harness import make_app


@pytest.fixture
def games():
    import glissando
    import magico
    import mississippi

    return {"mississippi": mississippi.DESCRIPTOR, "glissando": glissando.DESCRIPTOR, "magico": magico.DESCRIPTOR}


def open_setup(app, game, vs_ai=True):
    app.to_menu()
    app.push(SetupScene(app, game, vs_ai=vs_ai))
    return app.top


def option_row(setup, key):
    """The setup screen's cycler for the option ``key``."""
    opt = next(o for o in setup.game.options if o.key == key)
    return next(w for w in setup.focus.widgets if isinstance(w, Cycler) and w.label() == opt.label())


def choose(cycler, value):
    while cycler.value != value:
        cycler.next()


def test_each_game_comes_back_with_its_own_level_side_and_options_after_a_restart(tmp_path, games):
    app = make_app(list(games.values()), folder=tmp_path)
    setup = open_setup(app, games["glissando"])
    choose(setup.level_cycler, "master")
    choose(option_row(setup, "target"), 4)
    setup.focus.widgets[2].next()                      # "You play": Orange
    setup.begin()
    setup = open_setup(app, games["magico"])
    choose(setup.level_cycler, "beginner")
    choose(option_row(setup, "assisted"), True)
    choose(option_row(setup, "board"), games["magico"].options[0].values[-1])
    setup.begin()
    i18n.set_language("en")

    again = make_app(list(games.values()), folder=tmp_path)    # the next launch
    gl = open_setup(again, games["glissando"])
    assert gl.level_cycler.value == "master" and gl.human_seat == 1
    assert option_row(gl, "target").value == 4
    assert gl.chosen_options()["target"] == 4 and [p.kind for p in gl.players()] == ["ai", "human"]
    mg = open_setup(again, games["magico"])
    assert mg.level_cycler.value == "beginner" and option_row(mg, "assisted").value is True
    assert option_row(mg, "board").value == games["magico"].options[0].values[-1]
    mi = open_setup(again, games["mississippi"])                # untouched: the defaults
    assert mi.level_cycler.value == "intermediate" and mi.human_seat == 0
    assert mi.chosen_options() == games["mississippi"].default_options()


def test_two_player_choices_are_kept_and_a_people_only_option_survives_a_game_against_the_computer(
        tmp_path, games):
    app = make_app(list(games.values()), folder=tmp_path)
    setup = open_setup(app, games["mississippi"], vs_ai=False)
    choose(option_row(setup, "team"), 2)                        # people only (M-E2)
    choose(option_row(setup, "aim_guide"), True)
    setup.begin()
    setup = open_setup(app, games["mississippi"], vs_ai=True)  # no teams against the computer
    assert option_row(setup, "aim_guide").value is True and setup.chosen_options()["team"] == 1
    setup.begin()
    setup = open_setup(app, games["mississippi"], vs_ai=False)
    assert option_row(setup, "team").value == 2


def test_an_old_settings_file_loads_and_its_level_opens_every_game(tmp_path, games):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"schema": 1, "language": "en", "ai_level": "expert", "player_names": ["Léa", ""]}))
    app = make_app(list(games.values()), folder=tmp_path)
    assert not app.settings.take_messages()
    for game in games.values():
        setup = open_setup(app, game)
        assert setup.level_cycler.value == "expert" and setup.entries[0].text == "Léa"
        assert setup.chosen_options() == game.default_options()


@pytest.mark.parametrize("setups", [
    "glissando",
    {"glissando": 7},
    {"glissando": {"level": ["x"], "seat": 5, "options": {"target": 99, "first": {"a": 1}}}},
    {"../../etc": {"level": "master"}},
])
def test_a_damaged_setup_memory_opens_the_defaults_quietly(tmp_path, games, setups):
    (tmp_path / "settings.json").write_text(json.dumps({"schema": 1, "volume": 0.4, "setups": setups}))
    app = make_app(list(games.values()), folder=tmp_path)
    assert not app.settings.take_messages() and app.settings.volume == 0.4    # the rest is kept
    setup = open_setup(app, games["glissando"])
    assert setup.level_cycler.value == "intermediate" and setup.human_seat == 0
    assert setup.chosen_options() == games["glissando"].default_options()
    setup.begin()                                               # and it can be remembered again
    assert json.loads((tmp_path / "settings.json").read_text())["setups"]["glissando"]["options"]["target"] == 2
