"""Functions the Mississippi tests hand to the AI worker process in place of the real AI
(module level, so the worker can import them)."""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path


def pid_file(parent: int | None = None) -> Path:
    """Where a worker started by process ``parent`` (default: this one) writes its id."""
    return Path(tempfile.gettempdir()) / f"mississippi-thinking-{parent or os.getpid()}.pid"


def think_until_killed(*_args) -> None:
    """Write this worker's process id (:func:`pid_file` of its parent), then think
    forever: the test kills the worker in the middle of this decision."""
    path = pid_file(os.getppid())
    tmp = path.with_suffix(".tmp")
    tmp.write_text(str(os.getpid()))
    os.replace(tmp, path)
    threading.Event().wait()
