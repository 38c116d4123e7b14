"""Mississippi matches between modelled human hands (issue 12 §4, §5 of the brief).

Run: ``python -m benchmarks.mississippi_matches [--quick] [--matches N] [--beginners N]
[--placer human|expert] [--seed S]``
from the repository root (``nice -n 10``: a full run takes minutes). :func:`main` returns
rows ``{what, figure, unit, target, ...}`` for ``benchmarks/run.py``.

Whole matches are played by :func:`mississippi.ai.play_match` with :class:`Person` seats:

* **Shooting.** A person means a shot the way a player who knows the game would: the
  Expert planner (:func:`mississippi.ai.plan_shot`) searches the launch, re-checking its
  finalists under the person's *own* scatter (a practised player knows how steady they
  are). The meant launch is then thrown by the person's hand through the mouse path a
  real drag takes — ``benchmarks.hands.throw`` (the flick helper's hand model: gesture
  shapes, mouse reports rounded to pixels, the frame loop's stamps, fed to
  ``mississippi.pointer.SteadyFlick``). Hands: ``PRACTISED`` ~5 % speed, ~1° aim scatter;
  ``BEGINNER`` ~12 %, ~3°. Lags likewise (:func:`mississippi.ai.plan_lag`, then the hand).
* **Placing** (``--placer human``, the default). People lay the target anywhere in their
  zone: the centre's distance from the gutter edge line uniform in 0–330 mm (from
  overhanging the gutter to near the zone's inner line, which the disc must still touch),
  across the table normal around the middle (σ 100 mm, kept between the rails), a
  placement scatter of 10 mm; at the M-R9 moment they stand the target half the time, at a
  uniform angle. Spots that break M-R1 (on another puck) are redrawn. ``--placer expert``
  uses the Expert placer (:func:`mississippi.ai.plan_target`) instead.
* **The flip race** (M-F): the placer's reaction to an open window — a choice reaction and
  a key press — practised N(0.7 s, 0.2 s), beginner N(1.2 s, 0.4 s) (at least 0.25 s);
  the catch press aimed at the middle of the catch band with a timing σ of 50 ms /
  100 ms; the shooter's counter shot — take the puck and flick — after N(1.5 s, 0.3 s) /
  N(2.2 s, 0.5 s). A practised shooter forgets the M-R8 knock 3 % of the time, a
  beginner 15 %.

Printed (one JSON row each): shots per match (median, p90), flip windows per match and
the share of matches with one, flip windows per M-R3 drop, lags landed (share of lag shots
resting in the far zone, M-L3), targets dropped per match, flip windows per shot by the
target's distance from its gutter edge (:class:`WindowTrace`, :data:`BANDS`), knocks made
before a placement (the M-R9 moment), and every count of
:class:`mississippi.stats.MatchStats` summed. Progress lines go to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mississippi import ai  # noqa: E402
from mississippi.rules import TABLE, TABLE_WIDTH, PUCK_RADIUS, Match, other  # noqa: E402
from mississippi.sim import FlipToss  # noqa: E402
from mississippi.stats import COUNTERS, MatchStats  # noqa: E402

from benchmarks.hands import BEGINNER, PRACTISED, throw  # noqa: E402


# --- people ---------------------------------------------------------------------------------
REACTION = {"practised": {"flip": (0.7, 0.2), "catch_sd": 0.05, "counter": (1.5, 0.3),
                          "forget": 0.03},
            "beginner": {"flip": (1.2, 0.4), "catch_sd": 0.10, "counter": (2.2, 0.5),
                         "forget": 0.15}}


class Person(ai.Seat):
    """A person at the table: the Expert planner's intentions under the person's own
    scatter, thrown by ``hand`` through the mouse path; human placements (or the Expert
    placer's with ``placer="expert"``) and human reaction times (module docstring)."""

    def __init__(self, kind: str = "practised", placer: str = "human") -> None:
        hand = PRACTISED if kind == "practised" else BEGINNER
        base = ai.LEVELS["expert"]
        super().__init__(replace(base, name=f"{kind} hand", speed_sigma=hand.speed_sd,
                                 angle_sigma=math.radians(hand.aim_sd_deg)))
        self.kind, self.hand, self.placer = kind, hand, placer
        self.r = REACTION[kind]
        self._forgot_at: int | None = None      # m.shots when the knock was forgotten

    def throw(self, side, plan, rng):
        vx, vy = plan.aim
        ln = throw(side, plan.x, plan.y, vx, vy, self.hand, rng)
        return ln.x, ln.y, ln.vx, ln.vy

    def place(self, m: Match, rng: random.Random, *, mu: float, seed: int) -> tuple:
        if self.placer == "expert":
            return ai.plan_target(m, "expert", rng, mu=mu, seed=seed, deadline=False)
        side = m.placer
        standing = m.standing_allowed and rng.random() < 0.5
        angle = rng.uniform(0.0, math.pi) if standing else 0.0
        edge = TABLE.gutter_edge(side)
        inward = -TABLE.direction(other(side))        # from the gutter into the table
        for _ in range(200):
            x = edge + inward * (rng.uniform(0.0, 330.0) + rng.gauss(0.0, 10.0))
            y = min(max(rng.gauss(TABLE_WIDTH / 2, 100.0), PUCK_RADIUS + 12.0),
                    TABLE_WIDTH - PUCK_RADIUS - 12.0)
            if m.check_target(x, y, standing=standing, angle=angle) is None:
                return x, y, standing, angle
        return ai.plan_target(m, "beginner", rng)

    def knocks(self, m, rng, plan=None):
        """M-R8: a person forgets the knock with probability ``forget`` once per last
        puck: asked before the placement (``plan`` None) and again before the shot of the
        same turn, the answer is the same (a person who forgot does not remember between
        the placement and the shot)."""
        if plan is not None and self._forgot_at == m.shots:
            return False
        knocks = rng.random() >= self.r["forget"]
        self._forgot_at = None if knocks or plan is not None else m.shots
        return knocks

    def flip_delay(self, rng):
        mu, sd = self.r["flip"]
        return max(0.25, rng.gauss(mu, sd))

    def catch_delay(self, rng, toss: FlipToss):
        return max(0.0, rng.gauss(toss.airtime - toss.window / 2, self.r["catch_sd"]))

    def counter_delay(self, rng):
        mu, sd = self.r["counter"]
        return max(0.4, rng.gauss(mu, sd))


# --- where the flip windows come from ------------------------------------------------------
BANDS = ((0.0, 38.0), (38.0, 100.0), (100.0, 200.0), (200.0, 400.0))
"""Bands (mm) of the target's centre distance from its gutter edge line before a shot:
0–38 the target overhangs (M-P3), 38–100 close, 100–200, 200–400 toward the inner line."""


class WindowTrace:
    """A ``trace`` for :func:`mississippi.ai.play_match`: per band of :data:`BANDS`, the
    shots (M-R2; not counter shots, not forfeited last pucks) at a target whose centre lay
    that far from its gutter edge line, the ones that dropped only the target (M-R3) and
    the ones that opened a flip window (M-F1); and the knocks made before a placement.
    """

    def __init__(self) -> None:
        self.shots = [0] * len(BANDS)
        self.new_targets = [0] * len(BANDS)
        self.windows = [0] * len(BANDS)
        self.place_knocks = 0                    # knocks before a placement (M-R9 moment)
        self._before: float | None = None        # target's distance before the next shot

    def __call__(self, phase: str, m: Match, report) -> None:
        if phase == "shoot" and self._before is not None and m.last.code != "forgot-knock":
            band = next((i for i, (lo, hi) in enumerate(BANDS) if lo <= self._before < hi),
                        len(BANDS) - 1)
            self.shots[band] += 1
            self.new_targets[band] += m.last.code in ("target-fell", "flip-window")
            self.windows[band] += m.last.code == "flip-window"
        if phase == "place" and m.knocked_before_place:
            self.place_knocks += 1
        t = m.table.get(m.target) if m.target is not None else None
        self._before = (abs(TABLE.gutter_edge(m.placer) - t.x)
                        if t is not None and m.phase == "shoot" else None)

    def to_dict(self) -> dict:
        """``{"shots": [...], "new_targets": [...], "windows": [...]}``, one per band."""
        return {"shots": self.shots, "new_targets": self.new_targets,
                "windows": self.windows, "place_knocks": self.place_knocks}


MAX_SHOTS = 500
"""Shots after which a match is ended unfinished (``capped``): beginners' matches can
last far longer (M-E1 ends a match only when one side has all 16 pucks in the other
gutter); ``--max-shots`` raises it."""


# --- the series -----------------------------------------------------------------------------
def series(kinds: tuple[str, str], n: int, *, placer: str = "human", seed0: int = 0,
           log=None, max_shots: int = MAX_SHOTS) -> list[dict]:
    """``n`` whole matches between two :class:`Person` seats of ``kinds`` (left, right);
    each match's summary from :func:`mississippi.ai.play_match` (ended after ``max_shots``
    shots if no one has won: ``capped``), plus ``seconds``."""
    out = []
    for i in range(n):
        t = time.perf_counter()
        seats = (Person(kinds[0], placer), Person(kinds[1], placer))
        tr = WindowTrace()
        r = ai.play_match(seed0 + i, seats=seats, trace=tr, max_shots=max_shots)
        r["seconds"] = time.perf_counter() - t
        r["bands"] = tr.to_dict()
        out.append(r)
        if log:
            st = r["stats"]
            log(f"  {kinds[0]} v {kinds[1]} seed {seed0 + i}: {st['shots']} shots, "
                f"{st['flip_windows']} flip windows, {r['seconds']:.1f} s"
                + (" (capped: no winner yet)" if r["capped"] else ""))
    return out


def _p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(0.9 * len(xs)) - 1)]


def rows_of(label: str, results: list[dict]) -> list[dict]:
    """The printed figures of one series."""
    st = [MatchStats.from_dict(r["stats"]) for r in results]
    tot = MatchStats.total(st)
    n = len(st)
    shots = [s.shots for s in st]
    lag_shots = 2 * tot.lag_rounds
    with_window = sum(1 for s in st if s.flip_windows)
    capped = sum(1 for r in results if r["capped"])
    cap_note = (f"{capped} of {n} matches stopped unfinished at the shot cap: the figure is a "
                f"lower bound" if capped else "every match played to its end (M-E1)")
    rows = [
        {"what": f"{label}: shots per match, median", "figure": statistics.median(shots),
         "unit": "shots", "target": "-", "p90": _p90(shots), "n": n, "capped": capped,
         "note": cap_note},
        {"what": f"{label}: shots per match, p90", "figure": _p90(shots), "unit": "shots",
         "target": "-", "n": n, "capped": capped, "note": cap_note},
        {"what": f"{label}: flip windows per match", "figure": round(tot.flip_windows / n, 3),
         "unit": "windows", "target": "-", "n": n},
        {"what": f"{label}: matches with a flip window", "figure": round(100 * with_window / n, 1),
         "unit": "%", "target": "≥ 33.3" if label.startswith("practised v practised") else "-",
         "n": n, "matches_with_window": with_window},
        {"what": f"{label}: flip windows per new target (M-R3 shots whose puck overhangs)",
         "figure": round(100 * tot.flip_windows / max(1, tot.new_targets), 1), "unit": "%",
         "target": "-", "new_targets": tot.new_targets},
        {"what": f"{label}: lags landed (rest in the far zone)",
         "figure": round(100 * tot.lags_landed / max(1, lag_shots), 1), "unit": "%",
         "target": "-", "lag_shots": lag_shots},
        {"what": f"{label}: targets dropped per match",
         "figure": round(tot.targets_dropped / n, 2), "unit": "targets", "target": "-", "n": n},
        *[{"what": f"{label}: flip windows per shot at a target {lo:g}–{hi:g} mm from the "
                   f"gutter edge", "figure": round(100 * w / max(1, sh), 1), "unit": "%",
           "target": "-", "shots": sh, "new_targets": nt, "windows": w}
          for (lo, hi), sh, nt, w in zip(BANDS, *(
              [sum(r["bands"][k][i] for r in results) for i in range(len(BANDS))]
              for k in ("shots", "new_targets", "windows")))],
        {"what": f"{label}: knocks before a placement (the M-R9 moment), of all knocks",
         "figure": sum(r["bands"]["place_knocks"] for r in results), "unit": "knocks",
         "target": "-", "knocks": tot.knocks, "standing_targets": tot.standing_targets},
        {"what": f"{label}: match statistics summed", "figure": n, "unit": "matches",
         "target": "-", **{k: getattr(tot, k) for k in COUNTERS},
         "capped": capped},
    ]
    return rows


def main(quick: bool = False, matches: int | None = None, placer: str = "human",
         log=None, beginners: int | None = None, seed: int = 0,
         max_shots: int = MAX_SHOTS) -> list[dict]:
    """Series of practised-against-practised matches (``matches``, default 17; ``quick``
    3) and beginner-against-beginner ones (``beginners``, default 5; ``quick`` 1 — they
    last long), match ``i`` of a series played from seed ``seed + i``, each ended
    unfinished after ``max_shots`` shots (the rows say how many were)."""
    n = matches if matches is not None else (3 if quick else 17)
    nb = beginners if beginners is not None else (1 if quick else 5)
    rows = []
    for kinds in (("practised", "practised"), ("beginner", "beginner")):
        k = n if kinds[0] == "practised" else nb
        if not k:
            continue
        label = f"{kinds[0]} v {kinds[1]} ({placer} placer)"
        rows += rows_of(label, series(kinds, k, placer=placer, seed0=seed, log=log,
                                     max_shots=max_shots))
    return rows


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--matches", type=int, default=None, help="practised matches (17)")
    p.add_argument("--beginners", type=int, default=None, help="beginner matches (5)")
    p.add_argument("--placer", choices=("human", "expert"), default="human")
    p.add_argument("--seed", type=int, default=0, help="seed of the first match (0)")
    p.add_argument("--max-shots", type=int, default=MAX_SHOTS,
                   help=f"end a match unfinished after this many shots ({MAX_SHOTS})")
    a = p.parse_args()
    def log(s: str) -> None:
        print(s, file=sys.stderr, flush=True)

    for row in main(a.quick, a.matches, a.placer, log=log, beginners=a.beginners,
                    seed=a.seed, max_shots=a.max_shots):
        print(json.dumps(row, ensure_ascii=False))
