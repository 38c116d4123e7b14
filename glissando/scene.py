"""The Glissando screen: maps mouse and keys to the board controller and draws it.

The scene holds no rules: turns go through :mod:`glissando.rules` (via the
:class:`~glissando.controller.Board` and the session's turn log), the computer's turns
and the hints come from the worker process (``GameSession.think``, an ``AITask``), the
texts from :mod:`glissando.texts`, the geometry from :mod:`glissando.view`, the pictures
from :mod:`glissando.paint`. The shell's :class:`~ludotheque.session.GameSession` keeps
the seats, the turn log and its save, the timed steps and the end.

Controls
--------
Mouse: click a lit cell to place (G-3); drag one of your pawns up, down, left or right
to slide it (G-4; ghost pawns show where the chain ends) or click it and press an arrow
key; "No slide" or Enter ends the turn without sliding; when the turn scores (G-5) click
two pawns of the line to remove them. H or the Hint button: a good turn and why
(decision 13). U, Backspace or Ctrl+Z undo. Keyboard: arrows move the cursor; Enter or
Space places; in the slide step Space selects the pawn under the cursor and an arrow key
slides it, Enter means no slide. Esc clears a selection, else opens the pause menu.
After the game: Enter (the green button) or E reviews the game, R rematches, V shows
the board.
"""

from __future__ import annotations

import logging
import math

import pygame

from ludotheque import i18n, theme
from ludotheque.canvas import as_canvas
from ludotheque.scene import Scene, attending
from ludotheque.session import GameSession, hinted_turns, hints_on
from ludotheque.session.aitask import AITask
from ludotheque.session.endpanel import EndPanel
from ludotheque.widgets import Button, is_click, is_release

from glissando import ai, controller, layers, paint, panels, texts, view
from glissando.controller import Board, changed_cells, scored_line, slide_step, staged
from glissando.paint import COLORS, draw_preview, fitted, pawn, rect  # noqa: F401 - the tile
from glissando.rules import BLUE, ORANGE, IllegalTurn, Position, Turn, choose_first
from glissando.texts import side_name  # noqa: F401 - re-exported for tests and callers
from glissando.view import CELL, PAWN_R, cell_at, cell_center, cell_rect  # noqa: F401

_ = i18n.domain("glissando")
log = logging.getLogger(__name__)

BOARD = rect(view.BOARD)
KEY_DIR = {pygame.K_UP: "^", pygame.K_DOWN: "v", pygame.K_LEFT: "<", pygame.K_RIGHT: ">"}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class GlissandoScene(Scene):
    """One game of Glissando (rules G-1…G-7) for two people or against the computer.

    :param app: the shell's ``App``. :param config: a ``GameConfig``: seat 0 plays Blue,
        seat 1 Orange; ``options``: ``target`` (G-6), ``first`` (G-2), ``hints``
        (decision 13); ``seed`` repeats the draw and the computer's choices; ``resume`` a
        save written by :meth:`save_data` (``start``, ``turns``, ``hinted``…).
    :raises ValueError: (``ReplayError``) a ``resume`` save that does not replay.
    """

    game_id = "glissando"
    opaque = True
    toast_area = tuple(view.TOAST_AREA)          # refusals over the banner, never on the board's letters
    think_fn = staticmethod(ai.choose_turn)      # the computer's decision (tests patch it)
    hint_fn = staticmethod(controller.find_hint)

    def __init__(self, app, config):
        super().__init__(app)
        self.config = config
        opts = config.options or {}
        self.session = GameSession(app, config, game_id=self.game_id, sides=(BLUE, ORANGE),
                                   side_names=(lambda: side_name(BLUE), lambda: side_name(ORANGE)),
                                   extra=self._extra)
        target = opts.get("target", 2)
        self.log = self.session.open_log(Position.from_text, lambda: Position.start(
            target=target, first=choose_first(self.session.seed, opts.get("first", "random"))))
        self.hinted = hinted_turns(config.resume, len(self.log))
        self.board = Board(self.log.state)
        self.hints_on = hints_on(opts.get("hints", "auto"), config.players)
        self.hint_task = AITask(app.run_worker)
        self.hint = None                 # (position text, turn, sentence) shown now
        # a hint was shown during this turn (kept in the save: decision 13 after a resume)
        self.hint_used = isinstance(config.resume, dict) and config.resume.get("hint_pending") is True
        self.clock = self.score_flash = 0.0
        self.no_slide_btn = Button(rect(view.ACTION_BTN), lambda: _("No slide (Enter)"),
                                   self.skip_slide, color=theme.PANEL_HI, size=22)
        self.undo_btn = Button(rect(view.UNDO_BTN), lambda: _("Undo (U)"), self.undo)
        self.hint_btn = Button(rect(view.HINT_BTN), lambda: _("Hint (H)"), self.ask_hint, size=22)
        self.end = EndPanel(self._end_title, self._end_lines, self.rematch, app.to_menu,
                            center=BOARD.center, size=(560, 480),
                            accent=lambda: COLORS.get(self.pos.outcome().winner, theme.ACCENT))
        self.review_btn = Button((0, 0, 320, 56), lambda: _("Review the game (Enter)"), self.open_review,
                             size=22)
        self.end.set_default(self.review_btn)          # green and Enter: the same button (trial3b)
        self.review_btn.rect.midbottom = (self.end.box.centerx, self.end.rematch_btn.rect.top - 12)

    # ------------------------------------------------------------------ state
    @property
    def pos(self) -> Position:
        """The position now (after the last turn played)."""
        return self.log.state

    @property
    def tip(self):
        """The turn in progress shown (None once the game is over)."""
        return self.board.tip

    @property
    def history(self) -> list[str]:
        """The G-N2 texts of the turns played."""
        return self.log.turns

    @property
    def players(self):
        return tuple(self.config.players)

    @property
    def anim(self):
        """The timed step running (a ``Timer``: kind "place"/"slide"/"remove"), or None."""
        return self.session.timeline.current

    @property
    def drag(self):
        return self.board.drag

    @property
    def selected(self):
        return self.board.selected

    @property
    def remove_first(self):
        return self.board.first_pick

    @property
    def thinking(self) -> bool:
        return self.session.thinking

    def is_ai(self, color) -> bool:
        return self.session.is_ai(color)

    @property
    def human_to_move(self) -> bool:
        return self.tip is not None and not self.is_ai(self.pos.to_move) and self.anim is None

    @property
    def animating(self) -> bool:
        """True while something moves or counts down: a step, the computer's turn, a hint
        being looked for, or a scoring line calling for a removal (its first seconds)."""
        if self.pos.is_terminal():
            return self.anim is not None
        if self.anim is not None or self.thinking or self.hint_task.thinking or self.is_ai(self.pos.to_move):
            return True
        return self.board.stage == "remove" and attending(self.score_flash, 8)

    def _extra(self) -> dict:
        """Glissando's own save fields: ``hinted`` (turns played after a hint, decision 13)
        and ``history``, the turns again under the name the previous version reads, so
        a game saved now still resumes there."""
        return {"hinted": sorted(i for i in self.hinted if i < len(self.log)),
                "hint_pending": self.hint_used, "history": list(self.log.turns)}

    def save_data(self) -> dict | None:
        """The autosave (``GameSession.save_data``: players, seed, start, turns, position)
        with ``hinted``, the turns played after a hint. None before the first turn of a
        new game and once the game is over."""
        return self.session.save_data()

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self._maybe_think()

    def exit(self) -> None:
        self.session.close()
        self.hint_task.cancel()

    # ------------------------------------------------------------------ turns
    def _maybe_think(self) -> None:
        p = self.pos
        if p.is_terminal() or self.session.thinking or self.anim is not None or not self.is_ai(p.to_move):
            return
        rng = self.session.rng()
        quick = self.session.rng()
        self.session.think(self.think_fn, p, self.session.level(p.to_move), rng, key=len(self.log),
                           fallback=lambda: ai.choose_turn(p, "beginner", quick, time_limit=math.inf))

    def _play_ai(self, text: str) -> None:
        """Show the computer's turn step by step (placement, slide, removal), then play it."""
        try:
            steps, done = staged(self.pos, text)
        except IllegalTurn:
            log.exception("the computer's turn %r is not legal; a legal one is played", text)
            steps, done = staged(self.pos, self.pos.turns()[0])
        self._run(steps, lambda: (self.board.show(done), self._commit()))

    def _run(self, steps, then) -> None:
        """Queue timed ``steps`` (:class:`~glissando.controller.Step`) on the session's
        timeline, each shown as it starts; ``then()`` when the last ends."""
        def start(i):
            self.board.show(steps[i].shown)
            if steps[i].sound:
                self.app.audio.play(steps[i].sound)
            if steps[i].kind == "remove":
                self.score_flash = 0.0
        for i, s in enumerate(steps):
            last = i == len(steps) - 1
            self.session.timeline.then(s.seconds, then if last else (lambda i=i: start(i + 1)),
                                       kind=s.kind, step=s)
        start(0)

    def place(self, sq: int) -> bool:
        """G-3: place the person's pawn on ``sq`` (refused with a toast)."""
        if not self.human_to_move or self.board.stage != "place":
            return False
        try:
            self.board.place(sq)
        except IllegalTurn as exc:
            return self._refuse(exc)
        self.app.audio.play("knock")
        return True

    def slide(self, sq: int, d: str) -> bool:
        """G-4: slide the pawn on ``sq`` toward ``d`` (animated; refused with a toast)."""
        if not self.human_to_move or self.board.stage != "slide":
            return False
        try:
            step = slide_step(self.tip, sq, d)
        except IllegalTurn as exc:
            return self._refuse(exc)
        self.board.selected = None

        def done():
            self.board.slide(sq, d)
            self.app.audio.play("clack", 0.7)
            self._after_slide()
        self._run([step], done)
        return True

    def skip_slide(self) -> bool:
        """G-4: end the slide step without sliding ("No slide", Enter)."""
        if not self.human_to_move or self.board.stage != "slide":
            return False
        self.board.skip()
        self._after_slide()
        return True

    def _after_slide(self) -> None:
        if self.board.stage == "remove":
            self.score_flash = 0.0
            self.app.audio.play("score")
        else:
            self._commit()

    def pick_removal(self, sq: int) -> bool:
        """G-5/G-5c: pick a pawn to remove; the second pick completes the turn."""
        if not self.human_to_move or self.board.stage != "remove":
            return False
        try:
            done = self.board.pick(sq)
        except IllegalTurn as exc:
            return self._refuse(exc)
        self.app.audio.play("click")
        if done:
            self._commit()
        return True

    def _refuse(self, exc: IllegalTurn) -> bool:
        self.app.toast(texts.refusal(exc), 2)
        self.app.audio.play("error")
        return False

    def _commit(self) -> None:
        """Close the turn through the session (rules, log, autosave / end), hand over."""
        text = self.tip.turn_text()
        if self.hint_used:
            self.hinted.add(len(self.log))      # decision 13: marked in the list and the save
        self.hint_used, self.hint = False, None
        self.hint_task.cancel()
        state = self.session.commit(text)
        self.board.reset(state)
        if Turn.parse(text).removes is not None:
            self.app.audio.play("drop")
        if state.is_terminal():
            self.app.audio.play("win")
            self.end.show()
        self._maybe_think()

    def undo(self) -> bool:
        """Two players: take back the last turn (or the pawn just placed). Against the
        computer: back to the start of your last turn. Off in computer-only games and
        once the game is over (:meth:`GameSession.can_undo`)."""
        if self.anim is not None or self.session.seats.all_ai:
            return False
        if self.session.over:                   # a won game stays won; the end panel stays
            self.app.toast(_("The game is over: nothing to undo."), 1.5)
            return False
        if self.human_to_move and self.board.stage not in ("place", None):
            self.board.reset(self.pos)                      # take back the placement
            return True
        if not self.session.undo():
            self.app.toast(_("Nothing to undo."), 1.5)
            return False
        self.hinted = {i for i in self.hinted if i < len(self.log)}
        self.hint, self.hint_used = None, False
        self.hint_task.cancel()
        self.board.reset(self.pos)
        self.app.audio.play("click")
        self._maybe_think()
        return True

    # ------------------------------------------------------------------ hints
    def ask_hint(self) -> bool:
        """H: look for a good turn for the person to move (decision 13), in the worker."""
        if not (self.hints_on and self.human_to_move) or self.hint_task.thinking:
            return False
        if self.tip is not None and self.tip.placed is not None:
            self.app.toast(texts.hint_before_placing(), 3)      # a hint is a whole turn (G-3)
            return True
        text = self.pos.to_text()
        if self.hint is not None and self.hint[0] == text:
            return True
        self.hint_task.start(self.hint_fn, text, 1.0, fallback=lambda: None, key=text)
        return True

    def _hint_came(self, d) -> None:
        if d.key != self.pos.to_text():
            return                                          # asked for another position
        if d.value is None:
            self.app.toast(texts.hint_failed(), 2)
            return
        turn, key, params = d.value
        self.hint = (d.key, turn, texts.hint_sentence(key, params))
        self.hint_used = True
        self.session.autosave()                 # the pending "(hint)" mark survives a close

    # ------------------------------------------------------------------ the end
    def _end_title(self) -> str:
        w = self.pos.outcome().winner
        return texts.title(w, "" if w is None else self.session.name(w))

    def _end_lines(self):
        out = self.pos.outcome()
        return [texts.score_line(out.scores, self.session.name(BLUE), self.session.name(ORANGE)),
                texts.end_reason(out.rule),
                texts.turns_played(len(self.log))]

    def rematch(self) -> None:
        self.app.replace(GlissandoScene(self.app, self.session.rematch_config()))

    def back_to_menu(self) -> None:
        self.app.to_menu()

    def open_review(self) -> None:
        """The review of the finished game (issue 17 §3)."""
        from glissando.review_scene import ReviewScene

        names = {s: self.session.name(s) for s in (BLUE, ORANGE)}
        self.app.push(ReviewScene(self.app, self.log.start, list(self.log.turns), names,
                                  sorted(self.hinted)))

    # ------------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if self.pos.is_terminal() and self.anim is None:
            return self._handle_over(event)
        for b in (self.undo_btn,) + ((self.hint_btn,) if self._show_hint_btn() else ()):
            if b.handle(event):
                return True
        if self.board.stage == "slide" and self.human_to_move and self.no_slide_btn.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            b = self.board
            seen = (b.hover, b.show_cursor)
            b.hover = cell_at(event.pos)
            if b.hover is not None:
                b.show_cursor = False
            if b.drag_to(event.pos) or (b.hover, b.show_cursor) != seen:
                self.app.redraw()                 # the lit cell or the slide's preview changed
            return False
        if is_click(event):
            return self._click(event.pos)
        if is_release(event):
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _handle_over(self, event) -> bool:
        if self.end.hidden:
            if self.undo_btn.handle(event) or (event.type == pygame.KEYDOWN and
                                               event.key in (pygame.K_u, pygame.K_BACKSPACE)):
                if event.type == pygame.KEYDOWN:
                    self.undo()
                self.end.show()
                return True
        # Enter (the panel's default) opens the review: it must not throw the game away
        elif self.review_btn.handle(event) or (event.type == pygame.KEYDOWN
                                               and event.key in (pygame.K_e, *ENTER)):
            if event.type == pygame.KEYDOWN:
                self.open_review()
            return True
        return self.end.handle(event, lambda pos: cell_at(pos) is not None)

    def _click(self, pos) -> bool:
        sq = cell_at(pos)
        if sq is None or not self.human_to_move:
            return False
        stage = self.board.stage
        if stage == "place":
            self.place(sq)
        elif stage == "slide":
            if not self.board.press(sq, pos):
                self.board.selected = None
                self.app.toast(_("Drag one of your pawns to slide it, or choose No slide."), 2)
        elif stage == "remove":
            self.pick_removal(sq)
        return True

    def _release(self, pos) -> bool:
        got = self.board.release(pos)
        if got is None:
            return False
        if got[0] == "refused":
            self._refuse(got[1])
        elif got[0] == "slide":
            self.slide(got[1], got[2])
        return True

    def _key(self, event) -> bool:
        key, b = event.key, self.board
        if key in (pygame.K_u, pygame.K_BACKSPACE) or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo()
            return True
        if key == pygame.K_ESCAPE:
            return b.cancel()
        if key == pygame.K_h:
            if not self.hints_on:
                self.app.toast(_("Hints are off in this game (setup: Hints)."), 2)
            return self.ask_hint() or True
        if not self.human_to_move:
            return key in KEY_DIR or key in (*ENTER, pygame.K_SPACE)
        stage = b.stage
        if key in KEY_DIR:
            if stage == "slide" and b.selected is not None:
                self.slide(b.selected, KEY_DIR[key])
            else:
                b.move_cursor(KEY_DIR[key])
            return True
        if key in (*ENTER, pygame.K_SPACE):
            if stage == "slide" and key != pygame.K_SPACE:   # "no slide": the cursor stays as it was
                self.skip_slide()
            elif b.reveal_cursor():                          # first show where the keyboard is
                pass
            elif stage == "place":
                self.place(b.cursor)
            elif stage == "slide":
                if self.tip.at(b.cursor) == self.pos.to_move:
                    b.selected = b.cursor                    # Esc drops the selection
                else:
                    self.app.toast(_("Select one of your pawns (Space), then an arrow key."), 2)
            elif stage == "remove":
                self.pick_removal(b.cursor)
            return True
        if key == pygame.K_n and stage == "slide":
            self.skip_slide()
            return True
        return False

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.clock += dt
        self.score_flash += dt
        d = self.session.update(dt)
        if d is not None and d.key == len(self.log) and not self.pos.is_terminal() \
                and self.is_ai(self.pos.to_move) and self.anim is None:
            self._play_ai(d.value)
        h = self.hint_task.poll()
        if h is not None:
            self._hint_came(h)
            self.app.redraw()

    # ------------------------------------------------------------------ drawing
    def _show_hint_btn(self) -> bool:
        return self.hints_on and self.human_to_move

    def draw(self, canvas) -> None:
        canvas = as_canvas(canvas)
        over = self.pos.is_terminal() and self.anim is None
        if over and not self.end.hidden:
            # the board under the end panel is still: drawn and dimmed once, kept as a layer
            def still(layer):
                self._draw_scene(layer)
                layer.dim(140)
            canvas.backdrop(("glissando.over", id(self), len(self.log), i18n.language()), still)
            top = canvas.sub(canvas.bounds)
            top.dim = lambda alpha=150: None          # the veil is in the layer already
            self.end.draw(top)
            self.review_btn.draw(canvas)
        else:
            self._draw_scene(canvas)
            if over:
                self.end.draw(canvas)                 # hidden: "Show the result (V)" only

    def _draw_scene(self, canvas) -> None:
        """Everything but the end panel: the still part (columns, board) kept as one
        layer while the player to move stays the same (it covers the whole design area:
        ``opaque``), what the turn changes over it, the rest drawn on it."""
        canvas.backdrop(panels.still_key(self), lambda c: layers.still(c, self), opaque=True, lasting=True)
        layers.turn_state(canvas, self)
        layers.banner(canvas, self)
        layers.highlights(canvas, self)
        layers.pawns(canvas, self)
        layers.last_turn(canvas, self)
        layers.overlays(canvas, self)
        layers.hint(canvas, self)
        if self.board.stage == "slide" and self.human_to_move:
            self.no_slide_btn.draw(canvas)
        self.undo_btn.enabled = self.anim is None and (self.session.can_undo() or (
            self.human_to_move and self.board.stage not in ("place", None)))
        self.undo_btn.draw(canvas)
        if self._show_hint_btn():
            self.hint_btn.enabled = not self.hint_task.thinking
            self.hint_btn.draw(canvas)

    def lit_cells(self) -> int | None:
        """The legal placements (G-3) lit now, as a mask; None when none are."""
        if not self.human_to_move or self.board.stage != "place":
            return None
        return self.pos.placement_mask()

    def last_turn_cells(self) -> tuple[list[int], list[int]]:
        """``(arrived, left)`` of the last turn (:func:`glissando.controller.changed_cells`);
        both empty before the first turn."""
        if not self.log.turns:
            return [], []
        return changed_cells(self.log.previous, self.pos, self.log.turns[-1])

    def scored(self):
        """The five the last turn scored with, or None (drawn until the next pawn is placed)."""
        if not self.log.turns:
            return None
        return scored_line(self.log.previous, self.log.turns[-1])

    def stage_text(self) -> str:
        """The banner's text: who is to play and what to do now (G-3 to G-5 stages)."""
        color = self.pos.to_move
        return texts.stage(self.session.name(color), self.board.stage or "place",
                           ai=self.is_ai(color),
                           thinking=self.thinking or (self.is_ai(color) and self.anim is None),
                           scoring=self.anim is not None and self.anim.kind == "remove",
                           selected=self.board.selected is not None,
                           first_pick=self.board.first_pick is not None,
                           dots=1 + int(self.clock * 3) % 3)



def make_scene(app, config) -> GlissandoScene:
    """Build the game scene for ``config`` (docs/games-api.md)."""
    return GlissandoScene(app, config)


def headless(seed: int, config) -> dict:
    """The pure headless demo (:func:`glissando.demo.headless`)."""
    from glissando.demo import headless as run

    return run(seed, config)
