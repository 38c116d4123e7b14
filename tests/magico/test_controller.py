"""Magico's turn controller (pure: no pygame): the phases and their transitions, what a
typed result leads to (K-7, K-7a), which operations are offered (K-7, issue 13 §3), the
draw of who starts."""

import pytest

from magico.controller import TRANSITIONS, Phase, PhaseError, TurnController, choose_first, first_player
from magico.rules import Position, parse_cell

START = Position.start(first="r")


def landed(dice, pos=START):
    c = TurnController()
    c.new_turn(pos)
    c.rolling(dice)
    c.landed(pos, computer=False)
    return c


def test_every_phase_has_its_transitions_and_others_are_refused():
    assert set(TRANSITIONS) == set(Phase)
    c = TurnController()
    c.new_turn(START)
    assert c.phase is Phase.ROLL
    with pytest.raises(PhaseError):
        c.to(Phase.PLACE)                       # no token before the roll (K-4)
    with pytest.raises(PhaseError):
        c.to(Phase.WRONG)


@pytest.mark.parametrize("dice, phase", [((5, 2), Phase.CHOOSE), ((1, 4), Phase.PLACE),
                                          ((1, 1), Phase.PASS)])
def test_K_5_K_6_K_7_what_a_roll_leads_to(dice, phase):
    assert landed(dice).phase is phase


def test_K_7_all_four_operations_are_offered_without_assisted_calculation():
    c = landed((5, 2))
    assert c.offered_ops(START, assisted=False) == [("5+2", True), ("5-2", True), ("5*2", True), ("5/2", True)]
    assert [op for op, _ in c.offered_ops(START, assisted=True)] == ["5+2", "5-2", "5*2"]   # 5/2 = 2.5


def test_K_7_a_result_that_is_not_whole_goes_back_to_the_choice_with_its_reason():
    c = landed((5, 2))
    assert c.choose("5/2") and c.phase is Phase.TYPE
    out = c.submit(START, 2)
    assert out.kind == "unusable" and out.code == "not-whole" and out.right == 2.5
    assert c.phase is Phase.CHOOSE and c.op is None


def test_K_7_more_than_10_goes_back_to_the_choice():
    c = landed((6, 5))
    c.choose("6*5")
    out = c.submit(START, 30)
    assert (out.kind, out.code, c.phase) == ("unusable", "out-of-range", Phase.CHOOSE)


def test_K_7a_a_wrong_result_is_a_turn_with_no_token():
    c = landed((5, 2))
    c.choose("5+2")
    out = c.submit(START, 8)
    assert out.kind == "wrong" and out.turn == "5,2 5+2=8 wrong" and c.phase is Phase.WRONG
    assert START.play(out.turn).hand("r") == 15


def test_K_7_a_right_result_lights_the_cells_showing_it():
    c = landed((5, 2))
    c.choose("5*2")
    out = c.submit(START, 10)
    assert out.kind == "right" and c.glow == {parse_cell("c5"), parse_cell("f5")}
    assert c.turn_for_cell(parse_cell("c5")) == "5,2 5*2=10 c5"
    assert c.turn_for_cell(parse_cell("a1")) is None


def test_undo_is_refused_after_the_roll_with_a_reason():
    assert TurnController.undo_refusal(Phase.ROLL) is None
    for phase in (Phase.ROLLING, Phase.CHOOSE, Phase.TYPE, Phase.PLACE, Phase.TAKE, Phase.PASS, Phase.WRONG):
        assert TurnController.undo_refusal(phase) == "after-roll"


def test_who_starts_is_drawn_and_a_seed_repeats_it():
    drawn = [first_player(seed) for seed in range(40)]
    assert set(drawn) == {"r", "b"} and 8 <= drawn.count("r") <= 32
    assert drawn == [first_player(seed) for seed in range(40)]
    assert choose_first(3, "b") == "b" and choose_first(3, "random") == first_player(3)
