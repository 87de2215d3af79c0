"""Online deals come from secret 256-bit seeds, are promised at the deal and shown at the
hand's end; each client checks the seed against the commitment and the cards it saw."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from canasta.engine.cards import DECK_SIZE
from canasta.engine.fair import commitment, deck_order
from canasta.engine.game import Game
from canasta.engine.rules import preset_rules
from canasta.engine.state import HandState
from canasta.net.proof import DealWitness
from canasta.net.protocol import DealCommitment, DealReveal, View
from canasta.net.tables import Table, TableOptions
from canasta.net.views import view_model
from canasta.persistence.records import GameRecordModel, RecordError, replay_record
from tests.net.helpers import play_random, run, running_server, seat_two


def _old_head(number: int, k: int = 8) -> list[int]:
    """The first ``k`` cards the old deal of ``number`` (``random.Random(number)``'s
    shuffle) turned up: the shuffle's first ``k`` swaps decide them."""
    rng = random.Random(number)
    order = list(range(DECK_SIZE))
    head = []
    for i in range(DECK_SIZE - 1, DECK_SIZE - 1 - k, -1):
        j = rng._randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
        head.append(order[i])
    return head


def _numbers_dealing(head: list[int], limit: int) -> list[int]:
    """Every deal number below ``limit`` whose old deal turns up ``head`` first (the first
    card sifts the numbers; only those left are dealt further)."""
    first = head[0]
    below = [n for n in range(limit) if random.Random(n)._randbelow(DECK_SIZE) == first]
    return [n for n in below if _old_head(n, len(head)) == head]


def _online_hand() -> tuple[Table, list[int]]:
    """An online table's first hand and the first eight cards its deal turned up."""
    table = Table("ab" * 8, TableOptions(players=2), "ABCDEFGHJK")
    table.start(0, 12345, "cd" * 8, 0.0)
    game = table.game
    assert game.secret and len(game.deal_seeds) == 1 and len(game.deal_seeds[0]) == 64
    return table, deck_order(game.deal_seeds[0])[:8]


def test_the_old_attack_finds_the_numbered_deals() -> None:
    """The sieve below finds a numbered deal from its first cards (so finding none of an
    online deal means something)."""
    assert _numbers_dealing(_old_head(4321), 1 << 13) == [4321]
    hand = HandState.deal(preset_rules("Classic", 2), 4321, 1)
    assert _old_head(4321)[0] in hand.hands[0]


def test_an_online_deal_is_not_dealt_by_its_number_nor_any_small_one() -> None:
    """An online hand's cards are not those of its own deal number (what the old attack
    found), nor of any number below 2^16 (the slow suite tries 2^20)."""
    table, head = _online_hand()
    hand = table.game.hand
    again = HandState.deal(table.rules, hand.deal_number, hand.dealer, hand.side_scores)
    assert [sorted(h) for h in again.hands] != [sorted(h) for h in hand.hands]
    assert _numbers_dealing(head, 1 << 16) == []


@pytest.mark.slow
def test_an_online_deal_is_none_of_the_first_million_numbered_deals() -> None:
    """The old attack's whole first 2^20 deal numbers: none deals an online hand."""
    _, head = _online_hand()
    assert _numbers_dealing(head, 1 << 20) == []


def test_the_commitment_is_the_sha256_of_the_revealed_seed_and_salt(tmp_path: Path) -> None:
    """At the deal each seat gets the commitment; at the hand's end the seed and the
    salt; SHA-256(seed ‖ salt) is the commitment, and both clients verify the deal."""

    async def scenario() -> None:
        async with running_server(tmp_path) as server:
            a, b = await seat_two(server, quick=True)
            views = [m for m in (a.received + b.received) if '"type":"view"' in m]
            assert views and all('"commitment":"' in m for m in views)
            await play_random([a, b], random.Random(3))
            await a.wait(lambda: a.hand_over is not None and a.deal_checks != [])
            await b.wait(lambda: b.hand_over is not None and b.deal_checks != [])
            reveal = a.hand_over.deal  # type: ignore[union-attr]
            assert reveal is not None
            digest = hashlib.sha256(bytes.fromhex(reveal.seed) + reveal.salt.encode()).hexdigest()
            assert digest == reveal.commitment
            assert a.witness is not None and a.witness.deal is not None
            assert a.witness.deal.commitment == reveal.commitment
            assert reveal.salt.startswith(f"{a.table.id}:") and reveal.salt.endswith(":1")  # type: ignore[union-attr]
            assert [(c.verified, c.problem) for c in a.deal_checks] == [(True, "")]
            assert [(c.verified, c.problem) for c in b.deal_checks] == [(True, "")]
            # The game record keeps the seed, salt and commitment; its replay checks them.
            record = GameRecordModel.model_validate(a.hand_over.record)  # type: ignore[union-attr]
            hand = record.hands[0]
            assert (hand.seed, hand.salt, hand.commitment) == (
                reveal.seed,
                reveal.salt,
                reveal.commitment,
            )
            assert len(replay_record(record)) == 1
            forged = record.model_copy(
                update={"hands": [hand.model_copy(update={"seed": "0" * 64})]}
            )
            try:
                replay_record(forged)
            except RecordError as error:
                assert "does not match the commitment" in str(error)
            else:
                raise AssertionError("a forged seed replayed")
            await a.close()
            await b.close()

    run(scenario())


def _witnessed(seed: str, salt: str, table_id: str) -> DealWitness:
    """A witness that saw the deal of ``seed`` from seat 0 of a two-player table."""
    rules = preset_rules("Classic", 2)
    hand = HandState.deal(rules, 0, 1, (0, 0), deck_order(seed))
    witness = DealWitness(rules, table_id)
    deal = DealCommitment(commitment=commitment(seed, salt), dealer=1, hand_number=1)
    view = hand.view_for(0)
    game = Game(rules, 1)
    game.hand = hand
    witness.saw_view(View(view=view_model(view, game), deal=deal))
    return witness


def test_a_client_refuses_a_reveal_that_does_not_match_what_it_was_dealt() -> None:
    """A seed that is not the committed one, a salt of another table, and a seed that
    matches its (forged) commitment but not the cards dealt are each refused."""
    seed, other = "11" * 32, "22" * 32
    salt = "t1:g1:1"
    witness = _witnessed(seed, salt, "t1")
    good = DealReveal(seed=seed, salt=salt, commitment=commitment(seed, salt))
    check = witness.check(good)
    assert check is not None and (check.verified, check.problem) == (True, "")
    wrong_seed = DealReveal(seed=other, salt=salt, commitment=commitment(seed, salt))
    assert witness.check(wrong_seed).problem == "commitment"  # type: ignore[union-attr]
    assert witness.check(None).problem == "no_reveal"  # type: ignore[union-attr]
    # A server that promised another deal than it dealt: the commitment matches its own
    # seed, but that seed gives other cards than this seat holds.
    liar = _witnessed(seed, salt, "t1")
    liar.deal = DealCommitment(commitment=commitment(other, salt), dealer=1, hand_number=1)
    lie = DealReveal(seed=other, salt=salt, commitment=commitment(other, salt))
    assert liar.check(lie).problem == "cards"  # type: ignore[union-attr]
    elsewhere = _witnessed(seed, "t2:g1:1", "t1")
    moved = DealReveal(seed=seed, salt="t2:g1:1", commitment=commitment(seed, "t2:g1:1"))
    assert elsewhere.check(moved).problem == "salt"  # type: ignore[union-attr]


def test_a_seat_at_four_checks_its_deal_and_draws(tmp_path: Path) -> None:
    """At a four-player table (three computer players) the seat's cards, the pile's first
    card, the red threes and every stock draw check against the revealed seed."""

    async def scenario() -> None:
        async with running_server(tmp_path) as server:
            from canasta.net.client import Client
            from tests.net.helpers import url

            ann = Client(url(server), "Ann")
            await ann.connect()
            await ann.create(players=4, level="random", quick=True, chair=2)
            await ann.ready()
            await ann.start()
            await ann.wait(lambda: ann.view is not None)
            await play_random([ann], random.Random(5))
            await ann.wait(lambda: ann.deal_checks != [])
            assert [(c.verified, c.problem) for c in ann.deal_checks] == [(True, "")]
            witness = ann.witness
            assert witness is not None and witness.dealt is not None
            assert witness.dealt[0] == 2 and len(witness.dealt[1]) >= 11
            await ann.close()

    run(scenario())
