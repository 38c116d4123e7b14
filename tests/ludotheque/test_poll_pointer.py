"""Decision 2 under load (issue 12 playtest): a pointer report that comes while a frame is
being drawn is stamped before the frame is presented, not at the next frame's pump."""

from __future__ import annotations

import time

import pygame

from ludotheque.scene import Scene
from tests.harness import make_app
from tests.ludotheque.fake_game import make_descriptor


class SlowDrawDrag(Scene):
    """A drag whose drawing takes long: a report arrives in the middle of it."""

    tracking_pointer = True

    def __init__(self, app):
        super().__init__(app)
        self.got, self.posted = [], None

    def draw(self, canvas):
        if self.posted is None:
            self.posted = time.perf_counter()
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 5), rel=(4, 0),
                                                 buttons=(1, 0, 0)))

    def handle(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.got.append((event.pos, event.stamp))
        return True


def test_decision_2_a_report_during_a_long_draw_is_stamped_before_the_present():
    app = make_app([make_descriptor()])
    scene = SlowDrawDrag(app)
    app.push(scene)
    pygame.event.clear()
    app.frame(1 / 60, force=True)            # draws: the report comes meanwhile
    frame_done = time.perf_counter()
    assert scene.got == []                   # not handled in the middle of the frame
    assert app.wants_frame()                 # a frame is due to hand it over
    app.pump()                               # the next frame's events
    assert [p for p, _ in scene.got] == [(40, 5)]
    stamp = scene.got[0][1]
    assert scene.posted <= stamp < frame_done


def test_poll_pointer_takes_nothing_without_a_drag():
    app = make_app([make_descriptor()])
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, code=1))
    app.poll_pointer()                       # the menu does not track the pointer
    assert pygame.event.peek(pygame.USEREVENT)
    pygame.event.clear()
