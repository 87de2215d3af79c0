"""A game window that closes mid-game gets its seat back: the seat's token, the server's
address and the table are kept in the player's files while the game is on, and the next
run's Play online form offers "Rejoin your table", which reconnects with the token to that
chair, mid-turn included. The kept seat is forgotten when the person leaves, and when the
server no longer knows the token (dummy video driver, a real server on loopback)."""

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
from canasta.persistence.online_seat import OnlineSeat
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.home import HomeScene
from canasta.scenes.lobby import LobbyScene
from canasta.scenes.table import TableScene
from canasta.ui.input import Click
from tests.net.helpers import ServerThread
from tests.net.test_remote import intent_for

SIZE = (1280, 800)


@pytest.fixture
def window():
    pygame.init()
    return pygame.display.set_mode(SIZE)


class Windows:
    """Game windows (apps) on one server, and Bob's link (no window); every wait is for
    the next message to arrive (no sleeps)."""

    def __init__(self, url: str, surface: pygame.Surface) -> None:
        self.arrived = threading.Semaphore(0)
        self.surface = surface
        self.app = self.new_app()
        self.bob = self.make(url, "Bob")

    def make(self, url: str, name: str, token: str | None = None) -> OnlineLink:
        return OnlineLink(url, name, token=token, make_client=lambda u, n, t: BackgroundClient(
            u, n, t, on_message=self.arrived.release))  # fmt: skip

    def new_app(self) -> App:
        app = App(SIZE)
        app.online.make_link = self.make
        return app

    def frame(self) -> None:
        self.app.manager.update(1 / 30)
        self.app.manager.draw(self.surface)
        self.bob.pump()

    def until(self, test: Callable[[], bool], what: str) -> None:
        self.frame()
        while not test():
            assert self.arrived.acquire(timeout=30), f"nothing arrived while waiting for {what}"
            self.frame()

    def open_form(self) -> LobbyScene:
        self.app.home()
        home = self.app.manager.top
        assert isinstance(home, HomeScene) and home.online_button is not None
        home.online_button.click()
        lobby = self.app.manager.top
        assert isinstance(lobby, LobbyScene) and lobby.stage == "form"
        return lobby


def start_game(w: Windows, url: str) -> TableScene:
    """Ann (the window) makes a public table, Bob sits at chair 2, both ready, Ann starts."""
    lobby = w.open_form()
    assert lobby.form.rejoin_button not in lobby.buttons()  # no seat kept yet
    lobby.address.text, lobby.name.text = url, "Ann"
    lobby.connect()
    link = w.app.online.link
    assert link is not None
    w.until(lambda: lobby.stage == "lobby" and link.connected and w.bob.welcomed, "the lobby")
    lobby.create(2)
    w.until(lambda: lobby.stage == "table", "Ann's table")
    assert link.table is not None
    w.bob.join(link.table.id, 1)
    w.until(lambda: link.table is not None and link.table.chairs[1].name == "Bob", "Bob")
    lobby.toggle_ready()
    w.bob.ready(True)
    w.until(lambda: lobby.all_ready(), "both ready")
    lobby.start()
    w.until(lambda: isinstance(w.app.manager.top, TableScene) and w.bob.started, "the table")
    table = w.app.manager.top
    assert isinstance(table, TableScene)
    return table


@pytest.mark.parametrize("way", ["form", "chair"])
def test_a_closed_window_rejoins_its_table_mid_turn(
    tmp_path: Path, canasta_home: Path, window: pygame.Surface, way: str
) -> None:
    """``form``: the Play online form's Rejoin button, at once (mid-turn). ``chair``: after
    the grace period (none here) a computer plays the chair; the lobby's list shows the
    person's own chair as "Your chair", and clicking it takes the chair back."""
    grace = 600.0 if way == "form" else 0.0
    server = ServerThread(tmp_path / "server", rate=1000.0, burst=1000.0, grace=grace)
    w = Windows(server.url, window)
    rng = random.Random(11)
    try:
        table = start_game(w, server.url)
        link = w.app.online.link
        assert link is not None and link.table is not None and link.token is not None
        kept = w.app.session.store.load_seat()
        assert kept == OnlineSeat(url=server.url, name="Ann", table=link.table.id, chair=0,
                                  token=link.token, players=["Ann", "Bob"])  # fmt: skip
        assert w.app.session.store.paths.seat.stat().st_mode & 0o777 == 0o600  # owner only
        ann = table.controller
        bob = w.bob.game
        assert isinstance(ann, RemoteTableControl) and bob is not None
        while not ann.person_to_move():  # Bob plays until it is Ann's turn
            if bob.person_to_move():
                legal = [m for m in bob.view().seen.legal_moves
                         if m.type in (MoveType.DRAW, MoveType.DISCARD)]  # fmt: skip
                assert intent_for(bob, rng.choice(legal)) is None
            w.until(lambda: not bob.pending, "Bob's move")
            w.until(lambda: ann.person_to_move() or bob.person_to_move(), "a turn")
        assert ann.intent_draw() is None  # mid-turn: drawn, not yet discarded
        w.until(lambda: not ann.pending and ann.view().seen.phase == "play", "Ann's draw")
        hand = sorted(ann.view().hand)

        # The window closes (as a crash would); a new run of the game starts.
        link.close()
        w.app.online.link = None
        w.until(lambda: w.bob.table is not None and w.bob.table.chairs[0].away, "Ann away")
        w.app.close()
        w.app = w.new_app()
        lobby = w.open_form()
        assert lobby.form.rejoin_button in lobby.buttons()
        assert lobby.form.rejoin_button.label == "Rejoin your table (Ann and Bob)"
        if way == "form":
            lobby.form.rejoin_button.click()
        else:
            w.until(lambda: w.bob.table is not None and w.bob.table.chairs[0].computer,
                    "a computer in Ann's chair")  # fmt: skip
            lobby.connect()
            w.until(lambda: lobby.stage == "lobby" and bool(lobby.seats), "the list")
            own = [rect for rect, t, chair in lobby.seats if (t.id, chair) == (kept.table, 0)]
            assert len(own) == 1  # her chair, though taken, is a button: "Your chair"
            lobby.handle(Click(own[0].center, 1))
        w.until(lambda: isinstance(w.app.manager.top, TableScene), "the table again")
        again = w.app.manager.top
        assert isinstance(again, TableScene)
        control = again.controller
        assert isinstance(control, RemoteTableControl) and control.model.seat == 0
        if way == "form":  # mid-turn: the drawn card is there, the discard still to come
            assert control.view().seen.phase == "play" and control.person_to_move()
            assert sorted(control.view().hand) == hand
        w.until(lambda: w.bob.table is not None and not w.bob.table.chairs[0].away
                and not w.bob.table.chairs[0].computer, "Ann back in her chair")  # fmt: skip

        # Leave: the kept seat is forgotten.
        again.on_menu()
        dialog = w.app.manager.top
        assert isinstance(dialog, ConfirmDialog)
        dialog.on_yes()
        assert w.app.session.store.load_seat() is None
        lobby = w.app.manager.top
        assert isinstance(lobby, LobbyScene) and lobby.rejoin_link is None
    finally:
        w.bob.close()
        w.app.close()
        server.stop()


def test_a_seat_the_server_no_longer_knows_is_forgotten_in_plain_words(
    tmp_path: Path, canasta_home: Path, window: pygame.Surface
) -> None:
    server = ServerThread(tmp_path / "server")
    w = Windows(server.url, window)
    try:
        w.app.session.store.save_seat(OnlineSeat(url=server.url, name="Ann", table="ab12",
                                                 chair=1, token="x" * 32))  # fmt: skip
        lobby = w.open_form()
        assert lobby.form.rejoin_button.label == "Rejoin your table"
        lobby.form.rejoin_button.click()
        w.until(lambda: lobby.link is None, "the refusal")
        assert lobby.error == "your seat there is gone: that game is over or its table was closed"
        assert lobby.form.rejoin_button not in lobby.buttons()
        assert w.app.session.store.load_seat() is None
    finally:
        w.bob.close()
        w.app.close()
        server.stop()


def test_a_broken_seat_file_is_moved_aside_and_no_rejoin_is_offered(
    canasta_home: Path, window: pygame.Surface
) -> None:
    app = App(SIZE)
    try:
        path = app.session.store.paths.seat
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{"url": "ws://h:1", "token": ', encoding="utf-8")
        assert app.session.store.load_seat() is None
        assert not path.exists() and list(path.parent.glob("online_seat*"))  # kept aside
        notices = app.session.store.take_notices()
        assert any("online seat" in str(line) for line in notices)
    finally:
        app.close()
