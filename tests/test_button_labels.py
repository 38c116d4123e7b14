"""Every button label fits its button with a margin, in English and French: the text as
drawn (its size, in the theme's font) leaves at least :data:`MARGIN` design px on each
side (trial8: Mississippi's "Cogner (K)" touched its button's edge). The buttons are
those of every shell screen (menu, setup in both modes, settings, pause, rules, the
saved-game question) and of each game's screen in its phases, both states of a button
whose label changes (Aim guide on/off, Standing/Flat, Assisted on/off)."""

import pygame
import pytest

from ludotheque import i18n, theme
from ludotheque.menu import MenuScene, PauseScene, RulesScene, SettingsScene, SetupScene
from ludotheque.session.endpanel import EndPanel
from ludotheque.widgets import Button, Dialog, FocusGroup
from tests.harness import frames, make_app

MARGIN = 10
"""Design px between a label and each side of its button, at least."""


def buttons_of(obj, seen=None):
    """Every plain :class:`Button` held by ``obj`` (a scene), through its attributes,
    lists, focus groups and end panel (one level of each)."""
    seen = set() if seen is None else seen
    found = []

    def visit(value, depth):
        if id(value) in seen or depth > 3:
            return
        seen.add(id(value))
        if isinstance(value, Button):
            if type(value).draw is Button.draw:
                found.append(value)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v, depth + 1)
        elif isinstance(value, dict):
            for v in value.values():
                visit(v, depth + 1)
        elif isinstance(value, (FocusGroup, EndPanel)) or (hasattr(value, "__dict__") and depth == 0):
            for v in vars(value).values():
                visit(v, depth + 1)
    visit(obj, 0)
    return found


def overflows(app, buttons):
    """The labels drawn closer than MARGIN to their button's sides: (label, width, room)."""
    bad = []
    for b in buttons:
        with app.canvas.recording() as said:
            visible, b.visible = b.visible, True
            b.draw(app.canvas)
            b.visible = visible
        for text, size, _colour, bold in said:
            width = theme.font(size, bold).size(text)[0]
            if width > b.rect.width - 2 * MARGIN:
                bad.append((text, width, b.rect.width - 2 * MARGIN))
    return bad


def games():
    import glissando
    import magico
    import mississippi

    return [mississippi.DESCRIPTOR, glissando.DESCRIPTOR, magico.DESCRIPTOR]


@pytest.fixture(params=["en", "fr"])
def app(request, tmp_path):
    a = make_app(games(), folder=tmp_path, language=request.param)
    i18n.set_language(request.param)
    yield a
    i18n.set_language("en")


def test_the_shell_screens_button_labels_fit_with_a_margin(app):
    found = buttons_of(app.top)
    for game in app.games:
        for vs_ai in (False, True):
            found += buttons_of(SetupScene(app, game, vs_ai=vs_ai))
        found += buttons_of(RulesScene(app, game.title, game.rules_text))
    found += buttons_of(SettingsScene(app))
    found += buttons_of(Dialog(app, lambda: "?", lambda: "?", [(lambda: _shell("Resume it"), None),
                                                               (lambda: _shell("Start over"), None),
                                                               (lambda: _shell("Back"), None)]))
    app.push(SetupScene(app, app.games[0], vs_ai=False))
    app.top.begin()
    found += buttons_of(PauseScene(app))
    assert len(found) > 20 and not overflows(app, found)


def _shell(text):
    return i18n.domain("ludotheque")(text)


def toggled(scene, app, names):
    """Buttons of ``scene`` drawn in each state of the flags ``names`` (attributes)."""
    out = []
    for name in names:
        was = getattr(scene, name)
        for v in (False, True):
            setattr(scene, name, v)
            out += overflows(app, buttons_of(scene))
        setattr(scene, name, was)
    return out


@pytest.mark.parametrize("game", ["mississippi", "glissando", "magico"])
def test_each_games_button_labels_fit_with_a_margin(app, game):
    from ludotheque.game import GameConfig, PlayerSpec
    from ludotheque.menu import start_game

    descriptor = next(g for g in app.games if g.id == game)
    start_game(app, descriptor, GameConfig(players=(PlayerSpec(""), PlayerSpec("")), seed=1,
                                           options=descriptor.default_options()))
    scene = app.top
    frames(app, 2)
    found = buttons_of(scene)
    assert len(found) >= 5, [b.label for b in found]
    bad = overflows(app, found)
    if game == "magico":                       # the operation buttons, plain and assisted (K-7)
        scene.ctl.dice = (6, 3)
        for assisted in (False, True):
            scene.assisted = assisted
            scene._build_op_buttons()
            assert scene.op_buttons
            bad += overflows(app, scene.op_buttons)
    bad += toggled(scene, app, [n for n in ("aim_guide", "standing", "assisted") if isinstance(
        getattr(scene, n, None), bool)])
    assert not bad
