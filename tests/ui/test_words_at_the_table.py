"""Words a new player tripped over: no pygame banner at start, no "Sound: on" without an
audio device, a position named as one (not "Deal 0"), the person's own question to the
partner in plain words, and a hint line with one colon."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from canasta import i18n
from canasta.ai.hard import Advice
from canasta.app.application import App, audio_device_present
from canasta.engine.moves import Move, MoveType
from canasta.persistence.positions import load_position
from canasta.scenes.home import HomeScene
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.settings import SettingsScene
from canasta.scenes.table import TableScene
from canasta.scenes.table.furniture import prompt_for
from canasta.ui.audio import Sound
from canasta.ui.text import report_text
from tests.ui.test_i18n_layout import ASKING, settled
from tests.ui.test_position_window import SHORT_STOCK, play_out


def test_starting_the_game_prints_no_pygame_banner() -> None:
    """pygame greets the terminal when first imported unless told not to: the game tells
    it before any of its modules imports pygame."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    for module in ("canasta.app", "canasta.scenes.table", "canasta.ui.text"):
        done = subprocess.run([sys.executable, "-c", f"import {module}"], env=env,
                              capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
        assert done.stdout == "" and "pygame" not in done.stderr, module


def test_no_audio_device_is_said_on_home_and_in_settings() -> None:
    silent = Sound(enabled=False)
    assert not audio_device_present(silent, {"SDL_AUDIODRIVER": "dummy"})
    assert audio_device_present(silent, {})  # off by the setting: a device may be there
    pygame.display.set_mode((800, 600))
    app = App((800, 600))
    app.audio_device = False
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene) and home.sound_button is not None
    assert home.sound_button.label == "No sound device"
    app.settings()
    settings = app.manager.top
    assert isinstance(settings, SettingsScene)
    assert settings.notes["sound"] == "No audio device: the game plays silently."
    app.close()
    i18n.set_language("es")
    try:
        words = HomeScene(lambda n: None, lambda: None, on_sound=lambda: True,
                          sound_device=False)  # fmt: skip
        assert words.sound_button is not None
        assert words.sound_button.label == "Sin audio"
    finally:
        i18n.set_language("en")


def test_a_position_is_named_a_position_not_deal_0(tmp_path: Path) -> None:
    import json

    path = tmp_path / "short.json"
    path.write_text(json.dumps(SHORT_STOCK), encoding="utf-8")
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    app.home()
    app.open_position(load_position(path))
    table = app.manager.top
    assert isinstance(table, TableScene)
    surface = pygame.display.get_surface()
    with report_text() as report:
        app.manager.draw(surface)
    texts = [text for text, _rect, _target, _clip in report.drawn]
    assert "Position" in texts and "Deal 0" not in texts
    assert app.controller is not None
    play_out(app.controller.hand, seed=3)
    app.controller.hand_score = app.controller.game.finish_hand()
    app.hand_over(app.controller)
    board = app.manager.top
    assert isinstance(board, ScoreboardScene)
    with report_text() as report:
        board.draw(surface)
    texts = [text for text, _rect, _target, _clip in report.drawn]
    assert "A position from a file" in texts and "Deal 0" not in texts
    assert "Play this position again" in [b.label for b in board.buttons]
    app.close()


@pytest.fixture
def spanish() -> Any:
    assert i18n.set_language("es") == "es"
    yield
    i18n.set_language("en")


def test_the_persons_own_question_is_said_plainly(spanish: Any) -> None:
    """The person asked "may I go out?": the prompt while the partner answers says so,
    with no "(Tú)" left dangling where the asker's name went."""
    from canasta.ai import TrackingPlayer
    from canasta.controller import TableController
    from canasta.engine import CLASSIC, Game
    from canasta.engine.position import state_from_data

    data = {**ASKING, "turn": 0, "phase": "answer", "asked": True}
    game = Game(CLASSIC.with_options(**data["rules"]), 5)
    game.hand = state_from_data(data)
    seats: list[Any] = [None, *(TrackingPlayer(s) for s in range(1, 4))]
    view = TableController(game, seats).view()  # before the partner's answer
    assert not view.person_to_move and view.phase == "answer" and view.seen.turn == 0
    assert prompt_for(view) == "Compañero responde a tu pregunta: ¿puedes cerrar?"
    assert "Tú" not in prompt_for(view)


def test_a_hint_line_has_one_colon(spanish: Any) -> None:
    scene = settled(ASKING | {"turn": 0, "phase": "play", "asked": False}, (1280, 800))
    card = scene.controller.hand.hands[0][0]
    reason = "Descarta 10\u2666: la carta que menos probablemente les da el pozo."
    scene.controller.poll_hint = lambda: Advice(Move(MoveType.DISCARD, (card,)), reason)  # type: ignore[method-assign]
    scene.hint.wanted = True
    line = scene.hint.line()
    assert line == f"Pista \u2014 {reason}" and line.count(":") == 1
