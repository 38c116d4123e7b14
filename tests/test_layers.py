"""Pure logic is pure (design.md "Layout"): rules, ai, table and physics import neither
pygame nor the shell, not even through their package's ``__init__``."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = ["glissando.rules", "glissando.ai", "glissando.demo", "magico.rules", "magico.boards",
        "magico.ai", "magico.rollouts", "magico.demo", "magico.hints", "magico.review", "mississippi.table",
        "mississippi.physics", "mississippi.flick", "mississippi.pointer", "mississippi.view", "mississippi.controller",
        "mississippi.rules", "mississippi.ai", "mississippi.sim", "glissando.view", "glissando.controller",
        "magico.view", "magico.controller"]


@pytest.mark.parametrize("module", PURE)
def test_pure_module_imports_neither_pygame_nor_the_shell(module):
    code = (f"import sys, {module}; bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'ludotheque')];"
            "print(','.join(bad))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "", f"{module} pulls in {r.stdout.strip()}"


def test_shell_knows_no_game():
    for path in (ROOT / "ludotheque").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for game in ("glissando", "magico", "mississippi"):
            assert f"import {game}" not in text and f"from {game}" not in text, f"{path.name} imports {game}"


@pytest.mark.parametrize("module", ["ludotheque.session", "ludotheque.game", "ludotheque.cli"])
def test_the_shells_pure_parts_import_no_pygame(module):
    """The session (everything but its end panel), the descriptors' types and the
    command line run with pygame not importable (the headless demo path, decision 4)."""
    code = f"import sys; sys.modules['pygame'] = None; import {module}"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
