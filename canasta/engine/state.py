"""One hand of Canasta: the state, with the rules' checks, lists and views.

:class:`HandState` is the model. ``check(move)`` says why a move is refused (or None),
``play(move)`` applies a checked move, ``apply(move)`` is the unchecked fast path for
computer players' searches, ``legal_moves()`` lists moves, ``copy()`` and ``reset_turn()``
support search and the reset button, and ``view_for(seat)`` gives what one seat may know.

The rules are those of docs/rules.md; legality
lives in :mod:`canasta.engine.legality`, :mod:`canasta.engine.taking` and
:mod:`canasta.engine.checking`, scoring in :mod:`canasta.engine.scoring`.
"""

from __future__ import annotations

from .building import HandBuilt
from .checking import check_move, parse_move, parse_plan
from .core import EndReason, Outcome, Phase, meld_kind
from .finish import check_plan, play_plan
from .hand import HandBase
from .listing import LegalMoves
from .moves import Move, MoveType
from .refusals import Code, IllegalMove, Refusal
from .scoring import HandScore, score_hand
from .view import SeatView, make_view

#: The hand's value types are re-exported beside it (their home is :mod:`canasta.engine.core`).
__all__ = ["EndReason", "HandState", "LegalMoves", "Outcome", "Phase", "meld_kind"]


#: Moves a reset does not take back: the question to the partner and the answer.
_BINDING = (MoveType.ASK, MoveType.YES, MoveType.NO)
_PLAY_PHASE = Phase.PLAY
_new_legal_moves = object.__new__


class HandState(HandBuilt):
    """The whole state of one hand.

    Seats are ``0..players-1`` in clockwise order; seat 0 is the person at the screen.
    A seat's side is ``seat % 2`` (partners sit opposite). Piles are lists whose last item
    is the top card. Every card identity (0..107) is in exactly one place: a hand, the
    stock, the pile, a meld, a side's red threes, or the cards waiting beside the table
    after an unopened side took the pile.

    **One class in four files.** A hand is one object; its methods are split by concern
    into a chain of base classes, one file each, so that every file stays short enough to
    read and the fast path a search runs is not mixed with the checks a person's move meets:

    1. :class:`canasta.engine.hand.HandBase` (``hand.py``): the parts (hands, stock, pile,
       melds, red threes), the counts derived from them, ``copy()`` and simple queries;
    2. :class:`canasta.engine.applying.HandPlay` (``applying.py``): ``apply(move)``, the
       unchecked fast path, and the turn's bookkeeping;
    3. :class:`canasta.engine.building.HandBuilt` (``building.py``): the deal and the one
       validated way to build a hand from its parts (a position, a sampled world);
    4. :class:`HandState` (this file): the rules' checks, the legal move list, the views,
       the score and the reset button.

    Only :class:`HandState` is ever made or named outside the engine; the other three are
    never used alone. All four declare their attributes in ``HandBase.__slots__``.
    """

    __slots__ = ()

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

    def parse_plan(self, text: str) -> list[Move]:
        """Parse a plan's text form, ``"meld 7H 7D 7C + meld KS KD KC"`` (see
        :func:`canasta.engine.checking.parse_plan`); check and play it with
        :meth:`play_all`.

        Raises:
            MoveParseError: (a ValueError) naming the part that does not parse.
        """
        return parse_plan(self, text)

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
        # to this state (a question asked after the snapshot is kept as a move; one asked
        # before it is in the snapshot's own history).
        asked, permission, answerer = self.asked, self.permission, self.answerer
        kept = [m for m in self.history[len(snap.history) :] if m.type in _BINDING]
        restored = snap.copy()
        for name in HandBase.__slots__:
            setattr(self, name, getattr(restored, name))
        self._snapshot = snap
        self.asked, self.permission, self.answerer = asked, permission, answerer
        self.history.extend(kept)
        self.move_count += len(kept)
