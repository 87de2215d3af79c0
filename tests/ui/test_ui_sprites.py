"""Card sprites: tweening, z-order drawing and hit testing."""

import pygame

from canasta.ui.card_images import CardRenderer
from canasta.ui.sprites import CardSprite, SpriteSet, draw_sprites, sprite_at
from canasta.ui.tween import Animator, linear


def test_sprite_tweens_position_and_pos_property():
    sprite = CardSprite(0, 10, 20)
    animator = Animator()
    animator.animate(sprite, 1.0, easing=linear, x=110, y=220)
    animator.tick(0.5)
    assert sprite.pos == (60.0, 120.0)
    animator.animate(sprite, 0.2, pos=(0.0, 0.0))
    animator.tick(0.2)
    assert sprite.pos == (0.0, 0.0)


def test_rect_includes_lift_and_hit_test_prefers_top_z():
    size = (80, 112)
    low = CardSprite(1, 0, 0, z=1)
    high = CardSprite(2, 40, 0, z=5)
    assert sprite_at([high, low], (50, 10), size) is high
    assert sprite_at([high, low], (10, 10), size) is low
    assert sprite_at([high, low], (500, 10), size) is None
    high.lift = 20
    assert high.rect(size).top == -20
    high.visible = False
    assert sprite_at([high, low], (50, 10), size) is low


def test_draw_sorted_by_z():
    r = CardRenderer(44, 62)
    surface = pygame.Surface((100, 100))
    back_on_top = [CardSprite(None, 0, 0, face_up=False, z=2), CardSprite(0, 0, 0, z=1)]
    draw_sprites(surface, back_on_top, r)
    top_pixel = surface.get_at((22, 31))
    surface2 = pygame.Surface((100, 100))
    draw_sprites(surface2, [CardSprite(0, 0, 0, z=3), back_on_top[0]], r)
    assert surface2.get_at((22, 31)) != top_pixel
    assert top_pixel == r.back().get_at((22, 31))


def test_rotated_and_faded_sprites_draw():
    r = CardRenderer(44, 62)
    surface = pygame.Surface((120, 120))
    CardSprite(0, 30, 30, angle=90, alpha=128).draw(surface, r)
    assert surface.get_at((60, 60)) != pygame.Color(0, 0, 0)
    assert r.face(0).get_alpha() in (None, 255)  # shared image not left faded


def test_sprite_set():
    sprites = SpriteSet()
    a = sprites.ensure(7, 1, 2)
    assert sprites.ensure(7) is a and len(sprites) == 1 and 7 in sprites
    sprites.add(1000, CardSprite(None, 0, 0, face_up=False, z=9))
    assert sprites.top_at((5, 5), (44, 62)).card is None
    assert sprites.remove(7) is a and sprites.get(7) is None
