"""The longest pause Python's cyclic garbage collector can put into a frame, with each
game's scene running (off-screen, 1920×1080), before and after the shell settles the heap
(:meth:`ludotheque.app.App.settle_heap`: collect, then ``gc.freeze``, once after each
change of the scene stack while nothing moves).

    python benchmarks/gc_pause.py

For each game: a human against the computer, 120 frames drawn, then a full collection
(``gc.collect()``, what Python runs by itself now and then during play) timed as the
scene stands (the best of 5), then the heap settled, 600 more frames played (the objects
a game makes as it goes on), and the full collection timed again. A pause over ~16 ms is a
dropped frame at 60 Hz.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import main as composition  # noqa: E402
from ludotheque import menu  # noqa: E402
from ludotheque.game import GameConfig, PlayerSpec  # noqa: E402
from tests.harness import frames, make_app  # noqa: E402


def full_collection_ms(repeat: int = 5) -> float:
    """The best of ``repeat`` timed ``gc.collect()`` calls, ms."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        gc.collect()
        best = min(best, (time.perf_counter() - t0) * 1e3)
    return best


def main() -> int:
    app = make_app(composition.descriptors(), size=(1920, 1080))
    for game in app.games:
        config = GameConfig(players=(PlayerSpec("A", "human", None), PlayerSpec("CPU", "ai", "expert")),
                            seed=3)
        menu.start_game(app, game, config)
        frames(app, 120)
        gc.unfreeze()                         # as the scene stands: nothing set aside
        tracked = len(gc.get_objects())
        before = full_collection_ms()
        app.settle_heap()
        frames(app, 600)
        after = full_collection_ms()
        print(f"{game.id}: {tracked} objects tracked; once settled {gc.get_freeze_count()} set aside, "
              f"{len(gc.get_objects())} tracked; "
              f"a full collection {before:.1f} ms as the scene stands, "
              f"{after:.2f} ms once settled and 600 frames later")
        app.to_menu()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
