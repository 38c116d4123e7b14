"""The scene life cycle (after Python Arcade's views).

The app keeps a stack of scenes; the top one gets the events, the fixed-step updates and
draws the frame (a scene may draw the one below first, see :attr:`Scene.overlay`).
"""

from __future__ import annotations


class Scene:
    """Base class of every screen.

    :ivar app: the :class:`ludotheque.app.App`.
    :cvar realtime: True for scenes whose state runs in real time (physics, a flip race):
        the app pauses them when the window loses focus or is minimised.
    :cvar overlay: True when the scene below stays visible (dialogs, the pause menu).
    :cvar game_id: the game this scene plays (for autosave), or None.
    """

    realtime = False
    overlay = False
    game_id: str | None = None

    def __init__(self, app):
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def handle(self, event) -> bool:
        """Handle one pygame event (positions in logical 1280×720 pixels).

        :returns: True when the event was consumed (the app then does not treat Esc as
            "open the pause menu").
        """
        return False

    def update(self, dt: float) -> None:
        """Advance the scene by one fixed step of ``dt`` seconds (1/120 s)."""

    def draw(self, surface) -> None:
        """Draw the whole logical surface (1280×720 px)."""

    def on_pause(self) -> None:
        """The window lost focus, was minimised, or the pause menu opened."""

    def on_resume(self) -> None:
        """Play resumes after :meth:`on_pause`."""

    def save_data(self) -> dict | None:
        """What to autosave now, as JSON-able data; None when there is nothing to keep."""
        return None
