"""Short sounds synthesised with numpy, with a silent fallback.

Nothing is downloaded or shipped: each sound is a few tens of milliseconds of numpy
signal (decaying sines, filtered noise) turned into a ``pygame.mixer.Sound`` through
``pygame.sndarray``. When no audio device can be opened (``SDL_AUDIODRIVER`` naming a
driver that does not exist, no sound card, a headless server) the app runs silently and
says so once in the log.
"""

from __future__ import annotations

import logging
import os
import sys

import numpy as np

log = logging.getLogger(__name__)

RATE = 44100
SILENT_DRIVERS = ("dummy", "disk")
"""SDL audio drivers that open without a sound device (``dummy`` plays nothing, ``disk``
writes a file): with them, as with no mixer at all, nobody hears a sound."""


def _env(n: int, attack: float, decay: float) -> np.ndarray:
    t = np.arange(n) / RATE
    a = np.clip(t / max(attack, 1e-4), 0, 1)
    return a * np.exp(-t / decay)


def _noise(n: int, rng: np.random.Generator, smooth: int = 1) -> np.ndarray:
    x = rng.standard_normal(n)
    if smooth > 1:
        x = np.convolve(x, np.ones(smooth) / smooth, mode="same")
    return x / (np.max(np.abs(x)) + 1e-9)


def synthesise(name: str, seed: int = 0) -> np.ndarray:
    """The mono waveform of sound ``name`` as float32 samples in [-1, 1] at :data:`RATE` Hz.

    Names: click, knock, clack, slide, dice, drop, score, error, win.
    :raises KeyError: an unknown name.
    """
    rng = np.random.default_rng(seed)

    def secs(s):
        return int(RATE * s)

    def t_of(n):
        return np.arange(n) / RATE

    if name == "click":
        n = secs(0.04)
        x = np.sin(2 * np.pi * 1800 * t_of(n)) * _env(n, 0.001, 0.008)
    elif name == "knock":  # knuckles on a wooden table: two low thuds
        n = secs(0.45)
        t = t_of(n)
        one = (np.sin(2 * np.pi * 140 * t) + 0.5 * np.sin(2 * np.pi * 310 * t)) * _env(n, 0.002, 0.03)
        one += 0.3 * _noise(n, rng, 4) * _env(n, 0.001, 0.006)
        x = one.copy()
        d = secs(0.18)
        x[d:] += one[: n - d]
    elif name == "clack":  # puck on puck: bright, short
        n = secs(0.12)
        t = t_of(n)
        x = (np.sin(2 * np.pi * 2300 * t) + 0.6 * np.sin(2 * np.pi * 3700 * t)) * _env(n, 0.0005, 0.012)
        x += 0.4 * _noise(n, rng) * _env(n, 0.0005, 0.004)
    elif name == "slide":  # felt/wood rumble
        n = secs(0.35)
        x = _noise(n, rng, 24) * _env(n, 0.05, 0.2) * 0.6
    elif name == "dice":  # several small clicks
        n = secs(0.6)
        x = np.zeros(n)
        for k in range(7):
            start = int(rng.uniform(0, 0.45) * RATE)
            m = secs(0.05)
            t = t_of(m)
            hit = np.sin(2 * np.pi * rng.uniform(1200, 2600) * t) * _env(m, 0.0005, 0.01)
            x[start:start + m] += hit[: n - start] * rng.uniform(0.4, 1.0)
    elif name == "drop":  # a puck falling into the gutter
        n = secs(0.3)
        t = t_of(n)
        f = 260 - 120 * t / t[-1]
        x = np.sin(2 * np.pi * np.cumsum(f) / RATE) * _env(n, 0.002, 0.08)
        x += 0.3 * _noise(n, rng, 6) * _env(n, 0.001, 0.02)
    elif name == "score":  # two rising notes
        n = secs(0.36)
        t = t_of(n)
        half = n // 2
        f = np.where(np.arange(n) < half, 660, 990)
        x = np.sin(2 * np.pi * f * t) * np.concatenate([_env(half, 0.005, 0.12), _env(n - half, 0.005, 0.15)])
    elif name == "error":
        n = secs(0.22)
        t = t_of(n)
        x = np.sign(np.sin(2 * np.pi * 180 * t)) * 0.4 * _env(n, 0.005, 0.08)
    elif name == "win":
        notes = (523, 659, 784, 1047)
        parts = []
        for i, f in enumerate(notes):
            m = secs(0.16 if i < 3 else 0.45)
            parts.append(np.sin(2 * np.pi * f * t_of(m)) * _env(m, 0.004, 0.1 if i < 3 else 0.3))
        x = np.concatenate(parts)
    else:
        raise KeyError(name)
    peak = np.max(np.abs(x)) or 1.0
    return (0.8 * x / peak).astype(np.float32)


class quiet_native_stderr:
    """A context in which what native libraries write on file descriptor 2 goes to
    ``os.devnull``, restored on leaving (standard library only: ``os.dup``/``os.dup2``).

    For the sound device's probe only: with no sound card, alsa-lib and the PulseAudio
    client print about sixteen lines ("ALSA lib confmisc.c:855:(parse_card) cannot find
    card '0'", "error: XDG_RUNTIME_DIR is invalid…") straight to fd 2 while SDL looks
    for a device, although SDL then reports the failure as an error of its own
    (``pygame.error``), which :class:`Audio` logs. Nothing else should run inside: what
    Python writes to ``sys.stderr`` there is lost too (it is flushed before and after).
    Where fd 2 cannot be duplicated (no stderr at all, a windowed bundle), nothing is
    redirected.
    """

    def __enter__(self):
        self._saved = None
        try:
            sys.stderr.flush()
        except (AttributeError, OSError, ValueError):
            pass
        try:
            saved = os.dup(2)
        except OSError:
            return self
        try:
            null = os.open(os.devnull, os.O_WRONLY)
        except OSError:
            os.close(saved)
            return self
        try:
            os.dup2(null, 2)
        except OSError:
            os.close(saved)
            return self
        finally:
            os.close(null)
        self._saved = saved
        return self

    def __exit__(self, *exc):
        if self._saved is not None:
            try:
                sys.stderr.flush()
            except (AttributeError, OSError, ValueError):
                pass
            os.dup2(self._saved, 2)
            os.close(self._saved)
            self._saved = None
        return False


def init_pygame() -> tuple[int, int]:
    """``pygame.init()`` with the sound device's probe kept off the terminal: the display
    and the fonts are started first with fd 2 as it is (their errors stay visible), then
    ``pygame.init()`` starts the rest — the mixer among them, which probes the sound
    device — inside :class:`quiet_native_stderr`. :returns: pygame.init()'s (passed,
    failed) counts; a failed module is logged (a missing device is also said by
    :class:`Audio`)."""
    import pygame

    for module in (pygame.display, pygame.font):
        try:
            module.init()
        except pygame.error as exc:       # as pygame.init() would: said when the window opens
            log.info("pygame.%s did not start: %s", module.__name__.rsplit(".", 1)[-1], exc)
    with quiet_native_stderr():
        counts = pygame.init()
    if counts[1]:
        log.info("pygame.init: %d module(s) did not start (the mixer among them when there is no "
                 "sound device)", counts[1])
    return counts


NAMES = ("click", "knock", "clack", "slide", "dice", "drop", "score", "error", "win")


class Audio:
    """Plays the synthesised sounds; silent when no device is available.

    :param volume: 0.0–1.0 master volume. :param muted: start muted.
    :ivar available: False when the mixer could not be opened (then :meth:`play` does nothing).
    :ivar driver: the SDL audio driver the mixer opened (``"pulseaudio"``, ``"alsa"``,
        ``"dummy"``…), None when it could not be opened.
    """

    def __init__(self, volume: float = 0.7, muted: bool = False):
        self.volume = float(volume)
        self.muted = bool(muted)
        self.available = False
        self.driver: str | None = None
        self._sounds: dict = {}
        try:
            import pygame

            with quiet_native_stderr():       # alsa-lib's lines with no device (SDL raises its own error)
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            freq, _fmt, channels = pygame.mixer.get_init()
            self.available = True
        except Exception as exc:  # no device, unknown driver, no mixer module
            log.warning("no sound device, playing silently (%s)", exc)
            return
        self._freq, self._channels = freq, channels
        try:
            self.driver = str(pygame.mixer.get_driver())
        except Exception:  # pygame without get_driver: a device is assumed
            self.driver = "unknown"
        if self.driver in SILENT_DRIVERS:
            log.warning("no sound device (SDL audio driver %r), playing silently", self.driver)

    @property
    def has_device(self) -> bool:
        """True when a sound can be heard: the mixer is open on a real device (not on one of
        :data:`SILENT_DRIVERS`). False means silence, never an error: the settings screen
        then shows the Sound row disabled with that reason."""
        return self.available and self.driver not in SILENT_DRIVERS and self.driver is not None

    def _sound(self, name: str):
        snd = self._sounds.get(name)
        if snd is None:
            import pygame

            mono = synthesise(name)
            if self._freq != RATE:  # resample to the device rate
                n = int(len(mono) * self._freq / RATE)
                mono = np.interp(np.linspace(0, len(mono) - 1, n), np.arange(len(mono)), mono)
            pcm = (mono * 32767).astype(np.int16)
            arr = np.repeat(pcm[:, None], self._channels, axis=1) if self._channels > 1 else pcm
            snd = pygame.sndarray.make_sound(np.ascontiguousarray(arr))
            self._sounds[name] = snd
        return snd

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play sound ``name`` at ``volume`` × the master volume (0–1). Never raises for a missing device."""
        if not self.available or self.muted or self.volume <= 0:
            return
        try:
            snd = self._sound(name)
            snd.set_volume(max(0.0, min(1.0, volume * self.volume)))
            snd.play()
        except Exception as exc:  # a device that vanished mid-game
            log.warning("sound %s not played: %s", name, exc)
