"""What several Mississippi test files share (pure: no pygame)."""

from __future__ import annotations

from mississippi.rules import Match, PuckOutcome as P, Report

MID_Y = 247.5
"""Half the table's width (mm): the middle line along the table."""


def lagged(shooter: str = "left") -> Match:
    """A match just past the lag (M-L1/M-L2): Ann's (left) lag puck at 3300 mm beat Bob's
    at 1500 mm, and Ann chose to be the shooter (``shooter="left"``) or the placer."""
    m = Match.new("Ann", "Bob")
    m.lag_shot(Report({1: P("table", 3300)}))
    m.lag_shot(Report({1: P("table", 3300), 2: P("table", 1500)}))
    m.choose_role("shooter" if shooter == "left" else "placer")
    return m
