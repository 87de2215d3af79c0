"""Buttons and lines at the table that say what they do: a Meld button for a meld the
rules allow, Ask partner whenever one may ask, Enter on the card lifted with the mouse, a
finish panel whose Cancel puts the hand back, Menu at a position's table asking first,
no "Your turn" before the dealt cards arrive, the waiting pile cards labelled, the
BLOCKED chip whole under a hint's glow, and an online countdown that never wraps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from canasta import i18n
from canasta.ai.hard import Advice
from canasta.app import App
from canasta.engine.cards import CARD_KIND, cards_with_code
from canasta.engine.moves import Move, MoveType
from canasta.persistence.positions import load_position
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.home import HomeScene
from canasta.scenes.table import TableScene
from canasta.scenes.table.furniture import BLOCKED_RED, font_px
from canasta.ui.input import Click, Key
from canasta.ui.widgets import Badge
from tests.ui.test_i18n_layout import settled
from tests.ui.test_table_buttons import table
from tests.ui.test_table_plays_a_hand import click

KINGS7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]


def opened(players: int = 2, **extra: Any) -> dict[str, Any]:
    """The person (seat 0) to play, the side opened with a canasta of Kings; in hand
    three Queens, two fives, a 4 and a 9."""
    hands: list[list[str]] = [["QS", "QH", "QD", "5C", "5D", "4C", "9H"], ["7C", "8C", "JS"]]
    if players == 4:
        hands += [["4S", "5S", "6S"], ["7S", "8S", "9S"]]
    return {"rules": {"players": players}, "hands": hands,
            "melds": [{"K": KINGS7}, {"6": ["6C", "6D", "6H"]}], "pile": ["7H"],
            "turn": 0, "phase": "play", **extra}  # fmt: skip


def cards(scene: TableScene, *codes: str) -> tuple[int, ...]:
    """The person's cards named ``codes`` (each a different card)."""
    hand = list(scene.controller.view().hand)
    out = []
    for code in codes:
        card = next(c for c in hand if c in cards_with_code(code))
        hand.remove(card)
        out.append(card)
    return tuple(out)


def update(scene: TableScene) -> None:
    scene.manager_for_test.update(1 / 60)  # type: ignore[attr-defined]


def test_a_meld_button_shows_for_a_meld_the_rules_allow_and_melds() -> None:
    scene = table(opened(), (1280, 800))
    meld = scene.parts[1].meld_button  # type: ignore[attr-defined]
    for card in cards(scene, "5C", "5D"):  # two fives: no meld
        scene.selection.toggle(card)
    update(scene)
    assert meld not in scene.buttons() and scene.planner.plan_button in scene.buttons()
    scene.selection.clear()
    queens = cards(scene, "QS", "QH", "QD")
    for card in queens:
        scene.selection.toggle(card)
    update(scene)
    shown = scene.buttons()
    assert meld in shown and scene.planner.plan_button in shown
    assert meld.label == "Meld"
    # Beside Plan, in the same row, neither over the other.
    plan = scene.planner.plan_button
    assert meld.rect.top == plan.rect.top and not meld.rect.colliderect(plan.rect)
    assert scene.handle(Click(meld.rect.center))
    view = scene.controller.view()
    assert sorted(view.meld(0, CARD_KIND[queens[0]])) == sorted(queens)
    assert not set(queens) & set(view.hand)


def test_no_meld_button_for_an_opening_below_the_minimum() -> None:
    data = {**opened(), "melds": [{}, {}]}  # not opened: three Queens are 30 of 50
    scene = table(data, (1280, 800))
    for card in cards(scene, "QS", "QH", "QD"):
        scene.selection.toggle(card)
    update(scene)
    assert scene.parts[1].meld_button not in scene.buttons()  # type: ignore[attr-defined]
    assert scene.planner.plan_button in scene.buttons()


def test_ask_partner_is_a_button_that_says_whom_it_asks(spanish: Any) -> None:
    """After the draw, with a hand that can go out: Ask partner shows beside the other
    buttons and asks (the A key does the same). In Spanish it said "Preguntar" alone,
    which a player did not read as the question to the partner: it now asks the
    partner, "¿Cierro, compañero?"."""
    data = {**opened(4), "rules": {"players": 4, "ask_permission": True}, "phase": "draw"}
    data["hands"][0] = ["QS", "QH", "QD", "KC"]  # after any draw: a way out
    scene = table(data, (1280, 800))
    assert scene.controller.intent_draw() is None
    update(scene)
    ask = scene.strip.ask_button
    assert scene.controller.view().can_ask and ask in scene.buttons()
    assert ask.label == "¿Cierro, compañero?"
    assert scene.handle(Click(ask.rect.center))
    assert scene.controller.view().phase == "answer"  # the partner now answers


def test_no_ask_partner_button_where_the_rules_have_no_question() -> None:
    scene = table({**opened(4), "rules": {"players": 4, "ask_permission": False}},
                  (1280, 800))  # fmt: skip
    assert scene.strip.ask_button not in scene.buttons()


def test_enter_discards_the_card_lifted_with_the_mouse() -> None:
    scene = table(opened(), (1280, 800))
    nine = cards(scene, "9H")[0]
    assert scene.focus.focused_card() != nine  # the keyboard's mark is elsewhere
    scene.selection.toggle(nine)  # as a click does: the ring hidden
    scene.selection.ring = False
    assert scene.handle(Key(pygame.K_RETURN))
    view = scene.controller.view()
    assert nine not in view.hand and view.pile[-1] == nine


def test_enter_on_the_marked_card_still_lifts_it_for_the_keyboard() -> None:
    scene = table(opened(), (1280, 800))
    scene.handle(Key(pygame.K_HOME))
    first = scene.focus.focused_card()
    assert scene.handle(Key(pygame.K_RETURN))
    assert scene.selected == {first} and first in scene.controller.view().hand


@pytest.fixture
def spanish() -> Any:
    assert i18n.set_language("es") == "es"
    yield
    i18n.set_language("en")


def test_the_finish_panel_says_go_out_and_cancel_in_spanish(spanish: Any) -> None:
    scene = table(opened(), (1280, 800))
    planner = scene.planner
    assert planner.go_button.label == "Sí, cerrar"  # not "Cerrar", which reads as Close
    assert planner.cancel_button.label == "Cancelar"


def test_cancel_puts_the_hand_back_and_finish_works_again() -> None:
    data = opened()
    data["hands"][0] = ["QS", "QH", "QD", "9H"]  # Queens to meld, the nine to discard
    scene = table(data, (1280, 800))
    planner = scene.planner
    queens = cards(scene, "QS", "QH", "QD")
    nine = cards(scene, "9H")[0]
    planner.groups = [queens]  # the person planned the Queens and lifted the nine
    scene.selection.toggle(nine)
    planner.finish()
    assert planner.confirm is not None
    planner.cancel()
    assert planner.confirm is None
    assert planner.groups == [queens] and scene.selected == {nine}
    # With nothing planned, the searched way out's cards are not left as a plan.
    planner.groups = []
    scene.selection.clear()
    planner.finish()
    assert planner.confirm is not None and planner.groups  # shown as a plan on the table
    planner.cancel()
    assert planner.groups == [] and scene.selected == set()
    planner.finish()
    assert planner.confirm is not None  # Finish finds the way out again


SHORT = {"schema_version": 1, "rules": {"players": 2},
         "hands": [["7H", "7D", "KC", "5C", "9D", "2C", "QH"], ["4D", "6C", "8H", "TC", "AC"]],
         "pile": ["4C", "7S"], "melds": [{"K": ["KS", "KH", "KD"]}, {}], "stock_size": 3,
         "turn": 0, "phase": "draw"}  # fmt: skip


def test_menu_at_a_position_asks_before_dropping_it(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    path.write_text(json.dumps(SHORT), encoding="utf-8")
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    app.home()
    app.open_position(load_position(path))
    table_scene = app.manager.top
    assert isinstance(table_scene, TableScene)
    click(app, table_scene.strip.menu_button.rect.center)
    dialog = app.manager.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "Leave this position? It is not saved: the game will not keep it."
    click(app, dialog.no_button.rect.center)  # Stay
    assert app.manager.top is table_scene
    click(app, table_scene.strip.menu_button.rect.center)
    click(app, app.manager.top.yes_button.rect.center)  # type: ignore[attr-defined]
    assert isinstance(app.manager.top, HomeScene)
    app.close()


def test_your_turn_waits_for_the_dealt_cards(table_app: App) -> None:
    scene = table_app.table
    assert isinstance(scene, TableScene)
    table_app.manager.update(1 / 60)
    assert scene.animator.busy and scene.message() == "Dealing\u2026"
    for _frame in range(600):
        table_app.manager.update(1 / 60)
        if not scene.animator.busy:
            break
    table_app.manager.update(1 / 60)
    assert scene.message() != "Dealing\u2026"
    if scene.controller.view().person_to_move:
        assert scene.message().startswith("Your turn")


def test_the_waiting_pile_cards_are_labelled() -> None:
    data = {**opened(), "melds": [{}, {}], "waiting": ["8D", "JC", "4H"]}
    scene = settled(data, (1280, 800))
    melds = scene.parts[1]
    assert melds.waiting_label() == "Pile cards: yours once you open"  # type: ignore[attr-defined]
    surface = pygame.display.get_surface()
    rect = melds.draw_waiting_label(surface)  # type: ignore[attr-defined]
    assert scene.plan is not None and rect is not None
    assert rect.top >= scene.plan.waiting_rect.bottom
    assert scene.layout is not None and scene.layout.melds[0].contains(rect)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_blocked_chip_stays_whole_under_the_hints_glow(spanish: Any, size: Any) -> None:
    """ "BLOQUEADO" is wider than the pile's card: the hint's glow on the pile was drawn
    over the chip's ends. The glow now lies under the cards and the chip."""
    data = {**opened(), "pile": ["7H", "3S"]}  # a discard due: the hint glows on the pile
    scene = settled(data, size)
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    surface = pygame.display.get_surface()
    layout = scene.layout
    assert layout is not None
    discard = layout.discard
    size_px = max(13, font_px(layout) - 2)
    # Where piles.chip draws it: centred on the pile's middle line, 2 px above it; its
    # fill without the rounded ends' corners.
    middle = (discard.centerx, discard.centery - 2)
    chip = Badge(BLOCKED_RED, (255, 255, 255), size_px).rect_for("BLOQUEADO", middle)
    assert chip.width > discard.width  # its ends lie beyond the card, in the glow
    inner = chip.inflate(-chip.height, -4)

    def chip_pixels() -> bytes:
        manager.draw(surface)
        return pygame.image.tobytes(surface.subsurface(inner), "RGB")

    plain = chip_pixels()
    nine = cards(scene, "9H")[0]
    advice = Advice(Move(MoveType.DISCARD, (nine,)), "Descarta 9\u2665.")
    scene.controller.poll_hint = lambda: advice  # type: ignore[method-assign]
    scene.hint.wanted = True
    assert scene.hint.rects(advice.moves)[-1] == scene.board.pile_rect(scene.controller.view().pile)
    assert chip_pixels() == plain


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_online_countdown_keeps_its_number_and_unit_together(code: str) -> None:
    from canasta.net.link import unbroken_units
    from canasta.ui.paragraphs import balanced_lines

    assert i18n.set_language(code) == code
    try:
        for template in ("{name}: the computer takes over in {n} s",
                         "{who}: {move} s (bank {bank} s)"):  # fmt: skip
            line = unbroken_units(i18n._(template)).format(name="Ann", n=27, who="Ann",
                                                           move=12, bank=117)  # fmt: skip
            assert "27\u00a0s" in line or "12\u00a0s" in line, line
            for width in range(60, 400, 7):  # wrapped anywhere, "s" never leaves its number
                for text in balanced_lines(line, 18, width):
                    assert not text.startswith("s ") and text != "s", (code, width, text)
    finally:
        i18n.set_language("en")
