"""The panels beside the Glissando board (pygame, through the canvas): the two player
cards with the colour key under them, and the move list (G-N2 texts, the turns played
after a hint marked, decision 13): still parts drawn into the scene's still layer, what the
turn changes drawn over it as kept layers of their own."""

from __future__ import annotations

from ludotheque import i18n, theme

from glissando import texts
from glissando.controller import move_rows
from glissando.paint import COLORS, SCORED, fitted, pawn, rect
from glissando.rules import BLUE, ORANGE
from glissando.view import BOARD, BOARD_PAD, MOVES, Box

_ = i18n.domain("glissando")

ROWS = 11                       # turns listed (the last ones)


LEFT = Box(0, 0, BOARD.x - BOARD_PAD, 720)
"""The column left of the board (cards and colour key), design units: kept as a layer."""
RIGHT = Box(BOARD.right + BOARD_PAD, 0, 1280 - BOARD.right - BOARD_PAD, 720)
"""The column right of the board (the move list's frame and header): kept as a layer."""


def _card_rect(i: int):
    return rect(Box(20, 100 + i * 250, 282, 226))


def _card_looks(scene) -> tuple:
    """What the cards show that changes only with the player to move (not each turn):
    per side ``(color, active, title, title colour, sub)``. Kept on the scene while the
    side to move, the end and the language stay (it is asked a few times a frame)."""
    pos, seats = scene.pos, scene.session.seats
    key = (pos.to_move, pos.is_terminal(), i18n.language())
    memo = getattr(scene, "_card_looks_memo", None)
    if memo is not None and memo[0] == key:
        return memo[1]
    out = []
    for color in (BLUE, ORANGE):
        active = pos.to_move == color and not pos.is_terminal()
        # the name, and under it the side (a computer's level beside it); a person with no
        # name typed is called by the side alone, once, in its colour
        title, title_col, sub = seats.name(color), theme.TEXT, texts.side_name(color)
        if seats.is_ai(color):
            sub = f"{seats.level_label(color)} · {texts.side_name(color)}"
        elif seats.named_by_side(color):
            title_col, sub = COLORS[color], None
        out.append((color, active, title, title_col, sub))
    scene._card_looks_memo = (key, tuple(out))
    return tuple(out)


def _draw_left(canvas, looks, legend) -> None:
    """The left column's still part: its background, each card's panel, border, pawn,
    name and side (from :func:`_card_looks`), and the colour key."""
    canvas.fill(theme.BG, rect(LEFT))
    for i, (color, active, title, title_col, sub) in enumerate(looks):
        r = _card_rect(i)
        col = COLORS[color]
        canvas.panel(r, theme.PANEL if active else theme.BG2, radius=16, border=col if active else theme.LINE)
        if active:
            canvas.rect(col, r, 5, border_radius=16)
        canvas.blit(pawn(canvas, color), (r.x + 46, r.y + 48), anchor="center")
        width = r.right - r.x - 100
        fitted(canvas, title, (r.x + 86, r.y + (36 if sub else 48)), theme.BODY, title_col,
               anchor="midleft", bold=True, max_width=width)
        if sub:
            fitted(canvas, sub, (r.x + 86, r.y + 52), theme.SMALL, col, bold=True, max_width=width)
    _draw_legend(canvas, legend)


def draw_players(canvas, scene) -> None:
    """The two cards (name, side, reserve, points, who is to play) and the colour key:
    :func:`draw_left` then :func:`draw_cards`."""
    draw_left(canvas, scene)
    draw_cards(canvas, scene)


def draw_left(canvas, scene) -> None:
    """The left column's still part, what changes only with the player to move (the
    column's background, the cards' panels, names and sides, the colour key): one layer
    (:meth:`ludotheque.canvas.Canvas.region`, keyed by what it shows)."""
    looks, legend = _card_looks(scene), _legend_labels()
    canvas.region(("glissando.left", looks, legend), rect(LEFT),
                  lambda c: _draw_left(c, looks, legend), lasting=True)


def draw_cards(canvas, scene) -> None:
    """What each card says that changes with the turn (reserve, points, "to play"),
    drawn over :func:`draw_left`'s column: per card a layer keyed by the card's look and
    these values (``lasting``: drawn on the turn's first frame, copied after)."""
    for i, look in enumerate(_card_looks(scene)):
        r = _card_rect(i)
        state = _card_state(scene, look)
        box = rect(Box(r.x + 14, r.y + 84, r.width - 24, 124))   # the lines below the name
        canvas.region((f"glissando.card{i}", i18n.language(), look, state), box,
                      lambda c, r=r, look=look, state=state: _draw_card_state(c, r, look, state), lasting=True)


def _card_state(scene, look) -> tuple:
    """``(reserve, points, target, label)`` of ``look``'s side now (label None when it
    is not that side's turn)."""
    pos, seats = scene.pos, scene.session.seats
    color, active = look[0], look[1]
    idx = 0 if color == BLUE else 1
    placed = active and scene.tip is not None and scene.tip.placed is not None
    label = None
    if active:
        label = _("thinking…") if scene.thinking and seats.is_ai(color) else _("to play")
    return pos.reserves[idx] - placed, pos.points[idx], pos.target, label


def _draw_card_state(canvas, r, look, state) -> None:
    reserve, points, target, label = state
    col = COLORS[look[0]]
    fitted(canvas, _("Reserve: {n}").format(n=reserve), (r.x + 20, r.y + 96), theme.BODY, theme.TEXT)
    fitted(canvas, _("Points: {p} / {t}").format(p=points, t=target), (r.x + 20, r.y + 130), theme.BODY, theme.TEXT)
    for k in range(target):
        c = (r.x + 32 + k * 34, r.y + 184)
        if k < points:
            canvas.circle(theme.ACCENT, c, 12)
            canvas.circle((255, 240, 200), c, 12, 2)
        else:
            canvas.circle(theme.LINE, c, 12, 2)
    if label is not None:
        fitted(canvas, "▶ " + label, (r.right - 16, r.y + 184), theme.SMALL, col, anchor="midright", bold=True)


def still_key(scene) -> tuple:
    """What the still part of the screen (:func:`glissando.layers.still`: the columns'
    still parts, the board without lights) shows: it changes only with the player to
    move and the language."""
    return ("glissando.still", i18n.language(), _card_looks(scene), _legend_labels(), _header())


def _legend_labels() -> tuple:
    return ((theme.GOOD, _("You may place here")),
            (theme.BAD, _("Not allowed here")),
            (theme.ACCENT, _("Pawn just placed, slide path")),
            (SCORED, _("Line of five: one point")),
            (None, _("Rings: the last turn")))


def _draw_legend(canvas, legend) -> None:
    """The key of the board's colours under the cards (``legend``: :func:`_legend_labels`):
    green a legal placement (G-3), red a cell where the pawn cannot go, yellow the pawn
    just placed and a slide's path (G-4), gold a scored line of five (G-5), rings the
    last turn."""
    x, y = 24, 584
    for swatch, label in legend:
        box = rect(Box(x, y, 18, 18))
        if swatch is None:
            canvas.circle(theme.MUTED, box.center, 9, 2)
        else:
            canvas.fill((*swatch, 110), box)
            canvas.rect(swatch, box, 2)
        fitted(canvas, label, (x + 28, box.centery), 16, theme.MUTED, anchor="midleft",
               max_width=302 - x - 28)
        y += 24


def _draw_right(canvas, header) -> None:
    """The right column's still part: its background, the move list's panel, title,
    the notation's key and the rule under it."""
    canvas.fill(theme.BG, rect(RIGHT))
    r = rect(MOVES)
    canvas.panel(r, theme.BG2, radius=14, border=theme.LINE)
    fitted(canvas, header[0], (r.x + 16, r.y + 10), theme.BODY, theme.ACCENT, bold=True)
    for k, line in enumerate(header[1:]):
        fitted(canvas, line, (r.x + 16, r.y + 44 + 20 * k), 15, theme.MUTED, max_width=r.width - 28)
    canvas.line(theme.LINE, (r.x + 12, r.y + 88), (r.right - 12, r.y + 88))


def _header() -> tuple:
    return _("Moves"), _("a1 placed · b4> slid right"), _("^ up · v down · < left · xd2 removed")


def draw_right(canvas) -> None:
    """The right column's still part (its background, the move list's panel and header):
    one layer (:meth:`ludotheque.canvas.Canvas.region`)."""
    header = _header()
    canvas.region(("glissando.right", header), rect(RIGHT), lambda c: _draw_right(c, header),
                  lasting=True)


ROWS_BOX = Box(MOVES.x + 8, MOVES.y + 92, MOVES.w - 16, MOVES.h - 96)
"""Where the turns are listed, inside the move list's panel (design units)."""


def draw_rows(canvas, scene) -> None:
    """Who starts (G-2, while no turn is played) and the last :data:`ROWS` turns, over
    :func:`draw_right`'s panel: a layer keyed by what they say (``lasting``: drawn on
    the turn's first frame, copied after)."""
    turns, first = scene.log.turns, scene.log.start.to_move
    starts = None
    if not turns and not scene.pos.is_terminal() and \
            (scene.config.options or {}).get("first", "random") == "random":
        starts = _("{side} starts (drawn by lot)").format(side=texts.side_name(first))   # G-2
    rows = tuple(move_rows(first, turns, scene.hinted)[-ROWS:])
    mark = texts.hint_marker()
    key = ("glissando.rows", i18n.language(), _header(), first, starts, rows, len(turns), mark)
    canvas.region(key, rect(ROWS_BOX), lambda c: _draw_rows(c, first, starts, rows, len(turns), mark),
                  lasting=True)


def _draw_rows(canvas, first, starts, rows, n_turns, mark) -> None:
    r = rect(MOVES)
    if starts is not None:
        for k, line in enumerate(theme.wrap(starts, theme.SMALL, r.width - 28, True)[:2]):
            fitted(canvas, line, (r.x + 16, r.y + 100 + 26 * k), theme.SMALL, COLORS[first],
                   bold=True, max_width=r.width - 28)
    y = r.y + 96
    for n, side, text, hinted in rows:
        canvas.blit(pawn(canvas, side, 14), (r.x + 64, y + 11), anchor="center")
        fitted(canvas, f"{n}.", (r.x + 44, y + 11), theme.SMALL, theme.MUTED, anchor="midright")
        last = n == n_turns
        got = fitted(canvas, text, (r.x + 84, y + 11), theme.SMALL, theme.TEXT if last else theme.MUTED,
                     anchor="midleft", max_width=r.width - 100 - (60 if hinted else 0))
        if hinted:
            fitted(canvas, mark, (got.right + 6, y + 11), 14, (120, 230, 255), anchor="midleft",
                   max_width=r.right - got.right - 12)
        y += 24
