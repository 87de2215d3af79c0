"""The home screen keeps saying that a folder cannot be written for as long as it cannot
(a visit to Settings made the line go although the folder was still read-only), and stops
once it can. Run as the ordinary user through ``setpriv`` (root ignores file modes)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from canasta.scenes.home import CONDITION_SECONDS, HomeScene
from tests.faults.homes import NOBODY

REPO = Path(__file__).resolve().parents[2]


def run_as_user(home: Path) -> dict[str, list[str]]:
    """``tests.ui.readonly_visits`` on ``home``, as the ordinary user."""
    command = [sys.executable, "-m", "tests.ui.readonly_visits", str(home)]
    if os.geteuid() == 0:
        command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                   *command]  # fmt: skip
    env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                        "PYTHONDONTWRITEBYTECODE": "1", "HOME": str(home.parent),
                        "PYTHONPATH": str(REPO), "LANGUAGE": "en"}  # fmt: skip
    done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_read_only_line_stays_while_the_folders_are_read_only() -> None:
    base = Path(tempfile.mkdtemp(prefix="canasta-readonly-"))
    base.chmod(0o755)
    home = base / "home"
    for folder in (home, home / "config", home / "data"):
        folder.mkdir()
        if os.geteuid() == 0:
            os.chown(folder, NOBODY, NOBODY)
    for folder in (home / "config", home / "data"):
        folder.chmod(0o555)
    try:
        seen = run_as_user(home)
    finally:
        shutil.rmtree(base)
    config, data = home / "config", home / "data"
    both = [
        f"Your settings cannot be saved: no permission to write in the folder {config}. "
        "Changes last only while the game runs.",
        f"Your games and stats cannot be saved: no permission to write in the folder {data}. "
        "They last only while the game runs.",
    ]
    assert seen == {
        "start": both,
        "after settings": both,
        "after stats": both,
        "mended, not looked yet": both,
        "mended, looked": [],
        "read-only again": both,
    }


def test_a_condition_is_shown_once_and_first_and_looked_at_again() -> None:
    held = ["Folder A cannot be written."]
    once = ["Folder A cannot be written.", "Line 1", "Line 2", "Line 3"]
    home = HomeScene(lambda n: None, lambda: None, notices=once, conditions=lambda: list(held))
    # the start's one-time copy of the condition is not shown twice; the condition first
    assert home.notices == ["Line 1", "Line 2", "Line 3"]
    assert home.shown_notices() == ["Folder A cannot be written.", "Line 2", "Line 3"]
    home.update(5.0)  # the fan lands; the conditions are looked at
    assert home.wake_in() == CONDITION_SECONDS  # the screen wakes for the next look
    held.clear()
    home.update(CONDITION_SECONDS - 0.5)
    assert home.shown_notices()[0] == "Folder A cannot be written."
    home.update(0.5)
    assert home.shown_notices() == ["Line 1", "Line 2", "Line 3"]


def test_without_conditions_the_home_screen_sleeps() -> None:
    home = HomeScene(lambda n: None, lambda: None, notices=["Line 1"])
    home.update(5.0)
    assert home.wake_in() is None
    assert home.shown_notices() == ["Line 1"]
