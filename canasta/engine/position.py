"""Positions as plain data: a whole hand state in card codes, like FEN for chess.

:func:`state_to_data` and :func:`state_from_data` turn a :class:`HandState` into JSON-ready
data and back. Card identities are not written: each code names a card, and loading gives
each code the lowest free identity with that code. Cards a position does not place go to
the stock (shuffled by the deal number), or with ``stock_size`` only that many of them and
the rest out of play, so a test or a bug report need only name the cards that matter. The
file format with its ``schema_version`` and validation lives in
:mod:`canasta.persistence.positions`.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import (
    BLACK_THREE,
    CARD_CODE,
    DECK_SIZE,
    JOKER,
    KIND_RANK,
    TWO,
    kind_of_rank_char,
    normalise_code,
)
from .rules import RuleSet
from .state import EndReason, HandState, Phase

POSITION_SCHEMA_VERSION = 1


def _codes(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARD_CODE[c] for c in cards]


def state_to_data(state: HandState) -> dict[str, Any]:
    """Return the whole hand as JSON-ready data (card codes, bottom of a pile first)."""
    return {
        "schema_version": POSITION_SCHEMA_VERSION,
        "rules": state.rules.to_dict(),
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "side_scores": list(state.side_scores),
        "turn": state.turn,
        "phase": state.phase.value,
        "hands": [_codes(h) for h in state.hands],
        "stock": _codes(state.stock),
        "pile": _codes(state.pile),
        "melds": [
            {KIND_RANK[k]: _codes(cards) for k, cards in side.items()} for side in state.melds
        ],
        "red_threes": [_codes(r) for r in state.red_threes],
        "opened": list(state.opened),
        "waiting": _codes(state.waiting),
        "opening_points": state.opening_points,
        "turn_melded": state.turn_melded,
        "turn_new_melds": [KIND_RANK[k] for k in state.turn_new_melds],
        "turn_added_to_old": state.turn_added_to_old,
        "took_pile": state.took_pile,
        "asked": state.asked,
        "permission": state.permission,
        "melded_before": list(state.melded_before),
        "known": [sorted(_codes(list(k))) for k in state.known],
        "shown": [
            [[_rank_or_none(passed), _rank_or_none(discarded)] for passed, discarded in turns]
            for turns in state.shown
        ],
        "went_out": state.went_out,
        "concealed": state.concealed,
        "end_reason": state.end_reason.value if state.end_reason else None,
        "out_of_play": _codes(state.out_of_play),
    }


def _rank_or_none(kind: int) -> str | None:
    return KIND_RANK[kind] if kind >= 0 else None


def _kind_or_none(rank: str | None) -> int:
    """A kind from a ``shown`` entry's rank (None: -1; "2" and "JK" are the wild kinds)."""
    if rank is None:
        return -1
    text = str(rank).strip().upper()
    if text in ("2", "JK"):
        return TWO if text == "2" else JOKER
    return kind_of_rank_char(text)


def _shown(data: dict[str, Any], players: int) -> list[list[tuple[int, int]]]:
    """Parse ``shown``: per seat, ``[passed rank or null, discarded rank or null]`` turns."""
    shown = data.get("shown", [[] for _ in range(players)])
    if len(shown) != players:
        raise ValueError(f"shown needs one entry per seat ({players}), not {len(shown)}")
    turns: list[list[tuple[int, int]]] = []
    for seat_turns in shown:
        entries: list[tuple[int, int]] = []
        for entry in seat_turns:
            if len(entry) != 2:
                raise ValueError(f"a shown turn is [passed, discarded], not {entry!r}")
            entries.append((_kind_or_none(entry[0]), _kind_or_none(entry[1])))
        turns.append(entries)
    return turns


class _Deck:
    def __init__(self) -> None:
        self.free = set(range(DECK_SIZE))

    def take(self, code: str) -> int:
        canonical = normalise_code(code)
        for card in sorted(self.free):
            if CARD_CODE[card] == canonical:
                self.free.remove(card)
                return card
        raise ValueError(f"too many {canonical} cards: the deck has no more")

    def take_all(self, codes: list[str]) -> list[int]:
        return [self.take(code) for code in codes]


def state_from_data(data: dict[str, Any]) -> HandState:
    """Build a hand from :func:`state_to_data` data (missing keys take their defaults).

    The stock is given as ``stock`` (codes, bottom first), or as ``stock_size`` (that many
    of the cards no other key places, shuffled by the deal number), or not at all (every
    card not placed elsewhere). Cards ``out_of_play`` names, and with ``stock`` or
    ``stock_size`` every card left over, are out of play for the hand: "the stock is empty
    and these are the cards that matter" can be written down.

    With ``deck`` (the 108 codes in the order they are turned up) the hand is dealt from
    that order instead (:meth:`HandState.deal`), red-three replacements and the upcard
    included; only ``rules``, ``deal_number``, ``dealer`` and ``side_scores`` are read then.

    Raises:
        ValueError: for an unknown card code, more copies of a card than the deck has, a
            meld that names a rank its cards do not hold, a red three outside the red-three
            rows, a seat, phase or rank out of range, a per-seat list of the wrong length
            (``shown`` included), or a ``stock_size`` larger than the cards left.
    """
    rules = RuleSet.from_dict(dict(data.get("rules", {})))
    players = rules.players
    scores = data.get("side_scores", [0, 0])
    deal_number = int(data.get("deal_number", 0))
    deck = _Deck()
    if "deck" in data:
        # A deal from a given deck order: all 108 codes, in the order they are turned up.
        codes = list(data["deck"])
        if len(codes) != DECK_SIZE:
            raise ValueError(f"a deck order names all {DECK_SIZE} cards, not {len(codes)}")
        return HandState.deal(
            rules,
            deal_number,
            dealer=int(data.get("dealer", 0)),
            side_scores=(int(scores[0]), int(scores[1])),
            deck=deck.take_all(codes),
        )
    hands = [deck.take_all(list(codes)) for codes in data.get("hands", [[]] * players)]
    if len(hands) != players:
        raise ValueError(f"{len(hands)} hands given for {players} players")
    pile = deck.take_all(list(data.get("pile", [])))
    melds: list[dict[int, list[int]]] = [{}, {}]
    for side, side_melds in enumerate(data.get("melds", [{}, {}])):
        if side > 1:
            raise ValueError("melds needs 2 entries (one per side)")
        for rank, codes in side_melds.items():
            melds[side][kind_of_rank_char(rank)] = deck.take_all(list(codes))
    red_threes = [deck.take_all(list(codes)) for codes in data.get("red_threes", [[], []])]
    waiting = deck.take_all(list(data.get("waiting", [])))
    deck.take_all(list(data.get("out_of_play", [])))
    if "stock" in data:
        stock = deck.take_all(list(data["stock"]))
    else:
        rest = sorted(deck.free)
        random.Random(deal_number).shuffle(rest)
        size = data.get("stock_size")
        if size is not None and not 0 <= int(size) <= len(rest):
            raise ValueError(f"stock_size must be 0 to {len(rest)} (the cards left), not {size}")
        stock = rest if size is None else rest[: int(size)]
    melded_before = data.get("melded_before")
    if melded_before is not None and len(melded_before) != players:
        raise ValueError(
            f"melded_before needs one entry per seat ({players}), not {len(melded_before)}"
        )
    phase = Phase(data.get("phase", "draw"))
    permission = data.get("permission")
    reason = data.get("end_reason")
    dealer = int(data.get("dealer", 0))
    opened = data.get("opened")
    state = HandState.from_parts(
        rules,
        hands=hands,
        stock=stock,
        pile=pile,
        melds=melds,
        red_threes=red_threes,
        waiting=waiting,
        side_scores=(int(scores[0]), int(scores[1])),
        deal_number=deal_number,
        dealer=dealer,
        turn=int(data.get("turn", (dealer + 1) % players)),
        phase=phase,
        opened=None if opened is None else [bool(opened[0]), bool(opened[1])],
        opening_points=int(data.get("opening_points", 0)),
        turn_melded=bool(data.get("turn_melded", False)),
        turn_new_melds=[kind_of_rank_char(r) for r in data.get("turn_new_melds", [])],
        turn_added_to_old=bool(data.get("turn_added_to_old", False)),
        took_pile=bool(data.get("took_pile", False)),
        asked=bool(data.get("asked", False)),
        permission=None if permission is None else bool(permission),
        melded_before=None if melded_before is None else [bool(x) for x in melded_before],
        known=_known(data.get("known"), hands),
        shown=_shown(data, players),
        went_out=int(data.get("went_out", -1)),
        concealed=bool(data.get("concealed", False)),
        end_reason=EndReason(reason) if reason else None,
    )
    _check_table(state)
    return state


def _known(known: list[list[str]] | None, hands: list[list[int]]) -> list[set[int]] | None:
    """Known cards by code, matched to identities in each hand (None: nobody knows any)."""
    if known is None:
        return None
    out: list[set[int]] = []
    for seat, hand in enumerate(hands):
        pool: dict[str, list[int]] = {}
        for card in hand:
            pool.setdefault(CARD_CODE[card], []).append(card)
        chosen: set[int] = set()
        for code in known[seat] if seat < len(known) else []:
            cards_left = pool.get(normalise_code(code), [])
            if not cards_left:
                raise ValueError(f"seat {seat} is said to hold {code} but does not")
            chosen.add(cards_left.pop())
        out.append(chosen)
    return out


def _going_out_with_black_threes(state: HandState, side: int) -> bool:
    """Whether black threes may be on ``side``'s table: the hand is over, or the mover of
    that side melded them this turn and has one card left to discard (Classic)."""
    if state.phase is Phase.ENDED:
        return True
    return (
        state.phase is Phase.PLAY
        and state.side == side
        and state.turn_melded
        and len(state.hands[state.turn]) <= 1
    )


def _check_table(state: HandState) -> None:
    """Refuse melds and turn facts that no legal play can produce (Classic "Melding")."""
    cap = state.rules.wild_cap
    for side in (0, 1):
        for kind, cards in state.melds[side].items():
            rank = KIND_RANK[kind]
            wild = state.mwild[side][kind]
            naturals = len(cards) - wild
            if len(cards) < 3:
                raise ValueError(f"the meld of {rank} has {len(cards)} cards; a meld needs 3")
            if naturals < 2 or wild > naturals:
                raise ValueError(
                    f"the meld of {rank} has {naturals} naturals and {wild} wild cards: "
                    "a meld needs 2 naturals and never more wild cards than naturals"
                )
            if wild > cap:
                raise ValueError(f"the meld of {rank} has {wild} wild cards; at most {cap}")
            if kind == BLACK_THREE and not _going_out_with_black_threes(state, side):
                raise ValueError(
                    "black threes are melded only by going out (phase 'ended', or 'play' "
                    "with one card left to discard)"
                )
        if state.melds[side] and not state.opened[side] and not state.turn_melded:
            raise ValueError(f"side {side} has melds, so it has opened ('opened' must be true)")
    if state.phase is Phase.ANSWER and not state.rules.asks_permission:
        raise ValueError("phase 'answer' needs four players with ask_permission on")


__all__ = ["POSITION_SCHEMA_VERSION", "state_from_data", "state_to_data"]
