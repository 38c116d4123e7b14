"""Magico's pure layers (issue 14 §2, common.md "Standards"): the view's geometry and the
turn controller import neither pygame nor the shell; the texts need only the shell's
gettext (no pygame). Checked in a fresh process each."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.parametrize("module", ["magico.view", "magico.controller"])
def test_geometry_and_controller_import_neither_pygame_nor_the_shell(module):
    code = (f"import sys, {module}; bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'ludotheque')];"
            "print(','.join(bad))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "", f"{module} pulls in {r.stdout.strip()}"


def test_texts_run_with_pygame_not_importable():
    code = ("import sys; sys.modules['pygame'] = None; import magico.texts as t; "
            "assert t.show_op('6*3') == '6 × 3'; print(t.undo_refused('after-roll'))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "K-4" in r.stdout
