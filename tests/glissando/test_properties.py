"""Hypothesis: games made of random legal turns keep every invariant."""

from hypothesis import given, settings, strategies as st

from glissando.rules import Position, Turn

MAX_TURNS = 2 * (32 + 2 * 5) + 1   # own turns <= 32 + 2 * target (G-5a, G-6, G-7)


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 5), st.sampled_from("bo"))
def test_G_2_G_5a_G_7_random_games_keep_invariants_and_end(rng, target, first):
    p = Position.start(target=target, first=first)
    n = 0
    while not p.over:
        before = p
        turns = p.turns()
        assert turns, "a game that is not over always has a turn (G-3)"
        t = rng.choice(turns)
        p = p.play(t)
        n += 1
        assert n <= MAX_TURNS                                   # every game ends
        assert p.blue & p.orange == 0                           # one pawn per cell
        assert p.blue.bit_count() + p.reserves[0] == 32         # G-2, G-5a
        assert p.orange.bit_count() + p.reserves[1] == 32
        assert p.to_move != before.to_move
        scored = Turn.parse(t).removes is not None
        i = 0 if before.to_move == "b" else 1
        assert p.points[i] == before.points[i] + scored         # G-5: one point
        assert p.points[1 - i] == before.points[1 - i]          # G-5b
        assert Position.from_text(p.to_text()) == p              # G-N1
    assert p.winner in ("b", "o", "draw")
    assert max(p.points) >= target or min(p.reserves) == 0 or p.occupied == (1 << 64) - 1
