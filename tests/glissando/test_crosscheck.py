"""Cross-check of the fast bitboard engine against the simple reference (reference.py)
on thousands of seeded random positions: placements (G-3), slides and pushes
(G-4a/G-4b/G-4d), scoring (G-5) and removals (G-5c), and whole turns."""

import random

import pytest

from glissando import rules
from glissando.rules import Position, Turn, cell_name, slide_of, apply_slide, removal_pairs
from tests.glissando.reference import Ref, name

N_COMPONENT = 2000   # random positions for placements, slides, scoring, removals
N_FULL = 20          # random positions for every complete turn and its result


def random_text(rng: random.Random) -> str:
    """A random legal-looking position: random density, sometimes one colour dominant
    so that lines of five (G-5) are frequent; reserves keep board + reserve = 32."""
    density = rng.uniform(0.05, 0.95)
    blue_share = rng.choice((0.5, 0.5, 0.8, 0.2, 0.95, 0.05))
    cells = {}
    nb = no = 0
    for sq in range(64):
        if rng.random() < density:
            if rng.random() < blue_share and nb < 32:
                cells[sq] = "B"
                nb += 1
            elif no < 32:
                cells[sq] = "O"
                no += 1
    rows = []
    for r in range(7, -1, -1):
        row = "".join(cells.get(r * 8 + f, ".") for f in range(8))
        for n in range(8, 0, -1):
            row = row.replace("." * n, str(n))
        rows.append(row)
    target = rng.randint(1, 5)
    pts = f"{rng.randint(0, target - 1)}-{rng.randint(0, target - 1)}"
    return f"{'/'.join(rows)} {rng.choice('bo')} {pts} {32 - nb}-{32 - no} {target}"


def random_played(rng: random.Random) -> Position:
    """A position reached by random legal turns from the start."""
    p = Position.start(target=rng.randint(1, 5), first=rng.choice("bo"))
    for _ in range(rng.randint(5, 45)):
        if p.over:
            break
        p = random_turn(p, rng)
    return p


def random_turn(p: Position, rng: random.Random) -> Position:
    """One random legal turn, built step by step (cheaper than listing all turns)."""
    tip = p.begin().place(rng.choice(p.legal_placements()))
    slides = tip.legal_slides()
    tip = tip.slide(*rng.choice(slides)) if slides and rng.random() < 0.7 \
        else tip.skip_slide()
    if tip.stage == "remove":
        tip = tip.remove(*rng.choice(tip.removal_pairs()))
    return tip.finish()


@pytest.mark.slow
def test_crosscheck_components_on_random_positions():
    """G-3, G-4a, G-4b, G-4d, G-5, G-5c agree with the reference on every position."""
    rng = random.Random(20261130)
    n_slides = n_scoring = 0
    for i in range(N_COMPONENT):
        text = random_text(rng) if i % 2 else random_played(rng).to_text()
        fast, ref = Position.from_text(text), Ref.from_text(text)
        assert fast.to_text() == ref.to_text() == text              # G-N1 round trip
        assert fast.winner == ref.winner()                          # G-6, G-7
        if fast.winner is None:                                      # G-3
            assert fast.legal_placements() == [name(c) for c in ref.placements()]
        # G-4: every slide of the side to move on the board as it is
        got = {}
        for sq in rules.squares(fast.mine):
            for d in "^v<>":
                sl = slide_of(fast.occupied, sq, d)
                if sl is not None:
                    b, o = apply_slide(fast.blue, sl), apply_slide(fast.orange, sl)
                    got[cell_name(sq) + d] = Position(b, o).board_text()
        want = {name(c) + d: Ref(g, "b", (0, 0), (0, 0), 2).to_text().split()[0]
                for c, d, g in ref.slides(ref.grid)}
        assert got == want, text
        n_slides += len(want)
        # G-5 / G-5c for both colours
        for side, bb in (("b", fast.blue), ("o", fast.orange)):
            want_pairs = {(name(a), name(b)) for a, b in ref.pairs(ref.grid, side)}
            got_pairs = {(cell_name(a), cell_name(b)) for a, b in removal_pairs(bb)}
            assert got_pairs == want_pairs, text
            assert rules.has_five(bb) == bool(ref.runs(ref.grid, side))
            n_scoring += bool(want_pairs)
    # the random positions really exercised slides and scoring
    assert n_slides > 20 * N_COMPONENT and n_scoring > N_COMPONENT // 10


@pytest.mark.slow
def test_crosscheck_complete_turns_and_results():
    """Every complete turn (G-3, G-4, G-5 with removal choices) and the position each
    one leads to agree with the reference."""
    rng = random.Random(7)
    n_turns = 0
    for i in range(N_FULL):
        text = random_text(rng) if i % 3 == 0 else random_played(rng).to_text()
        fast, ref = Position.from_text(text), Ref.from_text(text)
        want = ref.turns()
        got = fast.turns()
        assert len(got) == len(set(got))
        assert set(got) == set(want), text
        for t in got:
            assert fast.play(t).to_text() == want[t], (text, t)
            turn = Turn.parse(t)                       # the unchecked fast path for search
            assert fast.apply(turn.place, turn.slide, turn.removes).to_text() == want[t]
        n_turns += len(got)
    assert n_turns > 5_000
