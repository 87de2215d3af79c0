"""The message strip wraps a long line before shrinking it (at
1280 x 800 longer messages dropped to 14-18 px on one line), keeps its lines even (item
10: "…wirf 3♣ / ab." left one word alone), and never draws below its floor."""

from __future__ import annotations

import pytest

from canasta.scenes.table.strip import READABLE_PX, SMALLEST_PX, strip_lines
from canasta.ui.layout import compute_layout
from canasta.ui.paragraphs import balanced_lines, text_height, wrap_text
from canasta.ui.text import get_font

LONG = [
    "The pile is frozen: take it only with a natural pair of 4s from your hand.",
    "No way to go out now: your side needs 2 canastas to go out, and this hand can't "
    "complete them.",
    "Opponent went out: look at the hands, then click or press Enter for the scores.",
]


def strip_room() -> tuple[int, int, int]:
    """(width, room, strip height) px of the text in a 1280 x 800 two-player strip, above
    one row of buttons."""
    message = compute_layout((1280, 800), 2).message
    return message.width - 20, message.height - 50, message.height


def test_a_short_prompt_is_one_line_at_the_full_size() -> None:
    width, room, height = strip_room()
    size, lines = strip_lines(
        "Your turn: draw from the stock, or take the pile.", width, room, height
    )
    assert lines == ["Your turn: draw from the stock, or take the pile."]
    assert size >= 30


@pytest.mark.parametrize("text", LONG)
def test_a_long_message_wraps_to_two_lines_at_nearly_the_full_size(text: str) -> None:
    width, room, height = strip_room()
    size, lines = strip_lines(text, width, room, height)
    assert len(lines) == 2 and " ".join(lines) == text
    assert size >= 28  # it was 14 to 18 px on one line
    assert text_height(size, 2) <= room
    assert all(get_font(size).size(line)[0] <= width for line in lines)
    # Even lines: the shorter is at least half the longer.
    short, long_ = sorted(get_font(size).size(line)[0] for line in lines)
    assert short >= long_ / 2


def test_no_word_is_left_alone_on_the_last_line() -> None:
    text = "Tipp: Leg an die 10er an, dann wirf 3\u2663 ab."
    font = get_font(18)
    width = font.size("Tipp: Leg an die 10er an, dann wirf 3\u2663")[0] + 2
    assert wrap_text(text, 18, width, report=False)[-1] == "ab."  # greedy: a lone word
    lines = balanced_lines(text, 18, width)
    assert len(lines) == 2 and " ".join(lines) == text
    assert all(len(line.split()) >= 3 for line in lines), lines


def test_a_no_break_space_holds_its_words_together() -> None:
    text = "Indice\u00a0: d\u00e9fausse le 10\u2666, la carte la moins utile."
    for width in range(60, 400, 7):
        for line in wrap_text(text, 18, width, report=False):
            assert not line.startswith(":"), (width, line)


def test_text_too_long_for_the_room_is_never_drawn_below_the_floor() -> None:
    text = " ".join(LONG)
    size, lines = strip_lines(text, 240, 40, 124)
    assert size == READABLE_PX  # readable lines; the caller grows the panel upward
    assert " ".join(lines) == text
    assert all(get_font(size).size(line)[0] <= 240 for line in lines)
    long_word = "Ablagestapelaufnahmebedingungen" * 2
    size, lines = strip_lines(long_word, 120, 40, 124)
    assert size == SMALLEST_PX == 12
    assert READABLE_PX == 18
