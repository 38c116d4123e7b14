"""Ludothèque's data files, installed as the package ``ludotheque.assets``.

In the repository they stay in ``assets/`` at the top (translations, Magico board
layouts, the font, the icons); ``pyproject.toml`` maps that folder to
``ludotheque/assets`` in every install, wheel, sdist and bundle alike. Read them through
:mod:`ludotheque.paths` (``importlib.resources``), never by a path of the source tree.
"""
