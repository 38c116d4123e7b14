"""Magico's :data:`DESCRIPTOR` for the Ludothèque shell (docs/games-api.md).

Kept out of ``magico/__init__.py`` so that importing :mod:`magico.rules` or
:mod:`magico.ai` never imports ``ludotheque`` or pygame; the scene module is imported
only when the shell asks for a scene or a preview; the headless demo is the pure
:mod:`magico.demo`.
"""

from __future__ import annotations

import logging
from pathlib import Path

import platformdirs

from ludotheque import i18n
from ludotheque.game import ALL_LEVELS, GameDescriptor, Option, deferred
from ludotheque.session import hints_option

from magico.boards import DEFAULT_BOARD, available_boards, load_board, register_board_dir

_ = i18n.domain("magico")


def _rules_text() -> str:
    return _(
        "Two players, Red and Blue, each have 15 tokens. The board is a 6 × 6 grid of "
        "numbers from 0 to 10. Who plays first is drawn at random; in a rematch the other "
        "player starts.\n\n"
        "On your turn, roll the two dice (click them or press Space).\n\n"
        "Neither die shows 1: choose an operation on the two dice — addition, "
        "subtraction (larger minus smaller), multiplication or division (larger by "
        "smaller) — whose result is a whole number from 0 to 10, and type the result. "
        "If it is right, put a token on an empty cell showing that number. If it is "
        "wrong, you place no token this turn. If no operation gives a number shown on an "
        "empty cell, your turn passes.\n\n"
        "Exactly one die shows 1: put a token on any empty cell.\n\n"
        "Both dice show 1: take one of your opponent's tokens off the board and give it "
        "back to them.\n\n"
        "The game ends as soon as a player has placed their last token. Each player then "
        "scores every run of three cells in a line, all holding their tokens, whose "
        "numbers add up to 15: 10 points across or down, 25 points on a diagonal. Runs "
        "may overlap and a token may belong to several runs. The higher score wins; "
        "equal scores are a draw.\n\n"
        "Assisted calculation (an option when the game is set up, or A during the game) "
        "shows the possible results as buttons, for younger players.\n\n"
        "Hints (H) teach the arithmetic step by step: three hints per roll, the last one "
        "shows the working (when the turn must pass, one hint says why). They are off by "
        "default against the computer at Expert and Master; a turn played after a hint is "
        "marked. At the end, Review (Enter or W) steps "
        "through the game and shows where a better placement was missed.\n\n"
        "Keyboard: Space rolls; keys 1–4 or + − * / choose the operation; type the "
        "result and press Enter; arrows and Enter choose a cell; A switches assisted "
        "calculation; H shows a hint; U undoes the last turn (before the next roll).")


def _board_label(board_id: str) -> str:
    try:
        return load_board(board_id).name(i18n.language())
    except ValueError:
        return board_id


def _first_label(value: str) -> str:
    return {"r": _("Red"), "b": _("Blue")}.get(value, _("Drawn at random"))


def _on_off(value: bool) -> str:
    return _("on") if value else _("off")


#: A player's own board layouts (``<id>.json``, K-2) are read from this folder too.
USER_BOARDS = Path(platformdirs.user_data_dir("ludotheque", appauthor=False)) / "magico" / "boards"
register_board_dir(USER_BOARDS)

_board_errors: list[str] = []
_BOARDS = tuple(b.id for b in available_boards(_board_errors)) or (DEFAULT_BOARD,)
for _problem in _board_errors:  # said once in the log; the game screen tells the player
    logging.getLogger("magico").warning("board layout skipped: %s", _problem)

DESCRIPTOR = GameDescriptor(
    id="magico",
    title=lambda: _("Magico"),
    pitch=lambda: _("Roll, calculate, place: make runs that add up to 15."),
    rules_text=_rules_text,
    draw_preview=deferred("magico.paint", "draw_preview"),
    make_scene=deferred("magico.scene", "make_scene"),
    headless=deferred("magico.demo", "headless"),    # pure: no pygame (decision 4)
    options=(Option("board", lambda: _("Board"), _BOARDS, DEFAULT_BOARD,
                    label_of=_board_label),
             Option("first", lambda: _("First player"), ("random", "r", "b"), "random",
                    label_of=_first_label),
             Option("assisted", lambda: _("Assisted calculation"), (False, True), False,
                    label_of=_on_off),
             hints_option(ALL_LEVELS)),
    levels=ALL_LEVELS,                   # decision 3: Glissando and Magico offer Master
    default_sides=(lambda: _("Red"), lambda: _("Blue")),
)
