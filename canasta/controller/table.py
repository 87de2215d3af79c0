"""The turn controller: a player's intents become moves, computer players take their turns,
and every change becomes an event the screen animates.

The controller never waits: :meth:`TableController.step_computer` makes one computer move
at once (headless play and tests), while the table asks :meth:`TableController.think` to
start a decision in the worker process and :meth:`TableController.poll_computer` to make
the move once it has arrived and the pacing timer says so (see :mod:`.worker`). Hints come
the same way from the hard level (:meth:`TableController.request_hint`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from canasta.ai.hard import Advice, HardPlayer, following
from canasta.ai.player import Player
from canasta.engine.card_words import move_words
from canasta.engine.cards import CARD_CODE, CARD_KIND
from canasta.engine.finish import check_finish, check_plan
from canasta.engine.finish import find_finish as search_finish
from canasta.engine.game import Game
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import Code, Refusal
from canasta.engine.scoring import HandScore
from canasta.engine.state import EndReason, HandState, Phase

from .drawn import drawn_this_turn, turn_start
from .events import Applied, Event, HandEnded, Refused, TurnReset
from .intents import SelectionIntents
from .interface import CANASTA, TableView
from .worker import Worker


class TableController(SelectionIntents):
    """Owns a :class:`Game` and the players in its seats.

    Args:
        game: the game to run.
        players: one entry per seat: a computer :class:`Player`, or None for the person.
            Seat 0 is the person at the screen in a normal game; a demo seats computers
            everywhere.
        worker: where computer players think (None: in this process, at once).
        hint_seed: seeds the hard player that gives hints.

    Raises:
        ValueError: if the number of players does not match the rules' seats.
    """

    def __init__(
        self,
        game: Game,
        players: list[Player | None],
        worker: Worker | None = None,
        hint_seed: int = 0,
    ) -> None:
        if len(players) != game.rules.players:
            raise ValueError(f"{len(players)} players given for {game.rules.players} seats")
        self.game = game
        self.players = players
        self.events: deque[Event] = deque()
        self.hand_score: HandScore | None = None
        self.worker = worker if worker is not None and worker.alive else None
        self.hint_player = HardPlayer(hint_seed, whole_turn=True)
        self._thinking: tuple[int, tuple[int, int]] | None = None
        self._hinting: tuple[int, tuple[int, int]] | None = None
        self.hint: Advice | None = None
        self._hint_token: tuple[int, int] | None = None
        self._version = 0
        self._view: tuple[tuple[int, int, int], TableView] | None = None
        self._drawn: tuple[tuple[int, int, int], frozenset[int]] | None = None

    # Queries --------------------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The hand being played."""
        return self.game.hand

    @property
    def person(self) -> int | None:
        """The person's seat, or None when computers fill every seat."""
        return next((seat for seat, p in enumerate(self.players) if p is None), None)

    def person_to_move(self) -> bool:
        """True when the hand waits for the person (a draw, a play, or an answer)."""
        hand = self.hand
        return not hand.ended and self.players[hand.mover] is None

    def computer_to_move(self) -> bool:
        """True when a computer player must move next."""
        hand = self.hand
        return not hand.ended and self.players[hand.mover] is not None

    def asking_person(self) -> bool:
        """True when a computer partner has asked the person "may I go out?"."""
        return self.hand.phase is Phase.ANSWER and self.person_to_move()

    def view(self) -> TableView:
        """The table as the person sees it now (see :class:`TableView`; cached per change).

        When computers fill every seat the view is seat 0's.
        """
        hand = self.hand
        key = (id(hand), len(hand.history), self._version)
        if self._view is not None and self._view[0] == key:
            return self._view[1]
        seat = self.person if self.person is not None else 0
        to_move = self.person_to_move()
        view = TableView(
            seat=seat,
            watching=self.person is None,
            seen=hand.view_for(seat),
            deal_number=hand.deal_number,
            opening_minimums=(hand.opening_minimum(0), hand.opening_minimum(1)),
            person_to_move=to_move,
            asking=self.asking_person(),
            can_reset=to_move and hand.can_reset(),
            can_ask=self.can_ask(),
            revealed=self.revealed_hands(),
            pile_closed=self._pile_closed(),
            went_out=hand.went_out if hand.ended and hand.went_out >= 0 else None,
            stock_ran_out=hand.ended and hand.end_reason is EndReason.STOCK_EXHAUSTED,
            drawn=self._drawn_cards(seat),
        )
        self._view = (key, view)
        return view

    def _drawn_cards(self, seat: int) -> tuple[int, ...]:
        """The person's cards drawn from the stock this turn and still held (see
        :func:`.drawn.drawn_this_turn`; replayed once a turn, then cached)."""
        hand = self.hand
        if self.person is None or hand.turn != seat or hand.phase is Phase.ENDED:
            return ()
        key = (id(hand), hand.deal_number, turn_start(hand))
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, drawn_this_turn(hand, seat))
        drawn = self._drawn[1]
        return tuple(card for card in hand.hands[seat] if card in drawn)

    def _pile_closed(self) -> Code | None:
        """Why no cards at all could take the pile this turn, or None (as the engine
        judges a take: empty, a black three or a wild card on top)."""
        refusal = self.hand.check(Move(MoveType.TAKE, ()))
        closed = (Code.PILE_EMPTY, Code.PILE_TOP_BLACK_THREE, Code.PILE_TOP_WILD)
        return refusal.code if refusal is not None and refusal.code in closed else None

    def drain_events(self) -> list[Event]:
        """Every queued event, oldest first; the queue is left empty."""
        events = list(self.events)
        self.events.clear()
        return events

    def revealed_hands(self) -> tuple[tuple[int, ...], ...] | None:
        """Every seat's hand once the hand is over, else None."""
        hand = self.hand
        return tuple(tuple(h) for h in hand.hands) if hand.ended else None

    def changed(self) -> None:
        """Note a change made to the hand from outside (a replay showing a state)."""
        self._version += 1

    # Moves ----------------------------------------------------------------------------------

    def submit(self, move: Move) -> Refusal | None:
        """Check and make the person's ``move``; emit Applied or Refused.

        Returns:
            The refusal, or None when the move was made.
        """
        hand = self.hand
        refusal = hand.check(move)
        if refusal is not None:
            self.events.append(Refused(refusal, refusal.message()))
            return refusal
        self._apply(move)
        return None

    def submit_plan(self, moves: list[Move]) -> Refusal | None:
        """Check the person's plan of moves as a whole, then make every move of it.

        A plan breaking a rule is refused as a whole (one Refused event, nothing made);
        see :meth:`HandState.check_all`.

        Returns:
            The refusal, or None when the whole plan was made.
        """
        found = check_plan(self.hand, moves)
        if found is not None:
            index, refusal = found
            if len(moves) > 1 and refusal.code not in (Code.OPENING_SHORT, Code.PLAN_EMPTY):
                # Say which group of the plan broke the rule ("Meld 7♥ 7♦ 2♣ 2♠: ...").
                return self._refuse(refusal, f"{move_words(moves[index])}: {refusal.message()}")
            return self._refuse(refusal)
        for move in moves:
            self._apply(move)
        return None

    def step_computer(self) -> Move | None:
        """Let the computer player to move make one move; return it (None if none due)."""
        hand = self.hand
        if not self.computer_to_move():
            return None
        player = self.players[hand.mover]
        assert player is not None
        move = player.choose(hand.view_for(hand.mover))
        self._apply(move)
        return move

    def _token(self) -> tuple[int, int]:
        """Identifies the moment: this hand object and the moves made in it so far."""
        return id(self.hand), len(self.hand.history)

    @property
    def thinking(self) -> bool:
        """True while a computer player's decision is under way in the worker."""
        return self._thinking is not None and self._thinking[1] == self._token()

    @property
    def hint_pending(self) -> bool:
        """True while a requested hint is still being worked out."""
        return self._hinting is not None and self._hint_token == self._token()

    def think(self) -> bool:
        """Start the computer player's decision in the worker if none is under way.

        Returns:
            True while a decision is under way (or was just started).
        """
        if not self.computer_to_move() or self.worker is None:
            return False
        token = self._token()
        if self._thinking is not None and self._thinking[1] == token:
            return True
        hand = self.hand
        player = self.players[hand.mover]
        assert player is not None
        ticket = self.worker.submit(player, hand.view_for(hand.mover))
        self._thinking = (ticket, token)
        return True

    def poll_computer(self) -> Move | None:
        """Make the computer player's move if its decision is ready; return it, else None.

        Without a worker the decision is made here and now (as :meth:`step_computer`). A
        decision the worker could not make, or one the rules refuse, is made here instead.
        """
        if not self.computer_to_move():
            return None
        if self.worker is None:
            return self.step_computer()
        self.think()
        assert self._thinking is not None
        ticket, _token = self._thinking
        decision = self.worker.result(ticket)
        if decision is None:
            return None
        self._thinking = None
        move = decision.move
        if move is None or self.hand.check(move) is not None:
            return self.step_computer()
        self._apply(move)
        return move

    def request_hint(self) -> bool:
        """Start working out the hard level's move for the person; True if one is coming.

        The hint arrives in :attr:`hint` (see :meth:`poll_hint`); nothing happens unless
        the person is to move.
        """
        if not self.person_to_move() or self.person is None:
            return False
        token = self._token()
        if self._hint_token == token and self.hint is not None:
            return True
        self.hint = None
        self._hint_token = token
        view = self.hand.view_for(self.person)
        if self.worker is None:
            self.hint = self.hint_player.advise(view)
            return True
        self._hinting = (self.worker.submit(self.hint_player, view, advise=True), token)
        return True

    def poll_hint(self) -> Advice | None:
        """The hint for the current moment once it has arrived (None: none, or not yet).

        A hint is a promise of moves (:attr:`Advice.moves <canasta.ai.hard.Advice.moves>`):
        once the person makes its first move, the hint shows the moves left, worded
        afresh; any other move ends it.
        """
        token = self._token()
        if self._hint_token != token:
            self._hinting = None
            self.hint = self._followed(token)
            self._hint_token = token if self.hint is not None else None
            return self.hint
        if self.hint is None and self._hinting is not None and self.worker is not None:
            decision = self.worker.result(self._hinting[0])
            if decision is not None:
                self._hinting = None
                if decision.advice is not None:
                    self.hint = decision.advice
                elif decision.move is not None:
                    self.hint = Advice(decision.move, decision.reason)
        return self.hint

    def _followed(self, token: tuple[int, int]) -> Advice | None:
        """The hint's moves left when the one move made since it (``token``: now) was its
        first, and the person is still to move; else None."""
        hint, before = self.hint, self._hint_token
        hand = self.hand
        if hint is None or before is None or self.person is None or not self.person_to_move():
            return None
        if before[0] != token[0] or before[1] + 1 != token[1]:
            return None
        made = hand.history[-1]
        if not _same_play(made, hint.move):
            return None
        rest = _twins_swapped(hint.moves[1:], made, hint.move)
        if not rest or hand.check(rest[0]) is not None:
            return None
        return following(replace(hint, moves=(made, *rest)), hand.view_for(self.person))

    def _apply(self, move: Move) -> None:
        hand = self.hand
        seat = hand.mover
        side = seat % 2
        text = move.text()
        before = {kind: len(cards) for kind, cards in hand.melds[side].items()}
        hand.apply(move)
        self._version += 1
        made = tuple(
            kind
            for kind, cards in hand.melds[side].items()
            if len(cards) >= CANASTA and before.get(kind, 0) < CANASTA
        )
        self.events.append(Applied(seat, move, text, made))
        if hand.ended and self.hand_score is None:
            self.hand_score = self.game.finish_hand()
            totals = (self.game.totals[0], self.game.totals[1])
            hands = tuple(tuple(h) for h in hand.hands)
            self.events.append(
                HandEnded(self.hand_score, totals, self.game.over, self.game.winner, hands)
            )

    def reset_turn(self) -> bool:
        """Take the person's turn back to its start; True when something was taken back."""
        hand = self.hand
        if not self.person_to_move() or not hand.can_reset():
            return False
        seat = hand.turn
        hand.reset_turn()
        self._version += 1
        self.events.append(TurnReset(seat))
        return True

    def unavailable(self, feature: str) -> str | None:
        """None: at this machine's table the hint and the reset are always there."""
        return None

    def next_hand(self) -> HandState:
        """Deal the next hand of the game.

        Raises:
            ValueError: if the hand is not over or the game is over.
        """
        hand = self.game.next_hand()
        self.hand_score = None
        self._version += 1
        return hand

    # Intents from the table (the selections turned into moves: SelectionIntents) -----------

    def explain_take_refusal(self) -> Refusal | None:
        """Emit why the pile cannot be taken at all now (its top card, an empty pile), if so.

        Returns None when some selection of cards could take it, so the screen can let the
        person select its top card.
        """
        hand = self.hand
        refusal = hand.check(Move(MoveType.TAKE, self.default_take_cards()))
        blocking = (Code.PILE_EMPTY, Code.PILE_TOP_WILD, Code.PILE_TOP_BLACK_THREE)
        if refusal is not None and refusal.code in blocking:
            return self._refuse(refusal)
        return None

    def default_take_cards(self) -> tuple[int, ...]:
        """The hand cards a player would take the pile with when none are chosen.

        Onto the side's meld of the top card's rank when that is legal, else a natural pair
        of that rank from the hand (which also takes a frozen pile), else none.
        """
        hand = self.hand
        if not hand.pile or self.person is None:
            return ()
        if hand.check(Move(MoveType.TAKE)) is None:
            return ()
        kind = CARD_KIND[hand.pile[-1]]
        pair = tuple(c for c in hand.hands[hand.turn] if CARD_KIND[c] == kind)[:2]
        return pair if len(pair) == 2 else ()

    def can_ask(self) -> bool:
        """True when the ask button should show (the person could ask now)."""
        return self.person_to_move() and self.hand.check(Move(MoveType.ASK)) is None

    def find_finish(self, moves: list[Move] | None = None) -> list[Move] | Refusal:
        """``moves`` when they are a complete legal way out for the person, else why not;
        with no moves, a searched way out (see :func:`canasta.engine.finish.find_finish`)."""
        hand = self.hand
        if moves is None:
            return search_finish(hand)
        refusal = check_finish(hand, moves)
        return moves if refusal is None else refusal

    # The hooks of SelectionIntents --------------------------------------------------------

    def _submit_move(self, move: Move) -> Refusal | None:
        return self.submit(move)

    def _check_move(self, move: Move) -> Refusal | None:
        return self.hand.check(move)

    def _refuse(self, refusal: Refusal, message: str | None = None) -> Refusal:
        self.events.append(Refused(refusal, message or refusal.message()))
        return refusal

    def _side_melds(self) -> dict[int, list[int]]:
        return self.hand.melds[self.hand.side]

    def _may_decline(self) -> bool:
        hand = self.hand
        return not hand.stock and hand.check(Move(MoveType.DECLINE)) is None


def _same_play(made: Move, hinted: Move) -> bool:
    """Whether ``made`` is the ``hinted`` move as a player makes it: the same kind, the
    same meld, and the same cards in any order (of the two decks' twin cards either one)."""
    return (
        made.type is hinted.type
        and made.target == hinted.target
        and sorted(CARD_CODE[c] for c in made.cards) == sorted(CARD_CODE[c] for c in hinted.cards)
    )


def _twins_swapped(moves: tuple[Move, ...], made: Move, hinted: Move) -> list[Move]:
    """``moves`` with the twin cards exchanged where ``made`` used the other deck's copy
    of a card ``hinted`` named (so the moves still name the cards in hand)."""
    spare = [c for c in made.cards if c not in hinted.cards]
    swap: dict[int, int] = {}
    for card in hinted.cards:
        if card in made.cards:
            continue
        twin = next(c for c in spare if CARD_CODE[c] == CARD_CODE[card])
        spare.remove(twin)
        swap[card], swap[twin] = twin, card
    if not swap:
        return list(moves)
    return [m._replace(cards=tuple(swap.get(c, c) for c in m.cards)) for m in moves]


__all__ = [
    "Applied",
    "Event",
    "HandEnded",
    "Refused",
    "TableController",
    "TurnReset",
]
