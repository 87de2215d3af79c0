"""The scoreboard's row of buttons reads at one size in every language (play10).

At 1280 x 800 the row of Continue, Replay hand, Play this deal again and Home was four
213 px buttons, so in Spanish, Portuguese and German, where "Play this deal again" is a
long phrase ("Diese Verteilung nochmal spielen"), every label of the row shrank to 20 px
(English: 28 px) while 294 px per button were free. The buttons now widen, within the
window, to hold the longest label on one line.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta import i18n
from tests.ui.test_i18n_layout import quick_scoreboard as board

SIZE = (1280, 800)


@pytest.fixture
def speak() -> Iterator[None]:
    """Leave the game speaking English after the test."""
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("speak")
@pytest.mark.parametrize(("code", "least_px"), [("en", 28), ("es", 28), ("it", 28),
                                                ("fr", 28), ("pt_BR", 26), ("de", 24)])  # fmt: skip
def test_the_row_reads_at_a_size_near_the_full_one(code: str, least_px: int) -> None:
    assert i18n.set_language(code) == code
    scoreboard = board(SIZE)
    buttons = scoreboard.buttons
    assert len(buttons) == 4
    sizes = {b.text_px for b in buttons}
    assert len(sizes) == 1  # one size for the row
    (px,) = sizes
    assert px is not None and px >= least_px
    widths = {b.rect.width for b in buttons}
    assert len(widths) == 1
    left, right = buttons[0].rect.left, buttons[-1].rect.right
    assert left >= 16 and right <= SIZE[0] - 16  # within the window's margins
    assert (left + right) // 2 in (SIZE[0] // 2 - 1, SIZE[0] // 2)  # centred


@pytest.mark.usefixtures("speak")
def test_english_keeps_its_row() -> None:
    """Short labels keep the row as it was: a sixth of the window per button."""
    scoreboard = board(SIZE)
    assert [b.rect.width for b in scoreboard.buttons] == [213] * 4


@pytest.mark.usefixtures("speak")
def test_german_widens_only_as_far_as_the_window_allows() -> None:
    assert i18n.set_language("de") == "de"
    wide = board(SIZE)
    assert [b.rect.width for b in wide.buttons] == [294] * 4  # (1280 - 32 - 3 * 24) / 4
    small = board((800, 600))
    assert [b.rect.width for b in small.buttons] == [174] * 4  # (800 - 32 - 72) / 4
    assert small.buttons[-1].rect.right <= 800 - 16
    pygame.display.set_mode(SIZE)
