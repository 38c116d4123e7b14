"""Glissando: place, slide and push pawns on an 8×8 board; align five to score.

Rules in :mod:`glissando.rules`, computer players in :mod:`glissando.ai` (both pure:
no pygame, no ``ludotheque``), the screen in :mod:`glissando.scene`.
``glissando.DESCRIPTOR`` (for ``main.py``) is built on first access (PEP 562), so that
``import glissando.rules`` stays free of the shell and of pygame.
"""


def __getattr__(name: str):
    if name == "DESCRIPTOR":
        from glissando.descriptor import DESCRIPTOR

        return DESCRIPTOR
    raise AttributeError(f"module 'glissando' has no attribute {name!r}")
