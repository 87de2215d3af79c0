"""Every table button has a place of its own: a click on a button that
shows is never caught by another one lying under it (a hidden one catches no click). The
strip's buttons that show at one time are packed side by side from its lower right corner
("Plan" alone in a row under the hint at 800 x 600)."""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from canasta.ai import TrackingPlayer
from canasta.controller import TableController
from canasta.engine import CLASSIC, Game
from canasta.engine.position import state_from_data
from canasta.scenes.base import SceneManager
from canasta.scenes.table import TableScene
from canasta.scenes.table.buttons import place_table_buttons
from canasta.ui.decks import CardOptions
from canasta.ui.input import post_click
from canasta.ui.layout import compute_layout
from canasta.ui.widgets import Button

KINGS7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]
SIZES = [
    (800, 600),
    (960, 600),
    (960, 920),
    (1000, 960),
    (1280, 800),
    (1920, 1080),
    (600, 960),
    (800, 1280),
]


def table(data: dict[str, Any], size: tuple[int, int], large: bool = False) -> TableScene:
    players = data.get("rules", {}).get("players", 2)
    pygame.display.set_mode(size)
    game = Game(CLASSIC.with_options(**data.get("rules", {})), 5)
    game.hand = state_from_data(data)
    seats: list[Any] = [None, *(TrackingPlayer(s) for s in range(1, players))]
    manager = SceneManager(size)
    scene = TableScene(
        TableController(game, seats), lambda c: None, lambda: None,
        cards=CardOptions(large_index=large),
    )  # fmt: skip
    manager.push(scene)
    for _ in range(120):
        manager.update(1 / 60)
    scene.manager_for_test = manager  # type: ignore[attr-defined]
    return scene


def all_buttons(scene: TableScene) -> dict[str, Button]:
    """Every Button the table and its helpers own, shown now or not."""
    out: dict[str, Button] = {}
    for owner in scene.parts:
        for name, value in vars(owner).items():
            if isinstance(value, Button):
                out[name] = value
    assert set(out.values()) == {b for part in scene.parts for b in part.all_buttons()}
    return out


def position(players: int) -> dict[str, Any]:
    """The person (seat 0) has drawn and holds three Queens and a 4; the side has a
    canasta of Kings, so Finish shows (and Hint, and Ask with four players)."""
    hands: list[list[str]] = [["QS", "QH", "QD", "4C"], ["7C", "8C"]]
    if players == 4:
        hands += [["4S", "5S", "6S"], ["7S", "8S"]]
    return {
        "rules": {"players": players, "ask_permission": players == 4},
        "hands": hands,
        "melds": [{"K": KINGS7}, {"5": ["5C", "5D", "5H"]}],
        "pile": ["5H"],
        "turn": 0,
        "phase": "play",
    }


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES)
def test_no_two_buttons_share_space_at_any_window_size(size, players, large) -> None:
    scene = table(position(players), size, large)
    buttons = all_buttons(scene)
    expected = {"reset_button", "ask_button", "menu_button", "yes_button", "no_button",
                "hint_button", "plan_button", "meld_button", "play_button", "finish_button",
                "go_button", "cancel_button"}  # fmt: skip
    assert set(buttons) == expected
    screen = pygame.Rect(0, 0, *size)
    assert scene.places is not None
    own = {k: r for k, r in scene.places.rects.items() if r.width and r.height}
    assert len(own) == (12 if players == 4 else 9)  # no partner: no Ask, Yes or No
    for name, rect in own.items():
        assert screen.contains(rect), (name, rect)
        assert rect.height >= 26 and rect.width >= 50, (name, rect)
    for (a, ra), (b, rb) in itertools.combinations(own.items(), 2):
        assert not ra.colliderect(rb), f"{a}'s place {ra} overlaps {b}'s {rb} at {size}"
    shown = {n: b.rect for n, b in buttons.items() if b in scene.buttons()}
    expected_shown = {"menu_button", "hint_button", "finish_button"}
    assert set(shown) == expected_shown | ({"ask_button"} if players == 4 else set())
    for name, rect in shown.items():
        assert screen.contains(rect), (name, rect)
    for (a, ra), (b, rb) in itertools.combinations(shown.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"
    # The prompt is drawn above the strip's buttons.
    strip = [own[k] for k in ("hint", "plan", "meld", "play", "finish")]
    assert scene.places.strip_top <= min(r.top for r in strip)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 600), (960, 600), (1280, 800)])
def test_the_strip_buttons_that_show_sit_side_by_side_in_the_lowest_row(size, players) -> None:
    scene = table(position(players), size)
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    message = scene.layout.message  # type: ignore[union-attr]
    scene.selection.toggle(scene.controller.view().hand[0])  # a card chosen: Plan shows
    manager.update(1 / 60)
    hint, plan = scene.hint.hint_button, scene.planner.plan_button
    finish = scene.planner.finish_button
    assert {hint, plan, finish} <= set(scene.buttons())
    row = [hint, finish, plan]  # right to left, the strip's order, Play melds hidden
    if players == 4:
        row.append(scene.strip.ask_button)
    # One row when the shown ones fit the strip's width, from its right end leftward.
    width = sum(b.rect.width for b in row) + 6 * (len(row) + 1)
    if width <= message.width:
        assert len({b.rect.top for b in row}) == 1, [b.rect for b in row]
        assert row[0].rect.right == message.right - 6
        assert row[0].rect.bottom == message.bottom - 6
        for right, left in itertools.pairwise(row):
            assert left.rect.right == right.rect.left - 6
    # Plan sits beside Finish in the lowest row: it is not left alone in a row.
    assert plan.rect.top == finish.rect.top
    assert plan.rect.bottom == message.bottom - 6


@pytest.mark.parametrize("players", [2, 4])
def test_hint_holds_the_strip_s_right_end_as_buttons_come_and_go(players) -> None:
    """A second click on Hint's place after the draw must not press Finish (which used to
    take Hint's place when it appeared): Hint stays put whatever shows beside it."""
    scene = table(position(players), (1280, 800))
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    message = scene.layout.message  # type: ignore[union-attr]
    hint = scene.hint.hint_button
    before = pygame.Rect(hint.rect)
    assert before.right == message.right - 6 and before.bottom == message.bottom - 6
    scene.selection.toggle(scene.controller.view().hand[0])  # Plan shows
    manager.update(1 / 60)
    assert scene.planner.plan_button in scene.buttons()
    assert hint.rect == before
    assert not hint.rect.colliderect(scene.planner.finish_button.rect)


@pytest.mark.parametrize("players", [2, 4])
def test_clicking_finish_opens_the_finish_panel_not_a_hint(players) -> None:
    scene = table({**position(players), "rules": {"players": players}}, (1280, 800))
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    shown = scene.buttons()
    assert scene.planner.finish_button in shown and scene.hint.hint_button in shown
    post_click(scene.planner.finish_button.rect.center)
    for event in pygame.event.get():
        manager.handle_event(event)
    assert not scene.hint.wanted
    assert scene.planner.confirm is not None  # "Go out like this?"
    assert [m.type.value for m in scene.planner.confirm][-1] == "discard"


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    ("size", "height"),
    [((480, 340), 28), ((560, 380), 28), ((640, 480), 30), ((800, 600), 36), ((1280, 800), 36)],
)
def test_the_strip_buttons_are_never_taller_than_menu(size, height, players) -> None:
    """play10: in a 560 x 380 window Hint stood 36 px tall beside a 28 px Menu, its word
    larger than Menu's. The strip's buttons now stop at Menu's height."""
    layout = compute_layout(size, players)
    places = place_table_buttons(layout)
    menu = places.rects["menu"]
    assert places.rects["reset"].height == menu.height
    for key in ("hint", "plan", "play", "finish"):
        assert places.rects[key].height == height <= menu.height
