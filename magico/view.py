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
TEXT_RIGHT = RIGHT_X + RIGHT_W - 30
"""Where the right column's running text (the banner, the action area's lines) ends at
most: 30 design px inside the cards' and buttons' right edge, 60 from the window's (trial8:
the French roll prompt ran to within a few px of the column's edge)."""
ENTRY_RECT: Rect = (RIGHT_X + 10, 470, 220, 76)
KEYPAD_AT = (RIGHT_X + 356, 326)
PASS_BUTTON: Rect = ROLL_BUTTON   #: where Roll was: the forced pass (K-5, K-7b) is confirmed on the same spot
NOTE_RECT: Rect = (RIGHT_X, 552, 560, 88)
UNDO_BUTTON: Rect = (RIGHT_X, 650, 170, 52)
HINT_KEY_BUTTON: Rect = (RIGHT_X + 180, 650, 130, 52)
ASSIST_BUTTON: Rect = (RIGHT_X + 320, 650, 240, 52)
#: the end panel covers the cards (it says their totals, and where each comes from, K-9:
#: trial4 saw 40 vs 55 points for "4 runs of 15" each), from the cards' top to 20 px above the bottom
END_PANEL_SIZE = (560, 720 - 20 - CARD_Y)
END_PANEL_CENTER = (RIGHT_X + 280, CARD_Y + END_PANEL_SIZE[1] // 2)
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


TUMBLE_STEP = 0.07                 #: seconds between two faces while the dice tumble
SETTLE = 0.3                       #: the last seconds of a roll: the rolled faces, coming to rest


class Tumble:
    """The dice's roll animation (K-4), planned when the dice are rolled: random faces
    that change every :data:`TUMBLE_STEP` s, then, for the last :data:`SETTLE` s, the faces
    rolled, turning to rest — so the animation ends on the result with no jump, and the
    faces before it are marked as not settled (the scene draws them faded).

    :param rolled: the two faces rolled (1–6, from :class:`magico.rules.Dice`; never
        taken from the animation). :param rng: a ``random.Random`` for the looks only.
    :param duration: the roll's length (s).
    """

    def __init__(self, rolled: tuple[int, int], rng, duration: float):
        self.rolled = (int(rolled[0]), int(rolled[1]))
        self.duration = float(duration)
        self.settle_at = max(0.0, self.duration - SETTLE)
        steps = max(1, int(self.settle_at / TUMBLE_STEP) + 1)
        faces, last = [], (0, 0)
        for _k in range(steps):             # each face differs from the one before: it turns
            last = tuple(rng.choice([f for f in range(1, 7) if f != last[i]]) for i in (0, 1))
            faces.append(last)
        self.faces: tuple[tuple[int, int], ...] = tuple(faces)
        self.spins = tuple((rng.uniform(-40, 40), rng.uniform(-40, 40)) for _k in range(steps))
        self.rest = (rng.uniform(-8, 8), rng.uniform(-8, 8))   #: the angles (degrees) it lands at

    def at(self, t: float) -> tuple[tuple[int, int], tuple[float, float], bool]:
        """``(faces, angles, settled)`` at ``t`` seconds into the roll: ``settled`` is True
        when the faces shown are the rolled ones (from :attr:`settle_at` on); angles in
        degrees ease from the last tumble's to :attr:`rest`, reached at :attr:`duration`."""
        if t < self.settle_at:
            k = min(len(self.faces) - 1, int(max(0.0, t) / TUMBLE_STEP))
            return self.faces[k], self.spins[k], False
        span = self.duration - self.settle_at
        u = 1.0 if span <= 0 else min(1.0, (t - self.settle_at) / span)
        last = self.spins[-1]
        ease = (1.0 - u) ** 2
        return self.rolled, tuple(r + (s - r) * ease for s, r in zip(last, self.rest)), True
