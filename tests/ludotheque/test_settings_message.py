"""A damaged settings file is told in a family's words (newplayer9): the defaults are used
and the file was put aside under its new name; why it could not be read (not JSON, too
large) goes to the log, not on the screen."""

from __future__ import annotations

import pytest

from ludotheque import i18n
from ludotheque import settings as settings_module
from ludotheque.settings import Settings


@pytest.mark.parametrize("lang, says", [
    ("en", "Your settings could not be read, so the defaults are used; the file was put aside as settings.json.bad."),
    ("fr", "Vos réglages n’ont pas pu être lus\u202f: les réglages par défaut s’appliquent\u202f; "
           "le fichier a été mis de côté sous le nom settings.json.bad."),
])
def test_a_damaged_settings_file_is_told_plainly_and_named(tmp_path, lang, says, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text("[1,2", encoding="utf-8")
    try:
        i18n.set_language(lang)
        logged = []                                  # the module's log (whatever else configured logging)
        monkeypatch.setattr(settings_module.log, "warning", lambda msg, *args: logged.append(msg % args))
        said = Settings.load(path).take_messages()
    finally:
        i18n.set_language("en")
    assert said == [says]
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == "[1,2"
    assert any("JSON" in line for line in logged) and "JSON" not in said[0]      # the reason is in the log only
