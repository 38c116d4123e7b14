"""Master level and its vectorised primitives, checked against the rules engine.

No timing here: the search runs with ``time_limit=math.inf`` (its position budget alone
decides, so every result repeats on any machine).
"""

import math
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glissando.ai import batch, choose_turn
from glissando.rules import Position, has_five


def pos(board: str, side="b", pts="0-0", target=2) -> Position:
    nb, no = board.count("B"), board.count("O")
    return Position.from_text(f"{board} {side} {pts} {32 - nb}-{32 - no} {target}")


def random_game_positions(seed: int, games: int = 6):
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        p = Position.start(first=rng.choice("bo"))
        while not p.over:
            out.append(p)
            p = p.play(choose_turn(p, "beginner", rng))
    return out


def can_score_by_rules(p: Position) -> bool:
    """G-5 by brute force: the side to move has a five on the board, or one of its
    complete turns (rules.turn_boards) makes one."""
    if p.over:
        return False
    if has_five(p.mine):
        return True
    me = p.to_move == "b"
    return any(has_five(b if me else o) for _pl, _sl, b, o, _s in p.turn_boards())


@st.composite
def boards(draw):
    """A random board of any density (not necessarily reachable in a game)."""
    cells = draw(st.lists(st.sampled_from("..BO"), min_size=64, max_size=64))
    blue = sum(1 << i for i, c in enumerate(cells) if c == "B")
    orange = sum(1 << i for i, c in enumerate(cells) if c == "O")
    side = draw(st.sampled_from("bo"))
    return Position(blue, orange, side, (0, 0), (32 - blue.bit_count(), 32 - orange.bit_count()), 2)


def test_G_3_G_4_batched_turns_are_exactly_the_rules_turns():
    ps = random_game_positions(2)
    fam = batch.children_many(np.array([p.mine for p in ps], dtype=np.uint64),
                              np.array([p.theirs for p in ps], dtype=np.uint64))
    for i, p in enumerate(ps):
        me = p.to_move == "b"
        ref = {}
        for place, slide, b, o, _s in p.turn_boards():
            ref.setdefault((b, o) if me else (o, b), []).append((place, slide))
        sel = np.flatnonzero(fam.owner == i)
        got = [(int(fam.mine[j]), int(fam.theirs[j])) for j in sel]
        assert len(got) == len(set(got)) == len(ref)          # one turn per board
        for j, board in zip(sel, got):
            assert fam.turn(int(j)) in ref[board]             # and it makes that board


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_G_5_exact_can_score_matches_every_turn_on_random_boards(p):
    got = batch.can_score(np.array([p.mine], dtype=np.uint64),
                          np.array([p.theirs], dtype=np.uint64))[0]
    assert bool(got) == can_score_by_rules(p)


def test_G_5_exact_can_score_matches_every_turn_in_games():
    ps = random_game_positions(11, games=8)
    got = batch.can_score(np.array([p.mine for p in ps], dtype=np.uint64),
                          np.array([p.theirs for p in ps], dtype=np.uint64))
    ref = [can_score_by_rules(p) for p in ps]
    assert sum(ref) > 10                                       # the sample has threats
    assert list(map(bool, got)) == ref


# ----------------------------------------------------------------------- Master

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_G_3_master_turns_are_legal_on_random_positions(seed):
    rng = random.Random(seed)
    p = Position.start(first=rng.choice("bo"), target=rng.randint(1, 3))
    for _ in range(rng.randint(0, 40)):
        if p.over:
            break
        p = p.play(choose_turn(p, "beginner", rng))
    if p.over:
        return
    t = choose_turn(p, "master", random.Random(seed), time_limit=math.inf)
    p.play(t)                                                  # raises if illegal
    assert t in p.turns()


def test_G_3_master_repeats_with_a_seed():
    p = Position.from_text("1OOBBB1B/O3B2O/7O/8/8/7B/7B/O2B1BOO o 0-0 23-24 2")
    a = choose_turn(p, "master", random.Random(3), time_limit=math.inf)
    b = choose_turn(p, "master", random.Random(3), time_limit=math.inf)
    assert a == b


def test_G_4b_master_wins_with_a_push_no_placement_can_make():
    # a2 b2 c2 _ e2 blue with orange d2 inside: d1^ pushes d1-d2 up one (d4 stops it)
    # and completes a2-e2 (G-4b); blue has 1 point of 2
    p = pos("8/8/8/8/3O4/8/BBBOB3/3B4", pts="1-0")
    t = choose_turn(p, "master", random.Random(0), time_limit=math.inf)
    assert p.play(t).winner == "b", t


def test_G_4b_master_stops_a_push_that_would_win():
    # the same push for orange (1 point of 2): blue must stop d1^ before it happens
    p = pos("8/8/8/8/3B4/8/OOOBO3/3O4", pts="0-1")
    assert can_score_by_rules(Position(p.blue, p.orange, "o", p.points, p.reserves, 2))
    t = choose_turn(p, "master", random.Random(0), time_limit=math.inf)
    q = p.play(t)
    assert not can_score_by_rules(q), t


def test_G_6_master_finds_a_double_threat_that_wins():
    # blue (1 point) places a1: a1-d1 (gap e1) and a1-a4 (gap a5) are both hot; orange's
    # pawns on rank 8 can neither reach a5 nor e1, so one threat survives any reply
    p = pos("5OOO/8/8/8/B7/B7/B7/1BBB4", pts="1-0")
    t = choose_turn(p, "master", random.Random(0), time_limit=math.inf)
    q = p.play(t)
    if q.winner == "b":
        return                                                 # won at once: fine too
    for reply in q.turns():                                    # every orange reply...
        r = q.play(reply)
        assert r.winner != "o"
        assert can_score_by_rules(r), (t, reply)               # ...leaves blue a point


#: Positions from Master's lost games against ``ref-2ply`` (benchmarks, session of
#: 2026-12-01) where it let the other side score at once although a turn stops every
#: point: the other side threatens with pushes (G-4b), which the quick evaluation does
#: not see, so every turn that leaves the push looked good. (position, the turn played
#: then, a turn that holds).
HOLDABLE = [
    ("5BO1/8/7B/B6O/O1OBB1OO/3BBBOO/1OB4O/BB2O2B o 0-0 20-21 2", "d5 h3<", "d2 b2>"),
    ("BOB4O/1BBB3O/OBB5/BBBO3O/2O3O1/OO5B/B1BOO2O/5BOO o 1-0 18-17 2", "f4 d2^", "d6 d6^"),
    ("3BO3/4B3/8/1O2O1B1/OO1OB2B/OBO1O2O/BOO1B3/2BBOBBB b 0-0 19-19 2", "f7 f1^ xh4 xd8",
     "a1 b3^"),
    ("1O5B/1B5O/7O/BBOB4/OBO2O1O/BBO4B/BOBO2BB/BOOO3B o 0-0 17-18 2", "c6 h7< xc3 xc6",
     "c8 b2^"),
    ("B1OOB2B/BOBBBOBB/OOOOB2O/OBBO2BB/BB2OB1O/1O5O/1BBOO3/2O4B b 0-1 12-14 2", "f8 c7v",
     "f3 b5>"),
]


@pytest.mark.parametrize("text,lost,holds", HOLDABLE)
def test_G_4b_master_stops_every_immediate_point_when_one_turn_can(text, lost, holds):
    p = Position.from_text(text)
    assert can_score_by_rules(p.play(lost))                  # the old choice lost a point
    assert not can_score_by_rules(p.play(holds))             # a turn that stops them all
    t = choose_turn(p, "master", random.Random(0), time_limit=math.inf)
    assert not can_score_by_rules(p.play(t)), t


# ----------------------------------------------------------------------- threat-space search

#: Positions where the side to move has a forced point in two turns (a threat no reply
#: stops) and no point at once. Found by the threat-space search in seeded games and
#: checked here against every reply with the rules engine alone.
FORCED_IN_TWO = [
    ("1B1B1O1B/3B3B/5OO1/OBOB4/1OO3O1/2B4O/O6O/B2B3B o 1-1 21-21 2", "d4 g4<"),
    ("OO1BOO2/1BB4O/1O6/7O/B7/B7/2OO4/BOOOBBBB b 1-0 22-20 2", "a5 e1^"),
    ("O2BOO2/2B1B2O/8/7O/BO6/BB6/BOOOOB2/1OOOBBBB o 1-0 20-19 2", "h6 b4>"),
]


def every_reply_leaves_a_point(p: Position, turn: str) -> bool:
    """Rules only: after ``turn`` no reply of the opponent scores (G-5) and after each
    one the mover of ``turn`` can score."""
    q = p.play(turn)
    for reply in q.turns():
        if " x" in reply:
            return False
        r = q.play(reply)
        if r.over or not can_score_by_rules(r):
            return False
    return True


@pytest.mark.parametrize("text,first", FORCED_IN_TWO)
def test_G_5_threat_space_search_finds_forced_points_the_rules_confirm(text, first):
    from glissando.ai import tactics
    p = Position.from_text(text)
    assert not can_score_by_rules(p)
    line = tactics.forced_point_of(p, depth=2, time_limit=math.inf)
    assert line is not None and line.depth == 2
    assert every_reply_leaves_a_point(p, line.turns[0])


def test_G_5_threat_space_search_claims_nothing_in_a_quiet_position():
    from glissando.ai import tactics
    p = Position.from_text("O6B/8/8/8/8/8/8/2B4O b 0-0 30-30 2")
    assert tactics.forced_point_of(p, depth=3, time_limit=math.inf) is None
    assert tactics.forced_point_of(p, side="o", depth=3, time_limit=math.inf) is None


def test_G_5_master_avoids_a_turn_that_gives_a_forced_point_in_three():
    # from a lost game: after orange's e4 a2> blue threatens with a1 g2<; the only
    # reply that stops blue's point is e5 a2>, and after it e3 e2^ leaves blue a point
    # whatever orange plays (the rules confirm the line). Finding it needs the defences
    # followed (depth 3 of the threat-space search), as Master's safety check now does.
    from glissando.ai import tactics
    p = Position.from_text("OOOOB2B/O5B1/8/8/B1BB4/2B4O/OBBBB2O/2OOOB2 o 0-0 20-21 2")
    q = p.play("e4 a2>").play("a1 g2<")
    assert [r for r in q.turns() if " x" in r or not can_score_by_rules(q.play(r))] == ["e5 a2>"]
    assert every_reply_leaves_a_point(q.play("e5 a2>"), "e3 e2^")
    t = choose_turn(p, "master", random.Random(0), time_limit=math.inf)
    r = p.play(t)
    assert not can_score_by_rules(r), t
    assert tactics.forced_point_of(r, depth=3, time_limit=math.inf) is None, t


def test_G_5_master_finds_the_defence_outside_its_search_when_every_searched_turn_loses():
    # from a lost game (orange 1-1): the search judges its best 40 turns all lost;
    # after a3 e3< (played then) blue's c4 b8v leaves blue a point whatever orange
    # plays (the rules confirm it), but a turn outside the search holds (a3 e8>)
    from glissando.ai import tactics
    p = Position.from_text("OBO1OB2/2BBO3/B2OO3/B2O4/B3B3/1B1BO3/O1B5/OBOBO1OB o 1-1 18-19 2")
    assert every_reply_leaves_a_point(p.play("a3 e3<"), "c4 b8v")
    t = choose_turn(p, "master", random.Random(0), time_limit=math.inf)
    r = p.play(t)
    assert not can_score_by_rules(r), t
    assert tactics.forced_point_of(r, depth=3, time_limit=math.inf) is None, t


@pytest.mark.parametrize("text,_first", FORCED_IN_TWO[:2])
def test_G_6_master_plays_a_forced_win(text, _first):
    # the side to move has 1 point of 2: the forced point wins the game
    p = Position.from_text(text)
    t = choose_turn(p, "master", random.Random(0), time_limit=math.inf)
    assert every_reply_leaves_a_point(p, t), t


@pytest.mark.parametrize("module", ["glissando.ai.master", "glissando.ai.tactics",
                                    "glissando.hints", "glissando.review"])
def test_master_hints_and_review_import_neither_pygame_nor_the_shell(module):
    import subprocess
    import sys
    code = (f"import sys, {module}; print(','.join(m for m in sys.modules "
            f"if m.split('.')[0] in ('pygame', 'ludotheque')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ""
