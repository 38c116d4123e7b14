"""AI decisions run in a worker process (the window never waits on the AI's interpreter
lock); what cannot be sent to a process runs on a thread with the same result."""

import os
import random

from ludotheque import workers


def test_decision_runs_in_another_process():
    assert workers.submit(os.getpid).result(timeout=60) != os.getpid()


def test_unpicklable_call_falls_back_to_a_thread():
    secret = object()
    assert workers.submit(lambda: secret).result(timeout=10) is secret


def test_same_result_as_calling_directly():
    import glissando.ai as ai
    from glissando.rules import Position

    pos = Position.start()
    direct = ai.choose_turn(pos, "intermediate", random.Random(3))
    assert workers.submit(ai.choose_turn, pos, "intermediate", random.Random(3)).result(timeout=60) == direct


def test_errors_come_back_through_the_future():
    fut = workers.submit(int, "not a number")
    assert isinstance(fut.exception(timeout=60), ValueError)


def test_the_worker_ends_when_the_app_dies_without_cleaning_up():
    """An app killed (or stopped by Xlib when the desktop session ends) runs no exit
    handler; its AI worker must not stay behind, orphaned."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = ("import os, sys\n"
              "from ludotheque import workers\n"
              "print(workers.submit(os.getpid).result(timeout=60), flush=True)\n"
              "os._exit(1)\n")                       # no atexit, no pool shutdown
    r = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120)
    worker = int(r.stdout.split()[0])

    def alive():
        try:
            with open(f"/proc/{worker}/stat") as fh:
                return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False

    deadline = time.time() + 15
    while alive() and time.time() < deadline:
        time.sleep(0.2)
    assert not alive(), f"worker {worker} still running after its app died"
