"""Determinisation: a whole hand state sampled consistently with one seat's view.

The hard player searches over states like these. Every card the view shows stays where
the view puts it (the seat's own hand, the pile, the melds, red threes, the cards waiting
beside the table, the cards each player is known to hold); the unseen cards are dealt at
random into the other hands' unknown places and the stock, keeping every hand's size and
the stock's size. Red threes never sit in a hand (they are laid out at once), so unseen
red threes always go to the stock.
"""

from __future__ import annotations

import random

from canasta.engine.cards import CARD_KIND, NUM_KINDS, RED_THREE, is_wild_kind
from canasta.engine.state import HandState, Phase
from canasta.engine.view import SeatView

from .tracking import unseen_cards


def view_fingerprint(view: SeatView) -> int:
    """A number that depends only on what the view shows (stable across processes).

    Used to seed a player's random choices, so the same view and the same player seed
    always give the same decision, whatever the hidden cards are.
    """
    melds = tuple(
        tuple(sorted((k, tuple(v)) for k, v in view.melds[side].items())) for side in (0, 1)
    )
    # Only ints in the key: a str's hash (and None's, before Python 3.12) varies by process.
    phase = ("draw", "play", "answer", "ended").index(view.phase)
    permission = {None: 0, False: 1, True: 2}[view.permission]
    return hash(
        (
            view.seat, view.turn, phase, view.hand, view.hand_sizes, view.stock_size,
            view.pile, melds, view.waiting, permission, view.opening_points,
            tuple(tuple(sorted(k)) for k in view.known),
        )
    ) & 0x7FFFFFFF  # fmt: skip


def sample_state(view: SeatView, rng: random.Random) -> HandState:
    """Return a hand state consistent with ``view``, hidden cards dealt at random.

    The state has ``keep_snapshots`` off (it is for search) and an empty history.

    Raises:
        ValueError: if the view's counts do not add up (more unknown places than unseen
            cards), which a view made by the engine never does.
    """
    rules = view.rules
    state = HandState(rules, view.side_scores)
    players = rules.players
    pool = unseen_cards(view)
    threes = [c for c in pool if CARD_KIND[c] == RED_THREE]
    others = [c for c in pool if CARD_KIND[c] != RED_THREE]
    rng.shuffle(others)
    slots = [
        0 if seat == view.seat else view.hand_sizes[seat] - len(view.known[seat])
        for seat in range(players)
    ]
    if sum(slots) + view.stock_size != len(pool) or sum(slots) > len(others):
        raise ValueError("the view's hand and stock sizes do not match its unseen cards")
    position = 0
    for seat in range(players):
        if seat == view.seat:
            cards = list(view.hand)
        else:
            cards = sorted(view.known[seat]) + others[position : position + slots[seat]]
            position += slots[seat]
        state.hands[seat] = cards
        counts = [0] * NUM_KINDS
        for card in cards:
            counts[CARD_KIND[card]] += 1
        state.counts[seat] = counts
        state.known[seat] = set(view.known[seat]) if seat != view.seat else set()
    stock = others[position:] + threes
    rng.shuffle(stock)
    state.stock = stock
    state.pile = list(view.pile)
    state.pile_freezers = view.pile_freezers
    for side in (0, 1):
        for kind, meld in view.melds[side].items():
            state.melds[side][kind] = list(meld)
            state.msize[side][kind] = len(meld)
            state.mwild[side][kind] = sum(1 for c in meld if is_wild_kind(CARD_KIND[c]))
        state.red_threes[side] = list(view.red_threes[side])
    state.opened = list(view.opened)
    state.turn = view.turn
    state.phase = Phase(view.phase)
    state.waiting = list(view.waiting)
    state.opening_points = view.opening_points
    state.turn_melded = view.turn_melded
    state.permission = view.permission
    state.asked = view.permission is not None or state.phase is Phase.ANSWER
    if state.phase is Phase.ANSWER:
        state.answerer = state.partner(state.turn)
    # Who melded earlier only matters for a concealed going out: a side with melds on the
    # table is taken to have melded before.
    state.melded_before = [bool(view.melds[seat % 2]) for seat in range(players)]
    state.keep_snapshots = False
    return state


__all__ = ["sample_state", "view_fingerprint"]
