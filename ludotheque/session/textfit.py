"""Fit a text to a width: shrink it, wrap it, and only then cut it with an ellipsis
(pure: the width of a text comes from an injected ``measure`` function, so this needs no
pygame and runs in tests without fonts).

``measure(text, size, bold) -> int`` gives the width in design px of one line of
``text`` at font ``size`` px; with the theme's fonts it is
:func:`ludotheque.theme.measure` (``ludotheque.session.endpanel.theme_measure``),
and the canvas gives its own.

>>> mono = lambda t, s, b: len(t) * s // 2          # every character s/2 px wide
>>> fit_text("Ordinateur (Intermédiaire)", 200, mono, size=24, smallest=12)
Fitted(lines=('Ordinateur (Intermédiaire)',), size=15, cut=False)
>>> fit_text("Ordinateur (Intermédiaire)", 200, mono, size=24, smallest=18, max_lines=2)
Fitted(lines=('Ordinateur', '(Intermédiaire)'), size=24, cut=False)
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import Callable

Measure = Callable[[str, int, bool], int]
ELLIPSIS = "…"


@dataclass(frozen=True)
class Fitted:
    """A fitted text: its ``lines``, the font ``size`` px to draw them at, and ``cut``:
    True when some of the text had to give way to an ellipsis."""

    lines: tuple[str, ...]
    size: int
    cut: bool = False

    @property
    def text(self) -> str:
        """The lines joined by spaces (a one-line fit: the line)."""
        return " ".join(self.lines)


_TOKEN = re.compile(r"\n|[^ \n]+")


def _spans(text: str, width: int, measure: Measure, size: int, bold: bool,
           limit: int | None) -> list[tuple[int, int]]:
    """Greedy word wrap as ``(start, end)`` offsets of each line in ``text``."""
    spans: list[tuple[int, int]] = []
    cur: tuple[int, int] | None = None
    for m in _TOKEN.finditer(text):
        if m.group() == "\n":
            spans.append(cur or (m.start(), m.start()))
            cur = None
        elif cur is None:
            cur = (m.start(), m.end())
            continue
        elif measure(text[cur[0]:m.end()], size, bold) <= width:
            cur = (cur[0], m.end())
            continue
        else:
            spans.append(cur)
            cur = (m.start(), m.end())
        if limit is not None and len(spans) > limit:
            return spans
    spans.append(cur or (len(text), len(text)))
    return spans


def wrap(text: str, width: int, measure: Measure, size: int, bold: bool = False,
         limit: int | None = None) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` px (a word wider
    than the line stays whole on its own line); ``"\\n"`` starts a new line. Stops after
    ``limit + 1`` lines when ``limit`` is given (the caller only needs to know it did not
    fit), so a 10,000-character text costs a few measures, not thousands."""
    return [text[a:b] for a, b in _spans(text, width, measure, size, bold, limit)]


def cut(text: str, width: int, measure: Measure, size: int, bold: bool = False) -> str:
    """``text`` cut at the end with an ellipsis so that it fits ``width`` px (binary
    search on its length; never in the middle of a combining accent). ``"…"`` alone when
    not even one character fits; ``text`` itself when it fits."""
    if measure(text, size, bold) <= width:
        return text
    lo, hi = 0, len(text)                      # the longest prefix that fits, found in log(n)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS, size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    while 0 < lo < len(text) and unicodedata.combining(text[lo]):
        lo -= 1                                 # keep a letter with its accents
    return text[:lo].rstrip() + ELLIPSIS


def fit_text(text: str, width: int, measure: Measure, *, size: int, smallest: int | None = None,
             bold: bool = False, max_lines: int = 1, prefer: str = "lines",
             step: int = 1) -> Fitted:
    """Fit ``text`` into ``max_lines`` lines of at most ``width`` px.

    Sizes go from ``size`` down to ``smallest`` (default: ``size``) by ``step`` px.
    ``prefer="lines"``: the fewest lines first, each at the largest size that fits
    (a name stays on one line, shrunk, before it wraps); ``prefer="size"``: the largest
    size first, on up to ``max_lines`` lines (a message keeps its size and wraps). When
    nothing fits, the text is wrapped at ``smallest`` and the last line kept is cut with
    an ellipsis.

    :raises ValueError: ``width`` or ``size`` below 1, ``max_lines`` below 1.
    """
    if width < 1 or size < 1 or max_lines < 1:
        raise ValueError(f"cannot fit into width {width} px, size {size} px, {max_lines} lines")
    return _fit(text, int(width), measure, int(size), int(smallest or size), bool(bold),
                int(max_lines), prefer, max(1, int(step)))


@functools.lru_cache(maxsize=4096)
def _fit(text, width, measure, size, smallest, bold, max_lines, prefer, step) -> Fitted:
    smallest = min(smallest, size)
    sizes = list(range(size, smallest - 1, -step))
    if sizes[-1] != smallest:
        sizes.append(smallest)
    counts = range(1, max_lines + 1)
    order = ([(n, s) for n in counts for s in sizes] if prefer == "lines"
             else [(n, s) for s in sizes for n in counts])
    for n, s in order:
        lines = wrap(text, width, measure, s, bold, limit=n)
        if len(lines) <= n and all(measure(line, s, bold) <= width for line in lines):
            return Fitted(tuple(lines), s)
    spans = _spans(text, width, measure, smallest, bold, max_lines)
    kept = [text[a:b] for a, b in spans[:max_lines - 1]]
    rest = text[spans[len(kept)][0]:] if len(spans) > len(kept) else ""
    kept.append(re.sub(r"[ \n]+", " ", rest).strip(" "))   # the rest on the last line, cut below
    # (spaces only: a French no-break space U+202F before « : » stays where it is)
    lines = tuple(cut(line, width, measure, smallest, bold) for line in kept)
    return Fitted(lines, smallest, lines != tuple(kept))
