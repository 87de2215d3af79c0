"""Computer-against-computer games driven through a Session, stopping at turn boundaries."""

from __future__ import annotations

from collections.abc import Iterator

from canasta.ai import HeuristicPlayer
from canasta.ai.player import Player
from canasta.controller import TableController
from canasta.engine.game import Game
from canasta.engine.moves import MoveType
from canasta.persistence.session import Session


def controller_for(game: Game) -> TableController:
    """Computer players in every seat (seat 0 plays for the person)."""
    seats: list[Player | None] = [HeuristicPlayer() for _ in range(game.rules.players)]
    return TableController(game, seats)


def boundaries(session: Session, controller: TableController) -> Iterator[int]:
    """Play the session's game on, calling ``turn_ended`` at every turn boundary and
    dealing on after each hand; yield the number of boundaries so far each time."""
    count = 0
    while True:
        game = controller.game
        if game.hand.ended:
            if game.over:
                return
            session.next_hand(controller.next_hand)
            count += 1
            yield count
            continue
        move = controller.step_computer()
        assert move is not None
        if move.type is MoveType.DISCARD or controller.hand.ended:
            session.turn_ended()
            count += 1
            yield count
