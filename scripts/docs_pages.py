"""Write the generated parts of the documentation site from the code they describe.

- ``docs/protocol/messages.md``: every online message, its fields and their limits, and the
  JSON Schema of both directions, from the pydantic models in ``canasta/net/protocol.py``;
- the presets table of ``docs/rules.md`` (between its two marker comments), from
  ``canasta.engine.options.presets_table()``.

Usage: python3 -m scripts.docs_pages [--check]
  --check writes nothing and exits 1 when a committed page differs from what the code
  makes (tests/test_docs.py runs it), naming the stale pages.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter

from canasta.engine.options import presets_table
from canasta.net import protocol

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = ROOT / "docs" / "protocol" / "messages.md"
RULES = ROOT / "docs" / "rules.md"
BEGIN = "<!-- presets table: begin -->"
END = "<!-- presets table: end -->"

#: Models that are parts of messages rather than messages, in the order the page lists them.
PARTS = (
    protocol.ClockOption, protocol.StructuredMove, protocol.TableInfo, protocol.ChairInfo,
    protocol.ViewModel, protocol.ClockInfo, protocol.SideScoreInfo, protocol.DealCommitment,
    protocol.DealReveal,
)  # fmt: skip

#: Limits in a field's JSON Schema and how the page words them.
LIMITS = (
    ("minimum", "at least {}"), ("maximum", "at most {}"),
    ("exclusiveMinimum", "above {}"), ("exclusiveMaximum", "below {}"),
    ("minLength", "{} characters or more"), ("maxLength", "{} characters at most"),
    ("minItems", "{} items or more"), ("maxItems", "{} items at most"),
    ("pattern", "matches `{}`"),
)  # fmt: skip


def members(union: Any) -> list[type[BaseModel]]:
    """The message models of an annotated union (``ClientMessage``, ``ServerMessage``)."""
    inner = typing.get_args(union)[0]
    return list(typing.get_args(inner))


def prose(doc: str | None) -> str:
    """A docstring as Markdown: one paragraph, Sphinx roles as code."""
    text = " ".join((doc or "").split())
    text = re.sub(r":\w+:`~?([^`]+)`", lambda m: f"`{m.group(1).split('.')[-1]}`", text)
    return text.replace("``", "`")


def type_words(schema: dict[str, Any]) -> str:
    """A field's JSON Schema type in short words (``integer``, ``list of integer``)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " or ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    if "anyOf" in schema:
        return " or ".join(type_words(s) for s in schema["anyOf"])
    kind = schema.get("type", "any")
    if kind == "array":
        if "prefixItems" in schema:
            return "pair of " + " and ".join(type_words(s) for s in schema["prefixItems"])
        return "list of " + type_words(schema.get("items", {}))
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return "object of " + type_words(schema["additionalProperties"])
    return str(kind)


def limit_words(schema: dict[str, Any]) -> str:
    """A field's limits in words, from its schema and the schemas it may take."""
    said = []
    for part in [schema, *schema.get("anyOf", [])]:
        for key, words in LIMITS:
            if key in part:
                said.append(words.format(part[key]))
    return "; ".join(said)


def fields_table(model: type[BaseModel]) -> list[str]:
    """The Markdown table of a model's fields (name, type, default, limits)."""
    schema = model.model_json_schema(ref_template="#/$defs/{model}")
    required = set(schema.get("required", []))
    lines = ["| field | type | default | limits |", "| --- | --- | --- | --- |"]
    for name, field in schema.get("properties", {}).items():
        if name == "type" and "const" in field:
            continue
        if name in required:
            default = "required"
        else:  # a default made by a factory (an empty list) is not in the schema
            made = (
                field["default"]
                if "default" in field
                else model.model_fields[name].get_default(call_default_factory=True)
            )
            default = f"`{json.dumps(made)}`"
        lines.append(f"| `{name}` | {type_words(field)} | {default} | {limit_words(field)} |")
    return lines if len(lines) > 2 else ["No fields besides `type`."]


def model_section(model: type[BaseModel], heading: str) -> list[str]:
    """A page section for one model: its heading, its docstring, its fields."""
    return [heading, "", prose(model.__doc__), "", *fields_table(model), ""]


def message_name(model: type[BaseModel]) -> str:
    """A message model's ``type`` value (``"hello"``)."""
    return str(model.model_fields["type"].default)


def messages_page() -> str:
    """The whole text of ``docs/protocol/messages.md``."""
    lines = [
        "# Messages and JSON Schema",
        "",
        "<!-- Generated from canasta/net/protocol.py by python3 -m scripts.docs_pages -->",
        "",
        f"Protocol version {protocol.PROTOCOL_VERSION}. Every message is one JSON object with a "
        "`type`; a field marked required must be there, any other may be left out (it then "
        "takes its default), and a field no model names is refused. A client's message is at "
        f"most {protocol.MAX_CLIENT_BYTES:,} bytes. What the messages are for is on "
        "[the protocol's overview](index.md); this page is generated from the pydantic "
        "models in `canasta/net/protocol.py`.",
        "",
        "## From the client",
        "",
    ]
    for side, union in (("client", protocol.ClientMessage), ("server", protocol.ServerMessage)):
        if side == "server":
            lines += ["## From the server", ""]
        for model in members(union):
            name = message_name(model)
            lines += model_section(model, f"### `{name}` {{#{side}-{name}}}")
    lines += ["## Parts of messages", ""]
    for model in PARTS:
        lines += model_section(model, f"### {model.__name__} {{#{model.__name__.lower()}}}")
    lines += ["## JSON Schema", ""]
    for title, union in (("client", protocol.ClientMessage), ("server", protocol.ServerMessage)):
        schema = TypeAdapter(union).json_schema()
        lines += [
            f"### Messages from the {title} {{#schema-{title}}}",
            "",
            "```json",
            json.dumps(schema, indent=2, sort_keys=True),
            "```",
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def rules_page(current: str) -> str:
    """``docs/rules.md`` with the generated presets table between its markers."""
    start = current.index(BEGIN) + len(BEGIN)
    end = current.index(END)
    return current[:start] + "\n" + presets_table() + current[end:]


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the generated pages; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if stale")
    args = parser.parse_args(argv)
    pages = {
        MESSAGES: messages_page(),
        RULES: rules_page(RULES.read_text(encoding="utf-8")),
    }
    return write_or_check(pages, check=args.check, command="scripts.docs_pages")


def write_or_check(pages: dict[Path, str], *, check: bool, command: str) -> int:
    """Write each generated page of ``pages`` (path to text) that differs from its file, or
    with ``check`` only name them; return the exit status (1: ``check`` found one stale).
    ``command`` is the module that writes them, named in the message."""
    stale = [path for path, text in pages.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]  # fmt: skip
    if check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is stale: run python3 -m {command}")
        return 1 if stale else 0
    for path in stale:
        path.write_text(pages[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
