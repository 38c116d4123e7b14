"""The command line (design.md "Contracts"):

``python main.py [GAME] [--demo] [--headless] [--seed N] [--screenshot FILE [--size WxH]
[--frames N]] [--lang fr|en] [--install-launcher | --uninstall-launcher] [--version]``

A wrong flag or an unknown game prints the usage and exits with status 2. The help and
the usage are in the language :func:`help_language` picks (``--lang``, the settings, the
system locale), through the shell's gettext catalogue.
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


def _(message: str) -> str:
    """The shell's translation of ``message`` in the current language (imported late:
    the command line is read before anything else is set up)."""
    from . import i18n

    return i18n.domain("ludotheque")(message)


def window_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` (or ``1920×1080``) → (1920, 1080): a window size in px.

    :raises argparse.ArgumentTypeError: not two whole numbers, or smaller than 640×360.
    """
    parts = text.lower().replace("×", "x").split("x")
    try:
        w, h = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a size like 1920x1080").format(text=repr(text))) from None
    if w < 640 or h < 360 or w > 16384 or h > 16384:
        raise argparse.ArgumentTypeError(_("{text}: a window is 640x360 to 16384x16384 px").format(text=repr(text)))
    return w, h


def help_language(argv) -> str:
    """The language ``--help`` and the usage are written in: ``--lang`` when given on
    this command line, else the language kept in the settings file (only read: nothing is
    set aside or said), else the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    from .i18n import LANGUAGES
    from .settings import config_dir, system_language

    args = list(sys.argv[1:] if argv is None else argv)
    for i, a in enumerate(args):
        lang = a.split("=", 1)[1] if a.startswith("--lang=") else (args[i + 1] if a == "--lang" and i + 1 < len(args)
                                                                  else None)
        if lang in LANGUAGES:
            return lang
    try:
        from . import storage

        stored = storage.read_json(config_dir() / "settings.json")
        if isinstance(stored, dict) and stored.get("language") in LANGUAGES:
            return stored["language"]
    except Exception:  # noqa: BLE001 - a settings file that cannot be read: Settings.load says so later
        pass
    return system_language()


class _Formatter(argparse.HelpFormatter):
    """argparse's layout with the usage's "usage: " in the current language."""

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """An error is framed in the current language ("prog: error: …"); argparse's own
    detail of it (e.g. "invalid choice") stays in English: Python ships no translation
    of it, and its strings are read through the process-wide gettext domain."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


def parser(game_ids, prog: str = "ludotheque") -> argparse.ArgumentParser:
    """The argument parser; ``game_ids`` are the registered games' ids, ``prog`` the
    program's name in the usage (``ludotheque``, or ``python main.py`` in a checkout).
    Its help is in the current language (:func:`help_language` chooses it for
    :func:`main`); every argument sits in a group of ours, so argparse's own English
    headings are never printed."""
    p = _Parser(
        prog=prog, add_help=False, formatter_class=_Formatter,
        description=_("Ludothèque: Mississippi, Glissando and Magico, for two people at one computer."))
    # argparse writes a heading's colon itself: the French heading ends with its U+202F
    which = p.add_argument_group(_("what to open"))
    which.add_argument("game", nargs="?", choices=list(game_ids), metavar=_("GAME"),
                       help=_("open this game's setup directly: {games}").format(games=", ".join(game_ids)))
    o = p.add_argument_group(_("options"))
    o.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    o.add_argument("--demo", action="store_true", help=_("the computer plays against itself"))
    o.add_argument("--headless", action="store_true",
                   help=_("with --demo or a GAME: play with no window at full speed and print one JSON line"))
    o.add_argument("--seed", type=int, metavar="N", help=_("make dice, draws and the AI repeatable"))
    o.add_argument("--screenshot", type=Path, metavar=_("FILE"), help=_("render, save a PNG and exit"))
    o.add_argument("--size", type=window_size, metavar=_("WxH"),
                   help=_("the window's size in px, e.g. 2560x1440 (default: the size it was left at, "
                          "else 3/4 of the screen)"))
    o.add_argument("--frames", type=int, default=30, metavar="N",
                   help=_("frames to run before --screenshot (default 30)"))
    o.add_argument("--lang", choices=("fr", "en"),
                   help=_("language of this session (default: settings, then system)"))
    g = o.add_mutually_exclusive_group()
    g.add_argument("--install-launcher", action="store_true", help=_("put a launcher on the desktop and in the menu"))
    g.add_argument("--uninstall-launcher", action="store_true", help=_("remove the launcher"))
    o.add_argument("--version", action="version", version=f"Ludothèque {__version__}",
                   help=_("show the version and exit"))
    return p


def main(games, argv=None, prog: str = "ludotheque") -> int:
    """Parse ``argv`` and do what it asks; ``prog`` names the program in the usage.
    :returns: the exit status."""
    from . import logs, signals

    logs.setup()             # rotating file in user_log_dir; warnings on the console
    signals.install()        # Ctrl+C, SIGHUP, SIGTERM: save and quit (before SDL starts)
    games = list(games)
    by_id = {g.id: g for g in games}
    from . import i18n

    i18n.set_language(help_language(argv))              # --help and the usage in the player's language
    args = parser(list(by_id), prog).parse_args(argv)
    if args.frames < 1:
        parser(list(by_id), prog).error(_("--frames must be at least 1"))

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
