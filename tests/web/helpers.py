"""Shared helpers of the browser tests: a server in its own thread whose every frame is
recorded with what its seat could see then, headless clients on that server's loop, and a
browser page that plays its seat through the buttons a player taps."""

from __future__ import annotations

import asyncio
import gettext
import random
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from canasta.engine.cards import CARD_CODE
from canasta.i18n import DOMAIN, LOCALE_DIR
from canasta.net.client import Client
from canasta.net.hub import ServerConfig
from canasta.net.server import Server

#: How long one wait in a browser may take at most (milliseconds): a bound, not a pace.
PATIENCE_MS = 20000


class Frame:
    """One frame the server sent: the chair, its text, the cards that chair could see
    when it was sent, whether the game was over, and the hands when a hand_over went."""

    def __init__(self, chair: int, text: str, visible: set[int], over: bool) -> None:
        self.chair, self.text, self.visible, self.over = chair, text, visible, over


class WebServer:
    """A server on 127.0.0.1 and a free port, in its own thread and event loop, recording
    every frame it sends (see :class:`Frame`); stop it with :meth:`stop`."""

    def __init__(self, data: Path, **options: Any) -> None:
        self.frames: list[Frame] = []
        self.ended: dict[str, list[list[int]]] = {}
        self.loop = asyncio.new_event_loop()
        config = ServerConfig(host="127.0.0.1", port=0, data=data, synchronous="NORMAL", **options)
        self.server = Server(config, tap=self._tap)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.server.start())
        self.http = f"http://127.0.0.1:{self.server.port}"
        self.ws = f"ws://127.0.0.1:{self.server.port}"

    def _tap(self, table_id: str, chair: int, text: str) -> None:
        table = self.server.runners[table_id].table
        visible: set[int] = set()
        over = False
        if table.saved is not None:
            visible = set(table.saved.game.hand.view_for(chair).visible_cards())
            over = table.saved.game.over
            if '"type":"hand_over"' in text:
                self.ended[text] = [list(cards) for cards in table.saved.game.hand.hands]
        self.frames.append(Frame(chair, text, visible, over))

    def call(self, coroutine: Coroutine[Any, Any, Any], timeout: float = 60.0) -> Any:
        """Run ``coroutine`` on the server's loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def start(self, coroutine: Coroutine[Any, Any, Any]) -> Any:
        """Start ``coroutine`` on the server's loop; return its future."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def stop(self) -> None:
        self.call(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


async def play_desk(client: Client, seed: int, hands: int = 1) -> int:
    """The desktop side: play random legal moves for ``client``'s seat until ``hands``
    hands are over; return the moves played."""
    rng = random.Random(seed)
    played = 0
    while True:
        await client.wait(
            lambda: client.hand_over is not None
            or (client.view is not None and client.view.mover == client.chair
                and bool(client.view.legal_moves)),
            60,
        )  # fmt: skip
        if client.hand_over is not None:
            hands -= 1
            if hands <= 0:
                return played
            await client.next_hand()
            await client.wait(lambda: client.hand_over is None, 60)
            continue
        assert client.view is not None
        answer = await client.play(rng.choice(client.view.legal_moves), 30)
        assert answer.type == "result", answer
        played += 1


def enter(page: Any, base: str, name: str, path: str = "/") -> None:
    """Open the page at ``path`` and give the name."""
    page.goto(base + path)
    page.fill("#name", name)
    page.click("form.name-form button[type=submit]")


def create_table(page: Any, players: int = 2, quick: bool = True, private: bool = False) -> str:
    """From the lobby: a new table (its options set by the lobby's switches), the
    browser seated at chair 1; return the join code."""
    page.wait_for_selector("#new2", timeout=PATIENCE_MS)
    # The switches are kept while the page lives: set them to what is asked.
    set_switch(page, "#quick", quick, "Game: one hand")
    set_switch(page, "#private", private, "Private: on")
    page.click(f"#new{players}")
    page.wait_for_selector("#join-code", timeout=PATIENCE_MS)
    return str(page.text_content("#join-code")).rsplit(" ", 1)[1]


def set_switch(page: Any, switch: str, on: bool, on_words: str) -> None:
    """Set a lobby switch: ``on_words`` is its English label when on (a page in another
    language compares the catalogue's translation)."""
    lang = str(page.get_attribute("html", "lang"))
    if lang != "en":
        on_words = gettext.translation(
            DOMAIN, LOCALE_DIR, languages=[lang.replace("-", "_")]
        ).gettext(on_words)
    if (page.text_content(switch) == on_words) != on:
        page.click(switch)


def hand_cards(page: Any) -> list[int]:
    """The card identities in the browser's hand, in the order shown."""
    return [int(x) for x in page.eval_on_selector_all(
        "#hand .card-button", "nodes => nodes.map(n => n.dataset.card)")]  # fmt: skip


def wait_turn_or_end(page: Any) -> str:
    """Wait until the browser's seat is to move or the hand is over; return "turn" or
    "over"."""
    page.wait_for_selector(
        "#table[data-turn=mine][data-pending=false], #scores", timeout=PATIENCE_MS
    )
    return "over" if page.query_selector("#scores") is not None else "turn"


def legal_moves(page: Any) -> list[str]:
    """The legal moves of the page's seat, as its table shows them (its own view's)."""
    listed = page.get_attribute("#table", "data-legal")
    return [m for m in str(listed or "").split("|") if m]


def select_codes(page: Any, codes: list[str]) -> None:
    """Tap, in the hand, one card of each code in ``codes``."""
    left = hand_cards(page)
    for wanted in codes:
        card = next(c for c in left if CARD_CODE[c] == wanted)
        left.remove(card)
        tap_card(page, card)


def play_turn(page: Any) -> None:
    """Play one turn through the buttons a player taps: answer a partner yes, draw (or
    take the pile with the cards the first legal take names, when the stock is empty),
    then discard the first card a legal discard names (the moves the seat's own view
    lists)."""
    # Read at once from the page (its frames reach this process on another channel and may
    # come later than the page draws them).
    moves, phase, listed = page.eval_on_selector(
        "#table", "t => [t.dataset.moves, t.dataset.phase, t.dataset.legal]"
    )
    legal = [m for m in str(listed).split("|") if m]
    if phase == "answer":
        page.click("#act-yes" if "yes" in legal else "#act-no")
    elif phase == "draw":
        takes = [m for m in legal if m.split()[0] == "take"]
        if "draw" in legal:
            page.click("#stock")
        elif takes:
            select_codes(page, takes[0].split()[1:])
            page.click("#pile")
        else:
            page.click("#act-decline")
    else:
        discard = next(m for m in legal if m.startswith("discard "))
        select_codes(page, discard.split()[1:])
        page.click("#act-discard")
    page.wait_for_selector(f"#table:not([data-moves='{moves}']), #scores", timeout=PATIENCE_MS)
    page.wait_for_selector("#table[data-pending=false], #scores", timeout=PATIENCE_MS)


def tap_card(page: Any, card: int) -> None:
    """Tap a card of the hand on its corner (the part a later card never covers), once
    no card is moving."""
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=PATIENCE_MS)
    page.click(f"#hand .card-button[data-card='{card}']", position={"x": 12, "y": 12})
