"""The game session of the shell (issue 14 §1): turn log, saves, seats and names, the
computer's decision in the worker process, timed steps and the end panel — proved on a
fake game (tests/ludotheque/fake_rules.py, fake_game.py)."""

from __future__ import annotations

import concurrent.futures
import os
import random
import re
import signal
import time

import pygame
import pytest

from ludotheque import i18n, workers
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from ludotheque.session import AITask, GameSession, ReplayError, Timeline, Timer, TurnLog

from tests.harness import click, frames, key, make_app
from tests.ludotheque.fake_game import RaceScene, make_race_descriptor
from tests.ludotheque.fake_rules import Race, broken_think, think, think_until_killed, worker_pid

PEOPLE = (PlayerSpec("Ann"), PlayerSpec("Bob"))
VS_AI = (PlayerSpec("Ann"), PlayerSpec("Computer (Expert)", "ai", "expert"))
AIS = (PlayerSpec("x", "ai", "beginner"), PlayerSpec("y", "ai", "expert"))


@pytest.fixture
def app(tmp_path):
    return make_app([make_race_descriptor()], folder=tmp_path)


def start(app, players=PEOPLE, resume=None, seed=1) -> RaceScene:
    start_game(app, make_race_descriptor(), GameConfig(players=players, seed=seed, resume=resume))
    assert isinstance(app.top, RaceScene)
    return app.top


def until(app, scene, predicate, max_frames=20_000) -> bool:
    """Run frames until ``predicate()``; while the computer thinks, wait for its decision
    (a state, not a time: no test here depends on how fast the machine is)."""
    for _ in range(max_frames):
        if predicate():
            return True
        if scene.session.thinking:
            scene.session.ai.wait(timeout=120)
        frames(app, 1)
    return predicate()


def on_disk(app):
    app.saves.flush()
    return app.saves.load("race") if app.saves.exists("race") else None


# ------------------------------------------------------------------ the turn log

def test_turn_log_commits_through_the_rules_and_undoes():
    log = TurnLog(Race())
    for a in ("+2", "+1", "+2"):
        log.commit(a)
    assert log.state == Race(5, "b") and len(log) == 3 and log.previous == Race(3, "a")
    with pytest.raises(ValueError) as refused:
        log.commit("+7")
    assert refused.value.code == "bad-step" and len(log) == 3      # nothing recorded
    assert log.undo() == ["+2"] and log.state == Race(3, "a")
    assert log.truncate(0) == ["+2", "+1"] and log.state == Race() and log.turns == []


def test_turn_log_finds_the_last_turn_of_a_side():
    log = TurnLog(Race())
    for a in ("+1", "+1", "+1", "+1", "+1"):
        log.commit(a)
    assert log.last_index(lambda s: s.to_move == "b") == 3
    assert log.last_index(lambda s: s.to_move == "a") == 4
    assert TurnLog(Race()).last_index(lambda s: True) is None


def test_resume_replays_the_save_to_the_same_state():
    log = TurnLog(Race())
    for a in ("+2", "+2", "+1"):
        log.commit(a)
    again = TurnLog.from_save(log.to_save(), Race.from_text)
    assert again.turns == log.turns and again.states == log.states
    old_style = {"start": "0 a", "history": ["+2", "+2"]}            # Glissando's old key
    assert TurnLog.from_save(old_style, Race.from_text).state == Race(4, "a")


@pytest.mark.parametrize("data, said", [
    ([], "not an object"),
    ({"turns": []}, "no start position"),
    ({"start": "zero a", "turns": []}, "start position does not read"),
    ({"start": "0 a", "turns": "+1"}, "not a list"),
    ({"start": "0 a", "turns": ["+1", 2]}, "not a list"),
    ({"start": "0 a", "turns": ["+1", "+3"]}, "turn 2 '+3' does not replay"),
    ({"start": "0 a", "turns": ["+1"], "position": "2 b"}, "do not lead to the saved position"),
    ({"start": "0 a", "turns": ["+1"] * 100_001}, "more than 100000"),
])
def test_a_save_that_does_not_replay_is_refused_with_the_reason(data, said):
    with pytest.raises(ReplayError, match=re.escape(said)) as exc:
        TurnLog.from_save(data, Race.from_text)
    assert isinstance(exc.value, ValueError) and exc.value.code


# ------------------------------------------------------------------ timers

def test_timeline_runs_steps_in_order_and_carries_time_over():
    seen, line = [], Timeline()
    line.then(0.5, lambda: seen.append("place"), kind="place")
    line.then(0.25, lambda: (seen.append("slide"), line.then(0.25, lambda: seen.append("remove"))))
    line.update(0.4)
    assert seen == [] and line.kind() == "place" and line.current.progress == pytest.approx(0.8)
    line.update(0.4)                        # 0.3 s left over: the slide (0.25 s), then 0.05 s
    assert seen == ["place", "slide"] and line.current.elapsed == pytest.approx(0.05)
    line.update(0.5)
    assert seen == ["place", "slide", "remove"] and not line.busy


@pytest.mark.parametrize("dt", [1 / 120, 1 / 7, 0.5])
def test_timeline_fires_at_the_same_game_time_whatever_the_step(dt):
    fired, line, t = [], Timeline(), 0.0
    for d in (0.3, 0.9, 0.2):
        line.then(d, lambda: fired.append(round(t, 6)))
    while line.busy:
        t += dt
        line.update(dt)
    # a step ends within one update step of its due time: 0.3, 1.2, 1.4 s
    assert [abs(f - due) <= dt + 1e-9 for f, due in zip(fired, (0.3, 1.2, 1.4))] == [True] * 3


def test_timeline_clear_drops_the_steps_without_running_them():
    seen, line = [], Timeline()
    line.then(0.1, lambda: seen.append(1))
    line.clear()
    line.update(1.0)
    assert seen == [] and line.current is None


def test_a_timer_counts_down_once():
    t = Timer(0.5, kind="hold")
    assert not t.tick(0.3) and t.left == pytest.approx(0.2)
    assert t.tick(0.3) and t.done and t.progress == 1.0
    assert not t.tick(0.3)                  # already run out: said once


# ------------------------------------------------------------------ the computer's decision

class Immediate:
    """A submit that runs the call at once (no process), for the task's own logic."""

    def __call__(self, fn, *args):
        fut = concurrent.futures.Future()
        try:
            fut.set_result(fn(*args))
        except Exception as exc:  # noqa: BLE001
            fut.set_exception(exc)
        return fut


def test_decision_comes_once_with_its_key():
    task = AITask(Immediate())
    task.start(think, Race(8, "a"), "expert", random.Random(1), fallback=lambda: "+1", key="turn 5")
    d = task.poll()
    assert (d.value, d.key, d.fallback) == ("+2", "turn 5", False)
    assert task.poll() is None and not task.thinking


def test_an_ai_that_raises_falls_back_and_is_logged(caplog):
    task = AITask(Immediate())
    task.start(broken_think, Race(), "expert", random.Random(1), fallback=lambda: "+1")
    d = task.poll()
    assert d.fallback and d.value == "+1" and isinstance(d.error, RuntimeError)
    assert "failed" in caplog.text and "the AI's own bug" in caplog.text


def test_a_worker_that_refuses_the_call_falls_back():
    def refuse(fn, *args):
        raise RuntimeError("cannot schedule new futures after shutdown")
    task = AITask(refuse)
    task.start(think, Race(), "expert", random.Random(1), fallback=lambda: "+2")
    assert task.poll().value == "+2"


def test_a_cancelled_decision_is_never_played():
    fut = concurrent.futures.Future()
    task = AITask(lambda fn, *a: fut)
    task.start(think, Race(), "expert", random.Random(1), fallback=lambda: "+1")
    task.cancel()
    fut.set_result("+2") if not fut.cancelled() else None
    assert task.poll() is None and not task.thinking


def test_a_decision_that_never_comes_is_given_up():
    now = [0.0]
    restarted = []
    fut = concurrent.futures.Future()
    task = AITask(lambda fn, *a: fut, timeout=30, clock=lambda: now[0],
                  on_timeout=lambda: restarted.append(True))
    task.start(think, Race(), "expert", random.Random(1), fallback=lambda: "+1")
    now[0] = 29.0
    assert task.poll() is None
    now[0] = 31.0
    d = task.poll()
    assert d.fallback and isinstance(d.error, TimeoutError) and restarted == [True]


def test_killed_worker_process_falls_back_and_the_next_decision_gets_a_new_worker(tmp_path):
    """The worker process is killed for real in the middle of a decision (SIGKILL): the
    game gets the fallback's move, and the next decision runs in a new worker process."""
    first = workers.submit(worker_pid).result(timeout=120)
    assert first != os.getpid()
    pid_file = tmp_path / "thinking.pid"
    task = AITask(workers.submit)
    task.start(think_until_killed, str(pid_file), fallback=lambda: "+2")
    for _ in range(12000):                          # wait until the worker is thinking
        if pid_file.exists():
            break
        time.sleep(0.01)
    thinker = int(pid_file.read_text())
    assert thinker == first
    os.kill(thinker, signal.SIGKILL)
    task.wait(timeout=120)
    d = task.poll()
    assert d is not None and d.fallback and d.value == "+2"
    assert isinstance(d.error, concurrent.futures.process.BrokenProcessPool)
    second = workers.submit(worker_pid).result(timeout=120)
    assert second not in (first, os.getpid())        # a new worker process, not a thread


# ------------------------------------------------------------------ seats and names

def test_a_computer_seat_is_stored_as_kind_and_level_never_its_display_text():
    assert PlayerSpec("Computer (Expert)", "ai", "expert").to_dict() == {"kind": "ai", "level": "expert"}
    assert PlayerSpec("Ann").to_dict()["name"] == "Ann"
    assert PlayerSpec.from_dict({"kind": "ai", "level": "master"}).level == "master"
    with pytest.raises(ValueError):
        PlayerSpec.from_dict({"kind": "ai", "level": "grandmaster"})


def test_a_game_saved_in_english_shows_french_names_when_resumed_in_french(app):
    scene = start(app, VS_AI)
    assert scene.session.name("b") == "Computer" and scene.session.seats.full_name("b") == "Computer (Expert)"
    scene.play("+1")
    until(app, scene, lambda: len(scene.log) == 2)
    saved = on_disk(app)
    assert saved["players"][1] == {"kind": "ai", "level": "expert"}
    old = dict(saved, players=[saved["players"][0],                # a save of the last version
                               {"name": "Computer (Expert)", "kind": "ai", "level": "expert"}])
    i18n.set_language("fr")
    try:
        for data in (saved, old):
            seats = tuple(PlayerSpec.from_dict(p) for p in data["players"])   # as the menu's Resume
            again = start(app, seats, resume=data)
            assert again.session.name("b") == "Ordinateur"
            assert again.session.seats.full_name("b") == "Ordinateur (Expert)"
            assert again.session.name("a") == "Ann"
    finally:
        i18n.set_language("en")


def test_names_of_two_computers_and_of_people_who_typed_nothing_visible():
    cfg = GameConfig(players=AIS)
    s = GameSession(FakeApp(), cfg, game_id="race", sides=("a", "b"),
                    side_names=(lambda: "Left", lambda: "Right"))
    assert [s.name(x) for x in "ab"] == ["Computer 1", "Computer 2"]
    for typed in ("", "   ", "\u200b\u200b", "\x00", "\u0301\u0301", "\u202e"):
        s = GameSession(FakeApp(), GameConfig(players=(PlayerSpec(typed), PlayerSpec("Zoé"))),
                        game_id="race", sides=("a", "b"), side_names=(lambda: "Left", lambda: "Right"))
        assert s.name("a") == "Left" and s.name("b") == "Zoé", repr(typed)


# ------------------------------------------------------------------ saves

def test_a_new_game_keeps_the_saved_one_until_its_first_turn(app):
    """Issue 15 #1: a saved game in progress stays on disk when another game starts,
    through autosaves and a quit, until the new game's first turn is played."""
    old = start(app, PEOPLE)
    old.play("+2"); old.play("+2")
    saved = on_disk(app)
    assert saved["turns"] == ["+2", "+2"]
    new = start(app, PEOPLE)                             # a new game over the saved one
    new.session.autosave()
    app.quit()                                           # the quit-time save
    app.running = True
    frames(app, 5)
    assert on_disk(app) == saved
    new.play("+1")
    assert on_disk(app)["turns"] == ["+1"]


def answer(app, label: str) -> None:
    """Click the button ``label`` of the dialog on top (the question "resume it or start over?")."""
    from ludotheque.widgets import Dialog

    assert isinstance(app.top, Dialog), app.top
    button = next(b for b in app.top.buttons if b.label() == label)
    click(app, button.rect.center)


def start_with_a_save(app, *turns) -> dict:
    """A two-player race game with ``turns`` played (so saved), back to the menu, then
    its setup screen's Start: the question "Resume it / Start over" is up. :returns: the
    save as it was on disk before Start."""
    from ludotheque.menu import SetupScene

    old = start(app, PEOPLE)
    for turn in turns:
        old.play(turn)
    saved = on_disk(app)
    app.to_menu()
    app.push(SetupScene(app, make_race_descriptor()))
    click(app, app.top.start.rect.center)
    return saved


def test_two_players_then_start_from_the_menu_asks_and_start_over_keeps_the_saved_game(app):
    """Issue 15 #1: Start over a saved game asks first; "Start over" starts a new game and
    the saved one stays on disk, whole, until the new game's first turn is played."""
    saved = start_with_a_save(app, "+2")
    answer(app, "Start over")
    assert isinstance(app.top, RaceScene) and on_disk(app) == saved
    app.top.play("+1")
    assert on_disk(app)["turns"] == ["+1"]


def test_the_question_resume_it_resumes_the_saved_game(app):
    start_with_a_save(app, "+2", "+1")
    answer(app, "Resume it")
    assert isinstance(app.top, RaceScene) and app.top.log.turns == ["+2", "+1"]


def test_the_question_back_starts_nothing_and_keeps_the_save(app):
    from ludotheque.menu import SetupScene

    saved = start_with_a_save(app, "+2")
    key(app, pygame.K_ESCAPE)                             # Esc: the question's "Back"
    assert isinstance(app.top, SetupScene) and on_disk(app) == saved


def test_without_a_save_start_starts_at_once(app):
    from ludotheque.menu import SetupScene

    app.push(SetupScene(app, make_race_descriptor()))
    click(app, app.top.start.rect.center)
    assert isinstance(app.top, RaceScene)


def test_leaving_a_game_for_the_menu_lets_its_save_be_resumed_by_another_copy(app, tmp_path):
    """The menu releases the game's save lock (issue 15 §3): another SaveStore (another
    process's, as far as the lock is concerned) may then resume it."""
    import subprocess
    import sys

    def other_process_can_hold() -> bool:
        probe = ("import sys; from pathlib import Path; from ludotheque import instance; "
                 "print(instance.hold(Path(sys.argv[1])))")
        out = subprocess.run([sys.executable, "-c", probe, str(app.saves.lock_path("race"))],
                             capture_output=True, text=True, timeout=120)
        return out.stdout.strip() == "True"

    scene = start(app, PEOPLE)
    scene.play("+2")
    app.saves.flush()
    assert not other_process_can_hold()                # while it is played here
    app.to_menu()
    assert other_process_can_hold()                    # left for the menu: let go
    assert on_disk(app)["turns"] == ["+2"]             # autosaved on the way out


def test_a_demo_never_writes_or_deletes_the_players_save(app):
    """Brief 4: a demo (config.demo) writes its own save, never the player's."""
    old = start(app, PEOPLE)
    old.play("+2")
    saved = on_disk(app)
    app.to_menu()
    start_game(app, make_race_descriptor(), GameConfig(players=AIS, seed=3, demo=True))
    demo = app.top
    assert until(app, demo, lambda: demo.state.is_terminal())
    app.quit()
    assert on_disk(app) == saved
    assert demo.session.save_id == "race-demo"


def test_the_save_is_deleted_when_its_own_game_ends_and_not_before(app):
    scene = start(app, PEOPLE)
    for a in ("+2", "+2", "+2", "+2"):
        scene.play(a)
    assert on_disk(app)["position"] == "8 a"
    scene.play("+2")
    assert scene.state.is_terminal() and on_disk(app) is None
    assert scene.save_data() is None


def test_a_game_that_never_wrote_does_not_delete_another_games_save(app):
    old = start(app, PEOPLE)
    old.play("+1")
    saved = on_disk(app)
    other = GameSession(app, GameConfig(players=PEOPLE), game_id="race", sides=("a", "b"))
    other.end()                                          # it wrote nothing: not its save
    assert on_disk(app) == saved


def test_resume_by_replay_continues_where_the_game_was(app):
    scene = start(app, PEOPLE)
    for a in ("+2", "+1", "+2"):
        scene.play(a)
    again = start(app, PEOPLE, resume=on_disk(app))
    assert again.state == Race(5, "b") and again.log.turns == ["+2", "+1", "+2"]
    again.play("+1")
    assert on_disk(app)["turns"] == ["+2", "+1", "+2", "+1"]


def test_a_save_that_does_not_replay_is_set_aside_and_the_menu_stays(app):
    app.saves.save("race", {"players": [p.to_dict() for p in PEOPLE], "start": "0 a",
                            "turns": ["+1", "+9"]})
    start_game(app, make_race_descriptor(), GameConfig(players=PEOPLE, resume=on_disk(app)))
    assert not isinstance(app.top, RaceScene) and not app.saves.exists("race")
    assert list(app.saves.folder.glob("race.json.bad*"))


# ------------------------------------------------------------------ undo

def test_undo_two_people_takes_back_the_last_turn(app):
    scene = start(app, PEOPLE)
    scene.play("+2"); scene.play("+1")
    key(app, pygame.K_u)
    assert scene.log.turns == ["+2"] and on_disk(app)["turns"] == ["+2"]


def test_undo_against_the_computer_goes_back_to_the_persons_last_turn(app):
    scene = start(app, VS_AI)
    scene.play("+1")
    assert until(app, scene, lambda: len(scene.log) == 2)
    reply = scene.log.turns[1]
    scene.play("+1")
    assert until(app, scene, lambda: scene.session.timeline.busy)   # its reply is on show
    assert scene.undo() is True
    assert scene.log.turns == ["+1", reply] and scene.state.to_move == "a"
    assert not scene.session.timeline.busy               # the staged reply is gone


def test_undo_cancels_the_computers_decision_in_flight(app):
    scene = start(app, VS_AI)
    scene.play("+1")
    assert until(app, scene, lambda: len(scene.log) == 2)
    scene.play("+2")
    assert scene.session.thinking
    scene.session.undo()
    assert not scene.session.thinking and scene.state.to_move == "a"


def test_no_undo_in_a_game_of_two_computers(app):
    scene = start(app, AIS)
    assert until(app, scene, lambda: len(scene.log) >= 2)
    assert not scene.session.can_undo() and scene.session.undo() == []


def test_a_won_game_cannot_be_undone_and_leaves_no_save_to_resume(app):
    """Found by a new player: after the winning move, U took it back, the game went on
    and the menu offered "Resume" for a finished game. A finished game stays finished."""
    scene = start(app, PEOPLE)
    while not scene.state.is_terminal():
        scene.play("+2" if "+2" in scene.state.legal_actions() else "+1")
    assert on_disk(app) is None
    winning = list(scene.log.turns)
    assert not scene.session.can_undo() and scene.session.undo() == []
    key(app, pygame.K_u)
    assert scene.log.turns == winning and scene.state.is_terminal()
    assert on_disk(app) is None                          # nothing for the menu to resume


# ------------------------------------------------------------------ the whole game

def test_a_demo_plays_to_the_end_and_offers_a_rematch_with_the_next_seed(app):
    scene = start(app, AIS, seed=7)
    assert until(app, scene, lambda: scene.state.is_terminal())
    assert scene.state.outcome().winner in "ab"
    frames(app, 2)
    key(app, pygame.K_RETURN)                            # Enter: rematch
    assert app.top is not scene and isinstance(app.top, RaceScene)
    assert app.top.session.seed == 8 and len(app.top.log) <= 1


def test_the_end_panel_hides_to_show_the_board_and_goes_to_the_menu(app):
    scene = start(app, PEOPLE)
    for a in ("+2",) * 5:
        scene.play(a)
    frames(app, 1)
    key(app, pygame.K_v)
    assert scene.end.hidden
    key(app, pygame.K_v)
    assert not scene.end.hidden
    click(app, scene.end.menu_btn.rect.center)
    assert not isinstance(app.top, RaceScene)


def test_the_computer_falls_back_when_its_ai_fails_in_a_game(app, caplog):
    scene = start(app, VS_AI)
    scene.think_fn = broken_think
    scene.play("+1")
    assert until(app, scene, lambda: len(scene.log) == 2)
    assert scene.log.turns[1] == "+1" and scene.session.ai.failures == 1   # the fallback's move


# ------------------------------------------------------------------ the session alone

class FakeApp:
    """What a session needs of the app, recorded."""

    rng_seed = None

    def __init__(self):
        self.written, self.deleted = [], []
        self.saves = self

    def autosave(self, obj):
        data = obj.save_data()
        if data is not None:
            self.written.append(data)
        return data is not None

    def delete(self, game_id):
        self.deleted.append(game_id)

    def run_worker(self, fn, *args):
        return Immediate()(fn, *args)


def test_session_seed_comes_from_the_save_then_the_config():
    s = GameSession(FakeApp(), GameConfig(players=PEOPLE, seed=5), game_id="race", sides="ab")
    assert s.seed == 5 and s.seeded and s.rng(3).random() == random.Random(5 * 1009 + 3).random()
    r = GameSession(FakeApp(), GameConfig(players=PEOPLE, seed=5, resume={"seed": 42, "start": "0 a"}),
                    game_id="race", sides="ab")
    assert r.seed == 42
    assert GameSession(FakeApp(), GameConfig(players=PEOPLE), game_id="race", sides="ab").rematch_config().seed is None


def test_a_game_without_a_turn_log_saves_after_its_first_transition():
    """Mississippi's match: no log, its own fields, over when its phase says so."""
    phase = ["lag"]
    fake = FakeApp()
    s = GameSession(fake, GameConfig(players=PEOPLE), game_id="mississippi", sides=("left", "right"),
                    extra=lambda: {"match": {"phase": phase[0]}}, is_over=lambda: phase[0] == "over")
    assert s.save_data() is None
    s.turn_played()
    assert fake.written[-1]["match"] == {"phase": "lag"} and fake.written[-1]["players"][0]["name"] == "Ann"
    phase[0] = "over"
    s.turn_played()
    assert fake.deleted == ["mississippi"] and s.save_data() is None


def test_a_resumed_game_plays_on_with_the_options_it_was_started_with(app):
    """Found by a newcomer: Resume rebuilt the game with the *default* options, so a game
    started with hints on (or any variant) came back with them off."""
    from ludotheque.menu import resume_game

    game = race_with_an_option()
    start_game(app, game, GameConfig(players=PEOPLE, seed=1, options={"target": 3}))
    app.top.play("+2")
    app.to_menu()
    assert on_disk(app)["options"] == {"target": 3}
    resume_game(app, game)
    assert isinstance(app.top, RaceScene) and app.top.config.options == {"target": 3}
    assert app.top.log.turns == ["+2"]


@pytest.mark.parametrize("saved", [None, [], {"target": 9}, {"target": [1]}, {"target": "3"}, {"other": 1}])
def test_options_from_a_damaged_save_fall_back_to_their_defaults(saved):
    assert race_with_an_option().saved_options(saved) == {"target": 2}


def race_with_an_option():
    import dataclasses

    from ludotheque.game import Option

    return dataclasses.replace(make_race_descriptor(), options=(Option("target", lambda: "Target", (1, 2, 3), 2),))


@pytest.mark.parametrize("vs_ai", [False, True])
def test_every_setup_screen_fits_the_window_with_all_its_options(tmp_path, vs_ai):
    """Found by a newcomer: Magico against the computer (four options) put Start and Back
    below the foot of a 1280×720 window."""
    import main
    from ludotheque import theme
    from ludotheque.menu import SetupScene

    games = main.descriptors()
    app = make_app(games, folder=tmp_path)
    for game in games:
        setup = SetupScene(app, game)
        if vs_ai:                                  # the player steps the Mode row
            setup.focus.widgets[0].next()
        assert setup.vs_ai == vs_ai
        for widget in setup.focus.widgets:
            rect = widget.rect
            assert 0 <= rect.top and rect.bottom <= theme.H and rect.right <= theme.W, (game.id, rect)
