"""Review of a finished Magico game on screen (issue 17 §3): computed by
:func:`magico.review.review` in the worker process (the window never freezes; if the
worker fails, a one-ply review is made at once), then stepped through turn by turn with
the missed turns marked and the better placement shown on the board.

Reachable from the end panel (button or W) for games against the computer and between
two people. Keys: ← → step, N the next missed turn, Esc or Backspace back to the result.
"""

from __future__ import annotations

import pygame

from ludotheque import i18n, theme
from ludotheque.session.aitask import AITask
from ludotheque.session.endpanel import theme_measure
from ludotheque.session.textfit import fit_text
from ludotheque.widgets import Button

from magico import review as review_mod, texts, view
from magico.paint import SIDE_LIGHT
from magico.rules import Position, Turn, parse_cell

_ = i18n.domain("magico")


def _review(start: str, turns: list[str]):
    """:func:`magico.review.review` (module level, for the worker process)."""
    return review_mod.review(start, turns)


class ReviewMode:
    """The review of one finished game.

    :param submit: ``app.run_worker``. :param on_ready: called when the review is ready
        (the scene changes to its ``REVIEW`` phase). :param on_close: back to the result.
    :ivar review: the :class:`magico.review.Review` once computed. :ivar at: the turn shown.
    """

    def __init__(self, submit, on_ready, on_close):
        self.task = AITask(submit)
        self.review = None
        self.at = 0
        self.on_ready, self.on_close = on_ready, on_close
        x = view.RIGHT_X
        small = theme.SMALL
        self.buttons = (Button((x, 560, 170, 52), lambda: "‹ " + _("Previous"), lambda: self.step(-1), size=small),
                        Button((x + 180, 560, 170, 52), lambda: _("Next") + " ›", lambda: self.step(1), size=small),
                        Button((x + 360, 560, 200, 52), lambda: _("Back to the result"), on_close, size=small))

    @property
    def computing(self) -> bool:
        return self.task.thinking

    def open(self, start: str, turns: list[str]) -> None:
        """Show the review: at once when computed, else start computing it."""
        if self.review is not None:
            self.on_ready()
        elif not self.task.thinking:
            turns = list(turns)
            self.task.start(_review, start, turns,
                            fallback=lambda: review_mod.review(start, turns, depth=1, budget=0))

    def poll(self) -> bool:
        """Call each update: True once, when the review has just come."""
        got = self.task.poll()
        if got is None:
            return False
        self.review = got.value
        self.at = self.review.missed[0] if self.review.missed else 0
        self.on_ready()
        return True

    def cancel(self) -> None:
        self.task.cancel()

    def step(self, d: int) -> None:
        """Show the turn ``d`` later (or earlier)."""
        if self.review is not None and self.review.turns:
            self.at = max(0, min(len(self.review.turns) - 1, self.at + d))

    def next_missed(self) -> None:
        """Show the next turn where a better placement was missed (round again at the end)."""
        if self.review is not None and self.review.missed:
            later = [i for i in self.review.missed if i > self.at]
            self.at = later[0] if later else self.review.missed[0]

    def handle(self, event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            acts = {pygame.K_LEFT: lambda: self.step(-1), pygame.K_RIGHT: lambda: self.step(1),
                    pygame.K_n: self.next_missed, pygame.K_ESCAPE: self.on_close,
                    pygame.K_BACKSPACE: self.on_close}
            if event.key in acts:
                acts[event.key]()
                return True
        return False

    def marks(self):
        """``[(cell index, colour)]``: the played cell (white) and, when missed, the better one (green)."""
        tr = self.review.turns[self.at] if self.review and self.review.turns else None
        out = []
        if tr is not None:
            played, best = Turn.parse(tr.played), Turn.parse(tr.best)
            if played.cell:
                out.append((parse_cell(played.cell), (255, 255, 255)))
            if tr.missed and best.cell:
                out.append((parse_cell(best.cell), theme.GOOD))
        return out

    def draw(self, surface, scene) -> None:
        """The board before the turn shown, its cells marked, and the turn's review."""
        rv = self.review
        tr = rv.turns[self.at] if rv.turns else None
        pos = Position.from_text(tr.before) if tr else scene.pos
        scene.painter.draw(surface, pos, marks=self.marks())
        scene._draw_cards(surface)
        x, y, width = view.RIGHT_X, 214, 560

        def line(text, size=theme.BODY, color=theme.TEXT, bold=False, lines=2):
            nonlocal y
            f = fit_text(text, width, theme_measure, size=size, smallest=14, bold=bold, max_lines=lines)
            for ln in f.lines:
                surface.text(ln, (x, y), f.size, color, bold=bold)
                y += theme.font(f.size, bold).get_linesize()
            y += 8

        line(texts.review_summary(len(rv.missed)), theme.SMALL, theme.MUTED)
        if tr is not None:
            side = tr.player
            line(texts.review_heading(tr.index, len(rv.turns), scene.name(side)), theme.LARGE, SIDE_LIGHT[side], True)
            played = Turn.parse(tr.played)
            mark = f" {texts.review_with_hint()}" if tr.index in scene.hinted else ""
            line(texts.review_played(texts.describe_turn(played.kind, played.dice, played.op, played.value,
                                                         played.cell)) + mark)
            if tr.forced:
                line(texts.review_forced(), color=theme.MUTED)
            elif tr.missed:
                best = Turn.parse(tr.best)
                line(texts.review_better(texts.describe_turn(best.kind, best.dice, best.op, best.value, best.cell),
                                         tr.points_missed, tr.played_value, tr.best_value), color=theme.GOOD, lines=3)
            else:
                line(texts.review_fine(), color=theme.GOOD)
        for b in self.buttons:
            b.draw(surface)
        keys = fit_text(texts.review_keys(), width, theme_measure, size=theme.SMALL, smallest=12)
        surface.text(keys.text, (x, 630), keys.size, theme.MUTED)
