"""End to end: the real game in a real X window (Xvfb), clicked with xdotool.

Skips with a reason where Xvfb, xdotool or ImageMagick's ``import`` is missing;
``.ci/run`` installs them, so CI runs these.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import xserver
from tests.xserver import start_xvfb, window_of

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "xdotool", "import")
missing = xserver.missing(*TOOLS)
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)")]


@pytest.fixture
def display(tmp_path):
    xvfb, env = start_xvfb(tmp_path)
    yield env
    xvfb.kill()
    xvfb.wait()


def grab(env, path) -> bytes:
    subprocess.run(["import", "-window", "root", "-depth", "8", f"rgb:{path}"], env=env, check=True, timeout=30)
    return Path(path).read_bytes()


def first_tile_button():
    """Where "Two players" of the first tile is, from the menu's own layout."""
    sys.path.insert(0, str(ROOT))
    import main
    from tests.harness import make_app

    app = make_app(main.descriptors())
    button = next(w for w in app.top.focus.widgets if callable(getattr(w, "label", None)) and w.label() == os.environ.get("E2E_BUTTON", "Two players"))
    return button.rect.center


def differing(a: bytes, b: bytes) -> int:
    """How many of every 97th byte of two screen grabs differ."""
    return sum(x != y for x, y in zip(a[::97], b[::97]))


def settled(env, path, seconds: float = 60.0, accept=lambda shot: True) -> bytes:
    """The screen once it shows a still picture that ``accept`` takes: two grabs in a row
    equal (a state of the screen, polled; no fixed sleep)."""
    last = [grab(env, path)]

    def still():
        shot = grab(env, path)
        same = shot == last[0] and accept(shot)
        last[0] = shot
        return shot if same else None
    shot = xserver.wait_for(still, seconds=seconds, step=0.1)
    assert shot, "the screen never came to rest on the expected picture"
    return shot


def test_clicking_a_tile_in_a_real_window_opens_the_game_setup(display, tmp_path):
    x, y = first_tile_button()
    app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--lang", "en"], env=display, cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wid = window_of(display, app)
        blank = bytes(len(grab(display, tmp_path / "blank.rgb")))
        before = settled(display, tmp_path / "before.rgb", accept=lambda shot: differing(shot, blank) > len(shot[::97]) // 4)
        assert app.poll() is None, "the game exited at start"
        # the window as it is once its picture settled: under load the first one found was
        # gone by the click once (BadWindow, CI at 21f4727)
        wid = window_of(display, app)
        subprocess.run(["xdotool", "mousemove", "--window", wid, str(x), str(y), "click", "1"], env=display, check=True)
        after = settled(display, tmp_path / "after.rgb", accept=lambda shot: differing(before, shot) > len(before[::97]) // 20)
        assert differing(before, after) > len(before[::97]) // 20, "the screen did not change after the click"
        subprocess.run(["xdotool", "key", "--window", wid, "Escape"], env=display, check=True)
        back = settled(display, tmp_path / "back.rgb", accept=lambda shot: differing(before, shot) < len(before[::97]) // 50)
        assert differing(before, back) < len(before[::97]) // 50, "Esc did not go back"
        subprocess.run(["xdotool", "key", "--window", wid, "ctrl+q"], env=display, check=True)
        app.wait(timeout=60)
        assert app.returncode == 0
    finally:
        if app.poll() is None:
            app.kill()
        out = app.stdout.read() if app.stdout else ""
        print(out)
