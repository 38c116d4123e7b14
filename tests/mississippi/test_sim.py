"""The bridge between the match and the physics (mississippi/sim.py)."""

import pytest

from mississippi.rules import TablePuck
from mississippi.sim import TableSim


def test_M_P5_pucks_left_a_hair_into_a_rail_or_each_other_are_rebuilt_where_they_lay():
    # A shot can leave a puck resting 0.1 mm into a rail, or pressed against another,
    # inside the solver's slop; a fresh placement there would be refused (M-T2, M-R1),
    # but the match's next shot must still be simulated from exactly that table.
    table = {3: TablePuck(3300.0, 37.9, "right"), 5: TablePuck(3300.0, 113.85, "left")}
    sim = TableSim(table)
    got = sim.state().pucks
    assert (got[3].x, got[3].y, got[5].y) == (3300.0, 37.9, 113.85)
    a = sim.shoot(6, 620.0, 247.5, 4000.0, -300.0)
    b = sim.shoot(6, 620.0, 247.5, 4000.0, -300.0)          # reset: the same start
    assert a.pucks == b.pucks and set(a.pucks) == {3, 5, 6}


def test_M_U1_add_shot_clear_moves_the_launch_to_the_nearest_free_spot():
    sim = TableSim({1: TablePuck(620.0, 247.5, "left")})
    x, y = sim.add_shot_clear(2, 620.0, 247.5, 3000.0, 0.0)
    assert x == 620.0 and abs(y - 247.5) >= 76.0 - 1e-6
    full = TableSim({i: TablePuck(620.0, y0, "left") for i, y0 in
                     enumerate((40.0, 117.0, 194.0, 271.0, 348.0, 425.0))})
    assert full.add_shot_clear(9, 620.0, 247.5, 3000.0, 0.0) is None
