"""The front door: ``canasta --help`` names the data folder, the README stays short and its
commands run, and the guide's home-screen paragraph names every home-screen button."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: The pages whose shell examples the tests run besides the README's.
EXAMPLE_PAGES = (README, ROOT / "docs" / "positions.md")
MAX_README_LINES = 250

#: Example commands that are not run, with the reason: each opens a window, installs
#: packages, serves the network or runs the test suite itself.
NOT_RUN = {
    "python3 -m venv .venv": "makes a virtual environment",
    ". .venv/bin/activate": "changes the shell",
    "python3 -m pip install -e .": "installs packages",
    "python3 -m canasta": "opens the window",
    "bash scripts/test.sh": "is the test suite",
    "python3 -m pip install build": "installs packages",
    "python3 -m build": "builds the wheel (scripts/check_wheel.sh does)",
    "pipx install dist/canasta-0.1.0-py3-none-any.whl": "installs packages",
    "canasta": "opens the window",
    "canasta --players 4 --seed 7": "opens the window",
    "canasta --demo": "opens the window",
    "canasta serve --host 0.0.0.0 --data ~/canasta-server": "listens on every network",
    "python3 -m pip install -e '.[docs]'": "installs packages",
    "python3 -m mkdocs serve": "serves the site until stopped (scripts/test.sh builds it)",
}


def example_commands(page: Path) -> list[str]:
    """The commands of a page's ``sh`` code blocks: one per line or per ``&&`` part, with
    comments and line continuations removed."""
    text = page.read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line and not line.startswith("#"):
                commands += [part.strip() for part in line.split("&&")]
    return commands


def run_canasta(words: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``canasta WORDS`` as the installed command would, from the checkout."""
    return subprocess.run([sys.executable, "-m", "canasta", *words], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_the_readme_stays_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines"
    text = "\n".join(lines)
    sections = ("## Start the game", "## Run the tests", "## Install without a clone",
                "## Play online in three lines", "## The documentation", "![", "docs/")  # fmt: skip
    for words in sections:
        assert words in text, words


def test_the_readme_links_to_pages_that_exist() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t]
    assert len(local) > 15
    missing = [t for t in local if not (ROOT / t).exists()]
    assert missing == []


@pytest.mark.parametrize("page", EXAMPLE_PAGES, ids=lambda p: p.name)
def test_every_example_command_runs_or_says_why_not(page: Path) -> None:
    ran = 0
    for command in example_commands(page):
        if command in NOT_RUN:
            continue
        words = shlex.split(command)
        assert words[0] == "canasta", f"{page.name}: {command!r} is neither run nor in NOT_RUN"
        result = run_canasta(words[1:])
        assert result.returncode == 0, (command, result.stderr)
        out = result.stdout
        if words[1:] == ["--version"]:
            assert re.fullmatch(r"canasta \d+\.\d+\.\d+\S*\n", out)
        elif words[1:] == ["--help"]:
            assert "usage: canasta" in out and "CANASTA_HOME" in out
        elif words[1] == "position" and "--play" not in words:
            assert out.startswith("# seat 0 to move")
            assert "discard 5D" in out.splitlines()
        elif words[1] == "position":
            assert '"schema_version": 1' in out
        else:
            pytest.fail(f"{page.name}: no check for {command!r}")
        ran += 1
    assert ran >= 2


def test_the_position_example_is_a_position_with_these_moves(tmp_path) -> None:
    text = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", text, flags=re.S)
    assert example is not None
    path = tmp_path / "example.json"
    path.write_text(example.group(1), encoding="utf-8")
    result = run_canasta(["position", str(path)])
    assert result.returncode == 0, result.stderr
    moves = result.stdout.splitlines()
    assert moves[0] == "# seat 0 to move, phase play"
    assert "meld 7H 7D 7C" in moves and "layoff K KS" in moves and "discard 5D" in moves


def test_help_names_the_data_folder_and_canasta_home(canasta_home, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert f"settings   {canasta_home / 'config' / 'settings.toml'}" in out
    assert f"the rest   {canasta_home / 'data'} (stats, the saved game, games/)" in out
    assert f"logs       {canasta_home / 'logs'}" in out
    assert "Set CANASTA_HOME=FOLDER to keep them all in FOLDER instead" in out
    assert os.environ["CANASTA_HOME"] == str(canasta_home)


def test_the_guide_home_paragraph_names_every_home_button() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from canasta.scenes.home import HomeScene

    pygame.display.init()
    pygame.font.init()
    home = HomeScene(lambda players: None, lambda: None, on_continue=lambda: None,
                     on_online=lambda: None, on_settings=lambda: None,
                     on_how_to_play=lambda: None, on_stats=lambda: None,
                     on_sound=lambda: True)  # fmt: skip
    text = (ROOT / "docs" / "guide" / "settings.md").read_text(encoding="utf-8")
    start = text.index("The home screen offers")
    paragraph = " ".join(text[start : text.index("\n\n", start)].split())
    for label in home.named:
        word = "sound on/off toggle" if label.startswith("Sound:") else f"**{label}**"
        if label == "Quit":
            word = "Quit"
        assert word in paragraph, label
    assert "Play online" in home.named
