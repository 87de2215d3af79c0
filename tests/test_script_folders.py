"""The generators' one argument is the folder they write into: ``--help`` prints their usage
and a mistyped option is refused, never taken for a folder to fill (scripts.output_folder)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python3 -m scripts.make_icon ARGS`` with the checkout's scripts, run in ``tmp_path``
    so that a relative folder is made there."""
    return subprocess.run(
        [sys.executable, "-c", "import runpy, sys; sys.path.insert(0, sys.argv.pop(1)); "
         "runpy.run_module('scripts.make_icon', run_name='__main__')", str(ROOT), *args],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_help_prints_the_usage_and_writes_nothing(tmp_path: Path) -> None:
    result = run(tmp_path, "--help")
    assert result.returncode == 0
    assert "Usage: python -m scripts.make_icon [ASSETS_DIR]" in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_an_option_or_a_second_folder_is_refused(tmp_path: Path) -> None:
    for args in (["--out", "x"], ["-o"], ["a", "b"]):
        result = run(tmp_path, *args)
        assert result.returncode == 2, args
        assert "Usage: python -m scripts.make_icon" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_folder_named_gets_the_files(tmp_path: Path) -> None:
    result = run(tmp_path, "art")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "art" / "icon.svg").read_text(encoding="utf-8").startswith("<svg")
