"""Frame time of every scene, rendered headless at 1280×720 (design.md: p99 ≤ 4 ms).

Each scene is driven through the real :class:`ludotheque.app.App` loop (events, fixed
steps, draw) on an off-screen surface for a few hundred frames; the figure is the p99 of
the per-frame wall time (median and max alongside). Game phases come from each game's
optional ``benchmarks/<game>_frames.py`` ``phases(app, descriptor)`` generator, which
yields ``(name, scene)`` pairs already set up in that phase; without one, the game is
measured in its first turn and in AI-against-AI demo play.
"""

from __future__ import annotations

import importlib
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_MS = 4.0


def _percentile(xs, q):
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[k]


def time_frames(app, n: int) -> list[float]:
    """Run ``n`` frames of 1/60 s through the app; returns each frame's wall time (ms)."""
    import pygame

    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        for event in pygame.event.get():
            app.dispatch(event)
        app.advance(1 / 60)
        app.draw()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def row(name: str, ms: list[float]) -> dict:
    p99 = _percentile(ms, 0.99)
    return {"what": f"frame {name}", "figure": round(p99, 3), "unit": "ms p99", "target": TARGET_MS,
            "better": "lower", "median": round(statistics.median(ms), 3), "min": round(min(ms), 3),
            "max": round(max(ms), 3), "runs": len(ms)}


def shell_phases(app):
    from ludotheque.menu import PauseScene, RulesScene, SettingsScene, SetupScene

    app.to_menu()
    yield "menu", None
    app.push(SettingsScene(app))
    yield "settings", None
    app.to_menu()
    if app.games:
        g = app.games[0]
        app.push(SetupScene(app, g))
        yield "setup", None
        app.to_menu()
        app.push(RulesScene(app, g.title, g.rules_text))
        yield "rules", None


def game_phases(app, descriptor):
    from ludotheque.game import GameConfig, PlayerSpec
    from ludotheque.menu import PauseScene, start_game

    try:
        mod = importlib.import_module(f"benchmarks.{descriptor.id}_frames")
    except ModuleNotFoundError:
        mod = None
    if mod is not None and hasattr(mod, "phases"):
        yield from mod.phases(app, descriptor)
        return
    app.to_menu()
    start_game(app, descriptor, GameConfig(players=(PlayerSpec("A"), PlayerSpec("B")), seed=1,
                                           options=descriptor.default_options()))
    yield f"{descriptor.id} first turn", None
    app.pause()
    yield f"{descriptor.id} pause menu", None
    app.to_menu()
    start_game(app, descriptor, GameConfig(players=(PlayerSpec("A", "ai", "beginner"), PlayerSpec("B", "ai", "beginner")),
                                           seed=1, options=descriptor.default_options(), demo=True))
    yield f"{descriptor.id} AI demo", None


def main(quick: bool = False) -> list[dict]:
    import main as composition
    from tests.harness import make_app

    n = 120 if quick else 400
    app = make_app(composition.descriptors())
    rows = []
    for name, _ in shell_phases(app):
        time_frames(app, 10)  # warm caches (fonts, previews)
        rows.append(row(name, time_frames(app, n)))
    for d in app.games:
        for name, _ in game_phases(app, d):
            time_frames(app, 10)
            rows.append(row(name, time_frames(app, n)))
    return rows


if __name__ == "__main__":
    for r in main("--quick" in sys.argv):
        print(r)
