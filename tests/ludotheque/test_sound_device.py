"""A machine with no sound device (kpolish4; trial3b 52/54-settings): silence, not a
crash, and not a lie — the Settings screen showed "Sound: On" while nothing could be
heard. The tests run on SDL's dummy audio driver, which opens and plays nothing."""

import os

import pygame
import pytest

from ludotheque import i18n
from ludotheque.audio import Audio
from ludotheque.menu import SettingsScene, no_sound_device
from ludotheque.widgets import Toggle
from tests.harness import click, key, make_app
from tests.ludotheque.fake_game import make_descriptor


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    return make_app([make_descriptor()], folder=tmp_path)


def _sound_row(scene):
    return next(w for w in scene.focus.widgets if isinstance(w, Toggle) and w.label() in ("Sound", "Son"))


def _texts(app, scene):
    with app.canvas.recording() as drawn:
        scene.draw(app.canvas)
    return [t[0] for t in drawn]


def test_the_dummy_driver_is_no_sound_device_and_playing_is_silent():
    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"
    audio = Audio()
    assert audio.available and audio.driver == "dummy" and not audio.has_device
    audio.play("click")                                     # silence, not an error


def test_a_mixer_that_cannot_open_is_no_device(monkeypatch):
    def refuse(*a, **k):
        raise pygame.error("no such device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    audio = Audio()
    assert not audio.available and audio.driver is None and not audio.has_device
    audio.play("win")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_settings_show_the_sound_row_disabled_with_its_reason_when_there_is_no_device(app, lang):
    i18n.set_language(lang)
    try:
        app.push(SettingsScene(app))
        scene = app.top
        row = _sound_row(scene)
        assert not row.enabled
        shown = _texts(app, scene)
        assert no_sound_device() in shown
        assert ("Aucun périphérique audio" in no_sound_device()) == (lang == "fr")
        muted = app.audio.muted
        click(app, row.rect.center)                          # a click changes nothing
        assert app.audio.muted == muted
        app.audio.muted = True
        key(app, pygame.K_m)                                  # unmuting with M: no "Sound on"
        assert not app.audio.muted and app.toasts.current == no_sound_device()
    finally:
        i18n.set_language("en")


def test_with_a_device_the_sound_row_is_the_switch(app):
    app.audio.driver = "pulseaudio"                          # as on a machine with a sound card
    app.push(SettingsScene(app))
    row = _sound_row(app.top)
    assert row.enabled and no_sound_device() not in _texts(app, app.top)
    click(app, row.rect.center)
    assert app.audio.muted
