"""Where a frame phase's time goes: cProfile over the measured part of its frames.

    python benchmarks/frames_profile.py glissando "turn end" --size 1920x1080
    python benchmarks/frames_profile.py mississippi aiming --stub mississippi.flick.SteadyFlick.velocity

The phase is the first of ``benchmarks/<game>_frames.py``'s ``phases(app, descriptor)``
(or of :func:`benchmarks.frames.shell_phases` for game ``shell``) whose name contains the
given text. Its frames run exactly as :func:`benchmarks.frames.time_frames` runs them
(``hold`` untimed, then events, the fixed steps and the draw); only those timed parts are
profiled, and the thread CPU time of each frame is printed as median / p99 ms beside the
profile (sorted by cumulative time, ``--top`` rows).

``--stub DOTTED.NAME`` replaces a function or method by one returning the value it
returned on its first call, for this process only: the frame's cost without it (e.g. the
aim guide's flick prediction, which is not drawing). The figures are CPU time of this
thread, so they hold under load; ``uptime``'s load is printed beside them.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def stub(dotted: str) -> None:
    """Replace ``module.Class.method`` (or ``module.function``) by a function that returns
    what the first call returned, for every later call (this process only)."""
    parts = dotted.split(".")
    for i in range(len(parts) - 1, 0, -1):
        try:
            owner = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for p in parts[i:-1]:
            owner = getattr(owner, p)
        break
    else:
        raise SystemExit(f"cannot import {dotted}")
    real = getattr(owner, parts[-1])
    memo = {}

    def fake(*args, **kwargs):
        if "v" not in memo:
            memo["v"] = real(*args, **kwargs)
        return memo["v"]

    setattr(owner, parts[-1], fake)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", help="a game id, or 'shell'")
    p.add_argument("phase", help="text in the phase's name")
    p.add_argument("--size", default="1920x1080")
    p.add_argument("--frames", type=int, default=300)
    p.add_argument("--top", type=int, default=35)
    p.add_argument("--sort", default="cumulative")
    p.add_argument("--stub", action="append", default=[], help="dotted name to stub")
    a = p.parse_args()
    for s in a.stub:
        stub(s)

    import pygame

    import main as composition
    from benchmarks import frames as fr
    from tests.harness import make_app

    size = tuple(int(v) for v in a.size.split("x"))
    app = make_app(composition.descriptors(), size=size)
    if a.game == "shell":
        gen = fr.shell_phases(app)
    else:
        d = next(d for d in app.games if d.id == a.game)
        gen = fr.game_phases(app, d)
    for name, hold in gen:
        if a.phase in name:
            break
    else:
        raise SystemExit(f"no phase with {a.phase!r}")
    n = min(a.frames, getattr(hold, "max_frames", a.frames))
    fr.time_frames(app, 10, hold)                       # warm-up, as measure() does
    prof = cProfile.Profile()
    cpu = []
    for _ in range(n):
        if hold is not None:
            hold()
        time.sleep(fr.GAP)
        c0 = time.thread_time()
        prof.enable()
        for event in pygame.event.get():
            app.dispatch(event)
        app.advance(1 / 60)
        app.draw()
        prof.disable()
        cpu.append((time.thread_time() - c0) * 1000)
    # the same frames unprofiled (the profile's own cost left out)
    plain = []
    fr.time_frames(app, n, hold, plain)
    load = " ".join(f"{v:.2f}" for v in os.getloadavg())
    print(f"{name} @ {size[0]}x{size[1]}: {n} frames; CPU ms median {statistics.median(plain):.2f}"
          f" p99 {fr._percentile(plain, 0.99):.2f} (profiled: median {statistics.median(cpu):.2f});"
          f" load average {load}; stubs {a.stub or 'none'}")
    pstats.Stats(prof).strip_dirs().sort_stats(a.sort).print_stats(a.top)
    fr.drain(app)


if __name__ == "__main__":
    main()
