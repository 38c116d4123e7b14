"""The window, the frame loop and the scene stack.

One resizable window drawn at its own pixels: scenes lay out in 1280×720 **design
units** and draw through the app's :class:`~ludotheque.canvas.Canvas`, which scales
them to the window (text rasterised at the device size, shapes and images at device
scale; a window of another shape shows the picture whole, centred between black bands).
Pointer positions are mapped back to design units before any scene sees them. The
window opens at the size the player left it at (``settings.window_size``, clamped to the
screen), else at the largest 16:9 size within 3/4 of the screen's work area and never
below 1280×720 where that fits with the title bar; 640×360 at the smallest. F11 full screen, M mute, Esc the pause menu,
Ctrl+Q quit.

Each frame drains the whole event queue (every event is stamped ``event.stamp``, the
:func:`time.perf_counter` second it was taken from SDL's queue), then advances the top
scene on a **fixed step** of :data:`STEP` seconds fed from an accumulator (so outcomes
never depend on the frame rate); the frame delta is clamped to :data:`MAX_FRAME` so a
stall (a dragged window) never makes anything jump. While the top scene's
``tracking_pointer`` is True (a drag) the queue is polled about every millisecond
between frames, so the stamps follow the mouse closely (decision 2).

**Quiet when nothing moves**: a frame is drawn only when it would differ from the last
one — after an event a scene received (a pointer motion only when a scene used it or it
lit something up), while the top scene is ``animating``, when a toast comes or goes, or
after :meth:`App.redraw`. Otherwise the loop sleeps in SDL's event wait until an event
comes (or the scene's ``redraw_in()`` or a toast's end is due).

Losing focus or being minimised opens the pause menu over a real-time scene.
Only the left mouse button reaches the scenes as a click: wheel and side-button presses
are dropped here, once for every scene.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import functools
import gc
import logging
import os
import sys
import time
import warnings
from pathlib import Path

import pygame

from . import i18n, theme, workers
from .audio import Audio, init_pygame
from .canvas import Canvas
from .game import demo_save_id
from .saves import SaveStore
from .settings import Settings, whole_size
from .widgets import Toasts, Widget, reading_seconds

log = logging.getLogger(__name__)
_ = i18n.domain("ludotheque")

STEP = 1 / 120
"""Fixed update step in seconds."""
MAX_FRAME = 0.1
"""Largest frame delta (s) fed to the accumulator; longer stalls are dropped."""
MAX_STEPS = 12
"""Most fixed steps run in one frame."""
MIN_WINDOW = (640, 360)
"""Smallest window (pixels) a player can resize to: half the design size."""
FRAME_RATE = 60
"""Frames per second while something moves (no vsync on a window surface)."""
POLL = 0.001
"""Seconds between two looks at the event queue while a scene tracks the pointer."""
UNKNOWN_FRAME = (96, 32, 32, 32)
"""Room (top, left, bottom, right px) left for a title bar, borders and a panel when SDL
cannot tell the screen's work area and the window's decorations."""
LETTERBOX = (0, 0, 0)
"""The colour of the bands beside or above a picture that does not fill the window."""

_POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


FIRST_SHARE = 0.75
"""Part of the work area (each way) the window takes at its first launch, as native
desktop games open: 1920×1080 on a 2560×1440 screen (issue 13 §3)."""


def fitting_window_size(area: tuple[int, int], frame: tuple[int, int, int, int] | None = None,
                        remembered=None) -> tuple[int, int]:
    """The window size (px) to open with in a work ``area`` (px: the screen less its
    panels) when the window manager adds ``frame`` = (top, left, bottom, right) px of
    title bar and borders. With ``frame`` None (unknown), ``area`` is the whole screen
    and :data:`UNKNOWN_FRAME` is kept free; the room is the area less the frame.

    * ``remembered`` — the (w, h) px the player left the window at last time (the
      ``window_size`` setting): that size, clamped to the room (a size from a bigger
      monitor never opens off screen) and to :data:`MIN_WINDOW`. Anything that is not two
      whole numbers is ignored.
    * Else (first launch): the largest 16:9 size within :data:`FIRST_SHARE` of the work
      area each way, never smaller than the older rule — 1280×720 when that fits the
      room, else the largest 16:9 size that does — and never larger than the room; never
      below :data:`MIN_WINDOW`.

    >>> fitting_window_size((1280, 720), (20, 1, 5, 1))
    (1236, 695)
    >>> fitting_window_size((2560, 1440), (20, 1, 5, 1))
    (1920, 1080)
    >>> fitting_window_size((1920, 1080), (20, 1, 5, 1), remembered=(2400, 1300))
    (1918, 1055)
    """
    top, left, bottom, right = UNKNOWN_FRAME if frame is None else frame
    room_w, room_h = area[0] - left - right, area[1] - top - bottom
    size = whole_size(remembered)
    if size is not None:
        return (max(MIN_WINDOW[0], min(size[0], room_w)), max(MIN_WINDOW[1], min(size[1], room_h)))
    if room_w >= theme.W and room_h >= theme.H:
        scale = 1.0
    else:
        scale = max(MIN_WINDOW[0] / theme.W, min(room_w / theme.W, room_h / theme.H))
    share = min(FIRST_SHARE * area[0] / theme.W, FIRST_SHARE * area[1] / theme.H)
    if share > scale:                     # bigger screens: 3/4 of the work area, within the room
        scale = max(scale, min(share, room_w / theme.W, room_h / theme.H))
    return round(theme.W * scale), round(theme.H * scale)


class _SDLRect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


@functools.cache
def _sdl_library():
    """The SDL 2 library pygame runs on (already loaded: the same instance, not a second
    copy), for the two questions pygame-ce does not ask: the screen's usable bounds and the
    window's decorations. None where it cannot be found."""
    candidates = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps") as maps:
                for line in maps:
                    path = line.split()[-1] if line.strip() else ""
                    name = os.path.basename(path)
                    if name.startswith("libSDL2-2") or name.startswith("libSDL2.so"):
                        candidates.append(path)
        except OSError:
            pass
    elif sys.platform == "win32":
        candidates.append(os.path.join(os.path.dirname(pygame.__file__), "SDL2.dll"))
    elif sys.platform == "darwin":
        candidates.append(os.path.join(os.path.dirname(pygame.__file__), ".dylibs", "libSDL2-2.0.0.dylib"))
    for path in candidates:
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_GetDisplayUsableBounds
            return lib
        except (OSError, AttributeError):
            continue
    return None


def work_area(display: int = 0) -> pygame.Rect | None:
    """The usable part (px) of ``display``: the screen less its panels and docks, as SDL
    reads it from the desktop (``SDL_GetDisplayUsableBounds``); None when unknown."""
    lib = _sdl_library()
    if lib is None:
        return None
    r = _SDLRect()
    if lib.SDL_GetDisplayUsableBounds(display, ctypes.byref(r)) != 0 or r.w <= 0 or r.h <= 0:
        return None
    return pygame.Rect(r.x, r.y, r.w, r.h)


def window_frame(window_id: int) -> tuple[int, int, int, int] | None:
    """The decorations (top, left, bottom, right px) the window manager drew around the
    window ``window_id`` (``SDL_GetWindowBordersSize``); None when unknown."""
    lib = _sdl_library()
    if lib is None:
        return None
    lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
    ptr = lib.SDL_GetWindowFromID(ctypes.c_uint32(window_id))
    if not ptr:
        return None
    t, l, b, r = (ctypes.c_int() for _ in range(4))
    if lib.SDL_GetWindowBordersSize(ctypes.c_void_p(ptr), *(ctypes.byref(v) for v in (t, l, b, r))) != 0:
        return None
    return t.value, l.value, b.value, r.value


def is_demo(scene) -> bool:
    """True when ``scene`` plays a demo (``GameConfig.demo``): its config is on the scene
    (``scene.config``) or on its session (``scene.session.config``)."""
    for holder in (scene, getattr(scene, "session", None)):
        config = getattr(holder, "config", None)
        if config is not None and getattr(config, "demo", False) is True:
            return True
    return False


def save_id(scene) -> str | None:
    """The save ``scene`` writes: its ``game_id``, or ``"<game_id>-demo"`` for a demo
    (:func:`ludotheque.game.demo_save_id`: a demo never writes the player's save);
    None for a scene that is not a game."""
    gid = getattr(scene, "game_id", None)
    if gid is None:
        return None
    return demo_save_id(gid) if is_demo(scene) else gid


class App:
    """The running application: window, services and the scene stack.

    :param games: the registered :class:`~ludotheque.game.GameDescriptor` objects.
    :param settings: loaded settings (default: read from the user's config folder).
    :param saves: the save store (default: the user's data folder).
    :param seed: the ``--seed`` value, handed to games.
    :param window: False to draw on an off-screen surface only (tests, benchmarks).
    :param size: the window's (or off-screen surface's) size in device px; default: a
        window of the size it was left at, else 3/4 of the screen's work area
        (:func:`fitting_window_size`), or a 1280×720 surface.

    :ivar screen: the device surface drawn on (the window's, at its pixel size).
    :ivar canvas: the :class:`~ludotheque.canvas.Canvas` in design units over it.
    :ivar drawn: frames drawn (the loop draws only frames that change).
    """

    def __init__(self, games, *, settings: Settings | None = None, saves: SaveStore | None = None,
                 seed: int | None = None, window: bool = True, size: tuple[int, int] | None = None):
        self.games = list(games)
        self.settings = settings if settings is not None else Settings.load()
        self.saves = saves if saves is not None else SaveStore()
        self.rng_seed = seed
        i18n.set_language(self.settings.language)
        init_pygame()                     # the sound probe's ALSA lines kept off the terminal
        self.window = window
        self._sdl_window = None
        self._asked_size = tuple(size) if size else None   # --size: this session only
        self._left_size: list | None = None                # the windowed size the player left
        self._fullscreen = False
        if window:
            self.screen = self._open_window(size)
        else:
            self.screen = pygame.Surface(tuple(size) if size else (theme.W, theme.H))
        self.canvas = Canvas.for_surface(self.screen)
        pygame.key.set_repeat(400, 40)
        self.audio = Audio(self.settings.volume, self.settings.muted)
        self.toasts = Toasts()
        self.stack: list = []
        self.running = True
        self.frames = 0
        self.drawn = 0
        self.accumulator = 0.0
        self._dirty = True
        self._was_animating = False
        self._toast_seen = None
        self._held: set[int] = set()
        self._held_back: list = []        # (events, stamp) taken by poll_pointer, not yet handled
        self._stack_version = 0
        self._settled_version = -1        # the stack version the heap was last settled at
        if window and self.settings.fullscreen:
            # last, once the window, its surface, the canvas and the frame state exist (the
            # toggle redraws on them): before, a remembered full screen crashed every start
            self._toggle_fullscreen(save=False)
        self.report_problems()

    def _open_window(self, size) -> pygame.Surface:
        """Open the window: ``size`` px exactly when given (``--size``), else 1280×720 or
        smaller to fit the screen's work area with the window's decorations."""
        asked = tuple(size) if size else None
        first = asked or fitting_window_size(*self._desktop_room(), remembered=self.settings.window_size)
        with warnings.catch_warnings(record=True) as said:   # said once, in the log
            warnings.simplefilter("always")
            screen = pygame.display.set_mode(first, pygame.RESIZABLE)
            try:
                self._sdl_window = pygame.Window.from_display_module()
            except (AttributeError, pygame.error) as exc:
                log.warning("no window handle: %s", exc)
        for w in said:       # e.g. a deprecation or driver notice
            log.info("display: %s", w.message)
        pygame.display.set_caption("Ludothèque")
        try:
            from .art import icon_surface

            pygame.display.set_icon(icon_surface(64))
        except pygame.error as exc:
            log.warning("no window icon: %s", exc)
        if self._sdl_window is not None:
            try:
                self._sdl_window.minimum_size = MIN_WINDOW
                if asked is None:
                    self._fit_to_work_area(first)
            except pygame.error as exc:
                log.warning("the window cannot be fitted to the screen: %s", exc)
        return pygame.display.get_surface()

    def _desktop_room(self):
        """``(area, frame)`` for :func:`fitting_window_size` before the window exists:
        the work area with frame unknown (None) — the decorations are read once the
        window is up."""
        area = work_area()
        if area is not None:
            return area.size, None
        try:
            return pygame.display.get_desktop_sizes()[0], None
        except (IndexError, pygame.error):
            return (theme.W, theme.H), None

    def _fit_to_work_area(self, size) -> None:
        """Now that the window manager framed the window: open at the largest size that
        fits the work area with the title bar and borders (a 1280×720 window on a
        1280×720 screen lost ~20 px under its title bar), centred. A frame of zeros is no
        decoration (no window manager: the window may take the whole work area); where SDL
        cannot tell, the first, cautious size stays."""
        area, frame = work_area(), window_frame(self._sdl_window.id)
        if area is None or frame is None:
            return
        want = fitting_window_size(area.size, frame, remembered=self.settings.window_size)
        if want != tuple(size):
            top, left, bottom, right = frame
            self._sdl_window.size = want
            # centred with its frame (SDL would centre the inside and push a border off):
            # SDL places the window's inside, on X11 too (it moves the frame by the borders
            # itself), so the inside goes a title bar below the frame's corner — placing
            # the inside at the corner put openbox's title bar above a 1280×720 screen
            x = area.x + (area.w - left - right - want[0]) // 2 + left
            y = area.y + (area.h - top - bottom - want[1]) // 2 + top
            self._sdl_window.position = (x, y)

    def remember_window_size(self, keep: bool = True) -> None:
        """Store the windowed size the window was last left at (``window_size``
        setting, restored at the next launch) when it changed; nothing for ``--size``,
        a screenshot run (``keep`` False) or a window never resized."""
        size = self._left_size
        if not keep or not self.window or size is None or size == self.settings.window_size:
            return
        self.settings.window_size = list(size)
        self.settings.save()

    def on_screen(self) -> bool:
        """False when the window is invisible although nobody asked for that: SDL found no
        display and fell back to its ``offscreen`` or ``dummy`` driver on its own (with
        ``SDL_VIDEODRIVER`` set, as tests and ``--screenshot`` do, it was asked for)."""
        if not self.window or os.environ.get("SDL_VIDEODRIVER"):
            return True
        return pygame.display.get_driver() not in ("offscreen", "dummy")

    # ----------------------------------------------------------------- services
    def toast(self, text: str, seconds: float = 2.5) -> None:
        """Show ``text`` for ``seconds`` at the bottom of the screen."""
        self.toasts.add(text, seconds)

    def report_problems(self) -> None:
        """Show, once each, as toasts: what the settings have to say (a value corrected,
        a file set aside, settings that cannot be kept: :meth:`Settings.take_messages`)
        and what the saves have to say (:attr:`SaveStore.problems`)."""
        take = getattr(self.settings, "take_messages", None)
        for sentence in (take() if take is not None else ()):
            self.toast(sentence, reading_seconds(sentence))
        for p in self.saves.problems:
            self.toast(p, reading_seconds(p))
        self.saves.problems.clear()

    def autosave(self, scene) -> bool:
        """Write ``scene.save_data()`` as the autosave of ``scene.game_id``; a demo
        (``scene.config.demo`` or ``scene.session.config.demo``) writes its own save
        (:func:`save_id`), never the player's. :returns: True if written."""
        sid = save_id(scene)
        if sid is None:
            return False
        data = scene.save_data()
        if data is None:
            return False
        ok = self.saves.save(sid, data)
        self.report_problems()
        return ok

    def run_worker(self, fn, *args) -> concurrent.futures.Future:
        """Run ``fn(*args)`` (an AI decision) in the worker process so the window never
        freezes or stutters (:mod:`ludotheque.workers`). Poll ``.done()`` in ``update``."""
        return workers.submit(fn, *args)

    def set_language(self, lang: str) -> None:
        """Switch the language now (every text redraws in it) and remember it."""
        i18n.set_language(lang)
        self.settings.language = lang
        self.settings.save()

    def set_volume(self, volume: float, save: bool = True) -> None:
        """Set the volume (0–1) now; remember it in the settings file unless ``save`` is
        False (while a slider is being dragged: it is written once, on release)."""
        self.settings.volume = self.audio.volume = volume
        if save:
            self.settings.save()

    def toggle_mute(self) -> None:
        """Mute or unmute all sound (key M) and remember it."""
        self.settings.muted = self.audio.muted = not self.audio.muted
        self.settings.save()
        if self.audio.muted:
            said = _("Sound off")
        else:
            said = _("Sound on") if self.audio.has_device else _("No sound device: the games play silently")
        self.toast(said, 1.2)

    def _toggle_fullscreen(self, save: bool = True) -> None:
        """F11: full screen at the desktop's own size (no mode change: the picture is
        drawn at the screen's pixels), or back to the window it was."""
        if not self.window:
            return
        going = not self._fullscreen
        try:
            if self._sdl_window is not None:
                if going:
                    self._sdl_window.set_fullscreen(desktop=True)
                else:
                    self._sdl_window.set_windowed()
            else:
                pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            log.warning("full screen not available: %s", exc)
            return
        self._fullscreen = going
        self._resized()
        if save:
            self.settings.fullscreen = not self.settings.fullscreen
            self.settings.save()

    def _resized(self) -> None:
        """The window changed size (resized, full screen): draw on its new surface at the
        new scale (every text and layer is made again at the new scale)."""
        if not self.window:
            return
        surface = pygame.display.get_surface()
        if surface is None:
            return
        if surface is not self.screen or surface.get_size() != self.canvas.surface.get_size():
            self.screen = surface
        if not self._fullscreen and self._asked_size is None:
            self._left_size = list(surface.get_size())   # remembered at the end (issue 13 §3)
        self.canvas.retarget(self.screen)
        self._dirty = True
        self._stack_version += 1

    def redraw(self) -> None:
        """Draw the next frame (a scene's picture changed outside an event it handled)."""
        self._dirty = True

    def resize_surface(self, size: tuple[int, int]) -> None:
        """Off-screen app only (tests, benchmarks): draw on a new surface of ``size``
        device px from now on, as if the window had been resized."""
        if self.window:
            raise RuntimeError("resize_surface is for an app drawing off-screen")
        self.screen = pygame.Surface(size)
        self.canvas.retarget(self.screen)
        self._dirty = True

    # ------------------------------------------------------------ scene stack
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene) -> None:
        """Put ``scene`` on top of the stack."""
        if self.top is not None:
            self.top.on_pause()
        self.stack.append(scene)
        self._dirty = True
        self._stack_version += 1
        scene.enter()

    def pop(self):
        """Remove the top scene (the one below becomes current). :returns: the removed scene."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        self._dirty = True
        self._stack_version += 1
        scene.exit()
        if self.top is not None:
            self.top.on_resume()
        return scene

    def pop_scene(self, scene) -> None:
        """Remove ``scene`` wherever it is in the stack (a dialog closing itself)."""
        if self.top is scene:
            self.pop()
        elif scene in self.stack:
            self.stack.remove(scene)
            self._dirty = True
            self._stack_version += 1
            scene.exit()

    def replace(self, scene) -> None:
        """Replace the top scene with ``scene``."""
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        self._dirty = True
        self._stack_version += 1
        scene.enter()

    def to_menu(self) -> None:
        """Leave whatever is running and show the launcher menu. A game left is autosaved
        first, then its save's lock is let go (:meth:`SaveStore.release`), so another
        copy of the app may resume it."""
        from .menu import MenuScene

        left = []
        while self.stack:
            scene = self.stack.pop()
            gid = save_id(scene)
            if gid is not None:
                try:
                    self.autosave(scene)
                except Exception:  # noqa: BLE001 - leaving must work even if a save fails
                    log.exception("autosave on leaving %s failed", gid)
                left.append(gid)
            scene.exit()
        for gid in left:
            try:
                self.saves.release(gid)
            except (OSError, ValueError) as exc:
                log.warning("lock of %s not released: %s", gid, exc)
        self.report_problems()
        self.push(MenuScene(self))

    def game_scene(self):
        """The game scene currently on the stack, or None."""
        return next((s for s in reversed(self.stack) if getattr(s, "game_id", None)), None)

    def pause(self) -> None:
        """Open the pause menu over the current game (Esc, focus loss) — not over a
        finished one: its result stays readable (trial8), and its end panel takes Esc
        (:class:`ludotheque.session.endpanel.EndPanel`)."""
        from .menu import PauseScene

        scene = self.game_scene()
        if isinstance(self.top, PauseScene) or scene is None:
            return
        session = getattr(scene, "session", None)
        if session is not None and session.over:
            return
        self.push(PauseScene(self))

    def quit(self) -> None:
        """Stop the loop after this frame (the game in progress is autosaved first)."""
        scene = self.game_scene()
        if scene is not None:
            try:
                self.autosave(scene)
            except Exception:  # never lose the quit because a save failed
                log.exception("autosave on quit failed")
        self.running = False

    # ------------------------------------------------------------------- loop
    def to_design(self, event):
        """Map a pointer event's ``pos`` (and ``rel``) from window pixels to design units
        in place, as SDL's logical scaling did: ``pos`` whole design units (rounded
        down), ``precise_pos`` the same point as floats. :returns: the event."""
        if event.type in _POINTER_EVENTS and hasattr(event, "pos"):
            c = self.canvas
            x, y = c.to_design(*event.pos)
            event.precise_pos = (x, y)
            event.pos = (int(x // 1), int(y // 1))
            if hasattr(event, "rel"):
                event.rel = (round(event.rel[0] / c.scale), round(event.rel[1] / c.scale))
        return event

    def pump(self) -> None:
        """Take every event waiting in SDL's queue, stamp it (``event.stamp``, the
        perf_counter s it was taken), map pointer positions to design units and
        dispatch it.

        pygame makes key repeats itself, on a timer, until it *sees* the key's release;
        while a frame stalls (the first frame at a new scale, a busy X server) the release
        waits in the queue and repeats pile up before it: one press of F11 or Enter would
        act three times. A repeat of a held key that comes in the same batch as that
        key's release is therefore dropped; a key held down still repeats."""
        held, self._held_back = self._held_back, []
        for events, stamp in held:
            self._deliver(events, stamp)
            if not self.running:
                return
        events = pygame.event.get()
        if events:
            self._deliver(events, time.perf_counter())

    def poll_pointer(self) -> None:
        """While the top scene tracks the pointer (a drag, decision 2), take the events
        waiting in SDL's queue now and stamp them (``event.stamp``, perf_counter s), but
        hand them to the scene only at the next :meth:`pump`: called in the middle of a
        frame (before the present, which may wait long on a loaded machine), it keeps the
        stamps of a drag near the instants the reports came, without dispatching events
        while the scene draws. Does nothing otherwise."""
        top = self.top
        if top is None or not top.tracking_pointer:
            return
        events = pygame.event.get()
        if events:
            self._held_back.append((events, time.perf_counter()))

    def _deliver(self, events, stamp: float) -> None:
        """Stamp, map and dispatch ``events`` taken from SDL at ``stamp`` (see :meth:`pump`)."""
        released = {e.key for e in events if e.type == pygame.KEYUP}
        for event in events:
            if event.type == pygame.KEYDOWN:
                if event.key in self._held and event.key in released:
                    continue          # a repeat pygame made while a frame stalled (see below)
                self._held.add(event.key)
            elif event.type == pygame.KEYUP:
                self._held.discard(event.key)
            event.stamp = stamp
            self.dispatch(self.to_design(event))
            if not self.running:
                return

    def dispatch(self, event) -> None:
        """Route one pygame event (pointer positions in design units): global keys,
        window events, then the top scene. An event without ``stamp`` (a synthetic one)
        is stamped now."""
        if not hasattr(event, "stamp"):
            event.stamp = time.perf_counter()
        t = event.type
        if t == pygame.QUIT:
            self.quit()
            return
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button != pygame.BUTTON_LEFT:
            return  # only the left button clicks; wheel and side buttons never do
        if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            self._resized()
            return
        if t in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self._dirty = True
        if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            if self.top is not None and self.top.realtime:
                self.pause()
            elif self.top is not None:
                self.top.on_pause()
            self._dirty = True
            return
        if t == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self._toggle_fullscreen()
                return
            if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.quit()
                return
        top = self.top
        if top is None:
            return
        looks = Widget.changes
        used = top.handle(event)
        if t != pygame.MOUSEMOTION or used or Widget.changes != looks:
            self._dirty = True        # a motion over nothing that lights up draws nothing
        if t == pygame.KEYDOWN and not used:
            if event.key == pygame.K_ESCAPE:
                self.pause()
            elif event.key == pygame.K_m and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
                self.toggle_mute()

    def animating(self) -> bool:
        """True while the top scene's picture moves by itself (it is then drawn every frame)."""
        top = self.top
        return bool(top is not None and top.animating)

    def stepping(self) -> bool:
        """True while the top scene's timers must run though its picture is still."""
        top = self.top
        return bool(top is not None and top.stepping)

    def wants_frame(self) -> bool:
        """True when the next frame would not look like the last one: something asked for
        a redraw, the top scene is animating (or just stopped: its last picture), or a
        toast came or went."""
        return (self._dirty or self._was_animating or self.animating() or bool(self._held_back)
                or self.toasts.current != self._toast_seen)

    def frame(self, dt: float, force: bool = False) -> bool:
        """Run one frame of ``dt`` seconds of wall time: events, fixed steps, and the
        drawing if the picture changed (always with ``force``). :returns: True if drawn."""
        self.pump()
        if not self.running:
            return False
        self.advance(dt)
        drew = False
        if force or self.wants_frame():
            self.draw()
            self.poll_pointer()       # events that came while drawing: stamped before the present
            if self.window:
                pygame.display.flip()
            drew = True
        self.frames += 1
        return drew

    def advance(self, dt: float) -> None:
        """Feed ``dt`` (clamped to :data:`MAX_FRAME`) to the accumulator and run the fixed steps."""
        self.accumulator += min(max(dt, 0.0), MAX_FRAME)
        steps = 0
        while self.accumulator >= STEP and steps < MAX_STEPS:
            top = self.top
            if top is not None:
                top.update(STEP)
            self.toasts.update(STEP)
            self.accumulator -= STEP
            steps += 1
        if steps == MAX_STEPS:
            self.accumulator = 0.0

    def draw(self) -> None:
        """Draw the visible scenes (the top one and any it overlays) and the toasts on
        the canvas, at the window's pixels; black bands where the window is not 16:9."""
        canvas = self.canvas
        full = self.screen.get_rect()
        inside = canvas.device_bounds
        if inside != full:
            self.screen.set_clip(None)
            self.screen.fill(LETTERBOX)
            self.screen.set_clip(inside)
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        visible = self.stack[max(first, 0):]
        cover = max((i for i, s in enumerate(visible) if s.dim_below), default=None)
        if cover is not None:
            # the scenes below a dimming overlay are still (not updated): drawn once, dimmed
            below, alpha = visible[:cover], visible[cover].dim_below
            key = ("below", tuple(id(s) for s in below), alpha, self._stack_version, i18n.language())

            def draw_below(layer):
                layer.fill(theme.BG)
                for scene in below:
                    scene.draw(layer)
                layer.dim(alpha)
            canvas.backdrop(key, draw_below)
            visible = visible[cover:]
        elif not (visible and visible[0].opaque):
            canvas.fill(theme.BG)
        for scene in visible:
            scene.draw(canvas)
        self.toasts.draw(canvas, self.stack[-1].toast_area if self.stack else None)
        if inside != full:
            self.screen.set_clip(None)
        self.drawn += 1
        self._dirty = False
        self._was_animating = self.animating()
        self._toast_seen = self.toasts.current

    def idle(self, limit: float | None = None) -> None:
        """Nothing moves: sleep in SDL's event wait until an event comes, the top scene's
        ``redraw_in()`` is due, a toast ends, or ``limit`` s pass; then handle the event.
        The fixed steps do not run while nothing moves (no scene is animating). After a
        change of the scene stack, the heap is settled first (:meth:`settle_heap`)."""
        waits = [limit]
        top = self.top
        if top is not None:
            waits.append(top.redraw_in())
        if self.toasts.current is not None:
            waits.append(self.toasts.left())
        waits = [w for w in waits if w is not None]
        timeout = min(waits) if waits else None
        self.settle_heap()
        t0 = time.perf_counter()
        events = self._wait_events(timeout)
        stamp = time.perf_counter()
        # the wait is counted before the events are handled: a toast an event brings
        # (a save set aside on a click of Resume) starts its time now, not aged by the
        # seconds the app slept before the click (newplayer9: Magico's went unseen)
        self.toasts.update(stamp - t0)
        if events:
            self._deliver(events, stamp)
        else:
            self._dirty = True       # the wait ran out: a blink or a toast's end was due

    def settle_heap(self) -> None:
        """Once after each change of the scene stack, while nothing moves: collect the
        garbage, then set every object that lives on aside from the cyclic garbage
        collector (``gc.freeze``), so that a collection Python starts by itself during a
        shot or an animation reads only what was made since. A full collection of a game's
        scene takes 16-20 ms (a dropped frame at 60 Hz; ``benchmarks/gc_pause.py``); one of
        the objects made since, under 0.1 ms. What was set aside is put back (``gc.unfreeze``)
        before each such collection, so a scene that left is freed with its cycles."""
        if self._settled_version == self._stack_version:
            return
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._settled_version = self._stack_version

    def _wait_events(self, timeout: float | None) -> list:
        """Sleep until SDL has an event (then take them all) or ``timeout`` s pass (then
        []). SDL's own wait sleeps on the window system's socket (~0 % of a core);
        pygame's ``event.wait`` polls (~2 %), so it is the fallback only. The wait is
        taken in slices of 250 ms so that a Python signal handler (quit on SIGTERM) runs
        soon."""
        lib = _sdl_library() if self.window else None
        wait = getattr(lib, "SDL_WaitEventTimeout", None)
        if wait is None:
            ms = 0 if timeout is None else max(1, int(timeout * 1000 + 0.999))
            event = pygame.event.wait(ms) if ms else pygame.event.wait()
            return [] if event.type == pygame.NOEVENT else [event] + pygame.event.get()
        wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
        end = None if timeout is None else time.perf_counter() + timeout
        while True:
            left = 250 if end is None else max(1, min(250, int((end - time.perf_counter()) * 1000 + 0.999)))
            if wait(None, left):                 # an event is waiting (not taken by SDL)
                events = pygame.event.get()
                if events:
                    return events
            if end is not None and time.perf_counter() >= end:
                return []

    def wait_until(self, deadline: float) -> None:
        """Wait for the next frame, due at ``deadline`` (``time.perf_counter()`` s); while
        the top scene tracks the pointer, look at the event queue every :data:`POLL` s
        meanwhile (the stamps follow the pointer, decision 2). Returns at the deadline,
        or at once when the app stops running."""
        while self.running:
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            top = self.top
            if top is not None and top.tracking_pointer:
                self.pump()
                time.sleep(min(left, POLL))
            else:
                time.sleep(left)

    def run(self, screenshot: Path | None = None, frames: int = 30) -> int:
        """The main loop. With ``screenshot``, draw every frame and save a PNG of what the
        window shows, at its pixel size, after ``frames`` frames; then exit.

        :returns: the process exit code.
        """
        if not self.stack:
            self.to_menu()
        period = 1 / FRAME_RATE
        try:
            last = time.perf_counter()
            deadline = last
            while self.running:
                if screenshot is None and not self.wants_frame() and not self.stepping():
                    self.idle()
                    last = time.perf_counter()
                    deadline = last                  # draw what the event changed at once
                    continue
                self.wait_until(deadline)
                now = time.perf_counter()
                deadline = max(deadline + period, now)
                dt, last = now - last, now
                self.frame(dt, force=screenshot is not None)
                if screenshot is not None and self.frames >= frames:
                    pygame.image.save(self.screen, os.fspath(screenshot))
                    print(screenshot)
                    break
        finally:
            self.remember_window_size(screenshot is None)
            self.saves.flush()
            workers.shutdown()
            pygame.quit()
        return 0
