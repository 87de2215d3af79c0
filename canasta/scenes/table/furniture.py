"""Words and pieces the table's sections share: seat names, the prompt, badges and chips.

Everything here reads the person's :class:`~canasta.controller.TableView`. Sizes are pixels.
"""

from __future__ import annotations

import pygame

from canasta.controller import TableView
from canasta.engine.moves import MoveType
from canasta.engine.refusals import Code
from canasta.i18n import N_, _, ngettext, number
from canasta.ui.layout import TableLayout
from canasta.ui.widgets import Badge

FROST_BLUE = (150, 210, 255)
BLOCKED_RED = (200, 40, 40)


#: The seats of four as the person calls them, from the person's own seat clockwise.
PLACES = (N_("You"), N_("West"), N_("Partner"), N_("East"))
#: The seats of four by compass point, the person South.
COMPASS = (N_("South"), N_("West"), N_("North"), N_("East"))


def seat_name(seat: int, me: int, players: int, watching: bool = False) -> str:
    """What the person calls a seat: You, Partner, West, East, or Opponent.

    ``watching`` (a demo, computers in every seat) names the seats by compass point.
    """
    rel = (seat - me) % players
    if watching:
        names = (N_("South"), N_("North")) if players == 2 else COMPASS
        return _(names[rel])
    if rel == 0:
        return _("You")
    if players == 2:
        return _("Opponent")
    return _(PLACES[rel])


def seat_plate(seat: int, me: int, players: int, watching: bool = False) -> str:
    """The name on a seat's plate: :func:`seat_name`, with the partner's compass point
    ("Partner (North)") so the plates name the seats as the demo and West and East do."""
    name = seat_name(seat, me, players, watching)
    if players == 4 and not watching and (seat - me) % players == 2:
        return _("{name} (North)").format(name=name)
    return name


def name_of(view: TableView, seat: int, plate: bool = False) -> str:
    """A seat as the table shows it: another player's own name where the table knows
    it (online), else what the person calls the seat (:func:`seat_name`; with ``plate``,
    as its plate names it, :func:`seat_plate`)."""
    if view.names is not None and seat != view.seat and not view.watching:
        return view.names[seat]
    name = seat_plate if plate else seat_name
    return name(seat, view.seat, view.players, view.watching)


#: Why no cards at all could take the pile now, by refusal code: the prompt's words.
PILE_CLOSED = {
    Code.PILE_EMPTY: "",
    Code.PILE_TOP_BLACK_THREE: N_(" (a black three blocks the pile)"),
    Code.PILE_TOP_WILD: N_(" (a wild card on top: the pile can't be taken)"),
}


def hand_can_take(view: TableView) -> bool:
    """Whether the person's legal moves now include taking the pile (True when the view
    lists no moves at all: nothing is then claimed). The prompt and the pile's glow both
    ask this, so neither offers a pile the hand cannot take."""
    moves = view.seen.legal_moves
    return view.pile_closed is None and (not moves or any(m.type is MoveType.TAKE for m in moves))


def _empty_stock_prompt(moves: set[MoveType]) -> str:
    """What the person may do once the stock is empty, by the table's rule
    (docs/rules.md#empty-stock)."""
    if MoveType.DECLINE in moves:
        return _("The stock is empty: take the pile to play on, or click the stock to decline it.")
    if MoveType.DRAW in moves and MoveType.TAKE in moves:
        return _("The stock is empty: take the pile, or click the stock to end the hand.")
    if MoveType.DRAW in moves:
        return _("The stock is empty: click the stock to end the hand.")
    return _(
        "The stock is empty and the top card goes on one of your melds: you must take the pile."
    )


def prompt_for(view: TableView) -> str:
    """The one-line prompt shown in the message strip for the moment ``view`` shows."""
    seen = view.seen

    def name(seat: int) -> str:
        return name_of(view, seat)

    if view.ended:
        if view.went_out is not None:
            who = name(view.went_out)
            ended = _("{who} went out").format(who=who)
        elif view.stock_ran_out:
            ended = _("The stock ran out")
        else:
            ended = _("The hand is over")
        if view.watching:
            return _("{ended}.").format(ended=ended)
        return _("{ended}: look at the hands, then click or press Enter for the scores.").format(
            ended=ended
        )
    if view.asking:
        cards = seen.hand_sizes[seen.turn]
        return ngettext(
            "Partner ({n} card) asks: may I go out?",
            "Partner ({n} cards) asks: may I go out?",
            cards,
        ).format(n=cards)
    if not view.person_to_move:
        who = name(seen.mover)
        if seen.mover in view.away:  # nobody plays for them yet (online)
            return _("The table waits for {who}\u2026").format(who=who)
        if view.phase == "answer":
            if seen.turn == view.seat and not view.watching:  # the person asked
                return _("{who} is answering your question: may you go out?").format(who=who)
            return _("{who} is answering: may {asker} go out?").format(
                who=who, asker=name(seen.turn)
            )
        return _("{who} is playing\u2026").format(who=who)
    side = seen.side
    if view.phase == "draw":
        if not seen.stock_size:
            return _empty_stock_prompt({m.type for m in seen.legal_moves})
        if view.pile_closed is not None:
            why = PILE_CLOSED[view.pile_closed]
            return _("Your turn: draw from the stock{why}.").format(why=_(why) if why else "")
        if not hand_can_take(view):  # open, but e.g. frozen and no natural pair in hand
            why = _(" (your cards can't take the pile now)")
            return _("Your turn: draw from the stock{why}.").format(why=why)
        return _("Your turn: draw from the stock, or take the pile.")
    if seen.permission is True:
        return _("Your partner said yes: go out this turn.")
    if not seen.opened[side] and seen.turn_melded:
        minimum = view.opening_minimums[side]
        return _("Melds so far: {points} of the {minimum} you need to open.").format(
            points=number(seen.opening_points), minimum=number(minimum)
        )
    return _("Meld, lay off, or discard a card to end your turn.")


def font_px(layout: TableLayout) -> int:
    """The table's label size for a layout (px)."""
    return max(14, round(layout.card[1] * 0.16))


def chip(
    surface: pygame.Surface,
    text: str,
    bg: tuple[int, int, int],
    fg: tuple[int, int, int],
    anchor: pygame.Rect,
    size: int,
    above: bool,
) -> None:
    """A small label centred over (``above``) or under ``anchor``."""
    y = anchor.y - 2 if above else anchor.bottom + 2
    Badge(bg, fg, size).draw(surface, text, (anchor.centerx, y))
