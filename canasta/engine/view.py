"""What one seat may know: its own hand and everything that was shown in public.

A computer player gets a :class:`SeatView`, never the :class:`HandState`. Public knowledge
is the table (melds, red threes), the discard pile (every card in it was face up when
played), the stock's size, every hand's size, and the cards each player is known to hold
because they went into that hand with a taken pile and have not been played since.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from .core import Phase
from .listing import legal_moves as list_legal_moves
from .moves import Move
from .rules import RuleSet

if TYPE_CHECKING:
    from .state import HandState


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of the hand.

    Attributes:
        seat: whose view this is.
        rules: the rule set.
        turn: the seat whose turn it is; ``mover`` the seat that must move now.
        phase: ``"draw"``, ``"play"``, ``"answer"`` or ``"ended"``.
        hand: this seat's cards (identities).
        hand_sizes: every seat's number of cards in hand.
        known: per seat, the identities known to be in that hand (this seat's own: all).
        shown: per seat, one ``(passed, discarded)`` pair per turn it drew this hand,
            oldest first: the natural kind on top of the pile it drew over while its side
            had opened (a natural pair would have taken the pile), and the kind it
            discarded; -1 where there is none. Everyone at the table sees these.
        stock_size: cards left in the stock.
        pile: the discard pile, bottom to top (identities).
        pile_freezers: wild cards and red threes in the pile.
        melds: per side, ``{kind: card identities}``.
        red_threes: per side, the red threes laid out.
        opened: per side, whether it has met its opening minimum.
        side_scores: each side's game total at the hand's start (points).
        opening_points: points melded this turn by an unopened mover's side.
        waiting: pile cards waiting beside the table for the mover's side to open.
        turn_melded: whether the mover has melded this turn.
        permission: the partner's answer this turn (None: not asked).
        legal_moves: the legal moves when this seat must move, else empty.
        out_of_play: cards a position left out of this hand (public: not in any hand nor
            the stock); empty for a dealt hand.
    """

    seat: int
    rules: RuleSet
    turn: int
    mover: int
    phase: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[frozenset[int], ...]
    shown: tuple[tuple[tuple[int, int], ...], ...]
    stock_size: int
    pile: tuple[int, ...]
    pile_freezers: int
    melds: tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]
    red_threes: tuple[tuple[int, ...], tuple[int, ...]]
    opened: tuple[bool, bool]
    side_scores: tuple[int, int]
    opening_points: int
    waiting: tuple[int, ...]
    turn_melded: bool
    permission: bool | None
    legal_moves: tuple[Move, ...]
    out_of_play: tuple[int, ...] = ()

    @property
    def side(self) -> int:
        """This seat's side (0 or 1)."""
        return self.seat % 2

    def visible_cards(self) -> set[int]:
        """Every card identity this view reveals (for leak tests)."""
        cards: set[int] = set(self.hand)
        cards.update(
            self.pile,
            self.waiting,
            self.out_of_play,
            *self.known,
            *self.melds[0].values(),
            *self.melds[1].values(),
            *self.red_threes,
        )
        return cards


class _Open:
    """A SeatView's slots without the frozen guard (the same names in the same order, so
    Python allows an instance to become a :class:`SeatView`): :func:`make_view` fills one
    with plain attribute stores, then turns it into the frozen view. The dataclass's own
    ``__init__`` sets each field through ``object.__setattr__``, which made it the larger
    part of a view's cost in the searching levels' play-outs (one view per move)."""

    __slots__ = tuple(f.name for f in fields(SeatView))


_new = object.__new__
_set = object.__setattr__


def make_view(state: HandState, seat: int, legal: list[Move] | None = None) -> SeatView:
    """Build ``seat``'s view of ``state``.

    The view holds its own copies (tuples, frozensets, new dicts) of everything it shows,
    so later moves on ``state`` never change it. Equal to ``SeatView(...)`` built field by
    field; only the construction is faster (see :class:`_Open`). ``legal``: the legal move
    list of ``state`` (``state.legal_moves()``) when the caller has made it already and
    ``seat`` is the mover (the searching levels' play-outs list it first, to skip the view
    when there is one move); it is not checked.
    """
    hands = state.hands
    known = list(map(frozenset, state.known))
    known[seat] = frozenset(hands[seat])
    phase = state.phase
    mover = state.answerer if phase is Phase.ANSWER else state.turn
    melds0, melds1 = state.melds
    threes = state.red_threes
    opened = state.opened
    v: Any = _new(_Open)
    v.seat = seat
    v.rules = state.rules
    v.turn = state.turn
    v.mover = mover
    v.phase = phase.value
    v.hand = tuple(hands[seat])
    v.hand_sizes = tuple(map(len, hands))
    v.known = tuple(known)
    v.shown = tuple(map(tuple, state.shown))
    v.stock_size = len(state.stock)
    v.pile = tuple(state.pile)
    v.pile_freezers = state.pile_freezers
    v.melds = (
        {kind: tuple(cards) for kind, cards in melds0.items()},
        {kind: tuple(cards) for kind, cards in melds1.items()},
    )
    v.red_threes = (tuple(threes[0]), tuple(threes[1]))
    v.opened = (opened[0], opened[1])
    v.side_scores = state.side_scores
    v.opening_points = state.opening_points
    v.waiting = tuple(state.waiting)
    v.turn_melded = state.turn_melded
    v.permission = state.permission
    if mover != seat:
        v.legal_moves = ()
    else:
        v.legal_moves = tuple(list_legal_moves(state) if legal is None else legal)
    v.out_of_play = tuple(state.out_of_play)
    _set(v, "__class__", SeatView)
    view: SeatView = v
    return view
