"""Comments say why, never when or who: no comment or docstring in the product or its tests
names an issue number or who tried the game (``git log`` and CHANGELOG.md hold the
history)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: History in a comment: an issue by number, or who found something and in which item.
HISTORY = re.compile(
    r"\bissues?\s*#?\d+"
    r"|\btesters?\d*\b"
    r"|\b(?:first|second|third|fourth|fifth)\s+tester\b"
    r"|\bitems?\s+\d+\s*(?:of|from)\s+the\s+report",
    re.IGNORECASE,
)


def comments_and_docstrings(path: Path) -> list[tuple[int, str]]:
    """``(line, text)`` of every comment and docstring of a Python file."""
    source = path.read_text(encoding="utf-8")
    found = [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                found.append((node.body[0].lineno, doc))
    return found


def checked_files() -> list[Path]:
    return sorted(
        p
        for folder in ("canasta", "tests")
        for p in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in p.parts
    )


def test_no_comment_or_docstring_names_an_issue_or_who_found_it() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {match.group(0)!r}"
        for path in checked_files()
        for line, text in comments_and_docstrings(path)
        for match in [HISTORY.search(text)]
        if match
    ]
    assert found == []


def test_the_check_finds_history_where_it_is() -> None:
    said = [
        "# as tester5 item 3 found",
        "# (issue 13)",
        "# the third tester's shot",
        "# see issue #7",
    ]
    assert all(HISTORY.search(text) for text in said)
    assert not HISTORY.search("# the issue a reader meets: testing the pile")
    assert len(checked_files()) > 200
