"""Every sentence Magico's screen shows, chosen by the rules' refusal or outcome ``code``
(decision 5) — never by the English text of an error — and translated (``magico.po``).

Pure: :mod:`ludotheque.i18n` (gettext) only, no pygame. Each function returns text in the
current language, so a language switch shows at once.
"""

from __future__ import annotations

from ludotheque import i18n

from magico.hints import Hint

_ = i18n.domain("magico")
ngettext = i18n.ndomain("magico")

SHOW_OP = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def side_name(side: str) -> str:
    """Translated name of a side: ``"r"`` → Red, ``"b"`` → Blue (K-1)."""
    return _("Red") if side == "r" else _("Blue")


def show_op(op: str) -> str:
    """Screen form of an operation text (K-N2 ASCII → ×, ÷, −): ``"5*2"`` → ``"5 × 2"``."""
    for sign, shown in SHOW_OP.items():
        if sign in op:
            x, y = op.split(sign)
            return f"{x} {shown} {y}"
    return op


def unbroken(text: str) -> str:
    """``text`` with non-breaking spaces, so a calculation ("6 ÷ 2 = 3") is never split
    across two lines of a note."""
    return text.replace(" ", "\u00a0")


def number(value) -> str:
    """A result as a person writes it: ``2.5`` → ``"2.5"`` (``"2,5"`` in French), ``7`` → ``"7"``."""
    if isinstance(value, float) and value != int(value):
        return i18n.decimal(value, 2).rstrip("0")
    return str(int(value))


# ----------------------------------------------------------------- refusals (by code)

def refusal(code: str, rule: str | None = None) -> str:
    """The sentence for a refusal of :mod:`magico.rules` (``IllegalTurn.code``) or of
    :mod:`ludotheque.textsafe` (``TextRefused.code``), with the rule id when it has one."""
    texts = {
        "occupied": lambda: _("That cell is taken: choose an empty cell."),
        "wrong-number": lambda: _("That cell does not show your result: choose a glowing cell."),
        "not-an-opponent-token": lambda: _("Take one of your opponent's tokens: a glowing one."),
        "game-over": lambda: _("The game is over."),
        "superscript": lambda: _("Type the digits 0 to 9 only (² or ³ are not digits here)."),
        "not-a-number": lambda: _("Type a whole number with the digits 0 to 9."),
        "too-long": lambda: _("A result has at most two digits (0 to 10)."),
        "not-a-digit": lambda: _("Only the digits 0 to 9 can be typed here."),
        "empty": lambda: _("Type the result first."),
    }
    text = texts.get(code, lambda: _("That move is not allowed here."))()
    return f"{text} ({rule})" if rule else text


def unusable(code: str, op: str, right) -> str:
    """Why an operation whose result was typed cannot place a token (K-7), the player
    goes back to the choice: ``code`` ``"not-whole"``, ``"out-of-range"``, ``"no-cell-shows"``."""
    expr = unbroken(f"{show_op(op)} = {number(right)}")
    if code == "not-whole":
        return _("{expr} is not a whole number, so it places no token (K-7). Choose another "
                 "operation.").format(expr=expr)
    if code == "out-of-range":
        return _("{expr} is more than 10, so it places no token (K-7). Choose another "
                 "operation.").format(expr=expr)
    return _("{expr}, but no empty cell shows {value} (K-7). Choose another operation.").format(
        expr=expr, value=number(right))


def undo_refused(code: str) -> str:
    """Why undo is refused now (``TurnController.undo_refusal`` codes)."""
    if code == "after-roll":
        return _("The dice are rolled: play this turn to its end first (K-4). Undo takes "
                 "back whole turns, before the next roll.")
    if code == "game-over":
        return _("The game is over: nothing to undo.")
    if code == "computer-turn":
        return _("Wait for the computer's turn to end, then undo.")
    if code == "forced-pass":
        return _("The turn to take back was a forced pass: with the same dice it would pass "
                 "again, so there is nothing to undo.")
    return _("Nothing to undo yet.")


# ----------------------------------------------------------------- the turn

def pass_reason(kind: str, opponent: str, dice: tuple[int, int], results_text: str) -> str:
    """Why the turn passes: ``kind`` ``"nothing-to-take"`` (K-5) or ``"no-cell"`` (K-7b)."""
    if kind == "nothing-to-take":
        return _("Double 1, but {name} has no token on the board to take.").format(name=opponent)
    return _("No operation gives a number on an empty cell ({results}). "
             "The turn passes.").format(results=results_text or "—")


def wrong(op: str, right: int, typed: int) -> str:
    """K-7a: a person's wrong result, kindly."""
    return _("Not quite: {expr} = {right}, not {typed}. No token this time — "
             "keep going!").format(expr=show_op(op), right=right, typed=typed)


def computer_wrong(name: str, op: str, typed: int, right: int) -> str:
    """K-7a: the computer's wrong result (a beginner's mistake, on purpose)."""
    return _("{name} wrote {calc}, but it is {right}. No token (K-7a).").format(
        name=name, calc=unbroken(f"{show_op(op)} = {typed}"), right=right)


def computer_passes(double_one: bool) -> str:
    """The computer's pass (K-5 with nothing to take, K-7b)."""
    return (_("Double 1, but there is no token to take.") if double_one
            else _("No operation gives a number on an empty cell. The turn passes."))


def right(op: str, value: int) -> str:
    """A right result: the cells showing it glow."""
    return _("Right! {expr} = {value}. Click a glowing cell.").format(expr=show_op(op), value=value)


def larger_first(dice) -> tuple[int, int]:
    """The two dice as every text says them: the larger first, as the operations are
    written (K-N2: "5 − 2"), so a prompt reads "on 5 and 2" above the button "5 − 2"
    whichever die landed first (trial8)."""
    a, b = dice
    return (a, b) if a >= b else (b, a)


def turn_summary(name: str, kind: str, dice: tuple[int, int], op: str | None, value, cell: str | None,
                 right: int | None = None) -> str:
    """One sentence telling what a player did (K-5, K-6, K-7, K-7a) for a turn the other
    player did not watch being built; "" for a pass (its own message says why). ``right``:
    the true result of a wrong one (K-7a). The dice are said larger first
    (:func:`larger_first`)."""
    a, b = larger_first(dice)
    if kind == "wrong" and op is not None and right is not None:
        return _("{name} rolled {a} and {b} and wrote {calc}, but it is {right}: no token (K-7a).").format(
            name=name, a=a, b=b, calc=unbroken(f"{show_op(op)} = {value}"), right=right)
    if kind == "place":
        return _("{name} rolled {a} and {b}: {calc}, token on {cell}.").format(
            name=name, a=a, b=b, calc=unbroken(f"{show_op(op)} = {value}"), cell=cell)
    if kind == "any":
        return _("{name} rolled {a} and {b}: a single 1 places anywhere, token on {cell} (K-6).").format(
            name=name, a=a, b=b, cell=cell)
    if kind == "take":
        return _("{name} rolled a double 1 and took the token on {cell} (K-5).").format(name=name, cell=cell)
    return ""


def scored(name: str, points: int) -> str:
    """A run of 15 was made (K-9)."""
    return _("{name} scores {points} points!").format(name=name, points=points)


def points(points: int) -> str:
    return _("{points} points!").format(points=points)


def undone(a: int, b: int) -> str:
    """Undo after a roll took back the turn: the dice stay (said larger first)."""
    a, b = larger_first((a, b))
    return _("Turn undone: the dice stay {a} and {b}.").format(a=a, b=b)


def first_player(name: str) -> str:
    """Who starts, drawn at random (as Glissando's G-2)."""
    return _("Drawn at random: {name} plays first.").format(name=name)


# ----------------------------------------------------------------- hints (issue 17 §2)

def _templates() -> dict[str, str]:
    """:data:`magico.hints.TEMPLATES`, translated (the same keys and fields)."""
    return {
        "compute.complete.1": _("You rolled {a} and {b}. Work out {ops}. Which result is a free "
                                "number that makes 15 with your tokens?"),
        "compute.complete.2": _("What is {op}? Your tokens on {cells} show {numbers}: which free "
                                "number would make 15 with them?"),
        "compute.complete.3": _("{sum} = {partial} and {partial} + {value} = 15. {op} = {value}: put "
                                "your token on the {value} on {target}."),
        "compute.block.1": _("You rolled {a} and {b}. Work out {ops}. Which result lets you "
                             "block a run of your opponent?"),
        "compute.block.2": _("What is {op}? Your opponent's tokens on {cells} show {numbers}: which "
                             "free number would they need to make 15?"),
        "compute.block.3": _("{sum} = {partial} and {partial} + {value} = 15: your opponent needs the "
                             "{value} on {target}. {op} = {value}: put your token there first."),
        "compute.build.1": _("You rolled {a} and {b}. Work out {ops}. Which result goes with one "
                             "of your tokens toward 15?"),
        "compute.build.2": _("What is {op}? Your token on {cells} shows {numbers}: which free number "
                             "in a line with it leaves a number you can still get to make 15?"),
        "compute.build.3": _("{sum} + {value} = {partial}, and {partial} + {need} = 15. {op} = "
                             "{value}: put your token on {target}; the {need} on {third} would then "
                             "complete {line}."),
        "compute.start.1": _("You rolled {a} and {b}. Work out {ops}. Which result is a free "
                             "number in a line of three that adds up to 15?"),
        "compute.start.2": _("What is {op}? Find a free cell with that number in a line of three "
                             "that adds up to 15 and holds none of your opponent's tokens."),
        "compute.start.3": _("{op} = {value}. The line {line} adds up to 15 ({line_sum}): put your "
                             "token on the {value} on {target}."),
        "compute.place.1": _("You rolled {a} and {b}. Work out {ops}. Which result is a number "
                             "from 0 to 10 on a free cell?"),
        "compute.place.2": _("What is {op}? Find a free cell showing that number."),
        "compute.place.3": _("{op} = {value}: put your token on the {value} on {target}."),
        "any.complete.1": _("One die shows 1: you may put your token on any free cell. Look for a "
                            "line where two of your tokens need one more number to make 15."),
        "any.complete.2": _("Your tokens on {cells} show {numbers}: which number would make 15 "
                            "with them?"),
        "any.complete.3": _("{sum} = {partial} and {partial} + {value} = 15: put your token on the "
                            "{value} on {target}."),
        "any.block.1": _("One die shows 1: you may put your token on any free cell. Does your "
                         "opponent need just one more number to make 15 somewhere?"),
        "any.block.2": _("Your opponent's tokens on {cells} show {numbers}: which number would "
                         "they need to make 15?"),
        "any.block.3": _("{sum} = {partial} and {partial} + {value} = 15: put your token on the "
                         "{value} on {target} before your opponent does."),
        "any.build.1": _("One die shows 1: you may put your token on any free cell. Which free "
                         "cell goes with one of your tokens toward 15?"),
        "any.build.2": _("Your token on {cells} shows {numbers}: which free number in a line with "
                         "it leaves a number you can still get to make 15?"),
        "any.build.3": _("{sum} + {value} = {partial}, and {partial} + {need} = 15: put your token "
                         "on {target}; the {need} on {third} would then complete {line}."),
        "any.start.1": _("One die shows 1: you may put your token on any free cell. Which free "
                         "cell is in the most lines that add up to 15?"),
        "any.start.2": _("Find a line of three that adds up to 15 and holds none of your "
                         "opponent's tokens."),
        "any.start.3": _("The line {line} adds up to 15 ({line_sum}): put your token on {target}."),
        "any.place.1": _("One die shows 1: you may put your token on any free cell."),
        "any.place.2": _("Which free cell could still be part of a line that adds up to 15?"),
        "any.place.3": _("Put your token on {target}."),
        "take.break.1": _("Both dice show 1: take one of your opponent's tokens off the board. "
                          "Which of their lines adds up to 15?"),
        "take.break.2": _("Your opponent's tokens on {cells} show {numbers}."),
        "take.break.3": _("{sum} = 15: take the token on {target} and that run no longer scores."),
        "take.weaken.1": _("Both dice show 1: take one of your opponent's tokens off the board. "
                           "Which two of their tokens are close to 15?"),
        "take.weaken.2": _("Your opponent's tokens on {cells} show {numbers}: they need {need} "
                           "more to make 15."),
        "take.weaken.3": _("{sum} = {partial}, and {partial} + {need} = 15: take the token on "
                           "{target}."),
        "take.free.1": _("Both dice show 1: take one of your opponent's tokens off the board. Is "
                         "one of them in the way of a line of yours?"),
        "take.free.2": _("The line {line} adds up to 15 ({line_sum}), and your opponent has a "
                         "token on {target}."),
        "take.free.3": _("Take the token on {target}: then {line} can make 15 for you."),
        "take.any.1": _("Both dice show 1: take one of your opponent's tokens off the board."),
        "take.any.2": _("Which of their tokens could help them make 15 later?"),
        "take.any.3": _("Take the token on {target}."),
        "pass.none.0": _("There is no move this turn: {checks}. No number can be placed (K-7b), "
                         "so press Pass."),
        "pass.take.0": _("There is no move this turn: a double 1 takes one of your opponent's "
                         "tokens (K-5), and they have none on the board. Press Pass."),
    }


def _join(items: list[str], word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _check(check: tuple[str, int | None, str]) -> str:
    op, value, reason = check
    shown = show_op(op)
    if reason == "not-whole":
        return _("{op} is not a whole number").format(op=unbroken(shown))
    if reason == "too-big":
        text = _("{op} = {value} is more than 10").format(op=shown, value=value)
    else:
        text = _("{op} = {value}, but no free cell shows {value}").format(op=shown, value=value)
    expr = f"{shown} = {value}"                 # "6 × 5 = 30" never split over two lines
    return text.replace(expr, unbroken(expr))


def hint(h: Hint) -> str:
    """The sentence of hint ``h`` (:mod:`magico.hints`) in the current language: the
    translated template filled with the hint's fields, lists joined in that language."""
    fields = h.fields()
    word_or, word_and = _("or"), _("and")
    fields.update(
        op=unbroken(show_op(h.op)) if h.op else "",           # "5 − 2" never split over two lines
        ops=_join([unbroken(show_op(o)) for o in h.ops], word_or),
        cells=_join(list(h.cells), word_and),
        numbers=_join([str(n) for n in h.numbers], word_and),
        checks="; ".join(_check(c) for c in h.checks),
        first_check=_check(h.checks[0]) if h.checks else "",
        other_ops=_join([unbroken(show_op(c[0])) for c in h.checks[1:]], word_and),
    )
    template = _templates().get(h.key)
    if template is None:
        return ""
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):   # a translation with a bad field: the English one
        from magico.hints import english

        return english(h)


def hint_title(strength: int) -> str:
    """The heading of a hint of ``strength`` 1–3 (0: the only hint of a forced pass)."""
    return {0: _("Hint — no move this turn"), 1: _("Hint 1 of 3 — think about it"), 2: _("Hint 2 of 3 — a step closer"),
            3: _("Hint 3 of 3 — the working")}.get(strength, _("Hint"))


def hints_off() -> str:
    return _("Hints are off in this game (an option when the game is set up).")


# ----------------------------------------------------------------- end and review

def end_title(winner_name: str | None) -> str:
    """K-10: who won (None: a draw)."""
    return _("A draw!") if winner_name is None else _("{name} wins!").format(name=winner_name)


def end_score(name: str, total: int, runs: int) -> str:
    """The end panel's line for one player (K-9, K-10): total and number of runs."""
    return ngettext("{name}: {points} points ({runs} run of 15)", "{name}: {points} points ({runs} runs of 15)",
                    runs).format(name=name, points=total, runs=runs)


def end_score_parts(straight: int, diagonal: int) -> str | None:
    """Where a player's points come from (K-9), under :func:`end_score`: ``straight``
    horizontal or vertical runs of 15 at 10 points, ``diagonal`` ones at 25, e.g.
    ``"3 × 10 across or down + 1 × 25 diagonal"``; None with no run (nothing to explain)."""
    parts = []
    if straight:
        parts.append(_("{n} × 10 across or down").format(n=straight))
    if diagonal:
        parts.append(_("{n} × 25 diagonal").format(n=diagonal))
    return " + ".join(parts) or None


def end_scoring_rule() -> str:
    """K-9 in one line, under the end panel's scores: what a run of 15 is worth."""
    return _("A run of 15: 10 points, 25 on a diagonal.")


def hinted_turns(n: int) -> str:
    """Decision 13: how many turns were played with a hint."""
    return _("Turns played with a hint: {n}").format(n=n)


def review_button() -> str:
    return _("Review the game (Enter)")           # the end panel's default (Enter, or W)


def review_computing() -> str:
    return _("Reviewing the game…")


def review_heading(index: int, total: int, name: str) -> str:
    return _("Turn {n} of {total} — {name}").format(n=index + 1, total=total, name=name)


def describe_turn(kind: str, dice: tuple[int, int], op: str | None, value, cell: str | None) -> str:
    """A K-N2 turn as a person reads it ("5 and 2: 5 × 2 = 10 on c5"), the dice larger first."""
    a, b = larger_first(dice)
    if kind == "place":
        return _("{a} and {b}: {calc} on {cell}").format(a=a, b=b, calc=unbroken(f"{show_op(op)} = {value}"), cell=cell)
    if kind == "any":
        return _("{a} and {b}: a token on {cell} (K-6)").format(a=a, b=b, cell=cell)
    if kind == "take":
        return _("double 1: took the token on {cell} (K-5)").format(cell=cell)
    if kind == "wrong":
        return _("{a} and {b}: {calc}, a wrong result (K-7a)").format(
            a=a, b=b, calc=unbroken(f"{show_op(op)} = {value}"))
    return _("{a} and {b}: passed (K-7b)").format(a=a, b=b)


def review_played(text: str) -> str:
    return _("Played: {turn}").format(turn=text)


def review_better(text: str, points_missed: int, before: float, after: float) -> str:
    """A missed turn: the better one, the points it scored at once, the chance of winning
    (by Master's evaluation) after the turn played and after the better one."""
    if points_missed:
        return _("Better: {turn} — {points} more points at once; chance of winning "
                 "{before} % → {after} %.").format(turn=text, points=points_missed,
                                                   before=round(before * 100), after=round(after * 100))
    return _("Better: {turn} — chance of winning {before} % → {after} %.").format(
        turn=text, before=round(before * 100), after=round(after * 100))


def review_fine() -> str:
    return _("A good turn: no better placement was missed.")


def review_forced() -> str:
    return _("The dice left no choice.")


def review_summary(missed: int) -> str:
    return _("Turns where a better placement was missed: {n}").format(n=missed)


def review_keys() -> str:
    return _("← → step · N next missed turn · Esc back to the result")


def review_with_hint() -> str:
    return _("(played with a hint)")
