"""What several Glissando scene test files share."""

from __future__ import annotations

import pygame

from tests.harness import click, frames, key


def at(name: str) -> tuple[int, int]:
    """The centre of cell ``name`` ("e1") in design units, where a click lands on it."""
    from glissando.scene import cell_center
    from glissando.rules import parse_cell

    c = cell_center(parse_cell(name))
    return round(c[0]), round(c[1])


def score_with_e1(app, settle: int = 1) -> None:
    """From a position where Blue's e1 completes five on the first row (``…/BBBB2OO b``):
    Blue places e1 (G-3), ends the turn without a slide (Enter, G-4), and takes a1 and
    b1 from the line (G-5); then ``settle`` frames."""
    click(app, at("e1"))
    key(app, pygame.K_RETURN)
    click(app, at("a1"))
    click(app, at("b1"))
    frames(app, settle)
