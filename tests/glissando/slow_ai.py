"""A computer that thinks until it is killed (module-level: it runs in the AI worker)."""

import os
import threading


def think_until_killed(pid_file: str, position, level, rng) -> str:
    """The first time: write this process's id to ``pid_file``, then think forever (a test
    kills it). Once ``pid_file`` exists: play the first legal turn at once, so no later
    decision hangs the worker for the tests after."""
    if os.path.exists(pid_file):
        return position.turns()[0]
    tmp = pid_file + ".tmp"
    with open(tmp, "w") as fh:
        fh.write(str(os.getpid()))
    os.replace(tmp, pid_file)
    threading.Event().wait()
    return position.turns()[0]
