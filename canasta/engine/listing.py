"""Listing the legal moves of the player to move (as a list, or lazily stage by stage).

The list gives every move in a minimal form: melds and lay-offs per count of naturals with
zero, one or more wild cards (twos before jokers), pile takes in the shapes of
:func:`canasta.engine.taking.take_options`, discards once per kind; the cards a move uses
are the first ones of their kind in hand order. :func:`canasta.engine.checking.check_move`
accepts every other legal selection of cards too. Whether a move is legal is decided by the
``refuse_*`` rule checks of :mod:`canasta.engine.legality` and :mod:`canasta.engine.taking`;
this module only skips the check where its answer is known (see ``_quick_need`` below),
which a test compares with the checks.

Each stage of a turn's list (the draw phase's moves; then the melds and lay-offs, the
discards and the question to the partner) is built as a plain list: a list is several times
cheaper to fill than a generator is to run, and the move list is made for every move of
every play-out. :func:`iter_legal_moves` yields the stages one after the other, so a caller
that stops early (``any``, ``next``) builds only the stages it reaches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import compress
from typing import TYPE_CHECKING

from .cards import BLACK_THREE, CARD_KIND, DECK_SIZE, JOKER, KIND_VALUE, TWO
from .core import Phase
from .legality import refuse_ask, refuse_discard, refuse_layoff, refuse_meld
from .moves import ASK, DECLINE, DRAW, NO, YES, Move, MoveType
from .taking import refuse_decline, refuse_draw, take_options

if TYPE_CHECKING:
    from .state import HandState

#: Builds a Move from its three fields without the named tuple's argument handling (the
#: move list makes many).
_MoveFields = tuple[MoveType, tuple[int, ...], int]
_make_move: Callable[[type[Move], _MoveFields], Move] = tuple.__new__

# Enum members bound to module names: CPython 3.11 looks a member up on its class through a
# descriptor, about 0.2 us a time, and the list is made for every move of every play-out.
_LAYOFF, _MELD = MoveType.LAYOFF, MoveType.MELD
_DRAW_PHASE, _PLAY_PHASE, _ANSWER_PHASE = Phase.DRAW, Phase.PLAY, Phase.ANSWER

#: Every discard, and every lay-off of one natural card, as one Move per card identity made
#: once: moves are immutable values, so every list may hand out the same objects.
_DISCARDS = tuple(Move(MoveType.DISCARD, (card,)) for card in range(DECK_SIZE))
_ONE_NATURAL = tuple(Move(MoveType.LAYOFF, (card,), CARD_KIND[card]) for card in range(DECK_SIZE))

#: Kinds a meld can be of, in the order the move list gives them: 4s to aces, black threes
#: (kinds 0 to 11).
_MELD_KIND_COUNT = BLACK_THREE + 1
_MELD_KINDS = range(_MELD_KIND_COUNT)
#: The answers to "may I go out?": where the partner always agrees, and otherwise.
_YES_ONLY, _YES_NO = (YES,), (YES, NO)


def legal_moves(s: HandState) -> list[Move]:
    """Return the legal moves of the player to move as a new list.

    Order: the answer (yes, no); or the draw, the decline and the pile takes; or the melds
    and lay-offs by kind (4s to aces, then black threes), the discards by kind, and the
    question to the partner.
    """
    phase = s.phase
    if phase is _PLAY_PHASE:
        moves = _meld_moves(s)
        moves += _discard_moves(s)
        if s.rules.asks_permission and refuse_ask(s) is None:
            moves.append(ASK)
        return moves
    if phase is _DRAW_PHASE:
        return _draw_moves(s)
    if phase is _ANSWER_PHASE:
        return list(_YES_ONLY if s.rules.partner_always_agrees else _YES_NO)
    return []


def iter_legal_moves(s: HandState) -> Iterator[Move]:
    """Yield the legal moves of :func:`legal_moves`, in its order, one stage at a time.

    In the play phase the melds and lay-offs are built before the first one is yielded, the
    discards only when the melds are used up, the question to the partner last.
    """
    if s.phase is not _PLAY_PHASE:
        yield from legal_moves(s)
        return
    yield from _meld_moves(s)
    yield from _discard_moves(s)
    if s.rules.asks_permission and refuse_ask(s) is None:
        yield ASK


def _quick_need(s: HandState) -> int:
    """Points a meld or lay-off must make this turn for its check to be known to pass, or
    -1 when no check may be skipped (an answer to obey).

    The common case needs no after-move search: no answer to obey, two or more cards left
    (where wild cards may not be discarded, a natural among them), and a side that is open
    once the move is made (opened before, or this turn's melds with the move reach the
    opening minimum). Then the turn can always end with a discard (``finish_refusal``
    returns None). 0 for an opened side.
    """
    if s.permission is not None:
        return -1
    side = s.turn % 2
    if s.opened[side]:
        return 0
    return s.opening_minimum(side) - s.opening_points


def _meld_moves(s: HandState) -> list[Move]:
    """The melds and lay-offs of the play phase, by kind."""
    by_kind = s.kinds[s.turn]  # cards of each kind in hand order: a move takes the first
    if by_kind[TWO] or by_kind[JOKER]:
        return _melds_with_wilds(s, by_kind, _quick_need(s))
    return _natural_melds(s, by_kind, _quick_need(s))


def _discard_moves(s: HandState) -> list[Move]:
    """The discards of the play phase: the first card of each kind held that may go.

    A discard leaving a card needs no check when there is no answer to obey and the side is
    open or has not melded this turn (see ``refuse_discard``), except a wild card where
    wild cards may not be discarded while another card is held; an unopened side that
    melded this turn may not discard at all.
    """
    by_kind = s.kinds[s.turn]
    discards = _DISCARDS
    if not s.opened[s.turn % 2] and s.turn_melded:
        return []  # refuse_discard: OPENING_SHORT for every card
    if s.permission is None and len(s.hands[s.turn]) >= 2:
        if s.rules.wild_discard_allowed:
            # The first card of every kind held, in kind order, in C loops.
            return [discards[cards[0]] for cards in by_kind if cards]
        return [
            discards[cards[0]]
            for kind, cards in enumerate(by_kind)
            if cards and (kind < TWO or refuse_discard(s, kind) is None)
        ]
    return [
        discards[cards[0]]
        for kind, cards in enumerate(by_kind)
        if cards and refuse_discard(s, kind) is None
    ]


def _natural_melds(s: HandState, by_kind: list[list[int]], need: int) -> list[Move]:
    """The melds and lay-offs of a hand without wild cards: naturals of one kind each.

    The same moves, in the same order, as :func:`_melds_with_wilds` gives for such a hand
    (its only wild-card choice is none), without the wild-card bookkeeping. ``need``: see
    :func:`_quick_need`.
    """
    melds = s.melds[s.turn % 2]
    size_now = len(s.hands[s.turn])
    make, layoff_type, meld_type = _make_move, _LAYOFF, _MELD
    out: list[Move] = []
    for kind in compress(_MELD_KINDS, by_kind):  # the kinds held, without a test per kind
        naturals = by_kind[kind]
        c = len(naturals)
        value = KIND_VALUE[kind]
        if kind in melds:
            if kind == BLACK_THREE:
                continue
            cards = tuple(naturals)
            for nat in range(1, c + 1):
                if (need < 0 or size_now - nat < 2 or nat * value < need) and refuse_layoff(
                    s, kind, nat, 0, 0
                ) is not None:
                    continue
                if nat == 1:
                    out.append(_ONE_NATURAL[naturals[0]])
                else:
                    out.append(make(Move, (layoff_type, cards[:nat], kind)))
        elif c >= 3:
            cards = tuple(naturals)
            for nat in range(3, c + 1):
                if (
                    need < 0 or kind == BLACK_THREE or size_now - nat < 2 or nat * value < need
                ) and refuse_meld(s, kind, nat, 0, 0) is not None:
                    continue
                out.append(make(Move, (meld_type, cards[:nat], -1)))
    return out


def _melds_with_wilds(s: HandState, by_kind: list[list[int]], need: int) -> list[Move]:
    """The melds and lay-offs of a hand holding wild cards, per kind, per count of naturals,
    per choice of wild cards (twos before jokers). ``need``: see :func:`_quick_need`."""
    side = s.turn % 2
    rules = s.rules
    cap = rules.wild_cap
    wild_ok = rules.wild_discard_allowed
    twos_in_hand, jokers_in_hand = by_kind[TWO], by_kind[JOKER]
    tw, jk = len(twos_in_hand), len(jokers_in_hand)
    wild_in_hand = tw + jk
    size_now = len(s.hands[s.turn])
    melds, msize, mwild = s.melds[side], s.msize[side], s.mwild[side]
    two_value, joker_value = KIND_VALUE[TWO], KIND_VALUE[JOKER]
    # Every choice of wild cards (twos before jokers) with its cards and points, in list
    # order.
    wild_sets = [
        (t + j, t, j, (*twos_in_hand[:t], *jokers_in_hand[:j]), t * two_value + j * joker_value)
        for t in range(tw + 1)
        for j in range(jk + 1)
    ]
    quick = need >= 0
    make, layoff_type, meld_type = _make_move, _LAYOFF, _MELD
    out: list[Move] = []
    for kind in range(_MELD_KIND_COUNT):
        naturals = by_kind[kind]
        c = len(naturals)
        value = KIND_VALUE[kind]
        if kind in melds:
            if kind == BLACK_THREE:
                continue
            size, wild = msize[kind], mwild[kind]
            cards = tuple(naturals)
            for nat in range(0, c + 1):
                # Room for wild cards once this lay-off's naturals are on the meld.
                room = (cap if cap < size + nat - wild else size + nat - wild) - wild
                if room < 0:
                    room = 0
                picked = cards[:nat]
                for n_wild, twos, jokers, wild_cards, wild_points in wild_sets:
                    if n_wild > room:
                        continue
                    used = nat + n_wild
                    if used == 0:
                        continue
                    left = size_now - used
                    if not (
                        quick
                        and left >= 2
                        and (wild_ok or left > wild_in_hand - n_wild)
                        and nat * value + wild_points >= need
                    ) and (refuse_layoff(s, kind, nat, twos, jokers) is not None):
                        continue
                    out.append(make(Move, (layoff_type, picked + wild_cards, kind)))
        elif c >= 2:
            wild_max = 0 if kind == BLACK_THREE else cap
            cards = tuple(naturals)
            for nat in range(2, c + 1):
                most = wild_max if wild_max < nat else nat
                picked = cards[:nat]
                for n_wild, twos, jokers, wild_cards, wild_points in wild_sets:
                    if n_wild > most:
                        continue
                    used = nat + n_wild
                    if used < 3:
                        continue
                    left = size_now - used
                    if not (
                        quick
                        and kind != BLACK_THREE
                        and left >= 2
                        and (wild_ok or left > wild_in_hand - n_wild)
                        and nat * value + wild_points >= need
                    ) and (refuse_meld(s, kind, nat, twos, jokers) is not None):
                        continue
                    out.append(make(Move, (meld_type, picked + wild_cards, -1)))
    return out


def _draw_moves(s: HandState) -> list[Move]:
    """The moves of the draw phase: the draw, the decline, the pile takes (a short list)."""
    if s.stock:  # a draw is legal, and there is nothing to decline (docs/rules.md#empty-stock)
        moves = [DRAW]
    else:
        moves = [DRAW] if refuse_draw(s) is None else []
        if refuse_decline(s) is None:
            moves.append(DECLINE)
    moves += take_options(s)
    return moves


class LegalMoves:
    """A lazy view of a hand's legal moves (see :attr:`HandState.legal_moves`).

    Generated afresh at each use from the state as it then is; do not change the state
    while iterating.
    """

    __slots__ = ("_state",)

    def __init__(self, state: HandState) -> None:
        self._state = state

    def __call__(self) -> list[Move]:
        """Return the legal moves as a list."""
        return legal_moves(self._state)

    def __iter__(self) -> Iterator[Move]:
        return iter_legal_moves(self._state)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._state.check(move) is None

    def __bool__(self) -> bool:
        return any(True for _ in iter_legal_moves(self._state))

    def count(self) -> int:
        """How many moves the list holds (counted without keeping them)."""
        return sum(1 for _ in iter_legal_moves(self._state))

    def __len__(self) -> int:
        return self.count()
