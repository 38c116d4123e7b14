"""Glissando AI: decision times, seeded series between levels and independent
references, an Elo table with intervals (issue 17; design.md targets: strongest level
median <= 1 s, max <= 2 s a move; Master >= 85 % against an independent two-ply
searcher).

Run (long series under ``nice``; the machine is shared)::

    nice -n 10 .venv/bin/python benchmarks/glissando_ai.py [--quick] [--json]
        [--jobs 2] [--games N] [--series master:ref-2ply,...] [--save FILE]
        [--from FILE ...] [--times]

Players: the levels of ``glissando.ai.choose_turn`` (``beginner``, ``intermediate``,
``expert``, ``master``; played with ``time_limit=math.inf`` so that their work budgets
alone decide and a seed repeats a game on any machine) and the independent opponents of
``benchmarks/glissando_reference.py`` (``ref-greedy``, ``ref-2ply``).

A series ``A:B`` of ``n`` games: game ``i`` opens with ``OPENING_TURNS`` random turns
(a placement and maybe a slide each, drawn with seed ``5000 + i // 2``: games ``2k`` and
``2k + 1`` share their opening), then uses seed ``1000 + i`` for everything random (one
``random.Random`` shared by both players); Blue moves first (G-2 fixed by the setting),
``A`` plays Blue in even games and Orange in odd ones. The random openings matter: the
players are nearly deterministic (their seeds only break ties), so seeds alone give
little variety: from the empty board an early Master won all 6 games as Blue and lost
all 6 as Orange against Expert. Each game is recorded
(winner, points, every turn, every decision's wall and CPU time) in ``--save`` (JSON
lines), so long series can be run in parts and tables rebuilt with ``--from``.

``main(quick=False) -> list[dict]`` (a source of ``benchmarks/run.py``) returns rows
``{what, figure, unit, target, ...}``: decision times of every level on fixed positions
(wall and CPU; Master also with its default wall-clock limit), the series' win rates
with 95 % Wilson intervals, the Elo fit (``benchmarks/elo.py``), the time of a hint and
of a game review. ``--quick`` plays 2 games per series (a smoke run, not the
measurement).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import elo  # noqa: E402
from benchmarks.glissando_reference import PLAYERS as REFERENCES  # noqa: E402
from glissando.ai import LEVELS, choose_turn  # noqa: E402
from glissando.rules import Position  # noqa: E402

#: Fixed positions (G-N1): openings, middle games and dense late positions from seeded
#: games; the last two come from random play (the widest turn lists).
POSITIONS = [
    "8/8/8/8/8/8/8/8 b 0-0 32-32 2",
    "O6B/8/8/8/8/8/8/2B4O b 0-0 30-30 2",
    "O4O1O/B7/7O/8/O7/7B/7B/2BBBOBO b 0-0 25-25 2",
    "BO5B/B6O/O6O/8/8/7B/6BO/OBB2B1O o 0-0 24-25 2",
    "B4B1B/B5OO/OB5O/6BO/6OB/6BO/1O4B1/OBOBBBOO o 0-0 19-20 2",
    "OO6/8/8/B7/B7/B7/8/1O6 b 0-0 29-29 2",
    "O2BBBB1/O7/B7/BO6/BO6/BO6/O7/8 b 0-1 24-26 2",
    "1OOBBB1B/O3B2O/7O/8/8/7B/7B/O2B1BOO o 0-0 23-24 2",
    "BOOBOBO1/1O2B3/4B1O1/3BBB1B/4B2O/B3O2O/O6B/O3BBOO o 0-0 18-19 2",
    "3B2BO/3O3O/6BB/B6B/O6B/O6B/7O/O3B3 b 0-1 23-25 2",
    "1BBBBOBO/OB6/8/B7/B7/O1O3OB/OOOBOBOO/B1OB1OBB o 0-0 17-18 2",
    "BOB1O1BO/OO2O1BB/1B6/1B4BB/O5O1/BO3B1B/B4OOO/BO1O1B1O b 0-0 17-17 2",
    "1OOBOBBO/O1B2B2/4OB2/B3O3/O7/1BO5/OB5B/1O3BOB b 0-0 20-20 2",
]

PLAYER_NAMES = LEVELS + tuple(REFERENCES)
OPENING_TURNS = 2    # random turns (one each side) before the players take over

#: The series of the full run: (A, B, games). Master against the issue's reference
#: gets the most games; the rest link every player into one Elo table.
SERIES = [
    ("master", "ref-2ply", 200),
    ("master", "expert", 40),
    ("expert", "ref-2ply", 40),
    ("expert", "intermediate", 40),
    ("intermediate", "beginner", 40),
    ("ref-2ply", "ref-greedy", 20),
    ("ref-greedy", "intermediate", 20),
]


#: Probes (not levels): Master with module settings changed: ``master-d2`` is Master
#: with its iterative deepening stopped at two plies (``glissando.ai.master.MAX_DEPTH``;
#: the level until 2026-12-01), ``master-d4`` at four.
PROBES = {"master-d2": {"MAX_DEPTH": 2}, "master-d4": {"MAX_DEPTH": 4}}


def _probe(settings: dict):
    from glissando.ai import master

    def move(p, rng):
        old = {k: getattr(master, k) for k in settings}
        for k, v in settings.items():
            setattr(master, k, v)
        try:
            return choose_turn(p, "master", rng, time_limit=math.inf)
        finally:
            for k, v in old.items():
                setattr(master, k, v)
    return move


def _mover(name: str):
    if name in REFERENCES:
        return REFERENCES[name]
    if name in PROBES:
        return _probe(PROBES[name])
    if name not in LEVELS:
        raise SystemExit(f"unknown player {name!r} (one of {', '.join(PLAYER_NAMES)})")
    return lambda p, rng: choose_turn(p, name, rng, time_limit=math.inf)


def play_game(job: tuple[str, str, int]) -> dict:
    """One seeded game ``(A, B, i)``: see the module docstring. Returns its record."""
    a, b, i = job
    rng = random.Random(1000 + i)
    p = Position.start(first="b")
    seats = {"b": a, "o": b} if i % 2 == 0 else {"b": b, "o": a}
    movers = {a: _mover(a), b: _mover(b)}
    turns, wall, cpu = [], {a: [], b: []}, {a: [], b: []}
    opening = random.Random(5000 + i // 2)              # the same for games 2k and 2k+1
    for _ in range(OPENING_TURNS):
        t = opening.choice([x for x in p.turns() if " x" not in x])
        p = p.play(t)
        turns.append(t)
    while not p.over:
        who = seats[p.to_move]
        t0, c0 = time.perf_counter(), time.process_time()
        t = movers[who](p, rng)
        wall[who].append(round(time.perf_counter() - t0, 4))
        cpu[who].append(round(time.process_time() - c0, 4))
        p = p.play(t)                                      # legality, by the rules
        turns.append(t)
    w = p.winner
    score_a = 0.5 if w == "draw" else (1.0 if seats[w] == a else 0.0)
    return {"a": a, "b": b, "game": i, "blue": seats["b"], "winner": w, "score_a": score_a,
            "points": list(p.points), "turns": turns, "wall": wall, "cpu": cpu}


def run_series(pairs, jobs: int = 1, save: str | None = None, log=print) -> list[dict]:
    """Play every ``(A, B, games)`` of ``pairs``; ``jobs`` worker processes."""
    lists = [[(a, b, i) for i in range(first[0] if first else 0, (first[0] if first else 0) + n)]
             for a, b, n, *first in pairs]
    # round robin over the series: a run stopped early has played some of every series
    work = [job for k in range(max(map(len, lists), default=0)) for lst in lists
            if k < len(lst) for job in [lst[k]]]
    out = []
    fh = open(save, "a", encoding="utf-8") if save else None
    try:
        if jobs > 1:
            import multiprocessing as mp
            with mp.get_context("fork").Pool(jobs) as pool:
                it = pool.imap_unordered(play_game, work)
                for rec in it:
                    out.append(rec)
                    _record(rec, fh, log)
        else:
            for job in work:
                rec = play_game(job)
                out.append(rec)
                _record(rec, fh, log)
    finally:
        if fh:
            fh.close()
    return out


def _record(rec: dict, fh, log) -> None:
    if fh:
        fh.write(json.dumps(rec) + "\n")
        fh.flush()
    if log:
        log(f"  {rec['a']} vs {rec['b']} game {rec['game']}: blue {rec['blue']}, "
            f"winner {rec['winner']} {rec['points']}, {len(rec['turns'])} turns")


def load_games(files) -> list[dict]:
    """Game records from ``--save`` files (later copies of a game replace earlier)."""
    games = {}
    for f in files:
        for line in Path(f).read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                games[(r["a"], r["b"], r["game"])] = r
    return list(games.values())


def series_rows(games: list[dict]) -> list[dict]:
    """Win rate of A in each series with its 95 % Wilson interval; Elo rows."""
    rows = []
    by = {}
    for g in games:
        by.setdefault((g["a"], g["b"]), []).append(g)
    for (a, b), gs in sorted(by.items()):
        w = sum(g["score_a"] == 1 for g in gs)
        d = sum(g["score_a"] == 0.5 for g in gs)
        lo_ = len(gs) - w - d
        lo, hi = elo.wilson(w + d / 2, len(gs))
        target = ">= 85" if (a, b) == ("master", "ref-2ply") else ""
        rows.append(dict(what=f"glissando_{a}_vs_{b}_pct", figure=round(100 * (w + d / 2) / len(gs), 1),
                         unit="%", target=target, wins=w, draws=d, losses=lo_, games=len(gs),
                         wilson95=[round(100 * lo, 1), round(100 * hi, 1)],
                         mean_turns=round(statistics.mean(len(g["turns"]) for g in gs), 1),
                         note=f"{w}-{d}-{lo_}, 95 % {100 * lo:.0f}–{100 * hi:.0f} %"))
    if games:
        ratings = elo.fit([(g["a"], g["b"], g["score_a"]) for g in games],
                          anchor="beginner" if any("beginner" in (g["a"], g["b"]) for g in games)
                          else None)
        for p, r in sorted(ratings.items(), key=lambda kv: -kv[1].elo):
            rows.append(dict(what=f"glissando_elo_{p}", figure=round(r.elo), unit="Elo",
                             target="(info)", low=round(r.low), high=round(r.high), games=r.games,
                             note=f"95 % {r.low:.0f}–{r.high:.0f}, {r.games} games, beginner = 1000"))
    return rows


def time_rows(games: list[dict]) -> list[dict]:
    """Decision times (wall and CPU) of every player over every decision of the games."""
    rows = []
    times: dict[str, dict[str, list[float]]] = {}
    for g in games:
        for who in (g["a"], g["b"]):
            t = times.setdefault(who, {"wall": [], "cpu": []})
            t["wall"] += g["wall"].get(who, [])
            t["cpu"] += g["cpu"].get(who, [])
    for who, t in sorted(times.items()):
        if not t["wall"]:
            continue
        target = who == "master"
        for kind in ("wall", "cpu"):
            xs = t[kind]
            rows.append(dict(what=f"glissando_{who}_in_games_{kind}_median_s",
                             figure=round(statistics.median(xs), 3), unit="s",
                             target="<= 1" if target and kind == "wall" else "(info)",
                             max=round(max(xs), 3), decisions=len(xs),
                             p95=round(sorted(xs)[int(0.95 * (len(xs) - 1))], 3)))
            rows.append(dict(what=f"glissando_{who}_in_games_{kind}_max_s",
                             figure=round(max(xs), 3), unit="s",
                             target="<= 2" if target and kind == "wall" else "(info)",
                             decisions=len(xs)))
    return rows


def decision_times(name: str, positions=POSITIONS, time_limit=math.inf) -> tuple[list, list]:
    """Wall and CPU seconds of one decision per fixed position."""
    rng = random.Random(0)
    wall, cpu = [], []
    for text in positions:
        p = Position.from_text(text)
        t0, c0 = time.perf_counter(), time.process_time()
        if name in REFERENCES:
            t = REFERENCES[name](p, rng)
        else:
            t = choose_turn(p, name, rng, time_limit=time_limit)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        p.play(t)                                          # the answer is legal
    return wall, cpu


def fixed_rows() -> list[dict]:
    rows = []
    for name, limit, label in [(lv, math.inf, lv) for lv in LEVELS] + [
            ("master", None, "master_default_limit")] + [(r, None, r) for r in REFERENCES]:
        wall, cpu = decision_times(name, time_limit=limit)
        strongest = name == "master"
        rows.append(dict(what=f"glissando_ai_{label}_median_s",
                         figure=round(statistics.median(wall), 3), unit="s",
                         target="<= 1" if strongest else "(info)",
                         max=round(max(wall), 3), cpu_median=round(statistics.median(cpu), 3),
                         cpu_max=round(max(cpu), 3), positions=len(wall)))
        rows.append(dict(what=f"glissando_ai_{label}_max_s", figure=round(max(wall), 3), unit="s",
                         target="<= 2" if strongest else "(info)", cpu_max=round(max(cpu), 3),
                         positions=len(wall)))
    return rows


def teaching_rows() -> list[dict]:
    """Time of a hint on the fixed positions and of the review of a seeded game."""
    from glissando import hints, review
    wall = []
    for text in POSITIONS:
        p = Position.from_text(text)
        t0 = time.perf_counter()
        hints.hint(p)
        wall.append(time.perf_counter() - t0)
    rows = [dict(what="glissando_hint_median_s", figure=round(statistics.median(wall), 3),
                 unit="s", target="< 1", max=round(max(wall), 3), positions=len(wall))]
    rec = play_game(("expert", "intermediate", 1))
    t0, c0 = time.perf_counter(), time.process_time()
    r = review.review(Position.start(first="b"), rec["turns"])
    rows.append(dict(what="glissando_review_s", figure=round(time.perf_counter() - t0, 2),
                     unit="s", target="(info)", cpu=round(time.process_time() - c0, 2),
                     turns=len(rec["turns"]), points=len(r.points),
                     note=f"review of a {len(rec['turns'])}-turn game with {len(r.points)} points"))
    return rows


def main(quick: bool = False, log=print, jobs: int = 1, games: int | None = None,
         pairs=None, save: str | None = None, extra: list[dict] | None = None) -> list[dict]:
    rows = []
    dense = Position.from_text(POSITIONS[-2])
    reps = []
    for _ in range(5):
        t0 = time.perf_counter()
        dense.turns()
        reps.append(time.perf_counter() - t0)
    rows.append(dict(what="glissando_turns_count_ms", figure=round(statistics.median(reps) * 1e3, 2),
                     unit="ms", target="< 50", max=round(max(reps) * 1e3, 2), runs=len(reps),
                     note=f"every complete turn ({len(dense.turns())}) of a dense middle game"))
    rows += fixed_rows()
    rows += teaching_rows()
    pairs = pairs or [(a, b, 2 if quick else (games or n)) for a, b, n in SERIES]
    recs = run_series(pairs, jobs=jobs, save=save, log=log) + (extra or [])
    rows += series_rows(recs)
    rows += time_rows(recs)
    return rows


def _pairs(text: str, games: int | None) -> list:
    out = []
    for item in text.split(","):
        a, b, *n = item.split(":")           # A:B[:games[:first game]]
        out.append((a, b, int(n[0]) if n else (games or 40), int(n[1]) if len(n) > 1 else 0))
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for the games")
    ap.add_argument("--games", type=int, help="games per series (default: see SERIES)")
    ap.add_argument("--series", help="A:B[:games[:first]],... instead of SERIES; only the "
                    "games (games first … first + games - 1: a series run in parts)")
    ap.add_argument("--save", help="append every game record to this JSON-lines file")
    ap.add_argument("--from", dest="from_", nargs="+", help="only tabulate saved games")
    ap.add_argument("--times", action="store_true", help="only the fixed-position times")
    args = ap.parse_args()
    say = (lambda *a: None) if args.json else (lambda *a: print(*a, flush=True))
    if args.from_:
        recs = load_games(args.from_)
        rows = series_rows(recs) + time_rows(recs)
        ratings = elo.fit([(g["a"], g["b"], g["score_a"]) for g in recs],
                          anchor="beginner" if any("beginner" in (g["a"], g["b"]) for g in recs)
                          else None)
        for line in elo.table(ratings):
            say(line)
    elif args.times:
        rows = fixed_rows() + teaching_rows()
    elif args.series:
        recs = run_series(_pairs(args.series, args.games), jobs=args.jobs, save=args.save, log=say)
        rows = series_rows(recs) + time_rows(recs)
    else:
        rows = main(quick=args.quick, log=say, jobs=args.jobs, games=args.games, save=args.save)
    say(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for r in rows:
        print(json.dumps(r, ensure_ascii=False) if args.json else
              f"{r['what']:48s} {r['figure']!s:>8} {r['unit']:3s} target {r['target']}  "
              f"{r.get('note') or ''}")
