"""Settings hold the defaults a setup screen opens with; what a setup screen chooses is
used for that game and remembered for it, and the latest choice wins (trial4: Settings
and each game's setup both had a computer level and player names, and the player could
not tell which one wins; trial8: the three games shared one level). The Settings screen
says so, in English and French."""

import pytest

from ludotheque import i18n, theme
from ludotheque.menu import SettingsScene, SetupScene, defaults_note
from ludotheque.widgets import Cycler
from tests.harness import click, make_app, type_text


@pytest.fixture
def app(tmp_path):
    import glissando

    i18n.set_language("en")
    a = make_app([glissando.DESCRIPTOR], folder=tmp_path)
    yield a
    i18n.set_language("en")


def drawn(app, scene):
    with app.canvas.recording() as said:
        scene.draw(app.canvas)
    return [t[0] for t in said]


def settings_rows(app):
    app.push(SettingsScene(app))
    scene = app.top
    level = next(w for w in scene.focus.widgets if isinstance(w, Cycler) and w.values[0] == "beginner")
    return scene, level, scene.names


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_settings_call_the_level_and_names_defaults_and_say_how_setup_uses_them(app, lang):
    i18n.set_language(lang)
    scene, level, names = settings_rows(app)
    lines = drawn(app, scene)
    shown = " ".join(lines)
    want = {"en": ("Default computer level", "Default name, player 1:", "Defaults for a new game"),
            "fr": ("Niveau par défaut de l’ordinateur", "Nom par défaut, joueur 1\u202f:",
                   "Par défaut pour une nouvelle partie")}
    for text in want[lang]:
        assert text in shown, text
    note = defaults_note()
    assert ("last choices for that game" in note) == (lang == "en")
    assert ("derniers choix pour ce jeu" in note) == (lang == "fr")
    wrapped = theme.wrap(note, theme.SMALL, scene.w - 8)
    assert 1 <= len(wrapped) <= 2 and all(line in lines for line in wrapped)   # drawn whole, wrapped


def test_a_setup_screen_opens_with_the_settings_defaults(app):
    import glissando

    scene, level, names = settings_rows(app)
    while level.value != "expert":
        level.next()
    click(app, names[0].rect.center)
    type_text(app, "Léa")
    scene.close()
    assert app.settings.ai_level == "expert" and app.settings.player_names[0] == "Léa"
    app.push(SetupScene(app, glissando.DESCRIPTOR, vs_ai=True))
    setup = app.top
    assert setup.level == "expert" and setup.level_cycler.value == "expert"
    assert setup.entries[0].text == "Léa"


def test_what_a_setup_screen_chooses_is_played_and_comes_back_there(app):
    import glissando

    app.push(SetupScene(app, glissando.DESCRIPTOR, vs_ai=True))
    setup = app.top
    while setup.level_cycler.value != "beginner":
        setup.level_cycler.next()
    setup.entries[0].text = "Noé"
    assert [p.level for p in setup.players() if p.kind == "ai"] == ["beginner"]   # this game's level
    setup.begin()
    game = app.top
    assert [p.level for p in game.session.seats.players if p.kind == "ai"] == ["beginner"]
    app.to_menu()
    scene, level, names = settings_rows(app)          # the names typed are the new default names;
    assert names[0].text == "Noé" and level.value == "intermediate"   # the level stays this game's
    app.pop()
    app.push(SetupScene(app, glissando.DESCRIPTOR, vs_ai=True))
    assert app.top.level_cycler.value == "beginner"


def test_a_level_chosen_in_settings_is_given_to_every_game(app):
    import glissando

    app.push(SetupScene(app, glissando.DESCRIPTOR, vs_ai=True))
    while app.top.level_cycler.value != "beginner":
        app.top.level_cycler.next()
    app.top.begin()
    app.to_menu()
    scene, level, names = settings_rows(app)
    while level.value != "expert":
        level.next()
    scene.close()
    app.push(SetupScene(app, glissando.DESCRIPTOR, vs_ai=True))
    assert app.top.level_cycler.value == "expert"     # the latest choice wins
