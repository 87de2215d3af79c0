"""A rule-of-thumb computer player: plays correctly and sensibly, reading only its view.

Strategy, in the order it is applied each time the player must move:

* **Answer** "may I go out?": no only when its own hand holds a canasta it could finish
  or 60 points or more it could put down; otherwise yes.
* **Draw or take**: take the pile when it holds two or more cards (or the top card goes
  straight onto a meld), using the fewest hand cards and no wild card when it can.
* **Go out** whenever the whole hand can be melded (all, or all but one card then
  discarded), asking the partner first when that rule is on.
* **Open**: while the side has not opened, meld the highest-scoring melds, keeping wild
  cards back when naturals alone reach the minimum.
* **Build**: lay naturals off onto the side's melds, meld three or more naturals, and use
  wild cards to complete canastas.
* **Discard** the card the next opponent is least likely to want: a black three first,
  never a card of a rank that opponent has melded while the pile is unfrozen, nor one it
  is known to hold; singletons before pairs; wild cards last.
"""

from __future__ import annotations

from canasta.engine.cards import (
    BLACK_THREE,
    CARD_KIND,
    CARD_WILD,
    JOKER,
    KIND_VALUE,
    NATURAL_KINDS,
    NUM_KINDS,
    TWO,
    is_wild_kind,
    kind_counts,
)
from canasta.engine.core import CANASTA_SIZE
from canasta.engine.moves import Move, MoveType
from canasta.engine.reach import find_go_out
from canasta.engine.view import SeatView

from .seat import SeatLike


def meld_signature(move: Move) -> tuple[int, int, int]:
    """``(naturals, twos, jokers)`` of a move's cards."""
    kinds = list(map(CARD_KIND.__getitem__, move.cards))
    twos = kinds.count(TWO)
    jokers = kinds.count(JOKER)
    return len(kinds) - twos - jokers, twos, jokers


#: Move types bound to module names: CPython 3.11 looks an enum member up on its class
#: through a descriptor (about 0.1 us), and these are compared for every listed move.
_ASK, _DISCARD, _TAKE, _DRAW = MoveType.ASK, MoveType.DISCARD, MoveType.TAKE, MoveType.DRAW
_LAYOFF, _MELD, _YES, _NO = MoveType.LAYOFF, MoveType.MELD, MoveType.YES, MoveType.NO
#: The wild cards' identities (twos and jokers).
_WILD_CARDS = frozenset(card for card, wild in enumerate(CARD_WILD) if wild)


def all_natural(move: Move) -> bool:
    """Whether none of a move's cards is a wild card (``meld_signature(move)[1:] ==
    (0, 0)``, without counting: asked of every listed meld in the play-outs)."""
    return _WILD_CARDS.isdisjoint(move.cards)


def wild_count(move: Move) -> int:
    """How many of a move's cards are wild cards (``sum(meld_signature(move)[1:])``)."""
    return sum(map(CARD_WILD.__getitem__, move.cards))


def _points(move: Move) -> int:
    return sum(KIND_VALUE[CARD_KIND[c]] for c in move.cards)


def _kind(move: Move) -> int:
    if move.type is _LAYOFF:
        return move.target
    for card in move.cards:
        if not is_wild_kind(CARD_KIND[card]):
            return CARD_KIND[card]
    return -1


class HeuristicPlayer:
    """A sensible first computer player (see the module docstring for its strategy)."""

    name = "heuristic"

    def choose(self, view: SeatView) -> Move:
        """Return one of ``view.legal_moves``.

        Raises:
            ValueError: if the view offers no legal move.
        """
        return self._choose(view)

    def _choose(self, view: SeatLike) -> Move:
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal move to choose from")
        if len(legal) == 1:  # e.g. a partner who always agrees (rule option)
            return legal[0]
        if view.phase == "answer":
            return self._answer(view)
        if view.phase == "draw":
            return self._draw(view)
        return self._play(view)

    # Phases ---------------------------------------------------------------------------------

    def _answer(self, view: SeatLike) -> Move:
        by_type = {m.type: m for m in view.legal_moves}
        counts = kind_counts(view.hand)
        melds = view.melds[view.side]
        for kind, cards in melds.items():
            if len(cards) < CANASTA_SIZE <= len(cards) + counts[kind] + counts[TWO] + counts[JOKER]:
                return by_type[_NO]
        meldable = sum(
            counts[k] * KIND_VALUE[k] for k in NATURAL_KINDS if k in melds or counts[k] >= 3
        )
        return by_type[_NO if meldable >= 60 else _YES]

    def _draw(self, view: SeatLike) -> Move:
        takes = [m for m in view.legal_moves if m.type is _TAKE]
        draws = [m for m in view.legal_moves if m.type is _DRAW]
        if takes:
            best = min(takes, key=lambda m: (wild_count(m), len(m.cards)))
            if len(view.pile) >= 2 or not best.cards or not draws:
                return best
        return draws[0] if draws else takes[0]

    def _play(self, view: SeatLike) -> Move:
        legal = view.legal_moves
        side = view.side
        counts = kind_counts(view.hand)
        sizes = [0] * NUM_KINDS
        wilds = [0] * NUM_KINDS
        for kind, cards in view.melds[side].items():
            sizes[kind] = len(cards)
            wilds[kind] = sum(map(CARD_WILD.__getitem__, cards))
        melding = [m for m in legal if m.type in (_MELD, _LAYOFF)]
        plan = find_go_out(counts, sizes, wilds, view.rules.wild_cap, view.rules.canastas_to_go_out)
        ask = next((m for m in legal if m.type is _ASK), None)
        if view.permission is True or (plan is not None and view.permission is not False):
            if ask is not None and view.opened[side]:
                return ask
            if plan is not None:
                step = self._plan_step(view, plan, melding)
                if step is not None:
                    return step
        if not view.opened[side]:
            move = self._open(view, melding, counts)
            if move is not None:
                return move
        else:
            move = self._build(view, melding, sizes, counts)
            if move is not None:
                return move
        return self._discard(view, counts)

    # Helpers --------------------------------------------------------------------------------

    def _plan_step(self, view: SeatLike, plan: object, melding: list[Move]) -> Move | None:
        from canasta.engine.reach import GoOutPlan

        assert isinstance(plan, GoOutPlan)
        for meld_kind, card_kind, n in plan.layoffs:
            for m in melding:
                if m.type is _LAYOFF and m.target == meld_kind:
                    nat, twos, jokers = meld_signature(m)
                    want = (n, 0, 0) if card_kind == meld_kind else (0, 0, 0)
                    if card_kind == TWO:
                        want = (0, n, 0)
                    elif card_kind == JOKER:
                        want = (0, 0, n)
                    if (nat, twos, jokers) == want:
                        return m
        for kind, nat_n, twos_n, jokers_n in plan.melds:
            for m in melding:
                if (
                    m.type is _MELD
                    and _kind(m) == kind
                    and meld_signature(m) == (nat_n, twos_n, jokers_n)
                ):
                    return m
        return None

    def _open(self, view: SeatLike, melding: list[Move], counts: list[int]) -> Move | None:
        if not melding:
            return None
        # The engine lists a meld only while the opening stays reachable after it, so any
        # listed meld keeps the opening within reach; natural melds first when they suffice.
        short = view.rules.opening_minimum(view.side_scores[view.side]) - view.opening_points
        natural_only = [m for m in melding if all_natural(m)]
        natural_points = sum(counts[k] * KIND_VALUE[k] for k in NATURAL_KINDS if counts[k] >= 3)
        pool = natural_only if natural_only and natural_points >= short else melding
        return max(pool, key=lambda m: (_points(m), -wild_count(m)))

    def _build(
        self, view: SeatLike, melding: list[Move], sizes: list[int], counts: list[int]
    ) -> Move | None:
        natural = [m for m in melding if all_natural(m)]
        if natural:
            return max(natural, key=lambda m: (len(m.cards), _points(m)))
        wild_in_hand = counts[TWO] + counts[JOKER]
        for m in melding:
            if m.type is not _LAYOFF:
                continue
            nat, twos, jokers = meld_signature(m)
            size = sizes[m.target]
            if nat == 0 and size < CANASTA_SIZE == size + twos + jokers and jokers <= 0:
                return m
            if nat == 0 and size < CANASTA_SIZE <= size + wild_in_hand and twos + jokers == 1:
                return m
        return None

    def _discard(self, view: SeatLike, counts: list[int]) -> Move:
        discards = [m for m in view.legal_moves if m.type is _DISCARD]
        if not discards:
            return view.legal_moves[0]
        next_seat = (view.seat + 1) % view.rules.players
        their_side = next_seat % 2
        their_melds = view.melds[their_side]
        their_known = kind_counts(tuple(view.known[next_seat]))
        pile_kinds = {CARD_KIND[c] for c in view.pile}
        unfrozen = view.pile_freezers == 0 and view.opened[their_side]

        def danger(move: Move) -> float:
            kind = CARD_KIND[move.cards[0]]
            if kind == BLACK_THREE:
                return -100.0
            score = 0.0
            if is_wild_kind(kind):
                score += 200.0
            if kind in their_melds and unfrozen:
                score += 80.0
            score += 40.0 * min(their_known[kind], 2)
            score += 12.0 * (counts[kind] - 1)
            if kind in pile_kinds:
                score -= 6.0
            score -= 0.2 * KIND_VALUE[kind]
            return score

        return min(discards, key=danger)
