"""The one-line reasons the hard level gives for its moves (the table's hint).

The search (:mod:`canasta.ai.hard`) decides; this module words the decision as a card
player would say it. Every line goes through the gettext catalogue
(:mod:`canasta.engine.speech`), so it reads in the player's language. Nothing here
changes which move is chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.cards import BLACK_THREE, CARD_KIND, KIND_NAME, is_wild_kind
from canasta.engine.moves import Move, MoveType
from canasta.engine.speech import _, ngettext
from canasta.engine.view import SeatView
from canasta.engine.words import card_name, move_words

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
    if t is MoveType.TAKE:
        return _("Take the pile: you have no other move.")
    if t is MoveType.ASK:
        return _("Ask your partner: you can go out.")
    return _("{move}.").format(move=move_words(move))


def plan_reason(view: SeatView, moves: Sequence[Move], label: str, margin: float) -> str:
    """Why the search chose the plan ``moves`` (a whole turn, first move played now).

    ``view``: the seat's view before the plan; ``label``: the plan's kind as the search
    named it ("default", "alt", "out", "build", "hold", "discard", "safe", ...);
    ``margin``: points it measured better than the tracking player's own plan (see
    :func:`gain_words`). Returns one sentence, ending with a full stop.
    """
    move = moves[0]
    gain = gain_words(margin)
    pile = len(view.pile)
    if move.type is MoveType.TAKE:
        kind = CARD_KIND[view.pile[-1]]
        return ngettext(
            "Take the pile ({pile} card) with your {rank}{gain}.",
            "Take the pile ({pile} cards) with your {rank}{gain}.",
            pile,
        ).format(pile=pile, rank=_(KIND_NAME[kind]), gain=gain)
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
    if label == "out" or goes_out(moves, len(view.hand)):
        return _("Go out now for the bonus: their cards in hand count against them{gain}.").format(
            gain=gain
        )
    if label == "build":
        return _("Don't go out yet: another canasta is close{gain}.").format(gain=gain)
    if label == "hold":
        return _("Keep your pairs in hand: they let you take the pile later{gain}.").format(
            gain=gain
        )
    if move.type is MoveType.DISCARD:
        frozen = view.pile_freezers > 0 or view.rules.pile_always_frozen
        return discard_reason(move, gain, searched=label == "discard", frozen=frozen)
    if move.type in (MoveType.MELD, MoveType.LAYOFF):
        return _meld_reason(move, moves[-1], gain)
    return _("{move}{gain}.").format(move=move_words(move), gain=gain)


def discard_reason(move: Move, gain: str, searched: bool, frozen: bool = False) -> str:
    """Why to discard ``move``'s card; ``gain`` from :func:`gain_words`.

    ``searched``: the search preferred this discard to the tracking player's own
    (safest-looking) one, so its danger alone is not the reason. ``frozen``: the pile is
    frozen for everyone before the discard (a wild card or a red three in it, or a table
    where it always is, docs/rules.md#frozen-pile): a wild card discarded then freezes nothing
    more, it only blocks the pile for the next player, who cannot take a wild card on top
    (Classic "Taking the discard pile").
    """
    kind = CARD_KIND[move.cards[0]]
    code = card_name(move.cards[0])
    if is_wild_kind(kind) and frozen:
        line = _("Discard {card}: the pile is frozen already, and a wild card on top blocks it "
                 "for one turn{gain}.")  # fmt: skip
    elif is_wild_kind(kind):
        line = _("Discard {card} to freeze the pile: then only a natural pair takes it{gain}.")
    elif kind == BLACK_THREE:
        line = _("Discard {card}: a black three blocks the pile for one turn{gain}.")
    elif searched:
        line = _("Discard {card}: from what they probably hold, this works out best{gain}.")
    else:
        line = _("Discard {card}: the card least likely to give them the pile{gain}.")
    return line.format(card=code, gain=gain)


def _meld_reason(move: Move, final: Move, gain: str) -> str:
    """A meld or lay-off plan's line; ``final``: the plan's last move (maybe a discard)."""
    kind = move.target if move.type is MoveType.LAYOFF else _meld_kind(move)
    rank = _(KIND_NAME[kind])
    if final.type is MoveType.DISCARD:
        card = card_name(final.cards[0])
        if move.type is MoveType.LAYOFF:
            line = _("Lay off on {rank}, then discard {card}{gain}.")
        else:
            line = _("Meld {rank}, then discard {card}{gain}.")
        return line.format(rank=rank, card=card, gain=gain)
    line = (
        _("Lay off on {rank}{gain}.") if move.type is MoveType.LAYOFF else _("Meld {rank}{gain}.")
    )
    return line.format(rank=rank, gain=gain)


def _meld_kind(move: Move) -> int:
    """The natural kind (0..14) a new meld is of; 0 if it holds only wild cards."""
    for card in move.cards:
        if not is_wild_kind(CARD_KIND[card]):
            return CARD_KIND[card]
    return 0


__all__ = ["answer_reason", "describe", "discard_reason", "gain_words", "plan_reason"]
