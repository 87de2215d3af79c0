"""The parts of one hand and the counts derived from them.

:class:`HandBase` holds where every card is (hands, stock, pile, melds, red threes, the
waiting pile cards) with the counts the rules read (cards per kind in each hand, meld sizes
and wild cards per kind, the pile's freezing cards), kept together by the few helpers that
move a card (:meth:`HandBase._give`, :meth:`HandBase._push_pile`, laying out red threes),
plus the simple questions about a hand, its copy and its equality. Applying moves is in
:mod:`canasta.engine.applying`, building a hand in :mod:`canasta.engine.building`, the
rules' checks and lists in :mod:`canasta.engine.state`.
"""

from __future__ import annotations

from typing import Self

from .cards import CARD_CODE, CARD_KIND, NUM_KINDS, RED_THREE, is_wild_kind
from .core import CANASTA_SIZE, EndReason, Outcome, Phase
from .moves import Move
from .rules import RuleSet

_ANSWER_PHASE, _ENDED = Phase.ANSWER, Phase.ENDED


class HandBase:
    """The whole state of one hand: its parts and derived counts (the first of the four
    classes that make :class:`~canasta.engine.state.HandState`, which says why there are four).

    Seats are ``0..players-1`` in clockwise order; seat 0 is the person at the screen.
    A seat's side is ``seat % 2`` (partners sit opposite). Piles are lists whose last item
    is the top card. Every card identity (0..107) is in exactly one place: a hand, the
    stock, the pile, a meld, a side's red threes, or the cards waiting beside the table
    after an unopened side took the pile.
    """

    __slots__ = (
        "rules", "deal_number", "dealer", "players", "side_scores", "hands", "counts", "kinds",
        "stock", "pile", "pile_freezers", "melds", "msize", "mwild", "red_threes", "opened",
        "turn", "phase", "waiting", "opening_points", "turn_melded", "turn_new_melds",
        "turn_added_to_old", "took_pile", "asked", "permission", "answerer", "melded_before",
        "known", "shown", "went_out", "concealed", "end_reason", "move_count", "history",
        "_snapshot", "keep_snapshots", "out_of_play",
    )  # fmt: skip

    def __init__(self, rules: RuleSet, side_scores: tuple[int, int] = (0, 0)) -> None:
        """Create an empty hand (no cards dealt); use :meth:`deal` for a real one."""
        self.rules = rules
        self.players = rules.players
        self.deal_number = 0
        self.dealer = 0
        self.side_scores = side_scores
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.counts: list[list[int]] = [[0] * NUM_KINDS for _ in range(self.players)]
        #: Per seat, per kind: the hand's cards of that kind in hand order (kept with
        #: ``hands`` and ``counts`` by every change, so the move list need not sort a hand).
        self.kinds: list[list[list[int]]] = [
            [[] for _ in range(NUM_KINDS)] for _ in range(self.players)
        ]
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.pile_freezers = 0
        self.melds: list[dict[int, list[int]]] = [{}, {}]
        self.msize: list[list[int]] = [[0] * NUM_KINDS, [0] * NUM_KINDS]
        self.mwild: list[list[int]] = [[0] * NUM_KINDS, [0] * NUM_KINDS]
        self.red_threes: list[list[int]] = [[], []]
        self.opened = [False, False]
        self.turn = 0
        self.phase = Phase.DRAW
        self.waiting: list[int] = []
        self.opening_points = 0
        self.turn_melded = False
        self.turn_new_melds: list[int] = []
        self.turn_added_to_old = False
        self.took_pile = False
        self.asked = False
        self.permission: bool | None = None
        self.answerer = -1
        self.melded_before = [False] * self.players
        self.known: list[set[int]] = [set() for _ in range(self.players)]
        # Per seat, per turn: (kind on top of the pile it drew over, kind it discarded), or -1.
        self.shown: list[list[tuple[int, int]]] = [[] for _ in range(self.players)]
        self.went_out = -1
        self.concealed = False
        self.end_reason: EndReason | None = None
        self.move_count = 0
        self.history: list[Move] = []
        self._snapshot: HandBase | None = None
        self.keep_snapshots = True
        #: Cards a position left out of this hand (neither dealt nor in the stock): out of
        #: play until the hand ends. Empty for a dealt hand.
        self.out_of_play: list[int] = []

    def copy(self) -> Self:
        """Return an independent copy (the turn snapshot is shared, as it is never mutated)."""
        cls = type(self)
        other = cls.__new__(cls)
        for name in HandBase.__slots__:
            setattr(other, name, getattr(self, name))
        # map(list, ...) copies each inner list in a C loop (cheaper than a comprehension).
        other.hands = list(map(list, self.hands))
        other.counts = list(map(list, self.counts))
        other.kinds = [list(map(list, seat)) for seat in self.kinds]
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.melds = [{k: list(v) for k, v in side.items()} for side in self.melds]
        other.msize = list(map(list, self.msize))
        other.mwild = list(map(list, self.mwild))
        other.red_threes = list(map(list, self.red_threes))
        other.opened = list(self.opened)
        other.waiting = list(self.waiting)
        other.turn_new_melds = list(self.turn_new_melds)
        other.melded_before = list(self.melded_before)
        other.known = list(map(set, self.known))
        other.shown = list(map(list, self.shown))
        other.history = list(self.history)
        other.out_of_play = list(self.out_of_play)
        return other

    # Simple queries -------------------------------------------------------------------------

    @property
    def side(self) -> int:
        """The side (0 or 1) of the player to move."""
        return self.turn % 2

    @property
    def mover(self) -> int:
        """The seat that must make the next move (the partner while an answer is due)."""
        return self.answerer if self.phase is _ANSWER_PHASE else self.turn

    @property
    def ended(self) -> bool:
        """True once the hand is over."""
        return self.phase is _ENDED

    @property
    def outcome(self) -> Outcome | None:
        """How the hand ended (reason, who went out, concealed or not), or None while on."""
        if self.end_reason is None:
            return None
        return Outcome(self.end_reason, self.went_out, self.concealed)

    @property
    def pile_top(self) -> int | None:
        """The card on top of the discard pile, or None when it is empty."""
        return self.pile[-1] if self.pile else None

    def opening_minimum(self, side: int) -> int:
        """The opening minimum (points) for ``side`` this hand."""
        return self.rules.opening_minimum(self.side_scores[side])

    def canastas(self, side: int) -> int:
        """How many canastas (melds of seven or more) ``side`` has."""
        return sum(1 for size in self.msize[side] if size >= CANASTA_SIZE)

    def pile_frozen_for(self, side: int) -> bool:
        """Whether ``side`` needs a natural pair to take the pile.

        Frozen against a side that has not opened, for everyone while the pile holds a wild
        card or red three, and always with "pile always frozen" (docs/rules.md#frozen-pile).
        """
        return self.rules.pile_always_frozen or self.pile_freezers > 0 or not self.opened[side]

    def partner(self, seat: int) -> int:
        """The partner's seat (four players)."""
        return (seat + 2) % self.players

    # Helpers --------------------------------------------------------------------------------

    def _give(self, seat: int, card: int) -> None:
        kind = CARD_KIND[card]
        self.hands[seat].append(card)
        self.counts[seat][kind] += 1
        self.kinds[seat][kind].append(card)

    def _push_pile(self, card: int) -> None:
        self.pile.append(card)
        kind = CARD_KIND[card]
        if is_wild_kind(kind) or kind == RED_THREE:
            self.pile_freezers += 1

    def _lay_out_red_threes(self, seat: int, replace: bool) -> bool:
        """Lay out every red three in ``seat``'s hand, replacing each from the stock.

        Returns True when a red three had to be replaced but the stock was empty: that red
        three was the stock's last card (docs/rules.md#red-threes).
        """
        unreplaced = False
        while self.counts[seat][RED_THREE]:
            hand = self.hands[seat]
            for card in [c for c in hand if CARD_KIND[c] == RED_THREE]:
                hand.remove(card)
                self.counts[seat][RED_THREE] -= 1
                self.kinds[seat][RED_THREE].remove(card)
                self.red_threes[seat % 2].append(card)
                if replace and self.stock:
                    self._give(seat, self.stock.pop())
                elif replace:
                    unreplaced = True
        return unreplaced

    def cards_in_places(self) -> list[list[int]]:
        """Return every place's card list (for conservation checks): 108 cards in all,
        the cards out of play for this hand included."""
        places: list[list[int]] = [
            *self.hands,
            self.stock,
            self.pile,
            self.waiting,
            self.out_of_play,
        ]
        for side in (0, 1):
            places.extend(self.melds[side].values())
            places.append(self.red_threes[side])
        return places

    def _position_key(self) -> tuple[object, ...]:
        """The position in card codes (two copies of a card are alike), for equality."""

        def codes(cards: list[int]) -> tuple[str, ...]:
            return tuple(CARD_CODE[c] for c in cards)

        return (
            self.rules, self.deal_number, self.dealer, self.side_scores, self.turn, self.phase,
            tuple(codes(h) for h in self.hands), codes(self.stock), codes(self.pile),
            tuple(tuple(sorted((k, codes(v)) for k, v in side.items())) for side in self.melds),
            tuple(codes(r) for r in self.red_threes), tuple(self.opened), codes(self.waiting),
            self.opening_points, self.turn_melded, tuple(self.turn_new_melds),
            self.turn_added_to_old, self.took_pile, self.asked, self.permission,
            tuple(self.melded_before), tuple(tuple(sorted(codes(list(k)))) for k in self.known),
            tuple(tuple(t) for t in self.shown), self.went_out, self.concealed,
            self.end_reason, tuple(sorted(codes(self.out_of_play))),
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        """Two hands are equal when every place holds the same cards by code, in the same
        order where order matters (stock, pile, melds, hands), with the same turn facts.
        The move history and the reset snapshot are not compared."""
        if not isinstance(other, HandBase):
            return NotImplemented
        return self._position_key() == other._position_key()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return (
            f"<HandState deal={self.deal_number} turn={self.turn} phase={self.phase.value} "
            f"stock={len(self.stock)} pile={len(self.pile)}>"
        )
