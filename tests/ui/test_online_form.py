"""The Play online form: an address with a bad port is refused in plain words, and only an
address (and name) the server answered is remembered; a failed one leaves the last good one
in the settings (dummy video driver; the connection is a stub the test answers)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from canasta.app import App
from canasta.net.link import OnlineLink
from canasta.persistence.addresses import server_url
from canasta.scenes.lobby import LobbyScene
from tests.net.test_link import StubClient

SIZE = (1280, 800)
PORT_WORDS = (
    "the address has a bad port number (a port is a number from 1 to 65535, e.g. 192.168.1.20:8765)"
)


@pytest.mark.parametrize("typed", ["ws://127.0.0.1:8765BobX", "host:", "host:0", "h:70000",
                                   "wss://[::1]:port"])  # fmt: skip
def test_a_bad_port_is_said_in_plain_words(typed: str) -> None:
    with pytest.raises(ValueError) as caught:
        server_url(typed)
    assert str(caught.value) == PORT_WORDS


def test_only_an_address_the_server_answered_is_remembered(canasta_home: Path) -> None:
    pygame.init()
    window = pygame.display.set_mode(SIZE)
    links: list[OnlineLink] = []

    def make(url: str, name: str, token: str | None = None) -> OnlineLink:
        links.append(OnlineLink(url, name, token=token, make_client=StubClient))  # type: ignore[arg-type]
        return links[-1]

    app = App(SIZE)
    app.online.make_link = make
    try:
        app.session.update_settings(server_address="ws://10.0.0.7:8765", player_name="Ann")
        app.online.open()
        lobby = app.manager.top
        assert isinstance(lobby, LobbyScene)
        lobby.address.text = "ws://127.0.0.1:8765BobX"
        lobby.connect()
        assert lobby.link is None and lobby.address.error == PORT_WORDS  # beside the field
        lobby.draw(window)
        assert app.session.settings.server_address == "ws://10.0.0.7:8765"

        lobby.address.text, lobby.name.text = "127.0.0.1:1", "Bob"
        lobby.connect()  # a port nobody answers on
        client: StubClient = links[-1].client  # type: ignore[assignment]
        client.problem = "cannot reach the server (is it running, and is the address right?)"
        client.connecting.set_exception(ConnectionRefusedError())
        lobby.update(1 / 30)
        assert lobby.link is None and lobby.error.startswith("cannot reach the server")
        assert app.session.settings.server_address == "ws://10.0.0.7:8765"  # the good one
        assert app.session.settings.player_name == "Ann"

        lobby.address.text = "10.0.0.8"
        lobby.connect()
        client = links[-1].client  # type: ignore[assignment]
        client.connecting.set_result(None)  # the server said hello back
        lobby.update(1 / 30)
        assert app.session.settings.server_address == "ws://10.0.0.8:8765"
        assert app.session.settings.player_name == "Bob"
        assert App(SIZE).session.settings.server_address == "ws://10.0.0.8:8765"  # saved
    finally:
        app.close()
