"""The mouse flick (M-U1, M-U2): pointer samples → launch velocity."""

import math
import random

import pytest
from hypothesis import example, given, settings, strategies as st

from mississippi.flick import (LAUNCH_CAP, WINDOW_S, FlickError, FlickTracker,
                               flick_velocity)
from mississippi.table import Table


def drag(vx, vy, t_end=0.3, rate=125.0, x0=350.0, y0=240.0):
    """Samples of a pointer moving at constant (vx, vy) mm/s, ``rate`` samples per s."""
    n = int(t_end * rate)
    return [(i / rate, x0 + vx * i / rate, y0 + vy * i / rate) for i in range(n + 1)]


@pytest.mark.parametrize("vx,vy", [(500.0, 0.0), (2500.0, -400.0), (-1800.0, 300.0)])
def test_M_U1_steady_drag_gives_its_speed(vx, vy):
    got = flick_velocity(drag(vx, vy))
    assert got[0] == pytest.approx(vx, rel=1e-9, abs=1e-6)
    assert got[1] == pytest.approx(vy, rel=1e-9, abs=1e-6)


def test_M_U1_only_the_last_60_ms_count():
    # Slow for 0.5 s, then fast for the last 0.1 s: the result is the fast speed.
    slow = drag(300.0, 0.0, t_end=0.5)
    t0, x0 = slow[-1][0], slow[-1][1]
    fast = [(t0 + i / 125.0, x0 + 2400.0 * i / 125.0, 240.0) for i in range(1, 14)]
    vx, vy = flick_velocity(slow + fast)
    assert vx == pytest.approx(2400.0, rel=0.01)
    assert WINDOW_S == pytest.approx(0.060)


def test_M_U1_stall_before_release_gives_about_zero():
    samples = drag(2000.0, 0.0, t_end=0.2)
    t_last, x_last, y_last = samples[-1]
    # The pointer stops (no more motion events) and the button comes up 150 ms later.
    vx, vy = flick_velocity(samples + [(t_last + 0.15, x_last, y_last)])
    assert math.hypot(vx, vy) < 1e-9
    # Same with the release time given and no release sample.
    vx, vy = flick_velocity(samples, release_t=t_last + 0.15)
    assert math.hypot(vx, vy) < 1e-9


def test_M_U1_short_pause_slows_the_launch():
    samples = drag(2000.0, 0.0, t_end=0.2)
    t_last = samples[-1][0]
    vx, _ = flick_velocity(samples, release_t=t_last + 0.03)   # half the window still
    assert 0.0 < vx < 2000.0 * 0.6


def test_M_U1_jittery_pointer_is_robust():
    rng = random.Random(5)
    errors = []
    for _ in range(50):
        clean = drag(3000.0, 500.0, t_end=0.3)
        noisy = [(t + rng.uniform(-0.001, 0.001) if 0 < i < len(clean) - 1 else t,
                  x + rng.gauss(0, 1.5), y + rng.gauss(0, 1.5))
                 for i, (t, x, y) in enumerate(clean)]
        noisy.sort()
        vx, vy = flick_velocity(noisy)
        errors.append(math.hypot(vx - 3000.0, vy - 500.0) / math.hypot(3000.0, 500.0))
    errors.sort()
    # 1.5 mm pointer noise (≈ 2 px) moves the median launch by a few percent at most.
    assert errors[len(errors) // 2] < 0.05
    assert errors[-1] < 0.15


def test_M_U1_cap_at_6_m_per_s():
    vx, vy = flick_velocity(drag(9000.0, 9000.0))
    assert math.hypot(vx, vy) == pytest.approx(LAUNCH_CAP)
    assert vx == pytest.approx(vy)          # direction kept
    assert LAUNCH_CAP == 6000.0


def test_M_U1_degenerate_inputs():
    assert flick_velocity([]) == (0.0, 0.0)
    assert flick_velocity([(0.0, 1.0, 2.0)]) == (0.0, 0.0)
    with pytest.raises(FlickError, match="^M-U1"):
        flick_velocity([(0.1, 0.0, 0.0), (0.0, 1.0, 0.0)])
    with pytest.raises(FlickError, match="^M-U1"):
        flick_velocity([(0.0, float("nan"), 0.0)])
    assert issubclass(FlickError, ValueError)


def test_M_U1_tracker_release_inside_the_zone():
    tr = FlickTracker("left")
    samples = drag(1500.0, 200.0, t_end=0.12, x0=360.0, y0=200.0)
    tr.press(*samples[0])
    for s in samples[1:]:
        assert tr.move(*s) is None
    launch = tr.release(samples[-1][0] + 0.004, samples[-1][1] + 6.0, samples[-1][2] + 0.8)
    assert not launch.crossed
    assert launch.vx == pytest.approx(1500.0, rel=0.02)
    assert launch.vy == pytest.approx(200.0, rel=0.05)
    assert (launch.x, launch.y) == pytest.approx(tr.puck)
    assert not tr.active


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
    with pytest.raises(FlickError, match="^M-U1"):
        FlickTracker("left").release(0.0)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.floats(-5500.0, 5500.0), st.floats(-5500.0, 5500.0),
       st.floats(60.0, 240.0), st.floats(0.02, 0.5))
@example(1.0, 0.0, 84.0, 0.0703125)       # a drag a little shorter than the window
def test_M_U1_any_steady_drag_any_rate(vx, vy, rate, t_end):
    got = flick_velocity(drag(vx, vy, t_end=t_end, rate=rate))
    sp = math.hypot(vx, vy)
    want = (vx, vy) if sp <= LAUNCH_CAP else (vx * LAUNCH_CAP / sp, vy * LAUNCH_CAP / sp)
    assert got[0] == pytest.approx(want[0], abs=1e-6 * max(1.0, sp))
    assert got[1] == pytest.approx(want[1], abs=1e-6 * max(1.0, sp))
