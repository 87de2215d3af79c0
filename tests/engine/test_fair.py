"""The online shuffle: a permutation anyone can redo from the seed, with no modulo bias,
and the commitment that binds the server to the seed."""

from __future__ import annotations

import hashlib

import pytest

from canasta.engine.cards import DECK_SIZE
from canasta.engine.fair import (
    SEED_BYTES,
    STREAM_LABEL,
    SeedError,
    _Stream,
    commitment,
    deck_order,
    new_seed,
)
from canasta.engine.game import Game
from canasta.engine.rules import preset_rules
from canasta.persistence.saves import SavedGame, parse_save, save_json


def test_a_seed_is_256_bits_from_the_system() -> None:
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50 and {len(s) for s in seeds} == {SEED_BYTES} == {32}


def test_the_deck_is_every_card_once_and_the_same_for_the_same_seed() -> None:
    seed = bytes(range(32))
    order = deck_order(seed)
    assert sorted(order) == list(range(DECK_SIZE))
    assert deck_order(seed.hex()) == order
    assert deck_order(bytes(32)) != order


def test_the_shuffle_is_pinned_so_old_records_still_check() -> None:
    """The first cards of a known seed: changing the stream or the draws would make every
    kept online record fail its check, so it is pinned here."""
    seed = bytes(range(32))
    first = hashlib.sha256(STREAM_LABEL + seed + (0).to_bytes(8, "big")).digest()
    x = int.from_bytes(first[:4], "big")
    assert x < (1 << 32) - (1 << 32) % DECK_SIZE  # the first draw is not rejected
    j = x % DECK_SIZE
    # The first swap puts card j last in the shuffled list: the 108th card turned up.
    assert deck_order(seed)[-1] == j


def test_a_draw_above_the_last_whole_multiple_is_drawn_again() -> None:
    """Rejection sampling: with a bound of 3, 2^32 - 1 (the one value past the last whole
    multiple of 3) is thrown away, and the next value gives the draw."""
    stream = _Stream(bytes(32))
    values = iter([(1 << 32) - 1, 5])
    stream.take = lambda count: next(values).to_bytes(count, "big")  # type: ignore[method-assign]
    assert stream.below(3) == 2


def test_the_commitment_is_sha256_of_seed_then_salt() -> None:
    seed = bytes([7]) * 32
    assert commitment(seed, "t:g:1") == hashlib.sha256(seed + b"t:g:1").hexdigest()
    assert commitment(seed, "t:g:1") != commitment(seed, "t:g:2")


def test_a_seed_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(SeedError, match="32 bytes, not 16"):
        deck_order(bytes(16))
    with pytest.raises(SeedError, match="hexadecimal"):
        commitment("zz" * 32, "salt")


def test_a_secret_game_deals_from_its_seeds_and_its_save_replays() -> None:
    rules = preset_rules("Classic", 2)
    game = Game(rules, 99, secret=True)
    assert len(game.deal_seeds) == 1
    again = Game(rules, 99, secret=True)
    assert again.deal_numbers == game.deal_numbers  # the same labels ...
    assert sorted(again.hand.hands[0]) != sorted(game.hand.hands[0])  # ... other cards
    loaded = parse_save(save_json(SavedGame(game, "ab" * 8)))
    assert loaded.replayed and loaded.game.secret
    assert loaded.game.deal_seeds == game.deal_seeds
    assert loaded.game.hand.hands == game.hand.hands


def test_a_game_dealt_from_deal_numbers_is_written_as_before() -> None:
    """A local game's save and hand records carry no seed fields at all (older versions
    of the game read them as before)."""
    from canasta.persistence.saves import hand_record

    game = Game(preset_rules("Classic", 2), 99)
    assert b"deal_seeds" not in save_json(SavedGame(game, "ab" * 8))
    written = hand_record(game.hand, (0, 0)).model_dump()
    assert set(written) == {"deal_number", "dealer", "side_scores", "moves", "totals"}
    secret = Game(preset_rules("Classic", 2), 99, secret=True)
    proof = hand_record(secret.hand, (0, 0), secret.deal_seeds[0]).model_dump()
    assert proof["seed"] == secret.deal_seeds[0] and "salt" not in proof
