"""The Glissando screen: board, players, move list, turns by mouse and keyboard.

The scene holds no rules: every placement, slide, removal and the end of the game go
through :mod:`glissando.rules` (``Position`` and ``TurnInProgress``); the computer's
turns come from :mod:`glissando.ai` on a worker thread (``app.run_worker``).

Layout in 1280×720 design units (drawn on the shell's canvas at the window's pixels): the two player cards on the left
(x 20–302), the board in the middle (:data:`BOARD`, 8 cells of :data:`CELL` px), the
move list and the buttons on the right (x 976–1256), the turn banner above the board.

Controls
--------
Mouse: click a lit cell to place (G-3); drag one of your pawns up, down, left or right
to slide it (G-4; ghost pawns show where the chain ends) or click it and press an arrow
key; "No slide" or Enter ends the turn without sliding; when the turn scores (G-5) click
two lit pawns of the line to remove them.
Keyboard: arrows move the cursor; Enter or Space places on the cursor cell; in the slide
step Space selects the pawn under the cursor and an arrow key slides it, Enter means no
slide; in the removal step Enter or Space picks the pawn under the cursor. U, Backspace
or Ctrl+Z undo (two players: the last turn; against the computer: back to your last
turn). Esc clears a selection, else opens the pause menu.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time

import pygame

from ludotheque import i18n, theme
from ludotheque.menu import level_name
from ludotheque.canvas import as_canvas
from ludotheque.scene import Scene, attending, attention
from ludotheque.widgets import Button, is_click, is_release

from glissando import ai
from glissando.rules import (BLUE, ORANGE, IllegalTurn, Position, Turn, cell_name,
                             first_player, parse_cell)

_ = i18n.domain("glissando")

CELL = 68                                        # px per board cell
BOARD = pygame.Rect(368, 86, 8 * CELL, 8 * CELL)   # the 8×8 cells (x 368–912, y 86–630)
PAWN_R = 26                                      # pawn radius, px
SLIDE_CELL_S = 0.07                              # slide animation, s per cell
SLIDE_MAX_S = 0.45
PLACE_S = 0.25                                   # AI placement shown before its slide, s
REMOVE_S = 0.8                                   # AI removal shown before it happens, s
DRAG_PX = 14                                     # pointer travel that picks a direction

KEY_DIR = {pygame.K_UP: "^", pygame.K_DOWN: "v", pygame.K_LEFT: "<", pygame.K_RIGHT: ">"}
COLORS = {BLUE: theme.BLUE, ORANGE: theme.ORANGE}


def side_name(color: str) -> str:
    """Translated colour name of a side (G-2)."""
    return _("Blue") if color == BLUE else _("Orange")


def cell_rect(sq: int) -> pygame.Rect:
    """Screen rectangle of square ``sq`` (a1 bottom-left, G-1), px."""
    return pygame.Rect(BOARD.x + (sq % 8) * CELL, BOARD.y + (7 - sq // 8) * CELL, CELL, CELL)


def cell_center(sq: int) -> tuple[float, float]:
    return BOARD.x + (sq % 8 + 0.5) * CELL, BOARD.y + (7 - sq // 8 + 0.5) * CELL


def cell_at(pos) -> int | None:
    """The square under the logical point ``pos`` (px), or None off the board."""
    x, y = pos
    if not BOARD.collidepoint(x, y):
        return None
    return (7 - (int(y) - BOARD.y) // CELL) * 8 + (int(x) - BOARD.x) // CELL


def choose_first(seed: int, options: dict | None) -> str:
    """G-2: the first player, drawn with ``seed`` unless ``options["first"]`` fixes it
    (``"b"`` or ``"o"``)."""
    fixed = (options or {}).get("first", "random")
    if fixed in (BLUE, ORANGE):
        return fixed
    return first_player(random.Random(seed))


def reason(exc: IllegalTurn) -> str:
    """A short translated reason for an illegal action, from the rule id that starts
    the rules engine's message (G-N3)."""
    msg = str(exc)
    rule = msg.split(":", 1)[0]
    if rule == "G-3":
        if "occupied" in msg:
            return _("That cell is taken.")
        return _("Place on the edge or next to a pawn (G-3).")
    if rule == "G-4d":
        return _("That slide would move nothing (G-4d).")
    if rule == "G-4":
        return _("Slide one of your own pawns (G-4).")
    if rule == "G-5c":
        return _("Pick two pawns of the same line of five (G-5c).")
    if rule in ("G-6", "G-7"):
        return _("The game is over.")
    return msg


# ------------------------------------------------------------------- drawing helpers

def pawn_sprite(color: str, radius: int = PAWN_R, alpha: int = 255, scale: float = 1.0) -> pygame.Surface:
    """A pawn of ``radius`` design units drawn for ``scale`` device px per unit: drawn at
    4× and scaled down (smooth edges). Blue pawns carry a ring, orange pawns a diamond,
    so the two sides differ by more than colour."""
    k = 4
    u = k * scale                                # drawing px per design unit
    r = round(radius * u)
    size = 2 * r + round(6 * u)
    size += -size % k                            # scales down to whole px
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    base = COLORS[color]
    dark = tuple(int(v * 0.55) for v in base)
    light = tuple(min(255, int(v * 1.25 + 40)) for v in base)
    pygame.draw.circle(s, (0, 0, 0, 90), (c[0] + round(3 * u), c[1] + round(4 * u)), r)      # shadow
    pygame.draw.circle(s, dark, c, r)
    pygame.draw.circle(s, base, (c[0] - round(u), c[1] - round(u)), r - round(3 * u))
    pygame.draw.circle(s, light, (c[0] - r // 3, c[1] - r // 3), r // 4)         # sheen
    mark = (250, 250, 250)
    if color == BLUE:
        pygame.draw.circle(s, mark, c, int(r * 0.45), round(4 * u))
    else:
        d = int(r * 0.45)
        pygame.draw.polygon(s, mark, [(c[0], c[1] - d), (c[0] + d, c[1]),
                                      (c[0], c[1] + d), (c[0] - d, c[1])])
    out = pygame.transform.smoothscale(s, (size // k, size // k))
    if alpha < 255:
        out.set_alpha(alpha)
    return out


BOARD_PAD = 34                                   # the frame around the cells, design units


def board_surface(canvas=None):
    """The wooden board with its grid and coordinates, drawn on ``canvas`` (a layer of
    the board's size, design units from (0, 0)); on a new 1:1 surface when None."""
    from ludotheque.art import wood_texture

    pad = BOARD_PAD
    if canvas is None:
        canvas = pygame.Surface((BOARD.width + 2 * pad, BOARD.height + 2 * pad), pygame.SRCALPHA)
    surf = as_canvas(canvas)
    frame = wood_texture(*surf.device_size((BOARD.width + 2 * pad, BOARD.height + 2 * pad)),
                         base=(150, 102, 58), dark=(92, 60, 32), seed=11)
    surf.blit(frame, (0, 0))
    inner = wood_texture(*surf.device_size(BOARD.size), seed=5)
    surf.blit(inner, (pad, pad))
    for i in range(9):
        x = pad + i * CELL
        surf.line(theme.WOOD_DARK, (x, pad), (x, pad + BOARD.height), 2)
        surf.line(theme.WOOD_DARK, (pad, x), (pad + BOARD.width, x), 2)
    surf.rect((70, 44, 22), (pad - 3, pad - 3, BOARD.width + 6, BOARD.height + 6), 3)
    for i in range(8):
        for txt, pos in ((chr(97 + i), (pad + i * CELL + CELL // 2, pad + BOARD.height + pad // 2)),
                         (chr(97 + i), (pad + i * CELL + CELL // 2, pad // 2)),
                         (str(8 - i), (pad // 2, pad + i * CELL + CELL // 2)),
                         (str(8 - i), (pad + BOARD.width + pad // 2, pad + i * CELL + CELL // 2))):
            surf.text(txt, pos, 16, (245, 228, 200), anchor="center", bold=True)
    return canvas


def draw_preview(canvas, rect: pygame.Rect) -> None:
    """The launcher tile picture: a small board with a line of blue pawns and a push
    (``canvas`` a :class:`ludotheque.canvas.Canvas` or a pygame surface, ``rect`` design
    units)."""
    canvas = as_canvas(canvas)
    canvas.fill((40, 46, 58), rect)
    n = 8
    cell = min(rect.width, rect.height) * 0.9 / n
    x0 = rect.centerx - cell * n / 2
    y0 = rect.centery - cell * n / 2
    canvas.rect(theme.WOOD, (x0 - 4, y0 - 4, cell * n + 8, cell * n + 8), border_radius=4)
    for i in range(n + 1):
        canvas.line(theme.WOOD_DARK, (x0 + i * cell, y0), (x0 + i * cell, y0 + n * cell), 1)
        canvas.line(theme.WOOD_DARK, (x0, y0 + i * cell), (x0 + n * cell, y0 + i * cell), 1)
    pawns = {(1, 3): BLUE, (2, 3): BLUE, (3, 3): BLUE, (4, 3): BLUE, (6, 3): BLUE,
             (2, 5): ORANGE, (3, 4): ORANGE, (5, 2): ORANGE, (6, 5): ORANGE, (0, 0): ORANGE}
    r = int(cell * 0.38)
    for (f, rr), col in pawns.items():
        c = (int(x0 + (f + 0.5) * cell), int(y0 + (rr + 0.5) * cell))
        canvas.circle(COLORS[col], c, r)
        if col == BLUE:
            canvas.circle((250, 250, 250), c, max(2, r // 2), 2)
        else:
            d = max(2, r // 2)
            canvas.polygon((250, 250, 250), [(c[0], c[1] - d), (c[0] + d, c[1]),
                                             (c[0], c[1] + d), (c[0] - d, c[1])])
    ax = int(x0 + 6.5 * cell)
    ay = int(y0 + 3.5 * cell)
    canvas.line(theme.ACCENT, (ax + r, ay), (ax + int(cell * 0.9), ay), 3)


# ------------------------------------------------------------------- the scene

@dataclasses.dataclass
class _Anim:
    """A timed step: ``kind`` ("slide", "place", "remove"), ``t``/``duration`` in s,
    ``moves`` [(from, to)] for slides, ``then`` called when it ends."""
    kind: str
    duration: float
    then: object
    moves: list = dataclasses.field(default_factory=list)
    cells: tuple = ()
    t: float = 0.0


class GlissandoScene(Scene):
    """One game of Glissando (rules G-1…G-7) for two people or against the computer.

    :param app: the shell's ``App``. :param config: a ``GameConfig``: seat 0 plays Blue,
        seat 1 Orange; ``options["target"]`` the target score (G-6); ``seed`` repeats
        the first-player draw (G-2) and the computer's choices; ``resume`` a dict written
        by :meth:`save_data`.
    :raises ValueError: (``IllegalTurn``) a ``resume`` save that does not replay.
    """

    game_id = "glissando"
    opaque = True

    def __init__(self, app, config):
        super().__init__(app)
        self.config = config
        self.players = tuple(config.players)
        resume = config.resume
        if resume:
            self._load(resume)
        else:
            self.seed = config.seed if config.seed is not None else random.randrange(1 << 30)
            first = choose_first(self.seed, config.options)             # G-2
            target = int((config.options or {}).get("target", 2))
            self.start_pos = Position.start(target=target, first=first)
            self.history: list[str] = []
            self.positions = [self.start_pos]
        self.pos: Position = self.positions[-1]
        self.tip = None if self.pos.over else self.pos.begin()
        self.cursor = 27                                                # d4
        self.show_cursor = False
        self.hover: int | None = None
        self.drag: dict | None = None
        self.selected: int | None = None
        self.remove_first: int | None = None
        self.anim: _Anim | None = None
        self.future = None
        self.ai_gen = 0
        self.clock = 0.0
        self.score_flash = 0.0
        self.no_slide_btn = Button((976, 548, 280, 56), lambda: _("No slide (Enter)"),
                                   self.skip_slide, color=theme.PANEL_HI, size=22)
        self.undo_btn = Button((976, 614, 280, 56), lambda: _("Undo (U)"), self.undo)
        self.rematch_btn = Button((480, 430, 320, 60), lambda: _("Rematch"), self.rematch,
                                  color=theme.GOOD, size=theme.LARGE)
        self.menu_btn = Button((480, 504, 320, 56), lambda: _("Back to the menu"),
                               self.back_to_menu)
        self.show_result = True                       # the win panel (V hides it)
        self.hide_btn = Button((0, 0, 220, 40), lambda: _("See the board (V)"),
                               lambda: setattr(self, "show_result", False), size=theme.SMALL)
        self.view_btn = Button((976, 548, 280, 56), lambda: _("Show the result (V)"),
                               lambda: setattr(self, "show_result", True), color=theme.GOOD,
                               size=22)
        self._announced = bool(resume)
        self._future_gen = 0

    # ------------------------------------------------------------------ state

    def _load(self, data: dict) -> None:
        """Replay a save (G-N1 start text, G-N2 turn texts); any mismatch raises
        ``ValueError`` so the shell sets the save aside."""
        if not isinstance(data, dict):
            raise ValueError("glissando save is not an object")
        self.seed = int(data.get("seed", 0))
        self.start_pos = Position.from_text(str(data["start"]))
        self.history = []
        self.positions = [self.start_pos]
        for t in data.get("history", []):
            self.positions.append(self.positions[-1].play(str(t)))
            self.history.append(str(t))
        if "position" in data and self.positions[-1].to_text() != data["position"]:
            raise ValueError("glissando save: history does not lead to the saved position")

    def save_data(self) -> dict | None:
        """The autosave: players, seed, start position (G-N1), every turn (G-N2) and the
        current position as a check. None once the game is over (nothing to resume)."""
        if self.pos.over:
            return None
        return {"players": [p.to_dict() for p in self.players], "seed": self.seed,
                "start": self.start_pos.to_text(), "history": list(self.history),
                "position": self.pos.to_text()}

    def seat(self, color: str):
        return self.players[0 if color == BLUE else 1]

    def is_ai(self, color: str) -> bool:
        return self.seat(color).kind == "ai"

    @property
    def human_to_move(self) -> bool:
        return (self.tip is not None and not self.is_ai(self.pos.to_move)
                and self.anim is None)

    @property
    def thinking(self) -> bool:
        return self.future is not None

    @property
    def animating(self) -> bool:
        """True while something moves or runs on its own (the shell draws every frame): an
        animation, the computer's turn, or a scoring line calling for a person's removal
        (G-5) during its first few seconds. A board waiting for a person is still."""
        if self.pos.over:
            return False
        if self.anim is not None or self.future is not None or self.is_ai(self.pos.to_move):
            return True
        return self.tip is not None and self.tip.stage == "remove" and attending(self.score_flash, 8)

    # ------------------------------------------------------------------ lifecycle

    def enter(self) -> None:
        if not self._announced:
            self._announced = True
            if (self.config.options or {}).get("first", "random") != "random":
                self._maybe_start_ai()
                return
            # G-2: the draw is shown in the move list while it is empty (_draw_moves),
            # not in a toast that would cover the board's file letters
        self._maybe_start_ai()

    def exit(self) -> None:
        self.ai_gen += 1
        self.future = None

    # ------------------------------------------------------------------ turns

    def _maybe_start_ai(self) -> None:
        if self.pos.over or self.future is not None or self.anim is not None:
            return
        color = self.pos.to_move
        if not self.is_ai(color):
            return
        self.ai_gen += 1
        rng = random.Random(self.seed * 1009 + len(self.history))
        level = self.seat(color).level
        self.future = self.app.run_worker(ai.choose_turn, self.pos, level, rng)
        self._future_gen = self.ai_gen

    def _play_ai_turn(self, text: str) -> None:
        """Show the computer's turn step by step: placement, slide, removal."""
        turn = Turn.parse(text)
        self.tip = self.pos.begin().place(turn.place)
        self.app.audio.play("knock")

        def after_place():
            if turn.slide is not None:
                sq, d = turn.slide
                self._animate_slide(sq, d, lambda: self._after_ai_slide(turn))
            else:
                self.tip = self.tip.skip_slide()
                self._after_ai_slide(turn)
        self.anim = _Anim("place", PLACE_S, after_place, cells=(turn.place,))

    def _after_ai_slide(self, turn: Turn) -> None:
        if self.tip.stage == "remove":
            self.app.audio.play("score")

            def do_remove():
                self.tip = self.tip.remove(*turn.removes)
                self._commit()
            self.anim = _Anim("remove", REMOVE_S, do_remove, cells=turn.removes)
        else:
            self._commit()

    def _animate_slide(self, sq: int, d: str, then) -> None:
        moves = self.tip.slide_moves(sq, d)
        dist = max(abs(a - b) // (8 if d in "^v" else 1) for a, b in moves)
        self.app.audio.play("slide")

        def done():
            self.tip = self.tip.slide(sq, d)
            self.app.audio.play("clack", 0.7)
            then()
        self.anim = _Anim("slide", min(SLIDE_MAX_S, SLIDE_CELL_S * dist + 0.08), done,
                          moves=moves)

    def place(self, sq: int) -> bool:
        """G-3: place a pawn of the human side to move on ``sq`` (toast when illegal)."""
        if not self.human_to_move or self.tip.stage != "place":
            return False
        try:
            self.tip = self.tip.place(sq)
        except IllegalTurn as exc:
            self.app.toast(reason(exc), 2)
            self.app.audio.play("error")
            return False
        self.app.audio.play("knock")
        return True

    def slide(self, sq: int, d: str) -> bool:
        """G-4: slide the pawn on ``sq`` toward ``d`` (animated; toast when illegal)."""
        if not self.human_to_move or self.tip.stage != "slide":
            return False
        try:
            self.tip.slide_effect(sq, d)
        except IllegalTurn as exc:
            self.app.toast(reason(exc), 2)
            self.app.audio.play("error")
            return False
        self.selected = None
        self._animate_slide(sq, d, self._after_human_slide)
        return True

    def skip_slide(self) -> bool:
        """G-4: end the slide step without sliding ("No slide", Enter)."""
        if not self.human_to_move or self.tip.stage != "slide":
            return False
        self.tip = self.tip.skip_slide()
        self.selected = None
        self._after_human_slide()
        return True

    def _after_human_slide(self) -> None:
        if self.tip.stage == "remove":
            self.remove_first = None
            self.score_flash = 0.0
            self.app.audio.play("score")
        else:
            self._commit()

    def pick_removal(self, sq: int) -> bool:
        """G-5/G-5c: pick a pawn to remove; the second pick completes the turn."""
        if not self.human_to_move or self.tip.stage != "remove":
            return False
        if self.remove_first == sq:
            self.remove_first = None
            return True
        allowed = self.tip.removable_with(self.remove_first)
        if sq not in allowed:
            self.app.toast(_("Pick two pawns of the same line of five (G-5c)."), 2)
            self.app.audio.play("error")
            return False
        if self.remove_first is None:
            self.remove_first = sq
            self.app.audio.play("click")
            return True
        self.tip = self.tip.remove(self.remove_first, sq)
        self.remove_first = None
        self._commit()
        return True

    def _commit(self) -> None:
        """Close the turn through the rules, record it, autosave, hand over."""
        text = self.tip.turn_text()
        scored = self.tip.removes is not None
        new = self.tip.finish()
        self.history.append(text)
        self.positions.append(new)
        self.pos = new
        self.selected = self.remove_first = None
        self.drag = None
        if scored:
            self.app.audio.play("drop")
        if new.over:
            self.tip = None
            self.app.audio.play("win")
            self.app.saves.delete(self.game_id)
            return
        self.tip = new.begin()
        self.app.autosave(self)
        self._maybe_start_ai()

    def undo(self) -> bool:
        """Two players: take back the last turn (or the pawn just placed). Against the
        computer: back to the start of your last turn. Off in computer-only games."""
        if self.anim is not None or all(p.kind == "ai" for p in self.players):
            return False
        if self.tip is not None and self.tip.stage != "place" and not self.is_ai(self.pos.to_move):
            self.tip = self.pos.begin()                      # take back the placement
            self.selected = self.remove_first = None
            return True
        vs_ai = any(p.kind == "ai" for p in self.players)
        k = len(self.history) - 1
        if vs_ai:
            while k >= 0 and self.is_ai(self.positions[k].to_move):
                k -= 1
        if k < 0:
            self.app.toast(_("Nothing to undo."), 1.5)
            return False
        self.ai_gen += 1                                     # forget a pending AI turn
        self.future = None
        del self.history[k:]
        del self.positions[k + 1:]
        self.pos = self.positions[-1]
        self.tip = self.pos.begin()
        self.selected = self.remove_first = None
        self.drag = None
        self.app.audio.play("click")
        self.app.autosave(self)
        self._maybe_start_ai()
        return True

    def rematch(self) -> None:
        cfg = dataclasses.replace(self.config, resume=None,
                                  seed=(self.seed + 1) if self.config.seed is not None else None)
        self.app.replace(GlissandoScene(self.app, cfg))

    def back_to_menu(self) -> None:
        self.app.to_menu()

    # ------------------------------------------------------------------ input

    def handle(self, event) -> bool:
        if self.pos.over:
            if not self.show_result:
                if self.undo_btn.handle(event):          # its click runs undo()
                    self.show_result = True
                    return True
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_u, pygame.K_BACKSPACE):
                    self.undo()                          # take the last turn back
                    self.show_result = True
                    return True
                if self.view_btn.handle(event) or (is_click(event) and cell_at(event.pos) is not None):
                    self.show_result = True
                    return True
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_v, pygame.K_RETURN,
                                                                  pygame.K_KP_ENTER):
                    self.show_result = True
                    return True
                return False
            for b in (self.rematch_btn, self.menu_btn, self.hide_btn):
                if b.handle(event):
                    return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
                self.show_result = False
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                              pygame.K_r):
                self.rematch()
                return True
            return False
        if self.undo_btn.handle(event):
            return True
        if self.tip is not None and self.tip.stage == "slide" and self.no_slide_btn.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            seen = (self.hover, self.show_cursor, self.drag and self.drag["dir"])
            self.hover = cell_at(event.pos)
            if self.hover is not None:
                self.show_cursor = False
            self._drag_motion(event.pos)
            if (self.hover, self.show_cursor, self.drag and self.drag["dir"]) != seen:
                self.app.redraw()                 # the lit cell or the slide's preview changed
            return False
        if is_click(event):
            return self._click(event.pos)
        if is_release(event):
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, pos) -> bool:
        sq = cell_at(pos)
        if sq is None or not self.human_to_move:
            return False
        stage = self.tip.stage
        if stage == "place":
            self.place(sq)
        elif stage == "slide":
            if self.tip.at(sq) == self.pos.to_move:
                self.drag = {"sq": sq, "origin": pos, "dir": None, "moves": None, "error": None}
            else:
                self.selected = None
                self.app.toast(_("Drag one of your pawns to slide it, or choose No slide."), 2)
        elif stage == "remove":
            self.pick_removal(sq)
        return True

    def _drag_motion(self, pos) -> None:
        if self.drag is None:
            return
        dx = pos[0] - self.drag["origin"][0]
        dy = pos[1] - self.drag["origin"][1]
        if max(abs(dx), abs(dy)) < DRAG_PX:
            self.drag.update(dir=None, moves=None, error=None)
            return
        d = (">" if dx > 0 else "<") if abs(dx) >= abs(dy) else ("v" if dy > 0 else "^")
        if d != self.drag["dir"]:
            self.drag["dir"] = d
            try:
                self.drag["moves"] = self.tip.slide_moves(self.drag["sq"], d)
                self.drag["error"] = None
            except IllegalTurn as exc:
                self.drag["moves"] = None
                self.drag["error"] = exc

    def _release(self, pos) -> bool:
        drag, self.drag = self.drag, None
        if drag is None:
            return False
        self._drag_motion_from(drag, pos)
        if drag["dir"] is None:                              # a click: select the pawn
            self.selected = None if self.selected == drag["sq"] else drag["sq"]
            return True
        if drag["error"] is not None:
            self.app.toast(reason(drag["error"]), 2)
            self.app.audio.play("error")
            return True
        self.slide(drag["sq"], drag["dir"])
        return True

    def _drag_motion_from(self, drag, pos) -> None:
        keep, self.drag = self.drag, drag
        self._drag_motion(pos)
        self.drag = keep

    def _nearest_legal(self, sq: int) -> int:
        """The legal placement (G-3) nearest ``sq`` (``sq`` itself when legal), so the
        keyboard cursor first appears on a cell where a pawn may go."""
        mask = self.pos.placement_mask()
        legal = [c for c in range(64) if mask >> c & 1]
        if not legal or sq in legal:
            return sq
        return min(legal, key=lambda c: (abs(c % 8 - sq % 8) + abs(c // 8 - sq // 8), c))

    def _key(self, event) -> bool:
        key = event.key
        if key in (pygame.K_u, pygame.K_BACKSPACE) or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo()
            return True
        if key == pygame.K_ESCAPE:
            if self.selected is not None or self.remove_first is not None:
                self.selected = self.remove_first = None
                return True
            return False
        if not self.human_to_move:
            return key in KEY_DIR or key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        stage = self.tip.stage
        if key in KEY_DIR:
            d = KEY_DIR[key]
            if stage == "slide" and self.selected is not None:
                self.slide(self.selected, d)
                return True
            if self.show_cursor:
                step = {"^": 8, "v": -8, "<": -1, ">": 1}[d]
                f, r = self.cursor % 8, self.cursor // 8
                f = min(7, max(0, f + (step if abs(step) == 1 else 0)))
                r = min(7, max(0, r + (step // 8 if abs(step) == 8 else 0)))
                self.cursor = r * 8 + f
            elif stage == "place":
                self.cursor = self._nearest_legal(self.cursor)
            self.show_cursor = True
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            enter = key != pygame.K_SPACE
            if stage == "slide" and enter:               # "no slide": the cursor stays as it was
                self.skip_slide()
                return True
            if not self.show_cursor:                     # first show where the keyboard is
                self.show_cursor = True
                if stage == "place":
                    self.cursor = self._nearest_legal(self.cursor)
                return True
            if stage == "place":
                self.place(self.cursor)
            elif stage == "slide":
                if self.tip.at(self.cursor) == self.pos.to_move:
                    self.selected = None if self.selected == self.cursor else self.cursor
                else:
                    self.app.toast(_("Select one of your pawns (Space), then an arrow key."), 2)
            elif stage == "remove":
                self.pick_removal(self.cursor)
            return True
        if key == pygame.K_n and stage == "slide":
            self.skip_slide()
            return True
        return False

    # ------------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        self.clock += dt
        self.score_flash += dt
        if self.anim is not None:
            self.anim.t += dt
            if self.anim.t >= self.anim.duration:
                anim, self.anim = self.anim, None
                anim.then()
        if self.future is not None and self.future.done():
            fut, self.future = self.future, None
            if self._future_gen == self.ai_gen and not self.pos.over:
                try:
                    text = fut.result()
                except Exception:       # an AI failure must not take the game down
                    import logging
                    logging.getLogger(__name__).exception("glissando AI failed")
                    text = random.Random(len(self.history)).choice(self.pos.turns())
                self._play_ai_turn(text)

    # ------------------------------------------------------------------ drawing

    @staticmethod
    def _pawn(canvas, color: str, radius: int = PAWN_R, alpha: int = 255) -> pygame.Surface:
        """The pawn sprite for ``canvas``'s scale (made once per scale)."""
        return canvas.sprite(("glissando.pawn", color, radius, alpha),
                             lambda scale: pawn_sprite(color, radius, alpha, scale))

    def _blit_text(self, canvas, s, pos, size=theme.BODY, color=theme.TEXT, anchor="topleft",
                   bold=False, max_width: int | None = None) -> pygame.Rect:
        """One line of text, shrunk (then cut with "…") to ``max_width`` design units."""
        def width(text, size):
            return theme.font(size, bold).size(text)[0]
        while max_width is not None and width(s, size) > max_width and size > 12:
            size -= 2                                    # shrink long names to fit
        if max_width is not None and width(s, size) > max_width:
            while len(s) > 1 and width(s, size) > max_width:
                s = s[:-2] + "…"
        return canvas.text(s, pos, size, color, anchor=anchor, bold=bold)

    def _board_cells(self):
        """(blue, orange) bitboards to draw now: the turn in progress or the position."""
        src = self.tip if self.tip is not None else self.pos
        return src.blue, src.orange

    def draw(self, canvas) -> None:
        canvas = as_canvas(canvas)
        if self.pos.over and self.show_result:
            # the board under the result panel is still: drawn and dimmed once
            key = ("glissando.over", id(self), len(self.history), i18n.language(),
                   self.undo_btn.hover, self.view_btn.hover)

            def still(layer):
                self._draw_scene(layer)
                layer.dim(140)
            canvas.backdrop(key, still)
            self._draw_win_panel(canvas)
            return
        self._draw_scene(canvas)

    def _draw_scene(self, canvas) -> None:
        """Everything but the result panel (G-6, G-7): the still part (cards, move list,
        board) kept as one layer while what it shows stays the same (its key lists all of
        that), the rest drawn on it."""
        key = ("glissando.still", i18n.language(), tuple(tuple(p.to_dict().items()) for p in self.players),
               self.start_pos.to_text(), tuple(self.history), self.pos.to_text(),
               (self.config.options or {}).get("first", "random"),
               self.tip is not None and self.tip.placed is not None, self.thinking, self._lit_cells())
        canvas.backdrop(key, self._draw_still)
        self._draw_banner(canvas)
        self._draw_highlights(canvas)
        self._draw_pawns(canvas)
        self._draw_last_turn(canvas)
        self._draw_overlays(canvas)
        if self.tip is not None and self.tip.stage == "slide" and self.human_to_move:
            self.no_slide_btn.draw(canvas)
        self.undo_btn.enabled = (self.anim is None and bool(self.history or
                                 (self.tip is not None and self.tip.stage != "place"))
                                 and not all(p.kind == "ai" for p in self.players))
        self.undo_btn.draw(canvas)
        if self.pos.over and not self.show_result:
            self.view_btn.draw(canvas)

    def _stage_text(self) -> str:
        color = self.pos.to_move
        name = self.seat(color).name
        if self.pos.over:
            return ""
        if self.thinking or (self.is_ai(color) and self.anim is None and self.tip
                             and self.tip.stage == "place"):
            dots = "." * (1 + int(self.clock * 3) % 3)
            return _("{name} is thinking").format(name=name) + dots
        stage = self.tip.stage if self.tip else "place"
        if self.anim is not None and self.anim.kind == "remove":
            return _("{name} scores a point and removes two pawns").format(name=name)
        if self.is_ai(color):
            return _("{name} plays").format(name=name)
        if stage == "place":
            return _("{name}: place a pawn on the edge or next to a pawn").format(name=name)
        if stage == "slide":
            if self.selected is not None:
                return _("{name}: an arrow key slides the ringed pawn (Esc: cancel)").format(name=name)
            return _("{name}: drag a pawn to slide it, or No slide").format(name=name)
        if stage == "remove":
            if self.remove_first is None:
                return _("{name} scores! Pick two pawns of the line to remove").format(name=name)
            return _("{name}: pick a second pawn of the same line").format(name=name)
        return ""

    def _draw_banner(self, canvas) -> None:
        color = self.pos.to_move
        rect = pygame.Rect(BOARD.x - 34, 6, BOARD.width + 68, 40)
        if self.pos.over:
            return
        col = COLORS[color]
        canvas.panel(rect, tuple(int(c * 0.35) for c in col), radius=12, border=col)
        canvas.blit(self._pawn(canvas, color, 14), (rect.x + 28, rect.centery), anchor="center")
        self._blit_text(canvas, self._stage_text(), (rect.x + 52, rect.centery), 20, theme.TEXT,
                        anchor="midleft", bold=True, max_width=rect.width - 64)

    def _draw_players(self, canvas) -> None:
        for i, color in enumerate((BLUE, ORANGE)):
            rect = pygame.Rect(20, 100 + i * 250, 282, 226)
            active = self.pos.to_move == color and not self.pos.over
            col = COLORS[color]
            canvas.panel(rect, theme.PANEL if active else theme.BG2, radius=16,
                         border=col if active else theme.LINE)
            if active:
                canvas.rect(col, rect, 5, border_radius=16)
            canvas.blit(self._pawn(canvas, color), (rect.x + 46, rect.y + 48), anchor="center")
            seat = self.seat(color)
            # the name, and under it the side (a computer's level beside it); a player with
            # no name typed is called by the side alone, once, in its colour
            title, title_col, sub = seat.name, theme.TEXT, side_name(color)
            if seat.kind == "ai":
                title, sub = seat.short_name(), f"{level_name(seat.level)} · {side_name(color)}"
            elif seat.name.strip().casefold() == side_name(color).casefold():
                title_col, sub = col, None
            width = rect.right - rect.x - 100
            self._blit_text(canvas, title, (rect.x + 86, rect.y + (36 if sub else 48)), theme.BODY, title_col,
                            anchor="midleft", bold=True, max_width=width)
            if sub:
                self._blit_text(canvas, sub, (rect.x + 86, rect.y + 52), theme.SMALL, col, bold=True,
                                max_width=width)
            idx = 0 if color == BLUE else 1
            self._blit_text(canvas, _("Reserve: {n}").format(n=self.pos.reserves[idx] if self.tip is None
                                                             or self.tip.placed is None or not active
                                                             else self.pos.reserves[idx] - 1),
                            (rect.x + 20, rect.y + 96), theme.BODY, theme.TEXT)
            self._blit_text(canvas, _("Points: {p} / {t}").format(p=self.pos.points[idx], t=self.pos.target),
                            (rect.x + 20, rect.y + 130), theme.BODY, theme.TEXT)
            for k in range(self.pos.target):
                c = (rect.x + 32 + k * 34, rect.y + 184)
                if k < self.pos.points[idx]:
                    canvas.circle(theme.ACCENT, c, 12)
                    canvas.circle((255, 240, 200), c, 12, 2)
                else:
                    canvas.circle(theme.LINE, c, 12, 2)
            if active:
                label = _("to play") if not (self.thinking and self.is_ai(color)) else _("thinking…")
                self._blit_text(canvas, "▶ " + label, (rect.right - 16, rect.y + 184), theme.SMALL,
                                col, anchor="midright", bold=True)
        self._draw_legend(canvas)

    def _draw_legend(self, canvas) -> None:
        """The key of the board's colours (left column, under the player cards): green
        a legal placement (G-3), red a cell where the pawn cannot go, yellow the pawn
        just placed, a slide's path (G-4) and a scoring line (G-5)."""
        x, y = 24, 584
        for swatch, label in ((theme.GOOD, _("You may place here")),
                              (theme.BAD, _("Not allowed here")),
                              (theme.ACCENT, _("Pawn just placed, slide path")),
                              (theme.TEXT, _("Line of five: one point")),
                              (None, _("Rings: the last turn"))):
            box = pygame.Rect(x, y, 18, 18)
            if swatch is None:
                canvas.circle(theme.MUTED, box.center, 9, 2)
            else:
                canvas.fill((*swatch, 110), box)
                canvas.rect(swatch, box, 2)
            self._blit_text(canvas, label, (x + 28, box.centery), 16, theme.MUTED,
                            anchor="midleft", max_width=302 - x - 28)
            y += 24

    def _draw_moves(self, canvas) -> None:
        rect = pygame.Rect(976, 100, 280, 432)
        canvas.panel(rect, theme.BG2, radius=14, border=theme.LINE)
        self._blit_text(canvas, _("Moves"), (rect.x + 16, rect.y + 10), theme.BODY, theme.ACCENT, bold=True)
        # the key of the G-N2 turn texts listed below
        for k, line in enumerate((_("a1 placed · b4> slid right"),
                                  _("^ up · v down · < left · xd2 removed"))):
            self._blit_text(canvas, line, (rect.x + 16, rect.y + 44 + 20 * k), 15, theme.MUTED,
                            max_width=rect.width - 28)
        canvas.line(theme.LINE, (rect.x + 12, rect.y + 88), (rect.right - 12, rect.y + 88))
        if not self.history and not self.pos.over and \
                (self.config.options or {}).get("first", "random") == "random":
            text = _("{side} starts (drawn by lot)").format(side=side_name(self.start_pos.to_move))  # G-2
            for k, line in enumerate(theme.wrap(text, theme.SMALL, rect.width - 28, True)[:2]):
                self._blit_text(canvas, line, (rect.x + 16, rect.y + 100 + 26 * k), theme.SMALL,
                                COLORS[self.start_pos.to_move], bold=True, max_width=rect.width - 28)
        rows = 13
        start = max(0, len(self.history) - rows)
        color = self.start_pos.to_move
        colors = []
        for i in range(len(self.history)):
            colors.append(color)
            color = ORANGE if color == BLUE else BLUE
        y = rect.y + 96
        for i in range(start, len(self.history)):
            canvas.blit(self._pawn(canvas, colors[i], 14), (rect.x + 64, y + 11), anchor="center")
            self._blit_text(canvas, f"{i + 1}.", (rect.x + 44, y + 11), theme.SMALL, theme.MUTED, anchor="midright")
            self._blit_text(canvas, self.history[i], (rect.x + 84, y + 11), theme.SMALL,
                            theme.TEXT if i == len(self.history) - 1 else theme.MUTED, anchor="midleft")
            y += 24

    def _draw_still(self, canvas) -> None:
        """The players' cards, the move list and the board (lit where a person may place)."""
        canvas.fill_around(theme.BG, BOARD.inflate(2 * BOARD_PAD, 2 * BOARD_PAD))   # the board covers the rest
        self._draw_players(canvas)
        self._draw_moves(canvas)
        self._draw_board(canvas)

    def _lit_cells(self) -> int | None:
        """The legal placements (G-3) lit on the board now, as a mask; None when none are."""
        tip = self.tip
        if tip is None or not self.human_to_move or tip.stage != "place":
            return None
        return self.pos.placement_mask()

    def _draw_board(self, canvas) -> None:
        """The board (a layer per scale), with the legal placements lit softly (G-3) when
        a person places; part of the still layer (:meth:`_draw_still`)."""
        size = (BOARD.width + 2 * BOARD_PAD, BOARD.height + 2 * BOARD_PAD)
        board = canvas.cached("glissando.board", size, board_surface)   # wood to every edge: opaque
        mask = self._lit_cells()
        if mask:
            def lit(layer):                      # kept per set of lit cells
                layer.blit(board, (0, 0))
                for sq in range(64):
                    if mask >> sq & 1:
                        r = cell_rect(sq).move(BOARD_PAD - BOARD.x, BOARD_PAD - BOARD.y)
                        layer.fill((*theme.GOOD, 38), r)
                        layer.rect(theme.GOOD, r.inflate(-10, -10), 1, border_radius=6)
            board = canvas.cached(("glissando.lit", mask), size, lit)
        canvas.blit(board, (BOARD.x - BOARD_PAD, BOARD.y - BOARD_PAD))

    def _draw_highlights(self, canvas) -> None:
        tip = self.tip
        if tip is None or not self.human_to_move:
            return
        if tip.stage == "place":
            # G-3: every legal placement is lit softly (on the board's layer, _draw_board),
            # the one under the pointer (or the keyboard cursor) strongly; an illegal cell
            # under the pointer is red
            mask = self.pos.placement_mask()
            for sq, kb in ((self.hover, False), (self.cursor if self.show_cursor else None, True)):
                if sq is None:
                    continue
                legal = mask >> sq & 1
                canvas.fill((*theme.GOOD, 130) if legal else (*theme.BAD, 70), cell_rect(sq))
                canvas.rect(theme.GOOD if legal else theme.BAD, cell_rect(sq), 3)
        elif self.show_cursor:
            canvas.rect(theme.ACCENT, cell_rect(self.cursor), 3)

    def last_turn_cells(self) -> tuple[list[int], list[int]]:
        """Where the last complete turn changed the board, to show it until the next pawn
        is placed: ``(arrived, left)`` — squares that now hold a pawn they did not hold
        (placed, slid or pushed there, G-3/G-4), and squares emptied (slid away from or
        removed, G-5) or where the pawn was placed before it slid. Both empty before the
        first turn."""
        if len(self.positions) < 2:
            return [], []
        a, b = self.positions[-2], self.positions[-1]
        cached = getattr(self, "_last_turn", None)       # drawn every frame: computed once a turn
        if cached is None or cached[0] is not a or cached[1] is not b:
            self._last_turn = cached = (a, b, self._changed_cells(a, b))
        return cached[2]

    def _changed_cells(self, a: Position, b: Position) -> tuple[list[int], list[int]]:
        arrived = (b.blue & ~a.blue) | (b.orange & ~a.orange)
        left = (a.blue | a.orange) & ~(b.blue | b.orange)
        try:                                   # the cell the pawn was placed on, then slid from
            placed = parse_cell(self.history[-1].split()[0])
            if not arrived >> placed & 1:
                left |= 1 << placed
        except (IndexError, ValueError):
            pass
        return ([sq for sq in range(64) if arrived >> sq & 1], [sq for sq in range(64) if left >> sq & 1])

    def _draw_last_turn(self, canvas) -> None:
        if self.tip is None or self.tip.stage != "place" or self.anim is not None:
            return
        arrived, left = self.last_turn_cells()
        color = COLORS[self.positions[-2].to_move] if len(self.positions) > 1 else theme.TEXT
        for sq in arrived:
            canvas.circle(color, cell_center(sq), PAWN_R + 6, 3)
        for sq in left:
            canvas.circle(color, cell_center(sq), 7, 2)

    def _draw_pawns(self, canvas) -> None:
        blue, orange = self._board_cells()
        moving = {}
        if self.anim is not None and self.anim.kind == "slide":
            moving = dict(self.anim.moves)
        previewed = set()
        if self.drag is not None and self.drag["moves"]:
            previewed = {a for a, _b in self.drag["moves"]}
        for sq in range(64):
            if sq in moving:
                continue
            color = BLUE if blue >> sq & 1 else ORANGE if orange >> sq & 1 else None
            if color is None:
                continue
            spr = self._pawn(canvas, color, alpha=70 if sq in previewed else 255)
            canvas.blit(spr, cell_center(sq), anchor="center")
        if moving:
            k = min(1.0, self.anim.t / self.anim.duration)
            k = 1 - (1 - k) ** 3                                 # ease out
            for a, b in moving.items():
                color = BLUE if blue >> a & 1 else ORANGE
                (x0, y0), (x1, y1) = cell_center(a), cell_center(b)
                spr = self._pawn(canvas, color)
                canvas.blit(spr, (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k), anchor="center")

    def _draw_overlays(self, canvas) -> None:
        tip = self.tip
        if tip is None:
            return
        # the scoring line flashes (the computer's removal) or breathes, then holds (a person's)
        pulse = 0.5 + 0.5 * (math.sin(self.clock * 8) if self.anim is not None
                             else attention(self.score_flash, 8))
        # the pawn just placed
        if tip.placed is not None and tip.stage == "slide" and not (self.anim and self.anim.kind == "slide"):
            canvas.circle(theme.ACCENT, cell_center(tip.placed), PAWN_R + 5, 3)
        if self.anim is not None and self.anim.kind == "place":
            for sq in self.anim.cells:
                r = PAWN_R + 4 + int(14 * (1 - self.anim.t / self.anim.duration))
                canvas.circle(theme.ACCENT, cell_center(sq), r, 3)
        # the selected pawn (keyboard slides) and its possible directions
        if self.selected is not None and tip.stage == "slide" and self.human_to_move:
            if tip.at(self.selected) == self.pos.to_move:
                cx, cy = cell_center(self.selected)
                canvas.circle(theme.TEXT, (cx, cy), PAWN_R + 6, 3)
                for sq, d in tip.legal_slides():
                    if sq != self.selected:
                        continue
                    dx, dy = {"^": (0, -1), "v": (0, 1), "<": (-1, 0), ">": (1, 0)}[d]
                    tipx, tipy = cx + dx * (CELL * 0.5 + 20), cy + dy * (CELL * 0.5 + 20)
                    base = (cx + dx * (CELL * 0.5 + 2), cy + dy * (CELL * 0.5 + 2))
                    px, py = -dy * 11, dx * 11
                    canvas.polygon(theme.ACCENT, [(tipx, tipy), (base[0] + px, base[1] + py),
                                                  (base[0] - px, base[1] - py)])
        # ghosts while dragging
        if self.drag is not None and self.drag["dir"] is not None:
            if self.drag["moves"]:
                src = self.drag["sq"]
                dst = dict(self.drag["moves"])[src]
                (ax, ay), (bx, by) = cell_center(src), cell_center(dst)
                canvas.line(theme.ACCENT, (ax, ay), (bx, by), 4)
                for a, b in self.drag["moves"]:
                    color = tip.at(a)
                    g = self._pawn(canvas, color, alpha=185)
                    canvas.blit(g, cell_center(b), anchor="center")
                    canvas.circle(theme.ACCENT, cell_center(b), PAWN_R + 3, 2)
            else:
                cx, cy = cell_center(self.drag["sq"])
                for s in (-1, 1):
                    canvas.line(theme.BAD, (cx - 14, cy - 14 * s), (cx + 14, cy + 14 * s), 5)
        # scoring: the line flashes, legal pawns are ringed
        if tip.stage == "remove" or (self.anim is not None and self.anim.kind == "remove"):
            flash = int(120 + 120 * pulse)
            for run in tip.scoring_runs():
                for sq in run:
                    canvas.fill((*theme.TEXT, flash // 2), cell_rect(sq))
            if self.anim is not None and self.anim.kind == "remove":
                for sq in self.anim.cells:
                    self._cross(canvas, sq)
            elif self.human_to_move:
                for sq in tip.removable_with(self.remove_first):
                    canvas.circle(theme.TEXT, cell_center(sq), PAWN_R + 5, 3)
                if self.remove_first is not None:
                    self._cross(canvas, self.remove_first)
            # redraw the pawns of the line above the flash
            for run in tip.scoring_runs():
                for sq in run:
                    color = tip.at(sq)
                    if color:
                        spr = self._pawn(canvas, color)
                        canvas.blit(spr, cell_center(sq), anchor="center")
                        if (self.anim and self.anim.kind == "remove" and sq in self.anim.cells) or \
                                sq == self.remove_first:
                            self._cross(canvas, sq)

    def _cross(self, canvas, sq: int) -> None:
        cx, cy = cell_center(sq)
        for s in (-1, 1):
            canvas.line(theme.BAD, (cx - 16, cy - 16 * s), (cx + 16, cy + 16 * s), 6)

    def _draw_win(self, canvas) -> None:
        canvas.dim(140)
        self._draw_win_panel(canvas)

    def _draw_win_panel(self, canvas) -> None:
        """The result panel: winner, score, rematch, menu, see the board."""
        box = pygame.Rect(0, 0, 560, 440)
        box.center = (BOARD.centerx, BOARD.centery)
        w = self.pos.winner
        border = COLORS.get(w, theme.ACCENT)
        canvas.panel(box, theme.PANEL, radius=20, border=border)
        canvas.rect(border, box, 5, border_radius=20)
        if w == "draw":
            title = _("Draw!")
        else:
            title = _("{name} wins!").format(name=self.seat(w).name)
            canvas.blit(self._pawn(canvas, w), (box.centerx, box.y + 52), anchor="center")
        self._blit_text(canvas, title, (box.centerx, box.y + 116), theme.TITLE, theme.ACCENT,
                        anchor="center", bold=True, max_width=box.width - 40)
        self._blit_text(canvas, _("Blue {b} – {o} Orange").format(b=self.pos.points[0], o=self.pos.points[1]),
                        (box.centerx, box.y + 154), theme.LARGE, theme.TEXT, anchor="midtop")
        n = len(self.history)
        self._blit_text(canvas, _("Turns played: {n}").format(n=n), (box.centerx, box.y + 198),
                        theme.SMALL, theme.MUTED, anchor="midtop")
        self.rematch_btn.rect.midtop = (box.centerx, box.y + 236)
        self.menu_btn.rect.midtop = (box.centerx, box.y + 308)
        self.hide_btn.rect.midtop = (box.centerx, box.y + 378)
        self.rematch_btn.draw(canvas)
        self.menu_btn.draw(canvas)
        self.hide_btn.draw(canvas)


def make_scene(app, config) -> GlissandoScene:
    """Build the game scene for ``config`` (docs/games-api.md)."""
    return GlissandoScene(app, config)


def headless(seed: int, config) -> dict:
    """Play the computer against itself to the end with no window (``python main.py
    glissando --demo --headless --seed N``); seat levels from ``config.players``
    (Expert for both in a headless demo). Returns a JSON-able summary."""
    t0 = time.perf_counter()
    rng = random.Random(seed)
    target = int((config.options or {}).get("target", 2))
    first = choose_first(seed, config.options)              # the same draw as the scene
    p = Position.start(target=target, first=first)
    levels = {BLUE: config.players[0].level if config.players else "expert",
              ORANGE: config.players[1].level if config.players else "expert"}
    history = []
    while not p.over:
        t = ai.choose_turn(p, levels[p.to_move], rng, time_limit=math.inf)  # repeatable
        history.append(t)
        p = p.play(t)
    names = {BLUE: "blue", ORANGE: "orange", "draw": "draw"}
    return {"game": "glissando", "seed": seed, "winner": names[p.winner],
            "first": names[first], "turns": len(history),
            "points": {"blue": p.points[0], "orange": p.points[1]},
            "seconds": round(time.perf_counter() - t0, 3),
            "final_position": p.to_text(), "history": history}
