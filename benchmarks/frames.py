"""Frame time of every scene, rendered headless at 1280×720, 1920×1080 and 2560×1440
(design.md: the game's own drawing, CPU p99 ≤ 4 / 5 / 8 ms).

Each scene is driven through the real :class:`ludotheque.app.App` loop (events, fixed
steps, draw through the canvas at the device size) on an off-screen surface of each size
(:data:`SIZES`) for a few hundred frames of 1/60 s, in ``RUNS``
repeated runs (each after a few warm-up frames). As in the real loop, the main thread
sleeps between frames (:data:`GAP`, releasing the GIL); a frame's time runs from the
moment its pause should have ended to the end of its draw, so it includes waiting to run
again: for the GIL, held by an AI thinking on the worker thread, or for a CPU, held by
other processes. The figure is the **median over the runs of each run's p99** frame time
in ms (``wall_p99``), with the min and max of those p99s; ``frame_median`` and
``frame_max`` are the median and the worst single frame over all runs; ``cpu_p99`` the
p99 of the main thread's CPU time per frame (our own work, whatever the machine is
doing) — the row's **figure**, compared with the target (design.md "Targets": CPU p99).
Presenting the frame (the window's flip) is not in these figures: ``window_frames.py``
measures whole frames in a real window.

Game phases come from each game's optional ``benchmarks/<game>_frames.py``
``phases(app, descriptor)`` generator, which yields ``(name, hold)`` after setting the app
into that phase. ``hold`` is None or a callable run (untimed) before every frame that keeps
the phase going, e.g. re-racks the pucks before they come to rest or restarts an
animation (a ``hold.max_frames`` attribute caps the frames of a phase whose every frame
needs a rebuilt scene, such as a turn's end); without a module, the game is measured in its first turn and in
AI-against-AI demo play. The shell's scenes (menu, settings, setup, rules, pause) come
from :func:`shell_phases`.
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
SIZES = {(1280, 720): 4.0, (1920, 1080): 5.0, (2560, 1440): 8.0}
"""Device sizes measured and their CPU p99 targets (ms)."""


def _percentile(xs, q):
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[k]


RUNS = 3
"""Repeated runs per scene (the figure is the median of their p99s)."""
GAP = 0.001
"""Seconds the main thread sleeps before each frame (the real loop waits for the next
tick of the 60 Hz clock; a short pause keeps the benchmark fast)."""


def time_frames(app, n: int, hold=None, cpu: list | None = None, gap: float = GAP) -> list[float]:
    """Run ``n`` frames of 1/60 s through the app; returns each frame's time (ms) from the
    nominal end of a ``gap`` s pause to the end of its draw. ``hold()``, when given, runs
    before each frame and is not timed; ``cpu``, when given, receives each frame's CPU
    time of this thread (ms)."""
    import pygame

    out = []
    for _ in range(n):
        if hold is not None:
            hold()
        if gap:
            t0 = time.perf_counter() + gap
            time.sleep(gap)
        else:
            t0 = time.perf_counter()
        c0 = time.thread_time()
        for event in pygame.event.get():
            app.dispatch(event)
        app.advance(1 / 60)
        app.draw()
        out.append((time.perf_counter() - t0) * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - c0) * 1000)
    return out


def row(name: str, runs: list[list[float]], cpu: list[list[float]] | None = None,
        target: float = TARGET_MS) -> dict:
    """The table row of one scene from its runs (lists of frame times in ms). ``cpu``: the
    same frames' CPU times of the main thread (ms), reported as ``cpu_p99``: a frame whose
    wall time is far above its CPU time waited (other processes on a shared machine, or an
    AI worker thread holding the GIL)."""
    p99s = [_percentile(ms, 0.99) for ms in runs]
    every = [x for ms in runs for x in ms]
    r = {"what": f"frame {name}", "figure": round(statistics.median(p99s), 3), "unit": "ms p99",
         "target": target, "better": "lower", "median": round(statistics.median(p99s), 3),
         "wall_p99": round(statistics.median(p99s), 3),
         "min": round(min(p99s), 3), "max": round(max(p99s), 3), "runs": len(runs),
         "frames": len(every), "frame_median": round(statistics.median(every), 3),
         "frame_max": round(max(every), 3)}
    if cpu:
        cpu_p99s = [_percentile(c, 0.99) for c in cpu]
        r["cpu_p99"] = r["figure"] = round(statistics.median(cpu_p99s), 3)
        r["unit"] = "ms CPU p99"
        r["min"], r["max"] = round(min(cpu_p99s), 3), round(max(cpu_p99s), 3)
    r["note"] = (f"{r['frames']} frames; wall p99 {r['wall_p99']:.2f} ms, frame median "
                 f"{r['frame_median']:.2f} ms, worst {r['frame_max']:.1f} ms")
    return r


def measure(app, name: str, hold, n: int, runs: int, target: float = TARGET_MS) -> dict:
    """``runs`` runs of ``n`` frames of the current phase (10 warm-up frames before each).
    A ``hold`` with a ``max_frames`` attribute (a phase that rebuilds its scene before
    every frame) caps ``n`` and the warm-up."""
    out, cpu = [], []
    cap = getattr(hold, "max_frames", None)
    if cap:
        n = min(n, cap)
    for _ in range(runs):
        time_frames(app, 2 if cap else 10, hold)  # warm caches (fonts, previews)
        cpu.append([])
        out.append(time_frames(app, n, hold, cpu[-1]))
    return row(name, out, cpu, target)


def shell_phases(app):
    """The shell's own scenes: menu, settings, setup, the question over a saved game,
    rules, and the pause menu over a game."""
    from ludotheque.game import GameConfig, PlayerSpec
    from ludotheque.menu import RulesScene, SettingsScene, SetupScene, start_game

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
        app.saves.save(g.id, {"players": [PlayerSpec("A").to_dict(), PlayerSpec("B").to_dict()]})
        app.push(SetupScene(app, g))
        app.top.begin()                      # a saved game waits: "Resume it / Start over"
        yield "setup: resume question", None
        app.saves.delete(g.id)
        app.to_menu()
        app.push(RulesScene(app, g.title, g.rules_text))
        yield "rules", None
        app.to_menu()
        start_game(app, g, GameConfig(players=(PlayerSpec("A"), PlayerSpec("B")), seed=1,
                                      options=g.default_options()))
        app.pause()
        yield f"pause menu (over {g.id})", None


def game_phases(app, descriptor):
    from ludotheque.game import GameConfig, PlayerSpec
    from ludotheque.menu import start_game

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


def calibration(n: int, runs: int) -> dict:
    """The machine's noise floor: the same frame loop timing a fixed ~0.6 ms of pure
    Python work instead of a scene. Its p99 above its median is what other processes on
    the machine (not our code) add to every scene's p99 in this run."""
    def work():
        x = 0
        for i in range(15000):
            x += i * i
        return x

    out, cpu = [], []
    for _ in range(runs):
        ms, cs = [], []
        for _ in range(n):
            t0 = time.perf_counter() + GAP
            time.sleep(GAP)
            c0 = time.thread_time()
            work()
            ms.append((time.perf_counter() - t0) * 1000)
            cs.append((time.thread_time() - c0) * 1000)
        out.append(ms)
        cpu.append(cs)
    r = row("calibration: fixed Python work, no scene", out, cpu)
    r["target"], r["target_text"] = None, "(info: noise floor)"
    return r


def main(quick: bool = False, sizes=None, games=None, shell: bool = True) -> list[dict]:
    """The rows: a calibration, then every shell scene (unless ``shell`` is False) and the
    phases of every game (or of the game ids in ``games``) at each size of ``sizes``
    (default :data:`SIZES`; ``--quick``: 1280×720 and 2560×1440, fewer frames)."""
    import main as composition
    from tests.harness import make_app

    n, runs = (60, 2) if quick else (300, RUNS)
    if sizes is None:
        sizes = [(1280, 720), (2560, 1440)] if quick else list(SIZES)
    rows = [calibration(n, runs)]
    for size in sizes:
        target = SIZES.get(tuple(size), TARGET_MS)
        at = f" @ {size[0]}×{size[1]}"
        app = make_app(composition.descriptors(), size=tuple(size))
        for name, hold in (shell_phases(app) if shell else ()):
            rows.append(measure(app, name + at, hold, n, runs, target))
            drain(app)
        for d in app.games:
            if games and d.id not in games:
                continue
            for name, hold in game_phases(app, d):
                if quick and getattr(hold, "max_frames", None):
                    continue               # a rebuilt scene per frame: too slow for --quick
                rows.append(measure(app, name + at, hold, n, runs, target))
                drain(app)
        app.to_menu()
    return rows


def drain(app) -> None:
    """Stop AI work a measured phase left running, so that it does not compete with the
    next phase's frames (for the GIL on a worker thread, for a core in a worker process)."""
    ex = getattr(app, "_executor", None)          # a shell whose AI runs on app threads
    if ex is not None:
        ex.shutdown(wait=True)
        app._executor = None
    try:
        from ludotheque import workers            # a shell with a worker process
    except ImportError:
        return
    workers.shutdown()


if __name__ == "__main__":
    import argparse
    import json

    p = argparse.ArgumentParser(description="Frame rows of some games only (benchmarks/run.py "
                                            "--only frames runs them all, with the shell's).")
    p.add_argument("--games", nargs="*", help="game ids (default: every game)")
    p.add_argument("--no-shell", action="store_true", help="leave the shell's scenes out")
    p.add_argument("--sizes", nargs="*", help="WxH sizes (default: the three of SIZES)")
    a = p.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in a.sizes] if a.sizes else None
    t0 = time.perf_counter()
    load = " ".join(f"{v:.2f}" for v in os.getloadavg())
    out = main(sizes=sizes, games=a.games, shell=not a.no_shell)
    print(json.dumps({"command": "python benchmarks/frames.py " + " ".join(sys.argv[1:]),
                      "load_before": f"load average {load}",
                      "load_after": "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg()),
                      "seconds": round(time.perf_counter() - t0, 1), "rows": out},
                     ensure_ascii=False, indent=1))
