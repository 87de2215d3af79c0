"""Lists too long for the smallest window scroll rather than shrink below 12 px."""

from __future__ import annotations

from pathlib import Path

import pygame

from canasta import i18n
from canasta.persistence.records import RecordSummary
from canasta.persistence.stats import Stats
from canasta.scenes.stats import StatsScene
from canasta.ui.input import Key, Wheel
from canasta.ui.text import report_text
from canasta.window_limits import SMALLEST_WINDOW
from tests.ui.test_i18n_layout import problems


def test_ten_games_read_in_two_lines_each_and_scroll_in_german_at_480x340() -> None:
    assert i18n.set_language("de") == "de"
    try:
        pygame.display.set_mode(SMALLEST_WINDOW)
        surface = pygame.display.get_surface()
        games = [RecordSummary(Path(f"g{i}.json"), f"2026-12-0{i % 9 + 1}T13:30:00", 4, 3,
                               (5100 + i, 3000), True, preset="Classic")
                 for i in range(10)]  # fmt: skip
        scene = StatsScene(Stats, lambda: None, lambda: None, recent=lambda: games,
                           show_games=True)  # fmt: skip
        scene.resize(SMALLEST_WINDOW)
        lister = scene.games
        assert lister is not None and lister.stacked
        assert problems(surface, lambda: scene.draw(surface)) == []

        def shown() -> list[str]:
            with report_text() as report:
                scene.draw(surface)
            return [text for text, rect, _t, clip in report.drawn if rect.colliderect(clip)]

        assert "Gewonnen, 5.100 zu 3.000" in shown()
        assert "Gewonnen, 5.109 zu 3.000" not in shown()  # the tenth game, below the panel
        assert lister.max_scroll > 0
        for _step in range(20):
            scene.handle(Key(pygame.K_DOWN))
        assert lister.scroll == lister.max_scroll
        assert "Gewonnen, 5.109 zu 3.000" in shown()
        assert problems(surface, lambda: scene.draw(surface)) == []
        button, _rect = lister.buttons[9]
        assert lister.view.contains(button.rect)
        scene.handle(Wheel((10, 10), 20))
        assert lister.scroll == 0
        assert not lister.view.colliderect(lister.buttons[9][0].rect)
    finally:
        i18n.set_language("en")


def test_the_table_s_keys_scroll_to_their_last_row_in_german_at_480x340() -> None:
    from canasta.scenes.table.keys import key_help
    from tests.ui.test_i18n_layout import TWO, settled

    assert i18n.set_language("de") == "de"
    try:
        pygame.display.set_mode(SMALLEST_WINDOW)
        surface = pygame.display.get_surface()
        scene = settled(TWO, SMALLEST_WINDOW)
        scene.help.toggle()
        help_ = scene.help
        assert problems(surface, lambda: help_.draw(surface)) == []
        last = key_help()[-1][0]

        def shown() -> list[str]:
            with report_text() as report:
                help_.draw(surface)
            return [text for text, rect, _t, clip in report.drawn if rect.colliderect(clip)]

        assert help_.max_scroll > 0 and last not in shown()
        for _step in range(60):
            assert help_.handle(Key(pygame.K_DOWN))
        assert help_.scroll == help_.max_scroll and last in shown()
        assert problems(surface, lambda: help_.draw(surface)) == []
        help_.handle(Wheel((10, 10), 60))
        assert help_.scroll == 0 and help_.open
        help_.toggle()
        help_.toggle()
        assert help_.scroll == 0
    finally:
        i18n.set_language("en")
