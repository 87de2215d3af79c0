"""The online table's line in plain words: the connection, who is away or played by a
computer, the turn clock counting down (an injected clock), the server's notices, the
wait for the next hand, a closed table; and a connection that fails."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from canasta.net.link import NOTICE_SECONDS, OnlineLink
from canasta.net.protocol import (
    ChairInfo,
    ClockInfo,
    ErrorMessage,
    Event,
    Notice,
    Seated,
    TableInfo,
    TableUpdate,
    View,
    ViewModel,
)


class StubClient:
    """Stands in for the background client: messages are queued by the test."""

    def __init__(self, url: str, name: str, token: str | None = None) -> None:
        self.inbox: list[Any] = []
        self.status = "connected"
        self.problem: str | None = None
        self.sent: list[Any] = []
        self.connecting: Future[Any] = Future()

    def request(self, make: Any) -> Future[Any]:
        self.sent.append(make)
        return self.connecting if len(self.sent) == 1 else Future()

    def poll(self) -> list[Any]:
        out, self.inbox = self.inbox, []
        return out

    def status_text(self) -> str:
        return {"connected": "", "reconnecting": "Reconnecting…"}.get(self.status, "closed")

    def close_soon(self) -> None:
        self.status = "closed"


def table(**chairs: ChairInfo) -> TableInfo:
    seats = [ChairInfo(name="Ann", side=0, ready=True, computer=False),
             ChairInfo(name="Bob", side=1, ready=True, computer=False)]  # fmt: skip
    for key, value in chairs.items():
        seats[int(key[1:])] = value
    return TableInfo(id="ab12", preset="Classic", players=2, public=True, level="medium",
                     status="playing", host=0, chairs=seats)  # fmt: skip


def view(mover: int = 1) -> ViewModel:
    return ViewModel(seat=0, turn=mover, mover=mover, phase="draw", hand=[4, 5], hand_sizes=[2, 2],
                     known=[[4, 5], []], shown=[[], []], stock_size=103, pile=[6],
                     pile_freezers=0, melds=[{}, {}], red_threes=[[], []], opened=[False, False],
                     side_scores=[0, 0], opening_points=0, waiting=[], turn_melded=False,
                     permission=None, legal_moves=[], move_count=0, hand_number=1,
                     totals=[0, 0])  # fmt: skip


def test_the_table_line_says_who_is_away_the_clock_and_the_notices() -> None:
    """Who is away (and whether a computer plays for them, or they left) shows on their
    seat's name; the line holds the connection, the clock, the wait and a closed table; a
    notice comes once, for the table to show over its prompt."""
    now = [100.0]
    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient, now=lambda: now[0])  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    client.inbox += [Seated(table=table(), chair=0, token="t" * 20)]
    link.pump()
    assert link.welcomed and link.table_line() == "" and link.seat_names() == ("Ann", "Bob")
    client.inbox.append(TableUpdate(table=table(c1=ChairInfo(name="Bob", side=1, away=True,
                                                             computer=False))))  # fmt: skip
    link.pump()
    assert link.seat_names() == ("Ann", "Bob (away)") and link.table_line() == ""
    client.inbox.append(TableUpdate(table=table(c1=ChairInfo(name="Bob", side=1, away=True))))
    link.pump()
    assert link.seat_names()[1] == "Bob (away, computer plays)"
    client.inbox.append(TableUpdate(table=table(c1=ChairInfo(name="Bob", side=1, away=True,
                                                             left=True, open=True))))  # fmt: skip
    link.pump()
    assert link.seat_names()[1] == "Bob (left, computer plays)"
    client.inbox.append(TableUpdate(table=table()))
    client.inbox.append(View(view=view(1), clock=ClockInfo(seat=1, move_left=20, bank_left=30)))
    link.pump()
    assert link.started and link.table_line() == "Bob: 20\u00a0s (bank 30\u00a0s)"
    assert link.game is not None and link.game.names == ("Ann", "Bob")  # the table's names
    now[0] += 25.0  # 20 s of the move, then 5 s of the bank
    assert link.table_line() == "Bob: 0\u00a0s (bank 25\u00a0s)"
    client.inbox.append(View(view=view(0), clock=ClockInfo(seat=0, move_left=15, bank_left=30)))
    client.inbox.append(Notice(code="storage_wait", message="The server cannot save.",
                               details={"why": "the disk is full"}))  # fmt: skip
    client.status = "reconnecting"
    link.pump()
    assert link.table_line() == "Reconnecting… · You: 15\u00a0s (bank 30\u00a0s)"
    assert link.take_notice() == ("The server cannot save (the disk is full): moves wait "
                                  "until it can save them again.")  # fmt: skip
    assert link.take_notice() is None  # once
    now[0] += NOTICE_SECONDS + 0.5
    client.status = "connected"
    link.next_hand()
    assert link.table_line() == ("You: 7\u00a0s (bank 30\u00a0s) · "  # 8.5 s of 15: counts up
                                 "Waiting for the other players to go on…")  # fmt: skip
    closed = table().model_copy(update={"status": "closed"})
    client.inbox.append(TableUpdate(table=closed))
    link.pump()
    assert link.table_line().endswith("The table was closed.")


def test_a_connection_that_cannot_be_made_fails_in_plain_words() -> None:
    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    words = "cannot reach the server (is it running, and is the address right?)"
    client.problem = words
    client.connecting.set_exception(ConnectionRefusedError())
    link.pump()
    assert link.failed and not link.welcomed and link.problem == words
    client.status = "closed"
    assert link.connection_line() == words


def test_a_server_of_another_version_is_said_in_plain_words(tmp_path, monkeypatch) -> None:
    import pytest

    import canasta.net.client as client_module
    from canasta.net.client import Client, ClientError
    from tests.net.helpers import run, running_server, url

    monkeypatch.setattr(client_module, "PROTOCOL_VERSION", 0)  # an older game

    async def scenario() -> str:
        async with running_server(tmp_path) as server:
            with pytest.raises(ClientError) as caught:
                await Client(url(server), "Ann").connect()
            return str(caught.value)

    words = run(scenario(), timeout=60)
    from canasta.net.protocol import PROTOCOL_VERSION

    assert words == (
        f"the server is a newer version of Canasta (protocol {PROTOCOL_VERSION}, this game 0): "
        "update Canasta"
    )


def test_a_turn_the_clock_played_is_said_on_the_table_line() -> None:
    """The server plays a move when the turn clock runs out (``by: "clock"``): the mover's
    window says their time ran out, the others' windows say whose."""
    now = [50.0]
    ann = OnlineLink("ws://h:1", "Ann", make_client=StubClient, now=lambda: now[0])  # type: ignore[arg-type]
    bob = OnlineLink("ws://h:1", "Bob", make_client=StubClient, now=lambda: now[0])  # type: ignore[arg-type]
    for link, chair in ((ann, 0), (bob, 1)):
        client: StubClient = link.client  # type: ignore[assignment]
        client.connecting.set_result(None)
        client.inbox += [Seated(table=table(), chair=chair, token="t" * 20),
                         Event(seq=4, seat=0, move="draw", count=1, by="clock")]  # fmt: skip
        link.pump()
    assert ann.take_notice() == "Your time ran out: the computer played your turn."
    assert bob.take_notice() == "Ann's time ran out: the computer played their turn."
    for link in (ann, bob):  # a move the person made says nothing
        client = link.client  # type: ignore[assignment]
        client.inbox.append(Event(seq=5, seat=1, move="draw", count=1))
        link.pump()
        assert link.take_notice() is None and link.table_line() == ""


class RetryClient(StubClient):
    """Each request gets a future of its own, which the test answers."""

    def __init__(self, url: str, name: str, token: str | None = None) -> None:
        super().__init__(url, name, token)
        self.futures: list[Future[Any]] = []

    def request(self, make: Any) -> Future[Any]:
        self.sent.append(make)
        self.futures.append(Future())
        return self.futures[-1]


def test_the_lobby_reconnects_by_itself_after_the_server_drops() -> None:
    """In the lobby there is no seat token, so the client does not come back by itself:
    the link tries again at once, then every RETRY_SECONDS (an injected clock), saying so
    in plain words, and takes the list of tables again once the server answers."""
    from canasta.net.link import RETRY_SECONDS
    from canasta.net.protocol import LobbyList

    now = [10.0]
    link = OnlineLink("ws://h:1", "Ann", make_client=RetryClient, now=lambda: now[0])  # type: ignore[arg-type]
    client: RetryClient = link.client  # type: ignore[assignment]
    client.futures[0].set_result(None)
    client.inbox.append(LobbyList(tables=[table()]))
    link.pump()
    assert link.connected and not link.lost and len(client.futures) == 1
    client.status = "closed"  # the server went away
    link.pump()
    assert link.lost and len(client.futures) == 2  # tried again at once
    assert link.connection_line() == "Lost the connection to the server: reconnecting…"
    client.problem = "cannot reach the server (is it running, and is the address right?)"
    client.futures[1].set_exception(ConnectionRefusedError())
    link.pump()
    assert link.problem is None and not link.failed  # not back to the form
    assert link.connection_line() == "Lost the connection to the server: reconnecting…"
    now[0] += RETRY_SECONDS - 0.5
    link.pump()
    assert len(client.futures) == 2  # not yet
    now[0] += 1.0
    link.pump()
    assert len(client.futures) == 3  # the next try
    client.status = "connected"  # the server is back
    client.futures[2].set_result(None)
    client.inbox.append(LobbyList(tables=[]))
    link.pump()
    assert link.connected and not link.lost and link.connection_line() == ""
    assert link.tables == []  # the list taken again
    link.close()
    assert not link.lost  # closed on purpose: nothing to try again


def test_at_four_the_partners_seat_says_partner_as_the_local_table_does() -> None:
    """Online, the partner's plate read "PlayerB \u00b7 11" where the local
    table says "Partner (North) \u00b7 11"; a computer partner is "Computer (partner)"."""
    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    chairs = [ChairInfo(name="Ann", side=0, computer=False), ChairInfo(side=1),
              ChairInfo(name="Bob", side=0, computer=False), ChairInfo(side=1)]  # fmt: skip
    four = TableInfo(id="ab12", preset="Classic", players=4, public=True, level="medium",
                     status="playing", host=0, chairs=chairs)  # fmt: skip
    client.inbox.append(Seated(table=four, chair=0, token="t" * 20))
    link.pump()
    assert link.seat_names() == ("Ann", "Computer (West)", "Partner Bob", "Computer (East)")
    away = ChairInfo(name="Bob", side=0, computer=False, away=True)
    gone = four.model_copy(update={"chairs": [chairs[0], chairs[1], away, chairs[3]]})
    client.inbox.append(TableUpdate(table=gone))
    link.pump()
    assert link.seat_names()[2] == "Partner Bob (away)"
    robot = four.model_copy(update={"chairs": [chairs[0], chairs[1], ChairInfo(side=0), chairs[3]]})
    client.inbox.append(TableUpdate(table=robot))
    link.pump()
    assert link.seat_names()[2] == "Computer (partner)"
    bob = OnlineLink("ws://h:1", "Bob", make_client=StubClient)  # type: ignore[arg-type]
    other: StubClient = bob.client  # type: ignore[assignment]
    other.connecting.set_result(None)
    other.inbox.append(Seated(table=four, chair=2, token="u" * 20))
    bob.pump()
    assert bob.seat_names() == ("Partner Ann", "Computer (East)", "Bob", "Computer (West)")


def test_the_table_waits_for_an_away_player_and_says_when_the_computer_takes_over() -> None:
    """No "PlayerB (away) is playing..." while nobody plays. The line now
    counts down to the computer's takeover and the prompt says the table waits."""
    from canasta.scenes.table.furniture import prompt_for

    now = [100.0]
    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient, now=lambda: now[0])  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    client.inbox += [Seated(table=table(), chair=0, token="t" * 20), View(view=view(1))]
    link.pump()
    assert link.waiting_for() == () and link.table_line() == ""
    assert link.game is not None and prompt_for(link.game.view()) == "Bob is playing\u2026"
    away = ChairInfo(name="Bob", side=1, away=True, computer=False, takeover_in=25.0)
    client.inbox.append(TableUpdate(table=table(c1=away)))
    link.pump()
    now[0] += 6.5
    assert link.takeover_left(1) == 18.5 and link.takeover_left(0) is None
    assert link.waiting_for() == (1,)
    assert link.table_line() == "Bob: the computer takes over in 19\u00a0s"
    assert prompt_for(link.game.view()) == "The table waits for Bob (away)\u2026"
    now[0] += 30.0
    assert link.table_line() == "Bob: the computer takes over in 0\u00a0s"
    client.inbox.append(TableUpdate(table=table(c1=ChairInfo(name="Bob", side=1, away=True))))
    link.pump()  # the grace period is over: the computer plays for Bob
    assert link.waiting_for() == () and link.table_line() == ""
    assert prompt_for(link.game.view()) == "Bob (away, computer plays) is playing\u2026"
    client.inbox += [TableUpdate(table=table(c1=away)), View(view=view(0))]
    link.pump()  # Ann to move: the table does not wait for Bob
    assert link.table_line() == ""


def test_waiting_for_the_next_deal_shows_the_chair_map_and_ends_when_its_person_is_back() -> None:
    """A seated answer with next_deal: the link sits at the chair map (no game, no token,
    not the host even at the host's chair) with the sentence of the wait in the player's
    words; its notice is not shown on a table; a seat_back error puts it back in the lobby
    with the reason."""
    link = OnlineLink("ws://h:1", "Cat", make_client=StubClient, now=lambda: 5.0)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    waited = table(c0=ChairInfo(name="Ann", side=0, computer=True, left=True, waiting="Cat"))
    client.inbox += [Seated(table=waited, chair=0, next_deal=True),
                     Notice(code="next_deal", message="...", details={"chair": 1})]  # fmt: skip
    link.pump()
    assert (link.chair, link.token, link.next_deal, link.started, link.host) == (
        0, None, True, False, False)  # fmt: skip
    assert link.waiting_line() == (
        "You take chair 1 over at the next deal: a computer player plays it until this "
        "hand is over, and its cards are not shown to you before then."
    )
    assert link.take_notice() is None
    client.inbox.append(ErrorMessage(code="seat_back", message="...",
                                     details={"name": "Ann", "chair": 1}))  # fmt: skip
    link.pump()
    assert (link.table, link.chair, link.next_deal, link.waiting_line()) == (None, None, False, "")
    assert link.problem == (
        "Ann came back to chair 1, so you do not take it over: pick another chair."
    )


def four_waited(chair: int) -> TableInfo:
    """A four-chair table in play, ``chair`` a computer's chair Cat waits for."""
    chairs = [ChairInfo(name="Ann", side=0, computer=False), ChairInfo(side=1),
              ChairInfo(side=0), ChairInfo(side=1)]  # fmt: skip
    chairs[chair] = ChairInfo(side=chair % 2, waiting="Cat")
    return TableInfo(id="ab12", preset="Classic", players=4, public=True, level="medium",
                     status="playing", host=0, chairs=chairs)  # fmt: skip


def test_the_chair_waited_for_is_named_computer_never_the_catalogues_header() -> None:
    """Online testing: a newcomer waiting for a computer's chair at four read "Platz 3 ·
    Partei 1 · Project-Id-Version: Canasta 0.1.0 …" in German (the own chair's place
    word was "", and gettext("") is the catalogue's header); it is "Computer" in each
    language, and the other chairs keep their places from that chair."""
    from canasta import i18n

    link = OnlineLink("ws://h:1", "Cat", make_client=StubClient)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    client.inbox.append(Seated(table=four_waited(2), chair=2, next_deal=True))
    link.pump()
    assert link.next_deal and link.chair == 2
    names = {"en": "Computer", "de": "Computer", "es": "Computadora", "fr": "Ordinateur",
             "it": "Computer", "pt_BR": "Computador"}  # fmt: skip
    try:
        for language, word in names.items():
            assert i18n.set_language(language) == language
            assert link.chair_name(2) == word
    finally:
        i18n.set_language("en")
    assert [link.chair_name(c) for c in range(4)] == [
        "Ann", "Computer (East)", "Computer", "Computer (West)"]  # fmt: skip


def test_leaving_a_chair_map_whose_connection_was_lost_leaves_no_stale_problem() -> None:
    """Online testing: a newcomer waiting for the next deal lost the server (no token to
    come back with), clicked Leave, and the lobby kept "Not connected to the server" even
    once it was connected again: Leave and the lobby's Refresh sent on a closed connection
    and their failure arrived after the retry. With the connection lost nothing is sent;
    the retry reconnects and lists the tables."""
    link = OnlineLink("ws://h:1", "Cat", make_client=StubClient)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    client.inbox.append(Seated(table=four_waited(2), chair=2, next_deal=True))
    link.pump()
    sent = len(client.sent)
    client.status = "closed"  # the server went away (Ctrl+C): it forgets the wait
    link.leave()
    link.refresh()
    assert len(client.sent) == sent  # nothing sent on a closed connection
    assert (link.table, link.chair, link.next_deal, link.problem) == (None, None, False, None)
    link.pump()
    assert link.lost and len(client.sent) == sent + 1  # the lobby's retry, at once
    assert link.connection_line() == "Lost the connection to the server: reconnecting…"
    client.status = "connected"
    link.refresh()
    assert len(client.sent) == sent + 2  # connected: asked at once


def test_a_wait_for_the_next_deal_whose_connection_is_lost_goes_back_to_the_lobby() -> None:
    """Online testing: the server stopped (Ctrl+C) and came back while a newcomer waited for
    the next deal; the window kept the chair map with "Not connected to the server." for
    good (a wait has no token to reconnect with, and the server ends a wait whose
    connection is lost). The wait is over: back in the lobby, which reconnects by itself
    and lists the tables."""
    from canasta.net.protocol import LobbyList

    link = OnlineLink("ws://h:1", "Cat", make_client=StubClient, now=lambda: 5.0)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    client.inbox.append(Seated(table=four_waited(2), chair=2, next_deal=True))
    link.pump()
    assert (link.chair, link.next_deal, link.lost) == (2, True, False)
    sent = len(client.sent)
    client.status = "closed"
    link.pump()
    assert (link.table, link.chair, link.next_deal, link.started) == (None, None, False, False)
    assert link.lost and len(client.sent) == sent + 1  # tried again at once
    assert link.connection_line() == "Lost the connection to the server: reconnecting…"
    client.status = "connected"
    client.inbox.append(LobbyList(tables=[four_waited(3)]))
    link.pump()
    assert not link.lost and [t.id for t in link.tables] == ["ab12"]
    link.close()
    client.status = "closed"
    seated = OnlineLink("ws://h:1", "Dan", make_client=StubClient)  # type: ignore[arg-type]
    other: StubClient = seated.client  # type: ignore[assignment]
    other.connecting.set_result(None)
    other.inbox.append(Seated(table=four_waited(2), chair=1, token="t" * 20))
    seated.pump()
    other.status = "closed"  # a seat (a token) is not a wait: it stays and comes back
    seated.pump()
    assert (seated.chair, seated.lost) == (1, False)


def test_the_lobby_list_takes_the_changes_the_server_sends() -> None:
    """The window's list: the whole list once, then each change made to it (a changed
    table in its place, a new one at the end, a gone one out) and the count left out."""
    from canasta.net.protocol import LobbyChanges, LobbyList

    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    first, second = table(), table().model_copy(update={"id": "cd34"})
    client.inbox.append(LobbyList(tables=[first, second], more=0))
    link.pump()
    assert [t.id for t in link.tables] == ["ab12", "cd34"] and link.more == 0
    moved = first.model_copy(update={"status": "game_over"})
    third = table().model_copy(update={"id": "ef56"})
    client.inbox.append(LobbyChanges(tables=[third, moved], gone=["cd34"], more=4))
    link.pump()
    assert [(t.id, t.status) for t in link.tables] == [("ab12", "game_over"), ("ef56", "playing")]
    assert link.more == 4
