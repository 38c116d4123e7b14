"""The Mississippi :class:`~ludotheque.game.GameDescriptor` (docs/games-api.md).

The scene module (pygame) is imported only when the shell asks for a scene or a preview;
the headless demo (``python main.py mississippi --demo --headless --seed 7``) is the pure
:mod:`mississippi.demo`, so that path runs with pygame not importable (decision 4)."""

from __future__ import annotations

from ludotheque import i18n
from ludotheque.game import LEVELS, GameDescriptor, Option, deferred
from ludotheque.session import hints_option

_ = i18n.domain("mississippi")


def rules_text() -> str:
    return _(
        "Two players (or two teams), one at each end of a long table, each start with 8 pucks "
        "in the gutter at their own end. The aim: get rid of all your pucks.\n\n"
        "The lag: each player slides one puck toward the far end. The puck that stops closest "
        "to the far gutter without falling in wins; its owner chooses to be shooter or placer. "
        "If neither rests in the far target zone, the lag is replayed.\n\n"
        "1. The placer lays a puck (the target) in the target zone at their own end.\n"
        "2. The shooter flicks a puck from their own zone at the target: press on it, drag it "
        "and release; the puck takes the speed of your hand.\n\n"
        "Only the target falls: the shot puck becomes the new target; shoot again. Both fall: "
        "a new target is placed. The target stays on the table, or a puck flies off the table: "
        "roles swap and the table is cleared (each puck goes to the nearer end).\n\n"
        "The flip: if the new target overhangs the gutter, the placer may flip it (Space) and "
        "catch it as it comes down (Space again). Caught: the placer becomes the shooter. "
        "Meanwhile the shooter may counter with a quick shot to knock it in first; the counter "
        "puck always comes back.\n\n"
        "The knock: with one puck left in hand, the shooter must knock (K) before shooting it, "
        "or the roles swap. Only then, with no target on the table, the placer may stand the "
        "target on its edge. If that last shot drops both pucks, the shooter wins; otherwise "
        "they take a puck back and roles swap.\n\n"
        "Keys: K knock, Space flip/catch, H hint (the shot the Expert would play), R replay, "
        "T slow replay, G aim guide, F3 debug view.")


DESCRIPTOR = GameDescriptor(
    id="mississippi",
    title=lambda: _("Mississippi"),
    pitch=lambda: _("Flick pucks down the long table and knock the target into the gutter."),
    rules_text=rules_text,
    draw_preview=deferred("mississippi.paint", "draw_preview"),
    make_scene=deferred("mississippi.scene", "make_scene"),
    headless=deferred("mississippi.demo", "headless"),    # pure: no pygame (decision 4)
    options=(
        # M-E2: teams of people taking turns; not offered against the computer
        Option("team", lambda: _("Players per team"), (1, 2, 3), 1, label_of=str, people_only=True),
        # M-U1: the guide shows the launch the hand would give now (newplayer9: no help)
        Option("aim_guide", lambda: _("Aim guide"), (False, True), False,
               label_of=lambda v: _("on") if v else _("off"),
               help=lambda: _("While you drag a puck, a dashed line shows where it would stop if you "
                              "let go now, and at what speed it would leave.")),
        # M-R8: remind a beginner to knock before the last puck (no reminder by default)
        Option("reminders", lambda: _("Last-puck reminder"), (False, True), False,
               label_of=lambda v: _("on") if v else _("off"),
               help=lambda: _("With one puck left in hand, the shooter must knock (K) before "
                              "shooting it, or the roles swap: on, the game reminds you.")),
        # M-F1/M-F4: how long the placer has to start a flip once the new target overhangs
        # (newplayer9: "Délai pour flipper" said neither who nor when)
        Option("flip_window", lambda: _("Time to flip a hanging target"), (2.0, 3.0, 4.0), 3.0,
               label_of=lambda v: _("{s:g} s").format(s=v),
               help=lambda: _("When a new target hangs over the edge of the gutter, the placer has this "
                              "long to flip it (Space); after that, play goes on.")),
        # decision 13: "auto" is off against the computer at Expert, else on (issue 17 §2)
        hints_option(LEVELS),
    ),
    default_sides=(lambda: _("Blue"), lambda: _("Orange")),
)
