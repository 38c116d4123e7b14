"""The shell settles the heap while nothing moves (:meth:`ludotheque.app.App.settle_heap`):
a collection Python starts by itself during a shot reads only what was made since the last
change of screen, and a screen that left is still freed (``benchmarks/gc_pause.py``)."""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest

from ludotheque.scene import Scene
from tests.harness import make_app
from tests.ludotheque.fake_game import make_descriptor


class _Still(Scene):
    animating = False

    def __init__(self, app):
        super().__init__(app)
        self.me = self                    # a reference cycle: only the collector frees it


@pytest.fixture
def app():
    a = make_app([make_descriptor()])
    yield a
    gc.unfreeze()                         # the rest of the test process as it was


def _idle(app):
    pygame.event.clear()
    app.idle(limit=0.001)


def test_while_a_screen_waits_what_lives_on_is_set_aside_and_a_collection_reads_little(app):
    app.push(_Still(app))
    _idle(app)
    assert gc.get_freeze_count() > 10_000         # the shell, fonts, the scene: set aside
    assert len(gc.get_objects()) < 0.01 * gc.get_freeze_count()


def test_a_screen_that_left_is_freed_at_the_next_wait_though_it_was_set_aside(app):
    scene = _Still(app)
    app.push(scene)
    _idle(app)                                    # the scene is set aside with the rest
    gone = weakref.ref(scene)
    app.pop()
    del scene
    _idle(app)                                    # a change of screen: collected, then set aside
    assert gone() is None
