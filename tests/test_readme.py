"""README as a family reads it (newplayer9 §3): the first section does not send anyone
looking for a download that is not published; it gives the one line that installs and
starts the game. The test command is the one .ci/run runs (design.md: "CI entry ... runs
README's test command"); developer figures (flick speeds in px/s) sit under a developers'
heading."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PLAY = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/python main.py"
TEST = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest -n auto"


def sections() -> dict[str, str]:
    parts = re.split(r"^## (.+)$", README, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def block_after(marker: str) -> str:
    """The first ```sh block after ``marker``, as .ci/run's awk reads it."""
    rest = README.split(marker, 1)[1]
    return re.search(r"^```sh\n(.*?)^```", rest, flags=re.M | re.S).group(1).strip()


def test_the_first_section_installs_from_the_source_and_sends_nobody_to_a_download():
    first_title, first = next(iter(sections().items()))
    assert "download" not in first_title.lower()
    said = " ".join(first.split())                     # as read, not as wrapped
    assert "there is no download to look for yet" in said and "not published yet" in said
    assert "<!-- play-command -->" in first and block_after("<!-- play-command -->") == PLAY
    for archive in (".tar.gz", ".zip", ".whl"):
        assert archive not in first
    before_developers = README.split("## For developers", 1)[0]
    assert not re.search(r"ludotheque-\d[\w.-]*\.(tar\.gz|zip|whl)", before_developers)


def test_the_test_command_is_the_one_ci_runs():
    assert block_after("<!-- test-command -->") == TEST
    awk = ("/<!-- test-command -->/{found=1; next} found && /^```sh/{inblock=1; next} "
           "inblock && /^```/{exit} inblock{print}")
    got = subprocess.run(["awk", awk, str(ROOT / "README.md")], capture_output=True, text=True, check=True)
    assert got.stdout.strip() == TEST
    assert "cmd=$(awk '" + awk + "' README.md)" in (ROOT / ".ci" / "run").read_text()


def test_flick_speeds_are_developer_material():
    before, after = README.split("## For developers", 1)
    assert "px/s" not in before
    assert "### How hard to flick (Mississippi, technical)" in after and "2,650 px/s" in after
