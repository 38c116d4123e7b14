"""The review of a finished Glissando game (issue 17 §3): step through the turns (← →,
Home/End, buttons) and see the turn where the losing side's position went from holding
to lost, with the turn that would have held (:mod:`glissando.review`, computed in the AI
worker so the window never freezes). Pushed from the end panel over the game; Esc or
Back returns to it. Works the same for games between two people and against the computer.
"""

from __future__ import annotations

import pygame

from ludotheque import i18n, theme
from ludotheque.canvas import as_canvas
from ludotheque.scene import Scene
from ludotheque.session import fit_text
from ludotheque.session.aitask import AITask
from ludotheque.session.endpanel import theme_measure
from ludotheque.widgets import Button

from glissando import paint, texts, view
from glissando.controller import Replay, changed_cells, move_rows, review_game, scored_line
from glissando.paint import COLORS, fitted, pawn, rect
from glissando.rules import Position, Turn
from glissando.view import Box, PAWN_R, cell_center

_ = i18n.domain("glissando")

MISTAKE = (255, 96, 96)
BETTER = (120, 230, 255)
ROWS = 16
LIST_BOX = Box(976, 24, 280, 520)             # the move list, design px


class ReviewScene(Scene):
    """Step through ``turns`` played from ``start``.

    :param app: the shell's ``App``. :param start: the :class:`Position` before the first
        turn. :param turns: the G-N2 texts. :param names: ``{side: shown name}``.
    :param hinted: indices of the turns played after a hint (marked in the list).
    :raises glissando.rules.IllegalTurn: a turn that does not replay.
    """

    opaque = True
    review_fn = staticmethod(review_game)        # the worker's job (tests patch it)

    def __init__(self, app, start: Position, turns, names: dict, hinted=()):
        super().__init__(app)
        self.replay = Replay(start, list(turns), k=len(turns))
        self.names, self.hinted = dict(names), set(hinted)
        self.task = AITask(app.run_worker, timeout=None)   # no time limit: Back leaves
        self.result: dict | None = None          # review_game's answer once it came
        self.failed = False
        self.waited = 0.0                        # seconds since the review was asked for
        col = Box(20, 100, 296, 600)
        self.prev_btn = Button((976, 560, 134, 50), "‹", lambda: self.step(-1), size=theme.LARGE)
        self.next_btn = Button((1122, 560, 134, 50), "›", lambda: self.step(1), size=theme.LARGE)
        self.jump_btn = Button((col.x, 560, col.w, 50), lambda: _("Go to the turning point"),
                               self.jump, size=20)
        self.back_btn = Button((976, 622, 280, 50), lambda: _("Back"), app.pop)

    # ---------------------------------------------------------------- lifecycle
    @property
    def animating(self) -> bool:
        return self.task.thinking              # polled every frame until the answer comes

    def enter(self) -> None:
        if self.result is None and not self.task.thinking:
            self.task.start(self.review_fn, self.replay.start.to_text(), self.replay.turns,
                            fallback=lambda: None)

    def exit(self) -> None:
        self.task.cancel()

    def update(self, dt: float) -> None:
        if self.task.thinking:
            seen = int(self.waited)
            self.waited += dt                   # shown beside "looking…": the review is slow
            if int(self.waited) != seen:
                self.app.redraw()
        d = self.task.poll()
        if d is not None:
            self.result, self.failed = d.value, d.value is None
            if self.decisive is not None and self.replay.k == len(self.replay.turns):
                self.jump()
            self.app.redraw()

    # ---------------------------------------------------------------- the turning point
    @property
    def mistakes(self) -> list[dict]:
        return list(self.result["mistakes"]) if self.result else []

    @property
    def decisive(self) -> dict | None:
        """The mistake behind the winner's last point, else the last one found."""
        ms = self.mistakes
        return next((m for m in ms if m["decisive"]), ms[-1] if ms else None)

    def jump(self) -> None:
        """Show the position where the decisive mistake was played (before it)."""
        m = self.decisive
        if m is not None:
            self.replay.go(m["index"])

    def step(self, n: int) -> None:
        self.replay.go(self.replay.k + n)

    # ---------------------------------------------------------------- input
    def handle(self, event) -> bool:
        for b in (self.prev_btn, self.next_btn, self.back_btn) + ((self.jump_btn,) if self.decisive else ()):
            if b.handle(event):
                return True
        if event.type != pygame.KEYDOWN:
            return False
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_DOWN: 1}
        if event.key in moves:
            self.step(moves[event.key])
        elif event.key == pygame.K_HOME:
            self.replay.go(0)
        elif event.key == pygame.K_END:
            self.replay.go(len(self.replay.turns))
        elif event.key in (pygame.K_t, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.jump()
        elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        else:
            return False
        return True

    # ---------------------------------------------------------------- drawing
    def draw(self, canvas) -> None:
        canvas = as_canvas(canvas)
        canvas.fill(theme.BG)
        r = self.replay
        p = r.position
        paint.board(canvas)
        last = r.last
        run = scored_line(last[0], last[2]) if last else None
        if run:
            paint.scored_five(canvas, run, 0.5)
        paint.pawns(canvas, p.blue, p.orange)
        if last:
            arrived, left = changed_cells(*last)
            paint.last_turn(canvas, COLORS[last[0].to_move], arrived, left)
        if run:
            paint.scored_stroke(canvas, run)
        m = self.decisive
        here = [x for x in self.mistakes if x["index"] == r.k]
        for x in here:                                   # the turn played here, and the one that held
            self._turn_marks(canvas, x["turn"], MISTAKE)
            if x["better"]:
                self._turn_marks(canvas, x["better"], BETTER)
        self._draw_left(canvas, here, m)
        self._draw_list(canvas)
        for b in (self.prev_btn, self.next_btn, self.back_btn):
            b.draw(canvas)
        self.prev_btn.enabled, self.next_btn.enabled = r.k > 0, r.k < len(r.turns)
        if m is not None:
            self.jump_btn.draw(canvas)

    def _turn_marks(self, canvas, text: str, color) -> None:
        t = Turn.parse(text)
        canvas.circle(color, cell_center(t.place), PAWN_R + 5, 4)
        if t.slide is not None:
            canvas.polygon(color, view.arrow(*t.slide, size=13))

    def _paragraph(self, canvas, text, box, size=18, color=theme.TEXT) -> float:
        f = fit_text(text, int(box.w), theme_measure, size=size, smallest=13, max_lines=6,
                     prefer="size")
        step = theme.font(f.size).get_linesize()
        y = box.y
        for line in f.lines:
            canvas.text(line, (box.x, y), f.size, color)
            y += step
        return y

    def _draw_left(self, canvas, here, m) -> None:
        r = self.replay
        fitted(canvas, texts.review_title(), (20, 24), theme.LARGE, theme.ACCENT, bold=True, max_width=296)
        fitted(canvas, texts.review_step(r.k, len(r.turns)), (20, 70), theme.BODY, theme.TEXT, max_width=296)
        box = Box(20, 110, 296, 430)
        if self.task.thinking:
            self._paragraph(canvas, f"{texts.review_working()} {int(self.waited)} s", box, color=theme.MUTED)
            return
        if self.failed:
            self._paragraph(canvas, texts.hint_failed(), box, color=theme.MUTED)
            return
        shown = here or ([m] if m is not None else [])
        if not shown:
            self._paragraph(canvas, texts.review_none(), box)
        y = box.y
        for x in shown:
            y = self._paragraph(canvas, texts.review_mistake(self.names.get(x["side"], x["side"]), x["turn"],
                                                            x["index"] + 1, x["better"], x["decisive"]),
                                Box(box.x, y, box.w, box.bottom - y)) + 14
        rings = [(COLORS[r.last[0].to_move], texts.review_last_ring(r.k, r.last[0].to_move))] if r.last else []
        if here:        # the rings' colours named by the ring, not as players' colours
            rings += [(MISTAKE, _("turn played (red ring)")), (BETTER, _("would have held (cyan ring)"))]
        for color, label in rings:
            canvas.circle(color, (box.x + 10, y + 10), 9, 3)
            fitted(canvas, label, (box.x + 28, y + 10), 16, theme.MUTED, anchor="midleft", max_width=box.w - 30)
            y += 26
        if self.mistakes:                # what the "?" marks of the move list mean
            fitted(canvas, "?", (box.x + 10, y + 10), 18, MISTAKE, anchor="center", bold=True)
            self._paragraph(canvas, _("in the list: after that turn a point could no longer be stopped"),
                            Box(box.x + 28, y, box.w - 28, box.bottom - y), color=theme.MUTED, size=16)
        fitted(canvas, texts.review_keys(), (640, 700), 15, theme.MUTED, anchor="center", max_width=560)

    @property
    def lit_row(self) -> int:
        """The move list's number of the row lit: the turn after the position shown (the
        one the header names, "Before turn 11 of 12"), or the last turn at the end."""
        r = self.replay
        return min(r.k + 1, len(r.turns))

    def row_y(self, n: int) -> float | None:
        """The top (design px) of row ``n`` (from 1) of the move list, or None while it is
        scrolled out of the 16 rows shown (kept round the lit row)."""
        count = len(self.replay.turns)
        first = min(max(0, self.lit_row - 1 - ROWS // 2), max(0, count - ROWS))
        if not first < n <= first + ROWS:
            return None
        return LIST_BOX.y + 14 + (n - 1 - first) * 31

    def _draw_list(self, canvas) -> None:
        r = self.replay
        box = rect(LIST_BOX)
        canvas.panel(box, theme.BG2, radius=14, border=theme.LINE)
        bad = {x["index"] for x in self.mistakes}
        rows = move_rows(r.start.to_move, r.turns, self.hinted)
        lit = self.lit_row
        for n, side, text, hinted in rows:
            y = self.row_y(n)
            if y is None:
                continue
            if n == lit:
                canvas.fill((*theme.ACCENT, 60), (box.x + 6, y - 1, box.width - 12, 26))
            canvas.blit(pawn(canvas, side, 12), (box.x + 54, y + 12), anchor="center")
            fitted(canvas, f"{n}.", (box.x + 38, y + 12), theme.SMALL, theme.MUTED, anchor="midright")
            col = MISTAKE if n - 1 in bad else theme.TEXT if n == lit else theme.MUTED
            got = fitted(canvas, text + ("  ?" if n - 1 in bad else ""), (box.x + 72, y + 12), theme.SMALL,
                         col, anchor="midleft", max_width=box.width - 150)
            if hinted:
                fitted(canvas, texts.hint_marker(), (got.right + 6, y + 12), 14, BETTER, anchor="midleft",
                       max_width=box.right - got.right - 12)
