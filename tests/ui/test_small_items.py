"""The smaller things a new player tripped over, one test each: text
never below 12 px, no button left highlighted, refusals in the message strip (not over the
melds), a mark on the card just drawn, the end of a hand that waits for the player and
says who went out, the trophy beside the winner, Portrait -> Free back to landscape."""

from __future__ import annotations

import os
from dataclasses import replace
from functools import partial
from typing import Any

import pygame
import pytest

import canasta.ui.text as text_module
import canasta.ui.widgets as widgets_module
from canasta.app import LANDSCAPE, App
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table.furniture import prompt_for
from canasta.ui.input import Click, post_key
from canasta.ui.widgets import Button
from tests.ui.test_table_buttons import table
from tests.ui.test_table_plays_a_hand import pump
from tests.ui.test_table_sections import view_of

SIZES = [(960, 600), (1280, 800), (600, 960), (800, 1280)]


def test_no_text_is_drawn_below_12_px_on_any_screen(monkeypatch) -> None:
    sizes: list[tuple[int, str]] = []
    real = text_module.render_text

    def spy(text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        sizes.append((size, text))
        return real(text, size, *args, **kwargs)

    monkeypatch.setattr(text_module, "render_text", spy)
    monkeypatch.setattr(widgets_module, "render_text", spy)
    monkeypatch.setattr(App, "decision_worker", lambda self: None)
    pygame.init()
    for size in SIZES:
        screen = pygame.display.set_mode(size)
        app = App(size, seed=3)
        for show in (app.home, app.settings, app.rule_options, app.how_to_play, app.stats,
                     partial(app.new_game, 2), partial(app.new_game, 4)):  # fmt: skip
            show()
            pump(app, 0.5)
            app.manager.draw(screen)
    assert sizes, "nothing was drawn"
    small = sorted({(s, t) for s, t in sizes if s < 12})
    assert small == []


def test_a_button_used_is_not_left_highlighted() -> None:
    used: list[str] = []
    button = Button((0, 0, 100, 40), "Reset", lambda: used.append("reset"))
    assert button.update_hover((10, 10))
    assert button.click() and used == ["reset"]
    assert not button.hover  # it vanishes now; when it shows again it is not lit


KINGS7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]


def test_a_refusal_is_shown_in_the_message_strip_not_over_the_melds() -> None:
    data = {"rules": {"players": 2}, "hands": [["4S", "4H", "9D", "JC", "QD"], ["7C", "8C"]],
            "melds": [{"K": KINGS7}, {}], "pile": ["5H"], "turn": 0, "phase": "play"}  # fmt: skip
    scene = table(data, (1280, 800))
    surface = pygame.display.get_surface()
    scene.draw(surface)
    before = surface.copy()
    scene.toast.show("A meld needs at least 3 cards; you chose 2.", 3.0)
    scene.draw(surface)
    melds = scene.layout.melds[0]
    strip = scene.layout.message
    changed = [(x, y) for x in range(0, 1280, 4) for y in range(0, 800, 4)
               if surface.get_at((x, y)) != before.get_at((x, y))]  # fmt: skip
    assert changed, "the refusal was not drawn"
    assert all(strip.collidepoint(p) for p in changed), "drawn outside the strip"
    assert not any(melds.collidepoint(p) for p in changed)


def test_the_card_just_drawn_is_marked_until_the_turn_ends() -> None:
    data = {"rules": {"players": 2}, "hands": [["4S", "4H", "9D", "JC", "QD"], ["7C", "8C"]],
            "melds": [{}, {}], "pile": ["5H"], "turn": 0, "phase": "draw"}  # fmt: skip
    scene = table(data, (1280, 800))
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    held = set(scene.controller.hand.hands[0])
    assert scene.just_drawn == set()
    post_key(pygame.K_s)
    for event in pygame.event.get():
        manager.handle_event(event)
    drawn = set(scene.controller.hand.hands[0]) - held
    assert len(drawn) == 1 and scene.just_drawn == drawn
    card = next(iter(drawn))
    for _ in range(60):
        manager.update(1 / 60)
    surface = pygame.display.get_surface()
    scene.draw(surface)
    rect = scene.sprites[card].rect(scene.full.size)
    x, r = rect.x + max(7, rect.width // 8), max(5, rect.width // 12)
    assert surface.get_at((x, rect.y - 4 - r // 2))[:3] == scene.theme.accent[:3]
    # Discarding it ends the turn: no mark is left.
    scene.controller.intent_discard((card,))
    scene.sync()
    assert scene.just_drawn == set()


def test_the_end_of_a_hand_waits_for_the_player_and_says_who_went_out() -> None:
    data = {"rules": {"players": 2}, "hands": [["QS", "QH", "QD", "4C"], ["7C", "8C"]],
            "melds": [{"K": KINGS7}, {}], "pile": ["5H"], "turn": 0, "phase": "play"}  # fmt: skip
    shown: list[object] = []
    scene = table(data, (1280, 800))
    scene.on_hand_over = shown.append
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    hand = scene.controller.hand
    plan = [hand.parse_move("meld QS QH QD"), hand.parse_move("discard 4C")]
    assert scene.controller.submit_plan(plan) is None
    scene.sync()
    assert hand.ended and scene.reveal and hand.went_out == 0
    for _ in range(60 * 30):  # half a minute: the hands stay on show
        manager.update(1 / 60)
    assert shown == [] and scene.hand_waiting
    assert prompt_for(scene.controller.view()) == (
        "You went out: look at the hands, then click or press Enter for the scores."
    )
    post_key(pygame.K_RETURN)
    for event in pygame.event.get():
        manager.handle_event(event)
    assert shown == [scene.controller] and not scene.hand_waiting


def test_the_trophy_stands_under_the_winners_total() -> None:
    pygame.init()
    screen = pygame.display.set_mode((1280, 800))
    data = {"rules": {"players": 2, "quick_game": True}, "hands": [["QS", "QH", "QD", "4C"],
            ["7C", "8C"]], "melds": [{"K": KINGS7}, {}], "pile": ["5H"], "turn": 0,
            "phase": "play"}  # fmt: skip
    scene = table(data, (1280, 800))
    controller = scene.controller
    hand = controller.hand
    controller.submit_plan([hand.parse_move("meld QS QH QD"), hand.parse_move("discard 4C")])
    assert controller.game.over and controller.game.winner == 0
    board = ScoreboardScene(controller, 0, on_continue=lambda: None, on_new_game=lambda: None,
                            on_home=lambda: None)  # fmt: skip
    board.resize((1280, 800))
    board.draw(screen)
    panel_x, panel_w = 1280 // 8, 1280 * 3 // 4
    col_us, col_them = panel_x + panel_w * 62 // 100, panel_x + panel_w * 84 // 100
    assert board.trophy_at is not None and board.trophy_at[0] == col_us
    assert abs(board.trophy_at[0] - col_us) < abs(board.trophy_at[0] - col_them)


def test_portrait_then_free_gives_a_landscape_window_again() -> None:
    pygame.init()
    pygame.display.set_mode(LANDSCAPE)
    app = App(LANDSCAPE, seed=3)
    app.settings()
    app.change_setting("orientation", "portrait")
    w, h = pygame.display.get_surface().get_size()
    assert h > w
    app.change_setting("orientation", "free")
    assert app.manager.size == LANDSCAPE
    assert pygame.display.get_surface().get_size() == LANDSCAPE
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"


@pytest.mark.parametrize("size", [(1280, 800)])
def test_clicking_on_through_a_finished_hand(size) -> None:
    data = {"rules": {"players": 2}, "hands": [["QS", "QH", "QD", "4C"], ["7C", "8C"]],
            "melds": [{"K": KINGS7}, {}], "pile": ["5H"], "turn": 0, "phase": "play"}  # fmt: skip
    shown: list[object] = []
    scene = table(data, size)
    scene.on_hand_over = shown.append
    hand = scene.controller.hand
    scene.controller.submit_plan([hand.parse_move("meld QS QH QD"), hand.parse_move("discard 4C")])
    scene.sync()
    scene.handle(Click((640, 400)))
    assert shown == [scene.controller]


def test_the_end_of_hand_prompt_names_who_went_out_or_the_empty_stock() -> None:
    """The prompt reads the view's went_out / stock_ran_out (seat 1 is West with four)."""
    view = view_of(players=4)
    ended = replace(view, seen=replace(view.seen, phase="ended"))
    wait = ": look at the hands, then click or press Enter for the scores."
    assert prompt_for(replace(ended, went_out=1)) == "West went out" + wait
    assert prompt_for(replace(ended, went_out=2)) == "Partner went out" + wait
    assert prompt_for(replace(ended, stock_ran_out=True)) == "The stock ran out" + wait
    assert prompt_for(ended) == "The hand is over" + wait
    assert prompt_for(replace(ended, went_out=3, watching=True)) == "East went out."


@pytest.mark.parametrize("size", [(1280, 800), (600, 960)])
def test_home_notices_read_at_a_readable_size_below_the_buttons(monkeypatch, size) -> None:
    """The broken-file notices were small print (about 9 px glyphs)."""
    import canasta.scenes.home as home_module
    from canasta.scenes.home import HomeScene

    pygame.display.set_mode(size)
    notice = (
        "settings.toml could not be read (it is not a text file); it was kept as "
        "settings.toml.corrupt-20261202-074037 and the default settings are in use."
    )
    home = HomeScene(lambda n: None, lambda: None, on_settings=lambda: None,
                     notices=[notice, "Your stats could not be used (its text is damaged or "
                              "cut short); the file was kept as stats.json.corrupt-1, "
                              "and they start again from zero."])  # fmt: skip
    home.resize(size)
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = home_module.blit_text

    def spy(surface, text, px, *a, **k):
        rect = real(surface, text, px, *a, **k)
        drawn.append((text, px, rect))
        return rect

    monkeypatch.setattr(home_module, "blit_text", spy)
    home.draw(pygame.display.get_surface())
    lines = [(px, rect) for text, px, rect in drawn if text and text in notice + " ".join(
        home.notices[1:])]  # fmt: skip
    assert len(lines) >= 3
    assert min(px for px, _ in lines) >= 24, lines  # was 20 px: glyphs about 9 px high
    lowest_button = max(b.rect.bottom for b in home.buttons)
    assert min(rect.top for _, rect in lines) > lowest_button


def game_over_board(size: tuple[int, int]) -> ScoreboardScene:
    """The Game over scoreboard of a quick 2-player game just won by going out, at ``size``."""
    data = {"rules": {"players": 2, "quick_game": True}, "hands": [["QS", "QH", "QD", "4C"],
            ["7C", "8C"]], "melds": [{"K": KINGS7}, {}], "pile": ["5H"], "turn": 0,
            "phase": "play"}  # fmt: skip
    controller = table(data, size).controller
    hand = controller.hand
    controller.submit_plan([hand.parse_move("meld QS QH QD"), hand.parse_move("discard 4C")])
    assert controller.game.over
    board = ScoreboardScene(controller, 0, on_continue=lambda: None, on_new_game=lambda: None,
                            on_home=lambda: None, on_replay=lambda: None,
                            on_play_again=lambda: None)  # fmt: skip
    board.resize(size)
    return board


@pytest.mark.parametrize("size", [(600, 960), (1280, 800), (440, 704)])
def test_the_game_over_buttons_share_one_text_size(monkeypatch, size) -> None:
    """At 600 px wide "New game" and "Play this deal again" were
    small, "Replay hand" and "Home" large."""
    import canasta.ui.paragraphs as paragraphs_module

    pygame.init()
    screen = pygame.display.set_mode(size)
    board = game_over_board(size)
    labels = {b.label for b in board.buttons}
    assert labels == {"New game", "Replay hand", "Play this deal again", "Home"}
    sizes: dict[str, int] = {}
    real = paragraphs_module.blit_text

    def spy(surface, text, px, *a, **k):
        sizes[text] = px  # the buttons draw through either module
        return real(surface, text, px, *a, **k)

    monkeypatch.setattr(paragraphs_module, "blit_text", spy)
    monkeypatch.setattr(widgets_module, "blit_text", spy)
    board.draw(screen)
    words = {w: px for w, px in sizes.items() if any(w in label for label in labels)}
    assert len(set(words.values())) == 1, words


@pytest.mark.parametrize("size", [(1280, 800), (600, 960)])
@pytest.mark.parametrize("over", [False, True])
def test_a_save_failure_banner_leaves_the_scoreboard_title_in_sight(size, over) -> None:
    """The notice "Could not save the game ..." leaves "Hand 1 scores" uncovered."""
    from canasta.scenes.base import SceneManager

    pygame.init()
    screen = pygame.display.set_mode(size)
    quick = {"players": 2, "quick_game": over}
    data = {"rules": quick, "hands": [["QS", "QH", "QD", "4C"], ["7C", "8C"]],
            "melds": [{"K": KINGS7}, {}], "pile": ["5H"], "turn": 0, "phase": "play"}  # fmt: skip
    controller = table(data, size).controller
    hand = controller.hand
    controller.submit_plan([hand.parse_move("meld QS QH QD"), hand.parse_move("discard 4C")])
    assert controller.game.over == over
    board = ScoreboardScene(controller, 0, on_continue=lambda: None, on_new_game=lambda: None,
                            on_home=lambda: None, on_replay=lambda: None)  # fmt: skip
    manager = SceneManager(size)
    manager.push(board)
    manager.banner.show(["Could not save the game: no permission to write in the folder "
                         "/home/player/games/ro/data. Play goes on; saving is tried again "
                         "at every turn."])  # fmt: skip
    manager.draw(screen)
    banner = manager.banner.rect
    assert banner.height > 40 and board.title_rect.height > 0
    assert not banner.colliderect(board.title_rect), (banner, board.title_rect)
    assert banner.bottom <= min(b.rect.top for b in board.buttons), banner
    if board.trophy_at is not None:
        assert banner.top > board.trophy_at[1]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_game_over_buttons_have_one_width(size) -> None:
    """The button "New game" is as wide as "Replay hand" beside it."""
    pygame.init()
    pygame.display.set_mode(size)
    board = game_over_board(size)
    labels = [b.label for b in board.buttons]
    assert labels == ["New game", "Replay hand", "Play this deal again", "Home"]
    widths = {b.rect.width for b in board.buttons}
    assert len(widths) == 1 and widths.pop() >= (180 if size[0] == 1280 else 150)
    assert all(b.rect.right <= size[0] - 16 and b.rect.left >= 16 for b in board.buttons)
