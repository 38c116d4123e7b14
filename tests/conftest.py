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
