"""The mouse flick (M-U1, M-U2) from samples with exact times: the puck leaves with the
hand's velocity at the release instant."""

import math
import statistics

import pytest
from hypothesis import example, given, settings, strategies as st

from mississippi.flick import (LAUNCH_CAP, FlickError, FlickTracker, fill_holds, flick_velocity,
                               track_at)
from mississippi.table import Table

PX = 0.8     # design px per mm while aiming (mississippi.pointer.AIM_PX_PER_MM)


def rounded(v):
    """A position in mm rounded to whole design pixels, as the pointer delivers it."""
    return math.floor(v * PX) / PX + 0.5 / PX


def drag(vx, vy, t_end=0.3, rate=125.0, x0=350.0, y0=240.0):
    """Samples of a pointer moving at constant (vx, vy) mm/s, ``rate`` samples per s."""
    n = int(t_end * rate)
    return [(i / rate, x0 + vx * i / rate, y0 + vy * i / rate) for i in range(n + 1)]


def accelerating(v0, a, t_end, rate=500.0, hold=0.2, x0=350.0, y0=240.0):
    """A pointer held still ``hold`` s, then moving along x from v0 mm/s with a constant
    acceleration a mm/s², rounded to whole pixels, one sample per report that changed
    the pixel (a report period of 1/rate s) and the release report at t_end."""
    out = [(0.0, rounded(x0), rounded(y0))]
    k = 1
    while True:
        t = k / rate
        if t > t_end + 1e-12:
            break
        u = max(t - hold, 0.0)
        p = (t, rounded(x0 + v0 * u + 0.5 * a * u * u), rounded(y0))
        if p[1:] != out[-1][1:] or abs(t - t_end) < 1e-12:
            out.append(p)
        k += 1
    return out


@pytest.mark.parametrize("vx,vy", [(500.0, 0.0), (2500.0, -400.0), (-1800.0, 300.0)])
def test_M_U1_steady_drag_gives_its_speed(vx, vy):
    got = flick_velocity(drag(vx, vy))
    assert got[0] == pytest.approx(vx, rel=1e-9, abs=1e-6)
    assert got[1] == pytest.approx(vy, rel=1e-9, abs=1e-6)


@pytest.mark.parametrize("v0,a", [(0.0, 40000.0), (800.0, 25000.0), (2000.0, 10000.0)])
def test_M_U1_a_hand_still_speeding_up_is_measured_at_the_release(v0, a):
    # A flick still accelerating when the button comes up: the puck leaves with the speed
    # of that instant, not the average of the last 60 ms (the rule's earlier text).
    t_move = 0.08
    samples = accelerating(v0, a, 0.2 + t_move)
    vx, vy = flick_velocity(samples)
    hand = v0 + a * t_move
    assert vx == pytest.approx(hand, rel=0.02)
    assert abs(vy) < 0.01 * hand
    window_average = v0 + a * (t_move - 0.03)          # what a 60 ms average would give
    assert abs(vx - hand) < abs(window_average - hand) / 4


def test_M_U1_press_held_still_then_flicked_is_timed_from_the_flick():
    # 1 s still, then 0.1 s of flick; the pixel grid at 16 sub-pixel offsets (one
    # rounding is one draw of the noise: the median and the worst are what a player sees)
    got = [flick_velocity(accelerating(0.0, 30000.0, 1.1, hold=1.0, x0=350.0 + k / 16 / PX))[0]
           for k in range(16)]
    assert statistics.median(got) == pytest.approx(3000.0, rel=0.01)
    assert max(abs(v / 3000.0 - 1.0) for v in got) < 0.04


def test_M_U1_stall_before_release_gives_about_zero():
    samples = drag(2000.0, 0.0, t_end=0.2)
    t_last, x_last, y_last = samples[-1]
    # The pointer stops (no more motion events) and the button comes up 150 ms later.
    vx, vy = flick_velocity(samples + [(t_last + 0.15, x_last, y_last)])
    assert math.hypot(vx, vy) < 1.0
    # Same with the release time given and no release sample.
    vx, vy = flick_velocity(samples, release_t=t_last + 0.15)
    assert math.hypot(vx, vy) < 1.0


def test_M_U1_a_short_pause_before_letting_go_slows_the_launch():
    samples = drag(2000.0, 0.0, t_end=0.2)
    t_last = samples[-1][0]
    fast, _ = flick_velocity(samples)
    paused, _ = flick_velocity(samples, release_t=t_last + 0.024)   # three reports missed
    assert fast == pytest.approx(2000.0, rel=1e-6)
    assert paused < 0.7 * fast


def test_M_U1_pixel_rounding_averages_out():
    # A 1200 mm/s push at 1000 Hz moves about one pixel per report: the samples are a
    # staircase, and the launch is still within 2 % of the hand.
    samples = accelerating(1200.0, 0.0, 0.4, rate=1000.0)
    vx, _ = flick_velocity(samples, period=0.001)
    assert vx == pytest.approx(1200.0, rel=0.02)


def test_M_U1_M_P5_cap_at_6_m_per_s():
    vx, vy = flick_velocity(drag(9000.0, 9000.0))
    assert math.hypot(vx, vy) == pytest.approx(LAUNCH_CAP)
    assert vx == pytest.approx(vy)          # direction kept
    assert LAUNCH_CAP == 6000.0


@pytest.mark.parametrize("bad,code", [
    ([(0.1, 0.0, 0.0), (0.0, 1.0, 0.0)], "time-order"),
    ([(0.0, float("nan"), 0.0)], "not-finite"),
    ([(0.0, 1.0, float("inf"))], "not-finite"),
    ([(0.0, 1.0)], "not-finite"),
    ([(0.0, "1", None)], "not-finite"),
    ([("now", 1.0, 2.0)], "not-finite"),
])
def test_M_U1_malformed_samples_are_refused_naming_the_rule(bad, code):
    with pytest.raises(FlickError, match="^M-U1") as err:
        flick_velocity(bad)
    assert err.value.rule == "M-U1" and err.value.code == code
    assert isinstance(err.value, ValueError)


def test_M_U1_degenerate_inputs():
    assert flick_velocity([]) == (0.0, 0.0)
    assert flick_velocity([(0.0, 1.0, 2.0)]) == (0.0, 0.0)
    assert flick_velocity([(0.0, 1.0, 2.0), (0.0, 1.0, 2.0)]) == (0.0, 0.0)


def test_M_U1_tracker_release_inside_the_zone():
    tr = FlickTracker("left")
    samples = drag(1500.0, 200.0, t_end=0.12, x0=360.0, y0=200.0)
    tr.press(*samples[0])
    for s in samples[1:]:
        assert tr.move(*s) is None
    t, x, y = samples[-1]
    launch = tr.release(t + 0.008, x + 12.0, y + 1.6)     # the next report carries the release
    assert not launch.crossed
    assert launch.vx == pytest.approx(1500.0, rel=0.02)
    assert launch.vy == pytest.approx(200.0, rel=0.05)
    assert (launch.x, launch.y) == pytest.approx(tr.puck)
    assert not tr.active


def test_M_U1_release_with_the_last_motion_is_that_report():
    tr = FlickTracker("left")
    samples = drag(1500.0, 0.0, t_end=0.1, x0=360.0)
    tr.press(*samples[0])
    for s in samples[1:]:
        tr.move(*s)
    launch = tr.release(*samples[-1])                   # same stamp, same place
    assert launch.vx == pytest.approx(1500.0, rel=1e-6)


def test_M_U1_dragged_past_inner_line_launches_there():
    t = Table()
    tr = FlickTracker("left", t)
    samples = drag(2000.0, 0.0, t_end=0.5, x0=400.0, y0=250.0)
    tr.press(*samples[0])
    launch = None
    for s in samples[1:]:
        launch = tr.move(*s)
        if launch is not None:
            break
    assert launch is not None and launch.crossed
    assert launch.x == t.inner_line("left")
    assert launch.t == pytest.approx((670.0 - 400.0) / 2000.0)
    assert launch.vx == pytest.approx(2000.0, rel=1e-6)
    assert tr.move(1.0, 900.0, 250.0) is None     # the drag is over


def test_M_U1_crossing_the_line_while_speeding_up_takes_the_speed_there():
    tr = FlickTracker("left")
    samples = accelerating(0.0, 20000.0, 0.5, rate=500.0, hold=0.1, x0=400.0, y0=250.0)
    tr.press(*samples[0])
    launch = None
    for s in samples[1:]:
        launch = tr.move(*s)
        if launch:
            break
    assert launch is not None and launch.crossed
    # x = 400 + a u²/2 reaches 670 at u = sqrt(2·270/a); the speed there is a·u.
    want = math.sqrt(2 * 270.0 * 20000.0)
    assert launch.vx == pytest.approx(want, rel=0.03)


def test_M_U2_right_player_flicks_leftward():
    t = Table()
    tr = FlickTracker("right", t)
    # Grab the puck 10 mm to the right of its centre.
    tr.press(0.0, 3410.0, 250.0, puck_x=3400.0, puck_y=250.0)
    launch = None
    for i in range(1, 200):
        launch = tr.move(i / 125.0, 3410.0 - 2500.0 * i / 125.0, 250.0)
        if launch:
            break
    assert launch.crossed and launch.x == 3100.0
    assert launch.vx == pytest.approx(-2500.0, rel=1e-6)
    # Moving rightward (away from the line) never triggers a crossing.
    tr2 = FlickTracker("right", t)
    tr2.press(0.0, 3300.0, 250.0)
    assert all(tr2.move(i / 125.0, 3300.0 + 5.0 * i, 250.0) is None for i in range(1, 50))


def test_M_U1_held_puck_stays_in_the_launch_area():
    tr = FlickTracker("left")
    tr.press(0.0, 300.0, 100.0)
    tr.move(0.01, 100.0, -50.0)          # pointer over the gutter and past the near rail
    x, y = tr.puck
    assert x == 270.0 and y == 38.0
    with pytest.raises(FlickError, match="^M-U1") as err:
        FlickTracker("left").release(0.0)
    assert err.value.code == "no-press"
    with pytest.raises(FlickError, match="^M-U1"):
        tr.move(0.005, 120.0, 0.0)       # earlier than the last sample


def test_M_U1_aim_guide_shows_what_the_release_will_give():
    # What the guide predicts while the hand moves is what the launch gets (M-U1: the eye
    # sees what the table gets).
    samples = accelerating(500.0, 15000.0, 0.3)
    tr = FlickTracker("left")
    tr.press(*samples[0])
    for s in samples[1:]:
        tr.move(*s)
    guide = tr.velocity()
    launch = tr.release(*samples[-1])
    assert guide == pytest.approx((launch.vx, launch.vy))
    assert FlickTracker("left").velocity() == (0.0, 0.0)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.floats(-5500.0, 5500.0), st.floats(-5500.0, 5500.0),
       st.floats(60.0, 1000.0), st.floats(0.02, 0.5))
@example(1.0, 0.0, 84.0, 0.0703125)       # a drag a little shorter than 60 ms
def test_M_U1_any_steady_drag_any_rate(vx, vy, rate, t_end):
    got = flick_velocity(drag(vx, vy, t_end=t_end, rate=rate))
    sp = math.hypot(vx, vy)
    want = (vx, vy) if sp <= LAUNCH_CAP else (vx * LAUNCH_CAP / sp, vy * LAUNCH_CAP / sp)
    assert got[0] == pytest.approx(want[0], abs=1e-6 * max(1.0, sp))
    assert got[1] == pytest.approx(want[1], abs=1e-6 * max(1.0, sp))


def test_M_U1_the_documented_examples_hold():
    import doctest

    import mississippi.flick
    result = doctest.testmod(mississippi.flick)
    assert result.attempted >= 2 and result.failed == 0


def test_M_U1_the_smoothed_track_follows_the_drag():
    # track_at (what the re-timing reads) puts the hand where a steady drag was, and
    # follows a rounded accelerating one within the rounding
    import numpy as np
    t, x, y = (np.array(c) for c in zip(*drag(1500.0, -300.0)))
    at = np.array([-0.2, -0.1, -0.004, 0.0]) + t[-1]
    got = track_at(t - t[-1], x, y, 0.0, at - t[-1])
    assert got[:, 0] == pytest.approx(350.0 + 1500.0 * at, abs=1e-6)
    assert got[:, 1] == pytest.approx(240.0 - 300.0 * at, abs=1e-6)
    s = np.array(accelerating(800.0, 25000.0, 0.28))
    tf, xf, yf = fill_holds(s[:, 0] - s[-1, 0], s[:, 1], s[:, 2], 0.002)
    when = np.array([-0.04, -0.02, 0.0])
    hand = [350.0 + 800.0 * u + 12500.0 * u * u for u in 0.08 + when]
    assert track_at(tf, xf, yf, 0.0, when)[:, 0] == pytest.approx(hand, abs=0.5 / PX)
    assert track_at(tf[:1], xf[:1], yf[:1], 0.0, when) is None
