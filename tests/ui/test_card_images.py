"""Card images: sizes, distinctness, caching, colours; glow and selection helpers."""

import pygame
import pytest

import canasta.ui.card_images as card_images
from canasta.engine.cards import cards_with_code
from canasta.ui.card_images import BLACK, RED, CardRenderer, card_size_for_width, draw_glow
from canasta.ui.effects import draw_selection, glow_surface
from canasta.ui.pips import draw_suit


def card(code: str) -> int:
    return cards_with_code(code)[0]


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def color_count(surface: pygame.Surface, rgb: tuple[int, int, int], tol: int = 40) -> int:
    w, h = surface.get_size()
    count = 0
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))
            if c.a > 200 and all(abs(c[i] - rgb[i]) <= tol for i in range(3)):
                count += 1
    return count


@pytest.mark.parametrize("size", [(44, 62), (80, 112), (120, 168)])
def test_distinct_faces_of_right_size(size):
    r = CardRenderer(*size)
    faces = {code: r.face(card(code)) for code in ("AS", "AH", "2C", "JK")}
    for surface in faces.values():
        assert surface.get_size() == size
    images = [pixels(s) for s in faces.values()]
    assert len(set(images)) == 4
    assert pixels(r.back()) not in images
    assert r.back().get_size() == size


def test_every_card_renders_and_twins_share_images():
    card_images._CACHE.clear()  # a cache filled by earlier tests may clear itself midway
    r = CardRenderer(44, 62)
    images = {c: r.face(c) for c in range(108)}
    assert all(s.get_size() == (44, 62) for s in images.values())
    assert images[card("AS")] is images[cards_with_code("AS")[1]]  # two decks, one image
    assert len({id(s) for s in images.values()}) == 54  # 52 suits + red and black joker
    assert pixels(images[52]) != pixels(images[53])


def test_cache_is_shared_per_size_and_separate_between_sizes():
    a, b = CardRenderer(60, 84), CardRenderer(60, 84)
    assert a.face(5) is b.face(5)
    assert CardRenderer(61, 85).face(5) is not a.face(5)
    assert a.image(5, face_up=False) is a.back()
    assert a.image(None) is a.back()


def test_suit_colours_and_rounded_corners():
    r = CardRenderer(80, 112)
    heart, spade = r.face(card("AH")), r.face(card("AS"))
    assert color_count(heart, RED) > 200 and color_count(heart, BLACK) == 0
    assert color_count(spade, BLACK) > 200 and color_count(spade, RED) == 0
    assert heart.get_at((0, 0)).a == 0  # transparent outside the rounded corner
    assert heart.get_at((40, 56)).a == 255


def test_card_size_for_width():
    assert card_size_for_width(44) == (44, 62)
    assert card_size_for_width(80) == (80, 112)


def test_draw_suit_rejects_unknown_and_draws_inside_box():
    surface = pygame.Surface((40, 40), pygame.SRCALPHA)
    draw_suit(surface, "H", (20, 20), 30, (255, 0, 0))
    assert surface.get_at((20, 20)) == pygame.Color(255, 0, 0, 255)
    assert surface.get_at((1, 1)).a == 0
    with pytest.raises(ValueError):
        draw_suit(surface, "X", (20, 20), 30, (255, 0, 0))


def test_glow_and_selection_draw_outside_rect():
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(50, 50, 60, 80)
    draw_glow(surface, rect, (255, 255, 0), spread=10)
    assert surface.get_at((rect.left - 3, rect.centery))[0] > 40  # halo just outside
    assert surface.get_at((rect.left - 15, rect.centery))[0] == 0  # nothing beyond spread
    assert surface.get_at(rect.center)[0] == 0  # inside stays clear
    assert glow_surface((60, 80), (255, 255, 0), 10) is glow_surface((60, 80), (255, 255, 0), 10)
    surface.fill((0, 0, 0))
    draw_selection(surface, rect, (0, 255, 0), width=3)
    assert surface.get_at((rect.left - 2, rect.centery)) == pygame.Color(0, 255, 0)
    assert surface.get_at(rect.center) == pygame.Color(0, 0, 0)
