"""Glissando's screen geometry: board cells ↔ design px (pure: no pygame, no shell).

Everything is in the shell's 1280×720 **design units** (the canvas maps them to device
px). Squares are numbered as in :mod:`glissando.rules` (0 = a1, bottom-left; G-1): file
``sq % 8`` left to right, rank ``sq // 8`` bottom to top, so rank 8 is drawn at the top.

Layout: the two player cards on the left (x 20–302), the board in the middle
(:data:`BOARD`: x 368–912, y 86–630, 8 cells of :data:`CELL`), the move list and the
buttons on the right (x 976–1256), the turn banner above the board.
"""

from __future__ import annotations

from typing import NamedTuple


class Box(NamedTuple):
    """A rectangle in design units: ``x``, ``y`` (top-left), ``w``, ``h``."""
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
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def contains(self, pos) -> bool:
        """True when the design point ``pos`` = (x, y) is inside (right/bottom edges
        excluded, like ``pygame.Rect.collidepoint``)."""
        return self.x <= pos[0] < self.right and self.y <= pos[1] < self.bottom


CELL = 68                                  # design units per board cell
BOARD = Box(368, 86, 8 * CELL, 8 * CELL)   # the 8×8 cells
BOARD_PAD = 34                             # the wooden frame around the cells
PAWN_R = 26                                # pawn radius, design units
DRAG_PX = 14                               # pointer travel that picks a slide direction

# the right-hand column: move list, then two buttons (No slide / Hint, Undo)
MOVES = Box(976, 100, 280, 380)
HINT_BTN = Box(976, 490, 280, 50)
ACTION_BTN = Box(976, 548, 280, 56)        # "No slide" during the slide step
UNDO_BTN = Box(976, 614, 280, 56)
BANNER = Box(BOARD.x - BOARD_PAD, 6, BOARD.w + 2 * BOARD_PAD, 40)
HINT_NOTE = Box(20, 584, 282, 130)         # over the colour key, while a hint is shown
#: where the shell's toasts (a refusal, G-3/G-4) hang from: over the banner, which they cover
#: whole (at least its width) for the seconds they stay. At the bottom they covered the board's
#: column letters (trial4, 65-fr-glis.png); a one-line toast (52 px) ends at the frame's top
#: edge (BOARD.y - BOARD_PAD), above the top letters
TOAST_AREA = Box(BANNER.x, 0, BANNER.w, BOARD.y - BOARD_PAD)

#: G-4 directions as screen steps (x right, y down): "^" is up the board (rank + 1).
SCREEN_STEP = {"^": (0, -1), "v": (0, 1), "<": (-1, 0), ">": (1, 0)}


def cell_rect(sq: int) -> Box:
    """The design rectangle of square ``sq`` (0 = a1, bottom-left; G-1)."""
    return Box(BOARD.x + (sq % 8) * CELL, BOARD.y + (7 - sq // 8) * CELL, CELL, CELL)


def cell_center(sq: int) -> tuple[float, float]:
    """The design point at the centre of square ``sq``."""
    return BOARD.x + (sq % 8 + 0.5) * CELL, BOARD.y + (7 - sq // 8 + 0.5) * CELL


def cell_at(pos) -> int | None:
    """The square under the design point ``pos`` = (x, y), or None off the board."""
    if pos is None or not BOARD.contains(pos):
        return None
    x, y = pos
    return (7 - (int(y) - int(BOARD.y)) // CELL) * 8 + (int(x) - int(BOARD.x)) // CELL


def drag_direction(origin, pos, threshold: float = DRAG_PX) -> str | None:
    """The G-4 direction (``"^" "v" "<" ">"``) of a drag from ``origin`` to ``pos``
    (design points): the axis the pointer moved most along, once it moved at least
    ``threshold`` design units; None before that."""
    dx, dy = pos[0] - origin[0], pos[1] - origin[1]
    if max(abs(dx), abs(dy)) < threshold:
        return None
    if abs(dx) >= abs(dy):
        return ">" if dx > 0 else "<"
    return "v" if dy > 0 else "^"


def cursor_step(sq: int, d: str) -> int:
    """The keyboard cursor moved one cell toward ``d`` (G-4 direction), held on the board."""
    f, r = sq % 8, sq // 8
    dx, dy = SCREEN_STEP[d]
    return min(7, max(0, r - dy)) * 8 + min(7, max(0, f + dx))


def nearest(sq: int, mask: int) -> int:
    """The square of bitboard ``mask`` nearest ``sq`` (Manhattan distance, then the lower
    square); ``sq`` itself when it is in ``mask`` or ``mask`` is empty."""
    if not mask or mask >> sq & 1:
        return sq
    cells = [c for c in range(64) if mask >> c & 1]
    return min(cells, key=lambda c: (abs(c % 8 - sq % 8) + abs(c // 8 - sq // 8), c))


def arrow(sq: int, d: str, size: float = 11) -> list[tuple[float, float]]:
    """The triangle (three design points) drawn beside the pawn on ``sq`` pointing ``d``:
    a direction the selected pawn may slide (G-4)."""
    cx, cy = cell_center(sq)
    dx, dy = SCREEN_STEP[d]
    tip = (cx + dx * (CELL * 0.5 + 20), cy + dy * (CELL * 0.5 + 20))
    base = (cx + dx * (CELL * 0.5 + 2), cy + dy * (CELL * 0.5 + 2))
    px, py = -dy * size, dx * size
    return [tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]


def line_ends(run) -> tuple[tuple[float, float], tuple[float, float]]:
    """Design points a little beyond the first and last cells of a line ``run`` (squares
    in line order): where the bold stroke through a scored five (G-5) starts and ends."""
    (ax, ay), (bx, by) = cell_center(run[0]), cell_center(run[-1])
    n = max(1, len(run) - 1)
    ux, uy = (bx - ax) / n, (by - ay) / n          # one cell along the line
    k = 0.32
    return (ax - ux * k, ay - uy * k), (bx + ux * k, by + uy * k)


def lerp(a, b, k: float) -> tuple[float, float]:
    """The point ``k`` (0–1) of the way from ``a`` to ``b``."""
    return a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k


def ease_out(k: float) -> float:
    """Cubic ease-out of ``k`` in 0–1 (a sliding pawn slows as it arrives)."""
    k = min(1.0, max(0.0, k))
    return 1 - (1 - k) ** 3
