"""A Magico computer that never answers (tests kill its worker process mid-decision).

Module level, so the worker process can unpickle it; the pid file is found by the test
from the test process's own id (the worker's parent)."""

import os
import tempfile
import threading


def pid_file(parent: int) -> str:
    """Where the thinking worker writes its process id."""
    return os.path.join(tempfile.gettempdir(), f"magico-thinking-{parent}.pid")


def think_until_killed(position, dice, level, rng) -> str:
    """``magico.ai.choose_turn``'s signature: write this process's id, then think forever."""
    path = pid_file(os.getppid())
    with open(path + ".tmp", "w") as fh:
        fh.write(str(os.getpid()))
    os.replace(path + ".tmp", path)
    threading.Event().wait()
    return ""
