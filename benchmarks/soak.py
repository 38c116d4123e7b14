"""Long-session soak (issue 8): the computer plays itself, game after game, across every
registered game (Mississippi, Glissando, Magico), through the real shell with no window.

    /work/venv/bin/python benchmarks/soak.py               # 30 minutes of game time
    /work/venv/bin/python benchmarks/soak.py --minutes 2   # what CI runs (tests/test_soak.py)
    /work/venv/bin/python benchmarks/soak.py --json

Each game is started exactly as the setup screen starts a demo
(``ludotheque.menu.start_game`` with two computer seats, ``demo=True``), in an ``App``
that draws off-screen. Frames are advanced as fast as the machine allows, each one
``1/60`` s of game time (fixed steps and a full draw, like the real loop), so 30 minutes
of game time take a few minutes of wall time. A computer player's decision (run on the
shell's worker thread, ``app.run_worker``) is waited for before the next frame, so it takes
wall time but no game time, as if the computer thought instantly; the games' outcomes
then depend only on their seeds. A game is complete when its scene deletes
its autosave (what every game does at its end); the next game starts at once, the
games and computer levels taking turns. A game still running after ``--max-game`` minutes
of game time is abandoned (counted, not an error: a long match).

Printed: games completed (per game), exceptions (raised from the shell or logged at
ERROR), games abandoned, resident memory (RSS, from ``/proc/<pid>/statm``, of this
process and its AI worker process) after the warm-up
(the first game boundary once every game has been played and a third of the time has
passed) and at the end, and the growth between the two; both are measured
between two games (after the last game that ended, for the end). Exit status 1 on any exception or when
RSS grew by 10 MB or more.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gc
import json
import logging
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_HOME = Path(tempfile.mkdtemp(prefix="ludo-soak-home-"))
for _var, _sub in (("XDG_CONFIG_HOME", "cfg"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")):
    os.environ.setdefault(_var, str(_HOME / _sub))

FRAME = 1 / 60
"""Game time of one frame (s)."""
LEVELS = ("beginner", "intermediate", "expert")
GROWTH_LIMIT_MB = 10.0


def _resident_pages(pid) -> int:
    try:
        with open(f"/proc/{pid}/statm") as fh:
            return int(fh.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (the shell's AI worker process)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out


def rss_mb(main_only: bool = False) -> float:
    """Resident memory in MB of this process and its children (the AI worker process of
    :mod:`ludotheque.workers`), or of this process only, from ``/proc/<pid>/statm``,
    after a full GC here."""
    gc.collect()
    pages = _resident_pages("self")
    if not main_only:
        pages += sum(_resident_pages(c) for c in _children(os.getpid()))
    return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)


class _ErrorLog(logging.Handler):
    """Counts log records at ERROR and above (an exception a scene caught and logged)."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record):
        self.records.append(self.format(record))


def soak(minutes: float = 30.0, *, seed: int = 1, max_game_minutes: float = 6.0, games=None,
         levels=LEVELS, progress=None) -> dict:
    """Play computer-against-computer games for ``minutes`` of game time.

    :param seed: the first game's seed (each next game uses the next one).
    :param max_game_minutes: game time after which a game is abandoned.
    :param games: descriptors (default: ``main.descriptors()``).
    :param levels: the computer levels to take turns with (both seats play the same).
    :param progress: called with a one-line status after each completed game.
    :returns: ``{"game_minutes", "wall_seconds", "frames", "completed": {id: n},
        "abandoned": {id: n}, "exceptions": [text], "rss_warm_mb", "rss_end_mb",
        "rss_growth_mb", "warmup_minutes", "rss_samples": [(game minutes, MB, MB of this
        process only)]}``.
    """
    import main
    from ludotheque.game import GameConfig, PlayerSpec
    from ludotheque.menu import start_game
    from tests.harness import frames, make_app

    games = list(games if games is not None else main.descriptors())
    errors = _ErrorLog()
    logging.getLogger().addHandler(errors)
    logging.getLogger().setLevel(logging.WARNING)
    for noisy in ("ludotheque", "ludotheque.saves", "ludotheque.menu"):
        logging.getLogger(noisy).setLevel(logging.ERROR)
    finished: list[str] = []
    thinking: list[concurrent.futures.Future] = []

    def new_app():
        a = make_app(games, folder=Path(tempfile.mkdtemp(prefix="ludo-soak-")))
        real_delete, real_worker = a.saves.delete, a.run_worker

        def delete(game_id):  # every game deletes its autosave when it ends
            finished.append(game_id)
            real_delete(game_id)

        def run_worker(fn, *args):
            f = real_worker(fn, *args)
            thinking.append(f)
            return f

        a.saves.delete, a.run_worker = delete, run_worker
        return a

    app = new_app()
    completed = {g.id: 0 for g in games}
    abandoned = {g.id: 0 for g in games}
    exceptions: list[str] = []
    total = minutes * 60.0
    warm_after = total / 3
    t = 0.0
    n_frames = 0
    k = 0
    rss_warm = None
    warm_at = None
    played = set()  # (game, level) pairs played to their end or abandoned
    samples: list[tuple] = []  # (game minutes, RSS MB, of which this process) after each game
    wall0 = time.perf_counter()
    while t < total:
        g = games[k % len(games)]
        level = levels[(k // len(games)) % len(levels)]
        config = GameConfig(players=(PlayerSpec("CPU 1", "ai", level), PlayerSpec("CPU 2", "ai", level)),
                            seed=seed + k, options=g.default_options(), demo=True)
        k += 1
        finished.clear()
        try:
            app.to_menu()
            start_game(app, g, config)
            game_t = 0.0
            while not finished and t < total:
                if thinking:  # the computer decides in no game time
                    concurrent.futures.wait(thinking)
                    thinking.clear()
                frames(app, 1, FRAME)
                n_frames += 1
                t += FRAME
                game_t += FRAME
                if game_t > max_game_minutes * 60:
                    abandoned[g.id] += 1
                    break
        except Exception:  # noqa: BLE001 - counted and reported: the soak's finding
            exceptions.append(f"{g.id} seed {config.seed} ({level}): {traceback.format_exc(limit=-4)}")
            thinking.clear()
            app = new_app()
            continue
        status = "done" if finished else "abandoned" if game_t > max_game_minutes * 60 else None
        if not status:
            continue
        played.add((g.id, level))
        completed[g.id] += status == "done"
        rss = rss_mb()  # measured between two games, always at the same kind of moment
        samples.append((round(t / 60, 2), round(rss, 1), round(rss_mb(main_only=True), 1)))
        if rss_warm is None and t >= warm_after and {gid for gid, _ in played} == set(completed):
            rss_warm, warm_at = rss, t
        if progress:
            progress(f"{t / 60:6.2f} min  {g.id:<12} {level:<12} {status:<9} after {game_t:6.1f} s game time  "
                     f"RSS {rss:6.1f} MB  wall {time.perf_counter() - wall0:6.1f} s")
    rss_end = samples[-1][1] if samples else rss_mb()
    if rss_warm is None:  # too short to warm up: no growth can be measured
        rss_warm, warm_at = rss_end, t
    logging.getLogger().removeHandler(errors)
    exceptions += [f"logged: {r}" for r in errors.records]
    return {"game_minutes": round(t / 60, 2), "wall_seconds": round(time.perf_counter() - wall0, 1),
            "frames": n_frames, "completed": completed, "abandoned": abandoned, "exceptions": exceptions,
            "warmup_minutes": round(warm_at / 60, 2), "rss_warm_mb": round(rss_warm, 1),
            "rss_end_mb": round(rss_end, 1), "rss_growth_mb": round(rss_end - rss_warm, 1),
            "rss_samples": samples}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=30.0, help="game time to play (default 30)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default=",".join(LEVELS), help="computer levels, comma-separated (default: all)")
    p.add_argument("--max-game", type=float, default=6.0, help="minutes of game time before a game is abandoned")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON line")
    p.add_argument("--quiet", action="store_true", help="no line per game")
    args = p.parse_args(argv)
    out = soak(args.minutes, seed=args.seed, max_game_minutes=args.max_game, levels=tuple(args.levels.split(",")),
               progress=None if args.quiet else (lambda s: print(s, flush=True)))
    if args.json:
        print(json.dumps(out))
    else:
        print(f"game time      {out['game_minutes']} min ({out['frames']} frames, {out['wall_seconds']} s wall)")
        print(f"completed      {sum(out['completed'].values())} games: "
              + ", ".join(f"{k} {v}" for k, v in out["completed"].items()))
        print(f"abandoned      {sum(out['abandoned'].values())} (longer than {args.max_game} min of game time)")
        print(f"exceptions     {len(out['exceptions'])}")
        for e in out["exceptions"][:5]:
            print("  " + e.replace("\n", "\n  "))
        print(f"RSS            {out['rss_warm_mb']} MB after warm-up ({out['warmup_minutes']} min), "
              f"{out['rss_end_mb']} MB at the end: {out['rss_growth_mb']:+} MB")
        print("RSS after each game (game minutes: MB, of which the app's own process)  "
              + "  ".join(f"{m}: {r} ({own})" for m, r, own in out["rss_samples"]))
    ok = not out["exceptions"] and out["rss_growth_mb"] < GROWTH_LIMIT_MB
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
