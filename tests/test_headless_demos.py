"""``python main.py GAME --demo --headless`` runs with pygame not importable at all
(decision 4, issue 14 §2): the command line's headless path and each game's pure
``demo.py``, in a process where ``import pygame`` fails."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The descriptor's headless demo through the real command line (ludotheque.cli.main), in
# a process with pygame blocked. Glissando's Expert takes ~20 s a game on a loaded
# machine, so the demo plays at the Beginner level here (the AI modules' own purity is
# tests/test_layers.py's); the command line passes its config through unchanged.
SCRIPT = """
import dataclasses, json, sys
sys.modules["pygame"] = None
import {game}
from ludotheque.cli import main
d = {game}.DESCRIPTOR
fast = lambda seed, config: d.headless(seed, dataclasses.replace(config, players=tuple(
    dataclasses.replace(p, level="beginner") for p in config.players)))
sys.exit(main([dataclasses.replace(d, headless=fast)], ["{game}", "--demo", "--headless", "--seed", "4"]))
"""


@pytest.mark.parametrize("game", ["glissando", "magico"])
def test_headless_demo_runs_with_pygame_not_importable(game):
    r = subprocess.run([sys.executable, "-c", SCRIPT.format(game=game)], capture_output=True,
                       text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["game"] == game and summary["seed"] == 4
    assert summary["winner"] in {"glissando": ("blue", "orange", "draw"),
                                 "magico": ("red", "blue", "draw")}[game]
    assert summary["turns"] == len(summary["history"]) > 0


@pytest.mark.parametrize("game", ["glissando", "magico"])
def test_the_demo_replays_through_the_rules_to_its_final_position(game):
    """The summary's history is legal: replayed through the state protocol it reaches the
    final position and the winner said."""
    from ludotheque.game import GameConfig, PlayerSpec
    import importlib

    demo = importlib.import_module(f"{game}.demo")
    rules = importlib.import_module(f"{game}.rules")
    cfg = GameConfig(players=(PlayerSpec("", "ai", "beginner"), PlayerSpec("", "ai", "intermediate")))
    out = demo.headless(11, cfg)
    start = out.get("first")
    if game == "glissando":
        p = rules.Position.start(first="b" if start == "blue" else "o")
    else:
        p = rules.Position.start()
    for t in out["history"]:
        p = p.play(t)
    assert p.is_terminal() and p.to_text() == out["final_position"]
    assert demo.NAMES[p.outcome().winner] == out["winner"]
    assert demo.headless(11, cfg)["history"] == out["history"]          # a seed replays
