"""Magico's keyboard: what each key does in each phase of a turn (README "Controls").

A mixin of :class:`magico.scene.MagicoScene`: the keys only call the scene's actions
(``roll``, ``choose_op``, ``click_cell``, ``undo``, …), which go through the rules, so
the keyboard and the mouse play the same game.
"""

from __future__ import annotations

import pygame

from ludotheque import textsafe
from magico.controller import Phase

KEY_OPS = {"1": "+", "2": "-", "3": "*", "4": "/", "+": "+", "-": "-", "*": "*", "/": "/",
           "x": "*", "×": "*", "÷": "/"}
"""The typed character that chooses each operation (1–4 in the order of the buttons)."""
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class MagicoKeys:
    """``_key(event)`` (a KEYDOWN) and ``_text(text)`` (a TEXTINPUT) of the Magico scene:
    True when the key did something."""

    def _text(self, text: str) -> bool:
        if self.phase is Phase.TYPE and text in ("h", "H"):
            return self.ask_hint()                          # not a digit: the hint key here too
        if self.phase is Phase.TYPE:
            got = textsafe.typed(self.entry.text, text, max_len=3, numeric=True)
            self.entry.text = got.text
            self.typed_refusal = str(got.refused) if got.refused else ""
            return True
        if text in ("h", "H"):
            return self.ask_hint()
        if self.phase is Phase.CHOOSE and not self.assisted and text in KEY_OPS:
            hi, lo = max(self.ctl.dice), min(self.ctl.dice)
            return self.choose_op(f"{hi}{KEY_OPS[text]}{lo}")
        if self.phase is Phase.CHOOSE and self.assisted:
            k = textsafe.digit_value(text) if len(text) == 1 else None
            ops = list(self.pos.playable_ops(*self.ctl.dice))
            if k is not None and 1 <= k <= len(ops):
                return self.choose_assisted(ops[k - 1])
        return False

    def _key(self, event) -> bool:
        k = event.key
        if self.phase is Phase.TYPE:
            if k == pygame.K_ESCAPE:                                    # another operation
                self.ctl.back_to_choose()
                self._build_op_buttons()
                return True
            self.entry.focused = True
            return self.entry.handle(event)
        if k == pygame.K_u and not self.session.seats.all_ai:
            self.undo()
            return True
        if k == pygame.K_a and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_assisted()
            return True
        if self.phase is Phase.ROLL and k in (pygame.K_SPACE, *ENTER):
            return self.roll() or self.is_ai(self.pos.to_move)
        if self.phase is Phase.PASS and k in (pygame.K_SPACE, *ENTER):
            return self.do_pass()
        if self.phase in (Phase.PLACE, Phase.TAKE):
            moves = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
            if k in moves:
                self.ctl.move_cursor(*moves[k])
                return True
            if k in (*ENTER, pygame.K_SPACE):
                if not self.ctl.show_cursor and self.glow:
                    self.ctl.move_cursor(0, 0)
                    return True
                return self.click_cell(self.ctl.cursor)
        return False
