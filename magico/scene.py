"""Magico's screen: the number board, the dice, the operation and the typed result.

Everything the scene does goes through :mod:`magico.rules` (a turn is committed only as a
K-N2 text that ``Position.play`` accepts) and the computer's choices through
:mod:`magico.ai`, run off the main thread with ``app.run_worker``.

Layout (logical 1280×720 px): the board (6×6 cells of :data:`CELL` px) on the left, the
players' cards, the dice and the action area (operations, expression, keypad) on the
right.

A turn walks through phases: ``roll`` → ``rolling`` (the dice tumble, K-4) → one of
``choose`` (pick an operation, K-7) → ``type`` (type its result) → ``place`` (click a
glowing cell); ``place`` straight away on one die 1 (K-6); ``take`` on a double 1 (K-5);
``pass`` when nothing is possible (K-7b). A wrong result (K-7a) shows a kind message
with the right result in the ``wrong`` phase, which holds the next turn until the player
acknowledges it (click, Enter, Space) or :data:`WRONG_SECONDS` pass; then the turn ends. The computer's turn (``ai``) shows the same steps at a readable pace.
``over`` is the end screen (K-8 … K-10).
"""

from __future__ import annotations

import logging
import math
import random
import time

import pygame

from ludotheque import i18n, theme
from ludotheque.canvas import as_canvas
from ludotheque.scene import Scene, attending, attention
from ludotheque.widgets import Button, Keypad, TextEntry, is_click

from magico import ai
from magico.rules import (
    DEFAULT_BOARD, SIZE, Dice, IllegalTurn, Position, Turn, board_problems, cell_name,
    load_board, other, parse_cell, results,
)

_ = i18n.domain("magico")
log = logging.getLogger(__name__)

CELL = 92                         #: cell size, px
BOARD_X, BOARD_Y = 64, 100        #: top-left of cell a1, px
BOARD_RECT = pygame.Rect(BOARD_X, BOARD_Y, CELL * SIZE, CELL * SIZE)
BOARD_AREA = BOARD_RECT.inflate(96, 96)  #: the board with its frame and cell labels
RIGHT_X = 690                     #: left edge of the right-hand column, px
SIDE_COLOR = {"r": theme.RED, "b": theme.BLUE}
SIDE_LIGHT = {"r": (255, 150, 140), "b": (150, 195, 255)}
SHOW_OP = {"+": "+", "-": "−", "*": "×", "/": "÷"}
KEY_OPS = {"1": "+", "2": "-", "3": "*", "4": "/", "+": "+", "-": "-", "*": "*", "/": "/",
           "x": "*", "×": "*", "÷": "/"}

ROLL_SECONDS = 0.9                #: the dice tumble this long (s)
AI_PAUSE = 0.7                    #: before the computer rolls (s)
AI_STEP = 0.9                     #: each step of the computer's turn stays this long (s)
_TOLD: set[str] = set()           # board problems already shown to the player
NOTE_SECONDS = 4.0                #: a message stays this long (s)
WRONG_SECONDS = 8.0               #: a wrong result's correction stays this long unless acknowledged (s)
GLOW_LEVELS = 16                  #: strengths of a glowing cell's pulse at a large scale (kept as layers)
WRONG_MIN = 1.0                   #: ... and at least this long (s): a held-down Enter does not skip it


def side_name(player: str) -> str:
    """Translated name of a side: ``"r"`` → Red, ``"b"`` → Blue."""
    return _("Red") if player == "r" else _("Blue")


def show_op(op: str) -> str:
    """Screen form of an operation text (K-N2 ASCII → ×, ÷, −): ``"5*2"`` → ``"5 × 2"``."""
    return f"{op[0]} {SHOW_OP[op[1]]} {op[2:]}"


def unbroken(text: str) -> str:
    """``text`` with non-breaking spaces, so a calculation ("6 ÷ 2 = 3") is never split
    across two lines of a note."""
    return text.replace(" ", "\u00a0")


def note_lines(text: str, width: int) -> tuple[int, tuple[str, ...]]:
    """A message for the note box (``width`` px): ``(font size, lines)`` — two lines of
    body text, or three of small text when two are not enough (at most three shown)."""
    lines = theme.wrap(text, theme.BODY, width)
    if len(lines) <= 2:
        return theme.BODY, lines
    return theme.SMALL, theme.wrap(text, theme.SMALL, width)[:3]


def cell_rect(i: int) -> pygame.Rect:
    """Screen rectangle (px) of cell index ``i`` (0–35, row-major from a1)."""
    r, c = divmod(i, SIZE)
    return pygame.Rect(BOARD_X + c * CELL, BOARD_Y + r * CELL, CELL, CELL)


def cell_at(pos) -> int | None:
    """Cell index under logical point ``pos`` (px), or None off the board."""
    x, y = pos
    if not BOARD_RECT.collidepoint(x, y):
        return None
    return (int(y) - BOARD_Y) // CELL * SIZE + (int(x) - BOARD_X) // CELL


def _pips(surface, rect: pygame.Rect, value: int, color=(30, 30, 36)) -> None:
    spots_of = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
                5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    step = rect.width * 0.27
    r = max(3, rect.width // 11)
    if value not in spots_of:
        return
    for dx, dy in spots_of[value]:
        pygame.draw.circle(surface, color, (rect.centerx + dx * step, rect.centery + dy * step), r)


def die_sprite(size: int, value: int, highlight: bool = False, scale: float = 1.0) -> pygame.Surface:
    """The image of a die of ``size`` design units showing ``value`` (1–6; 0: blank), in
    device px for ``scale``."""
    px = max(1, round(size * scale))
    img = pygame.Surface((px, px), pygame.SRCALPHA)
    body = img.get_rect()
    pygame.draw.rect(img, (250, 248, 240), body, border_radius=px // 6)
    pygame.draw.rect(img, theme.ACCENT if highlight else (120, 110, 100), body, max(1, round(3 * scale)),
                     border_radius=px // 6)
    _pips(img, body, value)
    return img


def draw_die(canvas, center, size: int, value: int, angle: float = 0.0,
             highlight: bool = False) -> None:
    """A die of ``size`` design units showing ``value`` (1–6; 0: a blank die, not rolled
    yet), turned ``angle`` degrees, centred on design ``center``."""
    canvas = as_canvas(canvas)
    img = canvas.sprite(("magico.die", size, value, highlight),
                        lambda scale: die_sprite(size, value, highlight, scale))
    if angle:
        img = pygame.transform.rotate(img, angle)
    canvas.blit(img, center, anchor="center")


def _token(radius: int, color, alpha: int = 150, scale: float = 1.0) -> pygame.Surface:
    """A translucent token with a solid rim: the number under it stays readable
    (``radius`` design units, drawn in device px for ``scale``)."""
    r = round(radius * scale)
    pad = round(2 * scale)
    img = pygame.Surface((r * 2 + 2 * pad, r * 2 + 2 * pad), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    pygame.draw.circle(img, (*color, alpha), c, r)
    pygame.draw.circle(img, (*[max(0, v - 60) for v in color], 255), c, r, max(1, round(5 * scale)))
    return img


def token_sprite(canvas, player: str, radius: int, alpha: int = 150) -> pygame.Surface:
    """:func:`_token` of ``player``'s colour for ``canvas``'s scale (made once per scale)."""
    return canvas.sprite(("magico.token", player, radius, alpha),
                         lambda scale: _token(radius, SIDE_COLOR[player], alpha, scale))


def draw_preview(surface, rect: pygame.Rect) -> None:
    """The launcher tile picture: a small classic board with a few tokens and a run
    (``surface`` a :class:`ludotheque.canvas.Canvas` or a pygame surface, ``rect`` design
    units)."""
    surface = as_canvas(surface)
    surface.fill(theme.BG2, rect)
    board = load_board(DEFAULT_BOARD)
    cell = min(rect.width, rect.height - 8) // 7
    x0 = rect.centerx - cell * 3 - cell // 2
    y0 = rect.centery - cell * 3
    tokens = {"a1": "r", "b1": "r", "c1": "r", "d3": "b", "e3": "b", "c4": "b", "f6": "r"}
    for i in range(SIZE * SIZE):
        r, c = divmod(i, SIZE)
        cr = pygame.Rect(x0 + c * cell, y0 + r * cell, cell - 2, cell - 2)
        surface.rect((238, 228, 204), cr, border_radius=4)
        who = tokens.get(cell_name(i))
        if who:
            surface.circle(SIDE_COLOR[who], cr.center, cell // 2 - 3)
        surface.text(str(board.numbers[i]), cr.center, max(10, cell // 2),
                     (255, 255, 255) if who else (50, 44, 36), anchor="center", bold=True)
    y = y0 + cell // 2 - 1
    surface.line(SIDE_LIGHT["r"], (x0 + cell // 2, y), (x0 + 2 * cell + cell // 2, y), 3)
    draw_die(surface, (x0 + 6 * cell + cell // 2 + 14, y0 + cell), cell, 5, 12)
    draw_die(surface, (x0 + 6 * cell + cell // 2 + 14, y0 + 2 * cell + 10), cell, 2, -8)


class MagicoScene(Scene):
    """One game of Magico (rules K-1 … K-10) for two people or against the computer.

    :param app: the shell's ``App``. :param config: a ``GameConfig``: seat 0 plays Red,
        seat 1 Blue; ``options["board"]`` the board layout id (K-2, default K-3);
        ``seed`` seeds the dice (K-4) and the computer's choices; ``resume`` a dict
        written by :meth:`save_data`.
    :raises ValueError: (``IllegalTurn`` / ``BoardError``) a ``resume`` save that does
        not replay, or an unknown board.
    """

    game_id = "magico"
    opaque = True

    def __init__(self, app, config):
        super().__init__(app)
        self.config = config
        self.players = tuple(config.players)
        if config.resume:
            self._load(config.resume)
        else:
            seed = config.seed if config.seed is not None else app.rng_seed
            self.dice = Dice(seed)                                   # K-4
            board_id = (config.options or {}).get("board", DEFAULT_BOARD)
            self.start_pos = Position.start(board_id, first="r")
            self.turns: list[str] = []
            self.positions = [self.start_pos]
            self.pending: tuple[int, int] | None = None
        self.pos: Position = self.positions[-1]
        self.phase = "roll"
        self.roll_t = 0.0
        self.shown_dice: tuple[int, int] = self.pending or (5, 2)
        self.dice_angle = (0.0, 0.0)
        self.op: str | None = None
        self.value: int | None = None
        self.glow: set[int] = set()
        self.chosen: int | None = None
        self.pass_reason = ""
        self.held: str | None = None         # K-7a: the wrong turn shown before it is committed
        self.wrong_t = 0.0
        self.ai_expr: tuple[str, object] | None = None
        self.note: tuple[str, tuple] | None = None
        self.note_t = 0.0
        self.steps: list[list] = []          # [seconds left, callback]
        self.future = None
        self.gen = 0
        self.clock = 0.0
        self.end_t = 0.0
        self.cursor = 14                     # c3
        self.show_cursor = False
        self.flash: dict[tuple, float] = {}  # run cells -> seconds of highlight left
        self._cosmetic = random.Random()     # tumbling faces only, never the real dice
        self._calm_seen = None               # what a person was last left to look at,
        self._calm_t0 = 0.0                  # since when (s of self.clock): the glow then holds
        self.entry = TextEntry((RIGHT_X + 10, 470, 220, 76), numeric=True, max_len=3,
                               on_submit=self.submit_result)
        self.keypad = Keypad((RIGHT_X + 356, 326), self.entry, key_size=66, gap=8)
        self.roll_btn = Button((RIGHT_X + 260, 214, 300, 70), lambda: _("Roll (Space)"),
                               self.roll, color=theme.GOOD)
        self.pass_btn = Button((RIGHT_X + 10, 500, 260, 64), lambda: _("Pass (Enter)"),
                               self.do_pass, color=theme.ACCENT)
        self.undo_btn = Button((RIGHT_X, 650, 220, 52), lambda: _("Undo (U)"), self.undo)
        self.assist_btn = Button((RIGHT_X + 232, 650, 328, 52), self._assist_label,
                                 self.toggle_assisted, size=theme.SMALL)
        self.again_btn = Button((RIGHT_X + 20, 560, 250, 60), lambda: _("Play again"),
                                self.rematch, color=theme.GOOD)
        self.menu_btn = Button((RIGHT_X + 290, 560, 250, 60), lambda: _("Menu"),
                               self.back_to_menu)
        self.op_buttons: list[Button] = []
        if self.pos.is_over:
            self.phase = "over"
        elif self.pending is not None:
            self._landed(sound=False)

    # ------------------------------------------------------------------ state

    def _load(self, data: dict) -> None:
        """Replay a save: start position (K-N1), every turn (K-N2), the dice state and a
        roll made but not yet played. Any mismatch raises ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError("magico save is not an object")
        self.dice = Dice.from_state(data["dice"])
        self.start_pos = Position.from_text(data["start"])
        turns = data.get("turns", [])
        if not isinstance(turns, list):
            raise ValueError("magico save: 'turns' is not a list of K-N2 turns")
        self.turns = []
        self.positions = [self.start_pos]
        for t in turns:
            self.positions.append(self.positions[-1].play(t))   # IllegalTurn on a bad text
            self.turns.append(t)
        if self.positions[-1].to_text() != data.get("position"):
            raise ValueError("magico save: the turns do not lead to the saved position")
        pending = data.get("pending")
        if pending is None:
            self.pending = None
        else:
            if not isinstance(pending, list) or len(pending) != 2:
                raise ValueError("K-4: magico save: the pending roll is not two dice")
            self.positions[-1].roll_kind(*pending)   # K-4: whole numbers 1–6, else IllegalTurn
            self.pending = (pending[0], pending[1])

    def save_data(self) -> dict | None:
        """The autosave: players, start position (K-N1), every turn (K-N2), the current
        position as a check, the dice generator state and a roll not yet played; None
        once the game is over (K-8: nothing left to resume)."""
        if self.pos.is_over:
            return None
        if self.held is not None:   # K-7a: a wrong result shown on screen is already final
            return {"players": [p.to_dict() for p in self.players],
                    "start": self.start_pos.to_text(), "turns": self.turns + [self.held],
                    "position": self.pos.play(self.held).to_text(),
                    "dice": self.dice.state(), "pending": None}
        return {"players": [p.to_dict() for p in self.players],
                "start": self.start_pos.to_text(), "turns": list(self.turns),
                "position": self.pos.to_text(), "dice": self.dice.state(),
                "pending": list(self.pending) if self.pending else None}

    def seat(self, player: str):
        """The ``PlayerSpec`` of side ``player`` (seat 0 is Red)."""
        return self.players[0 if player == "r" else 1]

    def name(self, player: str) -> str:
        return self.seat(player).name or side_name(player)

    def is_ai(self, player: str) -> bool:
        return self.seat(player).kind == "ai"

    @property
    def two_humans(self) -> bool:
        return not any(p.kind == "ai" for p in self.players)

    @property
    def assisted(self) -> bool:
        return bool(getattr(self.app.settings, "assisted_calc", False))

    def _assist_label(self) -> str:
        return (_("Assisted calculation (A): on") if self.assisted
                else _("Assisted calculation (A): off"))

    # ------------------------------------------------------------------ the shell's questions

    def _calm_key(self) -> tuple:
        """What the board shows a person waiting for them (a new phase, turn or glow)."""
        return self.phase, len(self.turns), frozenset(self.glow)

    @property
    def animating(self) -> bool:
        """True while something moves or runs on its own (the shell draws every frame):
        the dice tumbling, the computer's turn (its staged steps, thinking), the
        correction of a wrong result (K-7a) counting down, or the glow of playable cells
        during its first few seconds. A board waiting for a person is otherwise still."""
        if self.phase == "over":
            return False
        if self.phase in ("rolling", "ai", "wrong") or self.steps or self.future is not None:
            return True
        if self.phase == "roll" and self.is_ai(self.pos.to_move):
            return True
        if self._calm_key() != self._calm_seen:
            return True
        return bool(self.glow) and attending(self.clock - self._calm_t0, 6)

    @property
    def stepping(self) -> bool:
        """True while a timer runs on a still picture (a note that goes away, a new run's
        highlight): the shell runs the fixed steps without drawing; the scene asks for
        the frame that changes (``app.redraw``)."""
        return bool(self.flash) or (self.note is not None and self.phase not in ("place", "over"))

    def redraw_in(self) -> float | None:
        return self.entry.redraw_in() if self.phase == "type" else None   # the cursor's blink

    # ------------------------------------------------------------------ lifecycle

    def enter(self) -> None:
        for problem in board_problems():          # K-2: a skipped layout, said once
            if problem not in _TOLD:
                _TOLD.add(problem)
                self.app.toast(_("A board layout file could not be used and was skipped: "
                                 "{why}").format(why=problem), 6)
        self._maybe_ai()

    def exit(self) -> None:
        self.gen += 1
        self.future = None
        self.steps.clear()

    def on_resume(self) -> None:
        self.assist_btn.hover = False

    # ------------------------------------------------------------------ a turn

    def roll(self) -> bool:
        """Roll both dice (K-4): only in the ``roll`` phase. :returns: True if rolled."""
        if self.phase != "roll" or self.pos.is_over:
            return False
        self.pending = self.dice.roll()
        self.phase = "rolling"
        self.roll_t = ROLL_SECONDS
        self.note = None
        self.app.audio.play("dice")
        return True

    def _landed(self, sound: bool = True) -> None:
        """The dice show :attr:`pending`: decide what the roll allows (K-5, K-6, K-7)."""
        a, b = self.pending
        self.shown_dice = (a, b)
        self.dice_angle = (self._cosmetic.uniform(-8, 8), self._cosmetic.uniform(-8, 8))
        if sound:
            self.app.audio.play("clack")
        self.app.autosave(self)
        self.op = self.value = self.chosen = None
        self.glow = set()
        if self.is_ai(self.pos.to_move):
            self._start_ai()
            return
        kind = self.pos.roll_kind(a, b)
        opp = other(self.pos.to_move)
        if kind == "take":                                              # K-5
            cells = self.pos.legal_cells(a, b)
            if cells:
                self.phase = "take"
                self.glow = {parse_cell(c) for c in cells}
            else:
                self._to_pass(_("Double 1, but {name} has no token on the board to take.")
                              .format(name=self.name(opp)))
        elif kind == "any":                                             # K-6
            self.phase = "place"
            self.glow = {parse_cell(c) for c in self.pos.legal_cells(a, b)}
        else:                                                           # K-7
            playable = self.pos.playable_ops(a, b)
            if not playable:                                            # K-7b
                shown = ", ".join(f"{show_op(op)} = {v}" for op, v in results(a, b).items())
                self._to_pass(_("No operation gives a number on an empty cell ({results}). "
                                "The turn passes.").format(results=shown or "—"))
            else:
                self.phase = "choose"
                self._build_op_buttons()

    def _to_pass(self, why: str) -> None:
        self.phase = "pass"
        self.pass_reason = why

    def _build_op_buttons(self) -> None:
        a, b = self.pending
        hi, lo = max(a, b), min(a, b)
        playable = self.pos.playable_ops(a, b)
        self.op_buttons = []
        if self.assisted:
            for k, (op, v) in enumerate(playable.items()):
                r = pygame.Rect(RIGHT_X + 10 + (k % 2) * 280, 380 + (k // 2) * 84, 264, 72)
                self.op_buttons.append(Button(r, f"{show_op(op)} = {v}",
                                              lambda op=op: self.choose_assisted(op),
                                              color=theme.PANEL_HI, size=theme.LARGE))
            return
        for k, sign in enumerate("+-*/"):
            op = f"{hi}{sign}{lo}"
            r = pygame.Rect(RIGHT_X + 10 + k * 140, 390, 128, 84)
            self.op_buttons.append(Button(r, show_op(op), lambda op=op: self.choose_op(op),
                                          enabled=op in playable, size=theme.LARGE))

    def choose_op(self, op: str) -> bool:
        """Pick operation ``op`` (K-N2 text, e.g. ``"5*2"``) and ask for its result (K-7).
        Only an operation whose result is a whole number 0–10 shown on an empty cell."""
        if self.phase != "choose" or op not in self.pos.playable_ops(*self.pending):
            return False
        self.op = op
        self.phase = "type"
        self.entry.text = ""
        self.entry.focused = True
        self.app.audio.play("click")
        return True

    def choose_assisted(self, op: str) -> bool:
        """*Calcul assisté*: pick a result shown as a button; no typing (K-7a)."""
        if self.phase != "choose" or op not in self.pos.playable_ops(*self.pending):
            return False
        self.op = op
        self.value = results(*self.pending)[op]
        self._to_place_value()
        return True

    def submit_result(self, text: str) -> bool:
        """Confirm the typed result of :attr:`op`: right → the matching empty cells glow;
        wrong → a kind message, no token, next player (K-7a)."""
        text = text.strip()
        if self.phase != "type" or not (text.isascii() and text.isdigit()):
            return False                      # nothing typed yet (or not 0–9 digits)
        typed = int(text)
        a, b = self.pending
        right = results(a, b)[self.op]
        if typed == right:
            self.value = typed
            self.app.audio.play("score", 0.5)
            self._to_place_value()
        else:
            self.app.audio.play("error")
            self.held = f"{a},{b} {self.op}={typed} wrong"
            self.value = typed
            self.phase = "wrong"
            self.wrong_t = WRONG_SECONDS
            self.note = None
            self.entry.focused = False
            self.app.autosave(self)           # the wrong turn is final (K-7a)
        return True

    def acknowledge_wrong(self) -> bool:
        """K-7a: the player has read the correction (or :data:`WRONG_SECONDS` passed):
        commit the wrong turn (no token) and go on to the next player."""
        if self.phase != "wrong" or self.held is None:
            return False
        turn, self.held = self.held, None
        return self.commit(turn)

    def _to_place_value(self) -> None:
        self.phase = "place"
        self.glow = {parse_cell(c) for c in self.pos.cells_showing(self.value)}
        self._say(_("Right! {expr} = {value}. Click a glowing cell.").format(
            expr=show_op(self.op), value=self.value), theme.GOOD)

    def click_cell(self, i: int) -> bool:
        """Act on cell ``i`` in the ``place`` (K-6/K-7) or ``take`` (K-5) phase."""
        if i not in self.glow or self.pending is None:
            return False
        a, b = self.pending
        name = cell_name(i)
        if self.phase == "take":
            return self.commit(f"{a},{b} take {name}")
        if self.phase != "place":
            return False
        if self.op is None:
            return self.commit(f"{a},{b} any {name}")
        return self.commit(f"{a},{b} {self.op}={self.value} {name}")

    def do_pass(self) -> bool:
        """Confirm the pass the rules impose (K-7b, or K-5 with nothing to take)."""
        if self.phase != "pass":
            return False
        a, b = self.pending
        return self.commit(f"{a},{b} pass")

    def commit(self, turn: str) -> bool:
        """Play ``turn`` (K-N2) through the rules, record it, autosave, next player."""
        try:
            new = self.pos.play(turn)
        except IllegalTurn as exc:  # the scene only offers legal input; say it if not
            self.app.toast(str(exc))
            return False
        mover = self.pos.to_move
        before = {r.cells for r in self.pos.runs(mover)}
        t = Turn.parse(turn)
        self.turns.append(turn)
        self.positions.append(new)
        self.pos = new
        self.pending = None
        self.glow = set()
        self.op = self.value = self.chosen = None
        self.ai_expr = None
        self.phase = "roll"
        if t.kind in ("place", "any"):
            self.app.audio.play("drop")
        elif t.kind == "take":
            self.app.audio.play("knock")
        fresh = [r for r in new.runs(mover) if r.cells not in before]
        for r in fresh:
            self.flash[r.cells] = 1.6
        # what the computer did stays said after its dice are cleared, with its points
        summary = self.turn_summary(mover, t) if self.is_ai(mover) else ""
        if fresh:
            self.app.audio.play("score")
            pts = sum(r.points for r in fresh)
            scored = (f"{summary} " + _("{points} points!").format(points=pts) if summary else
                      _("{name} scores {points} points!").format(name=self.name(mover), points=pts))
            self._say(scored, SIDE_LIGHT[mover], NOTE_SECONDS * 1.5 if summary else NOTE_SECONDS)
        elif summary:
            self._say(summary, SIDE_LIGHT[mover], NOTE_SECONDS * 1.5)
        if new.is_over:                                                  # K-8
            self.phase = "over"
            self.end_t = 0.0
            self.app.audio.play("win")
            self.app.saves.delete(self.game_id)
        else:
            self.app.autosave(self)
            self._maybe_ai()
        return True

    def turn_summary(self, mover: str, t: Turn) -> str:
        """One sentence telling what ``mover`` did in turn ``t`` (K-5, K-6, K-7), for a
        turn the other player did not watch being built; "" for a wrong result or a pass
        (those are said while they happen)."""
        name, (a, b) = self.name(mover), t.dice
        if t.kind == "place":
            return _("{name} rolled {a} and {b}: {calc}, token on {cell}.").format(
                name=name, a=a, b=b, calc=unbroken(f"{show_op(t.op)} = {t.value}"), cell=t.cell)
        if t.kind == "any":
            return _("{name} rolled {a} and {b}: a single 1 places anywhere, token on {cell} (K-6).").format(
                name=name, a=a, b=b, cell=t.cell)
        if t.kind == "take":
            return _("{name} rolled a double 1 and took the token on {cell} (K-5).").format(
                name=name, cell=t.cell)
        return ""

    def undo(self) -> bool:
        """Take back the last turn (two-player games only, before rolling; never on the
        end screen); the dice of that turn stay as rolled, so the player replays them
        (the generator is not rewound)."""
        if not self.two_humans or not self.turns or self.phase != "roll":
            return False
        last = Turn.parse(self.turns.pop())
        self.positions.pop()
        self.pos = self.positions[-1]
        self.pending = last.dice
        self.note = None
        self.steps.clear()
        self.app.audio.play("click")
        self._landed(sound=False)
        self._say(_("Turn undone: the dice stay {a} and {b}.").format(a=last.dice[0],
                                                                       b=last.dice[1]),
                  theme.MUTED)
        return True

    def toggle_assisted(self) -> None:
        """Switch *calcul assisté* on or off (remembered in the settings)."""
        s = self.app.settings
        s.assisted_calc = not bool(getattr(s, "assisted_calc", False))
        try:
            s.save()
        except Exception:  # settings not writable: keep the choice for this session
            pass
        if self.phase in ("choose", "type"):
            self.phase = "choose"
            self.op = None
            self._build_op_buttons()

    def rematch(self) -> None:
        """A new game with the same players and board; the next dice seed (so a seeded
        session stays repeatable)."""
        from ludotheque.game import GameConfig

        cfg = GameConfig(players=self.players, seed=self.dice.seed + 1,
                         options={"board": self.start_pos.board.id})
        self.app.replace(MagicoScene(self.app, cfg))

    def back_to_menu(self) -> None:
        self.app.to_menu()

    def _say(self, text: str, color=theme.TEXT, seconds: float = NOTE_SECONDS) -> None:
        self.note = (text, tuple(color))
        self.note_t = seconds

    # ------------------------------------------------------------------ computer

    def _maybe_ai(self) -> None:
        if self.phase == "roll" and not self.pos.is_over and self.is_ai(self.pos.to_move):
            pace = 0.6 if all(p.kind == "ai" for p in self.players) else 1.0
            self.steps = [[AI_PAUSE * pace, self.roll]]

    def _start_ai(self) -> None:
        self.phase = "ai"
        self.gen += 1
        gen = self.gen
        level = self.seat(self.pos.to_move).level
        rng = random.Random(self.dice.seed * 1009 + len(self.turns))
        self.future = (gen, self.app.run_worker(ai.choose_turn, self.pos, self.pending,
                                                level, rng))

    def _show_ai_turn(self, turn: str) -> None:
        """Queue the computer's turn step by step: expression, result, cell."""
        t = Turn.parse(turn)
        pace = 0.6 if all(p.kind == "ai" for p in self.players) else 1.0
        step = AI_STEP * pace
        steps: list[list] = []
        if t.kind in ("place", "wrong"):
            self.op = t.op
            self.ai_expr = (show_op(t.op), None)
            steps.append([step, lambda: setattr(self, "ai_expr", (show_op(t.op), t.value))])
            if t.kind == "wrong":
                right = results(*t.dice)[t.op]
                steps.append([step, lambda: self._say(
                    _("{name} wrote {calc}, but it is {right}. No token (K-7a).").format(
                        name=self.name(self.pos.to_move), calc=unbroken(f"{show_op(t.op)} = {t.value}"),
                        right=right),
                    theme.ACCENT)])
                steps.append([step * 3.0, lambda: self.commit(turn)])   # time to read it
            else:
                steps.append([step, lambda: self._ai_glow(t)])
                steps.append([step * 0.8, lambda: setattr(self, "chosen", parse_cell(t.cell))])
                steps.append([step * 0.6, lambda: self.commit(turn)])
        elif t.kind in ("any", "take"):
            self._ai_glow(t)
            steps.append([step, lambda: setattr(self, "chosen", parse_cell(t.cell))])
            steps.append([step * 0.6, lambda: self.commit(turn)])
        else:
            why = (_("Double 1, but there is no token to take.") if t.dice == (1, 1)
                   else _("No operation gives a number on an empty cell. The turn passes."))
            self._say(why, theme.MUTED)
            steps.append([step * 1.2, lambda: self.commit(turn)])
        self.steps = steps

    def _ai_glow(self, t: Turn) -> None:
        a, b = t.dice
        if t.kind == "place":
            self.glow = {parse_cell(c) for c in self.pos.cells_showing(t.value)}
        else:
            self.glow = {parse_cell(c) for c in self.pos.legal_cells(a, b)}

    # ------------------------------------------------------------------ input

    def handle(self, event) -> bool:
        if self.phase == "over":
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.rematch()
                return True
            for b in (self.again_btn, self.menu_btn):
                if b.handle(event):
                    return True
            return False
        if self.phase == "wrong":                                       # K-7a
            if is_click(event) or (event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                # read for WRONG_MIN s first (a key repeat of the Enter that answered)
                return WRONG_SECONDS - self.wrong_t >= WRONG_MIN and self.acknowledge_wrong()
            return False
        if event.type == pygame.MOUSEMOTION:
            for b in self._buttons():
                b.handle(event)
            return False
        if is_click(event):
            for b in self._buttons():
                if b.handle(event):
                    return True
            if self.phase == "type" and self.keypad.handle(event):
                return True
            if self.phase == "roll" and self._dice_rect().collidepoint(event.pos):
                return self.roll()
            i = cell_at(event.pos)
            if i is not None:
                self.show_cursor = False
                return self.click_cell(i)
            return False
        if event.type == pygame.TEXTINPUT:
            if self.phase == "type":
                return self.entry.handle(event)
            if self.phase == "choose" and not self.assisted and event.text in KEY_OPS:
                a, b = self.pending
                return self.choose_op(f"{max(a, b)}{KEY_OPS[event.text]}{min(a, b)}")
            if self.phase == "choose" and self.assisted and event.text.isdigit():
                k = int(event.text) - 1
                ops = list(self.pos.playable_ops(*self.pending))
                if 0 <= k < len(ops):
                    return self.choose_assisted(ops[k])
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _buttons(self) -> list[Button]:
        out = [self.assist_btn]
        if self.two_humans:
            out.append(self.undo_btn)
        if self.phase == "roll" and not self.is_ai(self.pos.to_move):
            out.append(self.roll_btn)
        if self.phase == "choose":
            out += self.op_buttons
        if self.phase == "pass":
            out.append(self.pass_btn)
        return out

    def _key(self, event) -> bool:
        k = event.key
        if self.phase == "type":
            if k == pygame.K_ESCAPE:            # back to the choice of operation
                self.phase = "choose"
                self.op = None
                return True
            self.entry.focused = True
            return self.entry.handle(event)
        if k == pygame.K_u and self.undo_btn in self._buttons():
            return self.undo()
        if k == pygame.K_a and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_assisted()
            return True
        if self.phase == "roll" and k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.roll() or self.is_ai(self.pos.to_move)
        if self.phase == "pass" and k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.do_pass()
        if self.phase in ("place", "take"):
            moves = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0),
                     pygame.K_DOWN: (1, 0)}
            if k in moves:
                if not self.show_cursor and self.glow:
                    self.cursor = min(self.glow)
                else:
                    dr, dc = moves[k]
                    r, c = divmod(self.cursor, SIZE)
                    self.cursor = ((r + dr) % SIZE) * SIZE + (c + dc) % SIZE
                self.show_cursor = True
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if not self.show_cursor and self.glow:
                    self.cursor = min(self.glow)
                    self.show_cursor = True
                    return True
                return self.click_cell(self.cursor)
        return False

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.clock += dt
        calm = self._calm_key()
        if calm != self._calm_seen:
            self._calm_seen, self._calm_t0 = calm, self.clock
        for key in list(self.flash):
            self.flash[key] -= dt
            if self.flash[key] <= 0:
                del self.flash[key]
                self.app.redraw()                 # the run's line is drawn thin again
        if self.note is not None and self.phase not in ("place",):
            self.note_t -= dt
            if self.note_t <= 0:
                self.note = None
                self.app.redraw()                 # the note goes
        if self.phase == "rolling":
            self.roll_t -= dt
            if int(self.roll_t / 0.07) != int((self.roll_t + dt) / 0.07):
                self.shown_dice = (self._cosmetic.randint(1, 6), self._cosmetic.randint(1, 6))
                self.dice_angle = (self._cosmetic.uniform(-40, 40), self._cosmetic.uniform(-40, 40))
            if self.roll_t <= 0:
                self._landed()
            return
        if self.phase == "over":
            self.end_t += dt
            return
        if self.phase == "wrong":
            self.wrong_t -= dt
            if self.wrong_t <= 0:
                self.acknowledge_wrong()
            return
        if self.future is not None:
            gen, fut = self.future
            if gen != self.gen:
                self.future = None
            elif fut.done():
                self.future = None
                try:
                    turn = fut.result()
                except Exception:  # never leave the game stuck on a failed decision
                    log.exception("magico AI failed; playing the first legal turn")
                    turn = self.pos.legal_turns(*self.pending)[0]
                self._show_ai_turn(turn)
        if self.steps:
            self.steps[0][0] -= dt
            if self.steps[0][0] <= 0:
                _, fn = self.steps.pop(0)
                fn()

    def wait_idle(self, timeout: float = 10.0) -> None:
        """Block until the computer's decision (if any) is ready (tests, headless use)."""
        if self.future is not None:
            self.future[1].result(timeout=timeout)

    # ------------------------------------------------------------------ drawing

    def _dice_rect(self) -> pygame.Rect:
        return pygame.Rect(RIGHT_X, 200, 240, 110)

    def draw(self, surface) -> None:
        surface = as_canvas(surface)
        self._draw_still(surface)
        self._draw_glow(surface)
        self._draw_dice(surface)
        if self.phase == "over":
            self._draw_end(surface)
        else:
            self._draw_action(surface)
            self.assist_btn.draw(surface)
            if self.two_humans:
                self.undo_btn.enabled = bool(self.turns) and self.phase == "roll"
                self.undo_btn.draw(surface)
        if self.note is not None and self.phase not in ("over", "type"):
            text, color = self.note
            box = pygame.Rect(RIGHT_X, 552, 560, 88)
            surface.panel(box, (22, 25, 32), radius=12, border=color)
            size, lines = note_lines(text, box.width - 28)
            step = theme.font(size).get_linesize() + 2
            top = box.centery - step * len(lines) // 2
            for k, line in enumerate(lines):
                surface.text(line, (box.x + 14, top + step * k), size, color)

    def _draw_still(self, surface) -> None:
        """The board without its glow, and the players' cards."""
        surface.fill_around(theme.BG, BOARD_AREA)        # the board's layer covers the rest
        self._draw_board(surface, glow=False)
        self._draw_cards(surface)

    def _draw_glow(self, surface) -> None:
        """What changes on the board from frame to frame: the glowing cells, the chosen
        cell and the keyboard cursor."""
        self._draw_board(surface, whole=False)

    def _draw_board(self, surface, glow: bool = True, whole: bool = True) -> None:
        """The board: cached base (frame, cells, tokens) and top (runs, numbers) layers,
        with the pulsing glow of playable cells between them, so that every number
        stays readable (K-3) and a frame costs a few blits: the two layers composed once,
        and only the glowing cells composed again each frame."""
        key = (self.pos.board.id, self.pos.red, self.pos.blue, tuple(sorted(self.flash)))
        base = surface.cached(("magico.base",) + key, BOARD_AREA.size, self._draw_base)
        top = surface.cached(("magico.top",) + key, BOARD_AREA.size, self._draw_top, alpha=True)

        def composed(layer):
            layer.blit(base, (0, 0))
            layer.blit(top, (0, 0))
        glowing = frozenset(self.glow)
        # empty cells glowing (K-6, K-7 results): only their numbers lie on them in the top
        # layer, so at a large scale the board is kept ready with those cells bare, and each
        # frame draws on them only the glow and the number (fewer pixels than composing)
        ready = bool(glowing) and not surface.identity and all(self.pos.cell(i) == "." for i in glowing)
        if not whole:
            pass                                 # the layer is under it already (the backdrop)
        elif ready:
            def bare(layer):
                composed(layer)
                for i in glowing:
                    inside = cell_rect(i).inflate(-4, -4).move(-BOARD_AREA.x, -BOARD_AREA.y)
                    layer.blit(base, inside.topleft, area=inside)
            surface.blit(surface.cached(("magico.bare", glowing) + key, BOARD_AREA.size, bare), BOARD_AREA.topleft)
        else:
            surface.blit(surface.cached(("magico.board",) + key, BOARD_AREA.size, composed), BOARD_AREA.topleft)
        if not glow:
            return
        if self.glow:
            # playable cells breathe while a person has to choose, then hold (the computer's pulse on)
            moving = self.phase == "ai" or self.is_ai(self.pos.to_move)
            pulse = 0.5 + 0.5 * (math.sin(self.clock * 6) if moving else attention(self.clock - self._calm_t0, 6))
            alpha = int(90 + 80 * pulse)
            if ready:
                # an empty cell glowing at one of GLOW_LEVELS strengths, with its number: the
                # same picture for every empty cell with that number, kept as a small layer
                step = round((alpha - 90) * (GLOW_LEVELS - 1) / 80)
                alpha = 90 + round(step * 80 / (GLOW_LEVELS - 1))
                numbers = self.pos.board.numbers
                first = min(glowing)
                bare_inside = cell_rect(first).inflate(-4, -4).move(-BOARD_AREA.x, -BOARD_AREA.y)
                for i in self.glow:
                    r = cell_rect(i).inflate(-4, -4)
                    n = numbers[i]

                    def lit_cell(layer, n=n):
                        layer.blit(base, (0, 0), area=bare_inside)      # an empty cell's ground
                        layer.fill((*theme.ACCENT, alpha))
                        layer.rect(theme.ACCENT, layer.bounds, 4, border_radius=10)
                        layer.text(str(n), (r.width / 2, r.height / 2), 40, (52, 44, 34), anchor="center",
                                   bold=True)
                    surface.blit(surface.cached(("magico.glowcell", n, alpha), r.size, lit_cell), r.topleft)
            else:
                for i in self.glow:              # in each glowing cell: base, glow, then top
                    r = cell_rect(i).inflate(-4, -4)
                    inside = r.move(-BOARD_AREA.x, -BOARD_AREA.y)
                    surface.blit(base, r.topleft, area=inside)
                    surface.fill((*theme.ACCENT, alpha), r)
                    surface.rect(theme.ACCENT, r, 4, border_radius=10)
                    surface.blit(top, r.topleft, area=inside)
        if self.chosen is not None:
            surface.rect((255, 255, 255), cell_rect(self.chosen).inflate(-2, -2), 5,
                         border_radius=12)
        if self.show_cursor and self.phase in ("place", "take"):
            surface.rect((255, 255, 255), cell_rect(self.cursor).inflate(-8, -8), 3,
                         border_radius=8)

    @staticmethod
    def _empty_board(base) -> None:
        """The board without tokens (frame, labels, cells) on the layer ``base`` (design
        units from the top-left of :data:`BOARD_AREA`), drawn once per scale."""
        ox, oy = -BOARD_AREA.x, -BOARD_AREA.y
        base.fill(theme.BG)
        base.panel(BOARD_RECT.inflate(24, 24).move(ox, oy), theme.WOOD_DARK, radius=16)
        for k in range(SIZE):
            base.text("abcdef"[k], (BOARD_X + k * CELL + CELL // 2 + ox, BOARD_Y - 16 + oy),
                      theme.SMALL, theme.MUTED, anchor="midbottom")
            base.text(str(k + 1), (BOARD_X - 18 + ox, BOARD_Y + k * CELL + CELL // 2 + oy),
                      theme.SMALL, theme.MUTED, anchor="midright")
        for i in range(SIZE * SIZE):
            base.rect((240, 230, 206), cell_rect(i).inflate(-4, -4).move(ox, oy),
                      border_radius=10)

    def _draw_base(self, base) -> None:
        """The board's lower layer: the empty board and the tokens (K-3)."""
        ox, oy = -BOARD_AREA.x, -BOARD_AREA.y
        base.blit(base.cached("magico.empty", BOARD_AREA.size, self._empty_board), (0, 0))
        for i in range(SIZE * SIZE):
            who = self.pos.cell(i)
            if who != ".":
                base.blit(token_sprite(base, who.lower(), CELL // 2 - 8), cell_rect(i).move(ox, oy).center,
                          anchor="center")

    def _draw_top(self, top) -> None:
        """The board's upper layer (transparent): the runs (K-10) and every number,
        above the glow of playable cells."""
        board = self.pos.board
        ox, oy = -BOARD_AREA.x, -BOARD_AREA.y
        self._draw_runs(top, (ox, oy))
        for i in range(SIZE * SIZE):
            who = self.pos.cell(i)
            c = cell_rect(i).move(ox, oy).center
            n = str(board.numbers[i])
            if who == ".":
                top.text(n, c, 40, (52, 44, 34), anchor="center", bold=True)
            else:
                top.text(n, c, 40, (255, 255, 255), anchor="center", bold=True,
                         shadow=True)

    def _run_segments(self, player: str):
        for run in self.pos.runs(player):
            idx = [parse_cell(c) for c in run.cells]
            p0, p2 = cell_rect(idx[0]).center, cell_rect(idx[2]).center
            yield run, p0, p2, idx

    def _draw_runs(self, surface, offset=(0, 0)) -> None:
        """K-10: each scoring run is a line across its cells with its points beside it
        (drawn on the canvas ``surface`` whose origin is at ``-offset`` in design units)."""
        ox, oy = offset
        badges = []
        for player in ("r", "b"):
            for run, p0, p2, idx in self._run_segments(player):
                p0 = (p0[0] + ox, p0[1] + oy)
                p2 = (p2[0] + ox, p2[1] + oy)
                width = 14 if run.cells in self.flash else 9
                color = (*SIDE_LIGHT[player], 200)
                surface.line(color, p0, p2, width)
                for q in (p0, p2):
                    surface.circle(color, q, width // 2 + 1)
                c1, c2 = cell_rect(idx[1]).center, cell_rect(idx[2]).center
                badges.append((player, run.points, ((c1[0] + c2[0]) / 2 + ox,
                                                    (c1[1] + c2[1]) / 2 + oy)))
        for player, pts, (bx, by) in badges:
            surface.circle(SIDE_COLOR[player], (bx, by), 17)
            surface.circle((255, 255, 255), (bx, by), 17, 2)
            surface.text(str(pts), (bx, by), 16, (255, 255, 255), anchor="center", bold=True)

    def _draw_cards(self, surface) -> None:
        scores = self.pos.scores()
        banner, size = _shrink(self._banner(), 26, theme.W - RIGHT_X - 20, True)
        surface.text(banner, (RIGHT_X, 32), size, SIDE_LIGHT[self.pos.to_move]
                     if self.phase != "over" else theme.ACCENT, anchor="midleft", bold=True)
        for k, p in enumerate(("r", "b")):
            box = pygame.Rect(RIGHT_X + k * 285, 60, 275, 124)
            active = self.pos.to_move == p and self.phase != "over"
            surface.panel(box, theme.PANEL, radius=14,
                          border=SIDE_COLOR[p] if active else theme.LINE)
            if active:
                surface.rect(SIDE_COLOR[p], box, 4, border_radius=14)
            surface.circle(SIDE_COLOR[p], (box.x + 24, box.y + 26), 12)
            names, size = _name_lines(self.name(p), box.width - 54, active)
            for j, line in enumerate(names):
                cy = box.y + 26 + (j - (len(names) - 1) / 2) * (size + 3)
                surface.text(line, (box.x + 44, cy), size, anchor="midleft",
                             bold=active)
            surface.text(str(scores[p]), (box.right - 14, box.y + 70), 44, theme.TEXT,
                         anchor="midright", bold=True)
            surface.text(_("points"), (box.right - 14, box.y + 104), theme.SMALL,
                         theme.MUTED, anchor="midright")
            hand = self.pos.hand(p)
            for t in range(hand):
                x = box.x + 22 + (t % 8) * 19
                y = box.y + 60 + (t // 8) * 21
                surface.blit(token_sprite(surface, p, 8, 255), (x, y), anchor="center")
            surface.text(_("{n} in hand").format(n=hand), (box.x + 14, box.y + 104),
                         theme.SMALL, theme.MUTED, anchor="midleft")

    def _banner(self) -> str:
        if self.phase == "over":
            w = self.pos.winner
            if w == "draw":
                return _("Game over — a draw!")
            return _("Game over — {name} wins!").format(name=self.name(w))
        me = self.pos.to_move
        if self.name(me) == side_name(me):
            return _("{side} to play").format(side=side_name(me))
        return _("{side} to play — {name}").format(name=self.name(me), side=side_name(me))

    def _draw_dice(self, surface) -> None:
        r = self._dice_rect()
        lit = self.phase == "roll" and not self.is_ai(self.pos.to_move)
        # K-4: before this turn's roll the dice are blank, not the previous player's faces
        a, b = (0, 0) if self.phase == "roll" else self.shown_dice
        draw_die(surface, (r.x + 56, r.centery), 92, a, self.dice_angle[0], highlight=lit)
        draw_die(surface, (r.x + 170, r.centery), 92, b, self.dice_angle[1], highlight=lit)
        if self.phase == "roll" and not self.is_ai(self.pos.to_move):
            self.roll_btn.draw(surface)

    def _draw_action(self, surface) -> None:
        x, y = RIGHT_X + 10, 330
        me = self.pos.to_move
        ph = self.phase

        def say(text, dy=0, size=theme.BODY, color=theme.TEXT, bold=False, width=550):
            """Wrapped text (two lines at most) in the action area; :returns: its height."""
            lines = theme.wrap(text, size, width, bold)[:2]
            step = theme.font(size, bold).get_linesize()
            for k, line in enumerate(lines):
                surface.text(line, (x, y + dy + k * step), size, color, bold=bold)
            return step * len(lines)

        if ph == "roll":
            if self.is_ai(me):
                say(_("{name} is rolling…").format(name=self.name(me)), size=theme.LARGE)
            else:
                say(_("Roll the dice: click them or press Space."))
        elif ph == "rolling":
            say(_("The dice are rolling…"), size=theme.LARGE)
        elif ph == "choose":
            a, b = self.pending
            if self.assisted:
                say(_("Choose a result (assisted calculation):"))
            else:
                say(_("Choose an operation on {a} and {b} (keys 1–4):").format(a=a, b=b))
                say(_("Greyed out: not a whole number from 0 to 10 on an empty cell."), 150,
                    theme.SMALL, theme.MUTED)
            for btn in self.op_buttons:
                btn.draw(surface)
        elif ph == "type":
            say(_("Type the result:"), width=330)
            surface.text(f"{show_op(self.op)} = ?", (x, y + 50), 60, theme.ACCENT, bold=True)
            self.entry.draw(surface)
            self.keypad.draw(surface)
            say(_("Enter or OK: confirm"), 226, theme.SMALL, theme.MUTED, width=330)
            say(_("Esc: another operation"), 250, theme.SMALL, theme.MUTED, width=330)
        elif ph == "place":
            if self.op is None:
                say(_("One die shows 1: place a token on any empty cell."))
            else:
                say(_("Click a glowing cell."))
                surface.text(f"{show_op(self.op)} = {self.value}", (x, y + 40), 60,
                             theme.GOOD, bold=True)
            say(_("Keyboard: arrows, then Enter."), 130, theme.SMALL, theme.MUTED)
        elif ph == "take":
            h = say(_("Double 1! Take one of {name}'s tokens:").format(name=self.name(other(me))),
                    bold=True)
            say(_("click a glowing token; it goes back to its owner."), h + 6)
        elif ph == "pass":
            surface.paragraph(self.pass_reason, pygame.Rect(x, y, 540, 150), theme.BODY)
            self.pass_btn.draw(surface)
        elif ph == "wrong":                                              # K-7a
            a, b = self.pending
            right = results(a, b)[self.op]
            say(_("Not quite: {expr} = {right}, not {typed}. No token this time — "
                  "keep going!").format(expr=show_op(self.op), right=right, typed=self.value),
                color=theme.ACCENT)
            surface.text(f"{show_op(self.op)} = {right}", (x, y + 80), 72, theme.GOOD,
                         bold=True)
            say(_("Click, Enter or Space to continue."), 190, theme.SMALL, theme.MUTED)
        elif ph == "ai":
            if self.ai_expr is not None:
                expr, value = self.ai_expr
                shown = "?" if value is None else str(value)
                say(_("{name} calculates:").format(name=self.name(me)))
                surface.text(f"{expr} = {shown}", (x, y + 40), 60, theme.ACCENT, bold=True)
            else:
                say(_("{name} is thinking…").format(name=self.name(me)), size=theme.LARGE)

    def _end_rows(self):
        """The end screen's runs, in counting order: (player, run)."""
        return [(p, r) for p in ("r", "b") for r in self.pos.runs(p)]

    def end_breakdown(self) -> tuple[dict[str, int], dict[str, list[str]]]:
        """K-9/K-10: what the end screen lists, all at once: each side's total (``"r"``,
        ``"b"`` → points, the same as the cards) and its runs as text lines
        (``"a1–b1–c1  (8 + 7 + 0)  10"``)."""
        totals = {"r": 0, "b": 0}
        lines: dict[str, list[str]] = {"r": [], "b": []}
        for p, run in self._end_rows():
            totals[p] += run.points
            nums = " + ".join(str(n) for n in run.numbers)
            lines[p].append(f"{'–'.join(run.cells)}  ({nums})  {run.points}")
        return totals, lines

    def _draw_end(self, surface) -> None:
        """K-10 end screen: each player's runs and total (the same totals as the cards),
        then the winner."""
        box = pygame.Rect(RIGHT_X - 10, 196, 580, 440)
        surface.panel(box, (24, 27, 35), radius=18, border=theme.ACCENT)
        rows = self._end_rows()
        shown = len(rows)
        totals, lines = self.end_breakdown()
        for k, p in enumerate(("r", "b")):
            cx = box.x + 20 + k * 285
            name, size = _shrink(self.name(p), theme.BODY, 260, True)
            surface.text(name, (cx, box.y + 14), size, SIDE_LIGHT[p], bold=True)
            surface.text(_("{n} points").format(n=totals[p]), (cx, box.y + 46), theme.LARGE,
                         theme.TEXT, bold=True)
            for j, line in enumerate(lines[p][-7:]):
                surface.text(line, (cx, box.y + 96 + j * 27), theme.SMALL, theme.TEXT)
            if not [1 for q, _r in rows if q == p] and shown >= len(rows):
                surface.text(_("no run"), (cx, box.y + 96), theme.SMALL, theme.MUTED)
        if shown >= len(rows):
            w = self.pos.winner
            text = (_("A draw!") if w == "draw"
                    else _("{name} wins!").format(name=self.name(w)))
            text, size = _shrink(text, theme.LARGE, box.width - 40, True)
            surface.text(text, (box.centerx, box.y + 318), size, theme.ACCENT,
                         anchor="center", bold=True)
        self.again_btn.draw(surface)
        self.menu_btn.draw(surface)


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` px at ``size``."""
    f = theme.font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def _shrink(text: str, size: int, width: int, bold: bool = False,
            smallest: int = 16) -> tuple[str, int]:
    """``(text, font size px)`` that fits ``width`` px: the size goes down from ``size`` to
    ``smallest`` first, and only then is the text cut with an ellipsis (a long name such
    as "Ordinateur (Intermédiaire)" stays whole)."""
    for s in range(size, smallest - 1, -1):
        if theme.font(s, bold).size(text)[0] <= width:
            return text, s
    return _fit(text, smallest, width, bold), smallest


def _name_lines(name: str, width: int, bold: bool = False) -> tuple[tuple[str, ...], int]:
    """A player's name for a card: one line at :data:`theme.BODY` shrunk down to 19 px
    if it fits ``width`` px, else two lines at 18 px (``"Ordinateur"`` /
    ``"(Intermédiaire)"``), cut with an ellipsis only beyond that."""
    for s in range(theme.BODY, 18, -1):
        if theme.font(s, bold).size(name)[0] <= width:
            return (name,), s
    lines = theme.wrap(name, 18, width, bold)
    if len(lines) > 2:
        lines = (lines[0], " ".join(lines[1:]))
    return tuple(_fit(line, 18, width, bold) for line in lines), 18


def make_scene(app, config) -> MagicoScene:
    """Build the game scene for ``config`` (docs/games-api.md)."""
    return MagicoScene(app, config)


def headless(seed: int, config) -> dict:
    """Play the computer against itself to the end with no window (``python main.py
    magico --demo --headless --seed N``): seat levels from ``config.players`` (Expert
    for both in a headless demo), dice seeded with ``seed``, the same AI seeds as the
    scene. Returns a JSON-able summary with the final position (K-N1)."""
    t0 = time.perf_counter()
    dice = Dice(seed)
    board_id = (config.options or {}).get("board", DEFAULT_BOARD)
    p = Position.start(board_id, first="r")
    levels = {"r": config.players[0].level if config.players else "expert",
              "b": config.players[1].level if config.players else "expert"}
    turns: list[str] = []
    while not p.is_over:
        roll = dice.roll()
        rng = random.Random(dice.seed * 1009 + len(turns))
        t = ai.choose_turn(p, roll, levels[p.to_move], rng)
        turns.append(t)
        p = p.play(t)
    names = {"r": "red", "b": "blue", "draw": "draw"}
    s = p.scores()
    return {"game": "magico", "seed": seed, "winner": names[p.winner],
            "scores": {"red": s["r"], "blue": s["b"]}, "turns": len(turns),
            "levels": {"red": levels["r"], "blue": levels["b"]},
            "seconds": round(time.perf_counter() - t0, 3),
            "final_position": p.to_text(), "history": turns}
