"""Magico's main phases for the frame-time benchmark (``benchmarks/frames.py``).

``phases(app, descriptor)`` puts the real :class:`magico.scene.MagicoScene` into each
phase through its public API and synthetic events (``tests/harness.py``) and yields
``(name, hold)``; ``hold`` (or None) runs untimed before every frame and keeps the phase
going. Turns in progress are resumed from the scene's own save (K-N1 start, K-N2 turns,
the dice state and the roll already made).

* ``rolling dice``: a person clicked Roll: the dice tumble (K-4); a new game is started
  and rolled again when they land (the landing frame, with its autosave, is measured).
* ``expression entry``: 5 and 2 rolled, ``5×2`` chosen (K-7): the result typed and
  erased on the keypad entry, one key a few frames.
* ``glowing cells``: a die shows 1 (K-6): every empty cell glows and pulses; the pointer
  moves over the board.
* ``turn end``: every measured frame handles the click on a glowing cell that plays the
  turn (K-N2) through the rules, redraws the cached board layers and autosaves (the
  shell writes the save with fsync on the main thread); rebuilt, untimed, before each.
* ``end screen``: a game the beginner AI played to the end (K-8 … K-10): the runs counted
  up one by one, then the winner.
* ``AI thinking (expert)``: a person against the expert, the expert's roll made, its
  decision on the worker thread; rebuilt when the decision arrives (the rebuilt scene's
  first draw, which renders its cached board layers, is not measured).
"""

from __future__ import annotations

import random

import pygame

from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from magico import ai
from magico.rules import Dice, Position
from magico.scene import cell_rect
from tests.harness import frames, key, move, type_text

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))


def _start(app, descriptor, *, turns=(), pending=None, players=HUMANS, seed: int = 11):
    """The scene resumed after ``turns`` (K-N2) with the roll ``pending`` already made."""
    start = Position.start(first="r")                 # the scene's option "first": "r" below
    pos = start
    for t in turns:
        pos = pos.play(t)
    resume = {"players": [p.to_dict() for p in players], "start": start.to_text(),
              "turns": list(turns), "position": pos.to_text(), "dice": Dice(seed).state(),
              "pending": list(pending) if pending else None}
    start_game(app, descriptor, GameConfig(players=players, seed=seed, resume=resume,
                                           options={"first": "r"}))
    return app.top


def finished_game(seed: int = 5) -> list[str]:
    """The K-N2 turns of a whole game the beginner AI plays against itself."""
    dice, rng = Dice(seed), random.Random(seed)
    p = Position.start(first="r")
    turns = []
    while not p.is_over:
        t = ai.choose_turn(p, dice.roll(), "beginner", rng)
        turns.append(t)
        p = p.play(t)
    return turns


def phases(app, descriptor):
    """Yield ``(name, hold)`` for each phase, the scene set up in it (see module doc)."""
    # rolling dice
    def new_roll():
        start_game(app, descriptor, GameConfig(players=HUMANS, seed=11, options={"first": "r"}))
        s = app.top
        frames(app, 1)                                # untimed: the new scene's first draw
        assert s.roll()
        return s

    cur = {"scene": new_roll()}

    def hold_roll():
        s = cur["scene"]
        step = s.session.timeline.current
        if s.phase != "rolling" or step is None or step.left <= 2 / 60:   # rebuilt before the dice land
            cur["scene"] = new_roll()

    yield "magico rolling dice", hold_roll

    # expression entry on the keypad
    scene = _start(app, descriptor, pending=(5, 2))
    assert scene.phase == "choose", scene.phase
    assert scene.choose_op("5*2")
    tick = {"i": 0}

    def hold_type():
        tick["i"] += 1
        if tick["i"] % 4 == 0:
            if len(scene.entry.text) < 2:
                type_text(app, "1")
            else:
                key(app, pygame.K_BACKSPACE)
        assert scene.phase == "type"

    yield "magico expression entry", hold_type

    # glowing cells (K-6: any empty cell)
    scene = _start(app, descriptor, turns=finished_game()[:6], pending=(1, 4))
    assert scene.phase == "place" and len(scene.glow) >= 20, (scene.phase, len(scene.glow))

    def hold_glow():
        tick["i"] += 1
        move(app, cell_rect((tick["i"] // 4) % 36).center)

    yield "magico glowing cells", hold_glow

    # the end of a turn: a click on a glowing cell plays it (rules, board redrawn, autosave)
    early = finished_game()[:6]
    last = {"scene": None, "ended": 0, "tried": 0}

    def hold_turn_end():
        prev = last["scene"]                      # check the last turn, then let it go
        if prev is not None:
            last["tried"] += 1
            last["ended"] += len(prev.turns) == len(early) + 1
        s = _start(app, descriptor, turns=early, pending=(1, 4))
        frames(app, 1)                                # untimed: the new scene's first draw
        pos = cell_rect(min(s.glow)).center
        for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(t, pos=pos, button=1, touch=False))
        last["scene"] = s

    hold_turn_end.max_frames = 60                            # a rebuilt scene per frame
    yield "magico turn end (rules + autosave)", hold_turn_end
    assert last["ended"] == last["tried"], "a turn did not end"
    last["scene"] = None

    # the end screen, counting the runs up
    scene = _start(app, descriptor, turns=finished_game())
    assert scene.phase == "over"
    yield "magico end screen", None

    # the computer thinking
    players = (PlayerSpec("Ann"), PlayerSpec("Expert", "ai", "expert"))
    turns = finished_game()[:9]                       # Blue (the expert) to move

    def think_scene():
        s = _start(app, descriptor, turns=turns, pending=(6, 3), players=players)
        assert s.phase == "ai", s.phase
        frames(app, 1)                                # untimed: the new scene's first draw
        return s

    th = {"scene": think_scene()}

    def hold_think():
        if not th["scene"].session.thinking:
            th["scene"] = think_scene()

    yield "magico AI thinking (expert)", hold_think
