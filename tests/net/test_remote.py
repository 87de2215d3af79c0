"""The table's controller over the network, against a real server on loopback: two
:class:`OnlineLink` s (as two game windows would hold) play a whole two-player hand through
the controller interface the table scene uses, from the lobby to the scores."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path

from canasta.controller import Applied, HandEnded, Refused, TableControl
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import Code, Refusal
from canasta.net.background import BackgroundClient
from canasta.net.link import OnlineLink
from canasta.net.protocol import CODE_LENGTH
from canasta.net.remote import UNAVAILABLE, RemoteTableControl
from tests.net.helpers import ServerThread


class Links:
    """Two links to one server; :meth:`until` pumps both, waking on every message."""

    def __init__(self, url: str) -> None:
        self.arrived = threading.Semaphore(0)

        def make(address: str, name: str, token: str | None = None) -> BackgroundClient:
            return BackgroundClient(address, name, token, on_message=self.arrived.release)

        self.ann = OnlineLink(url, "Ann", make_client=make)
        self.bob = OnlineLink(url, "Bob", make_client=make)

    def pump(self) -> None:
        self.ann.pump()
        self.bob.pump()

    def until(self, test: Callable[[], bool], what: str) -> None:
        """Pump until ``test()`` holds; each wait is for the next message (30 s at most)."""
        self.pump()
        while not test():
            assert self.arrived.acquire(timeout=30), (
                f"no message while waiting for {what}: {self.debug()}"
            )
            self.pump()

    def debug(self) -> str:
        return str(
            [(link.problem, link.client.client.received[-2:]) for link in (self.ann, self.bob)]
        )

    def close(self) -> None:
        self.ann.close()
        self.bob.close()


def intent_for(control: TableControl, move: Move) -> Refusal | None:
    """The person's gesture that makes ``move``, through the controller interface."""
    kind = move.type
    if kind in (MoveType.DRAW, MoveType.DECLINE):
        return control.intent_draw()
    if kind is MoveType.TAKE:
        return control.intent_take(move.cards)
    if kind is MoveType.MELD:
        return control.intent_meld(move.cards)
    if kind is MoveType.LAYOFF:
        return control.intent_layoff(move.target, move.cards)
    if kind is MoveType.DISCARD:
        return control.intent_discard(move.cards)
    return control.intent_answer(kind is MoveType.YES) if kind in (MoveType.YES, MoveType.NO) \
        else control.intent_ask()  # fmt: skip


def seat_two(links: Links) -> tuple[RemoteTableControl, RemoteTableControl]:
    """Ann creates a private table, Bob joins by its code, both ready, Ann starts."""
    ann, bob = links.ann, links.bob
    links.until(lambda: ann.welcomed and bob.welcomed, "the welcome")
    ann.create(players=2, public=False, level="random")
    links.until(lambda: ann.table is not None and ann.table.code is not None, "the table")
    assert ann.table is not None and ann.host and ann.chair == 0
    code = ann.table.code
    assert code is not None and len(code) == CODE_LENGTH
    bob.join_code(code.lower())  # typed in lower case: the code is the same
    links.until(lambda: bob.table is not None, "Bob's seat")
    assert bob.chair == 1 and not bob.host
    ann.ready(True)
    bob.ready(True)
    links.until(lambda: ann.table is not None and all(c.ready for c in ann.table.chairs),
                "both ready")  # fmt: skip
    assert ann.chair_name(1) == "Bob" and bob.chair_name(0) == "Ann"
    ann.start()
    links.until(lambda: ann.started and bob.started, "the first view")
    assert ann.game is not None and bob.game is not None
    return ann.game, bob.game


def test_two_links_play_a_whole_hand_through_the_controller_interface(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, rate=1000.0, burst=1000.0)  # faster than people
    links = Links(server.url)
    rng = random.Random(14)
    try:
        ann, bob = seat_two(links)
        assert isinstance(ann, TableControl) and isinstance(bob, TableControl)
        assert ann.person == 0 and bob.person == 1
        assert ann.view().names == ("Ann", "Bob") == bob.view().names  # shown at the seats
        assert len(ann.view().hand) == 15 and ann.view().seen.hand_sizes == (15, 15)
        seen: dict[int, list[object]] = {0: [], 1: []}
        moves = 0
        while True:
            for control in (ann, bob):
                seen[control.person or 0] += control.drain_events()
            if any(isinstance(e, HandEnded) for e in seen[0]) and any(
                isinstance(e, HandEnded) for e in seen[1]
            ):
                break
            mover = next((c for c in (ann, bob) if c.person_to_move()), None)
            if mover is None:
                assert links.arrived.acquire(timeout=30), "the hand stalled"
                links.pump()
                continue
            view = mover.view()
            assert not (ann.person_to_move() and bob.person_to_move())
            legal = list(view.seen.legal_moves)
            # Draw, meld or lay off when it can, so the hand moves on, else discard.
            plays = [m for m in legal if m.type in (MoveType.MELD, MoveType.LAYOFF)]
            move = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
            hand_before = len(view.hand)
            assert intent_for(mover, move) is None, move
            assert not mover.person_to_move()  # waits for the server's word
            moves += 1
            other = bob if mover is ann else ann
            seat = mover.person
            links.until(lambda: any(isinstance(e, Applied | Refused) for e in mover.events),  # noqa: B023
                        "the move's event")  # fmt: skip
            events = mover.drain_events()
            seen[seat or 0] += events
            applied = [e for e in events if isinstance(e, Applied)]
            assert applied and applied[0].seat == seat and applied[0].move.type is move.type
            if move.type is MoveType.DRAW:
                grown = len(mover.view().hand) - hand_before
                assert grown >= 1  # the card(s) drawn, red threes laid out and replaced
                links.until(lambda: other.model.move_count == mover.model.move_count,  # noqa: B023
                            "the other side's view")  # fmt: skip
                theirs = [e for e in other.drain_events() if isinstance(e, Applied)]
                seen[other.person or 0] += theirs
                draw = next(e for e in theirs if e.move.type is MoveType.DRAW)
                assert draw.seat == seat and draw.move.cards == ()  # no card named
                assert other.view().seen.hand_sizes[seat or 0] == len(mover.view().hand)
        for control in (ann, bob):
            ended = [e for e in seen[control.person or 0] if isinstance(e, HandEnded)]
            assert len(ended) == 1
            assert control.hand_score is not None and control.game.scores == [control.hand_score]
            assert ended[0].totals == tuple(control.game.totals)
            assert sum(control.hand_score.totals) == sum(control.game.totals)
            # The hand is over: every hand is shown, as at the local table.
            shown = control.view().revealed
            assert shown is not None and ended[0].hands == shown
            assert shown[control.person or 0] == control.view().hand
            # The seed revealed gives the cards this seat was dealt and drew: verified.
            assert control.game.deal_proof == ("Deal verified", True)
            assert control.witness.dealt is not None and control.witness.draws != []
            view = control.view()
            if control.reason == "went_out":  # the prompt names who went out
                assert view.went_out is not None and shown[view.went_out] == ()
            else:
                assert view.went_out is None and view.stock_ran_out is (
                    control.reason == "stock_exhausted"
                )
        assert ann.game.totals == bob.game.totals
        assert ann.view().revealed == bob.view().revealed
        assert moves >= 10
    finally:
        links.close()
        server.stop()


def test_refusals_come_at_once_or_from_the_server_and_hint_and_reset_say_why(
    tmp_path: Path,
) -> None:
    server = ServerThread(tmp_path, rate=1000.0, burst=1000.0)  # faster than people
    links = Links(server.url)
    try:
        ann, bob = seat_two(links)
        mover, other = (ann, bob) if ann.person_to_move() else (bob, ann)
        # Out of turn: refused here, in the rule's words, nothing sent.
        refusal = other.intent_draw()
        assert refusal is not None and refusal.code is Code.NOT_YOUR_TURN
        event = other.drain_events()[-1]
        assert isinstance(event, Refused) and "turn" in event.message.lower()
        # Two cards to discard: the engine's own refusal at once.
        hand = mover.view().hand
        refusal = mover.intent_discard(hand[:2])
        assert refusal is not None and refusal.code is Code.DISCARD_ONE
        # A move the server refuses (sent past the shadow): its words come back.
        links.ann.send_intent("discard", None) if mover is ann else links.bob.send_intent(
            "discard", None
        )
        links.until(lambda: any(isinstance(e, Refused) for e in mover.events), "the refusal")
        refused = [e for e in mover.drain_events() if isinstance(e, Refused)]
        assert refused[-1].message and refused[-1].refusal.code in (Code.WRONG_PHASE,
                                                                     Code.DISCARD_ONE)  # fmt: skip
        # Hint and reset: not online, and the reason is there to show.
        assert mover.request_hint() is False and mover.reset_turn() is False
        assert mover.unavailable("hint") == UNAVAILABLE["hint"]
        assert mover.unavailable("reset") == UNAVAILABLE["reset"]
        assert mover.view().can_reset is False
        # The turn clock is off at this table; the line has nothing to say.
        assert mover.clock_left() is None and links.ann.table_line() == ""
    finally:
        links.close()
        server.stop()


def test_partners_on_two_machines_ask_and_answer_through_the_server_messages() -> None:
    """Bob (seat 2) asks "may I go out?"; Ann (seat 0, another machine) is asked and says
    yes; each side's controller sees the other's move as the local table would show it.
    The messages are the server's own (its view and event builders) for a set position."""
    from canasta.engine.game import Game
    from canasta.engine.position import state_from_data
    from canasta.net.protocol import View
    from canasta.net.views import event_for, play_move, view_model

    hand = state_from_data(
        {
            "rules": {"players": 4, "ask_permission": True},
            "hands": [["4C", "6D", "8S"], ["5H", "9C", "TD"], ["QS", "QH", "QD", "5C"], ["JH"]],
            "melds": [{"K": ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]}, {}],
            "pile": ["7C"],
            "turn": 2,
            "phase": "play",
        }
    )
    game = Game(hand.rules, 1)
    game.hand = hand
    sent: dict[int, list[tuple[str | None, list[str] | None]]] = {0: [], 2: []}

    def control(seat: int) -> RemoteTableControl:
        first = View(view=view_model(hand.view_for(seat), game))
        return RemoteTableControl(hand.rules, lambda m, p: sent[seat].append((m, p)), first)

    ann, bob = control(0), control(2)

    def serve(seat: int) -> None:
        """The server plays the seat's last intent and tells both partners."""
        move = hand.parse_move(sent[seat][-1][0] or "")
        assert hand.check(move, seat) is None
        diff = play_move(hand, move)
        for who, remote in ((0, ann), (2, bob)):
            remote.receive(event_for(diff, len(hand.history), who,
                                     view_model(hand.view_for(who), game), "person",
                                     None))  # fmt: skip

    assert bob.person_to_move() and not ann.person_to_move() and ann.computer_to_move()
    assert bob.view().can_ask and bob.intent_ask() is None and sent[2] == [("ask", None)]
    assert not bob.person_to_move()  # waits for the server's word
    serve(2)
    assert ann.asking_person() and ann.view().asking and ann.view().person_to_move
    assert [e for e in ann.drain_events() if isinstance(e, Applied)] == [
        Applied(2, Move(MoveType.ASK), "ask")
    ]
    assert ann.intent_answer(True) is None and sent[0] == [("yes", None)]
    serve(0)
    assert [e for e in bob.drain_events() if isinstance(e, Applied)][-1] == Applied(
        0, Move(MoveType.YES), "yes"
    )
    assert bob.person_to_move() and bob.view().seen.permission is True
    assert not ann.asking_person()
