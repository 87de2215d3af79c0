"""Packaging: every package and asset is declared for the wheel, the version comes from
the metadata, the licence is declared the current way, and nothing reads an asset at
import. (scripts/check_wheel.sh builds and installs the real wheel in CI.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from canasta.cli import main

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def _data_folders(package: str, folder: Path) -> set[str]:
    """The dotted names of the folders under ``folder`` (below its top) holding files that
    ship as ``package``'s package data; setuptools asks only folders whose names could be
    imported ("cards/modern", not "cards/modern-large") to be listed."""
    shipped = {
        p.parent
        for pattern in SETUPTOOLS["package-data"][package]
        for p in folder.glob(pattern)
        if p.is_file()
    }
    return {
        ".".join((package, *f.relative_to(folder).parts))
        for f in shipped
        if f != folder and all(part.isidentifier() for part in f.relative_to(folder).parts)
    }


def test_every_package_under_canasta_is_listed_and_assets_map_to_the_top_level_folder():
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "canasta").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    code = {name for name in SETUPTOOLS["packages"] if name in found | {"canasta.assets"}}
    assert code == found | {"canasta.assets"}
    assert SETUPTOOLS["package-dir"] == {"canasta.assets": "assets"}


def test_every_folder_of_shipped_data_is_listed_so_the_build_does_not_warn():
    """setuptools warns once per data folder missing from ``packages`` ("Package
    'canasta.assets.backs' is absent from the `packages` configuration") at every build."""
    data = _data_folders("canasta", ROOT / "canasta") | _data_folders(
        "canasta.assets", ROOT / "assets"
    )
    assert len(data) == 17 and "canasta.locale.pt_BR.LC_MESSAGES" in data
    assert "canasta.web" in data  # the browser client
    assert "canasta.web.vendor.noble_hashes" in data  # its SHA-256, copied from npm
    assert "canasta.assets.cards.modern" in data
    code = {".".join(p.parent.relative_to(ROOT).parts) for p in ROOT.glob("canasta/**/__init__.py")}
    assert set(SETUPTOOLS["packages"]) == code | {"canasta.assets"} | data


def test_every_asset_file_ships_and_the_screenshots_do_not():
    patterns = SETUPTOOLS["package-data"]["canasta.assets"]
    assets = ROOT / "assets"
    files = [
        p.relative_to(assets).as_posix()
        for p in assets.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.name != "__init__.py"
    ]
    shipped = {p.relative_to(assets).as_posix() for pat in patterns for p in assets.glob(pat)}
    left_out = sorted(set(files) - set(shipped))
    assert left_out and all(f.startswith("screenshots/") for f in left_out)
    assert len(shipped) > 400 and "icon.svg" in shipped and "themes.json" in shipped
    assert not any("/" in pat and pat.startswith("screenshots") for pat in patterns)


def test_the_browser_client_ships_and_its_type_config_does_not():
    patterns = SETUPTOOLS["package-data"]["canasta"]
    package = ROOT / "canasta"
    shipped = {p.relative_to(package).as_posix() for pat in patterns for p in package.glob(pat)}
    web = {p.relative_to(package).as_posix() for p in (package / "web").iterdir() if p.is_file()}
    assert web - shipped == {"web/jsconfig.json"}
    assert {"web/index.html", "web/main.js", "web/style.css"} <= shipped


def test_the_licence_is_an_spdx_expression_with_its_file():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert not any(c.startswith("License ::") for c in project.get("classifiers", []))
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]  # PEP 639 support


def test_version_option_prints_the_installed_metadata_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"canasta {metadata.version('canasta')}"
    import canasta

    assert canasta.__version__ == metadata.version("canasta") == PYPROJECT["project"]["version"]


def _python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                 PYGAME_HIDE_SUPPORT_PROMPT="1", **env),
    )  # fmt: skip


def test_importing_the_game_reads_no_asset_and_the_first_use_names_the_missing_file(tmp_path):
    empty = tmp_path / "no-art"
    empty.mkdir()
    imported = _python(
        "import canasta.app, canasta.cli, canasta.ui.looks", CANASTA_ASSETS=str(empty)
    )
    assert imported.returncode == 0, imported.stderr
    used = _python(
        "from canasta.ui.theme import THEMES\n"
        "from canasta.ui.assets import AssetError\n"
        "try:\n    THEMES['green']\nexcept AssetError as e:\n    print('AssetError', e)\n",
        CANASTA_ASSETS=str(empty),
    )
    assert used.stdout.startswith("AssetError cannot read asset ")
    assert str(empty / "themes.json") in used.stdout


def test_canasta_assets_points_the_game_at_another_folder(tmp_path):
    themes = json.loads((ROOT / "assets" / "themes.json").read_text(encoding="utf-8"))
    (tmp_path / "themes.json").write_text(json.dumps({"green": themes["green"]}))
    listed = _python(
        "from canasta.ui.theme import THEMES; print(sorted(THEMES))", CANASTA_ASSETS=str(tmp_path)
    )
    assert listed.stdout.strip() == "['green']"
    default = _python("from canasta.ui.theme import THEMES; print(len(THEMES))")
    assert default.stdout.strip() == str(len(themes)) == "18"


def test_assets_are_read_through_the_package_resources():
    from importlib import resources

    from canasta.ui.assets import assets_dir, read_bytes

    assert os.environ.get("CANASTA_ASSETS") is None
    assert str(assets_dir()) == str(resources.files("canasta.assets"))
    assert read_bytes("icon.svg").startswith(b"<svg")
