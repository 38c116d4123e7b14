"""Mississippi match statistics: what a match counted (issue 12 §4), a pure module.

:class:`mississippi.rules.Match` keeps the counters as it decides each shot and hands them
out as a :class:`MatchStats` (``Match.stats``); the headless demo prints them and
``benchmarks/mississippi_matches.py`` sums them over many matches. No pygame, no shell,
no physics.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Iterable, Mapping

__all__ = ["MatchStats", "COUNTERS"]


@dataclass(frozen=True)
class MatchStats:
    """Counts of one match (all ints, rule ids in brackets).

    * ``shots`` — lag shots and shots (M-L1, M-R2), the last puck shot without the knock
      included (M-R8: the turn is used, the puck stays in hand); counter shots are counted
      apart (``counter_shots``) — ``Match.shots``;
    * ``role_swaps`` — shooter and placer swapped (M-R5…M-R8, M-R10, M-F2);
    * ``lag_rounds`` — lags decided or replayed (M-L2, M-L3); ``lags_landed`` — lag pucks
      that came to rest touching the far target zone (M-L3);
    * ``targets_dropped`` — targets that fell into the gutter (M-R3, M-R4, M-R10, M-F3);
      ``new_targets`` — shots where only the target fell and the shot puck became the new
      target (M-R3; a flip window opens when it overhangs, M-F1);
    * ``flip_windows`` — flip windows opened (M-F1); ``flips_caught`` / ``flips_dropped``
      (M-F2); ``flips_countered`` — windows the shooter's counter shot won, the target
      falling before any flip (M-F3); ``flip_windows_expired`` (M-F4);
      ``counter_shots`` — counter shots played (M-F3);
    * ``knocks`` — knocks before a last puck (M-R8); ``forgotten_knocks`` — last pucks
      shot without the knock (M-R8);
    * ``off_table`` — pucks that flew off the table (M-P4, M-R6);
    * ``standing_targets`` — targets placed standing on edge (M-R9).
    """

    shots: int = 0
    role_swaps: int = 0
    lag_rounds: int = 0
    lags_landed: int = 0
    targets_dropped: int = 0
    new_targets: int = 0
    flip_windows: int = 0
    flips_caught: int = 0
    flips_dropped: int = 0
    flips_countered: int = 0
    flip_windows_expired: int = 0
    counter_shots: int = 0
    knocks: int = 0
    forgotten_knocks: int = 0
    off_table: int = 0
    standing_targets: int = 0

    def to_dict(self) -> dict[str, int]:
        """A JSON-able dict, field by field."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "MatchStats":
        """The inverse of :meth:`to_dict`; unknown keys are ignored, missing ones are 0.

        :raises ValueError: for a count that is not a whole number ≥ 0.
        """
        out = {}
        for f in fields(cls):
            v = d.get(f.name, 0)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"M-O6 the count {f.name} must be a whole number ≥ 0, not {v!r}")
            out[f.name] = v
        return cls(**out)

    @classmethod
    def total(cls, many: Iterable["MatchStats"]) -> "MatchStats":
        """Field-by-field sum of several matches' statistics."""
        acc = dict.fromkeys(COUNTERS, 0)
        for s in many:
            for k in COUNTERS:
                acc[k] += getattr(s, k)
        return cls(**acc)


COUNTERS: tuple[str, ...] = tuple(f.name for f in fields(MatchStats))
"""The names of the counters, in order."""
