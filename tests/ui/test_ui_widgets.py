"""Buttons, toasts, badges, text, theme and the sound layer."""

import pygame
import pytest

from canasta.ui import audio
from canasta.ui.audio import Sound
from canasta.ui.theme import BLUE, GREEN, THEMES, felt_surface, paint_felt
from canasta.ui.tween import Animator
from canasta.ui.widgets import Badge, Button, Toast, fit_text_size, get_font, render_text


def test_button_hit_hover_and_click():
    clicks: list[int] = []
    button = Button((10, 10, 100, 40), "OK", lambda: clicks.append(1))
    assert button.hit((50, 30)) and not button.hit((5, 5))
    assert button.update_hover((50, 30)) and button.hover
    assert button.click() and clicks == [1]
    button.enabled = False
    assert not button.click() and clicks == [1]
    assert not button.update_hover((50, 30))
    surface = pygame.Surface((200, 100))
    button.draw(surface)
    assert surface.get_at((15, 30)) == pygame.Color(*GREEN.button_disabled)


def test_toast_fades_on_animator_clock():
    animator = Animator()
    toast = Toast(animator, duration=2.5, fade=0.5)
    toast.show("Need 50 points to meld")
    assert toast.visible and toast.alpha == 255
    animator.tick(2.0)
    assert toast.alpha == 255  # holds until the fade starts
    animator.tick(0.25)
    assert 100 < toast.alpha < 155
    animator.tick(0.25)
    assert not toast.visible and toast.text == ""
    toast.show("again", duration=1.0)
    toast.hide()
    assert not toast.visible and not animator.busy


def test_toast_draws_when_visible():
    animator = Animator()
    toast = Toast(animator)
    surface = pygame.Surface((400, 100))
    toast.draw(surface, surface.get_rect())
    assert surface.get_at((200, 50)) == pygame.Color(0, 0, 0)
    toast.show("Hello")
    toast.draw(surface, surface.get_rect())
    assert pygame.transform.average_color(surface) != (0, 0, 0, 255)


def test_badge_rect_and_draw():
    badge = Badge((200, 0, 0), (255, 255, 255), size=18)
    surface = pygame.Surface((100, 60))
    rect = badge.draw(surface, "23", (50, 30))
    assert rect.center == (50, 30) and rect.width >= rect.height
    assert surface.get_at((rect.left + 3, rect.centery)) == pygame.Color(200, 0, 0)
    assert badge.rect_for("123", (0, 0)).width > badge.rect_for("1", (0, 0)).width


def test_text_cache_and_fit():
    assert get_font(20) is get_font(20)
    assert render_text("abc", 20, (1, 2, 3)) is render_text("abc", 20, (1, 2, 3))
    size = fit_text_size("New game", 80, 30)
    assert get_font(size).size("New game")[0] <= 80


def test_themes_and_felt_cached_per_size():
    assert THEMES["green"] is GREEN and THEMES["blue"] is BLUE and len(THEMES) == 18
    a = felt_surface((320, 200), GREEN)
    assert a.get_size() == (320, 200) and felt_surface((320, 200), GREEN) is a
    centre, corner = a.get_at((160, 90)), a.get_at((0, 0))
    assert sum(centre[:3]) > sum(corner[:3])  # darker toward the edge
    surface = pygame.Surface((320, 200))
    paint_felt(surface, BLUE)
    assert surface.get_at((160, 90))[2] > surface.get_at((160, 90))[0]


def test_sound_without_device_is_silent(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(audio.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(audio.pygame.mixer, "init", no_device)
    sound = Sound()
    assert not sound.available and not sound.active
    assert "no audio device" in (sound.error or "")
    assert sound.play("click") is False


def test_sound_disabled_and_unknown_names():
    off = Sound(enabled=False)
    assert off.play("click") is False and not off.available
    on = Sound()
    assert on.play("no-such-effect") is False
    if on.available and "click" in on.sounds:
        assert on.play("click") is True
    on.set_volume(2.0)
    assert on.volume == pytest.approx(1.0)


def test_a_long_line_wraps_at_a_readable_size_where_there_is_room():
    from canasta.ui.paragraphs import fit_lines, text_height

    hint = (
        "Hint: Discard A\u2663: from what they probably hold, this works out best "
        "(about 60 points more for your side than the usual play)."
    )
    width = 323  # the message strip of a 4-player table at 1280x800, less its margins
    assert fit_text_size(hint, width, 30) < 15  # on one line it would shrink below 15 px
    size, lines = fit_lines(hint, width, 61, 15, 12)
    assert size == 15 and 2 <= len(lines) <= 3
    assert " ".join(lines) == hint
    assert all(get_font(15).size(line)[0] <= width for line in lines)
    assert text_height(15, len(lines)) == 15 + 19 * (len(lines) - 1) <= 61
    # No room for two lines: the smallest size, and the caller keeps one line.
    size, lines = fit_lines(hint, width, 20, 15, 12)
    assert size == 12 and text_height(12, len(lines)) > 20
