"""Applying moves to a hand (unchecked), and the end of a hand.

:class:`HandPlay` adds :meth:`HandPlay.apply`, the fast path computer players' searches use
(check a move first with :meth:`canasta.engine.state.HandState.check`), to the parts of
:class:`canasta.engine.hand.HandBase`: the draw, the pile take, melds and lay-offs, the
discard, the question to the partner and the answer, the turn's start, going out and the
other ends of a hand (docs/rules.md#going-out, docs/rules.md#empty-stock).
"""

from __future__ import annotations

from .cards import CARD_KIND, CARD_VALUE, NATURAL_KINDS, RED_THREE, is_wild_kind
from .core import CANASTA_SIZE, EndReason, Phase, meld_kind
from .hand import HandBase
from .moves import Move, MoveType
from .taking import has_legal_take

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


class HandPlay(HandBase):
    """A hand that moves are applied to (see :meth:`apply`); the second of the four classes
    that make :class:`~canasta.engine.state.HandState`."""

    __slots__ = ()

    def apply(self, move: Move) -> None:
        """Apply ``move`` without checking it (the fast path; use :meth:`play` for people)."""
        t = move.type
        # Reset goes back to the turn's start: before the pile is taken, or as the turn
        # stood after the stock draw when it first lays something down. Only a turn that
        # lays cards down can be reset, so the copy waits for its first meld, lay-off or
        # take (most turns of a hand lay nothing down and copy nothing).
        if (
            self.keep_snapshots
            and self._snapshot is None
            and (t is _MELD or t is _LAYOFF or t is _TAKE)
        ):
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
        elif t is _DECLINE:  # the stock is empty and the pile declined (docs/rules.md#empty-stock)
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
        if not self.stock:  # a draw from the empty stock ends the hand (docs/rules.md#empty-stock)
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
