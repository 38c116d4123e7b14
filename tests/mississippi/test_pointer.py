"""M-U1 flick timing: the frame loop stamps pointer events in batches; re-timing the burst
on its steady rate keeps the launch speed within 15 % of the hand's."""

import math
import random

import pytest

from mississippi.pointer import SteadyFlick, retime

SCALE = 0.32891   # px per mm on screen


def frame_stamped_flick(v_px, every, rng, hold=0.1):
    """A drag at ``v_px`` px/s with a motion event every ``every`` s, stamped with the
    time of the 60 Hz frame that handles it; returns launch speed / true speed."""
    frame = 1 / 60
    phase = rng.random() * frame
    stamp = lambda t: math.ceil((t - phase) / frame) * frame + phase   # noqa: E731
    fl = SteadyFlick("left")
    fl.press(stamp(0.0), 340.0, 247.5, 340.0, 247.5)
    t, x = hold, 340.0
    while True:
        t += every * (1 + rng.uniform(-0.1, 0.1))
        x += v_px * every / SCALE
        launch = fl.move(stamp(t), x, 247.5)
        if launch is not None:
            return launch.speed / (v_px / SCALE)


@pytest.mark.parametrize("every", [0.0225, 0.008, 0.004])
def test_M_U1_frame_stamped_flicks_keep_the_hand_speed(every):
    rng = random.Random(11)
    ratios = [frame_stamped_flick(rng.choice((600, 900, 1200)), every, rng) for _ in range(60)]
    assert all(0.85 <= r <= 1.15 for r in ratios), (min(ratios), max(ratios))


def test_M_U1_retime_keeps_order_and_a_pause_starts_a_new_burst():
    s = [(0.0, 0, 0), (0.30, 10, 0), (0.30, 20, 0), (0.3167, 30, 0), (0.35, 40, 0)]
    r = retime(s)
    assert r[0] == s[0]                          # before the pause: untouched
    ts = [p[0] for p in r]
    assert ts == sorted(ts) and ts[2] > ts[1]    # same-frame samples get spread out
