"""Magico AI: every level plays legal turns, the beginner miscalculates (K-7a), the
expert completes, blocks and takes (K-5) where a player would, games are reproducible."""

import random

import pytest

from magico.ai import LEVELS, choose_turn, evaluate
from magico.rules import Dice, IllegalTurn, Position, parse_cell


def pos(cells: dict[str, str], side: str) -> Position:
    grid = [["."] * 6 for _ in range(6)]
    for name, ch in cells.items():
        i = parse_cell(name)
        grid[i // 6][i % 6] = ch
    flat = "".join("".join(r) for r in grid)
    rows = "/".join("".join(r) for r in grid)
    return Position.from_text(
        f"magico-classic {rows} {side} {15 - flat.count('R')}-{15 - flat.count('B')}")


def play_game(seed: int, red: str, blue: str):
    dice, rng = Dice(seed), random.Random(seed)
    p = Position.start()
    turns = []
    while not p.is_over:
        turn = choose_turn(p, dice.roll(), red if p.to_move == "r" else blue, rng)
        p = p.play(turn)  # raises IllegalTurn if the AI broke a rule
        turns.append(turn)
    return p, turns


@pytest.mark.parametrize("level", LEVELS)
def test_K_N2_every_level_plays_legal_turns_to_the_end(level):
    p, turns = play_game(11, level, level)
    assert p.is_over and p.winner in ("r", "b", "draw")
    assert len(turns) >= 15


def test_K_7a_beginner_sometimes_miscalculates_and_loses_the_placement():
    wrong = []
    for seed in range(4):
        _, turns = play_game(seed, "beginner", "beginner")
        wrong += [t for t in turns if t.endswith("wrong")]
    assert wrong, "a beginner never miscalculated in four games"
    p = Position.start()
    for t in wrong:
        q = p.play(t)
        assert q.red == p.red and q.hand("r") == 15  # K-7a: no token


def test_K_7a_expert_never_miscalculates():
    for seed in range(3):
        _, turns = play_game(seed, "expert", "expert")
        assert not [t for t in turns if t.endswith("wrong")]


def test_K_9_expert_completes_its_run():
    # Red holds a1 (8) and b1 (7); c1 shows 0 and 3,3 makes 0 (3-3).
    p = pos({"a1": "R", "b1": "R", "f6": "B"}, "r")
    assert choose_turn(p, (3, 3), "expert", random.Random(1)) == "3,3 3-3=0 c1"


def test_K_6_expert_blocks_the_opponents_diagonal():
    # Blue holds a1 and b2 of the diagonal a1 b2 c3 (8+2+5, 25 points); one die shows 1.
    p = pos({"a1": "B", "b2": "B", "f6": "R"}, "r")
    assert choose_turn(p, (1, 4), "expert", random.Random(1)) == "1,4 any c3"


def test_K_5_expert_takes_the_token_in_most_runs():
    # Blue scores a1 b1 c1 (10) and a1 b2 c3 (25): a1 is in both.
    p = pos({"a1": "B", "b1": "B", "c1": "B", "b2": "B", "c3": "B", "f6": "R"}, "r")
    assert p.scores()["b"] == 35
    assert choose_turn(p, (1, 1), "expert", random.Random(1)) == "1,1 take a1"


def test_K_7b_ai_passes_when_nothing_is_reachable():
    zeros_ones = ["c1", "e2", "f3", "f4", "b5", "e5", "e6"]  # every 0 and 1 on the board
    p = pos({c: "R" if i % 2 else "B" for i, c in enumerate(zeros_ones)}, "r")
    for level in LEVELS:
        assert choose_turn(p, (6, 6), level, random.Random(0)) == "6,6 pass"


def test_K_10_expert_beats_the_beginner_on_seeded_games():
    wins = 0
    for seed in range(12):
        red, blue = ("expert", "beginner") if seed % 2 == 0 else ("beginner", "expert")
        p, _ = play_game(1000 + seed, red, blue)
        wins += p.winner == ("r" if red == "expert" else "b")
    assert wins >= 10


def test_games_are_reproducible_from_seeds():
    assert play_game(5, "beginner", "expert")[1] == play_game(5, "beginner", "expert")[1]


def test_K_8_no_decision_after_the_end_and_unknown_level():
    p, _ = play_game(3, "intermediate", "intermediate")
    with pytest.raises(IllegalTurn, match=r"^K-8"):
        choose_turn(p, (5, 2), "expert", random.Random(0))
    with pytest.raises(ValueError, match="unknown AI level"):
        choose_turn(Position.start(), (5, 2), "grandmaster", random.Random(0))


def test_evaluate_counts_completed_runs_and_open_ones():
    done = pos({"a1": "R", "b1": "R", "c1": "R"}, "b")
    half = pos({"a1": "R", "b1": "R", "f6": "B"}, "b")
    assert evaluate(done, "r") > evaluate(half, "r") > 0
    assert evaluate(done, "b") == -evaluate(done, "r")
