"""Plans of several moves: checked and played as a whole, and the search for a finish.

A *plan* is a list of melds and lay-offs, optionally ending with a discard, that a player
prepares and submits at once (docs/guide/playing.md#with-the-mouse: Play melds, and
Finish). :func:`check_plan` tries the plan on a copy and refuses it as a whole with the
first rule it breaks; :func:`play_plan` plays it only when all of it is legal.
:func:`check_finish` accepts only a plan that goes out, and :func:`find_finish` turns
:func:`canasta.engine.reach.find_go_out` into a concrete plan of card identities that goes
out, or says why there is none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .card_words import card_name, cards_name, move_words
from .cards import BLACK_THREE, CARD_KIND, JOKER, KIND_NAME, NATURAL_KINDS, TWO
from .core import Phase
from .legality import go_out_plan
from .moves import Move, MoveType
from .reach import GoOutPlan, wild_room
from .refusals import Code, IllegalMove, Refusal
from .speech import N_, _, format_list, ngettext

if TYPE_CHECKING:
    from .state import HandState

_PLAN_TYPES = (MoveType.MELD, MoveType.LAYOFF)


def check_plan(state: HandState, moves: list[Move]) -> tuple[int, Refusal] | None:
    """Return ``(index, refusal)`` for the first move of the plan the rules refuse, or None.

    The moves are melds and lay-offs of the player to move, optionally ending with one
    discard. They are tried in order on a copy, each with the position the earlier ones
    leave. A plan of an unopened side that does not end with a discard must reach the
    opening minimum by its end (the melds are played together to open). ``state`` is not
    changed.
    """
    if not moves:
        return 0, Refusal(Code.PLAN_EMPTY)
    trial = state.copy()
    trial.keep_snapshots = False
    side = state.side
    last = len(moves) - 1
    for i, move in enumerate(moves):
        if move.type not in _PLAN_TYPES and not (move.type is MoveType.DISCARD and i == last):
            return i, Refusal(Code.PLAN_MOVE_TYPE, {"move": move.text()})
        refusal = trial.check(move)
        if refusal is not None:
            return i, refusal
        trial.apply(move)
    if moves[-1].type is not MoveType.DISCARD and not trial.ended and not trial.opened[side]:
        minimum = state.opening_minimum(side)
        return last, Refusal(
            Code.OPENING_SHORT, {"points": trial.opening_points, "minimum": minimum}
        )
    return None


def check_finish(state: HandState, moves: list[Move]) -> Refusal | None:
    """Why ``moves`` is not a complete way out for the player to move, or None.

    The plan must pass :func:`check_plan` and leave the hand empty, so the hand ends with
    the player going out (docs/rules.md#going-out). A plan that leaves the side
    without the canastas it needs to go out is refused with ``NEED_CANASTA``; one that
    stops short otherwise with ``NO_FINISH`` naming how many cards it leaves. ``state``
    is not changed.
    """
    found = check_plan(state, moves)
    if found is not None:
        return found[1]
    trial = state.copy()
    trial.keep_snapshots = False
    for move in moves:
        trial.apply(move)
    if trial.ended:
        return None
    needed, have = state.rules.canastas_to_go_out, trial.canastas(state.side)
    if have < needed:  # the plan cannot go out for want of canastas, however many cards
        return Refusal(Code.NEED_CANASTA, {"needed": needed, "have": have})
    left = len(trial.hands[state.turn])
    why = ngettext(
        "this plan leaves {n} card in your hand (plan them all, and lift the discard)",
        "this plan leaves {n} cards in your hand (plan them all, and lift the discard)",
        left,
    ).format(n=left)
    return Refusal(Code.NO_FINISH, {"why": why})


def play_plan(state: HandState, moves: list[Move]) -> None:
    """Check the whole plan, then play every move of it.

    Raises:
        IllegalMove: carrying the refusal of the first move the rules refuse; nothing is
            played then.
    """
    found = check_plan(state, moves)
    if found is not None:
        index, refusal = found
        text = moves[index].text() if index < len(moves) else "plan"
        raise IllegalMove(refusal, text)
    for move in moves:
        state.apply(move)


def plan_text(moves: list[Move]) -> list[str]:
    """One line per move in the player's words ("Meld 7♥ 7♦ 7♣", "Add K♣ to the Kings")."""
    lines = []
    for move in moves:
        cards = cards_name(move.cards)
        if move.type is MoveType.MELD:
            lines.append(_("Meld {cards}").format(cards=cards))
        elif move.type is MoveType.LAYOFF:
            lines.append(
                _("Add {cards} to the {rank}").format(cards=cards, rank=_(KIND_NAME[move.target]))
            )
        elif move.type is MoveType.DISCARD:
            lines.append(_("Discard {cards}").format(cards=cards))
        else:
            lines.append(move_words(move))
    return lines


def find_finish(state: HandState) -> list[Move] | Refusal:
    """Search the hand of the player to move for a complete legal way to go out.

    Returns:
        The plan (melds, lay-offs, then the final discard if one is needed), checked with
        :func:`check_plan`; or a refusal saying why there is none (``NO_FINISH`` with the
        reason, or the rule a found plan breaks).
    """

    if state.phase is not Phase.PLAY:
        return Refusal(
            Code.WRONG_PHASE, {"expected": N_("draw from the stock or take the pile first")}
        )
    if state.permission is False:
        return Refusal(Code.PERMISSION_REFUSED)
    if state.waiting:
        return Refusal(
            Code.NO_FINISH, {"why": N_("the cards taken with the pile wait for your opening")}
        )
    side = state.side
    counts = state.counts[state.turn]
    plan = go_out_plan(state, counts, state.msize[side], state.mwild[side])
    if plan is None:
        return Refusal(Code.NO_FINISH, {"why": _why_not(state)})
    refusal: Refusal | None = None
    for layoffs_first in (False, True):
        moves = _moves_for(state, plan, layoffs_first)
        found = check_plan(state, moves)
        if found is None:
            return moves
        refusal = refusal or found[1]
    assert refusal is not None
    return refusal


def _moves_for(state: HandState, plan: GoOutPlan, layoffs_first: bool) -> list[Move]:
    pool = list(state.hands[state.turn])

    def pick(kind: int, n: int) -> list[int]:
        chosen = [c for c in pool if CARD_KIND[c] == kind][:n]
        for card in chosen:
            pool.remove(card)
        return chosen

    new: dict[int, list[int]] = {}
    for kind, nat, twos, jokers in plan.melds:
        new[kind] = [*pick(kind, nat), *pick(TWO, twos), *pick(JOKER, jokers)]
    grouped: dict[int, list[int]] = {}
    for target, kind, n in plan.layoffs:
        # Wild cards for a meld the plan makes go into that meld.
        into = new[target] if target in new else grouped.setdefault(target, [])
        into.extend(pick(kind, n))
    melds = [Move(MoveType.MELD, tuple(c)) for k, c in new.items() if k != BLACK_THREE]
    threes = [Move(MoveType.MELD, tuple(c)) for k, c in new.items() if k == BLACK_THREE]
    layoffs = [Move(MoveType.LAYOFF, tuple(cards), target) for target, cards in grouped.items()]
    moves = layoffs + melds if layoffs_first else melds + layoffs
    moves += threes
    if plan.discard >= 0:
        moves.append(Move(MoveType.DISCARD, tuple(pick(plan.discard, 1))))
    return moves


def _why_not(state: HandState) -> str:
    """A short reason why no way to go out exists, for the NO_FINISH message: first the
    canastas the side still lacks (going out needs ``canastas_to_go_out`` of them, the
    rule a new player most often does not know), else the cards no meld can take (in rank
    order), else the wild cards with no room."""
    side = state.side
    counts = state.counts[state.turn]
    sizes, wilds = state.msize[side], state.mwild[side]
    rules = state.rules
    needed, have = rules.canastas_to_go_out, state.canastas(side)
    if have < needed:
        if needed == 1:
            return _("your side needs a canasta to go out, and this hand can't complete one")
        return _(
            "your side needs {needed} canastas to go out (it has {have}), and this hand "
            "can't complete them"
        ).format(needed=needed, have=have)
    stuck = [k for k in NATURAL_KINDS if 0 < counts[k] < 3 and not sizes[k]]
    spare_wilds = counts[TWO] + counts[JOKER]
    pairs = [k for k in stuck if counts[k] == 2]
    loose = sorted([k for k in stuck if counts[k] == 1] + pairs[spare_wilds:])
    if 0 < counts[BLACK_THREE] < 3:
        loose.append(BLACK_THREE)
    if len(loose) > 1:
        # The cards themselves, not their ranks' plural names: "your 8♥, 9♣ and K♦", not
        # "your 8s, 9s and Kings" for one card of each.
        held = state.hands[state.turn]
        stuck_cards = [c for k in loose for c in held if CARD_KIND[c] == k]
        return _("no meld can take your {cards}, and only one card can be the discard").format(
            cards=format_list([card_name(c) for c in stuck_cards])
        )
    room = sum(wild_room(sizes[k], wilds[k], rules.wild_cap) for k in NATURAL_KINDS if sizes[k])
    if spare_wilds > room + 3 * sum(1 for k in NATURAL_KINDS if counts[k] >= 2):
        return _("your wild cards have no room left in a meld")
    return _("this hand can't meld every card but one")
