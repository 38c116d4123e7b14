"""What is drawn over the Glissando board's still layer, each frame (pygame, through the
canvas): the lit cell under the pointer (G-3), the pawns (a sliding chain eased along,
G-4), the pawn just placed, a keyboard slide's arrows, a drag's ghosts, the scoring five
and its removal picks (G-5), and the hint (decision 13). Functions of the scene's state;
the scene calls them in this order."""

from __future__ import annotations

import math

from ludotheque import theme
from ludotheque.scene import attention

from glissando import paint, texts, view
from glissando.paint import cross, fitted, pawn, rect
from glissando.rules import BLUE, ORANGE, Turn
from glissando.view import PAWN_R, cell_center, cell_rect


def highlights(canvas, scene) -> None:
    b = scene.board
    if not scene.human_to_move:
        return
    if b.stage == "place":
        # G-3: the cell under the pointer (or the keyboard cursor) lit strongly; red when illegal
        mask = scene.pos.placement_mask()
        for sq in (b.hover, b.cursor if b.show_cursor else None):
            if sq is None:
                continue
            legal = mask >> sq & 1
            r = rect(cell_rect(sq))
            canvas.fill((*theme.GOOD, 130) if legal else (*theme.BAD, 70), r)
            canvas.rect(theme.GOOD if legal else theme.BAD, r, 3)
    elif b.show_cursor:
        canvas.rect(theme.ACCENT, rect(cell_rect(b.cursor)), 3)


def pawns(canvas, scene) -> None:
    tip = scene.tip if scene.tip is not None else scene.pos
    step = scene.anim.data.get("step") if scene.anim is not None else None
    moving = dict(step.moves) if step is not None and step.kind == "slide" else {}
    run = scene.scored() if scene.board.stage in ("place", None) and scene.anim is None else None
    if run:
        paint.scored_five(canvas, run, 0.4)
    drag = scene.board.drag
    faint = {a for a, _b in drag.moves} if drag is not None and drag.moves else ()
    paint.pawns(canvas, tip.blue, tip.orange, skip=moving, faint=faint)
    if moving:
        k = view.ease_out(scene.anim.progress)
        for a, b in moving.items():
            color = BLUE if tip.blue >> a & 1 else ORANGE
            canvas.blit(pawn(canvas, color), view.lerp(cell_center(a), cell_center(b), k), anchor="center")


def overlays(canvas, scene) -> None:
    tip, b = scene.tip, scene.board
    if tip is None:
        return
    kind = scene.anim.kind if scene.anim is not None else None
    if tip.placed is not None and tip.stage == "slide" and kind != "slide":
        canvas.circle(theme.ACCENT, cell_center(tip.placed), PAWN_R + 5, 3)   # the pawn just placed
    if kind == "place":
        for sq in scene.anim.data["step"].cells:
            canvas.circle(theme.ACCENT, cell_center(sq), PAWN_R + 4 + int(14 * (1 - scene.anim.progress)), 3)
    if b.selected is not None and tip.stage == "slide" and scene.human_to_move \
            and tip.at(b.selected) == scene.pos.to_move:           # a keyboard slide's pawn
        canvas.circle(theme.TEXT, cell_center(b.selected), PAWN_R + 6, 3)
        for sq, d in tip.legal_slides():
            if sq == b.selected:
                canvas.polygon(theme.ACCENT, view.arrow(sq, d))
    drag = b.drag
    if drag is not None and drag.dir is not None:                 # the ghosts (G-4)
        if drag.target is not None:
            canvas.line(theme.ACCENT, cell_center(drag.sq), cell_center(drag.target), 4)
            for a, c in drag.moves:
                canvas.blit(pawn(canvas, tip.at(a), alpha=185), cell_center(c), anchor="center")
                canvas.circle(theme.ACCENT, cell_center(c), PAWN_R + 3, 2)
        else:
            cross(canvas, drag.sq)
    if tip.stage == "remove" or kind == "remove":                 # G-5: the scoring five
        pulse = 0.5 + 0.5 * (math.sin(scene.clock * 8) if kind == "remove"
                             else attention(scene.score_flash, 8))
        runs = tip.scoring_runs()
        for run in runs:
            paint.scored_five(canvas, run, pulse)
        for run in runs:
            for sq in run:
                canvas.blit(pawn(canvas, tip.at(sq)), cell_center(sq), anchor="center")
            paint.scored_stroke(canvas, run)
        picked = scene.anim.data["step"].cells if kind == "remove" else \
            ((b.first_pick,) if b.first_pick is not None else ())
        if kind != "remove" and scene.human_to_move:
            for sq in tip.removable_with(b.first_pick):
                canvas.circle(theme.TEXT, cell_center(sq), PAWN_R + 5, 3)
        for sq in picked:
            cross(canvas, sq)


def hint(canvas, scene) -> None:
    """The hinted turn on the board (its placement, slide and removals ringed) and its
    reason under the board, while the position it was found for is shown."""
    box = rect(view.HINT_NOTE)
    if scene.hint_task.thinking and scene.human_to_move:
        canvas.fill(theme.BG, box)                      # over the colour key, square corners
        canvas.panel(box, theme.BG2, radius=12, border=theme.LINE)
        fitted(canvas, texts.hint_thinking(), box.center, theme.SMALL, theme.MUTED, anchor="center")
        return
    if scene.hint is None or scene.hint[0] != scene.pos.to_text() or not scene.human_to_move:
        return
    _text, turn, sentence = scene.hint
    t = Turn.parse(turn)
    tip = scene.tip
    if tip is not None and tip.placed is not None and tip.placed != t.place:
        return                                          # placed elsewhere: the hint is stale
    hue = (120, 230, 255)
    if scene.board.stage == "place":
        canvas.circle(hue, cell_center(t.place), PAWN_R + 4, 4)
        canvas.circle(hue, cell_center(t.place), 6)
    if t.slide is not None and scene.board.stage in ("place", "slide"):
        canvas.polygon(hue, view.arrow(*t.slide, size=13))
    canvas.fill(theme.BG, box)                          # the colour key under the corners
    canvas.panel(box, theme.BG2, radius=12, border=hue)
    from ludotheque.session import fit_text
    from ludotheque.session.endpanel import theme_measure

    f = fit_text(sentence, box.width - 24, theme_measure, size=18, smallest=13, max_lines=5,
                 prefer="size")
    step = theme.font(f.size).get_linesize()
    y = box.centery - step * len(f.lines) / 2
    for line in f.lines:
        canvas.text(line, (box.x + 12, y), f.size, theme.TEXT)
        y += step


def still(canvas, scene) -> None:
    """The still part of the screen, drawn into the scene's backdrop layer (keyed by
    :func:`glissando.panels.still_key`: it changes only with the player to move): the
    background above and below the board, the columns' still parts (kept layers,
    :mod:`glissando.panels`) and the board without lights."""
    from glissando.panels import LEFT, RIGHT, draw_left, draw_right

    board = rect(view.BOARD).inflate(2 * view.BOARD_PAD, 2 * view.BOARD_PAD)
    for band in ((LEFT.w, 0, RIGHT.x - LEFT.w, board.y),
                 (LEFT.w, board.bottom, RIGHT.x - LEFT.w, canvas.bounds.h - board.bottom)):
        canvas.fill(theme.BG, band)
    draw_left(canvas, scene)
    draw_right(canvas)
    paint.board(canvas)


def turn_state(canvas, scene) -> None:
    """What changes with the turn over the still part: the lit cells (G-3), the cards'
    reserves, points and "to play", the move list's turns (each a kept layer or copies,
    :mod:`glissando.panels`, :func:`glissando.paint.lit_cells`)."""
    from glissando.panels import draw_cards, draw_rows

    mask = scene.lit_cells()
    if mask:
        paint.lit_cells(canvas, mask)
    draw_cards(canvas, scene)
    draw_rows(canvas, scene)


def last_turn(canvas, scene) -> None:
    """The last turn's rings and the five it scored with, while the next player places."""
    if scene.board.stage not in ("place", None) or scene.anim is not None or not scene.log.turns:
        return
    arrived, left = scene.last_turn_cells()
    paint.last_turn(canvas, paint.COLORS[scene.log.previous.to_move], arrived, left)
    run = scene.scored()
    if run:
        paint.scored_stroke(canvas, run)


def banner(canvas, scene) -> None:
    """The turn banner above the board (who is to play and what to do), kept as a layer
    while it says the same (``Canvas.region``: a text that changes every frame, the
    thinking dots, is drawn straight)."""
    if scene.pos.is_terminal():
        return
    color, text = scene.pos.to_move, scene.stage_text()
    box = rect(view.BANNER)

    def draw(c):             # on the background band above the board (its corners)
        col = paint.COLORS[color]
        c.fill(theme.BG, box)
        c.panel(box, tuple(int(v * 0.35) for v in col), radius=12, border=col)
        c.blit(pawn(c, color, 14), (box.x + 28, box.centery), anchor="center")
        fitted(c, text, (box.x + 52, box.centery), 20, theme.TEXT,
               anchor="midleft", bold=True, max_width=box.width - 64)
    canvas.region(("glissando.banner", color, text), box, draw, lasting=True)
