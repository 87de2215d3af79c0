"""Gesture recognition: click, long press, drag, keys; fake events."""

import pygame

from canasta.ui.input import (
    LONG_PRESS_S,
    Click,
    GestureRecognizer,
    Key,
    LongPress,
    Move,
    click_events,
    key_down,
    mouse_down,
    mouse_move,
    mouse_up,
    post_click,
)


def test_quick_press_is_click():
    g = GestureRecognizer()
    assert g.feed(mouse_down((100, 200))) == []
    assert g.update(0.1) == []
    assert g.feed(mouse_up((103, 202))) == [Click((100, 200), 1)]
    assert not g.pressing


def test_long_press_fires_once_while_held_then_no_click():
    g = GestureRecognizer()
    g.feed(mouse_down((50, 60)))
    assert g.update(0.3) == []
    assert g.update(0.2) == [LongPress((50, 60))]  # 0.5 s >= 0.45 s, still held
    assert g.update(1.0) == []  # only once
    assert g.feed(mouse_up((50, 60))) == []  # the release is not a click


def test_long_press_threshold_is_about_450ms():
    assert LONG_PRESS_S == 0.45
    g = GestureRecognizer()
    g.feed(mouse_down((0, 0)))
    assert g.update(0.44) == []
    assert g.update(0.01) == [LongPress((0, 0))]


def test_small_wobble_still_long_press_but_drag_cancels():
    g = GestureRecognizer()
    g.feed(mouse_down((10, 10)))
    assert g.feed(mouse_move((15, 14))) == [Move((15, 14))]  # 6.4 px: within slop
    assert g.update(0.5) == [LongPress((10, 10))]
    g.feed(mouse_up((15, 14)))

    g.feed(mouse_down((10, 10)))
    g.feed(mouse_move((30, 10)))  # 20 px: a drag
    assert g.update(1.0) == []
    g.feed(mouse_move((10, 10)))  # coming back does not revive the gesture
    assert g.feed(mouse_up((10, 10))) == []


def test_right_click_and_keys():
    g = GestureRecognizer()
    g.feed(mouse_down((5, 5), button=3))
    assert g.feed(mouse_up((5, 6), button=3)) == [Click((5, 6), 3)]
    assert g.feed(key_down(pygame.K_RETURN)) == [Key(pygame.K_RETURN, 0, "")]
    assert g.feed(key_down(pygame.K_a, unicode="a")) == [Key(pygame.K_a, 0, "a")]


def test_release_without_press_is_ignored():
    g = GestureRecognizer()
    assert g.feed(mouse_up((1, 1))) == []


def test_posted_click_round_trips_through_pygame_queue():
    pygame.event.clear()
    post_click((321, 123))
    g = GestureRecognizer()
    intents = []
    for event in pygame.event.get():
        intents.extend(g.feed(event))
    assert intents == [Click((321, 123), 1)]
    assert [e.type for e in click_events((1, 2))] == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]
