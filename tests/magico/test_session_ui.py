"""Magico on the shell's game session: who starts (drawn, alternating in a rematch),
hints that teach the arithmetic (decision 13, issue 17 §2), the review of a finished
game (issue 17 §3), a dead AI worker (issue 15 §6) and any text typed as a result
(issue 15 §5) — driven through the real app headless (tests/harness.py)."""

import os
import random
import signal
import time

import pygame
import pytest

from ludotheque import i18n, theme
from ludotheque.game import GameConfig, PlayerSpec
from magico import scene as scene_mod
from magico.controller import first_player
from magico.rules import Position, parse_cell
from magico.scene import MagicoScene, cell_rect
from tests.harness import click, frames, key, pixel, post, type_text
from tests.magico import slow_ai
from tests.magico.common import HUMANS, start

VS_EXPERT = (PlayerSpec("Ann"), PlayerSpec("", "ai", "expert"))
VS_BEGINNER = (PlayerSpec("Ann"), PlayerSpec("", "ai", "beginner"))
NEAR_END = "magico-classic RRRRRR/RRRRRR/.RR.../....../....../.....B r 1-14"
# Red's last token, 10 points each: a3 (3) completes a1–a2–a3 (8 + 4 + 3 = 15) and wins; a6 draws.
LAST_TOKEN = "magico-classic RRBRRR/R..R.R/..BBB./.R..R./...R.B/..BRRR r 1-9"
BLUE_TO_PLAY = "magico-classic ....../..B.../...B../....../....../.....R b 14-13"


def roll(app, scene):
    key(app, pygame.K_SPACE)
    for _ in range(600):
        if scene.phase != "rolling":
            break
        frames(app, 1)
    assert scene.phase != "rolling"


def at(name):
    return cell_rect(parse_cell(name)).center


def until(app, scene, predicate, max_frames=5000):
    """Frames until ``predicate()``; while the computer or the review is computing, wait for
    it (a state, not a time)."""
    for _ in range(max_frames):
        if predicate():
            return True
        if scene.session.thinking:
            scene.session.ai.wait(timeout=120)
        if scene.reviewing.computing:
            scene.reviewing.task.wait(timeout=120)
        frames(app, 1)
    return predicate()


# ------------------------------------------------------------------ who starts (G-2 as Glissando)

def test_who_starts_is_drawn_from_the_seed_and_said(app):
    seen = set()
    for seed in range(12):
        s = start(app, seed=seed)
        assert s.pos.to_move == first_player(seed)          # a seed repeats the draw
        assert s.name(s.pos.to_move) in s.note[0]            # "Drawn at random: Bob plays first."
        seen.add(s.pos.to_move)
        app.pop()
    assert seen == {"r", "b"}                                 # not always Red (issue 13 §3)


def test_rematch_alternates_who_starts(app):
    s = start(app, rolls=[(1, 3)], position=NEAR_END)
    roll(app, s)
    click(app, at("a6"))
    assert s.phase == "over"
    key(app, pygame.K_r)                                     # R: rematch
    second = app.top
    assert second is not s and second.pos.to_move == "b"
    assert second.save_data() is None                        # nothing saved before its first turn


def test_enter_on_the_end_panel_reviews_the_game_as_in_glissando(app):
    # trial3b 08/09: Enter started a rematch at once and the finished game's review was lost
    s = start(app, rolls=[(1, 3)], position=NEAR_END)
    roll(app, s)
    click(app, at("a6"))
    assert s.phase == "over"
    key(app, pygame.K_RETURN)
    assert app.top is s and (s.reviewing.computing or s.phase == "review")
    assert until(app, s, lambda: s.phase == "review")


def test_the_green_button_of_the_end_panel_is_the_one_Enter_presses(app):
    # gpolish4 (as Glissando's trial3b 19/20): Rematch was green while Enter reviewed
    s = start(app, rolls=[(1, 3)], position=NEAR_END)
    roll(app, s)
    click(app, at("a6"))
    s.draw(app.canvas)
    buttons = {"review": s.review_btn, "rematch": s.end.rematch_btn, "menu": s.end.menu_btn}
    assert [n for n, b in buttons.items() if pixel(app, (b.rect.x + 4, b.rect.centery)) == tuple(theme.GOOD)] == ["review"]


# ------------------------------------------------------------------ hints (decision 13)

def test_hints_are_off_by_default_against_expert_on_between_people_and_on_when_asked(app):
    s = start(app, players=VS_EXPERT, rolls=[(6, 3)], position=BLUE_TO_PLAY.replace(" b ", " r "), first="r")
    assert not s.hints_on
    app.pop()
    assert start(app, players=VS_BEGINNER).hints_on
    app.pop()
    assert start(app, players=HUMANS).hints_on
    app.pop()
    assert start(app, players=VS_EXPERT, hints="on").hints_on
    app.pop()
    s = start(app, players=VS_EXPERT, rolls=[(6, 3)], first="r")
    roll(app, s)
    type_text(app, "h")
    assert s.hint is None and "off" in s.note[0] and not s.ctl.hinted


def test_a_hint_teaches_the_arithmetic_first_and_shows_the_working_last(app):
    s = start(app, rolls=[(6, 3)], position=BLUE_TO_PLAY)
    roll(app, s)
    assert s.phase == "choose"
    shown = []
    for _ in range(4):                                       # three hints, then the last stays
        key(app, pygame.K_h, unicode="h")
        type_text(app, "h")
        shown.append(s.hint)
    assert [h[0] for h in shown] == [1, 2, 3, 3]
    first = shown[0][1].replace("\u00a0", " ")             # operations are kept whole (no-break spaces)
    assert "6 + 3" in first and "= 9" not in first           # an operation to work out, no answer
    assert "6 + 3 = 9" in shown[-1][1].replace("\u00a0", " ") and "e4" in shown[-1][1]   # the working, at last
    s.choose_op("6+3")
    type_text(app, "h")                                      # H while typing: the hint, not a digit
    assert s.entry.text == "" and s.hint[0] == 3 and not s.typed_refusal
    assert s.submit_result("9")
    click(app, at("e4"))
    assert s.turns == ["6,3 6+3=9 e4"]
    assert app.saves.load("magico")["hinted"] == [0]         # the turn is marked in the save
    resumed = MagicoScene(app, GameConfig(players=HUMANS, resume=app.saves.load("magico")))
    assert resumed.hinted == {0}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_K_7b_a_hint_during_a_forced_pass_says_there_is_no_move_and_why(app, lang):
    """Found by a new player (trial3b, 64-fr-magico-pass-hint): during a forced pass the
    hint said "Hint 1 of 3 — work out each operation…" as if there were something to
    find. One plain hint: no move, every operation and why; H again changes nothing; the
    pass is not marked as played with a hint (there was no choice)."""
    from magico import texts

    i18n.set_language(lang)
    try:
        full = "magico-classic ..R.../....B./.....R/.....B/.R..B./....R. r 11-12"   # 0s and 1s taken
        s = start(app, rolls=[(6, 6)], position=full)
        roll(app, s)
        assert s.phase == "pass"
        type_text(app, "h")
        first = s.hint
        type_text(app, "h")
        assert s.hint == first and first[0] == 0
        with app.canvas.recording() as drawn:
            s.draw(app.canvas)
        words = " ".join(t[0] for t in drawn).replace("\u00a0", " ")
        assert texts.hint_title(0) in words and ("1 of 3" not in words and "1 sur 3" not in words)
        text = first[1].replace("\u00a0", " ")
        assert ("no move" in text) if lang == "en" else ("Aucun coup" in text)
        assert "6 + 6 = 12" in text and "6 × 6 = 36" in text and "K-7b" in text
        key(app, pygame.K_RETURN)
        assert s.turns == ["6,6 pass"] and not s.hinted
    finally:
        i18n.set_language("en")


def test_a_hint_is_said_in_french(app):
    i18n.set_language("fr")
    s = start(app, rolls=[(6, 3)], position=BLUE_TO_PLAY)
    roll(app, s)
    assert s.ask_hint() and s.ask_hint() and s.ask_hint()
    text = s.hint[1].replace("\u00a0", " ")
    assert "6 + 3 = 9" in text and "e4" in text and "your" not in text and "jeton" in text


# ------------------------------------------------------------------ review (issue 17 §3)

@pytest.mark.parametrize("players", [HUMANS, (PlayerSpec("Ann"), PlayerSpec("", "ai", "master"))],
                         ids=["two people", "against Master"])
def test_review_marks_the_missed_placement_and_shows_the_better_one(app, players):
    s = start(app, players=players, rolls=[(1, 3)], position=LAST_TOKEN)
    roll(app, s)
    click(app, at("a6"))
    assert s.phase == "over" and s.pos.outcome().winner is None      # a draw
    key(app, pygame.K_w)
    assert s.reviewing.computing and s.animating             # computed off the main thread
    assert until(app, s, lambda: s.phase == "review")
    rv = s.reviewing.review
    assert rv.missed == (0,) and rv.turns[0].played == "1,3 any a6"
    best = rv.turns[0].best.split()[-1]
    assert rv.turns[0].points_missed >= 10 and best != "a6"
    frames(app, 1)
    r = cell_rect(parse_cell(best))
    assert pixel(app, (r.x + 4, r.centery)) == tuple(theme.GOOD)     # the better cell, marked
    key(app, pygame.K_ESCAPE)
    assert s.phase == "over"
    key(app, pygame.K_w)                                     # the second time: at once
    assert s.phase == "review"


# ------------------------------------------------------------------ a dead worker (issue 15 §6)

def test_killing_the_ai_worker_mid_decision_the_game_goes_on(app, monkeypatch):
    """The worker process is killed (SIGKILL) while the computer thinks: the fallback
    (the beginner level, on the spot) plays the computer's turn and the game goes on."""
    path = slow_ai.pid_file(os.getpid())
    if os.path.exists(path):
        os.remove(path)
    monkeypatch.setattr(scene_mod, "THINK", slow_ai.think_until_killed)
    try:
        s = start(app, players=(PlayerSpec("", "ai", "expert"), PlayerSpec("Ann")), first="r")
        for _ in range(12000):                                   # until the worker is thinking (a file)
            if os.path.exists(path) and os.path.getsize(path):
                break
            frames(app, 1)
            if s.session.thinking:
                time.sleep(0.01)                                 # polling for the file, not a fixed wait
        pid = int(open(path).read())
        assert pid > 1 and pid != os.getpid() and s.session.thinking
        os.kill(pid, signal.SIGKILL)
        assert until(app, s, lambda: len(s.turns) == 1)
        assert s.session.ai.failures == 1                        # the fallback chose
        assert s.pos.to_move == "b" and s.phase == "roll"        # Ann's turn: the game goes on
    finally:                                                 # never leave a worker thinking forever
        if os.path.exists(path):
            text = open(path).read().strip()
            if text.isdigit() and int(text) > 1 and int(text) != os.getpid():
                try:
                    os.kill(int(text), signal.SIGKILL)       # the thinking worker, by its id
                except OSError:
                    pass
            os.remove(path)


# ------------------------------------------------------------------ any text as a result (issue 15 §5)

CHARS = ("0123456789", "²³¹⁰⁴", "٠١٢٣٤٥٦٧٨٩", "०१२३", "０１２３", "①②⑩", "ⅫⅣ", "abcxyz", "+-*/=.,",
         "\x00\x01\x1b\x7f", "\u200b\u200d\u2060\ufeff", "\u0301\u0308", "\u202e\u05d0\u0627",
         "😀👩‍💻🏴", "\ud800", " \t\n")


def random_text(rng):
    n = rng.choice((1, 1, 2, 3, 5, 40, 5000))
    return "".join(rng.choice(rng.choice(CHARS)) for _ in range(n))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fuzz_any_text_typed_as_a_result_never_crashes(app, seed):
    """Every Unicode class a keyboard, a paste or an input method gives, typed into the
    assisted-off result entry and confirmed: never an exception; a number (any script's
    digits) is judged, anything else refused with a sentence; every turn recorded is legal."""
    rng = random.Random(seed)                                # replays (no str hash())
    s = start(app, seed=seed, first="r")
    tried = 0
    while tried < 150 and not s.pos.is_over:
        if s.phase == "roll":
            roll(app, s)
        elif s.phase == "choose":
            type_text(app, rng.choice("1234"))
        elif s.phase == "type":
            post(app, pygame.TEXTINPUT, text=random_text(rng))
            tried += 1
            key(app, pygame.K_RETURN)
            assert s.phase in ("type", "place", "wrong", "choose")
            if s.phase == "type":
                assert s.typed_refusal or s.entry.text
                s.entry.text = ""
            frames(app, 1)
        elif s.phase == "wrong":
            s.acknowledge_wrong()
        elif s.phase in ("place", "take"):
            click(app, cell_rect(min(s.glow)).center)
        elif s.phase == "pass":
            s.do_pass()
        else:
            frames(app, 1)
    assert tried == 150 or s.pos.is_over
    assert Position.start(first="r").play_all(s.turns) == s.pos      # every turn legal


# ------------------------------------------------------------------ quiet when nothing moves (issue 13 §2)

def test_a_board_waiting_for_a_person_goes_still_in_every_phase(app):
    """After the pulse's few seconds and the notes, a screen waiting for a person neither
    draws nor steps (the shell then sleeps in SDL's event wait)."""
    s = start(app, rolls=[(5, 2), (1, 4)], first="r")

    def still():
        frames(app, 60 * 12)                                 # 12 s of game time
        return not s.animating and not s.stepping

    assert s.phase == "roll" and still()
    roll(app, s)
    assert s.phase == "choose" and still()
    s.choose_op("5*2")
    s.submit_result("10")
    assert s.phase == "place" and still()
    click(app, at("c5"))
    roll(app, s)
    assert s.phase == "place" and len(s.glow) == 35 and still()      # K-6: every empty cell
