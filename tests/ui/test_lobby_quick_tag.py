"""A one-hand table is marked in the lobby's list: a "One hand" tag in the accent colour
(the list said it only in a few words at the end of the line, cut off in a narrow
window), at the start of a wide row and at the right of a narrow row's host line."""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n
from canasta.scenes.base import SceneManager
from canasta.scenes.lobby import LobbyScene
from canasta.ui.text import report_text
from canasta.ui.theme import default_theme
from tests.ui.test_lobby import FakeLink, chair, table


def lobby(size: tuple[int, int]) -> tuple[LobbyScene, FakeLink]:
    """The lobby listing a one-hand 2-player table, a whole 2-player game and a one-hand
    4-player table (its chairs give it the narrow row)."""
    quick = table(2, c0=chair("Ann", 0))
    quick.quick = True
    whole = table(2, c0=chair("Bob", 0))
    whole.id = "cd34"
    four = table(4, c0=chair("Cy", 0))
    four.quick, four.id = True, "ef56"
    link = FakeLink(tables=[quick, whole, four])
    manager = SceneManager(size)
    scene = LobbyScene(lambda a, n: link, lambda: None, lambda s: None, address="ws://x",
                       name="Me", link=link)  # fmt: skip
    manager.push(scene)
    return scene, link


@pytest.mark.parametrize("size", [(1280, 800), (600, 900)])
def test_each_one_hand_table_carries_the_tag_on_its_row(size) -> None:
    scene, _link = lobby(size)
    surface = pygame.Surface(size)
    with report_text() as report:
        scene.draw(surface)
    assert report.misfits == []
    tags = [rect for text, rect, *_ in report.drawn if text == "One hand"]
    rows = [rect for rect, _table in scene.rows]
    assert len(rows) == 3 and len(tags) == 2
    assert rows[0].contains(tags[0]) and rows[2].contains(tags[1])  # not the whole game's
    accent = default_theme().accent
    for tag in tags:
        assert surface.get_at((tag.x - 2, tag.centery))[:3] == accent  # on its accent pill
    words = [text for text, *_ in report.drawn]
    assert not any("one hand" in text for text in words)  # the tag says it, once
    assert any(text.endswith("game to 5,000") for text in words)
    host = next(rect for text, rect, *_ in report.drawn if text.startswith("Cy"))
    assert host.right < tags[1].left  # the narrow row: the tag right of the host's name


def test_the_tag_is_translated() -> None:
    try:
        i18n.set_language("de")
        scene, _link = lobby((1280, 800))
        with report_text() as report:
            scene.draw(pygame.Surface((1280, 800)))
        assert [text for text, *_ in report.drawn].count("Eine Runde") == 2
    finally:
        i18n.set_language("en")
