"""The pile's chips read whole on a phone's narrow pile: BLOCKED in every language is
centred on the card and drawn over its edges, never cut to the card's width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

STYLE = Path(__file__).resolve().parents[2] / "canasta" / "web" / "style.css"


@pytest.mark.parametrize("word", ["BLOCKED", "GESPERRT", "BLOQUEADA", "BLOCCATA"])
def test_the_blocked_chip_is_never_cut_on_a_narrow_pile(browser: Any, word: str) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 200})
    try:
        page.set_content(
            f"<style>{STYLE.read_text(encoding='utf-8')}</style>"
            "<div class='pile' style='--pile-w: 48px; margin: 60px'><span class='card'></span>"
            f"<span class='badge blocked'>{word}</span></div>"
        )
        scroll, client, chip, pile = page.eval_on_selector(
            ".badge",
            "b => [b.scrollWidth, b.clientWidth, b.getBoundingClientRect(),"
            " b.parentElement.getBoundingClientRect()]",
        )
        assert scroll <= client  # the whole word shows
        middle = chip["x"] + chip["width"] / 2
        assert abs(middle - (pile["x"] + pile["width"] / 2)) < 1  # centred on the card
        assert chip["width"] > pile["width"]  # wider than this card, drawn over its edges
    finally:
        page.close()
