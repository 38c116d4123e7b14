"""Long sessions (issue 8), CI-sized: the computer plays itself across every registered
game through the real shell with no window (``benchmarks/soak.py``, which runs the full
30 minutes of game time): no exception, every game played to its end, and resident memory after the
warm-up (every game played once; beginner level, the full script plays all levels) grows by less than 10 MB."""

import pytest

from benchmarks.soak import GROWTH_LIMIT_MB, soak

MINUTES = 9.0  # of game time (~1–2 min of wall time)
MAX_GAME = 3.0  # a longer match is abandoned, so that every game gets its turn


@pytest.mark.slow
def test_soak_computer_against_computer_across_the_games():
    out = soak(MINUTES, seed=11, levels=("beginner",), max_game_minutes=MAX_GAME)
    assert not out["exceptions"], "\n".join(out["exceptions"][:3])
    for game_id, n in out["completed"].items():  # every game was played (to its end, or for 3 min)
        assert n + out["abandoned"][game_id] >= 1, (game_id, out)
    assert sum(out["completed"].values()) >= 2, out["completed"]
    assert out["warmup_minutes"] < MINUTES - 1, "the soak ended before every game had been played once"
    assert out["rss_growth_mb"] < GROWTH_LIMIT_MB, (
        f"RSS grew from {out['rss_warm_mb']} MB after warm-up to {out['rss_end_mb']} MB: {out['rss_samples']}")
