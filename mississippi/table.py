"""The regulation Mississippi table (rules M-T1…M-T7): geometry and named regions.

Pure module (no pygame, no shell). World units are **millimetres** (mm), seconds (s) and
grams (g). Top view, long axis along x: the origin is at the outer edge of the left
gutter (the left end board) on the near rail; x grows to the right (0 … 3770 mm), y
across the table from the near rail (0) to the far rail (495 mm)::

    x: 0 ─ left gutter ─ 270 ─ left target zone ─ 670 ─ sliding surface ─ 3100
       ─ right target zone ─ 3500 ─ right gutter ─ 3770

Each player's *launch area* is the target zone at their own end (M-U1): the left player
shoots rightward from x ∈ [270, 670], the right player leftward from x ∈ [3100, 3500].

>>> t = Table()
>>> t.gutter_edge("left"), t.gutter_edge("right")
(270.0, 3500.0)
>>> t.touches_zone("left", 700.0, 200.0)   # disc reaches 662 < 670: touches
True
>>> t.nearer_end(1884.0), t.nearer_end(1886.0)
('left', 'right')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Side = Literal["left", "right"]
SIDES: tuple[Side, Side] = ("left", "right")

# --- the physical constants of play: the one source (physics, rules, AI and scene) -------
#: Table friction coefficient μ (M-P1, "varnished wood"; a 3.7 m/s shot slides ~3.5 m).
MU = 0.20
#: Standard gravity, mm/s².
G_MM_S2 = 9810.0
#: Coulomb deceleration of a sliding puck, μ·g in mm/s² (M-P1).
DECEL = MU * G_MM_S2
#: Launch speed cap, mm/s (M-U1, M-P5).
LAUNCH_CAP = 6000.0
#: Speed along x above which a puck flies over an end board, mm/s (M-P4).
V_OFF = 3500.0
#: Where the puck in hand waits, mm from the gutter edge line into the zone (M-U1): at the
#: back of the player's own zone, so a drag has room before the inner line.
HAND_SPOT_INSET = 70.0
#: Where the computer releases its puck, mm short of the zone's inner line (M-U1).
RELEASE_INSET = 50.0


def other_side(side: Side) -> Side:
    """The opposite end: ``"left"`` ↔ ``"right"``.

    :raises ValueError: if ``side`` is not ``"left"`` or ``"right"``.
    """
    if side == "left":
        return "right"
    if side == "right":
        return "left"
    raise ValueError(f"M-O1: side must be 'left' or 'right', not {side!r}")


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise ValueError(f"M-O1: side must be 'left' or 'right', not {side!r}")


@dataclass(frozen=True)
class Region:
    """An axis-aligned rectangle of the table top, in mm: ``x0 ≤ x ≤ x1``, ``y0 ≤ y ≤ y1``."""

    name: str
    x0: float
    x1: float
    y0: float
    y1: float

    def contains(self, x: float, y: float) -> bool:
        """True if the point (x, y) mm lies in the rectangle (edges included)."""
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def touches_disc(self, x: float, y: float, r: float) -> bool:
        """True if a disc of radius ``r`` mm centred at (x, y) mm overlaps the rectangle
        (sharing more than a boundary point)."""
        dx = max(self.x0 - x, 0.0, x - self.x1)
        dy = max(self.y0 - y, 0.0, y - self.y1)
        return dx * dx + dy * dy < r * r

    @property
    def centre(self) -> tuple[float, float]:
        """Centre of the rectangle (x, y) in mm."""
        return ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)


@dataclass(frozen=True)
class Table:
    """Regulation geometry of the Mississippi table, all lengths in mm, mass in g.

    Defaults are the rulebook values; a different ``Table`` (e.g. a shorter practice table
    in a test) keeps the same layout rules: gutters at both ends, then target zones, then
    the sliding surface in the middle.

    ========================  =========  ======
    field                     default    rule
    ========================  =========  ======
    ``length``                3770 mm    M-T1 (end board to end board)
    ``width``                 495 mm     M-T2 (playing width, rail to rail)
    ``gutter_length``         270 mm     M-T3
    ``zone_length``           400 mm     M-T4
    ``line_width``            6 mm       M-T5 (drawn; zone edges are the line centres)
    ``rail_height``           73 mm      M-T6
    ``gutter_depth``          63.5 mm    M-T6
    ``puck_diameter``         76 mm      M-T7
    ``puck_thickness``        23 mm      M-T7
    ``puck_mass``             85 g       M-T7
    ========================  =========  ======

    :raises ValueError: (from ``__post_init__``) if the parts do not fit in the length or
        a puck does not fit between the rails.
    """

    length: float = 3770.0
    width: float = 495.0
    gutter_length: float = 270.0
    zone_length: float = 400.0
    line_width: float = 6.0
    rail_height: float = 73.0
    gutter_depth: float = 63.5
    puck_diameter: float = 76.0
    puck_thickness: float = 23.0
    puck_mass: float = 85.0

    def __post_init__(self) -> None:
        if 2 * (self.gutter_length + self.zone_length) >= self.length:
            raise ValueError("M-T1: gutters and target zones do not fit in the table length")
        if self.puck_diameter >= self.width or self.puck_diameter >= self.gutter_length:
            raise ValueError("M-T7: a puck must fit between the rails and in a gutter")
        for name in ("length", "width", "gutter_length", "zone_length", "rail_height",
                     "gutter_depth", "puck_diameter", "puck_thickness", "puck_mass"):
            if not getattr(self, name) > 0:
                raise ValueError(f"M-T: {name} must be positive")

    # ----------------------------------------------------------------- derived sizes
    @property
    def puck_radius(self) -> float:
        """Puck radius in mm (M-T7: 38 mm)."""
        return self.puck_diameter / 2.0

    @property
    def centre_x(self) -> float:
        """x of the middle of the table in mm (1885 mm); M-O4 splits the table there."""
        return self.length / 2.0

    def gutter_edge(self, side: Side) -> float:
        """x in mm of the edge line between the table top and the gutter at ``side``
        (M-P3: 270 mm left, 3500 mm right).

        :raises ValueError: for an unknown side.
        """
        _check_side(side)
        return self.gutter_length if side == "left" else self.length - self.gutter_length

    def end_board(self, side: Side) -> float:
        """x in mm of the inner face of the end board at ``side`` (0 or 3770 mm, M-T1)."""
        _check_side(side)
        return 0.0 if side == "left" else self.length

    def inner_line(self, side: Side) -> float:
        """x in mm of the target zone's inner line at ``side`` (where the zone meets the
        sliding surface: 670 mm left, 3100 mm right). Dragging a held puck past it
        launches the puck (M-U1)."""
        _check_side(side)
        g = self.gutter_length + self.zone_length
        return g if side == "left" else self.length - g

    def hand_x(self, side: Side) -> float:
        """x in mm where the puck in hand waits to be flicked (M-U1): 70 mm inside the
        player's own zone from the gutter edge (340 mm left, 3430 mm right)."""
        return self.gutter_edge(side) + self.direction(side) * HAND_SPOT_INSET

    def release_x(self, side: Side) -> float:
        """x in mm where the computer releases a shot (M-U1): 50 mm short of the zone's
        inner line (620 mm left, 3150 mm right)."""
        return self.inner_line(side) - self.direction(side) * RELEASE_INSET

    def free_stop(self, x: float, y: float, vx: float, vy: float,
                  decel: float = DECEL) -> tuple[float, float]:
        """Where a lone puck launched from (x, y) mm at (vx, vy) mm/s stops by table
        friction alone, ``v²/(2μg)`` further on (M-P1), clamped to the end boards and
        rails (the aim guide's predicted stop point)."""
        v = (vx * vx + vy * vy) ** 0.5
        if v <= 0.0:
            return x, y
        d = v * v / (2.0 * decel)
        r = self.puck_radius
        return (min(max(x + vx / v * d, 0.0), self.length),
                min(max(y + vy / v * d, r), self.width - r))

    def direction(self, side: Side) -> int:
        """+1 if a player at ``side`` shoots toward +x (the left player), else -1 (M-O2)."""
        _check_side(side)
        return 1 if side == "left" else -1

    # ----------------------------------------------------------------- regions
    def gutter(self, side: Side) -> Region:
        """The gutter at ``side`` (M-T3) as a region in mm."""
        _check_side(side)
        if side == "left":
            return Region("gutter_left", 0.0, self.gutter_length, 0.0, self.width)
        return Region("gutter_right", self.length - self.gutter_length, self.length,
                      0.0, self.width)

    def zone(self, side: Side) -> Region:
        """The target zone at ``side`` (M-T4), which is also that player's launch area."""
        _check_side(side)
        e = self.gutter_edge(side)
        if side == "left":
            return Region("zone_left", e, e + self.zone_length, 0.0, self.width)
        return Region("zone_right", e - self.zone_length, e, 0.0, self.width)

    def launch_area(self, side: Side) -> Region:
        """The launch area of the player at ``side``: their own target zone (M-U1)."""
        return self.zone(side)

    @property
    def sliding_surface(self) -> Region:
        """The sliding surface between the two target zones (670 … 3100 mm)."""
        return Region("sliding_surface", self.inner_line("left"), self.inner_line("right"),
                      0.0, self.width)

    @property
    def top(self) -> Region:
        """The whole table top a puck can rest on, gutter edge to gutter edge."""
        return Region("table", self.gutter_edge("left"), self.gutter_edge("right"),
                      0.0, self.width)

    @property
    def regions(self) -> dict[str, Region]:
        """Every named region by name: ``gutter_left``, ``zone_left``, ``sliding_surface``,
        ``zone_right``, ``gutter_right``, ``table``."""
        rs = (self.gutter("left"), self.zone("left"), self.sliding_surface,
              self.zone("right"), self.gutter("right"), self.top)
        return {r.name: r for r in rs}

    # ----------------------------------------------------------------- helpers
    def centre_on_table(self, x: float) -> bool:
        """True if a puck centred at x (mm) has not passed a gutter edge line (M-P3):
        270 ≤ x ≤ 3500."""
        return self.gutter_edge("left") <= x <= self.gutter_edge("right")

    def overhangs(self, x: float) -> Side | None:
        """The side whose gutter a puck centred at x (mm) overhangs, else None (M-P3):
        the centre is on the table but the disc reaches past the edge line."""
        r = self.puck_radius
        if not self.centre_on_table(x):
            return None
        if x - r < self.gutter_edge("left"):
            return "left"
        if x + r > self.gutter_edge("right"):
            return "right"
        return None

    def gutter_side(self, x: float) -> Side | None:
        """The side whose gutter holds a centre at x (mm), else None (M-P3: centre past
        the edge line, x < 270 or x > 3500)."""
        if x < self.gutter_edge("left"):
            return "left"
        if x > self.gutter_edge("right"):
            return "right"
        return None

    def touches_zone(self, side: Side, x: float, y: float) -> bool:
        """True if a flat puck centred at (x, y) mm touches the target zone at ``side``
        with its centre on the table (M-R1: the placer's legal placement, and M-L3 "rests
        at least partly in the far target zone").

        The disc touches the zone when it overlaps the strip [x0, x1] along x; across the
        table any y between the rails counts.
        """
        z = self.zone(side)
        r = self.puck_radius
        if not self.centre_on_table(x):
            return False
        return x + r > z.x0 and x - r < z.x1 and self.fits_across(y)

    def fits_across(self, y: float) -> bool:
        """True if a flat puck centred at y (mm) lies between the rails (R ≤ y ≤ W − R)."""
        r = self.puck_radius
        return r <= y <= self.width - r

    def inside(self, x: float, y: float) -> bool:
        """True if a flat puck centred at (x, y) mm lies within the end boards and rails
        (on the table top or in a gutter)."""
        r = self.puck_radius
        return r <= x <= self.length - r and self.fits_across(y)

    def nearer_end(self, x: float) -> Side:
        """The end nearer to x (mm): ``"left"`` if x < 1885 else ``"right"`` (M-O4)."""
        return "left" if x < self.centre_x else "right"

    def distance_to_gutter_edge(self, side: Side, x: float) -> float:
        """Distance in mm from a centre at x to the gutter edge line at ``side``; negative
        once the centre has passed it (M-L2 ranks lag pucks by this)."""
        e = self.gutter_edge(side)
        return x - e if side == "left" else e - x
