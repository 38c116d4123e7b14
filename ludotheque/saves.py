"""Autosaves: one per game, so a game in progress is never lost.

``platformdirs.user_data_dir("ludotheque")/saves/<game>.json`` holds
``{"schema": SCHEMA, "game": id, "saved_at": unix seconds, "data": {...}}`` where
``data`` is whatever the game's scene returned from ``save_data()`` (positions in the
games' notations, players, history). Written atomically after every turn or shot; a
damaged, foreign or newer-version save is set aside as ``.bad`` and reported, never a
crash. The disk write (with its fsync) runs on a writer thread, so a turn's end never
waits for the disk. A read-only folder turns saving off and says so once.
"""

from __future__ import annotations

import concurrent.futures
import logging
import re
import threading
import time
from pathlib import Path

import platformdirs

from . import i18n, storage

_ = i18n.domain("ludotheque")

log = logging.getLogger(__name__)

SCHEMA = 1
_GAME_ID = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


def saves_dir() -> Path:
    """The per-user folder that holds the autosaves."""
    return Path(platformdirs.user_data_dir("ludotheque", appauthor=False)) / "saves"


class SaveStore:
    """Load, write and delete the autosave of each game.

    :param folder: where saves live (default :func:`saves_dir`).
    :ivar problems: sentences for the user about saves set aside or saving turned off;
        the app shows each once and clears the list.
    :ivar enabled: False once a write failed (read-only or missing folder).
    """

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else saves_dir()
        self.problems: list[str] = []
        self.enabled = True
        self._folder_ready = False
        self._lock = threading.Lock()
        self._pending: dict[str, str] = {}
        self._writer: concurrent.futures.ThreadPoolExecutor | None = None

    def path(self, game_id: str) -> Path:
        """The save file of ``game_id``. :raises ValueError: the id is not a plain game name."""
        if not _GAME_ID.match(game_id):
            raise ValueError(f"not a game id: {game_id!r}")
        return self.folder / f"{game_id}.json"

    def save(self, game_id: str, data: dict) -> bool:
        """Write ``data`` as the autosave of ``game_id``, atomically, on a writer thread.

        The data is serialised at once (so later changes to it are not saved); the disk
        write and its fsync happen off the frame loop, in call order, and only the newest
        pending save of a game is written. :meth:`load`, :meth:`exists`, :meth:`delete`
        and :meth:`flush` wait for pending writes.

        :returns: True when queued; False when saving is off (the reason is in
            :attr:`problems`, reported once).
        :raises TypeError: ``data`` is not JSON-serialisable (a programming error).
        :raises ValueError: ``data`` holds NaN or an infinity (a programming error).
        """
        if not self.enabled:
            return False
        record = {"schema": SCHEMA, "game": game_id, "saved_at": round(time.time(), 3),
                  "data": data}
        text = storage.dumps(record)
        path = self.path(game_id)
        if not self._folder_ready:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                self._folder_ready = True
            except OSError as exc:
                self._disable(exc)
                return False
        with self._lock:
            queued = game_id in self._pending
            self._pending[game_id] = text
        if not queued:
            if self._writer is None:
                self._writer = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="saves")
            self._writer.submit(self._write, game_id, path)
        return True

    def _write(self, game_id: str, path: Path) -> None:
        with self._lock:
            text = self._pending.pop(game_id, None)
        if text is None or not self.enabled:
            return
        try:
            storage.write_text(path, text)
        except OSError as exc:
            self._disable(exc)

    def _disable(self, exc: OSError) -> None:
        if self.enabled:
            self.enabled = False
            self.problems.append(_("Saves are off: the folder {folder} cannot be written.").format(folder=self.folder))
            log.warning("saving disabled: %s", exc)

    def flush(self) -> None:
        """Wait until every queued save is on disk (before reading, and when the app quits)."""
        if self._writer is not None:
            self._writer.submit(lambda: None).result()

    def load(self, game_id: str) -> dict | None:
        """The saved ``data`` of ``game_id``, or None when there is none or it was unusable.

        An unusable file (damaged, wrong shape, another game's, newer schema) is renamed
        ``.bad`` and a sentence is added to :attr:`problems`.
        """
        path = self.path(game_id)
        self.flush()
        storage.remove_temporaries(path)
        try:
            record = storage.read_json(path)
        except storage.BadFile as exc:
            return self._reject(path, str(exc))
        if record is storage.MISSING:
            return None
        if not isinstance(record, dict) or record.get("game") != game_id \
                or not isinstance(record.get("schema"), int) or not isinstance(record.get("data"), dict):
            return self._reject(path, f"{path.name} is not a {game_id} save")
        if record["schema"] > SCHEMA:
            return self._reject(path, f"{path.name} comes from a newer version of Ludothèque")
        return record["data"]

    def reject(self, game_id: str, why: str) -> None:
        """Set the save of ``game_id`` aside because the game could not restore it (``why``: one sentence)."""
        self._reject(self.path(game_id), why)

    def _reject(self, path: Path, why: str) -> None:
        moved = storage.set_aside(path)
        msg = _("The saved game could not be used: {why}").format(why=why) + (f" ({moved.name})." if moved else ".")
        self.problems.append(msg)
        log.warning("%s", msg)
        return None

    def exists(self, game_id: str) -> bool:
        """True when a save file for ``game_id`` is present (it may still prove unusable)."""
        self.flush()
        p = self.path(game_id)
        return p.is_file() and not p.is_symlink()

    def delete(self, game_id: str) -> None:
        """Remove the autosave of ``game_id`` (a finished game). Missing is fine."""
        self.flush()
        try:
            self.path(game_id).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("could not delete save: %s", exc)
