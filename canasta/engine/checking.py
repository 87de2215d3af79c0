"""A move as a person gives it: checked by card identities, or parsed from its text form.

:func:`check_move` says why a move is refused (a :class:`canasta.engine.refusals.Refusal`)
or None, by phase, asking the rule checks of :mod:`canasta.engine.legality` and
:mod:`canasta.engine.taking`; :func:`parse_move` turns a one-line text form into a move,
taking the named cards from the mover's hand, and :func:`parse_plan` a plan of several
(``"meld 7H 7D 7C + meld KS KD KC"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import (
    CARD_CODE,
    CARD_KIND,
    JOKER,
    KIND_NAME,
    NATURAL_KINDS,
    NUM_KINDS,
    RED_THREE,
    TWO,
    kind_of_rank_char,
    normalise_code,
)
from .core import Phase, meld_kind
from .legality import (
    refuse_ask,
    refuse_discard,
    refuse_layoff,
    refuse_meld,
    refuse_missing_meld,
)
from .moves import Move, MoveType
from .refusals import Code, MoveParseError, Refusal, refuse
from .speech import N_
from .taking import refuse_decline, refuse_draw, refuse_take

if TYPE_CHECKING:
    from .hand import HandBase


_PHASE_HINT = {
    "draw": N_("draw from the stock or take the pile first"),
    "play": N_("you have drawn: meld, lay off or discard"),
    "answer": N_("your partner must answer first"),
    "ended": N_("the hand is over"),
}


def _split(cards: tuple[int, ...], kind: int) -> tuple[int, int, int, bool]:
    """Count naturals of ``kind``, twos and jokers; the flag is False for any other card."""
    nat = twos = jokers = 0
    ok = True
    for card in cards:
        k = CARD_KIND[card]
        if k == kind:
            nat += 1
        elif k == TWO:
            twos += 1
        elif k == JOKER:
            jokers += 1
        else:
            ok = False
    return nat, twos, jokers, ok


def check_move(s: HandBase, move: Move) -> Refusal | None:
    """Return why ``move`` is refused for the player to move, or None if it is legal."""
    t = move.type
    phase = s.phase
    if phase is Phase.ANSWER or t in (MoveType.YES, MoveType.NO):
        if phase is Phase.ANSWER and t in (MoveType.YES, MoveType.NO):
            if t is MoveType.NO and s.rules.partner_always_agrees:
                return refuse(Code.PARTNER_AGREES)
            return None
        return refuse(Code.WRONG_PHASE, expected=_PHASE_HINT[phase.value])
    if phase is Phase.ENDED:
        return refuse(Code.WRONG_PHASE, expected=_PHASE_HINT["ended"])
    hand = s.hands[s.turn]
    if len(set(move.cards)) != len(move.cards) or any(c not in hand for c in move.cards):
        return refuse(Code.NOT_IN_HAND)
    if phase is Phase.DRAW:
        if t is MoveType.DRAW:
            return refuse_draw(s)
        if t is MoveType.DECLINE:
            return refuse_decline(s)
        if t is MoveType.TAKE:
            if not s.pile:
                return refuse(Code.PILE_EMPTY)
            kind = CARD_KIND[s.pile[-1]]
            nat, twos, jokers, ok = _split(move.cards, kind)
            if not ok and kind in NATURAL_KINDS:  # else: the top card itself refuses
                return refuse(Code.TAKE_CARDS_WRONG_RANK, rank=KIND_NAME[kind])
            return refuse_take(s, nat, twos, jokers)
        return refuse(Code.WRONG_PHASE, expected=_PHASE_HINT["draw"])
    if t in (MoveType.DRAW, MoveType.TAKE, MoveType.DECLINE):
        return refuse(Code.WRONG_PHASE, expected=_PHASE_HINT["play"])
    if t is MoveType.ASK:
        return refuse_ask(s)
    if t is MoveType.DISCARD:
        if len(move.cards) != 1:
            return refuse(Code.DISCARD_ONE)
        return refuse_discard(s, CARD_KIND[move.cards[0]])
    if any(CARD_KIND[c] == RED_THREE for c in move.cards):
        return refuse(Code.RED_THREE)
    if t is MoveType.MELD:
        kind = meld_kind(move.cards)
        if kind < 0:
            return refuse(Code.MELD_NEEDS_NATURALS, naturals=0)
        nat, twos, jokers, ok = _split(move.cards, kind)
        if not ok:
            return refuse(Code.MELD_MIXED_RANKS)
        return refuse_meld(s, kind, nat, twos, jokers)
    kind = move.target
    if not move.cards:
        return refuse(Code.SELECT_TO_LAY_OFF)
    if not 0 <= kind < NUM_KINDS or kind not in s.melds[s.side]:
        return refuse_missing_meld(s, kind)
    nat, twos, jokers, ok = _split(move.cards, kind)
    if not ok:
        return refuse(Code.LAYOFF_WRONG_RANK, rank=KIND_NAME[kind])
    return refuse_layoff(s, kind, nat, twos, jokers)


#: Moves whose text names no cards.
_NO_CARDS = (MoveType.DRAW, MoveType.DECLINE, MoveType.ASK, MoveType.YES, MoveType.NO)


def parse_move(s: HandBase, text: str, taken: Sequence[int] = ()) -> Move:
    """Parse a move's text form, taking the named cards from the mover's hand.

    ``taken`` are card identities of the hand already named by an earlier move of the same
    plan: they are not named again.

    Raises:
        MoveParseError: (a ValueError) for an unknown word, a bad card code, or a card the
            mover lacks.
    """
    words = text.split()
    if not words:
        raise MoveParseError("empty move")
    head = words[0].lower()
    try:
        mtype = MoveType(head)
    except ValueError:
        names = ", ".join(m.value for m in MoveType)
        raise MoveParseError(f"unknown move {head!r} (expected one of: {names})") from None
    rest = words[1:]
    target = -1
    if mtype is MoveType.LAYOFF:
        if not rest:
            raise MoveParseError("layoff needs the meld's rank, e.g. 'layoff K KS 2H'")
        try:
            target = kind_of_rank_char(rest[0])
        except ValueError as error:
            raise MoveParseError(str(error)) from None
        rest = rest[1:]
    if mtype in _NO_CARDS and rest:
        raise MoveParseError(f"'{head}' takes no cards")
    seat = s.mover
    codes: list[str] = []
    for word in rest:
        try:
            codes.append(normalise_code(word))
        except ValueError as error:
            raise MoveParseError(str(error)) from None
    hand = s.hands[seat]
    if taken:
        hand = list(hand)
        for card in taken:
            hand.remove(card)
    return Move(mtype, _cards_from_hand(codes, hand, seat), target)


#: The word joining the moves of a plan, and the word that may start one.
PLAN_JOIN = "+"
PLAN_WORD = "plan"


def is_plan_text(text: str) -> bool:
    """Whether ``text`` is a plan's text form: moves joined by ``+``, or ``plan`` and moves."""
    words = text.split()
    return PLAN_JOIN in text or (bool(words) and words[0].lower() == PLAN_WORD)


def parse_plan(s: HandBase, text: str) -> list[Move]:
    """Parse a plan's text form: move text forms joined by ``+``, optionally after the word
    ``plan`` (``"meld 7H 7D 7C + meld KS KD KC"``, ``"plan meld AS AH AD"``).

    Each move takes its cards from the mover's hand less the cards the earlier moves name,
    so two moves naming the same code take two different cards.

    Raises:
        MoveParseError: for an empty part, or a part :func:`parse_move` cannot parse; the
            message names the part (``"move 2 ('meld KS KD'): ..."``).
    """
    body = text.strip()
    if body.split()[:1] and body.split()[0].lower() == PLAN_WORD:
        body = body[len(PLAN_WORD) :]
    parts = [part.strip() for part in body.split(PLAN_JOIN)]
    moves: list[Move] = []
    taken: list[int] = []
    for number, part in enumerate(parts, start=1):
        where = f"move {number} ({part!r}) of the plan"
        if not part:
            raise MoveParseError(f"{where} is empty: a plan is moves joined by '+'")
        try:
            move = parse_move(s, part, taken)
        except MoveParseError as error:
            try:
                parse_move(s, part)
            except MoveParseError:
                raise MoveParseError(f"{where}: {error}") from None
            raise MoveParseError(
                f"{where}: it names a card of seat {s.mover}'s hand that an earlier move of "
                "the plan already takes"
            ) from None
        moves.append(move)
        taken.extend(move.cards)
    return moves


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _count_words(n: int) -> str:
    return _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)


def _cards_from_hand(codes: list[str], hand: Sequence[int], seat: int) -> tuple[int, ...]:
    """The cards of ``hand`` that ``codes`` (card codes, e.g. ``["7H", "7H", "2C"]``) name,
    in the order named; a code named twice takes two different cards.

    ``seat`` (numbered from 0, as a position file's ``turn`` and ``hands`` number them)
    only names the hand in the error.

    Raises:
        MoveParseError: when the hand holds fewer cards of a code than are named: "7H is
            not in seat 0's hand", or "seat 0's hand holds only one 2S; the move names
            three".
    """
    available = list(hand)
    cards: list[int] = []
    for code in codes:
        match = next((c for c in available if CARD_CODE[c] == code), None)
        if match is None:
            held = sum(1 for c in hand if CARD_CODE[c] == code)
            if held == 0:
                raise MoveParseError(f"{code} is not in seat {seat}'s hand")
            asked = codes.count(code)
            raise MoveParseError(
                f"seat {seat}'s hand holds only {_count_words(held)} {code}; the move names "
                f"{_count_words(asked)}"
            )
        available.remove(match)
        cards.append(match)
    return tuple(cards)
