"""The keyboard focus ring is told apart from a lifted card: it shows only
once a key moves it, is dashed in the text colour (a lifted card has the accent outline),
and Escape or a click hides it."""

from __future__ import annotations

import pygame

from canasta.app import App
from canasta.scenes.table import TableScene
from tests.ui.test_table_keyboard import press, pump
from tests.ui.test_table_plays_a_hand import card_point, click


def ring_pixels(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """Pixels of ``colour`` on the outline band 4 to 8 px outside ``rect``."""
    band = [(x, rect.top - 6) for x in range(rect.left, rect.right)]
    band += [(x, rect.bottom + 5) for x in range(rect.left, rect.right)]
    return sum(tuple(surface.get_at(p))[:3] == colour for p in band
               if surface.get_rect().collidepoint(p))  # fmt: skip


def test_the_focus_ring_is_dashed_in_another_colour_and_escape_hides_it(request) -> None:
    pygame.init()
    surface = pygame.display.set_mode((1280, 800))
    app = App((1280, 800), seed=5)
    request.addfinalizer(app.close)
    app.new_game(2)
    table = app.table
    assert isinstance(table, TableScene)
    for _ in range(600):  # the deal's flight, until the person's turn
        pump(app, 0.1)
        if table.controller.view().person_to_move and table.board.full is not None:
            break
    pump(app, 6.0)  # every card at rest
    text, accent = tuple(table.theme.text), tuple(table.theme.accent)
    assert text != accent
    assert not table.selection.ring  # nothing pressed yet: no ring
    press(app, pygame.K_RIGHT)
    assert table.selection.ring and table.selection.focus == 1
    card = table.focus.focused_card()
    assert card is not None and card not in table.selected  # focused, not lifted
    app.manager.draw(surface)
    rect = table.board.card_rect(card)
    dashes = ring_pixels(surface, rect, text)  # type: ignore[arg-type]
    assert rect.width // 3 < dashes < rect.width * 2 - 8  # dashed: about half the band
    assert ring_pixels(surface, rect, accent) == 0  # type: ignore[arg-type]
    press(app, pygame.K_ESCAPE)
    assert not table.selection.ring
    app.manager.draw(surface)
    assert ring_pixels(surface, rect, text) == 0  # type: ignore[arg-type]
    press(app, pygame.K_LEFT)
    assert table.selection.ring
    other = table.focus.cards()[-1]
    click(app, card_point(table, other))
    assert other in table.selected and not table.selection.ring  # a click: mouse play


def test_left_and_right_stop_at_the_ends_and_home_and_end_jump_there() -> None:
    """Nine Lefts over eight cards wrapped round and landed one card to
    the right, so the wrong card was discarded."""
    from canasta.scenes.table.selection import Selection

    selection = Selection()
    selection.focus = 2
    for _ in range(9):
        selection.move_focus(-1, 8)
    assert selection.focus == 0
    for _ in range(12):
        selection.move_focus(1, 8)
    assert selection.focus == 7
    selection.focus_end(last=False, count=8)
    assert selection.focus == 0
    selection.focus_end(last=True, count=8)
    assert selection.focus == 7
    selection.focus_end(last=True, count=0)
    assert selection.focus == 0


def test_the_ring_shows_at_once_after_a_meld_a_lay_off_and_a_discard() -> None:
    """After a move made by keys the dashed mark stays on the hand (on
    the card now at its place), not hidden until an arrow is pressed; Home and End move
    it to the first and last card."""
    from tests.ui.test_table_keyboard import _code, _table, lift

    hands = [["AS", "AH", "AD", "KS", "QC", "9C", "5D", "4H"], ["4C", "6D"]]
    table, manager = _table({"rules": {"players": 2}, "hands": hands, "phase": "play",
                             "melds": [{"K": ["KH", "KD", "KC"]}, {}],
                             "opened": [True, False]})  # fmt: skip
    hand = table.controller.hand
    by_code = {_code(c): c for c in hand.hands[0]}
    cards = table.focus.cards()
    press(manager, pygame.K_END)
    assert table.selection.ring and table.focus.focused_card() == cards[-1]
    press(manager, pygame.K_RIGHT)  # at the end it stays
    assert table.focus.focused_card() == cards[-1]
    press(manager, pygame.K_HOME)
    assert table.focus.focused_card() == cards[0]
    press(manager, pygame.K_LEFT)
    assert table.focus.focused_card() == cards[0]
    lift(manager, table, (by_code["AS"], by_code["AH"], by_code["AD"]))
    press(manager, pygame.K_m)  # meld the Aces
    assert 10 in hand.melds[0] and not table.selected  # kind 10: Aces
    assert table.selection.ring and table.focus.focused_card() in hand.hands[0]
    lift(manager, table, (by_code["KS"],))
    for _ in range(3):
        press(manager, pygame.K_TAB)
        if table.selection.meld_focus == 9:  # Kings
            break
    assert table.selection.meld_focus == 9
    press(manager, pygame.K_m)  # lay off the King
    assert len(hand.melds[0][9]) == 4 and table.selection.ring
    assert table.focus.focused_card() in hand.hands[0]
    lift(manager, table, (by_code["4H"],))
    press(manager, pygame.K_RETURN)  # discard it: the turn passes
    assert hand.pile[-1] == by_code["4H"] and table.selection.ring


def test_tab_visits_first_the_melds_the_lifted_cards_can_join() -> None:
    """With two nines lifted, Tab went to the Queens first. Melds here:
    Aces, Kings, Nines (table order); the lifted cards decide which come first."""
    from tests.ui.test_table_keyboard import _code, _table, lift

    hands = [["9S", "9H", "KS", "2C", "5D", "4H"], ["4C", "6D"]]
    melds = {"A": ["AS", "AH", "AD"], "K": ["KH", "KD", "KC"], "9": ["9C", "9D", "9C"]}
    table, manager = _table({"rules": {"players": 2}, "hands": hands, "phase": "play",
                             "melds": [melds, {}], "opened": [True, False]})  # fmt: skip
    hand = table.controller.hand
    by_code = {_code(c): c for c in hand.hands[0]}
    plan = table.board.plan
    assert plan is not None and list(plan.meld_order[0]) == [10, 9, 5]  # A K 9
    assert table.controller.layoff_fits(5, (by_code["9S"], by_code["9H"]))
    assert not table.controller.layoff_fits(10, (by_code["9S"], by_code["9H"]))

    def visits(presses: int) -> list[int | None]:
        seen = []
        for _ in range(presses):
            press(manager, pygame.K_TAB)
            seen.append(table.selection.meld_focus)
        return seen

    lift(manager, table, (by_code["9S"], by_code["9H"]))
    assert visits(4) == [5, 10, 9, None]  # the nines first, then the rest, then none
    press(manager, pygame.K_ESCAPE)
    lift(manager, table, (by_code["2C"],))  # a wild card joins any of the three
    assert visits(4) == [10, 9, 5, None]
    press(manager, pygame.K_ESCAPE)
    assert visits(2) == [10, 9]  # nothing lifted: table order
