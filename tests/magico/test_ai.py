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


# --------------------------------------------------------------------------- Master

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from magico import ai  # noqa: E402


def placed(red: str, blue: str, side: str) -> Position:
    """A position with Red's and Blue's tokens on the named cells (K-N1 hands)."""
    return pos({**{c: "R" for c in red.split()}, **{c: "B" for c in blue.split()}}, side)


@st.composite
def positions_and_dice(draw):
    """A position of a game in progress (each side 0–14 tokens on the board, K-1, K-8)
    and a roll (K-4)."""
    cells = draw(st.permutations(range(36)))
    n_red = draw(st.integers(0, 14))
    n_blue = draw(st.integers(0, min(14, 36 - n_red)))
    grid = ["."] * 36
    for i in cells[:n_red]:
        grid[i] = "R"
    for i in cells[n_red:n_red + n_blue]:
        grid[i] = "B"
    rows = "/".join("".join(grid[r * 6:(r + 1) * 6]) for r in range(6))
    side = draw(st.sampled_from("rb"))
    p = Position.from_text(f"magico-classic {rows} {side} {15 - n_red}-{15 - n_blue}")
    return p, (draw(st.integers(1, 6)), draw(st.integers(1, 6)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions_and_dice(), st.integers(0, 2 ** 32 - 1))
def test_K_N2_master_turns_are_always_legal(case, seed):
    p, dice = case
    turn = choose_turn(p, dice, "master", random.Random(seed))
    q = p.play(turn)                      # IllegalTurn if Master broke a rule
    assert not turn.endswith("wrong")     # K-7a: Master never miscalculates
    assert turn in p.legal_turns(*dice)


@settings(max_examples=150, deadline=None)
@given(positions_and_dice(), st.integers(1, 3))
def test_K_N2_every_option_master_values_is_legal_and_a_chance(case, depth):
    # The search at each depth, without the node budget's deeper plies.
    p, dice = case
    prm = ai.replace(ai.MASTER, depth=depth, max_depth=depth) if depth < 3 else \
        ai.replace(ai.MASTER, depth=1, max_depth=1)
    ranked = ai.option_values(p, dice, depth=min(depth, 2), params=prm)
    legal = set(p.legal_turns(*dice))
    assert ranked and all(t in legal for t, _ in ranked)
    assert all(0.0 <= v <= 1.0 for _, v in ranked)
    assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)
    assert ai.master_turn(p, *dice, random.Random(0), prm) in legal


def test_K_9_master_takes_the_immediate_run_worth_most():
    # Red holds a1, b1 (8 + 7: the 0 on c1 makes 15, 10 points) and c4, a6 (9 + 6: the
    # 0 on b5 makes 15 on a diagonal, 25 points); 3 - 3 = 0 reaches both.
    p = placed("a1 b1 f2 a6 e6 f6 b4 c4", "a2 b3 c5 d4 f3 e2 c6 f1", "r")
    assert choose_turn(p, (3, 3), "master", random.Random(1)) == "3,3 3-3=0 b5"
    assert p.play("3,3 3-3=0 b5").scores()["r"] == 25


def test_K_8_master_places_its_last_token_on_the_run_that_wins():
    # Red's last token, Blue leads 10-0 (c5 d5 e5). c1 completes a1 b1 c1 (10: a draw);
    # d2 completes the diagonal d2 e3 f4 (9 + 6 + 0, 25: a win). K-8 ends the game.
    p = placed("a1 b1 b4 e6 f6 f2 c4 e3 a3 b6 d6 f4 e1 d1",
               "a2 b3 c5 d4 f3 e2 c6 f1 e5 a6 d5", "r")
    assert p.hand("r") == 1 and p.scores() == {"r": 0, "b": 10}
    turn = choose_turn(p, (3, 3), "master", random.Random(0))
    assert turn == "3,3 3*3=9 d2" and p.play(turn).winner == "r"


def test_K_7_master_blocks_the_opponents_run():
    # Blue holds c2 (2) and d3 (4) of the diagonal c2 d3 e4: the 9 on e4 makes 15 and
    # 6 + 3 = 9 lets Red take it first.
    p = placed("a2 b3 c5 d4 f3 a6 e6", "c2 d3 f2 b4 f6 a1 b1", "r")
    assert choose_turn(p, (6, 3), "master", random.Random(0)) == "6,3 6+3=9 e4"
    # K-6: one die shows 1, any cell: the same block.
    assert choose_turn(p, (1, 5), "master", random.Random(0)) == "1,5 any e4"


def test_K_5_master_takes_the_token_in_most_runs():
    p = pos({"a1": "B", "b1": "B", "c1": "B", "b2": "B", "c3": "B", "f6": "R"}, "r")
    assert choose_turn(p, (1, 1), "master", random.Random(1)) == "1,1 take a1"


def test_master_is_reproducible_and_its_values_rank_every_option():
    p = placed("a1 b1 f2 a6 e6 f6 b4 c4", "a2 b3 c5 d4 f3 e2 c6 f1", "r")
    assert (choose_turn(p, (1, 4), "master", random.Random(7))
            == choose_turn(p, (1, 4), "master", random.Random(7)))
    ranked = ai.option_values(p, (1, 4))
    assert len(ranked) == len(p.empty_cells())        # K-6: one option per empty cell
    assert p.play(ranked[0][0]).scores()["r"] == 25   # a 25-point diagonal (b5 or d5)


# --------------------------------------------------------------------------- rollouts

def rollout_engine():
    from magico.rollouts import Rollouts
    eng = ai.master_engine(Position.start().board, ai.MASTER)
    return eng, Rollouts(eng)


def test_K_8_rollouts_play_to_the_end_with_the_tokens_of_the_rules():
    eng, ro = rollout_engine()
    p = placed("a1 b1 f2", "a2 b3", "b")
    start = (eng.codes(p.red, p.blue), p.red, p.blue, p.hand_r, p.hand_b)
    res = ro.run([start, start], "b", 50, seed=3)
    assert res.shape == (2, 50) and set(res.ravel()) <= {0.0, 0.5, 1.0}
    assert (res[0] == res[1]).all()             # the same dice for every start
    last = ro.last
    assert last["done"].all()                   # K-8: every rollout ended
    on_r, on_b = last["red"].sum(axis=1), last["blue"].sum(axis=1)
    assert ((on_r + last["hand_r"]) == 15).all() and ((on_b + last["hand_b"]) == 15).all()
    assert ((last["hand_r"] == 0) | (last["hand_b"] == 0)).all()
    assert not (last["red"] & last["blue"]).any()   # one token a cell
    again = ro.run([start], "b", 50, seed=3)
    assert (again[0] == res[0]).all()           # seeded: replays


def test_K_9_rollouts_see_a_run_completed_by_the_last_token():
    # Red's last token, Blue leads 10-0: d2 completes a 25-point diagonal, c1 a 10-point
    # row (a draw) — the rollouts from after d2 are all won, from after c1 never.
    eng, ro = rollout_engine()
    p = placed("a1 b1 b4 e6 f6 f2 c4 e3 a3 b6 d6 f4 e1 d1",
               "a2 b3 c5 d4 f3 e2 c6 f1 e5 a6 d5", "r")
    starts = []
    for cell in ("d2", "c1"):
        q = p.play(f"3,3 3*3=9 {cell}" if cell == "d2" else f"1,4 any {cell}")
        starts.append((eng.codes(q.red, q.blue), q.red, q.blue, q.hand_r, q.hand_b))
    res = ro.run(starts, "b", 20, seed=1)
    assert (res[0] == 1.0).all() and (res[1] == 0.5).all()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions_and_dice(), st.integers(0, 2 ** 32 - 1))
def test_K_N2_master_with_rollouts_plays_legal_turns_and_replays(case, seed):
    p, dice = case
    prm = ai.replace(ai.MASTER, depth=1, max_depth=1, rollouts=20, rollout_top=3)
    turn = ai.master_turn(p, *dice, random.Random(seed), prm)
    assert turn in p.legal_turns(*dice)
    assert ai.master_turn(p, *dice, random.Random(seed), prm) == turn


def test_K_5_to_K_8_rollouts_are_games_the_rules_accept():
    # Each rollout replayed turn by turn through the rules (Position.legal_turns / play)
    # with the same dice and the same greedy choice ends on the same board.
    import numpy as np
    eng, ro = rollout_engine()
    p0 = placed("a1 b1 f2 c4", "a2 b3 e5", "r")
    samples, seed = 4, 11
    ro.run([(eng.codes(p0.red, p0.blue), p0.red, p0.blue, p0.hand_r, p0.hand_b)],
           "r", samples, seed)
    gen = np.random.default_rng(seed)
    dice = gen.integers(0, 36, size=(samples, 200))
    noise = gen.random((samples, 36)) * 1e-7
    for j in range(samples):
        p = p0
        for r in dice[j]:
            if p.is_over:
                break
            a, b = int(r) // 6 + 1, int(r) % 6 + 1
            me = p.to_move
            best = None
            for text in p.legal_turns(a, b):
                if text.endswith(("pass", "wrong")):
                    continue
                q = p.play(text)
                tab = eng.exact if q.is_over else eng.table(q.hand_r, q.hand_b, q.to_move)
                v = sum(tab[k][c] for k, c in enumerate(eng.codes(q.red, q.blue)))
                v -= sum(tab[k][c] for k, c in enumerate(eng.codes(p.red, p.blue)))
                cell = q.red ^ p.red | q.blue ^ p.blue
                s = (v if me == "r" else -v) + noise[j][cell.bit_length() - 1]
                if best is None or s > best[0]:
                    best = (s, text)
            p = p.play(best[1] if best else f"{a},{b} pass")
        assert p.is_over
        last = ro.last
        assert [int(x) for x in np.flatnonzero(last["red"][j])] == \
            [i for i in range(36) if p.red >> i & 1]
        assert [int(x) for x in np.flatnonzero(last["blue"][j])] == \
            [i for i in range(36) if p.blue >> i & 1]
