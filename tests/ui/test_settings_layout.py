"""The settings screens read at every window shape (the new-player test, items 4, 9, 10):
in portrait the rows stack their choices under the label and scroll, nothing overlaps,
no choice's words shrink alone, and a stepper's place reads "2 / 5"."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import canasta.scenes.settings as settings_module
import canasta.scenes.settings_choices as choices_module
from canasta.app import App
from canasta.persistence.setting_rows import describe_rule
from canasta.scenes.settings import SettingsScene
from canasta.ui.input import Wheel, post_key
from tests.ui.test_table_plays_a_hand import pump


def open_settings(size: tuple[int, int], rules: bool = False) -> tuple[App, SettingsScene]:
    pygame.init()
    pygame.display.set_mode(size)
    app = App(size)
    app.settings()
    if rules:
        app.rule_options()
    pump(app)
    scene = app.manager.top
    assert isinstance(scene, SettingsScene)
    return app, scene


def drawn(monkeypatch: pytest.MonkeyPatch, app: App) -> list[tuple[str, int, pygame.Rect]]:
    """Every text the settings screen draws now (its rows, and their choices): its words,
    size (px) and place."""
    out: list[tuple[str, int, pygame.Rect]] = []
    real = settings_module.blit_text

    def spy(surface: pygame.Surface, text: str, size: int, *a: Any, **k: Any) -> pygame.Rect:
        rect = real(surface, text, size, *a, **k)
        out.append((text, size, rect))
        return rect

    monkeypatch.setattr(settings_module, "blit_text", spy)
    monkeypatch.setattr(choices_module, "blit_text", spy)
    app.manager.draw(pygame.display.get_surface())
    return out


def shapes(scene: SettingsScene) -> list[pygame.Rect]:
    return [*scene.pills.values(), *scene.arrows.values(), *scene.steppers.values()]


@pytest.mark.parametrize("size", [(440, 704), (600, 960), (1280, 800), (960, 600)])
def test_nothing_overlaps_and_every_choice_reads(monkeypatch, size) -> None:
    app, scene = open_settings(size)
    buttons = [scene.back_button.rect] + ([scene.more_button.rect] if scene.more_button else [])
    assert not buttons[0].colliderect(buttons[-1]) or len(buttons) == 1
    rects = shapes(scene)
    for i, a in enumerate(rects):
        assert a.height >= (30 if scene.narrow else 24), a
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), a
    for button in buttons:  # the list scrolls above the footer
        assert not any(r.colliderect(button) for r in rects if r.colliderect(scene.view))
        assert not button.colliderect(scene.view)
    texts = drawn(monkeypatch, app)
    words = {w for option in scene.options for _, w in option.choices}
    assert min((s, t) for t, s, _ in texts) >= (12, "")
    assert min(s for t, s, _ in texts if t in words) >= 14
    app.close()


def test_portrait_rows_scroll_with_the_keyboard_and_the_wheel() -> None:
    app, scene = open_settings((440, 704))
    assert scene.narrow and scene.max_scroll > 0
    post_key(pygame.K_UP)  # from the first row round to the last
    pump(app)
    assert scene.focus == len(scene.options) - 1
    row = scene.rows[scene.focus]
    assert scene.view.top <= row.top and row.bottom <= scene.view.bottom
    assert scene.scroll > 0
    scene.handle(Wheel((220, 300), 100))  # all the way up
    assert scene.scroll == 0 and scene.rows[0].top >= scene.view.top
    app.close()


def test_a_rows_choices_share_one_size_and_the_stepper_shows_its_place(monkeypatch) -> None:
    app, scene = open_settings((1280, 800))
    texts = drawn(monkeypatch, app)
    sizes = {t: s for t, s, _ in texts}
    assert sizes["Modern"] == sizes["Classic"] == sizes["Canasta Jumbo"] >= 15
    assert sizes["Easy"] == sizes["Medium"] == sizes["Hard"]
    assert "1 / 5" in sizes  # the Rules stepper: Classic is the first of five presets
    app.close()


def test_rule_option_labels_share_one_size_and_choices_start_with_a_capital(monkeypatch) -> None:
    app, scene = open_settings((1280, 800), rules=True)
    texts = drawn(monkeypatch, app)
    labels = {s for t, s, _ in texts if t in {o.label for o in scene.options}}
    assert len(labels) == 1
    words = [w for _, w in describe_rule("empty_stock").choices]
    assert words == ["Play on", "Take or end", "Forced take", "Hand ends"]
    app.close()


def test_a_rules_preset_says_which_other_rows_it_set(monkeypatch) -> None:
    app, scene = open_settings((1280, 800))
    assert app.session.settings.players == 2
    scene.choose("rules_preset", "Book rules")
    assert app.session.settings.players == 4
    assert scene.also is not None and scene.also.startswith("Book rules also set Players: 4")
    texts = [t for t, _, _ in drawn(monkeypatch, app)]
    assert scene.also in texts
    post_key(pygame.K_DOWN)  # the focus moves on: the row's own hint again
    pump(app)
    assert scene.also is None
    app.close()


def test_draw_two_partnership_shows_draw_two_on_its_one_row(monkeypatch) -> None:
    """This preset draws two with four players: the one Draw two row reads On, and it
    applies (no greyed note), since it is the draw-two rule for two players and four."""
    app, scene = open_settings((1280, 800))
    scene.choose("rules_preset", "Draw-two partnership")
    settings = app.session.settings
    assert settings.players == 4 and settings.rule_set().draw_two_4p
    assert settings.shown_value("draw_two") is True
    assert scene.also is not None and "Draw two cards: On" in scene.also
    row = next(o for o in scene.options if o.field == "draw_two")
    assert scene.reason(row) is None
    texts = [t for t, _, _ in drawn(monkeypatch, app)]
    assert "Draw two cards" in texts
    # the chosen pill is On: its ring is drawn in the button text colour
    on = scene.pills[("draw_two", True)]
    surface = pygame.display.get_surface()
    assert surface.get_at((on.centerx, on.y))[:3] == scene.theme.button_text
    assert surface.get_at((scene.pills[("draw_two", False)].centerx, on.y))[:3] != (
        scene.theme.button_text)  # fmt: skip
    off = scene.pills[("draw_two", False)]
    fill_on = surface.get_at((on.x + on.height // 2, on.y + 5))[:3]
    fill_off = surface.get_at((off.x + off.height // 2, off.y + 5))[:3]
    assert fill_on != fill_off and fill_off != scene.theme.button_disabled  # a row in use
    scene.choose("rules_preset", "Classic")  # four players, Classic: Draw two Off
    assert app.session.settings.shown_value("draw_two") is False
    app.close()


@pytest.mark.parametrize("code", ["en", "de", "es", "fr", "it", "pt_BR"])
def test_at_800_by_600_the_choices_read_in_12_px_lines(code: str) -> None:
    """In two columns of an 800 x 600 window the choices' words fell to 9 px lines and
    ran into their counts ("Celosía carmesí1/32"): narrower than TWO_COLUMNS_PX the rows
    take one column, every word in a choice is drawn at least 12 px high, and none lies
    over another."""
    from canasta import i18n
    from canasta.ui.text import report_text

    assert i18n.set_language(code) == code
    try:
        for rules in (False, True):
            app, scene = open_settings((800, 600), rules)
            assert settings_module.TWO_COLUMNS_PX > 800
            with report_text() as report:
                scene.draw(pygame.display.get_surface())
            boxes = shapes(scene)
            words = [(text, rect) for text, rect, _target, _clip in report.drawn
                     if any(box.contains(rect) for box in boxes)]  # fmt: skip
            assert len(words) > 10
            assert [(t, r.height) for t, r in words if r.height < 12] == []
            for i, (text, rect) in enumerate(words):
                assert not any(rect.colliderect(other) for _t, other in words[i + 1 :]), text
            app.close()
    finally:
        i18n.set_language("en")
