"""One copy of Ludothèque at a time for one player, and locks that keep two copies'
saves apart.

What a player expects when they open the app a second time (a double click on the
desktop icon while it is already open, or behind other windows) is what careful desktop
apps do: the app they already have comes to the front; no second app starts beside it
to overwrite the first one's game. So a copy of the windowed app first claims
``user_data_dir("ludotheque")/instance.lock`` (:func:`claim`); when another process
holds it, the new copy sends that process ``SIGUSR1`` (:func:`hand_over`; its handler in
:mod:`ludotheque.signals` raises and restores the window), says so in one sentence and
exits. Runs that never open a window for a player (``--screenshot``, ``--headless``)
take no instance lock.

Underneath, whatever runs (several screenshot runs, tests, an older copy), each game's
save has a lock of its own (:func:`hold`, used by :class:`ludotheque.saves.SaveStore`):
a process writes, resumes or deletes a game's save only while it holds that game's lock,
so two processes can never clobber, resume or delete the same game at once.

The locks are ``flock`` locks (advisory, released by the kernel when the process ends
in any way, even ``SIGKILL``), on small files that are never deleted (deleting a lock
file would let two processes lock two different files of the same name). The holder
writes its process id into the file. Where ``fcntl`` does not exist (Windows), locking
is not available and every lock is granted (one copy is then the player's care).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

from . import i18n

_ = i18n.domain("ludotheque")
log = logging.getLogger(__name__)

LOCK_NAME = "instance.lock"
HANDOVER_SIGNAL = getattr(signal, "SIGUSR1", None)
"""The signal a second copy sends the first to bring its window to the front."""


class FileLock:
    """An exclusive ``flock`` on ``path``, held by this process until :meth:`release`
    or until the process ends.

    :param path: the lock file (created if missing, never deleted).
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this process holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock without waiting.

        :returns: True when this process holds it now (also when it already did); False
            when another process holds it.
        :raises OSError: the lock file cannot be created or opened (unwritable folder).
        """
        if self._fd is not None:
            return True
        if fcntl is None:  # pragma: no cover - Windows: no locking, every lock granted
            self._fd = -1
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0),
                     0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except OSError:
            os.close(fd)
            raise
        try:  # who holds it, for a second copy to find (best effort)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass
        self._fd = fd
        return True

    def release(self) -> None:
        """Let the lock go (nothing happens if it is not held)."""
        fd, self._fd = self._fd, None
        if fd is not None and fd >= 0:
            try:
                os.close(fd)  # closing the descriptor releases the flock
            except OSError:
                pass

    def holder(self) -> int | None:
        """The process id written by the process holding the lock, or None when nobody
        holds it or it cannot be read."""
        try:
            text = self.path.read_text(encoding="ascii", errors="replace").strip()
        except OSError:
            return None
        return int(text) if text.isdigit() and text.isascii() else None


# ------------------------------------------------------------------ one lock per file per process

_held: dict[str, FileLock] = {}
_held_lock = threading.Lock()


def hold(path: Path) -> bool:
    """Make sure this process holds the lock on ``path`` (one :class:`FileLock` per file
    per process, shared by every object that asks: two save stores of one process never
    lock each other out).

    :returns: True when this process holds it (or locking is impossible here because
        the folder cannot be written: nothing can be written there anyway); False when
        another process holds it.
    """
    key = os.path.abspath(path)
    with _held_lock:
        lock = _held.get(key)
        if lock is None:
            lock = _held[key] = FileLock(Path(key))
        try:
            return lock.acquire()
        except OSError as exc:
            log.debug("no lock %s: %s", key, exc)
            return True


def let_go(path: Path) -> None:
    """Release this process's lock on ``path`` (taken with :func:`hold`), if any."""
    key = os.path.abspath(path)
    with _held_lock:
        lock = _held.pop(key, None)
    if lock is not None:
        lock.release()


def held_by_other(path: Path) -> bool:
    """True when another process holds the lock on ``path``; this process's own lock
    is not taken by asking (a free lock is taken and let go at once)."""
    key = os.path.abspath(path)
    with _held_lock:
        mine = _held.get(key)
        if mine is not None and mine.held:
            return False
    probe = FileLock(Path(key))
    try:
        free = probe.acquire()
    except OSError:
        return False
    probe.release()
    return not free


def holder(path: Path) -> int | None:
    """The process id holding the lock on ``path`` as the holder wrote it, or None."""
    return FileLock(Path(path)).holder()


# ------------------------------------------------------------------ one copy at a time

@dataclass(frozen=True)
class Claim:
    """The answer of :func:`claim`.

    :ivar first: True when this copy may run (it holds the instance lock, or locking is
        impossible here).
    :ivar other_pid: the process id of the copy already running (when not ``first``),
        or None if it could not be read.
    :ivar lock: the lock held (keep it for the whole run).
    """

    first: bool
    other_pid: int | None = None
    lock: FileLock | None = None


def claim(folder: Path) -> Claim:
    """Claim ``folder/instance.lock`` for this copy of the app (``folder``: the user's
    data folder, where the saves are — two copies with different data folders do not
    share saves and may run side by side).

    :returns: a :class:`Claim`; when the folder cannot be written the claim is granted
        (saves are off there anyway, nothing can be clobbered) and it is logged.
    """
    lock = FileLock(Path(folder) / LOCK_NAME)
    try:
        if lock.acquire():
            return Claim(True, lock=lock)
    except OSError as exc:
        log.info("no instance lock in %s (%s): running without one", folder, exc)
        return Claim(True)
    return Claim(False, other_pid=lock.holder())


def hand_over(pid: int | None) -> bool:
    """Ask the copy running as ``pid`` to bring its window to the front (``SIGUSR1``).
    :returns: True when the request was sent."""
    if pid is None or HANDOVER_SIGNAL is None or pid == os.getpid():
        return False
    try:
        os.kill(pid, HANDOVER_SIGNAL)
    except OSError as exc:
        log.info("could not reach the running copy %s: %s", pid, exc)
        return False
    return True


def already_open(handed: bool) -> str:
    """What the second copy says (current language): the first window was asked to come
    to the front (``handed``), or the running copy could not be reached."""
    if handed:
        return _("Ludothèque is already open: its window is brought to the front.")
    return _("Ludothèque is already open in another window.")
