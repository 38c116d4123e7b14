"""Bad files (issue 8): Magico board layouts, 100 MB settings and saves, damaged game
saves, and the two promises about files — they are only ever parsed as data (no pickle,
eval or exec), and nothing read from a file decides which other file is opened.

What a player would notice is asserted: the app still starts (a process that exits 0),
they are told in one sentence, and the file they had is still there (as it was, or
renamed ``.bad``) — never overwritten silently.

Each fault these tests found was fixed at its root and its test kept: strict JSON
(no NaN/Infinity, ``ludotheque/storage.py``), a Resume that sets aside any save the game
cannot rebuild (``ludotheque/menu.py``), Mississippi's ``Match.from_dict`` checking sides
and phases, Magico's board and save checks.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import main
from ludotheque.game import GameConfig, PlayerSpec
from ludotheque.menu import MenuScene, start_game

from tests.harness import frames, make_app, run_until

ROOT = Path(__file__).resolve().parent.parent
GAMES = {d.id: d for d in main.descriptors()}
HUGE = 100 * 1024 * 1024  # bytes: a 100 MB file, made sparse (nothing is written)
CLASSIC = json.loads((ROOT / "assets" / "magico" / "boards" / "magico-classic.json").read_text())


# ------------------------------------------------------------------ helpers

def run_app(*args, env=None, timeout=120) -> subprocess.CompletedProcess:
    """``python main.py ARGS`` with no screen and no sound device, ``env`` added."""
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    e.pop("DISPLAY", None)
    e.update(env or {})
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          env=e, timeout=timeout, cwd=ROOT)


def sparse(path: Path, size: int = HUGE) -> Path:
    """A file of ``size`` bytes of zeros that takes no disk space."""
    with open(path, "wb") as fh:
        fh.truncate(size)
    return path


def fingerprint(path: Path) -> tuple:
    """Size and hash of the first MB: enough to tell a file was not rewritten."""
    with open(path, "rb") as fh:
        return path.stat().st_size, hashlib.sha256(fh.read(1 << 20)).hexdigest()


def still_there(path: Path, before: tuple) -> bool:
    """True when the file is unchanged in place, or set aside as ``<name>.bad*`` unchanged."""
    candidates = [path] + sorted(path.parent.glob(path.name + ".bad*"))
    return any(p.is_file() and not p.is_symlink() and fingerprint(p) == before for p in candidates)


# ------------------------------------------------------------------ no code from files

FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__", "execfile", "input"}
FORBIDDEN_MODULES = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle", "joblib", "yaml"}


def project_sources():
    for folder in ("ludotheque", "glissando", "magico", "mississippi", "benchmarks", "tests"):
        yield from sorted((ROOT / folder).rglob("*.py"))
    yield ROOT / "main.py"


# ludotheque/workers.py sends an AI call to the app's own worker process, which pickles
# it over a pipe; it imports pickle only to test that a call *can* be pickled (dumps).
IMPORT_ALLOWED = {("ludotheque/workers.py", "pickle")}
LOADERS = {"load", "loads", "Unpickler", "open"}  # pickle.loads, marshal.load, shelve.open, yaml.load…


def test_files_are_only_parsed_as_data_no_pickle_eval_or_exec():
    """Every Python file of the project, read as a syntax tree: no call to eval, exec,
    compile or __import__, no import of pickle, marshal, shelve or yaml (but the worker
    module's picklability check), and nothing ever unpickles or unmarshals."""
    found, checked = [], 0
    for path in project_sources():
        rel = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        checked += 1
        for node in ast.walk(tree):
            where = f"{rel}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
                found.append(f"{where} calls {node.func.id}()")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in LOADERS \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in FORBIDDEN_MODULES:
                found.append(f"{where} calls {node.func.value.id}.{node.func.attr}()")
            if isinstance(node, ast.Import):
                found += [f"{where} imports {a.name}" for a in node.names
                          if a.name.split(".")[0] in FORBIDDEN_MODULES and (rel, a.name) not in IMPORT_ALLOWED]
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in FORBIDDEN_MODULES:
                found.append(f"{where} imports from {node.module}")
    assert checked > 30
    assert not found, found


def test_importing_a_module_by_name_only_takes_names_from_the_code():
    """``importlib.import_module`` is only ever called on names written in the code
    (main.py's GAMES, and the module names the descriptors give ``ludotheque.game.deferred``
    as string literals), never on a value read from a file."""
    calls, deferred_args = [], []
    for path in project_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module":
                calls.append(str(path.relative_to(ROOT)))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "deferred":
                deferred_args.append((str(path.relative_to(ROOT)), node.args))
    shipped = [c for c in calls if not c.startswith(("tests/", "benchmarks/"))]  # what a player runs
    assert sorted(shipped) == ["ludotheque/game.py", "main.py"], calls
    shipped_deferred = [(where, args) for where, args in deferred_args if not where.startswith("tests/")]
    assert len(shipped_deferred) >= 9            # three per game descriptor
    for where, args in shipped_deferred:
        assert len(args) == 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args), where
    assert main.GAMES == ("mississippi", "glissando", "magico")


# ------------------------------------------------------------------ Magico board layouts
# A player's own boards live in user_data_dir("ludotheque")/magico/boards (searched
# first), the shipped ones in assets/magico/boards. Damaged boards are put in the user
# folder of a private XDG_DATA_HOME, so the repository's assets are never touched.

def _truncated():
    text = json.dumps(CLASSIC | {"id": "mine"})
    return text[: len(text) // 2].encode()


DAMAGE = {
    "empty": lambda: b"",
    "truncated": _truncated,
    "not JSON": lambda: b"\x89PNG\r\n\x1a\n\x00\x00binary",
    "not UTF-8": lambda: b'{"id": "mine", "name_fr": "\xff\xfe"}',
    "a list": lambda: b"[1, 2, 3]",
    "null": lambda: b"null",
    "missing numbers": lambda: json.dumps({"id": "mine", "name_fr": "a", "name_en": "b"}).encode(),
    "numbers as text": lambda: json.dumps(CLASSIC | {"id": "mine", "numbers": [[str(v) for v in r] for r in CLASSIC["numbers"]]}).encode(),
    "5 rows": lambda: json.dumps(CLASSIC | {"id": "mine", "numbers": CLASSIC["numbers"][:5]}).encode(),
    "11 on a cell": lambda: json.dumps(CLASSIC | {"id": "mine", "numbers": [[11] * 6] * 6}).encode(),
    "floats": lambda: json.dumps(CLASSIC | {"id": "mine", "numbers": [[1.5] * 6] * 6}).encode(),
    "deep nesting": lambda: b"[" * 100000 + b"]" * 100000,
    "id of another file": lambda: json.dumps(CLASSIC | {"id": "../../settings"}).encode(),
}


def make_board(folder: Path, name: str, kind: str) -> Path:
    """Write a damaged board ``name``.json of ``kind`` (a DAMAGE key, "huge" or "symlink")."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    if kind == "huge":
        sparse(path)
    elif kind == "symlink":  # a link to a perfectly valid layout elsewhere
        target = folder.parent / f"elsewhere-{name}.json"
        target.write_text(json.dumps(CLASSIC | {"id": name}))
        path.symlink_to(target)
    else:
        data = DAMAGE[kind]()
        path.write_bytes(data.replace(b'"mine"', f'"{name}"'.encode()))
    return path


BOARD_KINDS = sorted(DAMAGE) + ["huge", "symlink"]


def user_boards(tmp_path) -> tuple[dict, Path]:
    data = tmp_path / "data"
    return {"XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "HOME": str(tmp_path)}, \
        data / "ludotheque" / "magico" / "boards"


OFFERED = ("import sys; sys.path.insert(0, sys.argv[1]); import magico, json; "
           "print(json.dumps(list(magico.DESCRIPTOR.options[0].values)))")


@pytest.mark.parametrize("kind", BOARD_KINDS)
def test_damaged_user_board_does_not_stop_the_app_and_is_never_overwritten(tmp_path, kind):
    env, folder = user_boards(tmp_path)
    path = make_board(folder, "mine", kind)
    before = fingerprint(path.resolve())
    r = run_app("magico", "--screenshot", str(tmp_path / "setup.png"), "--frames", "3", env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    r = run_app("magico", "--demo", "--headless", "--seed", "1", env=env)
    assert r.returncode == 0 and json.loads(r.stdout)["game"] == "magico", r.stderr[-2000:]
    assert still_there(path.resolve() if kind == "symlink" else path, before)
    if kind != "symlink":
        offered = subprocess.run([sys.executable, "-c", OFFERED, str(ROOT)], capture_output=True, text=True,
                                 env=dict(os.environ, **env), timeout=60)
        assert "mine" not in json.loads(offered.stdout)  # a damaged board is never offered


@pytest.mark.parametrize("kind", ["not JSON", "5 rows"])
def test_damaged_user_board_is_reported_once(tmp_path, kind):
    env, folder = user_boards(tmp_path)
    make_board(folder, "mine", kind)
    r = run_app("magico", "--screenshot", str(tmp_path / "setup.png"), "--frames", "3", env=env)
    assert r.returncode == 0
    assert r.stderr.count("mine.json") == 1, r.stderr


def test_symlinked_board_is_not_followed(tmp_path):
    env, folder = user_boards(tmp_path)
    make_board(folder, "mine", "symlink")
    offered = subprocess.run([sys.executable, "-c", OFFERED, str(ROOT)], capture_output=True, text=True,
                             env=dict(os.environ, **env), timeout=60)
    assert "mine" not in json.loads(offered.stdout)


HUGE_BOARD_PROBE = r"""
import json, resource, sys
sys.path.insert(0, sys.argv[1])
import pygame, platformdirs, ludotheque.game, ludotheque.i18n, magico.rules as rules
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
rules.register_board_dir(sys.argv[2])
errors = []
ids = [b.id for b in rules.available_boards(errors)]
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"grew_kb": after - before, "ids": ids, "errors": errors}))
"""


def test_huge_board_file_is_refused_without_reading_it(tmp_path):
    folder = tmp_path / "boards"
    make_board(folder, "mine", "huge")
    r = subprocess.run([sys.executable, "-c", HUGE_BOARD_PROBE, str(ROOT), str(folder)], capture_output=True,
                       text=True, timeout=120)
    out = json.loads(r.stdout)
    assert "mine" not in out["ids"] and out["errors"]
    assert out["grew_kb"] < 20 * 1024, f"reading the board grew the process by {out['grew_kb'] // 1024} MB"


@pytest.fixture
def user_board_folder():
    """The user board folder of this test session's private HOME (magico.descriptor
    registered it at import); files written there are removed afterwards."""
    from magico import descriptor, rules

    folder = descriptor.USER_BOARDS
    made = []
    yield folder, made
    for p in made:
        if p.is_symlink() or p.exists():
            p.unlink()
        for bad in p.parent.glob(p.name + ".bad*"):
            bad.unlink()
    rules.load_board.cache_clear()


@pytest.mark.parametrize("kind", ["not JSON", "11 on a cell"])
def test_damaged_default_board_does_not_crash_a_new_game(tmp_path, user_board_folder, kind):
    from magico import rules

    folder, made = user_board_folder
    made.append(make_board(folder, "magico-classic", kind))
    rules.load_board.cache_clear()
    before = fingerprint(made[0])
    app = make_app(list(GAMES.values()), folder=tmp_path)
    d = GAMES["magico"]
    start_game(app, d, GameConfig(players=(PlayerSpec("A"), PlayerSpec("B")), seed=1, options=d.default_options()))
    frames(app, 5)
    assert app.toasts.current and "magico-classic" in app.toasts.current  # told, in one sentence
    assert still_there(made[0], before)


# ------------------------------------------------------------------ board id read from a save

def magico_save(board_id: str) -> dict:
    empty = f"{board_id} ....../....../....../....../....../...... r 15-15"
    return {"players": [{"name": "A", "kind": "human", "level": "beginner"},
                        {"name": "B", "kind": "human", "level": "beginner"}],
            "start": empty, "turns": [], "position": empty, "dice": {"seed": 3, "rolls": 0}, "pending": None}


@pytest.mark.parametrize("board_id", [
    "../../../../etc/passwd", "..", "nope", "magico-classic/../magico-lo-shu", "C:\\boards\\x", "mine.json",
    "x" * 300,
])
def test_board_id_in_a_magico_save_never_becomes_a_path(tmp_path, board_id):
    """K-N1: the board id a save names is looked up among known boards; a save naming
    anything else is set aside and the player is told; nothing else is opened."""
    app = make_app(list(GAMES.values()), folder=tmp_path)
    app.saves.save("magico", magico_save(board_id))
    app.top.resume(GAMES["magico"])
    assert isinstance(app.top, MenuScene)  # no game started on a board from nowhere
    assert app.toasts.current and "could not be read" in app.toasts.current
    assert (tmp_path / "saves" / "magico.json.bad").exists()


# ------------------------------------------------------------------ 100 MB settings and saves

def test_100_MB_settings_file_is_set_aside_and_the_app_starts(tmp_path):
    cfg = tmp_path / "cfg" / "ludotheque"
    cfg.mkdir(parents=True)
    path = sparse(cfg / "settings.json")
    r = run_app("--screenshot", str(tmp_path / "m.png"), "--frames", "2",
                env={"XDG_CONFIG_HOME": str(tmp_path / "cfg"), "XDG_DATA_HOME": str(tmp_path / "data")})
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stderr.count("too large") == 1  # said once
    assert not path.exists() and (cfg / "settings.json.bad").stat().st_size == HUGE  # kept, not rewritten


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_100_MB_save_is_set_aside_on_resume_and_the_player_told(tmp_path, game_id, caplog):
    app = make_app(list(GAMES.values()), folder=tmp_path)
    saves = tmp_path / "saves"
    saves.mkdir()
    sparse(saves / f"{game_id}.json")
    app.top.refresh()
    with caplog.at_level("WARNING", logger="ludotheque.saves"):
        app.top.resume(GAMES[game_id])
    frames(app, 2)
    assert isinstance(app.top, MenuScene)
    assert app.toasts.current and "could not be read" in app.toasts.current    # plain words on screen
    assert any("too large" in r.getMessage() for r in caplog.records)          # the reason in the log
    assert (saves / f"{game_id}.json.bad").stat().st_size == HUGE
    assert not (saves / f"{game_id}.json").exists()


def test_deeply_nested_settings_file_is_set_aside_and_the_app_starts(tmp_path):
    """``[[[[…]]]]`` nested 100 000 deep is valid-looking JSON that blows Python's parser
    stack (RecursionError): it is a damaged file like any other."""
    cfg = tmp_path / "cfg" / "ludotheque"
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_bytes(DAMAGE["deep nesting"]())
    r = run_app("--screenshot", str(tmp_path / "m.png"), "--frames", "2",
                env={"XDG_CONFIG_HOME": str(tmp_path / "cfg"), "XDG_DATA_HOME": str(tmp_path / "data")})
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stderr.count("damaged") == 1
    assert (cfg / "settings.json.bad").read_bytes() == DAMAGE["deep nesting"]()


def test_deeply_nested_save_is_set_aside_on_resume(tmp_path):
    app = make_app(list(GAMES.values()), folder=tmp_path)
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "glissando.json").write_bytes(DAMAGE["deep nesting"]())
    app.top.resume(GAMES["glissando"])
    assert isinstance(app.top, MenuScene) and "could not be read" in (app.toasts.current or "")
    assert (tmp_path / "saves" / "glissando.json.bad").exists()


# ------------------------------------------------------------------ damaged game saves
# A save is valid JSON written by the game; edited by hand, or written by another
# version, any value may have a wrong type or meaning. Resuming must then either work
# or set the save aside with one sentence: never an exception, now or in later frames.

WEIRD = [None, True, False, 0, -1, 7, 10 ** 30, 1e308, float("nan"), float("inf"), "", "zz", "x" * 3000,
         [], {}, [1, 2], {"a": 1}, "é中🙂", "../../etc/passwd"]
MUTATIONS = 150  # per game


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def mutate(data: dict, rng: random.Random) -> dict:
    """``data`` with 1–3 values replaced by a value of another type, a key deleted or a
    character of a text changed (seeded)."""
    data = copy.deepcopy(data)
    for _ in range(rng.choice((1, 1, 2, 3))):
        p = rng.choice([p for p in _paths(data) if p])
        parent = data
        for k in p[:-1]:
            parent = parent[k]
        r = rng.random()
        if r < 0.2 and isinstance(parent, dict):
            del parent[p[-1]]
        elif r < 0.4 and isinstance(parent[p[-1]], str) and parent[p[-1]]:
            s = parent[p[-1]]
            i = rng.randrange(len(s))
            parent[p[-1]] = s[:i] + rng.choice(("", "x", "9", " ", "/", ".", "R")) + s[i + 1:]
        else:
            parent[p[-1]] = copy.deepcopy(rng.choice(WEIRD))
    return data


def a_real_save(game_id: str, tmp_path, nth: int = 4) -> dict:
    """The ``nth`` autosave a seeded computer-against-computer game writes (a real save
    a few turns in, the same on every run whatever the AI's thinking time)."""
    d = GAMES[game_id]
    app = make_app(list(GAMES.values()), folder=tmp_path / "base")
    written = []
    real_save = app.saves.save
    app.saves.save = lambda gid, data: written.append(json.loads(json.dumps(data))) or real_save(gid, data)
    start_game(app, d, GameConfig(players=(PlayerSpec("A", "ai", "beginner"), PlayerSpec("B", "ai", "beginner")),
                                  seed=3, options=d.default_options(), demo=True))
    assert run_until(app, lambda: len(written) >= nth, max_seconds=120)
    return written[nth - 1]


def write_save_as_is(app, game_id: str, data: dict) -> None:
    """Write ``data`` as ``game_id``'s autosave *as a damaged file would hold it*: with
    NaN and infinities written as ``NaN``/``Infinity`` (the app itself refuses to write
    them, so ``app.saves.save`` cannot make such a file)."""
    path = app.saves.path(game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"schema": 1, "game": game_id, "data": data}), encoding="utf-8")


def resume_mutated_saves(game_id: str, tmp_path) -> list[str]:
    d = GAMES[game_id]
    base = a_real_save(game_id, tmp_path)
    app = make_app(list(GAMES.values()), folder=tmp_path / "run")
    rng = random.Random(8)
    crashes = []
    for i in range(MUTATIONS):
        bad = mutate(base, rng)
        app.to_menu()
        write_save_as_is(app, game_id, bad)
        try:
            app.top.resume(d)
            frames(app, 20)
        except Exception as exc:  # noqa: BLE001 - any escape is the fault we look for
            crashes.append(f"mutation {i}: {type(exc).__name__}: {exc!s:.100} in {json.dumps(bad)[:300]}")
    return crashes


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["glissando", "magico", "mississippi"])
def test_resuming_a_damaged_save_never_raises(tmp_path, game_id):
    crashes = resume_mutated_saves(game_id, tmp_path)
    assert not crashes, f"{len(crashes)}/{MUTATIONS} damaged saves crashed:\n" + "\n".join(crashes[:5])


def _resume_changed(tmp_path, game_id, change) -> None:
    """Resume ``game_id`` from its 4th real autosave after ``change(data)``; then the
    app must be back on the menu having told the player (the save set aside)."""
    data = a_real_save(game_id, tmp_path)
    change(data)
    app = make_app(list(GAMES.values()), folder=tmp_path)
    write_save_as_is(app, game_id, data)
    app.top.resume(GAMES[game_id])
    frames(app, 5)
    assert isinstance(app.top, MenuScene) and "could not be read" in (app.toasts.current or "")


def test_glissando_save_with_an_infinite_seed_is_set_aside(tmp_path):
    _resume_changed(tmp_path, "glissando", lambda d: d.__setitem__("seed", float("inf")))


def test_magico_save_with_an_infinite_die_is_set_aside(tmp_path):
    _resume_changed(tmp_path, "magico", lambda d: d.__setitem__("pending", [float("inf"), 6]))


def _mississippi_start(key, value):
    """A change of the match a Mississippi save starts from (its turn log's ``start``)."""
    import json

    def change(d):
        start = json.loads(d["start"])
        start[key] = value
        d["start"] = json.dumps(start)             # Infinity is written as JSON allows
    return change


def test_mississippi_save_with_an_infinite_number_is_set_aside(tmp_path):
    _resume_changed(tmp_path, "mississippi", _mississippi_start("next_puck_id", float("inf")))


def test_mississippi_save_with_an_unknown_shooter_is_set_aside(tmp_path):
    _resume_changed(tmp_path, "mississippi", _mississippi_start("shooter", "zz"))
