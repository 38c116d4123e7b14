"""Test harness: no screen, no sound device, and a private user folder.

The whole suite runs headless (design.md "Tests"): SDL's dummy video and audio drivers
are set before anything imports pygame, and platformdirs is pointed at a temporary
HOME/XDG tree so no test ever touches a real user's settings or saves.
"""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

_HOME = Path(tempfile.mkdtemp(prefix="ludotheque-test-home-"))
for var, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                 ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state")):
    os.environ[var] = str(_HOME / sub)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# ---------------------------------------------------------------- order and scheduling
# The suite's wall time on a 2-core machine is set by its long tests (the window tests,
# 10–330 s each under load; the slow ones, 15–240 s): collected last (tests/test_*.py
# come after the game folders), they started last and one worker ran on alone for
# minutes. They now run first, and pytest-xdist hands out the tests one at a time
# (--maxschedchunk 1 unless given), so the short ones fill in around them on every core.

# Seconds measured at load ~13 (pytest --durations, 2026-12-01), the longest first; the
# other long tests count 30 s. Only the order depends on these, never a result.
MEASURED = {
    "tests/magico/test_e2e.py": 334, "tests/test_soak.py": 221, "tests/test_reliability_files.py": 70,
    "tests/test_reliability_saving.py": 68, "tests/magico/test_session_ui.py": 60,
    "tests/glissando/test_crosscheck.py": 55, "tests/test_e2e_windows.py": 40,
    "tests/mississippi/test_stats.py": 65, "tests/test_crash_safety.py": 40,
}


def _long(item) -> bool:
    return any(item.get_closest_marker(m) for m in ("e2e", "slow", "packaging"))


def pytest_collection_modifyitems(config, items):
    """The long tests first, the longest first, window tests (which mostly wait for the
    game they started) alternating with the others (which keep a core busy); then the
    rest in file order."""
    def seconds(item):
        return MEASURED.get(item.nodeid.split("::")[0], 30)

    long = sorted((i for i in items if _long(i)), key=seconds, reverse=True)       # stable
    windows = [i for i in long if i.get_closest_marker("e2e")]
    others = [i for i in long if not i.get_closest_marker("e2e")]
    front = []
    while windows or others:
        for group in (windows, others):
            if group:
                front.append(group.pop(0))
    items[:] = front + [i for i in items if not _long(i)]


def pytest_configure(config):
    if hasattr(config.option, "maxschedchunk") and config.option.maxschedchunk is None:
        config.option.maxschedchunk = 1


# ---------------------------------------------------------------- one language per test
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_to_start():
    """Every test starts in English and leaves English behind: the current language is a
    module global (``ludotheque.i18n``), and a test that switched to French (or an App
    started with ``--lang fr``) made a later test on the same xdist worker read French
    where it expected English (seen once: glissando/test_session_ui's hint texts)."""
    from ludotheque import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")
