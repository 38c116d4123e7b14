"""Glissando's :data:`DESCRIPTOR` for the Ludothèque shell (docs/games-api.md).

Kept out of ``glissando/__init__.py`` so that importing :mod:`glissando.rules` or
:mod:`glissando.ai` never imports ``ludotheque`` or pygame; the scene module is imported
only when the shell asks for a scene or a preview; the headless demo is the pure
:mod:`glissando.demo`.
"""

from __future__ import annotations

from ludotheque import i18n
from ludotheque.game import ALL_LEVELS, GameDescriptor, Option, deferred
from ludotheque.session import hints_option

_ = i18n.domain("glissando")


def _rules_text() -> str:
    return _(
        "Two players, Blue and Orange, each have 32 pawns in reserve. The first player is "
        "drawn at random. Blue pawns carry a ring, orange pawns a diamond.\n\n"
        "A turn is, in this order: place, slide (optional), score.\n\n"
        "Place: put one pawn from your reserve on an empty cell on the edge of the board "
        "or next to a pawn (up, down, left or right; either colour).\n\n"
        "Slide (optional): choose one of your pawns, the one just placed included, and a "
        "direction: up, down, left or right. If the next cell is empty, the pawn slides "
        "alone until it meets a pawn or the edge. If the next cell is occupied, it pushes: "
        "the pawn and the unbroken row of pawns in front of it move together until they "
        "meet a pawn or the edge. You cannot stop early and pawns never leave the board. "
        "A slide that would move nothing is not allowed; you may always skip the slide.\n\n"
        "Score: at the end of your turn, if five or more of your pawns are in a row "
        "(across, up and down or diagonally), you score one point (only one per turn) and "
        "remove two pawns of that line; they go back to your reserve. A line of your "
        "opponent's colour scores for them at the end of their own turn, if it is still "
        "there.\n\n"
        "The first player to reach the target score (2 unless chosen otherwise) wins. If the "
        "player to move has no pawn left in reserve, or no empty cell is left on the board, "
        "the game ends at once: the higher score wins, equal scores are a draw.\n\n"
        "Controls: click a lit cell to place. Drag one of your pawns to slide it (ghost "
        "pawns show where the row will end), or click it and press an arrow key. No slide "
        "or Enter ends the turn without sliding. Keyboard: arrows move the cursor, Enter "
        "places, Space selects a pawn, U undoes.\n\n"
        "Hints: H or the Hint button shows a good turn and why (off by default against the "
        "Expert and Master computers; the Hints option turns them on). Turns played after "
        "a hint are marked in the move list. After the game, Review the game (Enter) steps "
        "through the turns and shows the turn that lost the game and one that would have "
        "held.")


def _first_label(value: str) -> str:
    """G-2: the first player is drawn at random unless the setting fixes it."""
    return {"random": _("Drawn at random"), "b": _("Blue"), "o": _("Orange")}[value]


DESCRIPTOR = GameDescriptor(
    id="glissando",
    title=lambda: _("Glissando"),
    pitch=lambda: _("Place, slide and push: align five."),
    rules_text=_rules_text,
    draw_preview=deferred("glissando.paint", "draw_preview"),
    make_scene=deferred("glissando.scene", "make_scene"),
    headless=deferred("glissando.demo", "headless"),    # pure: no pygame (decision 4)
    options=(Option("target", lambda: _("Target score"), (1, 2, 3, 4, 5), 2, label_of=str),
             Option("first", lambda: _("First player"), ("random", "b", "o"), "random",
                    label_of=_first_label),
             hints_option(ALL_LEVELS)),
    levels=ALL_LEVELS,                   # decision 3: Glissando and Magico offer Master
    default_sides=(lambda: _("Blue"), lambda: _("Orange")),
)
