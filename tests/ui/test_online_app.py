"""The whole online path in the app (dummy video driver) against a real server on
loopback: Home → Play online → connect → a private table → Bob (a second link, no window)
joins by its code → ready → Start → the table over the online controller → a whole hand
→ the scoreboard → Continue → the next hand dealt in by itself → Menu → Leave → the lobby.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from canasta.app import App
from canasta.engine.moves import MoveType
from canasta.net.background import BackgroundClient
from canasta.net.link import OnlineLink
from canasta.net.remote import RemoteTableControl
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.home import HomeScene
from canasta.scenes.lobby import LobbyScene
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene
from canasta.ui.input import Key
from tests.net.helpers import ServerThread
from tests.net.test_remote import intent_for

SIZE = (1280, 800)


@pytest.fixture
def window():
    pygame.init()
    return pygame.display.set_mode(SIZE)


@pytest.mark.parametrize("quick", [False, True], ids=["full-game", "one-hand"])
def test_home_to_lobby_to_a_whole_hand_to_the_next_hand_and_back(
    tmp_path: Path, canasta_home: Path, window: pygame.Surface, quick: bool
) -> None:
    server = ServerThread(tmp_path / "server", rate=1000.0, burst=1000.0)
    arrived = threading.Semaphore(0)

    def make(url: str, name: str) -> OnlineLink:
        return OnlineLink(url, name, make_client=lambda u, n, t: BackgroundClient(
            u, n, t, on_message=arrived.release))  # fmt: skip

    app = App(SIZE)
    app.online.make_link = make
    bob = make(server.url, "Bob")
    rng = random.Random(7)

    def frame() -> None:
        app.manager.update(1 / 30)
        app.manager.draw(window)
        bob.pump()

    def until(test: Callable[[], bool], what: str) -> None:
        frame()
        while not test():
            link = app.online.link
            assert arrived.acquire(timeout=30), (
                f"nothing arrived while waiting for {what}: {link and link.problem}"
            )
            frame()

    try:
        app.home()
        home = app.manager.top
        assert isinstance(home, HomeScene) and home.online_button is not None
        home.online_button.click()
        lobby = app.manager.top
        assert isinstance(lobby, LobbyScene) and lobby.stage == "form"
        assert lobby.address.text == "ws://127.0.0.1:8765"  # the setting's default
        lobby.address.text, lobby.name.text = server.url, "Ann"
        lobby.connect()
        link = app.online.link
        assert link is not None
        assert not lobby.buttons()[0].enabled  # no table to make before the welcome
        until(lambda: lobby.stage == "lobby" and link.connected and bob.welcomed, "the lobby")
        assert app.session.settings.player_name == "Ann"  # remembered once welcomed
        assert app.session.settings.server_address == server.url
        lobby.new_table.toggle_private()
        if quick:
            lobby.new_table.toggle_quick()
        lobby.create(2)
        until(lambda: lobby.stage == "table", "Ann's table")
        assert link.table is not None and link.table.code is not None
        bob.join_code(link.table.code)
        until(lambda: bob.table is not None and link.table is not None
              and link.table.chairs[1].name == "Bob", "Bob's chair")  # fmt: skip
        lobby.toggle_ready()
        bob.ready(True)
        until(lambda: lobby.all_ready(), "both ready")
        lobby.start()
        until(lambda: isinstance(app.manager.top, TableScene) and bob.started, "the table")
        table = app.manager.top
        assert isinstance(table, TableScene)
        ann = table.controller
        assert isinstance(ann, RemoteTableControl) and bob.game is not None
        assert ann.view().names == ("Ann", "Bob")
        assert table.message() == "Dealing\u2026"  # no "Your turn" before the cards land
        for _frame in range(300):
            if not table.dealing:
                break
            frame()
        message = table.message()  # the other seat by its player's name
        assert message.startswith("Your turn") or message.startswith("Bob is playing")

        # A whole hand: each player to move plays a random legal move (melds preferred).
        for _move in range(2000):
            if isinstance(app.manager.top, ScoreboardScene) or table.hand_waiting:
                break
            mover = next((c for c in (ann, bob.game) if c.person_to_move()), None)
            if mover is None:
                assert arrived.acquire(timeout=30), "the hand stalled"
                frame()
                continue
            legal = list(mover.view().seen.legal_moves)
            plays = [m for m in legal if m.type in (MoveType.MELD, MoveType.LAYOFF)]
            move = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
            assert intent_for(mover, move) is None
            until(lambda: not mover.pending, "the move's answer")  # noqa: B023
        until(lambda: table.hand_waiting, "the end of the hand")
        assert table.reveal  # every hand turns face up, as at the local table
        for _frame in range(30):  # a second of looking at the hands (Enter is ignored
            frame()  # for GUARD_S after they turn face up)
        table.handle(Key(pygame.K_RETURN))  # the person has looked: the scores
        board = app.manager.top
        assert isinstance(board, ScoreboardScene) and ann.hand_score is not None
        assert link.table is not None and link.table.quick is quick, link.table
        assert ann.game.scores == [ann.hand_score] and ann.game.over is quick
        board.draw(window)  # the scoreboard reads the online game as it reads a local one
        assert ann.game.deal_proof == ("Deal verified", True)  # said under the title
        kept = app.session.store.load_seat()  # the seat is kept while the game is on
        assert (kept is None) is quick and (quick or kept.token == link.token)
        games = app.session.store.paths.games
        if quick:  # the game is over: Rematch, and its record is kept for the replay
            assert [b.label for b in board.buttons] == ["Rematch", "Lobby"]
            assert ann.game.record is not None
            kept = games / f"{ann.game.record['game_id']}.json"
            assert kept.is_file() and app.replays.recent()  # listed in Stats' recent games
        else:  # Continue: the next hand comes once both have asked; the table deals it
            assert [b.label for b in board.buttons] == ["Continue", "Lobby"]
            assert not games.exists() or not list(games.glob("*.json"))
        board.buttons[0].click()
        assert app.manager.top is table and "Waiting for the other players" in table.message()
        bob.next_hand()
        until(lambda: ann.deals == 2 and table._dealt == 2, "the next hand")
        assert len(ann.view().hand) == 15 and not ann.view().ended
        assert ann.game.hand_number == (1 if quick else 2) and ann.hand_score is None
        assert ann.game.scores == [] if quick else len(ann.game.scores) == 1

        # Menu → Leave: the chair goes to a computer player, the lobby shows again.
        table.on_menu()
        dialog = app.manager.top
        assert isinstance(dialog, ConfirmDialog)
        dialog.on_yes()
        lobby = app.manager.top
        assert isinstance(lobby, LobbyScene) and lobby.stage == "lobby"
        until(lambda: bob.table is not None and bob.table.chairs[0].computer,
              "a computer in Ann's chair")  # fmt: skip
        assert bob.seat_names()[0] == "Ann (left, computer plays)"
        assert bob.game is not None and bob.game.names[0] == "Ann (left, computer plays)"
    finally:
        bob.close()
        app.close()
        server.stop()


def test_a_whole_view_that_comes_with_no_event_moves_the_cards_too(window) -> None:
    """After a reconnection the server sends the seat's whole view (a draw the turn clock
    made meanwhile included) and no event: the table places the cards where it says."""
    from canasta.engine.game import Game
    from canasta.engine.moves import Move
    from canasta.engine.rules import CLASSIC
    from canasta.net.protocol import View
    from canasta.net.views import view_model
    from canasta.scenes.base import SceneManager

    game = Game(CLASSIC, 5)
    hand = game.hand
    seat = hand.mover
    control = RemoteTableControl(hand.rules, lambda m, p: None,
                                 View(view=view_model(hand.view_for(seat), game)))  # fmt: skip
    scene = TableScene(control, lambda c: None, lambda: None, status=lambda: "")
    SceneManager(SIZE).push(scene)
    for _ in range(200):  # the deal lands
        scene.update(0.05)
    before = set(control.view().hand)
    hand.play(Move(MoveType.DRAW), seat)
    control.receive(View(view=view_model(hand.view_for(seat), game)))
    scene.update(0.05)
    new = set(control.view().hand) - before
    assert new and all(c in scene.board.plan.my_hand for c in new)
    for _ in range(100):
        scene.update(0.05)
    layout = scene.layout
    assert layout is not None
    assert all(scene.board.card_rect(c).colliderect(layout.hand) for c in new)
