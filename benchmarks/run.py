"""Every performance target of design.md, measured side by side.

    python benchmarks/run.py            # everything (AI win-rate matches take minutes)
    python benchmarks/run.py --quick    # a subset, under a minute
    python benchmarks/run.py --json     # the same rows as JSON

Each row: what, figure (a median over repeated runs unless the unit says p99), unit,
target, ratio to the target (≤ 1 is met for "lower is better", ≥ 1 for "higher is
better"), min and max. Sources: ``frames.py`` (frame time of every scene),
``startup.py`` (start-up, peak RSS), ``physics.py`` (Mississippi), ``flick.py`` (the
Mississippi flick, M-U1: launch / hand speed across gestures, mice and loops), and each game's AI
benchmark (``glissando_ai.py``, ``magico_ai.py``, ``mississippi_ai.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import platform
import re
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SOURCES = ("frames", "startup", "physics", "flick", "glissando_ai", "magico_ai", "mississippi_ai", "bundle")


_TARGET = re.compile(r"^\s*(<=|≤|<|>=|≥|>)\s*([0-9]+(?:\.[0-9]+)?)\s*$")


def normalise(row: dict) -> dict:
    """Sources write targets as numbers (with ``better``) or as text such as ``"<= 1"``,
    ``"≥ 80"``, ``"-"`` or ``"(info)"``. Text with a comparison becomes a number and
    ``better``; other text moves to ``target_text`` (an information row, no ratio)."""
    t = row.get("target")
    if isinstance(t, str):
        m = _TARGET.match(t)
        if m:
            row["target"] = float(m.group(2))
            row["better"] = "lower" if m.group(1) in ("<=", "≤", "<") else "higher"
        else:
            row["target"] = None
            if t.strip() not in ("", "-"):
                row["target_text"] = t
    return row


def ratio(row: dict):
    fig, target = row.get("figure"), row.get("target")
    if not isinstance(fig, (int, float)) or not isinstance(target, (int, float)) or not target:
        return None
    return round(fig / target, 3)


def met(row: dict):
    r = ratio(row)
    if r is None:
        return None
    return r <= 1 if row.get("better", "lower") == "lower" else r >= 1


def collect(quick: bool, only=None) -> list[dict]:
    rows = []
    for name in SOURCES:
        if only and name not in only:
            continue
        t0 = time.perf_counter()
        try:
            mod = importlib.import_module(f"benchmarks.{name}")
            with contextlib.redirect_stdout(sys.stderr):   # sources' progress lines
                got = mod.main(quick=quick)
        except Exception as exc:  # a broken source is reported, the rest still run
            traceback.print_exc()
            got = [{"what": f"{name} FAILED", "figure": None, "unit": "", "target": None, "note": repr(exc)}]
        for r in got:
            normalise(r)
            r.setdefault("source", name)
            r["ratio"] = ratio(r)
            r["met"] = met(r)
            rows.append(r)
        print(f"[{name}: {time.perf_counter() - t0:.1f} s]", file=sys.stderr)
    return rows


def fmt(v) -> str:
    """A figure for the table: 4 significant digits at most, no exponent."""
    if v is None:
        return ""
    if isinstance(v, bool) or not isinstance(v, float):
        return str(v)
    a = abs(v)
    if a >= 1000:
        return f"{v:.0f}"
    if a >= 100:
        return f"{v:.1f}"
    return f"{v:.4g}" if a >= 0.001 or v == 0 else f"{v:.2e}"


def table(rows: list[dict]) -> str:
    head = ("what", "figure", "unit", "target", "ratio", "min", "max", "runs", "met", "note")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        target = r.get("target")
        if isinstance(target, (int, float)):
            target = ("≤ " if r.get("better", "lower") == "lower" else "≥ ") + f"{target:g}"
        else:
            target = r.get("target_text")
        runs = r.get("runs", r.get("n", r.get("games", r.get("decisions", r.get("positions")))))
        cells = [r.get("what"), fmt(r.get("figure")), r.get("unit"), target, fmt(r.get("ratio")),
                 fmt(r.get("min")), fmt(r.get("max")), runs,
                 {True: "yes", False: "NO", None: ""}[r.get("met")], r.get("note")]
        lines.append("| " + " | ".join("" if c is None else str(c).replace("|", "/") for c in cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="a subset, under a minute")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.add_argument("--only", nargs="*", choices=SOURCES, help="run only these sources")
    p.add_argument("--from-json", nargs="+", metavar="FILE",
                   help="print the table of earlier --json outputs (rows of later files replace "
                        "rows of the same name) instead of measuring")
    args = p.parse_args(argv)
    if args.from_json:
        runs = [json.loads(Path(f).read_text(encoding="utf-8")) for f in args.from_json]
        merged: dict = {}
        for run in runs:
            for r in run["rows"]:
                merged[r["what"]] = {**r, "_run": run}
        for run in runs:
            print(f"- `{run['command'].strip()}` started {run.get('date', '?')}: "
                  f"{run['load_before']} at the start, {run['load_after']} at the end; "
                  f"{run['seconds']:.0f} s")
        print()
        print(table(list(merged.values())))
        return 0
    before, t0 = load(), time.perf_counter()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    rows = collect(args.quick, args.only)
    after, took = load(), time.perf_counter() - t0
    info = {"machine": machine(), "command": "python benchmarks/run.py " + " ".join(argv or sys.argv[1:]),
            "date": started,
            "load_before": before, "load_after": after, "seconds": round(took, 1)}
    if args.json:
        print(json.dumps({**info, "rows": rows}, ensure_ascii=False, indent=1))
    else:
        print(f"machine: {info['machine']}")
        print(f"{before} at the start, {after} at the end; {took:.0f} s")
        print(table(rows))
    return 0


def machine() -> str:
    """CPU model, cores, Python, OS and pygame-ce/pymunk versions."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            cpu = next((ln.split(":", 1)[1].strip() for ln in fh if ln.startswith("model name")), cpu)
    except OSError:
        pass
    versions = []
    for mod in ("pygame", "pymunk", "numpy"):
        try:
            m = importlib.import_module(mod)
            versions.append(f"{mod} {getattr(m, '__version__', getattr(m, 'version', '?'))}")
        except Exception:  # a missing library is reported by its source
            pass
    return (f"{cpu}, {os.cpu_count()} logical cores, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, " + ", ".join(versions))


def load() -> str:
    """The 1/5/15-minute load averages (other processes sharing the machine skew
    wall-clock figures; CPU-time figures much less)."""
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


if __name__ == "__main__":
    sys.exit(main())
