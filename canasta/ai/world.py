"""Determinisation: a whole hand state sampled consistently with one seat's view.

The hard player searches over states like these. Every card the view shows stays where
the view puts it (the seat's own hand, the pile, the melds, red threes, the cards waiting
beside the table, the cards each player is known to hold); the unseen cards are dealt at
random into the other hands' unknown places and the stock, keeping every hand's size and
the stock's size. Red threes never sit in a hand (they are laid out at once), so unseen
red threes always go to the stock.

With ``infer`` the deal also respects what each player showed in its last turns
(:func:`inferred_caps`): a player who drew over a natural card on the pile while its side
had opened holds at most one of that kind (a natural pair would have taken the pile), and
a player who discarded a natural card holds at most one more of it (three would have been
melded), usually none (players keep pairs and throw singletons).
"""

from __future__ import annotations

import random

from canasta.engine.cards import CARD_KIND, NATURAL_KINDS, RED_THREE
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


#: How many of a player's latest turns the inference reads.
RECENT_TURNS = 2
#: Chance that a player who discarded a natural card is dealt none of that kind.
DISCARD_NONE_CHANCE = 0.75


def inferred_caps(view: SeatView, seat: int, rng: random.Random) -> dict[int, int]:
    """The most cards of each kind ``seat`` is taken to hold, from what it showed.

    Reads the seat's last :data:`RECENT_TURNS` entries of ``view.shown``: a kind drawn
    over caps that kind at one card; a natural kind discarded while the side had opened
    caps it at none (with chance :data:`DISCARD_NONE_CHANCE`, drawn from ``rng``) or one.
    A cap the seat's known cards already break (it took such cards with a pile since) is
    dropped. Returns ``{kind: most cards}``.
    """
    caps: dict[int, int] = {}
    opened = view.opened[seat % 2]
    for passed, discarded in view.shown[seat][-RECENT_TURNS:]:
        if passed >= 0:
            caps[passed] = min(caps.get(passed, 1), 1)
        if opened and discarded in NATURAL_KINDS:
            cap = 0 if rng.random() < DISCARD_NONE_CHANCE else 1
            caps[discarded] = min(caps.get(discarded, cap), cap)
    known = [CARD_KIND[c] for c in view.known[seat]]
    return {k: cap for k, cap in caps.items() if known.count(k) <= cap}


def _respect_caps(
    view: SeatView, unknown: list[list[int]], stock: list[int], rng: random.Random
) -> None:
    """Swap cards out of hands that break their seat's caps (in place).

    A card over a cap changes places with a random card of the stock or of another hand's
    unknown places (each such card equally likely), when the first seat may hold that card
    and the other place may take the capped one (a seat whose cap it would break cannot).
    Gives up on a card after a few tries.
    """
    players = view.rules.players
    caps = [inferred_caps(view, s, rng) if s != view.seat else {} for s in range(players)]
    places: list[list[int]] = [stock] + [unknown[s] for s in range(players) if s != view.seat]
    owners = [-1] + [s for s in range(players) if s != view.seat]
    total = sum(len(place) for place in places)
    if not total:
        return
    for seat in range(players):
        if not caps[seat]:
            continue
        cards = unknown[seat]
        known = [CARD_KIND[c] for c in view.known[seat]]
        for kind, cap in caps[seat].items():
            excess = known.count(kind) + sum(1 for c in cards if CARD_KIND[c] == kind) - cap
            for i in [i for i, c in enumerate(cards) if CARD_KIND[c] == kind][: max(0, excess)]:
                for _try in range(12):
                    # Every unknown card is equally likely to be the one exchanged.
                    j = rng.randrange(total)
                    p = 0
                    while j >= len(places[p]):
                        j -= len(places[p])
                        p += 1
                    place, owner = places[p], owners[p]
                    if owner == seat:
                        continue
                    other = CARD_KIND[place[j]]
                    if other in caps[seat] or (owner >= 0 and kind in caps[owner]):
                        continue
                    cards[i], place[j] = place[j], cards[i]
                    break


def sample_state(view: SeatView, rng: random.Random, infer: bool = False) -> HandState:
    """Return a hand state consistent with ``view``, hidden cards dealt at random.

    With ``infer`` the hidden cards also follow :func:`inferred_caps` where the deal
    allows. The state has ``keep_snapshots`` off (it is for search) and an empty history.

    Raises:
        ValueError: if the view's counts do not add up (more unknown places than unseen
            cards), which a view made by the engine never does.
    """
    rules = view.rules
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
    unknown: list[list[int]] = []
    position = 0
    for seat in range(players):
        unknown.append(others[position : position + slots[seat]])
        position += slots[seat]
    stock = others[position:]
    if infer:
        _respect_caps(view, unknown, stock, rng)
    hands = [
        list(view.hand) if seat == view.seat else sorted(view.known[seat]) + unknown[seat]
        for seat in range(players)
    ]
    stock += threes
    rng.shuffle(stock)
    phase = Phase(view.phase)
    state = HandState.from_parts(
        rules,
        hands=hands,
        stock=stock,
        pile=list(view.pile),
        melds=[{kind: list(meld) for kind, meld in view.melds[side].items()} for side in (0, 1)],
        red_threes=[list(view.red_threes[0]), list(view.red_threes[1])],
        waiting=list(view.waiting),
        side_scores=view.side_scores,
        turn=view.turn,
        phase=phase,
        opened=list(view.opened),
        opening_points=view.opening_points,
        turn_melded=view.turn_melded,
        permission=view.permission,
        asked=view.permission is not None or phase is Phase.ANSWER,
        # Who melded earlier only matters for a concealed going out: a side with melds on
        # the table is taken to have melded before.
        melded_before=[bool(view.melds[seat % 2]) for seat in range(players)],
        known=[set() if seat == view.seat else set(view.known[seat]) for seat in range(players)],
        shown=[list(turns) for turns in view.shown],
    )
    state.keep_snapshots = False
    return state


__all__ = ["inferred_caps", "sample_state", "view_fingerprint"]
