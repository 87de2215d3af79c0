"""The partner's speech bubble, the ask button and the hint, driven by posted events on a
table scene (dummy video driver, no worker process: decisions are made at once)."""

from __future__ import annotations

from typing import Any

import pygame

from canasta.ai import TrackingPlayer
from canasta.controller import TableController
from canasta.engine import CLASSIC, Game, MoveType
from canasta.engine.card_words import card_name
from canasta.engine.position import state_from_data
from canasta.scenes.base import SceneManager
from canasta.scenes.table import TableScene
from canasta.ui.input import post_click, post_key

KINGS7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]
SIZE = (1280, 800)


def table_at(
    data: dict[str, Any], size: tuple[int, int] = SIZE
) -> tuple[TableScene, SceneManager, pygame.Surface]:
    """A 4-player table (person in seat 0) showing the position ``data`` in a ``size``
    (w, h) px window."""
    screen = pygame.display.set_mode(size)
    game = Game(CLASSIC.with_options(players=4, ask_permission=True), 5)
    game.hand = state_from_data({"rules": {"players": 4, "ask_permission": True}, **data})
    seats: list[Any] = [None, TrackingPlayer(1), TrackingPlayer(2), TrackingPlayer(3)]
    manager = SceneManager(size)
    scene = TableScene(TableController(game, seats), lambda c: None, lambda: None)
    manager.push(scene)
    step(manager, 2.0)
    return scene, manager, screen


def step(manager: SceneManager, seconds: float) -> None:
    for event in pygame.event.get():
        manager.handle_event(event)
    for _ in range(max(1, round(seconds * 60))):
        manager.update(1 / 60)


PARTNER_ASKS = {
    "hands": [["4S", "5S", "6S", "9D", "JC"], ["7C", "8C"], ["QS", "QH", "QD"], ["7S", "8S"]],
    "melds": [{"K": KINGS7, "9": ["9S", "9H", "9D", "9C", "9S", "9H"]}, {"5": ["5C", "5D", "5H"]}],
    "pile": ["5H"],
    "turn": 2,
    "phase": "answer",
    "asked": True,
}


def test_partner_question_waits_in_a_bubble_and_the_answer_binds() -> None:
    scene, manager, screen = table_at(PARTNER_ASKS)
    controller = scene.controller
    step(manager, 30.0)  # no timer, no default answer
    assert controller.asking_person()
    manager.draw(screen)
    bubble = scene.bubble.bubble
    assert bubble.width > 0 and bubble.colliderect(scene.layout.hands[2].inflate(0, 40))
    assert bubble.contains(scene.bubble.yes_button.rect) and bubble.contains(
        scene.bubble.no_button.rect
    )
    assert (
        scene.bubble.yes_button in scene.buttons() and scene.hint.hint_button not in scene.buttons()
    )
    # The bubble is drawn: its fill colour shows at its top-left inner corner.
    assert screen.get_at((bubble.x + 20, bubble.y + 6))[:3] == (252, 250, 240)
    post_click(scene.bubble.no_button.rect.center)
    step(manager, 0.1)
    assert controller.hand.permission is False
    assert controller.hand.history[-1].type is MoveType.NO


def could_go_out(phase: str) -> dict[str, Any]:
    """Seat 0 holds three Queens and a 4: meld the Queens, discard the 4, out."""
    hands = [["QS", "QH", "QD", "4C"], ["7C", "8C"], ["4S", "5S", "6S"], ["7S", "8S"]]
    return {**PARTNER_ASKS, "hands": hands, "turn": 0, "phase": phase, "asked": False}


def test_no_ask_button_before_drawing() -> None:
    scene, _manager, _screen = table_at(could_go_out("draw"))
    assert scene.controller.person_to_move()
    assert scene.strip.ask_button not in scene.buttons()


def test_ask_button_shows_when_the_person_could_go_out_and_goes_after_a_meld() -> None:
    scene, _manager, _screen = table_at(could_go_out("play"))
    assert scene.strip.ask_button in scene.buttons()
    hand = scene.controller.hand
    assert scene.controller.intent_meld(tuple(hand.hands[0][:3])) is None
    scene.sync()
    assert hand.turn_melded and scene.strip.ask_button not in scene.buttons()


def test_the_partner_answers_the_persons_question_in_the_bubble() -> None:
    scene, manager, screen = table_at(could_go_out("play"))
    post_click(scene.strip.ask_button.rect.center)
    step(manager, 3.0)  # the partner answers
    hand = scene.controller.hand
    assert hand.permission is True  # nothing in its hand is worth a turn
    assert scene.bubble.answer_text == "Yes \u2014 go out!"
    manager.draw(screen)
    # The answer shows beside the partner's cards, in the top band, over
    # no meld (it covered the opponents' melds)
    beside = scene.bubble.answer_rect(screen.get_width())
    layout = scene.board.layout
    assert beside is not None and layout is not None
    assert layout.hands[2].contains(beside)
    assert not beside.colliderect(layout.melds[0]) and not beside.colliderect(layout.melds[1])
    assert screen.get_at((beside.x + 20, beside.y + 6))[:3] == (252, 250, 240)
    partner = [scene.board.card_rect(k) for k in scene.board.sprites if k < 0
               and scene.board.card_rect(k).colliderect(layout.hands[2])]  # fmt: skip
    assert partner and beside.x >= max(r.right for r in partner) + 18


def test_hint_key_highlights_the_hard_move_with_one_line() -> None:
    data = {
        "hands": [["QS", "QH", "5D", "7C", "JC", "8S", "4H"], ["6C", "TC"], ["9S"], ["TD", "5C"]],
        "melds": [{"A": ["AS", "AH", "AD"]}, {"K": ["KH", "KD", "KC"]}],
        "pile": ["9D", "6D", "8D", "TH", "JD", "5H", "AC", "7H", "KS", "QD"],
        "opened": [True, True],
        "turn": 0,
        "phase": "draw",
    }
    scene, manager, screen = table_at(data)
    assert scene.hint.hint_button in scene.buttons()
    post_key(pygame.K_h)
    step(manager, 0.1)
    line = scene.hint.line()
    hint = scene.controller.poll_hint()
    assert hint is not None and hint.move.type is MoveType.TAKE
    assert line == "Hint \u2014 " + hint.reason
    # The line names the take's cards and every later step's; the glow is on the same
    # moves: their cards now in hand, the pile, and the meld area or meld each step uses.
    assert line.startswith("Hint \u2014 Take the pile (10 cards) with Q\u2660 Q\u2665, then ")
    held = set(scene.controller.view().hand)
    cards = [c for m in hint.moves for c in m.cards if c in held]
    assert all(card_name(c) in line for m in hint.moves for c in m.cards)
    rects = scene.hint.rects(hint.moves)
    assert rects[:2] == [scene.board.card_rect(c) for c in hint.move.cards]
    assert rects[2] == scene.board.pile_rect(scene.controller.view().pile)
    places: list[pygame.Rect] = []
    for move in hint.moves:
        place = scene.hint.place(move)
        if place is not None and place not in places:
            places.append(place)
    assert len(places) >= 2 and len(rects) == len(cards) + len(places)
    manager.draw(screen)
    post_key(pygame.K_s)  # drawing instead: the hint is gone
    step(manager, 0.1)
    assert scene.hint.line() is None
