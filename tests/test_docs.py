"""The documentation site: its generated pages match the code they are made from."""

from __future__ import annotations

import subprocess
import sys
import typing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_generated_pages_are_up_to_date() -> None:
    # The protocol's messages and the presets table are written by a script from the
    # models; a model changed without rerunning it leaves the site describing the old one.
    result = subprocess.run([sys.executable, "scripts/docs_pages.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_the_protocol_page_lists_every_message_and_its_schema() -> None:
    from canasta.net import protocol

    page = (ROOT / "docs" / "protocol" / "messages.md").read_text(encoding="utf-8")
    for union, side in ((protocol.ClientMessage, "client"), (protocol.ServerMessage, "server")):
        for model in typing.get_args(typing.get_args(union)[0]):
            name = model.model_fields["type"].default
            assert f"### `{name}` {{#{side}-{name}}}" in page, name
    assert page.count("```json") == 2 and '"discriminator"' in page
