"""Magico: roll two dice, calculate, place tokens on a number board; runs of three that
sum to 15 score.

Rules in :mod:`magico.rules`, computer players in :mod:`magico.ai` (both pure: no
pygame, no ``ludotheque``), the screen in :mod:`magico.scene`. ``magico.DESCRIPTOR``
(for ``main.py``) is built on first access (PEP 562), so that ``import magico.rules``
stays free of the shell and of pygame.
"""


def __getattr__(name: str):
    if name == "DESCRIPTOR":
        from magico.descriptor import DESCRIPTOR

        return DESCRIPTOR
    raise AttributeError(f"module 'magico' has no attribute {name!r}")
