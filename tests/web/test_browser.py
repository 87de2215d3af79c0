"""The browser client in a real browser (Debian's headless Chromium through Playwright),
against a real server: a whole hand with a desktop seat, a four-player table, a reload in
the middle of a turn, a hostile name, the hold-to-select gesture, and every frame the
browser receives checked against what its seat may see."""

from __future__ import annotations

import gettext
import json
from typing import Any

import pytest

from canasta.engine.cards import CARD_CODE, cards_value
from canasta.i18n import DOMAIN, LOCALE_DIR
from canasta.net.client import Client
from canasta.net.server_words import WORDS
from tests.net.test_leaks import check_frame
from tests.web.browser import page as new_page
from tests.web.helpers import (
    PATIENCE_MS,
    WebServer,
    create_table,
    enter,
    hand_cards,
    legal_moves,
    play_desk,
    play_turn,
    select_codes,
    tap_card,
    wait_turn_or_end,
)

#: A name that is markup; a name has at most 24 characters, so the name field keeps its
#: first 24 ("<img src=x onerror=alert"), which a browser would still read as an image.
HOSTILE = "<img src=x onerror=alert(1)>"
KEPT = HOSTILE[:24]
#: Another, through the desktop's client library (24 characters).
SCRIPTED = "<svg onload=alert(2)>"


def frames_of(page: Any) -> list[str]:
    """Every WebSocket frame the page receives from now on (filled as they arrive)."""
    received: list[str] = []

    def watch(socket: Any) -> None:
        socket.on("framereceived", lambda payload: received.append(str(payload)))

    page.on("websocket", watch)
    return received


def start_with_computers(page: Any) -> None:
    """Ready, then start (the browser is the only person: computers in the other chairs)."""
    page.click("#ready")
    page.click("#start:not([disabled])", timeout=PATIENCE_MS)
    page.wait_for_selector("#table", timeout=PATIENCE_MS)


def settled(page: Any) -> None:
    """Wait until no card is moving (the deal's slides are over)."""
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=PATIENCE_MS)


def assert_only_its_cards(server: WebServer, chair: int, received: list[str]) -> int:
    """Every frame the browser at ``chair`` received was sent to that chair and names only
    cards it could see then; return how many were checked."""
    sent = [f for f in server.frames if f.chair == chair]
    texts = [f.text for f in sent]
    # From its seating on, a seat's frames pass the server's tap (before it, the lobby's).
    first = next(i for i, t in enumerate(received) if json.loads(t)["type"] == "seated")
    seated = received[first:]
    assert seated == texts[-len(seated):]  # fmt: skip
    for frame in sent:
        check_frame(frame.chair, frame.text, frame.visible, frame.over, server.ended)
    return len(seated)


def test_a_whole_hand_between_a_browser_and_a_desktop_seat(browser: Any, server: WebServer) -> None:
    page = new_page(browser, 412, 780, still=True)
    received = frames_of(page)
    enter(page, server.http, "Ann")
    code = create_table(page, players=2, quick=False, private=True)
    assert page.get_attribute("#table-link", "href") == f"{server.http}/t/{code}"
    desk = Client(server.ws, "Bob")
    server.call(desk.connect())
    server.call(desk.join(1, code=code))
    page.wait_for_selector("#chairs :text('Bob')", timeout=PATIENCE_MS)
    server.call(desk.ready())
    start = page.locator("#start")
    page.click("#ready")
    start.click(timeout=PATIENCE_MS)
    played = server.start(play_desk(desk, seed=3))
    turns = 0
    while wait_turn_or_end(page) == "turn":
        play_turn(page)
        turns += 1
    assert played.result(60) > 0 and turns > 0
    over = json.loads(next(t for t in reversed(received) if '"type":"hand_over"' in t))
    # The desktop seat plays random legal moves, whose choices follow the browser's: once in
    # a while its side passes 5,000 in this first hand, and the game is over instead.
    title = "Game over" if over["game_over"] else "Hand 1 scores"
    assert page.text_content("#over-title") == title
    cells = page.eval_on_selector_all(
        "#scores tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    mine = over["sides"][0]
    assert cells[0] == ["Cards melded", str(mine["melded"]), str(over["sides"][1]["melded"])]
    assert cells[-2][:2] == ["This hand", str(mine["total"])]
    assert cells[-1] == ["Game total", str(over["totals"][0]), str(over["totals"][1])]
    checked = assert_only_its_cards(server, 0, received)
    assert checked > 2 * turns
    # The revealed seed deals what each seat saw: the browser says so, as the desktop does.
    assert page.text_content("#deal-proof") == "Deal verified"
    assert [(c.verified, c.problem) for c in desk.deal_checks] == [(True, "")]
    if over["game_over"]:
        server.call(desk.close())
        return
    page.click("#next")
    page.wait_for_selector("#over-title ~ p.note", timeout=PATIENCE_MS)  # waits for Bob
    server.call(desk.next_hand())
    page.wait_for_selector("#table[data-hand='2']", timeout=PATIENCE_MS)
    assert page.query_selector("#scores") is None
    assert page.text_content("#scoreline") == f"Us {over['totals'][0]} · Them {over['totals'][1]}"
    checked = assert_only_its_cards(server, 0, received)
    assert checked > 2 * turns
    server.call(desk.close())


@pytest.mark.slow
def test_a_four_player_table_with_two_browsers_a_desktop_seat_and_a_computer(
    browser: Any, server: WebServer
) -> None:
    ann = new_page(browser, 360, 640, still=True)
    bea = new_page(browser, 1280, 800, touch=False, still=True)
    errors: list[str] = []
    for page in (ann, bea):
        page.on("pageerror", lambda e: errors.append(str(e)))
    seen = {0: frames_of(ann), 1: frames_of(bea)}
    enter(ann, server.http, "Ann")
    code = create_table(ann, players=4, quick=True, private=True)
    enter(bea, server.http, "Bea", f"/t/{code}")  # the link joins the first free chair
    bea.wait_for_selector("#chairs .mine[data-chair='1']", timeout=PATIENCE_MS)
    desk = Client(server.ws, "Cid")
    server.call(desk.connect())
    server.call(desk.join(2, code=code))
    server.call(desk.ready())
    bea.click("#ready")
    ann.wait_for_selector("#chairs :text('Bea')", timeout=PATIENCE_MS)
    ann.click("#ready")
    ann.click("#start:not([disabled])", timeout=PATIENCE_MS)
    played = server.start(play_desk(desk, seed=9))
    pages = [ann, bea]
    while True:
        ann.wait_for_selector("#table, #scores", timeout=PATIENCE_MS)
        if ann.query_selector("#scores") is not None:
            break
        # Both read at once: the page may draw the next move between two reads.
        mover, moves = ann.eval_on_selector(
            "#table", "t => [Number(t.dataset.mover), t.dataset.moves]"
        )
        if mover in (0, 1):  # a browser's move: it plays when its own view says so
            page = pages[mover]
            page.wait_for_selector(
                f"#table[data-turn=mine][data-pending=false][data-moves='{moves}'], #scores",
                timeout=PATIENCE_MS,
            )
            if page.query_selector("#scores") is None:
                play_turn(page)
        else:
            ann.wait_for_selector(f"#table:not([data-moves='{moves}']), #scores",
                                  timeout=PATIENCE_MS)  # fmt: skip
    bea.wait_for_selector("#scores", timeout=PATIENCE_MS)
    assert errors == []
    over = json.loads(next(t for t in reversed(seen[0]) if '"type":"hand_over"' in t))
    assert over["game_over"] is True  # a one-hand game
    for chair, page in enumerate(pages):
        side = chair % 2
        winner = over["winner"]
        expected = ("You win!" if winner == side else "They win." if winner == 1 - side
                    else "A tie: the game is shared.")  # fmt: skip
        assert page.text_content("#result") == expected
        assert page.text_content("#next") == "Rematch"
    assert played.result(60) > 0
    assert ann.eval_on_selector_all(".seat", "s => s.length") == 3
    assert "Bea" in str(ann.text_content(".seats")) and "Cid" in str(ann.text_content(".seats"))
    for chair in (0, 1):
        assert assert_only_its_cards(server, chair, seen[chair]) > 10
    server.call(desk.close())


def test_a_reload_in_the_middle_of_a_turn_takes_the_chair_back(
    browser: Any, server: WebServer
) -> None:
    page = new_page(browser, 1280, 800, touch=False)
    enter(page, server.http, "Ann")
    create_table(page, players=2, quick=True)
    start_with_computers(page)
    assert wait_turn_or_end(page) == "turn"
    page.wait_for_selector("#table[data-phase=draw]", timeout=PATIENCE_MS)
    moves = page.get_attribute("#table", "data-moves")
    page.keyboard.press("s")  # the desktop's key: draw from the stock
    page.wait_for_selector(f"#table[data-phase=play]:not([data-moves='{moves}'])",
                           timeout=PATIENCE_MS)  # fmt: skip
    before = sorted(hand_cards(page))
    page.reload()
    page.wait_for_selector("#table[data-turn=mine][data-phase=play]", timeout=PATIENCE_MS)
    assert sorted(hand_cards(page)) == before
    moves = page.get_attribute("#table", "data-moves")
    card = next(c for c in hand_cards(page) if CARD_CODE[c] != "JK" and CARD_CODE[c][0] != "2")
    tap_card(page, card)
    page.keyboard.press("Enter")  # discard the selected card
    page.wait_for_selector(f"#table:not([data-moves='{moves}'])", timeout=PATIENCE_MS)
    pile = page.get_attribute("#pile img", "data-card")
    assert pile == str(card) or card not in hand_cards(page)


def test_a_hostile_name_is_shown_as_text(browser: Any, server: WebServer) -> None:
    host, guest = new_page(browser), new_page(browser, 1280, 800, touch=False)
    dialogs: list[str] = []
    for page in (host, guest):
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    enter(host, server.http, HOSTILE)
    create_table(host, players=4, quick=True)
    assert f"{KEPT} (you)" in str(host.text_content("#chairs"))
    desk = Client(server.ws, SCRIPTED)
    server.call(desk.connect())
    server.call(desk.join(2, code=str(host.text_content("#join-code")).rsplit(" ", 1)[1]))
    host.wait_for_selector("#chairs .chair[data-chair='2'] :text('svg')", timeout=PATIENCE_MS)
    assert SCRIPTED in str(host.text_content("#chairs"))
    enter(guest, server.http, "Bob")
    guest.wait_for_selector("#tables .table-row", timeout=PATIENCE_MS)
    listed = str(guest.text_content("#tables"))
    assert KEPT in listed and SCRIPTED in listed
    for page in (host, guest):
        assert page.query_selector("img[src=x]") is None
        assert page.query_selector("#screen svg") is None
        assert page.eval_on_selector_all("#screen img", "i => i.length") == 0
    assert dialogs == []
    server.call(desk.close())


def test_a_press_held_selects_every_card_of_its_rank_and_a_tap_one_card(
    browser: Any, server: WebServer
) -> None:
    page = new_page(browser)
    page.clock.install()  # the hold's length is run on the page's clock, not waited for
    enter(page, server.http, "Ann")
    create_table(page, players=2, quick=True)
    start_with_computers(page)
    box = None
    # A computer's move may lay the hand out anew between reading it and pressing a card
    # (the card is then no longer on the page): read it again once the cards are still.
    for _ in range(5):
        page.wait_for_selector("#hand .card-button", timeout=PATIENCE_MS)
        settled(page)
        cards = hand_cards(page)
        ranks: dict[str, list[int]] = {}
        for card in cards:
            ranks.setdefault(CARD_CODE[card][0], []).append(card)
        rank, same = max(ranks.items(), key=lambda item: len(item[1]))
        box = page.locator(f"#hand .card-button[data-card='{same[-1]}']").bounding_box()
        if box is not None:
            break
    assert box is not None
    page.mouse.move(box["x"] + 12, box["y"] + 24)
    page.mouse.down()
    page.clock.run_for(600)
    page.mouse.up()
    pressed = page.eval_on_selector_all(
        "#hand [aria-pressed=true]", "n => n.map(x => Number(x.dataset.card))"
    )
    if rank != "J":  # jacks and jokers share the letter; a held joker picks the jokers only
        assert sorted(pressed) == sorted(same)
    assert len(pressed) >= 1
    other = next(c for c in cards if c not in pressed)
    tap_card(page, other)
    now = page.eval_on_selector_all(
        "#hand [aria-pressed=true]", "n => n.map(x => Number(x.dataset.card))"
    )
    assert sorted(now) == sorted([*pressed, other])
    label = page.get_attribute(f"#hand .card-button[data-card='{other}']", "aria-label")
    assert label is not None and (" of " in label or label == "Joker")


def test_the_browser_s_language_speaks_the_server_s_words_and_a_switch_changes_it(
    browser: Any, server: WebServer
) -> None:
    def words(language: str) -> gettext.NullTranslations:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])

    page = new_page(browser, language="de-DE")
    enter(page, server.http, "Ann")
    page.wait_for_selector("#new2", timeout=PATIENCE_MS)
    german = words("de")
    assert page.text_content("#new2") == german.gettext("New table: 2 players")
    page.fill("#code", "ZZZZZZ")
    page.click(".join-form button")  # no such table: the server's code, in German
    page.wait_for_selector("#toast:not([hidden])", timeout=PATIENCE_MS)
    assert page.text_content("#toast") == german.gettext(WORDS["no_table"])
    assert page.text_content("#toast") != WORDS["no_table"]
    page.select_option("#language", "fr")
    french = words("fr").gettext("New table: 2 players")
    page.wait_for_selector(f"#new2:text-is('{french}')", timeout=PATIENCE_MS)
    assert page.get_attribute("html", "lang") == "fr"


@pytest.mark.slow
def test_a_meld_waits_beside_the_hand_and_goes_with_the_discard_as_one_plan(
    browser: Any, server: WebServer
) -> None:
    page = new_page(browser, 1280, 800, touch=False, still=True)
    enter(page, server.http, "Ann")
    create_table(page, players=2, quick=True)
    start_with_computers(page)
    while wait_turn_or_end(page) == "turn":
        legal = legal_moves(page)
        melds = [m for m in legal if m.startswith("meld ")]
        discards = [m for m in legal if m.startswith("discard ")]
        if page.get_attribute("#table", "data-phase") != "play" or not melds:
            play_turn(page)
            continue
        meld = melds[0].split()[1:]
        select_codes(page, meld)
        page.click("#act-meld")
        waiting = page.eval_on_selector_all(
            ".melds.ours .planned", "n => n.map(x => Number(x.dataset.card))"
        )
        assert sorted(CARD_CODE[c] for c in waiting) == sorted(meld)  # beside, not played
        assert not set(waiting) & set(hand_cards(page))
        page.click("#act-reset")  # back in the hand
        assert page.query_selector(".melds.ours .planned") is None
        select_codes(page, meld)
        page.click("#act-meld")
        rest = [m.split()[1] for m in discards]
        left = [CARD_CODE[c] for c in hand_cards(page)]
        last = next(code for code in rest if code in left)
        select_codes(page, [last])
        moves = page.get_attribute("#table", "data-moves")
        page.click("#act-discard")
        page.wait_for_selector(
            f"#table:not([data-moves='{moves}']), #toast:not([hidden])", timeout=PATIENCE_MS
        )
        if page.is_visible("#toast"):  # too few points to open: refused whole, none played
            assert page.text_content("#toast") == (
                f"Your melds make {cards_value(waiting)} of the 50 you need to open."
            )
            assert page.query_selector(".melds.ours .meld:not(:has(.planned))") is None
        else:  # the meld opened the side: it is on the table, the discard on the pile
            mine = page.eval_on_selector_all(
                ".melds.ours .meld img", "n => n.map(x => Number(x.dataset.card))"
            )
            assert set(waiting) <= set(mine)
            assert CARD_CODE[int(str(page.get_attribute("#pile img", "data-card")))] == last
        return
    raise AssertionError("no meld came to the browser's hand in a whole hand")


def test_a_screen_reader_hears_whose_turn_it_is(browser: Any, server: WebServer) -> None:
    page = new_page(browser, still=True)
    enter(page, server.http, "Ann")
    create_table(page, players=2, quick=True)
    start_with_computers(page)
    assert wait_turn_or_end(page) == "turn"
    said = page.locator("#said")
    assert said.get_attribute("aria-live") == "polite"
    assert said.text_content() == "Your turn: draw from the stock or take the pile."
    moves = page.get_attribute("#table", "data-moves")
    page.click("#stock")
    page.wait_for_selector(f"#table:not([data-moves='{moves}'])", timeout=PATIENCE_MS)
    page.wait_for_selector("#table[data-pending=false]", timeout=PATIENCE_MS)
    assert said.text_content() == "Your turn: meld, lay off, then discard."
    names = page.eval_on_selector_all("#hand .card-button", "b => b.map(x => x.ariaLabel)")
    assert names and all(n == "Joker" or " of " in n for n in names)
