"""Every byte sent to each seat, over many hands with four remote seats: no message names a
card that seat could not see at that moment, and none gives the stock's order (no deal
number, no seed, no stock list) before the game is over."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

from canasta.engine.cards import CARD_CODE
from canasta.net.client import Client
from canasta.net.server import Server
from tests.net.helpers import play_random, run, running_server, url

CARD_LISTS = {"hand", "pile", "waiting", "cards", "red_threes"}
CODE = re.compile(r"\b(JK|[2-9TJQKA][CDHS])\b")
HIDDEN_KEYS = {"deal_number", "deal_numbers", "seed", "stock", "rng_state", "hands"}


def named_cards(message: dict[str, Any]) -> tuple[set[int], set[str]]:
    """The card identities and card codes a message names (outside a finished game's record
    and an ended hand's revealed seed)."""
    ids: set[int] = set()
    codes: set[str] = set()

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k == "record":
                    continue
                if k == "deal" and message.get("type") == "hand_over":
                    continue  # the ended hand's seed, revealed (see test_fair_deals)
                if k in HIDDEN_KEYS:
                    raise AssertionError(f"a message has the key {k!r}")
                if k == "melds":
                    for side in v:
                        for cards in side.values():
                            ids.update(cards)
                elif k == "known":
                    for cards in v:
                        ids.update(cards)
                else:
                    walk(v, k)
        elif isinstance(value, list):
            if key in CARD_LISTS:
                for item in value:
                    if isinstance(item, list):
                        ids.update(item)
                    else:
                        ids.add(item)
            else:
                for item in value:
                    walk(item, key)
        elif isinstance(value, str) and key in ("move", "legal_moves"):
            codes.update(CODE.findall(value))

    walk(message, "")
    return ids, codes


def check_frame(
    chair: int, text: str, visible: set[int], over: bool, ended: dict[str, list[list[int]]]
) -> None:
    """Check one frame sent to ``chair``: it names no card outside ``visible`` (the seat's
    visible cards when it was sent), no seat token but its own seating's, no game record
    before the game is over (``over``), and every hand only in a hand_over (``ended``: the
    hands when each hand_over text was sent).

    Raises:
        AssertionError: naming the chair, the cards and the frame's start.
    """
    message = json.loads(text)
    if message["type"] == "seated" and message.get("token") is not None:
        assert len(message["token"]) == 32
    assert "token" not in text.replace('"token":', "", 1 if message["type"] == "seated" else 0)
    if message.get("record") is not None:
        assert over, "a game record (every card) was sent before the game was over"
    if message["type"] == "hand_over":  # the hand is over: every hand is shown
        assert message.pop("shown") == ended[text]
    assert "shown" not in message
    ids, codes = named_cards(message)
    assert ids <= visible, (chair, sorted(ids - visible), text[:300])
    visible_codes = {CARD_CODE[c] for c in visible}
    assert codes <= visible_codes, (chair, sorted(codes - visible_codes), text[:300])
    if message["type"] == "event" and message["seat"] != chair:
        assert message["cards"] == []  # another seat's draw: a count, no card


def test_no_seat_is_ever_sent_a_card_it_could_not_see(tmp_path: Path) -> None:
    sent: list[tuple[int, str, set[int], bool]] = []
    #: Every hand at the moments a hand_over was sent (the hand is over: they are shown).
    ended: dict[str, list[list[int]]] = {}
    servers: list[Server] = []

    def tap(table_id: str, chair: int, text: str) -> None:
        table = servers[0].runners[table_id].table
        visible: set[int] = set()
        over = False
        if table.saved is not None:
            visible = table.saved.game.hand.view_for(chair).visible_cards()
            over = table.saved.game.over
            if '"type":"hand_over"' in text:
                assert table.saved.game.hand.ended
                ended[text] = [list(cards) for cards in table.saved.game.hand.hands]
        sent.append((chair, text, visible, over))

    async def body() -> None:
        async with running_server(tmp_path, tap=tap) as server:
            servers.append(server)
            clients = [Client(url(server), f"P{i}") for i in range(4)]
            for c in clients:
                await c.connect()
            info = await clients[0].create(players=4, public=False)
            for i, c in enumerate(clients[1:], start=1):
                await c.join(i, table=info.id)
            for c in clients:
                await c.ready()
            await clients[0].wait(lambda: all(ch.ready for ch in clients[0].table.chairs))  # type: ignore[union-attr]
            await clients[0].start()
            hands = 0
            rng = random.Random(11)
            while hands < 6:
                for c in clients:
                    await c.wait(lambda c=c: c.view is not None and c.hand_over is None, 20)
                await play_random(clients, rng)
                for c in clients:
                    await c.wait(lambda c=c: c.hand_over is not None, 20)
                hands += 1
                for c in clients:
                    await c.next_hand()
                await clients[0].wait(lambda: clients[0].hand_over is None, 20)
            await asyncio.sleep(0)
            for c in clients:
                await c.close()
            for chair, client in enumerate(clients):
                mine = [text for seat, text, _, _ in sent if seat == chair]
                assert client.received[-len(mine) :] == mine  # what was tapped is what arrived

    run(body(), 240)
    assert len(sent) > 1000
    checked = 0
    for chair, text, visible, over in sent:
        check_frame(chair, text, visible, over, ended)
        checked += 1
    assert checked == len(sent)
    draws = [json.loads(t) for c, t, _, _ in sent if '"move":"draw"' in t and '"type":"event"' in t]
    others = [m for m in draws if m["cards"] == [] and m["count"] > 0]
    assert others, "no draw by another seat was seen"
