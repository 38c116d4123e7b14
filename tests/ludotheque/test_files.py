"""Settings and saves: atomic writes, damaged files set aside and reported, never a crash."""

import json
import os

import pytest

from ludotheque import storage
from ludotheque.saves import SaveStore
from ludotheque.settings import Settings


def test_settings_round_trip(tmp_path):
    s = Settings.load(tmp_path / "settings.json")
    s.language, s.volume, s.player_names, s.ai_level = "fr", 0.25, ["Léa", "Noé"], "expert"
    assert s.save()
    again = Settings.load(tmp_path / "settings.json")
    assert (again.language, again.volume, again.player_names, again.ai_level) == ("fr", 0.25, ["Léa", "Noé"], "expert")
    assert again.problem is None


@pytest.mark.parametrize("content", [b"{not json", b"", b"\xff\xfe\x00", b"[1, 2]", b'{"schema": "x"}'])
def test_bad_settings_file_is_kept_as_bad_and_defaults_apply(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s = Settings.load(path)
    said = s.take_messages()
    assert len(said) == 1 and "settings.json.bad" in said[0]  # one sentence for the user
    assert not path.exists()
    assert (tmp_path / "settings.json.bad").read_bytes() == content
    assert s.volume == Settings().volume


def test_wrong_typed_values_fall_back_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "volume": "loud", "language": "fr", "player_names": [1, 2]}))
    s = Settings.load(path)
    assert s.language == "fr" and s.volume == Settings().volume and s.player_names == ["", ""]


def _logged(monkeypatch) -> list:
    """What the settings module logs as warnings, whatever else configured logging."""
    from ludotheque import settings as settings_module
    out = []
    monkeypatch.setattr(settings_module.log, "warning", lambda msg, *args: out.append(msg % args))
    return out


def test_symlinked_settings_are_not_followed(tmp_path, monkeypatch):
    target = tmp_path / "elsewhere.json"
    target.write_text('{"schema": 1, "language": "fr"}')
    link = tmp_path / "settings.json"
    link.symlink_to(target)
    logged = _logged(monkeypatch)
    s = Settings.load(link)
    said = s.take_messages()
    assert len(said) == 1 and "defaults are used" in said[0]
    assert any("symbolic link" in line for line in logged)          # the reason is in the log (newplayer9)
    assert target.exists()  # the file pointed at is untouched


def test_huge_file_is_refused_without_reading_it(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    with open(path, "wb") as fh:
        fh.truncate(storage.MAX_BYTES + 1)
    logged = _logged(monkeypatch)
    s = Settings.load(path)
    said = s.take_messages()
    assert len(said) == 1 and "defaults are used" in said[0]
    assert any("too large" in line for line in logged)


def test_bad_file_never_overwrites_an_earlier_bad_file(tmp_path):
    path = tmp_path / "settings.json"
    for i in range(3):
        path.write_text("{broken %d" % i)
        Settings.load(path)
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["settings.json.bad", "settings.json.bad.1", "settings.json.bad.2"]


def test_wrong_typed_values_are_said_once_and_corrected_in_the_file(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "volume": "loud", "language": "fr"}))
    s = Settings.load(path)
    assert len(s.take_messages()) == 1
    assert not Settings.load(path).take_messages()  # written back corrected: said once


def test_atomic_write_leaves_old_file_when_serialisation_fails(tmp_path):
    path = tmp_path / "x.json"
    storage.write_json(path, {"a": 1})
    with pytest.raises(TypeError):
        storage.write_json(path, {"a": object()})
    assert json.loads(path.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temporary left behind


def test_save_round_trip_and_delete(tmp_path):
    store = SaveStore(tmp_path)
    assert store.load("glissando") is None
    assert store.save("glissando", {"position": "8/8/8/8/8/8/8/8 b 0-0 32-32 2"})
    assert store.exists("glissando")
    assert store.load("glissando") == {"position": "8/8/8/8/8/8/8/8 b 0-0 32-32 2"}
    store.delete("glissando")
    assert not store.exists("glissando")


@pytest.mark.parametrize("record", ['{"schema": 1, "game": "magico", "data": {}}',
                                    '{"schema": 2, "game": "glissando", "data": {}}',
                                    '{"schema": 1, "game": "glissando", "data": []}',
                                    "null", "truncated {"])
def test_foreign_newer_or_damaged_save_is_set_aside(tmp_path, record):
    store = SaveStore(tmp_path)
    (tmp_path / "glissando.json").write_text(record)
    assert store.load("glissando") is None
    assert store.problems and len(store.problems) == 1
    assert (tmp_path / "glissando.json.bad").read_text() == record


def test_game_id_cannot_name_another_file(tmp_path):
    with pytest.raises(ValueError):
        SaveStore(tmp_path).path("../settings")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write read-only folders")
def test_read_only_folder_turns_saves_off_once(tmp_path):  # pragma: no cover - CI runs as root
    tmp_path.chmod(0o500)
    store = SaveStore(tmp_path / "saves")
    assert not store.save("glissando", {})
    assert not store.save("glissando", {})
    assert len(store.problems) == 1 and "not allowed" in store.problems[0]


def test_unwritable_folder_turns_saves_off_once(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")  # a file where the folder should be: no one can write under it
    store = SaveStore(blocker / "saves")
    assert not store.save("glissando", {"a": 1})
    assert not store.save("glissando", {"a": 2})
    assert len(store.problems) == 1 and "Saves are off" in store.problems[0]
    assert not store.enabled and store.status.unsaved == ("glissando",)
    blocker.unlink()  # the player frees the folder: the next turn saves, and says so
    assert store.save("glissando", {"a": 3})
    assert store.load("glissando") == {"a": 3}
    assert store.enabled and store.problems[-1] == "Saving works again: the game is saved."
