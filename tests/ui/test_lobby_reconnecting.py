"""While the lobby's connection is lost and tried again, the list of tables it shows is
the last one heard: drawn dimmed, and neither a row nor a chair of it can be clicked (its
tables may be gone) until the connection is back."""

from __future__ import annotations

import pygame

from canasta.ui.input import Click
from tests.ui.test_lobby import FakeLink, chair, make, table


def test_the_old_list_is_dimmed_and_not_clickable_while_reconnecting() -> None:
    link = FakeLink(tables=[table(4, c0=chair("Ann", 0))])
    manager, scene, *_ = make(link)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    row = scene.rows[0][0]
    seat = next(rect for rect, _table, number in scene.seats if number == 2)
    probe = (row.x + 4, row.centery)
    bright = surface.get_at(probe)[:3]

    link.connected, link.lost = False, True  # the connection went: "Reconnecting…"
    scene.update(1 / 30)
    scene.draw(surface)
    assert (scene.rows, scene.seats) == ([], [])
    dimmed = surface.get_at(probe)[:3]
    assert sum(dimmed) < sum(bright) * 0.7, (bright, dimmed)
    assert not manager.dispatch(Click(seat.center))
    assert not manager.dispatch(Click(probe))
    assert link.asked() == []

    link.connected, link.lost = True, False  # back: the list can be used again
    scene.update(1 / 30)
    scene.draw(surface)
    assert surface.get_at(probe)[:3] == bright
    assert manager.dispatch(Click(seat.center))
    assert link.asked() == [("join", "ab12", 2)]


def test_a_click_before_the_next_frame_is_not_taken_either() -> None:
    """The rows laid out by the last frame drawn while connected are not clicked once the
    connection has gone, even before a frame is drawn without it."""
    link = FakeLink(tables=[table(2, c0=chair("Ann", 0))])
    manager, scene, *_ = make(link)
    scene.draw(pygame.Surface((1280, 800)))
    row = scene.rows[0][0]
    link.connected = False
    assert not manager.dispatch(Click((row.x + 4, row.centery)))
    assert link.asked() == []
