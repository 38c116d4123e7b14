"""Mississippi: slide pucks down a long table and knock the target into the gutter.

Geometry in :mod:`mississippi.table`, physics in :mod:`mississippi.physics`, the mouse
flick in :mod:`mississippi.flick`, the match rules in :mod:`mississippi.rules`, the computer
player in :mod:`mississippi.ai` (all pure: no pygame, no ``ludotheque``), the screen in
:mod:`mississippi.scene`. ``mississippi.DESCRIPTOR`` (for ``main.py``) is built on first
access (PEP 562), so that ``import mississippi.rules`` stays free of the shell and pygame.
"""


def __getattr__(name: str):
    if name == "DESCRIPTOR":
        from mississippi.descriptor import DESCRIPTOR

        return DESCRIPTOR
    raise AttributeError(f"module 'mississippi' has no attribute {name!r}")
