"""The log: a rotating file in the per-user log folder, and warnings on the console.

``platformdirs.user_log_dir("ludotheque")/ludotheque.log`` — on Linux
``~/.local/state/ludotheque/log/ludotheque.log`` (``$XDG_STATE_HOME`` when set), on
macOS ``~/Library/Logs/ludotheque/ludotheque.log``, on Windows
``%LOCALAPPDATA%\\ludotheque\\Logs\\ludotheque.log`` — receives everything from INFO up,
with the time and process id, rotated at :data:`MAX_BYTES` with :data:`BACKUPS` older
files kept (``logging.handlers.RotatingFileHandler``). The console (stderr) gets
warnings only, as before.

A crash is never lost, even for a game started from the desktop icon (no terminal to
print to): uncaught exceptions of the main thread (``sys.excepthook``) and of other
threads (``threading.excepthook``) are written to the log with their traceback before
Python's usual report; a crash inside SDL or another C library (a segmentation fault)
leaves its Python traceback in ``faults.log`` beside it (``faulthandler``).

A log folder that cannot be written means a console-only log, said once on the console.
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import os
import sys
import threading
from pathlib import Path

import platformdirs

MAX_BYTES = 1_000_000
"""Size (bytes) at which the log file is rotated."""
BACKUPS = 3
"""Older log files kept (``ludotheque.log.1`` … ``.3``)."""
CONSOLE_FORMAT = "%(levelname)s %(name)s: %(message)s"
FILE_FORMAT = "%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"

_file_handler: logging.Handler | None = None
_console_handler: logging.Handler | None = None
_fault_file = None
_hooks_installed = False


def log_dir() -> Path:
    """The per-user log folder (``platformdirs.user_log_dir("ludotheque")``)."""
    return Path(platformdirs.user_log_dir("ludotheque", appauthor=False))


def log_file() -> Path:
    """The current log file."""
    return log_dir() / "ludotheque.log"


def setup(console_level: int = logging.WARNING, folder: Path | None = None) -> Path | None:
    """Send the log to the rotating file and warnings to the console; install the crash
    hooks. Calling it again changes nothing (one file handler, one console handler).

    :param console_level: the lowest level printed on stderr.
    :param folder: the log folder (default :func:`log_dir`).
    :returns: the log file, or None when the folder cannot be written (console only).
    """
    global _file_handler, _console_handler
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    if _console_handler is None:
        _console_handler = logging.StreamHandler()
        _console_handler.setFormatter(logging.Formatter(CONSOLE_FORMAT))
        root.addHandler(_console_handler)
    _console_handler.setLevel(console_level)
    _install_hooks()
    if _file_handler is not None:
        return Path(_file_handler.baseFilename)
    folder = Path(folder) if folder is not None else log_dir()
    path = folder / "ludotheque.log"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                       encoding="utf-8", delay=False)
    except OSError as exc:
        logging.getLogger(__name__).warning("no log file in %s (%s): the log goes to the console only",
                                            folder, exc.strerror or exc)
        return None
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter(FILE_FORMAT))
    root.addHandler(handler)
    _file_handler = handler
    _faults_to(folder / "faults.log")
    logging.getLogger(__name__).info("Ludothèque started (pid %d, Python %s)", os.getpid(), sys.version.split()[0])
    return path


def _faults_to(path: Path) -> None:
    global _fault_file
    try:
        _fault_file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - kept open for faulthandler
        faulthandler.enable(file=_fault_file, all_threads=True)
    except (OSError, ValueError, RuntimeError):
        _fault_file = None


def _to_file(message: str, exc_info) -> None:
    """Write one CRITICAL record with its traceback to the log file only (the console
    gets Python's usual traceback from the previous hook: not twice)."""
    if _file_handler is None:
        return
    logger = logging.getLogger("ludotheque.crash")
    record = logger.makeRecord(logger.name, logging.CRITICAL, "(uncaught)", 0, message, (), exc_info)
    try:
        _file_handler.handle(record)
        _file_handler.flush()
    except Exception:  # noqa: BLE001 - reporting a crash must not crash
        pass


def _install_hooks() -> None:
    global _hooks_installed
    if _hooks_installed:
        return
    _hooks_installed = True
    previous = sys.excepthook
    previous_thread = threading.excepthook

    def excepthook(kind, value, tb):
        if not issubclass(kind, (KeyboardInterrupt, SystemExit)):
            _to_file("uncaught exception", (kind, value, tb))
            if _file_handler is not None:
                _console(f"Ludothèque stopped on an error; the log has it: {_file_handler.baseFilename}\n")
        try:
            previous(kind, value, tb)
        except OSError:  # no terminal any more (it was closed): the log has it
            pass

    def thread_hook(args):
        if args.exc_type is not SystemExit:
            _to_file(f"uncaught exception in thread {getattr(args.thread, 'name', '?')}",
                     (args.exc_type, args.exc_value, args.exc_traceback))
        try:
            previous_thread(args)
        except OSError:
            pass

    sys.excepthook = excepthook
    threading.excepthook = thread_hook


def _console(text: str) -> None:
    try:
        sys.stderr.write(text)
    except (OSError, ValueError, AttributeError):
        pass


def flush() -> None:
    """Write out what the log handlers hold (before the process ends abruptly)."""
    for h in logging.getLogger().handlers:
        try:
            h.flush()
        except (OSError, ValueError):
            pass
