"""One test (at least) per rule id of rules/glissando.md, named after it."""

import random

import pytest

from glissando.rules import (IllegalTurn, Position, Turn, cell_name, first_player,
                             parse_cell)


def pos(board: str, side="b", pts="0-0", target=2) -> Position:
    """A position from a board field; reserves computed so board + reserve = 32."""
    nb, no = board.count("B"), board.count("O")
    return Position.from_text(f"{board} {side} {pts} {32 - nb}-{32 - no} {target}")


def rank_of(p: Position, r: int) -> str:
    return "".join((p.at((r - 1) * 8 + f) or ".").upper() for f in range(8))


def raises(rule: str, fn, *args):
    with pytest.raises(IllegalTurn) as e:
        fn(*args)
    assert str(e.value).startswith(rule + ":"), str(e.value)
    return str(e.value)


def test_G_1_cells_named_like_chess():
    assert cell_name(0) == "a1" and cell_name(7) == "h1" and cell_name(63) == "h8"
    assert parse_cell("a8") == 56
    # a1 is bottom-left: the last rank of the text is rank 1, its first cell file a
    p = Position.start().play("a1")
    assert p.board_text().split("/")[7] == "B7"
    assert p.at(parse_cell("a1")) == "b"
    raises("G-N2", parse_cell, "i1")
    raises("G-N2", parse_cell, "a9")


def test_G_2_two_players_32_pawns_first_drawn_with_seed():
    p = Position.start()
    assert p.reserves == (32, 32) and p.blue == p.orange == 0
    assert Position.start(first="o").to_move == "o"
    firsts = [first_player(random.Random(s)) for s in range(40)]
    assert set(firsts) == {"b", "o"}
    assert firsts == [first_player(random.Random(s)) for s in range(40)]  # seeded
    raises("G-2", Position.from_text, "B7/8/8/8/8/8/8/8 b 0-0 32-32 2")
    raises("G-2", Position.start, 2, "x")


def test_G_3_place_on_edge_or_next_to_a_pawn():
    p = Position.start()
    edge = {cell_name(s) for s in range(64) if s % 8 in (0, 7) or s // 8 in (0, 7)}
    assert set(p.legal_placements()) == edge            # empty board: edge only
    msg = raises("G-3", p.play, "d4")                   # interior, nothing around
    assert "d4" in msg
    q = pos("8/8/8/8/3O4/8/8/8", side="b")
    legal = set(q.legal_placements())
    assert {"d5", "d3", "c4", "e4"} <= legal            # orthogonal neighbours
    assert "c5" not in legal and "e3" not in legal      # diagonal is not adjacent
    raises("G-3", q.play, "c5")
    raises("G-3", q.play, "d4")                         # occupied
    assert q.play("e4").at(parse_cell("e4")) == "b"


def test_G_4_slide_own_pawn_any_orthogonal_direction_optional():
    p = pos("8/8/8/8/3O4/8/8/8", side="b")
    # the pawn just placed may slide
    q = p.play("a4 a4>")
    assert rank_of(q, 4) == "..BO...."
    # an opponent's pawn may not be slid
    raises("G-4", p.play, "a4 d4^")
    # an empty cell is not a pawn
    raises("G-4", p.play, "a4 e5^")
    # never diagonal: no such direction in the notation
    raises("G-N2", p.play, "a4 a4/")
    # the slide is optional
    assert rank_of(p.play("a4"), 4) == "B..O...."
    assert set(pos("8/8/8/8/8/8/8/8").legal_slides("a1")) == {"a1^", "a1>"}


def test_G_4a_slide_alone_over_empty_cells():
    p = pos("8/8/8/8/8/8/8/3O4", side="b")
    q = p.play("d8 d8v")
    # the pawn moves over the empty cells and stops next to d1
    assert q.at(parse_cell("d2")) == "b" and q.at(parse_cell("d8")) is None
    assert q.at(parse_cell("d1")) == "o"
    # to the edge when nothing is in the way
    r = p.play("a5 a5>")
    assert rank_of(r, 5) == ".......B"


def test_G_4b_push_chain():
    # the worked example: rank 4 .BO.B... , b4> gives ..BOB...
    p = pos("8/8/8/8/1BO1B3/8/8/8", side="b")
    q = p.play("a1 b4>")
    assert rank_of(q, 4) == "..BOB..."
    # the chain includes pawns of both colours and moves as one block
    p2 = pos("8/8/8/8/BOOB4/8/8/8", side="b")
    q2 = p2.play("h1 a4>")
    assert rank_of(q2, 4) == "....BOOB"
    # pawns behind the slid pawn do not move
    p3 = pos("8/8/8/8/OBO5/8/8/8", side="b")
    assert rank_of(p3.play("h1 b4>"), 4) == "O.....BO"


def test_G_4c_no_stopping_early_and_never_off_board():
    p = pos("8/8/8/8/1BO5/8/8/8", side="b")
    assert [s for s in p.legal_slides() if s.startswith("b4")].count("b4>") == 1
    q = p.play("a1 b4>")
    assert rank_of(q, 4) == "......BO"                 # to the very edge, not beyond
    assert q.blue.bit_count() + q.orange.bit_count() == 3
    raises("G-N2", p.play, "a1 b4>2")                  # no way to say "stop at d4"


def test_G_4d_slide_that_moves_nothing_is_illegal():
    p = pos("8/8/8/8/5OOB/8/8/8", side="b")
    msg = raises("G-4d", p.play, "a1 h4>")             # already against the edge
    assert "h4>" in msg
    q = pos("8/8/8/8/BOOOOOOO/8/8/8", side="b")
    raises("G-4d", q.play, "h1 a4>")                   # the whole rank is full
    assert "a4>" not in q.legal_slides()
    assert q.play("h1").to_move == "o"                 # skipping is always legal


def test_G_5_line_of_five_scores_one_point_and_removes_two():
    # blue places the fifth pawn of a row and a fifth of a column at once: two lines
    p = pos("8/8/8/4B3/4B3/4B3/4B3/BBBB4", side="b")
    assert "e1" in p.legal_placements()
    raises("G-5", p.play, "e1")                        # scoring turn names removals
    q = p.play("e1 xa1 xb1")
    assert q.points == (1, 0)                          # one point only for two lines
    assert q.at(0) is None and q.at(1) is None
    assert q.reserves[0] == 32 - 9 + 2
    # needless removals are refused
    r = pos("8/8/8/8/8/8/8/BBB5", side="b")
    raises("G-5", r.play, "h1 xa1 xb1")
    # diagonals count
    d = pos("8/8/8/4B3/3B4/2B5/1B6/8", side="b")
    assert d.play("a1 xa1 xe5").points == (1, 0)


def test_G_5a_removed_pawns_return_to_the_movers_reserve():
    p = pos("8/8/8/8/8/8/8/BBBB4", side="b")
    q = p.play("e1 xa1 xe1")
    assert q.reserves == (32 - 3, 32)
    assert q.blue.bit_count() + q.reserves[0] == 32


def test_G_5b_only_the_movers_colour_scores():
    # orange has five on rank 2 made before; blue moves: no point for anyone
    p = pos("8/8/8/8/8/8/OOOOO3/8", side="b")
    q = p.play("h8")
    assert q.points == (0, 0)
    assert q.orange.bit_count() == 5                   # the line stays
    # orange scores it at the end of their own next turn if it is still there
    assert "h7" in q.legal_placements()
    raises("G-5", q.play, "h7")
    assert q.play("h7 xa2 xe2").points == (0, 1)
    # a blue push that completes an orange line gives blue nothing
    s = pos("8/8/8/8/8/8/OOOO1OB1/8", side="b")
    t = s.play("h8 g2<")
    assert rank_of(t, 2) == "OOOOOB.."
    assert t.points == (0, 0) and t.to_move == "o"
    assert t.play("a1 xa2 xb2").points == (0, 1)


def test_G_5c_both_removed_pawns_in_one_run_of_five():
    # a row of five and a column of five sharing a1
    p = pos("8/8/8/B7/B7/B7/B7/1BBBB3", side="b")
    q = p.begin().place("a1").skip_slide()
    assert q.stage == "remove"
    runs = sorted(len(r) for r in q.scoring_runs())
    assert runs == [5, 5]
    raises("G-5c", p.play, "a1 xb1 xa5")                # one from each line
    raises("G-5c", p.play, "a1 xb1 xb1")                # the same pawn twice
    raises("G-5c", p.play, "a1 xb1 xh8")                # not a pawn of a line
    assert p.play("a1 xa1 xa5").points == (1, 0)
    # a run of six: any two of its pawns
    six = pos("8/8/8/8/8/8/8/BBBBB3", side="b").begin().place("f1").skip_slide()
    assert len(six.removal_pairs()) == 15
    # only legal pawns are offered after a first pick
    assert q.removable_with(parse_cell("b1")) == {0, 2, 3, 4}


def test_G_6_first_to_target_wins():
    p = pos("8/8/8/8/8/8/8/BBBB4", side="b", pts="1-0", target=2)
    q = p.play("e1 xa1 xb1")
    assert q.points == (2, 0) and q.winner == "b" and q.over
    msg = raises("G-6", q.play, "h8")
    assert "over" in msg
    assert q.legal_placements() == [] and q.turns() == []
    one = pos("8/8/8/8/8/8/8/BBBB4", side="b", target=1)
    assert one.play("e1 xa1 xb1").winner == "b"
    raises("G-6", Position.start, 6)
    raises("G-6", Position.start, 0)
    assert pos("8/8/8/8/8/8/8/8", pts="1-1").winner is None


def test_G_7_no_reserve_or_no_empty_cell_ends_the_game():
    # blue to move with an empty reserve: higher score wins
    full_blue = "BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/8/8/8/8"
    p = Position.from_text(f"{full_blue} b 0-1 0-32 2")
    assert p.winner == "o"
    raises("G-7", p.play, "a1")
    assert Position.from_text(f"{full_blue} b 1-1 0-32 2").winner == "draw"
    assert Position.from_text(f"{full_blue} b 1-0 0-32 2").winner == "b"
    # orange to move still has pawns: the game goes on
    assert Position.from_text(f"{full_blue} o 0-0 0-32 2").winner is None
    # every game ends: random games stop within 2 * (32 + 2 * target) turns
    rng = random.Random(3)
    p = Position.start(target=5)
    n = 0
    while not p.over:
        p = p.play(rng.choice(p.turns()))
        n += 1
    assert n <= 2 * (32 + 2 * 5)


def test_G_N1_position_text_round_trip():
    start = Position.start()
    assert start.to_text() == "8/8/8/8/8/8/8/8 b 0-0 32-32 2"
    text = "BO6/8/2B2O2/8/8/8/8/7O o 1-0 30-29 3"
    assert Position.from_text(text).to_text() == text
    for bad in ("8/8/8/8/8/8/8 b 0-0 32-32 2",        # seven ranks
                "9/8/8/8/8/8/8/8 b 0-0 32-32 2",      # nine cells
                "44/8/8/8/8/8/8/8 b 0-0 32-32 2",     # two digits in a row
                "8/8/8/8/8/8/8/7X b 0-0 32-32 2",     # unknown pawn
                "8/8/8/8/8/8/8/8 x 0-0 32-32 2",      # side
                "8/8/8/8/8/8/8/8 b 0:0 32-32 2",      # points
                "8/8/8/8/8/8/8/8 b 0-0 32-32",        # missing target
                ):
        raises("G-N1", Position.from_text, bad)


def test_G_N2_turn_text_examples_round_trip():
    for text in ("d1", "d1 d1^", "e4 b4> xc4 xd4", "a5 xa6 xa7"):
        assert str(Turn.parse(text)) == text
    assert str(Turn.parse("a5 xa7 xa6")) == "a5 xa6 xa7"  # removals in square order
    for bad in ("", "d1  d1^", " d1", "d1 d1", "d1 d1^ xa1", "d1 xa1 xa2 xa3", "z9"):
        raises("G-N2", Turn.parse, bad)
    # every turn the engine lists reads back to itself
    rng = random.Random(11)
    p = Position.start()
    for _ in range(12):
        ts = p.turns()
        for t in ts:
            assert str(Turn.parse(t)) == t
        p = p.play(rng.choice(ts))


def test_G_N3_illegal_turn_names_the_rule_and_changes_nothing():
    p = pos("8/8/8/8/1BO1B3/8/8/8", side="b")
    before = p.to_text()
    for turn, rule in (("e6", "G-3"), ("b4", "G-3"), ("a1 c4>", "G-4"),
                       ("h4 h4>", "G-4d"), ("a1 xb4 xe4", "G-5"), ("a1 b4", "G-N2")):
        raises(rule, p.play, turn)
        assert p.to_text() == before
    assert issubclass(IllegalTurn, ValueError)


# ---------------------------------------------------------------- typed refusals (decision 5)

def _refusal(fn):
    with pytest.raises(IllegalTurn) as e:
        fn()
    return e.value


FULL_ROW = "BBBBB3/8/8/8/8/8/8/8"


@pytest.mark.parametrize("fn, rule, code", [
    (lambda: parse_cell("i1"), "G-N2", "bad-cell"),
    (lambda: Turn.parse(" a1"), "G-N2", "malformed-turn"),
    (lambda: Turn.parse("a1 b1"), "G-N2", "bad-slide"),
    (lambda: Turn.parse("a1 xb1"), "G-N2", "bad-removals"),
    (lambda: Position.from_text("8/8 b 0-0 32-32 2"), "G-N1", "malformed-position"),
    (lambda: Position.from_text("B7/8/8/8/8/8/8/8 b 0-0 32-32 2"), "G-2", "pawn-count"),
    (lambda: Position.start(target=9), "G-6", "bad-target"),
    (lambda: Position.start(first="x"), "G-2", "bad-first-player"),
    (lambda: Position.from_text("8/8/8/8/8/8/8/8 b 3-0 32-32 2"), "G-6", "bad-points"),
    (lambda: pos("8/8/8/8/8/8/8/8", pts="2-0").play("a1"), "G-6", "game-over"),
    (lambda: Position.start().play("a1").play("a1"), "G-3", "occupied"),
    (lambda: Position.start().play("d4"), "G-3", "not-adjacent"),
    (lambda: Position.start().begin().remove("a1", "b1"), "G-3", "wrong-step"),
    (lambda: Position.start().begin().place("a1").slide("a1", "x"), "G-4", "bad-direction"),
    (lambda: Position.start().play("a1").play("b1 a1>"), "G-4", "not-your-pawn"),
    (lambda: Position.start().play("a1 a1v"), "G-4d", "moves-nothing"),
    (lambda: pos("BBBB4/8/8/8/8/8/8/8").play("e8"), "G-5", "removal-missing"),
    (lambda: Position.start().play("a1 xa1 xb1"), "G-5", "nothing-to-remove"),
    (lambda: pos("BBBB4/8/8/8/8/8/8/8").play("e8 xa8 xh1"), "G-5c", "not-one-line"),
    (lambda: pos("BBBB4/8/8/8/8/8/8/8").begin().place("e8").skip_slide().finish(), "G-5", "removal-missing"),
])
def test_G_N3_every_refusal_carries_its_rule_and_a_code(fn, rule, code):
    exc = _refusal(fn)
    assert (exc.rule, exc.code) == (rule, code), str(exc)
    assert str(exc).startswith(rule + ": ") and exc.detail == str(exc)[len(rule) + 2:]


def test_G_N3_a_refusal_from_the_ai_worker_keeps_its_rule_and_code():
    from ludotheque import workers       # the worker process sends it back pickled

    back = workers.submit(Position.start().play, "d4").exception(timeout=120)
    assert (type(back), back.rule, back.code) == (IllegalTurn, "G-3", "not-adjacent")
    assert str(back).startswith("G-3: ")


@pytest.mark.parametrize("text", ["a²", "a٣", "8/8/8/8/8/8/8/8 b ²-0 32-32 2",
                                  "8/8/8/8/8/8/8/8 b 0-0 32-32 ٢", "8/8/8/8/8/8/8/8 b 0-0 "
                                  + "9" * 5000 + "-32 2"])
def test_G_N1_G_N2_digits_of_other_scripts_are_refused_with_the_rule(text):
    fn = parse_cell if " " not in text else Position.from_text
    exc = _refusal(lambda: fn(text))
    assert exc.rule in ("G-N1", "G-N2")


# ---------------------------------------------------------------- typed outcome (G-6, G-7)

def test_G_6_outcome_names_the_winner_and_the_rule():
    out = pos("8/8/8/8/8/8/8/8", side="o", pts="2-1").outcome()
    assert (out.winner, out.scores, out.rule, out.draw, out.returns()) == ("b", (2, 1), "G-6", False, (1, -1))
    assert Position.start().outcome() is None


def test_G_7_no_reserve_left_equal_points_is_a_draw_with_no_winner():
    p = Position.from_text("OOOOOOOO/OOOOOOOO/OOOOOOOO/OOOOOOOO/8/8/8/8 o 1-1 32-0 2")
    out = p.outcome()
    assert p.winner == "draw" and out.winner is None and out.draw and out.rule == "G-7"
    assert out.returns() == (0, 0) and p.current_player() is None and p.is_terminal()


# ---------------------------------------------------------------- the state protocol

@pytest.mark.parametrize("seed", range(6))
def test_random_games_through_the_state_protocol(seed):
    """OpenSpiel-style: legal actions, play, terminal, outcome, and text round trips."""
    rng = random.Random(seed)
    p = Position.start(target=rng.randint(1, 3), first=rng.choice("bo"))
    while not p.is_terminal():
        assert p.current_player() == p.to_move and p.outcome() is None
        actions = p.legal_actions()
        assert actions == p.turns() and actions
        p = p.play(rng.choice(actions))
        assert Position.from_text(p.to_text()) == p
    out = p.outcome()
    assert p.current_player() is None and p.legal_actions() == []
    assert out.winner == (None if p.winner == "draw" else p.winner) and out.scores == p.points
