"""What a whole-turn plan ends with: the kind it discards, and whether it goes out.

The hard level (:mod:`canasta.ai.hard`) searches whole-turn plans (lists of moves) against
the tracking player's own plan; these read a plan without playing it.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.cards import CARD_KIND
from canasta.engine.moves import Move, MoveType


def discard_kind(moves: Sequence[Move], hand: int) -> int:
    """The kind (0..14) a plan ends by discarding, or -1 (no discard, or it goes out).

    ``hand``: cards in hand before the plan.
    """
    if not moves or moves[-1].type is not MoveType.DISCARD:
        return -1
    used = sum(len(m.cards) for m in moves if m.type is not MoveType.TAKE)
    return -1 if used >= hand else CARD_KIND[moves[-1].cards[0]]


def goes_out(moves: Sequence[Move], hand: int) -> bool:
    """Whether a plan plays out the whole hand (``hand``: cards in hand before it), so the
    player goes out; a plan ending in asking the partner does not."""
    used = sum(len(m.cards) for m in moves if m.type is not MoveType.TAKE)
    return used >= hand and moves[-1].type is not MoveType.ASK


__all__ = ["discard_kind", "goes_out"]
