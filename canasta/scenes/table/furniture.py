"""Words and pieces the table's sections share: seat names, the prompt, badges and chips.

Everything here reads the person's :class:`~canasta.controller.TableView`. Sizes are pixels.
"""

from __future__ import annotations

import pygame

from canasta.controller import TableView
from canasta.engine.moves import MoveType
from canasta.engine.refusals import Code
from canasta.i18n import _
from canasta.ui.layout import TableLayout
from canasta.ui.widgets import Badge

FROST_BLUE = (150, 210, 255)
BLOCKED_RED = (200, 40, 40)


def seat_name(seat: int, me: int, players: int, watching: bool = False) -> str:
    """What the person calls a seat: You, Partner, West, East, or Opponent.

    ``watching`` (a demo, computers in every seat) names the seats by compass point.
    """
    rel = (seat - me) % players
    if watching:
        return ("South", "North")[rel] if players == 2 else ("South", "West", "North", "East")[rel]
    if rel == 0:
        return "You"
    if players == 2:
        return "Opponent"
    return ("You", "West", "Partner", "East")[rel]


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
    Code.PILE_TOP_BLACK_THREE: " (a black three blocks the pile)",
    Code.PILE_TOP_WILD: " (a wild card on top: the pile can't be taken)",
}


def _empty_stock_prompt(moves: set[MoveType]) -> str:
    """What the person may do once the stock is empty, by the table's rule (matrix row 18)."""
    if MoveType.DECLINE in moves:
        return "The stock is empty: take the pile to play on, or click the stock to decline it."
    if MoveType.DRAW in moves and MoveType.TAKE in moves:
        return "The stock is empty: take the pile, or click the stock to end the hand."
    if MoveType.DRAW in moves:
        return "The stock is empty: click the stock to end the hand."
    return "The stock is empty and the top card fits your meld: take the pile (forced take)."


def prompt_for(view: TableView) -> str:
    """The one-line prompt shown in the message strip for the moment ``view`` shows."""
    seen = view.seen

    def name(seat: int) -> str:
        return name_of(view, seat)

    if view.ended:
        if view.went_out is not None:
            who = name(view.went_out)
            ended = f"{who} went out"
        elif view.stock_ran_out:
            ended = "The stock ran out"
        else:
            ended = "The hand is over"
        if view.watching:
            return f"{ended}."
        return f"{ended}: look at the hands, then click or press Enter for the scores."
    if view.asking:
        return f"Partner ({seen.hand_sizes[seen.turn]} cards) asks: may I go out?"
    if not view.person_to_move:
        who = name(seen.mover)
        if view.phase == "answer":
            return f"{who} is answering: may {name(seen.turn)} go out?"
        return f"{who} is playing\u2026"
    side = seen.side
    if view.phase == "draw":
        if not seen.stock_size:
            return _empty_stock_prompt({m.type for m in seen.legal_moves})
        if view.pile_closed is not None:
            return f"Your turn: draw from the stock{PILE_CLOSED[view.pile_closed]}."
        return "Your turn: draw from the stock, or take the pile."
    if seen.permission is True:
        return "Your partner said yes: go out this turn."
    if not seen.opened[side] and seen.turn_melded:
        minimum = view.opening_minimums[side]
        return f"Melds so far: {seen.opening_points} of the {minimum} you need to open."
    return "Meld, lay off, or discard a card to end your turn."


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
