"""Magico's drawing (pygame, through :class:`ludotheque.canvas.Canvas`): dice, tokens, the
board's cached layers with the glow of playable cells between them, the launcher
preview. Geometry comes from :mod:`magico.view`; no game state is changed here.

The board is two layers kept per scale: the base (frame, cells, tokens) and the top
(scoring runs and every number, K-3: a number under a token stays readable), with the
glowing cells composed between them each frame.
"""

from __future__ import annotations

import math

import pygame

from ludotheque import theme
from ludotheque.canvas import as_canvas

from magico import view
from magico.rules import DEFAULT_BOARD, SIZE, Position, cell_name, load_board, parse_cell

SIDE_COLOR = {"r": theme.RED, "b": theme.BLUE}
SIDE_LIGHT = {"r": (255, 150, 140), "b": (150, 195, 255)}
GLOW_LEVELS = 16        #: strengths of a glowing cell's pulse at a large scale (kept as layers)
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def R(rect) -> pygame.Rect:
    """A :mod:`magico.view` rectangle tuple as a ``pygame.Rect``."""
    return pygame.Rect(rect)


def cell_rect(i: int) -> pygame.Rect:
    """Screen rectangle (design units) of cell ``i`` (0–35)."""
    return pygame.Rect(view.cell_rect(i))


BOARD_AREA = pygame.Rect(view.BOARD_AREA)


def die_sprite(size: int, value: int, highlight: bool = False, scale: float = 1.0,
               tumbling: bool = False) -> pygame.Surface:
    """The image of a die of ``size`` design units showing ``value`` (1–6; 0: blank), in
    device px for ``scale``; ``tumbling``: a face passing by while the dice roll (pips
    faded, so it is not read as the result)."""
    px = max(1, round(size * scale))
    img = pygame.Surface((px, px), pygame.SRCALPHA)
    body = img.get_rect()
    pygame.draw.rect(img, (250, 248, 240), body, border_radius=px // 6)
    pygame.draw.rect(img, theme.ACCENT if highlight else (120, 110, 100), body, max(1, round(3 * scale)),
                     border_radius=px // 6)
    step, r = body.width * 0.27, max(3, body.width // 11)
    for dx, dy in PIPS.get(value, ()):
        pygame.draw.circle(img, (178, 176, 182) if tumbling else (30, 30, 36), (body.centerx + dx * step, body.centery + dy * step), r)
    return img


def draw_die(canvas, center, size: int, value: int, angle: float = 0.0, highlight: bool = False,
             tumbling: bool = False) -> None:
    """A die of ``size`` design units showing ``value`` (0: blank, not rolled yet), turned
    ``angle`` degrees, centred on design ``center``; ``tumbling``: faded pips (a face
    passing by during the roll, :class:`magico.view.Tumble`)."""
    canvas = as_canvas(canvas)
    img = canvas.sprite(("magico.die", size, value, highlight, tumbling),
                        lambda scale: die_sprite(size, value, highlight, scale, tumbling))
    if angle:
        img = pygame.transform.rotate(img, angle)
    canvas.blit(img, center, anchor="center")


def _token(radius: int, color, alpha: int = 150, scale: float = 1.0) -> pygame.Surface:
    r, pad = round(radius * scale), round(2 * scale)
    img = pygame.Surface((r * 2 + 2 * pad, r * 2 + 2 * pad), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    pygame.draw.circle(img, (*color, alpha), c, r)
    pygame.draw.circle(img, (*[max(0, v - 60) for v in color], 255), c, r, max(1, round(5 * scale)))
    return img


def token_sprite(canvas, player: str, radius: int, alpha: int = 150) -> pygame.Surface:
    """A translucent token with a solid rim in ``player``'s colour (the number under it
    stays readable), for ``canvas``'s scale (made once per scale)."""
    return canvas.sprite(("magico.token", player, radius, alpha),
                         lambda scale: _token(radius, SIDE_COLOR[player], alpha, scale))


def draw_preview(surface, rect) -> None:
    """The launcher tile: a small classic board with a few tokens, a run and two dice."""
    surface = as_canvas(surface)
    rect = pygame.Rect(rect)
    surface.fill(theme.BG2, rect)
    board = load_board(DEFAULT_BOARD)
    cell = min(rect.width, rect.height - 8) // 7
    x0, y0 = rect.centerx - cell * 3 - cell // 2, rect.centery - cell * 3
    tokens = {"a1": "r", "b1": "r", "c1": "r", "d3": "b", "e3": "b", "c4": "b", "f6": "r"}
    for i in range(SIZE * SIZE):
        r, c = divmod(i, SIZE)
        cr = pygame.Rect(x0 + c * cell, y0 + r * cell, cell - 2, cell - 2)
        surface.rect((238, 228, 204), cr, border_radius=4)
        who = tokens.get(cell_name(i))
        if who:
            surface.circle(SIDE_COLOR[who], cr.center, cell // 2 - 3)
        surface.text(str(board.numbers[i]), cr.center, max(10, cell // 2),
                     (255, 255, 255) if who else (50, 44, 36), anchor="center", bold=True)
    y = y0 + cell // 2 - 1
    surface.line(SIDE_LIGHT["r"], (x0 + cell // 2, y), (x0 + 2 * cell + cell // 2, y), 3)
    draw_die(surface, (x0 + 6 * cell + cell // 2 + 14, y0 + cell), cell, 5, 12)
    draw_die(surface, (x0 + 6 * cell + cell // 2 + 14, y0 + 2 * cell + 10), cell, 2, -8)


def _empty_board(base) -> None:
    ox, oy = -BOARD_AREA.x, -BOARD_AREA.y
    base.fill(theme.BG)
    base.panel(pygame.Rect(view.BOARD_RECT).inflate(24, 24).move(ox, oy), theme.WOOD_DARK, radius=16)
    for k in range(SIZE):
        base.text("abcdef"[k], (view.BOARD_X + k * view.CELL + view.CELL // 2 + ox, view.BOARD_Y - 16 + oy),
                  theme.SMALL, theme.MUTED, anchor="midbottom")
        base.text(str(k + 1), (view.BOARD_X - 18 + ox, view.BOARD_Y + k * view.CELL + view.CELL // 2 + oy),
                  theme.SMALL, theme.MUTED, anchor="midright")
    for i in range(SIZE * SIZE):
        base.rect((240, 230, 206), cell_rect(i).inflate(-4, -4).move(ox, oy), border_radius=10)


class BoardPainter:
    """Draws one position's board: cached layers keyed by what they show, the runs with
    their points (K-9, K-10; a new run drawn wider while ``flash`` holds it) and the glow."""

    def __init__(self):
        self.clock = 0.0

    def _base(self, pos: Position):
        def draw(base):
            ox, oy = -BOARD_AREA.x, -BOARD_AREA.y
            base.blit(base.cached("magico.empty", BOARD_AREA.size, _empty_board), (0, 0))
            for i in range(SIZE * SIZE):
                who = pos.cell(i)
                if who != ".":
                    base.blit(token_sprite(base, who.lower(), view.CELL // 2 - 8),
                              cell_rect(i).move(ox, oy).center, anchor="center")
        return draw

    def _top(self, pos: Position, flash):
        def draw(top):
            ox, oy = -BOARD_AREA.x, -BOARD_AREA.y
            draw_runs(top, pos, flash, (ox, oy))
            for i in range(SIZE * SIZE):
                c = cell_rect(i).move(ox, oy).center
                n = str(pos.board.numbers[i])
                if pos.cell(i) == ".":
                    top.text(n, c, 40, (52, 44, 34), anchor="center", bold=True)
                else:
                    top.text(n, c, 40, (255, 255, 255), anchor="center", bold=True, shadow=True)
        return draw

    def draw(self, surface, pos: Position, *, flash=(), glow=frozenset(), pulse: float = 0.5,
             chosen: int | None = None, cursor: int | None = None, marks=()) -> None:
        """The board of ``pos`` with the cells ``glow`` lit at ``pulse`` (0–1), the cell
        ``chosen`` ringed white, the keyboard ``cursor``, and ``marks`` ``[(cell, colour)]``
        (the review's played and better cells)."""
        key = (pos.board.id, pos.red, pos.blue, tuple(sorted(flash)))
        base = surface.cached(("magico.base",) + key, BOARD_AREA.size, self._base(pos))
        top = surface.cached(("magico.top",) + key, BOARD_AREA.size, self._top(pos, flash), alpha=True)

        def composed(layer):
            layer.blit(base, (0, 0))
            layer.blit(top, (0, 0))
        glowing = frozenset(glow)
        # empty cells glowing (K-6, K-7): at a large scale the board is kept with those
        # cells bare, and each frame draws on them only the glow and the number
        ready = bool(glowing) and not surface.identity and all(pos.cell(i) == "." for i in glowing)
        if ready:
            def bare(layer):
                composed(layer)
                for i in glowing:
                    inside = cell_rect(i).inflate(-4, -4).move(-BOARD_AREA.x, -BOARD_AREA.y)
                    layer.blit(base, inside.topleft, area=inside)
            surface.blit(surface.cached(("magico.bare", glowing) + key, BOARD_AREA.size, bare), BOARD_AREA.topleft)
        else:
            surface.blit(surface.cached(("magico.board",) + key, BOARD_AREA.size, composed), BOARD_AREA.topleft)
        alpha = int(90 + 80 * pulse)
        if ready:
            step = round((alpha - 90) * (GLOW_LEVELS - 1) / 80)
            alpha = 90 + round(step * 80 / (GLOW_LEVELS - 1))
            bare_inside = cell_rect(min(glowing)).inflate(-4, -4).move(-BOARD_AREA.x, -BOARD_AREA.y)
            for i in glowing:
                r = cell_rect(i).inflate(-4, -4)
                n = pos.board.numbers[i]

                def lit_cell(layer, n=n, r=r):
                    layer.blit(base, (0, 0), area=bare_inside)
                    layer.fill((*theme.ACCENT, alpha))
                    layer.rect(theme.ACCENT, layer.bounds, 4, border_radius=10)
                    layer.text(str(n), (r.width / 2, r.height / 2), 40, (52, 44, 34), anchor="center", bold=True)
                surface.blit(surface.cached(("magico.glowcell", n, alpha), r.size, lit_cell), r.topleft)
        else:
            for i in glowing:                     # base, glow, then top in each glowing cell
                r = cell_rect(i).inflate(-4, -4)
                inside = r.move(-BOARD_AREA.x, -BOARD_AREA.y)
                surface.blit(base, r.topleft, area=inside)
                surface.fill((*theme.ACCENT, alpha), r)
                surface.rect(theme.ACCENT, r, 4, border_radius=10)
                surface.blit(top, r.topleft, area=inside)
        if glowing:                               # a run's badge astride a glowing cell stays whole
            near = [cell_rect(i).inflate(34, 34) for i in glowing]
            _draw_badges(surface, [b for b in _run_badges(pos) if any(r.collidepoint(b[2]) for r in near)])
        if chosen is not None:
            surface.rect((255, 255, 255), cell_rect(chosen).inflate(-2, -2), 5, border_radius=12)
        if cursor is not None:
            surface.rect((255, 255, 255), cell_rect(cursor).inflate(-8, -8), 3, border_radius=8)
        for cell, colour in marks:
            surface.rect(colour, cell_rect(cell).inflate(-2, -2), 7, border_radius=12)


def draw_runs(surface, pos: Position, flash=(), offset=(0, 0)) -> None:
    """K-10: each scoring run is a line across its cells with its points beside it."""
    ox, oy = offset
    for player in ("r", "b"):
        for run in pos.runs(player):
            idx = [parse_cell(c) for c in run.cells]
            p0 = (view.cell_center(idx[0])[0] + ox, view.cell_center(idx[0])[1] + oy)
            p2 = (view.cell_center(idx[2])[0] + ox, view.cell_center(idx[2])[1] + oy)
            width = 14 if run.cells in flash else 9
            color = (*SIDE_LIGHT[player], 200)
            surface.line(color, p0, p2, width)
            for q in (p0, p2):
                surface.circle(color, q, width // 2 + 1)
    _draw_badges(surface, _run_badges(pos, offset))


def _run_badges(pos: Position, offset=(0, 0)) -> list:
    """``[(player, points, (x, y))]``: where each run's points badge goes (design units)."""
    ox, oy = offset
    out = []
    for player in ("r", "b"):
        for run in pos.runs(player):
            idx = [parse_cell(c) for c in run.cells]
            bx, by = view.run_badge(view.cell_center(idx[1]), view.cell_center(idx[2]))
            out.append((player, run.points, (bx + ox, by + oy)))
    return out


def _draw_badges(surface, badges) -> None:
    for player, pts, c in badges:
        surface.circle(SIDE_COLOR[player], c, 17)
        surface.circle((255, 255, 255), c, 17, 2)
        surface.text(str(pts), c, 16, (255, 255, 255), anchor="center", bold=True)


def pulse(clock: float, moving: bool, since: float) -> float:
    """0–1 strength of the glow: breathing while the computer plays, else a pulse that
    calls for attention a few seconds and then holds (``ludotheque.scene.attention``)."""
    from ludotheque.scene import attention

    return 0.5 + 0.5 * (math.sin(clock * 6) if moving else attention(clock - since, 6))
