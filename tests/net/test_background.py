"""The client beside a game loop: requests return at once, messages are polled, and a
lost server reads as plain words."""

from __future__ import annotations

import threading
from pathlib import Path

from canasta.net.background import BackgroundClient
from canasta.net.protocol import Seated, TableUpdate, View, Welcome
from tests.net.helpers import ServerThread


def test_requests_return_at_once_and_messages_are_polled(tmp_path: Path) -> None:
    server = ServerThread(tmp_path)
    arrived = threading.Semaphore(0)
    ann = BackgroundClient(server.url, "Ann", on_message=arrived.release)
    try:
        welcome = ann.connect().result(30)
        assert isinstance(welcome, Welcome) and ann.status == "connected"
        assert ann.status_text() == ""
        pending = ann.request(lambda c: c.create(players=2, level="random", public=False))
        table = pending.result(30)
        got: list[object] = []
        while not any(isinstance(m, TableUpdate) for m in got):
            assert arrived.acquire(timeout=30)
            got += ann.poll()
        assert any(isinstance(m, Seated) and m.table.id == table.id for m in got)
        assert ann.poll() == [] or True  # polling again never waits
        bob = BackgroundClient(server.url, "Bob")
        bob.connect().result(30)
        bob.request(lambda c: c.join(1, code=table.code)).result(30)
        for client in (ann, bob):
            client.request(lambda c: c.ready()).result(30)
        ann.request(lambda c: c.wait(lambda: all(ch.ready for ch in c.table.chairs))).result(30)
        ann.request(lambda c: c.start()).result(30)
        got = []
        while not any(isinstance(m, View) for m in got):
            assert arrived.acquire(timeout=30)
            got += ann.poll()
        view = next(m for m in got if isinstance(m, View)).view
        assert len(view.hand) == 15 and view.seat == 0
        bob.close()
    finally:
        server.stop()
    # The server is gone: the client tries again by itself and says so in plain words.
    ann.request(lambda c: c.wait(lambda: c.status == "reconnecting", 30)).result(40)
    assert ann.status_text() == "Reconnecting…"
    ann.close()
    assert ann.status_text() == "Not connected to the server."


def test_a_server_that_is_not_there_is_said_plainly(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = BackgroundClient(f"ws://127.0.0.1:{port}", "Ann")
    future = client.connect()
    assert future.exception(30) is not None
    assert client.status_text() == (
        "cannot reach the server (is it running, and is the address right?)"
    )
    client.close()
