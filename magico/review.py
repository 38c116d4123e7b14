"""Review of a finished Magico game (issue 17) — pure: no pygame, no shell.

:func:`review` replays a game from its start position (K-N1) and turn log (K-N2) and,
for every turn where the player had a choice, compares the turn played with the best
one by Master's evaluation (:func:`magico.ai.option_values`: the chance of winning
after the turn, searched two chance plies deep). A turn is *missed* when the turn
played lost at least ``threshold`` of that chance — a better placement (K-7, K-6) or
take (K-5) was there, or the player miscalculated (K-7a) and placed nothing.

Time is bounded: a budget of searched placements (``budget``, about a second and a
half of Master's search on a 2-core machine) is spent on the turns in order; once it
is spent the remaining turns are valued one chance ply deep (a millisecond or two
each), and at most ``max_turns`` turns are read. ``TurnReview.depth`` says how deep
each turn was looked at.

>>> from magico.rules import Position
>>> start = Position.from_text(
...     "magico-classic RR...B/B...BR/.B...B/.RRB../..B.../R.B.RR r 7-7")
>>> r = review(start, ["3,3 3-3=0 c1"])
>>> r.missed, r.turns[0].best, r.turns[0].points_missed
((0,), '3,3 3-3=0 b5', 15)
"""

from __future__ import annotations

from dataclasses import dataclass

from magico import ai
from magico.rules import IllegalTurn, Position, Turn

__all__ = ["TurnReview", "Review", "review", "THRESHOLD", "BUDGET", "MAX_TURNS"]

#: A turn is marked missed when it lost at least this chance of winning (0–1).
THRESHOLD = 0.04
#: Placements searched for the whole review before the depth drops to one ply.
BUDGET = 1_200_000
#: Turns read at most (a real game has 30–60).
MAX_TURNS = 400


@dataclass(frozen=True)
class TurnReview:
    """One turn of the log, reviewed.

    ``index``: 0-based place in the log; ``player``: ``"r"``/``"b"``; ``before``: the
    position before it (K-N1); ``played`` and ``best``: K-N2 texts (``best`` equals
    ``played`` when it was as good); ``played_value`` / ``best_value``: the player's
    chance of winning (0–1) after each by Master's evaluation; ``loss``: their
    difference (≥ 0); ``points_missed``: the run points (K-9) the best turn scores at
    once and the played turn does not (0 if none); ``kind``: the played turn's kind
    (``place``, ``any``, ``take``, ``pass``, ``wrong``); ``forced``: the dice left
    one outcome only (nothing to review); ``missed``: ``loss ≥ threshold``; ``depth``:
    chance plies searched.
    """

    index: int
    player: str
    before: str
    played: str
    best: str
    played_value: float
    best_value: float
    loss: float
    points_missed: int
    kind: str
    forced: bool
    missed: bool
    depth: int


@dataclass(frozen=True)
class Review:
    """A reviewed game: ``start`` (K-N1), ``turns`` (one :class:`TurnReview` per turn
    read), ``missed`` (indices of the missed turns, in order), ``final`` (K-N1 of the
    last position read), ``complete`` (every turn was read and searched at the full
    depth)."""

    start: str
    turns: tuple[TurnReview, ...]
    missed: tuple[int, ...]
    final: str
    complete: bool

    def missed_by(self, player: str) -> tuple[TurnReview, ...]:
        """The missed turns of ``player`` (``"r"`` or ``"b"``), largest loss first."""
        return tuple(sorted((self.turns[i] for i in self.missed if self.turns[i].player == player),
                            key=lambda t: (-t.loss, t.index)))


def _points(before: Position, after: Position) -> int:
    me = before.to_move
    return after.scores()[me] - before.scores()[me]


def review(start: Position | str, turns: list[str] | tuple[str, ...], *,
           threshold: float = THRESHOLD, depth: int = 2, budget: int = BUDGET,
           max_turns: int = MAX_TURNS) -> Review:
    """Review the game ``turns`` (K-N2 texts) played from ``start`` (a position or its
    K-N1 text); see the module text. Any game may be reviewed, finished or not.

    :raises magico.rules.IllegalTurn: ``"turn N: K-…"`` naming the first turn (1-based)
        that is not legal from the position it was played in, or a bad start (K-N1).
    """
    pos = Position.from_text(start) if isinstance(start, str) else start
    first = pos.to_text()
    out: list[TurnReview] = []
    spent = 0
    complete = len(turns) <= max_turns
    for index, text in enumerate(turns[:max_turns]):
        try:
            t = Turn.parse(text)
            after = pos.play(t)
        except IllegalTurn as exc:
            raise IllegalTurn(f"turn {index + 1}: {exc}") from exc
        d = depth if spent < budget else 1
        complete = complete and d == depth
        ranked, played_value, nodes = ai.review_values(pos, t.dice, text, depth=d)
        spent += nodes
        best_text, best_value = ranked[0]
        forced = len(ranked) == 1 and t.kind != "wrong"
        if played_value >= best_value - 1e-9:
            best_text, best_value = text, played_value
        loss = max(0.0, best_value - played_value)
        best_after = pos.play(best_text)
        out.append(TurnReview(
            index=index, player=pos.to_move, before=pos.to_text(), played=text,
            best=best_text, played_value=played_value, best_value=best_value, loss=loss,
            points_missed=max(0, _points(pos, best_after) - _points(pos, after)),
            kind=t.kind, forced=forced, missed=not forced and loss >= threshold, depth=d))
        pos = after
        if pos.is_over:
            break
    return Review(first, tuple(out), tuple(r.index for r in out if r.missed),
                  pos.to_text(), complete)
