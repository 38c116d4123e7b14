"""Perft-style counts of legal complete turns (G-3 placements x G-4 slides x G-5c
removal choices) on fixed positions. The numbers were computed once with the simple
reference (reference.py) and are pinned here: any change in the move generator shows
up as a different count."""

import pytest

from glissando.rules import Position
from tests.glissando.reference import Ref

PINNED = [
    # (position text, depth, number of turn sequences)
    ("8/8/8/8/8/8/8/8 b 0-0 32-32 2", 1, 108),
    ("8/8/8/8/8/8/8/8 b 0-0 32-32 2", 2, 11364),
    ("1OOBOBBO/O1B2B2/4OB2/B3O3/O7/1BO5/OB5B/1O3BOB b 0-0 20-20 2", 1, 985),
    # two scoring lines through a1: removal choices multiply the count
    ("8/8/8/B7/B7/B7/B7/1BBBB3 b 0-0 24-32 2", 1, 3144),
    ("8/8/2OOO3/1BBBB3/2BOO3/3B4/8/8 o 1-0 26-27 3", 1, 943),
    ("BBBBBBB1/OOOOOOO1/8/8/8/8/8/8 b 0-0 25-25 2", 1, 5337),
]


def perft(p: Position, depth: int) -> int:
    if depth == 1:
        return len(p.turns())
    return sum(perft(p.play(t), depth - 1) for t in p.turns())


@pytest.mark.parametrize("text,depth,count", PINNED)
def test_G_3_G_4_G_5c_perft_fast_engine(text, depth, count):
    assert perft(Position.from_text(text), depth) == count


@pytest.mark.parametrize("text,depth,count", [t for t in PINNED if t[1] == 1])
def test_G_3_G_4_G_5c_perft_reference(text, depth, count):
    assert len(Ref.from_text(text).turns()) == count
