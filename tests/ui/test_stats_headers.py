"""The Stats table's column headers are drawn at one size per header row in every
language (in Spanish "2 jugadores, completa" was small and "2
jugadores, rápida" large)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta import i18n
from canasta.persistence.stats import KINDS, Stats
from canasta.scenes import stats as stats_scene
from canasta.scenes.stats import KIND_TITLES, StatsScene, stat_rows
from canasta.ui.text import MIN_TEXT_PX, blit_text, get_font, report_text


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request) -> Iterator[str]:
    assert i18n.set_language(request.param) == request.param
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (600, 960)])
def test_every_header_of_the_stats_table_has_one_size(language: str, size) -> None:
    pygame.display.set_mode(size)
    surface = pygame.display.get_surface()
    scene = StatsScene(Stats, lambda: None, lambda: None)
    scene.resize(size)
    with report_text() as report:
        scene.draw(surface)
    assert report.misfits == []
    titles = [i18n._(KIND_TITLES[kind]) for kind in KINDS]
    words = {word for title in titles for word in title.split()}
    header = [(text, rect.height) for text, rect, _target, _clip in report.drawn
              if text.split() and set(text.split()) <= words]  # fmt: skip
    # Every header's words are drawn, and all of them at one height (one font size).
    drawn = " ".join(text for text, _h in header).split()
    assert sorted(drawn) == sorted(" ".join(titles).split()), (header, titles)
    assert len({h for _text, h in header}) == 1, header
    assert header[0][1] >= get_font(MIN_TEXT_PX, True).get_linesize()
    # Above the first row's band (half a row above its label's middle): a two-line header
    # ran into "Games played" at 800 x 600.
    labels = [label for label, _figure in stat_rows(Stats().line(KINDS[0]))]
    centres = [rect.centery for text, rect, _target, _clip in report.drawn
               if text in labels[:2]]  # fmt: skip
    assert len(centres) == 2
    band_top = centres[0] - (centres[1] - centres[0]) / 2
    lowest = max(rect.bottom for text, rect, _target, _clip in report.drawn
                 if text.split() and set(text.split()) <= words)  # fmt: skip
    assert lowest <= band_top, (lowest, band_top)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (480, 340)])
def test_the_row_labels_and_the_figures_are_one_size(language: str, size, monkeypatch) -> None:
    """The figures were drawn smaller than their rows' labels (at 1280 x 800, 19 px
    figures beside 24 px labels; now 24 px both): the table now has one font size for both."""
    pygame.display.set_mode(size)
    surface = pygame.display.get_surface()
    stats = Stats()
    stats.record_game("2p-quick", "c", True, 1850, "Classic")
    scene = StatsScene(lambda: stats, lambda: None, lambda: None)
    scene.resize(size)
    sizes: dict[str, set[int]] = {}

    def recording(target, text, px, *args, **kwargs):
        sizes.setdefault(text, set()).add(px)
        return blit_text(target, text, px, *args, **kwargs)

    monkeypatch.setattr(stats_scene, "blit_text", recording)
    with report_text() as report:
        scene.draw(surface)
    # At 480 x 340 the rows are 9 px high: the longest labels fit no way (as before).
    assert report.misfits == [] or size == (480, 340)
    rows = [stat_rows(stats.line(kind, scene.preset)) for kind in KINDS]
    figures = {figure for column in rows for _label, figure in column}
    assert i18n.number(1850) in figures and "0" in figures
    labels = [label for label, _figure in rows[0]]
    drawn = [text for text in sizes if any(text in label for label in labels)]
    assert len(drawn) >= len(labels)  # every label, whole or in lines
    table = set().union(*(sizes[text] for text in [*drawn, *figures]))
    assert len(table) == 1, {text: sizes[text] for text in [*drawn, *figures]}
    assert table.pop() >= MIN_TEXT_PX
