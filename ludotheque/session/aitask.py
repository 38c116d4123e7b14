"""The computer's decision as a task: submit it to the worker, poll it each update,
cancel it on undo or when the game is left, and fall back when the worker fails
(pure: no pygame; the submit function is injected — ``app.run_worker`` in the game).

A worker that dies (killed, out of memory: ``BrokenProcessPool``), an AI that raises, or
a decision that takes longer than :data:`TIMEOUT` never stops the game: the failure is
logged with its traceback and the scene's ``fallback`` chooses instead, on the spot
(a quick legal move: the game goes on, one weaker move).
"""

from __future__ import annotations

import concurrent.futures
import logging
import time
from dataclasses import dataclass
from typing import Any, Callable

log = logging.getLogger(__name__)

TIMEOUT = 60.0
"""Seconds of wall time after which a decision is given up (the strongest level takes
≤ 2 s, design.md "Targets"; a loaded machine may take several times that)."""


@dataclass(frozen=True)
class Decision:
    """A finished decision: ``value`` (what the AI, or the fallback, chose), ``key`` (what
    the scene attached to the task, e.g. the phase it was asked in), ``fallback`` (True
    when the worker failed and the fallback chose) and the ``error`` it failed with."""

    value: Any
    key: Any = None
    fallback: bool = False
    error: BaseException | None = None


class AITask:
    """At most one decision in flight.

    :param submit: ``submit(fn, *args) -> concurrent.futures.Future`` (``app.run_worker``).
    :param timeout: seconds after which the decision is given up (None: never).
    :param clock: a monotonic clock in seconds (injected by tests).
    :param on_timeout: called when a decision is given up (the session restarts the
        worker process so the next decision does not queue behind a hung one).
    """

    def __init__(self, submit: Callable[..., concurrent.futures.Future], *,
                 timeout: float | None = TIMEOUT, clock: Callable[[], float] = time.monotonic,
                 on_timeout: Callable[[], None] | None = None):
        self._submit = submit
        self.timeout = timeout
        self._clock = clock
        self._on_timeout = on_timeout
        self._future: concurrent.futures.Future | None = None
        self._error: BaseException | None = None
        self._fallback: Callable[[], Any] | None = None
        self._key: Any = None
        self._started = 0.0
        self._name = ""
        self.failures = 0
        """Decisions that fell back since this task was made (tests, logs)."""

    @property
    def thinking(self) -> bool:
        """True while a decision is in flight (not yet returned by :meth:`poll`)."""
        return self._future is not None or self._error is not None

    @property
    def key(self) -> Any:
        """The key of the decision in flight (None when idle)."""
        return self._key if self.thinking else None

    def start(self, fn: Callable, *args, fallback: Callable[[], Any], key: Any = None) -> None:
        """Ask for ``fn(*args)`` in the worker; any decision in flight is cancelled.

        :param fn: a module-level function (picklable), e.g. ``glissando.ai.choose_turn``.
        :param fallback: called with no argument, on the main thread, when the worker
            fails; must be quick and always succeed (e.g. the beginner level).
        :param key: returned with the decision (:attr:`Decision.key`).
        """
        self.cancel()
        self._fallback, self._key = fallback, key
        self._name = getattr(fn, "__qualname__", repr(fn))
        self._started = self._clock()
        try:
            self._future = self._submit(fn, *args)
        except Exception as exc:  # noqa: BLE001 - a worker that cannot even take the call
            self._error = exc

    def cancel(self) -> None:
        """Forget the decision in flight (its result, when it comes, is dropped)."""
        if self._future is not None:
            self._future.cancel()
        self._future = self._error = None
        self._key = None

    def poll(self) -> Decision | None:
        """The decision once it is ready (returned once), else None.

        On a failure the error is logged and the fallback's choice is returned with
        ``fallback=True``.
        """
        if self._error is not None:
            return self._fail(self._error)
        fut = self._future
        if fut is None:
            return None
        if not fut.done():
            if self.timeout is not None and self._clock() - self._started > self.timeout:
                self._future = None
                fut.cancel()
                if self._on_timeout is not None:
                    self._on_timeout()
                return self._fail(TimeoutError(f"{self._name} gave no decision in {self.timeout:g} s"))
            return None
        self._future = None
        try:
            value = fut.result()
        except concurrent.futures.CancelledError as exc:
            return self._fail(exc)
        except Exception as exc:  # noqa: BLE001 - BrokenProcessPool, or the AI's own bug
            return self._fail(exc)
        key, self._key = self._key, None
        return Decision(value, key)

    def _fail(self, exc: BaseException) -> Decision:
        self._future = self._error = None
        self.failures += 1
        log.error("the computer's decision (%s) failed; a quick legal move is played instead",
                  self._name, exc_info=(type(exc), exc, exc.__traceback__))
        key, self._key = self._key, None
        return Decision(self._fallback(), key, fallback=True, error=exc)

    def wait(self, timeout: float | None = None) -> None:
        """Block until the decision in flight is ready (tests, headless drivers).

        :raises TimeoutError: not ready within ``timeout`` s."""
        if self._future is not None:
            try:
                self._future.exception(timeout=timeout)
            except concurrent.futures.TimeoutError as exc:
                raise TimeoutError(f"no decision within {timeout} s") from exc
            except concurrent.futures.CancelledError:
                pass
