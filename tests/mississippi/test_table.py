"""The regulation table (M-T1…M-T7) and its named regions."""

import pytest

from mississippi.table import Region, Table, other_side


def test_M_T1_length_end_board_to_end_board():
    t = Table()
    assert t.end_board("left") == 0.0
    assert t.end_board("right") == 3770.0
    assert t.centre_x == 1885.0


def test_M_T2_playing_width_and_rails():
    t = Table()
    assert t.width == 495.0
    assert t.fits_across(38.0) and t.fits_across(457.0)
    assert not t.fits_across(37.9) and not t.fits_across(457.1)


def test_M_T3_gutters_at_each_end():
    t = Table()
    assert (t.gutter("left").x0, t.gutter("left").x1) == (0.0, 270.0)
    assert (t.gutter("right").x0, t.gutter("right").x1) == (3500.0, 3770.0)
    assert t.gutter_edge("left") == 270.0 and t.gutter_edge("right") == 3500.0


def test_M_T4_target_zones_next_to_gutters_and_sliding_surface():
    t = Table()
    assert (t.zone("left").x0, t.zone("left").x1) == (270.0, 670.0)
    assert (t.zone("right").x0, t.zone("right").x1) == (3100.0, 3500.0)
    assert (t.sliding_surface.x0, t.sliding_surface.x1) == (670.0, 3100.0)
    # The regions tile the whole length without gaps.
    r = t.regions
    order = ["gutter_left", "zone_left", "sliding_surface", "zone_right", "gutter_right"]
    for a, b in zip(order, order[1:]):
        assert r[a].x1 == r[b].x0
    assert r["gutter_left"].x0 == 0.0 and r["gutter_right"].x1 == t.length


def test_M_T5_T6_T7_sizes():
    t = Table()
    assert t.line_width == 6.0
    assert (t.rail_height, t.gutter_depth) == (73.0, 63.5)
    assert (t.puck_diameter, t.puck_thickness, t.puck_mass) == (76.0, 23.0, 85.0)
    assert t.puck_radius == 38.0


def test_M_U1_launch_area_is_own_target_zone_and_inner_line():
    t = Table()
    assert t.launch_area("left") == t.zone("left")
    assert t.launch_area("right") == t.zone("right")
    assert t.inner_line("left") == 670.0 and t.inner_line("right") == 3100.0
    assert t.direction("left") == 1 and t.direction("right") == -1


def test_M_R1_disc_touching_the_zone():
    t = Table()
    # The left zone ends at 670: a disc centred at 707.9 reaches 669.9 (touches), 708.1 not.
    assert t.touches_zone("left", 707.9, 200.0)
    assert not t.touches_zone("left", 708.1, 200.0)
    # Centre past the gutter edge is not a legal placement even if the disc touches.
    assert t.touches_zone("left", 270.0, 200.0)
    assert not t.touches_zone("left", 269.9, 200.0)
    assert t.touches_zone("right", 3062.5, 200.0) and not t.touches_zone("right", 3061.0, 200.0)
    assert not t.touches_zone("right", 1000.0, 200.0)


def test_M_P3_centre_on_table_overhang_and_gutter_side():
    t = Table()
    assert t.centre_on_table(270.0) and not t.centre_on_table(269.0)
    assert t.overhangs(271.0) == "left"
    assert t.overhangs(309.0) is None
    assert t.overhangs(3499.0) == "right"
    assert t.overhangs(269.0) is None
    assert t.gutter_side(269.0) == "left" and t.gutter_side(3501.0) == "right"
    assert t.gutter_side(1000.0) is None


def test_M_O4_nearer_end():
    t = Table()
    assert t.nearer_end(1884.9) == "left"
    assert t.nearer_end(1885.0) == "right"


def test_M_L2_distance_to_gutter_edge():
    t = Table()
    assert t.distance_to_gutter_edge("right", 3400.0) == 100.0
    assert t.distance_to_gutter_edge("left", 370.0) == 100.0
    assert t.distance_to_gutter_edge("left", 260.0) < 0


def test_M_T_region_geometry():
    r = Region("r", 0.0, 10.0, 0.0, 10.0)
    assert r.contains(10.0, 0.0) and not r.contains(10.1, 0.0)
    assert r.touches_disc(12.0, 5.0, 2.5) and not r.touches_disc(12.0, 5.0, 2.0)
    assert r.centre == (5.0, 5.0)


def test_M_T_bad_tables_and_sides_raise():
    with pytest.raises(ValueError, match="^M-T1"):
        Table(length=1000.0)
    with pytest.raises(ValueError, match="^M-T7"):
        Table(puck_diameter=500.0)
    with pytest.raises(ValueError, match="^M-O1"):
        Table().zone("middle")
    with pytest.raises(ValueError, match="^M-O1"):
        other_side("up")
    assert other_side("left") == "right"


def test_M_P1_M_U1_one_source_for_mu_g_the_launch_cap_and_the_launch_spots():
    # physics, sim, rules and the AI all read these from mississippi.table
    from mississippi import ai, rules, sim
    from mississippi.physics import PhysicsParams, World
    from mississippi.table import DECEL, G_MM_S2, LAUNCH_CAP, MU, V_OFF

    p = PhysicsParams()
    assert (p.mu, p.g, p.launch_cap, p.v_off) == (MU, G_MM_S2, LAUNCH_CAP, V_OFF)
    assert World().params.mu == MU == 0.20 and DECEL == MU * G_MM_S2
    assert (sim.MU, sim.DECEL, sim.MAX_SPEED) == (MU, DECEL, LAUNCH_CAP)
    assert (rules.MU, rules.LAUNCH_CAP) == (MU, LAUNCH_CAP)
    t = Table()
    # the puck in hand waits at the back of the zone; the computer releases near the line
    assert (t.hand_x("left"), t.hand_x("right")) == (340.0, 3430.0)
    assert (t.release_x("left"), t.release_x("right")) == (620.0, 3150.0)
    assert sim.launch_spot("right", 100.0) == (3150.0, 100.0)
    for side in ("left", "right"):
        assert t.launch_area(side).contains(t.hand_x(side), 247.5)
        assert t.launch_area(side).contains(t.release_x(side), 247.5)
    assert ai.launch_spot is sim.launch_spot


def test_M_P1_free_stop_is_v2_over_2_mu_g_clamped_to_the_table():
    t = Table()
    x, y = t.free_stop(500.0, 247.5, 2000.0, 0.0)
    assert x - 500.0 == pytest.approx(2000.0 ** 2 / (2 * 0.2 * 9810.0))
    assert y == 247.5
    assert t.free_stop(3000.0, 247.5, 6000.0, 0.0)[0] == t.length      # clamped
    assert t.free_stop(1000.0, 100.0, 0.0, -3000.0)[1] == t.puck_radius
    assert t.free_stop(1000.0, 100.0, 0.0, 0.0) == (1000.0, 100.0)
