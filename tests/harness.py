"""Drive the shell and its scenes with synthetic events, headless (design.md "Tests").

>>> app = make_app([descriptor])          # an App drawing off-screen, private settings/saves
>>> click(app, (640, 360)); frames(app, 10)
>>> drag(app, (100, 100), (300, 100), seconds=0.2)
>>> key(app, pygame.K_ESCAPE); type_text(app, "12")

Events go through ``App.dispatch`` exactly as the real loop routes them, so the global
keys, the left-button filter and the pause menu behave as in the game.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pygame

from ludotheque.app import App, STEP
from ludotheque.saves import SaveStore
from ludotheque.settings import Settings


def make_app(games, *, language: str = "en", folder: Path | None = None, seed: int | None = 1,
             size: tuple[int, int] | None = None) -> App:
    """An :class:`App` with no window, settings and saves in a private temporary folder;
    it draws on an off-screen device surface of ``size`` px (default 1280×720) through
    its canvas, as a window of that size would. Events posted here are in design units."""
    folder = Path(folder) if folder is not None else Path(tempfile.mkdtemp(prefix="ludo-"))
    settings = Settings.load(folder / "settings.json")
    settings.language = language
    app = App(games, settings=settings, saves=SaveStore(folder / "saves"), seed=seed, window=False,
              size=size)
    app.to_menu()
    return app


def post(app: App, type_, **attrs) -> None:
    """Dispatch one synthetic event of ``type_`` with ``attrs``."""
    app.dispatch(pygame.event.Event(type_, **attrs))


def frames(app: App, n: int = 1, dt: float = 1 / 60) -> None:
    """Run ``n`` frames of ``dt`` seconds (fixed-step updates and a draw each)."""
    for _ in range(n):
        app.advance(dt)
        app.draw()


def run_until(app: App, predicate, max_seconds: float = 30.0, dt: float = 1 / 60) -> bool:
    """Run frames until ``predicate()`` is true or ``max_seconds`` of game time passed."""
    t = 0.0
    while t < max_seconds:
        if predicate():
            return True
        frames(app, 1, dt)
        t += dt
    return predicate()


def wait_for(app: App, predicate, wall: float = 180.0) -> bool:
    """Frames until ``predicate()`` holds — a state that needs a worker (the computer's
    decision) as well as game time, so it is waited for, not timed; ``wall`` seconds of
    real time only bound a hang (AssertionError)."""
    end = time.monotonic() + wall
    while not predicate():
        assert time.monotonic() < end, "the state never came"
        frames(app, 1)
    return True


def move(app: App, pos, buttons=(0, 0, 0)) -> None:
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)


def click(app: App, pos, button: int = pygame.BUTTON_LEFT) -> None:
    """Press and release ``button`` at ``pos`` (logical pixels), with a frame after."""
    move(app, pos)
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
    frames(app, 1)


def drag(app: App, start, end, seconds: float = 0.25, steps: int = 15, release: bool = True) -> None:
    """Press at ``start``, move in ``steps`` even steps to ``end`` over ``seconds`` of game
    time (frames run between moves, so time-stamped gestures such as flicks see real
    velocities), then release unless ``release`` is False."""
    move(app, start)
    post(app, pygame.MOUSEBUTTONDOWN, pos=start, button=pygame.BUTTON_LEFT, touch=False)
    frames(app, 1, STEP)
    for i in range(1, steps + 1):
        p = (round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps))
        frames(app, 1, seconds / steps)
        move(app, p, buttons=(1, 0, 0))
    if release:
        post(app, pygame.MOUSEBUTTONUP, pos=end, button=pygame.BUTTON_LEFT, touch=False)
        frames(app, 1, STEP)


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    """Press and release key ``k``."""
    post(app, pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(app, pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)


def type_text(app: App, text: str) -> None:
    """Type ``text`` as TEXTINPUT events (what a keyboard in any language sends)."""
    for ch in text:
        post(app, pygame.TEXTINPUT, text=ch)


def pixel(app: App, pos) -> tuple:
    """The RGB colour of the screen at design point ``pos`` after the last draw (the
    device pixel at the point's place on the canvas)."""
    x, y = app.canvas.to_device(pos[0] + 0.5 / app.canvas.scale, pos[1] + 0.5 / app.canvas.scale)
    return tuple(app.screen.get_at((int(x), int(y))))[:3]


def edge_widths(row, low: float = 0.1, high: float = 0.9) -> list[int]:
    """For a row of grey levels across glyphs (device px), the width in px of every edge:
    how many pixels an intensity step takes from ``low`` to ``high`` of the row's range
    (1–2 for text rasterised at the device size; 4–5 for a 1280×720 picture stretched
    to 2560×1440)."""
    lo, hi = min(row), max(row)
    if hi - lo < 20:
        return []
    a, b = lo + low * (hi - lo), lo + high * (hi - lo)
    widths, i = [], 0
    while i < len(row) - 1:
        if (row[i] <= a and row[i + 1] > a) or (row[i] >= b and row[i + 1] < b):
            rising = row[i + 1] > row[i]
            j = i + 1
            while j < len(row) and (a < row[j] < b):
                j += 1
            if j < len(row) and ((row[j] >= b) if rising else (row[j] <= a)):
                widths.append(j - i)
            i = j
        else:
            i += 1
    return widths


_KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_UP,
         pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_k, pygame.K_r, pygame.K_u, pygame.K_F3,
         pygame.K_0, pygame.K_5, pygame.K_9, pygame.K_a, pygame.K_PAGEDOWN, pygame.K_KP_ENTER, pygame.K_DELETE]
_TEXTS = ["1", "7", "10", "é", "ß", "中", "🙂", " ", "-", "x", "\u200b"]


def random_event(rng) -> pygame.event.Event:
    """One random input event: pointer moves (also outside the window), presses and
    releases of every button number, wheel, keys, text in any script, window events."""
    r = rng.random()
    pos = (rng.randint(-50, 1330), rng.randint(-50, 770)) if rng.random() < 0.1 else (rng.randint(0, 1279), rng.randint(0, 719))
    if r < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-40, 40), rng.randint(-40, 40)),
                                  buttons=(rng.randint(0, 1), 0, 0), touch=False)
    if r < 0.55:
        t = pygame.MOUSEBUTTONDOWN if rng.random() < 0.5 else pygame.MOUSEBUTTONUP
        return pygame.event.Event(t, pos=pos, button=rng.choice([1, 1, 1, 2, 3, 4, 5, 6, 7]), touch=False)
    if r < 0.6:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                  precise_x=0.0, precise_y=1.0, touch=False)
    if r < 0.85:
        k = rng.choice(_KEYS)
        return pygame.event.Event(rng.choice([pygame.KEYDOWN, pygame.KEYUP]), key=k, mod=rng.choice([0, 0, 0, pygame.KMOD_SHIFT]),
                                  unicode="", scancode=0)
    if r < 0.95:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(_TEXTS))
    return pygame.event.Event(rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                                          pygame.WINDOWRESTORED, pygame.WINDOWRESIZED]))


def fuzz(app: App, rng, n: int, frame_every: int = 5, on_frame=None) -> int:
    """Dispatch ``n`` random events with a frame every ``frame_every`` events.

    ``on_frame()`` (e.g. an invariant check) runs after each frame. Never sends QUIT and
    never presses Ctrl+Q; when a random click hits a Quit button (the app stops, as it
    should), the app is set running again. :returns: the number of events sent.
    """
    for i in range(n):
        app.dispatch(random_event(rng))
        if i % frame_every == 0:
            frames(app, 1)
            if on_frame is not None:
                on_frame()
        if not app.running:
            app.running = True
    return n
