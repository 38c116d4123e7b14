"""Glissando's pictures, drawn through the shell's canvas (pygame): the board, the
pawns, the launcher tile, and the marks both the game and the review draw on the board
(the scored five, the last turn's rings). Geometry comes from :mod:`glissando.view`.
"""

from __future__ import annotations

import functools

import pygame

from ludotheque import theme
from ludotheque.canvas import as_canvas

from glissando.rules import BLUE, ORANGE
from glissando.view import (BOARD, BOARD_PAD, CELL, PAWN_R, cell_center, cell_rect,
                            line_ends)

COLORS = {BLUE: theme.BLUE, ORANGE: theme.ORANGE}
BOARD_SIZE = (BOARD.w + 2 * BOARD_PAD, BOARD.h + 2 * BOARD_PAD)
SCORED = (255, 214, 64)                 # the scored five: bright gold …
SCORED_EDGE = (40, 22, 6)               # … edged in near-black, readable on wood and on dark


def rect(box) -> pygame.Rect:
    """A :class:`glissando.view.Box` as a ``pygame.Rect`` (design units)."""
    return pygame.Rect(round(box[0]), round(box[1]), round(box[2]), round(box[3]))


def pawn_sprite(color: str, radius: int = PAWN_R, alpha: int = 255, scale: float = 1.0) -> pygame.Surface:
    """A pawn of ``radius`` design units drawn for ``scale`` device px per unit: drawn at
    4× and scaled down (smooth edges). Blue pawns carry a ring, orange pawns a diamond,
    so the two sides differ by more than colour."""
    k = 4
    u = k * scale                                # drawing px per design unit
    r = round(radius * u)
    size = 2 * r + round(6 * u)
    size += -size % k                            # scales down to whole px
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    base = COLORS[color]
    dark = tuple(int(v * 0.55) for v in base)
    light = tuple(min(255, int(v * 1.25 + 40)) for v in base)
    pygame.draw.circle(s, (0, 0, 0, 90), (c[0] + round(3 * u), c[1] + round(4 * u)), r)      # shadow
    pygame.draw.circle(s, dark, c, r)
    pygame.draw.circle(s, base, (c[0] - round(u), c[1] - round(u)), r - round(3 * u))
    pygame.draw.circle(s, light, (c[0] - r // 3, c[1] - r // 3), r // 4)         # sheen
    mark = (250, 250, 250)
    if color == BLUE:
        pygame.draw.circle(s, mark, c, int(r * 0.45), round(4 * u))
    else:
        d = int(r * 0.45)
        pygame.draw.polygon(s, mark, [(c[0], c[1] - d), (c[0] + d, c[1]),
                                      (c[0], c[1] + d), (c[0] - d, c[1])])
    out = pygame.transform.smoothscale(s, (size // k, size // k))
    if alpha < 255:
        out.set_alpha(alpha)
    return out


def pawn(canvas, color: str, radius: int = PAWN_R, alpha: int = 255) -> pygame.Surface:
    """The pawn sprite for ``canvas``'s scale (made once per scale)."""
    return canvas.sprite(("glissando.pawn", color, radius, alpha),
                         lambda scale: pawn_sprite(color, radius, alpha, scale))


def board_surface(canvas=None):
    """The wooden board with its grid and coordinates, drawn on ``canvas`` (a layer of
    the board's size, design units from (0, 0)); on a new 1:1 surface when None."""
    from ludotheque.art import wood_texture

    pad = BOARD_PAD
    if canvas is None:
        canvas = pygame.Surface(BOARD_SIZE, pygame.SRCALPHA)
    surf = as_canvas(canvas)
    frame = wood_texture(*surf.device_size(BOARD_SIZE), base=(150, 102, 58), dark=(92, 60, 32), seed=11)
    surf.blit(frame, (0, 0))
    inner = wood_texture(*surf.device_size((BOARD.w, BOARD.h)), seed=5)
    surf.blit(inner, (pad, pad))
    for i in range(9):
        x = pad + i * CELL
        surf.line(theme.WOOD_DARK, (x, pad), (x, pad + BOARD.h), 2)
        surf.line(theme.WOOD_DARK, (pad, x), (pad + BOARD.w, x), 2)
    surf.rect((70, 44, 22), (pad - 3, pad - 3, BOARD.w + 6, BOARD.h + 6), 3)
    for i in range(8):
        for txt, pos in ((chr(97 + i), (pad + i * CELL + CELL // 2, pad + BOARD.h + pad // 2)),
                         (chr(97 + i), (pad + i * CELL + CELL // 2, pad // 2)),
                         (str(8 - i), (pad // 2, pad + i * CELL + CELL // 2)),
                         (str(8 - i), (pad + BOARD.w + pad // 2, pad + i * CELL + CELL // 2))):
            surf.text(txt, pos, 16, (245, 228, 200), anchor="center", bold=True)
    return canvas


def _lit_board(layer) -> None:
    """The board with every cell lit (G-3's soft light): where :func:`board` copies the
    cells lit now from."""
    layer.blit(layer.cached("glissando.board", BOARD_SIZE, board_surface), (0, 0))
    for sq in range(64):
        r = rect(cell_rect(sq)).move(BOARD_PAD - BOARD.x, BOARD_PAD - BOARD.y)
        layer.fill((*theme.GOOD, 38), r)
        layer.rect(theme.GOOD, r.inflate(-10, -10), 1, border_radius=6)


def board(canvas) -> None:
    """The board (a layer per scale) at its place, no cell lit (:func:`lit_cells` lights
    the legal placements over it, G-3)."""
    at = (BOARD.x - BOARD_PAD, BOARD.y - BOARD_PAD)
    canvas.blit(canvas.cached("glissando.board", BOARD_SIZE, board_surface), at)


_CELL_COPIES: dict = {}
"""Per (scale, origin): for each square, where its lit cell goes on the canvas and the
part of the lit board it comes from (device px), so :func:`lit_cells` only copies."""


def lit_cells(canvas, lit_mask: int) -> None:
    """The cells of ``lit_mask`` lit softly over :func:`board` (the legal placements,
    G-3). Each is copied from a layer of the board with every cell lit (made once per
    scale; a cell's light depends only on the wood under it), in one ``Surface.blits``
    call: not drawn again, and not kept as a layer per mask (the mask is new at every
    turn, and a new board-sized layer cost its allocation and two copies on the turn's
    last frame)."""
    if not lit_mask:
        return
    lit = canvas.cached("glissando.lit_all", BOARD_SIZE, _lit_board)
    where = (canvas.scale, canvas.origin)
    copies = _CELL_COPIES.get(where)
    if copies is None:
        at = (BOARD.x - BOARD_PAD, BOARD.y - BOARD_PAD)
        ox, oy = (round(v) for v in canvas.to_device(*at))    # where the layer's (0, 0) went
        copies = []
        for sq in range(64):
            src = lit.device_rect(rect(cell_rect(sq)).move(-at[0], -at[1]))
            copies.append(((ox + src.x, oy + src.y), src))
        _CELL_COPIES.clear()                                   # one window size at a time
        _CELL_COPIES[where] = copies
    surf = lit.surface
    canvas.surface.blits([(surf, *copies[sq]) for sq in range(64) if lit_mask >> sq & 1], doreturn=False)


_PAWN_SPOTS: dict = {}
"""Per (scale, origin, sprite size): each square's top-left device px for a pawn sprite
centred on it, as :meth:`ludotheque.canvas.Canvas.blit` places it."""


def _pawn_spots(canvas, size) -> list:
    key = (canvas.scale, canvas.origin, canvas.identity, size)
    spots = _PAWN_SPOTS.get(key)
    if spots is None:
        box, spots = pygame.Rect((0, 0), size), []
        for sq in range(64):
            pos = cell_center(sq)
            if not canvas.identity:
                dx, dy = canvas.to_device(*pos)
                pos = (round(dx), round(dy))
            box.center = pos
            spots.append(box.topleft)
        if len(_PAWN_SPOTS) > 16:
            _PAWN_SPOTS.clear()
        _PAWN_SPOTS[key] = spots
    return spots


def pawns(canvas, blue: int, orange: int, *, skip=(), faint=()) -> None:
    """Every pawn of the bitboards, but those on ``skip``; those on ``faint`` see-through
    (a drag's preview). Drawn as :meth:`~ludotheque.canvas.Canvas.blit` would, in one
    ``Surface.blits`` call."""
    todo = []
    for sq in range(64):
        if sq in skip:
            continue
        color = BLUE if blue >> sq & 1 else ORANGE if orange >> sq & 1 else None
        if color is not None:
            img = pawn(canvas, color, alpha=70 if sq in faint else 255)
            todo.append((img, _pawn_spots(canvas, img.get_size())[sq]))
    canvas.surface.blits(todo, doreturn=False)


def cross(canvas, sq: int) -> None:
    """A red cross on ``sq``: a pawn picked for removal (G-5)."""
    cx, cy = cell_center(sq)
    for s in (-1, 1):
        canvas.line(theme.BAD, (cx - 16, cy - 16 * s), (cx + 16, cy + 16 * s), 6)


def scored_five(canvas, run, pulse: float = 1.0) -> None:
    """The line of five that scores (G-5), visible at a glance: its cells filled gold
    and framed, and a bold gold stroke edged in black through the five centres.
    ``pulse`` 0–1 brightens the fill (a flash)."""
    fill = int(90 + 90 * pulse)
    for sq in run:
        r = rect(cell_rect(sq))
        canvas.fill((*SCORED, fill), r)
        canvas.rect(SCORED, r.inflate(-4, -4), 3, border_radius=6)


def scored_stroke(canvas, run) -> None:
    """The bold stroke through a scored five, drawn above its pawns."""
    a, b = line_ends(run)
    canvas.line(SCORED_EDGE, a, b, 16)
    canvas.line(SCORED, a, b, 10)
    for p in (a, b):
        canvas.circle(SCORED_EDGE, p, 9)
        canvas.circle(SCORED, p, 6)


def last_turn(canvas, color, arrived, left) -> None:
    """Rings in the mover's colour round the pawns the last turn moved there, dots where
    it emptied a cell (G-3, G-4, G-5)."""
    for sq in arrived:
        canvas.circle(color, cell_center(sq), PAWN_R + 6, 3)
    for sq in left:
        canvas.circle(color, cell_center(sq), 7, 2)


def draw_preview(canvas, rect_: pygame.Rect) -> None:
    """The launcher tile picture: a small board with a line of blue pawns and a push
    (``canvas`` a :class:`ludotheque.canvas.Canvas` or a pygame surface, ``rect_``
    design units)."""
    canvas = as_canvas(canvas)
    canvas.fill((40, 46, 58), rect_)
    n = 8
    cell = min(rect_.width, rect_.height) * 0.9 / n
    x0 = rect_.centerx - cell * n / 2
    y0 = rect_.centery - cell * n / 2
    canvas.rect(theme.WOOD, (x0 - 4, y0 - 4, cell * n + 8, cell * n + 8), border_radius=4)
    for i in range(n + 1):
        canvas.line(theme.WOOD_DARK, (x0 + i * cell, y0), (x0 + i * cell, y0 + n * cell), 1)
        canvas.line(theme.WOOD_DARK, (x0, y0 + i * cell), (x0 + n * cell, y0 + i * cell), 1)
    men = {(1, 3): BLUE, (2, 3): BLUE, (3, 3): BLUE, (4, 3): BLUE, (6, 3): BLUE,
           (2, 5): ORANGE, (3, 4): ORANGE, (5, 2): ORANGE, (6, 5): ORANGE, (0, 0): ORANGE}
    r = int(cell * 0.38)
    for (f, rr), col in men.items():
        c = (int(x0 + (f + 0.5) * cell), int(y0 + (rr + 0.5) * cell))
        canvas.circle(COLORS[col], c, r)
        if col == BLUE:
            canvas.circle((250, 250, 250), c, max(2, r // 2), 2)
        else:
            d = max(2, r // 2)
            canvas.polygon((250, 250, 250), [(c[0], c[1] - d), (c[0] + d, c[1]),
                                             (c[0], c[1] + d), (c[0] - d, c[1])])
    ax = int(x0 + 6.5 * cell)
    ay = int(y0 + 3.5 * cell)
    canvas.line(theme.ACCENT, (ax + r, ay), (ax + int(cell * 0.9), ay), 3)


def fitted(canvas, s, pos, size=theme.BODY, color=theme.TEXT, anchor="topleft", bold=False,
           max_width: float | None = None, smallest: int = 12) -> pygame.Rect:
    """One line of text, shrunk (then cut with "…") to ``max_width`` design units
    (``ludotheque.session.fit_text``)."""
    if max_width is not None:
        s, size = _fit_line(s, int(max_width), size, smallest, bold)
    return canvas.text(s, pos, size, color, anchor=anchor, bold=bold)


@functools.lru_cache(maxsize=4096)
def _fit_line(s: str, max_width: int, size: int, smallest: int, bold: bool) -> tuple[str, int]:
    """``(text, size)`` of ``s`` fitted on one line of ``max_width`` design units
    (``ludotheque.session.fit_text``, a pure measure of the theme's fonts: kept, as the
    move list and the cards fit the same lines at every turn)."""
    from ludotheque.session import fit_text
    from ludotheque.session.endpanel import theme_measure

    f = fit_text(s, max_width, theme_measure, size=size, smallest=smallest, bold=bold, max_lines=1)
    return f.text, f.size
