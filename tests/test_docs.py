"""The documentation site: its generated pages match the code they are made from, and every
section the code cites exists."""

from __future__ import annotations

import re
import subprocess
import sys
import typing
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_generated_pages_are_up_to_date() -> None:
    # The protocol's messages and the presets table are written by a script from the
    # models; a model changed without rerunning it leaves the site describing the old one.
    result = subprocess.run([sys.executable, "-m", "scripts.docs_pages", "--check"], cwd=ROOT,
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


DOCS = ROOT / "docs"
#: A citation of a docs page in code: ``docs/rules.md#opening-minimum``.
CITATION = re.compile(r"\bdocs/((?:[\w-]+/)*[\w-]+\.md)(?:#([\w-]+))?")


def slug(title: str) -> str:
    """A heading's anchor as MkDocs makes it (Python-Markdown's toc slugify)."""
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(page: Path) -> set[str]:
    """Every heading anchor of a Markdown page: an explicit ``{#id}``, else the slug."""
    found = set()
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    for title in re.findall(r"^#{1,6} (.+?)\s*$", text, flags=re.M):
        explicit = re.search(r"\{#([\w-]+)\}$", title)
        found.add(explicit.group(1) if explicit else slug(title))
    return found


def code_files() -> list[Path]:
    return sorted(p for p in (ROOT / "canasta").rglob("*.py") if "__pycache__" not in p.parts)


def the_tests() -> list[Path]:
    """The tests, but this file (it names what it looks for)."""
    here = Path(__file__).resolve()
    return sorted(p for p in (ROOT / "tests").rglob("*.py") if p.resolve() != here)


def test_every_docs_section_the_code_cites_exists() -> None:
    cited = 0
    missing = []
    for path in code_files() + the_tests():
        for page, anchor in CITATION.findall(path.read_text(encoding="utf-8")):
            cited += 1
            target = DOCS / page
            if not target.is_file() or (anchor and anchor not in anchors(target)):
                missing.append(f"{path.relative_to(ROOT)}: docs/{page}#{anchor}")
    assert missing == []
    assert cited > 50


def test_the_code_cites_the_rules_page_not_outside_tables() -> None:
    # The rule matrix and the reference tables the rules were drawn from are not in the
    # repository; a citation of them could not be checked by a reader.
    outside = re.compile(r"RULES-MATRIX|[Mm]atrix (?:row|column)|Classic reference|seeds/"
                         r"|reference tables?\b")  # fmt: skip
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in code_files() + the_tests()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line)
    ]
    # A name broken over two lines ("Classic\n    reference") is found in the joined text
    # (a name on one line is then listed twice: the test fails either way).
    found += [
        f"{path.relative_to(ROOT)}: {match.group(0)!r}"
        for path in code_files() + the_tests()
        for match in outside.finditer(" ".join(path.read_text(encoding="utf-8").split()))
    ]
    assert found == []


def test_anchors_are_read_as_mkdocs_makes_them() -> None:
    assert slug("The server's words") == "the-servers-words"
    assert slug("With the mouse") == "with-the-mouse"
    assert {"opening-minimum", "presets", "empty-stock"} <= anchors(DOCS / "rules.md")
    assert "with-the-keyboard" in anchors(DOCS / "guide" / "playing.md")


#: A Markdown link inside the site: ``[text](page.md#anchor)``, ``[text](#anchor)``.
LINK = re.compile(r"\]\(([^)\s]+)\)")


def site_pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def test_every_page_of_the_site_is_in_the_navigation() -> None:
    # A page left out of mkdocs.yml's nav is built but reached by no menu (and fails the
    # strict build, which runs only at the end of scripts/test.sh).
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:", 1)[1]
    listed = set(re.findall(r":\s*([\w/-]+\.md)\s*$", nav, flags=re.M))
    pages = {p.relative_to(DOCS).as_posix() for p in site_pages()}
    assert len(pages) > 20
    assert pages - listed == set()
    assert listed - pages == set()


def test_every_link_between_the_site_pages_finds_its_page_and_anchor() -> None:
    broken = []
    checked = 0
    for page in site_pages():
        text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # http:, https:, mailto:: outside the site
            path, _, anchor = target.partition("#")
            if path and not path.endswith(".md"):
                continue  # an image or a file beside the page
            linked = (page.parent / path).resolve() if path else page
            checked += 1
            if not linked.is_file() or (anchor and anchor not in anchors(linked)):
                broken.append(f"{page.relative_to(DOCS)}: {target}")
    assert broken == []
    assert checked > 100


def test_the_architecture_page_names_every_module_of_each_folder() -> None:
    # The module map (docs/architecture.md#modules) is where a newcomer finds a module: a
    # module added, renamed or removed without its row leaves it to be found by chance.
    page = (DOCS / "architecture.md").read_text(encoding="utf-8")
    section = page.split("{#modules}", 1)[1]
    rows = {
        folder: set(re.findall(r"`(\w+)\.py`", rest))
        for folder, rest in re.findall(r"^\| `(canasta/[\w/]*)` \|(.*)$", section, flags=re.M)
    }
    package = ROOT / "canasta"
    folders = {"canasta/"} | {
        f"canasta/{p.relative_to(package).as_posix()}/"
        for p in package.rglob("*")
        if p.is_dir() and any(p.glob("*.py")) and "__pycache__" not in p.parts
    }
    assert set(rows) == folders
    for folder, named in rows.items():
        modules = {p.stem for p in (ROOT / folder).glob("*.py")} - {"__init__"}
        missing, gone = sorted(modules - named), sorted(named - modules)
        assert named == modules, f"{folder}: unnamed {missing}, no such module {gone}"
