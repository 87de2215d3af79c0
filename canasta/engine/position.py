"""Positions as plain data: a whole hand state in card codes, like FEN for chess.

:func:`state_to_data` and :func:`state_from_data` turn a :class:`HandState` into JSON-ready
data and back. Card identities are not written: each code names a card, and loading gives
each code the lowest free identity with that code. Cards a position does not place go to
the stock (shuffled by the deal number), so a test or a bug report need only name the
cards that matter. The file format with its ``schema_version`` and validation lives in
:mod:`canasta.records.position`.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import (
    BLACK_THREE,
    CARD_CODE,
    CARD_KIND,
    DECK_SIZE,
    JOKER,
    KIND_RANK,
    RED_THREE,
    TWO,
    is_wild_kind,
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

    Raises:
        ValueError: for an unknown card code, more copies of a card than the deck has, a
            meld that names a rank its cards do not hold, a red three outside the red-three
            rows, a seat, phase or rank out of range, or a per-seat list of the wrong length
            (``shown`` included).
    """
    rules = RuleSet.from_dict(dict(data.get("rules", {})))
    scores = data.get("side_scores", [0, 0])
    state = HandState(rules, (int(scores[0]), int(scores[1])))
    state.deal_number = int(data.get("deal_number", 0))
    state.dealer = int(data.get("dealer", 0)) % state.players
    deck = _Deck()
    hands = data.get("hands", [[] for _ in range(state.players)])
    if len(hands) != state.players:
        raise ValueError(f"{len(hands)} hands given for {state.players} players")
    for seat, codes in enumerate(hands):
        for card in deck.take_all(list(codes)):
            if CARD_KIND[card] == RED_THREE:
                raise ValueError("a red three cannot be in a hand: list it under red_threes")
            state._give(seat, card)
    for card in deck.take_all(list(data.get("pile", []))):
        state._push_pile(card)
    for side, side_melds in enumerate(data.get("melds", [{}, {}])):
        for rank, codes in side_melds.items():
            kind = kind_of_rank_char(rank)
            cards = deck.take_all(list(codes))
            for card in cards:
                card_kind = CARD_KIND[card]
                if card_kind != kind and not is_wild_kind(card_kind):
                    raise ValueError(f"{CARD_CODE[card]} cannot be in the meld of {rank}")
                if is_wild_kind(card_kind):
                    state.mwild[side][kind] += 1
            state.melds[side][kind] = cards
            state.msize[side][kind] = len(cards)
    for side, codes in enumerate(data.get("red_threes", [[], []])):
        cards = deck.take_all(list(codes))
        if any(CARD_KIND[c] != RED_THREE for c in cards):
            raise ValueError("only red threes go under red_threes")
        state.red_threes[side] = cards
    state.waiting = deck.take_all(list(data.get("waiting", [])))
    if "stock" in data:
        state.stock = deck.take_all(list(data["stock"]))
        if deck.free:
            missing = ", ".join(sorted(CARD_CODE[c] for c in deck.free))
            raise ValueError(f"cards missing from the position: {missing}")
    else:
        rest = sorted(deck.free)
        random.Random(state.deal_number).shuffle(rest)
        state.stock = rest
    default_opened = [bool(state.melds[0]), bool(state.melds[1])]
    opened = data.get("opened", default_opened)
    state.opened = [bool(opened[0]), bool(opened[1])]
    state.turn = int(data.get("turn", (state.dealer + 1) % state.players))
    if not 0 <= state.turn < state.players:
        raise ValueError(f"turn must be a seat from 0 to {state.players - 1}")
    state.phase = Phase(data.get("phase", "draw"))
    state.opening_points = int(data.get("opening_points", 0))
    state.turn_melded = bool(data.get("turn_melded", False))
    state.turn_new_melds = [kind_of_rank_char(r) for r in data.get("turn_new_melds", [])]
    state.turn_added_to_old = bool(data.get("turn_added_to_old", False))
    state.took_pile = bool(data.get("took_pile", False))
    state.asked = bool(data.get("asked", False))
    permission = data.get("permission")
    state.permission = None if permission is None else bool(permission)
    if state.phase is Phase.ANSWER:
        state.answerer = state.partner(state.turn)
    melded_before = list(data.get("melded_before", [False] * state.players))
    if len(melded_before) != state.players:
        raise ValueError(
            f"melded_before needs one entry per seat ({state.players}), not {len(melded_before)}"
        )
    state.melded_before = [bool(x) for x in melded_before]
    known = data.get("known", [[] for _ in range(state.players)])
    code_to_cards: dict[int, dict[str, list[int]]] = {}
    for seat in range(state.players):
        pool: dict[str, list[int]] = {}
        for card in state.hands[seat]:
            pool.setdefault(CARD_CODE[card], []).append(card)
        code_to_cards[seat] = pool
        for code in known[seat] if seat < len(known) else []:
            cards_left = pool.get(normalise_code(code), [])
            if not cards_left:
                raise ValueError(f"seat {seat} is said to hold {code} but does not")
            state.known[seat].add(cards_left.pop())
    state.shown = _shown(data, state.players)
    _check_table(state)
    state.went_out = int(data.get("went_out", -1))
    state.concealed = bool(data.get("concealed", False))
    reason = data.get("end_reason")
    state.end_reason = EndReason(reason) if reason else None
    return state


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
            if kind == BLACK_THREE and state.phase is not Phase.ENDED:
                raise ValueError("black threes are melded only by going out (phase 'ended')")
        if state.melds[side] and not state.opened[side] and not state.turn_melded:
            raise ValueError(f"side {side} has melds, so it has opened ('opened' must be true)")
    if state.phase is Phase.ANSWER and not state.rules.asks_permission:
        raise ValueError("phase 'answer' needs four players with ask_permission on")


__all__ = ["POSITION_SCHEMA_VERSION", "state_from_data", "state_to_data"]
