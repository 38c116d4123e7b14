"""Glissando on the shell's session, seen as a player sees it: a drag never outlives
its position, hints with a reason (decision 13), the scored five, a killed AI worker,
the review of the game (issue 17 §3), refusals chosen by code (decision 5)."""

import functools
import os
import signal

import pygame
import pytest

from glissando import controller, hints, paint, texts
from glissando.demo import play
from glissando.descriptor import DESCRIPTOR
from glissando.review_scene import ReviewScene
from glissando.rules import IllegalTurn, Position, parse_cell
from glissando.scene import GlissandoScene, hints_on
from ludotheque.game import GameConfig, PlayerSpec
from tests.glissando import slow_ai
from tests.glissando.common import at, score_with_e1
from tests.harness import click, drag, frames, key, make_app, move, pixel, wait_for

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))
FOUR = "8/8/8/8/8/8/O7/BBBB2OO b 0-0 28-29 2"        # Blue to move: e1 makes five


@pytest.fixture
def app(tmp_path):
    return make_app([DESCRIPTOR], folder=tmp_path)


def start(app, text=None, players=HUMANS, options=None, turns=()):
    resume = None
    if text is not None:
        resume = {"start": text, "turns": list(turns), "seed": 3,
                  "players": [p.to_dict() for p in players]}
    scene = GlissandoScene(app, GameConfig(players=players, seed=3,
                                           options={"target": 2, **(options or {})}, resume=resume))
    app.push(scene)
    frames(app, 1)
    return scene


def drawn(app, scene):
    with app.canvas.recording() as got:
        scene.draw(app.canvas)
    return [t[0] for t in got]


# ------------------------------------------------------------------ the drag (fuzz crash)

def test_a_drag_is_dropped_when_undo_changes_the_position(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    click(app, at("a1"))
    key(app, pygame.K_RETURN)                            # Blue: a1
    click(app, at("h8"))                                 # Orange places, then presses h8 …
    drag(app, at("h8"), (at("h8")[0], at("h8")[1] + 40), release=False)
    assert scene.drag is not None and scene.drag.moves
    key(app, pygame.K_u)                                 # … and takes the placement back mid-drag
    assert scene.drag is None
    frames(app, 2)                                       # drawn with no ghost of a stale slide
    key(app, pygame.K_u)                                 # Blue's turn back too
    move(app, at("h1"), buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at("h1"), button=1, touch=False))
    frames(app, 2)
    assert scene.history == [] and scene.tip.stage == "place"


def test_a_drag_is_never_drawn_for_a_turn_it_was_not_computed_for():
    p = Position.from_text("8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    board = controller.Board(p)
    board.place(0)
    assert board.press(0, (400, 600)) and board.drag_to((460, 600))
    assert board.drag.target == parse_cell("h1")
    board.reset(p.play("a1"))                            # the position changed under the drag
    assert board.drag is None and board.release((470, 600)) is None


# ------------------------------------------------------------------ the scored five

def test_G_5_the_scored_five_is_marked_in_gold_through_its_cells(app):
    scene = start(app, FOUR)
    between = ((at("b1")[0] + at("c1")[0]) // 2, at("b1")[1])   # between two pawns of the line
    wood = pixel(app, between)
    click(app, at("e1"))
    key(app, pygame.K_RETURN)
    frames(app, 1)
    assert scene.tip.stage == "remove"
    gold = pixel(app, between)
    assert gold[:3] == paint.SCORED                       # the bold stroke through the five
    click(app, at("a1"))
    click(app, at("b1"))
    frames(app, 1)
    assert scene.history == ["e1 xa1 xb1"]
    assert pixel(app, between)[:3] == paint.SCORED       # still shown to the next player
    assert wood[:3] != paint.SCORED


# ------------------------------------------------------------------ hints (decision 13)

@pytest.mark.parametrize("players, on", [
    (HUMANS, True),
    ((PlayerSpec("Ann"), PlayerSpec("C", "ai", "intermediate")), True),
    ((PlayerSpec("Ann"), PlayerSpec("C", "ai", "expert")), False),
    ((PlayerSpec("C", "ai", "master"), PlayerSpec("Ann")), False)])
def test_hints_are_off_by_default_only_against_expert_and_master(players, on):
    assert hints_on("auto", players) is on
    assert hints_on("on", players) and not hints_on("off", players)


def test_H_shows_a_good_turn_and_why_and_the_move_list_marks_it(app):
    scene = start(app, FOUR)
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint is not None)
    _pos, turn, sentence = scene.hint
    assert turn.startswith("e1")                         # the point on offer (G-5)
    assert "completes the line" in sentence and "e1" in sentence
    assert sentence in " ".join(drawn(app, scene))
    score_with_e1(app)
    assert scene.history == ["e1 xa1 xb1"]
    assert "(hint)" in drawn(app, scene)
    assert app.saves.load("glissando")["hinted"] == [0]
    assert scene.hint is None                            # gone with the turn it was for


def test_hints_against_the_expert_wait_for_the_setup_option(app):
    cpu = (PlayerSpec("Ann"), PlayerSpec("C", "ai", "expert"))
    scene = start(app, FOUR, players=cpu)
    key(app, pygame.K_h)
    frames(app, 3)
    assert scene.hint is None and not scene.hint_task.thinking
    assert "Hint (H)" not in drawn(app, scene)
    scene = start(app, FOUR, players=cpu, options={"hints": "on"})
    assert "Hint (H)" in drawn(app, scene)


def test_the_hint_texts_are_the_hints_modules_sentences_translated():
    assert set(texts.HINTS) == set(hints.TEMPLATES)
    for k, template in hints.TEMPLATES.items():
        assert texts.HINTS[k]() == template


def test_refusals_are_chosen_by_code_not_by_the_english_message():
    odd = IllegalTurn("G-3: something else entirely", code="occupied")
    assert texts.refusal(odd) == "That cell is taken."
    try:
        Position.start().play("d4")
    except IllegalTurn as exc:
        assert texts.refusal(exc) == "Place on the edge or next to a pawn (G-3)."


# ------------------------------------------------------------------ a dead worker (issue 15 §6)

def test_killing_the_worker_mid_decision_the_game_goes_on(app, tmp_path, monkeypatch):
    pid_file = tmp_path / "thinking.pid"
    monkeypatch.setattr(GlissandoScene, "think_fn",
                        functools.partial(slow_ai.think_until_killed, str(pid_file)))
    cpu = (PlayerSpec("Ann"), PlayerSpec("C", "ai", "expert"))
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2", players=cpu)
    click(app, at("a1"))
    key(app, pygame.K_RETURN)
    assert scene.thinking
    wait_for(app, pid_file.exists)
    os.kill(int(pid_file.read_text()), signal.SIGKILL)
    wait_for(app, lambda: len(scene.history) == 2 and scene.anim is None)
    assert scene.pos.to_move == "b" and not scene.pos.is_terminal()
    assert scene.session.ai.failures == 1                # the fallback played Orange's turn
    click(app, at("h8"))                                 # and the person plays on
    key(app, pygame.K_RETURN)
    frames(app, 1)
    wait_for(app, lambda: len(scene.history) == 4 and scene.anim is None)   # a live worker again


# ------------------------------------------------------------------ the review (issue 17 §3)

def _won_by_e1(app, players):
    """Blue (1 point of 2) places e1, completes a1–e1 and removes a1, b1: the game is won
    (G-5, G-6); the scene at its end panel."""
    scene = start(app, "8/8/8/8/8/8/O7/BBBB2OO b 1-0 28-29 2", players=players)
    score_with_e1(app)
    assert scene.pos.is_terminal()
    return scene


@pytest.mark.parametrize("players", [HUMANS, (PlayerSpec("Ann"), PlayerSpec("C", "ai", "master"))],
                         ids=["two people", "against the computer"])
def test_U_after_the_winning_move_undoes_nothing_and_the_end_panel_stays(app, players):
    """Found by a new player: U took back the winning five (G-5), the game went on and
    the menu offered "Resume" for a finished game."""
    scene = _won_by_e1(app, players)
    turns = list(scene.log.turns)
    for k in (pygame.K_u, pygame.K_BACKSPACE):
        key(app, k)
        frames(app, 1)
    assert scene.undo() is False
    assert scene.log.turns == turns and scene.pos.is_terminal() and not scene.end.hidden
    assert not scene.undo_btn.enabled
    app.saves.flush()
    assert not app.saves.exists("glissando")              # the menu offers no "Resume"


@pytest.mark.parametrize("players", [HUMANS, (PlayerSpec("Ann"), PlayerSpec("C", "ai", "master"))],
                         ids=["two people", "against the computer"])
def test_the_review_opens_from_the_end_panel_and_steps_through_the_game(app, players):
    scene = _won_by_e1(app, players)
    assert "Review the game (Enter)" in drawn(app, scene)
    key(app, pygame.K_e)
    review = app.top
    assert isinstance(review, ReviewScene)
    wait_for(app, lambda: review.result is not None or review.failed)
    key(app, pygame.K_LEFT)
    assert review.replay.k == 0 and "Start of the game (1 turns)" in drawn(app, review)
    key(app, pygame.K_RIGHT)
    assert review.replay.position == scene.pos
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def reviewed(app, start_pos, turns):
    """The game of ``turns`` from ``start_pos`` played to its end in a scene (the last
    turn committed as the session does), then its review opened and its analysis
    answered: :returns: the review scene, on top."""
    scene = start(app, start_pos.to_text(), turns=turns[:-1])
    scene.session.commit(turns[-1])
    scene.board.reset(scene.pos)
    scene.open_review()
    review = app.top
    wait_for(app, lambda: review.result is not None)
    return review


def test_the_review_shows_the_turn_that_lost_and_the_one_that_held(app):
    start_pos, turns, end = play(3, levels=("beginner", "expert"), target=1)
    expected = controller.review_game(start_pos.to_text(), turns)
    m = next((x for x in expected["mistakes"] if x["decisive"]), None)
    assert m is not None, expected                       # the Beginner lost to a forced point
    review = reviewed(app, start_pos, turns)
    assert review.replay.k == m["index"]                 # it opens on the turning point
    said = " ".join(drawn(app, review))
    assert f"Turn {m['index'] + 1}: after {m['turn']}" in said
    if m["better"]:
        assert f"{m['better']} would have held." in said


def test_the_review_numbers_turns_as_the_move_list_and_names_the_last_turns_ring(app):
    # trial3b 22: the header read "After turn 9 of 11" while the text spoke of turn 10,
    # and the ring round the last turn's pawns was not in the ring legend
    from glissando.review_scene import LIST_BOX
    start_pos, turns, end = play(3, levels=("beginner", "expert"), target=1)
    review = reviewed(app, start_pos, turns)
    m = review.decisive
    n = m["index"] + 1                                  # the mistake's number in the move list
    frames(app, 1)
    said = drawn(app, review)
    assert f"Before turn {n} of {len(turns)}" in said
    assert any(t.startswith(f"Turn {n}: after {m['turn']}") for t in said)
    shown = [k for k in range(1, len(turns) + 1) if review.row_y(k) is not None]
    looks = {k: pixel(app, (LIST_BOX.x + 8, review.row_y(k) + 12)) for k in shown}
    usual = max(set(looks.values()), key=list(looks.values()).count)
    assert [k for k, c in looks.items() if c != usual] == [n]          # the row lit is that turn
    mover = review.replay.last[0].to_move                # turn n - 1, ringed in its colour
    ring = "blue" if mover == "b" else "orange"
    assert f"last turn: {n - 1} ({ring} ring)" in said
    key(app, pygame.K_END)
    assert f"End of the game ({len(turns)} turns)" in drawn(app, review)


def test_view_controller_and_texts_are_pure_and_stage_the_computers_turn():
    """The geometry, the controller and the texts import with pygame unimportable (the
    layers of design.md), and the controller stages a scoring turn as the placement then
    the removal (G-3, G-5: no slide step when the turn has none)."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['pygame'] = None\n"
            "import glissando.view, glissando.controller, glissando.texts\n"
            "from glissando.controller import Board, staged\n"
            "from glissando.rules import Position\n"
            "p = Position.from_text('8/8/8/8/8/8/O7/BBBB2OO b 0-0 28-29 2')\n"
            "steps, done = staged(p, 'e1 xa1 xb1')\n"
            "assert [s.kind for s in steps] == ['place', 'remove'] and done.stage == 'done'\n"
            "print('pure')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "pure", out.stderr


def test_a_save_names_the_turns_for_this_version_and_the_previous_one(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    click(app, at("a1"))
    key(app, pygame.K_RETURN)
    data = app.saves.load("glissando")
    assert data["turns"] == data["history"] == ["a1"] and data["hinted"] == []
    again = GlissandoScene(app, GameConfig(players=HUMANS, resume=data))
    assert again.pos == scene.pos


# ------------------------------------------------------------------ trial3 findings

def test_a_hint_for_another_placement_goes_away_once_the_player_places_elsewhere(app):
    # trial3 11/12: "Play e1…" stayed on screen after the player placed on h8
    scene = start(app, FOUR)
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint is not None)
    _pos, turn, sentence = scene.hint
    assert sentence in " ".join(drawn(app, scene))
    click(app, at("h8"))                                  # not the hinted placement
    assert scene.tip.stage == "slide"
    assert sentence not in " ".join(drawn(app, scene))


def test_a_hint_asked_after_placing_is_refused_and_does_not_mark_the_turn(app):
    # trial3b 58/70: H while choosing the slide showed nothing, yet "(hint)" marked the turn
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    click(app, at("a1"))
    assert scene.tip.stage == "slide"
    key(app, pygame.K_h)
    frames(app, 5)
    assert scene.hint is None and not scene.hint_task.thinking
    assert "before you place your pawn" in (app.toasts.current or "")
    key(app, pygame.K_RETURN)
    assert scene.history == ["a1"] and app.saves.load("glissando")["hinted"] == []


def test_a_hint_asked_before_closing_marks_the_turn_after_resume(app):
    # trial3 205 (decision 13 loophole): hint, close, resume, play: "(hint)" and the save
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    click(app, at("a1"))
    key(app, pygame.K_RETURN)                             # Blue: a1 (a save exists now)
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint is not None)
    app.autosave(scene)                                   # what closing the window does
    data = app.saves.load("glissando")
    assert data["hint_pending"] is True
    app.pop()
    again = GlissandoScene(app, GameConfig(players=HUMANS, resume=data))
    app.push(again)
    frames(app, 1)
    click(app, at("h8"))
    key(app, pygame.K_RETURN)
    assert again.history == ["a1", "h8"]
    assert app.saves.load("glissando")["hinted"] == [1]


def test_G_4_after_placing_the_arrows_slide_the_pawn_just_placed(app):
    # trial3 16: the pawn just placed looks selected; the arrows did nothing
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    click(app, at("d1"))
    key(app, pygame.K_UP)
    frames(app, 30)
    wait_for(app, lambda: scene.anim is None and scene.history)
    assert scene.history == ["d1 d1^"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_green_button_of_the_end_panel_is_the_one_Enter_presses(tmp_path, language):
    # trial3b 19/20: Rematch was drawn green (the primary look) while Enter opened the review
    from ludotheque import i18n, theme
    app = make_app([DESCRIPTOR], folder=tmp_path, language=language)
    scene = _won_by_e1(app, HUMANS)
    frames(app, 1)
    buttons = {"review": scene.review_btn, "rematch": scene.end.rematch_btn,
               "menu": scene.end.menu_btn, "board": scene.end.hide_btn}
    green = [name for name, b in buttons.items() if pixel(app, (b.rect.x + 5, b.rect.centery)) == theme.GOOD]
    assert green == ["review"]
    said = drawn(app, scene)                              # each button names its key
    assert i18n.domain("glissando")("Review the game (Enter)") in said
    assert i18n.domain("ludotheque")("Rematch (R)") in said
    assert "(Entrée)" in " ".join(said) if language == "fr" else "(Enter)" in " ".join(said)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ReviewScene)
    app.pop()
    key(app, pygame.K_r)                                  # R, named on the plain button, rematches
    assert app.top is not scene and isinstance(app.top, GlissandoScene) and not app.top.history


def test_enter_on_the_end_panel_opens_the_review_and_keeps_the_game(app):
    # trial3 139 c8/f8: Enter started a rematch at once and the review was lost
    from glissando.review_scene import ReviewScene
    scene = start(app, "8/8/8/8/8/8/O7/BBBB2OO b 1-0 28-29 2")
    score_with_e1(app, 2)
    assert scene.pos.winner == "b" and not scene.end.hidden
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ReviewScene)
    app.pop()
    assert app.top is scene and scene.history == ["e1 xa1 xb1"]
