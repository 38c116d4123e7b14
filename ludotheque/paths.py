"""Where the project's own files are: ``assets/`` at the top of the source tree.

The project is installed in development mode (``pip install -e .``), so the assets are
read from the checkout the game was installed from.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
LOCALE = ASSETS / "locale"
ICON = ASSETS / "icon.png"
