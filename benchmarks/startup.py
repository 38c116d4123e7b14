"""Start-up time and peak memory, measured on real processes.

* start-up: wall time from process start to the first drawn frame saved
  (``python main.py [GAME --demo] --screenshot F --frames 1``; includes writing the PNG
  and exiting, so it is an upper bound of "to the first drawn frame"). Target ≤ 1 s.
* peak RSS of each game's headless demo (``--demo --headless --seed 1``), read from the
  child's resource usage (``os.wait4``). Target ≤ 200 MB.
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


def _run(args: list[str], timeout: float = 900) -> tuple[float, int, int]:
    """Run ``main.py args``: (wall seconds, peak RSS in kB, exit status)."""
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], env=ENV, cwd=ROOT,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss, p.returncode


def main(quick: bool = False, games=("mississippi", "glissando", "magico")) -> list[dict]:
    reps = 3 if quick else 7
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        png = str(Path(tmp) / "f.png")
        cases = [("start-up to first menu frame", [])] + [
            (f"start-up to first {g} frame", [g, "--demo"]) for g in games]
        for name, extra in cases:
            _run([*extra, "--screenshot", png, "--frames", "1"])  # warm the file cache
            times = [_run([*extra, "--screenshot", png, "--frames", "1"])[0] for _ in range(reps)]
            rows.append({"what": name, "figure": round(statistics.median(times), 3), "unit": "s", "target": 1.0,
                         "better": "lower", "median": round(statistics.median(times), 3),
                         "min": round(min(times), 3), "max": round(max(times), 3), "runs": reps})
    for g in games:
        if quick and g == "mississippi":
            continue
        wall, rss, code = _run([g, "--demo", "--headless", "--seed", "1"])
        rows.append({"what": f"peak RSS {g} headless demo", "figure": round(rss / 1024, 1), "unit": "MB",
                     "target": 200.0, "better": "lower", "median": round(rss / 1024, 1),
                     "min": round(rss / 1024, 1), "max": round(rss / 1024, 1), "runs": 1,
                     "note": f"demo took {wall:.1f} s, exit {code}"})
    return rows


if __name__ == "__main__":
    for r in main("--quick" in sys.argv):
        print(r)
