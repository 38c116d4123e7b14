"""Computer players: legal, seeded, and the expert sees what a player would see."""

import random

import pytest

from glissando.ai import LEVELS, choose_turn, evaluate
from glissando.rules import IllegalTurn, Position


def pos(board: str, side="b", pts="0-0", target=2) -> Position:
    nb, no = board.count("B"), board.count("O")
    return Position.from_text(f"{board} {side} {pts} {32 - nb}-{32 - no} {target}")


MID = "1OOBBB1B/O3B2O/7O/8/8/7B/7B/O2B1BOO o 0-0 23-24 2"


@pytest.mark.parametrize("level", LEVELS)
def test_G_3_every_level_plays_legal_turns_and_repeats_with_a_seed(level):
    # bounded by work, not by the clock (time_limit=inf): under load a wall-clock limit
    # cuts the search at a different depth, so only the work-bounded search repeats
    p = Position.from_text(MID)
    a = choose_turn(p, level, random.Random(5), time_limit=float("inf"))
    b = choose_turn(p, level, random.Random(5), time_limit=float("inf"))
    assert a == b
    assert a in p.turns()


def test_G_6_expert_takes_the_winning_point():
    # blue has 1 point of 2 and four in a row with a placeable gap: e1 wins
    p = pos("8/8/8/8/8/8/O7/BBBB2OO", pts="1-0")
    t = choose_turn(p, "expert", random.Random(0))
    assert p.play(t).winner == "b"


def test_G_5_expert_blocks_the_opponents_winning_gap():
    # orange (1 point of 2) threatens e1; blue must stop it (place there or push)
    p = pos("8/8/8/8/8/8/8/OOOO3B", pts="0-1")
    for seed in range(3):
        t = choose_turn(p, "expert", random.Random(seed))
        q = p.play(t)
        assert not any(q.play(r).winner == "o" for r in q.turns()), t


def test_G_5b_evaluation_counts_the_side_to_move_gap_as_a_point():
    blue = sum(1 << s for s in range(4))           # a1-d1, gap e1 on the edge
    assert evaluate(blue, 0, 0, 0, 2) > 800          # blue to move scores now
    assert evaluate(0, blue, 0, 0, 2) < -100         # orange to move must block


def test_G_7_ai_refuses_a_finished_game():
    full_blue = "BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/8/8/8/8"
    p = Position.from_text(f"{full_blue} b 0-1 0-32 2")
    with pytest.raises(IllegalTurn, match="^G-7"):
        choose_turn(p, "expert", random.Random(0))
    with pytest.raises(ValueError):
        choose_turn(Position.start(), "grandmaster", random.Random(0))


def test_G_6_expert_beats_beginner_in_a_seeded_game():
    rng = random.Random(1)
    p = Position.start(first="o")
    while not p.over:
        level = "expert" if p.to_move == "b" else "beginner"
        p = p.play(choose_turn(p, level, rng))
    assert p.winner == "b"


@pytest.mark.parametrize("seed", range(4))
def test_G_4b_intermediate_blocks_a_push_that_would_make_five(seed):
    # orange (1 point of 2) threatens e3v: e3 pushes blue e2 to e1 and completes a2-e2;
    # no empty cell in a window of four, so only a look at orange's turns shows it
    p = pos("8/8/8/8/8/4O3/OOOOB3/8", pts="0-1")
    t = choose_turn(p, "intermediate", random.Random(seed))
    q = p.play(t)
    assert not any(q.play(r).winner == "o" for r in q.turns()), t


def test_G_5_intermediate_blocks_a_placement_that_would_make_five():
    # orange threatens to place on e1 (a1-d1 then five); intermediate stops it
    p = pos("8/8/8/8/8/8/8/OOOO3B", pts="0-1")
    for seed in range(3):
        q = p.play(choose_turn(p, "intermediate", random.Random(seed)))
        assert not any(q.play(r).winner == "o" for r in q.turns())
