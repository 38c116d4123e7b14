"""The Mississippi :class:`~ludotheque.game.GameDescriptor` (docs/games-api.md) and the
headless demo (``python main.py mississippi --demo --headless --seed 7``)."""

from __future__ import annotations

import time

from ludotheque import i18n
from ludotheque.game import GameDescriptor, Option

from mississippi import ai
from mississippi.scene import draw_preview, make_scene, team_names

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
        "Keys: K knock, Space flip/catch, R replay, T slow replay, G aim guide, F3 debug view.")


def run_headless(seed: int, config) -> dict:
    """Play AI against AI with full physics and no window; the JSON-able summary:
    game, seed, winner (name), winner_side, shots, role_swaps, seconds, final gutter counts
    (summing to 16 with any puck left on the table), flips."""
    t0 = time.perf_counter()
    players = config.players
    levels = tuple(p.level if p.kind == "ai" else "expert" for p in players)
    size = int((config.options or {}).get("team", 1))
    left = team_names(players[0].name, size)
    right = team_names(players[1].name, size)
    r = ai.play_match(int(seed), levels, names=(left[0], right[0]))
    return {
        "game": "mississippi", "seed": seed,
        "winner": players[0].name if r["winner"] == "left" else players[1].name,
        "winner_side": r["winner"], "shots": r["shots"], "role_swaps": r["role_swaps"],
        "lag_rounds": r["lag_rounds"], "flips": r["flips"],
        "seconds": round(time.perf_counter() - t0, 3),
        "final_gutters": r["gutters"], "total_pucks": sum(r["gutters"].values()) + r["on_table"],
        "capped": r["capped"], "levels": list(levels),
    }


DESCRIPTOR = GameDescriptor(
    id="mississippi",
    title=lambda: _("Mississippi"),
    pitch=lambda: _("Flick pucks down the long table and knock the target into the gutter."),
    rules_text=rules_text,
    draw_preview=draw_preview,
    make_scene=make_scene,
    headless=run_headless,
    options=(
        # M-E2: teams of people taking turns; not offered against the computer
        Option("team", lambda: _("Players per team"), (1, 2, 3), 1, label_of=str, people_only=True),
        Option("aim_guide", lambda: _("Aim guide"), (False, True), False,
               label_of=lambda v: _("on") if v else _("off")),
        # M-F4: how long the placer has to start a flip once the new target overhangs
        Option("flip_window", lambda: _("Time to flip"), (2.0, 3.0, 4.0), 3.0,
               label_of=lambda v: _("{s:g} s").format(s=v)),
    ),
    default_sides=(lambda: _("Blue"), lambda: _("Orange")),
)
