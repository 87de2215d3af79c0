"""The server's own lobby words reach each player in their language: the server sends a
code, the details, and its English sentence; the window shows the catalogue's sentence for
the code, filled with the details."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta import i18n
from canasta.names import check_name
from canasta.net.client import ClientError
from canasta.net.link import OnlineLink
from canasta.net.protocol import ErrorMessage, Notice, RefusalMessage, Seated
from canasta.net.server_words import REASONS, WORDS, english, say
from tests.net.helpers import connect_two, run, running_server
from tests.net.test_link import StubClient, table, view


@pytest.fixture
def german() -> Iterator[None]:
    assert i18n.set_language("de") == "de"
    yield
    i18n.set_language("en")


def test_a_taken_chair_is_refused_in_the_players_language(tmp_path: Path, german: None) -> None:
    async def body() -> tuple[str, ErrorMessage]:
        async with running_server(tmp_path) as server:
            ann, bob = await connect_two(server)
            made = await ann.create(players=4)
            with pytest.raises(ClientError) as caught:
                await bob.join(0, table=made.id)
            await ann.close()
            await bob.close()
            return str(caught.value), bob.errors[-1]

    words, sent = run(body(), timeout=60)
    # On the wire: the code, the details (chairs counted from 1), and English for others.
    assert (sent.code, sent.details) == ("chair_taken", {"chair": 1})
    assert sent.message == "Chair 1 is taken: pick a free one."
    assert words == "Platz 1 ist besetzt: wähle einen freien."  # what Bob reads


def test_the_link_says_errors_notices_and_refusals_in_the_players_language(german: None) -> None:
    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    client.inbox.append(ErrorMessage(code="rate_limited", message=english("rate_limited")))
    link.pump()
    assert link.problem == "Zu viele Nachrichten auf einmal: der Server hat eine übersprungen. " \
        "Etwas langsamer."  # fmt: skip
    client.inbox += [Seated(table=table(), chair=0, token="t" * 20),
                     Notice(code="computer", message=english("computer", name="Bob"),
                            details={"name": "Bob"})]  # fmt: skip
    link.pump()
    assert link.take_notice() == ("Bob ist zu lange weg: ein Computerspieler spielt den Platz, "
                                  "bis sie oder er zurückkommt.")  # fmt: skip
    storage = {"why": "the disk is full"}  # a reason is a sentence of the catalogue too
    client.inbox.append(Notice(code="storage_wait", message=english("storage_wait", **storage),
                               details=storage))  # fmt: skip
    link.pump()
    assert "Der Server kann nicht speichern (die Festplatte ist voll)" in str(link.take_notice())


def test_a_refusal_from_the_server_is_shown_in_the_players_language(german: None) -> None:
    from canasta.controller.events import Refused
    from canasta.net.protocol import View

    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    client.inbox += [Seated(table=table(), chair=0, token="t" * 20), View(view=view(0))]
    link.pump()
    assert link.game is not None
    link.game.pending = True
    details = {"chair": 2}
    client.inbox.append(RefusalMessage(ref=1, code="not_your_turn", details=details,
                                       message=english("not_your_turn", **details)))  # fmt: skip
    client.inbox.append(RefusalMessage(ref=2, code="meld_too_small", message="A meld needs "
                                       "at least 3 cards; you chose 2.",
                                       details={"count": 2}))  # fmt: skip
    link.pump()
    said = [e.message for e in link.game.events if isinstance(e, Refused)]
    assert said[-2:] == ["Du bist nicht am Zug: Platz 2 ist dran.",
                         say("meld_too_small", {"count": 2}, "")]  # fmt: skip
    assert said[-1] != "A meld needs at least 3 cards; you chose 2." and "2" in said[-1]


def test_an_unknown_code_or_missing_details_show_the_servers_own_words(german: None) -> None:
    assert say("new_in_a_later_server", {}, "Something new.") == "Something new."
    assert say("chair_taken", {}, "Chair 3 is taken.") == "Chair 3 is taken."  # no {chair}
    assert say("version", {"server": 2, "yours": 1}, "") == (
        "der Server hat eine neuere Version von Canasta (Protokoll 2, dieses Spiel 1): "
        "aktualisiere Canasta")  # fmt: skip
    assert say("version", {"server": 1, "yours": 2}, "").startswith(
        "der Server hat eine ältere Version"
    )


def test_every_code_the_server_sends_has_its_words_and_every_reason_is_in_the_catalogue() -> None:
    source = "".join(
        (Path(__file__).resolve().parents[2] / "canasta" / "net" / name).read_text()
        for name in ("server.py", "runner.py", "tables.py", "protocol.py")
    )
    sent = set(re.findall(r'(?:_error|_strike|TableError\.of|tell)\(\s*(?:conn, )?"(\w+)"', source))
    sent |= set(re.findall(r'ProtocolError\(\s*"(\w+)"', source))
    assert {"chair_taken", "rate_limited", "left", "bad_name", "storage_wait"} <= sent
    assert sent - set(WORDS) == set()
    for bad in ("", "x" * 25, "a\u0007b"):
        with pytest.raises(ValueError) as caught:
            check_name(bad)
        assert str(caught.value) in REASONS  # translated when the server names it
