"""Mississippi computer player, three levels (pure: no pygame, no shell).

* Shooter (M-R2, M-R10): searches launch velocities by simulating candidate shots on a
  world rebuilt from the table (``mississippi.sim.TableSim``: restored from one snapshot per
  candidate), scores each outcome with the rules engine itself (keep the role, drop the
  target, win on the last puck), re-checks the best few under the level's own hand noise
  ("most likely" to work), then adds the level's hand noise to the chosen launch.
* Placer (M-R1, M-R9): tries target spots (and, at the M-R9 moment, standing angles) and
  keeps the one an opponent drops least often in simulation.
* Flip race (M-F): a reaction delay before starting the flip and a timing error on the
  catch, both by level; as shooter it always counters (the counter puck comes back anyway,
  M-F3).
* :func:`play_match` plays a whole AI-against-AI match with full physics (the headless demo
  and the benchmark).

Units: mm, s, mm/s, radians. Levels: ``"beginner"``, ``"intermediate"``, ``"expert"``.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable

from mississippi.rules import (FLIP_WINDOW_S, MU, Match, RIGHT_EDGE, LEFT_EDGE, TABLE_WIDTH,
                               PUCK_RADIUS, ZONES, flip_race_winner, nearer_end, other)
from mississippi.physics import PhysicsParams
from mississippi.sim import (DECEL, MAX_SPEED, FlipToss, TableSim, launch_spot,
                             speed_to_travel)

__all__ = ["Level", "LEVELS", "ShotPlan", "Seat", "plan_shot", "plan_lag", "plan_counter",
           "plan_target", "choose_role", "flip_delay", "catch_delay", "counter_delay",
           "forgets_knock", "play_match", "flip_race", "score"]

_PARAMS = PhysicsParams()    # M-P2's e(v), used only to guess first speeds
FAR_EDGE = {"left": RIGHT_EDGE, "right": LEFT_EDGE}
DIR = {"left": 1.0, "right": -1.0}


@dataclass(frozen=True)
class Level:
    """How one level plays. Noise: relative speed σ, direction σ (rad). Search: the lateral
    hit offsets (mm) and speed factors tried, how many finalists are re-checked with
    ``robust`` noisy rollouts each, and a hard time cap (s) that only a badly overloaded
    machine reaches (the search is otherwise a fixed number of rollouts, so a seed always
    gives the same decision). Flip race: reaction delay to start
    a flip (mean, σ s), catch timing σ (s), delay before a counter shot (s). ``forget_knock``:
    probability of forgetting the M-R8 knock."""

    name: str
    speed_sigma: float
    angle_sigma: float
    offsets: tuple
    factors: tuple
    finalists: int
    robust: int
    budget: float
    flip_reaction: tuple
    catch_sigma: float
    counter_reaction: float
    forget_knock: float
    placer_spots: int
    placer_samples: int
    lag_margin: float
    cut_offsets: tuple = ()
    cut_speeds: tuple = ()


LEVELS = {
    "beginner": Level("beginner", 0.09, 0.022, (0.0,), (1.0, 1.25), 0, 0, 1.5,
                      (1.1, 0.35), 0.13, 1.6, 0.12, 0, 0, 220.0,
                      (45.0,), (5000.0,)),
    "intermediate": Level("intermediate", 0.05, 0.011, (0.0, -14.0, 14.0),
                          (0.95, 1.1, 1.3), 2, 3, 1.5, (0.75, 0.2), 0.07, 1.1, 0.03,
                          6, 2, 140.0, (-48.0, -36.0, 36.0, 48.0), (4500.0, 5500.0)),
    "expert": Level("expert", 0.02, 0.004, (0.0, -8.0, 8.0, -18.0, 18.0, -30.0, 30.0),
                    (0.92, 1.0, 1.1, 1.25, 1.45), 4, 6, 1.8, (0.45, 0.1), 0.035, 0.6,
                    0.0, 12, 3, 70.0,
                    tuple(float(o) for o in range(-60, 61, 6) if abs(o) >= 30),
                    (4000.0, 4500.0, 5000.0, 5500.0, 6000.0)),
}
"""The three levels. Débutant (beginner) aims straight with a shaky hand; Expert searches
wide, re-checks its best shots under its own hand noise and cuts the last puck so both
pucks fall (M-R10)."""


def level_of(name: str | Level) -> Level:
    """The :class:`Level` called ``name`` (raises ``ValueError`` "M-E… unknown level")."""
    if isinstance(name, Level):
        return name
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown AI level {name!r}") from None


@dataclass(frozen=True)
class ShotPlan:
    """A launch: puck placed at (x, y) mm, thrown at (vx, vy) mm/s (noise included);
    ``aim`` the noiseless (vx, vy) the AI meant; ``value`` its expected score; ``knock``
    whether the AI knocks first (M-R8); ``tried`` rollouts simulated."""

    x: float
    y: float
    vx: float
    vy: float
    aim: tuple
    value: float = 0.0
    knock: bool = False
    tried: int = 0


# --- scoring ------------------------------------------------------------------------------
ROLE_VALUE = 4.0     # being the shooter is worth about four pucks
COUNTER_TRAVEL = 0.7  # s a counter shot takes to reach an overhanging target (~3 m at 4 m/s)


def flip_swap_chance(placer: str | Level = "expert", shooter: str | Level = "expert",
                     toss: FlipToss = FlipToss(), window: float = 3.0) -> float:
    """Probability that an open flip window (M-F1) becomes a role swap: the placer starts
    the flip within the window and before the shooter's counter shot can knock the target
    in (M-F3, M-F4) — reaction times normal, the counter arriving ``COUNTER_TRAVEL`` s
    after its release — and catches it (M-F2: the press lands in the catch band,
    ``|N(0, catch σ)| ≤ band / 2`` around its middle)."""
    p, c = level_of(placer), level_of(shooter)
    mu_f, sd_f = p.flip_reaction
    sd = math.hypot(sd_f, 0.1)
    phi = lambda z: 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))        # noqa: E731
    p_first = phi((c.counter_reaction + COUNTER_TRAVEL - mu_f) / sd)
    p_in_time = phi((window - mu_f) / max(sd_f, 1e-9))
    p_catch = math.erf((toss.window / 2.0) / (max(p.catch_sigma, 1e-9) * math.sqrt(2.0)))
    return p_first * p_in_time * p_catch


FLIP_SWAP = flip_swap_chance()      # Expert against Expert: ≈ 1


def score(m: Match, me: str, flip_swap: float = FLIP_SWAP) -> float:
    """How good match state ``m`` is for side ``me`` (higher is better): +100 won, −100
    lost, else pucks at the other end minus pucks at mine (pucks resting on the table
    counted at their nearer end, M-O4), plus the shooter's role (``ROLE_VALUE``). In an
    open flip window (M-F1) the shooter keeps the role only with probability
    ``1 − flip_swap`` (:func:`flip_swap_chance` of the two players): the window is worth
    ``ROLE_VALUE · flip_swap`` to the placer."""
    if m.phase == "over":
        return 100.0 if m.winner == me else -100.0
    opp = other(me)
    s = float(m.gutter[opp] - m.gutter[me])
    for p in m.table.values():
        s += 1.0 if nearer_end(p.x) == opp else -1.0
    if m.shooter == me:
        s += ROLE_VALUE * (1.0 - flip_swap if m.phase == "flip" else 1.0)
    elif m.shooter == opp and m.phase == "flip":
        s += ROLE_VALUE * flip_swap
    return s


def _after(base: dict, report, *, knocked: bool, counter: bool = False) -> Match:
    m = Match.from_dict(base)
    if knocked and m.knock_required and not m.knocked:
        m.knocked = True
    (m.counter_shot if counter else m.shot)(report)
    return m


def _noisy(vx: float, vy: float, lv: Level, rng: random.Random) -> tuple[float, float]:
    """M-U1 hand noise: speed scaled by 1+N(0,σs), direction turned by N(0,σa)."""
    v = math.hypot(vx, vy) * max(0.2, 1.0 + rng.gauss(0.0, lv.speed_sigma))
    a = math.atan2(vy, vx) + rng.gauss(0.0, lv.angle_sigma)
    v = min(v, MAX_SPEED)
    return v * math.cos(a), v * math.sin(a)


# --- shooting -----------------------------------------------------------------------------
def impact_speed_for(v_target: float) -> float:
    """Head-on impact speed (mm/s) that sends a puck at rest off at ``v_target`` mm/s:
    ``(1 + e(v)) / 2 · v = v_target`` with M-P2's restitution e(v), solved by iteration."""
    v = v_target
    for _ in range(8):
        v = 2.0 * v_target / (1.0 + _PARAMS.restitution(v))
    return v


def _shot_candidates(side: str, tx: float, ty: float, lv: Level, *, last: bool = False):
    """(x0, y0, vx, vy) launches aimed at a target at (tx, ty) mm, best guesses first.

    Normal shots: straight at the target (lateral hit offsets ``lv.offsets`` mm) with the
    speed that sends the target just past the gutter edge on a head-on hit, times
    ``lv.factors``. The last puck (M-R10, ``last``): cut shots (``lv.cut_offsets`` mm at
    ``lv.cut_speeds`` mm/s) so that both pucks go on into the gutter."""
    x0, y0 = launch_spot(side, ty)
    to_edge = max(10.0, abs(FAR_EDGE[side] - tx)) + 25.0
    v_hit = impact_speed_for(speed_to_travel(to_edge))
    out = []
    if last:
        for off in lv.cut_offsets:
            for v0 in lv.cut_speeds:
                out.append((abs(off), tx, ty + off, v0))
    for off in lv.offsets:
        for f in lv.factors:
            px, py = tx, ty + off
            travel = max(0.0, math.hypot(px - x0, py - y0) - 2 * PUCK_RADIUS)
            v0 = math.sqrt((v_hit * f) ** 2 + 2 * DECEL * travel)
            out.append((1000 + abs(off) + 100 * abs(f - 1.0), px, py, v0))
    out.sort(key=lambda c: c[0])
    for _, px, py, v0 in out:
        dist = math.hypot(px - x0, py - y0)
        v0 = min(v0, MAX_SPEED)
        yield x0, y0, (px - x0) / dist * v0, (py - y0) / dist * v0


class _Roller:
    """Rolls candidate shots out on one rebuilt world (restored before each)."""

    def __init__(self, m: Match, *, mu: float, seed: int) -> None:
        self.base = m.to_dict()
        self.sim = TableSim(m.table, mu=mu, seed=seed)
        self.rid = m.next_puck_id
        self.count = 0

    def roll(self, x: float, y: float, vx: float, vy: float):
        """Simulate a launch from (x, y) mm at (vx, vy) mm/s on the restored world; the
        report keyed by match ids."""
        self.count += 1
        return self.sim.shoot(self.rid, x, y, vx, vy, max_s=12.0)


def plan_shot(m: Match, level: str | Level = "expert", rng: random.Random | None = None, *,
              mu: float = MU, seed: int = 0, counter: bool = False,
              deadline: bool = True) -> ShotPlan:
    """Choose the shooter's launch (M-R2) for match ``m`` in the shoot phase (or a counter
    shot in the flip window, M-F3, with ``counter=True``).

    Returns a :class:`ShotPlan` whose (vx, vy) already carries the level's hand noise.
    ``deadline``: stop the search at the level's time budget (a badly overloaded machine
    only); False searches the fixed number of rollouts whatever the time, so a seed always
    gives the same plan (matches, tests). Raises ``ValueError`` when ``m`` has no target.
    """
    lv = level_of(level)
    rng = rng or random.Random(seed)
    if m.target is None or m.target not in m.table:
        raise ValueError("M-R2 no target on the table to shoot at")
    t0 = time.perf_counter()
    me = m.shooter
    knock = m.knock_required and not m.knocked and not counter
    if knock and rng.random() < lv.forget_knock:
        knock = False                              # M-R8: a beginner may forget
    roller = _Roller(m, mu=mu, seed=seed)
    best_val, best = _search(m, me, lv, rng, roller, counter=counter, t0=t0,
                             deadline=deadline)
    x0, y0, vx, vy = best
    nvx, nvy = _noisy(vx, vy, lv, rng)
    return ShotPlan(x0, y0, nvx, nvy, (vx, vy), best_val, knock, roller.count)


def _search(m: Match, me: str, lv: Level, rng: random.Random, roller: "_Roller", *,
            counter: bool = False, t0: float | None = None,
            flip_swap: float = FLIP_SWAP, deadline: bool = True) -> tuple[float, tuple]:
    """Roll out the candidates of level ``lv`` against the target of ``m`` and re-check the
    best ``lv.finalists`` under ``lv.robust`` noisy launches; (mean score, launch)."""
    t0 = time.perf_counter() if t0 is None else t0
    cap = lv.budget if deadline else math.inf
    tp = m.table[m.target]
    last = m.knock_required and not counter
    scored: list[tuple[float, tuple]] = []
    for cand in _shot_candidates(me, tp.x, tp.y, lv, last=last):
        if scored and time.perf_counter() - t0 > cap * 0.6:      # hard cap only
            break
        rep = roller.roll(*cand)
        scored.append((score(_after(roller.base, rep, knocked=True, counter=counter), me,
                             flip_swap), cand))
    scored.sort(key=lambda s: -s[0])
    best_val, best = scored[0]
    if lv.finalists and lv.robust:
        finals = []
        for val, cand in scored[:lv.finalists]:
            vals = [val]
            for _ in range(lv.robust):
                if time.perf_counter() - t0 > cap:
                    break
                nvx, nvy = _noisy(cand[2], cand[3], lv, rng)
                rep = roller.roll(cand[0], cand[1], nvx, nvy)
                vals.append(score(_after(roller.base, rep, knocked=True, counter=counter), me,
                                  flip_swap))
            finals.append((sum(vals) / len(vals), cand))
        best_val, best = max(finals, key=lambda f: f[0])
    return best_val, best


def plan_counter(m: Match, level: str | Level = "expert", rng: random.Random | None = None, *,
                 mu: float = MU, seed: int = 0, deadline: bool = True) -> ShotPlan | None:
    """M-F3: a counter shot at the overhanging target during the flip window, or None when
    the shooter has no puck in hand or the flip is already in the air."""
    if m.phase != "flip" or m.flip_started or m.gutter[m.shooter] < 1:
        return None
    return plan_shot(m, level, rng, mu=mu, seed=seed, counter=True, deadline=deadline)


def plan_lag(m: Match, level: str | Level = "expert", rng: random.Random | None = None) -> ShotPlan:
    """M-L1: slide the lag puck to stop just short of the far gutter edge (the level's
    margin), in a lane clear of the other lag puck; hand noise added."""
    lv = level_of(level)
    rng = rng or random.Random(0)
    side = m.lag_side
    lane = TABLE_WIDTH / 2
    for pid in m.lag_pucks.values():
        if pid in m.table:
            oy = m.table[pid].y
            lane = 120.0 if oy > TABLE_WIDTH / 2 else TABLE_WIDTH - 120.0
    x0, y0 = launch_spot(side, lane)
    stop = FAR_EDGE[side] - DIR[side] * (PUCK_RADIUS + lv.lag_margin)
    v = speed_to_travel(abs(stop - x0))
    vx, vy = DIR[side] * v, 0.0
    nvx, nvy = _noisy(vx, vy, lv, rng)
    return ShotPlan(x0, y0, nvx, nvy, (vx, vy))


def choose_role(m: Match, level: str | Level = "expert") -> str:
    """M-L2: the lag winner always takes the shooter's role (only a shooter can get rid
    of pucks)."""
    return "shooter"


# --- placing ------------------------------------------------------------------------------
def plan_target(m: Match, level: str | Level = "expert", rng: random.Random | None = None, *,
                mu: float = MU, seed: int = 0,
                deadline: bool = True) -> tuple[float, float, bool, float]:
    """M-R1 / M-R9: the target spot (x, y mm, standing, angle rad) for the placer of ``m``,
    the one where an opponent's best simulated shot (searched, then thrown with
    intermediate hand noise) scores least. Beginners pick a random legal spot.

    The flip chance is weighed (M-F1): candidate spots include two at the gutter edge
    (the target overhanging, and 55 mm in), where a firm hit that drops the target may
    leave the shot puck overhanging, and an open window is scored at what it is worth to
    this placer — a role swap with :func:`flip_swap_chance` (its own flip and catch
    against an intermediate shooter's counter)."""
    lv = level_of(level)
    rng = rng or random.Random(seed)
    side = m.placer
    lo, hi = ZONES[side]
    # inner line side of the zone (far from the gutter) … near the gutter
    if side == "right":
        xs = [lo - PUCK_RADIUS + 4, lo + 40, lo + 130, lo + 230]
        edge = [RIGHT_EDGE - 12.0, RIGHT_EDGE - 55.0]
    else:
        xs = [hi + PUCK_RADIUS - 4, hi - 40, hi - 130, hi - 230]
        edge = [LEFT_EDGE + 12.0, LEFT_EDGE + 55.0]
    ys = [PUCK_RADIUS + 6, 130.0, TABLE_WIDTH / 2, TABLE_WIDTH - 130.0, TABLE_WIDTH - PUCK_RADIUS - 6]
    standing_ok = m.standing_allowed
    if not lv.placer_spots:
        x = rng.uniform(xs[0], xs[-1])
        y = rng.uniform(ys[1], ys[3])
        return x, y, False, 0.0
    spots = [(x, y, False, 0.0) for x in xs[:3] + edge for y in ys]
    if standing_ok:
        spots += [(xs[0], y, True, a) for y in ys[1:4] for a in (0.0, math.pi / 4, math.pi / 2)]
    rng.shuffle(spots)
    spots = spots[:lv.placer_spots + (4 if standing_ok else 0)]
    t0 = time.perf_counter()
    opp = LEVELS["intermediate"]
    swap = flip_swap_chance(lv, opp)
    quick = Level(**{**opp.__dict__, "finalists": 0, "robust": 0, "budget": 1.0,
                     "offsets": (0.0,), "cut_offsets": opp.cut_offsets[1:3],
                     "cut_speeds": opp.cut_speeds[:1]})
    best = None
    for x, y, standing, angle in spots:
        if m.check_target(x, y, standing=standing, angle=angle):
            continue
        trial = Match.from_dict(m.to_dict())
        if trial.knock_required:
            trial.knocked = True
        trial.place_target(x, y, standing=standing, angle=angle)
        roller = _Roller(trial, mu=mu, seed=seed)
        shooter = trial.shooter
        # the opponent's best aim at this spot, then its shaky hand: its mean score
        _, (x0, y0, vx, vy) = _search(trial, shooter, quick, rng, roller, flip_swap=swap,
                                      deadline=deadline)
        vals = []
        for _ in range(lv.placer_samples):
            nvx, nvy = _noisy(vx, vy, opp, rng)
            rep = roller.roll(x0, y0, nvx, nvy)
            vals.append(score(_after(roller.base, rep, knocked=True), shooter, swap))
        # the lowest shooter's score first; then the spot farther from the gutter
        key = (sum(vals) / len(vals), -abs(FAR_EDGE[other(side)] - x), rng.random())
        if best is None or key < best[0]:
            best = (key, (x, y, standing, angle))
        if deadline and time.perf_counter() - t0 > lv.budget:
            break
    if best is None:
        return xs[0], TABLE_WIDTH / 2, False, 0.0
    return best[1]


# --- the flip race (M-F) --------------------------------------------------------------
def flip_delay(level: str | Level, rng: random.Random) -> float:
    """Seconds the AI placer takes to start a flip once the window opens (M-F1)."""
    mu, sd = level_of(level).flip_reaction
    return max(0.15, rng.gauss(mu, sd))


def catch_delay(level: str | Level, rng: random.Random, toss: FlipToss = FlipToss()) -> float:
    """Seconds after the flip started at which the AI presses to catch (M-F2): aimed at the
    middle of the catch window, off by the level's timing σ."""
    aim = toss.airtime - toss.window / 2
    return max(0.0, rng.gauss(aim, level_of(level).catch_sigma))


def counter_delay(level: str | Level, rng: random.Random) -> float:
    """Seconds before the AI shooter releases a counter shot (M-F3)."""
    return max(0.2, rng.gauss(level_of(level).counter_reaction, 0.1))


def forgets_knock(level: str | Level, rng: random.Random) -> bool:
    """True when this AI forgets the M-R8 knock this time."""
    return rng.random() < level_of(level).forget_knock


# --- a whole match ------------------------------------------------------------------------
class Seat:
    """One side of :func:`play_match`: who decides and whose hand throws.

    This base class is the computer at ``level``: its plans already carry the level's hand
    noise (M-U1), it places with :func:`plan_target` and races the flip with the level's
    reaction times. A benchmark subclasses it to model people (their own hands through the
    mouse path, their own placements and reaction times): ``benchmarks/mississippi_matches.py``.
    Every method takes the match's ``rng`` so a seed replays the match.
    """

    def __init__(self, level: str | Level = "expert") -> None:
        self.level = level_of(level)

    def throw(self, side: str, plan: ShotPlan, rng: random.Random) -> tuple:
        """The launch (x, y mm, vx, vy mm/s) of a planned lag, shot or counter shot."""
        return plan.x, plan.y, plan.vx, plan.vy

    def place(self, m: Match, rng: random.Random, *, mu: float, seed: int) -> tuple:
        """The target spot (x, y mm, standing, angle rad) for the placer of ``m``."""
        return plan_target(m, self.level, rng, mu=mu, seed=seed, deadline=False)

    def knocks(self, m: Match, rng: random.Random, plan: ShotPlan | None = None) -> bool:
        """Whether the shooter knocks now (M-R8): before the placement (``plan`` None) or
        with the shot's plan."""
        if plan is not None:
            return plan.knock
        return not forgets_knock(self.level, rng)

    def flip_delay(self, rng: random.Random) -> float:
        """Seconds from the window opening to the flip's start (M-F1)."""
        return flip_delay(self.level, rng)

    def catch_delay(self, rng: random.Random, toss: FlipToss) -> float:
        """Seconds from the flip's start to the catch press (M-F2)."""
        return catch_delay(self.level, rng, toss)

    def counter_delay(self, rng: random.Random) -> float:
        """Seconds from the window opening to the counter's release (M-F3)."""
        return counter_delay(self.level, rng)


def play_match(seed: int, levels: dict | tuple = ("expert", "expert"), *,
               names: tuple = ("Left", "Right"), mu: float = MU, max_shots: int = 500,
               on_decision: Callable[[str, float], None] | None = None,
               seats: tuple | None = None,
               trace: Callable[[str, Match, object], None] | None = None) -> dict:
    """Play a whole match with full physics (lag, roles, knocks, flips) and return a
    JSON-able summary: winner side and name, shots, role swaps, lag rounds, flips
    (caught / dropped / countered), gutter counts (sum 16), ``capped`` when ``max_shots``
    ended it (winner: fewer pucks in hand), ``stats`` (every count of
    :class:`mississippi.stats.MatchStats`). ``levels``: (left, right) level names, the
    computer on both sides; ``seats``: (left, right) :class:`Seat` objects instead (people
    modelled by a benchmark). ``on_decision(kind, seconds)`` sees each decision time.
    ``trace(phase, match, report)`` is called after each step of the match is played
    (``phase`` the phase it was played in: ``lag``, ``choose_role``, ``place``,
    ``shoot``, ``flip``; ``report`` the shot's report, None for the others); it must not
    change the match.
    The searches run without their time caps (``deadline=False``): a seed replays the
    same match on any machine."""
    if seats is None:
        seats = (Seat(levels[0]), Seat(levels[1]))
    seat = {"left": seats[0], "right": seats[1]}
    lv = {side: seat[side].level for side in seat}
    rng = random.Random(seed)
    m = Match.new(names[0], names[1])
    toss = FlipToss()
    psi = 0

    def timed(kind, fn, *a, **kw):
        t = time.perf_counter()
        r = fn(*a, **kw)
        if on_decision:
            on_decision(kind, time.perf_counter() - t)
        return r

    def real_shot(plan: ShotPlan, side: str | None = None, table=None):
        nonlocal psi
        psi += 1
        x, y, vx, vy = seat[side or m.shooter].throw(side or m.shooter, plan, rng)
        sim = TableSim(m.table if table is None else table, mu=mu, seed=seed * 1000 + psi)
        placed = sim.add_shot_clear(m.next_puck_id, x, y, vx, vy)
        if placed is None:                       # no room where the hand let go: the spot
            sim.add_shot(m.next_puck_id, *launch_spot(side or m.shooter), vx, vy)
        return sim.run(20.0), sim

    while m.phase != "over" and m.shots < max_shots:
        ph = m.phase
        rep = None
        if ph == "lag":
            side = m.lag_side
            plan = plan_lag(m, lv[side], rng)
            ids = {pid: m.table[pid] for pid in m.lag_pucks.values() if pid in m.table}
            rep, _ = real_shot(plan, side, ids)
            m.lag_shot(rep)
            if m.lag_rounds > 50:       # practically never: force the left player's lag win
                m.chooser, m.phase = "left", "choose_role"
        elif ph == "choose_role":
            m.choose_role(choose_role(m, lv[m.chooser]))
        elif ph == "place":
            sh = m.shooter
            if m.knock_required and not m.knocked and seat[sh].knocks(m, rng):
                m.knock()                       # M-R8, before the placement: M-R9 moment
            x, y, standing, angle = timed("place", seat[m.placer].place, m, rng,
                                          mu=mu, seed=seed)
            m.place_target(x, y, standing=standing, angle=angle)
        elif ph == "shoot":
            plan = timed("shot", plan_shot, m, lv[m.shooter], rng, mu=mu, seed=seed,
                         deadline=False)
            if m.must_knock_first and seat[m.shooter].knocks(m, rng, plan):
                m.knock()
            rep, _ = real_shot(plan)
            m.shot(rep)
        elif ph == "flip":
            flip_race(m, seat, rng, toss, mu, seed, real_shot)
        if trace is not None:
            trace(ph, m, rep)
    capped = m.phase != "over"
    st = m.stats
    winner = m.winner
    if capped:
        winner = min(("left", "right"), key=lambda s: (m.gutter[s], s == "right"))
    return {
        "winner": winner, "winner_name": m.name(winner) if winner else None,
        "shots": m.shots, "role_swaps": m.role_swaps, "lag_rounds": m.lag_rounds,
        "flips": {"caught": st.flips_caught, "dropped": st.flips_dropped,
                  "countered": st.flips_countered},
        "gutters": dict(m.gutter), "on_table": len(m.table),
        "capped": capped, "last_rule": m.last.rule, "stats": st.to_dict(),
    }


def flip_race(m: Match, seat: dict, rng: random.Random, toss: FlipToss, mu: float, seed: int,
              real_shot, window: float = FLIP_WINDOW_S) -> None:
    """Resolve one flip window between two AIs (M-F1…M-F4) on the match ``m``: the placer
    would start the flip after its reaction delay, the shooter releases a counter shot
    after its own; :func:`mississippi.rules.flip_race_winner` says who was first. A
    counter that leaves the target resting fully on the table (pushed back) closes the
    window before any flip (M-F3 interpretation in ``rules``).

    :param seat: side → :class:`Seat` or :class:`Level` of each AI.
    :param toss: the flip's physics (:class:`~mississippi.sim.FlipToss`); ``mu`` the
        table's friction coefficient μ; ``seed`` the counter plan's seed.
    :param real_shot: ``real_shot(plan, side=None, table=None) -> (report, sim)``, the
        counter shot played on the table (as :func:`play_match` does).
    :param window: the flip window (s, M-F1)."""
    placer, shooter = m.placer, m.shooter
    seat = {k: (v if isinstance(v, Seat) else Seat(v)) for k, v in seat.items()}
    t_flip = seat[placer].flip_delay(rng)
    plan = plan_counter(m, seat[shooter].level, rng, mu=mu, seed=seed, deadline=False)
    rep = t_release = t_drop = None
    if plan is not None:
        t_release = seat[shooter].counter_delay(rng)
        if t_release >= min(t_flip, window):
            plan = None                         # the flip (or the window's end) came first
    if plan is not None:
        rep, sim = real_shot(plan)
        t_drop = sim.event_time(rep, "drop", m.target)
        tp = rep.pucks.get(m.target)
        pushed_back = (tp is not None and tp.state == "table" and t_drop is None)
        won = flip_race_winner(window, flip_at=t_flip, counter_at=t_release,
                               counter_drop=t_drop, counter_rest=rep.duration)
        if won in ("countered", "expired") or pushed_back:
            m.counter_shot(rep)                 # M-F3 (dropped / pushed back / missed)
            if m.phase == "flip" and won == "expired":
                m.flip_window_expired()         # M-F4
            if m.phase != "flip":
                return
    elif flip_race_winner(window, flip_at=t_flip) == "expired":
        m.flip_window_expired()                 # M-F4
        return
    m.flip_start()
    if plan is not None:                        # a counter released before the flip
        ids = {k: v for k, v in m.table.items() if k != m.target}
        late, _ = real_shot(plan, shooter, ids)
        m.counter_shot(late)                    # too late: the puck comes back (M-F3)
    if toss.caught(seat[placer].catch_delay(rng, toss)):
        m.flip_caught()
    else:
        m.flip_dropped()
