"""Ludothèque — composition root: registers the three games and runs the shell.

``python main.py --help`` lists the command line (see ludotheque/cli.py).
"""

import importlib
import logging
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

GAMES = ("mississippi", "glissando", "magico")
"""Packages whose ``DESCRIPTOR`` is offered in the launcher, in menu order."""


def descriptors() -> list:
    """The registered games' descriptors (a package without one is skipped, with a warning)."""
    found = []
    for name in GAMES:
        module = importlib.import_module(name)
        descriptor = getattr(module, "DESCRIPTOR", None)
        if descriptor is None:
            logging.getLogger("ludotheque").warning("game %s has no DESCRIPTOR yet; not shown", name)
            continue
        found.append(descriptor)
    return found


def run(argv=None) -> int:
    """Entry point of ``python main.py`` and of the ``ludotheque`` gui script."""
    from ludotheque.cli import main

    return main(descriptors(), argv)


if __name__ == "__main__":
    sys.exit(run())
