"""A file's notice at the table lies in the message strip, where it hides no card (not the
opponent's hand at the start of a hand), at 1280 x 800 and 800 x 600, with two players and
four; a long notice shows a page at a time there."""

from __future__ import annotations

import pygame
import pytest

from canasta.app import App
from canasta.ui.banner import PAGE_SECONDS, Banner

NOTICES = [
    "Could not save the settings: no permission to write in the folder "
    "/tmp/t5ro/home/.config/canasta. The change holds while the game runs; nothing is saved "
    "until the folder can be written (it is tried again at each change).",
    "Could not save the game: no permission to write in the folder "
    "/tmp/t5ro/home/.local/share/canasta. Play goes on; saving is tried again at every turn.",
]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
@pytest.mark.parametrize("players", [2, 4])
def test_the_notice_at_the_table_hides_no_card(size, players) -> None:
    pygame.init()
    screen = pygame.display.set_mode(size)
    app = App(size, seed=3)
    try:
        app.new_game(players)
        app.manager.banner.show(NOTICES)
        app.manager.update(0.0)
        app.manager.draw(screen)
        banner = app.manager.banner.rect
        table = app.table
        assert table is not None and table.layout is not None
        layout = table.layout
        assert banner.width > 200 and banner.height >= 40
        assert layout.message.contains(banner), (banner, layout.message)
        for name, rect in layout.named_rects().items():
            if name != "message" and not name.endswith("button"):
                assert not banner.colliderect(rect), (name, rect, banner)
        for button in table.buttons():  # Menu, Hint... stay in sight and clickable
            assert not banner.colliderect(button.rect), (button.rect, banner)
    finally:
        app.close()


def test_a_long_notice_in_a_small_place_shows_a_page_at_a_time(screen) -> None:
    banner = Banner()
    banner.show(NOTICES)
    room = pygame.Rect(380, 213, 260, 70)
    banner.draw(screen, room=room)
    assert banner.rect == room
    whole = banner.left
    assert whole > 2 * PAGE_SECONDS  # time for every page, more than one page
    first = screen.subsurface(room).copy()
    banner.update(PAGE_SECONDS + 8.0)  # past the first page's reading time
    banner.draw(screen, room=room)
    assert banner.visible
    second = screen.subsurface(room).copy()
    assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(second, "RGB")
    banner.update(whole)
    assert not banner.visible
