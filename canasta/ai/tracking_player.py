"""The rule-of-thumb player with card tracking: the medium and hard levels' playout policy.

The medium and hard levels (:mod:`canasta.ai.medium`, :mod:`canasta.ai.hard`) search with
this player: it builds their candidate turn plans and plays every seat in their
simulations. It reads only its seat's view. On top of
:class:`~canasta.ai.heuristic.HeuristicPlayer`:

* **Card tracking**: what is unseen (:mod:`canasta.ai.tracking`) gives, for each kind, the
  chance that the next opponent holds a natural pair (or a natural and a wild card) of
  it; cards it is known to hold from a taken pile count for sure.
* **Discard**: the card that costs least, where the cost is the chance the next opponent
  takes the pile with it times what the pile is worth to them, plus what the card is worth
  to this hand (pairs and wild cards are kept). A black three blocks the pile and goes
  first.
* **Freeze**: when the pile is large and unfrozen, the next opponent's side has opened,
  and no discard is safe, a two (a joker only for a very large pile) goes on the pile to
  freeze it.
* **Take**: the pile is taken when it is worth it: three or more cards, or fewer when no
  wild card is spent on it; a wild card is spent on a take only for a pile of five or more.
* **Keep cards**: melds leave at least two cards in hand before the discard; three while
  the side cannot go out yet, so the discard never leaves a lone card that can neither go
  out nor meld, unless the stock is nearly out (:func:`~canasta.ai.judgement.lone_card_ok`).
* **Go out** unless a canasta is within reach and worth more than going out now: its bonus
  times the chance to finish it next turn, against 100 for going out plus the points the
  opponents are caught holding, and only while the opponents are not about to go out and
  the stock is not running low.
* **Answer** "may I go out?" (docs/rules.md#asking-your-partner): no only when its own next
  turn is worth it (a canasta it can finish, or 50 points or more it can put down); then
  it uses that turn for exactly that and says yes the next time it is asked.

A :class:`Style` bends these choices; the searching levels use styles to build different
plans for the rest of a turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from canasta.engine.cards import (
    BLACK_THREE,
    CARD_KIND,
    CARD_WILD,
    JOKER,
    KIND_VALUE,
    NATURAL_KINDS,
    NUM_KINDS,
    RED_THREE,
    TWO,
    WILD_KINDS,
    kind_counts,
)
from canasta.engine.core import CANASTA_SIZE
from canasta.engine.moves import Move
from canasta.engine.reach import GoOutPlan, find_go_out, max_meld_points_keeping

# The move types bound to module names (heuristic.py says why).
from .heuristic import (
    _ASK,
    _DISCARD,
    _DRAW,
    _LAYOFF,
    _MELD,
    _NO,
    _TAKE,
    _YES,
    HeuristicPlayer,
    meld_signature,
    wild_count,
)
from .judgement import lone_card_ok
from .seat import LiveView, SeatLike
from .tracking import (
    holds_chance,
    known_kind_counts,
    unknown_slots,
    unseen_kind_counts,
    wild_chance,
)

#: Cards a meld leaves in hand before the discard while the side cannot go out yet: three,
#: so the discard never leaves a lone card that can neither go out nor meld, unless
#: :func:`~canasta.ai.judgement.lone_card_ok` allows it (docs/performance.md#the-lone-card).
KEEP_BEFORE_CANASTA = 3
#: A pile at least this long (cards) is worth freezing with a two when no discard is safe.
FREEZE_PILE = 6
#: A pile at least this long is worth a joker to freeze.
FREEZE_PILE_JOKER = 12
#: The kinds whose discard may let the next player take the pile (all but the black three
#: and the wild cards), in kind order; and infinity, the cost of a kind not held.
_DANGER_KINDS = (*NATURAL_KINDS, RED_THREE)
_INF = float("inf")
#: The moves that put cards on the table (one tuple, not one per test).
_MELD_TYPES = (_MELD, _LAYOFF)
#: What keeping the cards of a kind is worth in :func:`discard_costs`, by cards held (two
#: or more; a kind has 8 cards): 18 points a card beyond the first, at most 36.
_HELD_KEEP = (0.0, 0.0, 18.0) + (36.0,) * 6
#: The share of a card's value a discard saves (by kind; :func:`discard_costs`).
_VALUE_SHARE = tuple(0.3 * value for value in KIND_VALUE)


@dataclass(frozen=True, slots=True)
class Style:
    """How a turn is played (the searching levels' plan variants).

    Attributes:
        go_out: True goes out whenever it can, False only when it must, None decides.
        discard: a kind to discard when legal (None: the cheapest).
        hold: lay down only what opens the side or completes a canasta; keep the rest.
        take: False never takes the pile when drawing is possible; None decides.
        lean: open spending the fewest wild cards that reach the opening minimum, the most
            points among those (the default, once the naturals alone fall short, opens with the most
            points: Q Q Q 2 and both jokers where Q Q Q 2 makes 50); only the hard level
            uses it (:attr:`~canasta.ai.hard.HardPlayer.LEAN_OPEN`).
    """

    go_out: bool | None = None
    discard: int | None = None
    hold: bool = False
    take: bool | None = None
    lean: bool = False


class Table(NamedTuple):
    """The seat's hand and its side's melds, as counts per kind (a named tuple: one is made
    for every choice in the play-outs, and a tuple is made faster than a frozen class)."""

    counts: list[int]
    sizes: list[int]
    wilds: list[int]


def table_of(view: SeatLike) -> Table:
    """Counts of the view's hand and the side's meld sizes and wild cards per kind (new
    lists; a :class:`~canasta.ai.seat.LiveView`'s are copied from its state's counts)."""
    if type(view) is LiveView:
        return Table(list(view.counts), list(view.sizes), list(view.wilds))
    sizes = [0] * NUM_KINDS
    wilds = [0] * NUM_KINDS
    for kind, cards in view.melds[view.side].items():
        sizes[kind] = len(cards)
        wilds[kind] = sum(map(CARD_WILD.__getitem__, cards))
    return Table(kind_counts(view.hand), sizes, wilds)


class TrackingPlayer(HeuristicPlayer):
    """The rule-of-thumb player with card tracking (see the module docstring).

    Args:
        seed: seeds the player's random source (used only to break exact ties).
        style: how to play the turn (the default decides everything itself).
    """

    name = "tracking"

    def __init__(self, seed: int = 0, style: Style | None = None) -> None:
        self.rng = random.Random(seed)
        self.style = style or Style()
        self.owes_turn = False

    def choose(self, view: SeatLike) -> Move:
        """Return one of ``view.legal_moves`` (a :class:`~canasta.engine.view.SeatView` or
        the searching levels' :class:`~canasta.ai.seat.LiveView`).

        Raises:
            ValueError: if the view offers no legal move.
        """
        return self._choose(view)

    # Answer ---------------------------------------------------------------------------------

    def _answer(self, view: SeatLike) -> Move:
        by_type = {m.type: m for m in view.legal_moves}
        if self.owes_turn:
            self.owes_turn = False
            return by_type[_YES]
        if turn_worth_keeping(view):
            self.owes_turn = True
            return by_type[_NO]
        return by_type[_YES]

    # Draw -----------------------------------------------------------------------------------

    def _draw(self, view: SeatLike) -> Move:
        takes = [m for m in view.legal_moves if m.type is _TAKE]
        draws = [m for m in view.legal_moves if m.type is _DRAW]
        if not takes:
            return draws[0]
        if not draws:
            return takes[0]
        if self.style.take is False:
            return draws[0]
        best = min(takes, key=lambda m: (wild_count(m), len(m.cards)))
        wilds = wild_count(best)
        pile = len(view.pile)
        if wilds and pile < 5:
            return draws[0]
        if pile >= 3 or not wilds:
            return best
        return draws[0]

    # Play -----------------------------------------------------------------------------------

    def _play(self, view: SeatLike) -> Move:
        legal = view.legal_moves
        side = view.side
        table = table_of(view)
        melding = [m for m in legal if m.type in _MELD_TYPES]
        cap, needed = view.rules.wild_cap, view.rules.canastas_to_go_out
        plan = find_go_out(table.counts, table.sizes, table.wilds, cap, needed)
        going_out = view.permission is True
        if plan is not None and view.permission is not False and not going_out:
            going_out = self._wants_out(view, table, plan)
        if going_out:
            ask = next((m for m in legal if m.type is _ASK), None)
            if ask is not None and view.opened[side]:
                return ask
            if plan is not None:
                step = self._plan_step(view, plan, melding)
                if step is not None:
                    return step
        # Without a meld or lay-off to make, only the discard is left to choose (the
        # opening and the building below choose among the melds, None without one).
        if melding and not view.opened[side]:
            if self.style.lean:
                return lean_opening_move(view, melding, table.counts)
            move = self._open(view, melding, table.counts)
            if move is not None:
                return move
        elif melding:
            keep = 0 if going_out else self._cards_to_keep(view, table)
            move = self._build_kept(view, melding, table, keep)
            if move is not None:
                return move
        return self._discard(view, table.counts)

    @staticmethod
    def _cards_to_keep(view: SeatLike, table: Table) -> int:
        """Cards left in hand after a meld (before the discard): two once the side can go
        out or when :func:`~canasta.ai.judgement.lone_card_ok` allows a lone card, else
        :data:`KEEP_BEFORE_CANASTA`."""
        canastas = sum(1 for size in table.sizes if size >= CANASTA_SIZE)
        if canastas >= view.rules.canastas_to_go_out or lone_card_ok(view):
            return 2
        return KEEP_BEFORE_CANASTA

    def _wants_out(self, view: SeatLike, table: Table, plan: GoOutPlan) -> bool:
        if self.style.go_out is not None:
            return self.style.go_out
        return should_go_out(view, table, plan)

    def _build_kept(
        self, view: SeatLike, melding: list[Move], table: Table, keep: int
    ) -> Move | None:
        hand = len(view.hand)
        allowed = [m for m in melding if keep == 0 or hand - len(m.cards) >= keep]
        if self.style.hold and not self.owes_turn:
            completing = [m for m in allowed if _completes_canasta(m, table.sizes)]
            return max(completing, key=lambda m: len(m.cards)) if completing else None
        return self._build(view, allowed, table.sizes, table.counts)

    # Discard --------------------------------------------------------------------------------

    def _discard(self, view: SeatLike, counts: list[int]) -> Move:
        discards = [m for m in view.legal_moves if m.type is _DISCARD]
        if not discards:
            return view.legal_moves[0]
        wanted = self.style.discard
        if wanted is not None:
            for m in discards:
                if CARD_KIND[m.cards[0]] == wanted:
                    return m
        costs = discard_costs(view, counts)
        return min(discards, key=lambda m: (costs[CARD_KIND[m.cards[0]]], m.cards[0]))


def lean_opening_move(view: SeatLike, melding: list[Move], counts: list[int]) -> Move:
    """The next meld of an opening that spends the fewest wild cards (:attr:`Style.lean`).

    Among the melds after which the opening minimum is reached with the fewest wild cards
    in all (:func:`wilds_to_open`), the one with the most points: Q Q Q and a joker for a
    50-point minimum, the two and the other joker kept (a two kept costs less if the hand
    ends and freezes the pile as well; measured better than keeping the joker, 138
    openings played out to the end: 19 +/- 7.5 points an opening); K K and a joker from
    K K, two twos and two jokers (one wild card rather than two twos).

    Args:
        view: the seat's view; its side has not opened.
        melding: the legal melds and lay-offs (not empty).
        counts: the hand's cards per kind (15 entries).
    """
    short = view.rules.opening_minimum(view.side_scores[view.side]) - view.opening_points

    def spent(move: Move) -> int:
        _nat, twos, jokers = meld_signature(move)
        left = list(counts)
        for card in move.cards:
            left[CARD_KIND[card]] -= 1
        return twos + jokers + wilds_to_open(left, short - _points(move), placed=True)

    totals = [spent(m) for m in melding]
    fewest = min(totals)
    pool = [m for m, t in zip(melding, totals, strict=True) if t == fewest]
    return max(pool, key=_points)


def wilds_to_open(counts: list[int], short: int, placed: bool) -> int:
    """The fewest wild cards with which the hand ``counts`` melds ``short`` more points.

    An estimate (the wild card cap per meld is not checked): naturals of three or more of a
    kind meld for free; each wild card adds its value (jokers first) and makes a meld of
    the most valuable natural pair still unmelded. ``placed``: the side already has a meld
    a wild card can join. Returns 99 when even every wild card falls short.
    """
    if short <= 0:
        return 0
    points = sum(counts[k] * KIND_VALUE[k] for k in NATURAL_KINDS if counts[k] >= 3)
    if points >= short:
        return 0
    room = placed or points > 0
    pairs = sorted((2 * KIND_VALUE[k] for k in NATURAL_KINDS if counts[k] == 2), reverse=True)
    jokers, twos = counts[JOKER], counts[TWO]
    for used in range(1, jokers + twos + 1):
        points += KIND_VALUE[JOKER] if used <= jokers else KIND_VALUE[TWO]
        if used <= len(pairs):
            points += pairs[used - 1]
            room = True
        if room and points >= short:
            return used
    return 99


def _points(move: Move) -> int:
    return sum(KIND_VALUE[CARD_KIND[c]] for c in move.cards)


def _completes_canasta(move: Move, sizes: list[int]) -> bool:
    if move.type is not _LAYOFF:
        return len(move.cards) >= CANASTA_SIZE
    return sizes[move.target] < CANASTA_SIZE <= sizes[move.target] + len(move.cards)


def turn_worth_keeping(view: SeatLike) -> bool:
    """Whether the seat's own next turn is worth more than its partner going out now.

    docs/rules.md#asking-your-partner: a canasta it can finish (a side meld that its
    naturals and wild cards bring to seven), or 50 points or more it can put down.
    """
    table = table_of(view)
    counts, sizes = table.counts, table.sizes
    wild = counts[TWO] + counts[JOKER]
    for kind in NATURAL_KINDS:
        if 0 < sizes[kind] < CANASTA_SIZE <= sizes[kind] + counts[kind] + wild:
            return True
    points = max_meld_points_keeping(counts, sizes, table.wilds, view.rules.wild_cap, 0)
    return points >= 50


def should_go_out(view: SeatLike, table: Table, plan: GoOutPlan) -> bool:
    """Whether going out now beats building one more turn (see the module docstring)."""
    players = view.rules.players
    them = [s for s in range(players) if s % 2 != view.side]
    their_cards = sum(view.hand_sizes[s] for s in them)
    their_canastas = sum(
        1 for cards in view.melds[1 - view.side].values() if len(cards) >= CANASTA_SIZE
    )
    if view.stock_size < 10:
        return True
    if (
        their_canastas >= view.rules.canastas_to_go_out
        and min(view.hand_sizes[s] for s in them) <= 3
    ):
        return True
    sizes = list(table.sizes)
    wilds = list(table.wilds)
    for kind, _card_kind, n in plan.layoffs:
        sizes[kind] += n
    for kind, nat, twos, jokers in plan.melds:
        sizes[kind] += nat + twos + jokers
        wilds[kind] += twos + jokers
    unseen = unseen_kind_counts(view)
    total = max(1, sum(unseen))
    wild_share = (unseen[TWO] + unseen[JOKER]) / total
    # Turns of ours before the hand may end: few while they could go out soon.
    threat = their_canastas >= view.rules.canastas_to_go_out or any(
        len(cards) >= 5 for cards in view.melds[1 - view.side].values()
    )
    draws = (1 if threat else 3) * (2 if players == 4 else 1)
    chance_value = 0.0
    for kind in NATURAL_KINDS:
        if sizes[kind] not in (5, 6):
            continue
        per_draw = min(1.0, unseen[kind] / total + wild_share)
        chance = 1 - (1 - per_draw) ** draws
        if sizes[kind] == 5:
            chance *= chance
        natural = wilds[kind] == 0
        bonus = view.rules.natural_canasta_bonus if natural else view.rules.mixed_canasta_bonus
        chance_value += chance * bonus
    mean_value = sum(n * KIND_VALUE[k] for k, n in enumerate(unseen)) / total
    going_out_value = view.rules.going_out_bonus + mean_value * their_cards
    return chance_value < going_out_value


def discard_costs(view: SeatLike, counts: list[int]) -> list[float]:
    """Cost (points, lower is better) of discarding a card of each kind (15 entries).

    Danger: the chance the next opponent can take the pile with the card, times what the
    pile would then be worth to them. Value: what the card is worth to this hand.
    """
    rules = view.rules
    nxt = (view.seat + 1) % rules.players
    their_side = nxt % 2
    their_opened = view.opened[their_side]
    unseen = unseen_kind_counts(view)
    frozen = rules.pile_always_frozen or view.pile_freezers > 0 or not their_opened
    pile = len(view.pile)
    pile_worth = 25.0 + 12.0 * pile
    # chance_holds(view, nxt, kind, n, unseen) for each kind, with its per-hand parts once.
    their_known = known_kind_counts(view, nxt)
    slots = unknown_slots(view, nxt)
    total = sum(unseen)
    their_melds = view.melds[their_side]
    own_melds = view.melds[view.side]
    # Kinds not held cost inf; the black three and wild cards have fixed costs.
    costs = [_INF] * NUM_KINDS
    if counts[BLACK_THREE]:
        costs[BLACK_THREE] = -100.0
    for kind in WILD_KINDS:
        if counts[kind]:
            costs[kind] = 160.0 + KIND_VALUE[kind]
    chance_of = holds_chance
    safest = _INF
    # The chance the next opponent takes the pile with a card of the kind, by pile state:
    # frozen, a pair (less likely before that side has opened); else the meld that takes
    # it, or a pair, or a natural and a wild card.
    if frozen:
        wild = 0.0
        share = 1.0 if their_opened else 0.7
    else:
        wild = wild_chance(their_known, slots, unseen)
    for kind in _DANGER_KINDS:
        held = counts[kind]
        if not held:
            continue
        known = their_known[kind]
        good = unseen[kind]
        if frozen:
            chance = chance_of(2 - known, slots, total, good)
            if share != 1.0:
                chance *= share
        elif kind in their_melds:
            chance = 1.0
        else:
            pair = chance_of(2 - known, slots, total, good)
            single = chance_of(1 - known, slots, total, good)
            chance = pair + (1 - pair) * single * wild
        danger = chance * pile_worth
        if danger < safest:
            safest = danger
        # What the card is worth to this hand (whole points, so their sum is exact).
        keep = 2.0 * good if held == 1 else _HELD_KEEP[held]
        if kind in own_melds:
            keep += 10.0
        costs[kind] = danger + keep - _VALUE_SHARE[kind]
    if not frozen and pile >= FREEZE_PILE and safest >= 0.45 * pile_worth:
        if counts[TWO]:
            costs[TWO] = safest - 1.0
        elif counts[JOKER] and pile >= FREEZE_PILE_JOKER:
            costs[JOKER] = safest - 1.0
    return costs


__all__ = [
    "Style",
    "TrackingPlayer",
    "discard_costs",
    "lean_opening_move",
    "should_go_out",
    "turn_worth_keeping",
    "wilds_to_open",
]
