"""The review of a finished game marks the last turn where a holding turn existed
(issue 17 §3), checked against the rules engine on the games of the new-player trial
(trial3, screenshots 42/43 and 64/67)."""

from glissando import review
from glissando.rules import Position

from tests.glissando.test_master import can_score_by_rules

# trial3 game 1 from the position after turn 19 (screenshot 44b), orange to move;
# turns 20-29 as listed in screenshot 42.
START1 = "B3O3/O3O3/O3O3/O2BB3/B4B1B/5O2/3B2O1/4BBBO o 0-0 22-23 2"
TURNS1 = ["b6 a6>", "c1 d2v xf1 xg1", "a3 a5>", "b1 f4<", "f1 a3v", "d4 d1>", "e4 h1<",
          "d2 e1>", "e1 d6^", "d3 xd1 xd2"]
# trial3 game 2, position after turn 28 (screenshot 64), blue to move.
GAME2_T29 = "B7/BBO5/OOO5/OOB5/OBO4B/BO4B1/3OO1B1/B2BOBBB b 0-1 18-20 2"


def replay(start, turns):
    p = Position.from_text(start)
    for t in turns:
        p = p.play(t)
    return p


def test_G_5_no_orange_turn_at_turn_28_of_trial_game_1_stops_blue():
    # the trial's "e1 d6v" scores for orange (c6-g2) but blue then scores with a5 e5<
    # whatever two pawns orange removes: at turn 28 every legal turn lets blue score.
    p = replay(START1, TURNS1[:8])
    assert p.to_move == "o"
    for text in p.turns():
        q = p.play(text)
        assert not q.over and can_score_by_rules(q), text
    assert replay(START1, TURNS1[:8] + ["e1 d6v xh1 xg2", "a5 e5< xd1 xd2"]).winner == "b"


def test_G_6_review_marks_the_last_turn_where_a_holding_turn_existed():
    r = review.review(Position.from_text(START1), TURNS1)
    d = r.decisive
    assert r.winner == "b" and d is not None and d.side == "o"
    # not turn 28 (nothing held there): two turns earlier, turn 26 "e4 h1<"
    assert d.index == 6 and d.turn == "e4 h1<"
    assert d.better is not None and d.threat.turns == tuple(TURNS1[7:])
    before = Position.from_text(r.positions[d.index])
    held = before.play(d.better)
    # the better turn holds by the exhaustive two-turn test (every blue threat, every
    # orange reply), and blue cannot score at once
    assert not can_score_by_rules(held)
    assert review.forced_in_two(held.blue, held.orange) is None
    # the turn played lost: blue's d2 e1> left orange no turn that stops the point
    after = Position.from_text(r.positions[d.index + 2])
    assert all(can_score_by_rules(after.play(t)) for t in after.turns()[::7])


def test_G_4b_the_trial_game_2_hand_defence_c3_g3_left_does_not_hold():
    # "c3 g3<" (block a5-e1, g3 slides to d3) loses to g3 b3>: the chain b3-c3-d3 is
    # pushed right, orange lands on d3 and a6-b5-c4-d3-e2 is orange's (G-4b, G-5)
    p = Position.from_text(GAME2_T29)
    q = p.play("c3 g3<")
    assert q.play("g3 b3> xe2 xd3").points == (0, 2)
    assert review.holding_turn(p, "o", 1) is None      # and no other blue turn holds


def test_holding_turn_finds_a_defence_that_scores_for_the_defender():
    # orange to move, blue threatens d1-d4 + d5; orange's own five on a8-e8 is one
    # placement away (e8): scoring and removing d-file pawns is not possible, but
    # placing d5 holds; any turn returned must hold by the rules
    p = Position.from_text("OOOO4/8/8/8/3B4/3B4/3B4/3B4 o 0-0 28-28 2")
    got = review.holding_turn(p, "b", 1)
    assert got is not None
    q = p.play(got)
    assert q.winner == "o" or not can_score_by_rules(q)
