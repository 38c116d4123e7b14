"""Magico's screen: input mapped to the turn controller, turns committed through the
shell's game session, and the picture drawn (rules K-1 … K-10).

The phases of a turn are :class:`magico.controller.Phase` (roll → rolling → choose →
type → place, or place / take / pass, wrong, the computer's turn, over, review); the
texts come from :mod:`magico.texts` (by refusal code), the geometry from
:mod:`magico.view`, the drawing from :mod:`magico.paint`. Seats, the turn log, the save,
the computer's decision (with its fallback when the worker dies) and the timed steps are
the :class:`ludotheque.session.GameSession`'s.

Game options (the setup screen; saved with the game): ``board`` (K-2), ``first``
(``"random"`` draws who starts, a rematch alternates), ``assisted`` (*calcul assisté*,
K-7a; A switches it during the game) and ``hints`` (``"auto"``: off against the computer
at Expert and Master, on otherwise — decision 13).
"""

from __future__ import annotations

import logging
import random

import pygame

from ludotheque import i18n, textsafe, theme
from ludotheque.scene import Scene, attending
from ludotheque.session import GameSession, hinted_turns, hints_on
from ludotheque.session.timers import Timer
from ludotheque.widgets import Button, is_click  # noqa: F401 (Button: the type of the scene's buttons)

from magico import ai, hints as hints_mod, texts, view
from magico.controller import Phase, TurnController, choose_first
from magico.reviewing import ReviewMode
from magico.keys import ENTER, MagicoKeys
from magico.screen import MagicoScreen, note_lines  # noqa: F401 (re-exported)
from magico.paint import BOARD_AREA, R, SIDE_LIGHT, BoardPainter, cell_rect, draw_preview
from magico.rules import (DEFAULT_BOARD, Dice, IllegalTurn, Position, Turn, board_problems, other,
                          parse_cell, results)
from magico.texts import show_op, unbroken

_ = i18n.domain("magico")
log = logging.getLogger(__name__)

__all__ = ["MagicoScene", "make_scene", "draw_preview", "cell_rect", "note_lines", "show_op",
           "unbroken", "RIGHT_X", "WRONG_SECONDS", "THINK"]

RIGHT_X = view.RIGHT_X
ROLL_SECONDS = 0.9                #: the dice tumble this long (s)
AI_PAUSE = 0.7                    #: before the computer rolls (s)
AI_STEP = 0.9                     #: each step of the computer's turn stays this long (s)
NOTE_SECONDS = 4.0                #: a message stays this long (s)
WRONG_SECONDS = 8.0               #: a wrong result's correction stays this long unless acknowledged (s)
WRONG_MIN = 1.0                   #: ... and at least this long (s): a held-down Enter does not skip it
THINK = ai.choose_turn            #: the computer's decision (module level: the worker pickles it)
_TOLD: set[str] = set()           # board problems already shown to the player


class MagicoScene(MagicoKeys, MagicoScreen, Scene):
    """One game of Magico for two people or against the computer.

    :param app: the shell's ``App``. :param config: a ``GameConfig``: seat 0 plays Red,
        seat 1 Blue; options as in the module text; ``seed`` seeds the dice (K-4), the
        draw of who starts and the computer's choices; ``resume`` a save of this scene.
    :raises ValueError: a ``resume`` save that does not replay (``ReplayError``, naming
        the turn), a bad dice state or roll (``IllegalTurn``, ``"K-4: …"``), an unknown board.
    """

    game_id = "magico"
    opaque = True

    def __init__(self, app, config):
        super().__init__(app)
        self.config = config
        opts = dict(config.options or {})
        resume = config.resume if isinstance(config.resume, dict) else None
        self.session = GameSession(app, config, game_id=self.game_id, sides=("r", "b"),
                                   side_names=(lambda: _("Red"), lambda: _("Blue")), extra=self._extra)
        board_id = opts.get("board", DEFAULT_BOARD)
        first = choose_first(self.session.seed, opts.get("first", "random"))
        self.log = self.session.open_log(Position.from_text, lambda: Position.start(board_id, first=first))
        self.pending: tuple[int, int] | None = None     # a roll made, its turn not yet played
        self.hinted = hinted_turns(resume, len(self.log))   # turns played after a hint (decision 13)
        self.assisted = bool(opts.get("assisted", False))
        if resume is not None:
            self.dice = Dice.from_state(resume.get("dice"))
            self.assisted = bool(resume.get("assisted", self.assisted))
            p = resume.get("pending")
            if p is not None:
                if not isinstance(p, list) or len(p) != 2:
                    raise IllegalTurn("K-4: magico save: the pending roll is not two dice", code="bad-die")
                self.pos.roll_kind(*p)                  # K-4: whole numbers 1–6, else IllegalTurn
                self.pending = (p[0], p[1])
        else:
            self.dice = Dice(self.session.seed)
        self.hints_on = hints_on(opts.get("hints", "auto"), config.players)
        self.ctl = TurnController()
        self.ctl.new_turn(self.pos)
        self.painter = BoardPainter()
        self.clock, self.calm_t0, self.calm_seen = 0.0, 0.0, None
        self.shown_dice, self.dice_angle = (5, 2), (0.0, 0.0)
        self.tumble: view.Tumble | None = None          # the roll's animation, while the dice tumble
        self.dice_settled = True                        # False while the faces shown are the tumble's
        self.ai_expr: tuple[str, object] | None = None
        self.chosen: int | None = None
        self.note: tuple[str, tuple] | None = None
        self.note_timer: Timer | None = None
        self.note_held = False                          # an undo refusal kept until the computer's turn ends
        self.hint: tuple[int, str] | None = None        # (strength, sentence) shown now
        self.flash: dict[tuple, float] = {}
        self.typed_refusal = ""
        self._cosmetic = random.Random(self.session.seed * 7919 + 17)   # the tumble's looks only, never the real dice
        self.reviewing = ReviewMode(app.run_worker, lambda: self.ctl.to(Phase.REVIEW), self.close_review)
        self._build_widgets()
        if self.pending is not None and not self.pos.is_over:
            self.ctl.rolling(self.pending)              # the roll made before the save lands at once
            self._landed(sound=False)

    # ------------------------------------------------------------------ state
    @property
    def pos(self) -> Position:
        """The position now (the session's turn log)."""
        return self.log.state

    @property
    def turns(self) -> list[str]:
        """Every turn played, K-N2."""
        return self.log.turns

    @property
    def phase(self) -> Phase:
        return self.ctl.phase

    @property
    def glow(self) -> frozenset[int]:
        return self.ctl.glow

    @property
    def op(self) -> str | None:
        return self.ctl.op

    @property
    def value(self):
        return self.ctl.value

    def _extra(self) -> dict:
        return {"dice": self.dice.state(), "pending": list(self.pending) if self.pending else None,
                "assisted": self.assisted, "hinted": sorted(self.hinted),
                "first": self.log.start.to_move}

    def save_data(self) -> dict | None:
        """The autosave (``GameSession.save_data``: seats, seed, start K-N1, turns K-N2,
        position) with the dice state, a roll not yet played, the assisted option and the
        turns played after a hint; None before a new game's first turn and once it is over."""
        return self.session.save_data()

    def name(self, side: str) -> str:
        """The name shown for ``side`` (a computer's from its level, in the current language)."""
        return self.session.seats.full_name(side)

    def is_ai(self, side: str) -> bool:
        return self.session.is_ai(side)

    def _assist_label(self) -> str:
        return _("Assisted (A): on") if self.assisted else _("Assisted (A): off")

    # ------------------------------------------------------------------ the shell's questions
    def _calm_key(self) -> tuple:
        return self.phase, len(self.turns), self.glow

    @property
    def animating(self) -> bool:
        """True while something moves or runs by itself: the dice tumbling, the computer's
        turn, a timed step, a review being computed, or the glow's first seconds."""
        if self.phase is Phase.OVER:
            return self.reviewing.computing
        if self.phase is Phase.REVIEW:
            return False
        if self.phase in (Phase.ROLLING, Phase.AI, Phase.WRONG) or self.session.timeline.busy or self.session.thinking:
            return True
        if self._calm_key() != self.calm_seen:
            return True
        return bool(self.glow) and attending(self.clock - self.calm_t0, 6)

    @property
    def stepping(self) -> bool:
        """A note that goes away or a new run's highlight: steps without drawing (a note
        stays while the player places, so an idle ``place`` phase runs no steps)."""
        return bool(self.flash) or (self.note is not None and self.phase is not Phase.PLACE)

    def redraw_in(self) -> float | None:
        return self.entry.redraw_in() if self.phase is Phase.TYPE else None

    def enter(self) -> None:
        for problem in board_problems():          # K-2: a skipped layout, said once
            if problem not in _TOLD:
                _TOLD.add(problem)
                self.app.toast(_("A board layout file could not be used and was skipped: "
                                 "{why}").format(why=problem), 6)
        if not self.session.resumed and not self.turns and (self.config.options or {}).get("first", "random") == "random":
            self._say(texts.first_player(self.name(self.pos.to_move)), SIDE_LIGHT[self.pos.to_move])
        self._maybe_ai()

    def exit(self) -> None:
        self.session.close()
        self.reviewing.cancel()

    # ------------------------------------------------------------------ a turn
    def roll(self) -> bool:
        """Roll both dice (K-4): only in the ``roll`` phase. :returns: True if rolled."""
        if self.phase is not Phase.ROLL:
            return False
        self.pending = self.dice.roll()
        self.ctl.rolling(self.pending)
        self.tumble = view.Tumble(self.pending, self._cosmetic, ROLL_SECONDS)   # ends on the faces rolled
        self.shown_dice, self.dice_angle = self.tumble.faces[0], self.tumble.spins[0]
        self.dice_settled = False
        if not self.note_held:                          # an undo refusal stays through the computer's roll
            self.note = None
        self.hint = None
        self.app.audio.play("dice")
        self.session.timeline.then(ROLL_SECONDS, self._landed, kind="roll")
        return True

    def _landed(self, sound: bool = True) -> None:
        """The dice show :attr:`pending`: what the roll allows (controller), or the computer."""
        a, b = self.pending
        self.shown_dice = (a, b)                         # the result: the rolled dice, never the tumble's
        self.dice_angle = (self.tumble.rest if self.tumble is not None
                           else (self._cosmetic.uniform(-8, 8), self._cosmetic.uniform(-8, 8)))
        self.tumble, self.dice_settled = None, True
        if sound:
            self.app.audio.play("clack")
        self.session.autosave()
        self.chosen = None
        me = self.pos.to_move
        phase = self.ctl.landed(self.pos, computer=self.is_ai(me))
        if phase is Phase.AI:
            pos, dice, rng = self.pos, (a, b), self.session.rng()
            self.session.think(THINK, pos, dice, self.session.level(me), rng, key=len(self.turns),
                               fallback=lambda: ai.choose_turn(pos, dice, "beginner", random.Random(0)))
        elif phase is Phase.CHOOSE:
            self._build_op_buttons()

    def pass_reason(self) -> str:
        a, b = self.pending or (0, 0)
        shown = ", ".join(texts.unbroken(f"{show_op(op)} = {v}") for op, v in results(a, b).items())
        return texts.pass_reason(self.ctl.pass_kind or "", self.name(other(self.pos.to_move)), (a, b), shown)

    def choose_op(self, op: str) -> bool:
        """Pick operation ``op`` (K-N2 text, ``"5*2"``) and ask for its result (K-7)."""
        if not self.ctl.choose(op):
            return False
        self.entry.text, self.typed_refusal = "", ""
        self.entry.focused = True
        self.app.audio.play("click")
        return True

    def choose_assisted(self, op: str) -> bool:
        """*Calcul assisté*: pick a result shown as a button; no typing (K-7a)."""
        if not self.ctl.choose_assisted(self.pos, op):
            return False
        self._say(texts.right(op, self.value), theme.GOOD)
        return True

    def submit_result(self, text: str) -> bool:
        """Confirm the typed result of :attr:`op` (K-7, K-7a). Any text is read with
        ``textsafe.parse_whole_number``: ² or a letter is refused with a sentence, never a
        crash. :returns: True when the text was a number (right, wrong or unusable)."""
        if self.phase is not Phase.TYPE:
            return False
        try:
            number = textsafe.parse_whole_number(text if isinstance(text, str) else "", max_digits=3)
        except textsafe.TextRefused as exc:
            self.typed_refusal = texts.refusal("empty" if not (isinstance(text, str) and text.strip()) else exc.code)
            return False
        op = self.op
        out = self.ctl.submit(self.pos, number)
        if out.kind == "right":
            self.app.audio.play("score", 0.5)
            self._say(texts.right(op, self.value), theme.GOOD)
        elif out.kind == "unusable":
            self.app.audio.play("error")
            self._say(texts.unusable(out.code, op, out.right), theme.ACCENT, NOTE_SECONDS * 1.5)
            self._build_op_buttons()
        elif out.kind == "wrong":                                      # K-7a: the turn is final
            self.app.audio.play("error")
            self.note = None
            self.entry.focused = False
            self._commit(out.turn)
            self.session.timeline.then(WRONG_SECONDS, self.acknowledge_wrong, kind="wrong")
        return out.kind != "refused"

    def acknowledge_wrong(self) -> bool:
        """K-7a: the correction was read (or :data:`WRONG_SECONDS` passed): next player."""
        if self.phase is not Phase.WRONG:
            return False
        self.session.timeline.clear()
        self._next_turn()
        return True

    def click_cell(self, i: int) -> bool:
        """Act on cell ``i`` in the ``place`` (K-6/K-7) or ``take`` (K-5) phase."""
        turn = self.ctl.turn_for_cell(i)
        return turn is not None and self.commit(turn)

    def do_pass(self) -> bool:
        """Confirm the pass the rules impose (K-7b, or K-5 with nothing to take)."""
        turn = self.ctl.pass_turn()
        return turn is not None and self.commit(turn)

    def commit(self, turn: str) -> bool:
        """Play ``turn`` (K-N2) through the session (rules, log, autosave), next player."""
        if not self._commit(turn):
            return False
        self._next_turn()
        return True

    def _commit(self, turn: str) -> bool:
        before, mover = self.pos, self.pos.to_move
        k = len(self.turns)
        if self.ctl.hinted:
            self.hinted.add(k)                             # in the save the commit writes
        self.pending = None
        try:
            new = self.session.commit(turn)
        except IllegalTurn as exc:                         # the scene offers legal input only
            self.hinted.discard(k)
            self.pending = self.ctl.dice
            self._say(texts.refusal(exc.code, exc.rule), theme.BAD)
            return False
        t = Turn.parse(turn)
        self.app.audio.play({"place": "drop", "any": "drop", "take": "knock"}.get(t.kind, "click"))
        old = {r.cells for r in before.runs(mover)}
        fresh = [r for r in new.runs(mover) if r.cells not in old]
        for r in fresh:
            self.flash[r.cells] = 1.6
        right = results(*t.dice).get(t.op) if t.kind == "wrong" else None
        summary = (texts.turn_summary(self.name(mover), t.kind, t.dice, t.op, t.value, t.cell, right)
                   if self.is_ai(mover) else "")
        if fresh:
            self.app.audio.play("score")
            pts = sum(r.points for r in fresh)
            said = f"{summary} {texts.points(pts)}" if summary else texts.scored(self.name(mover), pts)
            self._say(said, SIDE_LIGHT[mover], NOTE_SECONDS * (1.5 if summary else 1))
        elif summary:
            self._say(summary, SIDE_LIGHT[mover], NOTE_SECONDS * 1.5)
        if new.is_over:
            self.app.audio.play("win")
        return True

    def _next_turn(self) -> None:
        self.ctl.new_turn(self.pos)
        self.ai_expr = self.chosen = self.hint = None
        self._maybe_ai()

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would be refused now (:meth:`TurnController.undo_refusal`), or None."""
        return TurnController.undo_refusal(self.phase, self.is_ai(self.pos.to_move), self.session.undo_turns())

    def undo(self) -> bool:
        """Take back the last turn (two people) or back to your last turn (against the
        computer: its reply goes too), before the next roll; the dice of that turn stay
        as rolled (the generator is not rewound). Refused with the reason otherwise
        (:meth:`undo_refusal`): the reason is said in the note box."""
        code = self.undo_refusal()
        if code is not None:
            self._say(texts.undo_refused(code), theme.MUTED)
            # trial4: pressed during the computer's turn, the reason stays in every phase
            # of that turn (its roll no longer wipes it) and a few seconds into yours
            self.note_held = code == "computer-turn"
            return False
        gone = self.session.undo()
        self.hinted = {i for i in self.hinted if i < len(self.turns)}
        dice = Turn.parse(gone[0]).dice
        self.app.audio.play("click")
        self.ctl.new_turn(self.pos)
        self.ai_expr = self.chosen = self.hint = None
        self.pending = dice
        self.ctl.rolling(dice)                             # the dice stay as rolled
        self._landed(sound=False)
        self._say(texts.undone(*dice), theme.MUTED)
        return True

    def toggle_assisted(self) -> None:
        """Switch *calcul assisté* for this game (a game option, kept in its save)."""
        self.assisted = not self.assisted
        if self.phase in (Phase.CHOOSE, Phase.TYPE):
            self.ctl.back_to_choose()
            self._build_op_buttons()
        self.session.autosave()

    def ask_hint(self) -> bool:
        """H: the next of three hints for this roll (:mod:`magico.hints`), which teach the
        arithmetic; the turn is then marked as played with a hint (decision 13). During a
        forced pass (K-5, K-7b) the one hint says there is no move and why (not marked:
        there was no choice to help with)."""
        if not self.hints_on:
            self._say(texts.hints_off(), theme.MUTED)
            return False
        if self.phase not in (Phase.CHOOSE, Phase.TYPE, Phase.PLACE, Phase.TAKE, Phase.PASS) or self.is_ai(self.pos.to_move):
            return False
        try:
            found = hints_mod.hints(self.pos, self.ctl.dice)
        except (IllegalTurn, ValueError, IndexError):      # never let a hint stop the game
            log.exception("magico hint failed")
            return False
        step = min(len(found), self.ctl.hint_level + 1)    # a forced pass has one plain hint
        h = found[step - 1]
        self.ctl.hint_level = step
        self.ctl.hinted = self.ctl.hinted or h.strength > 0   # a forced pass had no choice to help
        self.hint = (h.strength, texts.hint(h))
        return True

    def rematch(self) -> None:
        """Same seats and board, the next seed; the other side starts (alternating)."""
        cfg = self.session.rematch_config(board=self.pos.board.id, first=other(self.log.start.to_move),
                                          assisted=self.assisted)
        self.app.replace(MagicoScene(self.app, cfg))

    def _say(self, text: str, color=theme.TEXT, seconds: float = NOTE_SECONDS) -> None:
        self.note, self.hint = (text, tuple(color)), None   # a new message replaces a hint
        self.note_timer = Timer(seconds)
        self.note_held = False
        self.app.redraw()

    # ------------------------------------------------------------------ computer
    def _maybe_ai(self) -> None:
        if self.phase is Phase.ROLL and self.is_ai(self.pos.to_move) and not self.session.timeline.busy:
            self.session.timeline.then(AI_PAUSE * self._pace(), self.roll, kind="ai-pause")

    def _pace(self) -> float:
        return 0.6 if self.session.seats.all_ai else 1.0

    def show_computer_turn(self, turn: str) -> None:
        """Play the computer's decided ``turn`` (:class:`magico.rules.Turn` text, e.g.
        ``"6,3 6+3=9 b2"``) as the player watches it, step by step on the session's
        timeline: the expression, its result (a wrong one beside the right one, K-7a),
        the glowing cells, the cell; then it is committed.

        :raises ValueError: ``turn`` is not a turn's text (:meth:`Turn.parse`)."""
        t = Turn.parse(turn)
        step, tl = AI_STEP * self._pace(), self.session.timeline
        me = self.pos.to_move
        glow = lambda: setattr(self.ctl, "glow", frozenset(parse_cell(c) for c in (   # noqa: E731
            self.pos.cells_showing(t.value) if t.kind == "place" else self.pos.legal_cells(*t.dice))))
        if t.kind in ("place", "wrong"):
            self.ctl.op = t.op
            self.ai_expr = (show_op(t.op), None)
            tl.then(step, lambda: setattr(self, "ai_expr", (show_op(t.op), t.value)))
            if t.kind == "wrong":
                right = results(*t.dice)[t.op]
                tl.then(step, lambda: self._say(texts.computer_wrong(self.name(me), t.op, t.value, right), theme.ACCENT))
                tl.then(step * 3.0, lambda: self.commit(turn))
            else:
                tl.then(step, glow)
                tl.then(step * 0.8, lambda: setattr(self, "chosen", parse_cell(t.cell)))
                tl.then(step * 0.6, lambda: self.commit(turn))
        elif t.kind in ("any", "take"):
            glow()
            tl.then(step, lambda: setattr(self, "chosen", parse_cell(t.cell)))
            tl.then(step * 0.6, lambda: self.commit(turn))
        else:
            self._say(texts.computer_passes(t.dice == (1, 1)), theme.MUTED)
            tl.then(step * 1.2, lambda: self.commit(turn))

    # ------------------------------------------------------------------ review (issue 17 §3)
    def open_review(self) -> bool:
        """W / the end panel's button: the review (:mod:`magico.reviewing`), computed in the
        worker process; shown when ready. :returns: True when asked (the game is over)."""
        if self.phase is not Phase.OVER:
            return False
        self.reviewing.open(self.log.start.to_text(), self.turns)
        return True

    def close_review(self) -> None:
        if self.phase is Phase.REVIEW:
            self.ctl.to(Phase.OVER)

    # ------------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if self.phase is Phase.OVER:
            if not self.end.hidden and (self.review_btn.handle(event) or (
                    # Enter (as in Glissando) reviews: a key press never throws the game away
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_w, *ENTER) and self.open_review())):
                return True
            return self.end.handle(event, lambda pos: BOARD_AREA.collidepoint(pos))
        if self.phase is Phase.REVIEW:
            return self.reviewing.handle(event)
        if self.phase is Phase.WRONG:                                   # K-7a
            if is_click(event) or (event.type == pygame.KEYDOWN and event.key in (*ENTER, pygame.K_SPACE)):
                t = self.session.timeline.current
                read = t is None or t.elapsed >= WRONG_MIN              # not a key repeat of the answer
                return read and self.acknowledge_wrong()
            return False
        if event.type == pygame.MOUSEMOTION:
            for b in self._buttons():
                b.handle(event)
            return False
        if is_click(event):
            if self.undo_btn in self._buttons() and self.undo_btn.rect.collidepoint(event.pos):
                self.undo()                                 # refused: says why (the button is greyed)
                return True
            for b in self._buttons():
                if b.handle(event):
                    return True
            if self.phase is Phase.TYPE and self.keypad.handle(event):
                return True
            if self.phase is Phase.ROLL and R(view.DICE_RECT).collidepoint(event.pos):
                return self.roll()
            i = view.cell_at(event.pos)
            if i is not None:
                self.ctl.show_cursor = False
                return self.click_cell(i)
            return False
        if event.type == pygame.TEXTINPUT:
            return self._text(event.text)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _buttons(self) -> list[Button]:
        out = [] if self.session.seats.all_ai else [self.assist_btn, self.hint_btn, self.undo_btn]
        if self.phase is Phase.ROLL and not self.is_ai(self.pos.to_move):
            out.append(self.roll_btn)
        if self.phase is Phase.CHOOSE:
            out += self.op_buttons
        if self.phase is Phase.PASS:
            out.append(self.pass_btn)
        return out

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.clock += dt
        calm = self._calm_key()
        if calm != self.calm_seen:
            self.calm_seen, self.calm_t0 = calm, self.clock
        for key in list(self.flash):
            self.flash[key] -= dt
            if self.flash[key] <= 0:
                del self.flash[key]
                self.app.redraw()
        if self.note_held:
            if self.phase is Phase.OVER or not self.is_ai(self.pos.to_move):
                self.note_held = False                   # the computer's turn is over: a few seconds more
                self.note_timer = Timer(NOTE_SECONDS / 2)
        elif self.note_timer is not None and self.phase is not Phase.PLACE and self.note_timer.tick(dt):
            self.note = self.note_timer = None
            self.app.redraw()
        step = self.session.timeline.current
        if step is not None and step.kind == "roll" and self.tumble is not None:
            self.shown_dice, self.dice_angle, self.dice_settled = self.tumble.at(min(step.duration, step.elapsed + dt))
        d = self.session.update(dt)
        if d is not None and self.phase is Phase.AI and d.key == len(self.turns):
            if d.fallback:
                log.warning("magico: the computer's decision fell back (%s)", d.error)
            self.show_computer_turn(d.value)
        if self.reviewing.poll():
            self.app.redraw()

    def wait_idle(self, timeout: float = 60.0) -> None:
        """Block until the computer's decision (if any) is ready (tests)."""
        self.session.ai.wait(timeout)

def make_scene(app, config) -> MagicoScene:
    """Build the game scene for ``config`` (docs/games-api.md)."""
    return MagicoScene(app, config)
