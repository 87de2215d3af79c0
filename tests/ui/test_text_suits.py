"""Suit symbols in text are drawn as suit shapes (the default font has no glyph for them,
and would draw an empty box): "10♦" reads as on a card."""

from __future__ import annotations

import pygame

from canasta.ui.text import fit_text_size, get_font, render_text


def test_a_suit_symbol_is_drawn_filled_and_measured_as_drawn() -> None:
    for symbol in "\u2663\u2666\u2665\u2660":
        image = render_text(symbol, 60, (255, 255, 255))
        font = get_font(60)
        # As wide as measured (so fitting and wrapping hold), as tall as a letter drawn.
        assert image.get_width() == font.size(symbol)[0]
        assert image.get_height() == render_text("O", 60, (255, 255, 255)).get_height()
        w, h = image.get_size()
        cap = font.metrics("H")[0][3]
        middle = (w // 2, round(font.get_ascent() - cap / 2))
        # A filled shape at the middle of a capital's height (an empty box is hollow there).
        assert image.get_at(middle).a > 200, symbol
        assert w >= font.size("O")[0] - 1  # as wide as a capital letter, not a thin box


def test_text_around_a_suit_keeps_its_letters() -> None:
    plain = render_text("10", 40, (255, 255, 255))
    named = render_text("10\u2666", 40, (255, 255, 255))
    assert named.get_width() > plain.get_width()
    for x in range(plain.get_width()):
        for y in range(plain.get_height()):
            assert named.get_at((x, y)).a == plain.get_at((x, y)).a
    assert fit_text_size("Discard 10\u2666", 200, 30) == fit_text_size("Discard 10O", 200, 30)
    assert isinstance(named, pygame.Surface)
