"""Every icon file of Ludothèque, made from the one master image ``assets/icon.png``.

``python packaging/icons.py`` writes, from the 512 px master:

- ``assets/icons/hicolor/<n>x<n>/apps/ludotheque.png`` for n = 16 … 512: the freedesktop
  theme icon the Linux launcher installs (``Icon=ludotheque``);
- ``assets/icons/ludotheque.ico`` (16–256 px): the Windows executable and shortcut;
- ``assets/icons/ludotheque.icns`` (16–512 px): the macOS app.

``--master`` first redraws the master with :func:`ludotheque.art.icon_surface` (the
drawing is procedural, so it is exact at 512 px). Needs Pillow (the ``bundle`` extra);
the written files are committed, so neither an install nor the app needs Pillow.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MASTER = ROOT / "assets" / "icon.png"
OUT = ROOT / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)   # hicolor sizes (Icon Theme Specification)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)     # Windows: 256 px is the largest an .ico holds
ICNS_SIZES = (16, 32, 64, 128, 256, 512)


def draw_master(path: Path = MASTER, size: int = 512) -> Path:
    """Redraw the master icon (``size`` px PNG) with pygame. :returns: ``path``."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from ludotheque.art import icon_surface

    pygame.init()
    pygame.image.save(icon_surface(size), str(path))
    return path


def write_all(master: Path = MASTER, out: Path = OUT) -> list[Path]:
    """Write every icon file from ``master`` (a square PNG ≥ 512 px). :returns: the files.

    :raises ValueError: the master is not square or smaller than 512 px.
    """
    from PIL import Image

    img = Image.open(master).convert("RGBA")
    if img.width != img.height or img.width < max(SIZES):
        raise ValueError(f"{master}: the master icon must be square and ≥ {max(SIZES)} px, "
                         f"not {img.width}×{img.height}")
    written = []
    for n in SIZES:
        p = out / "hicolor" / f"{n}x{n}" / "apps" / "ludotheque.png"
        p.parent.mkdir(parents=True, exist_ok=True)
        img.resize((n, n), Image.LANCZOS).save(p, optimize=True)
        written.append(p)
    ico = out / "ludotheque.ico"
    img.save(ico, sizes=[(n, n) for n in ICO_SIZES])
    icns = out / "ludotheque.icns"
    img.save(icns, format="ICNS", append_images=[img.resize((n, n), Image.LANCZOS) for n in ICNS_SIZES])
    return written + [ico, icns]


def main(argv=None) -> int:
    """Command line: ``[--master]``."""
    p = argparse.ArgumentParser(prog="python packaging/icons.py", description=__doc__.splitlines()[0])
    p.add_argument("--master", action="store_true", help="redraw assets/icon.png (512 px) first")
    args = p.parse_args(argv)
    if args.master:
        print(draw_master())
    for f in write_all():
        print(f.relative_to(ROOT), f.stat().st_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
