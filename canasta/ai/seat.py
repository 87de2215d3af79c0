"""What the rule-of-thumb players read of a seat's view, and a cheap view of a sample.

The rule-of-thumb players (:mod:`canasta.ai.heuristic`, :mod:`canasta.ai.tracking_player`)
and card tracking (:mod:`canasta.ai.tracking`) read a :class:`SeatLike`: the parts of a
:class:`~canasta.engine.view.SeatView` they use, read-only. A ``SeatView`` is one; so is a
:class:`LiveView`, which the searching levels build for every move of their play-outs and
candidate turns (:mod:`canasta.ai.playout`, :mod:`canasta.ai.hard`): it reads the parts of
the world they sampled themselves in place instead of copying them into a frozen view
(copying was about a tenth of a play-out's cost, one view a move), and it shows only
what the mover's view shows. It is valid until the next move on that world.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Protocol

from canasta.engine.core import Phase
from canasta.engine.moves import Move
from canasta.engine.rules import RuleSet
from canasta.engine.state import HandState

_ANSWER = Phase.ANSWER


class SeatLike(Protocol):
    """The parts of a :class:`~canasta.engine.view.SeatView` the rule-of-thumb players
    read (the same names and meanings; sequences rather than tuples)."""

    @property
    def seat(self) -> int:
        """Whose view this is."""
        ...

    @property
    def side(self) -> int:
        """This seat's side (0 or 1)."""
        ...

    @property
    def rules(self) -> RuleSet:
        """The rule set."""
        ...

    @property
    def phase(self) -> str:
        """``"draw"``, ``"play"``, ``"answer"`` or ``"ended"``."""
        ...

    @property
    def hand(self) -> Sequence[int]:
        """This seat's cards (identities)."""
        ...

    @property
    def hand_sizes(self) -> Sequence[int]:
        """Every seat's number of cards in hand."""
        ...

    @property
    def known(self) -> Sequence[Collection[int]]:
        """Per seat, the identities known to be in that hand (this seat's own: all)."""
        ...

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        ...

    @property
    def pile(self) -> Sequence[int]:
        """The discard pile, bottom to top."""
        ...

    @property
    def pile_freezers(self) -> int:
        """Wild cards and red threes in the pile."""
        ...

    @property
    def melds(self) -> Sequence[Mapping[int, Sequence[int]]]:
        """Per side, ``{kind: card identities}``."""
        ...

    @property
    def red_threes(self) -> Sequence[Sequence[int]]:
        """Per side, the red threes laid out."""
        ...

    @property
    def opened(self) -> Sequence[bool]:
        """Per side, whether it has met its opening minimum."""
        ...

    @property
    def side_scores(self) -> tuple[int, int]:
        """Each side's game total at the hand's start."""
        ...

    @property
    def opening_points(self) -> int:
        """Points melded this turn by an unopened mover's side."""
        ...

    @property
    def waiting(self) -> Sequence[int]:
        """Pile cards waiting beside the table for the mover's side to open."""
        ...

    @property
    def permission(self) -> bool | None:
        """The partner's answer this turn (None: not asked)."""
        ...

    @property
    def legal_moves(self) -> Sequence[Move]:
        """The legal moves when this seat must move, else empty."""
        ...

    @property
    def out_of_play(self) -> Sequence[int]:
        """Cards a position left out of this hand."""
        ...


class LiveView:
    """The mover's view of a world the caller sampled, read in place (see the module
    docstring): a :class:`SeatLike` whose parts are the state's own lists, plus the
    mover's hand counted per kind and its side's meld sizes and wild cards per kind
    (``counts``, ``sizes``, ``wilds``: the state's, not to be changed).

    Args:
        state: the world; not changed, and not to be changed while the view is read.
        legal: ``state.legal_moves()`` when the caller has listed them (else listed here).
    """

    __slots__ = (
        "seat", "side", "rules", "phase", "hand", "hand_sizes", "known", "stock_size",
        "pile", "pile_freezers", "melds", "red_threes", "opened", "side_scores",
        "opening_points", "waiting", "permission", "legal_moves", "out_of_play", "counts",
        "sizes", "wilds",
    )  # fmt: skip

    def __init__(self, state: HandState, legal: Sequence[Move] | None = None) -> None:
        phase = state.phase
        seat = state.answerer if phase is _ANSWER else state.turn
        side = seat % 2
        hands = state.hands
        hand = hands[seat]
        known: list[Collection[int]] = list(state.known)
        known[seat] = hand
        self.seat = seat
        self.side = side
        self.rules = state.rules
        self.phase = phase.value
        self.hand: Sequence[int] = hand
        self.hand_sizes: Sequence[int] = list(map(len, hands))
        self.known: Sequence[Collection[int]] = known
        self.stock_size = len(state.stock)
        self.pile: Sequence[int] = state.pile
        self.pile_freezers = state.pile_freezers
        self.melds: Sequence[Mapping[int, Sequence[int]]] = state.melds
        self.red_threes: Sequence[Sequence[int]] = state.red_threes
        self.opened: Sequence[bool] = state.opened
        self.side_scores = state.side_scores
        self.opening_points = state.opening_points
        self.waiting: Sequence[int] = state.waiting
        self.permission = state.permission
        self.legal_moves: Sequence[Move] = state.legal_moves() if legal is None else legal
        self.out_of_play: Sequence[int] = state.out_of_play
        self.counts = state.counts[seat]
        self.sizes = state.msize[side]
        self.wilds = state.mwild[side]


__all__ = ["LiveView", "SeatLike"]
