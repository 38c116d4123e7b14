"""Where AI decisions run: a separate process, so the window never stutters.

An AI search is pure Python; on a thread it would hold the interpreter lock for
milliseconds at a time and the frames would wait for it. :func:`submit` sends the call
to one worker *process* (started with ``spawn``, once per app run, shared by every
scene) and returns a ``concurrent.futures.Future``. The function and its arguments must
be picklable (module-level functions, positions, ``random.Random``); anything that is
not, or a machine where no process can be started, falls back to a worker thread —
slower frames, same results.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time

log = logging.getLogger(__name__)

_lock = threading.Lock()
_process_pool: concurrent.futures.ProcessPoolExecutor | None = None
_thread_pool: concurrent.futures.ThreadPoolExecutor | None = None
_process_broken = False
_worker_answered = False


def _note_answer(future: concurrent.futures.Future) -> None:
    """Say once in the log (INFO) that the worker process answered a decision: the
    bundle's smoke check (packaging/smoke.py) reads it — a frozen app without
    ``multiprocessing.freeze_support()`` would fall back to the thread instead."""
    global _worker_answered
    if _worker_answered or future.cancelled() or future.exception() is not None:
        return
    _worker_answered = True
    pids = sorted(getattr(_process_pool, "_processes", None) or ())
    log.info("AI worker process %s answered its first decision (app pid %d)",
             ",".join(map(str, pids)) or "?", os.getpid())


def _threads() -> concurrent.futures.ThreadPoolExecutor:
    global _thread_pool
    if _thread_pool is None:
        _thread_pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
    return _thread_pool


def _follow_parent(parent: int) -> None:
    """Worker initializer: end this worker as soon as the app's process is gone.

    An app that ends without running its exit handlers — killed, or stopped by Xlib when
    the X server goes away (the desktop session ends) — would otherwise leave the worker
    (and multiprocessing's resource tracker) running, orphaned. A daemon thread checks
    once a second whether the parent changed.

    The worker ignores the signals a terminal sends to every process of the app
    (SIGINT for Ctrl+C, SIGHUP when the terminal closes): the app handles them — it saves
    and quits, then ends its worker (:mod:`ludotheque.signals`) — and a worker dying
    first would print a KeyboardInterrupt traceback and fail the decision the game is
    waiting for. SIGTERM still ends it (``ProcessPoolExecutor`` uses it).
    """
    for name in ("SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)

    def watch():
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


MAX_RESTARTS = 3
"""Worker processes started again after one died, per app run; then threads."""
_restarts = 0


def _processes() -> concurrent.futures.ProcessPoolExecutor | None:
    global _process_pool, _process_broken
    if _process_pool is None and not _process_broken:
        try:
            _process_pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_follow_parent, initargs=(os.getpid(),))
        except (OSError, ValueError, NotImplementedError) as exc:
            log.warning("no worker process (%s); the computer thinks on a thread", exc)
            _process_broken = True
    return _process_pool


def _drop_pool(why: str) -> None:
    """Forget the process pool (its worker died or hangs); the next :func:`submit` starts
    a new one, up to :data:`MAX_RESTARTS` times, then uses a thread. Lock held."""
    global _process_pool, _process_broken, _restarts
    pool, _process_pool = _process_pool, None
    if pool is not None:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            try:                     # a hung worker would hold the next decision back
                proc.terminate()
            except (OSError, AttributeError):
                pass
        try:
            pool.shutdown(wait=False, cancel_futures=True)
        except Exception:  # noqa: BLE001 - a broken pool may fail to shut down; it is gone anyway
            pass
    _restarts += 1
    if _restarts > MAX_RESTARTS:
        _process_broken = True
        log.warning("worker process lost %d times (%s); the computer thinks on a thread", _restarts, why)
    else:
        log.warning("worker process lost (%s); a new one starts with the next decision", why)


def restart(why: str = "asked") -> None:
    """Abandon the worker process (a decision that never ends): it is terminated and the
    next :func:`submit` starts a new one."""
    with _lock:
        if _process_pool is not None:
            _drop_pool(why)


def submit(fn, *args) -> concurrent.futures.Future:
    """Run ``fn(*args)`` off the main thread. :returns: its Future (result or exception).

    A worker process that died (killed, out of memory) fails the decisions it held with
    ``BrokenProcessPool``; the next call starts a new worker process
    (:data:`MAX_RESTARTS` times, then a thread)."""
    with _lock:
        try:
            pickle.dumps((fn, args))
        except (pickle.PicklingError, TypeError, AttributeError):
            return _threads().submit(fn, *args)
        for _attempt in range(2):
            pool = _processes()
            if pool is None:
                break
            try:
                future = pool.submit(fn, *args)
                if not _worker_answered:
                    future.add_done_callback(_note_answer)
                return future
            except (concurrent.futures.process.BrokenProcessPool, RuntimeError, OSError) as exc:
                _drop_pool(str(exc) or type(exc).__name__)
        return _threads().submit(fn, *args)


def shutdown(wait: bool = False) -> None:
    """Stop the workers; a decision in progress is abandoned unless ``wait``."""
    global _process_pool, _thread_pool
    with _lock:
        for pool in (_process_pool, _thread_pool):
            if pool is not None:
                pool.shutdown(wait=wait, cancel_futures=True)
        _process_pool = _thread_pool = None


def reset() -> None:
    """Stop the workers (as :func:`shutdown`) and forget earlier losses: the next
    :func:`submit` starts a fresh worker process with all :data:`MAX_RESTARTS` restarts
    left, as at the start of an app run (a test that needs a real worker process starts
    here, whatever the tests before it killed)."""
    global _restarts, _process_broken
    shutdown(wait=False)
    with _lock:
        _restarts, _process_broken = 0, False


atexit.register(shutdown, True)
