"""Long sessions (issue 8), CI-sized: the computer plays itself across every registered
game through the real shell with no window (``benchmarks/soak.py``, which runs the full
30 minutes of game time): no exception, no game stuck, and resident memory after the
warm-up (every game played once) grows by less than 10 MB."""

import pytest

from benchmarks.soak import GROWTH_LIMIT_MB, soak

MINUTES = 8.0  # of game time: one round of the three games to warm up, then more; ~1–2 min of wall time


@pytest.mark.slow
def test_soak_computer_against_computer_across_the_games():
    out = soak(MINUTES, seed=11)
    assert not out["exceptions"], "\n".join(out["exceptions"][:3])
    assert not any(out["stuck"].values()), out["stuck"]
    assert all(n >= 1 for n in out["completed"].values()), out["completed"]  # every game reached its end
    assert out["warmup_minutes"] < MINUTES, "the soak ended before every game had been played once"
    assert out["rss_growth_mb"] < GROWTH_LIMIT_MB, (
        f"RSS grew from {out['rss_warm_mb']} MB after warm-up to {out['rss_end_mb']} MB")
