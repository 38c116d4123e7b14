"""Magico's pure layers (issue 14 §2, common.md "Standards"): the view's geometry and the
turn controller import neither pygame nor the shell; the texts need only the shell's
gettext (no pygame). Checked in a fresh process each. (That the view and the controller
import neither pygame nor the shell is checked with every other pure module in
tests/test_layers.py, its PURE list.)"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_texts_run_with_pygame_not_importable():
    code = ("import sys; sys.modules['pygame'] = None; import magico.texts as t; "
            "assert t.show_op('6*3') == '6 × 3'; print(t.undo_refused('after-roll'))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "K-4" in r.stdout
