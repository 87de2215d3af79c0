"""Online deals: a secret seed, an unbiased shuffle anyone can redo, and a commitment.

A local game names its deals by short numbers (``random.Random(deal_number)``, see
:meth:`~canasta.engine.building.HandBuilt.deal`): a player may type one after ``--deal``
to play it again. Those numbers are far too few to keep a deal secret: from one seat's
cards a loop over every number finds the deal. An online hand is shuffled here instead:

- The seed is :data:`SEED_BYTES` bytes (256 bits) from the operating system's randomness
  (:func:`new_seed`, through :mod:`secrets`).
- The seed drives a byte stream: SHA-256 of ``STREAM_LABEL ‖ seed ‖ counter`` (the counter
  an 8-byte big-endian block number from 0), block after block.
- :func:`deck_order` is a Fisher–Yates shuffle of the 108 card identities: for ``i`` from
  107 down to 1 it draws ``j`` in ``0..i`` and swaps places ``i`` and ``j``. Each draw reads
  4 bytes of the stream as a big-endian number ``x`` and takes ``x mod (i + 1)`` only when
  ``x`` is below the largest multiple of ``i + 1`` under 2^32; otherwise it reads 4 more
  bytes (rejection sampling, so no card is more likely than another anywhere).
- The shuffled list is the order the cards are turned up (its first card goes to the
  dealer's left), the ``deck`` of ``HandState.deal``.
- :func:`commitment` is the SHA-256 (hex) of ``seed ‖ salt``: sent when the hand is dealt,
  it binds the server to the seed it reveals when the hand is over (the seed's length is
  fixed, so no other seed and salt give the same bytes).

Everything but :func:`new_seed` is deterministic: the same seed gives the same deck on
any machine, so a player (or a replay of the game's record) can check a revealed seed.
"""

from __future__ import annotations

import hashlib
import secrets

from .cards import DECK_SIZE

#: The seed's length: 32 bytes (256 bits) from the operating system's randomness.
SEED_BYTES = 32
#: The label that starts every block of the shuffle's stream (so the stream of a seed is
#: never the hash of anything else the game hashes).
STREAM_LABEL = b"canasta-deal-v1"

_DRAW = 4  # bytes per draw: a 32-bit number
_SPAN = 1 << (8 * _DRAW)


class SeedError(ValueError):
    """A seed that is not :data:`SEED_BYTES` bytes (or not hex text of that many)."""


def new_seed() -> bytes:
    """A fresh seed: :data:`SEED_BYTES` bytes from :func:`secrets.token_bytes`."""
    return secrets.token_bytes(SEED_BYTES)


def seed_bytes(seed: bytes | str) -> bytes:
    """``seed`` as bytes (hex text is read as hex).

    Raises:
        SeedError: for hex text that is not hex, or a seed of another length.
    """
    if isinstance(seed, str):
        try:
            seed = bytes.fromhex(seed)
        except ValueError:
            raise SeedError("a seed is written as hexadecimal digits") from None
    if len(seed) != SEED_BYTES:
        raise SeedError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
    return seed


class _Stream:
    """The seed's byte stream: SHA-256 blocks of ``STREAM_LABEL ‖ seed ‖ counter``."""

    def __init__(self, seed: bytes) -> None:
        self.seed = seed
        self.block = 0
        self.buffer = b""
        self.at = 0

    def take(self, count: int) -> bytes:
        while len(self.buffer) - self.at < count:
            digest = hashlib.sha256(
                STREAM_LABEL + self.seed + self.block.to_bytes(8, "big")
            ).digest()
            self.buffer = self.buffer[self.at :] + digest
            self.at = 0
            self.block += 1
        out = self.buffer[self.at : self.at + count]
        self.at += count
        return out

    def below(self, bound: int) -> int:
        """A number in ``0..bound - 1``, every one equally likely (rejection sampling)."""
        limit = _SPAN - _SPAN % bound
        while True:
            x = int.from_bytes(self.take(_DRAW), "big")
            if x < limit:
                return x % bound


def deck_order(seed: bytes | str, size: int = DECK_SIZE) -> list[int]:
    """The card identities ``0..size - 1`` in the order a hand shuffled with ``seed`` turns
    them up (the first to the dealer's left): see the module's description.

    Raises:
        SeedError: for a seed that is not :data:`SEED_BYTES` bytes.
    """
    stream = _Stream(seed_bytes(seed))
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def commitment(seed: bytes | str, salt: str) -> str:
    """The SHA-256 (64 hex digits) of ``seed ‖ salt`` (the salt as UTF-8).

    Raises:
        SeedError: for a seed that is not :data:`SEED_BYTES` bytes.
    """
    return hashlib.sha256(seed_bytes(seed) + salt.encode("utf-8")).hexdigest()
