"""Mississippi scene driven with synthetic events (tests/harness.py): what a player sees
happen when they flick, place, knock and flip."""

import math

import pygame
import pytest

from ludotheque import theme
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from mississippi import DESCRIPTOR, hud
from mississippi.rules import Match, PuckOutcome as P, Report
from mississippi.paint import SCALE
from mississippi.scene import MississippiScene
from mississippi.sim import DECEL
from tests.harness import drag, frames, key, make_app, move, post, run_until

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))
MID_Y = 247.5


def start(match=None, players=HUMANS, options=None):
    app = make_app([DESCRIPTOR])
    resume = None
    if match is not None:
        resume = {"match": match.to_dict(), "players": [p.to_dict() for p in players],
                  "options": options or {}}
    start_game(app, DESCRIPTOR, GameConfig(players=players, seed=5, options=options or {},
                                           resume=resume))
    scene = app.top
    assert isinstance(scene, MississippiScene)
    return app, scene


def lagged(shooter="left"):
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 3300)}))
    m.lag_shot(Report({1: P("table", 3300), 2: P("table", 1500)}))
    m.choose_role("shooter" if shooter == "left" else "placer")
    return m


def test_M_U1_flick_launches_with_the_drag_speed():
    app, scene = start()
    hx, hy = scene.view.to_design(*scene.hand_spot("left"))                       # the glowing puck in Ann's zone
    start_px = (round(hx), round(hy))
    end_px = (start_px[0] + 150, start_px[1])
    drag(app, start_px, end_px, seconds=0.25, steps=15)
    drag_speed = 150 / 0.25 / SCALE                  # mm/s of the pointer
    assert scene.last_launch is not None
    assert scene.last_launch["speed"] == pytest.approx(drag_speed, rel=0.10)
    assert scene.sim is not None                     # the puck is sliding
    assert run_until(app, lambda: scene.sim is None, 15)
    m = scene.match
    assert m.lag_side == "right" and len(m.table) == 1     # M-L1: the lag puck stays
    (p,) = m.table.values()
    expected = scene.last_launch["x"] + scene.last_launch["speed"] ** 2 / (2 * DECEL)
    assert p.x == pytest.approx(expected, rel=0.05)


def test_M_U1_a_drag_held_still_before_letting_go_throws_nothing_and_says_why():
    app, scene = start()
    hx, hy = scene.view.to_design(*scene.hand_spot("left"))
    start_px = (round(hx), round(hy))
    drag(app, start_px, (start_px[0] + 80, start_px[1]), seconds=0.2, steps=8, release=False)
    frames(app, 30)                                  # half a second held still
    post(app, pygame.MOUSEBUTTONUP, pos=(start_px[0] + 80, start_px[1]), button=1)
    frames(app, 1)
    assert scene.sim is None and scene.match.phase == "lag" and scene.hand_count("left") == 8
    assert "let go while your hand is still moving" in (app.toasts.current or "")


def test_M_R1_placing_outside_the_zone_is_refused():
    app, scene = start(lagged())                     # Ann shoots, Bob places at the right
    m = scene.match
    gutter = tuple(round(c) for c in scene.view.to_design(3635, MID_Y))
    middle = tuple(round(c) for c in scene.view.to_design(2000, MID_Y))
    drag(app, gutter, middle, seconds=0.3)
    assert m.phase == "place" and m.target is None and m.gutter["right"] == 8
    assert "M-R1" in (app.toasts.current or "")
    zone = tuple(round(c) for c in scene.view.to_design(3300, 200))
    drag(app, gutter, zone, seconds=0.3)
    assert m.phase == "shoot" and m.target is not None
    tp = m.table[m.target]
    assert tp.x == pytest.approx(3300, abs=4) and tp.y == pytest.approx(200, abs=4)


def test_autosave_between_shots_restores_the_exact_table():
    app, scene = start(lagged())
    zone = tuple(round(c) for c in scene.view.to_design(3250, 180))
    drag(app, tuple(round(c) for c in scene.view.to_design(3635, MID_Y)), zone, seconds=0.3)
    saved = app.saves.load("mississippi")
    assert saved is not None
    m2 = Match.from_dict(saved["match"])
    assert m2.to_dict()["table"] == scene.match.to_dict()["table"]
    app2, scene2 = start(m2)
    assert scene2.match.table == scene.match.table and scene2.match.phase == "shoot"


def _last_puck_match():
    m = lagged()
    m.gutter["left"], m.gutter["right"] = 1, 15
    return m


def test_M_R8_knock_key_and_forgotten_knock():
    app, scene = start(_last_puck_match())
    m = scene.match
    key(app, pygame.K_k)
    assert m.knocked and m.last.rule == "M-R8"
    # M-R9: now the placer may stand the target
    assert scene.b_stand.visible
    key(app, pygame.K_s)
    assert scene.standing


def test_M_R8_forgotten_knock_swaps_roles_at_once():
    m = _last_puck_match()
    m.place_target(3300, MID_Y)
    app, scene = start(m)
    hx, hy = (round(c) for c in scene.view.to_design(*scene.hand_spot("left")))
    drag(app, (hx, hy), (hx + 200, hy), seconds=0.2)
    assert scene.match.last.rule == "M-R8" and scene.match.shooter == "right"
    assert scene.match.gutter["left"] == 1 and scene.sim is None


def _flip_match():
    m = lagged()
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    m.shot(Report({t: P("gutter_right"), s: P("overhang", 3480, MID_Y)}))
    assert m.phase == "flip"
    return m


def test_M_F2_flip_caught_with_space_at_the_right_moment():
    app, scene = start(_flip_match())
    key(app, pygame.K_SPACE)                         # flip
    f = scene.flip
    assert f["started"] is not None and scene.match.flip_started
    toss = scene.toss
    run_until(app, lambda: f["t"] - f["started"] >= toss.airtime - toss.window / 2, 3)
    key(app, pygame.K_SPACE)                         # catch
    m = scene.match
    assert m.last.rule == "M-F2" and m.last.facts["caught"] and m.shooter == "right"


def test_M_F2_flip_dropped_when_caught_too_early():
    app, scene = start(_flip_match())
    key(app, pygame.K_SPACE)
    frames(app, 3)
    key(app, pygame.K_SPACE)                         # far too early: dropped
    m = scene.match
    assert m.last.rule == "M-F2" and not m.last.facts["caught"] and m.shooter == "left"


def test_M_F4_window_expires_without_a_flip():
    app, scene = start(_flip_match())
    assert run_until(app, lambda: scene.match.phase != "flip", 5)
    assert scene.match.last.rule == "M-F4" and scene.match.phase == "shoot"


def test_M_F3_counter_shot_in_the_flip_window():
    app, scene = start(_flip_match())
    assert scene.match.gutter["left"] == 7
    hx, hy = (round(c) for c in scene.view.to_design(*scene.hand_spot("left")))
    drag(app, (hx, hy), (hx + 150, hy), seconds=0.12, steps=8)
    assert scene.sim is not None and scene.shot_kind == "counter"
    assert run_until(app, lambda: scene.sim is None, 15)
    m = scene.match
    assert "M-F3" in [o.rule for o in m.history]
    # whatever happened, the counter puck came back to Ann's hand (M-F3)
    assert m.gutter["left"] == 7 and m.in_play == 16


def test_ai_against_ai_plays_on_in_the_scene():
    ais = (PlayerSpec("C1", "ai", "beginner"), PlayerSpec("C2", "ai", "beginner"))
    app, scene = start(players=ais)
    assert run_until(app, lambda: scene.match.shots >= 4, 60)
    assert scene.match.in_play == 16


def test_replay_of_the_last_shot_leaves_the_match_as_it_was():
    app, scene = start(lagged())
    m = scene.match
    m.place_target(3300, MID_Y)
    hx, hy = (round(c) for c in scene.view.to_design(*scene.hand_spot("left")))
    drag(app, (hx, hy), (hx + 120, hy), seconds=0.12, steps=8)
    assert run_until(app, lambda: scene.sim is None, 15)
    before = m.to_dict()
    key(app, pygame.K_t)                             # slow-motion replay
    assert scene.replay is not None and scene.replay["speed"] < 1
    assert run_until(app, lambda: scene.replay is None, 60)
    assert m.to_dict() == before


def test_M_E2_team_names_in_the_scene():
    app, scene = start(options={"team": 2})
    assert scene.match.teams["left"] == ["Ann 1", "Ann 2"]
    assert scene.match.shooter_name is None and scene._who("left") == "Ann 1"
    app, scene = start(players=(PlayerSpec("Ann, Alex"), PlayerSpec("Bob")))
    assert scene.match.teams["left"] == ["Ann", "Alex"] and scene.match.teams["right"] == ["Bob"]


# --- what a new player noticed (last puck, counts, names, lag result, aim guide, French) ---
VS_AI = (PlayerSpec("Ann"), PlayerSpec("Computer (Intermediate)", "ai", "intermediate"))


def test_M_R8_no_knock_reminder_by_default():
    app, scene = start(_last_puck_match())
    frames(app, 2)
    assert not app.settings.hints
    assert scene.last_puck_banner() is None          # nothing says "knock" before the knock
    assert scene.b_knock.visible and scene.b_knock.color == theme.PANEL_HI   # not lit up either
    app, scene = start(lagged())
    frames(app, 2)
    assert scene.b_knock.visible                     # the button is there for every shot...
    key(app, pygame.K_k)
    assert not scene.match.knocked and scene.match.last.rule != "M-R8"   # ...and means nothing then
    assert "only counts before your last puck" in (app.toasts.current or "")   # the key is not broken
    app, scene = start(_last_puck_match())
    key(app, pygame.K_k)                             # knocked: now the banner says how to win
    assert "both" in scene.last_puck_banner().lower()


def test_M_R10_last_puck_banner_says_knock_then_drop_both_with_hints():
    app, scene = start(lagged())
    assert scene.last_puck_banner() is None          # 8 in hand: no banner
    app, scene = start(_last_puck_match())
    app.settings.hints = True                        # the beginner option of M-R8
    before = scene.last_puck_banner()
    assert "knock" in before.lower() and "both" in before.lower()      # M-R8 then M-R10
    key(app, pygame.K_k)
    after = scene.last_puck_banner()
    assert "knock" not in after.lower() and "both" in after.lower()
    assert scene.hand_count("left") == 1 and scene.hand_count("right") == 15


def test_M_O2_the_puck_ready_to_throw_is_not_also_in_the_gutter():
    app, scene = start()                             # Ann's lag: her glowing puck is out
    assert scene.hand_count("left") == 8
    assert scene.puck_out_of_gutter() == "left"
    assert scene.gutter_shown("left") == 7 and scene.gutter_shown("right") == 8
    app, scene = start(lagged())                     # Bob drags a target from his gutter
    drag_from = tuple(round(c) for c in scene.view.to_design(3635, MID_Y))
    post(app, pygame.MOUSEBUTTONDOWN, pos=drag_from, button=1)
    assert scene.drag_target is not None and scene.gutter_shown("right") == 7


def test_panel_names_and_headings_fit_without_ellipsis():
    app, scene = start(lagged(), players=VS_AI)    # the computer places
    for side in ("left", "right"):
        lines = scene.panel_name_lines(side, 200)
        assert all("…" not in line for line in lines)
        assert "".join(lines).replace(" ", "") == scene._who(side, short=True).replace(" ", "")
    assert scene.panel_name_lines("right", 200) == ["Computer"]   # its level is written under it
    assert "(" not in scene.headline() and "…" not in scene.headline()
    assert scene.headline().startswith("Computer")


@pytest.mark.parametrize("rule", ["M-L1", "M-R10", "M-F3"])
def test_rule_tag_never_touches_the_explanation(rule):
    app, scene = start()
    tag, text = hud.rule_tag_rect(rule), hud.explanation_rect(scene, rule)
    assert text.left >= tag.right + 8 and not tag.colliderect(text)
    assert tag.height < 24                           # a small tag, not a text line


def test_each_shot_is_numbered_so_two_hits_in_a_row_read_differently():
    from ludotheque import theme

    app, scene = start(lagged())
    scene.match.shots = 123
    label = scene.shot_label()
    assert "123" in label
    tag, text = hud.rule_tag_rect("M-R3"), hud.explanation_rect(scene, "M-R3")
    under = pygame.Rect(tag.x, tag.bottom + 8, *theme.font(14).size(label))
    assert not under.colliderect(text)               # the number never runs into the text


def test_M_L2_lag_result_stays_visible_until_a_click():
    app, scene = start(players=VS_AI)
    hx, hy = (round(c) for c in scene.view.to_design(*scene.hand_spot("left")))
    drag(app, (hx, hy), (hx + 110, hy), seconds=0.12, steps=8)
    assert run_until(app, lambda: scene.lag_hold is not None, 40)   # both lags slid
    phase, ghosts = scene.match.phase, list(scene.lag_ghosts)
    frames(app, 120)                                 # two seconds later: still shown
    assert scene.ghosts_visible() and scene.match.phase == phase and ghosts
    key(app, pygame.K_RETURN)                         # seen it: play on
    assert scene.lag_hold is None


def test_M_U1_aim_guide_shows_direction_and_speed_while_dragging():
    app, scene = start(lagged(), options={"aim_guide": True})
    scene.match.place_target(3300, MID_Y)
    hx, hy = (round(c) for c in scene.view.to_design(*scene.hand_spot("left")))
    post(app, pygame.MOUSEBUTTONDOWN, pos=(hx, hy), button=1)
    assert scene.drag_prediction() is None           # no motion yet: nothing to predict
    for i in range(1, 6):
        move(app, (hx + 15 * i, hy), buttons=(1, 0, 0))
        frames(app, 1)
    vx, vy, x, y = scene.drag_prediction()
    assert vx > 0 and abs(vy) < 0.2 * vx             # toward the far end (M-U2: rightward)
    assert x > scene.tracker.puck[0] + 100           # a free slide's stop, ahead of the puck


def test_french_lag_instruction_never_starts_a_line_with_punctuation():
    from ludotheque import i18n, theme
    from mississippi.scene import _
    i18n.set_language("fr")
    try:
        text = _("Drag the glowing puck and release it toward the far end: stop it as close as you can to the far gutter.")
        assert "vous" in text or "ez" in text
        for width in range(300, 700, 20):
            for line in theme.wrap(text, theme.SMALL, width):
                assert not line.lstrip().startswith((":", ";", "!", "?"))
        assert "Fenêtre" not in _("Time to flip")
    finally:
        i18n.set_language("en")


def test_M_L2_decided_lag_keeps_both_pucks_on_show_until_enter():
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 3300)}))        # Ann's lag puck: 20 cm from the gutter
    app, scene = start(m)
    hx, hy = (round(c) for c in scene.view.to_design(*scene.hand_spot("right")))
    drag(app, (hx, hy), (hx - 60, hy), seconds=0.12, steps=8)      # Bob's short lag
    assert run_until(app, lambda: scene.sim is None, 15)
    assert scene.match.last.rule == "M-L2" and scene.match.chooser == "left"
    assert scene.lag_hold is not None and len(scene.lag_ghosts) == 2
    frames(app, 150)                                 # 2.5 s later both pucks still shown
    assert scene.ghosts_visible()
    assert scene.gutter_shown("left") == 7 and scene.gutter_shown("right") == 7
    key(app, pygame.K_RETURN)
    assert scene.lag_hold is None and scene.match.phase == "choose_role"


@pytest.mark.parametrize("shots, swaps, text", [(41, 1, "41 shots, 1 role swap"), (1, 0, "1 shot, 0 role swaps"),
                                                (75, 18, "75 shots, 18 role swaps")])
def test_M_E1_win_screen_counts_read_right(shots, swaps, text):
    app, scene = start(lagged())
    scene.match.shots, scene.match.role_swaps = shots, swaps
    assert scene.match_summary() == text


def test_M_R10_banner_text_reads_on_its_colour():
    from ludotheque import theme

    for fill in (theme.BAD, theme.GOOD):                 # before and after the knock
        assert theme.contrast(theme.text_on(fill), fill) >= 4.5


def test_M_R1_the_placers_glow_is_on_a_puck_in_their_gutter():
    app, scene = start(lagged())                     # Bob places: 8 pucks in his gutter
    spot = scene.placer_glow_spot()
    shown = [scene.gutter_puck_spot("right", i) for i in range(scene.gutter_shown("right"))]
    assert spot in shown
    m = lagged()
    m.gutter["left"], m.gutter["right"] = 15, 1      # his last puck
    app, scene = start(m)
    assert scene.placer_glow_spot() == scene.gutter_puck_spot("right", 0)
