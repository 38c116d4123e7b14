"""Procedural art shared by the shell: the project icon and a wood texture.

Drawn with pygame and numpy (surfarray); nothing is downloaded. ``python -m
ludotheque.art`` writes ``assets/icon.png`` (the 512 px master icon).
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pygame

from . import theme


def icon_surface(size: int = 256) -> pygame.Surface:
    """The Ludothèque icon: a wooden square with a puck, a pawn and a die, ``size`` px."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    k = size / 256
    wood = wood_texture(size, size, seed=3)
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, size, size), border_radius=int(48 * k))
    wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(wood, (0, 0))
    pygame.draw.rect(s, theme.WOOD_DARK, (0, 0, size, size), max(1, int(8 * k)), border_radius=int(48 * k))
    # puck (Mississippi)
    pygame.draw.circle(s, (30, 30, 30), (int(92 * k), int(168 * k)), int(54 * k))
    pygame.draw.circle(s, theme.RED, (int(86 * k), int(162 * k)), int(54 * k))
    pygame.draw.circle(s, (250, 210, 200), (int(86 * k), int(162 * k)), int(30 * k), max(1, int(6 * k)))
    # pawn (Glissando)
    pygame.draw.circle(s, (30, 30, 30), (int(178 * k), int(86 * k)), int(44 * k))
    pygame.draw.circle(s, theme.BLUE, (int(174 * k), int(82 * k)), int(44 * k))
    pygame.draw.circle(s, (230, 240, 255), (int(174 * k), int(82 * k)), int(12 * k))
    # die (Magico)
    die = pygame.Rect(int(148 * k), int(146 * k), int(80 * k), int(80 * k))
    pygame.draw.rect(s, (250, 248, 240), die, border_radius=int(14 * k))
    pygame.draw.rect(s, (40, 40, 40), die, max(1, int(4 * k)), border_radius=int(14 * k))
    for dx, dy in ((-1, -1), (1, 1), (0, 0), (1, -1), (-1, 1)):
        pygame.draw.circle(s, (30, 30, 30), (die.centerx + int(dx * 22 * k), die.centery + int(dy * 22 * k)),
                           max(1, int(7 * k)))
    return s


@functools.cache
def _grain(w: int, h: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    y = np.linspace(0, 1, h)[None, :]
    x = np.linspace(0, 1, w)[:, None]
    waves = np.zeros((w, h))
    for i in range(6):
        f = rng.uniform(8, 40)
        ph = rng.uniform(0, 2 * math.pi)
        waves += np.sin(2 * math.pi * f * (y + 0.04 * np.sin(2 * math.pi * rng.uniform(0.5, 3) * x + ph))) / (i + 1)
    noise = rng.standard_normal((w, h)) * 0.15
    g = waves + noise
    return (g - g.min()) / (np.ptp(g) + 1e-9)


def wood_texture(w: int, h: int, base=theme.WOOD, dark=theme.WOOD_DARK, seed: int = 0) -> pygame.Surface:
    """A ``w``×``h`` px wood-grain surface (grain runs along x) between ``base`` and ``dark``."""
    g = _grain(w, h, seed)[..., None]
    rgb = np.array(base)[None, None, :] * (1 - 0.45 * g) + np.array(dark)[None, None, :] * (0.45 * g)
    surf = pygame.Surface((w, h))
    pygame.surfarray.blit_array(surf, np.clip(rgb, 0, 255).astype(np.uint8))
    return surf


def main() -> None:
    """Write ``assets/icon.png`` (512 px, the master of every icon file: packaging/icons.py)."""
    from .paths import ICON

    pygame.init()
    ICON.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(icon_surface(512), str(ICON))
    print(ICON)


if __name__ == "__main__":
    main()
