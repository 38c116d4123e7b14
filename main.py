"""Ludothèque — composition root: registers the three games and runs the shell.

``python main.py --help`` lists the command line (see ludotheque/cli.py). An installed
copy runs the same program as ``ludotheque`` or ``python -m ludotheque``, with the same
games declared as entry points in ``pyproject.toml`` (see ludotheque/registry.py); the
standalone bundle (packaging/) is built from this file.
"""

import importlib
import logging
import multiprocessing
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

GAMES = ("mississippi", "glissando", "magico")
"""Packages whose ``DESCRIPTOR`` is offered in the launcher, in menu order (the same
list as ``[project.entry-points."ludotheque.games"]`` in pyproject.toml)."""


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
    """Entry point of ``python main.py`` (and of the bundle's executable)."""
    from ludotheque.cli import main

    prog = "ludotheque" if getattr(sys, "frozen", False) else "python main.py"
    return main(descriptors(), argv, prog=prog)


if __name__ == "__main__":
    multiprocessing.freeze_support()    # a frozen app's AI worker process stops here
    sys.exit(run())
