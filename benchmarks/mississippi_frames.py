"""Mississippi's main phases for the frame-time benchmark (``benchmarks/frames.py``).

``phases(app, descriptor)`` puts the real :class:`mississippi.scene.MississippiScene` into
each phase and yields ``(name, hold)``; ``hold`` (or None) runs untimed before every frame
and keeps the phase going:

* ``lag``: a new match, two people at one computer, the glowing lag puck (M-L1).
* ``placing``: the placer drags the target from the gutter over the target zone (M-R1),
  the pointer sweeping in and out of the zone (the legal/illegal ring every frame).
* ``target placed``: every measured frame handles the release that places the target
  (M-R1) through the rules and autosaves (fsync on the main thread); the scene is
  rebuilt and the drag set up, untimed, before each frame.
* ``16 pucks moving``: a break set up in the scene's own physics world: 15 pucks racked in
  the middle, every one of them and the shooter's puck launched (1500–6000 mm/s), so that
  all 16 slide, collide and bounce off the rails; re-racked (untimed) before they slow
  down, so every measured frame has at least 12 pucks moving.
* ``flip window``: the rules' state after an M-R3 shot that left the new target
  overhanging (M-F1): the scene opens the flip window; the window option is set long
  (60 s) so it stays open for the whole measurement.
* ``flip in the air``: the placer pressed Space: the spinning puck and the catch gauge
  (M-F1, M-F2); the scene is rebuilt from the same save before the puck lands.
* ``win screen``: a match the rules have decided (M-E1): the veil and the winner's panel.
* ``AI against AI``: beginner against expert, the AI deciding on the worker thread.
"""

from __future__ import annotations

import math
import random

import pygame

from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import start_game
from mississippi.controller import Flight, ShotRecord
from mississippi.rules import Match, PuckOutcome, Report, TABLE, TablePuck

from mississippi.sim import TableSim
from tests.harness import frames, move, post

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))
MID_Y = TABLE.width / 2


def _start(app, descriptor, match: Match | None = None, options=None, players=HUMANS):
    resume = None
    if match is not None:
        resume = {"match": match.to_dict(), "players": [p.to_dict() for p in players],
                  "options": dict(options or {})}
    start_game(app, descriptor, GameConfig(players=players, seed=5, options=dict(options or {}),
                                           resume=resume))
    return app.top


def lagged() -> Match:
    """Lag decided by the rules (M-L2): left shoots, right places."""
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: PuckOutcome("table", 3300)}))
    m.lag_shot(Report({1: PuckOutcome("table", 3300), 2: PuckOutcome("table", 1500)}))
    m.choose_role("shooter")
    return m


def flip_match() -> Match:
    """An M-R3 shot whose shot puck stopped overhanging the placer's gutter: M-F1."""
    m = lagged()
    t = m.place_target(3300, MID_Y)
    s = m.next_puck_id
    m.shot(Report({t: PuckOutcome("gutter_right"), s: PuckOutcome("overhang", 3480, MID_Y)}))
    assert m.phase == "flip", m.phase
    return m


def won_match() -> Match:
    """A match the left player has won (M-E1: all 16 pucks at the other end)."""
    d = lagged().to_dict()
    d.update(phase="over", winner="left", shooter="left", placer="right", target=None,
             gutter={"left": 0, "right": 16}, table={}, lag_out={}, shots=57, role_swaps=9)
    d["last"] = {"rule": "M-R10", "text": "", "facts": {}}
    return Match.from_dict(d)


def rack(scene, rng: random.Random) -> None:
    """Set up a break in the scene's world and shoot all 16 pucks (see module doc)."""
    cx, cy = TABLE.centre_x, MID_Y
    d = TABLE.puck_diameter + 0.5
    table = {}
    pid = 100
    for row in range(5):
        for j in range(row + 1):
            x = cx + row * d * math.sqrt(3) / 2
            y = cy + (j - row / 2) * d
            table[pid] = TablePuck(x, y, "left" if pid % 2 else "right")
            pid += 1
    sim = TableSim(table, seed=rng.randrange(1000))
    shooter = pid
    sim.add_shot(shooter, cx - 500, cy + 3, 6000.0, 0.0)
    w = sim.world
    for rid in table:
        a = rng.uniform(0, 2 * math.pi)
        v = rng.uniform(1500, 3000)
        w.shoot(sim.wid_by_rid[rid], v * math.cos(a), v * math.sin(a))
    scene.flight = Flight("shot", ShotRecord(table, shooter, "left", cx - 500, cy + 3, 6000.0, 0.0), sim)


def moving(scene) -> int:
    """Pucks of the scene's world sliding faster than 1 mm/s."""
    if scene.flight is None:
        return 0
    return sum(1 for p in scene.flight.sim.world.pucks().values()
               if p.state != "off_table" and p.speed > 1.0)


def phases(app, descriptor):
    """Yield ``(name, hold)`` for each phase, the scene set up in it (see module doc)."""
    # lag: the glowing puck waits for the first flick
    _start(app, descriptor)
    yield "mississippi lag", None

    # placing: drag the target from the right gutter, sweeping over the target zone
    scene = _start(app, descriptor, lagged())
    gutter = tuple(round(c) for c in app.top.view.to_design(TABLE.length - TABLE.gutter_length / 2, MID_Y))
    post(app, pygame.MOUSEBUTTONDOWN, pos=gutter, button=1, touch=False)        
    sweep = {"i": 0}

    def hold_place():
        sweep["i"] += 1
        x = 2900 + 500 * (0.5 + 0.5 * math.sin(sweep["i"] / 15))    # in and out of the zone
        y = MID_Y + 150 * math.sin(sweep["i"] / 23)
        move(app, tuple(round(c) for c in app.top.view.to_design(x, y)), buttons=(1, 0, 0))
        assert scene.placing is not None

    yield "mississippi placing", hold_place

    # the end of a step: the target released in the zone (M-R1), autosaved
    zone = tuple(round(c) for c in app.top.view.to_design(3300, 200))
    last = {"scene": None, "ended": 0, "tried": 0}

    def hold_place_end():
        prev = last["scene"]                      # check the last placement, then let it go
        if prev is not None:
            last["tried"] += 1
            last["ended"] += prev.match.phase == "shoot"
        s = _start(app, descriptor, lagged())
        post(app, pygame.MOUSEBUTTONDOWN, pos=gutter, button=1, touch=False)
        move(app, zone, buttons=(1, 0, 0))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=zone, button=1, touch=False))
        last["scene"] = s

    hold_place_end.max_frames = 60                            # a rebuilt scene per frame
    yield "mississippi target placed (rules + autosave)", hold_place_end
    assert last["ended"] == last["tried"], "a target was not placed"
    last["scene"] = None

    # aiming: the shooter's puck held and dragged to and fro in the zone, aim guide on
    m = lagged()
    m.place_target(3300, MID_Y)
    scene = _start(app, descriptor, m, options={"aim_guide": True})
    scene.view.settle(scene.snapshot())
    hx, hy = (round(c) for c in scene.view.to_design(*scene.hand_spot("left")))
    post(app, pygame.MOUSEBUTTONDOWN, pos=(hx, hy), button=1, touch=False)
    wave = {"i": 0}

    def hold_aim():
        wave["i"] += 1
        dx = 120 * (0.5 - 0.5 * math.cos(wave["i"] / 9))       # stays short of the inner line
        move(app, (round(hx + dx), round(hy + 30 * math.sin(wave["i"] / 13))), buttons=(1, 0, 0))
        assert scene.tracking_pointer

    yield "mississippi aiming (drag, guide)", hold_aim
    post(app, pygame.MOUSEBUTTONUP, pos=(hx, hy), button=1, touch=False)

    # the camera panning from the shooter's end to the placer's, again and again
    scene = _start(app, descriptor, lagged())
    pan = {"n": 0}

    def hold_pan():
        pan["n"] += 1
        if pan["n"] % 40 == 1:                                  # back at the far end: again
            scene.view.focus = scene.view.end_focus("left")
            scene.view.velocity = 0.0

    yield "mississippi camera panning", hold_pan

    # 16 pucks moving
    m = lagged()
    m.place_target(3300, MID_Y)                              # M-R1: the shooter's turn
    scene = _start(app, descriptor, m)
    rng = random.Random(7)
    rack(scene, rng)
    counts = []

    def hold_break():
        if scene.flight is None or scene.flight.sim.world.shot_time > 0.5 or moving(scene) < 12:
            rack(scene, rng)
        counts.append(moving(scene))

    yield "mississippi 16 pucks moving", hold_break
    if counts:                                               # the phase was measured
        assert sorted(counts)[len(counts) // 2] >= 14, "too few pucks moving"

    # flip window, held open
    scene = _start(app, descriptor, flip_match(), options={"flip_window": 60.0})
    assert scene.duel is not None and not scene.duel.started
    yield "mississippi flip window", None

    # the flip in the air
    def flip_now():
        s = _start(app, descriptor, flip_match(), options={"flip_window": 60.0})
        s.flip_key()                                          # M-F1: Space
        frames(app, 1)                                        # untimed: the first draw
        return s

    air = {"scene": flip_now()}

    def hold_air():
        f = air["scene"].duel
        if f is None or not f.started or f.race.in_air() > 0.8 * f.toss.airtime:
            air["scene"] = flip_now()

    yield "mississippi flip in the air", hold_air

    # the win screen
    scene = _start(app, descriptor, won_match())
    assert scene.match.phase == "over"
    yield "mississippi win screen", None

    # AI against AI (decisions on the worker thread)
    _start(app, descriptor, players=(PlayerSpec("C1", "ai", "beginner"), PlayerSpec("C2", "ai", "expert")))
    yield "mississippi AI against AI", None
