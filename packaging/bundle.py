"""Build the standalone Ludothèque: ``python packaging/bundle.py``.

Makes, with PyInstaller (``pip install '.[bundle]'``) and ``packaging/ludotheque.spec``:

- ``dist/ludotheque/``: the one-folder app; run ``dist/ludotheque/ludotheque``
  (``ludotheque.exe`` on Windows; on macOS also ``dist/Ludothèque.app``). No Python is
  needed where it runs: copy the folder anywhere.
- the archive a family downloads, beside it: ``dist/ludotheque-<version>-linux-x86_64.tar.gz``
  (``…-windows-amd64.zip``, ``…-macos-arm64.zip`` with the ``.app``).

It prints the sizes (folder, archive, in MB of 10⁶ bytes) and fails (exit 1) if the
archive is over :data:`MAX_ARCHIVE_MB`. Build on each system for that system:
PyInstaller does not cross-compile.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "ludotheque.spec"
MAX_ARCHIVE_MB = 45.0
"""Issue 16: the download stays under 45 MB."""


def version() -> str:
    """The version of the checkout (ludotheque/__init__.py), read without importing it."""
    import ast

    tree = ast.parse((ROOT / "ludotheque" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__version__" for t in node.targets):
            return node.value.value
    raise RuntimeError("ludotheque/__init__.py has no __version__")


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-amd64``, ``macos-arm64``…"""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def folder_size(path: Path) -> int:
    """Bytes of every file under ``path`` (symbolic links not followed)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller on the spec. :returns: the app folder ``dist/ludotheque``.

    :raises SystemExit: PyInstaller is missing or fails.
    """
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        sys.exit("PyInstaller is not installed: pip install '.[bundle]'")
    pyinstaller.run([str(SPEC), "--noconfirm", "--clean", "--log-level", "WARN",
                     "--distpath", str(dist), "--workpath", str(work)])
    app = dist / "ludotheque"
    exe = app / ("ludotheque.exe" if sys.platform == "win32" else "ludotheque")
    if not exe.is_file():
        sys.exit(f"PyInstaller made no {exe}")
    return app


def strip_python(app: Path) -> int:
    """Linux: remove the debug symbols of the Python interpreter's own libraries in the
    app (``libpython3.*.so*``, ``python3.*/lib-dynload/*.so``; a Python built from source
    keeps them: 23 MB of libpython's 23.1). The libraries that came in wheels
    (``*.libs/``, numpy, pygame, pymunk) are left alone: auditwheel patched them and
    ``strip`` breaks them. :returns: bytes saved (0 where ``strip`` is missing)."""
    tool = shutil.which("strip")
    if not tool or not sys.platform.startswith("linux"):
        return 0
    internal = app / "_internal"
    targets = [p for p in internal.glob("libpython3*.so*") if p.is_file() and not p.is_symlink()]
    targets += [p for p in internal.glob("python3*/lib-dynload/*.so") if p.is_file()]
    before = sum(p.stat().st_size for p in targets)
    if targets:
        subprocess.run([tool, "--strip-debug", *map(str, targets)], check=True)
    return before - sum(p.stat().st_size for p in targets)


def archive(app: Path, dist: Path) -> Path:
    """Pack the app for download: a ``.tar.gz`` on Linux (keeps the executable bit), a
    ``.zip`` elsewhere (macOS: of the ``.app``). :returns: the archive's path."""
    base = dist / f"ludotheque-{version()}-{platform_tag()}"
    if sys.platform.startswith("linux"):
        out = base.with_name(base.name + ".tar.gz")
        with tarfile.open(out, "w:gz", compresslevel=6) as tar:
            tar.add(app, arcname="ludotheque")
        return out
    what = dist / "Ludothèque.app" if sys.platform == "darwin" and (dist / "Ludothèque.app").is_dir() else app
    return Path(shutil.make_archive(str(base), "zip", root_dir=what.parent, base_dir=what.name))


def main(argv=None) -> int:
    """Command line: ``[--dist DIR] [--no-archive] [--json]``."""
    p = argparse.ArgumentParser(prog="python packaging/bundle.py", description="Build the standalone Ludothèque.")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    p.add_argument("--no-archive", action="store_true", help="build the folder only")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    app = build(args.dist, ROOT / "build" / "pyinstaller")
    saved = strip_python(app)
    built = time.perf_counter() - t0
    figures = {"app": str(app), "folder_mb": round(folder_size(app) / 1e6, 1),
               "stripped_mb": round(saved / 1e6, 1), "build_s": round(built, 1)}
    if not args.no_archive:
        out = archive(app, args.dist)
        figures.update(archive=str(out), archive_mb=round(out.stat().st_size / 1e6, 1),
                       archive_s=round(time.perf_counter() - t0 - built, 1))
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k}: {v}")
    if figures.get("archive_mb", 0) > MAX_ARCHIVE_MB:
        print(f"the archive is {figures['archive_mb']} MB, over {MAX_ARCHIVE_MB} MB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
