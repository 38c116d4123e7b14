"""Magico hints that teach the arithmetic (issue 17) — pure: no pygame, no shell.

:func:`hints` looks at the dice just rolled and returns three :class:`Hint` of rising
strength for the side to move:

1. a first nudge: which operations on the dice give a number worth placing, and what
   it is good for (make 15, block, build) — no result, no cell;
2. a step toward it: one operation to work out, and the run to look at with the numbers
   already there ("What is 6 + 3? Your tokens on a2 and b2 show 4 and 2: which free
   number would make 15 with them?");
3. the working shown: the sums that make 15, the result and the cell.

The placement a hint leads to is the one Master's evaluation ranks best
(:func:`magico.ai.option_values`, a right calculation, never a deliberate mistake); the
hint explains it with the rule it serves: K-9 (three numbers of a run sum to 15), K-7
(an operation whose whole result 0–10 is on a free cell), K-6 (one die 1: any free
cell), K-5 (double 1: take a token back), K-7b (nothing to place: the turn passes).

A hint is structured: its ``key`` names an English sentence template in
:data:`TEMPLATES` (the scene translates the template and fills it with the hint's
fields); :func:`english` fills the English one.

>>> from magico.rules import Position
>>> p = Position.from_text("magico-classic ....../..B.../...B../....../....../.....R b 14-13")
>>> [h.key for h in hints(p, (6, 3))]
['compute.complete.1', 'compute.complete.2', 'compute.complete.3']
>>> english(hints(p, (6, 3))[2])
'2 + 4 = 6 and 6 + 9 = 15. 6 + 3 = 9: put your token on the 9 on e4.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from magico import ai
from magico.rules import (
    TARGET_SUM, Position, Turn, cell_name, other, parse_cell, results,
)

__all__ = ["Hint", "hints", "english", "TEMPLATES", "GOALS", "USEFUL_MARGIN"]

#: What a hinted placement is for, strongest first (K-9 runs of 15).
GOALS = ("complete", "block", "build", "start", "place")

#: An operation counts as "useful" in the first nudge when its best cell is worth
#: within this much win probability of the best placement.
USEFUL_MARGIN = 0.02

_SHOW = {"+": "+", "-": "−", "*": "×", "/": "÷"}


@dataclass(frozen=True)
class Hint:
    """One hint for the roll just made.

    ``strength``: 1 (first nudge), 2 (a step toward it), 3 (the working shown); 0 for
    the only hint of a forced pass (no move: nothing to work toward);
    ``key``: the template in :data:`TEMPLATES`, ``"<roll>.<goal>.<strength>"`` with roll
    ``compute`` (K-7), ``any`` (K-6), ``take`` (K-5), or ``pass.none.0`` / ``pass.take.0``
    for a forced pass (K-7b / K-5 with nothing to take);
    ``goal``: one of :data:`GOALS` for a placement; for a take ``break`` (a scoring run
    of theirs), ``weaken`` (a run they are building), ``free`` (a token that stops a run
    of yours) or ``any``; ``none`` for a pass.
    ``dice``: the roll; ``ops``: the useful operations (K-N2 ASCII, larger die first,
    e.g. ``"6+3"``); ``op``: the operation of the hinted placement; ``value``: its result;
    ``target``: the hinted cell (``"c2"``); ``cells``/``numbers``: the run's cells that
    already hold tokens and their numbers; ``partial``: their sum; ``line``: the whole
    run (three cells) and ``line_numbers``; ``need``: what is missing to make 15 once
    ``value`` is added (0 when it completes); ``checks``: for a pass, every operation as
    ``(op, result or None, reason)`` with reason ``"too-big"``, ``"not-whole"`` or
    ``"no-free-cell"``.
    All numbers are board numbers or dice (whole numbers); cells are K-2 names.
    """

    strength: int
    key: str
    goal: str
    dice: tuple[int, int]
    ops: tuple[str, ...] = ()
    op: str | None = None
    value: int | None = None
    target: str | None = None
    cells: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    partial: int | None = None
    line: tuple[str, ...] = ()
    line_numbers: tuple[int, ...] = ()
    need: int | None = None
    checks: tuple[tuple[str, int | None, str], ...] = field(default=())

    def fields(self) -> dict:
        """The template's fields as display text: operations with ``−``, ``×``, ``÷``
        and spaces (``"6 + 3"``), lists joined with ``,``/``and`` (English; the scene
        joins them in its own language from the raw fields)."""
        return {
            "a": max(self.dice), "b": min(self.dice),           # larger first, as "{ops}" (K-N2)
            "ops": _join([show_op(o) for o in self.ops], "or"),
            "op": show_op(self.op) if self.op else "",
            "value": self.value, "target": self.target or "",
            "cells": _join(list(self.cells), "and"),
            "numbers": _join([str(n) for n in self.numbers], "and"),
            "sum": " + ".join(str(n) for n in self.numbers),
            "partial": self.partial, "need": self.need,
            "line": " ".join(self.line),
            "line_sum": " + ".join(str(n) for n in self.line_numbers),
            "third": next((c for c in self.line if c not in self.cells and c != self.target), ""),
            "checks": "; ".join(_check_text(c) for c in self.checks),
            "first_check": _check_text(self.checks[0]) if self.checks else "",
            "other_ops": _join([show_op(c[0]) for c in self.checks[1:]], "and"),
        }


def show_op(op: str) -> str:
    """``"6*3"`` → ``"6 × 3"`` (the screen's signs, K-N2)."""
    for sign, shown in _SHOW.items():
        if sign in op:
            x, y = op.split(sign)
            return f"{x} {shown} {y}"
    return op


def _join(items: list[str], word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _check_text(check: tuple[str, int | None, str]) -> str:
    op, value, reason = check
    if reason == "not-whole":
        return f"{show_op(op)} is not a whole number"
    if reason == "too-big":
        return f"{show_op(op)} = {value} is more than 10"
    return f"{show_op(op)} = {value}, but no free cell shows {value}"


#: English sentence templates by :attr:`Hint.key` (``str.format`` fields from
#: :meth:`Hint.fields`).
TEMPLATES: dict[str, str] = {
    # K-7, a placement that completes a run of 15 (K-9)
    "compute.complete.1": "You rolled {a} and {b}. Work out {ops}. Which result is a free "
                          "number that makes 15 with your tokens?",
    "compute.complete.2": "What is {op}? Your tokens on {cells} show {numbers}: which free "
                          "number would make 15 with them?",
    "compute.complete.3": "{sum} = {partial} and {partial} + {value} = 15. {op} = {value}: put "
                          "your token on the {value} on {target}.",
    # K-7, taking the cell the opponent needs
    "compute.block.1": "You rolled {a} and {b}. Work out {ops}. Which result lets you "
                       "block a run of your opponent?",
    "compute.block.2": "What is {op}? Your opponent's tokens on {cells} show {numbers}: which "
                       "free number would they need to make 15?",
    "compute.block.3": "{sum} = {partial} and {partial} + {value} = 15: your opponent needs the "
                       "{value} on {target}. {op} = {value}: put your token there first.",
    # K-7, a second token in an open run
    "compute.build.1": "You rolled {a} and {b}. Work out {ops}. Which result goes with one "
                       "of your tokens toward 15?",
    "compute.build.2": "What is {op}? Your token on {cells} shows {numbers}: which free number "
                       "in a line with it leaves a number you can still get to make 15?",
    "compute.build.3": "{sum} + {value} = {partial}, and {partial} + {need} = 15. {op} = "
                       "{value}: put your token on {target}; the {need} on {third} would then "
                       "complete {line}.",
    # K-7, a first token in a line that can still make 15
    "compute.start.1": "You rolled {a} and {b}. Work out {ops}. Which result is a free "
                       "number in a line of three that adds up to 15?",
    "compute.start.2": "What is {op}? Find a free cell with that number in a line of three "
                       "that adds up to 15 and holds none of your opponent's tokens.",
    "compute.start.3": "{op} = {value}. The line {line} adds up to 15 ({line_sum}): put your "
                       "token on the {value} on {target}.",
    # K-7, no run to make or block
    "compute.place.1": "You rolled {a} and {b}. Work out {ops}. Which result is a number "
                       "from 0 to 10 on a free cell?",
    "compute.place.2": "What is {op}? Find a free cell showing that number.",
    "compute.place.3": "{op} = {value}: put your token on the {value} on {target}.",
    # K-6, one die shows 1: any free cell
    "any.complete.1": "One die shows 1: you may put your token on any free cell. Look for a "
                      "line where two of your tokens need one more number to make 15.",
    "any.complete.2": "Your tokens on {cells} show {numbers}: which number would make 15 "
                      "with them?",
    "any.complete.3": "{sum} = {partial} and {partial} + {value} = 15: put your token on the "
                      "{value} on {target}.",
    "any.block.1": "One die shows 1: you may put your token on any free cell. Does your "
                   "opponent need just one more number to make 15 somewhere?",
    "any.block.2": "Your opponent's tokens on {cells} show {numbers}: which number would "
                   "they need to make 15?",
    "any.block.3": "{sum} = {partial} and {partial} + {value} = 15: put your token on the "
                   "{value} on {target} before your opponent does.",
    "any.build.1": "One die shows 1: you may put your token on any free cell. Which free "
                   "cell goes with one of your tokens toward 15?",
    "any.build.2": "Your token on {cells} shows {numbers}: which free number in a line with "
                   "it leaves a number you can still get to make 15?",
    "any.build.3": "{sum} + {value} = {partial}, and {partial} + {need} = 15: put your token "
                   "on {target}; the {need} on {third} would then complete {line}.",
    "any.start.1": "One die shows 1: you may put your token on any free cell. Which free "
                   "cell is in the most lines that add up to 15?",
    "any.start.2": "Find a line of three that adds up to 15 and holds none of your "
                   "opponent's tokens.",
    "any.start.3": "The line {line} adds up to 15 ({line_sum}): put your token on {target}.",
    "any.place.1": "One die shows 1: you may put your token on any free cell.",
    "any.place.2": "Which free cell could still be part of a line that adds up to 15?",
    "any.place.3": "Put your token on {target}.",
    # K-5, double 1: take a token back
    "take.break.1": "Both dice show 1: take one of your opponent's tokens off the board. "
                    "Which of their lines adds up to 15?",
    "take.break.2": "Your opponent's tokens on {cells} show {numbers}.",
    "take.break.3": "{sum} = 15: take the token on {target} and that run no longer scores.",
    "take.weaken.1": "Both dice show 1: take one of your opponent's tokens off the board. "
                     "Which two of their tokens are close to 15?",
    "take.weaken.2": "Your opponent's tokens on {cells} show {numbers}: they need {need} "
                     "more to make 15.",
    "take.weaken.3": "{sum} = {partial}, and {partial} + {need} = 15: take the token on "
                     "{target}.",
    "take.free.1": "Both dice show 1: take one of your opponent's tokens off the board. Is "
                   "one of them in the way of a line of yours?",
    "take.free.2": "The line {line} adds up to 15 ({line_sum}), and your opponent has a "
                   "token on {target}.",
    "take.free.3": "Take the token on {target}: then {line} can make 15 for you.",
    "take.any.1": "Both dice show 1: take one of your opponent's tokens off the board.",
    "take.any.2": "Which of their tokens could help them make 15 later?",
    "take.any.3": "Take the token on {target}.",
    # a forced pass: one plain hint, no steps (K-7b nothing to place; K-5 nothing to take)
    "pass.none.0": "There is no move this turn: {checks}. No number can be placed (K-7b), "
                   "so press Pass.",
    "pass.take.0": "There is no move this turn: a double 1 takes one of your opponent's "
                   "tokens (K-5), and they have none on the board. Press Pass.",
}


def english(hint: Hint) -> str:
    """The English sentence of ``hint`` (its template filled)."""
    return TEMPLATES[hint.key].format(**hint.fields())


# --------------------------------------------------------------------------- analysis

def _lines_through(p: Position, cell: int):
    return [r for r in p.board.scoring_lines if r.mask >> cell & 1]


def _placement_goal(p: Position, cell: int):
    """(goal, run, own cells of the run) for a token of the side to move on ``cell``."""
    me, opp = p.tokens(p.to_move), p.tokens(other(p.to_move))
    found: dict[str, list] = {g: [] for g in GOALS}
    for run in _lines_through(p, cell):
        rest = [i for i in run.indices if i != cell]
        mine = [i for i in rest if me >> i & 1]
        theirs = [i for i in rest if opp >> i & 1]
        if len(mine) == 2:
            found["complete"].append((run, mine))
        elif len(theirs) == 2:
            found["block"].append((run, theirs))
        elif len(mine) == 1 and not theirs:
            found["build"].append((run, mine))
        elif not mine and not theirs:
            found["start"].append((run, []))
    for goal in GOALS[:-1]:
        if found[goal]:
            run, held = max(found[goal], key=lambda rh: (rh[0].points, rh[0].cells))
            return goal, run, held
    return "place", None, []


def _take_goal(p: Position, cell: int):
    me, opp = p.tokens(p.to_move), p.tokens(other(p.to_move))
    best = {"break": [], "weaken": [], "free": []}
    for run in _lines_through(p, cell):
        rest = [i for i in run.indices if i != cell]
        if all(opp >> i & 1 for i in rest):
            best["break"].append(run)
        elif sum(opp >> i & 1 for i in rest) == 1 and not any(me >> i & 1 for i in rest):
            best["weaken"].append(run)
        elif not any(opp >> i & 1 for i in rest):
            best["free"].append(run)
    for goal in ("break", "weaken", "free"):
        if best[goal]:
            return goal, max(best[goal], key=lambda r: (r.points, r.cells))
    return "any", None


def _checks(p: Position, a: int, b: int):
    """Every operation on the dice with why it cannot be placed (K-7, K-7b)."""
    hi, lo = max(a, b), min(a, b)
    out = []
    for sign in "+-*/":
        q = {"+": Fraction(hi + lo), "-": Fraction(hi - lo), "*": Fraction(hi * lo),
             "/": Fraction(hi, lo)}[sign]
        op = f"{hi}{sign}{lo}"
        if q.denominator != 1:
            out.append((op, None, "not-whole"))
        elif q > 10:
            out.append((op, int(q), "too-big"))
        else:
            out.append((op, int(q), "no-free-cell"))
    return tuple(out)


def hints(position: Position, dice: tuple[int, int], depth: int = 2) -> tuple[Hint, ...]:
    """Three hints of rising strength (1, 2, 3) for the side to move in ``position``
    after rolling ``dice`` (see the module text) — or, when the dice allow no placement
    (a forced pass: K-7b, or K-5 with no token to take), one hint of strength 0 that says
    plainly there is no move and why. ``depth``: chance plies of Master's search used to
    rank the placements (2: a few hundredths of a second).

    :raises magico.rules.IllegalTurn: ``"K-8: …"`` if the game is over, ``"K-4: …"``
        for a bad die.
    """
    a, b = dice
    kind = position.roll_kind(a, b)
    ranked = ai.option_values(position, dice, depth=depth)
    best_text, best_value = ranked[0]
    t = Turn.parse(best_text)
    if t.kind == "pass":                   # no legal placement: one plain hint, no steps
        if kind == "take":
            return (Hint(0, "pass.take.0", "none", (a, b)),)
        return (Hint(0, "pass.none.0", "none", (a, b), checks=_checks(position, a, b)),)
    cell = parse_cell(t.cell)
    nums = position.board.numbers
    if kind == "take":
        goal, run = _take_goal(position, cell)
        opp = position.tokens(other(position.to_move))
        base = dict(goal=goal, dice=(a, b), target=t.cell)
        if run is not None:
            held = [i for i in run.indices if opp >> i & 1]
            base.update(cells=tuple(cell_name(i) for i in held),
                        numbers=tuple(nums[i] for i in held),
                        partial=sum(nums[i] for i in held),
                        line=run.cells, line_numbers=run.numbers,
                        need=TARGET_SUM - sum(nums[i] for i in held))
        return tuple(Hint(s, f"take.{goal}.{s}", **base) for s in (1, 2, 3))  # type: ignore

    goal, run, held = _placement_goal(position, cell)
    value = nums[cell]
    base = dict(goal=goal, dice=(a, b), value=value, target=t.cell)
    if kind == "compute":
        ops_for_value: dict[int, list[str]] = {}
        for op, v in results(a, b).items():
            ops_for_value.setdefault(v, []).append(op)
        worth: dict[int, float] = {}
        for text, v in ranked:
            tt = Turn.parse(text)
            if tt.kind == "place":
                worth[tt.value] = max(worth.get(tt.value, 0.0), v)
        useful = [op for op, v in results(a, b).items()
                  if v in worth and worth[v] >= best_value - USEFUL_MARGIN]
        base.update(ops=tuple(useful), op=t.op)
    if run is not None:
        held_numbers = tuple(nums[i] for i in held)
        partial = sum(held_numbers) + (value if goal == "build" else 0)
        base.update(cells=tuple(cell_name(i) for i in held), numbers=held_numbers,
                    partial=partial, line=run.cells, line_numbers=run.numbers,
                    need=None if goal == "start" else TARGET_SUM - partial)
    return tuple(Hint(s, f"{kind}.{goal}.{s}", **base) for s in (1, 2, 3))  # type: ignore
