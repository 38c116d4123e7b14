"""Timed steps on the fixed update step (pure: no pygame, no clock).

Time only moves when a scene's ``update(dt)`` passes it on, so a paused scene holds
still, and a game driven with fixed steps replays exactly. :class:`Timer` is one timed
step (an animation, a hold, a note that fades); :class:`Timeline` runs steps one after
the other (the computer's staged turn: show the placement, then the slide, then the
removal), each calling its action when it ends.
"""

from __future__ import annotations

from collections import deque
from typing import Callable


class Timer:
    """One timed step of ``duration`` seconds.

    :ivar kind: a label the scene draws by ("slide", "hold", …).
    :ivar data: whatever the scene needs to draw it (cells, moves…).
    :ivar action: called once when the step ends (by :class:`Timeline`), or None.
    """

    __slots__ = ("duration", "elapsed", "kind", "data", "action", "_fired")

    def __init__(self, duration: float, action: Callable[[], object] | None = None,
                 kind: str = "wait", **data):
        self.duration = max(0.0, float(duration))
        self.elapsed = 0.0
        self.kind = kind
        self.data = data
        self.action = action
        self._fired = False

    @property
    def left(self) -> float:
        """Seconds left (0 once done)."""
        return max(0.0, self.duration - self.elapsed)

    @property
    def progress(self) -> float:
        """0 at the start … 1 at the end (1 for a zero-length step)."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def tick(self, dt: float) -> bool:
        """Advance by ``dt`` s. :returns: True once, on the tick the timer runs out (its
        action is not called: that is :class:`Timeline`'s job)."""
        self.elapsed = min(self.duration, self.elapsed + max(0.0, dt))
        if self.done and not self._fired:
            self._fired = True
            return True
        return False

    def __repr__(self) -> str:
        return f"Timer({self.kind!r}, {self.elapsed:.3f}/{self.duration:.3f} s)"


class Timeline:
    """Timed steps run one after another; time left over when a step ends goes on to the
    next, so the steps add up exactly whatever the update step."""

    def __init__(self):
        self._steps: deque[Timer] = deque()

    def then(self, seconds: float, action: Callable[[], object] | None = None,
             kind: str = "wait", **data) -> Timer:
        """Queue a step of ``seconds`` after the others; ``action`` runs when it ends (it
        may queue more steps). :returns: the step."""
        step = Timer(seconds, action, kind, **data)
        self._steps.append(step)
        return step

    @property
    def current(self) -> Timer | None:
        """The step running now, or None."""
        return self._steps[0] if self._steps else None

    @property
    def busy(self) -> bool:
        """True while a step is queued."""
        return bool(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def kind(self) -> str | None:
        """The current step's kind, or None."""
        return self._steps[0].kind if self._steps else None

    def clear(self) -> None:
        """Drop every step without running its action (undo, leaving the game)."""
        self._steps.clear()

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds, running the action of every step that ends."""
        dt = max(0.0, dt)
        guard = 10_000                       # a loop of zero-length steps queueing steps
        while self._steps and guard:
            guard -= 1
            step = self._steps[0]
            need = step.duration - step.elapsed
            if dt < need:
                step.elapsed += dt
                return
            dt -= max(0.0, need)
            step.elapsed = step.duration
            step._fired = True
            self._steps.popleft()
            if step.action is not None:
                step.action()
