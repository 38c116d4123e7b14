"""The Mississippi scene's state machines (mississippi/controller.py), pure: no pygame, no
window — what a player would notice of each: the puck under the hand, the launch, the
refused target, the flip race's clock, the computer's staged shot, the lag result."""

import math
import subprocess
import sys
from pathlib import Path

import pytest

from mississippi.controller import (AIAim, Aim, Flight, FlipDuel, LagHold, Placing, Replay,
                                    ShotRecord, fallen_lag_pucks, grabs_target, lag_fates,
                                    puck_in_hand, thrown)
from mississippi.rules import (FLIP_WINDOW_S, MIN_THROW_SPEED, Match, PuckOutcome as P, Report,
                               TablePuck)
from mississippi.sim import TableSim
from tests.mississippi.common import MID_Y, lagged

ROOT = Path(__file__).resolve().parents[2]


def test_the_controller_imports_neither_pygame_nor_the_shell():
    code = ("import sys; sys.modules['pygame'] = None; import mississippi.controller; "
            "print(','.join(m for m, v in sys.modules.items()"
            " if v is not None and m.split('.')[0] in ('pygame', 'ludotheque')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ""


# --------------------------------------------------------------------- Aim (M-U1)
def test_M_U1_a_press_off_the_puck_takes_nothing_and_on_it_holds_it_under_the_hand():
    spot = puck_in_hand(Match.new("A", "B"), "left")
    assert Aim.press("left", "lag", spot, 0.0, spot[0] + 200, spot[1]) is None
    aim = Aim.press("left", "lag", spot, 0.0, spot[0] + 10, spot[1] - 5)
    assert aim is not None and aim.puck == pytest.approx(spot)
    aim.move(0.02, spot[0] + 30, spot[1] - 5)
    assert aim.puck == pytest.approx((spot[0] + 20, spot[1]))     # moved as the hand did


def test_M_U1_a_steady_drag_launches_at_the_hands_speed_and_the_guide_says_where_it_stops():
    spot = puck_in_hand(Match.new("A", "B"), "left")
    aim = Aim.press("left", "lag", spot, 0.0, *spot)
    assert aim.prediction(0.0) is None               # a hand that has not moved
    speed = 1500.0                                   # mm/s along the table
    t = 0.0
    for i in range(1, 25):
        t = i * 0.008                                # a 125 Hz mouse
        aim.move(t, spot[0] + speed * t, spot[1])
    vx, vy, x, y = aim.prediction(t)
    assert vx == pytest.approx(speed, rel=0.05) and abs(vy) < 0.05 * speed
    assert x == pytest.approx(aim.puck[0] + vx ** 2 / (2 * 0.2 * 9810), rel=0.05)
    launch = aim.release(t + 0.008, spot[0] + speed * (t + 0.008), spot[1])
    assert thrown(launch) and launch.speed == pytest.approx(speed, rel=0.05)


def test_M_U1_a_release_slower_than_the_minimum_throws_nothing():
    class L:
        speed = MIN_THROW_SPEED - 1
    assert not thrown(L()) and not thrown(None)
    L.speed = MIN_THROW_SPEED
    assert thrown(L())


# --------------------------------------------------------------------- Placing (M-R1)
def test_M_R1_placing_refuses_by_code_and_gives_the_action():
    m = lagged()                                     # Bob places at the right end
    p = Placing("right", 2000, MID_Y)
    assert p.check(m).code == "not-in-zone"
    p.move(3300, 20)
    assert p.check(m).code == "not-between-rails"
    p.move(3300, MID_Y)
    assert p.check(m) is None
    a = p.action()
    assert (a.kind, a.x, a.y) == ("place_target", 3300, MID_Y)
    assert m.play(a.to_text()).phase == "shoot"


def test_M_R1_a_target_is_taken_from_the_gutter_or_over_the_zone_only():
    m = lagged()
    assert grabs_target(m, "right", 3635, MID_Y)         # the gutter
    assert grabs_target(m, "right", 3200, MID_Y)         # the zone
    assert not grabs_target(m, "right", 2000, MID_Y)     # the middle of the table
    assert not grabs_target(m, "right", 3635, 600)       # off the table's width


# --------------------------------------------------------------------- shots and replays
def test_a_shot_record_survives_its_save_and_a_damaged_one_is_dropped():
    rec = ShotRecord({3: TablePuck(3300, MID_Y, "right")}, 4, "left", 620, MID_Y, 3000, 10)
    again = ShotRecord.from_dict(rec.to_dict())
    assert again == rec and again.owners() == {3: "right", 4: "left"}
    for bad in (None, {}, {"table": {}, "rid": 1, "side": "up", "x": 0, "y": 0, "vx": 0, "vy": 0},
                {**rec.to_dict(), "vx": float("nan")}, {**rec.to_dict(), "table": {"x": 1}}):
        assert ShotRecord.from_dict(bad) is None


def test_a_flight_ends_at_rest_and_its_replay_ends_the_same_way():
    table = {3: TablePuck(3300, MID_Y, "right")}
    rec = ShotRecord(table, 4, "left", 620, MID_Y, 3200, 0)
    sim = TableSim(table, seed=0)
    sim.add_shot(rec.rid, rec.x, rec.y, rec.vx, rec.vy)
    f = Flight("shot", rec, sim)
    steps = 0
    while not f.done():
        sim.world.step(1 / 120)
        steps += 1
    assert 0 < steps < 20 * 120 and f.owners() == {3: "right", 4: "left"}
    sim2 = TableSim(table, seed=0)
    sim2.add_shot(rec.rid, rec.x, rec.y, rec.vx, rec.vy)
    r = Replay(rec, 0.25, sim2)
    n = 0
    while not r.step(1 / 120):
        n += 1
    assert n == pytest.approx(4 * steps, rel=0.05)      # a quarter speed takes four times as long
    assert sim2.state().pucks[4].x == pytest.approx(sim.state().pucks[4].x, abs=1)


# --------------------------------------------------------------------- the flip race (M-F)
def run(duel, seconds, counter_moving=False, dt=1 / 120):
    events = []
    for _ in range(round(seconds / dt)):
        ev = duel.tick(dt, counter_moving=counter_moving)
        if ev:
            events.append((round(duel.race.t, 3), ev))
    return events


def test_M_F4_the_window_expires_after_its_seconds_unless_a_counter_is_moving():
    d = FlipDuel.open(2.0)
    assert run(d, 1.9) == []
    assert d.window_left() == pytest.approx(0.05, abs=0.01)
    d2 = FlipDuel.open(2.0)
    assert run(d2, 2.5, counter_moving=True) == []   # M-F4: not while the counter slides
    assert run(d2, 0.05)[0][1] == "expired"
    assert FlipDuel.open("nonsense").race.window == FLIP_WINDOW_S
    assert FlipDuel.open(float("inf")).race.window == FLIP_WINDOW_S


def test_M_F1_M_F2_the_computer_flips_then_catches_at_its_times():
    d = FlipDuel.open(3.0, ai_flip=0.5, ai_catch=0.8)
    ev = run(d, 2.0)
    assert ev[0] == (pytest.approx(0.5, abs=0.01), "flip")
    assert [e for _t, e in ev].count("flip") == 1    # once: the scene then starts the flip
    d2 = FlipDuel.open(3.0, ai_flip=0.5, ai_catch=0.8)
    run(d2, 0.5)
    assert d2.race.start_flip()
    ev = None
    while ev is None:
        ev = d2.tick(1 / 120, counter_moving=False)
    assert ev == "catch" and d2.race.t == pytest.approx(1.3, abs=0.01)
    assert d2.catch_now() == d2.toss.caught(0.8)     # held if pressed at that moment (M-F2)


def test_M_F2_nobody_catches_the_flip_lands():
    d = FlipDuel.open(3.0)
    assert d.race.start_flip()
    ev = run(d, 2.0)
    assert ev[0][1] == "landed" and ev[0][0] == pytest.approx(d.toss.airtime, abs=0.02)


def test_M_F3_the_target_fell_first_so_the_computer_cannot_flip_and_the_counter_waits_for_its_plan():
    d = FlipDuel.open(3.0, ai_flip=1.0, ai_counter=0.2)
    assert run(d, 0.5) == []                          # no plan yet: no counter
    d.counter_plan = object()
    assert run(d, 0.1)[0][1] == "counter"
    assert d.race.target_fell()                       # the counter knocked it in
    assert run(d, 1.0) == []                          # no flip after that, no expiry either
    assert not d.started and d.race.countered


# --------------------------------------------------------------------- the computer, the lag
def test_the_computers_shot_is_shown_aimed_for_its_time_then_due():
    a = AIAim(plan=None, kind="shot", left=0.6)
    assert not any(a.tick(0.1) for _ in range(5))
    assert a.tick(0.1)


def test_M_L1_where_each_lag_puck_went_is_counted_by_owner():
    report = Report({5: P("table", 3300, 200), 6: P("gutter_left", 100, 200),
                     7: P("off_table", 4000, 900)})
    fates = lag_fates(report, {5: "left", 6: "right", 7: "right"})
    assert fates[0] == ("left", "table", 3300.0, 200.0)
    assert fallen_lag_pucks(fates, "right") == {"far gutter": 1, "own gutter": 0, "off table": 1}
    assert fallen_lag_pucks(fates, "left") == {"far gutter": 0, "own gutter": 0, "off table": 0}
    hold = LagHold(fates, left=1.0)
    assert hold.resting() == [("left", 3300.0, 200.0)]
    assert not hold.tick(0.5) and hold.tick(0.5)


def test_M_U1_the_puck_in_hand_waits_clear_of_a_resting_puck():
    m = lagged()
    x, y = puck_in_hand(m, "left")
    assert x == pytest.approx(340) and y == pytest.approx(MID_Y)
    from types import SimpleNamespace
    resting = SimpleNamespace(table={9: TablePuck(340, MID_Y, "right")})   # a puck on the spot
    assert math.hypot(*(a - b for a, b in zip(puck_in_hand(resting, "left"), (340, MID_Y)))) > 2 * 38
