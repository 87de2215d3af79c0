"""What the table screen may know and ask: :class:`TableView` and :class:`TableControl`.

The table scene and its sections read only a :class:`TableControl` and the values it
returns (the :class:`TableView`, moves, refusals, events). :class:`~.table.TableController`
implements it over the engine and the decision worker on this machine; an online
controller implements it over the network. Neither the view nor any event carries a card
the person may not see: the others' hands and the stock are sizes only, until the hand
ends and :attr:`TableView.revealed` (and :attr:`~.table.HandEnded.hands`) show every hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from canasta.ai.hard import Advice
from canasta.engine.cards import CARD_KIND, is_wild_kind
from canasta.engine.moves import Move
from canasta.engine.refusals import Code, Refusal
from canasta.engine.view import SeatView

from .events import Event

#: Cards in a canasta (docs/rules.md#canastas).
CANASTA = 7


@dataclass(frozen=True, slots=True)
class TableView:
    """The table as the person at the screen sees it at one moment (a value).

    Attributes:
        seat: the person's seat (the seat shown at the bottom; 0 when watching a demo).
        watching: True when computers fill every seat (a demo or a replay).
        seen: the seat's :class:`SeatView` (own hand, sizes of the others' hands and of
            the stock, the pile, melds, red threes, scores, legal moves when to move).
        deal_number: the deal's number (types after ``--deal`` to play it again).
        opening_minimums: per side, the opening minimum this hand (points).
        person_to_move: the hand waits for the person (a draw, a play or an answer).
        asking: a computer partner asks the person "may I go out?".
        can_reset: the person's turn has something to take back (the Reset button).
        can_ask: the person could ask the partner now (the Ask button).
        revealed: every seat's hand once the hand is over, else None.
        pile_closed: why no cards at all could take the pile now (``PILE_EMPTY``,
            ``PILE_TOP_BLACK_THREE``, ``PILE_TOP_WILD``), or None when some could (a
            frozen pile still can, with a natural pair).
        went_out: the seat that went out once the hand is over by going out, else None.
        stock_ran_out: True once the hand is over because the stock ran out.
        names: who sits in each seat, in seat order, when the table knows (online: the
            players' names, "Computer" for a computer player), else None.
        drawn: the person's cards drawn from the stock this turn and still in the hand,
            when the table knows (a local game, also after Continue), else empty.
        away: the seats whose person lost the connection and that nobody plays yet
            (online, within the grace period: the table waits for them), else empty.
    """

    seat: int
    watching: bool
    seen: SeatView
    deal_number: int
    opening_minimums: tuple[int, int]
    person_to_move: bool
    asking: bool
    can_reset: bool
    can_ask: bool
    revealed: tuple[tuple[int, ...], ...] | None = None
    pile_closed: Code | None = None
    went_out: int | None = None
    stock_ran_out: bool = False
    names: tuple[str, ...] | None = None
    drawn: tuple[int, ...] = ()
    away: tuple[int, ...] = ()

    # Shortcuts into the seat's view ----------------------------------------------------------

    @property
    def players(self) -> int:
        """2 or 4."""
        return self.seen.rules.players

    @property
    def phase(self) -> str:
        """``"draw"``, ``"play"``, ``"answer"`` or ``"ended"``."""
        return self.seen.phase

    @property
    def ended(self) -> bool:
        """True once the hand is over."""
        return self.seen.phase == "ended"

    @property
    def mover(self) -> int:
        """The seat that must move now."""
        return self.seen.mover

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self.seen.turn

    @property
    def hand(self) -> tuple[int, ...]:
        """The person's cards (identities)."""
        return self.seen.hand

    @property
    def pile(self) -> tuple[int, ...]:
        """The discard pile, bottom to top."""
        return self.seen.pile

    @property
    def pile_frozen(self) -> bool:
        """True when the pile is frozen (a wild card or red three in it, or the rules')."""
        return bool(self.seen.pile and (self.seen.pile_freezers or
                                        self.seen.rules.pile_always_frozen))  # fmt: skip

    def hand_of(self, seat: int) -> tuple[int, ...] | None:
        """``seat``'s cards when the person may see them (own hand; all once revealed)."""
        if self.revealed is not None:
            return self.revealed[seat]
        return self.seen.hand if seat == self.seat else None

    def meld(self, side: int, kind: int) -> tuple[int, ...]:
        """``side``'s meld of ``kind`` (empty when it has none)."""
        return self.seen.melds[side].get(kind, ())

    def wild_count(self, side: int, kind: int) -> int:
        """Wild cards in ``side``'s meld of ``kind``."""
        return sum(1 for c in self.meld(side, kind) if is_wild_kind(CARD_KIND[c]))

    def canastas(self, side: int) -> int:
        """``side``'s melds of seven cards or more."""
        return sum(1 for meld in self.seen.melds[side].values() if len(meld) >= CANASTA)


@runtime_checkable
class TableControl(Protocol):
    """The table's controller, as the table scene and its sections use it.

    Every method returns at once (nothing waits on a computer player, the network or the
    clock). Intents return the refusal (a :class:`Refusal`, also queued as a ``Refused``
    event with the player's words) or None when the move was made; made moves are queued
    as ``Applied`` events, a reset as ``TurnReset``, the hand's end as ``HandEnded``.
    """

    @property
    def person(self) -> int | None:
        """The person's seat, or None when computers fill every seat."""
        ...

    def view(self) -> TableView:
        """The table as the person sees it now (cached between changes)."""
        ...

    def drain_events(self) -> list[Event]:
        """Every event since the last call, oldest first (the screen animates them)."""
        ...

    def person_to_move(self) -> bool:
        """True when the hand waits for the person."""
        ...

    def computer_to_move(self) -> bool:
        """True when another player (a computer here, anyone online) must move next."""
        ...

    def asking_person(self) -> bool:
        """True when a computer partner asks the person "may I go out?"."""
        ...

    # Others' turns -------------------------------------------------------------------------

    def think(self) -> bool:
        """Start the next other player's decision if none is under way (never waits)."""
        ...

    def poll_computer(self) -> Move | None:
        """Make (or receive) the other player's move once it is ready; None until then."""
        ...

    # The person's intents ------------------------------------------------------------------

    def intent_draw(self) -> Refusal | None:
        """Draw from the stock."""
        ...

    def intent_take(self, cards: tuple[int, ...]) -> Refusal | None:
        """Take the pile with these hand cards (none: onto the side's meld)."""
        ...

    def intent_take_at_melds(self, cards: tuple[int, ...]) -> Refusal | None:
        """Take the pile from a click on the person's melds before drawing; a selection
        with no card of the top card's rank is refused as a meld before the draw."""
        ...

    def intent_discard(self, cards: tuple[int, ...]) -> Refusal | None:
        """Discard the selection (exactly one card)."""
        ...

    def intent_meld(self, cards: tuple[int, ...]) -> Refusal | None:
        """Meld the selection, or add it to the side's meld of its rank."""
        ...

    def intent_layoff(self, kind: int, cards: tuple[int, ...]) -> Refusal | None:
        """Add the selection to the side's meld of ``kind``."""
        ...

    def intent_layoff_on_opponents(self) -> Refusal:
        """Cards dropped on the other side's meld: always refused."""
        ...

    def layoff_fits(self, kind: int, cards: tuple[int, ...]) -> bool:
        """Whether the rules let ``cards`` join the side's meld of ``kind`` now (a check:
        nothing is played)."""
        ...

    def meld_fits(self, cards: tuple[int, ...]) -> bool:
        """Whether the rules let ``cards`` be melded now, as a new meld or onto the side's
        meld of their rank (a check: nothing is played)."""
        ...

    def intent_ask(self) -> Refusal | None:
        """Ask the partner "may I go out?"."""
        ...

    def intent_answer(self, yes: bool) -> Refusal | None:
        """Answer the partner's question."""
        ...

    def explain_take_refusal(self) -> Refusal | None:
        """Refuse (and queue why) when the pile cannot be taken at all now, else None."""
        ...

    def default_take_cards(self) -> tuple[int, ...]:
        """The hand cards a player would take the pile with when none are chosen."""
        ...

    def plan_moves(self, groups: Sequence[tuple[int, ...]]) -> list[Move]:
        """Planned groups of hand cards as moves: melds, or lay-offs onto the side's melds."""
        ...

    def submit_plan(self, moves: list[Move]) -> Refusal | None:
        """Check a plan of moves as a whole, then make all of it (or none)."""
        ...

    def find_finish(self, moves: list[Move] | None = None) -> list[Move] | Refusal:
        """``moves`` checked as a complete way out, or (None) a searched one, or why not."""
        ...

    def reset_turn(self) -> bool:
        """Take the person's turn back to its start; True when something was taken back."""
        ...

    def unavailable(self, feature: str) -> str | None:
        """Why ``feature`` (``"hint"``, ``"reset"``) cannot be used at this table, in the
        player's words (an online server gives no hints), or None when it can."""
        ...

    # Hints ---------------------------------------------------------------------------------

    def request_hint(self) -> bool:
        """Start working out a hint for the person; True if one is coming."""
        ...

    def poll_hint(self) -> Advice | None:
        """The hint for this moment once it has arrived (None: none, or not yet)."""
        ...

    @property
    def hint_pending(self) -> bool:
        """True while a requested hint is still being worked out."""
        ...

    # The end of the hand -------------------------------------------------------------------

    def revealed_hands(self) -> tuple[tuple[int, ...], ...] | None:
        """Every seat's hand once the hand is over (for the scoreboard, the replay), else None."""
        ...


__all__ = ["CANASTA", "TableControl", "TableView"]
