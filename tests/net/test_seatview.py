"""A view message read back on a client gives the engine's own SeatView (through JSON)."""

from __future__ import annotations

import dataclasses
import random

from canasta.engine.game import Game
from canasta.engine.rules import CLASSIC
from canasta.net.protocol import View, encode, parse_server
from canasta.net.seatview import move_from_text, seat_view
from canasta.net.views import seat_views, view_model


def test_every_seat_view_survives_the_wire_over_whole_hands() -> None:
    checked = 0
    for players, seed in ((2, 1), (4, 2), (4, 3)):
        rules = CLASSIC.with_options(players=players)
        game = Game(rules, seed)
        hand = game.hand
        rng = random.Random(seed)
        while not hand.ended:
            for seat in range(players):
                original = hand.view_for(seat)
                wire = encode(View(view=view_model(original, game)))
                back = seat_view(parse_server(wire).view, rules)
                same = dataclasses.replace(back, legal_moves=original.legal_moves)
                assert same == original
                assert [m.text() for m in back.legal_moves] == [
                    m.text() for m in original.legal_moves
                ]
                checked += 1
            hand.apply(rng.choice(hand.legal_moves()))
    assert checked > 500


def test_a_move_text_takes_its_cards_from_the_hand() -> None:
    hand = (5, 32, 40, 86, 1)  # 7H is card 32 and card 86; 2C is card 1
    move = move_from_text("meld 7H 7H 2C", 1, hand)
    assert move.text() == "meld 7H 7H 2C" and move.cards == (32, 86, 1)
    try:
        move_from_text("meld 7H 7H 7H", 1, hand)
    except ValueError as error:
        assert str(error) == "seat 1's hand holds only two 7H; the move names three"
    else:
        raise AssertionError("a third 7H was found")


def test_the_views_of_a_move_are_each_seats_own() -> None:
    # Built at once with what every seat sees alike shared, each seat's view is the one
    # built for it alone, at every move of random hands (two and four players).
    rng = random.Random(3)
    checked = 0
    for players in (2, 4):
        game = Game(CLASSIC.with_options(players=players), players)
        while not game.hand.ended and checked < 400:
            seats = rng.sample(range(players), rng.randint(1, players))
            views = seat_views(game, seats)
            assert sorted(views) == sorted(seats)
            for seat in seats:
                alone = view_model(game.hand.view_for(seat), game)
                assert views[seat].model_dump() == alone.model_dump()
            checked += 1
            game.hand.apply(rng.choice(game.hand.legal_moves()))
    assert checked > 100
    assert seat_views(game, []) == {}
