"""A module's file name says what it holds: two modules of the package share a name only when
they mean the same thing (a model and the screen that shows it), so ``cards.py`` or
``store.py`` never has to be read with its folder to be understood."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "canasta"

#: File names that repeat on purpose, each with every module that bears it.
SAME_MEANING = {
    # The player's settings: the model, its defaults and checks (persistence) and the
    # screen that edits it (scenes).
    "settings.py": {"persistence/settings.py", "scenes/settings.py"},
    # The person's record: the model kept in stats.json (persistence) and the screen that
    # shows it (scenes).
    "stats.py": {"persistence/stats.py", "scenes/stats.py"},
    # A finished hand again: the controller that puts each recorded state in place
    # (controller) and the screen that steps through it (scenes).
    "replay.py": {"controller/replay.py", "scenes/replay.py"},
}

#: Names every package has by Python's rules.
PACKAGE_FILES = {"__init__.py", "__main__.py"}


def repeated_names(root: Path) -> dict[str, set[str]]:
    """Each module file name found in more than one folder under ``root``, with the paths
    (relative to ``root``, ``/``-separated) of every module that bears it."""
    where: dict[str, set[str]] = defaultdict(set)
    for path in root.rglob("*.py"):
        if path.name not in PACKAGE_FILES:
            where[path.name].add(path.relative_to(root).as_posix())
    return {name: paths for name, paths in where.items() if len(paths) > 1}


def test_no_module_name_repeats_with_another_meaning() -> None:
    assert len(list(ROOT.rglob("*.py"))) > 100
    # Equal, not a subset: a pair renamed apart leaves no stale exception behind.
    assert repeated_names(ROOT) == SAME_MEANING


def test_a_repeated_name_is_found(tmp_path: Path) -> None:
    for module in ("engine/words.py", "net/words.py", "net/server.py", "ui/table/words.py"):
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text("", encoding="utf-8")
    for package in ("engine", "net", "ui", "ui/table"):
        (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
    assert repeated_names(tmp_path) == {
        "words.py": {"engine/words.py", "net/words.py", "ui/table/words.py"}
    }
