"""A deliberately simple Glissando reference, written straight from the rule text.

No bitboards, no cleverness: a dict ``{(file, rank): "b" | "o"}`` and loops that move
pawns one cell at a time exactly as G-4a/G-4b describe. The fast engine in
``glissando.rules`` is cross-checked against it (``test_crosscheck.py``, perft).
"""

from __future__ import annotations

FILES = "abcdefgh"
STEP = {"^": (0, 1), "v": (0, -1), "<": (-1, 0), ">": (1, 0)}
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


def name(c):
    return FILES[c[0]] + str(c[1] + 1)


def cell(text):
    return (FILES.index(text[0]), int(text[1]) - 1)


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


class Ref:
    """A position: ``grid`` dict, side to move, points, reserves, target (G-N1)."""

    def __init__(self, grid, side, points, reserves, target):
        self.grid = dict(grid)
        self.side = side
        self.points = list(points)
        self.reserves = list(reserves)
        self.target = target

    @classmethod
    def from_text(cls, text):
        board, side, pts, res, tgt = text.split()
        grid = {}
        for i, row in enumerate(board.split("/")):
            r, f = 7 - i, 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    grid[(f, r)] = "b" if ch == "B" else "o"
                    f += 1
        return cls(grid, side, map(int, pts.split("-")), map(int, res.split("-")),
                   int(tgt))

    def to_text(self):
        rows = []
        for r in range(7, -1, -1):
            row = ""
            for f in range(8):
                v = self.grid.get((f, r))
                row += "." if v is None else v.upper()
            for n in range(8, 0, -1):
                row = row.replace("." * n, str(n))
            rows.append(row)
        return (f"{'/'.join(rows)} {self.side} {self.points[0]}-{self.points[1]} "
                f"{self.reserves[0]}-{self.reserves[1]} {self.target}")

    def copy(self):
        return Ref(self.grid, self.side, self.points, self.reserves, self.target)

    def idx(self, side=None):
        return 0 if (side or self.side) == "b" else 1

    # G-6 / G-7
    def winner(self):
        if self.points[0] >= self.target:
            return "b"
        if self.points[1] >= self.target:
            return "o"
        if self.reserves[self.idx()] == 0 or len(self.grid) == 64:
            if self.points[0] == self.points[1]:
                return "draw"
            return "b" if self.points[0] > self.points[1] else "o"
        return None

    # G-3
    def placements(self):
        out = []
        for r in range(8):
            for f in range(8):
                if (f, r) in self.grid:
                    continue
                edge = f in (0, 7) or r in (0, 7)
                near = any((f + df, r + dr) in self.grid
                           for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                if edge or near:
                    out.append((f, r))
        return out

    # G-4a / G-4b / G-4c / G-4d: returns the new grid or None when nothing moves
    def slide(self, grid, c, d):
        df, dr = STEP[d]
        grid = dict(grid)
        f, r = c
        if not on_board(f + df, r + dr):
            return None
        if (f + df, r + dr) not in grid:            # G-4a: alone over empty cells
            moved = False
            while on_board(f + df, r + dr) and (f + df, r + dr) not in grid:
                grid[(f + df, r + dr)] = grid.pop((f, r))
                f, r = f + df, r + dr
                moved = True
            return grid if moved else None
        chain = [(f, r)]                            # G-4b: pawn + unbroken run ahead
        while on_board(chain[-1][0] + df, chain[-1][1] + dr) and \
                (chain[-1][0] + df, chain[-1][1] + dr) in grid:
            chain.append((chain[-1][0] + df, chain[-1][1] + dr))
        moved = False
        while True:
            hf, hr = chain[-1][0] + df, chain[-1][1] + dr
            if not on_board(hf, hr) or (hf, hr) in grid:
                break
            for cf, cr in reversed(chain):          # move the block one cell
                grid[(cf + df, cr + dr)] = grid.pop((cf, cr))
            chain = [(cf + df, cr + dr) for cf, cr in chain]
            moved = True
        return grid if moved else None

    def slides(self, grid):
        out = []
        for c in sorted(grid, key=lambda c: (c[1], c[0])):
            if grid[c] != self.side:
                continue
            for d in "^v<>":
                g = self.slide(grid, c, d)
                if g is not None:
                    out.append((c, d, g))
        return out

    # G-5 / G-5c
    def runs(self, grid, side):
        """Maximal runs of >= 5 cells of ``side`` as sets."""
        out = []
        for r in range(8):
            for f in range(8):
                for df, dr in LINES:
                    if grid.get((f - df, r - dr)) == side and on_board(f - df, r - dr):
                        continue                    # not the run's first cell
                    run = []
                    g, h = f, r
                    while on_board(g, h) and grid.get((g, h)) == side:
                        run.append((g, h))
                        g, h = g + df, h + dr
                    if len(run) >= 5:
                        out.append(run)
        return out

    def pairs(self, grid, side):
        out = set()
        for run in self.runs(grid, side):
            for a in run:
                for b in run:
                    if a != b:
                        key = tuple(sorted((a, b), key=lambda c: (c[1], c[0])))
                        out.add(key)
        return out

    def turns(self):
        """Every complete turn text and its resulting position text."""
        if self.winner() is not None:
            return {}
        out = {}
        for p in self.placements():
            g0 = dict(self.grid)
            g0[p] = self.side
            options = [(name(p), g0)]
            for c, d, g in self.slides(g0):
                options.append((f"{name(p)} {name(c)}{d}", g))
            for text, g in options:
                prs = self.pairs(g, self.side)
                if not prs:
                    out[text] = self.after(g, None)
                for a, b in prs:
                    out[f"{text} x{name(a)} x{name(b)}"] = self.after(g, (a, b))
        return out

    def after(self, grid, removes):
        n = self.copy()
        n.grid = dict(grid)
        i = self.idx()
        n.reserves[i] -= 1
        if removes:
            for c in removes:
                del n.grid[c]
            n.reserves[i] += 2                      # G-5a
            n.points[i] += 1                        # G-5: one point per turn
        n.side = "o" if self.side == "b" else "b"
        return n.to_text()
