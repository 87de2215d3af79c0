"""Seat labels read on every table colour: on Light blue, Pink and
Celeste the opponent's "Opponent · 15" was dark grey on a dark plate."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from canasta.scenes.table.seats import SeatsSection, color_of, plate_of
from canasta.ui.colors import contrast_ratio
from canasta.ui.theme import THEMES
from tests.ui.test_table_counts import drawn, make_ctx, view_of


@pytest.mark.parametrize("name", sorted(THEMES))
@pytest.mark.parametrize("to_move", [False, True])
def test_every_themes_seat_label_reads_on_its_plate(name: str, to_move: bool) -> None:
    theme = THEMES[name]
    assert contrast_ratio(color_of(theme, to_move), plate_of(theme)) >= 4.5, name


def test_the_light_themes_plate_is_light_under_dark_words() -> None:
    """The three themes of the finding: a light plate (luminance of the frost colour)
    under the theme's dark grey, not the old black plate."""
    for name in ("light_blue", "pink", "celeste"):
        theme = THEMES[name]
        assert plate_of(theme) == tuple(theme.frost[:3])
        assert min(plate_of(theme)) > 200, name
        assert max(color_of(theme, False)) < 100, name


@pytest.mark.parametrize("name", ["light_blue", "pink", "celeste", "green"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_other_seats_labels_are_drawn_on_their_plates(name: str, players: int) -> None:
    """Drawn at 1280x800, each label of a seat across the table: inside its plate, left
    of the first letter, the pixel is the plate's colour, and the letters hold pixels of
    the label's colour (the theme's dim text; no seat is to move in this view but
    seat 0, the person's)."""
    theme = THEMES[name]
    ctx = dataclasses.replace(make_ctx(view_of(players), (1280, 800)), theme=theme)
    surface = drawn(ctx, SeatsSection(ctx))
    layout = ctx.board.layout
    assert layout is not None
    text = color_of(theme, False)
    checked = 0
    for area in layout.hands[1:]:
        if area.height > area.width * 1.5:
            continue  # a side column (4 players): checked by the contrast test above
        assert surface.get_at((area.x + 4, area.centery))[:3] == plate_of(theme), name
        box = pygame.Rect(area.x + 6, area.centery - 8, 100, 16)
        colors = {surface.get_at((x, y))[:3] for x in range(box.left, box.right)
                  for y in range(box.top, box.bottom)}  # fmt: skip
        assert any(sum(abs(a - b) for a, b in zip(c, text, strict=True)) < 30 for c in colors)
        checked += 1
    assert checked == 1  # the opponent (2 players) or the partner (4)


@pytest.mark.parametrize("language", ["en", "es", "pt_BR", "it", "de", "fr"])
@pytest.mark.parametrize("to_move", [False, True])
def test_a_computers_name_shows_whole_in_a_side_column_at_1280x800(language, to_move) -> None:
    """Online, West and East read "Compu… (West)" over three lines. At
    1280x800 (side columns 69 px wide) each word of "Computer (West)" now shows whole,
    the card count after it."""
    from canasta import i18n
    from canasta.scenes.table.seats import SEAT_LABEL_PX, side_label, side_size, side_width
    from canasta.ui.layout import compute_layout
    from canasta.ui.text import get_font

    layout = compute_layout((1280, 800), 4)
    west, east = layout.hands[1], layout.hands[3]
    assert (west.width, east.width) == (69, 69)
    width = side_width(west, 1280) - 8
    assert width == 71 and side_width(east, 1280) - 8 == 71
    try:
        i18n.set_language(language)
        name = i18n._("Computer (West)")
        size = side_size(name, width, SEAT_LABEL_PX, to_move)
        lines = side_label(name, " \u00b7 11", width, size, to_move)
    finally:
        i18n.set_language("en")
    assert "\u2026" not in "".join(lines), lines
    assert " ".join(lines).replace(" \u00b7 ", " ").split() == [*name.split(), "11"]
    assert all(get_font(size, to_move).size(line)[0] <= width for line in lines)
    if language == "en":
        assert lines == ["Computer", "(West) \u00b7 11"]
        assert size == (17 if to_move else SEAT_LABEL_PX)  # bold: 72 px at 18


@pytest.mark.parametrize("name", sorted(THEMES))
def test_the_keys_panel_reads_on_every_theme(name: str) -> None:
    """F1's descriptions read on the light themes: the theme's dark text would sit on a
    near-black panel there, so the panel is the theme's panel colour."""
    from canasta.scenes.table.help import help_panel

    theme = THEMES[name]
    fill = help_panel(theme)
    assert fill[3] == 245 and fill[:3] == tuple(theme.frost[:3])
    assert contrast_ratio(theme.text, fill[:3]) >= 4.5, name
    assert contrast_ratio(theme.accent, fill[:3]) >= 4.5, name


def test_a_four_player_table_names_the_persons_side_area_our_melds() -> None:
    """At four the side's meld area holds the partner's melds too."""
    from canasta import i18n
    from canasta.scenes.table.melds import area_name

    expected = {
        "en": ("Our melds", "Your melds", "Their melds"),
        "es": ("Nuestras bajadas", "Tus bajadas", "Bajadas rivales"),
        "pt_BR": ("Nossos jogos", "Seus jogos", "Jogos deles"),
        "it": ("Le nostre calate", "Le tue calate", "Le loro calate"),
        "de": ("Unsere Meldungen", "Deine Meldungen", "Gegnerische Meldungen"),
        "fr": ("Nos poses", "Vos poses", "Leurs poses"),
    }
    try:
        for language, (ours, yours, theirs) in expected.items():
            i18n.set_language(language)
            assert area_name(0, 4) == ours, language
            assert area_name(0, 2) == yours, language
            assert area_name(1, 4) == area_name(1, 2) == theirs, language
    finally:
        i18n.set_language("en")
