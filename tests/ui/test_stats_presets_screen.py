"""The Stats screen shows one rules preset at a time (or all together), chosen with a
chooser under the title as in Settings; it opens on the preset of the latest game."""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n
from canasta.persistence.stats import Stats
from canasta.scenes.stats import ALL_PRESETS, StatsScene
from canasta.ui.input import Click, Key
from canasta.ui.text import report_text

SIZES = [(1280, 800), (800, 600), (600, 900)]


def played() -> Stats:
    """Two Classic games (one won) and a won Book rules game, Classic played last."""
    stats = Stats()
    stats.record_game("2p-full", "g1", True, 5120, "Classic")
    stats.record_game("4p-full", "g2", True, 5400, "Book rules")
    stats.record_game("2p-full", "g3", False, 2500, "Classic")
    return stats


def scene_at(stats: Stats, size: tuple[int, int], **kw) -> StatsScene:
    pygame.display.set_mode(size)
    scene = StatsScene(lambda: stats, lambda: None, lambda: None, recent=lambda: [], **kw)
    scene.resize(size)
    return scene


def drawn_texts(scene: StatsScene) -> list[str]:
    with report_text() as report:
        scene.draw(pygame.display.get_surface())
    assert report.misfits == []
    return [text for text, _rect, _target, _clip in report.drawn]


def cells(scene: StatsScene, label: str) -> list[str]:
    """The four figures drawn on the row ``label`` (left to right)."""
    with report_text() as report:
        scene.draw(pygame.display.get_surface())
    [row] = [rect for text, rect, _t, _c in report.drawn if text == label]
    figures = [
        (rect.centerx, text)
        for text, rect, _t, _c in report.drawn
        if abs(rect.centery - row.centery) <= row.height and rect.left > row.right
    ]
    return [text for _x, text in sorted(figures)]


def test_it_opens_on_the_latest_games_preset_and_shows_its_figures() -> None:
    scene = scene_at(played(), (1280, 800))
    assert scene.preset == "Classic"
    texts = drawn_texts(scene)
    assert "Classic" in texts and "2 / 6" in texts
    assert cells(scene, "Games played") == ["2", "0", "0", "0"]
    assert cells(scene, "Games won") == ["1", "0", "0", "0"]
    scene.handle(Key(pygame.K_RIGHT))
    assert scene.preset == "Book rules"
    assert cells(scene, "Games played") == ["0", "0", "1", "0"]
    assert cells(scene, "Highest winning score") == ["\u2014", "\u2014", "5,400", "\u2014"]


def test_all_presets_first_wrapping_round_and_the_arrows_click() -> None:
    scene = scene_at(played(), (1280, 800), preset=ALL_PRESETS)
    assert "All presets" in drawn_texts(scene)
    assert cells(scene, "Games played") == ["2", "0", "1", "0"]
    scene.handle(Key(pygame.K_LEFT))  # from the first choice round to the last
    assert scene.preset == "Play-off on ties"
    back, on = scene.arrows
    assert scene.handle(Click(on.center))
    assert scene.preset == ALL_PRESETS
    assert scene.handle(Click(on.center)) and scene.handle(Click(back.center))
    assert scene.preset == ALL_PRESETS
    assert scene.handle(Click(scene.chooser.center))  # the choice itself steps on
    assert scene.preset == "Classic"


def test_a_stats_file_without_a_preset_opens_on_all_presets() -> None:
    stats = Stats()
    stats.lines["2p-full"].games_played = 9  # counted before presets were told apart
    scene = scene_at(stats, (1280, 800))
    assert scene.preset == ALL_PRESETS
    assert cells(scene, "Games played") == ["9", "0", "0", "0"]
    stats.latest_preset = "A preset of a newer version"
    assert scene_at(stats, (1280, 800)).preset == ALL_PRESETS


def test_the_recent_games_list_has_no_chooser() -> None:
    scene = scene_at(played(), (1280, 800))
    top = scene.panel.top
    scene.toggle_games()
    assert scene.panel.top < top  # the list takes the chooser's room
    assert not scene.handle(Key(pygame.K_RIGHT)) and scene.preset == "Classic"
    assert "2 / 6" not in drawn_texts(scene)
    scene.toggle_games()
    assert scene.panel.top == top


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_the_chooser_fits_in_every_language(size, language) -> None:
    i18n.set_language(language)
    try:
        scene = scene_at(played(), size, preset=ALL_PRESETS)
        for _ in range(6):
            texts = drawn_texts(scene)  # no word cut or overflowing (report.misfits)
            word = dict((v, w) for v, w in scene.presets.choices)[scene.preset]
            assert word in texts
            scene.step_preset(1)
        assert scene.chooser.bottom < scene.panel.top
        title_bottom = round(size[1] * 0.06) + max(28, size[1] // 15) // 2
        assert scene.chooser.top >= title_bottom
        assert i18n._("All presets") != "All presets" or language == "en"
    finally:
        i18n.set_language("en")
