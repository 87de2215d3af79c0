"""Which moves are legal, and why a move is refused.

Every rule check works on counts per kind (``refuse_*`` functions), so the checked path for
people (:func:`canasta.engine.checking.check_move`) and the move list for computer players
(:func:`canasta.engine.listing.legal_moves`) share one piece of code per rule. A move is
legal only if the turn can still be finished after it (docs/rules.md#finishing-the-turn):
:func:`finish_refusal` decides that. The pile takes, draws and declines are in
:mod:`canasta.engine.taking`; a move as a person gives it is checked in
:mod:`canasta.engine.checking`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    BLACK_THREE,
    JOKER,
    KIND_NAME,
    KIND_VALUE,
    NATURAL_KINDS,
    NUM_KINDS,
    TWO,
    is_wild_kind,
)
from .core import BLACK_THREE_MELD_SIZES, CANASTA_SIZE, NEAR_CANASTA_SIZE
from .reach import GoOutPlan, canastas_short, find_go_out, max_meld_points_keeping, wild_room
from .refusals import Code, Refusal, refuse

if TYPE_CHECKING:
    from .hand import HandBase


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
            return refuse(Code.OPENING_UNREACHABLE, minimum=minimum, points=opening_points)
        hand += waiting
    canastas = sum(1 for size in sizes if size >= CANASTA_SIZE)
    may_go_out = canastas >= needed and s.permission is not False
    if hand == 0:
        if s.permission is False:
            return refuse(Code.PERMISSION_REFUSED)
        if canastas < needed:
            return refuse(Code.NEED_CANASTA, needed=needed, have=canastas)
        return None
    if (
        s.permission is True
        and go_out_plan(s, counts, sizes, wilds) is None
        and _go_out_plan(s) is not None
    ):
        return refuse(Code.MUST_GO_OUT)
    if not rules.wild_discard_allowed and not waiting and _only_wilds_left(s, counts):
        if s.permission is False or go_out_plan(s, counts, sizes, wilds, False) is None:
            return refuse(Code.WILD_ONLY_LEFT)
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
        return refuse(Code.PERMISSION_REFUSED)
    return refuse(Code.MUST_KEEP_CARD, needed=needed)


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


def refuse_shape(naturals: int, wild: int, cap: int) -> Refusal | None:
    """Why a meld of ``naturals`` natural cards and ``wild`` wild cards has a wrong shape
    (more wild cards than naturals, or more than the table's cap of ``cap``), or None.
    docs/rules.md#melds: wild cards never outnumber the naturals (and the cap)."""
    if wild > naturals:
        return refuse(Code.TOO_MANY_WILDS, wilds=wild, naturals=naturals)
    if wild > cap:
        return refuse(Code.WILD_CAP, cap=cap, wilds=wild)
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
            return refuse(Code.BLACK_THREE_WITH_WILD)
        if nat not in BLACK_THREE_MELD_SIZES:
            return refuse(Code.BLACK_THREE_COUNT, count=nat)
    elif kind in s.melds[side]:
        return refuse(Code.MELD_EXISTS, rank=KIND_NAME[kind])
    if nat + wild < 3:
        return refuse(Code.MELD_TOO_SMALL, count=nat + wild)
    if nat < 2:
        return refuse(Code.MELD_NEEDS_NATURALS, naturals=nat)
    shape = refuse_shape(nat, wild, s.rules.wild_cap)
    if shape is not None:
        return shape
    counts, sizes, wilds = picture_after(s, kind, nat, twos, jokers)
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
            return refuse(Code.BLACK_THREE_NOT_GOING_OUT)
        if left and s.rules.black_threes_last:
            return refuse(Code.BLACK_THREE_LAST)
        if canastas < needed:
            return refuse(Code.NEED_CANASTA, needed=needed, have=canastas)
    return finish_refusal(s, counts, sizes, wilds, s.opening_points + points, len(s.waiting))


def refuse_layoff(s: HandBase, kind: int, nat: int, twos: int, jokers: int) -> Refusal | None:
    """Why adding cards to the side's meld of ``kind`` is refused, or None.

    Classic "Melding": lay off only on your own side's melds; the meld's wild cards may
    never outnumber its naturals, nor exceed three.
    """
    side = s.side
    if kind not in s.melds[side] or kind == BLACK_THREE:
        return refuse_missing_meld(s, kind)
    size = s.msize[side][kind]
    wild = s.mwild[side][kind]
    shape = refuse_shape(size - wild + nat, wild + twos + jokers, s.rules.wild_cap)
    if shape is not None:
        return shape
    counts, sizes, wilds = picture_after(s, kind, nat, twos, jokers)
    points = nat * KIND_VALUE[kind] + twos * KIND_VALUE[TWO] + jokers * KIND_VALUE[JOKER]
    return finish_refusal(s, counts, sizes, wilds, s.opening_points + points, len(s.waiting))


def refuse_missing_meld(s: HandBase, kind: int) -> Refusal:
    """The side has no meld of ``kind`` to lay off on: say so, naming the rule when the
    other side has one (Classic "Melding": lay off only on your own side's melds)."""
    if not 0 <= kind < NUM_KINDS:
        return refuse(Code.NO_MELD_NAMED)
    if kind in s.melds[1 - s.side]:
        return refuse(Code.OPPONENTS_MELD_OF, rank=KIND_NAME[kind])
    if kind == BLACK_THREE:
        return refuse(Code.BLACK_THREE_NO_LAYOFF)
    return refuse(Code.NO_SUCH_MELD, rank=KIND_NAME[kind])


def refuse_discard(s: HandBase, kind: int) -> Refusal | None:
    """Why discarding a card of ``kind`` is refused, or None.

    The turn cannot end before an unopened side's melds this turn reach the opening
    minimum; the last card may be discarded only when the side may go out.
    """
    side = s.side
    if not s.opened[side] and s.turn_melded:
        return refuse(Code.OPENING_SHORT, points=s.opening_points, minimum=s.opening_minimum(side))
    if kind in (TWO, JOKER) and not s.rules.wild_discard_allowed:
        counts = s.counts[s.turn]
        if counts[TWO] + counts[JOKER] < len(s.hands[s.turn]):
            return refuse(Code.WILD_DISCARD)
        laid = _wild_layoff(s)
        if laid is not None:
            return refuse(Code.WILD_DISCARD_LAY_OFF, rank=KIND_NAME[laid])
    left = len(s.hands[s.turn]) - 1
    if left == 0:
        if s.permission is False:
            return refuse(Code.PERMISSION_REFUSED)
        needed = s.rules.canastas_to_go_out
        have = s.canastas(side)
        if have < needed:
            return refuse(Code.NEED_CANASTA, needed=needed, have=have)
        return None
    if s.permission is True and _go_out_plan(s) is not None:
        return refuse(Code.MUST_GO_OUT)
    return None


def _wild_layoff(s: HandBase) -> int | None:
    """The kind of a side's meld a wild card from the mover's hand may be laid off on, or None.

    Draw-two partnership (docs/rules.md#discarding): wild cards are never discarded; with
    nothing else in hand,
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
        return refuse(Code.NO_PARTNER)
    if s.turn_melded or s.asked:
        return refuse(Code.CANNOT_ASK)
    plan = _go_out_plan(s)
    if plan is None or not s.opened[s.side] and not _plan_opens(s, plan):
        return refuse(Code.ASK_NO_WAY_OUT)
    return None


def _plan_opens(s: HandBase, plan: GoOutPlan) -> bool:
    points = sum(n * KIND_VALUE[k] for _, k, n in plan.layoffs)
    points += sum(
        n * KIND_VALUE[k] + t * KIND_VALUE[TWO] + j * KIND_VALUE[JOKER] for k, n, t, j in plan.melds
    )
    return points >= s.opening_minimum(s.side)


def picture_after(
    s: HandBase, kind: int, nat: int, twos: int, jokers: int
) -> tuple[list[int], list[int], list[int]]:
    """The mover's hand counts per kind, and the side's meld sizes and wild cards per kind,
    once ``nat`` naturals of ``kind``, ``twos`` twos and ``jokers`` jokers are melded on
    ``kind`` (the picture :func:`finish_refusal` judges)."""
    counts = list(s.counts[s.turn])
    counts[kind] -= nat
    counts[TWO] -= twos
    counts[JOKER] -= jokers
    sizes = list(s.msize[s.side])
    wilds = list(s.mwild[s.side])
    sizes[kind] += nat + twos + jokers
    wilds[kind] += twos + jokers
    return counts, sizes, wilds
