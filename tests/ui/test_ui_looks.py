"""Card looks and themes: every back and theme distinct, palettes readable, options checked."""

import pygame
import pytest

from canasta.engine.cards import CARD_CODE, cards_with_code
from canasta.ui.card_images import CardOptions, CardRenderer, card_size_for_width
from canasta.ui.colors import contrast_ratio
from canasta.ui.decks import CARD_STYLES, DECKS, LARGE_INDEX_ASPECT, PALETTES
from canasta.ui.sprites import CardSprite
from canasta.ui.theme import THEMES, felt_surface
from canasta.ui.tween import Animator
from canasta.ui.widgets import Badge, Button


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_32_deck_backs_are_distinct_images_in_both_shapes():
    assert len(DECKS) == 32
    for large in (False, True):
        size = card_size_for_width(60, large)
        images = {pixels(CardRenderer(*size, deck=name, large_index=large).back())
                  for name in DECKS}  # fmt: skip
        assert len(images) == 32


def test_18_themes_are_distinct_images():
    assert len(THEMES) == 18
    images = set()
    for theme in THEMES.values():
        swatch = felt_surface((160, 100), theme).copy()
        Button((10, 60, 80, 30), "Menu", lambda: None, theme=theme).draw(swatch)
        Badge(theme.badge_bg, theme.badge_text, 14).draw(swatch, "12", (130, 20))
        images.add(pixels(swatch))
    assert len(images) == 18


@pytest.mark.parametrize("name", list(THEMES))
def test_theme_contrast(name):
    t = THEMES[name]
    for felt in (t.felt, t.felt_edge):
        assert contrast_ratio(t.text, felt) >= 4.5, (name, felt)
    assert contrast_ratio(t.text_dim, t.felt) >= 3.0
    assert contrast_ratio(t.accent, t.felt) >= 3.0
    assert contrast_ratio(t.button_text, t.button) >= 4.5
    assert contrast_ratio(t.badge_text, t.badge_bg) >= 4.5
    assert t.deck in DECKS


def test_high_visibility_palette_meets_wcag_aa_and_four_colour_palettes_differ():
    hv = PALETTES["high_visibility"]
    for suit in "SHDC":
        assert contrast_ratio(hv.suits[suit], hv.face) >= 4.5, suit
    assert set(PALETTES) == {"standard", "four_colour", "tournament", "heirloom",
                             "high_visibility"}  # fmt: skip
    for palette in PALETTES.values():
        if palette.four_colour:
            assert len(set(palette.suits.values())) == 4, palette.name
    assert len(set(PALETTES["standard"].suits.values())) == 2


def test_palette_colours_reach_the_rendered_face():
    diamond = cards_with_code("AD")[0]
    blue = PALETTES["four_colour"].suits["D"]
    face = CardRenderer(80, 112, palette="four_colour").face(diamond)
    assert any(face.get_at((40, y))[:3] == blue for y in range(40, 72))
    standard = CardRenderer(80, 112).face(diamond)
    assert not any(standard.get_at((40, y))[:3] == blue for y in range(40, 72))


@pytest.mark.parametrize("style", list(CARD_STYLES))
def test_every_style_renders_54_distinct_faces_at_hand_size(style):
    for large in (False, True):
        r = CardRenderer(*card_size_for_width(56, large), style=style, large_index=large)
        images = {pixels(r.face(card)) for card in range(108)}
        assert len(images) == 54, (style, large)


def test_large_index_cards_are_thinner_and_options_are_checked():
    assert 1.5 < LARGE_INDEX_ASPECT < 1.6
    w, h = card_size_for_width(60, large_index=True)
    assert h / w == pytest.approx(LARGE_INDEX_ASPECT, abs=0.02)
    with pytest.raises(ValueError, match="unknown deck 'nope'"):
        CardOptions(deck="nope")
    with pytest.raises(ValueError, match="card style"):
        CardRenderer(60, 84, style="baroque")
    assert len(CARD_STYLES) == 3


def test_flip_shows_the_old_side_then_narrows_and_lands_on_the_new_side():
    surface = pygame.Surface((200, 200), pygame.SRCALPHA)
    r = CardRenderer(60, 84)
    sprite = CardSprite(cards_with_code("KH")[0], 50, 50, face_up=False)
    animator = Animator()
    sprite.flip(animator, True, 0.3)
    assert sprite.face_up and sprite.turn == 0.0
    animator.tick(0.15)
    assert 0.3 < sprite.turn < 0.7  # edge-on around the middle
    surface.fill((0, 0, 0, 0))
    sprite.draw(surface, r)
    drawn = surface.get_bounding_rect()
    assert drawn.width < 20 and drawn.height == 84
    animator.tick(0.2)
    assert sprite.turn == 1.0 and not animator.busy
    surface.fill((0, 0, 0, 0))
    sprite.draw(surface, r)
    assert surface.get_bounding_rect().width == 60


def test_sound_effects_are_assets_and_every_name_loads():
    from canasta.ui.assets import asset_path
    from canasta.ui.audio import EFFECTS, Sound

    for name in EFFECTS:
        assert asset_path("sounds", f"{name}.wav").stat().st_size > 400, name
    sound = Sound()
    if sound.available:  # the dummy audio driver opens a mixer
        assert sorted(sound.sounds) == sorted(EFFECTS)
        assert 0.005 < sound.sounds["click"].get_length() < sound.sounds["won"].get_length() < 2


def test_completed_canasta_is_squared_with_the_colour_of_its_kind_on_top():
    from canasta.engine.cards import is_red
    from canasta.scenes.table.targets import _squared_canasta, _squared_spots

    natural = [cards_with_code(c)[0] for c in ("7S", "7C", "7H", "7S", "7C", "7D", "7S")]
    assert is_red(_squared_canasta(natural, natural=True)[-1])
    mixed = [cards_with_code(c)[0] for c in ("7H", "7D", "7H", "7D", "7C", "2S", "JK")]
    top = _squared_canasta(mixed, natural=False)[-1]
    assert CARD_CODE[top] == "7C"  # the rank shows: a black seven, not the black two
    assert sorted(_squared_canasta(mixed, natural=False)) == sorted(mixed)
    red_only = [cards_with_code(c)[0] for c in ("8H", "8D", "8H", "8D", "2C", "2S", "JK")]
    assert CARD_CODE[_squared_canasta(red_only, natural=False)[-1]] in ("8H", "8D")
    spots = _squared_spots((100, 50), 9)
    assert spots[-1] == (100, 50) and spots[0] == (102, 52) and len(set(spots)) == 3


def test_every_design_title_is_in_the_catalogue_list() -> None:
    """The designs' titles come from the asset files: each must be listed in LOOK_WORDS
    (marked for the catalogue), or it would show in English in every language."""
    from canasta import i18n
    from canasta.ui.looks import LOOK_WORDS, label, look_choices

    titles = {label(name) for names in look_choices().values() for name in names}
    assert titles <= set(LOOK_WORDS)
    assert len(titles) == 58
    i18n.set_language("it")
    try:
        assert label("green") != "Green" and label("green") == i18n._("Green")
    finally:
        i18n.set_language("en")
