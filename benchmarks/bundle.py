"""The standalone bundle beside the venv: sizes and start-up (issue 16).

* size of ``dist/ludotheque/`` (the one-folder app) and of its archive (target ≤ 45 MB,
  MB = 10⁶ bytes), beside the installed size of what a venv needs to run the game (the
  files of ``ludotheque`` and of every distribution it requires, from their RECORDs;
  the Python interpreter itself not counted);
* start-up: wall seconds from process start to the first menu frame saved
  (``--screenshot F --frames 1``, dummy video and audio: the clock stops when the
  program prints the PNG's path) and to the end of ``--version`` (imports and argument
  parsing, no window), for the bundle's executable and for this venv's
  ``python main.py``; medians over :data:`RUNS` runs after one warm-up run each.

Builds the bundle first (``python packaging/bundle.py``, ~1–2 min) when ``dist/`` has
none, except with ``quick``.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "dist" / "ludotheque"
EXE = APP / ("ludotheque.exe" if sys.platform == "win32" else "ludotheque")
RUNS = 7
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
ENV.pop("DISPLAY", None)


def _mb(n: int) -> float:
    return round(n / 1e6, 1)


def venv_runtime_bytes() -> int:
    """Installed bytes of ``ludotheque`` and its requirements (recursively, extras left
    out), from each distribution's RECORD."""
    seen, todo, total = set(), ["ludotheque"], 0
    while todo:
        name = re.split(r"[\s<>=!~;\[]", todo.pop(), maxsplit=1)[0].lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        for f in dist.files or ():
            try:
                total += os.path.getsize(dist.locate_file(f))
            except OSError:
                pass
        todo += [r for r in (dist.requires or []) if "extra ==" not in r]
    return total


def _first_frame(cmd: list[str]) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        p = subprocess.Popen([*cmd, "--screenshot", str(Path(tmp) / "m.png"), "--frames", "1"], env=ENV,
                             cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        p.stdout.readline()
        dt = time.perf_counter() - t0
        p.stdout.read()
        p.wait()
    return dt


def _version(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run([*cmd, "--version"], env=ENV, capture_output=True, check=True)
    return time.perf_counter() - t0


def _timed(what: str, fn, cmd: list[str], runs: int, note: str) -> dict:
    fn(cmd)                                     # warm-up: page cache, .pyc files
    xs = [fn(cmd) for _ in range(runs)]
    return {"what": what, "figure": round(statistics.median(xs), 3), "unit": "s",
            "target": "<= 1" if "menu frame" in what else "(info)",
            "min": round(min(xs), 3), "max": round(max(xs), 3), "runs": runs, "note": note}


def main(quick: bool = False) -> list[dict]:
    """The rows (see the module docstring)."""
    if not EXE.is_file() and not quick:
        subprocess.run([sys.executable, str(ROOT / "packaging" / "bundle.py")], cwd=ROOT, check=True)
    rows = []
    venv = venv_runtime_bytes()
    rows.append({"what": "venv: ludotheque and its requirements installed", "figure": _mb(venv), "unit": "MB",
                 "target": "(info)", "note": "site-packages files from the RECORDs; the interpreter not counted"})
    if not EXE.is_file():
        rows.append({"what": "bundle", "figure": None, "unit": "", "target": "(info)",
                     "note": "not built: python packaging/bundle.py"})
        return rows
    size = sum(p.lstat().st_size for p in APP.rglob("*") if p.is_file() and not p.is_symlink())
    rows.append({"what": "bundle folder dist/ludotheque", "figure": _mb(size), "unit": "MB", "target": "(info)",
                 "note": "Python, pygame-ce + SDL, numpy + OpenBLAS, pymunk, the games and assets"})
    archives = sorted((ROOT / "dist").glob("ludotheque-*.tar.gz")) + sorted((ROOT / "dist").glob("ludotheque-*.zip"))
    for a in archives:
        rows.append({"what": f"bundle archive {a.name}", "figure": _mb(a.stat().st_size), "unit": "MB",
                     "target": "<= 45", "note": "what a family downloads"})
    runs = 3 if quick else RUNS
    venv_cmd = [sys.executable, str(ROOT / "main.py")]
    rows.append(_timed("start-up to first menu frame: bundle", _first_frame, [str(EXE)], runs,
                       "dist/ludotheque/ludotheque --screenshot F --frames 1"))
    rows.append(_timed("start-up to first menu frame: venv", _first_frame, venv_cmd, runs,
                       "python main.py --screenshot F --frames 1"))
    rows.append(_timed("--version: bundle", _version, [str(EXE)], runs, "imports, no window"))
    rows.append(_timed("--version: venv", _version, venv_cmd, runs, "imports, no window"))
    return rows


if __name__ == "__main__":
    for row in main(quick="--quick" in sys.argv):
        print(row)
