"""The Stats table's column headers are drawn at one size per header row in every
language (tester's item 12: in Spanish "2 jugadores, completa" was small and "2
jugadores, rápida" large)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta import i18n
from canasta.persistence.stats import KINDS, Stats
from canasta.scenes.stats import KIND_TITLES, StatsScene
from canasta.ui.text import MIN_TEXT_PX, get_font, report_text


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
