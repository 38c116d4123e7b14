"""Colours, type sizes, fonts and text drawing shared by every screen.

Fonts: DejaVu Sans when the system has it (full Latin coverage), otherwise the font
bundled with pygame-ce (``freesansbold.ttf``, which has the French accents). With no font
at all, pygame's default is used — text still draws. Sizes are in design units of the
1280×720 picture (design.md "Runtime conventions"): scenes draw through a
:class:`ludotheque.canvas.Canvas`, which rasterises text at the window's device size;
:func:`font`, :func:`wrap` and the sizes measured with them are design units.

:func:`text`, :func:`paragraph`, :func:`panel` and :func:`dim` draw on a plain pygame
surface at its own pixels, or forward to the canvas when given one.
"""

from __future__ import annotations

import functools
import logging
import os
import unicodedata
from pathlib import Path

import pygame

from . import textsafe
from .paths import FONT, FONT_BOLD

log = logging.getLogger(__name__)

W, H = 1280, 720

# Colours (RGB)
BG = (28, 32, 41)
BG2 = (38, 44, 56)
PANEL = (48, 55, 70)
PANEL_HI = (64, 74, 94)
LINE = (90, 100, 122)
TEXT = (238, 236, 228)
MUTED = (160, 166, 180)
ACCENT = (242, 184, 75)
GOOD = (110, 200, 120)
BAD = (232, 96, 84)
BLUE = (64, 132, 230)
ORANGE = (240, 140, 40)
RED = (214, 64, 64)
WOOD = (184, 136, 84)
WOOD_DARK = (122, 84, 48)
FELT = (36, 104, 72)
SHADOW = (0, 0, 0)

# Type sizes (px)
SMALL, BODY, LARGE, TITLE, HUGE = 18, 24, 32, 48, 72

_CANDIDATES = {False: (str(FONT),), True: (str(FONT_BOLD),)}  # shipped DejaVu Sans (assets/fonts)


@functools.cache
def font_file(bold: bool) -> str | None:
    """The path of the font file text is drawn with (regular or ``bold``): the shipped
    DejaVu Sans (:data:`ludotheque.paths.FONT`, ``FONT_BOLD``), else pygame's own
    ``freesansbold.ttf``; None when neither is there (pygame's default font is used)."""
    for p in _CANDIDATES[bold]:
        if os.path.isfile(p):
            return p
    bundled = Path(pygame.__file__).parent / "freesansbold.ttf"
    return str(bundled) if bundled.is_file() else None


class _Font(pygame.font.Font):
    """A font that remembers what :meth:`size` answered (layout code measures the same
    labels every frame), and measures any text as :func:`render_line` draws it (cleaned,
    right-to-left runs shaped): it never raises."""

    def __init__(self, *args):
        super().__init__(*args)
        self._sizes: dict = {}
        self._args = args

    def size(self, text):
        got = self._sizes.get(text)
        if got is None:
            if len(self._sizes) > 4096:
                self._sizes.clear()
            got = self._sizes[text] = _measure(self, text)
        return got


_RTL_SCRIPTS = {"ARABIC": "Arab", "HEBREW": "Hebr", "SYRIAC": "Syrc", "THAANA": "Thaa", "NKO": "Nkoo",
                "ADLAM": "Adlm", "SAMARITAN": "Samr", "MANDAIC": "Mand", "MENDE": "Mend"}
"""ISO 15924 codes of the right-to-left scripts, by the first word of their characters'
Unicode names (for HarfBuzz's shaping, ``Font.set_script``)."""


def _strong(ch: str) -> str | None:
    """``"R"`` for a strong right-to-left character (bidi classes R, AL), ``"L"`` for a
    strong left-to-right one or a digit (digits are written left to right in every
    script), None for a neutral (spaces, punctuation, marks)."""
    b = unicodedata.bidirectional(ch)
    if b in ("R", "AL"):
        return "R"
    if b in ("L", "EN", "AN"):
        return "L"
    return None


def has_rtl(text: str) -> bool:
    """True when ``text`` holds a right-to-left letter (Hebrew, Arabic …)."""
    return not text.isascii() and any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def bidi_runs(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into runs of one direction, in the order they are drawn from left to
    right: ``[(run, right_to_left), …]``. A run of right-to-left letters is kept in its
    logical order (HarfBuzz reverses and joins it when it is shaped right to left).

    A simplified Unicode bidirectional algorithm (UAX #9) for one line of a name or a
    label: the paragraph's direction is its first strong character's (P2–P3,
    :func:`ludotheque.textsafe.direction`); neutrals between two characters of one
    direction take it, other neutrals the paragraph's (N1–N2); digits run left to right;
    in a right-to-left paragraph the runs are drawn from right to left. No embedding
    levels: :func:`ludotheque.textsafe.sanitize` removes the explicit controls.
    """
    if not has_rtl(text):
        return [(text, False)] if text else []
    para = "R" if textsafe.direction(text) == "rtl" else "L"
    strong = [_strong(ch) for ch in text]
    resolved = list(strong)
    prev = None
    for i, d in enumerate(strong):
        if d is not None:
            prev = d
            continue
        nxt = next((e for e in strong[i + 1:] if e is not None), None)
        resolved[i] = prev if prev is not None and prev == nxt else para
    runs: list[list] = []
    for ch, d in zip(text, resolved):
        if runs and runs[-1][1] == d:
            runs[-1][0].append(ch)
        else:
            runs.append([[ch], d])
    out = [("".join(chars), d == "R") for chars, d in runs]
    return out[::-1] if para == "R" else out


def _script_of(run: str) -> str:
    for ch in run:
        if _strong(ch) == "R":
            return _RTL_SCRIPTS.get(unicodedata.name(ch, "ARABIC").split(" ")[0], "Arab")
    return "Arab"


@functools.lru_cache(maxsize=64)
def _rtl_font(path: str | None, size: int, script: str) -> pygame.font.Font:
    """A font shaping right to left in ``script`` (its own object: the direction is a
    property of a pygame-ce font, and the shared one stays left to right)."""
    f = pygame.font.Font(path, size)
    try:
        f.set_direction(pygame.DIRECTION_RTL)
        f.set_script(script)
    except (AttributeError, pygame.error, ValueError) as exc:  # SDL_ttf without HarfBuzz
        log.info("right-to-left shaping not available: %s", exc)
    return f


def _drawable(text) -> str:
    """``text`` as it can be handed to pygame-ce's font (:func:`textsafe.sanitize` when
    it holds a NUL, a control, a lone surrogate …; one line)."""
    if not isinstance(text, str):
        text = str(text)
    if not textsafe.is_drawable(text) or "\n" in text:
        text = textsafe.sanitize(text)
    return text


def _run_font(f: pygame.font.Font, run: str, rtl: bool) -> pygame.font.Font:
    if not rtl:
        return f
    args = getattr(f, "_args", (None, f.get_height()))
    return _rtl_font(args[0], args[1], _script_of(run))


def _measure(f: pygame.font.Font, text) -> tuple[int, int]:
    """Width and height (px) of ``text`` drawn by :func:`render_line` with ``f``."""
    text = _drawable(text)
    width = 0
    for run, rtl in bidi_runs(text):
        try:
            width += pygame.font.Font.size(_run_font(f, run, rtl), run)[0]
        except (pygame.error, ValueError, UnicodeError):
            continue
    return width, f.get_height()


def render_line(s, px: int, color: tuple, bold: bool = False) -> pygame.Surface:
    """The anti-aliased image of one line of any text at ``px`` device px: cleaned first
    when pygame-ce's font would refuse it (:func:`ludotheque.textsafe.sanitize`: NUL,
    controls, lone surrogates), right-to-left runs shaped right to left
    (:func:`bidi_runs`; HarfBuzz joins Arabic letters), a character the font lacks drawn
    as the font's box (its ``.notdef`` glyph: visible, never dropped). Text that draws
    nothing ("Text has zero width") gives an empty image of the line's height. Never
    raises."""
    f = font(px, bold)
    text = _drawable(s)
    images = []
    for run, rtl in bidi_runs(text):
        try:
            images.append(_run_font(f, run, rtl).render(run, True, color))
        except (pygame.error, ValueError, UnicodeError):
            continue                         # a run of zero width: nothing to draw
    if len(images) == 1:
        return images[0]
    height = f.get_height()
    out = pygame.Surface((sum(i.get_width() for i in images), max([height] + [i.get_height() for i in images])),
                         pygame.SRCALPHA)
    x = 0
    for img in images:
        out.blit(img, (x, 0), special_flags=pygame.BLEND_RGBA_MAX)   # runs never overlap: a copy
        x += img.get_width()
    return out


@functools.cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font of ``size`` px (French accents included)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_file(bold)
    try:
        return _Font(path, size)
    except (OSError, pygame.error):
        return _Font(None, size)


def measure(text: str, size: int, bold: bool = False) -> int:
    """Width in design px of one line of ``text`` in the theme's font: the ``measure`` of
    :func:`ludotheque.session.textfit.fit_text` for text drawn with :func:`font`."""
    return font(size, bold).size(text)[0]


@functools.lru_cache(maxsize=2048)
def rendered(s: str, size: int, color: tuple, bold: bool = False) -> pygame.Surface:
    """The anti-aliased image of one line of text at ``size`` px (:func:`render_line`:
    any text, never raises; cached: drawing the same label every frame costs a blit,
    not a render)."""
    return render_line(s, size, color, bold)


def text(surface: pygame.Surface, s: str, pos, size: int = BODY, color=TEXT,
         anchor: str = "topleft", bold: bool = False, shadow: bool = False) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a Rect attribute name (``"center"``, ``"midtop"``…).

    :returns: the rectangle drawn, in surface pixels (design units on a canvas).
    """
    if not isinstance(surface, pygame.Surface):        # a Canvas: text at device size
        return surface.text(s, pos, size, color, anchor, bold, shadow)
    color = tuple(color)
    img = rendered(s, size, color, bold)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(rendered(s, size, SHADOW, bold), rect.move(2, 2))
    surface.blit(img, rect)
    return rect


@functools.lru_cache(maxsize=256)
def wrap(s: str, size: int, width: int, bold: bool = False) -> tuple:
    """Split ``s`` into lines that fit ``width`` px at ``size``; blank lines separate paragraphs."""
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = f"{line} {w}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return tuple(lines)


def paragraph(surface: pygame.Surface, s: str, rect: pygame.Rect, size: int = BODY,
              color=TEXT, line_gap: int = 4, skip_lines: int = 0) -> int:
    """Draw wrapped text inside ``rect`` from its top, skipping the first ``skip_lines``.

    :returns: the total number of wrapped lines (for scrolling).
    """
    if not isinstance(surface, pygame.Surface):
        return surface.paragraph(s, rect, size, color, line_gap, skip_lines)
    lines = wrap(s, size, rect.width)
    y = rect.top
    step = font(size).get_linesize() + line_gap
    for line in lines[skip_lines:]:
        if y + step > rect.bottom:
            break
        if line:
            text(surface, line, (rect.left, y), size, color)
        y += step
    return len(lines)


def panel(surface: pygame.Surface, rect: pygame.Rect, color=PANEL, radius: int = 14,
          border=None) -> None:
    """A rounded panel with an optional 2 px border."""
    if not isinstance(surface, pygame.Surface):
        surface.panel(rect, color, radius, border)
        return
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, 2, border_radius=radius)


def _luminance(rgb) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour (0 black … 1 white)."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2.1 contrast ratio of two colours (1 … 21; body text wants ≥ 4.5)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@functools.lru_cache(maxsize=64)
def text_on(fill) -> tuple:
    """The text colour, :data:`TEXT` or :data:`BG`, that reads best on ``fill``."""
    return TEXT if contrast(TEXT, fill) >= contrast(BG, fill) else BG


@functools.lru_cache(maxsize=8)
def _veil(size: tuple, alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((10, 12, 16, alpha))
    return veil


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind a dialog or pause menu)."""
    if not isinstance(surface, pygame.Surface):
        surface.dim(alpha)
        return
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))
