"""Mississippi's player-visible texts of outcomes and refusals (translated with gettext).

The scene shows what :mod:`mississippi.rules` decided; the words live here, chosen by the
machine-readable ``code`` the rules give (decision 5: ``Outcome.code``,
``IllegalAction.code``, ``Refusal.code``) — never by the English text. Each table maps
a code to a function of the facts, so a text is made in the language shown now.
"""

from __future__ import annotations

from typing import Callable

from ludotheque import i18n

_ = i18n.domain("mississippi")


def side_name(side: str) -> str:
    """The colour name of ``side`` ("Blue" for the left end, "Orange" for the right)."""
    return _("Blue") if side == "left" else _("Orange")


def role_name(role: str) -> str:
    """``"shooter"`` / ``"placer"`` in the language shown."""
    return _("shooter") if role == "shooter" else _("placer")


def ai_level_name(level: str) -> str:
    """A computer level's name in the language shown (unknown levels as given)."""
    return {"beginner": _("beginner"), "intermediate": _("intermediate"),
            "expert": _("expert")}.get(level, level)


# ``code`` of Match.last → text(name of a side, facts)
OUTCOMES: dict[str, Callable[[Callable[[str | None], str], dict], str]] = {
    "lag-start": lambda who, f: _(
        "Lag: each player slides one puck toward the far end. Closest to the far gutter "
        "without falling in chooses the role."),
    "lag-next": lambda who, f: _(
        "Lag: each player slides one puck toward the far end. Closest to the far gutter "
        "without falling in chooses the role."),
    "lag-replay": lambda who, f: lag_replayed(),
    # M-L3: through a replayed lag ("Lag again") the box keeps saying why (trial4)
    "lag-again": lambda who, f: _(
        "No lag puck stopped in the far target zone, so the lag is replayed: each player "
        "slides one puck again. Closest to the far gutter without falling in chooses the role."),
    # M-L1: after the first slide of a replayed lag only where it went; whether the lag is
    # replayed again is decided after both (trial8: "so the lag is replayed" read as over)
    "lag-next-again": lambda who, f: _(
        "{first}'s lag puck has stopped: now {side} slides. Closest to the far gutter without "
        "falling in chooses the role.").format(first=who(f.get("side")), side=who(f.get("next"))),
    "lag-won": lambda who, f: _(
        "{side}'s lag puck is closest to the far gutter: the choice of role is theirs.").format(
        side=who(f.get("chooser"))),
    "role-chosen": lambda who, f: _("{side} chose to be {role}.").format(
        side=who(f.get("chooser") or f.get("side")), role=role_name(f.get("role", ""))),
    "target-placed": lambda who, f: _("Target placed. Shooter, aim at it!"),
    "standing-target-placed": lambda who, f: _(
        "Standing target placed! Shooter, last puck: drop both to win."),
    "target-fell": lambda who, f: _(
        "Only the target fell: the shot puck is the new target. Shoot again!"),
    "both-fell": lambda who, f: _("Both pucks fell: the placer places a new target."),
    "target-stayed": lambda who, f: _(
        "The target stayed on the table: roles swap and the table is cleared."),
    "missed": lambda who, f: _("Missed: the target stayed on the table. Roles swap."),
    "off-table": lambda who, f: _("A puck flew off the table: roles swap."),
    "knocked": lambda who, f: _("Knock! Last puck announced."),
    "forgot-knock": lambda who, f: _(
        "Forgot to knock before the last puck! Roles swap; the puck stays in hand."),
    "last-puck-won": lambda who, f: _("Both pucks fell on the last shot: {side} wins!").format(
        side=who(f.get("winner"))),
    "last-puck-failed": lambda who, f: last_puck_failed(f.get("off") or ()),
    "flip-window": lambda who, f: _(
        "The new target overhangs the gutter: FLIP WINDOW! Placer: Space to flip."),
    "flip-started": lambda who, f: _("Flip! Catch it as it comes down (Space)."),
    "flip-caught": lambda who, f: _("Caught! The placer becomes the shooter."),
    "flip-dropped": lambda who, f: _(
        "Flip dropped: the puck falls into the placer's gutter; new target."),
    "countered": lambda who, f: _(
        "Countered! The target fell before the flip; roles stay; the counter puck goes back to hand."),
    "counter-too-late": lambda who, f: _("Counter shot: the puck goes back to the shooter's hand."),
    "counter-pushed-back": lambda who, f: _(
        "The counter pushed the target back onto the table: no flip; shoot again."),
    "counter-missed": lambda who, f: _(
        "The counter missed: the flip window stays open; the puck goes back to hand."),
    "flip-window-expired": lambda who, f: _("No flip: the shooter shoots again."),
    "no-puck-left": lambda who, f: _("No puck left at this end: the game is over."),
}


def last_puck_failed(off) -> str:
    """M-R10 failed: the last shot did not drop both pucks. ``off`` names the pucks that
    flew off the table (M-P4; ``"target"``, ``"shot puck"``): they vanished from the table
    and went to the shooter's gutter (M-O5), which is no win (trial8: a player saw both
    vanish and thought they had won)."""
    if len(off) >= 2:
        return _("Both pucks flew off the table: no win, they had to drop into the gutter. "
                 "The shooter takes a puck back and roles swap.")
    if off:
        return _("A puck flew off the table: no win, both pucks had to drop into the gutter. "
                 "The shooter takes a puck back and roles swap.")
    return _("The last shot did not drop both pucks: the shooter takes a puck back and roles swap.")


def outcome_text(code: str, facts: dict, who: Callable[[str | None], str]) -> str:
    """The explanation of the rules' last transition (``Match.last``) by its ``code``;
    ``who(side)`` names a side. An unknown code (a newer rules module) gives ""."""
    fn = OUTCOMES.get(code)
    return fn(lambda s: who(s) if s else "", dict(facts or {})) if fn else ""


# ``code`` of a Refusal / IllegalAction → text
REFUSALS: dict[str, Callable[[], str]] = {
    "not-in-zone": lambda: _("M-R1: the target must touch your target zone, with its centre on the table."),
    "not-between-rails": lambda: _("M-R1: the target must lie between the rails."),
    "overlaps-puck": lambda: _("M-R1: the target may not overlap another puck."),
    "standing-not-allowed": lambda: _(
        "M-R9: a standing target only when the shooter has knocked for the last puck."),
    "no-room": lambda: _("No room to launch here."),
}


def refusal_text(code: str) -> str:
    """The text of a refusal by its ``code`` (a generic sentence for codes a person
    cannot cause from the table: a wrong phase, a damaged report)."""
    fn = REFUSALS.get(code)
    return fn() if fn else _("Not now: that is not possible at this moment of the game.")


# what the scene itself says (no rules transition)
def nothing_thrown() -> str:
    """M-U1: the release was too slow to throw."""
    return _("Nothing thrown: drag the puck and let go while your hand is still moving.")


def early_knock() -> str:
    """M-R8: a knock before the last puck means nothing."""
    return _("Knock! It only counts before your last puck.")


def lag_replayed() -> str:
    """M-L3: why the lag is played again (said through every replayed lag round)."""
    return _("No lag puck stopped in the far target zone, so the lag is replayed.")


def moved_spot_text(kind: str) -> str:
    """M-U1: the puck in hand waits beside its usual spot because a resting puck lies
    there (``kind`` ``"lag"``, ``"shot"`` or ``"counter"``, the flip race's counter-shot
    of M-F3, where the line also tells the placer how to flip): the headline's second
    line says so."""
    if kind == "lag":
        return _("A puck lies on your usual spot, so yours waits beside it: drag the glowing "
                 "puck toward the far end and let go.")
    if kind == "counter":
        return _("Placer: Space to flip, Space again to catch. Shooter: a puck lies on your usual "
                 "spot, so yours waits beside it: flick the glowing puck now for a counter shot!")
    return _("A puck lies on your usual spot, so yours waits beside it: flick the glowing "
             "puck at the target.")


def moved_launch_text() -> str:
    """M-U1: the hand let go over a resting puck; the puck left from the nearest clear
    spot across the table (:meth:`mississippi.sim.TableSim.add_shot_clear`)."""
    return _("You let go over a resting puck: yours left from the nearest clear spot beside it.")


def lag_fell_text(owner_name: str, state: str) -> str:
    """M-L1/M-L3: where a lag puck that left the table top went."""
    if state == "off_table":
        return _("{who}'s lag puck flew off the table: it comes back after the lag.").format(
            who=owner_name)
    return _("{who}'s lag puck fell into the gutter: it cannot win the lag.").format(who=owner_name)


def lag_counts_text(counts: dict[str, int]) -> str:
    """The panel's line saying where a side's lag pucks went (empty when none fell)."""
    parts = []            # short enough for the panel at 16 px (np9: the French was cut)
    if counts.get("far gutter"):
        parts.append(_("Lag puck: in the far gutter"))
    if counts.get("own gutter"):
        parts.append(_("Lag puck: in own gutter"))
    if counts.get("off table"):
        parts.append(_("Lag puck: off the table"))
    return " · ".join(parts)


def goal_text() -> str:
    """M-E1 in one line under the headline: a player wins with no puck left in hand, all
    of them sent to the other end (np9: a newcomer read 15 in hand against 0 as winning)."""
    return _("Goal: 0 in hand — send all 16 pucks to the other end")


def shots_played(shots: int, lag_rounds: int) -> int:
    """The shots of the match (M-R2, the last puck shot without a knock included, M-R8),
    from ``Match.shots``, which also counts the lag's two slides per round (M-L1): the
    number the status bar's "shot N" and the win screen both show (np9: "32 shots" on the
    win screen after "shot 30")."""
    return max(0, shots - 2 * lag_rounds)


def hint_text(speed: float) -> str:
    """The hint (issue 17 §2): the Expert's shot, its speed in m/s (``speed`` mm/s)."""
    return _("Hint: the Expert would throw along the dashed line at {v} m/s "
             "(its free slide would stop at the ring).").format(v=i18n.decimal(speed / 1000))
