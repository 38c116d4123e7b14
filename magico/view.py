"""Magico's screen geometry in 1280×720 design units (pure: no pygame).

Rectangles are ``(x, y, width, height)`` tuples in design units; the scene wraps them in
``pygame.Rect`` to draw. The board (6×6 cells of :data:`CELL`, K-2) is on the left, the
players' cards, the dice and the action area on the right (from :data:`RIGHT_X`).
"""

from __future__ import annotations

from magico.rules import SIZE

Rect = tuple[int, int, int, int]

CELL = 92                          #: cell size, design units
BOARD_X, BOARD_Y = 64, 100         #: top-left of cell a1
BOARD_RECT: Rect = (BOARD_X, BOARD_Y, CELL * SIZE, CELL * SIZE)
FRAME = 48                         #: the board's frame and cell labels around the cells
BOARD_AREA: Rect = (BOARD_X - FRAME, BOARD_Y - FRAME, CELL * SIZE + 2 * FRAME, CELL * SIZE + 2 * FRAME)
RIGHT_X = 690                      #: left edge of the right-hand column
RIGHT_W = 1280 - RIGHT_X - 30      #: its width

CARD_Y, CARD_W, CARD_H = 60, 275, 124   #: the players' cards (two, side by side)
DICE_RECT: Rect = (RIGHT_X, 200, 240, 110)
DIE_SIZE = 92
ROLL_BUTTON: Rect = (RIGHT_X + 260, 214, 300, 70)
HINT_BUTTON: Rect = (RIGHT_X + 400, 268, 160, 44)
ACTION_X, ACTION_Y = RIGHT_X + 10, 330   #: the action area's text
ENTRY_RECT: Rect = (RIGHT_X + 10, 470, 220, 76)
KEYPAD_AT = (RIGHT_X + 356, 326)
PASS_BUTTON: Rect = ROLL_BUTTON   #: where Roll was: the forced pass (K-5, K-7b) is confirmed on the same spot
NOTE_RECT: Rect = (RIGHT_X, 552, 560, 88)
UNDO_BUTTON: Rect = (RIGHT_X, 650, 170, 52)
HINT_KEY_BUTTON: Rect = (RIGHT_X + 180, 650, 130, 52)
ASSIST_BUTTON: Rect = (RIGHT_X + 320, 650, 240, 52)
END_PANEL_CENTER = (RIGHT_X + 280, 430)
END_PANEL_SIZE = (560, 460)
REVIEW_BUTTON: Rect = (RIGHT_X + 40, 668, 240, 44)


def cell_rect(i: int) -> Rect:
    """Rectangle of cell index ``i`` (0–35, row-major from a1, K-2)."""
    r, c = divmod(i, SIZE)
    return (BOARD_X + c * CELL, BOARD_Y + r * CELL, CELL, CELL)


def cell_center(i: int) -> tuple[int, int]:
    """Centre of cell ``i``, design units."""
    x, y, w, h = cell_rect(i)
    return (x + w // 2, y + h // 2)


def cell_at(pos) -> int | None:
    """Cell index under design point ``pos`` ``(x, y)``, or None off the board."""
    x, y = pos
    if not (BOARD_X <= x < BOARD_X + CELL * SIZE and BOARD_Y <= y < BOARD_Y + CELL * SIZE):
        return None
    return (int(y) - BOARD_Y) // CELL * SIZE + (int(x) - BOARD_X) // CELL


def inside(rect: Rect, pos) -> bool:
    """True when design point ``pos`` is in ``rect``."""
    x, y, w, h = rect
    return x <= pos[0] < x + w and y <= pos[1] < y + h


def die_centers() -> tuple[tuple[int, int], tuple[int, int]]:
    """Centres of the two dice."""
    x, y, w, h = DICE_RECT
    return (x + 56, y + h // 2), (x + 170, y + h // 2)


def op_button_rects(n: int, assisted: bool) -> list[Rect]:
    """Where the operation buttons go: ``n`` result buttons in two columns (assisted),
    else four operation buttons in a row."""
    if assisted:
        return [(RIGHT_X + 10 + (k % 2) * 280, 380 + (k // 2) * 84, 264, 72) for k in range(n)]
    return [(RIGHT_X + 10 + k * 140, 390, 128, 84) for k in range(n)]


def card_rect(seat: int) -> Rect:
    """The card of seat 0 (Red) or 1 (Blue)."""
    return (RIGHT_X + seat * 285, CARD_Y, CARD_W, CARD_H)


def run_badge(c1: tuple[int, int], c2: tuple[int, int]) -> tuple[float, float]:
    """Where a run's points badge goes: between its second and third cells."""
    return ((c1[0] + c2[0]) / 2, (c1[1] + c2[1]) / 2)
