"""A save that cannot be read, as the family sees it (newplayer9, m33.png, corrupt2.png):
plain words with no file format named, where no button is covered, for long enough to
read — the same for every game, from the menu's Resume and from the setup's "Resume it".
Design: a corrupt save is set aside (renamed ``.bad``) and the user is told; nothing lost."""

from __future__ import annotations

import pygame
import pytest

import main
from ludotheque import app as app_module
from ludotheque.menu import MenuScene, SetupScene
from ludotheque.widgets import reading_seconds

from tests.harness import click, frames, make_app, pixel

GAMES = {d.id: d for d in main.descriptors()}
SAID = {"en": ("This saved game could not be read.", "a new game can start."),
        "fr": ("Cette partie sauvegardée n’a pas pu être lue.", "une nouvelle partie peut commencer.")}


def damaged_app(tmp_path, gid, lang, size=None):
    app = make_app(list(GAMES.values()), folder=tmp_path, language=lang, size=size)
    (tmp_path / "saves").mkdir(exist_ok=True)
    (tmp_path / "saves" / f"{gid}.json").write_text("[1,2")      # what newplayer9 wrote
    app.top.refresh()
    return app


def resume_button(menu, gid):
    return next(w for w in menu.focus.widgets if getattr(w, "game_id", None) == gid)


def covered_buttons(app):
    box = app.toasts.box(app.top.toast_area)
    return box, [w.rect for w in app.top.focus.widgets if w.visible and w.rect.colliderect(box)]


def assert_plain(text, gid, lang):
    first, last = SAID[lang]
    assert text.startswith(first) and text.endswith(last), text
    assert f"{gid}.json.bad" in text                     # where it was kept: nothing is lost
    assert "JSON" not in text and "abîmé" not in text and "damaged" not in text, text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("gid", sorted(GAMES))
def test_resume_of_a_damaged_save_from_the_menu_says_it_plainly_under_the_tiles(tmp_path, gid, lang):
    app = damaged_app(tmp_path, gid, lang)
    click(app, resume_button(app.top, gid).rect.center)
    assert isinstance(app.top, MenuScene)
    assert (tmp_path / "saves" / f"{gid}.json.bad").exists() and not resume_button(app.top, gid).visible
    assert_plain(app.toasts.current, gid, lang)
    box, covered = covered_buttons(app)
    assert not covered, f"the message covers buttons {covered}"
    assert pygame.Rect(0, 0, 1280, 720).contains(box)
    assert box.top >= max(rect.bottom for _, rect in app.top.tiles)      # under the tiles
    frames(app, 1)
    assert pixel(app, (box.centerx, box.top + 4)) == (20, 22, 28)          # drawn on top of the menu
    # still there after as many seconds as a family needs to read it aloud, then gone
    frames(app, round((reading_seconds(app.toasts.current) - 0.5) * 60))
    assert app.toasts.current and app.toasts.current.startswith(SAID[lang][0])
    frames(app, 60)
    assert app.toasts.current is None


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("vs_ai", [False, True])
@pytest.mark.parametrize("gid", sorted(GAMES))
def test_resume_it_on_the_setup_screen_says_it_over_the_heading(tmp_path, gid, lang, vs_ai):
    app = damaged_app(tmp_path, gid, lang, size=(2560, 1440))
    app.push(SetupScene(app, GAMES[gid], vs_ai=vs_ai))
    click(app, app.top.start.rect.center)                  # a saved game waits: the question
    click(app, app.top.focus.widgets[0].rect.center)        # "Resume it"
    assert isinstance(app.top, SetupScene)
    assert_plain(app.toasts.current, gid, lang)
    box, covered = covered_buttons(app)
    assert not covered, f"the message covers {covered}"
    assert box.top >= 0 and box.bottom <= min(w.rect.top for w in app.top.focus.widgets)
    click(app, app.top.start.rect.center)                  # and a new game starts
    assert getattr(app.top, "game_id", None) == gid


def test_the_technical_reason_goes_to_the_log_not_the_screen(tmp_path, caplog):
    app = damaged_app(tmp_path, "magico", "en")
    with caplog.at_level("WARNING", logger="ludotheque.saves"):
        click(app, resume_button(app.top, "magico").rect.center)
    assert any("not valid JSON" in r.getMessage() and "magico.json" in r.getMessage() for r in caplog.records)
    assert "JSON" not in app.toasts.current


def test_a_save_from_a_newer_version_says_so_in_plain_words(tmp_path):
    app = make_app(list(GAMES.values()), folder=tmp_path, language="fr")
    app.saves.save("glissando", {"players": []})
    app.saves.flush()
    path = tmp_path / "saves" / "glissando.json"
    path.write_text(path.read_text().replace('"schema": 1', '"schema": 99'))
    app.top.refresh()
    click(app, resume_button(app.top, "glissando").rect.center)
    assert app.toasts.current.startswith("Cette partie sauvegardée a été faite par une version plus récente")
    assert "glissando.json.bad" in app.toasts.current


def test_a_message_brought_by_a_click_is_not_aged_by_the_wait_before_it(tmp_path, monkeypatch):
    """corrupt2.png: the player looked at the menu for a while, then clicked Magico's
    Resume; the real loop slept in its event wait meanwhile and counted that sleep
    against the message the click brought, so it was gone before it was drawn."""
    app = damaged_app(tmp_path, "magico", "fr")
    pos = resume_button(app.top, "magico").rect.center
    clock = [1000.0]
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: clock[0])

    def wait(timeout):
        clock[0] += 30.0                                     # half a minute without a move
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)]
    monkeypatch.setattr(app, "_wait_events", wait)
    app.idle()
    assert app.toasts.current and app.toasts.current.startswith(SAID["fr"][0])
    assert app.toasts.left() == pytest.approx(reading_seconds(app.toasts.current))
