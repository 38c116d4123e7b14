"""Independent Glissando opponents for measuring the project's AI (issue 17).

They share no code with ``glissando.ai``: their own board (a list of 64 small ints),
their own turn generator (pawns moved cell by cell as G-4a/G-4b say), their own pattern
evaluation (numpy over the 96 five-cell windows) and their own search. ``glissando.rules``
is used only to check that a chosen turn is legal (``Position.play``) and to read the
position (``Position`` fields), as an outside program would through the AI API.

Players (each ``choose(position, rng) -> str``, a G-N2 turn text):

``ref-greedy``
    One ply: every complete turn is scored with the pattern evaluation below; the best
    is played (seeded random tie-break).
``ref-2ply``
    The searcher named in issue 17: a plain two-ply search. Every turn is scored with
    the evaluation (ply 1); the best ``width`` of them (default 10) are searched against
    *every* reply of the opponent (ply 2, each reply scored with the evaluation from the
    first mover's side); the turn whose worst reply is best is played. With width 10 it
    thinks about 0.1 s a move on one free core (``benchmarks/glissando_ai.py`` reports
    its measured time).
``ref-2ply-wide``
    The same search with width 30 (about three times the thinking time): a stronger
    independent opponent, to see how much of Master's margin over ``ref-2ply`` comes
    from the reference's narrow root.

Pattern evaluation, for the side ``X`` to move against ``Y`` (points x 1000): every
window of five cells in a row, column or diagonal that holds no pawn of the other colour
counts for a colour by how many pawns it holds: five (a line, G-5), four, three, two. A
four whose empty cell can take a placement now (edge or next to a pawn, G-3) is an
*immediate scoring threat*. ``X`` to move with a five or an immediate threat scores this
turn (+900, or a win when that point reaches the target); each immediate threat of ``Y``
costs ``X`` 250, two or more 700 (only one can be blocked with the placement); then
fours 60, threes 20, twos 4 for ``X``, a little less for ``Y``, and 1000 a point.

Scoring turns (G-5) remove the two end pawns of the line (the middle three stay).
"""

from __future__ import annotations

import random
from typing import Iterator

import numpy as np

from glissando.rules import Position

FILES = "abcdefgh"
STEPS = {"^": (0, 1), "v": (0, -1), "<": (-1, 0), ">": (1, 0)}
WIN = 10 ** 6


def _name(i: int) -> str:
    return FILES[i % 8] + str(i // 8 + 1)


def _windows() -> np.ndarray:
    out = []
    for r in range(8):
        for f in range(8):
            for df, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                cells = [(f + k * df, r + k * dr) for k in range(5)]
                if all(0 <= a < 8 and 0 <= b < 8 for a, b in cells):
                    out.append([b * 8 + a for a, b in cells])
    return np.array(out, dtype=np.int64)


WINDOWS = _windows()                                  # (96, 5) cell indices
NEIGH = np.full((65, 4), 64, dtype=np.int64)          # 64 = a padding cell, never set
for _i in range(64):
    _f, _r = _i % 8, _i // 8
    for _k, (_df, _dr) in enumerate(STEPS.values()):
        if 0 <= _f + _df < 8 and 0 <= _r + _dr < 8:
            NEIGH[_i, _k] = (_r + _dr) * 8 + _f + _df
NEIGH = NEIGH[:64]
EDGE = np.array([i % 8 in (0, 7) or i // 8 in (0, 7) for i in range(64)])


def board_of(position: Position) -> list[int]:
    """64 cells, 0 empty, 1 blue, 2 orange (read from the G-N1 text, not the bitboards)."""
    cells = [0] * 64
    rows = position.to_text().split(" ")[0].split("/")
    for k, row in enumerate(rows):
        r, f = 7 - k, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                cells[r * 8 + f] = 1 if ch == "B" else 2
                f += 1
    return cells


def _placements(cells: list[int]) -> list[int]:
    """G-3: empty cells on the edge or orthogonally next to a pawn."""
    out = []
    for i in range(64):
        if cells[i]:
            continue
        f, r = i % 8, i // 8
        if f in (0, 7) or r in (0, 7) or any(
                cells[(r + dr) * 8 + f + df] for df, dr in STEPS.values()
                if 0 <= f + df < 8 and 0 <= r + dr < 8):
            out.append(i)
    return out


def _slide(cells: list[int], sq: int, d: str) -> list[int] | None:
    """G-4a/G-4b: the pawn and the unbroken run of pawns in front of it move as one
    block while the cell beyond the head is empty and on the board (G-4c). None if
    nothing moves (G-4d)."""
    df, dr = STEPS[d]
    f, r = sq % 8, sq // 8
    n = 1                                       # chain length
    while 0 <= f + n * df < 8 and 0 <= r + n * dr < 8 and cells[(r + n * dr) * 8 + f + n * df]:
        n += 1
    k = 0                                       # empty cells beyond the head
    while (0 <= f + (n + k) * df < 8 and 0 <= r + (n + k) * dr < 8
           and not cells[(r + (n + k) * dr) * 8 + f + (n + k) * df]):
        k += 1
    if k == 0:
        return None
    out = list(cells)
    for i in range(n - 1, -1, -1):              # head first, so no pawn is overwritten
        src = (r + i * dr) * 8 + f + i * df
        out[(r + (i + k) * dr) * 8 + f + (i + k) * df] = out[src]
        out[src] = 0
    return out


def turns(cells: list[int], me: int) -> Iterator[tuple[str, list[int]]]:
    """Every placement and slide choice of colour ``me`` (1 blue, 2 orange): ``(text
    without removals, cells after)``."""
    for p in _placements(cells):
        c1 = list(cells)
        c1[p] = me
        yield _name(p), c1
        for q in range(64):
            if c1[q] != me:
                continue
            for d in STEPS:
                c2 = _slide(c1, q, d)
                if c2 is not None:
                    yield f"{_name(p)} {_name(q)}{d}", c2


def _line_of_five(cells: list[int], me: int) -> list[int] | None:
    """The cells of one maximal run of >= 5 of ``me`` (G-5), or None."""
    for w in WINDOWS:
        if all(cells[i] == me for i in w):
            step = int(w[1] - w[0])
            run = list(map(int, w))
            while True:                       # extend forward while on the same line
                nxt = run[-1] + step
                if nxt < 64 and cells[nxt] == me and abs(nxt % 8 - run[-1] % 8) <= 1:
                    run.append(nxt)
                else:
                    break
            while True:
                prv = run[0] - step
                if prv >= 0 and cells[prv] == me and abs(prv % 8 - run[0] % 8) <= 1:
                    run.insert(0, prv)
                else:
                    break
            return run
    return None


def evaluate(boards: np.ndarray, x: int, px: int, py: int, target: int) -> np.ndarray:
    """Pattern values (points x 1000) of ``boards`` ((N, 64) int8) for colour ``x`` to
    move with ``px``/``py`` points (see the module docstring)."""
    y = 3 - x
    wins = boards[:, WINDOWS]                              # (N, 96, 5)
    nx = (wins == x).sum(-1)
    ny = (wins == y).sum(-1)
    occ = boards != 0
    occp = np.concatenate([occ, np.zeros((len(boards), 1), dtype=bool)], axis=1)
    place = ~occ & (EDGE | occp[:, NEIGH].any(-1))          # (N, 64)
    empty_idx = np.argmin(wins != 0, axis=-1)               # first empty cell of a window
    gap_cell = np.take_along_axis(np.broadcast_to(WINDOWS, wins.shape[:2] + (5,)),
                                  empty_idx[..., None], -1)[..., 0]
    gap_ok = np.take_along_axis(place, gap_cell.reshape(len(boards), -1), 1)
    fx, fy = (nx == 5).any(-1), (ny == 5).any(-1)
    four_x, four_y = (nx == 4) & (ny == 0), (ny == 4) & (nx == 0)
    hot_x = (four_x & gap_ok).sum(-1)
    hot_y = (four_y & gap_ok).sum(-1)
    free_x, free_y = ny == 0, nx == 0
    v = 1000 * (px - py) * np.ones(len(boards), dtype=np.int64)
    now = fx | (hot_x > 0)
    v = np.where(now, WIN - 1 if px + 1 >= target else v + 900, v)
    threats = hot_y + 2 * fy
    v = v - np.where(threats >= 2, 700, np.where(threats == 1, 250, 0)) * (
        2 if py + 1 >= target else 1)
    v = v + 60 * (four_x.sum(-1) - hot_x) - 50 * four_y.sum(-1)
    v = v + 20 * ((nx == 3) & free_x).sum(-1) - 18 * ((ny == 3) & free_y).sum(-1)
    v = v + 4 * ((nx == 2) & free_x).sum(-1) - 4 * ((ny == 2) & free_y).sum(-1)
    return v


class _Node:
    """A position of this module: cells, colour to move, points, pawns in reserve."""

    def __init__(self, cells, me, points, reserves, target):
        self.cells, self.me, self.points, self.reserves, self.target = \
            cells, me, points, reserves, target

    @classmethod
    def of(cls, p: Position) -> "_Node":
        return cls(board_of(p), 1 if p.to_move == "b" else 2, tuple(p.points),
                   tuple(p.reserves), p.target)

    def moves(self):
        """Complete turns: ``(text, cells after, points after)`` (removals done)."""
        me = self.me
        out = [[text, c, self.points] for text, c in turns(self.cells, me)]
        if not out:
            return out
        boards = np.array([c for _, c, _ in out], dtype=np.int8)
        fives = np.flatnonzero((boards[:, WINDOWS] == me).all(-1).any(-1))
        for i in fives:                          # G-5: score, remove the two ends
            text, c, _ = out[i]
            c = list(c)
            run = _line_of_five(c, me)
            c[run[0]] = c[run[-1]] = 0
            pts = list(self.points)
            pts[me - 1] += 1
            a, b = sorted((run[0], run[-1]))
            out[i] = [f"{text} x{_name(a)} x{_name(b)}", c, tuple(pts)]
        return [tuple(m) for m in out]

    def values(self, moves) -> np.ndarray:
        """Ply-1 value of each move for the mover (the opponent then moves)."""
        me, other = self.me, 3 - self.me
        boards = np.array([c for _, c, _ in moves], dtype=np.int8)
        pts = np.array([p for _, _, p in moves])
        out = np.empty(len(moves), dtype=np.int64)
        for key in set(map(tuple, pts.tolist())):
            sel = np.all(pts == key, axis=1)
            pm, po = key[me - 1], key[other - 1]
            if pm >= self.target:
                out[sel] = WIN
                continue
            res_o = self.reserves[other - 1]
            if res_o == 0:
                out[sel] = 0 if pm == po else (WIN if pm > po else -WIN)
                continue
            out[sel] = -evaluate(boards[sel], other, po, pm, self.target)
        return out


def greedy(position: Position, rng: random.Random) -> str:
    """``ref-greedy``: the best turn by the pattern evaluation after it (one ply)."""
    node = _Node.of(position)
    moves = node.moves()
    vals = node.values(moves)
    best = np.flatnonzero(vals == vals.max())
    text = moves[int(best[rng.randrange(len(best))])][0]
    position.play(text)                                    # legality, by the rules
    return text


def two_ply(position: Position, rng: random.Random, width: int = 10) -> str:
    """``ref-2ply``: the ``width`` best turns by one ply, each against every reply."""
    node = _Node.of(position)
    me = node.me
    moves = node.moves()
    vals = node.values(moves)
    noise = np.array([rng.random() for _ in moves])        # seeded tie-break
    order = np.lexsort((noise, -vals))
    if vals[order[0]] >= WIN:
        text = moves[int(order[0])][0]
        position.play(text)
        return text
    best_v, best_text = None, moves[int(order[0])][0]
    for i in order[:width]:
        text, cells, pts = moves[int(i)]
        res = list(node.reserves)
        res[me - 1] -= 1
        if pts[me - 1] != node.points[me - 1]:
            res[me - 1] += 2
        child = _Node(cells, 3 - me, pts, tuple(res), node.target)
        if res[2 - me] == 0:                               # G-7: the game ends here
            worst = int(vals[i])
        else:
            replies = child.moves()
            worst = -int(child.values(replies).max())      # their best reply, my side
        if best_v is None or worst > best_v:
            best_v, best_text = worst, text
    position.play(best_text)
    return best_text


def two_ply_wide(position: Position, rng: random.Random) -> str:
    """``ref-2ply-wide``: :func:`two_ply` with the 30 best turns searched."""
    return two_ply(position, rng, width=30)


PLAYERS = {
    "ref-greedy": greedy,
    "ref-2ply": two_ply,
    "ref-2ply-wide": two_ply_wide,
}
