"""Seat-label plates and the partner's answer in narrow and portrait windows (800x600,
600x900, 600x960, 960x600): every plate on the window, clear of the other plates, of
both meld areas, the scores, the piles, the message strip and the buttons, and the
person's plate clear of the person's cards; the partner's answer in the partner's band,
over no meld."""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n
from canasta.scenes.table import TableScene
from tests.ui.test_i18n_layout import FOUR, TWO, settled
from tests.ui.test_table_assist import PARTNER_ASKS as ASKING
from tests.ui.test_table_assist import could_go_out, step, table_at

SIZES = [(800, 600), (600, 900), (600, 960), (960, 600)]


def furniture(scene: TableScene) -> dict[str, pygame.Rect]:
    """The table's areas a plate must stay clear of, by name."""
    layout = scene.layout
    assert layout is not None
    return {"our melds": layout.melds[0], "their melds": layout.melds[1],
            "our red threes": layout.red_threes[0], "their red threes": layout.red_threes[1],
            "scores": layout.scores, "stock": layout.stock, "discard": layout.discard,
            "message": layout.message,
            **{f"button {b.label}": b.rect for b in scene.buttons() if b.rect.width}}  # fmt: skip


def plate_problems(scene: TableScene, size: tuple[int, int]) -> list[str]:
    """What a seat's plate lies over, or where it leaves the window."""
    window = pygame.Rect((0, 0), size)
    labels = scene.seats.labels(size[0])
    found = []
    areas = furniture(scene)
    for label in labels:
        plate = label.plate
        if not window.contains(plate):
            found.append(f"seat {label.seat} {label.lines} {tuple(plate)} leaves the window")
        for name, rect in areas.items():
            if plate.colliderect(rect):
                found.append(f"seat {label.seat} {label.lines} lies over {name} {tuple(rect)}")
        for other in labels:
            if other.seat > label.seat and plate.colliderect(other.plate):
                found.append(f"seat {label.seat} {label.lines} lies over seat {other.seat}")
    mine = next(label for label in labels if label.seat == scene.controller.view().seat)
    cards = [scene.board.card_rect(card) for card in scene.controller.hand.hands[0]]
    found += [f"the person's plate lies over a card at {tuple(r)}" for r in cards
              if mine.plate.colliderect(r)]  # fmt: skip
    return found


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_plates_lie_clear_of_the_table(size: tuple[int, int], language: str) -> None:
    i18n.set_language(language)
    pygame.display.set_mode(size)
    found = []
    for data in (TWO, FOUR):
        scene = settled(data, size)
        found += [f"{data['rules']['players']} players: {p}" for p in plate_problems(scene, size)]
    assert found == []


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_partners_answer_stays_in_the_partners_band(size: tuple[int, int]) -> None:
    """In every shape the answer covers no opponent's meld, also where the band right of
    the partner's cards has no room (portrait: a third of the width)."""
    scene, manager, screen = table_at(could_go_out("play"), size)
    scene.strip.ask_button.click()
    step(manager, 3.0)
    assert scene.bubble.answer_text == "Yes \u2014 go out!"
    manager.draw(screen)
    rect = scene.bubble.answer_rect(size[0])
    layout = scene.layout
    assert rect is not None and layout is not None
    assert layout.hands[2].contains(rect), (rect, layout.hands[2])
    assert not rect.colliderect(layout.melds[0]) and not rect.colliderect(layout.melds[1])
    assert screen.get_at((rect.centerx, rect.y + 3))[:3] == (252, 250, 240)  # drawn there


@pytest.mark.parametrize("size", [(320, 320), (480, 320), (800, 600)])
def test_the_partners_question_leaves_the_side_seats_plates_clear(size) -> None:
    """In the smallest windows the question's bubble (260 px at least before) lay over
    West's and East's plates."""
    scene, manager, screen = table_at(ASKING, size)
    assert scene.controller.asking_person()
    manager.draw(screen)
    bubble = scene.bubble.bubble
    plates = {label.seat: label.plate for label in scene.seats.labels(size[0])}
    assert pygame.Rect((0, 0), size).contains(bubble)
    assert not bubble.colliderect(plates[1]) and not bubble.colliderect(plates[3])
    assert bubble.contains(scene.bubble.yes_button.rect.union(scene.bubble.no_button.rect))


@pytest.mark.parametrize("size", [(320, 320), (480, 320)])
def test_in_the_smallest_windows_your_label_hides_no_card(size) -> None:
    """At 320 px high the hand's band is one card high: "You" lay over the first card's
    rank and suit. There it is left out (the strip says whose turn it is); the other
    seats keep theirs."""
    pygame.display.set_mode(size)
    for data in (TWO, FOUR):
        scene = settled(data, size)
        seats = [label.seat for label in scene.seats.labels(size[0])]
        assert seats == list(range(1, data["rules"]["players"]))
        assert scene.message().endswith("to end your turn.")  # the strip says it
    scene = settled(TWO, (800, 600))  # with room above the cards: there
    assert [label.seat for label in scene.seats.labels(800)] == [0, 1]
