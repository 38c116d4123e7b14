"""The drawing half of Magico's scene (pygame, through the canvas): the players' cards,
the dice, the action area of each phase, the notes and hints, the end panel's lines.

:class:`MagicoScreen` is mixed into :class:`magico.scene.MagicoScene`; it reads the
scene's state (controller, session, notes) and changes nothing. Geometry from
:mod:`magico.view`, board layers from :mod:`magico.paint`, texts from :mod:`magico.texts`.
"""

from __future__ import annotations

import pygame

from ludotheque import i18n, theme
from ludotheque.canvas import as_canvas
from ludotheque.session.endpanel import theme_measure
from ludotheque.session.endpanel import EndPanel
from ludotheque.session.textfit import fit_text
from ludotheque.widgets import Button, Keypad, TextEntry

from magico import texts, view
from magico.controller import Phase
from magico.paint import BOARD_AREA, R, SIDE_COLOR, SIDE_LIGHT, draw_die, pulse, token_sprite
from magico.rules import other, results
from magico.texts import show_op, side_name

_ = i18n.domain("magico")
RIGHT_X = view.RIGHT_X


def note_lines(text: str, width: int) -> tuple[int, tuple[str, ...]]:
    """A message for the note box (``width`` px): ``(font size, lines)`` — two lines of
    body text, or three of small text when two are not enough (at most three shown)."""
    lines = theme.wrap(text, theme.BODY, width)
    if len(lines) <= 2:
        return theme.BODY, lines
    return theme.SMALL, theme.wrap(text, theme.SMALL, width)[:3]


NOTE_PAD = 6        #: design px kept clear between a message and the note box's top and bottom borders
NOTE_GAP = 2        #: design px between two lines of a message
GAP_ABOVE_BUTTONS = 8   #: design px kept clear between the action text and the buttons under it


def fit_note(text: str, box, head: int = 0, max_lines: int = 3):
    """Fit a message into the note box ``box`` (a design-px rect ``(x, y, w, h)``) under
    a title ``head`` px tall: the largest size from ``theme.BODY`` down to 14 px at which
    it fits whole on at most ``max_lines`` lines (wrapped by
    :func:`ludotheque.session.textfit.fit_text`) that also stay inside the box's height,
    :data:`NOTE_PAD` px clear of its borders; at 14 px, what does not fit is cut with an
    ellipsis. :returns: ``(Fitted, step)`` — the lines, their size, and the distance
    from one line's top to the next (px)."""
    w, h = R(box).size
    room = h - 2 * NOTE_PAD - head
    fitted = None
    for size in range(theme.BODY, 13, -1):
        step = theme.font(size).get_linesize() + NOTE_GAP
        n = min(max_lines, (room + NOTE_GAP) // step)
        if n < 1:
            continue
        fitted = fit_text(text, w - 28, theme_measure, size=size, max_lines=n, prefer="size")
        if not fitted.cut:
            return fitted, step
    return fitted, theme.font(14).get_linesize() + NOTE_GAP


def _button_look(b) -> tuple | None:
    """What a button looks like now (label, colour, enabled, lit, focused), None hidden."""
    if b is None or not b.visible:
        return None
    return (tuple(b.rect), b.label() if callable(b.label) else b.label, b.color, b.enabled,
            b.hover, b.focused)


class MagicoScreen:
    """Drawing for :class:`magico.scene.MagicoScene` (a mixin: ``self`` is the scene)."""

    def _build_widgets(self) -> None:
        """The scene's buttons, result entry and keypad (their actions are the scene's)."""
        self.entry = TextEntry(view.ENTRY_RECT, numeric=True, max_len=3, on_submit=self.submit_result)
        self.keypad = Keypad(view.KEYPAD_AT, self.entry, key_size=66, gap=8)
        self.roll_btn = Button(view.ROLL_BUTTON, lambda: _("Roll (Space)"), self.roll, color=theme.GOOD)
        self.pass_btn = Button(view.PASS_BUTTON, lambda: _("Pass (Enter)"), self.do_pass, color=theme.ACCENT)
        self.undo_btn = Button(view.UNDO_BUTTON, lambda: _("Undo (U)"), self.undo, size=theme.SMALL)
        self.hint_btn = Button(view.HINT_KEY_BUTTON, lambda: _("Hint (H)"), self.ask_hint, size=theme.SMALL)
        self.assist_btn = Button(view.ASSIST_BUTTON, self._assist_label, self.toggle_assisted, size=theme.SMALL)
        self.review_btn = Button((0, 0, 320, 44), texts.review_button, self.open_review, size=theme.SMALL)
        self.op_buttons: list[Button] = []
        self.end = EndPanel(self._end_title, self._end_lines, self.rematch, self.app.to_menu,
                            center=view.END_PANEL_CENTER, size=view.END_PANEL_SIZE,
                            accent=self._end_accent, reveal_rect=(RIGHT_X + 140, 640, 280, 56))
        self.end.set_default(self.review_btn)        # green = Enter = review (as in Glissando)
        self.review_btn.rect.midbottom = (self.end.box.centerx, self.end.rematch_btn.rect.top - 12)

    def draw(self, surface) -> None:
        surface = as_canvas(surface)
        if self.phase is Phase.OVER and not self.end.hidden:
            # the end screen is still but for a lit button: the game, its veil and the
            # panel drawn once and kept as a layer while they look the same
            self.review_btn.label = (texts.review_computing if self.reviewing.computing
                                     else texts.review_button)

            def still(layer):
                self._draw_game(layer, end=False)
                layer.dim(140)
                top = layer.sub(layer.bounds)
                top.dim = lambda alpha=150: None      # the veil is drawn already
                self.end.draw(top)
                self.review_btn.draw(layer)
            surface.backdrop(self._over_key(), still)
            return
        self._draw_game(surface)

    def _over_key(self) -> tuple:
        """What the end screen shows (K-8 … K-10): the position, the runs flashing, the
        dice, the names (in the language of the moment), the panel's lines and its
        buttons' looks."""
        pos = self.pos
        moving = self.is_ai(pos.to_move)
        glow = frozenset(self.glow)
        return ("magico.over", id(self), i18n.language(), pos.board.id, pos.red, pos.blue,
                tuple(sorted(self.flash)), glow,
                pulse(self.clock, moving, self.calm_t0) if glow else None, self.chosen,
                tuple(self.shown_dice), tuple(self.dice_angle), self._banner(),
                tuple(self.name(p) for p in ("r", "b")), self.end.title(), tuple(self.end.lines()),
                tuple(_button_look(b) for b in (self.end.rematch_btn, self.end.menu_btn,
                                                self.end.hide_btn, self.review_btn)))

    def _draw_game(self, surface, end: bool = True) -> None:
        """The board, cards, dice and the phase's action area; once the game is over the
        end panel too, unless ``end`` is False (its backdrop)."""
        surface.fill_around(theme.BG, BOARD_AREA)
        if self.phase is Phase.REVIEW:
            self.reviewing.draw(surface, self)
            return
        moving = self.phase is Phase.AI or self.is_ai(self.pos.to_move)
        cursor = self.ctl.cursor if self.ctl.show_cursor and self.phase in (Phase.PLACE, Phase.TAKE) else None
        self.painter.draw(surface, self.pos, flash=self.flash, glow=self.glow,
                          pulse=pulse(self.clock, moving, self.calm_t0), chosen=self.chosen, cursor=cursor)
        self._draw_cards(surface)
        self._draw_dice(surface)
        if self.phase is Phase.OVER:
            if not end:
                return
            self.end.draw(surface)
            if not self.end.hidden:
                self.review_btn.label = (texts.review_computing if self.reviewing.computing
                                         else texts.review_button)
                self.review_btn.draw(surface)
            return
        self._draw_action(surface)
        if not self.session.seats.all_ai:                 # a demo has no person to help
            self.assist_btn.draw(surface)
            self.hint_btn.enabled = self.hints_on and not self.is_ai(self.pos.to_move)
            self.hint_btn.draw(surface)
            refused = self.undo_refusal()                 # greyed whenever it would be refused …
            self.undo_btn.enabled = refused is None
            self.undo_btn.draw(surface)
        else:
            refused = None
        shown = self.hint if self.hint is not None and self.phase is not Phase.TYPE else None
        if refused is not None and self.undo_btn.hover and self.phase is not Phase.TYPE:   # … the pointer on it: why
            self._draw_note(surface, texts.undo_refused(refused), theme.MUTED)
        elif shown is not None:
            self._draw_note(surface, shown[1], theme.ACCENT, title=texts.hint_title(shown[0]))
        elif self.note is not None and self.phase is not Phase.TYPE:
            self._draw_note(surface, *self.note)

    def _draw_note(self, surface, text: str, color, title: str | None = None) -> None:
        """A message (or a hint, under its ``title``) in the note box: the largest size
        at which it fits inside the box, borders clear (:func:`fit_note`), three lines at
        most (four under a title)."""
        box = R(view.NOTE_RECT)
        if title is not None:
            box = box.inflate(0, 60).move(0, -30)
        surface.panel(box, (22, 25, 32), radius=12, border=color)
        head = theme.font(theme.SMALL, True).get_linesize() + 4 if title is not None else 0
        fitted, step = fit_note(text, box, head, max_lines=4 if title is not None else 3)
        top = box.centery - (step * len(fitted.lines) - NOTE_GAP + head) // 2
        if title is not None:
            surface.text(title, (box.x + 14, top), theme.SMALL, theme.MUTED, bold=True)
        for k, line in enumerate(fitted.lines):
            surface.text(line, (box.x + 14, top + head + step * k), fitted.size, color)

    def _draw_cards(self, surface) -> None:
        scores = self.pos.scores()
        over = self.phase in (Phase.OVER, Phase.REVIEW)
        width = view.TEXT_RIGHT - RIGHT_X
        banner = fit_text(self._banner(), width, theme_measure, size=26, smallest=20, bold=True)
        if banner.cut:                # a long French name: two lines above the cards, not one of 16 px
            banner = fit_text(self._banner(), width, theme_measure, size=20, smallest=15, bold=True,
                              max_lines=2, prefer="size")
        me = self.ctl.mover or self.pos.to_move
        step = banner.size + 3
        for j, line in enumerate(banner.lines):
            surface.text(line, (RIGHT_X, 32 + (j - (len(banner.lines) - 1) / 2) * step), banner.size,
                         theme.ACCENT if over else SIDE_LIGHT[me], anchor="midleft", bold=True)
        for k, p in enumerate(("r", "b")):
            box = R(view.card_rect(k))
            active = me == p and not over
            surface.panel(box, theme.PANEL, radius=14, border=SIDE_COLOR[p] if active else theme.LINE)
            if active:
                surface.rect(SIDE_COLOR[p], box, 4, border_radius=14)
            surface.circle(SIDE_COLOR[p], (box.x + 24, box.y + 26), 12)
            name = fit_text(self.name(p), box.width - 54, theme_measure, size=theme.BODY, smallest=19,
                            bold=active)                  # one line, shrunk a little at most …
            if name.cut:                                  # … else two lines of 17 px above the tokens
                name = fit_text(self.name(p), box.width - 54, theme_measure, size=17, smallest=14,
                                bold=active, max_lines=2, prefer="size")
            for j, line in enumerate(name.lines):
                cy = box.y + 26 + (j - (len(name.lines) - 1) / 2) * (name.size + 3)
                surface.text(line, (box.x + 44, cy), name.size, anchor="midleft", bold=active)
            surface.text(str(scores[p]), (box.right - 14, box.y + 70), 44, theme.TEXT, anchor="midright", bold=True)
            surface.text(_("points"), (box.right - 14, box.y + 104), theme.SMALL, theme.MUTED, anchor="midright")
            hand = self.pos.hand(p)
            for t in range(hand):
                surface.blit(token_sprite(surface, p, 8, 255), (box.x + 22 + (t % 8) * 19, box.y + 60 + (t // 8) * 21),
                             anchor="center")
            surface.text(_("{n} in hand").format(n=hand), (box.x + 14, box.y + 104), theme.SMALL, theme.MUTED,
                         anchor="midleft")

    def _banner(self) -> str:
        if self.phase in (Phase.OVER, Phase.REVIEW):
            w = self.pos.outcome().winner
            return (_("Game over — a draw!") if w is None
                    else _("Game over — {name} wins!").format(name=self.name(w)))
        me = self.ctl.mover or self.pos.to_move
        if self.session.seats.named_by_side(me):
            return _("{side} to play").format(side=side_name(me))
        return _("{side} to play — {name}").format(name=self.name(me), side=side_name(me))

    def _draw_dice(self, surface) -> None:
        lit = self.phase is Phase.ROLL and not self.is_ai(self.pos.to_move)
        a, b = (0, 0) if self.phase is Phase.ROLL else self.shown_dice   # blank before this turn's roll
        c1, c2 = view.die_centers()
        tumbling = not self.dice_settled          # faded pips: not a result (view.Tumble)
        draw_die(surface, c1, view.DIE_SIZE, a, self.dice_angle[0], highlight=lit, tumbling=tumbling)
        draw_die(surface, c2, view.DIE_SIZE, b, self.dice_angle[1], highlight=lit, tumbling=tumbling)
        if lit:
            self.roll_btn.draw(surface)

    def _draw_action(self, surface) -> None:
        x, y = view.ACTION_X, view.ACTION_Y
        me, ph = self.pos.to_move, self.phase

        def say(text, dy=0, size=theme.BODY, color=theme.TEXT, bold=False, width=view.TEXT_RIGHT - view.ACTION_X, room=None):
            """``text`` from ``y + dy``: two lines at most, or, given ``room`` (design px
            down to what is drawn below it: buttons, a calculation), as many lines as fit
            there, at the largest size that fits whole (never onto what is below)."""
            if room is None:
                lines = theme.wrap(text, size, width, bold)[:2]
            else:
                one = fit_text(text, width, theme_measure, size=size, smallest=size - 4, bold=bold)
                for size in ([one.size] if not one.cut and theme.font(one.size, bold).get_linesize() <= room
                             else range(size, 13, -1)):   # one line, shrunk a little, before two
                    n = max(1, room // theme.font(size, bold).get_linesize())
                    fitted = fit_text(text, width, theme_measure, size=size, bold=bold, max_lines=n,
                                      prefer="size")
                    if not fitted.cut and len(fitted.lines) * theme.font(size, bold).get_linesize() <= room:
                        break
                lines = list(fitted.lines)
            step = theme.font(size, bold).get_linesize()
            for k, line in enumerate(lines):
                surface.text(line, (x, y + dy + k * step), size, color, bold=bold)
            return step * len(lines)

        if ph is Phase.ROLL:
            say(_("{name} is rolling…").format(name=self.name(me)) if self.is_ai(me)
                else _("Roll the dice: click them or press Space."), size=theme.LARGE if self.is_ai(me) else theme.BODY)
        elif ph is Phase.ROLLING:
            say(_("The dice are rolling…"), size=theme.LARGE)
        elif ph is Phase.CHOOSE:
            a, b = texts.larger_first(self.ctl.dice)            # as the buttons write them (K-N2)
            top = min((b.rect.top for b in self.op_buttons), default=view.ACTION_Y + 60)
            say(_("Choose a result (assisted calculation):") if self.assisted
                else _("Choose an operation on {a} and {b} (keys 1–4):").format(a=a, b=b),
                room=top - GAP_ABOVE_BUTTONS - y)
            for btn in self.op_buttons:
                btn.draw(surface)
        elif ph is Phase.TYPE:
            say(_("Type the result:"), width=330, room=50 - 4)
            surface.text(f"{show_op(self.op)} = ?", (x, y + 50), 60, theme.ACCENT, bold=True)
            self.entry.draw(surface)
            self.keypad.draw(surface)
            if self.typed_refusal:
                say(self.typed_refusal, 226, theme.SMALL, theme.BAD, width=330)
            elif self.hint is not None:                                # the hint, beside the keypad
                box = pygame.Rect(RIGHT_X, 552, 340, 92)
                surface.panel(box, (22, 25, 32), radius=10, border=theme.ACCENT)
                f = fit_text(self.hint[1], box.width - 20, theme_measure, size=theme.SMALL, smallest=12,
                             max_lines=4, prefer="size")
                for k, line in enumerate(f.lines):
                    surface.text(line, (box.x + 10, box.y + 6 + k * (f.size + 3)), f.size, theme.ACCENT)
            else:
                say(_("Enter or OK: confirm"), 226, theme.SMALL, theme.MUTED, width=330)
                say(_("Esc: another operation"), 250, theme.SMALL, theme.MUTED, width=330)
        elif ph is Phase.PLACE:
            if self.op is None:
                say(_("One die shows 1: place a token on any empty cell."), room=130 - 8)
            else:
                say(_("Click a glowing cell."), room=40 - 2)
                surface.text(f"{show_op(self.op)} = {self.value}", (x, y + 40), 60, theme.GOOD, bold=True)
            say(_("Keyboard: arrows, then Enter."), 130, theme.SMALL, theme.MUTED)
        elif ph is Phase.TAKE:
            h = say(_("Double 1! Take one of {name}'s tokens:").format(name=self.name(other(me))), bold=True)
            say(_("click a glowing token; it goes back to its owner."), h + 6)
        elif ph is Phase.PASS:
            surface.paragraph(self.pass_reason(), pygame.Rect(x, y, view.TEXT_RIGHT - x, 150), theme.BODY)
            self.pass_btn.draw(surface)
        elif ph is Phase.WRONG and self.ctl.wrong is not None:           # K-7a
            op, typed, right = self.ctl.wrong
            say(texts.wrong(op, right, typed), color=theme.ACCENT)
            surface.text(f"{show_op(op)} = {right}", (x, y + 80), 72, theme.GOOD, bold=True)
            say(_("Click, Enter or Space to continue."), 190, theme.SMALL, theme.MUTED)
        elif ph is Phase.AI:
            if self.ai_expr is not None:
                expr, value = self.ai_expr
                say(_("{name} calculates:").format(name=self.name(me)), room=40 - 2)
                surface.text(f"{expr} = {'?' if value is None else value}", (x, y + 40), 60, theme.ACCENT, bold=True)
            else:
                say(_("{name} is thinking…").format(name=self.name(me)), size=theme.LARGE)

    def end_breakdown(self) -> tuple[dict[str, int], dict[str, list[str]]]:
        """K-9/K-10: each side's total and its runs as text lines ("a1–b1–c1  (8 + 7 + 0)  10")."""
        totals, lines = {"r": 0, "b": 0}, {"r": [], "b": []}
        for p in ("r", "b"):
            for run in self.pos.runs(p):
                totals[p] += run.points
                lines[p].append(f"{'–'.join(run.cells)}  ({' + '.join(map(str, run.numbers))})  {run.points}")
        return totals, lines

    def _end_title(self) -> str:
        w = self.pos.outcome().winner
        return texts.end_title(None if w is None else self.name(w))

    def _end_accent(self):
        w = self.pos.outcome().winner
        return theme.ACCENT if w is None else SIDE_COLOR[w]

    def _end_lines(self) -> list[str]:
        totals, lines = self.end_breakdown()
        out = []
        for p in ("r", "b"):                        # K-9: the total, then where it comes from
            runs = self.pos.runs(p)
            out.append(texts.end_score(self.name(p), totals[p], len(lines[p])))
            diagonal = sum(1 for r in runs if r.direction in ("diagonal", "antidiagonal"))
            parts = texts.end_score_parts(len(runs) - diagonal, diagonal)
            if parts is not None:
                out.append(parts)
        out.append(texts.end_scoring_rule())
        if self.hinted:
            out.append(texts.hinted_turns(len(self.hinted)))
        return out

    def _build_op_buttons(self) -> None:
        """The operation buttons of the ``choose`` phase (K-7): four operations, or the usable
        results with assisted calculation (``TurnController.offered_ops``)."""
        offered = self.ctl.offered_ops(self.pos, self.assisted)
        rects = view.op_button_rects(len(offered), self.assisted)
        values = results(*self.ctl.dice)
        self.op_buttons = []
        for k, ((op, enabled), r) in enumerate(zip(offered, rects)):
            if self.assisted:
                self.op_buttons.append(Button(r, f"{show_op(op)} = {values[op]}",
                                              lambda op=op: self.choose_assisted(op),
                                              color=theme.PANEL_HI, size=theme.LARGE))
            else:
                self.op_buttons.append(Button(r, show_op(op), lambda op=op: self.choose_op(op),
                                              enabled=enabled, size=theme.LARGE))
