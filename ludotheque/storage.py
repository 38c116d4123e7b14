"""Reading and writing the user's JSON files safely.

Every file the app keeps (settings, autosaves) goes through here, so the same guarantees
hold everywhere (design.md "Runtime conventions"):

* writes are atomic: a temporary file in the same folder, flushed and fsynced, then
  ``os.replace`` — a crash leaves either the old file or the new one, never half of one;
* reads parse data only (``json``; never pickle, eval or exec), refuse symbolic links and
  files larger than :data:`MAX_BYTES`, and report any problem as :class:`BadFile`;
* a bad file is *set aside* (renamed ``<name>.bad``, never overwritten silently).
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path

MAX_BYTES = 4 * 1024 * 1024
"""Largest file we agree to parse (bytes). Saves and settings are a few kB."""


class BadFile(ValueError):
    """A user file exists but cannot be used. ``str()`` is one sentence for the user."""


MISSING = object()
"""Returned by :func:`read_json` when the file does not exist."""


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number this app writes")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # "1e400" parses as infinity
        raise ValueError(f"{text} is out of range")
    return value


def read_json(path: Path) -> object:
    """Parse ``path`` as strict JSON: ``NaN``, ``Infinity`` and numbers too large for a
    float are refused (this app never writes them, and games must never see them).

    :returns: the parsed value, or :data:`MISSING` when the file does not exist.
    :raises BadFile: the path is a symbolic link or not a regular file, is larger than
        :data:`MAX_BYTES`, is not UTF-8, or is not valid JSON.
    """
    path = Path(path)
    if path.is_symlink():
        raise BadFile(f"{path.name} is a symbolic link, which is not followed")
    try:
        st = path.stat()
    except FileNotFoundError:
        return MISSING
    except OSError as exc:
        raise BadFile(f"{path.name} cannot be read ({exc.strerror})") from exc
    if not path.is_file():
        raise BadFile(f"{path.name} is not a regular file")
    if st.st_size > MAX_BYTES:
        raise BadFile(f"{path.name} is too large ({st.st_size // 1024} kB)")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant, parse_float=_finite_float)
    except OSError as exc:
        raise BadFile(f"{path.name} cannot be read ({exc.strerror})") from exc
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # RecursionError: "[[[[…" nested too deep
        raise BadFile(f"{path.name} is damaged (not valid JSON)") from exc


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


def write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file in the same folder,
    flushed and fsynced, then ``os.replace`` — a crash leaves the old file or the new one.

    :raises OSError: the folder cannot be created or written (read-only, full disk).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
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


def remove_temporaries(path: Path) -> int:
    """Delete temporaries that :func:`write_json` left for ``path`` when the process was
    killed between writing and renaming (``.<name>.*.tmp``). :returns: how many."""
    path = Path(path)
    n = 0
    try:
        for tmp in path.parent.glob(f".{path.name}.*.tmp"):
            if tmp.is_file() and not tmp.is_symlink():
                tmp.unlink()
                n += 1
    except OSError:
        pass
    return n


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.bad`` (``.bad.1``, ``.bad.2`` … if taken).

    Never deletes or overwrites anything. :returns: the new path, or ``None`` if the
    rename failed (read-only folder); the caller then simply ignores the file.
    """
    path = Path(path)
    target = path.with_name(path.name + ".bad")
    n = 0
    while target.exists() or target.is_symlink():
        n += 1
        target = path.with_name(f"{path.name}.bad.{n}")
    try:
        os.rename(path, target)
    except OSError:
        return None
    return target
