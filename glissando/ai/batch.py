"""Vectorised Glissando turns and patterns for the Master search (pure: numpy only).

One node of the search has 500–2,000 complete turns (a placement, G-3, times an optional
slide or push, G-4). Generating and judging them one by one in Python costs about 3 µs
a turn for the board and 14 µs for the pattern evaluation (``glissando.ai.evaluate``):
25–40 ms a node. Here every turn of a node is computed at once on numpy ``uint64``
arrays (one element per turn): the chain of a push is grown with seven masked shifts,
its run with seven more, and the five-in-a-row windows are counted with the same
bit-sliced adders as the Expert's evaluation, so a whole node costs about 1 ms.

Squares and bitboards are those of :mod:`glissando.rules` (``sq = rank * 8 + file``).
All arrays are ``uint64``; never mix them with Python ints above 2**63 (numpy would turn
them into floats): constants are ``np.uint64``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from glissando.rules import EDGE, FULL, LINE_DIRS, neighbours

__all__ = ["Children", "children", "scan", "placeable", "slide_stops", "has_five",
           "U", "DIR_NAMES"]

U = np.uint64
_ZERO = U(0)
_NOT_A = U(FULL & ~sum(1 << (r * 8) for r in range(8)))
_NOT_H = U(FULL & ~sum(1 << (r * 8 + 7) for r in range(8)))
_EDGE = U(EDGE)
_FULL = U(FULL)

#: Slide directions in G-N2 order ``^ v < >`` (G-4): (name, shift, mask applied after).
DIR_NAMES = ("^", "v", "<", ">")
_SHIFT = {"^": 8, "v": -8, "<": -1, ">": 1}
_WRAP = {"^": _FULL, "v": _FULL, "<": _NOT_H, ">": _NOT_A}
_LINE = [(U(s), U(m), U(2 * s), U(3 * s), U(4 * s)) for s, m in LINE_DIRS]


def _sh(x, d: str):
    """Every bit of ``x`` moved one cell toward ``d`` (bits leaving the board drop)."""
    s = _SHIFT[d]
    if s > 0:
        return (x << U(s)) & _WRAP[d]
    return (x >> U(-s)) & _WRAP[d]


def _back(d: str) -> str:
    return {"^": "v", "v": "^", "<": ">", ">": "<"}[d]


def placeable(occ):
    """G-3 placement cells of each occupancy in ``occ`` (array): empty and on the edge
    or orthogonally next to a pawn."""
    nb = ((occ << U(8)) | (occ >> U(8)) | ((occ << U(1)) & _NOT_A) | ((occ >> U(1)) & _NOT_H))
    return (nb | _EDGE) & ~occ


def has_five(x):
    """G-5: True where ``x`` holds five consecutive cells in a line (bool array)."""
    out = np.zeros(x.shape, dtype=bool)
    for s, m, s2, _s3, s4 in _LINE:
        a = x & (x >> s)
        a &= a >> s2
        out |= (a & (x >> s4) & m) != 0
    return out


class Scan(NamedTuple):
    """Window statistics of colour X against Y (arrays, one element per position)."""
    five: np.ndarray      # bool: X holds a line of five (G-5)
    gaps: np.ndarray      # uint64: empty cells completing a window of 4 X and no Y
    c4: np.ndarray        # windows with 4 X and no Y (count)
    c3: np.ndarray
    c2: np.ndarray


def scan(x, y) -> Scan:
    """Count, for every position, the 5-cell windows (G-5 lines, four directions) that
    hold no ``y`` pawn by how many ``x`` pawns they hold (bit-sliced adders: all
    windows of all positions at once)."""
    not_y = ~y
    five = np.zeros(x.shape, dtype=bool)
    gaps = np.zeros(x.shape, dtype=U)
    c4 = np.zeros(x.shape, dtype=np.int64)
    c3 = np.zeros(x.shape, dtype=np.int64)
    c2 = np.zeros(x.shape, dtype=np.int64)
    for s, m, s2, s3, s4 in _LINE:
        f = not_y & (not_y >> s)
        f &= f >> s2
        f &= (not_y >> s4) & m
        a0, a1, a2, a3, a4 = x, x >> s, x >> s2, x >> s3, x >> s4
        x01 = a0 ^ a1
        s1 = x01 ^ a2
        k1 = (a0 & a1) | (a2 & x01)
        sb = a3 ^ a4
        k2 = a3 & a4
        ones = s1 ^ sb
        cy = s1 & sb
        xx = k1 ^ k2
        twos = xx ^ cy
        fours = (k1 & k2) | (cy & xx)
        w = f & fours
        five |= (w & ones) != 0
        w4 = w & ~ones
        c4 += np.bitwise_count(w4)
        gaps |= ((w4 & ~a0) | ((w4 & ~a1) << s) | ((w4 & ~a2) << s2)
                 | ((w4 & ~a3) << s3) | ((w4 & ~a4) << s4))
        t = f & twos
        c3 += np.bitwise_count(t & ones)
        c2 += np.bitwise_count(t & ~ones)
    return Scan(five, gaps, c4, c3, c2)


def slide_stops(x, occ):
    """Cells where a lone pawn of ``x`` can end a slide over empty cells (G-4a) on
    occupancy ``occ``, or could with one stopper placed beyond it (G-3 then G-4a): the
    cells a slide threat can fill. Pushes (G-4b) are left to the exact search."""
    empty = ~occ
    place = placeable(occ)
    out = np.zeros(x.shape, dtype=U)
    for d in DIR_NAMES:
        f = _sh(x, d) & empty
        for _ in range(6):
            f |= _sh(f, d) & empty
        # a cell stops the slide when the next one is occupied or off the board; with a
        # placement first, also when the next one is a placeable empty cell
        nxt_free = _sh(empty, _back(d)) & ~_sh(place, _back(d))
        out |= f & ~nxt_free
    return out


class Children(NamedTuple):
    """Every complete turn of one position, boards after placement and slide (G-3,
    G-4), from the mover's side: ``mine``/``theirs`` arrays; ``place`` the placement
    square, ``q`` the slid pawn's square (-1: no slide), ``d`` the direction index in
    :data:`DIR_NAMES` (-1: no slide)."""
    mine: np.ndarray
    theirs: np.ndarray
    place: np.ndarray
    q: np.ndarray
    d: np.ndarray

    def __len__(self) -> int:
        return len(self.mine)

    def turn(self, i: int) -> tuple[int, tuple[int, str] | None]:
        """``(place, (sq, dir) | None)`` of child ``i``."""
        q = int(self.q[i])
        return int(self.place[i]), (None if q < 0 else (q, DIR_NAMES[int(self.d[i])]))


_BITS = np.array([1 << i for i in range(64)], dtype=U)
_MIX = U(0x9E3779B97F4A7C15)      # Fibonacci hashing constant (Knuth, TAOCP 6.4)


def _first_of_each(m, t) -> np.ndarray:
    """Indices (increasing) of the first element of each distinct ``(m, t)`` pair: a
    64-bit mixed key sorted stably, equal neighbours compared on both boards (so a key
    collision never merges two different boards)."""
    key = m ^ (t * _MIX)
    o = np.lexsort((np.arange(len(m)), t, m, key))
    km, mm, tt = key[o], m[o], t[o]
    dup = np.zeros(len(o), dtype=bool)
    dup[1:] = (km[1:] == km[:-1]) & (mm[1:] == mm[:-1]) & (tt[1:] == tt[:-1])
    return np.sort(o[~dup])


def squares_of(bb: int) -> list[int]:
    """Set squares of the Python int ``bb`` (increasing)."""
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def _run(qbit, occ, d: str):
    """G-4a/G-4b on arrays: the chain (the pawn ``qbit`` and the unbroken run of
    ``occ`` in front of it toward ``d``) and ``k``, how many cells it moves (G-4c: to
    the end; 0 when it moves nothing, G-4d)."""
    chain = qbit
    for _ in range(7):
        grown = chain | (_sh(chain, d) & occ)
        if (grown == chain).all():
            break
        chain = grown
    rest = occ & ~chain
    cnt = np.bitwise_count(chain)
    cur = chain
    k = np.zeros(len(chain), dtype=np.int64)
    for _ in range(7):
        nxt = _sh(cur, d)
        ok = (np.bitwise_count(nxt) == cnt) & ((nxt & rest) == 0)
        if not ok.any():
            break
        cur = np.where(ok, nxt, cur)
        k += ok
    return chain, k


def _move(x, chain, k, d: str):
    """The pawns of ``x`` inside ``chain`` moved ``k`` cells toward ``d``."""
    kk = k.astype(U) * U(abs(_SHIFT[d]))
    if _SHIFT[d] > 0:
        return (x & ~chain) | ((x & chain) << kk)
    return (x & ~chain) | ((x & chain) >> kk)


def bits_of(arr) -> tuple[np.ndarray, np.ndarray]:
    """``(row, square)`` of every set bit of the uint64 array ``arr`` (row-major)."""
    b = np.unpackbits(np.ascontiguousarray(arr, dtype=U).view(np.uint8).reshape(-1, 8),
                      axis=1, bitorder="little")
    return np.nonzero(b)


_FILE_A = U(0x0101010101010101)
_NOT_GH = U(FULL & ~sum(3 << (r * 8 + 6) for r in range(8)))
_NOT_EH = U(FULL & ~sum(15 << (r * 8 + 4) for r in range(8)))
_RANKS = [U(0xFF << (8 * r)) for r in range(8)]
_FILES = [U(0x0101010101010101 << f) for f in range(8)]
RANK_OF = np.array([0xFF << (8 * (s // 8)) for s in range(64)], dtype=U)
FILE_OF = np.array([0x0101010101010101 << (s % 8) for s in range(64)], dtype=U)


def _rank_fill(x):
    """Whole ranks holding at least one bit of ``x``."""
    t = x | ((x >> U(1)) & _NOT_H)
    t |= (t >> U(2)) & _NOT_GH
    t |= (t >> U(4)) & _NOT_EH
    return (t & _FILE_A) * U(0xFF)


def _file_fill(x):
    """Whole files holding at least one bit of ``x``."""
    t = x | (x >> U(8))
    t |= t >> U(16)
    t |= t >> U(32)
    return (t & U(0xFF)) * _FILE_A


def _missing_of_fours(x):
    """Cells completing a 5-cell window that holds exactly four ``x`` pawns (whatever
    the fifth cell holds)."""
    out = np.zeros(x.shape, dtype=U)
    for s, m, s2, s3, s4 in _LINE:
        a0, a1, a2, a3, a4 = x, x >> s, x >> s2, x >> s3, x >> s4
        x01 = a0 ^ a1
        s1 = x01 ^ a2
        k1 = (a0 & a1) | (a2 & x01)
        sb = a3 ^ a4
        k2 = a3 & a4
        ones = s1 ^ sb
        cy = s1 & sb
        xx = k1 ^ k2
        w4 = ((k1 & k2) | (cy & xx)) & ~ones & m
        out |= ((w4 & ~a0) | ((w4 & ~a1) << s) | ((w4 & ~a2) << s2)
                | ((w4 & ~a3) << s3) | ((w4 & ~a4) << s4))
    return out


def _lines_with(x, n: int, lines):
    """Union of the ``lines`` (rank or file masks) holding at least ``n`` bits of x."""
    out = np.zeros(x.shape, dtype=U)
    for L in lines:
        out |= np.where(np.bitwise_count(x & L) >= n, L, _ZERO)
    return out


def can_score(mine, theirs) -> np.ndarray:
    """Exact G-5 test for many positions at once: True where the owner of ``mine``, to
    move, has a turn (placement G-3 then no slide or one slide/push G-4) that ends with
    a line of five of theirs, or already has one on the board (G-5b). Bool array.

    Only the slides that can matter are tried. A slide moves pawns along one rank or
    file L. A five after it either lies along L (then L already held five of the mover's
    pawns after the placement: a slide along L does not change their number on L), or
    crosses L in one cell x, whose other four cells the slide leaves alone: those four
    held the mover's pawns after the placement and x did not (else the placement alone
    made the five). So only pawns on such lines L are slid; everything else is ruled out
    by counting. ``tests/glissando/test_master.py`` checks this against every turn."""
    mine = np.ascontiguousarray(mine, dtype=U)
    theirs = np.ascontiguousarray(theirs, dtype=U)
    occ = mine | theirs
    pl = placeable(occ)
    res = has_five(mine)
    sc_gaps = scan(mine, theirs).gaps
    res |= (sc_gaps & pl) != 0                          # G-3 placement in a hot gap
    moves = (np.bitwise_count(mine) < 32) & (pl != 0)   # G-7: else the game is over
    res &= moves
    idx = np.flatnonzero(~res & moves)
    if not len(idx):
        return res
    m, o, p = mine[idx], occ[idx], pl[idx]
    rich5_h, rich5_v = _lines_with(m, 5, _RANKS), _lines_with(m, 5, _FILES)
    rich4_h, rich4_v = _lines_with(m, 4, _RANKS), _lines_with(m, 4, _FILES)
    row, sq = bits_of(p)                                # one row per (position, placement)
    pb = _BITS[sq]
    m0 = m[row] | pb
    o0 = o[row] | pb
    miss = _missing_of_fours(m0) & ~m0
    r_h = _rank_fill(miss) | rich5_h[row] | (rich4_h[row] & RANK_OF[sq])
    r_v = _file_fill(miss) | rich5_v[row] | (rich4_v[row] & FILE_OF[sq])
    hit = np.zeros(len(idx), dtype=bool)
    for dirs, rel in ((("<", ">"), r_h), (("^", "v"), r_v)):
        cand = m0 & rel
        live = np.flatnonzero(cand != 0)
        if not len(live):
            continue
        r2, q = bits_of(cand[live])
        rows = live[r2]
        qb = _BITS[q]
        for d in dirs:
            chain, k = _run(qb, o0[rows], d)
            ok = k > 0
            if not ok.any():
                continue
            rr = rows[ok]
            after = _move(m0[rr], chain[ok], k[ok], d)
            five = has_five(after)
            if five.any():
                hit[row[rr[five]]] = True
    res[idx] |= hit
    return res


class Family(NamedTuple):
    """Every complete turn of many positions at once (see :func:`children_many`):
    boards after placement and slide from each mover's side, ``owner`` the index of the
    position each turn belongs to (non-decreasing), ``place``/``q``/``d`` as in
    :class:`Children`."""
    mine: np.ndarray
    theirs: np.ndarray
    owner: np.ndarray
    place: np.ndarray
    q: np.ndarray
    d: np.ndarray

    def turn(self, i: int) -> tuple[int, tuple[int, str] | None]:
        """``(place, (sq, dir) | None)`` of turn ``i``."""
        q = int(self.q[i])
        return int(self.place[i]), (None if q < 0 else (q, DIR_NAMES[int(self.d[i])]))


def children_many(mines, theirs, dedupe: bool = True) -> Family:
    """Every complete turn (G-3 placement, then no slide or one G-4 slide/push that
    moves something, G-4d) of each position ``(mines[i], theirs[i])``, the owner of
    ``mines[i]`` to move. Turns are grouped by position (``owner`` ascending); within a
    position, placements without a slide come first. With ``dedupe`` one turn is kept
    per resulting board. Removals (G-5) are not expanded."""
    mines = np.ascontiguousarray(mines, dtype=U)
    theirs = np.ascontiguousarray(theirs, dtype=U)
    occ = mines | theirs
    prow, psq = bits_of(placeable(occ))                 # placements
    qrow, qsq_all = bits_of(mines)                      # pawns that can slide
    n = len(mines)
    nq = np.bincount(qrow, minlength=n)
    qstart = np.concatenate([[0], np.cumsum(nq)[:-1]]).astype(np.int64)
    pbit = _BITS[psq]
    outs = [(mines[prow] | pbit, theirs[prow], prow, psq,
             np.full(len(prow), -1, dtype=np.int64), np.full(len(prow), -1, dtype=np.int64),
             np.arange(len(prow)) * 5)]
    rep = nq[prow] + 1
    total = int(rep.sum())
    if total:
        r = np.repeat(np.arange(len(prow)), rep)        # placement row of each combo
        starts = np.concatenate([[0], np.cumsum(rep)[:-1]])
        off = np.arange(total) - np.repeat(starts, rep)
        own = prow[r]
        is_p = off == nq[own]
        q = np.where(is_p, psq[r], qsq_all[np.minimum(qstart[own] + off, max(len(qsq_all) - 1, 0))]
                     if len(qsq_all) else psq[r])
        pb = pbit[r]
        occ_i = occ[own] | pb
        mine_i = mines[own] | pb
        th_i = theirs[own]
        qb = _BITS[q]
        for di, d in enumerate(DIR_NAMES):
            chain, k = _run(qb, occ_i, d)
            sel = np.flatnonzero(k > 0)
            if not len(sel):
                continue
            ch, ks = chain[sel], k[sel]
            outs.append((_move(mine_i[sel], ch, ks, d), _move(th_i[sel], ch, ks, d),
                         own[sel], psq[r[sel]], q[sel], np.full(len(sel), di, dtype=np.int64),
                         r[sel] * 5 + 1 + di))
    m = np.concatenate([o[0] for o in outs])
    t = np.concatenate([o[1] for o in outs])
    ow = np.concatenate([o[2] for o in outs])
    pl = np.concatenate([o[3] for o in outs])
    qq = np.concatenate([o[4] for o in outs])
    dd = np.concatenate([o[5] for o in outs])
    rank = np.concatenate([o[6] for o in outs])
    # group by position; inside a position keep generation order (placement, then slides)
    order = np.lexsort((rank, ow))
    m, t, ow, pl, qq, dd = m[order], t[order], ow[order], pl[order], qq[order], dd[order]
    if dedupe and len(m) > 1:
        key = (m ^ (t * _MIX)) ^ (ow.astype(U) * U(0xD6E8FEB86659FD93))
        o = np.lexsort((np.arange(len(m)), t, m, ow, key))
        km, mm, tt, oo = key[o], m[o], t[o], ow[o]
        dup = np.zeros(len(o), dtype=bool)
        dup[1:] = (km[1:] == km[:-1]) & (mm[1:] == mm[:-1]) & (tt[1:] == tt[:-1]) & (oo[1:] == oo[:-1])
        keep = np.sort(o[~dup])
        m, t, ow, pl, qq, dd = m[keep], t[keep], ow[keep], pl[keep], qq[keep], dd[keep]
    return Family(m, t, ow, pl, qq, dd)


def children(mine: int, theirs: int, dedupe: bool = True) -> Children:
    """Every complete turn of one position (see :func:`children_many`): placement
    (G-3), then no slide or one G-4 slide/push that moves something (G-4d), for the side
    owning ``mine`` against ``theirs``. With ``dedupe`` one turn per resulting board
    (placing on b1 and sliding to d1 gives the board of placing on d1: the first in
    generation order is kept). Removals (G-5) are not expanded."""
    f = children_many(np.array([mine], dtype=U), np.array([theirs], dtype=U), dedupe)
    return Children(f.mine, f.theirs, f.place, f.q, f.d)
