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
    loaded = loaded_after("import canasta.engine, canasta.ai, canasta.controller, canasta.records")
    assert "pygame" not in loaded["new"]
    assert not any(m.startswith(("canasta.ui", "canasta.scenes")) for m in loaded["canasta"])


def test_records_use_pydantic_and_nothing_of_the_screen() -> None:
    loaded = loaded_after("import canasta.records.position")
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


def test_net_loads_engine_ai_persistence_and_websockets_never_the_screen() -> None:
    net = Path(__file__).resolve().parents[1] / "canasta" / "net"
    names = sorted(p.stem for p in net.glob("*.py") if p.stem != "__init__")
    assert {"protocol", "server", "client", "store", "tables"} <= set(names)
    loaded = loaded_after("; ".join(f"import canasta.net.{n}" for n in names))
    assert "pygame" not in loaded["new"]
    assert "websockets" in loaded["new"] and "pydantic" in loaded["new"]
    allowed = ("canasta.net", "canasta.engine", "canasta.ai", "canasta.persistence")
    allowed += ("canasta.records",)
    assert all(m.startswith(allowed) for m in loaded["canasta"]), loaded["canasta"]


def test_protocol_loads_pydantic_only() -> None:
    loaded = loaded_after("import canasta.net.protocol")
    assert "websockets" not in loaded["new"] and "pygame" not in loaded["new"]
    assert all(m.startswith("canasta.net") for m in loaded["canasta"]), loaded["canasta"]
