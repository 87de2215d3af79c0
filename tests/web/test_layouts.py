"""Each layout the browser client is made for (a 360x640 phone upright and on its side, a
tablet, desktops up to 1920x1080), checked from the elements' boxes in a real browser:
the table's parts do not overlap, nothing leaves the screen or is cut off, every button is
at least 44 CSS px each way, and each card of the hand shows at least 44 px to tap."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import LAYOUTS
from tests.web.browser import page as new_page
from tests.web.helpers import PATIENCE_MS, WebServer, create_table, enter

TAP = 44

MEASURE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height}; };
  const shown = (e) => getComputedStyle(e).display !== "none"
    && e.getBoundingClientRect().width > 0;
  const parts = {};
  for (const sel of [".seats", ".melds.theirs", ".piles", ".melds.ours", "#turn", "#scoreline",
                     "#hand", "#actions", "#bar"]) {
    const e = document.querySelector(sel);
    if (e && shown(e)) parts[sel] = box(e);
  }
  const controls = [...document.querySelectorAll("button, select, input, summary")]
    .filter((e) => shown(e) && !e.classList.contains("card-button"))
    .map((e) => ({name: e.id || e.textContent, ...box(e),
                  // The stock, the pile and a meld are pictures (their counts and badges
                  // sit on their corners on purpose); a button's words must fit it.
                  clipped: !e.matches(".stock, .pile, .meld")
                    && e.scrollWidth > e.clientWidth + 1}));
  const cards = [...document.querySelectorAll("#hand .card-button")].map(box);
  const hand = document.getElementById("hand");
  const texts = [...document.querySelectorAll(".seat-name, #turn, .code, h1, h2")]
    .filter(shown).map((e) => ({text: e.textContent, clipped: e.scrollWidth > e.clientWidth + 1}));
  return {parts, controls, cards, texts, width: innerWidth, height: innerHeight,
          pageWidth: document.documentElement.scrollWidth,
          pageHeight: document.documentElement.scrollHeight,
          handScrolls: hand ? hand.scrollHeight > hand.clientHeight + 1 : false};
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    """The area two boxes share (square CSS px)."""
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, width) * max(0.0, height)


def check_controls(found: dict[str, Any], where: str) -> None:
    assert found["pageWidth"] <= found["width"], f"{where}: the page scrolls sideways"
    for control in found["controls"]:
        name = control["name"]
        assert control["width"] >= TAP and control["height"] >= TAP, (where, name, control)
        assert control["left"] >= -0.5 and control["right"] <= found["width"] + 0.5, (where, name)
        assert not control["clipped"], f"{where}: the words of {name!r} are cut off"
    for text in found["texts"]:
        assert not text["clipped"], f"{where}: {text['text']!r} is cut off"


#: Each layout in English, and (slow) the smallest two in the languages with the longest
#: words.
CASES = [pytest.param(*layout, "en-US", id=f"{layout[0]}-en") for layout in LAYOUTS] + [
    pytest.param(*layout, language, id=f"{layout[0]}-{language[:2]}", marks=pytest.mark.slow)
    for layout in LAYOUTS[:2]
    for language in ("de-DE", "pt-BR", "fr-FR")
]


@pytest.mark.parametrize(("name", "width", "height", "touch", "language"), CASES)
def test_the_lobby_and_the_table_fit_the_layout(
    browser: Any, server: WebServer, name: str, width: int, height: int, touch: bool,
    language: str,
) -> None:  # fmt: skip
    page = new_page(browser, width, height, touch, language=language, still=True)
    enter(page, server.http, "Annabelle Thornbury")
    page.wait_for_selector("#new2", timeout=PATIENCE_MS)
    page.click(".looks summary")  # the look's choices open too
    check_controls(page.evaluate(MEASURE), f"{name} lobby ({language})")
    create_table(page, players=4 if width >= 1280 else 2, quick=True)
    page.click("#ready")
    check_controls(page.evaluate(MEASURE), f"{name} chairs ({language})")
    page.click("#start:not([disabled])", timeout=PATIENCE_MS)
    page.wait_for_selector("#hand .card-button", timeout=PATIENCE_MS)
    found = page.evaluate(MEASURE)
    where = f"{name} table ({language})"
    check_controls(found, where)
    assert found["pageHeight"] <= found["height"], f"{where}: the page scrolls"
    parts = found["parts"]
    assert {".seats", ".piles", "#hand", "#actions", "#turn"} <= set(parts)
    for part, box in parts.items():
        assert box["left"] >= -0.5 and box["right"] <= width + 0.5, (where, part, box)
        assert box["top"] >= -0.5 and box["bottom"] <= height + 0.5, (where, part, box)
    names = sorted(parts)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert overlap(parts[a], parts[b]) < 1.0, (where, a, b, parts[a], parts[b])
    cards = found["cards"]
    assert len(cards) >= 11
    assert not found["handScrolls"], f"{where}: the dealt hand does not fit"
    hand = parts["#hand"]
    rows: dict[float, list[dict[str, float]]] = {}
    for card in cards:
        assert card["left"] >= hand["left"] - 0.5 and card["right"] <= hand["right"] + 0.5
        assert card["bottom"] <= hand["bottom"] + 0.5, (where, card, hand)
        rows.setdefault(round(card["top"]), []).append(card)
    tops = sorted(rows)
    for row in rows.values():
        row.sort(key=lambda c: c["left"])
        for card, after in zip(row, row[1:], strict=False):
            assert after["left"] - card["left"] >= TAP - 0.5, (where, "a card shows too little")
    for top, below in zip(tops, tops[1:], strict=False):
        assert below - top >= TAP - 0.5, (where, "a row of cards shows too little above the next")
