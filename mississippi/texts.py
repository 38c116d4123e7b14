"""Mississippi's player-visible texts of outcomes and refusals (translated with gettext).

The scene shows what :mod:`mississippi.rules` decided; the words live here."""

from __future__ import annotations

from ludotheque import i18n

from mississippi.rules import Match

_ = i18n.domain("mississippi")


def side_name(side: str) -> str:
    return _("Blue") if side == "left" else _("Orange")


def outcome_text(rule: str, facts: dict, m: Match) -> str:
    """A translated explanation of the last transition, by rule id."""
    who = lambda s: m.name(s) if s else ""   # noqa: E731
    table = {
        "M-L1": _("Lag: each player slides one puck toward the far end. Closest to the far gutter without falling in chooses the role."),
        "M-L3": _("No lag puck rests in the far target zone: the lag is replayed."),
        "M-R1": _("Target placed. Shooter, aim at it!"),
        "M-R9": _("Standing target placed! Shooter, last puck: drop both to win."),
        "M-R3": _("Only the target fell: the shot puck is the new target. Shoot again!"),
        "M-R4": _("Both pucks fell: the placer places a new target."),
        "M-R5": _("The target stayed on the table: roles swap and the table is cleared."),
        "M-R6": _("A puck flew off the table: roles swap."),
        "M-R7": _("Missed: the target stayed on the table. Roles swap."),
        "M-R8": _("Knock! Last puck announced."),
        "M-F1": _("The new target overhangs the gutter: FLIP WINDOW! Placer: Space to flip."),
        "M-F4": _("No flip: the shooter shoots again."),
        "M-E1": _("No puck left at this end: the game is over."),
    }
    if rule == "M-L2":
        if "role" in facts:
            return _("{side} chose to be {role}.").format(
                side=who(m.chooser), role=_("shooter") if facts["role"] == "shooter" else _("placer"))
        return _("{side}'s lag puck is closest to the far gutter: the choice of role is theirs.").format(
            side=who(facts.get("chooser")))
    if rule == "M-R8" and facts.get("swapped"):
        return _("Forgot to knock before the last puck! Roles swap; the puck stays in hand.")
    if rule == "M-R10":
        if facts.get("winner"):
            return _("Both pucks fell on the last shot: {side} wins!").format(side=who(facts["winner"]))
        return _("The last shot did not drop both pucks: the shooter takes a puck back and roles swap.")
    if rule == "M-F2":
        return (_("Caught! The placer becomes the shooter.") if facts.get("caught")
                else _("Flip dropped: the puck falls into the placer's gutter; new target."))
    if rule == "M-F3":
        if facts.get("dropped"):
            return _("Countered! The target fell before the flip; roles stay; the counter puck goes back to hand.")
        return _("Counter shot: the puck goes back to the shooter's hand.")
    return table.get(rule, rule)


REFUSALS = {
    "M-R1 the target must touch your target zone with its centre on the table":
        lambda: _("M-R1: the target must touch your target zone, with its centre on the table."),
    "M-R1 the target must lie between the rails": lambda: _("M-R1: the target must lie between the rails."),
    "M-R1 the target may not overlap another puck": lambda: _("M-R1: the target may not overlap another puck."),
}


def refusal_text(reason: str) -> str:
    if reason in REFUSALS:
        return REFUSALS[reason]()
    if reason.startswith("M-R9"):
        return _("M-R9: a standing target only when the shooter has knocked for the last puck.")
    return reason


def ai_level_name(level: str) -> str:
    return {"beginner": _("beginner"), "intermediate": _("intermediate"),
            "expert": _("expert")}.get(level, level)
