"""Where the Mississippi table is on the screen: the one transform from table millimetres
to design units, the camera, the screen layout and the snapshot of what to draw.

Pure module (no pygame, no shell): the scene, its tests and the goal figures use it
headless. Units: table **mm** (``mississippi.table``: x along the table from the left end
board, y across from the near rail), **design units** (the 1280×720 picture every scene
lays out in, ``ludotheque.canvas``; the canvas rasterises them at device px), s, mm/s,
radians.

Two views (issue 12 §2 asks for two real designs; ``docs/mississippi-view.md`` compares
them):

* :class:`CameraView` (``"camera"``, the chosen one): the table seen from above at
  :data:`~mississippi.pointer.AIM_PX_PER_MM` design px per mm, a window 1600 mm long
  that is close on the shooter while aiming, follows the fastest puck while a shot runs
  and is close on the placer's end while the placer places and during the flip race;
  beneath it an overview strip of the whole table (both gutters, both hands) at
  :data:`OVERVIEW_PX_PER_MM`. One scale for both axes, so the pointer is rounded to the
  same step along and across the table while aiming (the flick contract's single
  ``AIM_PX_PER_MM``).
* :class:`PerspectiveView` (``"perspective"``): a pinhole camera behind the end board of
  whoever acts (the shooter while aiming, the placer while placing), the table running
  up the screen into the distance.

:func:`make_view` chooses one from the game's options (``view``) or the environment
variable ``MISSISSIPPI_VIEW`` (screenshots of both designs without a setting).

>>> v = CameraView()
>>> v.settle(TableSnapshot(t=0.0, phase="shoot", shooter="left", placer="right"))
>>> X, Y = v.to_design(340.0, 247.5)
>>> [round(c, 6) for c in v.to_table(X, Y)]
[340.0, 247.5]
>>> round(v.puck_px(340.0, 247.5), 1)       # the shooter's puck across, design px
60.8
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import NamedTuple

from mississippi.pointer import AIM_PX_PER_MM
from mississippi.table import SIDES, Table

TABLE = Table()
DESIGN_W, DESIGN_H = 1280, 720
OVERVIEW_PX_PER_MM = 0.2
"""Design px per mm of the overview strip: the 3770 mm table is 754 design px long."""
END_MM = 15.0
"""Thickness (mm) of the end boards as drawn: the close view at an end shows its board."""
RAIL_PX = 10.0
"""Design px of the rails drawn above and below the close view's table."""


class Box(NamedTuple):
    """A rectangle in design units: left ``x``, top ``y``, width ``w``, height ``h``
    (a pygame ``Rect`` takes it as is)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def area(self) -> float:
        return self.w * self.h

    def contains(self, px: float, py: float) -> bool:
        """True if the design point lies inside (edges included)."""
        return self.x <= px <= self.right and self.y <= py <= self.bottom


@dataclass(frozen=True)
class Layout:
    """Where things go on the 1280×720 design picture. The view draws ``main`` (the
    table) and ``overview``; the scene draws its panels and headline in ``hud``, its
    buttons in the bays and its explanation in ``text``."""

    hud: Box
    main: Box
    overview: Box | None
    left_bay: Box
    right_bay: Box
    text: Box


CAMERA_LAYOUT = Layout(hud=Box(0, 0, 1280, 102), main=Box(0, 112, 1280, 396),
                       overview=Box(263, 530, 754, 99), left_bay=Box(12, 526, 240, 108),
                       right_bay=Box(1028, 526, 240, 108), text=Box(12, 640, 1256, 74))
PERSPECTIVE_LAYOUT = Layout(hud=Box(0, 0, 1280, 102), main=Box(0, 110, 1280, 610),
                            overview=None, left_bay=Box(1000, 300, 268, 110),
                            right_bay=Box(1000, 420, 268, 110), text=Box(12, 300, 250, 230))
LAYOUT = CAMERA_LAYOUT
"""The layout of the chosen design (``CameraView``)."""


# ---------------------------------------------------------------- what to draw
@dataclass(frozen=True)
class PuckView:
    """One puck to draw: centre (x, y) mm, ``owner`` ("left"/"right": its colour),
    ``state`` as the physics names it ("table", "overhang", "gutter_left",
    "gutter_right", "off_table"), standing on its edge at ``angle`` rad (M-R9),
    velocity (vx, vy) mm/s, ``ring`` (None, "target", "ready", "held", "ai", "legal",
    "illegal", "flip"), ``ghost`` for a lag puck shown where it stopped."""

    x: float
    y: float
    owner: str
    state: str = "table"
    standing: bool = False
    angle: float = 0.0
    ring: str | None = None
    vx: float = 0.0
    vy: float = 0.0
    ghost: bool = False
    pid: int | None = None

    @property
    def speed(self) -> float:
        """Speed in mm/s."""
        return math.hypot(self.vx, self.vy)


@dataclass(frozen=True)
class Guide:
    """The aim guide (M-U1, M-P1): from the held puck (x0, y0) mm to where a free slide
    at the launch velocity the hand gives now would stop (x1, y1) mm; ``speed`` mm/s."""

    x0: float
    y0: float
    x1: float
    y1: float
    speed: float


@dataclass(frozen=True)
class FlipView:
    """The flip race (M-F1): the overhanging target at (x, y) mm of ``owner``;
    ``started`` once the placer flipped it; then ``height`` mm above the table and
    ``spin`` rad and ``progress`` the part of its time in the air gone (0 → 1);
    ``window_frac`` the part of the flip window left (1 → 0), ``window_s`` the seconds
    left of it."""

    x: float
    y: float
    owner: str
    started: bool = False
    height: float = 0.0
    spin: float = 0.0
    window_frac: float = 1.0
    progress: float = 0.0
    window_s: float = 0.0


@dataclass(frozen=True)
class TableSnapshot:
    """Everything the painter draws on and around the table at one instant, filled by the
    scene (``/work/coord/mississippi-interface.md``). ``t`` is the scene clock (s)."""

    t: float
    phase: str
    shooter: str | None = None
    placer: str | None = None
    to_act: str | None = None
    pucks: tuple[PuckView, ...] = ()
    gutters: dict = field(default_factory=lambda: {"left": (), "right": ()})
    held: PuckView | None = None
    guide: Guide | None = None
    aim_to: tuple[float, float] | None = None
    drag_target: PuckView | None = None
    place_glow: tuple[float, float] | None = None
    ghosts: tuple[PuckView, ...] = ()
    winner_ghost: int | None = None
    flip: FlipView | None = None
    moving: bool = False
    dragging: bool = False
    replay: float | None = None
    calm: float = 0.0
    """Seconds since the table last changed what it asks of a person (the scene's calm
    clock): pulses breathe, then hold (``ludotheque.scene.attention``); a puck left
    overhanging teeters, then settles."""

    def actor_end(self) -> str:
        """The end whose player acts now: the placer's while placing or racing the flip,
        else the shooter's (or the lagging player's: ``to_act``)."""
        if self.phase in ("place", "flip") and self.placer:
            return self.placer
        if self.phase == "shoot" and self.shooter:
            return self.shooter
        return self.to_act if self.to_act in SIDES else "left"


def gutter_spot(side: str, i: int, table: Table = TABLE) -> tuple[float, float]:
    """Where the ``i``-th puck in ``side``'s gutter is drawn (mm): three to a row across
    the 270 mm gutter, 84 mm apart across the table (8 pucks in three rows; a 9th and
    later ones, lag pucks of the other colour, go on the rows beyond)."""
    gx0 = 0.0 if side == "left" else table.gutter_edge("right")
    col, row = i % 3, i // 3
    y = 40.0 + row * 84.0
    if y > table.width - 40.0:                   # more than 18: stack them (never happens)
        y = table.width - 40.0
    return gx0 + 45.0 + col * 90.0, y


# ---------------------------------------------------------------- the camera view
class CameraView:
    """The close table-top camera and the overview strip (design "camera").

    :param px_per_mm: design px per table mm of the close view (default
        :data:`~mississippi.pointer.AIM_PX_PER_MM`; the flick is rounded at it).
    :param layout: the screen layout (:data:`CAMERA_LAYOUT`).
    :param table: the table geometry (M-T).

    The close view shows ``layout.main.w / px_per_mm`` mm of the table (1600 mm at 0.8)
    across its whole width and the table's width (495 mm → 396 design px) down its
    height; ``focus`` (mm) is the table x at its centre. :meth:`track` moves it toward
    where the snapshot says the play is, on a critically damped spring of
    :attr:`omega` rad/s, driven by the snapshot's clock (never by the wall clock)."""

    kind = "camera"
    omega = 7.0
    """Spring rate (1/s) of the pan: 95 % of the way in about 0.7 s."""
    hold_s = 0.9
    """After a shot stops, the camera stays this many seconds before it leaves."""
    lead_s = 0.3
    """While following a puck, the camera looks this many seconds ahead of it."""

    def __init__(self, px_per_mm: float = AIM_PX_PER_MM, layout: Layout = CAMERA_LAYOUT,
                 table: Table = TABLE) -> None:
        if not (px_per_mm > 0 and math.isfinite(px_per_mm)):
            raise ValueError(f"px_per_mm must be a positive number, not {px_per_mm!r}")
        self.s = float(px_per_mm)
        self.layout = layout
        self.table = table
        self.main = layout.main
        self.half_mm = self.main.w / 2 / self.s
        lo, hi = self.half_mm - END_MM, table.length - self.half_mm + END_MM
        self._range = (lo, hi) if lo <= hi else (table.length / 2, table.length / 2)
        self.focus = self._range[0]
        self.split = False
        """True during the flip race (M-F): both ends at once, 800 mm each."""
        self.velocity = 0.0
        self.goal = self.focus
        self._t: float | None = None
        self._still_since: float | None = None
        self._last_moving_goal: float | None = None
        self._peek: float | None = None
        """A focus (mm) a person asked for by clicking the overview strip, else None."""
        self._peek_key: tuple | None = None
        ov = layout.overview
        self.ov_s = OVERVIEW_PX_PER_MM
        if ov is not None:
            self.ov_s = min(ov.w / table.length, ov.h / table.width)

    # ------------------------------------------------------------ the transform
    def windows(self) -> tuple[tuple[float, float, float], ...]:
        """The parts of the table the close view shows now: ``(x0 mm, x1 mm, X0 design)``
        each — one window 1600 mm long, or during the flip race (:attr:`split`) two of
        800 mm side by side, each end of the table (the shooter's puck for the counter
        shot, M-F3, and the placer's overhanging target, M-F1)."""
        if self.split:
            w = self.half_mm
            return ((-END_MM, w - END_MM, self.main.x),
                    (self.table.length + END_MM - w, self.table.length + END_MM,
                     self.main.x + self.main.w / 2))
        lo = self.focus - self.half_mm
        return ((lo, lo + 2 * self.half_mm, self.main.x),)

    def to_design(self, x: float, y: float) -> tuple[float, float]:
        """Table (x, y) mm → design units in the close view (at the current camera; in
        the split view, in the half of the nearer end)."""
        if self.split:
            x0, _x1, X0 = self.windows()[0 if x < self.table.centre_x else 1]
            return X0 + (x - x0) * self.s, self.main.y + y * self.s
        return (self.main.x + self.main.w / 2 + (x - self.focus) * self.s,
                self.main.y + y * self.s)

    def to_table(self, px: float, py: float) -> tuple[float, float]:
        """Design units (a pointer position) → table (x, y) mm: the inverse of
        :meth:`to_design` (points outside the table give mm outside it)."""
        if self.split:
            x0, _x1, X0 = self.windows()[0 if px < self.main.x + self.main.w / 2 else 1]
            return x0 + (px - X0) / self.s, (py - self.main.y) / self.s
        return (self.focus + (px - self.main.x - self.main.w / 2) / self.s,
                (py - self.main.y) / self.s)

    def scale_at(self, x: float, y: float) -> tuple[float, float]:
        """Design px per mm (across the screen, down the screen) at table (x, y)."""
        return self.s, self.s

    def puck_px(self, x: float, y: float) -> float:
        """How many design px across a flat puck at (x, y) mm is drawn (its widest)."""
        return self.table.puck_diameter * max(self.scale_at(x, y))

    @property
    def window_mm(self) -> tuple[float, float]:
        """The table x range (mm) the close view shows now (the split view: from the
        left window's start to the right one's end)."""
        w = self.windows()
        return w[0][0], w[-1][1]

    def visible(self, x: float, y: float, margin_mm: float = 0.0) -> bool:
        """True if a puck centred at (x, y) mm shows (at least ``margin_mm`` of it) in
        the close view."""
        r = self.table.puck_radius - margin_mm
        return any(lo - r <= x <= hi + r for lo, hi, _X in self.windows())

    def overview_to_design(self, x: float, y: float) -> tuple[float, float]:
        """Table (x, y) mm → design units in the overview strip."""
        ov = self.layout.overview
        ox = ov.x + (ov.w - self.table.length * self.ov_s) / 2
        oy = ov.y + (ov.h - self.table.width * self.ov_s) / 2
        return ox + x * self.ov_s, oy + y * self.ov_s

    def overview_box(self) -> Box:
        """The overview's table rectangle (design units)."""
        x0, y0 = self.overview_to_design(0.0, 0.0)
        return Box(x0, y0, self.table.length * self.ov_s, self.table.width * self.ov_s)

    def surface_fraction(self) -> float:
        """The part of the 1280×720 window the table top (gutter edge to gutter edge,
        rail to rail) covers in the close view at the current camera (issue 12 §2 goal
        ≥ 0.45 while aiming)."""
        shown = 0.0
        for lo, hi, _X in self.windows():
            x0 = max(lo, self.table.gutter_edge("left"))
            x1 = min(hi, self.table.gutter_edge("right"))
            shown += max(0.0, x1 - x0)
        return shown * self.s * self.table.width * self.s / (DESIGN_W * DESIGN_H)

    # ------------------------------------------------------------ the camera
    def end_focus(self, side: str) -> float:
        """The focus (mm) that puts ``side``'s end board at the window's edge."""
        return self._range[0] if side == "left" else self._range[1]

    def _clamp(self, x: float) -> float:
        return min(max(x, self._range[0]), self._range[1])

    def goal_for(self, snap: TableSnapshot) -> float:
        """Where the camera should be (focus mm) for ``snap`` (rules in the interface
        file): following the fastest puck while a shot runs; else the actor's end; on the
        lag result, on the winning (or last) lag puck."""
        if snap.moving:
            movers = [p for p in snap.pucks if p.state in ("table", "overhang") and p.speed > 20]
            if movers:
                p = max(movers, key=lambda q: q.speed)
                return self._clamp(p.x + p.vx * self.lead_s)
            if self._last_moving_goal is not None:
                return self._last_moving_goal
        if self._peek is not None and self._peek_key == self._turn_key(snap):
            return self._peek                  # the person looks where they clicked
        if snap.ghosts:
            i = snap.winner_ghost if snap.winner_ghost is not None else len(snap.ghosts) - 1
            i = min(max(i, 0), len(snap.ghosts) - 1)
            return self._clamp(snap.ghosts[i].x)
        if snap.phase == "over":
            return self.focus
        return self.end_focus(snap.actor_end())

    def track(self, snap: TableSnapshot) -> None:
        """Move the camera toward :meth:`goal_for` by the time passed since the last call
        (``snap.t``; at most 0.1 s per call). Frozen while ``snap.dragging`` (the pointer's
        mapping must not change under the hand). After a shot stops the camera holds
        :attr:`hold_s` s on where it ended."""
        t = snap.t
        dt = 0.0 if self._t is None else min(max(t - self._t, 0.0), 0.1)
        self._t = t
        if snap.dragging:
            self.velocity = 0.0
            return
        if self._split_for(snap) != self.split:      # the flip race begins or ends: a cut
            self.settle(snap)
            return
        if self._peek is not None and (snap.moving or self._peek_key != self._turn_key(snap)):
            self._peek = self._peek_key = None     # a shot or a new turn: back to the play
        goal = self.goal_for(snap)
        if snap.moving:
            self._last_moving_goal = goal
            self._still_since = None
        elif self._last_moving_goal is not None:
            if self._still_since is None:
                self._still_since = t
            if t - self._still_since < self.hold_s:
                goal = self._last_moving_goal
            else:
                self._last_moving_goal = None
        self.goal = goal
        w = self.omega
        # critically damped spring, integrated exactly over dt
        x, v = self.focus - goal, self.velocity
        e = math.exp(-w * dt)
        self.focus = goal + (x + (v + w * x) * dt) * e
        self.velocity = (v - (v + w * x) * w * dt) * e
        if abs(self.focus - goal) < 0.5 and abs(self.velocity) < 5.0:
            self.focus, self.velocity = goal, 0.0

    def settle(self, snap: TableSnapshot) -> None:
        """Put the camera where :meth:`track` would end for ``snap``, at once."""
        self._t = snap.t
        self._last_moving_goal = None
        self._still_since = None
        self._peek = self._peek_key = None
        self.split = self._split_for(snap)
        self.goal = self.focus = self.goal_for(snap)
        self.velocity = 0.0

    @staticmethod
    def _split_for(snap: TableSnapshot) -> bool:
        """The split view is on during the flip race (M-F1–M-F5), until the flip lands."""
        return snap.phase == "flip"

    @property
    def settled(self) -> bool:
        """True when the camera rests on its goal and will not leave it by itself (tests
        wait for this state). False while it holds on where a shot or replay ended
        (:attr:`hold_s`): it is still to pan back to the play then."""
        return self._last_moving_goal is None and self.focus == self.goal and self.velocity == 0.0

    def at_rest(self, snap: TableSnapshot) -> bool:
        """True when :meth:`track` with ``snap`` would leave the camera where it is: it
        rests (:attr:`settled`) on :meth:`goal_for` ``snap`` — e.g. on the shooter's end
        while they aim, the placer's end while they place. The scene keeps drawing (and so
        tracking) while this is False, whatever the camera was told last: a replay that
        ended, a new phase, a click on the overview strip. Always True under a drag
        (the camera is frozen then)."""
        if snap.dragging:
            return True
        if self._split_for(snap) != self.split or not self.settled:
            return False
        return self.focus == self.goal_for(snap)

    @staticmethod
    def _turn_key(snap: TableSnapshot) -> tuple:
        """What a look asked for on the overview lasts for: this phase, this person to act,
        these roles, the lag result on show or not."""
        return (snap.phase, snap.to_act, snap.shooter, snap.placer, bool(snap.ghosts))

    def overview_at(self, px: float, py: float) -> float | None:
        """The table x (mm) under a design point in the overview strip (its whole
        rectangle ``layout.overview``, the gutters included), else None."""
        ov = self.layout.overview
        if ov is None or not ov.contains(px, py):
            return None
        x0, _y0 = self.overview_to_design(0.0, 0.0)
        return min(max((px - x0) / self.ov_s, 0.0), self.table.length)

    def look_at(self, x: float, snap: TableSnapshot) -> bool:
        """A person clicked the overview strip at table ``x`` mm: the close view pans there
        (centred on it, clamped to the table's ends) and stays until the turn changes
        (:meth:`_turn_key`), a shot moves, or :meth:`look_back`. Refused (False) while a
        shot runs, a drag is on or the flip race splits the view (M-F: both ends must
        stay under the players' hands)."""
        if snap.moving or snap.dragging or self._split_for(snap) or self.split:
            return False
        if not math.isfinite(x):
            return False
        self._peek, self._peek_key = self._clamp(float(x)), self._turn_key(snap)
        return True

    def look_back(self) -> bool:
        """Forget the look asked for on the overview (the camera returns to the play);
        True if there was one."""
        had = self._peek is not None
        self._peek = self._peek_key = None
        return had

    def offscreen(self, x: float, y: float) -> tuple[float, int, float] | None:
        """For a puck at (x, y) mm outside the close view, where to mark it: the design x
        of the view's edge it lies beyond, the way it lies (−1 left, +1 right) and the
        design y of its centre; None when it shows."""
        if self.visible(x, y):
            return None
        ws = self.windows()
        if x < ws[0][0]:
            return self.main.x, -1, self.main.y + y * self.s
        if x > ws[-1][1]:
            return self.main.right, 1, self.main.y + y * self.s
        # between the two halves of the split view: at the seam, on the nearer end's side
        seam = self.main.x + self.main.w / 2
        return (seam, 1, self.main.y + y * self.s) if x < self.table.centre_x else \
            (seam, -1, self.main.y + y * self.s)


# ---------------------------------------------------------------- the perspective view
class PerspectiveView:
    """A pinhole camera behind the end board of whoever acts (design "perspective").

    The table runs up the screen: the near end board on the line ``y_near`` (design),
    the far one on ``y_far``. Across the table the scale at depth ``d`` mm from the near
    end board is ``k / (d + z0)`` design px per mm (``k = s_near × z0``); a point's
    screen y is ``y_h + h × scale`` — so scale falls, and the table narrows, linearly up
    the screen (a trapezoid). Along the table (up the screen) the scale is
    ``h × scale / (d + z0)``: foreshortened.

    :param s_near: design px per mm across the near end board.
    :param s_far: design px per mm across the far end board.
    """

    kind = "perspective"

    def __init__(self, s_near: float = 2.4, s_far: float = 0.6,
                 layout: Layout = PERSPECTIVE_LAYOUT, table: Table = TABLE) -> None:
        if not (s_near > s_far > 0):
            raise ValueError("the near scale must exceed the far one, both positive")
        self.layout = layout
        self.table = table
        self.main = layout.main
        self.s_near, self.s_far = float(s_near), float(s_far)
        self.y_near = self.main.bottom - 8.0
        self.y_far = self.main.y + 8.0
        self.z0 = table.length / (s_near / s_far - 1.0)
        self.k = s_near * self.z0
        self.h = (self.y_near - self.y_far) / (s_near - s_far)
        self.y_h = self.y_near - self.h * s_near
        self.cx = self.main.x + self.main.w / 2
        self.end = "left"
        self.goal = "left"
        self.focus = 0.0

    def _depth(self, x: float) -> float:
        return x if self.end == "left" else self.table.length - x

    def scale(self, d: float) -> float:
        """Design px per mm across the table at depth ``d`` mm from the near end board."""
        return self.k / (d + self.z0)

    def to_design(self, x: float, y: float) -> tuple[float, float]:
        """Table (x, y) mm → design units (seen from ``self.end``)."""
        s = self.scale(self._depth(x))
        across = (y - self.table.width / 2) * (1 if self.end == "left" else -1)
        return self.cx + across * s, self.y_h + self.h * s

    def to_table(self, px: float, py: float) -> tuple[float, float]:
        """Design units → table (x, y) mm; points above the horizon map to the far end
        board's depth."""
        s = max((py - self.y_h) / self.h, 1e-6)
        d = self.k / s - self.z0
        x = d if self.end == "left" else self.table.length - d
        across = (px - self.cx) / s
        y = self.table.width / 2 + across * (1 if self.end == "left" else -1)
        return x, y

    def scale_at(self, x: float, y: float) -> tuple[float, float]:
        """Design px per mm (across the screen, up the screen) at table (x, y)."""
        d = self._depth(x)
        s = self.scale(d)
        return s, self.h * s / (d + self.z0)

    def puck_px(self, x: float, y: float) -> float:
        """Design px across a flat puck at (x, y) mm (its widest: across the table)."""
        return self.table.puck_diameter * self.scale_at(x, y)[0]

    def surface_fraction(self) -> float:
        """The part of the window the table top (gutter edge to gutter edge) covers."""
        t = self.table
        a = self.scale(t.gutter_length)
        b = self.scale(t.length - t.gutter_length)
        ya, yb = self.y_h + self.h * a, self.y_h + self.h * b
        # a trapezoid: widths t.width × scale, heights between the two edge lines
        area = t.width * (a + b) / 2 * (ya - yb)
        clip = min(1.0, DESIGN_W / (t.width * a))          # wider than the window: cut
        return area * clip / (DESIGN_W * DESIGN_H)

    def visible(self, x: float, y: float, margin_mm: float = 0.0) -> bool:
        """Every puck on the table shows in a perspective view."""
        return 0.0 <= x <= self.table.length

    def offscreen(self, x: float, y: float):
        """Nothing is off screen in this view: None."""
        return None

    def track(self, snap: TableSnapshot) -> None:
        """Turn the camera to the actor's end (at once; not while a drag is on or a shot
        runs)."""
        if snap.dragging or snap.moving:
            return
        self.goal = self.end = snap.actor_end()

    def settle(self, snap: TableSnapshot) -> None:
        """As :meth:`track`, regardless of drags and shots."""
        self.goal = self.end = snap.actor_end()

    @property
    def settled(self) -> bool:
        """Always True: the perspective camera cuts, it does not pan."""
        return True

    def at_rest(self, snap: TableSnapshot) -> bool:
        """True when :meth:`track` with ``snap`` would not turn the camera."""
        return snap.dragging or snap.moving or self.end == snap.actor_end()

    def overview_at(self, px: float, py: float) -> None:
        """No overview strip in this design: None."""
        return None

    def look_at(self, x: float, snap: TableSnapshot) -> bool:
        """No overview strip to click in this design: False."""
        return False

    def look_back(self) -> bool:
        """Nothing to forget: False."""
        return False


VIEWS = {"camera": CameraView, "perspective": PerspectiveView}


def make_view(options: dict | None = None):
    """The view for a match: ``options["view"]`` ("camera" or "perspective"), else the
    environment variable ``MISSISSIPPI_VIEW``, else "camera" (the chosen design). An
    unknown name falls back to "camera" (no text a person types crashes anything)."""
    name = os.environ.get("MISSISSIPPI_VIEW") or (options or {}).get("view") or "camera"
    cls = VIEWS.get(str(name).strip().lower(), CameraView)
    return cls()


__all__ = ["Box", "Layout", "LAYOUT", "CAMERA_LAYOUT", "PERSPECTIVE_LAYOUT", "PuckView",
           "Guide", "FlipView", "TableSnapshot", "CameraView", "PerspectiveView",
           "make_view", "gutter_spot", "OVERVIEW_PX_PER_MM", "VIEWS", "END_MM", "RAIL_PX"]
