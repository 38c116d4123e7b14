"""What a whole two-player match in a real window found wrong on the Mississippi screen
(trial8, /work/coord/handover-trial8.md): the last puck flying off the table told as a
mere failure, "the lag is replayed" said before the second slide, a lag result gone by
itself, an early knock tagged with the wrong rule, a toast over the explanation box."""

import pygame
import pytest

from mississippi import hud
from mississippi.controller import LagHold
from mississippi.rules import Action, Match, PuckOutcome as P, Report
from tests.harness import frames, key, run_until
from tests.mississippi.test_scene import MID_Y, finish_lag, hand, lagged, sdrag, spost
from tests.mississippi.test_told import WHY, box_says, replayed_lag, start


def last_puck_shot(language, fates):
    """Ann (left) knocked for her last puck, Bob's target at 3300 mm; the shot ends with
    ``fates`` = (target's state, shot puck's state)."""
    m = lagged()
    while m.gutter["left"] > 1:
        t, s = m.place_target(3300, MID_Y), m.next_puck_id
        m.shot(Report({t: P("gutter_right"), s: P("gutter_right")}))
    m.knock()
    t, s = m.place_target(3300, MID_Y), m.next_puck_id
    app, scene = start(m, language)
    report = Report({t: P(fates[0], 3300 if fates[0] == "table" else 0.0),
                     s: P(fates[1], 3300 if fates[1] == "table" else 0.0)})
    assert scene.play(Action("shot", report=report))
    return app, scene


OFF = {"en": "flew off the table", "fr": "sorti"}   # "sortie(s) de la table"
NO_WIN = {"en": "no win", "fr": "pas de victoire"}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("fates", [("gutter_right", "off_table"), ("off_table", "off_table"),
                                   ("off_table", "gutter_right")])
def test_M_R10_a_last_shot_whose_pucks_flew_off_the_table_says_so_and_what_follows(language, fates):
    """trial8 (48-shot8-after): both pucks vanished, the box said only "The last shot did
    not drop both pucks…", and the player thought they had won."""
    app, scene = last_puck_shot(language, fates)
    m = scene.match
    assert m.last.rule == "M-R10" and m.winner is None and m.phase == "place"
    said = box_says(app, scene)
    assert OFF[language] in said and NO_WIN[language] in said       # why the vanished pucks lose
    assert scene.shown_rule() == "M-R10"
    if fates == ("off_table", "off_table"):
        assert said.startswith({"en": "Both pucks", "fr": "Les deux rondelles"}[language])


def test_M_R10_a_last_shot_that_stayed_on_the_table_says_nothing_of_flying_off():
    app, scene = last_puck_shot("en", ("table", "gutter_right"))
    said = box_says(app, scene)
    assert said.startswith("The last shot did not drop both pucks") and OFF["en"] not in said


@pytest.mark.parametrize("language", ["en", "fr"])
def test_M_L1_after_the_first_slide_of_a_replayed_lag_the_box_only_says_where_it_went(language):
    """trial8 (22-lag11-after, 24-lag13-after): after Blue's lag fell in, with Orange still
    to slide, the box read "…so the lag is replayed" as if the round were over."""
    app, scene = replayed_lag(language)
    assert WHY[language] in box_says(app, scene)                 # before the round: why (M-L3)
    finish_lag(app, scene, "gutter_right", 4000)                 # Ann's falls in the far gutter
    said = box_says(app, scene)
    assert WHY[language] not in said and ("gutter" in said or "dalot" in said)
    assert scene.shown_rule() == "M-L2"                          # a fallen puck never wins
    assert "Bob" in scene.headline()                             # whose slide it is now

    app, scene = replayed_lag(language)
    finish_lag(app, scene, "table", 3000)                        # Ann's rests: Bob to slide
    said = box_says(app, scene)
    assert WHY[language] not in said and "Ann" in said and "Bob" in said
    assert scene.shown_rule() == "M-L1"
    finish_lag(app, scene, "table", 1400)                        # Bob's short too: now decided
    assert scene.match.last.rule == "M-L3" and scene.hold is not None
    assert WHY[language] in box_says(app, scene)


def short_second_lag(app, scene, during=None):
    """Bob slides a short lag puck with a real flick; ``during`` is sent while it slides."""
    hx, hy = hand(scene, "right")
    sdrag(app, (hx, hy), (hx - 60, hy), seconds=0.12, steps=8)
    assert scene.flight is not None
    if during == "enter":
        key(app, pygame.K_RETURN)
    elif during == "click":
        spost(app, pygame.MOUSEBUTTONDOWN, pos=(640, 300), button=1, touch=False)
        spost(app, pygame.MOUSEBUTTONUP, pos=(640, 300), button=1, touch=False)
    assert run_until(app, lambda: scene.flight is None, 15)


@pytest.mark.parametrize("during", [None, "enter", "click"])
def test_M_L2_the_lag_result_of_a_short_slide_waits_until_the_players_go_on(during):
    """trial8 (25-lag14-after): Orange's lag stopped short within a second, and 5.5 s
    later the next round was waiting — the result and its "press Enter" had gone by
    themselves (a hold of 4 s). Between two people it now waits for the click or Enter it
    asks for, whatever arrived while the puck slid."""
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 3300)}))                    # Ann's rests in the far zone
    app, scene = start(m)
    short_second_lag(app, scene, during)
    assert scene.match.last.code == "lag-won" and scene.hold is not None
    frames(app, 600)                                             # ten seconds later
    assert scene.hold is not None and scene.headline() == "Ann wins the lag"
    assert scene.instruction() == "Click or press Enter to go on."
    assert len(scene.lag_ghosts()) == 2 and not scene.b_shooter.visible
    assert not scene.animating                                   # nothing moves: the shell rests
    key(app, pygame.K_RETURN)                                    # seen
    assert scene.hold is None
    assert run_until(app, lambda: scene.b_shooter.visible, 5)
    assert scene.headline() == "Ann chooses a role"


def test_M_L2_between_two_computers_the_lag_result_still_goes_on_by_itself():
    hold = LagHold((), left=1.0)
    assert not hold.tick(0.5) and hold.tick(0.5)
    waiting = LagHold((), left=None)
    assert not any(waiting.tick(10.0) for _ in range(10))


def test_M_R8_the_early_knock_notice_carries_the_rule_it_cites():
    """trial8 (99-early-knock): "Knock! It only counts before your last puck (M-R8)." under
    an M-R1 tag (the target's placing, the last decision)."""
    app, scene = start(lagged())
    scene.play(Action("place_target", x=3300, y=MID_Y))
    key(app, pygame.K_k)                                         # 8 in hand: means nothing
    with app.canvas.recording() as said:
        app.draw()
    drawn = [text for text, *_ in said]
    assert "M-R8" in drawn and "M-R1" not in drawn
    assert "only counts" in scene.explanation()
    assert scene.match.last.rule == "M-R1"                       # the rules decided nothing


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_M_U1_the_nothing_thrown_toast_never_covers_the_explanation_or_a_button(size):
    """trial8 (95-2560-after-slow-release): the toast lay over the box's text."""
    app, scene = start(lagged(), size=size)
    scene.play(Action("place_target", x=3300, y=MID_Y))
    frames(app, 1)
    shown = box_says(app, scene)
    hx, hy = hand(scene)
    sdrag(app, (hx, hy), (hx + 80, hy), seconds=0.2, steps=8, release=False)
    frames(app, 30)                                              # held still, then let go
    spost(app, pygame.MOUSEBUTTONUP, pos=(hx + 80, hy), button=1, touch=False)
    frames(app, 1)
    assert "let go while your hand is still moving" in (app.toasts.current or "")
    box = app.toasts.box(scene.toast_area)
    assert not box.colliderect(hud.TEXT_BOX)                    # the box's text stays readable
    assert not any(b.visible and box.colliderect(b.rect) for b in scene.buttons)
    assert pygame.Rect(0, 0, 1280, 720).contains(box)
    assert box_says(app, scene) == shown                         # and still says the same
    assert scene.flight is None
