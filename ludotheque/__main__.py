"""``python -m ludotheque`` and the installed ``ludotheque`` command (a gui script).

Finds the installed games through their entry points (:mod:`ludotheque.registry`) and
runs the command line of design.md (:mod:`ludotheque.cli`). In a checkout,
``python main.py`` is the same program with the games listed in ``main.py``.
"""

import multiprocessing
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def run(argv=None) -> int:
    """Entry point of ``ludotheque`` and ``python -m ludotheque``. :returns: the exit status."""
    from .cli import main
    from .registry import installed_games

    return main(installed_games(), argv)


if __name__ == "__main__":
    multiprocessing.freeze_support()    # a frozen app's AI worker process stops here
    sys.exit(run())
