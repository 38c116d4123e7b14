"""Magico hints teach the arithmetic (issue 17): a first nudge names the operations and
what they are for, a stronger hint the run and its numbers, the strongest the sums that
make 15 (K-9) and the cell — never a miscalculation (K-7a)."""

import pytest

from magico.hints import TEMPLATES, english, hints
from magico.rules import results
from tests.magico.common import placed


def test_K_9_hints_lead_to_the_run_of_15_step_by_step():
    # Blue holds c2 (2) and d3 (4); the 9 on e4 makes 2 + 4 + 9 = 15 and 6 + 3 = 9.
    p = placed("f6", "c2 d3", "b")
    first, second, third = hints(p, (6, 3))
    assert [h.strength for h in (first, second, third)] == [1, 2, 3]
    assert first.key == "compute.complete.1" and "6+3" in first.ops
    # The first two hints do not give the answer: no result, no cell in the sentence.
    for h in (first, second):
        text = english(h)
        assert "e4" not in text and "= 9" not in text and "+ 9" not in text
    assert english(second) == ("What is 6 + 3? Your tokens on c2 and d3 show 2 and 4: "
                               "which free number would make 15 with them?")
    assert english(third) == "2 + 4 = 6 and 6 + 9 = 15. 6 + 3 = 9: put your token on the 9 on e4."
    assert third.target == "e4" and third.value == 9
    assert sum(third.numbers) + third.value == 15                # the arithmetic is true
    assert results(6, 3)[third.op] == third.value


def test_K_7_hint_shows_how_to_block_the_opponents_run():
    p = placed("c2 d3", "f6", "b")
    h = hints(p, (6, 3))
    assert [x.key for x in h] == ["compute.block.1", "compute.block.2", "compute.block.3"]
    assert h[2].target == "e4" and h[2].cells == ("c2", "d3")
    assert english(h[2]).startswith("2 + 4 = 6 and 6 + 9 = 15: your opponent needs the 9 on e4.")


def test_K_6_one_die_1_hint_says_any_free_cell():
    p = placed("f6", "c2 d3", "b")
    h = hints(p, (1, 4))
    assert h[0].key == "any.complete.1" and "any free cell" in english(h[0])
    assert h[2].target == "e4"


def test_K_5_double_1_hint_finds_the_run_to_break():
    # Red scores a1 b1 c1 (8 + 7 + 0 = 15).
    p = placed("a1 b1 c1 e6", "f6", "b")
    h = hints(p, (1, 1))
    assert h[0].key == "take.break.1"
    assert h[2].target in ("a1", "b1", "c1")
    assert english(h[2]).startswith("8 + 7 + 0 = 15: take the token on")


def test_K_7b_forced_pass_has_one_plain_hint_that_says_there_is_no_move_and_why():
    """Found by a new player (kpolish4): during a forced pass the hint walked through
    three steps ("work out each operation…") for a turn with nothing to choose. One
    hint says plainly there is no move, with every operation and why it cannot be placed."""
    # Every 0 and 1 of the board is taken: 6 and 6 give 12, 0, 36 and 1 (K-7b).
    p = placed("c1 f3 b5 e6", "e2 f4 e5", "r")
    h = hints(p, (6, 6))
    assert [(x.key, x.strength) for x in h] == [("pass.none.0", 0)]
    reasons = {op: why for op, _, why in h[0].checks}
    assert reasons == {"6+6": "too-big", "6-6": "no-free-cell", "6*6": "too-big",
                       "6/6": "no-free-cell"}
    text = english(h[0])
    assert text.startswith("There is no move this turn: 6 + 6 = 12 is more than 10;")
    assert text.endswith("No number can be placed (K-7b), so press Pass.")
    # Every 10 and 2 taken: 6 and 4 give 10, 2, 24 and 6 ÷ 4, not a whole number.
    q = placed("c5 f5 d1", "b2 c2 f6", "b")
    (h,) = hints(q, (6, 4))
    assert [(op, why) for op, _, why in h.checks] == [
        ("6+4", "no-free-cell"), ("6-4", "no-free-cell"), ("6*4", "too-big"),
        ("6/4", "not-whole")]
    assert "6 ÷ 4 is not a whole number" in english(h)


def test_K_5_double_1_with_nothing_to_take_says_so():
    p = placed("a1 b1", "", "b")                       # Blue to move; Red has two tokens out
    q = placed("", "a1 b1", "b")                       # Blue to move, Red has no token on the board
    (h,) = hints(q, (1, 1))
    assert h.key == "pass.take.0" and "none on the board" in english(h)
    assert hints(p, (1, 1))[0].key.startswith("take.")   # Red's tokens can be taken


@pytest.mark.parametrize("dice", [(a, b) for a in range(1, 7) for b in range(a, 7)])
def test_every_hint_has_a_template_and_fills_it(dice):
    p = placed("a1 b1 d4 e5", "c2 d3 f6", "r")
    for h in hints(p, dice):
        assert h.key in TEMPLATES
        text = english(h)
        assert "{" not in text and "None" not in text
        if h.op:
            assert h.op in results(*dice)      # K-7: a real operation, never a wrong one
