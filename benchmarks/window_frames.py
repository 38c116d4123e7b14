"""Whole frames in a real window (issue 13 §1): events, fixed steps, the game's drawing
*and presenting it* (``pygame.display.flip``), under Xvfb with openbox, at 1280×720,
1920×1080 and 2560×1440 — for this checkout and, with ``--root``, another one (today's
path: a 1280×720 picture stretched by SDL's ``SCALED`` renderer) side by side.

Each checkout runs in its own process (its own modules) with a real window resized to the
size; the phases are that checkout's own frame-benchmark phases (``benchmarks/frames.py``)
and every frame is drawn and presented, as while something moves. Per phase: the main
thread's CPU time per frame (p50, p99) and the wall time (p50, p99, which includes
waiting for the X server to take the picture).

    python benchmarks/window_frames.py --root /path/to/main/checkout
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = [(1280, 720), (1920, 1080), (2560, 1440)]
FRAMES = 120
GAP = 0.001


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def child(root: Path, size, n: int) -> None:
    """In the checkout ``root``: open the real window, make it ``size``, and time whole
    frames of every phase; one JSON line per phase on stdout."""
    import os
    import tempfile

    sys.path.insert(0, str(root))
    os.chdir(root)
    import pygame

    import main as composition
    from benchmarks import frames as fr
    from ludotheque.app import App
    from ludotheque.saves import SaveStore
    from ludotheque.settings import Settings

    folder = Path(tempfile.mkdtemp(prefix="ludo-wf-"))
    settings = Settings.load(folder / "settings.json")
    settings.language = "en"
    app = App(composition.descriptors(), settings=settings, saves=SaveStore(folder / "saves"), seed=1,
              window=True)
    app.to_menu()

    def pump():
        # as benchmarks/frames.py: the phases post their pointer events in design units
        for event in pygame.event.get():
            app.dispatch(event)                     # a resize too: the app takes the new surface

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.size = size
    t0 = time.monotonic()
    while tuple(pygame.display.get_window_size()) != tuple(size) and time.monotonic() - t0 < 20:
        pump()
        time.sleep(0.05)
    for _ in range(30):                             # the resize events handled
        pump()
        time.sleep(0.01)
    # the phases drive the pointer with synthetic events; the X pointer stays out of it
    pygame.event.set_blocked(pygame.MOUSEMOTION)
    path = "native canvas" if hasattr(app, "canvas") else "SCALED stretch"
    print(json.dumps({"info": True, "window": list(pygame.display.get_window_size()),
                      "surface": list(pygame.display.get_surface().get_size()), "path": path}), flush=True)

    def measure(name, hold):
        cap = getattr(hold, "max_frames", None)
        count = min(n, cap) if cap else n
        cpu, wall = [], []
        for i in range(count + 5):
            if hold is not None:
                hold()
            time.sleep(GAP)
            t = time.perf_counter()
            c = time.thread_time()
            pump()
            app.advance(1 / 60)
            app.draw()
            pygame.display.flip()
            if i >= 5:                              # warm-up frames (caches) not counted
                cpu.append((time.thread_time() - c) * 1000)
                wall.append((time.perf_counter() - t) * 1000)
        print(json.dumps({"phase": name, "frames": len(cpu), "cpu_p50": round(statistics.median(cpu), 2),
                          "cpu_p99": round(_pct(cpu, 0.99), 2), "wall_p50": round(statistics.median(wall), 2),
                          "wall_p99": round(_pct(wall, 0.99), 2)}), flush=True)

    for name, hold in fr.shell_phases(app):
        measure(name, hold)
        fr.drain(app)
    for d in app.games:
        for name, hold in fr.game_phases(app, d):
            measure(name, hold)
            fr.drain(app)
    fr.drain(app)
    pygame.quit()


def run(roots, sizes, n: int) -> list[dict]:
    """Rows ``{"root", "size", "phase", cpu/wall p50/p99}`` for every checkout and size."""
    from benchmarks.xvfb import Screen

    rows = []
    for size in sizes:
        for root in roots:
            screen = Screen((size[0] + 40, size[1] + 80))
            try:
                out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(root),
                                      f"{size[0]}x{size[1]}", "--frames", str(n)], env=screen.env, cwd=root,
                                     capture_output=True, text=True, timeout=3600)
            finally:
                screen.close()
            info = {}
            for line in out.stdout.splitlines():
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if r.get("info"):
                    info = r
                    continue
                r.update(root=str(root), size=f"{size[0]}×{size[1]}", path=info.get("path"),
                         surface=info.get("surface"))
                rows.append(r)
                print(f"{Path(root).name:10s} {r['size']:10s} {r['phase']:45s} CPU p50 {r['cpu_p50']:6.2f} "
                      f"p99 {r['cpu_p99']:6.2f}  wall p50 {r['wall_p50']:6.2f} p99 {r['wall_p99']:6.2f} ms",
                      file=sys.stderr, flush=True)
            if out.returncode != 0:
                print(out.stderr[-2000:], file=sys.stderr)
    return rows


def main(quick: bool = False) -> list[dict]:
    """Rows for ``benchmarks/run.py``: this checkout's whole frames (information rows)."""
    from benchmarks.xvfb import missing

    if missing():
        return [{"what": "whole frame in a window", "figure": None, "unit": "ms", "target": "(info)",
                 "note": "needs " + ", ".join(missing())}]
    rows = run([ROOT], [(1280, 720), (2560, 1440)] if quick else SIZES, 60 if quick else FRAMES)
    return [{"what": f"whole frame {r['phase']} @ {r['size']}", "figure": r["cpu_p99"], "unit": "ms CPU p99",
             "target": "(info)", "note": f"wall p99 {r['wall_p99']} ms, CPU p50 {r['cpu_p50']} ms; drawn and "
                                         f"presented in a real window (Xvfb)"} for r in rows]


def _size(text):
    w, h = text.lower().split("x")
    return int(w), int(h)


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--child", nargs=2, metavar=("ROOT", "WxH"), help=argparse.SUPPRESS)
    p.add_argument("--root", type=Path, action="append", help="another checkout to measure beside this one")
    p.add_argument("--sizes", nargs="+", type=_size)
    p.add_argument("--frames", type=int, default=FRAMES)
    p.add_argument("--json", type=Path, help="write the rows here")
    a = p.parse_args()
    if a.child:
        child(Path(a.child[0]), _size(a.child[1]), a.frames)
    else:
        sys.path.insert(0, str(ROOT))
        got = run([ROOT] + (a.root or []), a.sizes or SIZES, a.frames)
        if a.json:
            a.json.write_text(json.dumps(got, indent=1, ensure_ascii=False))
