"""The person's selections turned into moves: one mapping for every table controller.

This machine's :class:`~.table.TableController` and the online
:class:`~canasta.net.remote.RemoteTableControl` both take the table's intents (a click on
the stock, the pile, the meld area or a meld, with the cards selected) through
:class:`SelectionIntents`; they differ only in how a move is then played (here, or sent to
the server) and where the side's melds are read from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from canasta.engine.cards import CARD_KIND, is_wild_kind
from canasta.engine.core import meld_kind
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import Code, Refusal


class SelectionIntents:
    """The intents of :class:`~.interface.TableControl` that turn a selection into a move.

    A class using it provides five hooks: :meth:`_submit_move` (play or send a move; the
    refusal, or None once it is made), :meth:`_check_move` (the rules' refusal of a move
    now, or None: nothing is played), :meth:`_refuse` (queue a refusal for the screen and
    return it), :meth:`_side_melds` (the kinds of the person's side's melds) and
    :meth:`_may_decline` (the stock is empty and declining the pile is legal: Classic,
    docs/rules.md#empty-stock).
    """

    def _submit_move(self, move: Move) -> Refusal | None:
        raise NotImplementedError

    def _check_move(self, move: Move) -> Refusal | None:
        raise NotImplementedError

    def layoff_fits(self, kind: int, cards: tuple[int, ...]) -> bool:
        """Whether the rules let the person add ``cards`` to the side's meld of ``kind``
        now (checked only: nothing is played). Tab visits such melds first."""
        return bool(cards) and self._check_move(Move(MoveType.LAYOFF, cards, kind)) is None

    def meld_fits(self, cards: tuple[int, ...]) -> bool:
        """Whether :meth:`intent_meld` would make a move with ``cards`` now: a new meld the
        rules allow (an opening reaching the minimum alone), or an addition to the side's
        meld of their rank (checked only: nothing is played). The Meld button shows then."""
        kind = meld_kind(cards)
        if not cards or kind < 0:
            return False
        if kind in self._side_melds():
            return self._check_move(Move(MoveType.LAYOFF, cards, kind)) is None
        return self._check_move(Move(MoveType.MELD, cards)) is None

    def _refuse(self, refusal: Refusal, message: str | None = None) -> Refusal:
        raise NotImplementedError

    def _side_melds(self) -> Iterable[int]:
        raise NotImplementedError

    def _may_decline(self) -> bool:
        raise NotImplementedError

    def intent_draw(self) -> Refusal | None:
        """The person clicked the stock (once it is empty at the Classic table: declined the
        pile, which ends the hand; docs/rules.md#empty-stock)."""
        if self._may_decline():
            return self._submit_move(Move(MoveType.DECLINE))
        return self._submit_move(Move(MoveType.DRAW))

    def intent_take(self, cards: tuple[int, ...]) -> Refusal | None:
        """The person took the pile with these hand cards (none: onto the side's meld)."""
        return self._submit_move(Move(MoveType.TAKE, cards))

    def intent_take_at_melds(self, cards: tuple[int, ...]) -> Refusal | None:
        """The person clicked their meld area or one of their melds (or pressed M) before
        drawing: take the pile with these hand cards, as :meth:`intent_take` does. When
        not one of the natural cards goes with the pile's top card (nine and nine under a
        King), the person meant a meld of their own, not the pile: the refusal says the
        turn starts with a draw or a take, rather than which ranks go with the top card."""
        take = Move(MoveType.TAKE, cards)
        refusal = self._check_move(take)
        if refusal is not None and refusal.code is Code.TAKE_CARDS_WRONG_RANK:
            naturals = [c for c in cards if not is_wild_kind(CARD_KIND[c])]
            if all(self._wrong_rank_for_pile(c) for c in naturals):
                return self._submit_move(Move(MoveType.MELD, cards))  # "draw ... first"
        return self._submit_move(take)

    def _wrong_rank_for_pile(self, card: int) -> bool:
        """Whether ``card`` alone is of a rank that cannot go with the pile's top card."""
        refusal = self._check_move(Move(MoveType.TAKE, (card,)))
        return refusal is not None and refusal.code is Code.TAKE_CARDS_WRONG_RANK

    def intent_discard(self, cards: tuple[int, ...]) -> Refusal | None:
        """The person clicked the pile with a selection to discard (exactly one card; with
        none, the refusal says to select it first)."""
        if not cards:
            return self._refuse(Refusal(Code.SELECT_TO_DISCARD))
        if len(cards) != 1:
            return self._refuse(Refusal(Code.DISCARD_ONE))
        return self._submit_move(Move(MoveType.DISCARD, cards))

    def intent_meld(self, cards: tuple[int, ...]) -> Refusal | None:
        """The person clicked the meld area with a selection: a new meld, or an addition
        to the side's meld of that rank (one meld per rank)."""
        kind = meld_kind(cards)
        if not cards:
            return self._refuse(Refusal(Code.SELECT_TO_MELD))
        if kind < 0:
            return self._refuse(Refusal(Code.WILDS_NEED_TARGET))
        if kind in self._side_melds():
            return self._submit_move(Move(MoveType.LAYOFF, cards, kind))
        return self._submit_move(Move(MoveType.MELD, cards))

    def intent_layoff(self, kind: int, cards: tuple[int, ...]) -> Refusal | None:
        """The person clicked the side's meld of ``kind`` with a selection."""
        if not cards:
            return self._refuse(Refusal(Code.SELECT_TO_LAY_OFF))
        return self._submit_move(Move(MoveType.LAYOFF, cards, kind))

    def intent_layoff_on_opponents(self) -> Refusal:
        """The person dropped cards on the other side's meld: always refused."""
        return self._refuse(Refusal(Code.OPPONENTS_MELD))

    def plan_moves(self, groups: Sequence[tuple[int, ...]]) -> list[Move]:
        """Planned groups of hand cards as moves: each group melds, or joins the side's
        meld of its rank (or, all wild cards, the meld of the last natural group)."""
        made = set(self._side_melds())
        moves: list[Move] = []
        for group in groups:
            kind = meld_kind(group)
            if kind < 0:  # wild cards only: onto the last natural group's meld
                kind = next((meld_kind(g) for g in reversed(groups) if meld_kind(g) >= 0), -1)
            if kind in made:
                moves.append(Move(MoveType.LAYOFF, group, kind))
            else:
                moves.append(Move(MoveType.MELD, group))
                made.add(kind)
        return moves

    def intent_ask(self) -> Refusal | None:
        """Ask the partner "may I go out?" (a computer here, or a person elsewhere)."""
        return self._submit_move(Move(MoveType.ASK))

    def intent_answer(self, yes: bool) -> Refusal | None:
        """The person answered the partner's question "may I go out?"."""
        return self._submit_move(Move(MoveType.YES if yes else MoveType.NO))
