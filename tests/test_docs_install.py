"""docs/install.md: every step that installs or builds runs inside a virtual environment,
since a system Python that is externally managed (PEP 668) refuses pip outside one."""

from __future__ import annotations

import re
from pathlib import Path

INSTALL = Path(__file__).resolve().parents[1] / "docs" / "install.md"
ACTIVATE = re.compile(r"^(python3 -m venv \S+ && )?\. \S+/bin/activate\b")


def shell_blocks() -> list[list[str]]:
    text = INSTALL.read_text(encoding="utf-8")
    return [block.strip().splitlines() for block in re.findall(r"```sh\n(.*?)```", text, re.S)]


def test_every_pip_install_and_build_follows_an_activated_environment() -> None:
    blocks = shell_blocks()
    steps = [
        (number, line)
        for number, block in enumerate(blocks)
        for line in block
        if re.search(r"pip install|-m build\b", line)
    ]
    assert len(steps) >= 4 and any("-m build" in line for _, line in steps)
    for number, line in steps:
        block = blocks[number]
        before = block[: block.index(line) + 1]
        assert any(ACTIVATE.match(earlier) for earlier in before), line


def test_the_page_names_the_error_it_avoids() -> None:
    text = INSTALL.read_text(encoding="utf-8")
    assert text.startswith("# Installing Canasta\n")
    assert "externally-managed-environment" in text and "--break-system-packages" in text
