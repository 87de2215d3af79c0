"""Building a hand: the deal, and a hand from its parts (a position, a sampled world).

:class:`HandBuilt` adds the two ways to make a hand: :meth:`HandBuilt.deal`
(docs/rules.md#the-deal) and :meth:`HandBuilt.from_parts`, the one validated way to build
any hand, which computes every derived count itself.
"""

from __future__ import annotations

import random
from typing import Self

from .applying import HandPlay
from .cards import CARD_CODE, CARD_KIND, DECK_SIZE, KIND_NAME, NUM_KINDS, RED_THREE, is_wild_kind
from .core import EndReason, Phase
from .rules import RuleSet


class HandBuilt(HandPlay):
    """A hand with its constructors; the third of the four classes that make
    :class:`~canasta.engine.state.HandState`."""

    __slots__ = ()

    # Construction ---------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        deal_number: int,
        dealer: int = 0,
        side_scores: tuple[int, int] = (0, 0),
        deck: list[int] | None = None,
    ) -> Self:
        """Shuffle with ``random.Random(deal_number)`` (or take ``deck``) and deal a hand.

        Each player gets ``rules.cards_dealt`` cards; red threes dealt are laid out and
        replaced from the stock; the upcard starts the pile, and while it is a wild card or
        a red three another card is turned on top (the buried one freezes the pile). The
        player to the dealer's left moves first.

        Args:
            rules: the rule set.
            deal_number: any int; the same number gives the same cards for the same rules.
            dealer: the dealing seat.
            side_scores: each side's game total at the hand's start (points), which sets
                the opening minimum.
            deck: the 108 card identities in the order they are turned up (the first card
                goes to the dealer's left, then round the table; after the deal, red-three
                replacements and the upcard come off the same order). None: shuffled.

        Raises:
            ValueError: if ``deck`` is not an order of the 108 cards.
        """
        if deck is None:
            order = list(range(DECK_SIZE))
            random.Random(deal_number).shuffle(order)
            order.reverse()  # the shuffled list's last card is turned up first
        else:
            order = list(deck)
            if sorted(order) != list(range(DECK_SIZE)):
                raise ValueError(f"a deck order holds each of the {DECK_SIZE} cards once")
        state = cls.from_parts(
            rules,
            hands=[[] for _ in range(rules.players)],
            stock=order[::-1],
            side_scores=side_scores,
            deal_number=deal_number,
            dealer=dealer,
        )
        for _ in range(rules.cards_dealt):
            for offset in range(1, state.players + 1):
                seat = (state.dealer + offset) % state.players
                state._give(seat, state.stock.pop())
        for offset in range(1, state.players + 1):
            seat = (state.dealer + offset) % state.players
            state._lay_out_red_threes(seat, replace=True)
        while True:
            card = state.stock.pop()
            state._push_pile(card)
            if not (is_wild_kind(CARD_KIND[card]) or CARD_KIND[card] == RED_THREE):
                break
        state.turn = (state.dealer + 1) % state.players
        state._begin_turn()
        return state

    @classmethod
    def from_parts(
        cls,
        rules: RuleSet,
        *,
        hands: list[list[int]],
        stock: list[int],
        pile: list[int] | None = None,
        melds: list[dict[int, list[int]]] | None = None,
        red_threes: list[list[int]] | None = None,
        waiting: list[int] | None = None,
        side_scores: tuple[int, int] = (0, 0),
        deal_number: int = 0,
        dealer: int = 0,
        turn: int | None = None,
        phase: Phase = Phase.DRAW,
        opened: list[bool] | None = None,
        opening_points: int = 0,
        turn_melded: bool = False,
        turn_new_melds: list[int] | None = None,
        turn_added_to_old: bool = False,
        took_pile: bool = False,
        asked: bool = False,
        permission: bool | None = None,
        melded_before: list[bool] | None = None,
        known: list[set[int]] | None = None,
        shown: list[list[tuple[int, int]]] | None = None,
        went_out: int = -1,
        concealed: bool = False,
        end_reason: EndReason | None = None,
    ) -> Self:
        """Build a hand from its parts; every derived count is computed here.

        The counts per kind of each hand, the meld sizes and wild cards per kind, the pile's
        freezing cards and the partner due to answer come from the parts given; nothing
        outside the engine writes them. Cards no part places (of the 108) are out of play
        for this hand (:attr:`out_of_play`), so a position may give a short stock.

        Args:
            rules: the rule set (its ``players`` sets the number of hands).
            hands: per seat, card identities (0..107).
            stock: the stock, bottom first (the last card is drawn next).
            pile: the discard pile, bottom first.
            melds: per side, ``{kind: cards}``.
            red_threes: per side, the red threes laid out.
            waiting: pile cards waiting for an unopened side to open.
            turn: the seat to play (default: the dealer's left).
            known: per seat, cards of its hand the others know (default: none).
            shown: per seat, ``(passed kind, discarded kind)`` per turn (default: none).
            The other arguments set the attribute of the same name.

        Raises:
            ValueError: for a card outside 0..107 or in two places, a red three in a hand,
                a meld card of another rank (wild cards aside), a known card not in that
                hand, a seat out of range, or a per-seat list of the wrong length.
        """
        state = cls(rules, side_scores)
        players = state.players
        melds = melds if melds is not None else [{}, {}]
        red_threes = red_threes if red_threes is not None else [[], []]
        for name, value, size in (
            ("hands", hands, players), ("melds", melds, 2), ("red_threes", red_threes, 2),
            ("melded_before", melded_before, players), ("known", known, players),
            ("shown", shown, players), ("opened", opened, 2),
        ):  # fmt: skip
            if value is not None and len(value) != size:
                raise ValueError(f"{name} needs {size} entries, not {len(value)}")
        seen: set[int] = set()

        def place(cards: list[int], where: str) -> list[int]:
            for card in cards:
                if not 0 <= card < DECK_SIZE:
                    raise ValueError(f"card identity {card} in {where} is not 0..{DECK_SIZE - 1}")
                if card in seen:
                    raise ValueError(f"{CARD_CODE[card]} (card {card}) is placed twice")
                seen.add(card)
            return list(cards)

        state.deal_number = deal_number
        state.dealer = dealer % players
        for seat, cards in enumerate(hands):
            for card in place(cards, f"seat {seat}'s hand"):
                if CARD_KIND[card] == RED_THREE:
                    raise ValueError("a red three cannot be in a hand: list it under red_threes")
                state._give(seat, card)
        for card in place(pile or [], "the pile"):
            state._push_pile(card)
        for side in (0, 1):
            for kind, cards in melds[side].items():
                if not 0 <= kind < NUM_KINDS or is_wild_kind(kind) or kind == RED_THREE:
                    raise ValueError(f"no meld can be of kind {kind}")
                for card in place(cards, f"side {side}'s meld of {KIND_NAME[kind]}"):
                    card_kind = CARD_KIND[card]
                    if is_wild_kind(card_kind):
                        state.mwild[side][kind] += 1
                    elif card_kind != kind:
                        raise ValueError(
                            f"{CARD_CODE[card]} cannot be in the meld of {KIND_NAME[kind]}"
                        )
                state.melds[side][kind] = list(cards)
                state.msize[side][kind] = len(cards)
            threes = place(red_threes[side], f"side {side}'s red threes")
            if any(CARD_KIND[c] != RED_THREE for c in threes):
                raise ValueError("only red threes are laid out as red threes")
            state.red_threes[side] = threes
        state.waiting = place(waiting or [], "the waiting cards")
        state.stock = place(stock, "the stock")
        state.out_of_play = [c for c in range(DECK_SIZE) if c not in seen]
        state.turn = (state.dealer + 1) % players if turn is None else turn
        if not 0 <= state.turn < players:
            raise ValueError(f"turn must be a seat from 0 to {players - 1}")
        state.phase = phase
        state.opened = list(opened) if opened is not None else [bool(m) for m in melds]
        state.opening_points = opening_points
        state.turn_melded = turn_melded
        state.turn_new_melds = list(turn_new_melds or [])
        state.turn_added_to_old = turn_added_to_old
        state.took_pile = took_pile
        state.asked = asked
        state.permission = permission
        state.answerer = state.partner(state.turn) if phase is Phase.ANSWER else -1
        if melded_before is not None:
            state.melded_before = [bool(x) for x in melded_before]
        for seat, cards_known in enumerate(known or []):
            stray = set(cards_known) - set(state.hands[seat])
            if stray:
                codes = ", ".join(sorted(CARD_CODE[c] for c in stray))
                raise ValueError(f"seat {seat} is said to hold {codes} but does not")
            state.known[seat] = set(cards_known)
        if shown is not None:
            state.shown = [list(turns) for turns in shown]
        if not -1 <= went_out < players:
            raise ValueError(f"went_out must be -1 or a seat from 0 to {players - 1}")
        state.went_out = went_out
        state.concealed = concealed
        state.end_reason = end_reason
        return state
