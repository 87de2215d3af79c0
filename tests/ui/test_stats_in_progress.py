"""Stats during a game: its hands are counted as they end (the highest hand score, the
canastas, ...) and the game only once it ends, so the screen says under the table that
the figures hold hands of the game in progress instead of showing a hand score beside
0 games without a word."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from canasta import i18n
from canasta.engine.scoring import SideScore
from canasta.persistence.stats import Stats
from canasta.scenes.stats import StatsScene
from canasta.ui.text import report_text

HAND = SideScore(melded=215, natural_canastas=1, mixed_canastas=0, canasta_bonus=500,
                 red_threes=1, red_three_points=100, going_out=100, in_hand=0)  # fmt: skip


def in_a_game(hands: int = 2) -> Stats:
    """The first game, Classic, two players: ``hands`` hands played, the game not over."""
    stats = Stats()
    for number in range(1, hands + 1):
        stats.record_hand("2p-full", "g1", number, HAND, True, False, "Classic")
    return stats


def drawn(stats: Stats, size: tuple[int, int], preset: str | None = None) -> dict[str, object]:
    pygame.display.set_mode(size)
    scene = StatsScene(lambda: stats, lambda: None, lambda: None, preset=preset)
    scene.resize(size)
    with report_text() as report:
        scene.draw(pygame.display.get_surface())
    return {
        "misfits": report.misfits,
        "texts": [text for text, _rect, _t, _c in report.drawn],
        "rects": {text: rect for text, rect, _t, _c in report.drawn},
        "scene": scene,
    }


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request) -> Iterator[str]:
    assert i18n.set_language(request.param) == request.param
    yield request.param
    i18n.set_language("en")


def test_the_hands_of_a_game_in_progress_are_said_under_the_table() -> None:
    stats = in_a_game(2)
    assert stats.line("2p-full").games_played == 0
    assert stats.line("2p-full").best_hand_score == 915
    assert stats.hands_in_progress() == stats.hands_in_progress("Classic") == 2
    shown = drawn(stats, (1280, 800))
    assert shown["misfits"] == []
    note = "Includes 2 hands of the game in progress, counted as a game once it ends."
    assert note in shown["texts"]
    scene = shown["scene"]
    assert isinstance(scene, StatsScene)
    rect = shown["rects"][note]
    assert scene.panel.bottom <= rect.top and rect.bottom <= scene.buttons[0].rect.top


def test_one_hand_is_said_in_the_singular() -> None:
    texts = drawn(in_a_game(1), (1280, 800))["texts"]
    assert "Includes 1 hand of the game in progress, counted as a game once it ends." in texts


def test_the_note_goes_once_the_game_is_counted() -> None:
    stats = in_a_game(3)
    stats.record_game("2p-full", "g1", True, 5200, "Classic")
    assert stats.hands_in_progress() == 0
    assert not any(text.startswith("Includes") for text in drawn(stats, (1280, 800))["texts"])
    abandoned = in_a_game(1)
    abandoned.record_abandoned("2p-full", "g1", "Classic")
    assert abandoned.hands_in_progress() == 0


def test_another_presets_figures_have_no_note() -> None:
    stats = in_a_game(2)
    assert stats.hands_in_progress("Book rules") == 0
    texts = drawn(stats, (1280, 800), preset="Book rules")["texts"]
    assert not any(text.startswith("Includes") for text in texts)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (480, 340)])
def test_the_note_fits_in_every_language(language: str, size: tuple[int, int]) -> None:
    """(At 480 x 340 some rows of the table itself do not fit in some languages; the
    note must.)"""
    shown = drawn(in_a_game(2), size)
    scene = shown["scene"]
    assert isinstance(scene, StatsScene)
    note = scene.in_progress_note()
    assert note != "" and note in shown["texts"]
    misfits = shown["misfits"]
    assert isinstance(misfits, list)
    assert not any(note[:20] in str(misfit) for misfit in misfits), misfits
    if size != (480, 340):
        assert misfits == []
