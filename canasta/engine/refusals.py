"""Refusals: why a move is not allowed, as data, and the one table of player messages.

A :class:`Refusal` carries a :class:`Code` (one per rule) and the numbers involved; the
words a player reads come from :data:`MESSAGES` through :meth:`Refusal.message`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .speech import N_, _, ngettext


class Code(Enum):
    """One member per rule that can refuse a move."""

    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    SELECT_TO_MELD = "select_to_meld"
    SELECT_TO_LAY_OFF = "select_to_lay_off"
    SELECT_TO_DISCARD = "select_to_discard"
    PLAN_MOVE_TYPE = "plan_move_type"
    NO_MELD_NAMED = "no_meld_named"
    OPPONENTS_MELD_OF = "opponents_meld_of"
    BLACK_THREE_NO_LAYOFF = "black_three_no_layoff"
    PILE_NEEDS_PAIR_OR_NATURAL = "pile_needs_pair_or_natural"
    OPENING_UNREACHABLE_PILE = "opening_unreachable_pile"
    NOT_IN_HAND = "not_in_hand"
    STOCK_EMPTY = "stock_empty"
    PILE_EMPTY = "pile_empty"
    PILE_TOP_WILD = "pile_top_wild"
    PILE_TOP_BLACK_THREE = "pile_top_black_three"
    PILE_FROZEN_NEEDS_PAIR = "pile_frozen_needs_pair"
    PILE_NEEDS_MELD = "pile_needs_meld"
    TAKE_CARDS_WRONG_RANK = "take_cards_wrong_rank"
    MELD_TOO_SMALL = "meld_too_small"
    MELD_MIXED_RANKS = "meld_mixed_ranks"
    MELD_NEEDS_NATURALS = "meld_needs_naturals"
    TOO_MANY_WILDS = "too_many_wilds"
    WILD_CAP = "wild_cap"
    RED_THREE = "red_three"
    MELD_EXISTS = "meld_exists"
    NO_SUCH_MELD = "no_such_meld"
    LAYOFF_WRONG_RANK = "layoff_wrong_rank"
    BLACK_THREE_NOT_GOING_OUT = "black_three_not_going_out"
    BLACK_THREE_WITH_WILD = "black_three_with_wild"
    BLACK_THREE_COUNT = "black_three_count"
    OPENING_SHORT = "opening_short"
    OPENING_UNREACHABLE = "opening_unreachable"
    NEED_CANASTA = "need_canasta"
    MUST_KEEP_CARD = "must_keep_card"
    PERMISSION_REFUSED = "permission_refused"
    MUST_GO_OUT = "must_go_out"
    CANNOT_ASK = "cannot_ask"
    ASK_NO_WAY_OUT = "ask_no_way_out"
    DISCARD_ONE = "discard_one"
    STOCK_EMPTY_MUST_TAKE = "stock_empty_must_take"
    STOCK_EMPTY_DECLINE = "stock_empty_decline"
    DECLINE_NOT_HERE = "decline_not_here"
    DECLINE_STOCK_LEFT = "decline_stock_left"
    DECLINE_NOTHING = "decline_nothing"
    WILDS_NEED_TARGET = "wilds_need_target"
    PILE_NEEDS_PAIR = "pile_needs_pair"
    PILE_NEEDS_NATURAL = "pile_needs_natural"
    BLACK_THREE_LAST = "black_three_last"
    WILD_DISCARD = "wild_discard"
    WILD_DISCARD_LAY_OFF = "wild_discard_lay_off"
    WILD_ONLY_LEFT = "wild_only_left"
    PARTNER_AGREES = "partner_agrees"
    PLAN_EMPTY = "plan_empty"
    NO_FINISH = "no_finish"
    OPPONENTS_MELD = "opponents_meld"
    NO_PARTNER = "no_partner"


MESSAGES: dict[Code, str] = {
    # TRANSLATORS: {rank} is a rank's plural name ("Kings", "7s"); {expected} one of the
    # phase hints ("draw from the stock or take the pile first"); keep every {name} as is.
    Code.WRONG_PHASE: N_("That isn't possible now: {expected}."),
    Code.NOT_YOUR_TURN: N_("It is not your turn: seat {mover} is to move."),
    Code.SELECT_TO_MELD: N_("Select the cards to meld first."),
    Code.SELECT_TO_LAY_OFF: N_("Select the cards to lay off first."),
    Code.SELECT_TO_DISCARD: N_("Select the card to discard first."),
    Code.PLAN_MOVE_TYPE: N_(
        "A plan holds melds and lay-offs, and at most one discard at its end: "
        "'{move}' can't be part of it."
    ),
    Code.NO_MELD_NAMED: N_("Name the rank of the meld to lay off on (A, K, Q ... 4)."),
    Code.OPPONENTS_MELD_OF: N_(
        "The meld of {rank} is the other side's: you may lay off only on your own side's melds."
    ),
    Code.BLACK_THREE_NO_LAYOFF: N_("Black threes are melded only as a whole when going out."),
    Code.PILE_NEEDS_PAIR_OR_NATURAL: N_(
        "To take the pile, meld its top card with a natural pair of {rank}; to put it on "
        "your side's meld of {rank}, this table also needs a natural {rank} from your hand."
    ),
    Code.OPENING_UNREACHABLE_PILE: N_(
        "Your side needs {minimum} points to open and this reaches {points}: only the pile's "
        "top card counts, not the {buried} cards under it, and your hand can't make up the rest."
    ),
    Code.NOT_IN_HAND: N_("That card is not in your hand."),
    Code.STOCK_EMPTY: N_("The stock is empty and at this table the hand ends with it."),
    Code.STOCK_EMPTY_DECLINE: N_(
        "The stock is empty: take the pile to play on, or decline it, which ends the hand."
    ),
    Code.DECLINE_NOT_HERE: N_(
        "Declining the pile is the Classic table's rule; here the stock decides: "
        "draw from it, or take the pile."
    ),
    Code.DECLINE_NOTHING: N_(
        "You can't take the pile, so there is nothing to decline: with the stock empty, "
        "the hand ends."
    ),
    Code.DECLINE_STOCK_LEFT: N_(
        "The stock still holds {stock} cards: declining the pile ends the hand only once "
        "it is empty."
    ),
    Code.PILE_EMPTY: N_("The discard pile is empty."),
    Code.PILE_TOP_WILD: N_("A wild card or red three on top: the pile can't be taken this turn."),
    Code.PILE_TOP_BLACK_THREE: N_("A black three on top blocks the pile this turn."),
    Code.PILE_FROZEN_NEEDS_PAIR: N_(
        "The pile is frozen{reason}: take it only with a natural pair of {rank}."
    ),
    Code.PILE_NEEDS_MELD: N_(
        "To take the pile, meld its top card: a natural pair of {rank}, "
        "a natural and a wild, or your side's meld of {rank}."
    ),
    Code.TAKE_CARDS_WRONG_RANK: N_("Only {rank} and wild cards can go with the pile's top card."),
    Code.MELD_TOO_SMALL: N_("A meld needs at least 3 cards; you chose {count}."),
    Code.MELD_MIXED_RANKS: N_("A meld holds one rank only (plus wild cards)."),
    Code.MELD_NEEDS_NATURALS: N_("A meld needs at least 2 natural cards; it has {naturals}."),
    Code.TOO_MANY_WILDS: N_("Wild cards may never outnumber naturals: {wilds} wild to {naturals}."),
    Code.WILD_CAP: N_("A meld may hold at most {cap} wild cards; this one would hold {wilds}."),
    Code.RED_THREE: N_("Red threes are bonus cards and are never melded."),
    Code.MELD_EXISTS: N_("Your side already has a meld of {rank}: add to it instead."),
    Code.NO_SUCH_MELD: N_("Your side has no meld of {rank}."),
    Code.LAYOFF_WRONG_RANK: N_("Only {rank} and wild cards can go on the meld of {rank}."),
    Code.BLACK_THREE_NOT_GOING_OUT: N_("Black threes may be melded only when you go out."),
    Code.BLACK_THREE_WITH_WILD: N_("Black threes are melded without wild cards."),
    Code.BLACK_THREE_COUNT: N_(
        "Black threes are melded only when you go out, three or four together; you chose {count}."
    ),
    Code.OPENING_SHORT: N_("Your melds make {points} of the {minimum} you need to open."),
    Code.OPENING_UNREACHABLE: N_(
        "Your side needs {minimum} points to open and this reaches {points}: "
        "the rest of your hand can't make up the difference."
    ),
    Code.NEED_CANASTA: N_("Your side needs {needed_text} to go out; it has {have}."),
    Code.MUST_KEEP_CARD: N_(
        "Keep a card to discard: your side can't go out without {needed_text}."
    ),
    Code.PERMISSION_REFUSED: N_("Your partner said no: you may not go out this turn."),
    Code.MUST_GO_OUT: N_("Your partner said yes: you must go out this turn."),
    Code.CANNOT_ASK: N_("You can ask your partner once a turn, after drawing and before melding."),
    Code.ASK_NO_WAY_OUT: N_("You can ask your partner only when your hand can go out this turn."),
    Code.DISCARD_ONE: N_("Discard exactly one card."),
    Code.STOCK_EMPTY_MUST_TAKE: N_(
        "The stock is empty and the pile's top card fits your side's meld: at this table "
        "(the rule books' forced take) you must take the pile."
    ),
    Code.OPPONENTS_MELD: N_("You may lay off only on your own side's melds."),
    Code.NO_PARTNER: N_("Asking permission is not part of this game."),
    Code.WILDS_NEED_TARGET: N_("Wild cards alone can't start a meld: click the meld they join."),
    Code.PILE_NEEDS_PAIR: N_(
        "To take the pile, meld its top card with a natural pair of {rank}, "
        "or put it on your side's meld of {rank}."
    ),
    Code.PILE_NEEDS_NATURAL: N_(
        "To put the pile's top card on your meld of {rank}, add a natural {rank} from your hand."
    ),
    Code.BLACK_THREE_LAST: N_(
        "Black threes go down only as your very last play, emptying your hand."
    ),
    Code.WILD_DISCARD: N_("Wild cards may not be discarded at this table."),
    Code.WILD_DISCARD_LAY_OFF: N_(
        "Wild cards may not be discarded at this table: lay it off on your meld of {rank}."
    ),
    Code.WILD_ONLY_LEFT: N_(
        "Keep a card you may discard: only wild cards would be left, and they can't be discarded."
    ),
    Code.PARTNER_AGREES: N_("At this table the partner always agrees: answer yes."),
    Code.PLAN_EMPTY: N_("The plan has no melds yet."),
    Code.NO_FINISH: N_("No way to go out now: {why}."),
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move was refused: a rule code and the numbers involved.

    Attributes:
        code: which rule refused the move.
        details: the values the message names (``points``, ``minimum``, ``rank`` ...).
    """

    code: Code
    details: dict[str, Any] = field(default_factory=dict)

    def message(self) -> str:
        """Return the short sentence a player reads.

        Raises:
            KeyError: if a detail the message names is missing (a bug in the caller, never
                shown to a player as a ``{placeholder}``).
        """
        details = {
            key: _(value) if isinstance(value, str) else value
            for key, value in self.details.items()
        }
        needed = details.get("needed")
        if isinstance(needed, int):
            details["needed_text"] = ngettext("{n} canasta", "{n} canastas", needed).format(
                n=needed
            )
        return _(MESSAGES[self.code]).format(**details)


def refuse(code: Code, **details: object) -> Refusal:
    """The refusal of rule ``code`` naming ``details`` (the numbers its message shows:
    ``refuse(Code.MELD_TOO_SMALL, count=2)``)."""
    return Refusal(code, dict(details))


class MoveParseError(ValueError):
    """Raised when a move's text form does not parse: an unknown word, a bad card code, a
    card the mover does not hold (python-chess's ``InvalidMoveError``). A move that parses
    but breaks a rule raises :class:`IllegalMove` instead."""


class IllegalMove(ValueError):
    """Raised by a checked play of a move that the rules refuse.

    Attributes:
        refusal: the refusal (code and numbers).
        move_text: the move's one-line text form.
    """

    def __init__(self, refusal: Refusal, move_text: str) -> None:
        super().__init__(f"illegal move {move_text!r}: {refusal.message()}")
        self.refusal = refusal
        self.move_text = move_text


#: python-chess's name for :class:`IllegalMove`.
IllegalMoveError = IllegalMove
