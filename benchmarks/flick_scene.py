"""What the eye sees under the hand against what the table gets (issue 12 §1, M-U1): the aim
guide's speed drawn in the last frame before the release, against the launch speed,
through the real :class:`ludotheque.app.App` and Mississippi scene (headless).

A modelled stroke (:mod:`benchmarks.hands`: minimum-jerk hand, a mouse of 125/500/1000 Hz
reporting whole design pixels of the close view, the frame loop's polls stamping each
report) is fed to the App as pygame events carrying the shell's stamps (``event.stamp``),
frame by frame at 60 or 144 Hz: the events of a frame, then the fixed steps, then the draw
(as ``App.frame`` runs them). The guide's speed is read from what the draw drew
(:class:`mississippi.view.Guide`), the launch from the scene's flick.

``ratio`` = guide speed in the last frame drawn before the release / launch speed. A hand
still speeding up when it lets go (``rising``) is faster at the release than in that
frame (1–16 ms earlier): its ratio is below 1 by the hand's own acceleration, which no
guide can show in advance. Run ``python benchmarks/flick_scene.py [--n 12]`` for the table.

Measured on 2026-12-02 (flick8, 8 strokes a cell): before the scene's clock fix the guide
at 60 Hz read 0.13–0.59 × the launch (median of a cell) — it asked for the velocity a
whole frame after the last report, so every frame saw the pointer still; after it, push
and peak cells 0.99–1.03 (rising 0.82–0.95: the hand's own acceleration).
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from benchmarks import hands  # noqa: E402

SPEEDS = {"push": (500.0, 1400.0), "peak": (1500.0, 4500.0), "rising": (1500.0, 4500.0)}
"""Hand speeds (mm/s) at the release drawn per shape."""


def pointer_events(st: hands.Stroke, to_design, rng: random.Random, mouse_hz: int,
                   loop_hz: int) -> list[tuple[str, float, tuple[int, int]]]:
    """The events of stroke ``st`` as the shell takes them: ``(kind, stamp s, (x, y) design
    px)``, kind ``down`` / ``motion`` / ``up``. The mouse reports every 1/``mouse_hz`` s (a
    random phase) the hand's position mapped by ``to_design`` (table mm → design px) on a
    random sub-pixel grid, floored; a report is a motion only if the pixel changed. Stamps
    are the frame loop's polls (:func:`benchmarks.hands._polls`) after each report's arrival."""
    period = 1.0 / mouse_hz
    phase = rng.random() * period
    ox, oy = rng.random(), rng.random()

    def pix(t):
        x, y = to_design(*st.pos(t))
        return (math.floor(x + ox), math.floor(y + oy))

    t_up = st.release if st.release is not None else st.end + 0.1
    reports, last, k = [], None, 0
    while True:
        t = phase + k * period
        k += 1
        if t > t_up + period:
            break
        p = pix(t)
        if last is None:
            reports.append(("down", t, p))
        elif p != last:
            reports.append(("motion", t, p))
        last = p
        if st.release is not None and t >= st.release:
            reports.append(("up", t, p))
            break
    polls = hands._polls(rng, loop_hz, reports[-1][1])
    out, j = [], 0
    for kind, t, p in reports:
        arrive = t + rng.uniform(0.0, 1e-4)
        while polls[j] < arrive:
            j += 1
        out.append((kind, polls[j], p))
    return out


def throw_through_scene(app, descriptor, shape: str, speed: float, mouse_hz: int, loop_hz: int,
                        rng: random.Random) -> tuple[float, float] | None:
    """One stroke through the App (the shooter's turn, aim guide on): ``(guide speed in the
    last frame drawn before the release, launch speed)`` mm/s, or None if no guide was
    drawn or nothing was launched."""
    import pygame

    import mississippi.view as mview
    from benchmarks import mississippi_frames as mf

    m = mf.lagged()
    m.place_target(3300, mf.MID_Y)
    scene = mf._start(app, descriptor, m, options={"aim_guide": True})
    scene.view.settle(scene.snapshot())
    frame = 1.0 / loop_hz
    app.advance(frame)
    app.draw()
    st = hands.stroke(shape, speed, rng)
    evs = pointer_events(st, scene.view.to_design, rng, mouse_hz, loop_hz)
    drawn: list[float] = []
    real = mview.Guide

    def guide(*a, **k):
        g = real(*a, **k)
        drawn.append(g.speed)
        return g

    mview.Guide = guide
    try:
        f = evs[0][1]
        shown = None
        base = 1000.0                          # any clock: the scene maps its own onto it
        for kind, stamp, pos in evs:
            while kind != "down" and f + frame <= stamp:
                f += frame
                drawn.clear()
                app.advance(frame)
                app.draw()
                if drawn:
                    shown = drawn[-1]
            if kind == "motion":
                ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0),
                                        touch=False, stamp=base + stamp)
            else:
                ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP,
                                        pos=pos, button=1, touch=False, stamp=base + stamp)
            app.dispatch(ev)
            if kind != "down" and scene.aim is None:
                break
    finally:
        mview.Guide = real
    launch = scene.last_launch
    if shown is None or not launch:
        return None
    return shown, math.hypot(launch["vx"], launch["vy"])


def main(n: int = 8) -> list[dict]:
    """The table: per shape, mouse and loop rate, guide / launch over ``n`` strokes."""
    import main as composition
    from tests.harness import make_app

    app = make_app(composition.descriptors(), size=(1280, 720))
    d = next(d for d in app.games if d.id == "mississippi")
    rows = []
    for shape in SPEEDS:
        for mouse in (125, 500, 1000):
            for loop in (60, 144):
                rng = random.Random(f"flick_scene/{shape}/{mouse}/{loop}")
                rs = []
                for _ in range(n):
                    r = throw_through_scene(app, d, shape, rng.uniform(*SPEEDS[shape]), mouse, loop, rng)
                    if r is not None:
                        rs.append(r[0] / max(r[1], 1.0))
                rs.sort()
                row = {"shape": shape, "mouse": mouse, "loop": loop, "n": len(rs),
                       "median": statistics.median(rs), "min": rs[0], "max": rs[-1]}
                rows.append(row)
                print(f"{shape:<7} {mouse:>4} Hz mouse / {loop:>3} Hz loop: guide/launch median "
                      f"{row['median']:.3f} (min {row['min']:.3f}, max {row['max']:.3f}, {len(rs)} strokes)",
                      flush=True)
    return rows


if __name__ == "__main__":
    main(int(sys.argv[sys.argv.index("--n") + 1]) if "--n" in sys.argv else 8)
