"""Magico game review (issue 17): the turns where a better placement was missed, by
Master's evaluation, with the better turn and what it lost."""

import random

import pytest

from magico.ai import choose_turn
from magico.review import review
from magico.rules import Dice, IllegalTurn, Position
from tests.magico.common import placed


# Red holds a1, b1 (8 + 7: the 0 on c1 makes 15, 10 points) and c4, a6 (9 + 6: the 0
# on b5 makes 15 on a diagonal, 25 points).
LATE = placed("a1 b1 f2 a6 e6 f6 b4 c4", "a2 b3 c5 d4 f3 e2 c6 f1", "r")


def test_K_9_review_marks_a_missed_run_with_the_better_turn():
    r = review(LATE, ["3,3 3-3=0 c1"])
    t = r.turns[0]
    assert t.missed and r.missed == (0,)
    assert t.best == "3,3 3-3=0 b5" and t.points_missed == 15
    assert t.loss > 0.04 and t.best_value > t.played_value
    assert r.missed_by("r") == (t,) and r.missed_by("b") == ()


def test_review_does_not_mark_the_best_turn():
    r = review(LATE, ["3,3 3-3=0 b5"])
    assert not r.turns[0].missed and r.turns[0].best == "3,3 3-3=0 b5"
    assert r.turns[0].loss == 0


def test_K_7a_a_miscalculation_is_a_missed_placement():
    r = review(LATE, ["3,3 3-3=1 wrong"])
    t = r.turns[0]
    assert t.kind == "wrong" and t.missed and t.best == "3,3 3-3=0 b5"
    assert t.points_missed == 25


def test_K_7b_a_forced_pass_is_not_reviewed_as_missed():
    p = placed("c1 f3 b5 e6", "e2 f4 e5", "r")
    t = review(p, ["6,6 pass"]).turns[0]
    assert t.forced and not t.missed


def test_review_of_a_whole_seeded_game_is_complete_and_names_each_turn():
    dice, rng = Dice(4), random.Random(4)
    p = start = Position.start()
    log = []
    while not p.is_over:
        t = choose_turn(p, dice.roll(), "beginner" if p.to_move == "r" else "intermediate", rng)
        log.append(t)
        p = p.play(t)
    r = review(start, log)
    assert [t.played for t in r.turns] == log and r.final == p.to_text()
    assert r.complete
    assert r.missed, "a beginner's whole game with no missed placement"
    assert all(r.turns[i].player in "rb" and r.turns[i].loss >= 0.04 for i in r.missed)


def test_review_time_is_bounded_by_its_budget_and_turn_limit():
    moves = ["3,3 3-3=0 c1", "2,2 2+2=4 d3", "4,5 5+4=9 e4"]
    r = review(LATE, moves, budget=1)
    assert [t.depth for t in r.turns] == [2, 1, 1] and not r.complete
    r = review(LATE, moves, max_turns=2)
    assert len(r.turns) == 2 and not r.complete


def test_review_refuses_an_illegal_log_with_the_turn_number():
    with pytest.raises(IllegalTurn, match=r"^turn 2: K-7"):
        review(LATE, ["3,3 3-3=0 b5", "6,6 6-6=0 b5"])
    with pytest.raises(IllegalTurn, match=r"^turn 1: K-N2"):
        review(LATE, ["hello"])
    with pytest.raises(IllegalTurn, match=r"^K-N1"):
        review("not a position", [])
