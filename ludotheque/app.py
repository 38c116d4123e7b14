"""The window, the frame loop and the scene stack.

One window of logical size 1280×720 (``SCALED | RESIZABLE``, scaled by any factor to fit
the window, 640×360 at the smallest; the pointer maps through the scaling), F11 full
screen, M mute, Esc the pause menu, Ctrl+Q quit. Each frame drains the whole event
queue, then advances the top scene on a **fixed step** of :data:`STEP` seconds fed
from an accumulator (so outcomes never depend on the frame rate); the frame delta is
clamped to :data:`MAX_FRAME` so a stall (a dragged window) never makes anything jump.
Losing focus or being minimised opens the pause menu over a real-time scene.
Only the left mouse button reaches the scenes as a click: wheel and side-button presses
are dropped here, once for every scene.
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import warnings
from pathlib import Path

import pygame

from . import i18n, theme, workers
from .audio import Audio
from .saves import SaveStore
from .settings import Settings
from .widgets import Toasts

log = logging.getLogger(__name__)
_ = i18n.domain("ludotheque")

STEP = 1 / 120
"""Fixed update step in seconds."""
MAX_FRAME = 0.1
"""Largest frame delta (s) fed to the accumulator; longer stalls are dropped."""
MAX_STEPS = 12
"""Most fixed steps run in one frame."""
MIN_WINDOW = (640, 360)
"""Smallest window (pixels) a player can resize to: half the logical size."""


def fitting_window_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """The window size (pixels) to open with on a screen of ``desktop`` pixels: 1280×720
    when the screen is at least that big, else the largest 16:9 size that leaves room
    for a title bar and a panel (64 px wide, 96 px high), never below :data:`MIN_WINDOW`."""
    if desktop[0] >= theme.W and desktop[1] >= theme.H:
        return theme.W, theme.H
    room_w, room_h = desktop[0] - 64, desktop[1] - 96
    scale = max(MIN_WINDOW[0] / theme.W, min(room_w / theme.W, room_h / theme.H))
    return round(theme.W * scale), round(theme.H * scale)


def _scale_any_size() -> None:
    """Ask pygame's ``SCALED`` mode for a *fractional*, smoothed scale (set before
    ``set_mode``).

    By default ``SCALED`` scales a window by whole numbers only: a window smaller than
    1280×720 shows the picture cropped at scale 1 (the pointer then misses), and a
    1920×1080 window shows it at scale 1 inside wide black borders. pygame-ce turns
    whole-number scaling off when the hint it reads under the literal name
    ``SDL_HINT_RENDER_SCALE_QUALITY`` is true (``src_c/display.c``: ``pg_set_mode`` and
    ``pg_ResizeEventWatch``); SDL then scales by any factor and still maps the pointer
    back to logical pixels. ``SDL_RENDER_SCALE_QUALITY=linear`` makes that scaling smooth
    instead of nearest-pixel. A value the user set in the environment wins.
    """
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")


class App:
    """The running application: window, services and the scene stack.

    :param games: the registered :class:`~ludotheque.game.GameDescriptor` objects.
    :param settings: loaded settings (default: read from the user's config folder).
    :param saves: the save store (default: the user's data folder).
    :param seed: the ``--seed`` value, handed to games.
    :param window: False to draw on an off-screen surface only (tests, benchmarks).
    """

    def __init__(self, games, *, settings: Settings | None = None, saves: SaveStore | None = None,
                 seed: int | None = None, window: bool = True):
        self.games = list(games)
        self.settings = settings if settings is not None else Settings.load()
        self.saves = saves if saves is not None else SaveStore()
        self.rng_seed = seed
        i18n.set_language(self.settings.language)
        pygame.init()
        self.window = window
        if window:
            _scale_any_size()
            flags = pygame.SCALED | pygame.RESIZABLE
            with warnings.catch_warnings(record=True) as said:   # said once, in the log
                warnings.simplefilter("always")
                try:
                    self.screen = pygame.display.set_mode((theme.W, theme.H), flags, vsync=1)
                except pygame.error:
                    self.screen = pygame.display.set_mode((theme.W, theme.H), flags)
            for w in said:       # e.g. "no fast renderer available" on a machine without a GPU
                log.info("display: %s", w.message)
            pygame.display.set_caption("Ludothèque")
            self._allow_small_window()
            try:
                from .art import icon_surface

                pygame.display.set_icon(icon_surface(64))
            except pygame.error as exc:
                log.warning("no window icon: %s", exc)
            if self.settings.fullscreen:
                self._toggle_fullscreen(save=False)
        else:
            self.screen = pygame.Surface((theme.W, theme.H))
        pygame.key.set_repeat(400, 40)
        self.audio = Audio(self.settings.volume, self.settings.muted)
        self.toasts = Toasts()
        self.stack: list = []
        self.running = True
        self.frames = 0
        self.accumulator = 0.0
        self.clock = pygame.time.Clock()
        self._report_problems()

    def on_screen(self) -> bool:
        """False when the window is invisible although nobody asked for that: SDL found no
        display and fell back to its ``offscreen`` or ``dummy`` driver on its own (with
        ``SDL_VIDEODRIVER`` set, as tests and ``--screenshot`` do, it was asked for)."""
        if not self.window or os.environ.get("SDL_VIDEODRIVER"):
            return True
        return pygame.display.get_driver() not in ("offscreen", "dummy")

    def _allow_small_window(self) -> None:
        """Let the window shrink to :data:`MIN_WINDOW` (SCALED sets the logical size as
        its minimum); the picture and the pointer scale with it (:func:`_scale_any_size`).
        On a screen too small for 1280×720 the window opens smaller, centred, so that all
        of it (title bar included) is on the screen: :func:`fitting_window_size`."""
        try:
            self._sdl_window = pygame.Window.from_display_module()
            self._sdl_window.minimum_size = MIN_WINDOW
            desktop = pygame.display.get_desktop_sizes()[0]
            size = fitting_window_size(desktop)
            if size != (theme.W, theme.H):
                self._sdl_window.size = size
                self._sdl_window.position = pygame.WINDOWPOS_CENTERED
        except (AttributeError, IndexError, pygame.error) as exc:
            log.warning("the window cannot be made smaller than %d×%d: %s", theme.W, theme.H, exc)

    # ----------------------------------------------------------------- services
    def toast(self, text: str, seconds: float = 2.5) -> None:
        """Show ``text`` for ``seconds`` at the bottom of the screen."""
        self.toasts.add(text, seconds)

    def _report_problems(self) -> None:
        if self.settings.problem:
            self.toast(_("Your settings file was damaged; defaults are used. ({why})").format(
                why=self.settings.problem), 6)
            self.settings.problem = None
        for p in self.saves.problems:
            self.toast(p, 6)
        self.saves.problems.clear()

    def autosave(self, scene) -> bool:
        """Write ``scene.save_data()`` as the autosave of ``scene.game_id``. :returns: True if written."""
        data = scene.save_data()
        if data is None or scene.game_id is None:
            return False
        ok = self.saves.save(scene.game_id, data)
        self._report_problems()
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
        self.toast(_("Sound off") if self.audio.muted else _("Sound on"), 1.2)

    def _toggle_fullscreen(self, save: bool = True) -> None:
        if not self.window:
            return
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            log.warning("full screen not available: %s", exc)
            return
        if save:
            self.settings.fullscreen = not self.settings.fullscreen
            self.settings.save()

    # ------------------------------------------------------------ scene stack
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene) -> None:
        """Put ``scene`` on top of the stack."""
        if self.top is not None:
            self.top.on_pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self):
        """Remove the top scene (the one below becomes current). :returns: the removed scene."""
        if not self.stack:
            return None
        scene = self.stack.pop()
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
            scene.exit()

    def replace(self, scene) -> None:
        """Replace the top scene with ``scene``."""
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def to_menu(self) -> None:
        """Leave whatever is running and show the launcher menu."""
        from .menu import MenuScene

        while self.stack:
            self.stack.pop().exit()
        self.push(MenuScene(self))

    def game_scene(self):
        """The game scene currently on the stack, or None."""
        return next((s for s in reversed(self.stack) if getattr(s, "game_id", None)), None)

    def pause(self) -> None:
        """Open the pause menu over the current game (Esc, focus loss)."""
        from .menu import PauseScene

        if isinstance(self.top, PauseScene) or self.game_scene() is None:
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
    def dispatch(self, event) -> None:
        """Route one pygame event: global keys, window events, then the top scene."""
        t = event.type
        if t == pygame.QUIT:
            self.quit()
            return
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button != pygame.BUTTON_LEFT:
            return  # only the left button clicks; wheel and side buttons never do
        if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            if self.top is not None and self.top.realtime:
                self.pause()
            elif self.top is not None:
                self.top.on_pause()
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
        used = top.handle(event)
        if t == pygame.KEYDOWN and not used:
            if event.key == pygame.K_ESCAPE:
                self.pause()
            elif event.key == pygame.K_m and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
                self.toggle_mute()

    def frame(self, dt: float) -> None:
        """Run one frame of ``dt`` seconds of wall time: events, fixed steps, draw."""
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        self.advance(dt)
        self.draw()
        if self.window:
            pygame.display.flip()
        self.frames += 1

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
        """Draw the visible scenes (the top one and any it overlays) and the toasts."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        self.screen.fill(theme.BG)
        for scene in self.stack[max(first, 0):]:
            scene.draw(self.screen)
        self.toasts.draw(self.screen)

    def run(self, screenshot: Path | None = None, frames: int = 30) -> int:
        """The main loop. With ``screenshot``, save a PNG after ``frames`` frames and exit.

        :returns: the process exit code.
        """
        if not self.stack:
            self.to_menu()
        try:
            while self.running:
                ms = self.clock.tick(60)
                self.frame(ms / 1000.0)
                if screenshot is not None and self.frames >= frames:
                    pygame.image.save(self.screen, os.fspath(screenshot))
                    print(screenshot)
                    break
        finally:
            self.saves.flush()
            workers.shutdown()
            pygame.quit()
        return 0
