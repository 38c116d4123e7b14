"""Mississippi rules (rules/mississippi.md): one test per rule id, hand-made shot reports.

Every transition is followed by the M-O6 check: the 16 pucks are always accounted for.
"""

import json

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from mississippi.rules import (IllegalAction, Match, PuckOutcome as P, Report, TOTAL_PUCKS,
                               nearer_end, touches_zone)

MID_Y = 247.5


def rep(**pucks):
    """Report from keyword ids: rep(p1=P("table", 500), p2=P("gutter_left"))."""
    return Report({int(k[1:]): v for k, v in pucks.items()})


def R(**kw):
    return rep(**kw)


class Checked:
    """Wrap a match so that every call is followed by the M-O6 invariant check."""

    def __init__(self, m):
        self.m = m
        m.check_invariant()

    def __getattr__(self, name):
        attr = getattr(self.m, name)
        if not callable(attr):
            return attr

        def call(*a, **kw):
            try:
                return attr(*a, **kw)
            finally:
                self.m.check_invariant()
        return call


def lagged(chooser="left", role="shooter", **names):
    """A match past the lag: ``chooser`` won it and picked ``role``."""
    m = Checked(Match.new(**names))
    if chooser == "left":
        m.lag_shot(rep(p1=P("table", 3300)))                   # in the right zone
        m.lag_shot(rep(p1=P("table", 3300), p2=P("table", 1500)))
    else:
        m.lag_shot(rep(p1=P("table", 2000)))
        m.lag_shot(rep(p1=P("table", 2000), p2=P("table", 400)))  # in the left zone
    assert m.phase == "choose_role" and m.chooser == chooser
    m.choose_role(role)
    return m


def with_target(x=None, **kw):
    """Left shoots, right places a target (in the right zone)."""
    m = lagged(**kw)
    tid = m.place_target(3300 if x is None else x, MID_Y)
    return m, tid


# --- M-O ----------------------------------------------------------------------------------
def test_M_O1_eight_pucks_each_at_own_end():
    m = Match.new("Ann", "Bob")
    assert m.gutter == {"left": 8, "right": 8} and m.in_play == TOTAL_PUCKS


def test_M_O3_dropped_pucks_belong_to_that_end():
    m, t = with_target()
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("gutter_right")}))
    # shooter (left) shot one puck; both landed in the right gutter
    assert m.gutter == {"left": 7, "right": 9}


def test_M_O4_nearer_end():
    assert nearer_end(1884.9) == "left" and nearer_end(1885) == "right"


def test_M_O5_off_table_goes_back_to_shooter():
    m, t = with_target()
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("off_table")}))
    assert m.last.rule == "M-R6"
    assert m.gutter == {"left": 8, "right": 8}     # shot puck home, target in right gutter


# --- M-L ----------------------------------------------------------------------------------
def test_M_L1_left_lags_first_then_right_and_pucks_stay():
    m = Checked(Match.new())
    assert m.lag_side == "left"
    m.lag_shot(rep(p1=P("table", 2500)))
    assert m.lag_side == "right" and 1 in m.table and m.gutter["left"] == 7
    with pytest.raises(IllegalAction, match="^M-O6"):
        m.lag_shot(rep(p2=P("table", 600)))          # the first lag puck must be reported


def test_M_L2_closest_to_far_gutter_chooses_and_fallen_never_wins():
    m = Checked(Match.new())
    m.lag_shot(rep(p1=P("gutter_right")))           # left fell in: never wins
    m.lag_shot(rep(p2=P("table", 600)))             # right rests in the left zone
    assert m.phase == "choose_role" and m.chooser == "right"
    assert m.gutter == {"left": 8, "right": 8}      # M-L3: lag pucks back home
    m.choose_role("placer")
    assert m.shooter == "left" and m.placer == "right" and m.phase == "place"


def test_M_L2_second_lag_can_knock_the_first():
    m = Checked(Match.new())
    m.lag_shot(rep(p1=P("table", 3400)))
    m.lag_shot(rep(p1=P("gutter_right"), p2=P("table", 1000)))   # hit it into the gutter
    assert m.last.rule == "M-L3"                    # right's 1000 is not in the left zone


def test_M_L3_lag_replayed_when_both_miss_the_zone():
    m = Checked(Match.new())
    m.lag_shot(rep(p1=P("table", 2500)))
    m.lag_shot(rep(p1=P("table", 2500), p2=P("table", 1200)))
    assert m.last.rule == "M-L3" and m.phase == "lag" and m.lag_side == "left"
    assert m.gutter == {"left": 8, "right": 8} and not m.table


def test_M_L3_zone_touch_counts_partly():
    assert touches_zone("right", 3100 - 37, MID_Y)
    assert not touches_zone("right", 3100 - 39, MID_Y)


def test_M_L2_choose_role_only_with_a_role_word():
    m = Checked(Match.new())
    m.lag_shot(rep(p1=P("table", 3300)))
    m.lag_shot(rep(p1=P("table", 3300), p2=P("table", 1500)))
    with pytest.raises(IllegalAction, match="^M-L2"):
        m.choose_role("goalie")


# --- M-R ----------------------------------------------------------------------------------
def test_M_R1_target_must_touch_own_zone():
    m = lagged()                                    # left shoots, right places
    with pytest.raises(IllegalAction, match="^M-R1"):
        m.place_target(2000, MID_Y)                 # middle of the table
    with pytest.raises(IllegalAction, match="^M-R1"):
        m.place_target(400, MID_Y)                  # the shooter's zone, not the placer's
    with pytest.raises(IllegalAction, match="^M-R1"):
        m.place_target(3510, MID_Y)                 # centre past the gutter edge
    with pytest.raises(IllegalAction, match="^M-R1"):
        m.place_target(3300, 20)                    # through the rail
    tid = m.place_target(3100 - 30, MID_Y)          # disc just reaches the zone
    assert m.target == tid and m.phase == "shoot" and m.gutter["right"] == 7


def test_M_R2_only_shooting_in_the_shoot_phase():
    m = lagged()
    with pytest.raises(IllegalAction, match="^M-R2"):
        m.shot(rep(p1=P("table", 2000)))


def test_M_R3_only_target_falls_shot_puck_is_new_target():
    m, t = with_target()
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("table", 3300)}))
    assert m.last.rule == "M-R3" and m.phase == "shoot"
    assert m.target == s and m.shooter == "left"
    assert m.gutter == {"left": 7, "right": 8}


def test_M_R4_both_fall_new_target():
    m, t = with_target()
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("gutter_right")}))
    assert m.last.rule == "M-R4" and m.phase == "place" and m.shooter == "left"
    assert m.target is None and not m.table


def test_M_R5_target_stays_roles_swap_table_cleared_to_nearer_end():
    m, t = with_target()
    s = m.next_puck_id
    # target pushed to 3200 (right half); the shot puck stopped at 1800 (left half)
    m.shot(rep(**{f"p{t}": P("table", 3200), f"p{s}": P("table", 1800)}))
    assert m.last.rule == "M-R5" and m.phase == "place"
    assert m.shooter == "right" and m.placer == "left" and m.role_swaps == 1
    assert not m.table
    assert m.gutter == {"left": 8, "right": 8}       # 1800 → left, 3200 → right
    assert m.last.facts["cleared"] == {"left": 1, "right": 1}


def test_M_R6_off_table_roles_swap():
    m, t = with_target()
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("off_table"), f"p{s}": P("table", 3350)}))
    assert m.last.rule == "M-R6" and m.shooter == "right"
    # target off → shooter's gutter (M-O5); shot puck at 3350 → right gutter (M-O4)
    assert m.gutter == {"left": 8, "right": 8}


def test_M_R7_miss_that_stops_short_is_M_R5():
    m, t = with_target()
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("table", 3300, MID_Y), f"p{s}": P("table", 2400)}))
    assert m.last.rule == "M-R7" and m.shooter == "right" and not m.table


def _down_to_last_puck():
    """Left shooter with one puck in hand, table empty, right to place."""
    m = lagged()
    while m.gutter["left"] > 1:
        t = m.place_target(3300, MID_Y)
        s = m.next_puck_id
        m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("gutter_right")}))
    assert m.phase == "place" and m.knock_required
    return m


def test_M_R8_knock_required_on_last_puck_and_forgotten_knock_swaps():
    m = _down_to_last_puck()
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("gutter_right")}))  # no knock
    assert m.last.rule == "M-R8"
    assert m.shooter == "right" and m.gutter["left"] == 1    # the puck stayed in hand
    assert m.winner is None and not m.table


def test_M_R8_knock_only_with_one_puck():
    m = lagged()
    with pytest.raises(IllegalAction, match="^M-R8"):
        m.knock()
    m = _down_to_last_puck()
    m.knock()
    with pytest.raises(IllegalAction, match="^M-R8"):
        m.knock()


def test_M_R9_standing_target_only_at_that_moment():
    m = lagged()
    with pytest.raises(IllegalAction, match="^M-R9"):
        m.place_target(3300, MID_Y, standing=True, angle=0.3)   # shooter has 8
    m = _down_to_last_puck()
    with pytest.raises(IllegalAction, match="^M-R9"):
        m.place_target(3300, MID_Y, standing=True)              # not knocked yet
    m.knock()
    assert m.standing_allowed
    t = m.place_target(3300, MID_Y, standing=True, angle=0.7)
    assert m.table[t].standing and m.table[t].angle == pytest.approx(0.7)


def test_M_R10_last_puck_drops_both_shooter_wins():
    m = _down_to_last_puck()
    m.knock()
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("gutter_right")}))
    assert m.last.rule == "M-R10" and m.phase == "over" and m.winner == "left"
    assert m.gutter == {"left": 0, "right": 16}
    with pytest.raises(IllegalAction):
        m.place_target(3300, MID_Y)


def test_M_R10_failure_takes_a_puck_back_and_swaps():
    m = _down_to_last_puck()
    m.knock()
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    # only the target fell: on the last puck that is not M-R3 but M-R10's failure
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("table", 3300)}))
    assert m.last.rule == "M-R10" and m.winner is None
    assert m.gutter["left"] == 1 and m.shooter == "right" and not m.table
    assert m.last.facts["back"] == "shot puck"


def test_M_R10_failure_shot_puck_fell_takes_one_from_far_gutter():
    m = _down_to_last_puck()
    m.knock()
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    before = m.gutter["right"]
    m.shot(rep(**{f"p{t}": P("table", 3300), f"p{s}": P("gutter_right")}))
    assert m.last.facts["back"] == "far gutter" and m.gutter["left"] == 1
    assert m.gutter["right"] == before + 1 - 1 + 1   # +shot −taken back +target cleared


# --- M-F ----------------------------------------------------------------------------------
def _flip_window():
    m, t = with_target()
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("overhang", 3480)}))
    assert m.last.rule == "M-F1" and m.phase == "flip" and m.target == s
    return m, s


def test_M_F1_overhanging_new_target_opens_flip_window():
    m, s = _flip_window()
    assert m.table[s].overhanging and m.to_act == "right"
    assert set(m.legal_actions()) >= {"flip_start", "counter_shot", "flip_window_expired"}


def test_M_F2_caught_flip_swaps_roles():
    m, s = _flip_window()
    m.flip_start()
    m.flip_caught()
    assert m.last.rule == "M-F2" and m.shooter == "right" and m.phase == "place"
    assert m.gutter == {"left": 7, "right": 9}     # target and flipped puck in right gutter


def test_M_F2_dropped_flip_keeps_roles():
    m, s = _flip_window()
    m.flip_start()
    m.flip_dropped()
    assert m.last.rule == "M-F2" and m.shooter == "left" and m.phase == "place"
    assert m.gutter == {"left": 7, "right": 9}


def test_M_F2_catch_needs_a_flip_in_the_air():
    m, s = _flip_window()
    with pytest.raises(IllegalAction, match="^M-F2"):
        m.flip_caught()


def test_M_F3_counter_shot_drops_target_and_returns_the_puck():
    m, s = _flip_window()
    c = m.next_puck_id
    m.counter_shot(rep(**{f"p{s}": P("gutter_right"), f"p{c}": P("table", 3350)}))
    assert m.last.rule == "M-F3" and m.shooter == "left" and m.phase == "place"
    assert m.gutter == {"left": 7, "right": 9}       # counter puck back in left's hand
    assert not m.table


def test_M_F3_counter_puck_returns_even_when_it_misses():
    m, s = _flip_window()
    c = m.next_puck_id
    m.counter_shot(rep(**{f"p{s}": P("overhang", 3480), f"p{c}": P("gutter_right")}))
    assert m.phase == "flip" and m.gutter == {"left": 7, "right": 8}
    m.flip_start()
    c = m.next_puck_id
    m.counter_shot(rep(**{f"p{c}": P("table", 3300)}))   # too late, target in the air
    assert m.gutter["left"] == 7 and m.phase == "flip"


def test_M_F4_window_expires_shooter_shoots_again():
    m, s = _flip_window()
    m.flip_window_expired()
    assert m.last.rule == "M-F4" and m.phase == "shoot" and m.target == s
    with pytest.raises(IllegalAction, match="^M-F1"):
        m.flip_start()


# --- M-E ----------------------------------------------------------------------------------
def test_M_E1_win_leaves_all_16_in_the_other_gutter():
    m = _down_to_last_puck()
    m.knock()
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("gutter_right")}))
    assert m.gutter["right"] == TOTAL_PUCKS and m.legal_actions() == ()


def test_M_E2_team_members_shoot_in_turn():
    m = lagged(left=("Ann", "Alex"), right=("Bea", "Bo"))
    # the lag used Ann and Bea; now left shoots
    seen = []
    for _ in range(4):
        seen.append(m.shooter_name)
        t = m.place_target(3300, MID_Y)
        s = m.next_puck_id
        m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("gutter_right")}))
    assert seen == ["Alex", "Ann", "Alex", "Ann"]
    with pytest.raises(IllegalAction, match="^M-E2"):
        Match.new(left=(), right="Bo")


# --- saves ----------------------------------------------------------------------------
def test_save_round_trip_keeps_the_exact_table():
    m, s = _flip_window()
    d = json.loads(json.dumps(m.to_dict()))
    m2 = Match.from_dict(d)
    assert m2.to_dict() == m.to_dict() and m2.table[s].x == 3480
    d["gutter"]["left"] += 1
    with pytest.raises(IllegalAction, match="^M-O6"):
        Match.from_dict(d)


# --- property: random reports never break M-O6 and always reach a legal state ------------
STATES = ("table", "overhang", "gutter_left", "gutter_right", "off_table")


def random_puck(data):
    state = data.draw(st.sampled_from(STATES))
    if state == "table":
        x = data.draw(st.floats(310, 3460))
    elif state == "overhang":
        x = data.draw(st.sampled_from((290.0, 3480.0)))
    else:
        x = 0.0
    return P(state, x, data.draw(st.floats(40, 455)))


def random_report(data, ids):
    return Report({i: random_puck(data) for i in ids})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_M_O6_random_reports_keep_16_pucks_and_legal_states(data):
    m = Match.new(left=("A", "B"), right="C")
    for _ in range(80):
        m.check_invariant()
        acts = m.legal_actions()
        if not acts:
            assert m.phase == "over" and m.winner
            break
        act = data.draw(st.sampled_from(acts))
        if act == "lag_shot":
            ids = [i for i in m.lag_pucks.values() if i in m.table] + [m.next_puck_id]
            m.lag_shot(random_report(data, ids))
        elif act == "choose_role":
            m.choose_role(data.draw(st.sampled_from(("shooter", "placer"))))
        elif act == "knock":
            m.knock()
        elif act == "place_target":
            side = m.placer
            x = data.draw(st.floats(3110, 3490) if side == "right" else st.floats(280, 660))
            standing = m.standing_allowed and data.draw(st.booleans())
            m.place_target(x, MID_Y, standing=standing, angle=0.5 if standing else 0.0)
        elif act in ("shot", "counter_shot"):
            ids = [i for i in m.table if not (m.flip_started and i == m.target)]
            getattr(m, act)(random_report(data, ids + [m.next_puck_id]))
        else:
            getattr(m, act)()
        assert m.phase in ("lag", "choose_role", "place", "shoot", "flip", "over")
    m.check_invariant()
    Match.from_dict(json.loads(json.dumps(m.to_dict())))
