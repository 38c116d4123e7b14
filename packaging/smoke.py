"""Smoke checks of what people install, run from folders outside the checkout (CI).

``python packaging/smoke.py wheel``
    Builds the wheel, installs it in a fresh venv in a temporary folder, and from
    another folder runs: ``--version``, ``--help``, ``python -m ludotheque``, each
    headless demo, an English and a French screenshot of the menu (they must differ),
    and a Magico game (its board must load). No top-level ``main`` may be installed.

``python packaging/smoke.py bundle [--archive FILE]``
    Unpacks the bundle's archive (``dist/ludotheque-*.tar.gz`` by default) in a
    temporary folder and runs it with no Python environment (``PATH=/usr/bin:/bin``,
    nothing of the checkout or a venv): three headless demos; ``--install-launcher``
    (``desktop-file-validate``); then the folder is moved and a Glissando demo is played
    in a window (Xvfb) until the AI worker *process* has answered (its log line, its CPU
    time) — and the launcher must have been mended to the new place.

Each step prints its time; any failure says what and exits 1. ``--keep DIR`` keeps the
screenshots and logs there (to look at them).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("mississippi", "glissando", "magico")


class Failed(Exception):
    """A smoke check failed; the message says which and what was seen."""


def step(name: str):
    """Decorator-free timer: ``with step("…"):`` prints the step and its seconds."""
    class _Step:
        def __enter__(self):
            self.t0 = time.perf_counter()
            print(f"-- {name}", flush=True)

        def __exit__(self, kind, exc, tb):
            dt = time.perf_counter() - self.t0
            print(f"   {'ok' if kind is None else 'FAILED'} ({dt:.1f} s)", flush=True)
            TIMES[name] = round(dt, 1)
    return _Step()


TIMES: dict[str, float] = {}


def run(argv, *, env=None, cwd=None, timeout=300, check=True) -> subprocess.CompletedProcess:
    """Run ``argv``; with ``check``, a non-zero exit raises :class:`Failed` with its output."""
    r = subprocess.run([str(a) for a in argv], env=env, cwd=cwd, capture_output=True, text=True,
                       timeout=timeout)
    if check and r.returncode != 0:
        raise Failed(f"{' '.join(map(str, argv))} exited {r.returncode}\n--- stdout\n{r.stdout[-3000:]}"
                     f"\n--- stderr\n{r.stderr[-3000:]}")
    return r


def clean_env(home: Path, **extra) -> dict:
    """An environment with nothing of a Python install in it: ``PATH=/usr/bin:/bin``, a
    private ``HOME`` and XDG folders, dummy sound, no display unless given."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": os.environ.get("LANG", "C.UTF-8"),
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
           "XDG_STATE_HOME": str(home / ".local/state"), "XDG_CACHE_HOME": str(home / ".cache"),
           "SDL_AUDIODRIVER": "dummy"}
    env.update(extra)
    return env


def check_program(cmd: list, work: Path, env: dict, keep: Path | None) -> dict:
    """The checks every install must pass, running ``cmd`` (``[.../ludotheque]``) in
    ``work``. :returns: the headless demos' summaries. :raises Failed:"""
    from_version = (ROOT / "ludotheque" / "__init__.py").read_text(encoding="utf-8")
    version = re.search(r'__version__ = "([^"]+)"', from_version).group(1)
    with step("--version and --help"):
        out = run([*cmd, "--version"], env=env, cwd=work).stdout.strip()
        if out != f"Ludothèque {version}":
            raise Failed(f"--version printed {out!r}, not 'Ludothèque {version}'")
        usage = run([*cmd, "--help", "--lang", "en"], env=env, cwd=work).stdout   # the help follows LANG
        if not usage.startswith("usage: ludotheque "):
            raise Failed(f"--help does not name the program ludotheque: {usage[:80]!r}")
    summaries = {}
    for game in GAMES:
        with step(f"{game} --demo --headless --seed 1"):
            r = run([*cmd, game, "--demo", "--headless", "--seed", "1"], env=env, cwd=work)
            lines = r.stdout.strip().splitlines()
            if len(lines) != 1:
                raise Failed(f"{game}: {len(lines)} lines on stdout, not one JSON line")
            summary = json.loads(lines[0])
            if summary.get("game") != game:
                raise Failed(f"{game}: the summary names {summary.get('game')!r}")
            summaries[game] = summary
    with step("menu screenshots in English and French"):
        shots = {}
        for lang in ("en", "fr"):
            png = work / f"menu-{lang}.png"
            run([*cmd, "--lang", lang, "--screenshot", png, "--frames", "5"], env=dict(env, SDL_VIDEODRIVER="dummy"),
                cwd=work)
            shots[lang] = png.read_bytes()
        if shots["en"] == shots["fr"]:
            raise Failed("the French menu is the same picture as the English one: no catalogues installed?")
    with step("a Magico game starts (its board layout is installed)"):
        png = work / "magico-game-fr.png"
        run([*cmd, "magico", "--demo", "--seed", "3", "--lang", "fr", "--screenshot", png, "--frames", "20"],
            env=dict(env, SDL_VIDEODRIVER="dummy"), cwd=work)
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
        for png in work.glob("*.png"):
            shutil.copy(png, keep / png.name)
    return summaries


SDIST_NEEDS = ("LICENSE", "README.md", "pyproject.toml", "setup.py", "main.py", "tests/conftest.py",
               "tests/test_packaging.py", "benchmarks/soak.py", "assets/__init__.py",
               "assets/locale/fr/LC_MESSAGES/ludotheque.po", "assets/magico/boards/magico-classic.json",
               "assets/fonts/DejaVuSans.ttf", "assets/fonts/LICENSE-DejaVu.txt", "packaging/ludotheque.spec")


def check_sdist(sdist: Path) -> None:
    """The sdist holds what its tests need (the tests, main.py, the benchmarks they
    import, the assets with the .po sources) and no caches. :raises Failed:"""
    import tarfile

    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    missing = [n for n in SDIST_NEEDS if n not in names]
    if missing:
        raise Failed(f"{sdist.name} lacks {missing}")
    junk = sorted(n for n in names if "__pycache__" in n or n.endswith(".pyc") or ".hypothesis" in n)
    if junk:
        raise Failed(f"{sdist.name} holds caches: {junk[:5]}")
    print(f"   {sdist.name}: {len(names)} files, {sdist.stat().st_size / 1e6:.1f} MB")


def smoke_wheel(keep: Path | None) -> None:
    """Build the wheel, install it in a fresh venv outside the checkout, check it."""
    with tempfile.TemporaryDirectory(prefix="ludotheque-wheel-") as tmp:
        tmp = Path(tmp)
        try:
            import build  # noqa: F401  (the bundle extra)
        except ImportError:
            build = None
        if build is not None:
            with step("build the sdist, then the wheel from the sdist (python -m build)"):
                run([sys.executable, "-m", "build", "-o", tmp / "dist", ROOT], timeout=600)
                sdist = next((tmp / "dist").glob("ludotheque-*.tar.gz"))
                check_sdist(sdist)
        else:
            with step("build the wheel (pip wheel --no-deps; pip install build to check the sdist too)"):
                run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "dist", ROOT], timeout=600)
        wheel = next((tmp / "dist").glob("ludotheque-*.whl"))
        with step("install it in a fresh venv"):
            run([sys.executable, "-m", "venv", tmp / "venv"])
            run([tmp / "venv" / "bin" / "python", "-m", "pip", "install", "-q", wheel], timeout=600)
            site = run([tmp / "venv" / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                       cwd=tmp).stdout.strip()
            top = sorted(p.name for p in Path(site).iterdir() if p.name.startswith("main"))
            if top:
                raise Failed(f"the wheel installs a top-level {top} in site-packages")
        work = tmp / "elsewhere"
        work.mkdir()
        env = clean_env(tmp / "home")
        check_program([tmp / "venv" / "bin" / "ludotheque"], work, env, keep)
        with step("python -m ludotheque"):
            out = run([tmp / "venv" / "bin" / "python", "-m", "ludotheque", "--version"], env=env, cwd=work).stdout
            if not out.startswith("Ludothèque "):
                raise Failed(f"python -m ludotheque --version printed {out!r}")


def _start_xvfb(env: dict) -> tuple[subprocess.Popen, str]:
    """Xvfb on a free display (``-displayfd``). :returns: the process and ``":N"``."""
    if not shutil.which("Xvfb"):
        raise Failed("Xvfb is not installed (apt-get install xvfb)")
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    if not number:
        xvfb.kill()
        raise Failed("Xvfb did not start")
    return xvfb, f":{number}"


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])       # utime + stime (fields 14, 15)


def _workers(app_pid: int) -> dict[int, int]:
    """The app's multiprocessing worker processes (``--multiprocessing-fork``) and their
    CPU time in clock ticks."""
    out = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid == app_pid and b"--multiprocessing-fork" in (proc / "cmdline").read_bytes():
                out[int(proc.name)] = _cpu_ticks(int(proc.name))
        except (OSError, ValueError, IndexError):
            continue
    return out


def _desktop_exec(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            return line[len("Exec="):]
    raise Failed(f"{path} has no Exec")


def smoke_bundle(archive: Path, keep: Path | None, window_s: float = 120.0) -> None:
    """Unpack the bundle's archive outside the checkout and check it with no Python."""
    if not archive.is_file():
        raise Failed(f"no archive {archive}: build it with python packaging/bundle.py")
    with tempfile.TemporaryDirectory(prefix="ludotheque-bundle-") as tmp:
        tmp = Path(tmp)
        with step(f"unpack {archive.name}"):
            shutil.unpack_archive(archive, tmp / "first-place")
            exe = tmp / "first-place" / "ludotheque" / "ludotheque"
            if not os.access(exe, os.X_OK):
                raise Failed(f"{exe} is not an executable")
        home = tmp / "home"
        env = clean_env(home)
        work = tmp / "elsewhere"
        work.mkdir()
        check_program([exe], work, env, keep)
        with step("--install-launcher from the bundle"):
            run([exe, "--install-launcher"], env=env, cwd=work)
            menu = home / ".local" / "share" / "applications" / "ludotheque.desktop"
            if not menu.is_file():
                raise Failed(f"no {menu}")
            if shutil.which("desktop-file-validate"):
                v = run(["desktop-file-validate", menu], check=False)
                if v.returncode != 0 or v.stdout.strip():
                    raise Failed(f"desktop-file-validate: {v.stdout}{v.stderr}")
            if str(exe) not in _desktop_exec(menu).replace("\\\\", "\\"):
                raise Failed(f"the launcher does not start the bundle: {_desktop_exec(menu)}")
        with step("move the bundle; a Glissando demo in a window: the AI worker process answers"):
            shutil.move(tmp / "first-place" / "ludotheque", tmp / "moved")
            exe = tmp / "moved" / "ludotheque"
            xvfb, display = _start_xvfb(env)
            log_file = home / ".local" / "state" / "ludotheque" / "log" / "ludotheque.log"
            out_path = work / "glissando-window.log"
            try:
                with open(out_path, "w") as out:
                    app = subprocess.Popen([exe, "glissando", "--demo", "--seed", "2", "--lang", "en"],
                                           env=dict(env, DISPLAY=display), cwd=work, stdout=out,
                                           stderr=subprocess.STDOUT)
                deadline = time.time() + window_s
                answered = False
                ticks = {}
                while time.time() < deadline and app.poll() is None:
                    ticks = _workers(app.pid) or ticks
                    log_text = log_file.read_text(encoding="utf-8", errors="replace") if log_file.is_file() else ""
                    answered = "AI worker process" in log_text or not log_file.is_file()
                    if answered and any(t > 0 for t in ticks.values()):
                        break
                    time.sleep(0.5)
                if keep and app.poll() is None:
                    run(["import", "-display", display, "-window", "root", keep / "bundle-glissando-window.png"],
                        check=False)
                alive = app.poll() is None
                if alive:
                    app.terminate()
                    try:
                        app.wait(20)
                    except subprocess.TimeoutExpired:
                        app.kill()
                        app.wait()
            finally:
                xvfb.terminate()
                xvfb.wait()
            output = out_path.read_text(errors="replace")
            log_text = log_file.read_text(errors="replace") if log_file.is_file() else output
            if keep:
                shutil.copy(out_path, keep / out_path.name)
                if log_file.is_file():
                    shutil.copy(log_file, keep / "bundle-ludotheque.log")
            if not alive:
                raise Failed(f"the windowed demo stopped by itself (exit {app.returncode}):\n{output[-3000:]}")
            if "thinks on a thread" in output + log_text:
                raise Failed("the AI fell back to a thread (no worker process):\n" + (output + log_text)[-3000:])
            if not any(t > 0 for t in ticks.values()):
                raise Failed(f"no AI worker process worked within {window_s:.0f} s (workers seen: {ticks})")
            if log_file.is_file() and "AI worker process" not in log_text:
                raise Failed(f"the log does not show the AI worker process answering:\n{log_text[-3000:]}")
            print(f"   worker processes and their CPU ticks: {ticks}")
            for line in log_text.splitlines():
                if "AI worker process" in line or "launcher mended" in line:
                    print("   log:", line.strip())
        with step("the launcher followed the moved bundle"):
            if str(exe) not in _desktop_exec(menu).replace("\\\\", "\\"):
                raise Failed(f"stale launcher not mended: Exec={_desktop_exec(menu)} (the bundle is now {exe})")
            run([exe, "--uninstall-launcher"], env=env, cwd=work)
            if menu.exists():
                raise Failed("--uninstall-launcher left the menu entry")


def main(argv=None) -> int:
    """Command line: ``wheel`` | ``bundle [--archive FILE]``, ``[--keep DIR]``."""
    p = argparse.ArgumentParser(prog="python packaging/smoke.py", description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("wheel", "bundle"))
    p.add_argument("--archive", type=Path, help="the bundle's archive (default: the newest dist/ludotheque-*.tar.gz)")
    p.add_argument("--keep", type=Path, help="copy screenshots and logs into this folder")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    try:
        if args.what == "wheel":
            smoke_wheel(args.keep)
        else:
            archive = args.archive or max((ROOT / "dist").glob("ludotheque-*.tar.gz"), default=ROOT / "dist" / "none",
                                          key=lambda p: p.stat().st_mtime)
            smoke_bundle(archive, args.keep)
    except (Failed, subprocess.TimeoutExpired, OSError, json.JSONDecodeError) as exc:
        print(f"SMOKE {args.what} FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"smoke {args.what}: all checks passed in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
