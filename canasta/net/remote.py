"""The table's controller over the network: :class:`RemoteTableControl` implements the
controller interface (:class:`~canasta.controller.TableControl`) for a seat at a server's
table, so the same table scene plays locally and online.

The server decides every move. This side keeps the seat's view as the server last sent it
and, to answer the screen at once, a *shadow* hand state: the view with the cards it does
not show dealt at random (:func:`canasta.ai.world.sample_state`). The mover's own move is
judged by the engine on that shadow (the move's legality depends only on what the mover
sees), so a refusal shows at once in the rule's words; a move the shadow accepts is sent
as an intent and the screen waits (``person_to_move`` is False) until the server's event
or refusal comes back. Every server message becomes the same events the local table emits
(:class:`~canasta.controller.Applied`, :class:`~canasta.controller.Refused`,
:class:`~canasta.controller.HandEnded`), so the scene animates them alike: another seat's
stock draw is a face-down card moving, since the view only grows that hand by a card.

Nothing here waits: messages are taken from the background client's queue by
:meth:`RemoteTableControl.receive`, which the :class:`~canasta.net.link.OnlineLink` calls
each frame. The hint and the turn reset are not offered online (the server has no message
for them); :meth:`RemoteTableControl.unavailable` says so in the player's words.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from canasta.ai.hard import Advice
from canasta.ai.world import sample_state
from canasta.controller import Applied, Event, HandEnded, Refused, TableView
from canasta.controller.intents import SelectionIntents
from canasta.controller.interface import CANASTA
from canasta.engine.card_words import move_words
from canasta.engine.cards import CARD_CODE, CARD_KIND, is_wild_kind
from canasta.engine.finish import check_finish, check_plan
from canasta.engine.finish import find_finish as search_finish
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import Code, Refusal
from canasta.engine.rules import RuleSet
from canasta.engine.scoring import HandScore, SideScore
from canasta.engine.state import HandState
from canasta.engine.view import SeatView
from canasta.i18n import N_, _
from canasta.net.proof import DealCheck, DealWitness, check_words
from canasta.net.protocol import (
    ClockInfo,
    HandOver,
    RefusalMessage,
    Result,
    SideScoreInfo,
    View,
    ViewModel,
)
from canasta.net.protocol import Event as EventMessage
from canasta.net.seatview import move_from_text, seat_view
from canasta.net.server_words import say

#: Why the hint and the reset are missing online, in the player's words.
UNAVAILABLE = {
    "hint": N_("Hints are not available online: the server does not give them."),
    "reset": N_("Reset is not available online: a move sent to the server stands."),
}
#: Codes of a pile no cards at all could take now.
CLOSED_PILE = (Code.PILE_EMPTY, Code.PILE_TOP_BLACK_THREE, Code.PILE_TOP_WILD)


@dataclass
class RemoteGame:
    """What the scoreboard reads of an online game (the shape of the engine's ``Game``
    that it uses): the hands' scores, the game totals (points), over, winner; and the
    game record (JSON data) the server sends once the game is over; and the last hand's
    deal checked against the seed the server revealed (None: no deal checked yet)."""

    scores: list[HandScore]
    totals: list[int]
    over: bool = False
    winner: int | None = None
    hand_number: int = 1
    record: dict[str, Any] | None = None
    deal_check: DealCheck | None = None

    @property
    def deal_proof(self) -> tuple[str, bool] | None:
        """The hand summary's line on the last hand's deal and whether it was verified
        (None: no deal checked)."""
        check = self.deal_check
        return None if check is None else (check_words(check), check.verified)

    @property
    def hand(self) -> RemoteGame:
        """Itself: the scoreboard reads ``game.hand.deal_number``."""
        return self

    @property
    def deal_number(self) -> int:
        """Online deals are secret: the hand's number stands in for the deal's."""
        return self.hand_number


def side_score(info: SideScoreInfo, melds: dict[int, list[int]], threes: int) -> SideScore:
    """One side's :class:`SideScore` from the server's figures, the canastas counted from
    the side's melds at the hand's end (seven cards or more; mixed with a wild card)."""
    canastas = [cards for cards in melds.values() if len(cards) >= CANASTA]
    mixed = sum(1 for cards in canastas if any(is_wild_kind(CARD_KIND[c]) for c in cards))
    return SideScore(
        melded=info.melded,
        natural_canastas=len(canastas) - mixed,
        mixed_canastas=mixed,
        canasta_bonus=info.canasta_bonus,
        red_threes=threes,
        red_three_points=info.red_three_points,
        going_out=info.going_out,
        in_hand=info.in_hand,
    )


def _visible(model: ViewModel) -> set[int]:
    """Every card the view shows outside the seat's hand (melds, pile, red threes)."""
    seen = set(model.pile) | set(model.waiting)
    for side in (0, 1):
        seen |= {c for cards in model.melds[side].values() for c in cards}
        seen |= set(model.red_threes[side])
    return seen


def move_of(text: str, seat: int, before: ViewModel, after: ViewModel | None) -> Move:
    """A move's text form as a :class:`Move` with card identities: the mover's own hand
    cards when the mover is this view's seat, else the cards the move put on the table
    (those shown after it and not before), so the screen flies the right sprites.

    Raises:
        ValueError: for a text that is not a move.
    """
    head = text.split()[0] if text.split() else ""
    kind = MoveType(head)
    if kind in (MoveType.DRAW, MoveType.DECLINE, MoveType.ASK, MoveType.YES, MoveType.NO):
        return Move(kind)
    pools: list[list[int]] = []
    if seat == before.seat:
        pools.append(list(before.hand))
    if after is not None:
        pools.append(sorted(_visible(after) - _visible(before) - set(before.pile)))
    pools.append(list(range(len(CARD_CODE))))  # names only: any card of that code
    for pool in pools:
        try:
            return move_from_text(text, seat, tuple(pool))
        except ValueError:
            continue
    raise ValueError(f"not a move: {text!r}")


class RemoteTableControl(SelectionIntents):
    """One seat at a server's table, behind the controller interface.

    Args:
        rules: the table's rule set.
        send: sends an intent (a move's text form, or a plan's moves as text forms) and
            returns at once; the answer comes back through :meth:`receive`.
        first: the seat's first view message.
        fetch: called first thing in :meth:`drain_events` (each frame) to take the
            messages that arrived (the link's ``pump``), so nothing waits for a message.
        now: the clock the turn clock counts down by (seconds; tests give their own).
        table_id: the table's id (a revealed deal's salt must name it).

    Attributes:
        model: the seat's view as the server last sent it.
        clock: the turn clock of the seat to move (None: no clock at this table).
        clock_at: when ``clock`` arrived, on ``now``'s clock (the screen counts down).
        game: the scores so far (the scoreboard's reading).
        hand_score: the last hand's score once it has ended, else None.
        deals: hands dealt at this table since the seat joined, rematches included (the
            view's ``deal_number``: the scene deals a new hand in when it changes).
    """

    def __init__(
        self,
        rules: RuleSet,
        send: Callable[[str | None, list[str] | None], None],
        first: View,
        fetch: Callable[[], None] | None = None,
        now: Callable[[], float] = time.monotonic,
        table_id: str = "",
    ) -> None:
        self.rules = rules
        #: What this seat saw of the hand's deal, checked when its seed is revealed.
        self.witness = DealWitness(rules, table_id)
        self.witness.saw_view(first)
        self.send = send
        self.fetch = fetch
        self.now = now
        self.events: deque[Event] = deque()
        self.model = first.view
        self.clock: ClockInfo | None = first.clock
        self.clock_at = now()
        self.game = RemoteGame([], list(first.view.totals), hand_number=first.view.hand_number)
        self.hand_score: HandScore | None = None
        self.deals = 1
        #: Every seat's cards at the hand's end, once the server has shown them.
        self.shown: tuple[tuple[int, ...], ...] | None = None
        #: Why the hand ended (the engine's reason: "went_out", "stock_exhausted"), or "".
        self.reason = ""
        #: Who sits in each seat (set by the link from the chair map), or None.
        self.names: tuple[str, ...] | None = None
        #: The seats whose person is away and that nobody plays yet (set by the link).
        self.away: tuple[int, ...] = ()
        self.pending = False
        self._held: list[EventMessage] = []
        self._rebuild()

    # The model ------------------------------------------------------------------------------

    def _rebuild(self) -> None:
        self.seen: SeatView = seat_view(self.model, self.rules)
        self.shadow: HandState | None = None
        if self.model.phase != "ended":
            self.shadow = sample_state(self.seen, random.Random(self.model.move_count))
        self._view: TableView | None = None

    def receive(self, message: Any) -> None:
        """Take one server message about the game (others are ignored)."""
        if isinstance(message, View):
            self.witness.saw_view(message)
            new = message.view.hand_number != self.model.hand_number or (
                self.model.phase == "ended" and message.view.phase != "ended"
            )
            self.model, self.clock, self.clock_at = message.view, message.clock, self.now()
            self.pending = False
            if new:
                self.deals += 1
                self.hand_score, self.shown, self.reason = None, None, ""
                self.game.hand_number = message.view.hand_number
                if self.game.over:  # a rematch
                    self.game = RemoteGame([], list(message.view.totals),
                                           hand_number=message.view.hand_number)  # fmt: skip
            self._held.clear()
            self._rebuild()
        elif isinstance(message, EventMessage):
            self.witness.saw_event(message, self.model.seat)
            self._held.append(message)
            if message.view is not None:
                self._applied(message.view, message.clock)
        elif isinstance(message, RefusalMessage):
            self.pending = False
            self._refused(message.code, say(message.code, message.details, message.message))
        elif isinstance(message, Result):
            pass  # its events (with the view after the move) follow
        elif isinstance(message, HandOver):
            self._hand_over(message)

    def _applied(self, after: ViewModel, clock: ClockInfo | None) -> None:
        before = self.model
        held, self._held = self._held, []
        for index, event in enumerate(held):
            move = move_of(event.move, event.seat, before, after)
            side = event.seat % 2
            made: tuple[int, ...] = ()
            if index == len(held) - 1:
                made = tuple(
                    kind
                    for kind, cards in after.melds[side].items()
                    if len(cards) >= CANASTA and len(before.melds[side].get(kind, [])) < CANASTA
                )
            self.events.append(Applied(event.seat, move, move.text(), made))
            if event.seat == before.seat:
                self.pending = False
        self.model, self.clock, self.clock_at = after, clock, self.now()
        self._rebuild()

    def set_names(self, names: tuple[str, ...], away: tuple[int, ...] = ()) -> None:
        """Who sits in each seat, in seat order (the table shows their names), and the
        seats whose person is away with nobody playing for them yet (the table waits)."""
        if names != self.names or away != self.away:
            self.names, self.away = names, away
            self._view = None

    def lost(self, message: str) -> None:
        """The server could not read the last request (``message`` says why): an intent on
        its way is shown as refused, and the person may move again."""
        if self.pending:
            self.pending = False
            self._refused("error", message)
            self._view = None

    def _hand_over(self, message: HandOver) -> None:
        model = self.model
        sides = tuple(
            side_score(message.sides[s], model.melds[s], len(model.red_threes[s])) for s in (0, 1)
        )
        score = HandScore((sides[0], sides[1]))
        self.hand_score = score
        game = self.game
        game.scores.append(score)
        game.totals = list(message.totals)
        game.over, game.winner = message.game_over, message.winner
        game.record = message.record
        game.deal_check = self.witness.check(message.deal)
        totals = (message.totals[0], message.totals[1])
        self.shown = tuple(tuple(cards) for cards in message.shown) or None
        self.reason = message.reason
        hands = self.shown or ()
        self.events.append(HandEnded(score, totals, message.game_over, message.winner, hands))
        self._view = None

    def _refused(self, code: str, message: str) -> Refusal:
        try:
            known = Code(code)
        except ValueError:
            known = Code.WRONG_PHASE  # a server's own reason (storage, duplicate ...)
        refusal = Refusal(known, {"server": code})
        self.events.append(Refused(refusal, message))
        return refusal

    def clock_left(self) -> tuple[int, float, float] | None:
        """The seat to move and its seconds left for this move and in its bank, counted
        down since the server's last word (None: no clock at this table, or the hand
        is over)."""
        clock = self.clock
        if clock is None or self.model.phase == "ended":
            return None
        spent = self.now() - self.clock_at
        move = max(0.0, clock.move_left - spent)
        bank = max(0.0, clock.bank_left - max(0.0, spent - clock.move_left))
        return clock.seat, move, bank

    # Queries --------------------------------------------------------------------------------

    @property
    def person(self) -> int | None:
        """The seat's number (the person at this screen)."""
        return self.model.seat

    def person_to_move(self) -> bool:
        """True when the hand waits for this seat and no intent is on its way."""
        model = self.model
        return model.phase != "ended" and model.mover == model.seat and not self.pending

    def computer_to_move(self) -> bool:
        """True when another seat (a person elsewhere or a computer) must move next."""
        model = self.model
        return model.phase != "ended" and model.mover != model.seat

    def asking_person(self) -> bool:
        """True when the partner asks this seat "may I go out?"."""
        return self.model.phase == "answer" and self.person_to_move()

    def _check(self, move: Move) -> Refusal | None:
        return self.shadow.check(move) if self.shadow is not None else Refusal(Code.WRONG_PHASE)

    def view(self) -> TableView:
        """The table as this seat sees it now (cached until the next message)."""
        if self._view is not None:
            return self._view
        model, shadow = self.model, self.shadow
        to_move = self.person_to_move()
        closed = self._check(Move(MoveType.TAKE, ())) if shadow is not None else None
        self._view = TableView(
            seat=model.seat,
            watching=False,
            seen=self.seen,
            deal_number=self.deals,
            opening_minimums=(
                self.rules.opening_minimum(model.side_scores[0]),
                self.rules.opening_minimum(model.side_scores[1]),
            ),  # fmt: skip
            person_to_move=to_move,
            asking=self.asking_person(),
            can_reset=False,
            can_ask=to_move and self._check(Move(MoveType.ASK)) is None,
            revealed=self.revealed_hands(),
            went_out=self._went_out(),
            stock_ran_out=model.phase == "ended" and self.reason == "stock_exhausted",
            pile_closed=closed.code if closed is not None and closed.code in CLOSED_PILE else None,
            names=self.names,
            away=self.away,
        )
        return self._view

    def _went_out(self) -> int | None:
        """The seat that went out (its hand is empty when the hands are shown), else None."""
        if self.reason != "went_out" or self.shown is None or self.model.phase != "ended":
            return None
        empty = [seat for seat, cards in enumerate(self.shown) if not cards]
        return self.model.turn if self.model.turn in empty else (empty[0] if empty else None)

    def drain_events(self) -> list[Event]:
        """Every event since the last call, oldest first (the messages that arrived are
        taken first)."""
        if self.fetch is not None:
            self.fetch()
        events = list(self.events)
        self.events.clear()
        if events:
            self._view = None
        return events

    def revealed_hands(self) -> tuple[tuple[int, ...], ...] | None:
        """Every seat's hand once the hand is over (the server shows them then), else
        None."""
        return self.shown if self.model.phase == "ended" else None

    def unavailable(self, feature: str) -> str | None:
        """Why ``feature`` ("hint", "reset") cannot be used at an online table."""
        words = UNAVAILABLE.get(feature)
        return _(words) if words is not None else None

    # Others' turns: the server plays them; their events arrive by themselves ---------------------

    def think(self) -> bool:
        """Nothing to start: another seat's move comes from the server."""
        return False

    def poll_computer(self) -> Move | None:
        """None: another seat's moves come as events (see :meth:`receive`)."""
        return None

    # The person's intents --------------------------------------------------------------------

    def _submit_move(self, move: Move) -> Refusal | None:
        if not self.person_to_move():
            return self._refuse(Refusal(Code.NOT_YOUR_TURN, {"mover": self.model.mover}))
        refusal = self._check(move)
        if refusal is not None:
            return self._refuse(refusal)
        self.pending = True
        self._view = None
        self.send(move.text(), None)
        return None

    def _check_move(self, move: Move) -> Refusal | None:
        return self._check(move)

    def _refuse(self, refusal: Refusal, message: str | None = None) -> Refusal:
        self.events.append(Refused(refusal, message or refusal.message()))
        return refusal

    def _side_melds(self) -> dict[int, tuple[int, ...]]:
        return self.seen.melds[self.seen.side]

    def _may_decline(self) -> bool:
        return self.model.stock_size == 0 and self._check(Move(MoveType.DECLINE)) is None

    def explain_take_refusal(self) -> Refusal | None:
        """Refuse (and queue why) when no cards at all could take the pile now."""
        refusal = self._check(Move(MoveType.TAKE, self.default_take_cards()))
        if refusal is not None and refusal.code in CLOSED_PILE:
            return self._refuse(refusal)
        return None

    def default_take_cards(self) -> tuple[int, ...]:
        """Onto the side's meld of the top card's rank when that is legal, else a natural
        pair of that rank from the hand, else none."""
        pile = self.model.pile
        if not pile or self._check(Move(MoveType.TAKE)) is None:
            return ()
        kind = CARD_KIND[pile[-1]]
        pair = tuple(c for c in self.model.hand if CARD_KIND[c] == kind)[:2]
        return pair if len(pair) == 2 else ()

    def submit_plan(self, moves: list[Move]) -> Refusal | None:
        """Check a plan of moves as a whole on the shadow, then send all of it."""
        if not self.person_to_move() or self.shadow is None:
            return self._refuse(Refusal(Code.NOT_YOUR_TURN, {"mover": self.model.mover}))
        found = check_plan(self.shadow, moves)
        if found is not None:
            index, refusal = found
            if len(moves) > 1 and refusal.code not in (Code.OPENING_SHORT, Code.PLAN_EMPTY):
                return self._refuse(refusal, f"{move_words(moves[index])}: {refusal.message()}")
            return self._refuse(refusal)
        self.pending = True
        self._view = None
        self.send(None, [m.text() for m in moves])
        return None

    def find_finish(self, moves: list[Move] | None = None) -> list[Move] | Refusal:
        """``moves`` checked as a complete way out, or (None) a searched one, or why not
        (judged on the shadow: only the seat's own cards and the table matter)."""
        if self.shadow is None:
            return Refusal(Code.WRONG_PHASE)
        if moves is None:
            return search_finish(self.shadow)
        refusal = check_finish(self.shadow, moves)
        return moves if refusal is None else refusal

    def reset_turn(self) -> bool:
        """False: a move sent to the server stands (see :meth:`unavailable`)."""
        return False

    # Hints: not online -----------------------------------------------------------------------

    def request_hint(self) -> bool:
        """False: the server gives no hints (see :meth:`unavailable`)."""
        return False

    def poll_hint(self) -> Advice | None:
        """None: no hints online."""
        return None

    @property
    def hint_pending(self) -> bool:
        """False: no hints online."""
        return False


__all__ = ["UNAVAILABLE", "RemoteGame", "RemoteTableControl", "move_of", "side_score"]
