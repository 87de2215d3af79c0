"""The browser checks deals as the desktop does (canasta/web/proof.js against
canasta.engine.fair and canasta.net.proof, run in a real browser): the same deck for every
seed, rejection sampling included; the same deal; the same verdict on every kind of reveal;
the vendored SHA-256 is the pinned package's; and the hand's scores say whether the deal
was verified, a bad reveal in white on red."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from canasta import i18n
from canasta.engine import fair
from canasta.engine import game as game_module
from canasta.engine.cards import CARD_KIND, RED_THREE, is_wild_kind
from canasta.engine.fair import _Stream, commitment, deck_order
from canasta.engine.game import Game
from canasta.engine.rules import preset_rules
from canasta.engine.state import HandState
from canasta.net.http import WebFiles
from canasta.net.proof import PROBLEMS, DealCheck, DealWitness, check_words, salt_for
from canasta.net.protocol import DealCommitment, DealReveal, Event, View
from canasta.net.views import view_model
from scripts import vendor_web
from tests.web.browser import page as new_page
from tests.web.helpers import (
    PATIENCE_MS,
    WebServer,
    create_table,
    enter,
    play_turn,
    wait_turn_or_end,
)

#: Seeds whose shuffle throws a draw away (rejection sampling): found by trying the seeds
#: 0, 1, 2, ... (as 32-byte big-endian numbers) for one whose stream holds a draw at or
#: above its bound's limit; about one seed in 1.6 million does.
REJECTING = [
    (127379).to_bytes(32, "big").hex(),  # its 36th draw (a bound of 73) is 2^32 - 1
    (2629307).to_bytes(32, "big").hex(),  # its 3rd draw (a bound of 106)
]


def words_read(seed: str) -> int:
    """How many 4-byte draws the engine's shuffle of ``seed`` reads (107 without a
    rejection)."""
    stream = _Stream(bytes.fromhex(seed))
    for i in range(107, 0, -1):
        stream.below(i + 1)
    return 8 * stream.block - (len(stream.buffer) - stream.at) // 4


def proof_page(browser: Any, server: WebServer) -> Any:
    """A page of the server with canasta/web/proof.js loaded as ``window.proof``."""
    page = new_page(browser, 1280, 800, touch=False)
    page.goto(server.http + "/")
    page.evaluate("async () => { window.proof = await import('/app/proof.js'); }")
    return page


def test_the_browser_shuffles_every_seed_as_the_engine_does(
    browser: Any, server: WebServer
) -> None:
    """The same deck for seeds that throw draws away, the extreme seeds and 200 random
    ones, at the deck's size and at smaller ones; the same commitment for any salt; the
    same refusal of a seed that is not 32 bytes."""
    assert [words_read(seed) for seed in REJECTING] == [108, 108]
    rng = random.Random(7)
    seeds = [*REJECTING, "00" * 32, "ff" * 32, *(rng.randbytes(32).hex() for _ in range(200))]
    assert sum(words_read(seed) > 107 for seed in seeds) == 2
    page = proof_page(browser, server)
    decks = page.evaluate("seeds => seeds.map(s => proof.deckOrder(s))", seeds)
    assert decks == [deck_order(seed) for seed in seeds]
    assert sorted(decks[0]) == list(range(108)) and decks[0] != list(range(108))
    small = page.evaluate("seeds => seeds.map((s, i) => proof.deckOrder(s, 2 + i))", seeds[:20])
    assert small == [deck_order(seed, 2 + i) for i, seed in enumerate(seeds[:20])]
    salts = ["t1:g1:1", "", "ÄÖü:ゲーム:12", "x" * 200]
    hashes = page.evaluate(
        "([seed, salts]) => salts.map(s => proof.commitment(seed, s))", [seeds[2], salts]
    )
    assert hashes == [commitment(seeds[2], salt) for salt in salts]
    bad = page.evaluate("""seeds => seeds.map(s => {
        try { proof.deckOrder(s); return 'dealt'; }
        catch (e) { return e instanceof proof.SeedError ? 'SeedError' : String(e); } })""",
        ["00" * 31, "00" * 33, "zz" * 32, 7, None],
    )  # fmt: skip
    assert bad == ["SeedError"] * 5


def _seed_where(test: Any, players: int) -> str:
    """The first seed of a fixed sequence whose deal (dealer 0) passes ``test(hand, deck)``."""
    rng = random.Random(11)
    for _ in range(5000):
        seed = rng.randbytes(32).hex()
        deck = deck_order(seed)
        if test(HandState.deal(preset_rules("Classic", players), 0, 0, (0, 0), deck), deck):
            return seed
    raise AssertionError("no seed of the sequence deals that")


def _red_three_for_a_red_three(hand: HandState, deck: list[int]) -> bool:
    """A red three dealt was replaced by another red three (a red three laid out that was
    not among the cards dealt)."""
    dealt = set(deck[: hand.rules.cards_dealt * hand.players])
    return any(c not in dealt for c in hand.red_threes[0] + hand.red_threes[1])


def test_the_browser_deals_a_seed_as_the_engine_does(browser: Any, server: WebServer) -> None:
    """Two and four players, every dealer: the same hands, pile, red threes and stock,
    with deals that lay out red threes and turn wild cards or red threes on the upcard."""

    def buried(hand: HandState, deck: list[int]) -> bool:
        first = CARD_KIND[hand.pile[0]]
        return is_wild_kind(first) or first == RED_THREE

    rng = random.Random(5)
    cases: list[tuple[int, int, str]] = [
        (2, 0, _seed_where(buried, 2)),
        (4, 0, _seed_where(buried, 4)),
        (2, 0, _seed_where(_red_three_for_a_red_three, 2)),
        (4, 0, _seed_where(_red_three_for_a_red_three, 4)),
    ]
    cases += [(players, dealer, rng.randbytes(32).hex())
              for players in (2, 4) for dealer in range(players) for _ in range(10)]  # fmt: skip
    expected = []
    for players, dealer, seed in cases:
        rules = preset_rules("Classic", players)
        hand = HandState.deal(rules, 0, dealer, (0, 0), deck_order(seed))
        expected.append({
            "hands": hand.hands, "pile": hand.pile, "redThrees": hand.red_threes,
            "stock": hand.stock,
        })  # fmt: skip
    assert sum(len(e["pile"]) > 1 for e in expected) >= 2
    page = proof_page(browser, server)
    dealt = page.evaluate(
        """cases => cases.map(([p, d, s]) =>
            proof.dealHand(p, p === 2 ? 15 : 11, d, proof.deckOrder(s)))""",
        cases,
    )
    assert dealt == expected


def _scenarios() -> list[dict[str, Any]]:
    """Witnesses' messages and reveals (as sent on the wire), each with the verdict the
    desktop's witness gives."""
    seed, other = "11" * 32, "22" * 32
    salt = "t1:g1:3"
    out: list[dict[str, Any]] = []
    for players, seat, dealer in ((2, 0, 1), (2, 1, 0), (4, 2, 3)):
        rules = preset_rules("Classic", players)
        hand = HandState.deal(rules, 0, dealer, (0, 0), deck_order(seed))
        game = Game(rules, 1)
        game.hand = hand
        model = view_model(hand.view_for(seat), game)
        promise = DealCommitment(commitment=commitment(seed, salt), dealer=dealer, hand_number=3)
        view = View(view=model, deal=promise).model_dump(mode="json")
        # A draw from the stock: the top card (the stock's last), and a forged one.
        top, bottom = hand.stock[-1], hand.stock[0]
        after = dict(view["view"], stock_size=len(hand.stock) - 1)
        drew = {"type": "event", "seq": 1, "seat": seat, "move": "draw", "count": 1,
                "cards": [top], "view": after}  # fmt: skip
        forged = dict(drew, cards=[bottom])
        beyond = dict(drew, view=dict(after, stock_size=len(hand.stock) + 4))
        # Another seat's draw (only the count is seen) and a view joined after the deal.
        theirs = dict(drew, seat=(seat + 1) % players, cards=[])
        later = dict(view, view=dict(view["view"], move_count=6))

        def reveal(s: str, t: str = salt) -> dict[str, str]:
            return {"seed": s, "salt": t, "commitment": commitment(s, t)}

        liar = dict(view, deal=dict(view["deal"], commitment=commitment(other, salt)))
        base = {"players": players, "seat": seat, "table": "t1"}
        out += [
            dict(base, views=[view], events=[drew, theirs], reveal=reveal(seed), problem=""),
            dict(base, views=[view], events=[], reveal=None, problem="no_reveal"),
            dict(base, views=[view], events=[], reveal=reveal(other), problem="commitment"),
            dict(base, views=[view], events=[], reveal=dict(reveal(seed), seed="33" * 32),
                 problem="commitment"),
            dict(base, views=[view], events=[], reveal=reveal(seed, "t2:g1:3"),
                 problem="commitment"),
            dict(base, views=[view], events=[], reveal=reveal(seed), table="t2", problem="salt"),
            dict(base, views=[liar], events=[], reveal=reveal(other), problem="cards"),
            dict(base, views=[view], events=[forged], reveal=reveal(seed), problem="draws"),
            dict(base, views=[view], events=[beyond], reveal=reveal(seed), problem="draws"),
            dict(base, views=[dict(later, deal=liar["deal"])], events=[], reveal=reveal(other),
                 problem=""),  # joined late: the cards dealt were not seen
        ]  # fmt: skip
    return out


def _desktop_verdict(case: dict[str, Any]) -> DealCheck | None:
    witness = DealWitness(preset_rules("Classic", case["players"]), case["table"])
    for view in case["views"]:
        witness.saw_view(View.model_validate(view))
    for event in case["events"]:
        witness.saw_event(Event.model_validate(event), case["seat"])
    reveal = case["reveal"]
    return witness.check(None if reveal is None else DealReveal.model_validate(reveal))


def test_the_browser_gives_every_reveal_the_desktops_verdict(
    browser: Any, server: WebServer
) -> None:
    """A true reveal, none, a seed or salt not committed to, another table's, a server that
    dealt other cards than it promised, a forged or impossible stock draw, a seat that
    joined after the deal: the browser's witness says what the desktop's does."""
    cases = _scenarios()
    desktop = [_desktop_verdict(case) for case in cases]
    assert [(c.hand_number, c.verified, c.problem) for c in desktop if c is not None] == [
        (3, case["problem"] == "", case["problem"]) for case in cases
    ]
    page = proof_page(browser, server)
    browser_verdicts = page.evaluate("""cases => cases.map(c => {
        const witness = new proof.DealWitness(c.players, c.players === 2 ? 15 : 11, c.table);
        for (const view of c.views) witness.sawView(view);
        for (const event of c.events) witness.sawEvent(event, c.seat);
        return witness.check(c.reveal);
    })""", cases)  # fmt: skip
    assert browser_verdicts == [
        {"hand_number": c.hand_number, "verified": c.verified, "problem": c.problem}
        for c in desktop
        if c is not None
    ]
    nothing = page.evaluate("() => new proof.DealWitness(2, 15, 't1').check(null)")
    assert nothing is None


def test_the_warnings_read_as_the_desktops_in_every_language(
    browser: Any, server: WebServer
) -> None:
    """The browser's words for each verdict are the desktop's, from the same catalogue."""
    checks = [DealCheck(1, True), *(DealCheck(1, False, code) for code in PROBLEMS)]
    for language in i18n.LANGUAGES:
        page = proof_page(browser, server)
        said = page.evaluate(
            """async ([language, checks]) => {
                const i18n = await import('/app/i18n.js');
                await i18n.useLanguage(language);
                return checks.map(c => proof.checkWords(c));
            }""",
            [language, [{"hand_number": 1, "verified": c.verified, "problem": c.problem}
                        for c in checks]],
        )  # fmt: skip
        try:
            assert i18n.set_language(language) == language
            assert said == [check_words(c) for c in checks]
        finally:
            i18n.set_language("en")
        page.context.close()
    assert said[0] != "Deal verified"  # the last language's own words


def test_the_vendored_sha256_is_the_pinned_package() -> None:
    """canasta/web/vendor holds the bytes of the @noble/hashes package.json pins (npm ci
    installs it; scripts/vendor_web.py copies it) with its licence, and the server serves
    the modules copied."""
    assert vendor_web.installed() == vendor_web.pinned(), "run npm ci"
    for name in vendor_web.FILES:
        copy = vendor_web.TARGET / name
        assert copy.read_bytes() == (vendor_web.SOURCE / name).read_bytes(), name
    licence = (vendor_web.TARGET / "LICENSE").read_text("utf-8")
    assert "MIT License" in licence and "Paul Miller" in licence
    assert WebFiles().names()["vendor"] == {f"noble_hashes/{m}.js" for m in vendor_web.MODULES}


def _hand_over(view: dict[str, Any], reveal: dict[str, str]) -> str:
    """A hand_over frame for the hand of ``view`` with ``reveal`` as its deal."""
    side = {"melded": 0, "canasta_bonus": 0, "red_three_points": 0, "going_out": 0,
            "in_hand": 0, "total": 0}  # fmt: skip
    return json.dumps({
        "type": "hand_over", "hand_number": view["hand_number"], "reason": "went_out",
        "sides": [side, side], "totals": [0, 0], "game_over": False, "shown": [],
        "deal": reveal,
    })  # fmt: skip


def relayed(page: Any) -> list[Any]:
    """Pass the page's game connection through this test (each frame as it is), so the
    test can slip a frame of its own in; return the routes, one per connection."""
    routes: list[Any] = []

    def route(socket: Any) -> None:
        real = socket.connect_to_server()
        real.on_message(socket.send)
        socket.on_message(real.send)
        routes.append(socket)

    page.route_web_socket("**/ws", route)
    return routes


def seated_with_computers(page: Any, server: WebServer) -> Any:
    """The page at a new two-player one-hand table with a computer, the hand dealt; return
    the server's table."""
    enter(page, server.http, "Ann")
    create_table(page, players=2, quick=True)
    page.click("#ready")
    page.click("#start:not([disabled])", timeout=PATIENCE_MS)
    page.wait_for_selector("#table", timeout=PATIENCE_MS)
    (runner,) = server.server.runners.values()
    return runner.table


def test_the_scores_say_whether_the_revealed_seed_is_the_promised_one(
    browser: Any, server: WebServer
) -> None:
    """The true seed shown says "Deal verified"; a seed the server did not commit to says
    the warning, white on red, as an alert."""
    page = new_page(browser, 1280, 800, touch=False, still=True)
    routes = relayed(page)
    table = seated_with_computers(page, server)
    saved = table.saved
    salt = salt_for(table.id, saved.game_id, 1)
    seed = saved.game.deal_seeds[-1]
    view = page.evaluate("() => JSON.parse(document.getElementById('table').dataset.hand)")
    true = {"seed": seed, "salt": salt, "commitment": commitment(seed, salt)}
    routes[-1].send(_hand_over({"hand_number": view}, true))
    page.wait_for_selector("#deal-proof", timeout=PATIENCE_MS)
    assert page.text_content("#deal-proof") == "Deal verified"
    assert page.get_attribute("#deal-proof", "class") == "deal-proof"
    other = "5a" * 32
    forged = {"seed": other, "salt": salt, "commitment": commitment(other, salt)}
    routes[-1].send(_hand_over({"hand_number": view}, forged))
    page.wait_for_selector("#deal-proof.warning", timeout=PATIENCE_MS)
    assert page.text_content("#deal-proof") == (
        "WARNING: this deal is NOT verified: the revealed seed does not match the commitment "
        "sent at the deal"
    )
    assert page.get_attribute("#deal-proof", "role") == "alert"
    colours = page.eval_on_selector(
        "#deal-proof", "p => [getComputedStyle(p).color, getComputedStyle(p).backgroundColor]"
    )
    assert colours == ["rgb(255, 255, 255)", "rgb(200, 40, 40)"]


def test_a_server_that_deals_other_cards_than_it_promised_is_caught(
    browser: Any, server: WebServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that commits to its seed but deals from another (so it could stack the
    deck) reveals a seed that matches the commitment and names the hand, but not the cards
    this seat was dealt: the whole hand played, the scores say so in white on red."""

    def stacked(seed: bytes | str, size: int = 108) -> list[int]:
        return deck_order(hashlib.sha256(fair.seed_bytes(seed)).digest(), size)

    monkeypatch.setattr(game_module, "deck_order", stacked)
    page = new_page(browser, 1280, 800, touch=False, still=True)
    seated_with_computers(page, server)
    turns = 0
    while wait_turn_or_end(page) == "turn":
        play_turn(page)
        turns += 1
    assert turns > 0
    page.wait_for_selector("#deal-proof.warning", timeout=PATIENCE_MS)
    assert page.text_content("#deal-proof") == (
        "WARNING: this deal is NOT verified: the revealed seed does not give the cards this "
        "seat was dealt"
    )
