"""The end panel: who won, a few lines, Rematch and Back to the menu — the one part of
the session that draws (pygame, through :mod:`ludotheque.theme` and
:mod:`ludotheque.widgets`; kept thin so it moves to the canvas unchanged in layout).

Keys: Enter or R rematch; V hides the panel to look at the board, and V, Enter, Esc or a
click on the board brings it back; Esc on the panel is its "Back to the menu" (trial8: Esc
opened the pause menu over the result, which a finished game has no use for). A game may give the panel another default button
(:meth:`EndPanel.set_default`, e.g. "Review the game"): that button then has the primary
look and Enter presses it, and Rematch, a plain button, names its key R. The content is given as callables, evaluated at
every draw, so a language switch shows at once.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from .. import i18n, theme
from ..canvas import as_canvas
from ..widgets import Button, is_click
from .textfit import fit_text

_ = i18n.domain("ludotheque")

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


theme_measure = theme.measure
"""Width in design px of one line of text in the theme's font (:func:`ludotheque.theme.measure`,
the ``measure`` of :func:`~ludotheque.session.textfit.fit_text`; the name other modules import)."""


class EndPanel:
    """The end of a game, drawn over the board.

    :param title: callable giving the headline ("Ann wins!").
    :param lines: callable giving the lines under it (score, turns played).
    :param on_rematch: called by Rematch (button, R, and Enter unless :meth:`set_default` gave
        Enter to another button).
    :param on_menu: called by Back to the menu.
    :param center: where the panel sits, design px (default: the screen's centre).
    :param accent: callable giving the border colour (the winner's), RGB.
    :param reveal_rect: where "Show the result (V)" sits while the panel is hidden; None:
        the panel cannot be hidden.
    :param size: (width, height) of the panel, design px.
    :param hide_label: callable giving the label of the button that hides the panel
        (default "See the board (V)"; Mississippi's is a table).
    """

    def __init__(self, title: Callable[[], str], lines: Callable[[], Sequence[str]],
                 on_rematch: Callable[[], None], on_menu: Callable[[], None], *,
                 center=(theme.W // 2, theme.H // 2), accent: Callable[[], tuple] = lambda: theme.ACCENT,
                 reveal_rect=(976, 548, 280, 56), size=(560, 400),
                 hide_label: Callable[[], str] = lambda: _("See the board (V)")):
        self.title, self.lines, self.accent = title, lines, accent
        self.box = pygame.Rect(0, 0, *size)
        self.box.center = center
        self.hidden = False
        self.default: Button | None = None       # another default than Rematch (set_default)
        self.rematch_btn = Button((0, 0, 320, 60), lambda: _("Rematch"), on_rematch,
                                  color=theme.GOOD, size=theme.LARGE)
        self.menu_btn = Button((0, 0, 320, 56), lambda: _("Back to the menu (Esc)"), on_menu)
        self.hide_btn = Button((0, 0, 220, 40), hide_label, self.hide,
                               size=theme.SMALL) if reveal_rect else None
        self.show_btn = Button(reveal_rect, lambda: _("Show the result (V)"), self.show,
                               color=theme.GOOD, size=22) if reveal_rect else None
        bottom = self.box.bottom - 24
        if self.hide_btn is not None:
            self.hide_btn.rect.midbottom = (self.box.centerx, bottom)
            bottom = self.hide_btn.rect.top - 14
        self.menu_btn.rect.midbottom = (self.box.centerx, bottom)
        self.rematch_btn.rect.midbottom = (self.box.centerx, self.menu_btn.rect.top - 14)

    def set_default(self, button: Button) -> None:
        """Make ``button`` (the game's own, which the game draws and handles) the panel's
        default instead of Rematch: it takes the primary look (``theme.GOOD``) and Enter
        presses it; Rematch becomes a plain button whose label names its key ("Rematch
        (R)"), so the green button is always the one Enter presses (trial3b)."""
        self.default = button
        button.color = theme.GOOD
        self.rematch_btn.color = theme.PANEL_HI
        self.rematch_btn.label = lambda: _("Rematch (R)")
        self.rematch_btn.size = button.size
        bottom = self.rematch_btn.rect.bottom
        self.rematch_btn.rect.height = button.rect.height
        self.rematch_btn.rect.bottom = bottom

    def hide(self) -> None:
        """Hide the panel to look at the board."""
        self.hidden = self.show_btn is not None

    def show(self) -> None:
        """Show the panel again."""
        self.hidden = False

    def handle(self, event, board_hit: Callable[[tuple], bool] = lambda pos: False) -> bool:
        """One event while the game is over. ``board_hit(pos)``: True for a point on the
        board (a click there brings a hidden panel back). :returns: True if used."""
        if self.hidden:
            if self.show_btn.handle(event) or (is_click(event) and board_hit(event.pos)):
                self.show()
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_v, pygame.K_ESCAPE, *ENTER):
                self.show()
                return True
            return False
        for b in (self.rematch_btn, self.menu_btn, self.hide_btn):
            if b is not None and b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:              # back, as the panel's button says
                self.menu_btn.on_click()
                return True
            if event.key == pygame.K_v and self.show_btn is not None:
                self.hide()
                return True
            if event.key in ENTER and self.default is not None:
                self.default.activate()
                return True
            if event.key in (*ENTER, pygame.K_r):
                self.rematch_btn.on_click()
                return True
        return False

    def draw(self, surface) -> None:
        """The dimmed board and the panel (or, hidden, only the "Show the result" button),
        on a :class:`ludotheque.canvas.Canvas` (or a pygame surface, at scale 1)."""
        surface = as_canvas(surface)
        if self.hidden:
            self.show_btn.draw(surface)
            return
        theme.dim(surface, 140)
        box, border = self.box, self.accent()
        theme.panel(surface, box, theme.PANEL, radius=20, border=border)
        surface.rect(border, box, 5, border_radius=20)
        width = box.width - 48
        title = fit_text(self.title(), width, theme_measure, size=theme.TITLE, smallest=24,
                         bold=True, max_lines=2)
        y = box.y + 28
        step = theme.font(title.size, True).get_linesize()
        for line in title.lines:
            theme.text(surface, line, (box.centerx, y), title.size, theme.ACCENT, anchor="midtop", bold=True)
            y += step
        y += 10
        for text in self.lines():
            fitted = fit_text(text, width, theme_measure, size=theme.BODY, smallest=14)
            theme.text(surface, fitted.text, (box.centerx, y), fitted.size, theme.TEXT, anchor="midtop")
            y += theme.font(fitted.size).get_linesize() + 6
        for b in (self.rematch_btn, self.menu_btn, self.hide_btn):
            if b is not None:
                b.draw(surface)
