"""Magico AI benchmark (issue 17): seeded series between the levels and the independent
reference opponents, an Elo table, and Master's decision time.

Run (long series under ``nice -n 10`` on a shared machine)::

    python benchmarks/magico_ai.py                      # every series of SERIES (hours)
    python benchmarks/magico_ai.py --quick              # 8 games a series: a smoke run
    python benchmarks/magico_ai.py --series master-ref1 --timing 0 --save out.json
    python benchmarks/magico_ai.py --table a.json b.json   # Elo table of saved series

Players: the levels of :mod:`magico.ai` through the contract
``choose_turn(position, dice, level, rng)`` (``beginner``, ``intermediate``,
``expert``, ``master``), the references of :mod:`benchmarks.magico_reference` (``ref1``
one-ply and ``ref2`` two-ply expectimax, no code shared with the project's AI), and
``master-d1``, ``master-d2``, … — Master's evaluation searched exactly that many
chance plies for every option (no budget, no clock): how far more search moves the
result against the one-ply reference, i.e. where the dice put the ceiling; and
``master-deep``, the level until 2026-12-01 (two plies, then up to four while a budget
of 250,000 searched placements allows); ``mcS-kK-dD[-pP][-hH]``, Master with Monte
Carlo rollouts (:func:`roll_out_params`, :mod:`magico.rollouts`). How much the dice
decide: ``benchmarks/magico_luck.py``.

A series of ``n`` games between A and B: game ``i`` is seeded ``seed0 + i`` (the dice,
:class:`magico.rules.Dice`, and each player's own ``random.Random``); A is Red and
moves first in even games, B in odd ones (K-1). A game still going after
``MAX_TURNS`` turns is scored a draw (none has come near it). Results: wins, draws,
losses of A, A's score (a draw counts half) and its 95 % Wilson interval
(:func:`benchmarks.elo.wilson`); the Elo table is the Bradley–Terry fit of every game
of every series (:func:`benchmarks.elo.fit`, Beginner at 1000, bootstrap intervals).

In the series Master plays without its wall-clock safety (``MasterParams.time_limit``,
which abandons a ply beyond the second when a busy machine makes it slow), so a series
replays exactly and measures the level as its node budget defines it.

Decision time (``--timing N``, part of :func:`main`): ``N`` seeded games of the level
``"master"`` exactly as the game calls it (``magico.ai.choose_turn``, safety on) against
``ref1``, wall (``time.perf_counter``) and CPU (``time.process_time``) seconds of every
Master decision, over all decisions and over those with a choice (more than one
distinct outcome of the roll), and how many decisions the safety cut short. Target for
the strongest level (design.md): median ≤ 1 s, max ≤ 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import magico_reference as reference  # noqa: E402
from benchmarks.elo import fit, table, wilson  # noqa: E402
from magico import ai  # noqa: E402
from magico.rules import Dice, Position  # noqa: E402

MAX_TURNS = 1000

#: (A, B, games, seed0, target for A's score in %, or None). Master first.
SERIES = (
    ("master", "ref1", 400, 100_000, 65),
    ("master", "ref2", 200, 110_000, None),
    ("master", "expert", 200, 120_000, None),
    ("expert", "intermediate", 200, 130_000, None),
    ("intermediate", "beginner", 200, 140_000, None),
    ("expert", "ref1", 200, 150_000, None),
    ("ref2", "ref1", 200, 160_000, None),
    ("master-d1", "ref1", 400, 100_000, None),
    ("master-d2", "ref1", 400, 100_000, None),
)


def roll_out_params(name: str) -> "ai.MasterParams":
    """Master with rollouts from a player name ``mcS-kK-dD[-pP][-hH]``: ``S`` greedy
    rollouts for each of the ``K`` options the ``D``-ply search ranks first, each
    ``P`` plies long (default: to the end of the game), only once a hand holds ``H``
    tokens or fewer (default 15: always); no clock."""
    parts = name.split("-")
    samples = int(parts[0][2:])
    opts = {x[0]: int(x[1:]) for x in parts[1:]}
    depth = opts.get("d", 1)
    return ai.replace(ai.MASTER, depth=depth, max_depth=depth, budget=0,
                      time_limit=float("inf"), rollouts=samples,
                      rollout_top=opts.get("k", 6), rollout_plies=opts.get("p", 200),
                      rollout_hands=opts.get("h", 15))


def turn_function(name: str):
    """``(position, dice, rng) -> K-N2 text`` of player ``name``."""
    if name in reference.LEVELS:
        return lambda p, d, rng: reference.choose_turn(p, d, name, rng)
    if name == "master-deep":  # the level until 2026-12-01: deeper than 2 plies by budget
        prm = ai.replace(ai.MASTER, max_depth=4, time_limit=float("inf"))
        return lambda p, d, rng: ai.master_turn(p, d[0], d[1], rng, prm)
    if name.startswith("mc"):   # mcS-kK-dD[-pP]: rollouts (see roll_out_params)
        prm = roll_out_params(name)
        return lambda p, d, rng: ai.master_turn(p, d[0], d[1], rng, prm)
    if name.startswith("master-d"):
        depth = int(name[len("master-d"):])
        prm = ai.replace(ai.MASTER, depth=depth, max_depth=depth, budget=0,
                         time_limit=float("inf"))
        return lambda p, d, rng: ai.master_turn(p, d[0], d[1], rng, prm)
    if name == "master":      # the level without its wall-clock safety: repeatable
        prm = ai.replace(ai.MASTER, time_limit=float("inf"))
        return lambda p, d, rng: ai.master_turn(p, d[0], d[1], rng, prm)
    if name not in ai.LEVELS:
        raise ValueError(f"unknown player {name!r}")
    return lambda p, d, rng: ai.choose_turn(p, d, name, rng)


def play(seed: int, red: str, blue: str, clock: dict | None = None,
         contract: bool = False):
    """One seeded game, ``red`` moving first; returns (final position, turns played).
    ``clock[name]`` collects ``(wall s, cpu s, had a choice)`` per decision;
    ``contract``: the levels play through ``magico.ai.choose_turn`` as in the game."""
    dice = Dice(seed)
    rngs = {"r": random.Random(seed * 2 + 1), "b": random.Random(seed * 2 + 2)}
    names = {"r": red, "b": blue}
    funcs = {s: (lambda p, d, rng, n=n: ai.choose_turn(p, d, n, rng))
             if contract and n in ai.LEVELS else turn_function(n) for s, n in names.items()}
    p = Position.start(first="r")
    n = 0
    while not p.is_over and n < MAX_TURNS:
        roll = dice.roll()
        side = p.to_move
        w0, c0 = time.perf_counter(), time.process_time()
        turn = funcs[side](p, roll, rngs[side])
        w1, c1 = time.perf_counter(), time.process_time()
        if clock is not None:
            choice = len({t.split()[-1] for t in p.legal_turns(*roll)}) > 1
            clock.setdefault(names[side], []).append((w1 - w0, c1 - c0, choice))
        p = p.play(turn)          # IllegalTurn here would be a bug of the player
        n += 1
    return p, n


def series(a: str, b: str, games: int, seed0: int, clock: dict | None = None,
           log=None) -> dict:
    """``a`` against ``b`` over ``games`` seeded games (see the module text)."""
    wins = draws = 0
    record = []
    turns = []
    t0 = time.perf_counter()
    for i in range(games):
        a_red = i % 2 == 0
        red, blue = (a, b) if a_red else (b, a)
        p, n = play(seed0 + i, red, blue, clock)
        turns.append(n)
        w = p.winner if p.is_over else "draw"
        score_red = 1.0 if w == "r" else 0.0 if w == "b" else 0.5
        record.append((red, blue, score_red))
        mine = "r" if a_red else "b"
        wins += w == mine
        draws += w == "draw"
        if log and (i + 1) % 50 == 0:
            log(f"  {a} vs {b}: {i + 1} games, {wins} wins, {draws} draws")
    score = wins + draws / 2
    lo, hi = wilson(score, games)
    return {"a": a, "b": b, "games": games, "seed0": seed0, "wins": wins, "draws": draws,
            "losses": games - wins - draws, "score_pct": round(100 * score / games, 1),
            "low_pct": round(100 * lo, 1), "high_pct": round(100 * hi, 1),
            "mean_turns": round(statistics.mean(turns), 1),
            "seconds": round(time.perf_counter() - t0, 1), "record": record}


def play_record(a: str, b: str, i: int, seed0: int) -> dict:
    """Game ``i`` of the series ``a`` against ``b`` seeded from ``seed0`` (the same game
    as the ``i``-th of :func:`series`), as a record: winner, ``a``'s score, scores,
    turns, and every decision's wall and CPU seconds per player."""
    red, blue = (a, b) if i % 2 == 0 else (b, a)
    clock: dict = {}
    t0 = time.perf_counter()
    p, n = play(seed0 + i, red, blue, clock)
    w = p.winner if p.is_over else "draw"
    score_a = 0.5 if w == "draw" else 1.0 if (w == "r") == (i % 2 == 0) else 0.0
    return {"a": a, "b": b, "game": i, "seed": seed0 + i, "red": red, "winner": w,
            "score_a": score_a, "turns": n, "score": p.scores(),
            "wall": {k: [round(x[0], 4) for x in v] for k, v in clock.items()},
            "cpu": {k: [round(x[1], 4) for x in v] for k, v in clock.items()},
            "seconds": round(time.perf_counter() - t0, 2)}


def tabulate(records: list[dict], log=print) -> list[dict]:
    """Series results (W-D-L of A, score, 95 % Wilson interval), the Elo table (Beginner
    at 1000 if it played) and per-player decision times of game records (later copies of
    a game replace earlier ones); prints them with ``log`` and returns the series rows."""
    games = {}
    for r in records:
        games[(r["a"], r["b"], r["seed"])] = r
    by: dict = {}
    for r in games.values():
        by.setdefault((r["a"], r["b"]), []).append(r)
    rows = []
    for (a, b), gs in sorted(by.items()):
        w = sum(g["score_a"] == 1 for g in gs)
        d = sum(g["score_a"] == 0.5 for g in gs)
        lo, hi = wilson(w + d / 2, len(gs))
        rows.append({"a": a, "b": b, "games": len(gs), "wins": w, "draws": d,
                     "losses": len(gs) - w - d,
                     "score_pct": round(100 * (w + d / 2) / len(gs), 1),
                     "low_pct": round(100 * lo, 1), "high_pct": round(100 * hi, 1),
                     "turns": sum(g["turns"] for g in gs)})
        log(f"{a} vs {b}: {rows[-1]['score_pct']} % ({rows[-1]['low_pct']}–"
            f"{rows[-1]['high_pct']}), {w}-{d}-{len(gs) - w - d} of {len(gs)}, "
            f"{rows[-1]['turns']} turns checked legal")
    pairs = [(g["red"], g["b"] if g["red"] == g["a"] else g["a"],
              1.0 if g["winner"] == "r" else 0.0 if g["winner"] == "b" else 0.5)
             for g in games.values()]
    names = {x for g in pairs for x in g[:2]}
    for line in table(fit(pairs, anchor="beginner" if "beginner" in names else sorted(names)[0],
                          bootstrap=400, seed=1)):
        log(line)
    times: dict = {}
    for g in games.values():
        for who, xs in g["wall"].items():
            t = times.setdefault(who, ([], []))
            t[0].extend(xs)
            t[1].extend(g["cpu"][who])
    for who, (wall, cpu) in sorted(times.items()):
        log(f"{who}: {len(wall)} decisions, wall median {statistics.median(wall):.4f} s max "
            f"{max(wall):.3f} s, CPU median {statistics.median(cpu):.4f} s max {max(cpu):.3f} s")
    return rows


def times_summary(samples: list[tuple[float, float, bool]]) -> dict:
    """Median and max of wall and CPU seconds, all decisions and those with a choice."""
    out = {"decisions": len(samples)}
    chosen = [s for s in samples if s[2]]
    out["with_choice"] = len(chosen)
    for label, rows in (("all", samples), ("choice", chosen)):
        if rows:
            for k, name in ((0, "wall"), (1, "cpu")):
                xs = [r[k] for r in rows]
                out[f"{label}_{name}_median_s"] = round(statistics.median(xs), 4)
                out[f"{label}_{name}_max_s"] = round(max(xs), 4)
    return out


def elo_rows(results: list[dict]) -> list[str]:
    """Markdown Elo table of every game of ``results``, Beginner (if it played) at 1000."""
    games = [tuple(g) for r in results for g in r["record"]]
    names = {g[0] for g in games} | {g[1] for g in games}
    anchor = "beginner" if "beginner" in names else sorted(names)[0]
    return table(fit(games, anchor=anchor, bootstrap=400, seed=1))


#: The series ``benchmarks/run.py`` plays (the design.md target); the command line
#: plays every series of :data:`SERIES` unless told otherwise.
RUN_SERIES = ("master-ref1",)


def main(quick: bool = False, only=RUN_SERIES, games: int | None = None,
         log=print, timing_games: int = 20) -> list[dict]:
    """Play the series named in ``only`` (``None``: all of :data:`SERIES`; 8 games each
    with ``quick``) and the timing games, and return rows ``{what, figure, unit,
    target, ...}`` for ``benchmarks/run.py`` (there: Master vs ref1, 400 games, about
    half an hour of CPU, and 20 timing games)."""
    rows: list[dict] = []
    results = []
    clock: dict = {}
    load0 = os.getloadavg()
    for a, b, n, seed0, target in SERIES:
        name = f"{a}-{b}"
        if only and name not in only:
            continue
        n = 8 if quick else games or n
        r = series(a, b, n, seed0, clock, log)
        results.append(r)
        rows.append({"what": f"magico {a} vs {b} score", "figure": r["score_pct"], "unit": "%",
                     "target": f"≥ {target}" if target else "(info)",
                     "note": f"{r['wins']}-{r['draws']}-{r['losses']} (W-D-L) of {n}, 95 % "
                             f"interval {r['low_pct']}–{r['high_pct']} %",
                     **{k: v for k, v in r.items() if k != "record"}})
        log(f"{a} vs {b}: {r['score_pct']} % ({r['low_pct']}–{r['high_pct']}), "
            f"{r['wins']}-{r['draws']}-{r['losses']} of {n}, {r['seconds']} s")
    timing: dict = {}
    stops0 = ai.master_engine(Position.start().board, ai.MASTER).clock_stops
    timing_games = min(timing_games, 2) if quick else timing_games
    for i in range(timing_games):
        play(200_000 + i, *(("master", "ref1") if i % 2 == 0 else ("ref1", "master")),
             timing, contract=True)
    stops = ai.master_engine(Position.start().board, ai.MASTER).clock_stops - stops0
    clock["master (timing)"] = timing.get("master", [])
    if timing.get("master"):
        t = times_summary(timing["master"])
        t["safety_stops"] = stops
        log(f"master decisions ({timing_games} timing games): {t}")
        for what, key, target in (("median", "all_wall_median_s", "≤ 1"),
                                  ("max", "all_wall_max_s", "≤ 2")):
            rows.append({"what": f"magico AI decision master {what} (wall)", "figure": t[key],
                         "unit": "s", "target": target, **t})
        for what, key in (("median", "all_cpu_median_s"), ("max", "all_cpu_max_s")):
            rows.append({"what": f"magico AI decision master {what} (CPU)", "figure": t[key],
                         "unit": "s", "target": "(info)", "decisions": t["decisions"]})
    if results:
        for line in elo_rows(results):
            log(line)
    load1 = os.getloadavg()
    log(f"load average {load0[0]:.2f} at the start, {load1[0]:.2f} at the end")
    main.results = results  # type: ignore[attr-defined]
    main.clock = clock      # type: ignore[attr-defined]
    return rows


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="8 games a series (smoke run)")
    ap.add_argument("--series", nargs="*", help="only these series, e.g. master-ref1")
    ap.add_argument("--games", type=int, help="games per series (default: SERIES)")
    ap.add_argument("--timing", type=int, default=20,
                    help="seeded games of the timed level (default 20; 0: none)")
    ap.add_argument("--save", help="write the series and decision times to this JSON file")
    ap.add_argument("--table", nargs="+", metavar="FILE",
                    help="print the Elo table of saved series instead of playing")
    ap.add_argument("--play", nargs="+", metavar="A:B:GAMES:SEED0[:FIRST]",
                    help="play games FIRST … FIRST + GAMES - 1 of these series, one JSON "
                    "line per game appended to --games-file (a long series in parts)")
    ap.add_argument("--games-file", help="JSON-lines file of game records (--play)")
    ap.add_argument("--from", dest="from_", nargs="+", metavar="FILE",
                    help="tabulate game records: series, Elo table, decision times")
    args = ap.parse_args()
    if args.play:
        with open(args.games_file, "a", encoding="utf-8") as fh:
            for item in args.play:
                a, b, n, seed0, *first = item.split(":")
                f0 = int(first[0]) if first else 0
                for i in range(f0, f0 + int(n)):
                    fh.write(json.dumps(play_record(a, b, i, int(seed0))) + "\n")
                    fh.flush()
        sys.exit(0)
    if args.from_:
        recs = [json.loads(line) for f in args.from_
                for line in Path(f).read_text(encoding="utf-8").splitlines() if line.strip()]
        tabulate(recs)
        print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        sys.exit(0)
    if args.table:
        saved = [json.loads(Path(f).read_text(encoding="utf-8")) for f in args.table]
        results = [r for s in saved for r in s["results"]]
        for r in results:
            print(f"{r['a']} vs {r['b']}: {r['score_pct']} % ({r['low_pct']}–{r['high_pct']}), "
                  f"{r['wins']}-{r['draws']}-{r['losses']} of {r['games']}")
        print("\n".join(elo_rows(results)))
        clocks: dict = {}
        for s in saved:
            for k, v in s.get("clock", {}).items():
                clocks.setdefault(k, []).extend(tuple(x) for x in v)
        for k, v in clocks.items():
            print(k, times_summary(v))
        sys.exit(0)
    rows = main(quick=args.quick, only=args.series or None, games=args.games,
                timing_games=args.timing)
    for row in rows:
        print(f"{row['what']}: {row['figure']} {row['unit']} (target {row['target']})")
    if "master" in main.clock:  # type: ignore[attr-defined]
        print("master decisions:", times_summary(main.clock["master"]))  # type: ignore
    if args.save:
        Path(args.save).write_text(json.dumps(
            {"results": main.results, "clock": main.clock,  # type: ignore[attr-defined]
             "load": os.getloadavg()}, indent=1), encoding="utf-8")
