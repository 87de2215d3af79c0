"""Which moves are legal, and why a move is refused.

Every rule check works on counts per kind (``refuse_*`` functions), so the checked path for
people (:func:`check_move`) and the move list for computer players (:func:`legal_moves`)
share one piece of code per rule. A move is legal only if the turn can still be finished
after it (``RULES-MATRIX.md`` notes, row 11): :func:`finish_refusal` decides that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import (
    BLACK_THREE,
    CARD_CODE,
    CARD_KIND,
    JOKER,
    KIND_NAME,
    KIND_VALUE,
    NATURAL_KINDS,
    NUM_KINDS,
    RED_THREE,
    TWO,
    is_wild_kind,
    kind_of_rank_char,
    normalise_code,
)
from .core import BLACK_THREE_MELD_SIZES, CANASTA_SIZE, NEAR_CANASTA_SIZE, Phase, meld_kind
from .moves import Move, MoveType
from .reach import GoOutPlan, canastas_short, find_go_out, max_meld_points_keeping, wild_room
from .refusals import Code, MoveParseError, Refusal
from .speech import N_

if TYPE_CHECKING:
    from .hand import HandBase

# Bound once (CPython 3.11 looks an enum member up on its class through a descriptor).
_TAKE = MoveType.TAKE

_PHASE_HINT = {
    "draw": N_("draw from the stock or take the pile first"),
    "play": N_("you have drawn: meld, lay off or discard"),
    "answer": N_("your partner must answer first"),
    "ended": N_("the hand is over"),
}


def _r(code: Code, **details: object) -> Refusal:
    return Refusal(code, dict(details))


# After-move check ----------------------------------------------------------------------------


def go_out_plan(
    s: HandBase,
    counts: list[int],
    sizes: list[int],
    wilds: list[int],
    allow_discard: bool = True,
) -> GoOutPlan | None:
    """Search a way to go out from this picture under ``s``'s rules (see :func:`find_go_out`)."""
    rules = s.rules
    return find_go_out(
        counts, sizes, wilds, rules.wild_cap, rules.canastas_to_go_out, allow_discard,
        wild_discard=rules.wild_discard_allowed, black_threes_last=rules.black_threes_last,
    )  # fmt: skip


def finish_refusal(
    s: HandBase,
    counts: list[int],
    sizes: list[int],
    wilds: list[int],
    opening_points: int,
    waiting: int,
) -> Refusal | None:
    """Return why the turn could not be finished from this after-move picture, or None.

    Args:
        s: the state before the move (rules, side, permission, opening status).
        counts: the mover's hand after the move, per kind.
        sizes: the side's meld sizes after the move, per kind.
        wilds: wild cards in the side's melds after the move, per kind.
        opening_points: points melded this turn so far (only read while unopened).
        waiting: cards waiting beside the table (an unopened side took the pile).
    """
    side = s.side
    rules = s.rules
    cap = rules.wild_cap
    needed = rules.canastas_to_go_out
    hand = sum(counts)
    if not s.opened[side]:
        minimum = s.opening_minimum(side)
        short = minimum - opening_points
        if short > 0:
            # Once open, the turn ends with a discard that leaves a card in hand (the
            # waiting pile cards join the hand), unless the side goes out.
            keep = max(0, 2 - waiting)
            if max_meld_points_keeping(counts, sizes, wilds, cap, keep) >= short:
                return None
            if (
                not waiting
                and s.permission is not False
                and _opens_going_out(s, counts, sizes, wilds, short)
            ):
                return None
            return _r(Code.OPENING_UNREACHABLE, minimum=minimum, points=opening_points)
        hand += waiting
    canastas = sum(1 for size in sizes if size >= CANASTA_SIZE)
    may_go_out = canastas >= needed and s.permission is not False
    if hand == 0:
        if s.permission is False:
            return _r(Code.PERMISSION_REFUSED)
        if canastas < needed:
            return _r(Code.NEED_CANASTA, needed=needed, have=canastas)
        return None
    if (
        s.permission is True
        and go_out_plan(s, counts, sizes, wilds) is None
        and _go_out_plan(s) is not None
    ):
        return _r(Code.MUST_GO_OUT)
    if not rules.wild_discard_allowed and not waiting and _only_wilds_left(s, counts):
        if s.permission is False or go_out_plan(s, counts, sizes, wilds, False) is None:
            return _r(Code.WILD_ONLY_LEFT)
        return None
    if hand >= 2 or may_go_out:
        return None
    # One card left and the side cannot go out yet: it must complete a canasta on its own.
    last = next(k for k in range(NUM_KINDS) if counts[k])
    if s.permission is not False and canastas + 1 >= needed:
        if last in NATURAL_KINDS and sizes[last] == NEAR_CANASTA_SIZE:
            return None
        if is_wild_kind(last) and any(
            sizes[k] == NEAR_CANASTA_SIZE and wild_room(sizes[k], wilds[k], cap)
            for k in NATURAL_KINDS
        ):
            return None
    if s.permission is False:
        return _r(Code.PERMISSION_REFUSED)
    return _r(Code.MUST_KEEP_CARD, needed=needed)


def _only_wilds_left(s: HandBase, counts: list[int]) -> bool:
    """Whether a move leaves only wild cards in a hand that held another card before it."""
    if counts[TWO] + counts[JOKER] != sum(counts) or not sum(counts):
        return False
    before = s.counts[s.turn]
    return before[TWO] + before[JOKER] < sum(before)


def _opens_going_out(
    s: HandBase, counts: list[int], sizes: list[int], wilds: list[int], short: int
) -> bool:
    """Whether going out (melding all, or all but a discard) also makes ``short`` points."""
    if canastas_short(counts, sizes, s.rules.canastas_to_go_out):
        return False  # no discard can help: find_go_out would refuse each one
    value = sum(n * KIND_VALUE[k] for k, n in enumerate(counts))
    for discard in [-1, *(k for k in range(NUM_KINDS) if counts[k])]:
        rest = list(counts)
        if discard >= 0:
            rest[discard] -= 1
        if value - (KIND_VALUE[discard] if discard >= 0 else 0) >= short and go_out_plan(
            s, rest, sizes, wilds, allow_discard=False
        ):
            return True
    return False


# Kind-level rule checks ------------------------------------------------------------------------


def _meld_shape(naturals: int, wild: int, cap: int) -> Refusal | None:
    if wild > naturals:
        return _r(Code.TOO_MANY_WILDS, wilds=wild, naturals=naturals)
    if wild > cap:
        return _r(Code.WILD_CAP, cap=cap, wilds=wild)
    return None


def refuse_meld(s: HandBase, kind: int, nat: int, twos: int, jokers: int) -> Refusal | None:
    """Why a new meld of ``nat`` naturals of ``kind`` plus wild cards is refused, or None.

    Classic "Melding": three or more cards of one rank, at least two naturals, wild cards
    never more than naturals and at most three; one meld per rank per side; black threes
    only as three or four, without wild cards, when going out.
    """
    side = s.side
    wild = twos + jokers
    if kind == BLACK_THREE:
        if wild:
            return _r(Code.BLACK_THREE_WITH_WILD)
        if nat not in BLACK_THREE_MELD_SIZES:
            return _r(Code.BLACK_THREE_COUNT, count=nat)
    elif kind in s.melds[side]:
        return _r(Code.MELD_EXISTS, rank=KIND_NAME[kind])
    if nat + wild < 3:
        return _r(Code.MELD_TOO_SMALL, count=nat + wild)
    if nat < 2:
        return _r(Code.MELD_NEEDS_NATURALS, naturals=nat)
    shape = _meld_shape(nat, wild, s.rules.wild_cap)
    if shape is not None:
        return shape
    counts, sizes, wilds = _after(s, kind, nat, twos, jokers)
    points = nat * KIND_VALUE[kind] + twos * KIND_VALUE[TWO] + jokers * KIND_VALUE[JOKER]
    if kind == BLACK_THREE:
        left = sum(counts)
        needed = s.rules.canastas_to_go_out
        canastas = sum(1 for size in sizes if size >= CANASTA_SIZE)
        if (
            left > 1
            or not s.opened[s.side]
            and s.opening_points + points < (s.opening_minimum(side))
        ):
            return _r(Code.BLACK_THREE_NOT_GOING_OUT)
        if left and s.rules.black_threes_last:
            return _r(Code.BLACK_THREE_LAST)
        if canastas < needed:
            return _r(Code.NEED_CANASTA, needed=needed, have=canastas)
    return finish_refusal(s, counts, sizes, wilds, s.opening_points + points, len(s.waiting))


def refuse_layoff(s: HandBase, kind: int, nat: int, twos: int, jokers: int) -> Refusal | None:
    """Why adding cards to the side's meld of ``kind`` is refused, or None.

    Classic "Melding": lay off only on your own side's melds; the meld's wild cards may
    never outnumber its naturals, nor exceed three.
    """
    side = s.side
    if kind not in s.melds[side] or kind == BLACK_THREE:
        return _no_such_meld(s, kind)
    size = s.msize[side][kind]
    wild = s.mwild[side][kind]
    shape = _meld_shape(size - wild + nat, wild + twos + jokers, s.rules.wild_cap)
    if shape is not None:
        return shape
    counts, sizes, wilds = _after(s, kind, nat, twos, jokers)
    points = nat * KIND_VALUE[kind] + twos * KIND_VALUE[TWO] + jokers * KIND_VALUE[JOKER]
    return finish_refusal(s, counts, sizes, wilds, s.opening_points + points, len(s.waiting))


def _no_such_meld(s: HandBase, kind: int) -> Refusal:
    """The side has no meld of ``kind`` to lay off on: say so, naming the rule when the
    other side has one (Classic "Melding": lay off only on your own side's melds)."""
    if not 0 <= kind < NUM_KINDS:
        return _r(Code.NO_MELD_NAMED)
    if kind in s.melds[1 - s.side]:
        return _r(Code.OPPONENTS_MELD_OF, rank=KIND_NAME[kind])
    if kind == BLACK_THREE:
        return _r(Code.BLACK_THREE_NO_LAYOFF)
    return _r(Code.NO_SUCH_MELD, rank=KIND_NAME[kind])


def refuse_take(s: HandBase, nat: int, twos: int, jokers: int) -> Refusal | None:
    """Why taking the pile with these hand cards (melded with its top card) is refused.

    Classic "Taking the discard pile" (matrix rows 9-11): not with a wild card or red three
    on top, nor a black three on top; when frozen, only with a natural pair of the top
    card's rank; otherwise with a pair, a natural and a wild card, or onto the side's meld.
    """
    if not s.pile:
        return _r(Code.PILE_EMPTY)
    side = s.side
    top = s.pile[-1]
    kind = CARD_KIND[top]
    if is_wild_kind(kind) or kind == RED_THREE:
        return _r(Code.PILE_TOP_WILD)
    if kind == BLACK_THREE:
        return _r(Code.PILE_TOP_BLACK_THREE)
    rank = KIND_NAME[kind]
    wild = twos + jokers
    exists = kind in s.melds[side]
    if s.pile_frozen_for(side):
        if nat < 2:
            if s.rules.pile_always_frozen:
                reason = N_(" (pile always frozen)")
            elif s.pile_freezers:
                reason = N_(" by a wild card or red three in it")
            else:
                reason = N_(" until your side opens")
            return _r(Code.PILE_FROZEN_NEEDS_PAIR, rank=rank, reason=reason)
    elif not exists:
        if not s.rules.take_with_natural_and_wild:
            if nat < 2 and s.rules.take_onto_meld_needs_natural:
                return _r(Code.PILE_NEEDS_PAIR_OR_NATURAL, rank=rank)
            if nat < 2:
                return _r(Code.PILE_NEEDS_PAIR, rank=rank)
        elif nat < 1 or nat + 1 + wild < 3:
            return _r(Code.PILE_NEEDS_MELD, rank=rank)
    elif nat < 1 and s.rules.take_onto_meld_needs_natural:
        return _r(Code.PILE_NEEDS_NATURAL, rank=rank)
    size = s.msize[side][kind]
    on_table_wild = s.mwild[side][kind]
    shape = _meld_shape(size - on_table_wild + nat + 1, on_table_wild + wild, s.rules.wild_cap)
    if shape is not None:
        return shape
    if s.opened[side] and s.permission is None:
        # The common case: two or more cards left (a natural among them where wild cards
        # may not be discarded), so the turn can end with a discard (finish_refusal: None).
        hand = s.counts[s.turn]
        left = len(s.hands[s.turn]) - nat - wild
        if left >= 2 and (s.rules.wild_discard_allowed or left > hand[TWO] + hand[JOKER] - wild):
            return None
    counts, sizes, wilds = _after(s, kind, nat, twos, jokers)
    sizes[kind] += 1
    points = (nat + 1) * KIND_VALUE[kind] + twos * KIND_VALUE[TWO] + jokers * KIND_VALUE[JOKER]
    rest = [c for c in s.pile[:-1] if CARD_KIND[c] != RED_THREE]
    if s.opened[side]:
        for card in rest:
            counts[CARD_KIND[card]] += 1
        return finish_refusal(s, counts, sizes, wilds, 0, 0)
    refusal = finish_refusal(s, counts, sizes, wilds, points, len(rest))
    if refusal is not None and refusal.code is Code.OPENING_UNREACHABLE and rest:
        # The cards under the top card wait for the opening and do not count toward it.
        return Refusal(Code.OPENING_UNREACHABLE_PILE, {**refusal.details, "buried": len(rest)})
    return refusal


def refuse_discard(s: HandBase, kind: int) -> Refusal | None:
    """Why discarding a card of ``kind`` is refused, or None.

    The turn cannot end before an unopened side's melds this turn reach the opening
    minimum; the last card may be discarded only when the side may go out.
    """
    side = s.side
    if not s.opened[side] and s.turn_melded:
        return _r(Code.OPENING_SHORT, points=s.opening_points, minimum=s.opening_minimum(side))
    if kind in (TWO, JOKER) and not s.rules.wild_discard_allowed:
        counts = s.counts[s.turn]
        if counts[TWO] + counts[JOKER] < len(s.hands[s.turn]):
            return _r(Code.WILD_DISCARD)
        laid = _wild_layoff(s)
        if laid is not None:
            return _r(Code.WILD_DISCARD_LAY_OFF, rank=KIND_NAME[laid])
    left = len(s.hands[s.turn]) - 1
    if left == 0:
        if s.permission is False:
            return _r(Code.PERMISSION_REFUSED)
        needed = s.rules.canastas_to_go_out
        have = s.canastas(side)
        if have < needed:
            return _r(Code.NEED_CANASTA, needed=needed, have=have)
        return None
    if s.permission is True and _go_out_plan(s) is not None:
        return _r(Code.MUST_GO_OUT)
    return None


def _wild_layoff(s: HandBase) -> int | None:
    """The kind of a side's meld a wild card from the mover's hand may be laid off on, or None.

    Table 003 (matrix row 17): wild cards are never discarded; with nothing else in hand,
    one may go only when none of them can be melded (a wild card alone never can) or laid off.
    """
    counts = s.counts[s.turn]
    shapes = [(t, j) for t, j in ((1, 0), (0, 1)) if counts[TWO] >= t and counts[JOKER] >= j]
    for kind in s.melds[s.side]:
        if kind == BLACK_THREE:
            continue
        if any(refuse_layoff(s, kind, 0, t, j) is None for t, j in shapes):
            return kind
    return None


def _go_out_plan(s: HandBase) -> GoOutPlan | None:
    side = s.side
    return go_out_plan(s, s.counts[s.turn], s.msize[side], s.mwild[side])


def refuse_ask(s: HandBase) -> Refusal | None:
    """Why "may I go out?" cannot be asked now, or None (four players, option on).

    Classic "Your partner": ask after drawing and before melding, once a turn, and only
    when you could go out.
    """
    if not s.rules.asks_permission:
        return _r(Code.NO_PARTNER)
    if s.turn_melded or s.asked:
        return _r(Code.CANNOT_ASK)
    plan = _go_out_plan(s)
    if plan is None or not s.opened[s.side] and not _plan_opens(s, plan):
        return _r(Code.ASK_NO_WAY_OUT)
    return None


def _plan_opens(s: HandBase, plan: GoOutPlan) -> bool:
    points = sum(n * KIND_VALUE[k] for _, k, n in plan.layoffs)
    points += sum(
        n * KIND_VALUE[k] + t * KIND_VALUE[TWO] + j * KIND_VALUE[JOKER] for k, n, t, j in plan.melds
    )
    return points >= s.opening_minimum(s.side)


def _after(
    s: HandBase, kind: int, nat: int, twos: int, jokers: int
) -> tuple[list[int], list[int], list[int]]:
    counts = list(s.counts[s.turn])
    counts[kind] -= nat
    counts[TWO] -= twos
    counts[JOKER] -= jokers
    sizes = list(s.msize[s.side])
    wilds = list(s.mwild[s.side])
    sizes[kind] += nat + twos + jokers
    wilds[kind] += twos + jokers
    return counts, sizes, wilds


# Checking a move given by card identities -----------------------------------------------------


def _split(cards: tuple[int, ...], kind: int) -> tuple[int, int, int, bool]:
    """Count naturals of ``kind``, twos and jokers; the flag is False for any other card."""
    nat = twos = jokers = 0
    ok = True
    for card in cards:
        k = CARD_KIND[card]
        if k == kind:
            nat += 1
        elif k == TWO:
            twos += 1
        elif k == JOKER:
            jokers += 1
        else:
            ok = False
    return nat, twos, jokers, ok


def check_move(s: HandBase, move: Move) -> Refusal | None:
    """Return why ``move`` is refused for the player to move, or None if it is legal."""
    t = move.type
    phase = s.phase
    if phase is Phase.ANSWER or t in (MoveType.YES, MoveType.NO):
        if phase is Phase.ANSWER and t in (MoveType.YES, MoveType.NO):
            if t is MoveType.NO and s.rules.partner_always_agrees:
                return _r(Code.PARTNER_AGREES)
            return None
        return _r(Code.WRONG_PHASE, expected=_PHASE_HINT[phase.value])
    if phase is Phase.ENDED:
        return _r(Code.WRONG_PHASE, expected=_PHASE_HINT["ended"])
    hand = s.hands[s.turn]
    if len(set(move.cards)) != len(move.cards) or any(c not in hand for c in move.cards):
        return _r(Code.NOT_IN_HAND)
    if phase is Phase.DRAW:
        if t is MoveType.DRAW:
            return refuse_draw(s)
        if t is MoveType.DECLINE:
            return refuse_decline(s)
        if t is MoveType.TAKE:
            if not s.pile:
                return _r(Code.PILE_EMPTY)
            kind = CARD_KIND[s.pile[-1]]
            nat, twos, jokers, ok = _split(move.cards, kind)
            if not ok and kind in NATURAL_KINDS:  # else: the top card itself refuses
                return _r(Code.TAKE_CARDS_WRONG_RANK, rank=KIND_NAME[kind])
            return refuse_take(s, nat, twos, jokers)
        return _r(Code.WRONG_PHASE, expected=_PHASE_HINT["draw"])
    if t in (MoveType.DRAW, MoveType.TAKE, MoveType.DECLINE):
        return _r(Code.WRONG_PHASE, expected=_PHASE_HINT["play"])
    if t is MoveType.ASK:
        return refuse_ask(s)
    if t is MoveType.DISCARD:
        if len(move.cards) != 1:
            return _r(Code.DISCARD_ONE)
        return refuse_discard(s, CARD_KIND[move.cards[0]])
    if any(CARD_KIND[c] == RED_THREE for c in move.cards):
        return _r(Code.RED_THREE)
    if t is MoveType.MELD:
        kind = meld_kind(move.cards)
        if kind < 0:
            return _r(Code.MELD_NEEDS_NATURALS, naturals=0)
        nat, twos, jokers, ok = _split(move.cards, kind)
        if not ok:
            return _r(Code.MELD_MIXED_RANKS)
        return refuse_meld(s, kind, nat, twos, jokers)
    kind = move.target
    if not move.cards:
        return _r(Code.SELECT_TO_LAY_OFF)
    if not 0 <= kind < NUM_KINDS or kind not in s.melds[s.side]:
        return _no_such_meld(s, kind)
    nat, twos, jokers, ok = _split(move.cards, kind)
    if not ok:
        return _r(Code.LAYOFF_WRONG_RANK, rank=KIND_NAME[kind])
    return refuse_layoff(s, kind, nat, twos, jokers)


# Pile takes (the move list is in listing.py) ----------------------------------------------------


def _pick(hand: list[int], kind: int, n: int) -> list[int]:
    out: list[int] = []
    if n <= 0:
        return out
    for card in hand:
        if CARD_KIND[card] == kind:
            out.append(card)
            if len(out) == n:
                break
    return out


def _cards(hand: list[int], kind: int, nat: int, twos: int, jokers: int) -> tuple[int, ...]:
    return (*_pick(hand, kind, nat), *_pick(hand, TWO, twos), *_pick(hand, JOKER, jokers))


#: Hand cards a pile take may use, as (naturals, twos, jokers): onto the side's meld, a pair,
#: a natural and a two, a natural and a joker; the second list adds a lone natural (onto the
#: side's meld, where that needs one); a frozen pile only the pair; a new meld the pair or a
#: natural and a wild card.
_TakeShapes = tuple[tuple[int, int, int], ...]
_TAKE_SHAPES: _TakeShapes = ((0, 0, 0), (2, 0, 0), (1, 1, 0), (1, 0, 1))
_TAKE_SHAPES_NATURAL: _TakeShapes = (*_TAKE_SHAPES, (1, 0, 0))
_PAIR_SHAPE: _TakeShapes = ((2, 0, 0),)
_NEW_MELD_SHAPES: _TakeShapes = ((2, 0, 0), (1, 1, 0), (1, 0, 1))


def take_options(s: HandBase) -> list[Move]:
    """Return the legal pile takes in minimal form: onto a meld, a pair, a natural and a wild."""
    pile = s.pile
    if not pile:
        return []
    kind = CARD_KIND[pile[-1]]
    if not kind <= NATURAL_KINDS[-1]:
        return []
    counts = s.counts[s.turn]
    side = s.turn % 2
    if not counts[kind] and kind not in s.melds[side]:
        return []  # a frozen pile needs a pair, a new meld a natural from hand at the least
    # Only the shapes refuse_take can accept here are tried.
    if s.pile_frozen_for(side):
        # A frozen pile is taken only with a natural pair of its top card's rank.
        if counts[kind] < 2:
            return []
        shapes = _PAIR_SHAPE
    elif kind not in s.melds[side]:
        # The top card starts a meld: a natural pair, or a natural and a wild card.
        shapes = _NEW_MELD_SHAPES if s.rules.take_with_natural_and_wild else _PAIR_SHAPE
    elif s.rules.take_onto_meld_needs_natural:
        shapes = _TAKE_SHAPES_NATURAL
    else:
        shapes = _TAKE_SHAPES
    hand = s.hands[s.turn]
    moves: list[Move] = []
    for nat, twos, jokers in shapes:
        if (
            counts[kind] >= nat
            and counts[TWO] >= twos
            and counts[JOKER] >= jokers
            and refuse_take(s, nat, twos, jokers) is None
        ):
            moves.append(Move(_TAKE, _cards(hand, kind, nat, twos, jokers)))
    return moves


def refuse_draw(s: HandBase) -> Refusal | None:
    """Why drawing from the stock is refused, or None.

    With cards in the stock a draw is always legal. Once it is empty (matrix row 18), a draw
    ends the hand where ``empty_stock`` is ``"take_or_end"``, and also with
    ``"forced_take"`` unless the pile's unfrozen top card fits the side's meld (then the
    pile must be taken); otherwise it is refused.
    """
    if s.stock:
        return None
    mode = s.rules.empty_stock
    if mode == "take_or_end":
        return None
    if mode == "play_on":
        return _r(Code.STOCK_EMPTY_DECLINE)
    if mode == "forced_take":
        top = s.pile_top
        if (
            top is None
            or CARD_KIND[top] not in s.melds[s.side]
            or s.pile_frozen_for(s.side)
            or not has_legal_take(s)
        ):
            return None
        return _r(Code.STOCK_EMPTY_MUST_TAKE)
    return _r(Code.STOCK_EMPTY)


def refuse_decline(s: HandBase) -> Refusal | None:
    """Why declining the pile once the stock is empty is refused, or None.

    Classic (``empty_stock`` ``"play_on"``, matrix row 18 and the note under it): play goes
    on while each player in turn can take the pile, and a player may decline it instead,
    which ends the hand. The other readings end the hand with a draw from the empty stock
    (``take_or_end``, ``forced_take``) or at once (``ends``), so there is nothing to decline.
    """
    if s.rules.empty_stock != "play_on":
        return _r(Code.DECLINE_NOT_HERE)
    if s.stock:
        return _r(Code.DECLINE_STOCK_LEFT, stock=len(s.stock))
    if not has_legal_take(s):
        return _r(Code.DECLINE_NOTHING)
    return None


def has_legal_take(s: HandBase) -> bool:
    """True when the player to move may take the pile (used when the stock is empty)."""
    return bool(take_options(s))


# Text forms -----------------------------------------------------------------------------------


#: Moves whose text names no cards.
_NO_CARDS = (MoveType.DRAW, MoveType.DECLINE, MoveType.ASK, MoveType.YES, MoveType.NO)


def parse_move(s: HandBase, text: str) -> Move:
    """Parse a move's text form, taking the named cards from the mover's hand.

    Raises:
        MoveParseError: (a ValueError) for an unknown word, a bad card code, or a card the
            mover lacks.
    """
    words = text.split()
    if not words:
        raise MoveParseError("empty move")
    head = words[0].lower()
    try:
        mtype = MoveType(head)
    except ValueError:
        names = ", ".join(m.value for m in MoveType)
        raise MoveParseError(f"unknown move {head!r} (expected one of: {names})") from None
    rest = words[1:]
    target = -1
    if mtype is MoveType.LAYOFF:
        if not rest:
            raise MoveParseError("layoff needs the meld's rank, e.g. 'layoff K KS 2H'")
        try:
            target = kind_of_rank_char(rest[0])
        except ValueError as error:
            raise MoveParseError(str(error)) from None
        rest = rest[1:]
    if mtype in _NO_CARDS and rest:
        raise MoveParseError(f"'{head}' takes no cards")
    seat = s.mover
    codes: list[str] = []
    for word in rest:
        try:
            codes.append(normalise_code(word))
        except ValueError as error:
            raise MoveParseError(str(error)) from None
    return Move(mtype, _cards_from_hand(codes, s.hands[seat], seat), target)


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _count_words(n: int) -> str:
    return _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)


def _cards_from_hand(codes: list[str], hand: Sequence[int], seat: int) -> tuple[int, ...]:
    """The cards of ``hand`` that ``codes`` (card codes, e.g. ``["7H", "7H", "2C"]``) name,
    in the order named; a code named twice takes two different cards.

    ``seat`` (numbered from 0, as a position file's ``turn`` and ``hands`` number them)
    only names the hand in the error.

    Raises:
        MoveParseError: when the hand holds fewer cards of a code than are named: "7H is
            not in seat 0's hand", or "seat 0's hand holds only one 2S; the move names
            three".
    """
    available = list(hand)
    cards: list[int] = []
    for code in codes:
        match = next((c for c in available if CARD_CODE[c] == code), None)
        if match is None:
            held = sum(1 for c in hand if CARD_CODE[c] == code)
            if held == 0:
                raise MoveParseError(f"{code} is not in seat {seat}'s hand")
            asked = codes.count(code)
            raise MoveParseError(
                f"seat {seat}'s hand holds only {_count_words(held)} {code}; the move names "
                f"{_count_words(asked)}"
            )
        available.remove(match)
        cards.append(match)
    return tuple(cards)
