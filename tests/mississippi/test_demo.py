"""The Mississippi headless demo (decision 4): a pure module that runs with pygame not
importable, and its match statistics (issue 12 §4)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CODE = r"""
import json, sys
sys.modules['pygame'] = None                 # pygame is not importable at all
from types import SimpleNamespace as NS
from mississippi.demo import headless
seat = lambda name: NS(name=name, kind='ai', level='beginner')
out = headless(SEED, NS(players=(seat('Blue'), seat('Orange')), options={}))
mods = sorted(m for m, v in sys.modules.items() if v is not None
              and m.split('.')[0] in ('pygame', 'ludotheque'))
print(json.dumps({'out': out, 'mods': mods}))
"""


def run(seed):
    p = subprocess.run([sys.executable, "-c", CODE.replace("SEED", str(seed))],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_headless_demo_runs_without_pygame_and_counts_the_match():
    got = run(5)
    assert got["mods"] == []                          # neither pygame nor the shell
    out = got["out"]
    assert out["game"] == "mississippi" and out["seed"] == 5
    assert out["winner"] in ("Blue", "Orange") and out["total_pucks"] == 16
    st = out["stats"]
    for key in ("shots", "role_swaps", "lag_rounds", "flip_windows", "flips_caught",
                "flips_dropped", "flips_countered", "knocks", "forgotten_knocks",
                "off_table", "standing_targets", "lags_landed", "targets_dropped"):
        assert isinstance(st[key], int) and st[key] >= 0, key
    assert st["shots"] == out["shots"] and st["role_swaps"] == out["role_swaps"]
    assert st["lag_rounds"] >= 1 and st["shots"] >= 2 * st["lag_rounds"]
    # every flip window ends one way or another (M-F2, M-F3, M-F4)
    assert st["flip_windows"] >= (st["flips_caught"] + st["flips_dropped"]
                                  + st["flips_countered"])
    if not out["capped"]:
        assert st["knocks"] + st["forgotten_knocks"] >= 1   # the last puck came (M-R8)


@pytest.mark.slow
def test_headless_demo_repeats_with_its_seed():
    assert run(3)["out"]["stats"] == run(3)["out"]["stats"]


CLI = r"""
import dataclasses, json, sys
sys.modules["pygame"] = None
import mississippi
from ludotheque.cli import main
d = mississippi.DESCRIPTOR
fast = lambda seed, config: d.headless(seed, dataclasses.replace(config, players=tuple(
    dataclasses.replace(p, level="beginner") for p in config.players)))
sys.exit(main([dataclasses.replace(d, headless=fast)],
              ["mississippi", "--demo", "--headless", "--seed", "4"]))
"""


def test_the_command_line_demo_runs_with_pygame_not_importable():
    # python main.py mississippi --demo --headless --seed 4, through the descriptor
    p = subprocess.run([sys.executable, "-c", CLI], capture_output=True, text=True,
                       cwd=ROOT, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["game"] == "mississippi" and out["seed"] == 4
    assert out["total_pucks"] == 16 and "flip_windows" in out["stats"]
