"""Reading and writing the user's JSON files safely.

Every file the app keeps (settings, autosaves) goes through here, so the same guarantees
hold everywhere (design.md "Runtime conventions"):

* writes are atomic: a temporary file in the same folder, flushed and fsynced, then
  ``os.replace`` — a crash leaves either the old file or the new one, never half of one;
  the temporary's name holds the writing process's id (``.<name>.<pid>.<random>.tmp``),
  so a process only ever removes its own temporaries or provably stale ones (its writer
  is gone, or it is older than :data:`STALE_AFTER`) — never one another copy of the app
  is writing;
* reads parse data only (``json``; never pickle, eval or exec), refuse symbolic links and
  files larger than :data:`MAX_BYTES`, and report a damaged file as :class:`BadFile` and
  a file or folder that cannot be reached (permission, a file in the way, a disk gone)
  as :class:`Unreachable` — a different thing, said in different words;
* a bad file is *set aside* (renamed ``<name>.bad``, never overwritten silently);
* :func:`failure` turns an ``OSError`` of a write into what happened, in the player's
  words (disk full, read-only, folder gone, not allowed, …) from its ``errno``.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import i18n

_ = i18n.domain("ludotheque")

MAX_BYTES = 4 * 1024 * 1024
"""Largest file we agree to parse (bytes). Saves and settings are a few kB."""
STALE_AFTER = 600.0
"""Seconds after which a temporary file is stale whoever wrote it (a write of a few kB
takes milliseconds; one this old was abandoned, e.g. its process id was reused)."""


class BadFile(ValueError):
    """A user file exists but its content cannot be used (damaged, too large, a link).
    ``str()`` is one sentence for the user, in the current language."""


class Unreachable(OSError):
    """A user file or its folder cannot be reached: not allowed, a file where a folder
    should be, the disk gone, a disk error. The file may be perfectly good; it is never
    set aside for this. ``str()`` is one sentence for the user; ``kind`` as
    :func:`failure`."""

    def __init__(self, errno_: int | None, message: str, kind: str):
        super().__init__(errno_, message)
        self.kind = kind
        self.message = message

    def __str__(self) -> str:
        return self.message


MISSING = object()
"""Returned by :func:`read_json` when the file does not exist."""


# ------------------------------------------------------------------ what went wrong

@dataclass(frozen=True)
class Failure:
    """What an ``OSError`` means for the player.

    :ivar kind: ``"full"`` (no space or quota), ``"read-only"`` (read-only disk),
        ``"denied"`` (not allowed), ``"blocked"`` (a file where a folder should be, a
        name too long, a loop of links), ``"gone"`` (the folder or its disk went away),
        ``"io"`` (the disk reported an error) or ``"other"``.
    :ivar cause: a clause for a sentence, in the current language ("the disk is full").
    :ivar lasting: True when retrying cannot help until someone changes the folder
        (``denied``, ``blocked``): then "saves are off" is the truth.
    """

    kind: str
    cause: str
    lasting: bool


_KINDS = {
    errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EFBIG: "full",
    errno.EROFS: "read-only",
    errno.EACCES: "denied", errno.EPERM: "denied",
    errno.ENOTDIR: "blocked", errno.EEXIST: "blocked", errno.EISDIR: "blocked", errno.ELOOP: "blocked",
    errno.ENAMETOOLONG: "blocked",
    errno.ENOENT: "gone", errno.ENODEV: "gone", errno.ENXIO: "gone", errno.ESTALE: "gone",
    errno.ENOTCONN: "gone", getattr(errno, "ENOMEDIUM", -1): "gone", getattr(errno, "EHOSTDOWN", -2): "gone",
    errno.EIO: "io",
}


def failure(exc: OSError) -> Failure:
    """Classify ``exc`` (from ``errno``; see :class:`Failure`) and say it in the
    current language."""
    kind = _KINDS.get(getattr(exc, "errno", None), "other")
    cause = {
        "full": _("the disk is full"),
        "read-only": _("the disk is read-only"),
        "denied": _("you are not allowed to write there"),
        "blocked": _("a file stands where the folder should be"),
        "gone": _("the folder is gone (was its disk removed?)"),
        "io": _("the disk reported an error"),
    }.get(kind) or _("the system said: {error}").format(error=getattr(exc, "strerror", None) or str(exc))
    return Failure(kind, cause, kind in ("denied", "blocked"))


# ------------------------------------------------------------------ reading

def _no_constant(name: str):
    raise ValueError(f"{name} is not a number this app writes")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # "1e400" parses as infinity
        raise ValueError(f"{text} is out of range")
    return value


def _unreachable(path: Path, exc: OSError) -> Unreachable:
    f = failure(exc)
    kind = f.kind if f.kind != "other" else "io"
    if kind == "denied":
        msg = _("{name} cannot be read: you are not allowed to open it or its folder.").format(name=path.name)
    elif kind == "blocked":
        msg = _("{name} cannot be reached: a file stands where its folder {folder} should be.").format(
            name=path.name, folder=path.parent)
    elif kind == "gone":
        msg = _("{name} cannot be reached: its folder {folder} is gone (was its disk removed?).").format(
            name=path.name, folder=path.parent)
    else:
        msg = _("{name} cannot be read: the disk reported an error.").format(name=path.name)
    return Unreachable(exc.errno, msg, kind)


def read_json(path: Path) -> object:
    """Parse ``path`` as strict JSON: ``NaN``, ``Infinity`` and numbers too large for a
    float are refused (this app never writes them, and games must never see them).

    :returns: the parsed value, or :data:`MISSING` when the file does not exist.
    :raises BadFile: the path is a symbolic link or not a regular file, is larger than
        :data:`MAX_BYTES`, is not UTF-8, or is not valid JSON.
    :raises Unreachable: the file or its folder cannot be reached or read (permission,
        a file where a folder should be, the disk gone, a disk error).
    """
    path = Path(path)
    try:
        if path.is_symlink():
            raise BadFile(_("{name} is a symbolic link, which is not followed.").format(name=path.name))
        st = path.stat()
    except FileNotFoundError:
        return MISSING
    except OSError as exc:
        raise _unreachable(path, exc) from exc
    if not path.is_file():
        raise BadFile(_("{name} is not a regular file.").format(name=path.name))
    if st.st_size > MAX_BYTES:
        raise BadFile(_("{name} is too large ({size} kB).").format(name=path.name, size=st.st_size // 1024))
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return MISSING
    except OSError as exc:
        raise _unreachable(path, exc) from exc
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant, parse_float=_finite_float)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # RecursionError: "[[[[…" nested too deep
        raise BadFile(_("{name} is damaged (not valid JSON).").format(name=path.name)) from exc


# ------------------------------------------------------------------ writing

def dumps(data: object) -> str:
    """``data`` as the JSON text this app writes (UTF-8 text, sorted keys).

    :raises TypeError: ``data`` is not JSON-serialisable.
    :raises ValueError: ``data`` holds NaN or an infinity.
    """
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True, allow_nan=False)


def write_json(path: Path, data: object) -> None:
    """Write ``data`` as UTF-8 JSON to ``path`` atomically (temporary file + ``os.replace``).

    Creates the parent folder if needed.

    :raises OSError: the folder cannot be created or written (read-only, full disk).
    :raises TypeError: ``data`` is not JSON-serialisable.
    :raises ValueError: ``data`` holds NaN or an infinity.
    """
    write_text(path, dumps(data))


def temporary_prefix(path: Path, pid: int | None = None) -> str:
    """The start of the name of a temporary that process ``pid`` (default: this one)
    writes for ``path``: ``.<name>.<pid>.``."""
    return f".{Path(path).name}.{os.getpid() if pid is None else pid}."


def write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file in the same folder
    (named for this process, :func:`temporary_prefix`), flushed and fsynced, then
    ``os.replace`` — a crash leaves the old file or the new one. A failed write removes
    its temporary and leaves the old file as it was.

    :raises OSError: the folder cannot be created or written (read-only, full disk).
    """
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path, data: bytes) -> None:
    """:func:`write_text` for bytes."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=temporary_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def process_alive(pid: int) -> bool:
    """True when a process ``pid`` exists (it may belong to another user). On systems
    where this cannot be asked safely (Windows: ``os.kill(pid, 0)`` would stop it),
    True: never guess that another process is gone."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it exists, it is someone else's
        return True
    return True


_TMP = re.compile(r"^\.(?P<name>.+?)\.(?P<pid>\d+)\.[^.]+\.tmp$")


def stale_temporaries(path: Path, now: float | None = None) -> list[Path]:
    """Temporaries left for ``path`` that no process is writing: their writer's process
    is gone, or they are older than :data:`STALE_AFTER` (also those of older versions,
    whose names hold no process id). This process's own temporaries are never listed
    while they are young (one may be being written on the save thread)."""
    path = Path(path)
    now = time.time() if now is None else now
    out = []
    try:
        candidates = list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return out
    for tmp in candidates:
        try:
            if tmp.is_symlink() or not tmp.is_file():
                continue
            age = now - tmp.stat().st_mtime
        except OSError:
            continue
        m = _TMP.match(tmp.name)
        mine_or_alive = m is not None and m["name"] == path.name and process_alive(int(m["pid"]))
        if age > STALE_AFTER or (m is not None and m["name"] == path.name and not mine_or_alive):
            out.append(tmp)
    return out


def remove_temporaries(path: Path) -> int:
    """Delete the temporaries of ``path`` that :func:`stale_temporaries` lists (left
    when a process was killed between writing and renaming). A temporary another
    running copy of the app is writing is never touched. :returns: how many."""
    n = 0
    for tmp in stale_temporaries(path):
        try:
            tmp.unlink()
            n += 1
        except OSError:
            pass
    return n


def _free_name(path: Path) -> Path:
    target = path.with_name(path.name + ".bad")
    n = 0
    while target.exists() or target.is_symlink():
        n += 1
        target = path.with_name(f"{path.name}.bad.{n}")
    return target


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.bad`` (``.bad.1``, ``.bad.2`` … if taken).

    Never deletes or overwrites anything. :returns: the new path, or ``None`` if the
    rename failed (read-only folder); the caller then simply ignores the file.
    """
    path = Path(path)
    target = _free_name(path)
    try:
        os.rename(path, target)
    except OSError:
        return None
    return target


def keep_copy(path: Path, data: bytes) -> Path | None:
    """Write ``data`` (a file's original bytes, before it was repaired) as
    ``<name>.bad`` (``.bad.1`` … if taken), next to ``path``; never overwrites.
    :returns: the copy's path, or None when it could not be written."""
    target = _free_name(Path(path))
    try:
        write_bytes(target, data)
    except OSError:
        return None
    return target
