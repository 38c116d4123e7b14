"""Mississippi scene driven with synthetic events (tests/harness.py): what a player sees
happen when they flick, place, knock and flip.

Flicks are posted with ``event.stamp`` on the scene clock (decision 2: the scene reads
the stamps, not the frame time), so a drag of 0.25 s of game time is 0.25 s to the flick
estimator whatever the machine's load."""

import pygame
import pytest

from ludotheque import theme
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from mississippi import DESCRIPTOR, hud
from mississippi.rules import Action, Match, PuckOutcome as P, Report
from mississippi.paint import SCALE
from mississippi.scene import MississippiScene
from mississippi.sim import DECEL
from tests.harness import frames, key, make_app, post, run_until, wait_for
from tests.mississippi.common import MID_Y, lagged

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))


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


def spost(app, type_, **attrs):
    """Post an event stamped with the scene clock (s)."""
    post(app, type_, stamp=app.top.t, **attrs)


def sdrag(app, start, end, seconds=0.25, steps=15, release=True):
    """``harness.drag`` with every event stamped on the scene clock."""
    spost(app, pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    spost(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    frames(app, 1, 1 / 120)
    for i in range(1, steps + 1):
        p = (round(start[0] + (end[0] - start[0]) * i / steps),
             round(start[1] + (end[1] - start[1]) * i / steps))
        frames(app, 1, seconds / steps)
        spost(app, pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    if release:
        spost(app, pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
        frames(app, 1, 1 / 120)


def hand(scene, side="left"):
    return tuple(round(c) for c in scene.view.to_design(*scene.hand_spot(side)))


def test_M_U1_flick_launches_with_the_drag_speed():
    app, scene = start()
    start_px = hand(scene)
    end_px = (start_px[0] + 150, start_px[1])
    sdrag(app, start_px, end_px, seconds=0.25, steps=15)
    drag_speed = 150 / 0.25 / SCALE                  # mm/s of the pointer
    assert scene.last_launch is not None
    assert scene.last_launch["speed"] == pytest.approx(drag_speed, rel=0.10)
    assert scene.flight is not None                  # the puck is sliding
    assert run_until(app, lambda: scene.flight is None, 15)
    m = scene.match
    assert m.lag_side == "right" and len(m.table) == 1     # M-L1: the lag puck stays
    (p,) = m.table.values()
    expected = scene.last_launch["x"] + scene.last_launch["speed"] ** 2 / (2 * DECEL)
    assert p.x == pytest.approx(expected, rel=0.05)


def test_decision_2_a_drag_sets_tracking_pointer_and_the_held_puck_follows_the_pointer():
    app, scene = start()
    start_px = hand(scene)
    assert not scene.tracking_pointer
    sdrag(app, start_px, (start_px[0] + 40, start_px[1] + 9), seconds=0.3, steps=6, release=False)
    assert scene.tracking_pointer                    # the shell polls the queue closely now
    px, py = scene.view.to_design(*scene.aim.puck)
    hx, hy = scene.view.to_design(*scene.hand_spot("left"))
    # the puck moved exactly as the pointer did (the grip offset kept)
    assert (px - hx, py - hy) == (pytest.approx(40, abs=1), pytest.approx(9, abs=1))
    spost(app, pygame.MOUSEBUTTONUP, pos=(start_px[0] + 40, start_px[1] + 9), button=1)
    assert not scene.tracking_pointer


def test_M_U1_a_drag_held_still_before_letting_go_throws_nothing_and_says_why():
    app, scene = start()
    start_px = hand(scene)
    sdrag(app, start_px, (start_px[0] + 80, start_px[1]), seconds=0.2, steps=8, release=False)
    frames(app, 30)                                  # half a second held still
    spost(app, pygame.MOUSEBUTTONUP, pos=(start_px[0] + 80, start_px[1]), button=1)
    frames(app, 1)
    assert scene.flight is None and scene.match.phase == "lag" and scene.hand_count("left") == 8
    assert "let go while your hand is still moving" in (app.toasts.current or "")


def test_M_R1_placing_outside_the_zone_is_refused():
    app, scene = start(lagged())                     # Ann shoots, Bob places at the right
    gutter = tuple(round(c) for c in scene.view.to_design(3635, MID_Y))
    middle = tuple(round(c) for c in scene.view.to_design(2000, MID_Y))
    sdrag(app, gutter, middle, seconds=0.3)
    m = scene.match
    assert m.phase == "place" and m.target is None and m.gutter["right"] == 8
    assert "M-R1" in (app.toasts.current or "")
    zone = tuple(round(c) for c in scene.view.to_design(3300, 200))
    sdrag(app, gutter, zone, seconds=0.3)
    m = scene.match
    assert m.phase == "shoot" and m.target is not None
    tp = m.table[m.target]
    assert tp.x == pytest.approx(3300, abs=4) and tp.y == pytest.approx(200, abs=4)


def resume(app, saved, players=HUMANS):
    start_game(app, DESCRIPTOR, GameConfig(players=players, seed=5, resume=saved))
    return app.top


def test_autosave_after_each_turn_resumes_by_replaying_the_turn_log():
    app, scene = start(lagged())
    zone = tuple(round(c) for c in scene.view.to_design(3250, 180))
    sdrag(app, tuple(round(c) for c in scene.view.to_design(3635, MID_Y)), zone, seconds=0.3)
    saved = app.saves.load("mississippi")
    assert saved is not None and saved["turns"][-1].startswith('{"angle"')   # the placement
    app2 = make_app([DESCRIPTOR])
    scene2 = resume(app2, saved)
    assert scene2.match.table == scene.match.table and scene2.match.phase == "shoot"
    assert len(scene2.log) == len(scene.log)         # replayed turn by turn, not a snapshot


def test_a_save_whose_turns_do_not_replay_is_refused_with_a_clear_error():
    app, scene = start(lagged())
    zone = tuple(round(c) for c in scene.view.to_design(3250, 180))
    sdrag(app, tuple(round(c) for c in scene.view.to_design(3635, MID_Y)), zone, seconds=0.3)
    saved = dict(app.saves.load("mississippi"))
    saved["turns"] = saved["turns"][:-1] + ['{"kind":"shot"}']
    with pytest.raises(ValueError, match="turn"):
        MississippiScene(make_app([DESCRIPTOR]), GameConfig(players=HUMANS, seed=5, resume=saved))


def test_the_save_is_deleted_when_the_match_is_over_and_the_end_panel_offers_a_rematch():
    m = lagged()
    m.gutter["left"], m.gutter["right"] = 1, 15
    m.knock()
    m.place_target(3300, MID_Y)                      # the shooter's last puck, knocked
    app, scene = start(m)
    t, s = scene.match.target, scene.match.next_puck_id
    assert scene.play(Action("shot", report=Report({t: P("gutter_right"), s: P("gutter_right")})))
    assert scene.match.phase == "over" and scene.match.winner == "left"   # M-R10
    assert app.saves.load("mississippi") is None
    frames(app, 2)
    key(app, pygame.K_RETURN)                        # the end panel: Enter is Rematch
    assert app.top is not scene and isinstance(app.top, MississippiScene)
    assert app.top.match.phase == "lag"


def _last_puck_match():
    m = lagged()
    m.gutter["left"], m.gutter["right"] = 1, 15
    return m


def test_M_R8_knock_key_and_forgotten_knock():
    app, scene = start(_last_puck_match())
    key(app, pygame.K_k)
    m = scene.match
    assert m.knocked and m.last.rule == "M-R8"
    # M-R9: now the placer may stand the target
    assert scene.b_stand.visible
    key(app, pygame.K_s)
    assert scene.standing


def test_M_R8_forgotten_knock_swaps_roles_at_once():
    m = _last_puck_match()
    m.place_target(3300, MID_Y)
    app, scene = start(m)
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 200, hy), seconds=0.2)
    assert scene.match.last.rule == "M-R8" and scene.match.shooter == "right"
    assert scene.match.gutter["left"] == 1 and scene.flight is None
    assert "unknocked_shot" in scene.log.turns       # the turn log says what happened


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
    d = scene.duel
    assert d.started and scene.match.flip_started
    assert run_until(app, lambda: d.race.in_air() >= d.toss.airtime - d.toss.window / 2, 3)
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
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 150, hy), seconds=0.12, steps=8)
    assert scene.flight is not None and scene.flight.kind == "counter"
    assert run_until(app, lambda: scene.flight is None, 15)
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
    assert scene.play(Action("place_target", x=3300, y=MID_Y))
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 120, hy), seconds=0.12, steps=8)
    assert run_until(app, lambda: scene.flight is None, 15)
    before, turns = scene.match.to_dict(), len(scene.log)
    key(app, pygame.K_t)                             # slow-motion replay
    assert scene.replay is not None and scene.replay.speed < 1
    assert run_until(app, lambda: scene.replay is None, 60)
    assert scene.match.to_dict() == before and len(scene.log) == turns


def test_M_E2_team_names_in_the_scene():
    app, scene = start(options={"team": 2})
    assert scene.match.teams["left"] == ["Ann 1", "Ann 2"]
    assert scene.match.shooter_name is None and scene.who("left") == "Ann 1"
    app, scene = start(players=(PlayerSpec("Ann, Alex"), PlayerSpec("Bob")))
    assert scene.match.teams["left"] == ["Ann", "Alex"] and scene.match.teams["right"] == ["Bob"]


# --- what a new player noticed (last puck, counts, names, lag result, aim guide, French) ---
VS_AI = (PlayerSpec("Ann"), PlayerSpec("Computer (Intermediate)", "ai", "intermediate"))


def test_M_R8_no_knock_reminder_by_default():
    app, scene = start(_last_puck_match())
    frames(app, 2)
    assert not scene.options.get("reminders")       # the setup's "Last-puck reminder" is off
    assert scene.last_puck_banner() is None          # nothing says "knock" before the knock
    assert scene.b_knock.visible and scene.b_knock.color == theme.PANEL_HI   # not lit up either
    app, scene = start(lagged())
    frames(app, 2)
    assert scene.b_knock.visible                     # the button is there for every shot...
    key(app, pygame.K_k)
    assert not scene.match.knocked and scene.match.last.rule != "M-R8"   # ...and means nothing then
    assert "only counts before your last puck" in scene.explanation()   # the key is not broken
    app, scene = start(_last_puck_match())
    key(app, pygame.K_k)                             # knocked: now the banner says how to win
    assert "both" in scene.last_puck_banner().lower()


def test_M_R10_last_puck_banner_says_knock_then_drop_both_with_hints():
    app, scene = start(lagged())
    assert scene.last_puck_banner() is None          # 8 in hand: no banner
    app, scene = start(_last_puck_match(), options={"reminders": True})   # the beginner option of M-R8
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
    assert scene.placing is not None and scene.gutter_shown("right") == 7


def test_panel_names_and_headings_fit_without_ellipsis():
    app, scene = start(lagged(), players=VS_AI)    # the computer places
    for side in ("left", "right"):
        lines = hud.panel_name_lines(scene, side, 200)
        assert all("…" not in line for line in lines)
        assert "".join(lines).replace(" ", "") == scene.who(side, short=True).replace(" ", "")
    assert hud.panel_name_lines(scene, "right", 200) == ["Computer"]   # its level is written under it
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
    assert scene.play(Action("place_target", x=3300, y=MID_Y))   # past the lag (M-L)
    scene.match.shots = 123 + 2 * scene.match.lag_rounds          # the lag's slides not counted
    label = scene.shot_label()
    assert "123" in label
    tag, text = hud.rule_tag_rect("M-R3"), hud.explanation_rect(scene, "M-R3")
    under = pygame.Rect(tag.x, tag.bottom + 8, *theme.font(14).size(label))
    assert not under.colliderect(text)               # the number never runs into the text


def test_M_L2_lag_result_stays_visible_until_a_click():
    app, scene = start(players=VS_AI)
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 110, hy), seconds=0.12, steps=8)
    wait_for(app, lambda: scene.hold is not None)       # both lags slid (the computer's too)
    phase, ghosts = scene.match.phase, scene.lag_ghosts()
    frames(app, 120)                                 # two seconds later: still shown
    assert scene.ghosts_visible() and scene.match.phase == phase and ghosts
    key(app, pygame.K_RETURN)                         # seen it: play on
    assert scene.hold is None


def test_M_U1_aim_guide_shows_direction_and_speed_while_dragging():
    app, scene = start(lagged(), options={"aim_guide": True})
    scene.play(Action("place_target", x=3300, y=MID_Y))
    hx, hy = hand(scene)
    spost(app, pygame.MOUSEBUTTONDOWN, pos=(hx, hy), button=1)
    assert scene.drag_prediction() is None           # no motion yet: nothing to predict
    for i in range(1, 6):
        spost(app, pygame.MOUSEMOTION, pos=(hx + 15 * i, hy), rel=(0, 0), buttons=(1, 0, 0))
        frames(app, 1)
    vx, vy, x, y = scene.drag_prediction()
    assert vx > 0 and abs(vy) < 0.2 * vx             # toward the far end (M-U2: rightward)
    assert x > scene.aim.puck[0] + 100           # a free slide's stop, ahead of the puck


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
        assert "Fenêtre" not in _("Time to flip a hanging target")
    finally:
        i18n.set_language("en")


def test_M_L2_decided_lag_keeps_both_pucks_on_show_until_enter():
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 3300)}))        # Ann's lag puck: 20 cm from the gutter
    app, scene = start(m)
    hx, hy = hand(scene, "right")
    sdrag(app, (hx, hy), (hx - 60, hy), seconds=0.12, steps=8)      # Bob's short lag
    assert run_until(app, lambda: scene.flight is None, 15)
    assert scene.match.last.rule == "M-L2" and scene.match.chooser == "left"
    assert scene.hold is not None and len(scene.lag_ghosts()) == 2
    frames(app, 150)                                 # 2.5 s later both pucks still shown
    assert scene.ghosts_visible()
    assert scene.gutter_shown("left") == 7 and scene.gutter_shown("right") == 7
    # the counts agree with the gutters while both lag pucks are still shown (issue 12 §5)
    assert scene.hand_count("left") == 7 and scene.hand_count("right") == 7
    key(app, pygame.K_RETURN)
    assert scene.hold is None and scene.match.phase == "choose_role"
    assert scene.hand_count("left") == 8 and scene.gutter_shown("right") == 8


@pytest.mark.parametrize("shots, swaps, text", [(41, 1, "41 shots, 1 role swap"), (1, 0, "1 shot, 0 role swaps"),
                                                (75, 18, "75 shots, 18 role swaps")])
def test_M_E1_win_screen_counts_read_right(shots, swaps, text):
    app, scene = start(lagged())
    # the shots after the lag (M-R2), as the status bar counts them: its slides left out (M-L1)
    scene.match.shots, scene.match.role_swaps = shots + 2 * scene.match.lag_rounds, swaps
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


# --- the computer's worker dies mid-decision (issue 15 §6) ---------------------------------
def test_killing_the_ai_worker_mid_decision_falls_back_and_the_match_goes_on(monkeypatch):
    import os
    import signal
    import time

    from ludotheque import workers
    from mississippi import scene as scene_module
    from tests.mississippi.ai_helpers import pid_file, think_until_killed

    workers.reset()                                  # a worker process, not the thread fallback
    marker = pid_file()
    marker.unlink(missing_ok=True)
    monkeypatch.setitem(scene_module.AI_PLANS, "lag", think_until_killed)
    cpu = PlayerSpec("Computer", "ai", "intermediate")
    app, scene = start(players=(cpu, PlayerSpec("Bob")))     # the computer lags first (M-L1)
    frames(app, 1)
    assert scene.session.thinking
    for _ in range(12000):                           # wait for the state: the worker is thinking
        if marker.exists():
            break
        frames(app, 1)
        time.sleep(0.01)
    thinker = int(marker.read_text())
    assert thinker != os.getpid()
    os.kill(thinker, signal.SIGKILL)
    marker.unlink()
    # the beginner's lag is played instead, on the spot: the lag goes on to Bob
    assert run_until(app, lambda: scene.match.lag_side == "right" and scene.flight is None, 60)
    assert scene.session.ai.failures == 1 and scene.match.shots == 1
    assert scene.match.in_play == 16


# --- the faults of issue 12 §5 ------------------------------------------------------------
def lag_report(m, state, x=0.0, y=MID_Y):
    """The report of the next lag puck ending in ``state`` at (x, y) mm."""
    pucks = {pid: P("table", p.x, p.y) for pid, p in m.table.items()}
    pucks[m.next_puck_id] = P(state, x, y)
    return Report(pucks)


def finish_lag(app, scene, state, x=0.0):
    """The scene's own flight ends with the lag puck in ``state`` (the report as the
    physics would give it)."""
    from mississippi.controller import Flight, ShotRecord

    m = scene.match
    rec = ShotRecord(dict(m.table), m.next_puck_id, m.lag_side, 340, MID_Y, 2000, 0)

    class Done:                                      # a world already at rest
        def __init__(self, report):
            self.report, self.world = report, self
            self.rid_by_wid, self.wid_by_rid = {}, {}
            self.shot_time, self.event_count = 1.0, 0

        def step(self, dt): pass
        def at_rest(self): return True
        def events_since(self, i): return []
        def state(self): return self.report
        def pucks(self): return {}

    scene.flight = Flight("lag", rec, Done(lag_report(m, state, x)))
    frames(app, 1)


def test_a_lag_puck_in_the_far_gutter_stays_visible_there_and_the_count_says_where_it_went():
    app, scene = start()
    finish_lag(app, scene, "gutter_right", 3650)     # Ann's lag slid into Bob's gutter
    m = scene.match
    assert m.phase == "lag" and m.lag_side == "right" and m.gutter["left"] == 7
    assert scene.gutter_extras("right") == ["left"]  # drawn in the far gutter, in blue
    assert scene.lag_out("left") == {"far gutter": 1, "own gutter": 0, "off table": 0}
    assert scene.snapshot().gutters["right"].count("left") == 1
    with app.canvas.recording() as said:
        app.draw()
    assert any("far gutter" in text for text, *_ in said)            # the panel says where
    assert "gutter" in scene.explanation()           # and the explanation tells it


def test_an_off_table_lag_puck_gets_a_message():
    app, scene = start()
    finish_lag(app, scene, "off_table", 3800)
    assert "off the table" in scene.explanation()
    assert scene.lag_out("left")["off table"] == 1


def test_M_L3_the_lag_result_gives_way_to_the_lag_again_text_which_still_says_why():
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 1500)}))        # short of the far zone
    app, scene = start(m)
    finish_lag(app, scene, "table", 1400)            # Bob's too: M-L3, replay the lag
    assert scene.match.last.rule == "M-L3" and scene.hold is not None
    result = scene.explanation()
    assert result == "No lag puck stopped in the far target zone, so the lag is replayed."
    key(app, pygame.K_RETURN)                        # seen: the next lag starts
    assert scene.match.phase == "lag" and scene.explanation() != result
    assert scene.explanation().startswith("No lag puck stopped in the far target zone, so the lag is "
                                          "replayed: each player slides one puck again")
    assert scene.hand_count("left") == scene.gutter_shown("left") + 1 == 8   # the glowing puck


def test_the_early_knock_notice_never_covers_the_replay_buttons():
    app, scene = start(lagged())
    scene.play(Action("place_target", x=3300, y=MID_Y))
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 120, hy), seconds=0.12, steps=8)
    assert run_until(app, lambda: scene.flight is None and scene.match.phase == "place", 15)
    frames(app, 1)
    assert scene.b_replay.visible and scene.b_knock.visible
    key(app, pygame.K_k)                             # 7 in hand: a knock that means nothing
    frames(app, 1)
    assert app.toasts.current is None                # no toast over the bottom of the screen
    assert "only counts" in scene.explanation()
    box = hud.explanation_rect(scene, scene.match.last.rule)
    assert not box.colliderect(scene.b_replay.rect) and not box.colliderect(scene.b_slow.rect)


# --- the hint (issue 17 §2, decision 13) --------------------------------------------------
def wait_decision(app, scene):
    assert run_until(app, lambda: not scene.session.thinking, 60)
    frames(app, 1)


def test_hint_between_two_people_shows_the_experts_shot_and_marks_the_turn():
    app, scene = start(lagged())
    scene.play(Action("place_target", x=3300, y=MID_Y))
    assert scene.b_hint.visible
    key(app, pygame.K_h)
    wait_decision(app, scene)
    guide = scene.hint_guide()
    assert guide is not None and guide.x1 > guide.x0 and guide.speed > 1000   # toward the target
    assert f"{guide.speed / 1000:.1f} m/s" in scene.explanation()              # and how fast
    assert scene.snapshot().guide == guide                                    # drawn as the guide
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 120, hy), seconds=0.12, steps=8)
    assert run_until(app, lambda: scene.flight is None, 15)
    shot_turn = len(scene.log) - 1
    assert shot_turn in scene.hinted and "hint" in scene.shot_label()
    assert shot_turn in app.saves.load("mississippi")["hinted"]


def test_hint_is_off_by_default_against_the_expert_and_on_with_the_option():
    expert = (PlayerSpec("Ann"), PlayerSpec("Computer", "ai", "expert"))
    m = lagged()
    m.place_target(3300, MID_Y)                      # Ann shoots at the computer's target
    app, scene = start(m, players=expert)
    assert scene.flicker() == ("left", "shot")
    assert not scene.hint_allowed() and not scene.b_hint.visible
    key(app, pygame.K_h)
    assert scene.session.ai.key is None and scene.hint_guide() is None   # nothing asked
    app, scene = start(m, players=expert, options={"hints": "on"})       # the setup option
    assert scene.hint_allowed() and scene.b_hint.visible
    app, scene = start(m, players=(PlayerSpec("Ann"), PlayerSpec("Computer", "ai", "intermediate")))
    assert scene.hint_allowed()


def test_M_L2_the_role_chosen_says_who_chose():
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 3300)}))
    m.lag_shot(Report({1: P("table", 3300), 2: P("table", 1500)}))
    app, scene = start(m)
    frames(app, 1)
    scene.choose("placer")
    assert scene.explanation() == "Ann chose to be placer."


def live(app, max_seconds=60.0, dt=1 / 60):
    """Run the frames the shell's main loop runs (``App.run``): fixed steps and a draw only
    while a frame is wanted or the scene's timers run. True once the shell would go idle
    (sleep until an event: nothing on screen moves any more), False if it still runs after
    ``max_seconds`` of game time. Time is game time: no sleeps, whatever the load."""
    t = 0.0
    while t < max_seconds:
        if not app.wants_frame() and not app.stepping():
            return True
        app.advance(dt)
        app.draw()
        t += dt
    return False


def camera_on(scene, side):
    """The close view rests on ``side``'s end: its gutter at the window's edge."""
    v = scene.view
    return v.settled and v.focus == v.end_focus(side)


def test_after_a_replay_the_camera_goes_back_to_the_placer_then_to_the_shooter():
    """The new player's bug: after R the view stayed where the replay ended (mid-table),
    the placer could not reach their gutter, and nothing but quit + Resume brought it back."""
    app, scene = start(lagged())                     # Ann shoots, Bob places at the right
    assert scene.play(Action("place_target", x=3300, y=MID_Y))
    assert live(app)
    assert camera_on(scene, "left")                  # the shooter's end while aiming
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 300, hy), seconds=0.12, steps=8)
    assert run_until(app, lambda: scene.flight is None, 15)
    m = scene.match
    assert m.phase == "place"
    assert live(app)                                 # the turn's pause and pan ran out
    placer = m.placer
    assert camera_on(scene, placer)
    key(app, pygame.K_r)                             # replay the shot
    assert scene.replay is not None
    assert live(app)
    assert scene.replay is None and scene.match.phase == "place"
    assert camera_on(scene, placer)                  # back on the placer's gutter
    gx, gy = scene.view.to_design(*scene.placer_glow_spot())
    assert scene.view.layout.main.contains(gx, gy)   # the puck to drag from is on screen
    assert scene.play(Action("place_target", x=3300 if placer == "right" else 470, y=MID_Y))
    shooter = scene.match.shooter
    assert live(app) and camera_on(scene, shooter)
    key(app, pygame.K_r)                             # replay the same shot while aiming
    assert scene.replay is not None
    assert live(app)
    assert scene.replay is None and camera_on(scene, shooter)
    assert scene.view.visible(*scene.hand_spot(shooter))


def test_after_a_replay_of_the_first_lag_the_camera_is_on_the_second_lagger():
    app, scene = start()
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 150, hy), seconds=0.25, steps=15)   # Ann's lag
    assert run_until(app, lambda: scene.flight is None, 15)
    assert scene.match.phase == "lag" and scene.match.lag_side == "right"
    assert live(app) and camera_on(scene, "right")
    key(app, pygame.K_r)
    assert scene.replay is not None
    assert live(app)
    assert scene.replay is None and camera_on(scene, "right")   # Bob's puck is on screen
    assert scene.view.visible(*scene.hand_spot("right"))


def test_a_click_on_the_overview_strip_moves_the_close_view_there_and_a_click_beside_brings_it_back():
    app, scene = start(lagged())
    assert scene.play(Action("place_target", x=3300, y=MID_Y))
    assert live(app) and camera_on(scene, "left")
    v = scene.view
    target = scene.match.table[scene.match.target]
    assert not v.visible(target.x, target.y)         # the target is 2.8 m away
    ox, oy = v.overview_to_design(target.x, target.y)
    post(app, pygame.MOUSEBUTTONDOWN, pos=(round(ox), round(oy)), button=1, touch=False)
    post(app, pygame.MOUSEBUTTONUP, pos=(round(ox), round(oy)), button=1, touch=False)
    assert live(app)
    assert v.settled and v.visible(target.x, target.y)
    assert scene.match.phase == "shoot" and scene.aim is None     # nothing was thrown
    # a click on the close view that takes no puck: back to the shooter's end
    post(app, pygame.MOUSEBUTTONDOWN, pos=(640, 300), button=1, touch=False)
    post(app, pygame.MOUSEBUTTONUP, pos=(640, 300), button=1, touch=False)
    assert live(app) and camera_on(scene, "left")


def test_replay_draws_each_fallen_puck_once_not_also_in_the_gutter():
    """The playtest (s030): the replay showed both fallen pucks on the table *and* in the
    gutter (15 + 2 of 16). While a replay runs, the pucks in the gutters plus the pucks
    the replay draws (on the table or falling, M-O3) are the pucks in play, every frame."""
    app, scene = start(lagged())
    assert scene.play(Action("place_target", x=3300, y=MID_Y))
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 260, hy), seconds=0.08, steps=8)      # hard: into the gutter
    assert run_until(app, lambda: scene.flight is None, 15)
    key(app, pygame.K_r)
    rp = scene.replay
    assert rp is not None
    assert any(s.startswith("gutter") for s in rp.fates.values())    # something fell for real
    seen = 0
    while scene.replay is not None and seen < 2000:
        drawn = sum(1 for p in rp.sim.world.pucks().values() if p.state != "off_table")
        assert scene.gutter_shown("left") + scene.gutter_shown("right") + drawn \
            == scene.match.in_play == 16
        frames(app, 1)
        seen += 1
    assert scene.replay is None


def test_M_L3_a_lag_puck_that_flew_off_says_replay_the_lag_and_its_note_goes_with_the_result():
    """The playtest (h012): Bob's lag puck flew off, so no lag puck rested in the far zone —
    the box said only where it went, never "replay the lag", and that note stayed into
    the next lag round."""
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 1500)}))        # Ann's: short of the far zone
    app, scene = start(m)
    finish_lag(app, scene, "off_table", 3800)        # Bob's flies off: M-L3
    assert scene.match.last.code == "lag-replay"
    text = scene.explanation()
    assert "flew off the table" in text and "the lag is replayed" in text
    key(app, pygame.K_RETURN)                        # the result seen: the lag again
    text = scene.explanation()
    assert "flew off" not in text and text.startswith("No lag puck stopped") and "replayed" in text


def test_shot_label_counts_the_shots_after_the_lag_only():
    """The playtest: "shot 20" under a lag text; the lag's slides are "lag", the first
    shot after the lag is "shot 1"."""
    app, scene = start()
    assert scene.shot_label() == "lag" or scene.match.shots == 0
    app, scene = start(lagged())
    assert scene.match.shots >= 2 and scene.shot_label() == "lag"     # the lag just won
    assert scene.play(Action("place_target", x=3300, y=MID_Y))
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 120, hy), seconds=0.12, steps=8)
    assert run_until(app, lambda: scene.flight is None, 15)
    assert scene.shot_label().startswith("shot 1")


def test_M_R8_knock_sits_below_the_shooters_end_and_standing_fits_its_button():
    """The playtest: the Knock button sat in the left bay while Orange (right) shot, and
    "Standing (S)" ran over its button; the placer's headline was cut at "(S, ←/→ to"."""
    from ludotheque import theme
    m = lagged("right")                                # Bob (right) shoots, Ann places
    m.gutter["right"], m.gutter["left"] = 1, 15 - len(m.table)
    app, scene = start(m)
    hud.refresh_buttons(scene)
    assert scene.b_knock.visible and scene.b_knock.rect.left > 640       # Bob's side
    scene.match.knocked = True                           # M-R9: a standing target now
    scene.standing = True
    hud.refresh_buttons(scene)
    assert scene.b_stand.visible and scene.b_stand.rect.right < 640      # Ann's side
    label = scene.b_stand.label() if callable(scene.b_stand.label) else scene.b_stand.label
    assert theme.font(scene.b_stand.size).size(label)[0] <= scene.b_stand.rect.w - 6
    sub = scene.instruction()
    assert "turn" in sub
    sizes = [z for z in (theme.SMALL, 16, 15) if len(theme.wrap(sub, z, 510)) <= 2]
    assert sizes                                         # the whole instruction on two lines


def test_M_F4_the_flip_window_shows_its_seconds_left():
    """The playtest: the flip timer was a bar with no seconds."""
    app, scene = start(_flip_match())
    frames(app, 30)
    f = scene.snapshot().flip
    assert f is not None and not f.started
    assert 0.0 < f.window_s < scene.duel.race.window
    assert abs(f.window_s - f.window_frac * scene.duel.race.window) < 1e-9


def test_M_L1_a_fallen_lag_puck_stays_in_the_far_gutter_apart_and_counts_for_its_owner_after_the_lag():
    """trial4 (against the computer): the right player's lag puck fell into the left
    gutter; once the lag was decided it showed there beside the left player's hand *and*
    back in its owner's gutter (9 orange pucks drawn, "8 in hand"). While the result is on
    show it lies in the gutter it fell into, a row apart from that gutter's hand and
    ringed, and its owner's count says 7 with the panel saying where the 8th is."""
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 3300)}))        # Ann's lag rests in the far zone
    app, scene = start(m)
    finish_lag(app, scene, "gutter_left", 120)       # Bob's slides into Ann's gutter
    assert scene.hold is not None and scene.match.last.code == "lag-won"
    gutters = scene.snapshot().gutters
    assert gutters["right"].count("right") == 7      # Bob's 8 less the one that fell
    assert scene.hand_count("right") == 7 and scene.hand_count("left") == 7
    row = [i // 3 for i, o in enumerate(gutters["left"]) if o == "left"]      # 3 to a row
    assert gutters["left"].count("right") == 1 and gutters["left"].index("right") // 3 > max(row) + 1
    assert gutters["left"].count("left") == scene.gutter_shown("left") == 7
    drawn = sum(1 for g in gutters.values() for o in g if o is not None) + len(scene.lag_ghosts())
    assert drawn == 16                               # every puck drawn once (M-O6)
    with app.canvas.recording() as said:
        app.draw()
    assert any("far gutter" in text for text, *_ in said)            # the panel says whose
    key(app, pygame.K_RETURN)                        # seen: the rules gave it back (M-L3)
    assert scene.hand_count("right") == 8 and scene.snapshot().gutters["left"].count("right") == 0


def test_M_L2_M_L3_the_headline_between_lag_rounds_says_the_result_then_the_lag_again():
    """trial4: while the lag result was on show the headline already read "Lag: Ann slides
    a puck" (M-L3) or "Ann chooses a role" (M-L2) with no puck or button to use, and the
    fall's note hid who won."""
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 1500)}))        # short of the far zone
    app, scene = start(m)
    finish_lag(app, scene, "table", 1400)            # Bob's too: M-L3
    assert scene.hold is not None
    assert scene.headline() == "No lag puck in the far zone: lag again"
    assert scene.instruction() == "Click or press Enter to go on."
    key(app, pygame.K_RETURN)
    assert scene.headline() == "Lag again: Ann slides a puck"
    assert scene.instruction().startswith("Drag the glowing puck")

    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 3300)}))
    app, scene = start(m)
    finish_lag(app, scene, "gutter_left", 120)       # Bob's falls: Ann wins (M-L2)
    assert scene.headline() == "Ann wins the lag"
    text = scene.explanation()
    assert "fell into the gutter" in text and "closest to the far gutter" in text
    key(app, pygame.K_RETURN)
    assert scene.headline() == "Ann chooses a role" and scene.b_shooter.visible


def test_M_L1_a_first_lag_puck_that_flew_off_still_counts_off_the_table_while_the_result_shows():
    """The real-window trial (mpolish4): Blue's lag flew off, the computer's landed; on the
    result Blue read "8 in hand" and the panel's "1 lag puck off the table" was gone."""
    app, scene = start()
    finish_lag(app, scene, "off_table", 3770)        # Ann's flies off the table
    assert scene.hand_count("left") == 7 and scene.lag_out("left")["off table"] == 1
    finish_lag(app, scene, "table", 450)             # Bob's rests in the far zone: Bob wins
    assert scene.hold is not None and scene.match.last.code == "lag-won"
    assert scene.hand_count("left") == 7 and scene.lag_out("left")["off table"] == 1
    key(app, pygame.K_RETURN)
    assert scene.hand_count("left") == 8 and scene.lag_out("left")["off table"] == 0


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_M_E1_show_the_result_button_clears_the_overview_the_panels_and_the_headline(size):
    """missplay3 end_board_V: "Show the result (V)" lay over the overview strip's far
    gutter. With the board seen (V), the button overlaps nothing a player reads."""
    from ludotheque import theme as th

    m = _last_puck_match()
    m.knock()
    m.place_target(3300, MID_Y)
    app, scene = start(m)
    if size != (1280, 720):
        app.resize_surface(size)
    t, s = scene.match.target, scene.match.next_puck_id
    assert scene.play(Action("shot", report=Report({t: P("gutter_right"), s: P("gutter_right")})))
    frames(app, 2)
    key(app, pygame.K_v)
    frames(app, 2)
    assert scene.end.hidden and scene.end.show_btn.visible is not False
    button = pygame.Rect(scene.end.show_btn.rect)
    head = scene.headline()
    hw, hh = th.font(30, True).size(head)
    headline = pygame.Rect(0, 0, hw, hh)
    headline.center = (640, 22)
    for name, r in [("overview", pygame.Rect(scene.view.layout.overview)), ("headline", headline),
                    ("explanation", hud.TEXT_BOX), *hud.PANEL_RECTS.items()]:
        assert not button.colliderect(r), f"the button {button} covers the {name} {r}"
    assert pygame.Rect(0, 0, 1280, 720).contains(button)
