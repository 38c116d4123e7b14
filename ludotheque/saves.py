"""Autosaves: one per game, so a game in progress is never lost.

``platformdirs.user_data_dir("ludotheque")/saves/<game>.json`` holds
``{"schema": SCHEMA, "game": id, "saved_at": unix seconds, "data": {...}}`` where
``data`` is whatever the game's scene returned from ``save_data()`` (positions in the
games' notations, players, history). Written atomically after every turn or shot; a
damaged, foreign or newer-version save is set aside as ``.bad`` and reported, never a
crash. The data is copied on the caller's thread (:func:`snapshot`); its JSON text, the
disk write and its fsync are made on a writer thread, so a turn's end never waits for the
disk nor spends its frame on serialising.

A failed write never turns saving off for the session (issue 15): the last good save
stays on disk as it was, the player is told what happened in one sentence built from the
``errno`` (disk full, read-only, folder gone …, :func:`ludotheque.storage.failure`), the
newest unsaved game is kept in memory and written at the next turn, at any
:meth:`SaveStore.flush` and when the app quits, and the player is told when saving works
again. "Saves are off" is said only when the folder truly cannot be written (not
allowed, a file in its way); even then every turn tries again.

Two processes never clobber each other's game: a process writes, resumes or deletes a
game's save only while it holds that game's lock (``.<game>.lock``,
:func:`ludotheque.instance.hold`); a second process is refused with one sentence and its
own game is not written over the first one's. Temporaries are named per process and
only provably stale ones are removed (:func:`ludotheque.storage.remove_temporaries`).

Text read from a save goes through :func:`ludotheque.textsafe.sanitize_tree` (a NUL, a
lone surrogate or a zero-width-only name never reaches the screen); when that changed
anything, the original file is kept beside as ``.bad`` and the player told once.
"""

from __future__ import annotations

import concurrent.futures
import functools
import logging
import math
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from . import i18n, instance, storage, textsafe

_ = i18n.domain("ludotheque")

log = logging.getLogger(__name__)

SCHEMA = 1
_GAME_ID = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


def saves_dir() -> Path:
    """The per-user folder that holds the autosaves."""
    return Path(platformdirs.user_data_dir("ludotheque", appauthor=False)) / "saves"


@dataclass(frozen=True)
class SaveStatus:
    """How saving goes, for a status line or an icon.

    :ivar ok: the last write succeeded (or none was tried yet).
    :ivar kind: None when ``ok``; else a :class:`ludotheque.storage.Failure` kind
        (``"full"``, ``"read-only"``, ``"gone"``, ``"denied"``, ``"blocked"``, ``"io"``,
        ``"other"``).
    :ivar off: True when the folder truly cannot be written (``denied``, ``blocked``).
    :ivar unsaved: ids of games whose newest state is not on disk yet (retried at the
        next turn, at :meth:`SaveStore.flush` and at quit).
    :ivar message: the sentence said when this state began (None when ``ok``).
    """

    ok: bool = True
    kind: str | None = None
    off: bool = False
    unsaved: tuple = ()
    message: str | None = None


@dataclass(frozen=True)
class SaveInfo:
    """What a save says about itself, for the question "resume it or start over?".

    :ivar saved_at: Unix time of the save (s), or None if the file has none.
    :ivar names: the players' names as saved, cleaned for showing (``textsafe``), or
        ``()`` when the save holds none.
    :ivar kinds: each seat's ``"human"``/``"ai"`` as saved (same length as ``names``).
    """

    saved_at: float | None
    names: tuple = ()
    kinds: tuple = ()


def _delivering(method):
    """Hand the sentences queued meanwhile (also by the writer thread) to
    :attr:`SaveStore.problems` when ``method`` returns, on the caller's thread."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        finally:
            self._deliver()
    return wrapper


_SCALARS = (str, int, bool, type(None))


def snapshot(data, _depth: int = 0):
    """A copy of JSON-like ``data`` (dicts, lists and tuples copied, scalars shared), made
    on the caller's thread so that :meth:`SaveStore.save` can turn it into JSON on its
    writer thread: what was saved is what ``data`` held at the call. Refuses what
    :func:`ludotheque.storage.dumps` would refuse, at once (a turn's end never learns
    later, on another thread, that its state cannot be saved).

    :raises TypeError: a value or a key JSON cannot hold (sets, objects, bytes…).
    :raises ValueError: NaN or an infinity, or data nested more than 200 deep (a cycle).
    """
    if isinstance(data, _SCALARS):
        return data
    if isinstance(data, float):
        if not math.isfinite(data):
            raise ValueError("Out of range float values are not JSON compliant")
        return data
    if _depth > 200:
        raise ValueError("save data nested too deep (a circular reference?)")
    if isinstance(data, dict):
        out = {}
        for k, v in data.items():
            if not isinstance(k, _SCALARS + (float,)):
                raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")
            out[k] = snapshot(v, _depth + 1)
        return out
    if isinstance(data, (list, tuple)):
        return [snapshot(v, _depth + 1) for v in data]
    raise TypeError(f"Object of type {type(data).__name__} is not JSON serializable")


def _default_writer(path: Path, text: str) -> None:
    storage.write_text(path, text)


class SaveStore:
    """Load, write and delete the autosave of each game.

    :param folder: where saves live (default :func:`saves_dir`).
    :param writer: ``writer(path, text)`` writes one save atomically (default
        :func:`ludotheque.storage.write_text`); tests inject faults here.
    :ivar problems: sentences for the user (a save set aside, a write that failed,
        saving working again, a game open in another copy); the app shows each once
        and clears the list.
    """

    def __init__(self, folder: Path | None = None, *, writer=None):
        self.folder = Path(folder) if folder is not None else saves_dir()
        self.problems: list[str] = []
        self._inbox: list[str] = []
        self._writer_fn = writer or _default_writer
        self._lock = threading.Lock()
        self._pending: dict[str, tuple[int, str]] = {}   # game → (sequence number, text) to write
        self._unsaved: dict[str, tuple[int, str]] = {}   # game → newest state a failed write left
        self._written: set[str] = set()            # games with a good save on disk this run
        self._status = SaveStatus()
        self._seq = 0
        self._refused: set[str] = set()            # games refused because another copy holds them
        self._made = False                         # the folder was made or found (until a write fails)
        self._writer: concurrent.futures.ThreadPoolExecutor | None = None

    # ------------------------------------------------------------------ paths and state
    def path(self, game_id: str) -> Path:
        """The save file of ``game_id``. :raises ValueError: the id is not a plain game name."""
        if not isinstance(game_id, str) or not _GAME_ID.match(game_id):
            raise ValueError(f"not a game id: {game_id!r}")
        return self.folder / f"{game_id}.json"

    def lock_path(self, game_id: str) -> Path:
        """The lock file of ``game_id``'s save (``.<game>.lock``, never deleted)."""
        self.path(game_id)
        return self.folder / f".{game_id}.lock"

    @property
    def status(self) -> SaveStatus:
        """How saving goes now (:class:`SaveStatus`)."""
        with self._lock:
            return SaveStatus(self._status.ok, self._status.kind, self._status.off,
                              tuple(sorted(self._unsaved)), self._status.message)

    @property
    def enabled(self) -> bool:
        """False while the folder truly cannot be written (saves are off); every turn
        still tries again, and this turns True by itself when a write succeeds."""
        return not self.status.off

    def _say(self, message: str) -> None:
        """Queue a sentence for :attr:`problems` (the writer thread says things too: they
        reach :attr:`problems` on the caller's thread, at the end of the next
        :meth:`save` or :meth:`flush`, so a list being shown and cleared by the app never
        loses one)."""
        with self._lock:
            self._inbox.append(message)
        log.warning("%s", message)

    def _deliver(self) -> None:
        with self._lock:
            said, self._inbox = self._inbox, []
        self.problems.extend(said)

    # ------------------------------------------------------------------ locks
    def _hold(self, game_id: str) -> bool:
        """Hold ``game_id``'s lock (see :mod:`ludotheque.instance`); when another process
        holds it, say so once per game and return False."""
        if instance.hold(self.lock_path(game_id)):
            self._refused.discard(game_id)
            return True
        if game_id not in self._refused:
            self._refused.add(game_id)
            self._say(_("This game is open in another Ludothèque window: it is saved there, and this window "
                        "will not write over it."))
        return False

    def held_elsewhere(self, game_id: str) -> bool:
        """True when another process holds ``game_id`` (it is being played there): do
        not offer to resume or start it here. Asks without keeping the lock."""
        return instance.held_by_other(self.lock_path(game_id))

    @_delivering
    def release(self, game_id: str) -> None:
        """Let another copy of the app resume ``game_id`` (call when its game scene is
        left for the menu, after the last autosave). Pending writes are finished first."""
        self.flush()
        with self._lock:
            if game_id in self._unsaved:
                return  # keep holding what is not on disk yet
        instance.let_go(self.lock_path(game_id))

    # ------------------------------------------------------------------ writing
    @_delivering
    def save(self, game_id: str, data: dict) -> bool:
        """Write ``data`` as the autosave of ``game_id``, atomically, on a writer thread.

        The data is copied at once (:func:`snapshot`: later changes to it are not saved,
        and data JSON cannot hold is refused here); its JSON text, the disk write and its
        fsync happen on the writer thread, off the frame loop, in call order, and only the
        newest pending save of a game is written. :meth:`load`, :meth:`exists`, :meth:`delete`
        and :meth:`flush` wait for pending writes. When a write fails, the newest state
        is kept in memory and tried again at the next save, at :meth:`flush` and at quit.

        :returns: True when queued for writing; False when it could not be queued: the
            folder cannot be made (the state is kept and tried again), or another copy of
            the app holds this game (nothing is written; said once in :attr:`problems`).
        :raises TypeError: ``data`` is not JSON-serialisable (a programming error).
        :raises ValueError: ``data`` holds NaN or an infinity (a programming error).
        """
        record = {"schema": SCHEMA, "game": game_id, "saved_at": round(time.time(), 3),
                  "data": snapshot(data)}
        path = self.path(game_id)
        with self._lock:
            self._seq += 1
            item = (self._seq, record)
        if not self._made:                          # once, and again after a failed write
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                with self._lock:
                    self._unsaved[game_id] = item
                self._failed(game_id, exc)
                return False
            self._made = True
        if not self._hold(game_id):
            return False
        with self._lock:
            queued = game_id in self._pending
            self._pending[game_id] = item
            self._unsaved.pop(game_id, None)
        if not queued:
            self._submit(self._write, game_id, path)
        return True

    def _submit(self, fn, *args) -> concurrent.futures.Future:
        if self._writer is None:
            self._writer = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="saves")
        return self._writer.submit(fn, *args)

    def _write(self, game_id: str, path: Path) -> None:
        with self._lock:
            item = self._pending.pop(game_id, None)
        if item is None:
            return
        seq, record = item
        try:
            self._writer_fn(path, storage.dumps(record))
        except Exception as exc:  # noqa: BLE001 - a writer must never kill the save thread silently
            if not isinstance(exc, OSError):
                log.exception("save of %s failed", game_id)
                exc = OSError(None, str(exc))
            with self._lock:
                newer = game_id in self._pending or self._unsaved.get(game_id, (0,))[0] > seq
                if not newer:
                    self._unsaved[game_id] = item
            self._failed(game_id, exc)
            return
        self._succeeded(game_id, seq)

    def _had_save(self, game_id: str) -> bool:
        if game_id in self._written:
            return True
        try:
            return self.path(game_id).is_file()
        except OSError:
            return False

    def _failed(self, game_id: str, exc: OSError) -> None:
        self._made = False                         # the next save makes the folder first
        f = storage.failure(exc)
        with self._lock:
            same = not self._status.ok and self._status.kind == f.kind
        log.info("save of %s not written: %s", game_id, exc)
        if same:
            return  # said once per state; every turn still tries again
        if f.lasting:
            msg = _("Saves are off: {cause}, so the folder {folder} cannot be written. Every turn tries "
                    "again.").format(cause=f.cause, folder=self.folder)
        elif self._had_save(game_id):
            msg = _("This turn is not saved: {cause}. The last save is kept, and saving is tried again after "
                    "every turn.").format(cause=f.cause)
        else:
            msg = _("The game is not saved: {cause}. Saving is tried again after every turn.").format(cause=f.cause)
        with self._lock:
            self._status = SaveStatus(False, f.kind, f.lasting, (), msg)
        self._say(msg)

    def _succeeded(self, game_id: str, seq: int) -> None:
        with self._lock:
            self._written.add(game_id)
            if self._unsaved.get(game_id, (seq + 1,))[0] <= seq:
                del self._unsaved[game_id]
            recovered = not self._status.ok and not self._unsaved
            if recovered:
                self._status = SaveStatus()
        if recovered:
            self._say(_("Saving works again: the game is saved."))

    @_delivering
    def flush(self) -> None:
        """Wait until every queued save is on disk, then try once more to write the
        games a failed write left unsaved (before reading, and when the app quits)."""
        if self._writer is not None:
            self._submit(lambda: None).result()
        with self._lock:
            retry = [g for g in self._unsaved if g not in self._pending]
        for game_id in retry:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                self._failed(game_id, exc)
                return
            if not self._hold(game_id):
                continue
            with self._lock:
                item = self._unsaved.get(game_id)
                if item is None or game_id in self._pending:
                    continue
                self._pending[game_id] = item
            self._submit(self._write, game_id, self.path(game_id)).result()

    # ------------------------------------------------------------------ reading
    @_delivering
    def load(self, game_id: str) -> dict | None:
        """The saved ``data`` of ``game_id``, or None when there is none, it was
        unusable, or another copy of the app has this game open.

        An unusable file (damaged, wrong shape, another game's, newer schema) is renamed
        ``.bad`` and a sentence is added to :attr:`problems`. Every string in the data is
        passed through :func:`ludotheque.textsafe.sanitize`; if that changed any, the
        original file is kept as ``.bad`` and the player told. A save folder that cannot
        be reached is said as such (nothing is set aside).
        """
        path = self.path(game_id)
        self.flush()
        if not self._hold(game_id):
            return None
        storage.remove_temporaries(path)
        try:
            record = storage.read_json(path)
        except storage.Unreachable as exc:
            self._say(_("The saved game cannot be opened: {why}").format(why=exc))
            return None
        except storage.BadFile as exc:
            return self._reject(path, str(exc))
        if record is storage.MISSING:
            return None
        if not isinstance(record, dict) or record.get("game") != game_id \
                or not isinstance(record.get("schema"), int) or not isinstance(record.get("data"), dict):
            return self._reject(path, f"{path.name} is not a save of {game_id}")
        if record["schema"] > SCHEMA:
            return self._reject(path, f"{path.name}: schema {record['schema']} is newer than {SCHEMA}",
                                _("This saved game was made by a newer version of Ludothèque and cannot be read "
                                  "here."))
        data, changed = textsafe.sanitize_tree(record["data"])
        if changed:
            self._repaired(path, record, data, changed)
        return data

    def _repaired(self, path: Path, record: dict, data: dict, changed: int) -> None:
        """Keep the original beside as ``.bad`` and write the cleaned save in its place."""
        try:
            original = path.read_bytes()
        except OSError:
            original = None
        kept = storage.keep_copy(path, original) if original is not None else None
        try:
            storage.write_text(path, storage.dumps(dict(record, data=data)))
        except OSError as exc:
            log.info("cleaned save not written back: %s", exc)
        msg = _("Some text in the saved game could not be shown and was cleaned up.")
        if kept is not None:
            msg += " " + _("The original is kept as {name}.").format(name=kept.name)
        self._say(msg)

    @_delivering
    def info(self, game_id: str) -> SaveInfo | None:
        """What ``game_id``'s save says about itself (when, who), without setting
        anything aside and without taking its lock; None when there is no usable save."""
        self.flush()
        try:
            record = storage.read_json(self.path(game_id))
        except (storage.BadFile, storage.Unreachable):
            return None
        if not isinstance(record, dict) or record.get("game") != game_id or not isinstance(record.get("data"), dict):
            return None
        at = record.get("saved_at")
        at = float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else None
        players = record["data"].get("players")
        names, kinds = [], []
        if isinstance(players, list):
            for i, p in enumerate(players[:8]):
                p = p if isinstance(p, dict) else {}
                names.append(textsafe.name_or(p.get("name"), ""))
                kinds.append(p.get("kind") if p.get("kind") in ("human", "ai") else "human")
        return SaveInfo(at, tuple(names), tuple(kinds))

    @_delivering
    def reject(self, game_id: str, why: str) -> None:
        """Set the save of ``game_id`` aside because the game could not restore it (``why``: one sentence)."""
        self._reject(self.path(game_id), why)

    def _reject(self, path: Path, why: str, lead: str | None = None) -> None:
        """Set ``path`` aside as ``.bad`` and tell the player in plain words (``lead``,
        default "This saved game could not be read."), with where it was kept; the
        technical ``why`` goes to the log only (newplayer9: "ce n’est pas du JSON
        valide" on screen)."""
        moved = storage.set_aside(path)
        log.warning("save %s set aside as %s: %s", path, moved.name if moved else "(not moved)", why)
        lead = lead or _("This saved game could not be read.")
        if moved:
            msg = lead + " " + _("It was put aside (as {name}) and a new game can start.").format(name=moved.name)
        else:
            msg = lead + " " + _("A new game can start.")
        self._say(msg)
        return None

    @_delivering
    def exists(self, game_id: str) -> bool:
        """True when a save file for ``game_id`` is present (it may still prove unusable)."""
        self.flush()
        p = self.path(game_id)
        try:
            return p.is_file() and not p.is_symlink()
        except OSError:
            return False

    @_delivering
    def delete(self, game_id: str) -> bool:
        """Remove the autosave of ``game_id`` (a finished game) and let its lock go.
        Missing is fine. Refused (the file is left as it is) when another copy of the
        app has this game open. :returns: True when no save of it is left."""
        self.flush()
        with self._lock:
            self._pending.pop(game_id, None)
            self._unsaved.pop(game_id, None)
        if not self._hold(game_id):
            return False
        try:
            self.path(game_id).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("could not delete save: %s", exc)
            return False
        with self._lock:
            self._written.discard(game_id)
            if not self._unsaved and not self._status.ok:
                self._status = SaveStatus()
        instance.let_go(self.lock_path(game_id))
        return True
