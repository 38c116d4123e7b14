"""Mississippi's flip option in a family's words (newplayer9: "Délai pour flipper" said
neither who has the time nor for what). M-F1: a new target overhanging the gutter opens
the flip window for the placer; M-F4: without a flip in that window (default 3 s), play
goes on. The label says what it is; pointing at the row says the rest under the heading."""

from __future__ import annotations

import pytest

import main
from ludotheque import i18n, theme
from ludotheque.menu import SetupScene
from ludotheque.widgets import Cycler

from tests.harness import frames, make_app, move

GAMES = {d.id: d for d in main.descriptors()}
SAYS = {"en": ("Time to flip a hanging target", ("placer", "gutter", "Space", "play goes on")),
        "fr": ("Temps pour flipper une cible au bord", ("placeur", "dalot", "Espace", "le jeu continue"))}


def flip_row(scene):
    return next(w for w in scene.focus.widgets if isinstance(w, Cycler) and w.label() == SAYS[i18n.language()][0])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("vs_ai", [False, True])
def test_the_flip_option_says_who_and_what_and_its_help_shows_when_pointed_at(tmp_path, lang, vs_ai):
    app = make_app(list(GAMES.values()), folder=tmp_path, language=lang, size=(2560, 1440))
    scene = SetupScene(app, GAMES["mississippi"], vs_ai=vs_ai)
    app.push(scene)
    row = flip_row(scene)
    assert "Délai" not in row.label()
    back, _, _ = row.zones()            # the label ends before the value's "‹"
    assert row.rect.x + 16 + theme.font(theme.BODY).size(row.label())[0] < back.left
    assert scene.help_text() is None                       # Start has the focus: the pitch shows
    move(app, row.rect.center)
    frames(app, 1)
    said = scene.help_text()
    assert said is not None and all(word in said for word in SAYS[lang][1]), said
    lines = theme.wrap(said, theme.SMALL, 1000)
    assert len(lines) <= 2                                  # all of it, above the first row
    first_row = min(w.rect.top for w in scene.focus.widgets)
    assert 98 + 24 * len(lines) <= first_row
    move(app, (5, 5))
    frames(app, 1)
    assert scene.help_text() is None


def test_the_help_follows_the_keyboard_focus_too(tmp_path):
    app = make_app(list(GAMES.values()), folder=tmp_path, language="fr")
    scene = SetupScene(app, GAMES["mississippi"])
    app.push(scene)
    for w in scene.focus.widgets:
        w.focused = w is flip_row(scene)
    assert "placeur" in scene.help_text()


@pytest.mark.parametrize("lang, label, words", [
    ("en", "Aim guide", ("dashed line", "stop", "speed")),
    ("en", "Last-puck reminder", ("one puck", "knock (K)", "roles swap", "reminds")),
    ("fr", "Aide à la visée", ("pointillé", "arrêterait", "vitesse")),
    ("fr", "Rappel de la dernière rondelle", ("une seule rondelle", "cogner (K)", "rôles", "rappelle")),
])
def test_the_aim_guide_and_the_reminder_say_what_they_do_when_pointed_at(tmp_path, lang, label, words):
    # newplayer10: "Rappel de la dernière rondelle" and "Aide à la visée" explained nothing (M-U1, M-R8)
    app = make_app(list(GAMES.values()), folder=tmp_path, language=lang, size=(1280, 720))
    scene = SetupScene(app, GAMES["mississippi"], vs_ai=True)
    app.push(scene)
    row = next(w for w in scene.focus.widgets if isinstance(w, Cycler) and w.label() == label)
    move(app, row.rect.center)
    frames(app, 1)
    said = scene.help_text()
    assert said is not None and all(w in said for w in words), said
    lines = theme.wrap(said, theme.SMALL, 1000)
    assert 98 + 24 * len(lines) <= min(w.rect.top for w in scene.focus.widgets)   # above the first row
