"""Signals: Ctrl+C in the terminal, the terminal closing, a logout, a second copy.

``SIGTERM`` (a logout, ``kill``) used to be the only signal that quit properly: SDL
installs its own handler for it when the program has none, which posts ``SDL_QUIT``; the
app then quits as from the window's close button — the game in progress is autosaved and
the process exits 0. ``SIGINT`` (Ctrl+C) raised ``KeyboardInterrupt`` wherever Python
happened to be (a traceback, no quit-time save) and ``SIGHUP`` (the terminal closed)
killed the process outright. :func:`install` gives all three the ``SIGTERM`` path:

* while the app runs (:func:`attach`), the handler posts a ``pygame.QUIT`` event: the
  next frame handles it between two updates, exactly like a click on the close button
  (autosave, then exit 0). A second signal while that quit is under way ends the loop
  at once (``SystemExit(0)``; the app's ``finally`` still writes pending saves);
* before the app runs or after it stopped (start-up, ``--headless``), there is no game
  to save: the process ends quietly with status ``128 + signal`` (no traceback);
* ``SIGHUP`` first points stdin, stdout and stderr at ``/dev/null``: the terminal is
  gone, and a later ``print`` or log line must not fail with ``EIO`` on the way out.

Python runs these handlers in the main thread between two bytecodes (never inside an SDL
call), so posting an event from them is safe.

``SIGUSR1`` is the request of a second copy of the app (:mod:`ludotheque.instance`):
bring this window to the front (restored if minimised).
"""

from __future__ import annotations

import logging
import os
import signal

log = logging.getLogger(__name__)

QUIT_SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n))
"""The signals that quit like the window's close button."""

_app = None
_quitting = False
_installed = False
_pending_exit: int | None = None   # a quit signal came before the loop: the status to end with


def install() -> None:
    """Install the handlers (call once, early, in the main thread: before pygame starts,
    so SDL sees a handler and leaves ``SIGINT``/``SIGTERM`` to us)."""
    global _installed
    for sig in QUIT_SIGNALS:
        signal.signal(sig, _on_quit_signal)
    usr1 = getattr(signal, "SIGUSR1", None)
    if usr1 is not None:
        signal.signal(usr1, _on_handover)
    _installed = True


def attach(app) -> None:
    """From now on a quit signal quits ``app`` like its close button (``app.running``
    is watched: once the loop has stopped, a signal just ends the process)."""
    global _app, _quitting
    if _pending_exit is not None:
        # A quit signal arrived during start-up and its SystemExit was swallowed on the way
        # (seen: raised while SDL was opening the window, the process went on to the menu
        # and ignored the SIGTERM). End here, in plain code, where nothing can swallow it.
        raise SystemExit(_pending_exit)
    _app, _quitting = app, False


def detach() -> None:
    """The app has stopped: signals end the process quietly again."""
    global _app
    _app = None


def _silence_terminal() -> None:
    """The terminal hung up: make fds 0–2 point at /dev/null so writes succeed."""
    try:
        null = os.open(os.devnull, os.O_RDWR)
    except OSError:
        return
    for fd in (0, 1, 2):
        try:
            os.dup2(null, fd)
        except OSError:
            pass
    if null > 2:
        os.close(null)


def attached():
    """The app a quit signal now quits (given to :func:`attach`), or None: before the
    loop, after it, or when :func:`attach` refused it for a signal that came first."""
    return _app


def reset() -> None:
    """Forget the app and any quit signal remembered from before it (a new app in the
    same process, as the tests start one after another)."""
    global _app, _quitting, _pending_exit
    _app, _quitting, _pending_exit = None, False, None


def _on_quit_signal(signum, frame) -> None:
    request_exit(signum)


def request_exit(signum: int) -> None:
    """What a quit signal ``signum`` (``SIGINT``, ``SIGTERM``, ``SIGHUP``) does, as the
    module docstring says: with an app running, post ``pygame.QUIT`` (a second one:
    ``SystemExit(0)``); without one, remember the status and raise
    ``SystemExit(128 + signum)``, raised again by :func:`attach` if it was swallowed.

    :raises SystemExit: as above.
    """
    global _quitting, _pending_exit
    name = signal.Signals(signum).name
    if signum == getattr(signal, "SIGHUP", None):
        _silence_terminal()
    app = _app
    if app is None or not getattr(app, "running", False):
        log.info("%s before or after the game loop: stopping", name)
        _pending_exit = 128 + signum     # if this SystemExit is lost, attach() raises it again
        raise SystemExit(128 + signum)
    if _quitting:
        log.warning("%s again: stopping now", name)
        raise SystemExit(0)
    _quitting = True
    log.warning("%s: saving and quitting", name)
    try:
        import pygame

        pygame.event.post(pygame.event.Event(pygame.QUIT, signal=signum))
    except Exception as exc:  # noqa: BLE001 - no event queue (no display): quit directly
        log.info("no event queue (%s): quitting directly", exc)
        app.quit()


def _on_handover(signum, frame) -> None:
    """Another copy was started: show this window (restore, raise, focus)."""
    log.info("a second copy was started: bringing this window to the front")
    try:
        import pygame

        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return
        window = pygame.Window.from_display_module()
        window.restore()
        window.show()
        window.focus()
    except Exception as exc:  # noqa: BLE001 - a window manager may refuse; never crash for it
        log.info("could not bring the window to the front: %s", exc)
