"""The documentation's install and build steps run inside a virtual environment, since a
system Python that is externally managed (PEP 668) refuses pip outside one
("externally-managed-environment"); docs/install.md holds the packaging steps."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
INSTALL = DOCS / "install.md"
#: A line that makes or enters a virtual environment.
ACTIVATE = re.compile(r"^(python3 -m venv \S+ && )?\. \S+/bin/activate\b")
#: A step that installs with the current Python's pip, or builds (pipx makes its own).
STEP = re.compile(r"^(python3 -m pip install|pip install|python3 -m build)\b")


def shell_blocks(page: Path) -> list[list[str]]:
    text = page.read_text(encoding="utf-8")
    return [block.strip().splitlines() for block in re.findall(r"```sh\n(.*?)```", text, re.S)]


def steps_outside_a_venv(page: Path) -> list[str]:
    """The install and build lines of ``page``'s shell blocks with no activation above
    them in their block."""
    outside = []
    for block in shell_blocks(page):
        active = False
        for line in block:
            active = active or bool(ACTIVATE.match(line))
            if STEP.match(line) and not active:
                outside.append(line)
    return outside


def test_every_install_and_build_step_follows_an_activated_environment() -> None:
    pages = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
    assert INSTALL in pages and len(pages) > 10
    assert {str(page.relative_to(ROOT)): steps_outside_a_venv(page) for page in pages} == {
        str(page.relative_to(ROOT)): [] for page in pages
    }
    steps = [line for block in shell_blocks(INSTALL) for line in block if STEP.match(line)]
    assert len(steps) >= 3 and any("-m build" in line for line in steps)


def test_a_step_outside_is_found(tmp_path: Path) -> None:
    page = tmp_path / "outside.md"
    page.write_text("```sh\npython3 -m pip install build && python3 -m build\n```\n")
    assert steps_outside_a_venv(page) == ["python3 -m pip install build && python3 -m build"]


def test_the_install_page_names_the_error_it_avoids() -> None:
    text = INSTALL.read_text(encoding="utf-8")
    assert text.startswith("# Installing Canasta\n")
    assert "externally-managed-environment" in text and "--break-system-packages" in text
