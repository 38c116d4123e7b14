"""Mississippi's table sounds: a puck hitting a puck, a rail or an end board, and a puck
tipping into a gutter, loud as the hit is hard (issue 12 §2 "Feel").

The sounds are files in ``assets/mississippi/sounds/`` (16-bit mono WAV at 22 050 Hz, a
few kB each), made by this module's :func:`synthesise` with numpy — nothing is recorded or
downloaded. To make them again (after changing the synthesis)::

    python -m mississippi.sounds generate

How they are made (one seed each, so the files are the same every time):

* ``puck_hard`` / ``puck_soft``: two hard-maple discs striking — the first bending modes
  of a 76 × 23 mm disc (about 1.9, 3.3, 4.4 and 6.1 kHz; a hard hit excites the high ones
  more) decaying in 10–40 ms, over a 1 ms noise click (the contact itself).
* ``rail``: a puck against the padded wooden rail — a low thud (190 and 420 Hz, 30 ms)
  with a short band of noise.
* ``board``: against an end board — the same, lower and longer (the board is a box).
* ``drop``: tipping into a gutter — a short scrape as the rim slides over the edge line,
  then the hollow knock of the gutter floor (130 Hz falling to 95 Hz, 0.2 s) and a rattle.

Loudness (:func:`volume`): the sound pressure of an impact grows with the impact speed
(the impulse, for a given contact time), so the playback gain is proportional to the
normal speed, ``v / FULL_MM_S``, capped at 1, and nothing plays below ``QUIET_MM_S``.
Hits under ``SOFT_MM_S`` use the soft puck sound (fewer high modes).

Playback goes through the shell's :class:`ludotheque.audio.Audio` (its volume, mute and
"no device" fallback); this module only loads its own files into the mixer.
"""

from __future__ import annotations

import logging
import sys
import wave
import weakref
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

RATE = 22050
"""Sample rate of the files (Hz)."""
NAMES = ("puck_hard", "puck_soft", "rail", "board", "drop")
FULL_MM_S = {"puck": 4000.0, "rail": 3000.0, "board": 3000.0}
"""Normal impact speed (mm/s) that plays at full volume, per kind of hit."""
QUIET_MM_S = 40.0
"""Hits slower than this (mm/s) make no sound (pucks settling against each other)."""
SOFT_MM_S = 1500.0
"""Puck–puck hits slower than this use ``puck_soft``."""
MAX_PER_CALL = 4
"""At most this many impacts are played per call (the loudest): a break of 16 pucks is
a clatter, not 40 overlapping sounds."""


def _env(n: int, attack: float, decay: float) -> np.ndarray:
    t = np.arange(n) / RATE
    return np.clip(t / max(attack, 1e-4), 0, 1) * np.exp(-t / decay)


def synthesise(name: str) -> np.ndarray:
    """The waveform of sound ``name`` (one of :data:`NAMES`), float32 in [-1, 1] at
    :data:`RATE` Hz (see the module doc for each recipe).

    :raises KeyError: an unknown name.
    """
    if name not in NAMES:
        raise KeyError(name)
    rng = np.random.default_rng(NAMES.index(name) + 11)

    def secs(s):
        return int(RATE * s)

    if name in ("puck_hard", "puck_soft"):
        hard = name == "puck_hard"
        n = secs(0.09)
        t = np.arange(n) / RATE
        modes = ((1900, 1.0, 0.035), (3300, 0.7 if hard else 0.35, 0.022),
                 (4400, 0.5 if hard else 0.15, 0.015), (6100, 0.35 if hard else 0.05, 0.010))
        x = sum(a * np.sin(2 * np.pi * f * t + rng.uniform(0, 6.28)) * _env(n, 0.0003, d)
                for f, a, d in modes)
        x = x + (0.6 if hard else 0.3) * rng.standard_normal(n) * _env(n, 0.0002, 0.001)
    elif name in ("rail", "board"):
        n = secs(0.12 if name == "rail" else 0.18)
        t = np.arange(n) / RATE
        f1, f2 = (190, 420) if name == "rail" else (140, 310)
        d = 0.03 if name == "rail" else 0.05
        x = (np.sin(2 * np.pi * f1 * t) + 0.5 * np.sin(2 * np.pi * f2 * t)) * _env(n, 0.001, d)
        noise = np.convolve(rng.standard_normal(n), np.ones(6) / 6, mode="same")
        x = x + 0.5 * noise * _env(n, 0.0005, 0.006)
    else:  # drop
        scrape_n, knock_n = secs(0.06), secs(0.28)
        scrape = np.convolve(rng.standard_normal(scrape_n), np.ones(3) / 3, mode="same")
        scrape *= 0.25 * np.linspace(0.3, 1.0, scrape_n)
        t = np.arange(knock_n) / RATE
        f = 130 - 35 * t / t[-1]
        knock = np.sin(2 * np.pi * np.cumsum(f) / RATE) * _env(knock_n, 0.002, 0.07)
        rattle = np.zeros(knock_n)
        for k, at in enumerate((0.05, 0.09, 0.12)):
            i = secs(at)
            m = secs(0.02)
            tt = np.arange(m) / RATE
            rattle[i:i + m] += (0.35 / (k + 1)) * np.sin(2 * np.pi * 900 * tt) * _env(m, 0.0005, 0.004)
        x = np.concatenate([scrape, knock + rattle])
    peak = float(np.max(np.abs(x))) or 1.0
    return (0.85 * x / peak).astype(np.float32)


def write_wav(path: Path, samples: np.ndarray) -> None:
    """Write float samples in [-1, 1] as a 16-bit mono WAV at :data:`RATE` Hz."""
    pcm = (np.clip(samples, -1, 1) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def folder() -> Path:
    """Where the sound files are installed (``ludotheque.assets`` / mississippi/sounds)."""
    from ludotheque.paths import ASSETS
    return ASSETS / "mississippi" / "sounds"


def generate(out: Path | None = None) -> list[Path]:
    """Synthesise every sound into ``out`` (default: the repository's
    ``assets/mississippi/sounds``). :returns: the files written."""
    out = Path(out) if out is not None else Path(__file__).resolve().parent.parent / "assets" / "mississippi" / "sounds"
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in NAMES:
        p = out / f"{name}.wav"
        write_wav(p, synthesise(name))
        written.append(p)
    return written


def volume(kind: str, speed: float) -> float:
    """Playback gain 0–1 of an impact of ``kind`` ("puck", "rail", "board") at normal speed
    ``speed`` mm/s: proportional to the speed, full at :data:`FULL_MM_S`, 0 below
    :data:`QUIET_MM_S`."""
    if not speed >= QUIET_MM_S:            # also NaN
        return 0.0
    return min(1.0, speed / FULL_MM_S[kind])


def choose(events) -> list[tuple[str, float]]:
    """The sounds (file name, gain 0–1) for physics events (``mississippi.physics.ShotEvent``
    or anything with ``kind``, ``where``, ``speed``): puck–puck contacts, rails and end
    boards by impact speed, a drop into a gutter at full gain; at most
    :data:`MAX_PER_CALL` impacts (the loudest) and every drop."""
    hits, drops = [], []
    for ev in events:
        kind = getattr(ev, "kind", None)
        speed = float(getattr(ev, "speed", 0.0) or 0.0)
        if kind == "contact":
            g = volume("puck", speed)
            if g > 0:
                hits.append(("puck_hard" if speed >= SOFT_MM_S else "puck_soft", g))
        elif kind == "rail":
            where = getattr(ev, "where", "") or ""
            k = "board" if where.endswith("_board") else "rail"
            g = volume(k, speed)
            if g > 0:
                hits.append((k, g))
        elif kind in ("drop", "off_table"):
            drops.append(("drop", 1.0 if kind == "drop" else 0.8))
    hits.sort(key=lambda h: -h[1])
    return hits[:MAX_PER_CALL] + drops


class TableSounds:
    """The table's sounds loaded into the mixer; played through an audio object (a
    :class:`ludotheque.audio.Audio`: its volume and mute), silent when it has no device or
    the files are missing (said once in the log)."""

    def __init__(self) -> None:
        self._sounds: dict = {}
        self._failed = False

    def _load(self, name: str):
        snd = self._sounds.get(name)
        if snd is None and not self._failed:
            try:
                import pygame
                snd = pygame.mixer.Sound(str(folder() / f"{name}.wav"))
            except Exception as exc:           # no mixer, file missing or unreadable
                log.warning("Mississippi sounds off: %s", exc)
                self._failed = True
                return None
            self._sounds[name] = snd
        return snd

    def play(self, audio, events) -> list[tuple[str, float]]:
        """Play the sounds :func:`choose` picks for ``events`` through ``audio``.
        :returns: what it chose (also when silent), for tests."""
        chosen = choose(events)
        a = audio
        if not chosen or not getattr(a, "available", False) or getattr(a, "muted", False):
            return chosen
        for name, gain in chosen:
            snd = self._load(name)
            if snd is None:
                break
            try:
                snd.set_volume(max(0.0, min(1.0, gain * a.volume)))
                snd.play()
            except Exception as exc:           # a device that vanished mid-game
                log.warning("sound %s not played: %s", name, exc)
        return chosen


_PLAYERS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def play_events(audio, events) -> list[tuple[str, float]]:
    """Play the table sounds for physics ``events`` through ``audio`` (one
    :class:`TableSounds` kept per audio object, for as long as it lives). :returns: what
    was chosen."""
    try:
        player = _PLAYERS.get(audio)
        if player is None:
            player = _PLAYERS[audio] = TableSounds()
    except TypeError:                          # an object that takes no weak reference
        player = TableSounds()
    return player.play(audio, events)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] != ["generate"]:
        print("usage: python -m mississippi.sounds generate [FOLDER]")
        return 2
    for p in generate(Path(argv[1]) if len(argv) > 1 else None):
        print(p, p.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
