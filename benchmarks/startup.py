"""Start-up time and peak memory, measured on real processes.

* start-up: wall time from process start to the first drawn frame saved
  (``python main.py [GAME --demo] --screenshot F --frames 1``: the clock stops when the
  child prints the PNG's path, right after ``pygame.image.save``; it includes the PNG
  encoding, ~0.1 s, so it is an upper bound of "to the first drawn frame"). The time to
  the process's exit is in the note. Target ≤ 1 s. The children may write bytecode
  caches (``PYTHONDONTWRITEBYTECODE`` is removed from their environment): an installed
  copy runs from compiled ``.pyc`` files, and the warm-up run compiles them.
* peak RSS of each game's headless demo (``--demo --headless --seed 1``) and of each
  game's demo drawn for :data:`WINDOW_FRAMES` frames (``--demo --screenshot``, dummy video
  driver), read from the child's resource usage (``os.wait4``: the largest of the process
  and the children it waited for). Target ≤ 200 MB.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
ENV.pop("DISPLAY", None)
ENV.pop("PYTHONDONTWRITEBYTECODE", None)


def _first_frame(args: list[str]) -> tuple[float, float]:
    """Run ``main.py args`` (which prints a line once its screenshot is saved): (seconds
    to that line, seconds to the exit)."""
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], env=ENV, cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdout.readline()
    t1 = time.perf_counter()
    p.stdout.read()
    p.wait()
    return t1 - t0, time.perf_counter() - t0


#: A small intermediate process that starts ``main.py`` and reports its child's peak RSS.
#: On Linux a forked child's ``ru_maxrss`` starts at its parent's resident size (the high
#: water mark survives ``exec``), so measuring ``main.py`` as a direct child of this
#: benchmark (which has pygame and every game loaded, ~150 MB) would report the
#: benchmark's own size; a fresh interpreter in between keeps the figure the game's own.
_SPAWN = ("import os, subprocess, sys\n"
          "p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
          "_, status, usage = os.wait4(p.pid, 0)\n"
          "print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))\n")


def _run(args: list[str], timeout: float = 900) -> tuple[float, int, int]:
    """Run ``main.py args``: (wall seconds, peak RSS in kB, exit status)."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _SPAWN, sys.executable, str(ROOT / "main.py"), *args],
                         env=ENV, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    wall = time.perf_counter() - t0
    rss, code = (int(v) for v in out.stdout.split())
    return wall, rss, code


WINDOW_FRAMES = 300
"""Frames the windowed demo runs for its peak RSS (5 s at 60 Hz)."""


def main(quick: bool = False, games=("mississippi", "glissando", "magico")) -> list[dict]:
    reps = 2 if quick else 7
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        png = str(Path(tmp) / "f.png")
        cases = [("start-up to first menu frame", [])] + [
            (f"start-up to first {g} frame", [g, "--demo"]) for g in games]
        for i, (name, extra) in enumerate(cases):
            if i == 0 or not quick:
                _first_frame([*extra, "--screenshot", png, "--frames", "1"])  # warm the caches
            runs = [_first_frame([*extra, "--screenshot", png, "--frames", "1"]) for _ in range(reps)]
            times = [a for a, _b in runs]
            rows.append({"what": name, "figure": round(statistics.median(times), 3), "unit": "s", "target": 1.0,
                         "better": "lower", "median": round(statistics.median(times), 3),
                         "min": round(min(times), 3), "max": round(max(times), 3), "runs": reps,
                         "note": f"to the process exit: median {statistics.median(b for _a, b in runs):.2f} s"})
    for g in games:
        if quick and g != "magico":       # the quick run keeps the shortest demo
            continue
        wall, rss, code = _run([g, "--demo", "--headless", "--seed", "1"])
        rows.append({"what": f"peak RSS {g} headless demo", "figure": round(rss / 1024, 1), "unit": "MB",
                     "target": 200.0, "better": "lower", "median": round(rss / 1024, 1),
                     "min": round(rss / 1024, 1), "max": round(rss / 1024, 1), "runs": 1,
                     "note": f"demo took {wall:.1f} s, exit {code}"})
    if not quick:
        with tempfile.TemporaryDirectory() as tmp:
            png = str(Path(tmp) / "f.png")
            for g in games:
                # the game drawn (dummy video driver) for WINDOW_FRAMES frames at 60 Hz
                wall, rss, code = _run([g, "--demo", "--seed", "1", "--screenshot", png,
                                        "--frames", str(WINDOW_FRAMES)])
                rows.append({"what": f"peak RSS {g} demo in the window", "figure": round(rss / 1024, 1),
                             "unit": "MB", "target": 200.0, "better": "lower",
                             "median": round(rss / 1024, 1), "min": round(rss / 1024, 1),
                             "max": round(rss / 1024, 1), "runs": 1,
                             "note": f"{WINDOW_FRAMES} frames, {wall:.1f} s, exit {code}; the largest "
                                     "of the game's processes (an AI worker process counts alone)"})
    return rows


if __name__ == "__main__":
    for r in main("--quick" in sys.argv):
        print(r)
