"""Mississippi rules the scene used to decide (issue 12 §5), refusals with codes, typed
outcomes, match statistics and the state protocol (issue 14 §3); one test per rule id."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mississippi.rules import (Action, FLIP_WINDOW_S, FlipRace, IllegalAction, Match,
                               MatchResult, PuckOutcome as P, Refusal, Report, TABLE,
                               TOTAL_PUCKS, flip_race_winner, hand_spot, team_names,
                               valid_target_spot)
from mississippi.stats import MatchStats
from tests.mississippi.test_rules import MID_Y, _down_to_last_puck, _flip_window, lagged, rep

ROOT = Path(__file__).resolve().parents[2]


# --- M-R8: the forgotten knock -------------------------------------------------------------
def test_M_R8_unknocked_shot_swaps_at_once_and_the_puck_stays_in_hand():
    m = _down_to_last_puck()
    m.place_target(3300, MID_Y)
    assert m.must_knock_first
    out = m.unknocked_shot()
    assert (out.rule, out.code, out.swapped) == ("M-R8", "forgot-knock", True)
    assert m.shooter == "right" and m.gutter["left"] == 1 and not m.table
    assert m.stats.forgotten_knocks == 1 and m.stats.knocks == 0
    m.check_invariant()


def test_M_R8_unknocked_shot_refused_when_no_knock_is_due():
    m = _down_to_last_puck()
    m.knock()
    m.place_target(3300, MID_Y)
    assert not m.must_knock_first
    with pytest.raises(IllegalAction) as err:
        m.unknocked_shot()
    assert (err.value.rule, err.value.code) == ("M-R8", "no-knock-due")
    m2 = lagged()
    m2.place_target(3300, MID_Y)
    with pytest.raises(IllegalAction) as err:
        m2.unknocked_shot()                     # 8 pucks in hand: no knock due
    assert err.value.code == "no-knock-due"


def test_M_R8_refusals_carry_rule_and_code():
    m = lagged()
    with pytest.raises(IllegalAction) as err:
        m.knock()
    assert (err.value.rule, err.value.code) == ("M-R8", "knock-not-needed")
    assert str(err.value).startswith("M-R8 ")
    m = _down_to_last_puck()
    m.knock()
    with pytest.raises(IllegalAction) as err:
        m.knock()
    assert err.value.code == "already-knocked"
    assert m.stats.knocks == 1


# --- M-F3 / M-F4: which fell first, when the window closes ---------------------------------
def test_M_F3_the_counter_wins_only_if_the_target_falls_before_the_flip():
    # counter released at 0.4 s, knocks the target in 0.5 s later (0.9 s)
    assert flip_race_winner(3.0, flip_at=1.2, counter_at=0.4, counter_drop=0.5) == "countered"
    assert flip_race_winner(3.0, flip_at=0.6, counter_at=0.4, counter_drop=0.5) == "flip"
    # a tie: the flip had started
    assert flip_race_winner(3.0, flip_at=0.9, counter_at=0.4, counter_drop=0.5) == "flip"
    assert flip_race_winner(3.0, flip_at=None, counter_at=0.4, counter_drop=0.5) == "countered"
    # released after the window: too late to counter
    assert flip_race_winner(3.0, flip_at=1.0, counter_at=3.2, counter_drop=0.1) == "flip"


def test_M_F4_window_expires_after_3_s_unless_a_counter_is_moving():
    assert FLIP_WINDOW_S == 3.0
    assert flip_race_winner(flip_at=None) == "expired"
    assert flip_race_winner(flip_at=3.0) == "expired"                  # the window is 3 s
    assert flip_race_winner(flip_at=2.99) == "flip"
    # a counter released at 2.5 s and rolling until 4.5 s holds the window open
    assert flip_race_winner(flip_at=3.4, counter_at=2.5, counter_rest=2.0) == "flip"
    assert flip_race_winner(flip_at=4.6, counter_at=2.5, counter_rest=2.0) == "expired"


def test_M_F3_M_F4_flip_race_clock():
    race = FlipRace()
    race.tick(1.0)
    assert race.open and race.may_counter() and not race.expired
    race.counter_moving = True
    race.tick(2.5)                              # 3.5 s: past the window, counter rolling
    assert race.open and not race.expired and not race.may_counter()
    assert race.target_fell() and race.countered
    assert not race.start_flip()                # M-F3: the target fell first: no flip
    race2 = FlipRace(window=2.0)
    race2.tick(2.0)
    assert race2.expired and not race2.start_flip()
    race3 = FlipRace()
    race3.tick(0.5)
    assert race3.start_flip() and race3.in_air() == 0.0
    race3.tick(0.25)
    assert race3.in_air() == pytest.approx(0.25)
    assert not race3.target_fell() and not race3.countered   # the flip came first


def test_M_F_statistics_count_windows_and_their_ends():
    m, s = _flip_window()
    m.flip_start()
    m.flip_caught()
    m2, s2 = _flip_window()
    m2.flip_window_expired()
    m3, s3 = _flip_window()
    c = m3.next_puck_id
    m3.counter_shot(rep(**{f"p{s3}": P("gutter_right"), f"p{c}": P("table", 3000)}))
    assert m3.last.code == "countered"
    st = [x.stats for x in (m, m2, m3)]
    assert [x.flip_windows for x in st] == [1, 1, 1]
    assert (st[0].flips_caught, st[1].flip_windows_expired, st[2].flips_countered) == (1, 1, 1)
    assert st[2].counter_shots == 1 and st[2].targets_dropped == 2
    total = MatchStats.total(st)
    assert total.flip_windows == 3 and total.flips_dropped == 0


# --- M-E2: team names and who shoots next --------------------------------------------------
def test_M_E2_team_names_and_who_shoots_next():
    assert team_names("Ann, Alex", 1) == ["Ann", "Alex"]
    assert team_names("Ann/Alex/Zoé", 3) == ["Ann", "Alex", "Zoé"]
    assert team_names("Blue", 3) == ["Blue 1", "Blue 2", "Blue 3"]
    assert team_names("Blue", 1) == ["Blue"]
    assert team_names("", 1) == [""]
    m = lagged(left=team_names("Ann, Alex"), right=team_names("Orange", 2))
    assert m.shooter_name == "Alex"               # Ann slid the lag puck: Alex is next
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("table", 3000)}))   # M-R3
    assert m.shooter_name == "Ann"                # members shoot in turn


# --- M-U1: the puck in hand waits clear of resting pucks -----------------------------------
def test_M_U1_hand_spot_is_at_the_back_of_the_zone_clear_of_resting_pucks():
    assert hand_spot("left") == (TABLE.hand_x("left"), 247.5) == (340.0, 247.5)
    assert hand_spot("right") == (3430.0, 247.5)
    assert hand_spot("left", [(340.0, 250.0)]) == (340.0, 130.0)
    assert hand_spot("left", [(340.0, 250.0), (340.0, 130.0)]) == (340.0, 365.0)


# --- M-R1 / M-R9 refusals ------------------------------------------------------------------
@pytest.mark.parametrize("x,y,code", [(2000.0, MID_Y, "not-in-zone"),
                                      (3300.0, 10.0, "not-between-rails"),
                                      (float("nan"), MID_Y, "not-in-zone")])
def test_M_R1_refusals_carry_a_code(x, y, code):
    m = lagged()
    why = m.check_target(x, y)
    assert isinstance(why, Refusal) and isinstance(why, str)
    assert (why.rule, why.code) == ("M-R1", code) and why.startswith("M-R1 ")
    with pytest.raises(IllegalAction) as err:
        m.place_target(x, y)
    assert (err.value.rule, err.value.code) == ("M-R1", code)


def test_M_R9_standing_refusal_code_and_count():
    m = lagged()
    assert m.check_target(3300, MID_Y, standing=True).code == "standing-not-allowed"
    m = _down_to_last_puck()
    m.knock()
    m.place_target(3300, MID_Y, standing=True, angle=0.4)
    assert m.stats.standing_targets == 1 and m.last.code == "standing-target-placed"


def test_refusals_from_the_ai_worker_keep_their_rule_and_code():
    from ludotheque import workers       # the worker process sends them back pickled

    back = workers.submit(Match.from_text, "{").exception(timeout=120)
    assert (type(back), back.rule, back.code) == (IllegalAction, "M-O6", "bad-save")
    assert str(back).startswith("M-O6 ")
    why = workers.submit(valid_target_spot, "right", 2000.0, MID_Y).result(timeout=120)
    assert isinstance(why, Refusal) and (why.rule, why.code) == ("M-R1", "not-in-zone")


# --- typed outcome, statistics, protocol ---------------------------------------------------
def test_M_E1_outcome_is_typed_with_the_winner_side():
    m = _down_to_last_puck()
    assert m.outcome() is None and not m.is_over and not m.is_terminal()
    m.knock()
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    m.shot(rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("gutter_right")}))
    res = m.outcome()
    assert isinstance(res, MatchResult) and m.is_over
    assert (res.winner, res.loser, res.rule) == ("left", "right", "M-R10")
    assert res.gutters == {"left": 0, "right": TOTAL_PUCKS}
    assert res.scores == (0, TOTAL_PUCKS) and res.returns() == (1, -1) and not res.draw
    assert m.is_terminal() and m.current_player() is None
    assert m.last.code == "last-puck-won"


def test_M_L_statistics_count_lags_and_pucks_off_the_table():
    m = Match.new()
    m.lag_shot(rep(p1=P("off_table", 3770)))            # too hard: off the table
    m.lag_shot(rep(p2=P("table", 400)))                  # in the left zone: landed
    assert m.last.rule == "M-L2"
    st = m.stats
    assert (st.shots, st.lag_rounds, st.lags_landed, st.off_table) == (2, 1, 1, 1)


def test_M_O6_statistics_round_trip_through_a_save():
    m, s = _flip_window()
    m.flip_window_expired()
    back = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert back.stats == m.stats and back.stats.flip_windows == 1
    old = m.to_dict()
    del old["stats"]                                      # a save from before the counts
    assert Match.from_dict(old).stats.flip_windows == 0
    bad = m.to_dict()
    bad["stats"] = {"knocks": -1}
    with pytest.raises(IllegalAction) as err:
        Match.from_dict(bad)
    assert err.value.code == "bad-save"


def test_protocol_apply_plays_the_phase_methods_and_refuses_with_codes():
    m = Match.new("Ann", "Bob")
    assert m.to_move == "left" and m.legal_actions() == ("lag_shot",)
    m.apply(Action("lag_shot", report=rep(p1=P("table", 3300))))
    m.apply(Action("lag_shot", report=rep(p1=P("table", 3300), p2=P("table", 1500))))
    assert m.to_move == "left" and m.legal_actions() == ("choose_role",)
    m.apply(Action("choose_role", role="shooter"))
    out = m.apply(Action("place_target", x=3300.0, y=MID_Y))
    assert out.code == "target-placed" and m.to_move == "left"
    with pytest.raises(IllegalAction) as err:
        m.apply(Action("flip_start"))
    assert err.value.code == "not-legal-now"
    with pytest.raises(IllegalAction) as err:
        m.apply(Action("teleport"))
    assert err.value.code == "unknown-action"
    with pytest.raises(IllegalAction) as err:
        m.apply(Action("shot"))                           # no report
    assert err.value.code == "report-wrong-puck"
    t, s = m.target, m.next_puck_id
    report = rep(**{f"p{t}": P("gutter_right"), f"p{s}": P("table", 3000)})
    out = m.apply(Action("shot", report=report))
    assert (out.rule, out.code) == ("M-R3", "target-fell")


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '{"phase": "lag"}', "x" * 10000])
def test_protocol_from_text_refuses_what_is_not_a_match(text):
    with pytest.raises(IllegalAction) as err:
        Match.from_text(text)
    assert (err.value.rule, err.value.code) == ("M-O6", "bad-save")


def test_protocol_text_round_trip():
    m, s = _flip_window()
    back = Match.from_text(m.to_text())
    assert back.to_dict() == m.to_dict() and back.phase == "flip" and back.to_move == "right"


def test_rules_import_no_pygame_nor_shell_nor_physics():
    code = ("import sys; sys.modules['pygame'] = None; import mississippi.rules, "
            "mississippi.stats; print(sorted(m for m, v in sys.modules.items() "
            "if v is not None and m.split('.')[0] in ('pygame', 'ludotheque', 'pymunk')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip()
    assert out == "[]"


def test_protocol_play_is_immutable_and_reads_action_texts():
    m = Match.new("Ann", "Bob")
    first = Action("lag_shot", report=rep(p1=P("table", 3300)))
    back = Action.from_text(first.to_text())
    assert back == Action("lag_shot", report=Report({1: P("table", 3300.0)}))
    m1 = m.play(first.to_text())
    assert m.phase == "lag" and m.lag_side == "left" and m1.lag_side == "right"
    m2 = m1.play(Action("lag_shot", report=rep(p1=P("table", 3300), p2=P("table", 1500))))
    m3 = m2.play('{"kind": "choose_role", "role": "placer"}')
    assert m3.placer == "left" and m3.current_player() == "left"
    assert Action.from_text("knock") == Action("knock")
    for bad in ("", "teleport", "{", '{"kind": "fly"}', '{"kind": "shot", "report": {"x": 1}}'):
        with pytest.raises(IllegalAction) as err:
            m3.play(bad)
        assert err.value.code == "unknown-action"
    with pytest.raises(IllegalAction) as err:
        m3.play("flip_start")
    assert err.value.code == "not-legal-now" and m3.phase == "place"
