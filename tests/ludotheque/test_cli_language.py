"""``--help`` and the usage in the player's language (newplayer9 §4): ``--lang`` on the
command line, else the settings' language, else the system locale; argparse's own
headings are never printed in English to a French reader."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque import cli

ROOT = Path(__file__).resolve().parents[2]
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def run(tmp_path, *args, lang="C.UTF-8", stored=None):
    cfg = tmp_path / "cfg"
    (cfg / "ludotheque").mkdir(parents=True, exist_ok=True)
    if stored is not None:
        (cfg / "ludotheque" / "settings.json").write_text(stored)
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    env.update(LANG=lang, XDG_CONFIG_HOME=str(cfg), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          env=env, timeout=60, cwd=ROOT)


FRENCH = ("utilisation\u202f: python main.py", "afficher cette aide et quitter", "jeu à ouvrir\u202f:",
          "[--screenshot FICHIER]", "langue de cette session")
ENGLISH_ONLY = ("usage:", "show this help", "positional arguments", "show program's version")


@pytest.mark.parametrize("how", ["system", "settings", "flag"])
def test_help_is_french_for_a_french_reader(tmp_path, how):
    if how == "system":
        r = run(tmp_path, "--help", lang="fr_CA.UTF-8")
    elif how == "settings":
        r = run(tmp_path, "--help", stored=json.dumps({"schema": 1, "language": "fr"}))
    else:
        r = run(tmp_path, "--help", "--lang", "fr")
    assert r.returncode == 0, r.stderr
    for said in FRENCH:
        assert said in r.stdout, (said, r.stdout)
    for english in ENGLISH_ONLY:
        assert english not in r.stdout


def test_the_flag_wins_over_the_system_and_english_stays_english(tmp_path):
    r = run(tmp_path, "--lang=en", "--help", lang="fr_FR.UTF-8")
    assert r.returncode == 0 and r.stdout.startswith("usage: python main.py")
    assert "show this help and exit" in r.stdout and "options:" in r.stdout
    assert "positional arguments" not in r.stdout and "utilisation" not in r.stdout


def test_a_wrong_game_is_refused_in_french_with_exit_status_2(tmp_path):
    r = run(tmp_path, "chess", lang="fr_CA.UTF-8")
    assert r.returncode == 2
    assert r.stderr.startswith("utilisation\u202f: python main.py")
    assert "python main.py\u202f: erreur\u202f: argument JEU" in r.stderr


def test_reading_the_language_for_help_sets_nothing_aside(tmp_path, monkeypatch):
    folder = tmp_path / "ludotheque"
    folder.mkdir()
    (folder / "settings.json").write_text("{broken")
    monkeypatch.setattr("ludotheque.settings.config_dir", lambda: folder)
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_BE.UTF-8")
    assert cli.help_language(["--help"]) == "fr"                       # the damaged file is skipped
    assert cli.help_language(["--lang", "en"]) == "en" and cli.help_language(["--lang", "de"]) == "fr"
    assert sorted(p.name for p in folder.iterdir()) == ["settings.json"]  # nothing renamed .bad
