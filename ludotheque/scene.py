"""The scene life cycle (after Python Arcade's views).

The app keeps a stack of scenes; the top one gets the events, the fixed-step updates and
draws the frame (a scene may draw the one below first, see :attr:`Scene.overlay`).

Scenes lay out and draw in 1280×720 **design units** on a
:class:`ludotheque.canvas.Canvas`; the shell puts that on the window's own pixels. The
shell draws a frame only when it would change (issue 13): after an event the scene
received, while :attr:`Scene.animating` is True, or when :meth:`Scene.redraw_in` says a
still picture changes by itself.
"""

from __future__ import annotations

import math


class Scene:
    """Base class of every screen.

    :ivar app: the :class:`ludotheque.app.App`.
    :cvar realtime: True for scenes whose state runs in real time (physics, a flip race):
        the app pauses them when the window loses focus or is minimised.
    :cvar overlay: True when the scene below stays visible (dialogs, the pause menu).
    :cvar opaque: True when :meth:`draw` covers the whole picture (it fills the
        background itself): the shell then does not fill it first.
    :cvar dim_below: for an overlay, the alpha (0–255) of the veil the shell lays over
        the scenes below it; they are not updated while covered, so the shell keeps
        that dimmed picture and draws only the overlay on it each frame.
    :cvar game_id: the game this scene plays (for autosave), or None.
    :cvar animating: True while the picture moves by itself or a timer runs (a moving
        puck, an animation, the computer thinking, a message that goes away): the shell
        then runs the fixed steps and draws every frame. While False it waits for input
        and runs no steps: a scene waiting for a person is still. True by default, so a
        scene that does not say is stepped and drawn every frame as a simple game
        expects; the shell's screens and the games make it False (a property) when
        nothing moves.
    :cvar stepping: True while a timer runs on a still picture (a message that goes away
        after a few seconds): the shell runs the fixed steps but draws only the frames
        the scene asks for with ``app.redraw()``.
    :cvar tracking_pointer: True while a drag is on whose samples must be stamped
        closely (a flick): the shell then looks at the event queue about every
        millisecond between frames (decision 2).
    :cvar toast_area: where the shell's toasts go while this scene is on top: a design-px
        rect ``(x, y, w, h)``; a toast's box hangs from the middle of its top edge and is
        at least ``w`` wide (:meth:`ludotheque.widgets.Toasts.box`). None: the bottom
        centre of the screen (the default).
    """

    realtime = False
    overlay = False
    opaque = False
    dim_below = 0
    game_id: str | None = None
    animating = True
    stepping = False
    tracking_pointer = False
    toast_area: tuple[int, int, int, int] | None = None

    def __init__(self, app):
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def handle(self, event) -> bool:
        """Handle one pygame event: pointer ``pos`` in design units (``precise_pos`` as
        floats), ``event.stamp`` the perf_counter second the shell took it from SDL.

        :returns: True when the event was consumed (the app then does not treat Esc as
            "open the pause menu").
        """
        return False

    def update(self, dt: float) -> None:
        """Advance the scene by one fixed step of ``dt`` seconds (1/120 s)."""

    def draw(self, canvas) -> None:
        """Draw the whole picture on ``canvas`` (a :class:`ludotheque.canvas.Canvas`, in
        1280×720 design units)."""

    def redraw_in(self) -> float | None:
        """Seconds until the still picture changes by itself (a text cursor's next
        blink), or None: nothing changes until an event."""
        return None

    def on_pause(self) -> None:
        """The window lost focus, was minimised, or the pause menu opened."""

    def on_resume(self) -> None:
        """Play resumes after :meth:`on_pause`."""

    def save_data(self) -> dict | None:
        """What to autosave now, as JSON-able data; None when there is nothing to keep."""
        return None


ATTENTION_S = 3.0
"""Seconds a pulse that calls for attention (a glowing puck to flick, cells to click)
breathes before it holds still: a screen waiting for a person then draws nothing
(issue 13), as a desktop's blinking cursor stops after a while."""


def attention(elapsed: float, rate: float) -> float:
    """The pulse ``sin(rate · t)`` of something calling for attention ``elapsed`` s after
    it began (``rate`` in rad/s): it breathes for about :data:`ATTENTION_S` s, then holds
    at 0, ending on a whole half-period so it never jumps."""
    stop = math.ceil(ATTENTION_S * rate / math.pi) * math.pi / rate
    return math.sin(rate * min(max(elapsed, 0.0), stop))


def attending(elapsed: float, rate: float) -> bool:
    """True while :func:`attention` still moves (the scene is animating)."""
    return elapsed < math.ceil(ATTENTION_S * rate / math.pi) * math.pi / rate
