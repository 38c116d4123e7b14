"""Colours, type sizes, fonts and text drawing shared by every screen.

Fonts: DejaVu Sans when the system has it (full Latin coverage), otherwise the font
bundled with pygame-ce (``freesansbold.ttf``, which has the French accents). With no font
at all, pygame's default is used — text still draws. Sizes are in logical pixels of the
1280×720 surface.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pygame

from .paths import FONT, FONT_BOLD

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
def _font_file(bold: bool) -> str | None:
    for p in _CANDIDATES[bold]:
        if os.path.isfile(p):
            return p
    bundled = Path(pygame.__file__).parent / "freesansbold.ttf"
    return str(bundled) if bundled.is_file() else None


@functools.cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font of ``size`` px (French accents included)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = _font_file(bold)
    try:
        return pygame.font.Font(path, size)
    except (OSError, pygame.error):
        return pygame.font.Font(None, size)


@functools.lru_cache(maxsize=2048)
def rendered(s: str, size: int, color: tuple, bold: bool = False) -> pygame.Surface:
    """The anti-aliased image of one line of text (cached: drawing the same label every
    frame costs a blit, not a render)."""
    return font(size, bold).render(s, True, color)


def text(surface: pygame.Surface, s: str, pos, size: int = BODY, color=TEXT,
         anchor: str = "topleft", bold: bool = False, shadow: bool = False) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a Rect attribute name (``"center"``, ``"midtop"``…).

    :returns: the rectangle drawn, in surface pixels.
    """
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
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))
