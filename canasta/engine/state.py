"""One hand of Canasta: the state, the deal, and applying moves.

:class:`HandState` is the model. ``check(move)`` says why a move is refused (or None),
``play(move)`` applies a checked move, ``apply(move)`` is the unchecked fast path for
computer players' searches, ``legal_moves()`` lists moves, ``copy()`` and ``reset_turn()``
support search and the reset button, and ``view_for(seat)`` gives what one seat may know.

Rule sources are the Classic reference (``seeds/000``) and ``RULES-MATRIX.md``; legality
lives in :mod:`canasta.engine.legality`, scoring in :mod:`canasta.engine.scoring`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .cards import (
    CARD_CODE,
    CARD_KIND,
    CARD_VALUE,
    DECK_SIZE,
    KIND_NAME,
    NATURAL_KINDS,
    NUM_KINDS,
    RED_THREE,
    is_wild_kind,
)
from .core import CANASTA_SIZE, EndReason, Outcome, Phase, meld_kind
from .finish import check_plan, play_plan
from .legality import check_move, has_legal_take, parse_move
from .listing import iter_legal_moves
from .listing import legal_moves as list_legal_moves
from .moves import Move, MoveType
from .refusals import Code, IllegalMove, Refusal
from .rules import RuleSet
from .scoring import HandScore, score_hand
from .view import SeatView, make_view

#: Re-exported: these lived here before :mod:`canasta.engine.core` held them.
__all__ = ["EndReason", "HandState", "Outcome", "Phase", "meld_kind"]


#: Moves a reset does not take back: the question to the partner and the answer.
_BINDING = (MoveType.ASK, MoveType.YES, MoveType.NO)

# Enum members bound to module names for the per-move paths (apply, the turn's start, the
# ``ended`` test): CPython 3.11 looks a member up on its class through a descriptor, about
# 0.2 us a time, and these run on every move of every play-out.
_DRAW, _TAKE, _DECLINE, _MELD = MoveType.DRAW, MoveType.TAKE, MoveType.DECLINE, MoveType.MELD
_LAYOFF, _DISCARD, _ASK, _YES = MoveType.LAYOFF, MoveType.DISCARD, MoveType.ASK, MoveType.YES
_NO = MoveType.NO
_DRAW_PHASE, _PLAY_PHASE = Phase.DRAW, Phase.PLAY
_ANSWER_PHASE, _ENDED = Phase.ANSWER, Phase.ENDED
#: Natural kinds, for a quick membership test.
_NATURAL = frozenset(NATURAL_KINDS)


class LegalMoves:
    """A lazy view of a hand's legal moves (see :attr:`HandState.legal_moves`).

    Generated afresh at each use from the state as it then is; do not change the state
    while iterating.
    """

    __slots__ = ("_state",)

    def __init__(self, state: HandState) -> None:
        self._state = state

    def __call__(self) -> list[Move]:
        """Return the legal moves as a list."""
        return list_legal_moves(self._state)

    def __iter__(self) -> Iterator[Move]:
        return iter_legal_moves(self._state)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._state.check(move) is None

    def __bool__(self) -> bool:
        return any(True for _ in iter_legal_moves(self._state))

    def count(self) -> int:
        """How many moves the list holds (counted without keeping them)."""
        return sum(1 for _ in iter_legal_moves(self._state))

    def __len__(self) -> int:
        return self.count()


_new_legal_moves = object.__new__


class HandState:
    """The whole state of one hand.

    Seats are ``0..players-1`` in clockwise order; seat 0 is the person at the screen.
    A seat's side is ``seat % 2`` (partners sit opposite). Piles are lists whose last item
    is the top card. Every card identity (0..107) is in exactly one place: a hand, the
    stock, the pile, a meld, a side's red threes, or the cards waiting beside the table
    after an unopened side took the pile.
    """

    __slots__ = (
        "rules", "deal_number", "dealer", "players", "side_scores", "hands", "counts", "kinds",
        "stock", "pile", "pile_freezers", "melds", "msize", "mwild", "red_threes", "opened",
        "turn", "phase", "waiting", "opening_points", "turn_melded", "turn_new_melds",
        "turn_added_to_old", "took_pile", "asked", "permission", "answerer", "melded_before",
        "known", "shown", "went_out", "concealed", "end_reason", "move_count", "history",
        "_snapshot", "keep_snapshots", "out_of_play",
    )  # fmt: skip

    def __init__(self, rules: RuleSet, side_scores: tuple[int, int] = (0, 0)) -> None:
        """Create an empty hand (no cards dealt); use :meth:`deal` for a real one."""
        self.rules = rules
        self.players = rules.players
        self.deal_number = 0
        self.dealer = 0
        self.side_scores = side_scores
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.counts: list[list[int]] = [[0] * NUM_KINDS for _ in range(self.players)]
        #: Per seat, per kind: the hand's cards of that kind in hand order (kept with
        #: ``hands`` and ``counts`` by every change, so the move list need not sort a hand).
        self.kinds: list[list[list[int]]] = [
            [[] for _ in range(NUM_KINDS)] for _ in range(self.players)
        ]
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.pile_freezers = 0
        self.melds: list[dict[int, list[int]]] = [{}, {}]
        self.msize: list[list[int]] = [[0] * NUM_KINDS, [0] * NUM_KINDS]
        self.mwild: list[list[int]] = [[0] * NUM_KINDS, [0] * NUM_KINDS]
        self.red_threes: list[list[int]] = [[], []]
        self.opened = [False, False]
        self.turn = 0
        self.phase = Phase.DRAW
        self.waiting: list[int] = []
        self.opening_points = 0
        self.turn_melded = False
        self.turn_new_melds: list[int] = []
        self.turn_added_to_old = False
        self.took_pile = False
        self.asked = False
        self.permission: bool | None = None
        self.answerer = -1
        self.melded_before = [False] * self.players
        self.known: list[set[int]] = [set() for _ in range(self.players)]
        # Per seat, per turn: (kind on top of the pile it drew over, kind it discarded), or -1.
        self.shown: list[list[tuple[int, int]]] = [[] for _ in range(self.players)]
        self.went_out = -1
        self.concealed = False
        self.end_reason: EndReason | None = None
        self.move_count = 0
        self.history: list[Move] = []
        self._snapshot: HandState | None = None
        self.keep_snapshots = True
        #: Cards a position left out of this hand (neither dealt nor in the stock): out of
        #: play until the hand ends. Empty for a dealt hand.
        self.out_of_play: list[int] = []

    # Construction ---------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        deal_number: int,
        dealer: int = 0,
        side_scores: tuple[int, int] = (0, 0),
        deck: list[int] | None = None,
    ) -> HandState:
        """Shuffle with ``random.Random(deal_number)`` (or take ``deck``) and deal a hand.

        Each player gets ``rules.cards_dealt`` cards; red threes dealt are laid out and
        replaced from the stock; the upcard starts the pile, and while it is a wild card or
        a red three another card is turned on top (the buried one freezes the pile). The
        player to the dealer's left moves first.

        Args:
            rules: the rule set.
            deal_number: any int; the same number gives the same cards for the same rules.
            dealer: the dealing seat.
            side_scores: each side's game total at the hand's start (points), which sets
                the opening minimum.
            deck: the 108 card identities in the order they are turned up (the first card
                goes to the dealer's left, then round the table; after the deal, red-three
                replacements and the upcard come off the same order). None: shuffled.

        Raises:
            ValueError: if ``deck`` is not an order of the 108 cards.
        """
        if deck is None:
            order = list(range(DECK_SIZE))
            random.Random(deal_number).shuffle(order)
            order.reverse()  # the shuffled list's last card is turned up first
        else:
            order = list(deck)
            if sorted(order) != list(range(DECK_SIZE)):
                raise ValueError(f"a deck order holds each of the {DECK_SIZE} cards once")
        state = cls.from_parts(
            rules,
            hands=[[] for _ in range(rules.players)],
            stock=order[::-1],
            side_scores=side_scores,
            deal_number=deal_number,
            dealer=dealer,
        )
        for _ in range(rules.cards_dealt):
            for offset in range(1, state.players + 1):
                seat = (state.dealer + offset) % state.players
                state._give(seat, state.stock.pop())
        for offset in range(1, state.players + 1):
            seat = (state.dealer + offset) % state.players
            state._lay_out_red_threes(seat, replace=True)
        while True:
            card = state.stock.pop()
            state._push_pile(card)
            if not (is_wild_kind(CARD_KIND[card]) or CARD_KIND[card] == RED_THREE):
                break
        state.turn = (state.dealer + 1) % state.players
        state._begin_turn()
        return state

    @classmethod
    def from_parts(
        cls,
        rules: RuleSet,
        *,
        hands: list[list[int]],
        stock: list[int],
        pile: list[int] | None = None,
        melds: list[dict[int, list[int]]] | None = None,
        red_threes: list[list[int]] | None = None,
        waiting: list[int] | None = None,
        side_scores: tuple[int, int] = (0, 0),
        deal_number: int = 0,
        dealer: int = 0,
        turn: int | None = None,
        phase: Phase = Phase.DRAW,
        opened: list[bool] | None = None,
        opening_points: int = 0,
        turn_melded: bool = False,
        turn_new_melds: list[int] | None = None,
        turn_added_to_old: bool = False,
        took_pile: bool = False,
        asked: bool = False,
        permission: bool | None = None,
        melded_before: list[bool] | None = None,
        known: list[set[int]] | None = None,
        shown: list[list[tuple[int, int]]] | None = None,
        went_out: int = -1,
        concealed: bool = False,
        end_reason: EndReason | None = None,
    ) -> HandState:
        """Build a hand from its parts; every derived count is computed here.

        The counts per kind of each hand, the meld sizes and wild cards per kind, the pile's
        freezing cards and the partner due to answer come from the parts given; nothing
        outside the engine writes them. Cards no part places (of the 108) are out of play
        for this hand (:attr:`out_of_play`), so a position may give a short stock.

        Args:
            rules: the rule set (its ``players`` sets the number of hands).
            hands: per seat, card identities (0..107).
            stock: the stock, bottom first (the last card is drawn next).
            pile: the discard pile, bottom first.
            melds: per side, ``{kind: cards}``.
            red_threes: per side, the red threes laid out.
            waiting: pile cards waiting for an unopened side to open.
            turn: the seat to play (default: the dealer's left).
            known: per seat, cards of its hand the others know (default: none).
            shown: per seat, ``(passed kind, discarded kind)`` per turn (default: none).
            The other arguments set the attribute of the same name.

        Raises:
            ValueError: for a card outside 0..107 or in two places, a red three in a hand,
                a meld card of another rank (wild cards aside), a known card not in that
                hand, a seat out of range, or a per-seat list of the wrong length.
        """
        state = cls(rules, side_scores)
        players = state.players
        melds = melds if melds is not None else [{}, {}]
        red_threes = red_threes if red_threes is not None else [[], []]
        for name, value, size in (
            ("hands", hands, players), ("melds", melds, 2), ("red_threes", red_threes, 2),
            ("melded_before", melded_before, players), ("known", known, players),
            ("shown", shown, players), ("opened", opened, 2),
        ):  # fmt: skip
            if value is not None and len(value) != size:
                raise ValueError(f"{name} needs {size} entries, not {len(value)}")
        seen: set[int] = set()

        def place(cards: list[int], where: str) -> list[int]:
            for card in cards:
                if not 0 <= card < DECK_SIZE:
                    raise ValueError(f"card identity {card} in {where} is not 0..{DECK_SIZE - 1}")
                if card in seen:
                    raise ValueError(f"{CARD_CODE[card]} (card {card}) is placed twice")
                seen.add(card)
            return list(cards)

        state.deal_number = deal_number
        state.dealer = dealer % players
        for seat, cards in enumerate(hands):
            for card in place(cards, f"seat {seat}'s hand"):
                if CARD_KIND[card] == RED_THREE:
                    raise ValueError("a red three cannot be in a hand: list it under red_threes")
                state._give(seat, card)
        for card in place(pile or [], "the pile"):
            state._push_pile(card)
        for side in (0, 1):
            for kind, cards in melds[side].items():
                if not 0 <= kind < NUM_KINDS or is_wild_kind(kind) or kind == RED_THREE:
                    raise ValueError(f"no meld can be of kind {kind}")
                for card in place(cards, f"side {side}'s meld of {KIND_NAME[kind]}"):
                    card_kind = CARD_KIND[card]
                    if is_wild_kind(card_kind):
                        state.mwild[side][kind] += 1
                    elif card_kind != kind:
                        raise ValueError(
                            f"{CARD_CODE[card]} cannot be in the meld of {KIND_NAME[kind]}"
                        )
                state.melds[side][kind] = list(cards)
                state.msize[side][kind] = len(cards)
            threes = place(red_threes[side], f"side {side}'s red threes")
            if any(CARD_KIND[c] != RED_THREE for c in threes):
                raise ValueError("only red threes are laid out as red threes")
            state.red_threes[side] = threes
        state.waiting = place(waiting or [], "the waiting cards")
        state.stock = place(stock, "the stock")
        state.out_of_play = [c for c in range(DECK_SIZE) if c not in seen]
        state.turn = (state.dealer + 1) % players if turn is None else turn
        if not 0 <= state.turn < players:
            raise ValueError(f"turn must be a seat from 0 to {players - 1}")
        state.phase = phase
        state.opened = list(opened) if opened is not None else [bool(m) for m in melds]
        state.opening_points = opening_points
        state.turn_melded = turn_melded
        state.turn_new_melds = list(turn_new_melds or [])
        state.turn_added_to_old = turn_added_to_old
        state.took_pile = took_pile
        state.asked = asked
        state.permission = permission
        state.answerer = state.partner(state.turn) if phase is Phase.ANSWER else -1
        if melded_before is not None:
            state.melded_before = [bool(x) for x in melded_before]
        for seat, cards_known in enumerate(known or []):
            stray = set(cards_known) - set(state.hands[seat])
            if stray:
                codes = ", ".join(sorted(CARD_CODE[c] for c in stray))
                raise ValueError(f"seat {seat} is said to hold {codes} but does not")
            state.known[seat] = set(cards_known)
        if shown is not None:
            state.shown = [list(turns) for turns in shown]
        if not -1 <= went_out < players:
            raise ValueError(f"went_out must be -1 or a seat from 0 to {players - 1}")
        state.went_out = went_out
        state.concealed = concealed
        state.end_reason = end_reason
        return state

    def copy(self) -> HandState:
        """Return an independent copy (the turn snapshot is shared, as it is never mutated)."""
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        # map(list, ...) copies each inner list in a C loop (cheaper than a comprehension).
        other.hands = list(map(list, self.hands))
        other.counts = list(map(list, self.counts))
        other.kinds = [list(map(list, seat)) for seat in self.kinds]
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.melds = [{k: list(v) for k, v in side.items()} for side in self.melds]
        other.msize = list(map(list, self.msize))
        other.mwild = list(map(list, self.mwild))
        other.red_threes = list(map(list, self.red_threes))
        other.opened = list(self.opened)
        other.waiting = list(self.waiting)
        other.turn_new_melds = list(self.turn_new_melds)
        other.melded_before = list(self.melded_before)
        other.known = list(map(set, self.known))
        other.shown = list(map(list, self.shown))
        other.history = list(self.history)
        other.out_of_play = list(self.out_of_play)
        return other

    # Simple queries -------------------------------------------------------------------------

    @property
    def side(self) -> int:
        """The side (0 or 1) of the player to move."""
        return self.turn % 2

    @property
    def mover(self) -> int:
        """The seat that must make the next move (the partner while an answer is due)."""
        return self.answerer if self.phase is _ANSWER_PHASE else self.turn

    @property
    def ended(self) -> bool:
        """True once the hand is over."""
        return self.phase is _ENDED

    @property
    def outcome(self) -> Outcome | None:
        """How the hand ended (reason, who went out, concealed or not), or None while on."""
        if self.end_reason is None:
            return None
        return Outcome(self.end_reason, self.went_out, self.concealed)

    @property
    def pile_top(self) -> int | None:
        """The card on top of the discard pile, or None when it is empty."""
        return self.pile[-1] if self.pile else None

    def opening_minimum(self, side: int) -> int:
        """The opening minimum (points) for ``side`` this hand."""
        return self.rules.opening_minimum(self.side_scores[side])

    def canastas(self, side: int) -> int:
        """How many canastas (melds of seven or more) ``side`` has."""
        return sum(1 for size in self.msize[side] if size >= CANASTA_SIZE)

    def pile_frozen_for(self, side: int) -> bool:
        """Whether ``side`` needs a natural pair to take the pile.

        Frozen against a side that has not opened, for everyone while the pile holds a wild
        card or red three, and always with "pile always frozen" (matrix rows 10 and 12).
        """
        return self.rules.pile_always_frozen or self.pile_freezers > 0 or not self.opened[side]

    def partner(self, seat: int) -> int:
        """The partner's seat (four players)."""
        return (seat + 2) % self.players

    # Legality and moves (see legality.py and listing.py) --------------------------------------

    def check(self, move: Move, seat: int | None = None) -> Refusal | None:
        """Return why ``move`` is refused for the player to move, or None if it is legal.

        With ``seat`` (the seat asking, e.g. an online player), a move by any other seat
        than the one to move is refused with ``NOT_YOUR_TURN``.
        """
        if seat is not None and seat != self.mover:
            return Refusal(Code.NOT_YOUR_TURN, {"mover": self.mover})
        return check_move(self, move)

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the player to move (minimal forms; see listing.py).

        ``state.legal_moves()`` lists them; ``for move in state.legal_moves``,
        ``state.legal_moves.count()``, ``any(state.legal_moves)`` and
        ``move in state.legal_moves`` work without building the list (python-chess's
        ``legal_moves``). ``in`` asks the rules (:meth:`check`), so any legal selection of
        cards counts, not only the listed minimal forms.
        """
        moves = _new_legal_moves(LegalMoves)  # without an __init__ frame: made per move
        moves._state = self
        return moves

    def play(self, move: Move, seat: int | None = None) -> None:
        """Check and apply ``move`` (by ``seat`` when given; see :meth:`check`).

        Raises:
            IllegalMove: carrying the :class:`Refusal` when the rules refuse the move.
        """
        refusal = self.check(move, seat)
        if refusal is not None:
            raise IllegalMove(refusal, move.text())
        self.apply(move)

    def check_all(self, moves: list[Move]) -> Refusal | None:
        """Check a plan of melds and lay-offs (and a final discard) as a whole.

        Returns the refusal of the first move the rules refuse (see
        :func:`canasta.engine.finish.check_plan`), or None when every move is legal.
        """
        found = check_plan(self, moves)
        return None if found is None else found[1]

    def play_all(self, moves: list[Move]) -> None:
        """Check a plan as a whole, then play all of it.

        Raises:
            IllegalMove: with the first refusal; nothing is played then.
        """
        play_plan(self, moves)

    def parse_move(self, text: str) -> Move:
        """Parse a one-line text form against this position (cards from the mover's hand).

        Raises:
            ValueError: if the text is not a move or names cards the mover does not hold.
        """
        return parse_move(self, text)

    def view_for(self, seat: int) -> SeatView:
        """Return what ``seat`` may know (see :class:`canasta.engine.view.SeatView`)."""
        return make_view(self, seat)

    def score(self) -> HandScore:
        """Score the hand as it stands (see :func:`canasta.engine.scoring.score_hand`)."""
        return score_hand(self)

    def can_reset(self) -> bool:
        """True when the turn has something to take back with :meth:`reset_turn`."""
        return self._snapshot is not None and self.phase is Phase.PLAY and self.turn_melded

    def reset_turn(self) -> None:
        """Take the turn back to its start: after the stock draw, or before the pile take.

        Raises:
            ValueError: when there is nothing to take back.
        """
        snap = self._snapshot
        if snap is None or self.phase is not Phase.PLAY:
            raise ValueError("nothing to reset this turn")
        # The partner's answer binds for the rest of the turn: a reset does not undo it,
        # and the question and answer stay in the history, so the history still replays
        # to this state (a question comes before any meld, so after the snapshot's draw).
        asked, permission, answerer = self.asked, self.permission, self.answerer
        kept = [m for m in self.history[len(snap.history) :] if m.type in _BINDING]
        restored = snap.copy()
        for name in HandState.__slots__:
            setattr(self, name, getattr(restored, name))
        self._snapshot = snap
        self.asked, self.permission, self.answerer = asked, permission, answerer
        self.history.extend(kept)
        self.move_count += len(kept)

    # Applying moves (unchecked) ---------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Apply ``move`` without checking it (the fast path; use :meth:`play` for people)."""
        t = move.type
        if t is _TAKE and self.keep_snapshots:
            self._snapshot = None
            self._snapshot = self.copy()
        self.history.append(move)
        self.move_count += 1
        # The most frequent moves first.
        if t is _DISCARD:
            self._do_discard(move.cards[0])
        elif t is _DRAW:
            self.shown[self.turn].append((self._passed_kind(), -1))
            self._do_draw()
        elif t is _LAYOFF:
            self._do_meld(move.target, move.cards)
        elif t is _MELD:
            self._do_meld(meld_kind(move.cards), move.cards)
        elif t is _TAKE:
            self.shown[self.turn].append((-1, -1))
            self._do_take(move.cards)
        elif t is _DECLINE:  # the stock is empty and the pile declined (row 18)
            self._end(EndReason.STOCK_EXHAUSTED)
        elif t is _ASK:
            self.asked = True
            self.answerer = self.partner(self.turn)
            self.phase = _ANSWER_PHASE
        elif t is _YES or t is _NO:
            self.permission = t is _YES
            self.phase = _PLAY_PHASE
        if self.move_count >= self.rules.max_moves_per_hand and self.phase is not _ENDED:
            self._end(EndReason.MOVE_LIMIT)

    def _do_draw(self) -> None:
        if self.keep_snapshots:
            self._snapshot = None
        if not self.stock:  # a draw from the empty stock ends the hand (matrix row 18)
            self._end(EndReason.STOCK_EXHAUSTED)
            return
        seat, stock = self.turn, self.stock
        for _ in range(self.rules.stock_draw_count):
            if not stock:
                break
            self._give(seat, stock.pop())
        if self.counts[seat][RED_THREE]:
            unreplaced = self._lay_out_red_threes(seat, replace=True)
            if unreplaced and self.rules.red_three_last_card_ends:
                self._end(EndReason.STOCK_EXHAUSTED)
                return
        self.phase = _PLAY_PHASE
        if self.keep_snapshots:
            self._snapshot = self.copy()

    def _do_take(self, cards: tuple[int, ...]) -> None:
        side = self.side
        top = self.pile.pop()
        kind = CARD_KIND[top]
        rest = self.pile
        self.pile = []
        self.pile_freezers = 0
        self.took_pile = True
        self.phase = _PLAY_PHASE
        self._do_meld(kind, cards, extra=top, may_go_out=False)
        for card in rest:
            if CARD_KIND[card] == RED_THREE:
                self.red_threes[side].append(card)
                if self.rules.red_three_from_pile_replaced and self.stock:
                    self._give(self.turn, self.stock.pop())
                    self._lay_out_red_threes(self.turn, replace=True)
            elif self.opened[side]:
                self._give(self.turn, card)
                self.known[self.turn].add(card)
            else:
                self.waiting.append(card)
        # Only now is the whole pile placed: the hand may be empty (going out) or not.
        if not self.hands[self.turn] and not self.waiting:
            self._go_out()

    def _do_meld(
        self, kind: int, cards: tuple[int, ...], extra: int = -1, may_go_out: bool = True
    ) -> None:
        seat, side = self.turn, self.side
        hand, counts, known = self.hands[seat], self.counts[seat], self.known[seat]
        kinds = self.kinds[seat]
        meld = self.melds[side].setdefault(kind, [])
        if not meld:
            self.turn_new_melds.append(kind)
        elif kind not in self.turn_new_melds:
            self.turn_added_to_old = True
        added = list(cards)
        if extra >= 0:
            added.append(extra)
        for card in cards:
            hand.remove(card)
            card_kind = CARD_KIND[card]
            counts[card_kind] -= 1
            kinds[card_kind].remove(card)
            known.discard(card)
        points = 0
        for card in added:
            meld.append(card)
            card_kind = CARD_KIND[card]
            if is_wild_kind(card_kind):
                self.mwild[side][kind] += 1
            points += CARD_VALUE[card]
        self.msize[side][kind] += len(added)
        self.turn_melded = True
        if not self.opened[side]:
            self.opening_points += points
            if self.opening_points >= self.opening_minimum(side):
                self.opened[side] = True
                for card in self.waiting:
                    self._give(seat, card)
                    known.add(card)
                self.waiting = []
        if may_go_out and not hand and not self.waiting:
            self._go_out()

    def _passed_kind(self) -> int:
        """The pile's top kind a stock draw passes over, when that says something.

        Public knowledge: the player drew rather than take a pile whose top card is a
        natural card, while the side had opened (so a natural pair would have taken it).
        -1 when the pile is empty, its top card is wild or a three, or the side is unopened.
        """
        pile = self.pile
        if not pile or not self.opened[self.turn % 2]:
            return -1
        kind = CARD_KIND[pile[-1]]
        return kind if kind in _NATURAL else -1

    def _do_discard(self, card: int) -> None:
        seat = self.turn
        record = self.shown[seat]
        kind = CARD_KIND[card]
        if record:
            record[-1] = (record[-1][0], kind)
        self.hands[seat].remove(card)
        self.counts[seat][kind] -= 1
        self.kinds[seat][kind].remove(card)
        self.known[seat].discard(card)
        self._push_pile(card)
        if not self.hands[seat]:
            self._go_out()
            return
        if self.turn_melded:
            self.melded_before[seat] = True
        self.turn = (seat + 1) % self.players
        self._begin_turn()

    # Helpers --------------------------------------------------------------------------------

    def _give(self, seat: int, card: int) -> None:
        kind = CARD_KIND[card]
        self.hands[seat].append(card)
        self.counts[seat][kind] += 1
        self.kinds[seat][kind].append(card)

    def _push_pile(self, card: int) -> None:
        self.pile.append(card)
        kind = CARD_KIND[card]
        if is_wild_kind(kind) or kind == RED_THREE:
            self.pile_freezers += 1

    def _lay_out_red_threes(self, seat: int, replace: bool) -> bool:
        """Lay out every red three in ``seat``'s hand, replacing each from the stock.

        Returns True when a red three had to be replaced but the stock was empty: that red
        three was the stock's last card (matrix row 15).
        """
        unreplaced = False
        while self.counts[seat][RED_THREE]:
            hand = self.hands[seat]
            for card in [c for c in hand if CARD_KIND[c] == RED_THREE]:
                hand.remove(card)
                self.counts[seat][RED_THREE] -= 1
                self.kinds[seat][RED_THREE].remove(card)
                self.red_threes[seat % 2].append(card)
                if replace and self.stock:
                    self._give(seat, self.stock.pop())
                elif replace:
                    unreplaced = True
        return unreplaced

    def _go_out(self) -> None:
        seat = self.turn
        self.went_out = seat
        sizes = self.msize[self.side]
        made_canasta = any(sizes[k] >= CANASTA_SIZE for k in self.turn_new_melds)
        partner_melds = self.rules.concealed_no_partner_layoff and self.turn_added_to_old
        self.concealed = not self.melded_before[seat] and made_canasta and not partner_melds
        self._end(EndReason.WENT_OUT)

    def _end(self, reason: EndReason) -> None:
        self.phase = _ENDED
        self.end_reason = reason
        self._snapshot = None

    def _begin_turn(self) -> None:
        self.phase = _DRAW_PHASE
        self.waiting = []
        self.opening_points = 0
        self.turn_melded = False
        self.turn_new_melds = []
        self.turn_added_to_old = False
        self.took_pile = False
        self.asked = False
        self.permission = None
        self.answerer = -1
        self._snapshot = None
        if not self.stock and (self.rules.empty_stock == "ends" or not has_legal_take(self)):
            self._end(EndReason.STOCK_EXHAUSTED)

    def cards_in_places(self) -> list[list[int]]:
        """Return every place's card list (for conservation checks): 108 cards in all,
        the cards out of play for this hand included."""
        places: list[list[int]] = [
            *self.hands,
            self.stock,
            self.pile,
            self.waiting,
            self.out_of_play,
        ]
        for side in (0, 1):
            places.extend(self.melds[side].values())
            places.append(self.red_threes[side])
        return places

    def _position_key(self) -> tuple[object, ...]:
        """The position in card codes (two copies of a card are alike), for equality."""

        def codes(cards: list[int]) -> tuple[str, ...]:
            return tuple(CARD_CODE[c] for c in cards)

        return (
            self.rules, self.deal_number, self.dealer, self.side_scores, self.turn, self.phase,
            tuple(codes(h) for h in self.hands), codes(self.stock), codes(self.pile),
            tuple(tuple(sorted((k, codes(v)) for k, v in side.items())) for side in self.melds),
            tuple(codes(r) for r in self.red_threes), tuple(self.opened), codes(self.waiting),
            self.opening_points, self.turn_melded, tuple(self.turn_new_melds),
            self.turn_added_to_old, self.took_pile, self.asked, self.permission,
            tuple(self.melded_before), tuple(tuple(sorted(codes(list(k)))) for k in self.known),
            tuple(tuple(t) for t in self.shown), self.went_out, self.concealed,
            self.end_reason, tuple(sorted(codes(self.out_of_play))),
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        """Two hands are equal when every place holds the same cards by code, in the same
        order where order matters (stock, pile, melds, hands), with the same turn facts.
        The move history and the reset snapshot are not compared."""
        if not isinstance(other, HandState):
            return NotImplemented
        return self._position_key() == other._position_key()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return (
            f"<HandState deal={self.deal_number} turn={self.turn} phase={self.phase.value} "
            f"stock={len(self.stock)} pile={len(self.pile)}>"
        )
