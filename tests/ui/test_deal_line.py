"""The hand's summary of an online game says whether its deal was verified: a quiet line
when the revealed seed checks, white on red across the window when it does not."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from canasta import i18n
from canasta.engine.scoring import HandScore, SideScore
from canasta.net.proof import DealCheck
from canasta.net.remote import RemoteGame
from canasta.scenes import scoreboard as module
from canasta.scenes.scoreboard import WARNING_RED, ScoreboardScene

SIZE = (1280, 800)


@pytest.fixture
def speak() -> Iterator[None]:
    yield
    i18n.set_language("en")


def board(check: DealCheck | None) -> ScoreboardScene:
    side = SideScore(melded=120, natural_canastas=1, mixed_canastas=0, canasta_bonus=500,
                     red_threes=0, red_three_points=0, going_out=100, in_hand=-15)  # fmt: skip
    score = HandScore((side, side))
    game = RemoteGame([score], [705, 705])
    game.deal_check = check

    class Table:
        hand_score = score

    Table.game = game  # type: ignore[attr-defined]
    scene = ScoreboardScene(Table(), 0, on_continue=lambda: None, on_new_game=lambda: None,
                            on_home=lambda: None)  # fmt: skip
    scene.resize(SIZE)
    return scene


def lines(scene: ScoreboardScene, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """The texts the scene draws, with their colours."""
    drawn: list[tuple[str, Any]] = []
    real = module.blit_text

    def spy(surface: Any, text: str, size: int, color: Any, *args: Any, **kw: Any) -> Any:
        drawn.append((text, tuple(color)))
        return real(surface, text, size, color, *args, **kw)

    monkeypatch.setattr(module, "blit_text", spy)
    surface = pygame.display.set_mode(SIZE)
    scene.draw(surface)
    return drawn


@pytest.mark.usefixtures("speak")
def test_a_verified_deal_is_said_under_the_title(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = lines(board(DealCheck(1, True)), monkeypatch)
    assert "Deal verified" in [text for text, _ in drawn]
    assert not any("WARNING" in text for text, _ in drawn)


@pytest.mark.usefixtures("speak")
def test_a_deal_that_fails_its_check_is_a_warning_in_red(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene = board(DealCheck(1, False, "cards"))
    drawn = lines(scene, monkeypatch)
    warning = ("WARNING: this deal is NOT verified: the revealed seed does not give the "
               "cards this seat was dealt")  # fmt: skip
    assert (warning, (255, 255, 255)) in drawn
    surface = pygame.display.get_surface()
    y = SIZE[1] // 10 + max(22, SIZE[1] // 22)
    assert tuple(surface.get_at((40, y)))[:3] == WARNING_RED  # the red band
    i18n.set_language("de")
    drawn = lines(scene, monkeypatch)
    assert any(text.startswith("WARNUNG: Diese Verteilung ist NICHT geprüft") for text, _ in drawn)


@pytest.mark.usefixtures("speak")
def test_a_hand_with_no_deal_checked_shows_its_number(monkeypatch: pytest.MonkeyPatch) -> None:
    scene = board(None)
    drawn = lines(scene, monkeypatch)
    assert "Deal 1" in [text for text, _ in drawn]  # as before: the hand's number
