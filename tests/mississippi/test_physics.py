"""Mississippi physics (M-P1…M-P7): measured against physics, not against taste."""

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mississippi.physics import (PUCK_STATES, PlacementError, PuckState, ShotError, ShotEvent,
                                 World, WorldSnapshot, wood_restitution)
from mississippi.table import Table

ROOT = Path(__file__).resolve().parents[2]
H = 1.0 / 240.0


def step_until_event(w, kind, max_steps=5000):
    """Step one sub-step at a time until an event of ``kind`` appears; return the puck
    states just before that sub-step and the event."""
    seen = w.event_count
    for _ in range(max_steps):
        before = w.pucks()
        w.step(H)
        for e in w.events_since(seen):
            if e.kind == kind:
                return before, e
        seen = w.event_count
    raise AssertionError(f"no {kind} event")


# ------------------------------------------------------------------ M-P1 friction
@pytest.mark.parametrize("v", [500.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0])
def test_M_P1_stopping_distance_is_v2_over_2_mu_g(v):
    table = Table(length=8000.0)          # long enough for 5 m/s (6.4 m) without a gutter
    w = World(table)
    p = w.place_puck(400.0, 247.5)
    w.shoot(p, v, 0.0)
    rep = w.run_until_rest()
    d = rep.pucks[p].x - 400.0
    want = v * v / (2.0 * w.params.mu * w.params.g)
    assert rep.rested and rep.pucks[p].state == "table"
    assert d == pytest.approx(want, rel=0.02)


@pytest.mark.parametrize("mu", [0.1, 0.3])
def test_M_P1_stopping_distance_follows_the_configured_mu(mu):
    w = World(Table(length=8000.0), mu=mu)
    p = w.place_puck(400.0, 247.5)
    w.shoot(p, 2500.0, 0.0)
    d = w.run_until_rest().pucks[p].x - 400.0
    assert d == pytest.approx(2500.0 ** 2 / (2 * mu * 9810.0), rel=0.02)


def test_M_P1_constant_deceleration_not_exponential():
    w = World()
    p = w.place_puck(400.0, 247.5)
    w.shoot(p, 3000.0, 0.0)
    speeds = []
    for _ in range(4):
        w.step(0.25)
        speeds.append(w.puck(p).speed)
    drops = [a - b for a, b in zip(speeds, speeds[1:])]
    for d in drops:                         # the same loss every quarter second: μ·g·0.25
        assert d == pytest.approx(0.20 * 9810.0 * 0.25, rel=0.01)


def test_M_P1_puck_really_stops_and_stays():
    w = World()
    p = w.place_puck(400.0, 247.5)
    w.shoot(p, 1500.0, 40.0)
    rep = w.run_until_rest()
    assert rep.rested and rep.duration < 1.5 / (0.2 * 9.81) + 0.1
    x, y = rep.pucks[p].x, rep.pucks[p].y
    w.step(5.0)
    after = w.puck(p)
    assert (after.x, after.y, after.vx, after.vy) == (x, y, 0.0, 0.0)


def test_M_P2_spin_decays_by_table_friction():
    for mu, factor in ((0.2, 1.0), (0.1, 2.0)):
        snap = WorldSnapshot(pucks=(PuckState(0, "table", 1000.0, 247.5, spin=20.0),),
                             next_id=1, shot_active=True, params={"mu": mu})
        w = World()
        w.restore(snap)
        rep = w.run_until_rest()
        assert rep.rested and rep.pucks[0].spin == 0.0
        # Uniform pressure under a disc: torque (2/3)μmgR, so ω falls at 4μg/(3R).
        t_stop = 20.0 / (4 * mu * 9810.0 / (3 * 38.0))
        assert t_stop <= rep.duration <= t_stop + 1 / 30 + H
        assert (rep.pucks[0].x, rep.pucks[0].y) == (1000.0, 247.5)   # spins in place
        assert rep.duration == pytest.approx(factor * 0.29, abs=0.05)


# ------------------------------------------------------------------ M-P2 collisions
@pytest.mark.parametrize("e", [0.85, 0.5])
def test_M_P2_head_on_struck_puck_speed_from_restitution(e):
    w = World(puck_restitution=e)
    a = w.place_puck(700.0, 247.5)
    b = w.place_puck(1500.0, 247.5)
    w.shoot(a, 3000.0, 0.0)
    before, ev = step_until_event(w, "contact")
    assert ev.pucks == (a, b)
    after = w.pucks()
    want = (1 + e) / 2 * before[a].vx          # equal masses, b at rest
    assert after[b].vx == pytest.approx(want, rel=0.03)
    assert after[a].vx == pytest.approx((1 - e) / 2 * before[a].vx, rel=0.03, abs=15.0)
    assert abs(after[b].vy) < 1e-6


def head_on(v_impact, **params):
    """A shooter arriving at ``v_impact`` mm/s head-on at a puck at rest: (normal approach
    speed the contact event saw, shooter vx and target vx one sub-step after the contact
    began, the world)."""
    w = World(**params)
    a = w.place_puck(700.0, 247.5)
    b = w.place_puck(1500.0, 247.5)
    gap = 1500.0 - 76.0 - 700.0
    w.shoot(a, math.sqrt(v_impact ** 2 + 2 * w.params.mu * w.params.g * gap), 0.0)
    _before, ev = step_until_event(w, "contact")
    after = w.pucks()
    return ev.speed, after[a].vx, after[b].vx, w


def test_M_P2_restitution_falls_with_impact_speed_within_0_3_and_0_95():
    # The model's table (docs/mississippi-physics.md): Johnson's e ∝ v^(-1/4) anchored at
    # 0.60 for 4.43 m/s, clamped to the bounds M-P2 sets.
    p = World().params
    speeds = [100.0 * k for k in range(1, 61)]              # 0.1 … 6 m/s
    es = [p.restitution(v) for v in speeds]
    assert all(0.30 <= e <= 0.95 for e in es)
    assert all(a >= b for a, b in zip(es, es[1:]))          # never rises with speed
    assert es[0] - es[-1] > 0.35                            # and falls a lot
    assert p.restitution(4430.0) == pytest.approx(0.60)     # the anchor
    assert p.restitution(2000.0) / p.restitution(4000.0) == pytest.approx(2 ** 0.25, rel=1e-9)
    assert wood_restitution(0.0) == 0.95 and wood_restitution(-5.0) == 0.95
    assert p.rail_restitution == 0.60 and p.puck_friction < p.mu   # "low puck–puck friction"


@pytest.mark.parametrize("v", [800.0, 1500.0, 2500.0, 3500.0, 4500.0, 5500.0])
def test_M_P2_simulated_head_on_hit_bounces_with_the_model_e(v):
    # Equal masses, target at rest: target (1+e)/2·v, shooter (1−e)/2·v, with e the
    # model's value at the normal approach speed. Table friction acts in the same
    # sub-step (μ·g·h ≈ 8 mm/s on each puck), so each speed may be off by 2·μ·g·h while
    # the separation speed, (vb − va) / v = e, is not.
    speed, va, vb, w = head_on(v)
    e = w.params.restitution(speed)
    dv = w.params.mu * w.params.g * H
    assert speed == pytest.approx(v, rel=0.03)
    assert (vb - va) / speed == pytest.approx(e, abs=0.002 + 1.5 * dv / speed)
    assert vb == pytest.approx((1 + e) / 2 * speed, abs=2 * dv + 1.0)
    assert va == pytest.approx((1 - e) / 2 * speed, abs=2 * dv + 1.0)


def test_M_P2_slow_head_on_hit_leaves_the_shooter_nearly_dead():
    speed, va, vb, w = head_on(1000.0)
    e = w.params.restitution(speed)
    assert e > 0.85
    assert va < 0.10 * speed                    # the shooter stops almost dead …
    assert vb > 0.90 * speed                    # … and the target takes nearly everything
    assert va == pytest.approx((1 - e) / 2 * speed, abs=10.0)


def test_M_P2_hard_head_on_hit_lets_the_shooter_follow_through():
    speed, va, vb, w = head_on(5000.0)
    e = w.params.restitution(speed)
    assert e < 0.60
    assert va > 0.18 * speed                    # follows through with a fifth of its speed
    assert va == pytest.approx((1 - e) / 2 * speed, rel=0.03)
    # followed through far enough to be seen: (0.2·5 m/s)²/(2μg) ≈ 0.25 m
    rep = w.run_until_rest()
    a = min(rep.pucks)
    assert rep.pucks[a].x - 700.0 > 724.0 + 200.0


def test_M_P2_constant_restitution_still_available_for_experiments():
    speed, va, vb, _w = head_on(1000.0, puck_restitution=0.5)
    assert vb == pytest.approx(0.75 * speed, abs=17.0)       # 2·μ·g·h of friction
    assert va == pytest.approx(0.25 * speed, abs=17.0)
    with pytest.raises(ValueError, match="M-P2"):
        World(puck_restitution=1.5)
    with pytest.raises(ValueError, match="M-P2"):
        World(restitution_min=0.9, restitution_max=0.5)


@pytest.mark.parametrize("offset", [19.0, 38.0, 60.0])
@pytest.mark.parametrize("friction,tol", [(0.0, 0.5), (None, 4.0)])
def test_M_P2_glancing_hit_sends_pucks_apart_at_90_degrees(offset, friction, tol):
    # Restitution near 1; frictionless rims give 90°, the default low rim friction a
    # few degrees of "throw".
    kw = {"puck_restitution": 0.999}
    if friction is not None:
        kw["puck_friction"] = friction
    w = World(**kw)
    a = w.place_puck(700.0, 247.5)
    b = w.place_puck(1500.0, 247.5 + offset)
    w.shoot(a, 3000.0, 0.0)
    step_until_event(w, "contact")
    w.step(3 * H)
    pa, pb = w.puck(a), w.puck(b)
    cos = (pa.vx * pb.vx + pa.vy * pb.vy) / (pa.speed * pb.speed)
    assert math.degrees(math.acos(cos)) == pytest.approx(90.0, abs=tol)
    assert pb.vy > 0 > pa.vy                   # b goes off the far side, a the near side


@pytest.mark.parametrize("v", [1200.0, 2000.0, 5000.0])
def test_M_P2_rail_bounce_keeps_0_6_of_the_normal_speed(v):
    w = World()
    p = w.place_puck(1500.0, 247.5)
    w.shoot(p, 0.0, -v)
    before, ev = step_until_event(w, "rail")
    assert ev.where == "near_rail"
    w.step(H)
    assert w.puck(p).vy == pytest.approx(-0.6 * before[p].vy, rel=0.03)


# ------------------------------------------------------------------ M-P3 gutter drop
def _shot_stopping_at(x_stop, v=600.0):
    """Shoot a puck leftward at ``v`` so that it stops with its centre at ``x_stop``:
    measure where a first shot stops, then shift the start by the difference."""
    w = World()
    p = w.place_puck(1500.0, 247.5)
    w.shoot(p, -v, 0.0)
    stop = w.run_until_rest().pucks[p].x
    w2 = World()
    p2 = w2.place_puck(1500.0 + (x_stop - stop), 247.5)
    w2.shoot(p2, -v, 0.0)
    return w2.run_until_rest(), p2


def test_M_P3_puck_stopping_1mm_inside_the_edge_overhangs_and_stays():
    rep, p = _shot_stopping_at(271.0)
    assert rep.pucks[p].state == "overhang"
    assert rep.pucks[p].x == pytest.approx(271.0, abs=0.01)
    assert [e.where for e in rep.events if e.kind == "overhang"] == ["left"]
    assert not rep.dropped()


def test_M_P3_puck_reaching_1mm_past_the_edge_drops():
    rep, p = _shot_stopping_at(269.0)
    assert rep.pucks[p].state == "gutter_left"
    assert rep.dropped("left") == (p,)
    assert rep.pucks[p].x < 270.0


def test_M_P3_placed_overhanging_puck_stays_and_a_placed_past_puck_is_in_the_gutter():
    w = World()
    a = w.place_puck(3499.0, 100.0)
    b = w.place_puck(3501.0, 300.0)
    w.step(1.0)
    assert w.puck(a).state == "overhang" and w.puck(a).x == 3499.0
    assert w.puck(b).state == "gutter_right"


def test_M_P3_drop_happens_when_the_centre_passes_the_line():
    w = World()
    p = w.place_puck(600.0, 247.5)
    w.shoot(p, -1500.0, 0.0)
    before, ev = step_until_event(w, "drop")
    assert ev.where == "left" and ev.pucks == (p,)
    assert before[p].x >= 270.0 > w.puck(p).x
    assert w.puck(p).state == "gutter_left"


def test_M_P3_a_dropped_puck_no_longer_touches_table_pucks():
    # A puck resting over the gutter edge and a puck already in the gutter below it.
    w = World()
    over = w.place_puck(280.0, 247.5)
    low = w.place_puck(120.0, 247.5)
    shot = w.place_puck(600.0, 120.0)
    w.shoot(shot, -2500.0, 0.0)
    rep = w.run_until_rest()
    assert rep.pucks[over].x == 280.0 and rep.pucks[over].state == "overhang"
    assert rep.pucks[shot].state == "gutter_left"
    assert rep.pucks[low].state == "gutter_left"


# ------------------------------------------------------------------ M-P4 off the table
def _launch_for_edge_speed(w, x0, v_edge):
    return math.sqrt(v_edge ** 2 + 2 * w.params.mu * w.params.g * abs(x0 - 270.0))


@pytest.mark.parametrize("factor,state", [(1.05, "off_table"), (0.95, "gutter_left")])
def test_M_P4_end_board_above_v_off_leaves_the_table(factor, state):
    w = World()
    p = w.place_puck(600.0, 247.5)
    w.shoot(p, -_launch_for_edge_speed(w, 600.0, factor * w.params.v_off), 0.0)
    rep = w.run_until_rest()
    assert rep.pucks[p].state == state
    kinds = [e.kind for e in rep.events]
    assert kinds[0] == "drop"
    if state == "off_table":
        ev = [e for e in rep.events if e.kind == "off_table"][0]
        assert ev.where == "left" and ev.speed > w.params.v_off
        assert rep.pucks[p].x == 0.0 and rep.pucks[p].y == pytest.approx(247.5)
    else:
        assert "off_table" not in kinds
        assert [e.where for e in rep.events if e.kind == "rail"][0] == "left_board"


@pytest.mark.parametrize("v_off", [2500.0, 4500.0])
def test_M_P4_v_off_as_configured_at_the_right_end(v_off):
    for factor, state in ((1.05, "off_table"), (0.95, "gutter_right")):
        w = World(v_off=v_off)
        p = w.place_puck(3000.0, 300.0)
        v = math.sqrt((factor * v_off) ** 2 + 2 * 0.2 * 9810.0 * 500.0)
        w.shoot(p, v, 0.0)
        assert w.run_until_rest().pucks[p].state == state


def test_M_P4_along_x_only_counts():
    # Fast, but mostly across: the x component is below v_off, so it stays in the gutter.
    w = World()
    p = w.place_puck(3450.0, 60.0)
    w.shoot(p, 3000.0, 4500.0)
    rep = w.run_until_rest()
    assert rep.pucks[p].state == "gutter_right"


# ------------------------------------------------------------------ M-P5 tunnelling, determinism
def test_M_P5_no_tunnelling_through_rails_or_pucks_at_the_cap():
    w = World()
    a = w.place_puck(700.0, 400.0)
    b = w.place_puck(2000.0, 247.5)
    c = w.place_puck(2100.0, 247.5)
    w.shoot(a, 6000.0, -1500.0)
    r = w.table.puck_radius
    slop = 6000.0 * H + 0.5      # a contact may overlap by one sub-step of travel
    for _ in range(2000):
        w.step(H)
        ps = w.pucks()
        for s in ps.values():
            assert r - slop <= s.y <= w.table.width - r + slop
            assert r - slop <= s.x <= w.table.length - r + slop or s.state == "off_table"
        for i, j in ((a, b), (b, c), (a, c)):
            pi, pj = ps[i], ps[j]
            if pi.on_table and pj.on_table:
                assert math.hypot(pi.x - pj.x, pi.y - pj.y) > 2 * r - slop
        if w.at_rest():
            break
    assert w.at_rest()
    for s in w.pucks().values():
        assert_puck_where_it_may_be(w.table, s)


def test_M_P5_launch_cap():
    w = World()
    p = w.place_puck(700.0, 247.5)
    w.shoot(p, 9000.0, 9000.0)
    w.step(H)
    s = w.puck(p)
    assert s.speed <= 6000.0
    assert s.vx == pytest.approx(s.vy)


def _random_world(rng):
    """A seeded random shot: the shooter anywhere in a launch area, 0–4 other pucks on
    the table, any direction, any speed up to the cap."""
    w = World()
    t = w.table
    r = t.puck_radius
    for k in range(rng.randint(0, 4)):
        standing = k == 0 and rng.random() < 0.25     # sometimes a standing target (M-P6)
        while True:
            x, y = rng.uniform(t.gutter_edge("left"), t.gutter_edge("right")), \
                rng.uniform(r, t.width - r)
            ang = rng.uniform(0.0, math.pi)
            if w.placement_problem(x, y, standing=standing, angle=ang) is None:
                w.place_puck(x, y, standing=standing, angle=ang)
                break
    side = rng.choice(("left", "right"))
    z = t.launch_area(side)
    while True:
        x, y = rng.uniform(z.x0, z.x1), rng.uniform(r, t.width - r)
        if w.placement_problem(x, y) is None:
            break
    shooter = w.place_puck(x, y)
    ang = rng.uniform(0.0, 2 * math.pi)
    sp = rng.uniform(0.0, 6000.0)
    return w, shooter, sp * math.cos(ang), sp * math.sin(ang)


def assert_puck_where_it_may_be(t, s):
    r, tol = t.puck_radius, 0.5
    assert s.state in PUCK_STATES
    for v in (s.x, s.y, s.vx, s.vy, s.angle, s.spin):
        assert math.isfinite(v)
    if s.state == "off_table":
        return
    assert r - tol <= s.y <= t.width - r + tol
    if s.state in ("table", "overhang"):
        assert t.centre_on_table(s.x)
    elif s.state == "gutter_left":
        assert r - tol <= s.x < t.gutter_edge("left")
    else:
        assert t.gutter_edge("right") < s.x <= t.length - r + tol


def test_M_P5_M_P7_seeded_random_shots_end_in_legal_places_and_rest():
    rng = random.Random(20260)
    states = set()
    for _ in range(400):          # benchmarks/physics_soak.py runs 10 000
        w, shooter, vx, vy = _random_world(rng)
        w.shoot(shooter, vx, vy)
        rep = w.run_until_rest(20.0)
        assert rep.rested and rep.duration <= 20.0
        for s in rep.pucks.values():
            assert_puck_where_it_may_be(w.table, s)
            states.add(s.state)
        ts = [e.t for e in rep.events]
        assert ts == sorted(ts)
    # The sample really exercised the table, both gutters and the off-table exit.
    assert {"table", "gutter_left", "gutter_right", "off_table"} <= states


def _break_world():
    w = World()
    for row in range(4):
        for j in range(row + 1):
            w.place_puck(2300.0 + row * 66.0, 247.5 + (j - row / 2) * 76.5)
    shooter = w.place_puck(500.0, 250.0)
    return w, shooter


def test_M_P5_same_shot_same_snapshot_bit_identical_in_process():
    w, shooter = _break_world()
    snap = w.snapshot()
    w.shoot(shooter, 5200.0, 35.0)
    first = w.run_until_rest()
    w.restore(snap)
    w.shoot(shooter, 5200.0, 35.0)
    second = w.run_until_rest()
    other = World()
    other.restore(WorldSnapshot.from_dict(json.loads(json.dumps(snap.to_dict()))))
    other.shoot(shooter, 5200.0, 35.0)
    third = other.run_until_rest()
    assert first.pucks == second.pucks == third.pucks
    assert first.events == second.events == third.events
    assert len([e for e in first.events if e.kind == "contact"]) > 10


def test_M_P5_a_world_that_played_on_matches_a_restored_one():
    w, shooter = _break_world()
    w.shoot(shooter, 5200.0, 35.0)
    w.run_until_rest()
    snap = w.snapshot()
    p = next(i for i, s in w.pucks().items() if s.state == "table")
    w.shoot(p, -2500.0, 300.0)
    played_on = w.run_until_rest()
    fresh = World()
    fresh.restore(snap)
    fresh.shoot(p, -2500.0, 300.0)
    assert fresh.run_until_rest().pucks == played_on.pucks


_CHILD = """
import json, sys
sys.path.insert(0, {root!r})
from tests.mississippi.test_physics import _break_world
w, s = _break_world()
w.shoot(s, 5200.0, 35.0)
r = w.run_until_rest()
print(json.dumps({{str(k): [v.state, v.x, v.y, v.angle] for k, v in r.pucks.items()}}))
"""


def test_M_P5_same_shot_bit_identical_in_two_processes():
    outs = []
    for hashseed in ("1", "2"):
        proc = subprocess.run([sys.executable, "-c", _CHILD.format(root=str(ROOT))],
                              capture_output=True, text=True, cwd=ROOT, timeout=60,
                              env={"PYTHONHASHSEED": hashseed, "PATH": "/usr/bin:/bin"})
        assert proc.returncode == 0, proc.stderr
        outs.append(json.loads(proc.stdout))
    w, s = _break_world()
    w.shoot(s, 5200.0, 35.0)
    here = {str(k): [v.state, v.x, v.y, v.angle] for k, v in w.run_until_rest().pucks.items()}
    assert outs[0] == outs[1] == here


def test_M_P5_frame_rate_does_not_change_the_outcome():
    results = []
    for frame in (1 / 60, 1 / 144, 1 / 37):
        w, shooter = _break_world()
        w.shoot(shooter, 5200.0, 35.0)
        frames = 0
        while not w.at_rest():
            w.step(frame)
            frames += 1
        results.append((w.pucks(), w.events_since(0)))
    assert results[0] == results[1] == results[2]


def test_M_P5_snapshot_round_trips_through_json():
    w, shooter = _break_world()
    w.shoot(shooter, 4000.0, 0.0)
    w.step(0.4)                                   # mid-shot: pucks moving
    snap = w.snapshot()
    back = WorldSnapshot.from_dict(json.loads(json.dumps(snap.to_dict())))
    assert back == snap
    a, b = World(), World()
    a.restore(snap)
    b.restore(back)
    assert a.run_until_rest().pucks == b.run_until_rest().pucks
    with pytest.raises(ValueError, match="^M-P5"):
        WorldSnapshot.from_dict({"version": 99})


# ------------------------------------------------------------------ M-P6 standing puck
def test_M_P6_standing_puck_does_not_move_until_hit():
    w = World()
    s = w.place_puck(1500.0, 247.5, standing=True, angle=0.4)
    a = w.place_puck(700.0, 100.0)
    w.shoot(a, 2000.0, 0.0)                       # passes well below it
    rep = w.run_until_rest()
    st = rep.pucks[s]
    assert st.standing and (st.x, st.y, st.angle) == (1500.0, 247.5, 0.4)
    assert not [e for e in rep.events if e.kind == "topple"]


def test_M_P6_standing_puck_topples_when_hit_keeping_its_momentum():
    w = World()
    s = w.place_puck(1500.0, 247.5, standing=True, angle=math.pi / 2 + 0.2)
    a = w.place_puck(700.0, 247.5)
    w.shoot(a, 2500.0, 0.0)
    before, ev = step_until_event(w, "contact")
    after = w.pucks()
    tops = [e for e in w.events_since(0) if e.kind == "topple"]
    assert tops and tops[0].pucks == (s,)
    assert not after[s].standing
    # Momentum is shared as in a collision of equal masses: the toppled puck carries what
    # it received (minus at most one sub-step of friction).
    p_before = before[a].vx
    p_after = after[a].vx + after[s].vx
    assert p_after == pytest.approx(p_before, rel=0.02)
    assert after[s].vx > 0.5 * p_before
    rep = w.run_until_rest()
    assert rep.pucks[s].x > 1600.0 and not rep.pucks[s].standing


def test_M_P6_standing_footprint_is_a_76_by_23_box():
    w = World()
    w.place_puck(1500.0, 247.5, standing=True, angle=0.0)   # face along x
    # 23 mm thick across y: a flat puck 11.5 + 38 = 49.5 mm away in y just fits…
    assert w.placement_problem(1500.0, 247.5 + 49.6) is None
    assert w.placement_problem(1500.0, 247.5 + 49.0) is not None
    # …but along x the face is 76 mm long: 38 + 38 = 76 mm.
    assert w.placement_problem(1500.0 + 76.1, 247.5) is None
    assert w.placement_problem(1500.0 + 75.0, 247.5) is not None


# ------------------------------------------------------------------ M-P7 rest
def test_M_P7_rest_means_all_slow_and_the_time_limit_holds():
    w = World()
    p = w.place_puck(700.0, 247.5)
    w.shoot(p, 3000.0, 0.0)
    short = w.run_until_rest(max_s=0.2)
    assert not short.rested and short.duration == pytest.approx(0.2, abs=H)
    assert not w.at_rest()
    rep = w.run_until_rest()
    assert rep.rested and w.at_rest()
    assert all(s.speed < 5.0 for s in rep.pucks.values())
    # Rest is found on a 1/30 s cadence after the puck really stopped.
    t_stop = 3000.0 / (0.2 * 9810.0)
    assert t_stop <= rep.duration <= t_stop + 1 / 30 + H


# ------------------------------------------------------------------ API details
def test_M_R1_placement_errors_name_the_rule():
    w = World()
    w.place_puck(1000.0, 247.5)
    with pytest.raises(PlacementError, match="^M-R1"):
        w.place_puck(1050.0, 247.5)
    with pytest.raises(PlacementError, match="^M-T2"):
        w.place_puck(1000.0, 20.0)
    with pytest.raises(PlacementError, match="^M-R9"):
        w.place_puck(200.0, 247.5, standing=True)
    assert issubclass(PlacementError, ValueError)
    # A table puck may lie above a gutter puck: different heights.
    w.place_puck(120.0, 247.5)
    w.place_puck(290.0, 247.5)


def test_M_R2_shoot_errors():
    w = World()
    g = w.place_puck(100.0, 247.5)
    s = w.place_puck(1000.0, 247.5, standing=True)
    with pytest.raises(ShotError, match="^M-R2"):
        w.shoot(g, 100.0, 0.0)
    with pytest.raises(ShotError, match="^M-R2"):
        w.shoot(s, 100.0, 0.0)
    with pytest.raises(ShotError, match="^M-R2"):
        w.shoot(99, 100.0, 0.0)
    p = w.place_puck(700.0, 247.5)
    with pytest.raises(ShotError, match="^M-U1"):
        w.shoot(p, float("nan"), 0.0)


def test_debug_view_reads_contacts_events_and_state():
    w = World()
    a = w.place_puck(1000.0, 38.0)              # against the near rail
    b = w.place_puck(1500.0, 300.0)
    c = w.place_puck(600.0, 38.0)
    w.shoot(c, 2000.0, 0.0)
    w.step(H)
    info = w.debug_info()
    assert info["substeps"] == 1 and info["params"]["mu"] == 0.2
    assert (a, "near_rail") in {(k.a, k.b) for k in w.contacts()}
    _, ev = step_until_event(w, "contact")
    assert ev.pucks == (a, c)
    touching = [k for k in w.contacts() if (k.a, k.b) == (a, c)]
    assert touching and touching[0].depth > 0 and touching[0].nx == pytest.approx(-1.0)
    assert w.events_since(0)[-1] == ev
    w.remove_puck(b)
    assert b not in w.pucks()


def test_pure_modules_do_not_import_pygame():
    code = ("import sys; import mississippi.physics, mississippi.table, mississippi.flick; "
            "print('pygame' in sys.modules or 'ludotheque' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def test_M_P5_restore_then_place_equals_placing_everything_fresh():
    # What an AI rollout does (restore the table, add the shot puck, shoot) must match
    # the real table (all pucks placed, then the shot).
    w, shooter = _break_world()
    w.remove_puck(shooter)
    base = w.snapshot()
    real = World()
    for s in base.pucks:
        real.place_puck(s.x, s.y)
    p = real.place_puck(500.0, 250.0)
    real.shoot(p, 5200.0, 35.0)
    rollout = World()
    rollout.restore(base)
    q = rollout.place_puck(500.0, 250.0)
    rollout.shoot(q, 5200.0, 35.0)
    a, b = real.run_until_rest().pucks, rollout.run_until_rest().pucks
    assert [(s.state, s.x, s.y, s.angle) for _, s in sorted(a.items())] == \
        [(s.state, s.x, s.y, s.angle) for _, s in sorted(b.items())]


def test_M_P6_a_flat_puck_resting_against_a_standing_one_does_not_topple_it():
    w = World()
    s = w.place_puck(1500.0, 247.5, standing=True, angle=0.0)
    w.place_puck(1500.0, 247.5 + 11.5 + 38.0)       # touching its face
    a = w.place_puck(700.0, 60.0)
    w.shoot(a, 1500.0, 0.0)                          # a shot elsewhere on the table
    rep = w.run_until_rest()
    assert rep.pucks[s].standing
    assert not [e for e in rep.events if e.kind == "topple"]
    # Pushing the resting puck into it (no new contact for the standing one) topples it.
    b = w.place_puck(1500.0, 420.0)
    w.shoot(b, 0.0, -1500.0)
    rep = w.run_until_rest()
    assert [e.pucks for e in rep.events if e.kind == "topple"] == [(s,)]
    assert not rep.pucks[s].standing and rep.pucks[s].y < 247.5


def _kinetic_energy(w):
    """Total kinetic energy (g·mm²/s²) of the pucks in play, spin included."""
    t = w.table
    m, r = t.puck_mass, t.puck_radius
    i_disc = m * r * r / 2.0
    i_box = m * (t.puck_diameter ** 2 + t.puck_thickness ** 2) / 12.0
    return sum(0.5 * m * (s.vx ** 2 + s.vy ** 2)
               + 0.5 * (i_box if s.standing else i_disc) * s.spin ** 2
               for s in w.pucks().values() if s.state != "off_table")


def test_M_P2_collisions_and_friction_never_create_energy():
    # Restitution ≤ 1 and friction only take energy away: sub-step after sub-step the
    # kinetic energy of the pucks never grows (a puck leaving the table takes its own).
    rng = random.Random(77)
    shots = [_break_world() + (6000.0, 0.0)] + [_random_world(rng) for _ in range(40)]
    for w, shooter, vx, vy in shots:
        w.shoot(shooter, vx, vy)
        prev = _kinetic_energy(w)
        while not w.at_rest():
            w.step(H)
            e = _kinetic_energy(w)
            assert e <= prev * (1 + 1e-9) + 1e-6
            prev = e


def test_rebuilding_worlds_allocates_no_new_native_buffers(monkeypatch):
    """An AI decision rebuilds a world for every rollout; pymunk's batch ``Buffer`` never
    frees its C arrays, so each new one leaked memory (the AI worker grew ~13 MB an
    hour). Worlds reuse one buffer per thread: a thousand rebuilds make none."""
    import threading

    import pymunk.batch

    made = []

    class CountingBuffer(pymunk.batch.Buffer):
        def __init__(self):
            super().__init__()
            made.append(self)

    monkeypatch.setattr(pymunk.batch, "Buffer", CountingBuffer)

    def rollouts():
        w = World(seed=3)
        w.place_puck(1500.0, 250.0)
        start = w.snapshot()
        for i in range(500):
            w.restore(start)
            w.shoot(w.place_puck(700.0, 250.0), 3000.0 + i, 0.0)
            w.step(0.05)
        World(seed=4).run_until_rest()

    rollouts()
    worker = threading.Thread(target=rollouts)  # an AI thread has its own buffer
    worker.start()
    worker.join()
    assert len(made) <= 2, f"{len(made)} native buffers allocated for 1,004 worlds"


def test_M_P5_M_P7_the_public_pymunk_path_gives_the_same_shot(monkeypatch):
    """The rest checks read bodies through pymunk internals when they are there; on any
    other pymunk layout the public batch functions do it. Both give the same shot."""
    import mississippi.physics as P

    def shot():
        w, shooter = _break_world()
        w.shoot(shooter, 6000.0, 40.0)
        return w.run_until_rest().pucks

    fast = shot()
    monkeypatch.setattr(P, "PYMUNK_INTERNALS", False)
    assert shot() == fast


def _shots_of_every_kind():
    """Shots that go through every path of a sub-step: a break at the cap, drops into both
    gutters (near-edge checks, falls), a puck off the table (M-P4), a standing target that
    topples (M-P6), pucks left touching at rest; their reports and sub-step counts."""
    out = []
    for vx, vy in ((6000.0, 0.0), (5200.0, 35.0), (4500.0, -140.0)):
        w, shooter = _break_world()
        w.shoot(shooter, vx, vy)
        out.append((w.run_until_rest(), w.debug_info()["substeps"]))
    w = World()
    w.place_puck(3300.0, 200.0, standing=True, angle=0.4)
    w.place_puck(3440.0, 330.0)
    a = w.place_puck(500.0, 210.0)
    w.shoot(a, 4200.0, -5.0)
    out.append((w.run_until_rest(), w.debug_info()["substeps"]))
    w = World()
    b = w.place_puck(3000.0, 247.5)
    w.shoot(b, -6000.0, 10.0)
    out.append((w.run_until_rest(), w.debug_info()["substeps"]))
    return out


def test_M_P5_batched_sub_steps_give_the_shot_of_the_sub_step_loop(monkeypatch):
    """run_until_rest runs the sub-steps that need no bookkeeping in one batch
    (performance); the one-by-one loop gives the same pucks, events and sub-steps."""
    import mississippi.physics as P

    batched = _shots_of_every_kind()
    kinds = {e.kind for rep, _ in batched for e in rep.events}
    assert {"contact", "rail", "drop", "off_table", "topple", "overhang"} <= kinds
    monkeypatch.setattr(P, "BATCH_SUBSTEPS", False)
    one_by_one = _shots_of_every_kind()
    for (r1, n1), (r2, n2) in zip(batched, one_by_one):
        assert (r1.pucks, r1.events, r1.duration, n1) == (r2.pucks, r2.events, r2.duration, n2)


def test_M_P5_one_solver_iteration_without_contacts_gives_the_shot_of_ten(monkeypatch):
    """Sub-steps where no puck touches a puck or a wall solve with one iteration
    (performance): each puck's friction joint is then alone, and one pass solves it —
    the pucks, events, durations and sub-step counts are bit for bit those of
    ``params.iterations`` in every sub-step."""
    import mississippi.physics as P

    adaptive = _shots_of_every_kind()
    orig = P.PhysicsParams.__init__

    def fixed(self, *a, **kw):
        orig(self, *a, **kw)
        object.__setattr__(self, "adaptive_iterations", False)

    monkeypatch.setattr(P.PhysicsParams, "__init__", fixed)
    assert World().params.adaptive_iterations is False
    always_ten = _shots_of_every_kind()
    for (r1, n1), (r2, n2) in zip(adaptive, always_ten):
        assert (r1.pucks, r1.events, r1.duration, n1) == (r2.pucks, r2.events, r2.duration, n2)


def test_M_P5_the_solver_iterates_while_pucks_touch_and_once_when_none_do():
    w = World()
    a = w.place_puck(1000.0, 247.5)
    b = w.place_puck(1300.0, 247.5)
    w.shoot(a, 2500.0, 0.0)
    w.step(H)
    info = w.debug_info()
    assert (info["touching"], info["solver_iterations"]) == (0, 1)   # sliding alone
    _, ev = step_until_event(w, "contact")
    assert ev.pucks == (a, b)
    assert w.debug_info()["solver_iterations"] == w.params.iterations == 10
    rep = w.run_until_rest()
    assert rep.rested and rep.pucks[b].x > 1300.0
    info = w.debug_info()
    assert (info["touching"], info["solver_iterations"]) == (0, 1)
    # A puck at rest against a rail is a contact: the solver iterates while it lasts.
    c = w.place_puck(2000.0, 38.0)
    w.shoot(c, 0.0, -300.0)
    w.step(H)
    assert w.debug_info()["touching"] == 1 and w.debug_info()["solver_iterations"] == 10
    w.remove_puck(c)
    assert w.debug_info()["touching"] == 0 and w.debug_info()["solver_iterations"] == 1


def test_reports_are_the_dataclasses_their_constructors_make():
    """pucks() and the contact events build their frozen dataclasses without the
    generated __init__ (performance): they must be equal, hash alike, refuse writes and
    round-trip through asdict like constructed ones."""
    import dataclasses

    w, shooter = _break_world()
    w.shoot(shooter, 6000.0, 0.0)
    rep = w.run_until_rest()
    for s in rep.pucks.values():
        made = PuckState(s.id, s.state, s.x, s.y, s.vx, s.vy, s.angle, s.spin, s.standing)
        assert s == made and hash(s) == hash(made) and repr(s) == repr(made)
        assert dataclasses.asdict(s) == dataclasses.asdict(made)
        with pytest.raises(dataclasses.FrozenInstanceError):
            s.x = 0.0
    contacts = [e for e in rep.events if e.kind == "contact"]
    assert contacts
    for e in contacts:
        made = ShotEvent(e.t, e.kind, e.pucks, e.where, e.speed)
        assert e == made and hash(e) == hash(made) and repr(e) == repr(made)


def test_M_P7_pucks_at_rest_sleep_and_a_hit_wakes_them():
    """Parked pucks sleep in Chipmunk (performance); a puck hit while asleep is woken by
    the contact and moves off as a puck awake would (M-P1 friction from its next
    sub-step), and one at rest against a rail stays awake so its resting contact is
    solved (it is not pushed through the rail)."""
    w = World()
    a = w.place_puck(1500.0, 247.5)
    b = w.place_puck(1000.0, 247.5)
    c = w.place_puck(2600.0, 38.0)                # touching the near rail
    info = w.debug_info()
    assert info["sleeping"] == [a, b] and set(info["parked"]) == {a, b, c}
    w.shoot(b, 3000.0, 0.0)
    _, ev = step_until_event(w, "contact")
    assert ev.pucks == (a, b)
    w.step(H)
    assert a not in w.debug_info()["sleeping"] and w.puck(a).vx > 1000.0
    rep = w.run_until_rest()
    assert rep.rested and rep.pucks[a].x > 1600.0
    assert w.debug_info()["sleeping"] == [a, b]
    # the same head-on hit on a puck never parked (parking off) ends within 0.5 % of the
    # 1.3 m it slides: a parked puck gets the impact sub-step's friction (μ·g·h) after the
    # contact is solved instead of with it
    w2 = World(park=False)
    a2, b2 = w2.place_puck(1500.0, 247.5), w2.place_puck(1000.0, 247.5)
    w2.place_puck(2600.0, 38.0)
    w2.shoot(b2, 3000.0, 0.0)
    rep2 = w2.run_until_rest()
    assert abs(rep2.pucks[a2].x - rep.pucks[a].x) < 0.005 * (rep2.pucks[a2].x - 1500.0)
    # a shot into the puck against the rail: it stays between the rails
    d = w.place_puck(2600.0, 300.0)
    w.shoot(d, 0.0, -6000.0)
    while not w.at_rest():
        w.step(H)
        assert w.puck(c).y >= w.table.puck_radius - 0.5
