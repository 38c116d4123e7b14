"""The command line (design.md "Contracts"):

``python main.py [GAME] [--demo] [--headless] [--seed N] [--screenshot FILE [--size WxH]
[--frames N]] [--lang fr|en] [--install-launcher | --uninstall-launcher] [--version]``

A wrong flag or an unknown game prints the usage and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

from . import __version__

NO_SCREEN = ("Ludothèque needs a screen, and none was found (DISPLAY and WAYLAND_DISPLAY are "
             "not set): start it from a desktop session, e.g. with its desktop icon.")
"""Said on stderr (exit status 1) when no screen was found (the English of
:func:`ludotheque.screen.message`; the player reads it in their language)."""


def window_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` (or ``1920×1080``) → (1920, 1080): a window size in px.

    :raises argparse.ArgumentTypeError: not two whole numbers, or smaller than 640×360.
    """
    parts = text.lower().replace("×", "x").split("x")
    try:
        w, h = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080") from None
    if w < 640 or h < 360 or w > 16384 or h > 16384:
        raise argparse.ArgumentTypeError(f"{text!r}: a window is 640x360 to 16384x16384 px")
    return w, h


def parser(game_ids, prog: str = "ludotheque") -> argparse.ArgumentParser:
    """The argument parser; ``game_ids`` are the registered games' ids, ``prog`` the
    program's name in the usage (``ludotheque``, or ``python main.py`` in a checkout)."""
    p = argparse.ArgumentParser(
        prog=prog,
        description="Ludothèque: Mississippi, Glissando and Magico, for two people at one computer.")
    p.add_argument("game", nargs="?", choices=list(game_ids), metavar="GAME",
                   help="open this game's setup directly: " + ", ".join(game_ids))
    p.add_argument("--demo", action="store_true", help="the computer plays against itself")
    p.add_argument("--headless", action="store_true",
                   help="with --demo or a GAME: play with no window at full speed and print one JSON line")
    p.add_argument("--seed", type=int, metavar="N", help="make dice, draws and the AI repeatable")
    p.add_argument("--screenshot", type=Path, metavar="FILE", help="render, save a PNG and exit")
    p.add_argument("--size", type=window_size, metavar="WxH",
                   help="the window's size in px, e.g. 2560x1440 (default: the size it was left at, else 3/4 of the screen)")
    p.add_argument("--frames", type=int, default=30, metavar="N", help="frames to run before --screenshot (default 30)")
    p.add_argument("--lang", choices=("fr", "en"), help="language of this session (default: settings, then system)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--install-launcher", action="store_true", help="put a launcher on the desktop and in the menu")
    g.add_argument("--uninstall-launcher", action="store_true", help="remove the launcher")
    p.add_argument("--version", action="version", version=f"Ludothèque {__version__}")
    return p


def main(games, argv=None, prog: str = "ludotheque") -> int:
    """Parse ``argv`` and do what it asks; ``prog`` names the program in the usage.
    :returns: the exit status."""
    from . import logs, signals

    logs.setup()             # rotating file in user_log_dir; warnings on the console
    signals.install()        # Ctrl+C, SIGHUP, SIGTERM: save and quit (before SDL starts)
    games = list(games)
    by_id = {g.id: g for g in games}
    args = parser(list(by_id), prog).parse_args(argv)
    if args.frames < 1:
        parser(list(by_id), prog).error("--frames must be at least 1")

    if args.install_launcher or args.uninstall_launcher:
        from . import launcher

        try:
            paths = launcher.install() if args.install_launcher else launcher.uninstall()
        except OSError as exc:
            print(f"launcher: {exc}", file=sys.stderr)
            return 1
        verb = "created" if args.install_launcher else "removed"
        for pth in paths:
            print(f"{verb} {pth}")
        if not paths:
            print(f"nothing {verb}")
        return 0

    from . import i18n
    from .game import GameConfig, PlayerSpec
    from .settings import Settings, system_language

    i18n.set_language(args.lang or system_language())   # for what loading the settings may say
    settings = Settings.load()
    if args.lang:
        settings.use_language_for_session(args.lang)     # this session only: never stored
    i18n.set_language(settings.language)

    if args.headless:
        if not games:
            print("no game registered", file=sys.stderr)
            return 2
        game = by_id[args.game] if args.game else games[0]
        seed = args.seed if args.seed is not None else int(time.time()) % 100000
        level = "expert"
        config = GameConfig(players=(PlayerSpec("AI 1", "ai", level), PlayerSpec("AI 2", "ai", level)),
                            seed=seed, options=game.default_options(), demo=True)
        t0 = time.perf_counter()
        summary = dict(game.headless(seed, config))
        summary.setdefault("game", game.id)
        summary.setdefault("seed", seed)
        summary.setdefault("seconds", round(time.perf_counter() - t0, 3))
        try:
            print(json.dumps(summary, ensure_ascii=False), flush=True)
        except BrokenPipeError:
            # The reader stopped reading (``… | head``): say nothing more, as the Python
            # docs advise (signal module, "Note on SIGPIPE"), and do not report a crash.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
        return 0

    from . import screen

    seen = screen.diagnose()
    if args.screenshot is not None:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        if seen.code in ("none", "x11-silent", "wayland-silent", "both-silent"):
            os.environ["SDL_VIDEODRIVER"] = "dummy"      # a picture needs no screen
            seen = screen.diagnose()
    if not seen.ok:
        print(screen.message(seen), file=sys.stderr)    # said before sound and video start up
        return 1
    claim = None
    if args.screenshot is None:                         # a player's window: one copy at a time
        from . import instance
        from .saves import saves_dir

        claim = instance.claim(saves_dir().parent)
        if not claim.first:
            print(instance.already_open(instance.hand_over(claim.other_pid)), file=sys.stderr)
            return 0
    from . import launcher

    launcher.set_window_class()                          # WM_CLASS = the launcher's StartupWMClass
    if args.screenshot is None:
        launcher.mend()                                  # a launcher left pointing at a moved install
    import pygame  # the window path only: headless never gets here

    from .app import App
    from .menu import SetupScene, start_game

    size = args.size or ((1280, 720) if args.screenshot is not None else None)   # contract: default 1280×720
    try:
        app = App(games, settings=settings, seed=args.seed, size=size)
    except pygame.error as exc:
        print(screen.window_failed(str(exc)), file=sys.stderr)
        return 1
    if args.screenshot is None and not app.on_screen():
        print(screen.message(seen) or screen.refused(seen), file=sys.stderr)
        pygame.quit()
        return 1
    app.report_problems()                               # settings' sentences: said once, as toasts
    signals.attach(app)
    app.to_menu()
    if args.demo:
        game = by_id[args.game] if args.game else games[0]
        level = settings.ai_level
        names = ("Ordinateur 1", "Ordinateur 2") if settings.language == "fr" else ("Computer 1", "Computer 2")
        start_game(app, game, GameConfig(players=(PlayerSpec(names[0], "ai", level), PlayerSpec(names[1], "ai", level)),
                                         seed=args.seed, options=game.default_options(), demo=True))
    elif args.game:
        app.push(SetupScene(app, by_id[args.game]))
    try:
        return app.run(screenshot=args.screenshot, frames=args.frames)
    finally:
        signals.detach()   # the instance lock (claim) is released by the kernel when the process ends
