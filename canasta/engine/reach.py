"""What a hand can still reach: opening points and a way to go out, on counts per kind.

These are the searches behind the rule that a move is legal only if the turn can still be
finished after it (docs/rules.md#finishing-the-turn), and behind "may I go out?".
Everything here works on a hand seen as counts per kind (15 ints) and a side's melds seen
as ``sizes[kind]`` and ``wilds[kind]`` (cards and wild cards in each meld, 0 for none).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import sub

from .cards import BLACK_THREE, JOKER, KIND_VALUE, MELDABLE_KINDS, NATURAL_KINDS, NUM_KINDS, TWO
from .core import CANASTA_SIZE


def wild_room(size: int, wilds: int, cap: int) -> int:
    """Return how many more wild cards a meld of ``size`` cards (``wilds`` of them wild) takes.

    Wild cards may never outnumber naturals, and never exceed ``cap`` in one meld
    (docs/rules.md#melds).
    """
    naturals = size - wilds
    return max(0, min(cap, naturals) - wilds)


def max_meld_points_keeping(
    counts: list[int], sizes: list[int], wild_sizes: list[int], cap: int, keep: int
) -> int:
    """Return the most card points this hand can meld now while keeping ``keep`` cards.

    ``sizes[k]`` and ``wild_sizes[k]`` describe the side's meld of kind ``k`` (0: none).
    New melds need two naturals; existing melds take any naturals of their rank; wild
    cards fill the room melds have. Black threes are left out (melded only when going
    out). Greedy and exact for this shape: every natural of a rank with a meld or three
    naturals is used, pairs are completed with wild cards (best pairs first, which only
    adds room), then the best wild cards fill the remaining room. With ``keep`` cards to
    keep and too much of the hand used, each kind is tried as a kept card in turn.
    """
    total = sum(counts)
    sizes_eff = list(map(sub, sizes, wild_sizes))  # naturals in melds
    points, cards = _max_points_with_table(counts, sizes_eff, wild_sizes, cap)
    if keep == 0 or cards + keep <= total:
        return points
    best = 0
    for k in range(NUM_KINDS):
        if counts[k]:
            counts[k] -= 1
            best = max(best, max_meld_points_keeping(counts, sizes, wild_sizes, cap, keep - 1))
            counts[k] += 1
    return best


def _max_points_with_table(
    counts: list[int], naturals_on_table: list[int], wilds_on_table: list[int], cap: int
) -> tuple[int, int]:
    points = 0
    cards = 0
    room = 0
    pairs: list[int] = []
    for k in NATURAL_KINDS:
        c = counts[k]
        on_table = naturals_on_table[k] + wilds_on_table[k] > 0
        if on_table or c >= 3:
            naturals = naturals_on_table[k] + c
            if c:
                points += c * KIND_VALUE[k]
                cards += c
            room += max(0, min(cap, naturals) - wilds_on_table[k])
        elif c == 2:
            pairs.append(k)
    jokers, twos = counts[JOKER], counts[TWO]
    wild = jokers + twos
    if pairs and wild:
        # Best pairs first (a stable sort: equal values keep their kind order).
        pairs.sort(key=KIND_VALUE.__getitem__, reverse=True)
        for k in pairs[:wild]:
            points += 2 * KIND_VALUE[k]
            cards += 2
            room += min(cap, 2)
    # The wild cards placed, jokers (the higher value) first.
    placed = min(wild, room)
    from_jokers = min(placed, jokers)
    points += from_jokers * KIND_VALUE[JOKER] + (placed - from_jokers) * KIND_VALUE[TWO]
    cards += placed
    return points, cards


def canastas_short(counts: list[int], sizes: list[int], canastas_needed: int) -> bool:
    """Whether going out is out of reach for want of canastas, whatever is melded.

    A meld can end with at most its cards on the table, the hand's naturals of its kind and
    every wild card in the hand: fewer than ``canastas_needed`` kinds reaching seven that
    way means no plan of :func:`find_go_out` can go out (a quick test before searching).
    """
    if canastas_needed <= 0:
        return False
    wild = counts[TWO] + counts[JOKER]
    reachable = 0
    for k in MELDABLE_KINDS:
        if sizes[k] + counts[k] + wild >= CANASTA_SIZE:
            reachable += 1
            if reachable >= canastas_needed:
                return False
    return True


@dataclass(frozen=True, slots=True)
class GoOutPlan:
    """A way to go out found on counts.

    Attributes:
        layoffs: ``(meld_kind, natural_kind_or_wild_kind, count)`` additions to melds.
        melds: ``(kind, naturals, twos, jokers)`` new melds.
        discard: the kind discarded last, or -1 when everything is melded.
    """

    layoffs: tuple[tuple[int, int, int], ...]
    melds: tuple[tuple[int, int, int, int], ...]
    discard: int


def find_go_out(
    counts: list[int],
    sizes: list[int],
    wild_sizes: list[int],
    cap: int,
    canastas_needed: int,
    allow_discard: bool = True,
    *,
    wild_discard: bool = True,
    black_threes_last: bool = False,
) -> GoOutPlan | None:
    """Search for a way to meld the whole hand (or all but one card, then discard it).

    Args:
        counts: the hand, 15 counts per kind.
        sizes: cards in each of the side's melds, per kind (0: no meld).
        wild_sizes: wild cards in each of the side's melds, per kind.
        cap: the most wild cards one meld may hold.
        canastas_needed: canastas the side must hold when it goes out.
        allow_discard: whether the last card may be discarded (False while the hand is
            required to be melded completely).
        wild_discard: whether the final discard may be a wild card (rule option
            ``wild_discard_allowed``, docs/rules.md#discarding).
        black_threes_last: black threes must be the very last play, so a plan that melds
            them has no discard (rule option ``black_threes_last``, docs/rules.md#black-threes).

    Returns:
        A :class:`GoOutPlan`, or None when this search finds no way. The search tries each
        possible final discard (one per kind) and melds the rest greedily: naturals onto
        melds or into new melds, pairs completed with a wild, then wild cards into the room
        left, preferring melds closest to a canasta.
    """
    # A natural card alone of its kind with no meld to join can only be the discard: with
    # two such cards no option works, with one only its own discard can (the same answer
    # as trying every option, found without the tries that must fail).
    lonely = [k for k in NATURAL_KINDS if counts[k] == 1 and not sizes[k]]
    if len(lonely) > 1 or (lonely and not allow_discard):
        return None
    options = [-1]
    if lonely:
        options = lonely
    elif allow_discard:
        options += [
            k for k in range(NUM_KINDS) if counts[k] and (wild_discard or k not in (TWO, JOKER))
        ]
    for discard in options:
        hand = list(counts)
        if discard >= 0:
            hand[discard] -= 1
            if black_threes_last and hand[BLACK_THREE]:
                continue
        plan = _meld_everything(hand, sizes, wild_sizes, cap, canastas_needed)
        if plan is not None:
            layoffs, melds = plan
            return GoOutPlan(tuple(layoffs), tuple(melds), discard)
    return None


def _meld_everything(
    hand: list[int], sizes: list[int], wild_sizes: list[int], cap: int, canastas_needed: int
) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int, int]]] | None:
    size = list(sizes)
    wild = list(wild_sizes)
    layoffs: list[tuple[int, int, int]] = []
    melds: list[tuple[int, int, int, int]] = []
    b3 = hand[BLACK_THREE]
    if b3:
        if b3 < 3:
            return None
        melds.append((BLACK_THREE, b3, 0, 0))
        size[BLACK_THREE] += b3
    pairs: list[int] = []
    for k in NATURAL_KINDS:
        c = hand[k]
        if not c:
            continue
        if size[k]:
            layoffs.append((k, k, c))
            size[k] += c
        elif c >= 3:
            melds.append((k, c, 0, 0))
            size[k] = c
        elif c == 2:
            pairs.append(k)
        else:
            return None
    twos, jokers = hand[TWO], hand[JOKER]
    if len(pairs) > twos + jokers:
        return None
    new_melds: list[list[int]] = []
    for k in pairs:
        if twos:
            twos -= 1
            new_melds.append([k, 2, 1, 0])
        else:
            jokers -= 1
            new_melds.append([k, 2, 0, 1])
        size[k] = 3
        wild[k] = 1
    # Place remaining wild cards, nearest-to-canasta melds first.
    for wild_kind in (JOKER, TWO):
        left = jokers if wild_kind == JOKER else twos
        while left:
            choices = [k for k in NATURAL_KINDS if size[k] and wild_room(size[k], wild[k], cap) > 0]
            if not choices:
                return None
            k = max(choices, key=lambda kk: (size[kk] < CANASTA_SIZE, size[kk]))
            size[k] += 1
            wild[k] += 1
            left -= 1
            entry = next((m for m in new_melds if m[0] == k), None)
            if entry is not None:
                entry[2 if wild_kind == TWO else 3] += 1
            else:
                layoffs.append((k, wild_kind, 1))
    melds.extend((m[0], m[1], m[2], m[3]) for m in new_melds)
    canastas = sum(1 for k in range(NUM_KINDS) if size[k] >= CANASTA_SIZE)
    if canastas < canastas_needed:
        return None
    return layoffs, melds
