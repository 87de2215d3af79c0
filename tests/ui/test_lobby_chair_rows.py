"""The chair map's rows are drawn at one font size, the chair's words and its state alike,
however long a name or a state is (a short row used to read larger than a long one)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from canasta.scenes import lobby_chairs
from canasta.ui.text import blit_text
from tests.ui.test_lobby import FakeLink, chair, make, table


def row_sizes(link: FakeLink, size: tuple[int, int], monkeypatch) -> dict[str, int]:
    """Every text of the chair rows (the words and the states), with its font size (px)."""
    manager, scene, *_ = make(link)
    manager.resize(size)
    drawn: dict[str, int] = {}

    def recording(target: pygame.Surface, text: str, px: int, *args: Any, **kw: Any) -> Any:
        if "midleft" in kw or "midright" in kw:  # the rows; the head and notes are centred
            drawn[text] = px
        return blit_text(target, text, px, *args, **kw)

    monkeypatch.setattr(lobby_chairs, "blit_text", recording)
    scene.draw(pygame.Surface(size))
    return drawn


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_every_chair_row_has_one_size(size: tuple[int, int], monkeypatch) -> None:
    ann = chair("Ann", 0, ready=True)
    long_name = chair("Maximiliana Rodríguez", 1)
    link = FakeLink(table=table(4, code="SP6BJ6", c0=ann, c1=long_name), chair=0)
    drawn = row_sizes(link, size, monkeypatch)
    assert set(drawn) == {
        "Chair 1 · Side 1 · Ann (you)", "ready · host",
        "Chair 2 · Side 2 · Maximiliana Rodríguez", "not ready",
        "Chair 3 · Side 1 · Computer", "Chair 4 · Side 2 · Computer",
        "free: click to sit here",
    }  # fmt: skip
    assert len(set(drawn.values())) == 1, drawn
    assert min(drawn.values()) >= 12
