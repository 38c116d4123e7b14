"""M-U1 through the path the scene feeds (SteadyFlick): pointer events stamped when the
frame loop takes them from the queue (decision 2), rounded to whole design pixels at
AIM_PX_PER_MM. The hand and its mouse are modelled by benchmarks/hands.py
(minimum-jerk strokes, steady-rate mice, a loop that does not poll while it draws)."""

import math
import random
import statistics

import pytest
from hypothesis import given, settings, strategies as st

from benchmarks import flick as flick_bench
from benchmarks import hands
from benchmarks.flick import SPEEDS
from mississippi.flick import LAUNCH_CAP, FlickError
from mississippi.pointer import AIM_PX_PER_MM, SteadyFlick, lattice, retime
from mississippi.table import Table


def ratios(shape, mouse_hz, loop_hz, n, seed, px_per_mm=AIM_PX_PER_MM):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        o = hands.run(shape, rng.uniform(*SPEEDS[shape]), rng, mouse_hz=mouse_hz,
                      loop_hz=loop_hz, px_per_mm=px_per_mm)
        out.append(o.launch.speed / o.truth)
    return out


def spread95(rs):
    med = statistics.median(rs)
    return sorted(abs(r / med - 1.0) for r in rs)[int(0.95 * len(rs))]


def test_issue_12_aiming_puck_is_at_least_60_px_across():
    assert 76.0 * AIM_PX_PER_MM >= 60.0
    assert 0.5 <= AIM_PX_PER_MM <= 1.25


def test_M_U1_the_shape_of_a_gesture_does_not_change_the_launch_speed():
    # Slow push, flick let go at its peak, let go while accelerating, stroke through the
    # inner line; 125, 500, 1000 Hz mice; 60 and 144 Hz loops: the median launch/hand
    # speed of the shapes differ by at most 3 % (issue 12 asks 5 %) and each is within 2 %
    # of the hand's speed (the previous estimator read +2 % on every shape).
    medians = {}
    for shape in SPEEDS:
        rs = []
        for mouse in (125, 500, 1000):
            for loop in (60, 144):
                rs += ratios(shape, mouse, loop, 12, seed=mouse * 7 + loop)
        medians[shape] = statistics.median(rs)
    assert max(medians.values()) / min(medians.values()) - 1.0 <= 0.03, medians
    assert all(0.985 <= m <= 1.02 for m in medians.values()), medians


@pytest.mark.parametrize("shape,bound", [("push", 0.035), ("peak", 0.035), ("rising", 0.045),
                                         ("through", 0.035)])
def test_M_U1_strokes_of_one_shape_leave_alike_with_a_500_Hz_mouse(shape, bound):
    # 500 Hz mouse, 60 Hz loop, 60 different strokes of one shape (speed, duration,
    # release point): p95 of |ratio / median − 1| (benchmarks/flick.py, between strokes).
    rs = ratios(shape, 500, 60, 60, seed=3)
    assert spread95(rs) <= bound, spread95(rs)


@pytest.mark.parametrize("mouse_hz", [125, 500, 1000])
@pytest.mark.parametrize("shape,bound", [("push", 0.055), ("peak", 0.035), ("rising", 0.045),
                                         ("through", 0.025)])
def test_M_U1_one_stroke_repeated_leaves_alike(shape, bound, mouse_hz):
    # Issue 12's own measurement: the same hand motion repeated, only the mouse's report
    # phase, the pixel grid's offset and the loop's phases differing (3 strokes × 30 tries;
    # p95 of |ratio / that stroke's median − 1|). The issue measured up to 11 % before this
    # round; the goal is 3 %, met by most cells of benchmarks/flick.py at 0.8 px/mm; a slow
    # push (~500 mm/s, ~60 px of motion) and a quick flick let go early from a 125 Hz mouse
    # are at the limit of what whole-pixel reports tell. A stroke through the inner line
    # is compared with the hand's speed at the crossing, where M-U1 launches it.
    c = flick_bench.repeated(shape, mouse_hz, 60, 3, 30, seed=12)
    assert c["refused"] == 0
    assert c["spread"] <= bound, c["spread"]
    # each stroke's own median: within 7 % (a slow push of ~60 px reads up to +6.4 % at
    # 125 Hz: the smoother leans on its prior when the pixels say little; +5.6 % before
    # the track was kept inside the pixels, mississippi.flick.BOX_PASSES)
    assert all(0.93 <= m <= 1.07 for m in c["stroke_medians"]), c["stroke_medians"]


def test_M_U1_the_same_slow_push_from_a_125_Hz_mouse_leaves_alike_each_time():
    # The slowest push of the benchmark (500 mm/s at the release, ~60 px of motion at
    # 0.8 px/mm) from the slowest mouse: 6 seeds × 4 strokes, each repeated 20 times with
    # only the report phase, the pixel grid's offset and the loop's phases new, at 60 and
    # 144 Hz. The same hand motion must leave within 3 % (p95 of |ratio / that stroke's
    # median − 1|, pooled): what a player feels as "the same push went further". The
    # smoother that took the rounding for independent noise gave 3.16 % here (a hand
    # moving ~3.1 px a report rounds to a slow sawtooth that reads as velocity); kept
    # inside the pixels (BOX_PASSES) 2.60 %.
    devs = []
    for seed in range(1, 7):
        srng = random.Random(f"slow push/{seed}")
        strokes = [hands.stroke("push", 500.0, srng) for _ in range(4)]
        for loop in (60, 144):
            for i, stroke in enumerate(strokes):
                one = []
                for k in range(20):
                    rng = random.Random(f"slow push/{seed}/{i}/{k}/{loop}")
                    o = hands.play(stroke, hands.events(stroke, rng, mouse_hz=125, loop_hz=loop))
                    one.append(o.launch.speed / o.truth)
                med = statistics.median(one)
                assert 0.93 <= med <= 1.08, med
                devs += [abs(r / med - 1.0) for r in one]
    assert sorted(devs)[int(0.95 * len(devs))] <= 0.03


@pytest.mark.parametrize("px_per_mm,bound", [(0.5, 0.085), (1.25, 0.04)])
def test_M_U1_any_aiming_scale_from_half_to_one_and_a_quarter_px_per_mm(px_per_mm, bound):
    # The pointer's step is read from the samples: the estimate needs no scale setting.
    # (At 0.5 px/mm, 2 mm pixels, 40 different flicks spread 8.2 % since the track is kept
    # inside the pixels — 7.0 % before: a pixel that wide leaves the track more room, the
    # prior's lean shows more from stroke to stroke.)
    medians = [statistics.median(ratios(shape, 500, 60, 30, seed=5, px_per_mm=px_per_mm))
               for shape in SPEEDS]
    assert all(0.985 <= m <= 1.025 for m in medians), medians
    assert max(medians) / min(medians) - 1.0 <= 0.03
    assert spread95(ratios("peak", 500, 60, 40, seed=6, px_per_mm=px_per_mm)) <= bound


@pytest.mark.parametrize("mouse_hz", [125, 1000])
def test_M_U1_a_stroke_stopped_before_the_release_throws_nothing(mouse_hz):
    rng = random.Random(mouse_hz)
    for _ in range(10):
        o = hands.run("stall", rng.uniform(1500.0, 4000.0), rng, mouse_hz=mouse_hz)
        assert o.launch.speed < 30.0          # the scene's "nothing thrown" threshold


def test_M_U1_a_stroke_through_the_inner_line_leaves_from_it_with_its_speed():
    rng = random.Random(8)
    line = Table().inner_line("left")
    for _ in range(10):
        o = hands.run("through", rng.uniform(1500.0, 5000.0), rng, mouse_hz=500)
        assert o.launch.crossed and o.launch.x == line
        assert o.launch.speed == pytest.approx(o.truth_cross, rel=0.06)


def test_M_U1_M_P5_a_throw_harder_than_the_cap_leaves_at_6_m_per_s():
    rng = random.Random(2)
    for _ in range(5):
        o = hands.run("peak", 8000.0, rng, mouse_hz=1000)
        assert o.launch.speed == pytest.approx(LAUNCH_CAP)


def test_M_U1_M_U2_the_right_player_throws_leftward_alike():
    rng = random.Random(4)
    for _ in range(8):
        o = hands.run("peak", 3000.0, rng, side="right", mouse_hz=500)
        assert o.launch.vx < 0
        assert o.launch.speed / o.truth == pytest.approx(1.0, abs=0.05)


def test_M_U1_the_same_seed_throws_the_same_puck():
    a = hands.run("rising", 3000.0, random.Random(42), mouse_hz=125, loop_hz=144)
    b = hands.run("rising", 3000.0, random.Random(42), mouse_hz=125, loop_hz=144)
    assert a.launch == b.launch


def test_M_U1_events_that_waited_through_a_draw_go_back_to_their_reports():
    # A 500 Hz mouse; the loop polls every 1.1 ms but is drawing from 20 to 25 ms: the
    # reports of 20, 22 and 24 ms come out together at 25 ms.
    reports = [0.002 * k + 0.0003 for k in range(1, 20)]
    polls = [0.0011 * k for k in range(1, 40) if not 0.020 <= 0.0011 * k < 0.025] + [0.025]
    polls.sort()
    stamps = [min(p for p in polls if p >= r) for r in reports]
    assert stamps.count(0.025) >= 3
    lat = lattice(stamps)
    assert lat is not None and lat.period == pytest.approx(0.002)
    offset = lat.times[-1] - reports[-1]
    assert [t - offset for t in lat.times] == pytest.approx(reports, abs=1e-9)
    assert -1e-6 <= offset <= 0.0011


def test_M_U1_stamps_of_an_irregular_device_are_kept():
    rng = random.Random(1)
    t, samples = 0.0, []
    for i in range(30):
        t += rng.uniform(0.003, 0.03)
        samples.append((t, 300.0 + i, 240.0))
    out, period = retime(samples)
    assert period is None or period > 0.002
    assert [p[0] for p in out] == sorted(p[0] for p in out)


def test_M_U1_one_event_per_frame_still_gives_the_drag_speed():
    # The shell before this round stamped every event with its frame's time: a steady drag
    # of one event per 60 Hz frame still launches at its speed.
    fl = SteadyFlick("left")
    fl.press(0.0, 340.0, 247.5)
    for i in range(1, 12):
        assert fl.move(i / 60, 340.0 + 25.0 * i, 247.5) is None
    launch = fl.release(11 / 60, 340.0 + 25.0 * 11, 247.5)
    assert launch.speed == pytest.approx(1500.0, rel=0.01)


def test_M_U1_malformed_events_are_refused_naming_the_rule():
    fl = SteadyFlick("left")
    with pytest.raises(FlickError, match="^M-U1"):
        fl.release(0.0, 1.0, 2.0)                       # no press
    with pytest.raises(FlickError, match="^M-U1"):
        fl.press(float("nan"), 1.0, 2.0)
    with pytest.raises(FlickError, match="^M-U1"):
        fl.press(0.0, 1.0, 2.0, "puck", None)
    with pytest.raises(FlickError, match="^M-U1"):
        retime([(0.0, 1.0), (0.1, 2.0), (0.2, 3.0)])     # pairs, not (t, x, y)
    fl.press(1.0, 340.0, 247.5)
    fl.move(1.01, 345.0, 247.5)
    with pytest.raises(FlickError, match="^M-U1"):
        fl.move(1.0, 350.0, 247.5)                      # back in time
    with pytest.raises(FlickError, match="^M-U1"):
        fl.move(1.02, float("inf"), 247.5)
    assert fl.active and len(fl.raw) == 2               # nothing lost
    assert fl.release(1.03, 350.0, 247.5).speed >= 0.0


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.sampled_from([125, 250, 500, 1000]), st.floats(0.0002, 0.0015),
       st.floats(0.0, 0.008), st.lists(st.floats(0.0, 1.0), min_size=8, max_size=60),
       st.floats(0.0, 0.02), st.booleans())
def test_M_U1_release_accepts_its_own_samples(mouse_hz, poll, busy, jitter, late, moved):
    # Whatever the stamps' jitter (polling, batches that waited through a draw, identical
    # stamps), a release stamped at or after the last motion is accepted, and launches
    # at a finite speed within the cap.
    period = 1.0 / mouse_hz
    fl = SteadyFlick("left")
    fl.press(0.0, 340.0, 247.5)
    stamp, x = 0.0, 340.0
    for i, j in enumerate(jitter, 1):
        report = i * period
        wait = busy * j if j > 0.7 else poll * j
        stamp = max(stamp, report + wait)
        x += 2.5 + 10.0 * j
        launch = fl.move(stamp, x, 247.5)
        if launch is not None:
            break
    if fl.active:
        launch = fl.release(stamp + late, x + (1.25 if moved else 0.0), 247.5)
    assert launch is not None and math.isfinite(launch.speed)
    assert launch.speed <= LAUNCH_CAP + 1e-6


def test_M_U1_the_aim_guide_predicts_the_launch():
    # Just before the button comes up, the guide shows the velocity the puck then leaves
    # with (what the eye sees is what the table gets).
    rng = random.Random(9)
    for shape in ("push", "peak", "rising"):
        st = hands.stroke(shape, 2500.0 if shape != "push" else 900.0, rng)
        evs = hands.events(st, rng, mouse_hz=500, loop_hz=60)
        fl = SteadyFlick("left")
        down, *moves, up = evs
        fl.press(down.stamp, down.x, down.y, down.x + st.grab[0], down.y + st.grab[1])
        for e in moves:
            fl.move(e.stamp, e.x, e.y)
        if (up.x, up.y) != (moves[-1].x, moves[-1].y):
            fl.move(up.stamp, up.x, up.y)              # the release report moved the pointer
        gx, gy = fl.velocity(up.stamp)
        launch = fl.release(up.stamp, up.x, up.y)
        assert math.hypot(gx - launch.vx, gy - launch.vy) <= 0.01 * launch.speed


def test_M_U1_the_aim_guide_asked_every_frame_follows_the_drag():
    # The scene asks for the guide every frame, a frame after the last motion: a steady
    # drag of one event per frame shows its own speed, forward, from the second frame on.
    fl = SteadyFlick("left")
    fl.press(0.0, 340.0, 247.5)
    fl.move(0.0, 358.0, 247.5)
    for i in range(1, 8):
        fl.move(i / 60, 358.0 + 18.0 * i, 247.5)
        vx, vy = fl.velocity((i + 1) / 60)
        assert vx == pytest.approx(18.0 * 60, rel=0.02) and abs(vy) < 1.0
    # and with a 1000 Hz mouse, many events a frame: the guide matches a full re-timing
    rng = random.Random(3)
    st = hands.stroke("peak", 3000.0, rng)
    evs = hands.events(st, rng, mouse_hz=1000, loop_hz=144)
    fl = SteadyFlick("left")
    full = SteadyFlick("left")
    for f in (fl, full):
        f.press(evs[0].stamp, evs[0].x, evs[0].y)
    for e in evs[1:-1]:
        fl.move(e.stamp, e.x, e.y)
        full.move(e.stamp, e.x, e.y)
        guide = fl.velocity(e.stamp)
    assert fl.active and full.active                    # still aiming: no launch yet
    exact = full.velocity()        # its first velocity: a full re-timing of every sample
    assert math.hypot(*exact) > 1000.0
    assert math.hypot(guide[0] - exact[0], guide[1] - exact[1]) <= 0.03 * math.hypot(*exact)


@pytest.mark.parametrize("shape", ["pause, then flick at its peak", "pause, then let go accelerating"])
def test_M_U1_a_nudge_a_pause_then_a_flick_leaves_with_the_flick(shape):
    # The second hand model (benchmarks/hands.pause_stroke, not the one the estimator was
    # tuned on): the puck nudged forward, the hand still 0.02-0.25 s (shorter pauses than
    # the 40 ms that mark a stroke's onset too), then the flick: the launch is the flick's
    # speed at the release, repeated alike.
    c = flick_bench.repeated(shape, 500, 60, 3, 20, seed=12)
    assert 0.98 <= c["median"] <= 1.03, c["median"]
    assert c["spread"] <= 0.035, c["spread"]


@pytest.mark.parametrize("shape", ["±1 px hand: slow push", "±1 px hand: flick at its peak",
                                   "±1 px hand: through the line"])
def test_M_U1_an_unsteady_hand_still_leaves_with_its_speed(shape):
    # The second hand model: a hand off its stroke by up to ±1 design px at every report
    # (twice the rounding's reach): the launch still follows the hand's speed on the
    # median, and the same stroke repeated stays within 7 % (p95) - the noise the
    # estimator does not expect costs spread, not bias.
    c = flick_bench.repeated(shape, 500, 60, 3, 20, seed=12)
    assert 0.97 <= c["median"] <= 1.04, c["median"]
    assert c["spread"] <= 0.07, c["spread"]


def test_M_U1_a_1000_Hz_mouse_s_samples_go_back_to_their_reports():
    # A slow push from a 1000 Hz mouse: the loop polls every 1.0-1.2 ms (slower than the
    # reports) and not at all while it draws, so a stamp often allows two or three report
    # instants; the re-timing puts most samples the right number of reports apart (what
    # the velocity reads: 48 % of the intervals without the track, pointer._on_track).
    rng = random.Random(21)
    right = total = 0
    for _ in range(8):
        st = hands.stroke("push", 600.0, rng)
        evs = [e for e in hands.events(st, rng, mouse_hz=1000, loop_hz=144) if e.kind != "up"]
        timed, period = retime([(e.stamp, e.x, e.y) for e in evs])
        assert period == pytest.approx(0.001)
        got = [t for t, _x, _y in timed]
        for k in range(len(evs) - 60, len(evs)):
            right += abs((got[k] - got[k - 1]) - (evs[k].report - evs[k - 1].report)) < 0.5 * period
            total += 1
    assert right >= 0.7 * total, right / total


def _short_flick(release_after_s: float) -> float:
    """Launch speed (mm/s) of a 125 Hz flick — four reports speeding up, then seven at
    3420 mm/s, whole pixels at 0.8 px/mm — released ``release_after_s`` after its last
    motion, at the same place (newplayer8's playtest gesture)."""
    f = SteadyFlick("left")
    t, x = 1.0, 340.0
    f.press(t, x, 300.0)
    for v in [855.0, 1710.0, 2565.0] + [3420.0] * 8:
        t += 0.008
        x += v * 0.008
        assert f.move(t + 0.0003, math.floor(x * 0.8) / 0.8, 300.0) is None
    launch = f.release(t + 0.0003 + release_after_s)
    return math.hypot(launch.vx, launch.vy)


@pytest.mark.parametrize("after_ms", [2, 4, 6])
def test_M_U1_a_release_within_a_report_period_of_the_last_motion_is_that_report(after_ms):
    """A moving 125 Hz mouse reports every 8 ms: a release 2-6 ms after the last motion,
    where it was, says nothing of a hand that stopped, and launches as a release with that
    motion does (it launched at 0.31 of it when a release 2 ms late counted as a stop)."""
    with_motion = _short_flick(0.0)
    assert with_motion > 2500
    assert _short_flick(after_ms / 1000) == pytest.approx(with_motion, rel=1e-9)


def test_M_U1_a_release_a_whole_report_period_after_the_last_motion_is_a_stop():
    """8 ms later, with no motion reported, the hand had stopped moving the pointer: the
    launch is slower than a release with the last motion."""
    assert _short_flick(0.012) < 0.6 * _short_flick(0.0)
