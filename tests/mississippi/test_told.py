"""What the Mississippi screen tells a new player (trial4, a whole two-player match): why
a lag is replayed, why the puck in hand is not where it was, which line is the aim guide,
and an explanation that never runs into its box's edge — in English and French."""

import pygame
import pytest

from ludotheque import theme
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from mississippi import DESCRIPTOR, hud, paint
from mississippi.rules import PUCK_RADIUS, Action, Match, PuckOutcome as P, Report, TablePuck
from mississippi.table import Table
from mississippi.texts import OUTCOMES, hint_text, lag_fell_text, lag_replayed
from tests.harness import frames, key, make_app
from tests.mississippi.test_scene import MID_Y, _flip_match, finish_lag, hand, lagged, sdrag

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))
WHY = {"en": "No lag puck stopped in the far target zone, so the lag is replayed",
       "fr": "zone-cible d’en face, donc le tirage est rejoué"}


def start(match, language="en", options=None, size=None):
    app = make_app([DESCRIPTOR], language=language, size=size)
    resume = {"match": match.to_dict(), "players": [p.to_dict() for p in HUMANS],
              "options": options or {}}
    start_game(app, DESCRIPTOR, GameConfig(players=HUMANS, seed=5, options=options or {},
                                           resume=resume))
    return app, app.top


def box_says(app, scene) -> str:
    """The explanation box's lines as drawn (the recording canvas), joined."""
    with app.canvas.recording() as said:
        app.draw()
    lines = hud.explanation_lines(scene.explanation(), hud.explanation_rect(scene, scene.match.last.rule))[2]
    drawn = [text for text, *_ in said]
    assert all(line in drawn for line in lines)      # every wrapped line is on the screen
    return " ".join(lines)


def replayed_lag(language):
    """Both lag pucks short of the far zone: the result seen, the lag replayed (M-L3)."""
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 1500)}))
    app, scene = start(m, language)
    finish_lag(app, scene, "table", 1400)
    assert scene.hold is not None and scene.match.last.code == "lag-replay"
    key(app, pygame.K_RETURN)                        # seen: Lag again
    assert scene.match.phase == "lag" and scene.match.lag_rounds == 1 and scene.hold is None
    return app, scene


@pytest.mark.parametrize("language", ["en", "fr"])
def test_M_L3_a_replayed_lag_says_why_it_is_replayed_before_its_first_slide(language):
    """trial4 (10, 15, 21): through "Lag again" the box read only the lag's rule. After the
    first slide it says where that puck went, and whose slide it is (trial8: "so the lag
    is replayed" then read as if the round were over; test_trial8)."""
    app, scene = replayed_lag(language)
    assert WHY[language] in box_says(app, scene)                 # Ann to slide again
    finish_lag(app, scene, "table", 3000)                        # Ann's rests: Bob to slide
    assert scene.match.last.code == "lag-next" and scene.match.lag_side == "right"
    said = box_says(app, scene)
    assert WHY[language] not in said and "Bob" in said           # whose slide it is now


def test_M_L3_the_first_lag_round_does_not_say_it_is_replayed():
    app, scene = start(Match.new("Ann", "Bob"))
    assert WHY["en"] not in box_says(app, scene)
    finish_lag(app, scene, "table", 3000)
    assert scene.match.last.code == "lag-next" and WHY["en"] not in box_says(app, scene)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_M_U1_a_puck_in_hand_moved_off_its_spot_is_told_in_the_headline(language):
    """trial4 (21): Blue's lag puck lay where Orange's puck waits; Orange's appeared
    elsewhere with no word."""
    m = Match.new("Ann", "Bob")
    spot_x = Table().hand_x("right")
    m.lag_shot(Report({1: P("table", spot_x, MID_Y)}))          # Ann's on Bob's spot
    app, scene = start(m, language)
    assert scene.spot_moved("right") and scene.hand_spot("right")[1] != MID_Y
    with app.canvas.recording() as said:
        app.draw()
    head = " ".join(text for text, *_ in said)
    assert ("usual spot" if language == "en" else "place habituelle") in head
    # where nothing lies on it, the usual instruction
    app, scene = start(lagged())
    assert scene.play(Action("place_target", x=3300, y=MID_Y))
    assert not scene.spot_moved("left") and scene.instruction().startswith("Flick the puck")


def test_a_shooter_whose_spot_is_taken_is_told_too():
    m = lagged()
    m.place_target(3300, MID_Y)
    pid, m.next_puck_id = m.next_puck_id, m.next_puck_id + 1        # a puck left from a shot
    m.table[pid] = TablePuck(Table().hand_x("left"), MID_Y, "left")
    m.gutter["left"] -= 1
    app, scene = start(m)
    assert scene.match.phase == "shoot" and scene.spot_moved("left")
    assert "usual spot" in scene.instruction() and "target" in scene.instruction()


def test_the_line_to_the_target_is_dotted_in_the_targets_colour_never_the_guides_dashes(monkeypatch):
    """trial4 (24, 26): before a touch the line to the target was dashed like the aim guide."""
    app, scene = start(lagged(), options={"aim_guide": True})
    assert scene.play(Action("place_target", x=3300, y=MID_Y))
    frames(app, 5)
    drawn = []
    monkeypatch.setattr(paint, "dashed", lambda s, a, b, colour: drawn.append(("dashed", colour)))
    monkeypatch.setattr(paint, "dotted", lambda s, a, b, colour: drawn.append(("dotted", colour)))
    app.draw()
    target_owner = scene.match.table[scene.match.target].owner
    assert drawn == [("dotted", paint.COLOURS[target_owner])]   # before the touch: no dashes
    hx, hy = hand(scene)
    drawn.clear()
    sdrag(app, (hx, hy), (hx + 60, hy), seconds=0.2, steps=6, release=False)
    assert scene.aim is not None and scene.snapshot().guide is not None
    kinds = {k for k, _c in drawn}
    assert kinds == {"dashed", "dotted"}                         # guide dashed, target dotted
    assert {c for k, c in drawn if k == "dashed"} == {theme.ACCENT}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_every_explanation_keeps_a_margin_inside_its_box(language, size):
    """trial4 (63b): the French lag text touched the box's right edge at 1920×1080. Every
    outcome's text, as the glyphs are drawn at that size, ends at least the margin short of
    the edge and is shown whole."""
    app, scene = start(Match.new("Ann", "Bob"), language, size=size)
    scale = size[0] / 1280
    rect = hud.explanation_rect(scene, "M-L3")
    assert hud.TEXT_BOX.right - rect.right >= 16
    who = {"left": "Ann", "right": "Bob"}.get
    facts = {"chooser": "left", "side": "left", "next": "right", "winner": "left", "role": "shooter"}
    said = [lag_fell_text("Ann", "gutter_right") + " " + fn(lambda s: who(s) or "", facts)
            for fn in OUTCOMES.values()]                             # a note before it: the longest
    said.append(hint_text(3250.0) + " " + lag_replayed())            # a hint in a replayed lag
    for code, text in enumerate(said):
        sz, _gap, lines = hud.explanation_lines(text, rect, scale)
        assert " ".join(lines).split() == text.split(), (code, sz)        # nothing left out
        font = theme.font(round(sz * scale))
        assert max(font.size(line)[0] for line in lines) <= rect.w * scale, code


def test_M_U1_a_puck_let_go_over_a_resting_puck_says_it_left_from_beside_it():
    m = lagged()
    m.place_target(3300, MID_Y)
    pid, m.next_puck_id = m.next_puck_id, m.next_puck_id + 1
    m.table[pid] = TablePuck(600.0, MID_Y, "left")                 # a puck left from a shot
    m.gutter["left"] -= 1
    app, scene = start(m)
    scene.launch(600.0, MID_Y, 2000.0, 0.0, "shot")                # let go right over it
    assert scene.flight is not None and abs(scene.flight.record.y - MID_Y) >= 40
    assert "resting puck" in box_says(app, scene)
    app, scene = start(m)
    scene.launch(600.0, 80.0, 2000.0, 0.0, "shot")                 # clear of it: nothing said
    assert scene.flight is not None and "resting puck" not in scene.explanation()
    assert not scene.launch_moved(10.0, PUCK_RADIUS + 1.0)         # kept off the rail: no move


def test_M_L3_the_rule_tag_of_a_replayed_lag_names_the_rule_its_text_explains():
    """The box explains M-L3 at the start of "Lag again"; after the first slide it says
    where that puck went (M-L1, trial8), so the tag says M-L1 then; a first lag's steps
    keep M-L1."""
    def tags(app):
        with app.canvas.recording() as said:
            app.draw()
        return {text for text, *_ in said if text.startswith("M-")}

    app, scene = replayed_lag("en")
    assert tags(app) == {"M-L3"}
    finish_lag(app, scene, "table", 3000)                        # Ann's rests: Bob to slide
    assert scene.match.last.rule == "M-L1"
    assert tags(app) == {"M-L1"}
    m = Match.new("Ann", "Bob")
    first, _ = start(m)
    assert "M-L1" in tags(first)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_M_F3_M_U1_a_counter_puck_moved_off_its_spot_is_told_in_the_headline(language):
    """trial4: in the flip race (M-F) the shooter's counter puck waited beside its usual
    spot with no word, where lag and shot say so; the placer's keys stay on the line."""
    m = _flip_match()
    rest, m.next_puck_id = m.next_puck_id, m.next_puck_id + 1      # a puck left from a shot
    m.table[rest] = TablePuck(Table().hand_x("left"), MID_Y, "left")
    m.gutter["left"] -= 1
    assert m.phase == "flip" and m.table[rest].owner == "left"
    app, scene = start(m, language)
    assert scene.flicker() == ("left", "counter") and scene.spot_moved("left")
    with app.canvas.recording() as said:
        app.draw()
    head = " ".join(text for text, *_ in said)
    assert ("usual spot" if language == "en" else "place habituelle") in head
    assert ("Space to flip" if language == "en" else "Espace pour flipper") in head
    # with the spot free, the flip race's usual line
    app, scene = start(_flip_match(), language)
    assert scene.flicker() == ("left", "counter") and not scene.spot_moved("left")
    assert ("usual spot" if language == "en" else "place habituelle") not in scene.instruction()
