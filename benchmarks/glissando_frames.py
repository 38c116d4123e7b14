"""Glissando's main phases for the frame-time benchmark (``benchmarks/frames.py``).

``phases(app, descriptor)`` puts the real :class:`glissando.scene.GlissandoScene` into each
phase through its public API and synthetic pointer events (``tests/harness.py``) and
yields ``(name, hold)``; ``hold`` (or None) runs untimed before every frame and keeps the
phase going. Positions are G-N1 texts, resumed as the scene's own saves.

* ``placement``: a middle-game position, the pointer moving over the board: the hovered
  cell lit legal/illegal every frame (G-3).
* ``drag``: a pawn placed, one of the mover's pawns pressed and dragged: ghost pawns at
  the end of the chain (G-4), the pointer turning between the legal directions.
* ``slide animation``: the pawn released, the chain sliding (G-4b); the scene is rebuilt
  from the same save before each slide ends (the end of a turn has its own row).
* ``turn end``: every measured frame handles an Enter ("no slide", G-4) that closes the
  turn through the rules, records it and autosaves (the shell writes the save with
  fsync on the main thread); the scene is rebuilt, untimed, before each frame.
* ``removal choice``: a five in a row after the slide (G-5): the line flashes, the legal
  pawns are ringed, one is picked, the pointer moves over the others.
* ``win screen``: the second point scored (G-6): the result panel, the pointer over it.
* ``AI thinking``: a person against the expert, the expert deciding on the worker thread
  (``app.run_worker``) while the scene draws; rebuilt when the decision arrives.
"""

from __future__ import annotations

import pygame

from glissando.rules import IllegalTurn, Position
from glissando.scene import cell_center
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from tests.harness import click, frames, move, post

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))
MIDDLE = "O4O1O/B7/7O/8/O7/7B/7B/2BBBOBO b 0-0 25-25 2"     # Blue to move
FOUR = "BBBB4/OOO5/8/8/8/8/8/8 b 1-0 28-29 2"               # Blue to move, e8 makes five
AI_TO_MOVE = "BOB1O1BO/OO2O1BB/1B6/1B4BB/O5O1/BO3B1B/B4OOO/BO1O1B1O o 0-0 17-17 2"
DIRS = {"^": (0, -1), "v": (0, 1), "<": (-1, 0), ">": (1, 0)}


def _px(sq: int) -> tuple[int, int]:
    x, y = cell_center(sq)
    return round(x), round(y)


def _sq(name: str) -> int:
    return (int(name[1]) - 1) * 8 + ord(name[0]) - 97


def _start(app, descriptor, text: str, players=HUMANS):
    """The scene resumed at position ``text`` (a save with no turns played yet)."""
    resume = {"players": [p.to_dict() for p in players], "seed": 3, "start": text, "history": []}
    start_game(app, descriptor, GameConfig(players=players, seed=3, options={"target": 2},
                                           resume=resume))
    return app.top


def _placed(app, descriptor, text: str, cell: str | None = None):
    """The scene at ``text`` with the mover's pawn placed (clicked) on ``cell`` (or the
    first legal cell)."""
    scene = _start(app, descriptor, text)
    cell = cell or Position.from_text(text).legal_placements()[0]
    click(app, _px(_sq(cell)))
    assert scene.tip.stage == "slide", scene.tip.stage
    return scene


def _game_positions(text: str, n: int) -> list[tuple[str, str]]:
    """``n`` positions of a game from ``text``, each with the cell its mover places on:
    the turns are "place on the k-th legal cell, no slide" (G-3, G-4), so the sides
    alternate and every position, placement mask and move list differs."""
    out, pos = [], Position.from_text(text)
    for k in range(n):
        cells = pos.legal_placements()
        for j in range(len(cells)):                 # the first that ends the turn (no five)
            cell = cells[(5 * k + j) % len(cells)]
            try:
                after = pos.play(cell)
            except IllegalTurn:
                continue
            break
        out.append((pos.to_text(), cell))
        pos = after
    return out


def phases(app, descriptor):
    """Yield ``(name, hold)`` for each phase, the scene set up in it (see module doc)."""
    # placement with the hover highlight
    _start(app, descriptor, MIDDLE)
    cells = list(range(64))
    tick = {"i": 0}

    def hold_hover():
        tick["i"] += 1
        move(app, _px(cells[(tick["i"] // 3) % 64]))

    yield "glissando placement (hover)", hold_hover

    # a drag with ghost pawns
    scene = _placed(app, descriptor, MIDDLE)
    slides = scene.tip.legal_slides()
    sq = max({s for s, _d in slides}, key=lambda s: sum(1 for t, _ in slides if t == s))
    dirs = [d for s, d in slides if s == sq]
    x0, y0 = _px(sq)
    move(app, (x0, y0))
    post(app, pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=pygame.BUTTON_LEFT, touch=False)

    def hold_drag():
        tick["i"] += 1
        dx, dy = DIRS[dirs[(tick["i"] // 20) % len(dirs)]]
        r = 30 + tick["i"] % 20
        move(app, (x0 + dx * r, y0 + dy * r), buttons=(1, 0, 0))

    hold_drag()
    assert scene.drag is not None and scene.drag.moves, scene.drag
    yield "glissando drag (ghost pawns)", hold_drag

    # the slide animation
    def new_slide():
        s = _placed(app, descriptor, MIDDLE)
        sl = max(s.tip.legal_slides(), key=lambda t: len(s.tip.slide_moves(*t)))
        assert s.slide(*sl)
        return s

    cur = {"scene": new_slide()}

    def hold_slide():
        a = cur["scene"].anim
        if a is None or a.elapsed >= a.duration - 2 / 60:     # rebuilt before the turn ends
            cur["scene"] = new_slide()

    yield "glissando slide animation", hold_slide

    # the end of a turn: Enter ("no slide") closes it through the rules and autosaves
    last = {"scene": None, "turns": 0, "ended": 0, "tried": 0}

    def hold_turn_end():
        prev = last["scene"]                      # check the last turn, then let it go
        if prev is not None:
            last["tried"] += 1
            last["ended"] += len(prev.history) == last["turns"] + 1
        s = _placed(app, descriptor, MIDDLE)
        last["scene"], last["turns"] = s, len(s.history)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))

    hold_turn_end.max_frames = 60                            # a rebuilt scene per frame
    yield "glissando turn end (rules + autosave)", hold_turn_end
    assert last["ended"] == last["tried"], "a turn did not end"
    last["scene"] = None

    # the same, as in a game: each turn end in a new position, and the frame after it
    games = _game_positions(MIDDLE, 12)
    seq = {"i": 0, "scene": None, "ended": 0, "checked": 0}

    def hold_new_turn_end():
        seq["i"] += 1
        if seq["i"] % 2:                                     # odd: the turn's end
            text, cell = games[(seq["i"] // 2) % len(games)]
            seq["scene"] = _placed(app, descriptor, text, cell)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="\r", scancode=0))
        elif seq["scene"] is not None:                       # even: the frame after
            seq["checked"] += 1
            seq["ended"] += len(seq["scene"].history) == 1

    hold_new_turn_end.max_frames = 60
    yield "glissando turn end, new positions (and the frame after)", hold_new_turn_end
    assert seq["ended"] == seq["checked"], "a turn did not end"

    # the removal choice
    scene = _placed(app, descriptor, FOUR, "e8")
    scene.skip_slide()
    assert scene.tip.stage == "remove"
    run = sorted(scene.tip.removable_with(None))
    click(app, _px(run[0]))                                 # the first pawn picked
    assert scene.remove_first == run[0]

    def hold_remove():
        tick["i"] += 1
        move(app, _px(run[1 + (tick["i"] // 10) % (len(run) - 1)]))

    yield "glissando removal choice", hold_remove

    # the win screen
    scene = _placed(app, descriptor, FOUR, "e8")
    scene.skip_slide()
    run = sorted(scene.tip.removable_with(None))
    click(app, _px(run[0]))
    click(app, _px(run[1]))
    assert scene.pos.over, scene.pos

    def hold_win():
        tick["i"] += 1
        move(app, (640, 380 + (tick["i"] % 200)))

    yield "glissando win screen", hold_win

    # the computer thinking (expert, worker thread)
    players = (PlayerSpec("Ann"), PlayerSpec("Expert", "ai", "expert"))
    think = {"scene": _start(app, descriptor, AI_TO_MOVE, players)}
    assert think["scene"].thinking

    def hold_think():
        if not think["scene"].thinking:
            think["scene"] = _start(app, descriptor, AI_TO_MOVE, players)
            frames(app, 1)                            # untimed: the new scene's first draw

    yield "glissando AI thinking (expert)", hold_think
