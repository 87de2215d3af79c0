"""The one-line reasons the hard level gives for its moves (the table's hint).

The search (:mod:`canasta.ai.hard`) decides; this module words the decision as a card
player would say it. Every line goes through the gettext catalogue
(:mod:`canasta.engine.speech`), so it reads in the player's language. Nothing here
changes which move is chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.card_words import card_name, cards_name, move_words
from canasta.engine.cards import BLACK_THREE, CARD_KIND, KIND_NAME, is_wild_kind
from canasta.engine.moves import Move, MoveType
from canasta.engine.speech import _, ngettext
from canasta.engine.view import SeatView

from .candidates import goes_out


def gain_words(margin: float) -> str:
    """The gain clause appended to a reason, with its leading space, or "".

    ``margin``: points the chosen plan measured better than the tracking player's own,
    the move an ordinary player makes (the usual play), as a mean over the sampled
    deals of the points for the player's side less the other side's; below 1 point
    nothing is said. Said in a card player's words ("a cautious player's move" means
    nothing to a player). Example (English):
    ``" (about 12 points more for your side than the usual play)"``.
    """
    if margin < 1:
        return ""
    points = round(margin)
    return ngettext(
        " (about {n} point more for your side than the usual play)",
        " (about {n} points more for your side than the usual play)",
        points,
    ).format(n=points)


def answer_reason(move: Move) -> str:
    """Why to answer the partner's "may I go out?" with ``move`` (YES or NO)."""
    if move.type is MoveType.YES:
        return _("Say yes: your side does well if the hand ends now.")
    return _("Say no: on your next turn you can finish a canasta or meld many points.")


def describe(move: Move) -> str:
    """A plain line for a move made without a search (the only sensible one)."""
    t = move.type
    if t is MoveType.DRAW:
        return _("Draw from the stock: you can't take the pile.")
    if t is MoveType.DECLINE:
        return _("Leave the pile: the stock is empty, so the hand ends now.")
    if t is MoveType.DISCARD:
        return _("Discard {card}.").format(card=card_name(move.cards[0]))
    if t is MoveType.ASK:
        return _("Ask your partner: you can go out.")
    return _("{move}.").format(move=move_words(move))


def step_words(move: Move, pile: Sequence[int]) -> str:
    """One step of a hint in the words that continue a sentence (lower case where the
    language allows), naming every card: "meld 10♠ 10♦ Joker", "lay off 2♥ on the 10s",
    "take the pile (9 cards) with K♣ K♦", "discard 3♣". ``pile``: the pile before the
    step, bottom first (a take names its size, and its top card's meld)."""
    t = move.type
    size = len(pile)
    cards = cards_name(move.cards)
    if t is MoveType.MELD:
        return _("meld {cards}").format(cards=cards)
    if t is MoveType.LAYOFF:
        return _("lay off {cards} on the {rank}").format(
            cards=cards, rank=_(KIND_NAME[move.target])
        )
    if t is MoveType.DISCARD:
        return _("discard {card}").format(card=cards)
    if t is MoveType.TAKE and move.cards:
        return ngettext(
            "take the pile ({pile} card) with {cards}",
            "take the pile ({pile} cards) with {cards}",
            size,
        ).format(pile=size, cards=cards)
    if t is MoveType.TAKE and pile:
        return ngettext(
            "take the pile ({pile} card) onto your {rank}",
            "take the pile ({pile} cards) onto your {rank}",
            size,
        ).format(pile=size, rank=_(KIND_NAME[CARD_KIND[pile[-1]]]))
    if t is MoveType.ASK:
        return _("ask your partner whether you may go out")
    return move_words(move)


def steps_words(moves: Sequence[Move], pile: Sequence[int]) -> str:
    """The hint's moves as one clause, in order and every card named, capitalised as a
    sentence's start: "Meld A♠ A♥ Joker, then lay off 2♥ 2♦ on the 10s, then discard
    3♣". Lay-offs in a row on the same meld read as one (laid off together, the rules
    judge the same meld they make one by one). ``pile``: the pile before the first move,
    bottom first."""
    merged: list[Move] = []
    for move in moves:
        last = merged[-1] if merged else None
        if (
            last is not None
            and move.type is MoveType.LAYOFF
            and last.type is MoveType.LAYOFF
            and last.target == move.target
        ):
            merged[-1] = Move(MoveType.LAYOFF, last.cards + move.cards, move.target)
        else:
            merged.append(move)
    text = ""
    for move in merged:
        step = step_words(move, pile)
        text = step if not text else _("{steps}, then {step}").format(steps=text, step=step)
    return text[:1].upper() + text[1:]


def plan_reason(view: SeatView, moves: Sequence[Move], label: str, margin: float) -> str:
    """The hint's line for the plan ``moves`` (the rest of the turn, first move played now,
    or one draw): every move in order with its cards, then why.

    ``view``: the seat's view before the plan; ``label``: the plan's kind as the search
    named it ("default", "alt", "out", "build", "hold", "discard", "safe", ...);
    ``margin``: points it measured better than the tracking player's own plan (see
    :func:`gain_words`). Returns one sentence, ending with a full stop.
    """
    move = moves[0]
    gain = gain_words(margin)
    pile = len(view.pile)
    if move.type is MoveType.TAKE:
        return _("{steps}{gain}.").format(steps=steps_words(moves, view.pile), gain=gain)
    if move.type is MoveType.DRAW:
        if any(m.type is MoveType.TAKE for m in view.legal_moves):
            return ngettext(
                "Draw from the stock: the pile ({pile} card) costs more than it brings{gain}.",
                "Draw from the stock: the pile ({pile} cards) costs more than it brings{gain}.",
                pile,
            ).format(pile=pile, gain=gain)
        return _("Draw from the stock: you can't take the pile.")
    if move.type is MoveType.DECLINE:
        return ngettext(
            "Leave the pile ({pile} card) and let the hand end: taking it scores less{gain}.",
            "Leave the pile ({pile} cards) and let the hand end: taking it scores less{gain}.",
            pile,
        ).format(pile=pile, gain=gain)
    if move.type is MoveType.ASK:
        return _("Ask your partner: you can go out, and going out now scores well.")
    steps = steps_words(moves, view.pile)
    if label == "out" or goes_out(moves, len(view.hand)):
        line = _("{steps}: you go out for the bonus, and their cards in hand count against "
                 "them{gain}.")  # fmt: skip
    elif label == "build":
        line = _("{steps}: don't go out yet, another canasta is close{gain}.")
    elif label == "hold":
        line = _("{steps}: keep your pairs in hand, they let you take the pile later{gain}.")
    elif moves[-1].type is MoveType.DISCARD:
        frozen = view.pile_freezers > 0 or view.rules.pile_always_frozen
        return discard_reason(moves[-1], gain, label == "discard", frozen, steps)
    else:
        line = _("{steps}{gain}.")
    return line.format(steps=steps, gain=gain)


def discard_reason(
    move: Move, gain: str, searched: bool, frozen: bool = False, steps: str | None = None
) -> str:
    """Why to discard ``move``'s card; ``gain`` from :func:`gain_words`.

    ``searched``: the search preferred this discard to the tracking player's own
    (safest-looking) one, so its danger alone is not the reason. ``frozen``: the pile is
    frozen for everyone before the discard (a wild card or a red three in it, or a table
    where it always is, docs/rules.md#frozen-pile): a wild card discarded then freezes nothing
    more, it only blocks the pile for the next player, who cannot take a wild card on top
    (Classic "Taking the discard pile"). ``steps``: the plan's moves that end with this
    discard, worded by :func:`steps_words` (None: the discard alone).
    """
    kind = CARD_KIND[move.cards[0]]
    if steps is None:
        steps = steps_words([move], ())
    if is_wild_kind(kind) and frozen:
        line = _("{steps}: the pile is frozen already, and a wild card on top blocks it "
                 "for one turn{gain}.")  # fmt: skip
    elif is_wild_kind(kind):
        line = _("{steps} to freeze the pile: then only a natural pair takes it{gain}.")
    elif kind == BLACK_THREE:
        line = _("{steps}: a black three blocks the pile for one turn{gain}.")
    elif searched:
        line = _("{steps}: from what they probably hold, this works out best{gain}.")
    else:
        line = _("{steps}: the card least likely to give them the pile{gain}.")
    return line.format(steps=steps, gain=gain)


__all__ = [
    "answer_reason",
    "describe",
    "discard_reason",
    "gain_words",
    "plan_reason",
    "step_words",
    "steps_words",
]
