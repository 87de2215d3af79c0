"""The home screen tells the saved game's rules by Continue, and the settings' rules as a
new game's ("Regeln: Regelbuch · 4 Spieler" under the title while
Continue resumed a Draw-two partnership game)."""

from __future__ import annotations

import pygame

from canasta.app import App
from canasta.engine.rules import PRESETS
from canasta.persistence.session import nearest_preset
from canasta.persistence.settings import Settings
from canasta.scenes.home import HomeScene


def test_continue_names_the_saved_games_rules_and_the_title_line_a_new_games() -> None:
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    session = app.session
    session.update_settings(**Settings.preset_changes("Draw-two partnership"))
    session.new_game(7)
    session.update_settings(**Settings.preset_changes("Book rules"))
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene) and "Continue game" in home.named
    assert (
        home.saved
        == "Draw-two partnership \u00b7 4 players, full \u00b7 hand 1 \u00b7 us 0, them 0"
    )
    assert home.subtitle == "New game: Book rules \u00b7 4 players"
    app.close()


def test_without_a_save_the_title_line_is_the_settings_rules() -> None:
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene) and "Continue game" not in home.named
    assert home.subtitle == "Classic rules \u00b7 2 players"
    app.close()


def test_the_nearest_preset_of_rules_changed_by_a_setting() -> None:
    classic = PRESETS["Classic"]
    assert nearest_preset(classic.with_options(players=4, quick_game=True)) == ("Classic", False)
    assert nearest_preset(PRESETS["Book rules"]) == ("Book rules", False)
    changed = PRESETS["Draw-two partnership"].with_options(wild_discard_allowed=True)
    assert changed != PRESETS["Draw-two partnership"]
    assert nearest_preset(changed) == ("Draw-two partnership", True)


def test_each_row_of_home_buttons_reads_at_one_size_in_every_language() -> None:
    """In French "Comment jouer" was smaller than "Réglages" and
    "Statistiques" beside it. Each row's labels now share one size."""
    import pygame

    from canasta import i18n
    from canasta.scenes.home import HomeScene

    pygame.display.set_mode((1280, 800))
    for language in ("en", "es", "pt_BR", "it", "de", "fr"):
        try:
            i18n.set_language(language)
            home = HomeScene(lambda n: None, lambda: None, on_continue=lambda: None,
                             on_online=lambda: None, on_settings=lambda: None,
                             on_how_to_play=lambda: None, on_stats=lambda: None,
                             on_sound=lambda: True, saved="Classic · 2 players")  # fmt: skip
            home.resize((1280, 800))
            rows: dict[int, list[int | None]] = {}
            for button in home.buttons:
                rows.setdefault(button.rect.y, []).append(button.text_px)
            small = [sizes for sizes in rows.values() if len(sizes) > 1]
            assert len(small) == 2, (language, rows)  # Settings/How to play/Stats; Sound/Quit
            for sizes in small:
                assert sizes[0] is not None and len(set(sizes)) == 1, (language, sizes)
        finally:
            i18n.set_language("en")
    assert home.saved_px == 20  # the saved game's line under Continue: bh 52 px * 2 / 5
