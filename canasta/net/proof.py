"""Verified deals: what the server promises at the deal and shows at the hand's end, and
the check a client makes (see :mod:`canasta.engine.fair` for the shuffle).

The server deals every online hand from a fresh 256-bit seed. With the seat's first view
of the hand it sends a :class:`~canasta.net.protocol.DealCommitment`: the SHA-256 of the
seed and the salt ``TABLE:GAME:HAND`` (the table's id, the game's id, the hand's number).
When the hand is over the ``hand_over`` message carries a
:class:`~canasta.net.protocol.DealReveal`: the seed and the salt. A client's
:class:`DealWitness` then checks, with nothing but what its own seat saw:

- the SHA-256 of the revealed seed and salt is the commitment it was sent;
- the salt names its table and this hand;
- the seed, shuffled and dealt by the rules, gives the cards this seat was dealt, the
  first card of the discard pile and the red threes laid out at the deal (when the seat
  saw the deal), and every card it drew from the stock at the place it drew it.

The verdict (:class:`DealCheck`) is shown in the hand's summary. A finished game's record
keeps every hand's seed, salt and commitment, so its replay checks the deals again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from canasta.engine.fair import SeedError, commitment, deck_order
from canasta.engine.game import Game
from canasta.engine.rules import RuleSet
from canasta.engine.speech import N_, _
from canasta.engine.state import HandState
from canasta.net.protocol import DealCommitment, DealReveal, Event, View

#: What a failed check says, by code (marked for the catalogue).
PROBLEMS: dict[str, str] = {
    "no_reveal": N_("the server did not reveal the deal's seed"),
    "commitment": N_("the revealed seed does not match the commitment sent at the deal"),
    "salt": N_("the revealed seed belongs to another table or hand"),
    "cards": N_("the revealed seed does not give the cards this seat was dealt"),
    "draws": N_("the revealed seed does not give the cards this seat drew from the stock"),
}


def salt_for(table_id: str, game_id: str, hand_number: int) -> str:
    """The salt of a hand's commitment: ``TABLE:GAME:HAND``."""
    return f"{table_id}:{game_id}:{hand_number}"


def deal_commitment(table_id: str, game_id: str, game: Game) -> DealCommitment | None:
    """The commitment of the game's current hand (None: not dealt from a secret seed)."""
    if not game.secret or not game.deal_seeds:
        return None
    number = len(game.deal_seeds)
    salt = salt_for(table_id, game_id, number)
    return DealCommitment(
        commitment=commitment(game.deal_seeds[-1], salt), dealer=game.hand.dealer,
        hand_number=number,
    )  # fmt: skip


def deal_reveal(table_id: str, game_id: str, game: Game) -> DealReveal | None:
    """The current hand's seed shown, once it is over (None while it is in play, or when
    it was not dealt from a secret seed)."""
    if not game.secret or not game.deal_seeds or not game.hand.ended:
        return None
    seed = game.deal_seeds[-1]
    salt = salt_for(table_id, game_id, len(game.deal_seeds))
    return DealReveal(seed=seed, salt=salt, commitment=commitment(seed, salt))


def with_proofs(table_id: str, record: dict[str, Any]) -> dict[str, Any]:
    """A game record's JSON data with each secret-seeded hand's salt and commitment."""
    game_id = record.get("game_id", "")
    for number, hand in enumerate(record.get("hands", []), start=1):
        if hand.get("seed"):
            hand["salt"] = salt_for(table_id, game_id, number)
            hand["commitment"] = commitment(hand["seed"], hand["salt"])
    return record


@dataclass(frozen=True)
class DealCheck:
    """A hand's deal checked: ``verified``, or the code of what failed (see
    :data:`PROBLEMS`); ``hand_number`` names the hand."""

    hand_number: int
    verified: bool
    problem: str = ""


def check_words(check: DealCheck) -> str:
    """The hand summary's line for ``check``, in the player's language: "Deal verified",
    or a warning saying what failed."""
    if check.verified:
        return _("Deal verified")
    why = _(PROBLEMS.get(check.problem, PROBLEMS["cards"]))
    return _("WARNING: this deal is NOT verified: {why}").format(why=why)


@dataclass
class DealWitness:
    """What one seat saw of a hand's deal, to check against the seed revealed at its end.

    Args:
        rules: the table's rule set (the deal depends on the seats and cards dealt).
        table_id: the table's id (the salt must name it).
    """

    rules: RuleSet
    table_id: str
    deal: DealCommitment | None = None
    #: The seat's hand (sorted), the pile and the red threes at the deal, when it saw it.
    dealt: tuple[int, list[int], list[int], list[list[int]]] | None = None
    #: The seat's stock draws: (stock size before, cards that left the stock, the cards
    #: that came to this seat from it).
    draws: list[tuple[int, int, list[int]]] = field(default_factory=list)
    last_pile: list[int] = field(default_factory=list)

    def saw_view(self, message: View) -> None:
        """A whole view: a new hand's commitment starts a new witness."""
        deal, view = message.deal, message.view
        if deal is None:
            return
        if self.deal is None or deal != self.deal:
            self.deal, self.dealt, self.draws = deal, None, []
        if view.move_count == 0 and self.dealt is None:
            reds = [sorted(r) for r in view.red_threes]
            self.dealt = (view.seat, sorted(view.hand), list(view.pile), reds)
        self.last_pile = list(view.pile)

    def saw_event(self, message: Event, seat: int) -> None:
        """A move at the table: this seat's stock draws are kept with their place."""
        if self.deal is None or message.view is None:
            return
        if message.seat == seat and message.count > 0:
            reds = [c for c in message.red_threes if c not in self.last_pile]
            before = message.view.stock_size + message.count
            self.draws.append((before, message.count, sorted(list(message.cards) + reds)))
        self.last_pile = list(message.view.pile)

    def check(self, reveal: DealReveal | None) -> DealCheck | None:
        """The verdict on ``reveal`` (None: no commitment was seen, nothing to check)."""
        deal = self.deal
        if deal is None:
            return None
        number = deal.hand_number

        def failed(problem: str) -> DealCheck:
            return DealCheck(number, False, problem)

        if reveal is None:
            return failed("no_reveal")
        try:
            if commitment(reveal.seed, reveal.salt) != deal.commitment:
                return failed("commitment")
            deck = deck_order(reveal.seed)
        except SeedError:
            return failed("commitment")
        table, _, hand = reveal.salt.partition(":")
        if table != self.table_id or not hand.endswith(f":{number}"):
            return failed("salt")
        dealt = HandState.deal(self.rules, 0, deal.dealer, (0, 0), deck)
        if self.dealt is not None:
            seat, cards, pile, reds = self.dealt
            if (sorted(dealt.hands[seat]), list(dealt.pile)) != (cards, pile) or [
                sorted(r) for r in dealt.red_threes
            ] != reds:
                return failed("cards")
        stock = list(dealt.stock)  # bottom first: a draw takes the last cards
        for before, count, cards in self.draws:
            if before - count < 0 or before > len(stock):
                return failed("draws")
            if not set(cards) <= set(stock[before - count : before]):
                return failed("draws")
        return DealCheck(number, True)


__all__ = [
    "PROBLEMS",
    "DealCheck",
    "check_words",
    "DealWitness",
    "deal_commitment",
    "deal_reveal",
    "salt_for",
    "with_proofs",
]
