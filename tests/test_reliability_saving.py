"""One failed write never turns saving off (issue 15 §2).

A write that fails keeps the last good save on disk as it was, says what happened in the
words of its ``errno`` (disk full, read-only, folder gone …), is tried again at the next
turn, at ``flush`` and at quit, and saving working again is said. "Saves are off" only
when the folder truly cannot be written. Tested with a fault-injecting writer (every
errno class, then thousands of random faults against an oracle), through the real app,
and on a real full disk (a 256 kB tmpfs; skipped where mounting is not permitted).
"""

from __future__ import annotations

import errno
import json
import os
import random
import subprocess
import uuid
from pathlib import Path

import pytest

import main
from ludotheque import storage
from ludotheque.app import App
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from ludotheque.saves import SaveStore
from ludotheque.settings import Settings

from tests.harness import run_until

GAMES = {d.id: d for d in main.descriptors()}


class FaultyWriter:
    """``storage.write_text`` that raises ``OSError(errno)`` while ``self.fail`` is set
    (after writing half of the temporary, as a full disk does), and counts."""

    def __init__(self):
        self.fail: int | None = None
        self.faults = 0
        self.writes = 0

    def __call__(self, path: Path, text: str) -> None:
        self.writes += 1
        if self.fail is not None:
            self.faults += 1
            tmp = path.with_name(storage.temporary_prefix(path) + "x.tmp")
            tmp.write_text(text[: len(text) // 2])   # half written, then the disk says no
            tmp.unlink()                              # what write_text does on failure
            raise OSError(self.fail, os.strerror(self.fail))
        storage.write_text(path, text)


def on_disk(folder: Path, game="glissando"):
    return json.loads((folder / f"{game}.json").read_text())["data"]


WORDS = {  # errno → what the player reads, and whether saves are said to be off
    errno.ENOSPC: ("the disk is full", False),
    errno.EDQUOT: ("the disk is full", False),
    errno.EROFS: ("the disk is read-only", False),
    errno.ENODEV: ("the folder is gone", False),
    errno.ESTALE: ("the folder is gone", False),
    errno.EIO: ("the disk reported an error", False),
    errno.EACCES: ("not allowed", True),
    errno.ENOTDIR: ("a file stands where the folder should be", True),
}


@pytest.mark.parametrize("code", sorted(WORDS), ids=lambda c: errno.errorcode[c])
def test_a_failed_write_keeps_the_last_save_says_why_retries_and_says_when_it_works_again(tmp_path, code):
    words, off = WORDS[code]
    w = FaultyWriter()
    store = SaveStore(tmp_path, writer=w)
    store.save("glissando", {"turn": 1})
    store.flush()
    w.fail = code
    for turn in (2, 3, 4):                     # three turns on a failing disk
        store.save("glissando", {"turn": turn})
        store.flush()
        assert on_disk(tmp_path) == {"turn": 1}  # the last good save, as it was
    assert w.faults >= 3                       # every turn tried again
    assert len(store.problems) == 1, store.problems  # said once, not at every turn
    said = store.problems[0]
    assert words in said
    assert ("Saves are off" in said) == off
    if not off:
        assert "The last save is kept" in said and "tried again" in said
    assert store.status.kind is not None and store.status.unsaved == ("glissando",)
    assert store.enabled is not off
    w.fail = None                              # space freed, disk back, folder fixed
    store.save("glissando", {"turn": 5})
    store.flush()
    assert on_disk(tmp_path) == {"turn": 5}
    assert store.problems[-1] == "Saving works again: the game is saved."
    assert store.status.ok and store.enabled and store.status.unsaved == ()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["glissando.json"]


def test_the_state_a_failed_write_left_is_written_at_quit_without_a_new_turn(tmp_path):
    w = FaultyWriter()
    store = SaveStore(tmp_path, writer=w)
    store.save("glissando", {"turn": 1})
    store.flush()
    w.fail = errno.ENOSPC
    store.save("glissando", {"turn": 2})       # the last turn before quitting fails
    store.flush()
    assert on_disk(tmp_path) == {"turn": 1}
    w.fail = None
    store.flush()                              # what App.run does on the way out
    assert on_disk(tmp_path) == {"turn": 2}


def test_a_first_save_that_fails_does_not_claim_a_last_save_is_kept(tmp_path):
    w = FaultyWriter()
    w.fail = errno.ENOSPC
    store = SaveStore(tmp_path, writer=w)
    store.save("glissando", {"turn": 1})
    store.flush()
    assert store.problems == ["The game is not saved: the disk is full. Saving is tried again after every turn."]


def test_a_removed_save_folder_is_made_again_at_the_next_turn(tmp_path):
    folder = tmp_path / "saves"
    store = SaveStore(folder)
    store.save("glissando", {"turn": 1})
    store.flush()
    for p in folder.iterdir():
        p.unlink()
    folder.rmdir()                             # the player cleaned up their data folder
    assert store.save("glissando", {"turn": 2})
    store.flush()
    assert on_disk(folder) == {"turn": 2} and not store.problems


@pytest.mark.slow
def test_random_faults_never_lose_a_game_oracle(tmp_path):
    """3 000 turns of 3 games, each write failing with probability 0.3 (random errno
    among every class), the disk healing and failing again at random: the file of each
    game is always a whole save of a turn no older than its last successful write, and
    once the disk is healed and flushed every game's newest turn is on disk."""
    rng = random.Random(15)
    w = FaultyWriter()
    store = SaveStore(tmp_path, writer=w)
    games = ("glissando", "magico", "mississippi")
    newest = {g: 0 for g in games}
    good = {g: 0 for g in games}
    lost = 0
    for turn in range(1, 3001):
        g = rng.choice(games)
        w.fail = rng.choice(sorted(WORDS)) if rng.random() < 0.3 else None
        store.save(g, {"turn": turn})
        store.flush()
        newest[g] = turn
        if w.fail is None:
            good[g] = turn
        for h in games:
            if (tmp_path / f"{h}.json").exists():
                seen = on_disk(tmp_path, h)["turn"]
                assert good[h] <= seen <= newest[h]
    w.fail = None
    store.flush()
    for g in games:
        lost += on_disk(tmp_path, g)["turn"] != newest[g]
    assert lost == 0
    assert w.faults > 800
    assert all(p.name.endswith((".json", ".lock")) for p in tmp_path.iterdir())  # no temporary left


# ------------------------------------------------------------------ through the real app

def demo(app, game="glissando", seed=2):
    d = GAMES[game]
    start_game(app, d, GameConfig(players=(PlayerSpec("A", "ai", "beginner"), PlayerSpec("B", "ai", "beginner")),
                                  seed=seed, options=d.default_options(), demo=True))
    return app.game_scene()


def counting_app(tmp_path, store):
    settings = Settings.load(tmp_path / "settings.json")
    settings.language = "en"
    app = App(list(GAMES.values()), settings=settings, saves=store, seed=1, window=False)
    shown = []
    real = app.toast
    app.toast = lambda text, seconds=2.5: shown.append(text) or real(text, seconds)
    app.to_menu()
    return app, shown


def test_a_full_disk_in_a_game_then_space_freed_the_game_is_saved_again_and_at_quit(tmp_path):
    w = FaultyWriter()
    store = SaveStore(tmp_path / "saves", writer=w)
    app, shown = counting_app(tmp_path, store)
    scene = demo(app)
    assert run_until(app, lambda: w.writes >= 2, max_seconds=120)
    w.fail = errno.ENOSPC
    assert run_until(app, lambda: w.faults >= 3, max_seconds=120)
    full = [t for t in shown if "disk is full" in t]
    assert len(full) == 1, shown
    w.fail = None
    before = w.writes
    assert run_until(app, lambda: w.writes > before, max_seconds=120)
    store.flush()
    app.report_problems()
    assert "Saving works again: the game is saved." in shown
    assert on_disk(tmp_path / "saves", "glissando-demo") == json.loads(json.dumps(scene.save_data()))
    w.fail = errno.ENOSPC
    assert run_until(app, lambda: w.faults >= 4, max_seconds=120)
    w.fail = None
    app.quit()                                  # quitting saves, whatever failed before
    store.flush()
    assert on_disk(tmp_path / "saves", "glissando-demo") == json.loads(json.dumps(scene.save_data()))


# ------------------------------------------------------------------ a real full disk

@pytest.fixture
def small_disk(tmp_path):
    """A 256 kB tmpfs mounted on a folder (root only; CI runs as root)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (CI runs as root)")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mnt)], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"mount is not permitted here: {r.stderr.strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def fill(folder: Path) -> Path:
    """Fill the disk under ``folder`` to the last byte with one file."""
    filler = folder / f"filler-{uuid.uuid4().hex}"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 1):     # to the last byte
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return filler


def test_a_real_full_disk_keeps_the_last_save_and_saving_comes_back_when_space_is_freed(tmp_path, small_disk):
    written = []

    def writer(path, text):                     # the default writer, counted
        written.append(text)
        storage.write_text(path, text)
    store = SaveStore(small_disk / "saves", writer=writer)
    app, shown = counting_app(tmp_path, store)
    scene = demo(app, seed=4)
    assert run_until(app, lambda: len(written) >= 2, max_seconds=120)
    store.flush()
    kept = (small_disk / "saves" / "glissando-demo.json").read_text()      # a demo's own save
    filler = fill(small_disk)
    n = len(written)
    assert run_until(app, lambda: len(written) >= n + 3, max_seconds=240)   # three turns on a full disk
    store.flush()
    app.report_problems()
    assert (small_disk / "saves" / "glissando-demo.json").read_text() == kept    # the last good save, whole
    assert sum("disk is full" in t for t in shown) == 1, shown
    assert not any("Saves are off" in t for t in shown)
    filler.unlink()                                                        # space freed
    n = len(written)
    assert run_until(app, lambda: len(written) > n, max_seconds=120)
    store.flush()
    app.report_problems()
    assert "Saving works again: the game is saved." in shown
    assert on_disk(small_disk / "saves", "glissando-demo") == json.loads(json.dumps(scene.save_data()))
    assert [p.name for p in (small_disk / "saves").iterdir() if p.name.endswith(".tmp")] == []


def test_a_save_holds_the_state_of_its_turn_though_its_text_is_made_on_the_writer_thread(tmp_path):
    """The JSON text of an autosave is made on the writer thread (issue 13 §1: off the
    turn's end frame), from a copy taken at the call: what a later turn changes in the
    caller's data is not in it, and data JSON cannot hold is refused at once, on the
    caller's thread, with nothing queued."""
    import math

    w = FaultyWriter()
    store = SaveStore(tmp_path, writer=w)
    data = {"turns": ["a1", "b2>"], "players": [{"name": "Ann"}], "hinted": (1,)}
    assert store.save("glissando", data)
    data["turns"].append("c3^")                 # the next turn, before the write ran
    data["players"][0]["name"] = "Bob"
    store.flush()
    assert on_disk(tmp_path) == {"turns": ["a1", "b2>"], "players": [{"name": "Ann"}], "hinted": [1]}
    for bad, error in (({"turns": {"a1"}}, TypeError), ({"score": math.nan}, ValueError),
                       ({"t": [math.inf]}, ValueError), ({("a", 1): 2}, TypeError)):
        with pytest.raises(error):
            store.save("glissando", bad)
    store.flush()
    assert w.writes == 1 and on_disk(tmp_path)["players"] == [{"name": "Ann"}]
