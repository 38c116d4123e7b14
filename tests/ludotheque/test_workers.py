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
