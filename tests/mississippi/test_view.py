"""The Mississippi view (issue 12 §2): the one transform table mm ↔ design units, the
camera, the goal figures at 1280×720, and what the painter draws from a snapshot."""

from __future__ import annotations

import math

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from ludotheque.canvas import Canvas
from mississippi import paint, sounds
from mississippi import view as mview
from mississippi.pointer import AIM_PX_PER_MM
from mississippi.table import Table
from mississippi.view import CameraView, PerspectiveView, PuckView, TableSnapshot

T = Table()
MID = T.width / 2


def aiming(side="left", **kw):
    return TableSnapshot(t=kw.pop("t", 0.0), phase="shoot", shooter=side,
                         placer="right" if side == "left" else "left", **kw)


def placing(placer="right", **kw):
    return TableSnapshot(t=kw.pop("t", 0.0), phase="place", placer=placer,
                         shooter="left" if placer == "right" else "right", **kw)


@pytest.mark.parametrize("cls", [CameraView, PerspectiveView])
@settings(max_examples=60, deadline=None)
@given(x=st.floats(0, 3770), y=st.floats(0, 495), side=st.sampled_from(["left", "right"]))
def test_pointer_round_trip_mm_design_mm(cls, x, y, side):
    """The pointer lands where the puck is drawn: to_table(to_design(p)) == p."""
    v = cls()
    v.settle(aiming(side))
    X, Y = v.to_design(x, y)
    bx, by = v.to_table(X, Y)
    assert bx == pytest.approx(x, abs=1e-6) and by == pytest.approx(y, abs=1e-6)


@pytest.mark.parametrize("side", ["left", "right"])
def test_shooters_puck_at_the_aim_point_is_76_mm_times_AIM_PX_PER_MM(side):
    v = CameraView()
    v.settle(aiming(side))
    hx = T.hand_x(side)
    assert v.puck_px(hx, MID) == pytest.approx(T.puck_diameter * AIM_PX_PER_MM)
    X, _ = v.to_design(hx, MID)
    assert 0 < X < 1280                              # and it is on screen
    # one pointer px moves the held puck 1 / AIM_PX_PER_MM mm, along and across
    x0, y0 = v.to_table(640, 300)
    x1, y1 = v.to_table(641, 301)
    assert x1 - x0 == pytest.approx(1 / AIM_PX_PER_MM) and y1 - y0 == pytest.approx(1 / AIM_PX_PER_MM)


def test_goals_at_1280x720_while_aiming_and_placing():
    """Issue 12 §2: aiming, the table top ≥ 45 % of the window and the puck ≥ 60 px;
    placing, the target ≥ 40 px (figures printed by benchmarks/mississippi_view.py)."""
    v = CameraView()
    for side in ("left", "right"):
        v.settle(aiming(side))
        assert v.surface_fraction() >= 0.45
        assert v.puck_px(T.hand_x(side), MID) >= 60
        placer = "right" if side == "left" else "left"
        v.settle(placing(placer))
        zx = T.zone(placer).centre[0]
        assert v.puck_px(zx, MID) >= 40 and v.visible(zx, MID)


def test_camera_is_on_the_shooter_while_aiming_and_on_the_placer_while_placing():
    v = CameraView()
    v.settle(aiming("left"))
    assert v.visible(T.hand_x("left"), MID) and v.visible(T.gutter("left").centre[0], MID)
    v.settle(placing("right"))
    assert v.visible(T.zone("right").centre[0], MID) and v.visible(T.gutter("right").centre[0], MID)
    assert not v.visible(T.hand_x("left"), MID)


def test_camera_pans_by_the_scene_clock_and_freezes_under_a_drag():
    v = CameraView()
    v.settle(aiming("left"))
    start = v.focus
    v.track(placing("right", t=0.0))
    v.track(placing("right", t=0.2))
    mid = v.focus
    assert start < mid < v.end_focus("right") and not v.settled
    v.track(placing("right", t=0.3, dragging=True))    # a drag began: nothing moves
    assert v.focus == mid
    t = 0.3
    while not v.settled and t < 10:
        t += 1 / 60
        v.track(placing("right", t=t))
    assert v.settled and v.focus == v.end_focus("right") and t < 3


def test_camera_follows_the_fastest_puck_then_holds_on_where_it_stopped():
    v = CameraView()
    v.settle(aiming("left"))
    t = 0.0
    for x in range(700, 3300, 40):                  # a puck sliding rightward
        t += 1 / 60
        p = PuckView(float(x), MID, "left", vx=2400.0)
        v.track(aiming("left", t=t, pucks=(p,), moving=True))
        lo, hi = v.window_mm
        assert lo - 400 < x < hi + 400              # never far out of the close view
    rest = PuckView(3300.0, MID, "left")
    for _ in range(30):                             # it stopped: hold there a moment
        t += 1 / 60
        v.track(aiming("left", t=t, pucks=(rest,)))
    assert v.visible(3300.0, MID)


@settings(max_examples=80, deadline=None)
@given(focus=st.floats(0, 1), x=st.floats(270, 3500), y=st.floats(38, 457))
def test_every_puck_on_the_table_is_shown_or_marked(focus, x, y):
    v = CameraView()
    lo, hi = v.end_focus("left"), v.end_focus("right")      # the camera's whole range
    v.focus = lo + focus * (hi - lo)
    shown = v.visible(x, y)
    mark = v.offscreen(x, y)
    assert shown != (mark is not None)
    if mark:
        lo, hi = v.window_mm
        assert mark[1] == (-1 if x < lo else 1)
        assert mark[0] == (v.main.x if x < lo else v.main.right)


def test_a_lag_puck_in_the_far_gutter_is_drawn_there_or_marked():
    v = CameraView()
    for snap in (aiming("left"), aiming("right"), placing("right"), placing("left")):
        v.settle(snap)
        for side in ("left", "right"):
            gx = T.gutter(side).centre[0]
            assert v.visible(gx, MID) or v.offscreen(gx, MID) is not None
            # and the overview always shows both gutters
            ox, oy = v.overview_to_design(gx, MID)
            assert v.layout.overview.contains(ox, oy)


def test_flip_race_splits_the_view_between_both_ends():
    """M-F3/M-F5: during the flip race the shooter flicks a counter shot from their end
    while the placer flips at the other: the close view shows both, at the aiming scale."""
    v = CameraView()
    flip = TableSnapshot(t=0.0, phase="flip", shooter="left", placer="right")
    v.settle(aiming("left"))
    v.track(flip)
    assert v.split and v.settled
    hx = T.hand_x("left")
    assert v.visible(hx, MID) and v.visible(T.gutter_edge("right") - 20, MID)
    assert v.puck_px(hx, MID) == pytest.approx(T.puck_diameter * AIM_PX_PER_MM)
    for x in (hx, T.inner_line("left"), 3480.0):          # the pointer maps back exactly
        X, Y = v.to_design(x, MID)
        assert v.to_table(X, Y)[0] == pytest.approx(x)
    X_l, _ = v.to_design(T.inner_line("left"), MID)
    X_r, _ = v.to_design(3480.0, MID)
    assert X_l < 640 < X_r
    assert v.offscreen(1885.0, MID) is not None            # the middle: marked at the seam
    v.track(TableSnapshot(t=0.1, phase="place", shooter="left", placer="right"))
    assert not v.split


def test_unknown_view_names_fall_back_to_the_camera(monkeypatch):
    monkeypatch.delenv("MISSISSIPPI_VIEW", raising=False)
    assert mview.make_view({"view": "Perspective "}).kind == "perspective"
    assert mview.make_view({"view": "\x00 bogus"}).kind == "camera"
    assert mview.make_view(None).kind == "camera"
    monkeypatch.setenv("MISSISSIPPI_VIEW", "perspective")
    assert mview.make_view({"view": "camera"}).kind == "perspective"


def test_perspective_view_narrows_with_depth_and_keeps_the_far_end_on_screen():
    v = PerspectiveView()
    v.settle(aiming("left"))
    near, far = v.scale_at(340, MID), v.scale_at(3430, MID)
    assert near[0] > 2.5 * far[0]
    for x in (0, 3770):
        for y in (0, 495):
            X, Y = v.to_design(x, y)
            assert 0 <= Y <= 720 and -10 <= X <= 1290


# ------------------------------------------------------------------ painted pixels
def _draw(view, snap, size=(1280, 720)):
    surf = pygame.Surface(size)
    c = Canvas.for_surface(surf)
    paint.draw_table(c, view, snap)
    return surf, c


def _at(surf, c, design):
    x, y = c.to_device(*design)
    return tuple(surf.get_at((int(x), int(y))))[:3]


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_a_puck_that_fell_in_the_far_gutter_is_drawn_in_that_gutter(size):
    """Issue 12 §5: a lag puck in the far gutter stays visible there (close view when the
    camera is there, the overview always)."""
    v = CameraView()
    gx = T.gutter("right").centre[0]
    fell = PuckView(gx, MID, "left", state="gutter_right")
    snap = placing("right", pucks=(fell,))
    v.settle(snap)
    surf, c = _draw(v, snap, size)
    r, g, b = _at(surf, c, v.to_design(gx, MID))
    assert b > r + 40                                  # blue: Ann's puck, in Bob's gutter
    r, g, b = _at(surf, c, v.overview_to_design(gx, MID))
    assert b > r + 40


def test_an_overhanging_puck_teeters_then_rests_tilted():
    over = PuckView(T.gutter_edge("right") - 20, MID, "right", state="overhang")
    flat = PuckView(2000.0, MID, "right")
    assert paint.teeter(flat, 0.3) == (0.0, 1.0)
    squashes = [paint.teeter(over, t / 30)[1] for t in range(0, 90)]
    assert min(squashes) < 0.9 < max(squashes)        # it rocks visibly at first
    late = [paint.teeter(over, 6 + t / 30)[1] for t in range(30)]
    assert max(late) - min(late) < 0.01 and late[0] < 1.0   # then holds, tilted


def test_aim_guide_stop_point_is_drawn_where_the_view_puts_it():
    """What the eye sees is what the table gets: the guide's ring is at to_design of the
    predicted stop."""
    v = CameraView()
    held = PuckView(500.0, MID, "left", ring="held")
    guide = mview.Guide(500.0, MID, 1400.0, MID, 2000.0)
    snap = aiming("left", held=held, guide=guide, dragging=True)
    v.settle(snap)
    surf, c = _draw(v, snap)
    X, Y = v.to_design(1400.0, MID)
    ring = [_at(surf, c, (X + dx, Y)) for dx in range(-34, -26)]
    assert any(p[0] > 200 and p[1] > 150 and p[2] < 120 for p in ring)   # accent colour


# ------------------------------------------------------------------ sounds
def test_impact_sound_gain_follows_impact_speed():
    assert sounds.volume("puck", 10.0) == 0.0
    assert sounds.volume("puck", 1000.0) == pytest.approx(0.25)
    assert sounds.volume("puck", 2000.0) == pytest.approx(2 * sounds.volume("puck", 1000.0))
    assert sounds.volume("puck", 9000.0) == 1.0
    assert sounds.volume("rail", float("nan")) == 0.0


class _Ev:
    def __init__(self, kind, speed=0.0, where=None):
        self.kind, self.speed, self.where = kind, speed, where


def test_sounds_chosen_for_a_shot_loudest_hits_and_every_drop():
    evs = [_Ev("contact", v) for v in (300, 5000, 1200, 2500, 800, 60)]
    evs += [_Ev("rail", 2000, "near_rail"), _Ev("rail", 2000, "right_board"), _Ev("drop", 900, "right")]
    chosen = sounds.choose(evs)
    names = [n for n, _g in chosen]
    assert names[-1] == "drop"                        # the drop always plays
    gains = [g for n, g in chosen if n != "drop"]
    assert len(gains) == sounds.MAX_PER_CALL and gains == sorted(gains, reverse=True)
    assert names[0] == "puck_hard" and "board" in names
    assert sounds.choose([_Ev("contact", 500)]) == [("puck_soft", pytest.approx(0.125))]


def test_sound_files_are_the_synthesised_ones(tmp_path):
    """assets/mississippi/sounds/ holds exactly what `python -m mississippi.sounds
    generate` makes (small files)."""
    made = sounds.generate(tmp_path)
    for p in made:
        shipped = sounds.folder() / p.name
        assert shipped.read_bytes() == p.read_bytes()
        assert shipped.stat().st_size < 20_000


def test_debug_overlay_F3_draws_a_running_shot_in_the_view():
    """F3 shows each moving puck's velocity where the view draws it (no crash mid-shot)."""
    from ludotheque.game import GameConfig, PlayerSpec
    from ludotheque.menu import start_game
    from mississippi import DESCRIPTOR
    from tests.harness import frames, key, make_app
    app = make_app([DESCRIPTOR])
    start_game(app, DESCRIPTOR, GameConfig(players=(PlayerSpec("A"), PlayerSpec("B")), seed=2))
    scene = app.top
    key(app, pygame.K_F3)
    assert scene.debug
    x, y = scene.hand_spot("left")
    scene.launch(600.0, y, 2500.0, 0.0, "lag")
    with app.canvas.recording() as texts:
        frames(app, 3)
    assert any(t[0].startswith("shot ") for t in texts)         # the shot's line
    scene.exit()


def _run(v, snap_at, t, until=10.0):
    """Track ``snap_at(t)`` at 60 Hz until the camera rests for it (or ``until`` s)."""
    while not v.at_rest(snap_at(t)) and t < until:
        t += 1 / 60
        v.track(snap_at(t))
    return t


def test_after_a_replay_the_camera_is_not_settled_until_it_is_back_on_the_placer():
    """While it holds on where a replay stopped the camera will still move: neither
    ``settled`` nor ``at_rest`` (else the shell goes idle and it never comes back)."""
    v = CameraView()
    v.settle(placing("left"))
    t = 0.0
    for x in range(700, 2700, 40):                  # the replayed puck slides to mid-table
        t += 1 / 60
        v.track(placing("left", t=t, pucks=(PuckView(float(x), MID, "right", vx=2400.0),),
                        moving=True, replay=1.0))
    rest = PuckView(2700.0, MID, "right")
    for _ in range(40):                             # it stopped: the camera is on it
        t += 1 / 60
        v.track(placing("left", t=t, pucks=(rest,)))
        if v.focus == v.goal and v.velocity == 0.0:
            break
    assert v.visible(2700.0, MID) and not v.visible(*mview.gutter_spot("left", 7))
    assert not v.settled and not v.at_rest(placing("left", t=t))     # the hold is on
    t = _run(v, lambda t: placing("left", t=t), t)
    assert v.settled and v.focus == v.end_focus("left")
    assert v.visible(*mview.gutter_spot("left", 7))  # the placer's gutter is under the hand


def test_at_rest_asks_the_snapshot_of_now_not_the_last_one_tracked():
    v = CameraView()
    v.settle(aiming("left"))
    assert v.settled and v.at_rest(aiming("left"))
    assert v.settled and not v.at_rest(placing("right"))   # a new phase: it must move
    assert v.at_rest(placing("right", dragging=True))     # frozen under a drag
    p = PerspectiveView()
    p.settle(aiming("left"))
    assert p.at_rest(aiming("left")) and not p.at_rest(placing("right"))


def test_a_click_on_the_overview_looks_there_until_the_turn_changes():
    v = CameraView()
    snap = aiming("left")
    v.settle(snap)
    ox, oy = v.overview_to_design(3300.0, MID)
    x = v.overview_at(ox, oy)
    assert x == pytest.approx(3300.0)
    assert v.overview_at(640, 300) is None          # the close view is not the strip
    assert v.look_at(x, snap)
    assert not v.at_rest(snap)
    _run(v, lambda t: aiming("left", t=t), 0.0)
    assert v.visible(3300.0, MID) and v.at_rest(aiming("left"))
    _run(v, lambda t: placing("right", t=t), 5.0)    # a new turn: the placer's end
    assert v.focus == v.end_focus("right")
    assert v.look_at(1000.0, placing("right"))
    v.track(placing("right", t=20.0, moving=True,    # a shot moves: the look is over
                    pucks=(PuckView(900.0, MID, "left", vx=2000.0),)))
    assert not v.look_back()                        # no look left to take back
    assert not v.look_at(1000.0, TableSnapshot(t=0.0, phase="flip", placer="right",
                                               shooter="left"))    # M-F: split view
