"""The player-visible texts of Glissando: refusals chosen by their ``code`` (decision 5,
never by the English message), outcomes, the turn banner, hints and the review.

Pure: imports only :mod:`ludotheque.i18n` (gettext, no pygame) and the rules' ids. The
English source strings are translated in ``assets/locale/fr/LC_MESSAGES/glissando.po``.
"""

from __future__ import annotations

from ludotheque import i18n

from glissando.rules import BLUE, IllegalTurn

_ = i18n.domain("glissando")


def side_name(color: str) -> str:
    """The translated colour name of a side (G-2)."""
    return _("Blue") if color == BLUE else _("Orange")


#: Refusal texts by :attr:`glissando.rules.IllegalTurn.code`.
REFUSALS = {
    "occupied": lambda: _("That cell is taken."),
    "not-adjacent": lambda: _("Place on the edge or next to a pawn (G-3)."),
    "wrong-step": lambda: _("Finish this step of the turn first (G-3)."),
    "moves-nothing": lambda: _("That slide would move nothing (G-4d)."),
    "not-your-pawn": lambda: _("Slide one of your own pawns (G-4)."),
    "bad-direction": lambda: _("Slide one of your own pawns (G-4)."),
    "not-one-line": lambda: _("Pick two pawns of the same line of five (G-5c)."),
    "removal-missing": lambda: _("Pick two pawns of the same line of five (G-5c)."),
    "nothing-to-remove": lambda: _("This turn does not score: nothing to remove (G-5)."),
    "game-over": lambda: _("The game is over."),
}


def refusal(exc: IllegalTurn) -> str:
    """The translated reason for a refused action, chosen by ``exc.code`` (G-N3); a code
    with no text of its own gives the rule id and the rules' message."""
    text = REFUSALS.get(getattr(exc, "code", None))
    return text() if text is not None else str(exc)


def title(winner: str | None, name: str) -> str:
    """The end panel's headline (G-6, G-7): ``name`` is the winner's shown name."""
    return _("Draw!") if winner is None else _("{name} wins!").format(name=name)


def score_line(points, blue: str, orange: str) -> str:
    """"Ann 2 – 1 Computer" (G-6 points): ``points`` (Blue's, Orange's), with the names
    the side panels show (``blue``, ``orange``), so the end panel and the panels agree."""
    return _("{blue} {b} – {o} {orange}").format(blue=blue, b=points[0], o=points[1], orange=orange)


def end_reason(rule: str) -> str:
    """Why the game ended: the target score (G-6) or no pawn / no cell left (G-7)."""
    if rule == "G-7":
        return _("No pawn in reserve or no empty cell left (G-7).")
    return _("Target score reached (G-6).")


def turns_played(n: int) -> str:
    return _("Turns played: {n}").format(n=n)


def stage(name: str, stage: str, *, ai: bool, thinking: bool, scoring: bool,
          selected: bool, first_pick: bool, dots: int = 1) -> str:
    """The turn banner above the board: whose turn and what to do now.

    ``stage``: the turn's step (``"place"``, ``"slide"``, ``"remove"``); ``ai``: the
    side is the computer; ``thinking``: it is deciding; ``scoring``: its removal is being
    shown; ``selected``: a pawn is selected for a keyboard slide; ``first_pick``: one
    pawn of the line is picked for removal (G-5c)."""
    if thinking:
        return _("{name} is thinking").format(name=name) + "." * dots
    if scoring and ai:
        return _("{name} scores a point and removes two pawns").format(name=name)
    if ai:
        return _("{name} plays").format(name=name)
    if stage == "place":
        return _("{name}: place a pawn on the edge or next to a pawn").format(name=name)
    if stage == "slide":
        if selected:
            return _("{name}: an arrow key slides the ringed pawn (Esc: cancel)").format(name=name)
        return _("{name}: drag a pawn to slide it, or No slide").format(name=name)
    if stage == "remove":
        if first_pick:
            return _("{name}: pick a second pawn of the same line").format(name=name)
        return _("{name} scores! Pick two pawns of the line to remove").format(name=name)
    return ""


# ------------------------------------------------------------------------ hints

#: The hint sentences by :func:`glissando.hints.reason_text` key; the English text is
#: :data:`glissando.hints.TEMPLATES` (a test checks they agree).
HINTS = {
    "win": lambda: _("Play {turn}: it completes the line {first}–{last} ({length} pawns) and wins the game."),
    "win_push": lambda: _("Play {turn}: the slide {push} completes the line {first}–{last} ({length} pawns) and wins the game."),
    "score": lambda: _("Play {turn}: it completes the line {first}–{last} ({length} pawns) and scores a point."),
    "score_push": lambda: _("Play {turn}: the slide {push} completes the line {first}–{last} ({length} pawns) and scores a point."),
    "double": lambda: _("Play {turn}: it makes two threats at once ({gaps}); your opponent cannot stop both."),
    "forced": lambda: _("Play {turn}: it starts a forced sequence; you score within {moves} turns whatever your opponent does."),
    "block": lambda: _("Your opponent threatens to complete the line {first}–{last} on {gap}. Play {turn}: it takes that cell."),
    "block_threat_push": lambda: _("Your opponent threatens {threat}, which completes the line {first}–{last}. Play {turn} to stop it."),
    "block_push": lambda: _("Your opponent threatens to complete the line {first}–{last}. Play {turn}: the slide {push} breaks it up."),
    "threat": lambda: _("Play {turn}: you then have {length} pawns on the line {first}–{last}; next turn {next} completes it."),
    "threats": lambda: _("Play {turn}: it makes two threats; next turn {next} or {next2} scores."),
    "build": lambda: _("Play {turn}: it puts {length} of your pawns on the line {first}–{last}, with room for five."),
    "spoil": lambda: _("Play {turn}: it cuts your opponent's line {first}–{last}."),
    "develop": lambda: _("Play {turn}: no line is in reach yet for either side; this turn prepares the board."),
    "lost": lambda: _("Your position is lost: whatever you play, your opponent can score next turn (after {turn}, with {threat})."),
    "lost_two": lambda: _("Your position is lost: whatever you play, your opponent can force a point within two turns (after {turn}, starting with {threat})."),
    "also": lambda: _("It also threatens {next} next turn."),
}


def hint_sentence(key: str, params: dict) -> str:
    """The translated sentence of a hint (``glissando.hints.reason_text``'s output)."""
    text = HINTS.get(key, HINTS["develop"])()
    try:
        text = text.format(**params)
        if params.get("also"):                        # a block that also threatens
            text += " " + HINTS["also"]().format(next=params["also"])
        return text
    except (KeyError, IndexError, ValueError):        # a translation with a bad field
        return HINTS["develop"]().format(turn=params.get("turn", ""))


def hint_thinking() -> str:
    return _("Looking for a good turn…")


def hint_failed() -> str:
    return _("No hint could be found this time.")


def hint_before_placing() -> str:
    """H after the pawn of this turn is placed: a hint gives a whole turn (G-3)."""
    return _("A hint gives a whole turn: ask for it before you place your pawn.")


def hint_marker() -> str:
    """The mark beside a turn played after a hint (move list, decision 13)."""
    return _("(hint)")


# ------------------------------------------------------------------------ review

def review_title() -> str:
    return _("Review of the game")


def review_working() -> str:
    return _("The computer is looking for the turning point…")


def review_step(k: int, n: int) -> str:
    """Where the review stands, in the move list's numbering (turns from 1): ``k`` turns
    of ``n`` shown played, so the board is the position *before* turn ``k + 1`` — the
    turn the review's text and red ring speak of at a turning point, and the row lit in
    the move list (trial3b: "After turn 9 of 11" beside "Turn 10: …"). 0: the start,
    ``n``: the end."""
    if k == 0:
        return _("Start of the game ({n} turns)").format(n=n)
    if k >= n:
        return _("End of the game ({n} turns)").format(n=n)
    return _("Before turn {k} of {n}").format(k=k + 1, n=n)


def review_last_ring(k: int, side: str) -> str:
    """The legend of the ring round the pawns the last turn shown moved (turn ``k``, by
    ``side``, drawn in ``side``'s colour)."""
    if side == BLUE:
        return _("last turn: {k} (blue ring)").format(k=k)
    return _("last turn: {k} (orange ring)").format(k=k)


def review_mistake(name: str, turn: str, number: int, better: str | None, decisive: bool) -> str:
    """The sentence on the turn where ``name``'s position went from holding to lost."""
    head = (_("Turn {k}: after {turn}, {name} could no longer stop the decisive point.")
            if decisive else
            _("Turn {k}: after {turn}, {name} could no longer stop a point."))
    head = head.format(k=number, turn=turn, name=name)
    if better:
        return head + " " + _("{turn} would have held.").format(turn=better)
    return head + " " + _("Every turn there was tried and none would have held: the game was lost earlier.")


def review_none() -> str:
    return _("No turn lost the game by force within the computer's search.")


def review_keys() -> str:
    return _("← → step through the turns · Home/End · Esc: back")
