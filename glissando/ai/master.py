"""Glissando's Master level (pure: numpy and :mod:`glissando.rules`, no pygame).

One decision (:func:`choose`), for the side to move:

1. a threat-space search (:func:`glissando.ai.tactics.forced_point`, three of our
   turns): a forced point of ours — a sequence of scoring threats (G-5) made by
   placements, slides or pushes (G-3, G-4) that the other side cannot all stop — is
   played at once;
2. iterative deepening with a transposition table: two plies (every root turn against
   every reply: the reply layer is one vectorised batch of :mod:`glissando.ai.batch`),
   then three plies for the ``DEEP_ROOT`` best root turns (``WIDTHS`` turns per node,
   scoring turns always among them: threat-first ordering) while the work budget and
   the deadline allow. Children are ordered by a quick evaluation, then the best of
   each node are re-evaluated with the exact scoring test (every slide and push,
   :func:`batch.can_score`) until each node's best child is exact: a push threat of
   the other side that the quick test misses survives many of our turns, which all look
   good until refined;
3. a safety check: a turn after which the other side can score at once or has a forced
   point (threat-space search, three of its turns) is replaced by the best searched one
   without, if there is one;
4. a defence: when the search judges every searched turn lost, the root turns outside
   its width after which the other side cannot score at once are checked the same way
   (best static value first) and the first that holds is played.

Work is counted (turns generated), so with ``time_limit=math.inf`` a seed repeats a
game on any machine; the wall-clock limit (``TIME_LIMIT``) only strikes on a busy
machine, and a batch whose expected time (this decision's own pace) would end past the
deadline is not started. Measured strength and times: docs/performance.md (AI strength).
"""

from __future__ import annotations

import math
import random
import time

import numpy as np

from glissando.ai import batch, tactics
from glissando.ai.batch import U
from glissando.rules import BLUE, FULL, PAWNS_PER_SIDE, Turn, removal_pairs

WIN = 1_000_000
POINT = 1000

#: evaluation weights (points x 1000)
W_NOW = 900          # the side to move can score this turn
W_THREAT1 = 180      # the other side has one scoring threat to stop
W_THREAT2 = 800      # ... two or more
W_TRADE = 750        # ... any, while the side to move scores (it cannot also block)
W_C4 = 70
W_C4_T = 60
W_C3 = 28
W_C3_T = 24
W_C2 = 5

REFINE = 6           # children per node whose value is recomputed with exact threats
REFINE_ROUNDS = 10   # ... then windows of 12, 24, ... while a node's best is unrefined
EXACT_WORK = 4       # work units of one exact threat test (can_score) of a child
MAX_SCORING = 40     # scoring turns per node whose removals (G-5c) are all tried
KEEP_SCORING = 4     # scoring children always searched at an inner node
WIDTHS = (40, 10, 6, 4)   # turns searched at the root, then at ply 1, 2, 3 and deeper
TIE = 6              # root turns within this of the best are equal: the rng picks one
MAX_DEPTH = 3        # plies of the deepest iteration (3: see docs/performance.md, AI)
DEEP_ROOT = 10       # root turns searched deeper than 2 plies (the best by depth 2)
MY_TSS_DEPTH = 3     # our turns in the threat-space search for a forced point
OPP_TSS_DEPTH = 3    # the opponent's, after our candidate turn (safety; 2 missed lines
                     # whose defences leave another immediate score)
TIME_LIMIT = 1.4     # s, wall clock, default limit of one decision (target: max <= 2 s)
BUDGET = 500_000     # work units of one decision (about 0.5 s on one free core)
CALL_WORK = 2000     # fixed cost of one batch, in turns generated
TSS_WORK = 4000      # positions judged by one threat-space search (about 0.1 s)
SAFETY_ALTERNATIVES = 8   # other root turns tried when ours allows a forced point
DEFENCE_CHECKS = 12  # root turns outside the search checked when no searched one is safe


def evaluate_batch(x, y, px, py, target: int, exact: bool = False) -> np.ndarray:
    """Static values (points x 1000, int64 array) of positions with the owner of ``x``
    to move against ``y`` (uint64 arrays); ``px``/``py`` their points (ints or int
    arrays). With ``exact`` "the side to move can score now" is decided by
    :func:`batch.can_score` (every slide and push), else by placements and lone slides
    into a gap."""
    px = np.asarray(px, dtype=np.int64)
    py = np.asarray(py, dtype=np.int64)
    occ = x | y
    pl = batch.placeable(occ)
    sx = batch.scan(x, y)
    sy = batch.scan(y, x)
    y_cells = sy.gaps & pl
    if exact:
        x_now = batch.can_score(x, y)
    else:
        x_now = sx.five | ((sx.gaps & pl) != 0)
        cold = np.flatnonzero(((sx.gaps & ~pl) != 0) & ~x_now)
        if len(cold):
            st = batch.slide_stops(x[cold], occ[cold])
            x_now[cold] = (sx.gaps[cold] & st) != 0
    cold = np.flatnonzero((sy.gaps & ~pl) != 0)
    if len(cold):
        st = batch.slide_stops(y[cold], occ[cold])
        y_cells[cold] |= sy.gaps[cold] & st
    y_n = 2 * sy.five.astype(np.int64) + np.bitwise_count(y_cells).astype(np.int64)
    v = POINT * (px - py) + np.zeros(len(x), dtype=np.int64)
    wins = x_now & (px + 1 >= target)                       # G-6: that point wins
    v = np.where(x_now, v + W_NOW, v)
    mult = np.where(py + 1 >= target, 2, 1)
    # the other side's threats: one can be blocked, two rarely; while the side to move
    # scores, it usually cannot block as well, so any threat then costs most of a point
    pen = np.where(y_n >= 2, W_THREAT2, np.where(y_n == 1, W_THREAT1, 0))
    pen = np.where(x_now & (y_n >= 1), W_TRADE, pen)
    v -= pen * mult
    hot_x = np.bitwise_count(sx.gaps & pl).astype(np.int64)
    v += W_C4 * (sx.c4 - hot_x) - W_C4_T * sy.c4
    v += W_C3 * sx.c3 - W_C3_T * sy.c3 + W_C2 * (sx.c2 - sy.c2)
    v = np.where(wins, WIN - 1, v)
    # G-7: the side to move has no pawn left in reserve: the game ends on the points
    over = np.bitwise_count(x) >= PAWNS_PER_SIDE
    if over.any():
        res = np.where(px == py, 0, np.where(px > py, WIN, -WIN))
        v = np.where(over, res, v)
    return v


class Node:
    """An expanded position: its children sorted best first for the mover
    (``vals``), materialised as next-node keys ``(S, T, ps, pt)`` on demand."""

    __slots__ = ("terminal", "vals", "best", "kids", "turns", "_src", "_made", "scoring")

    def __init__(self, terminal=None, best=0):
        self.terminal = terminal
        self.best = best
        self.vals = None
        self.kids: list = []
        self.turns: list = []
        self._src = None
        self._made: dict = {}
        self.scoring: list = []          # ranks (in vals) of the best scoring children

    def _kid(self, r: int) -> int:
        """Materialise the child of rank ``r``; its index in :attr:`kids`."""
        j = self._made.get(r)
        if j is None:
            fam, ct, cm, pts_t, pts_m, src, rm, lo = self._src
            i = lo + r
            self.kids.append((int(ct[i]), int(cm[i]), int(pts_t[i]), int(pts_m[i])))
            place, slide = fam.turn(int(src[i]))
            a = int(rm[i])
            self.turns.append(Turn(place, slide, None if a < 0 else (a >> 6, a & 63)))
            j = self._made[r] = len(self.kids) - 1
        return j

    def top(self, n: int) -> list:
        """Indices in :attr:`kids` of the ``n`` best children, then the best scoring
        children (G-5) not among them: a point is always looked at (threat first)."""
        if self._src is None:
            return list(range(len(self.kids)))
        ranks = list(range(min(n, len(self.vals))))
        ranks += [r for r in self.scoring if r >= n]
        return [self._kid(r) for r in ranks]


class _Abort(Exception):
    pass


class Searcher:
    """One decision's search: transposition table, expanded nodes, budget (work: turns
    generated plus ``CALL_WORK`` per batch, and a wall-clock deadline)."""

    def __init__(self, target: int, budget: int, deadline: float, widths=(40, 10, 6, 4)):
        self.target = target
        self.budget = budget
        self.deadline = deadline
        self.widths = widths
        self.tt: dict = {}
        self.nodes: dict = {}
        self.expanded = 0
        self.work = 0
        self.busy = 0.0                  # wall s spent expanding (the pace of this machine)

    # ------------------------------------------------------------------ expansion

    def expand_many(self, keys) -> None:
        """Expand every position of ``keys`` (``(S, T, ps, pt)``, ``S`` to move) not yet
        expanded, all in one vectorised batch. Raises ``_Abort`` when the work budget is
        spent, the deadline passed, or the batch would end past the deadline."""
        t = time.perf_counter()
        try:
            self._expand_many(keys)
        finally:
            self.busy += time.perf_counter() - t

    def _expand_many(self, keys) -> None:
        todo = []
        for k in dict.fromkeys(keys):
            if k in self.nodes:
                continue
            S, T, ps, pt = k
            if S.bit_count() >= PAWNS_PER_SIDE or (S | T) == FULL:      # G-7
                self.nodes[k] = Node(0 if ps == pt else (WIN if ps > pt else -WIN))
                continue
            todo.append(k)
        if not todo:
            return
        now = time.perf_counter()
        if self.work > self.budget or now > self.deadline:
            raise _Abort
        if self.expanded and self.work:
            # the wall time this batch will take, from this decision's own pace (wall s
            # per work unit so far: slower on a loaded machine): a batch that would end
            # past the deadline is not started (with no deadline, never: the budget alone
            # decides, so a seed repeats a game)
            pace = self.busy / self.work
            if now + pace * len(todo) * (self.work / self.expanded) > self.deadline:
                raise _Abort
        self.expanded += len(todo)
        target = self.target
        S = np.array([k[0] for k in todo], dtype=U)
        T = np.array([k[1] for k in todo], dtype=U)
        PS = np.array([k[2] for k in todo], dtype=np.int64)
        PT = np.array([k[3] for k in todo], dtype=np.int64)
        fam = batch.children_many(S, T)
        self.work += len(fam.mine) + CALL_WORK
        five = batch.has_five(fam.mine)
        won = np.zeros(len(todo), dtype=bool)
        if five.any():
            fi = np.flatnonzero(five)
            wins = fi[PS[fam.owner[fi]] + 1 >= target]
            for i in wins:                                # G-6: the point wins the game
                o = int(fam.owner[i])
                if won[o]:
                    continue
                won[o] = True
                a, b = removal_pairs(int(fam.mine[i]))[0]
                place, slide = fam.turn(int(i))
                n = Node(WIN, WIN)
                n.turns = [Turn(place, slide, (a, b))]
                n.kids = [None]
                self.nodes[todo[o]] = n
        quiet = np.flatnonzero(~five & ~won[fam.owner])
        own = [fam.owner[quiet]]
        ct, cm, src = [fam.theirs[quiet]], [fam.mine[quiet]], [quiet]
        pm = [PS[fam.owner[quiet]]]
        rm = [np.full(len(quiet), -1, dtype=np.int64)]     # removed pair a * 64 + b
        sc = np.flatnonzero(five & ~won[fam.owner])
        if len(sc):
            # G-5c: try every removal pair of the first MAX_SCORING scoring turns per node
            o_sc = fam.owner[sc]
            first = np.concatenate([[0], np.flatnonzero(np.diff(o_sc)) + 1])
            rank = np.arange(len(sc)) - np.repeat(first, np.diff(np.append(first, len(sc))))
            sc = sc[rank < MAX_SCORING]
            owner_i, rem, th, prs = [], [], [], []
            for i in sc:
                m = int(fam.mine[i])
                for a, b in removal_pairs(m):
                    owner_i.append(int(i))
                    rem.append(m & ~((1 << a) | (1 << b)))
                    th.append(int(fam.theirs[i]))
                    prs.append((a, b))
            oi = np.array(owner_i, dtype=np.int64)
            po = fam.owner[oi]
            v = -evaluate_batch(np.array(th, dtype=U), np.array(rem, dtype=U), PT[po],
                                PS[po] + 1, target)
            best: dict = {}
            for k, i in enumerate(owner_i):
                if i not in best or v[k] > v[best[i]]:
                    best[i] = k
            ks = list(best.values())
            kk = np.array(ks, dtype=np.int64)
            own.append(po[kk])
            ct.append(np.array([th[k] for k in ks], dtype=U))
            cm.append(np.array([rem[k] for k in ks], dtype=U))
            src.append(oi[kk])
            pm.append(PS[po[kk]] + 1)
            rm.append(np.array([prs[k][0] * 64 + prs[k][1] for k in ks], dtype=np.int64))
        own = np.concatenate(own)
        ct, cm, src, pm, rm = (np.concatenate(ct), np.concatenate(cm), np.concatenate(src),
                               np.concatenate(pm), np.concatenate(rm))
        if not len(own):
            return
        pt_c = PT[own]
        vals = -evaluate_batch(ct, cm, pt_c, pm, target)
        # exact threats (every slide and push, G-4b) for the best children of each node:
        # the best REFINE first, then, in each node whose best child is still unrefined
        # (the other side's push threat that the quick test misses survives many of our
        # turns: they all look good until refined), a window twice as wide, until every
        # node's best child is exact (at most all children: a node whose every turn
        # leaves a push threat is refined whole — the turns that stop it rise to the top)
        done = np.zeros(len(own), dtype=bool)
        n_top = REFINE
        for _round in range(REFINE_ROUNDS):
            order = np.lexsort((-vals, own))
            o_s = own[order]
            starts = np.concatenate([[0], np.flatnonzero(np.diff(o_s)) + 1])
            rank = np.arange(len(order)) - np.repeat(starts, np.diff(np.append(starts, len(order))))
            sel = (rank < n_top) & ~done[order]
            if _round:
                need = np.zeros(len(todo), dtype=bool)
                need[o_s[starts]] = ~done[order[starts]]
                sel &= need[o_s]
            top = order[sel]
            if not len(top):
                break
            vals[top] = -evaluate_batch(ct[top], cm[top], pt_c[top], pm[top], target, exact=True)
            done[top] = True
            self.work += EXACT_WORK * len(top)
            n_top *= 2
        order = np.lexsort((-vals, own))
        own, ct, cm, src, pm, pt_c, vals = (own[order], ct[order], cm[order], src[order],
                                            pm[order], pt_c[order], vals[order])
        rm = rm[order]
        starts = np.concatenate([[0], np.flatnonzero(np.diff(own)) + 1])
        ends = np.append(starts[1:], len(own))
        scored = pm > PS[own]
        for lo, hi in zip(starts, ends):
            o = int(own[lo])
            n = Node(None, int(vals[lo]))
            n.vals = vals[lo:hi]
            n._src = (fam, ct, cm, pt_c, pm, src, rm, int(lo))
            n.scoring = [int(r) for r in np.flatnonzero(scored[lo:hi])[:KEEP_SCORING]]
            self.nodes[todo[o]] = n

    def node(self, key) -> Node:
        n = self.nodes.get(key)
        if n is None:
            self.expand_many([key])
            n = self.nodes[key]
        return n

    # ------------------------------------------------------------------ search

    def negamax(self, key, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Value for the side to move of ``key`` searched ``depth`` plies (the last one
        full width, statically), within the window (alpha, beta)."""
        hit = self.tt.get(key)
        if hit is not None and hit[0] >= depth:
            _d, v, flag, _m = hit
            if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                return v
        n = self.node(key)
        if n.terminal is not None:
            return n.terminal
        if depth <= 1:
            return n.best
        width = self.widths[min(ply, len(self.widths) - 1)]
        idx = n.top(width)
        kids = [n.kids[j] for j in idx]
        self.expand_many(kids)                       # the next layer in one batch
        if depth == 2:
            best_j = max(idx, key=lambda j: -self._leaf(n.kids[j]))
            best = -self._leaf(n.kids[best_j])
            self.tt[key] = (depth, best, 0, best_j)
            return best
        order = list(idx)
        if hit is not None and hit[3] in order:
            order.remove(hit[3])
            order.insert(0, hit[3])
        a0 = alpha
        best, best_j = -WIN - 1, None
        for j in order:
            v = -self.negamax(n.kids[j], depth - 1, -beta, -max(alpha, best), ply + 1)
            if v > best:
                best, best_j = v, j
                if best >= beta:
                    break
        flag = 1 if best >= beta else (-1 if best <= a0 else 0)
        self.tt[key] = (depth, best, flag, best_j)
        return best

    def _leaf(self, key) -> int:
        n = self.nodes[key]
        return n.terminal if n.terminal is not None else n.best


def choose(position, rng: random.Random, time_limit: float | None = None,
           budget: int = BUDGET, stats: dict | None = None) -> Turn:
    """The Master's turn for ``position`` (not over)."""
    limit = TIME_LIMIT if time_limit is None else time_limit
    t0 = time.perf_counter()
    if not math.isfinite(limit):
        limit = 1e9
    deadline = t0 + 0.85 * limit                 # hard: a search in progress stops
    soft = t0 + 0.5 * limit                      # no new iteration starts after this
    me = position.to_move == BLUE
    S, T = (position.blue, position.orange) if me else (position.orange, position.blue)
    ps, pt = position.points if me else position.points[::-1]
    srch = Searcher(position.target, budget, deadline, WIDTHS)
    key = (S, T, ps, pt)
    root = srch.node(key)
    t_root = time.perf_counter()
    if root.terminal is not None:
        return root.turns[0]
    # 1. threat-space search: a forced point of ours (VCF-like, sound) is played at once
    line = tactics.forced_point(S, T, depth=MY_TSS_DEPTH, work=TSS_WORK,
                                time_limit=max(0.0, deadline - time.perf_counter()) / 4)
    if line is not None and line.depth >= 2:
        if stats is not None:
            stats.update(depth=0, expanded=srch.expanded, forced=line.depth)
        return Turn.parse(line.turns[0])
    t_tss = time.perf_counter()
    # 2. iterative deepening over the best root turns
    idx = root.top(srch.widths[0])
    kids = [root.kids[j] for j in idx]
    best_j = 0
    values = {}
    values2: dict = {}
    cur_best, cur_j = -WIN - 1, best_j
    completed = 1
    for depth in range(2, MAX_DEPTH + 1):
        if depth > 2 and time.perf_counter() > soft:
            break
        cur_best, cur_j = -WIN - 1, best_j
        vals = {}
        try:
            if depth == 2:
                srch.expand_many(kids)
            order = [best_j] + [j for j in range(len(kids)) if j != best_j]
            if depth > 2:                            # deeper: the best by depth 2 only
                order = [best_j] + sorted((j for j in values2 if j != best_j),
                                          key=lambda j: -values2[j])[:DEEP_ROOT - 1]
            for j in order:
                v = -srch.negamax(kids[j], depth - 1, -WIN - 1, -cur_best, 1)
                vals[j] = v
                if v > cur_best:
                    cur_best, cur_j = v, j
            best_j = cur_j
            values = vals
            completed = depth
            if depth == 2:
                values2 = vals
            if cur_best >= WIN - 100 or cur_best <= -WIN + 100:
                break
        except _Abort:
            if cur_j != best_j and cur_best > -WIN - 1:
                best_j = cur_j                      # a partial iteration beat the PV
            values = {**values, **vals}
            break
    # seeded choice among turns of equal value (within TIE points): repeatable variety
    # (only after a two-ply search, whose values are all exact, not alpha-beta bounds)
    if best_j in values and values is values2:
        ties = sorted(j for j in values if values[j] >= values[best_j] - TIE)
        best_j = ties[rng.randrange(len(ties))] if len(ties) > 1 else best_j
    t_search = time.perf_counter()
    # 3. safety: no forced point for the opponent after our turn, if one turn avoids it
    ranked = sorted(values, key=lambda j: -values[j])
    if best_j in ranked:
        ranked.remove(best_j)
    checks = 0
    safe = False
    tried = set()
    for j in [best_j] + ranked[:SAFETY_ALTERNATIVES]:
        if j != best_j and values.get(j, -WIN) <= -WIN + 100:
            break
        tried.add(idx[j])
        kS, kT, _kps, _kpt = kids[j]
        if batch.can_score(np.array([kS], dtype=U), np.array([kT], dtype=U))[0]:
            continue                                 # they score at once: not safe
        opp = tactics.forced_point(kS, kT, depth=OPP_TSS_DEPTH, work=TSS_WORK,
                                   time_limit=max(0.0, t0 + limit - time.perf_counter()) / 2)
        checks += 1
        if opp is None:
            best_j = j
            safe = True
            break
    chosen = root.turns[idx[best_j]]
    # 4. defence: the search judges every searched turn lost (and none passed the safety
    # check) — but the search is selective, so a turn outside its root width may hold:
    # every root turn after which the other side cannot score at once (exact test), best
    # static value first, until one leaves no forced point. (Not when the search values
    # its turn higher: a point given back for a stronger follow-up stays its choice.)
    lost = values.get(best_j, -WIN) <= -WIN + 100
    if not safe and lost and root._src is not None:
        _fam, ct, cm, _pt, _pm, _s, _rm, lo = root._src
        n = len(root.vals)
        opp_now = batch.can_score(ct[lo:lo + n], cm[lo:lo + n])
        looked = 0
        for r in np.flatnonzero(~opp_now):
            j = root._kid(int(r))
            if j in tried:
                continue
            kS, kT, _kps, _kpt = root.kids[j]
            opp = tactics.forced_point(kS, kT, depth=OPP_TSS_DEPTH, work=TSS_WORK,
                                       time_limit=max(0.0, t0 + limit - time.perf_counter()) / 2)
            checks += 1
            looked += 1
            if opp is None:
                chosen = root.turns[j]
                break
            if looked >= DEFENCE_CHECKS:
                break
    if stats is not None:
        stats.update(depth=completed, expanded=srch.expanded, work=srch.work, safety=checks,
                     values={str(root.turns[idx[j]]): v for j, v in values.items()},
                     chosen=str(chosen), defence=not safe and lost,
                     phases_s=[round(t - t0, 3) for t in (t_root, t_tss, t_search,
                                                           time.perf_counter())])
    return chosen
