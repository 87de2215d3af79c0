"""Lint does not depend on untracked folders in the checkout.

``.gitignore`` expects a ``shots/`` folder for screenshots at the top of the checkout, and
the scripts import their helper module ``scripts.shots``. Import sorting must judge that
import the same way whether or not the folder exists.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _isort_check(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "I", "scripts"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )


def test_import_order_check_passes_with_and_without_an_untracked_shots_folder(
    tmp_path: Path,
) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts", ignore=shutil.ignore_patterns("art"))
    for package in ("canasta", "tests", "research"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    without = _isort_check(tmp_path)
    assert without.returncode == 0, without.stdout
    (tmp_path / "shots").mkdir()
    (tmp_path / "shots" / "home.png").write_bytes(b"")
    with_folder = _isort_check(tmp_path)
    assert with_folder.returncode == 0, with_folder.stdout
