"""Monte Carlo rollouts for Magico's Master (issue 17 §1) — pure numpy, no pygame.

A rollout plays the rest of a game from a position with random dice (K-4) and a fast
*greedy* policy for both sides: each turn, the placement (K-6, K-7) or take (K-5) whose
change of Master's static evaluation (the race model of the open runs,
:meth:`magico.ai._Master.table`) is the best for the side moving; a roll that allows
nothing passes (K-7b); the game ends when a hand is empty (K-8) and is scored by K-9,
K-10 (1 a win for Red, ½ a draw, 0 a loss). Many rollouts run side by side as rows of
numpy arrays, one ply for every row at a time (every row takes one turn a ply, so the
side to move is the same in every row).

The backgammon standard (rollouts of candidate moves with common dice): every
candidate is rolled out with the *same* dice sequences, so the differences between
candidates owe less to luck.
"""

from __future__ import annotations

import numpy as np

from magico.rules import SIZE, results

_N = SIZE * SIZE
_H = 16            # hands 0..15 (K-1: 15 tokens)


def _dice_tables(numbers: tuple[int, ...]):
    """Per ordered roll 0..35 (``6 * (a - 1) + b - 1``): whether it is a take (K-5) and
    the cells whose number it allows (K-6 any cell, K-7 results)."""
    take = np.zeros(36, dtype=bool)
    allow = np.zeros((36, _N), dtype=bool)
    nums = np.array(numbers)
    for a in range(1, 7):
        for b in range(1, 7):
            r = 6 * (a - 1) + b - 1
            if a == b == 1:
                take[r] = True
            elif (a == 1) != (b == 1):
                allow[r] = True
            else:
                vals = sorted(set(results(max(a, b), min(a, b)).values()))
                allow[r] = np.isin(nums, vals)
    return take, allow


class Rollouts:
    """Greedy rollouts on one board with one Master evaluation (``master``: a
    :class:`magico.ai._Master`). Tables are built on first use (about 0.5 s)."""

    def __init__(self, master):
        self.m = master
        self.nruns = master.nruns
        runs = master.cell_runs
        width = max(1, max(len(r) for r in runs))
        cr = np.full((_N, width), self.nruns, dtype=np.int64)   # padding: a dummy run
        w = np.zeros((_N, width), dtype=np.int64)
        for c, lst in enumerate(runs):
            for j, (k, wt) in enumerate(lst):
                cr[c, j] = k
                w[c, j] = wt
        self.cr, self.w = cr, w
        self.take, self.allow = _dice_tables(master.nums)
        self._flat = None

    def _tables(self):
        """Flat float table: slot ``(hr * 16 + hb) * 2 + (0 Red / 1 Blue to move)`` for
        hands after a move, slot 512 the exact score (a finished game); each slot
        ``(nruns + 1) × 27``, Red's points."""
        if self._flat is None:
            nr1 = self.nruns + 1
            t = np.zeros((_H * _H * 2 + 1, nr1, 27))
            for hr in range(_H):
                for hb in range(_H):
                    for s, mover in enumerate("rb"):
                        if hr == 0 or hb == 0:
                            tab = self.m.exact
                        else:
                            tab = self.m.table(hr, hb, mover)
                        t[(hr * _H + hb) * 2 + s, :self.nruns] = np.array(tab)
            t[_H * _H * 2, :self.nruns] = np.array(self.m.exact)
            self._flat = t.reshape(-1)
            self._slot = nr1 * 27
            self._exact = t[_H * _H * 2]
            self._scale = np.array([self.m.scale(h, h) for h in range(_H)])
        return self._flat

    def run(self, starts, mover: str, samples: int, seed: int, max_plies: int = 200):
        """Roll out each start ``samples`` times with the same dice for every start.

        ``starts``: list of ``(codes, red_mask, blue_mask, hand_r, hand_b)`` (``codes``
        as in :class:`magico.ai._Master`), all with ``mover`` (``"r"``/``"b"``) to
        roll next. Returns a ``(len(starts), samples)`` array of Red's results (1, ½,
        0; the evaluation's chance of winning for a game still going after
        ``max_plies``). The final boards stay in ``self.last`` (``red``, ``blue``:
        ``(rows, 36)`` bool; ``hand_r``, ``hand_b``, ``done``: ``(rows,)``; row
        ``i * samples + j`` is sample ``j`` of start ``i``) for inspection.
        """
        flat = self._tables()
        k = len(starts)
        B = k * samples
        nr1 = self.nruns + 1
        codes = np.zeros((B, nr1), dtype=np.int64)
        red = np.zeros((B, _N), dtype=bool)
        blue = np.zeros((B, _N), dtype=bool)
        hr = np.zeros(B, dtype=np.int64)
        hb = np.zeros(B, dtype=np.int64)
        bits = np.arange(_N)
        for i, (cd, rm, bm, h1, h2) in enumerate(starts):
            sl = slice(i * samples, (i + 1) * samples)
            codes[sl, :self.nruns] = cd
            red[sl] = (rm >> bits) & 1
            blue[sl] = (bm >> bits) & 1
            hr[sl], hb[sl] = h1, h2
        done = (hr == 0) | (hb == 0)
        gen = np.random.default_rng(seed)
        dice = np.tile(gen.integers(0, 36, size=(samples, max_plies)), (k, 1))
        noise = gen.random((B, _N)) * 1e-7       # tie-breaks (fixed per row)
        cr, w = self.cr, self.w
        run_off = (cr * 27)[None]                # (1, 36, M)
        rows_all = np.arange(B)
        red_moves = mover == "r"
        for ply in range(max_plies):
            if done.all():
                break
            roll = dice[:, ply]
            tk = self.take[roll]
            occ = red | blue
            own, opp = (red, blue) if red_moves else (blue, red)
            cand = np.where(tk[:, None], opp, self.allow[roll] & ~occ)
            cand &= ~done[:, None]
            has = cand.any(axis=1)
            if has.any():
                digit, odigit = (1, 2) if red_moves else (2, 1)
                add = np.where(tk, -odigit, digit)
                if red_moves:
                    hr_a, hb_a = hr - ~tk, hb + tk
                    ends = ~tk & (hr_a == 0)
                else:
                    hr_a, hb_a = hr + tk, hb - ~tk
                    ends = ~tk & (hb_a == 0)
                nxt = 1 if red_moves else 0
                slot = np.where(ends, _H * _H * 2,
                                (np.clip(hr_a, 0, _H - 1) * _H + np.clip(hb_a, 0, _H - 1)) * 2 + nxt)
                cg = codes[:, cr]                            # (B, 36, M)
                idx = slot[:, None, None] * self._slot + run_off + cg
                delta = (flat[idx + add[:, None, None] * w[None]] - flat[idx]).sum(axis=2)
                score = np.where(cand, delta if red_moves else -delta, -np.inf) + noise
                c = score.argmax(axis=1)
                r = rows_all[has]
                cc = c[has]
                codes[r[:, None], cr[cc]] += add[has, None] * w[cc]
                t = tk[has]
                if red_moves:
                    blue[r[t], cc[t]] = False
                    red[r[~t], cc[~t]] = True
                else:
                    red[r[t], cc[t]] = False
                    blue[r[~t], cc[~t]] = True
                hr = np.where(has, hr_a, hr)
                hb = np.where(has, hb_a, hb)
                done |= has & ends
            red_moves = not red_moves
        runs = np.arange(nr1)[None]
        self.last = {"red": red, "blue": blue, "hand_r": hr, "hand_b": hb, "done": done}
        diff = self._exact[runs, codes].sum(axis=1)
        out = np.where(diff > 0, 1.0, np.where(diff < 0, 0.0, 0.5))
        if not done.all():
            slot = (np.clip(hr, 0, _H - 1) * _H + np.clip(hb, 0, _H - 1)) * 2 + (0 if red_moves else 1)
            pts = flat.reshape(-1, nr1, 27)[slot[:, None], runs, codes].sum(axis=1)
            leaf = 1.0 / (1.0 + np.exp(-pts / self._scale[np.minimum(hr, hb)]))
            out = np.where(done, out, leaf)
        return out.reshape(k, samples)
