"""The layers import only what they may: the engine the standard library, no layer below the
screen pygame. Each check runs in a fresh interpreter so earlier imports cannot hide a leak."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# Modules the interpreter may load at start-up that are neither stdlib nor the project
# (site hooks, the editable install's finder).
STARTUP_PREFIXES = ("_distutils_hack", "sitecustomize", "usercustomize", "__editable__")


def loaded_after(statement: str) -> dict[str, list[str]]:
    """Run ``statement`` in a fresh interpreter; return the top-level packages it loaded."""
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        f"{statement}\n"
        "new = sorted({m.split('.')[0] for m in set(sys.modules) - before})\n"
        "canasta = sorted(m for m in sys.modules if m.startswith('canasta.'))\n"
        "print(json.dumps({'new': new, 'canasta': canasta}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(result.stdout)


def third_party(names: list[str]) -> list[str]:
    return [
        n
        for n in names
        if n not in sys.stdlib_module_names
        and n != "canasta"
        and not n.startswith(STARTUP_PREFIXES)
    ]


def test_model_layers_do_not_load_pygame() -> None:
    loaded = loaded_after(
        "import canasta.engine, canasta.ai, canasta.controller, canasta.persistence.positions"
    )
    assert "pygame" not in loaded["new"]
    assert not any(m.startswith(("canasta.ui", "canasta.scenes")) for m in loaded["canasta"])


def test_position_files_use_pydantic_and_nothing_of_the_screen() -> None:
    loaded = loaded_after("import canasta.persistence.positions")
    assert "pydantic" in loaded["new"]
    assert "pygame" not in loaded["new"]


def test_engine_loads_the_standard_library_only() -> None:
    loaded = loaded_after("import canasta.engine")
    assert "pydantic" not in loaded["new"]
    assert "pygame" not in loaded["new"]
    assert third_party(loaded["new"]) == []
    assert all(m.startswith("canasta.engine") for m in loaded["canasta"])


def test_engine_modules_each_load_the_standard_library_only() -> None:
    engine = Path(__file__).resolve().parents[1] / "canasta" / "engine"
    names = sorted(p.stem for p in engine.glob("*.py") if p.stem != "__init__")
    assert {"state", "legality", "position", "game", "view"} <= set(names)
    statement = "; ".join(f"import canasta.engine.{n}" for n in names)
    loaded = loaded_after(statement)
    assert third_party(loaded["new"]) == []
    assert all(m.startswith("canasta.engine") for m in loaded["canasta"])


@pytest.mark.parametrize(
    ("module", "allowed"),
    [
        ("canasta.ai", ("canasta.ai", "canasta.engine")),
        ("canasta.controller", ("canasta.controller", "canasta.ai", "canasta.engine")),
    ],
)
def test_ai_and_controller_stay_below_records_and_screen(module: str, allowed) -> None:
    loaded = loaded_after(f"import {module}")
    assert third_party(loaded["new"]) == []
    assert all(m.startswith(allowed) for m in loaded["canasta"]), loaded["canasta"]


def test_cli_position_command_does_not_load_pygame(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"hands": [["AS", "KD"], ["5C"]]}), encoding="utf-8")
    loaded = loaded_after(
        "import contextlib, io\n"
        "from canasta.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['position', {str(path)!r}]) == 0"
    )
    assert "pygame" not in loaded["new"]
    assert "canasta.app" not in loaded["canasta"]


# The screen reads the person's view through the controller ----------------------------------

ROOT = Path(__file__).resolve().parents[1] / "canasta"
#: Engine modules the screen may import: value types (cards, moves, refusals and their
#: words, cards and moves in the player's words, the seat's view, rule sets and their option
#: texts, scores). Never the state, the
#: legality checks, the finish search, the game or positions.
SCREEN_MAY_IMPORT = {
    "canasta.engine.cards",
    "canasta.engine.core",
    "canasta.engine.moves",
    "canasta.engine.refusals",
    "canasta.engine.view",
    "canasta.engine.rules",
    "canasta.engine.options",
    "canasta.engine.scoring",
    "canasta.engine.card_words",
}


def imports_of(path: Path) -> list[str]:
    """Every module ``path`` imports (``from X import y`` counts as X and X.y)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level:
            package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[: -node.level])
            module = f"{package}.{node.module}" if node.module else package
            found.append(module)
            found += [f"{module}.{alias.name}" for alias in node.names]
    return found


def screen_files() -> list[Path]:
    return sorted([*(ROOT / "scenes").rglob("*.py"), *(ROOT / "ui").rglob("*.py")])


def screen_violations(path: Path) -> list[str]:
    """The imports of ``path`` the screen may not make: engine internals, the engine's
    package as a whole, computer players."""
    bad = []
    for module in imports_of(path):
        engine = module.startswith("canasta.engine")
        # ``from canasta.engine.cards import X`` also lists cards.X: allowed.
        allowed = module.startswith(tuple(SCREEN_MAY_IMPORT))
        if (
            module == "canasta.engine"
            or (engine and not allowed)
            or module.startswith("canasta.ai")
        ):
            bad.append(module)
    return bad


def test_screen_imports_only_engine_value_types_and_no_computer_player() -> None:
    files = screen_files()
    assert len(files) > 30
    bad = [f"{p.relative_to(ROOT)}: {m}" for p in files for m in screen_violations(p)]
    assert bad == []


def test_the_screen_rule_reports_a_bad_import(tmp_path: Path) -> None:
    fake = tmp_path / "fake.py"
    fake.write_text(
        "from canasta.engine.state import HandState\n"
        "from canasta.engine import Game\n"
        "import canasta.ai.hard\n"
        "from canasta.engine.cards import CARD_KIND\n",
        encoding="utf-8",
    )
    assert screen_violations(fake) == [
        "canasta.engine.state", "canasta.engine.state.HandState", "canasta.engine",
        "canasta.engine.Game", "canasta.ai.hard",
    ]  # fmt: skip


def test_the_table_sees_only_the_controller_interface() -> None:
    table = sorted((ROOT / "scenes" / "table").glob("*.py"))
    assert {p.stem for p in table} >= {"scene", "hand_row", "piles", "melds", "strip", "planner",
                                       "focus", "hint", "bubble", "help", "keys"}  # fmt: skip
    for path in table:
        text = path.read_text(encoding="utf-8")
        assert "TableController" not in text, path.name  # the interface: TableControl
        assert ".hand." not in text and "HandState" not in text, path.name


def test_no_table_section_holds_the_scene() -> None:
    for path in sorted((ROOT / "scenes" / "table").glob("*.py")):
        if path.stem in ("scene", "__init__"):
            continue
        modules = imports_of(path)
        assert not any(m.startswith("canasta.scenes.table.scene") for m in modules), path.name
        assert "TableScene" not in path.read_text(encoding="utf-8"), path.name


def test_net_loads_engine_ai_persistence_and_websockets_never_the_screen() -> None:
    net = Path(__file__).resolve().parents[1] / "canasta" / "net"
    names = sorted(p.stem for p in net.glob("*.py") if p.stem != "__init__")
    assert {"protocol", "server", "client", "database", "tables"} <= set(names)
    loaded = loaded_after("; ".join(f"import canasta.net.{n}" for n in names))
    assert "pygame" not in loaded["new"]
    assert "websockets" in loaded["new"] and "pydantic" in loaded["new"]
    allowed = ("canasta.net", "canasta.engine", "canasta.ai", "canasta.persistence")
    # The controller's interface and events (the remote table implements
    # them); the catalogue of words; the one rule for names, shared with the settings;
    # the one nesting check of JSON, shared with the files; the command lines' numbers;
    # the smallest window, shared by the command line and the settings.
    allowed += ("canasta.controller", "canasta.i18n", "canasta.names")
    allowed += ("canasta.reading", "canasta.arguments", "canasta.window_limits")
    assert all(m.startswith(allowed) for m in loaded["canasta"]), loaded["canasta"]


def test_protocol_loads_pydantic_only() -> None:
    loaded = loaded_after("import canasta.net.protocol")
    assert "websockets" not in loaded["new"] and "pygame" not in loaded["new"]
    # names: checked as the settings check them; reading: the one nesting check of JSON
    allowed = ("canasta.net", "canasta.names", "canasta.reading")
    assert all(m.startswith(allowed) for m in loaded["canasta"]), loaded["canasta"]


def test_the_screen_never_imports_the_network() -> None:
    """Scenes and ui get an online table as a TableControl and the lobby through the
    lobby scene's own small interface, both built by the app (canasta.app.online)."""
    bad = [
        f"{p.relative_to(ROOT)}: {m}"
        for p in screen_files()
        for m in imports_of(p)
        if m.startswith("canasta.net") or m.startswith("websockets")
    ]
    assert bad == []
