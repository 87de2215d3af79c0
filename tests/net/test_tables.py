"""A table's own checks, without a network or real time: seats and tokens, who may move,
intents never played twice, the turn clock and its bank, undo when a save fails."""

from __future__ import annotations

import pytest

from canasta.net.protocol import CODE_ALPHABET, CODE_LENGTH, ClockOption, Intent
from canasta.net.tables import Table, TableError, TableOptions, new_code, token_hash


def started(clock: ClockOption | None = None, players: int = 2) -> tuple[Table, list[str]]:
    table = Table("ab12", TableOptions(players=players, clock=clock), new_code())
    tokens = [table.sit(0, "Ann"), table.sit(1, "Bob")]
    table.set_ready(0, True)
    table.set_ready(1, True)
    table.start(0, seed=7, game_id="0123abcd", now=100.0)
    return table, tokens


def test_tokens_are_unguessable_and_only_their_hash_is_kept() -> None:
    table, tokens = started()
    assert len(set(tokens)) == 2 and all(len(t) == 32 for t in tokens)
    assert table.chairs[0].token == token_hash(tokens[0]) != tokens[0]
    assert table.chair_of(tokens[1]) == 1
    assert table.chair_of("x" * 32) is None
    code = new_code()
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)


def test_chairs_and_start_are_checked() -> None:
    table = Table("ab12", TableOptions(players=4), "AAAAAA")
    table.sit(0, "Ann")
    with pytest.raises(TableError) as caught:
        table.sit(0, "Eve")
    assert caught.value.code == "chair_taken"
    with pytest.raises(TableError) as caught:
        table.sit(4, "Eve")
    assert caught.value.code == "no_chair"
    table.sit(2, "Bob")
    table.set_ready(0, True)
    with pytest.raises(TableError) as caught:
        table.start(2, 1, "0123abcd", 0.0)
    assert caught.value.code == "not_host"
    with pytest.raises(TableError) as caught:
        table.start(0, 1, "0123abcd", 0.0)
    assert (caught.value.code, caught.value.details) == ("not_ready", {"chairs": "3"})  # from 1
    assert caught.value.message == "Not everyone is ready yet: chair 3."
    info = table.info()
    assert [c.side for c in info.chairs] == [0, 1, 0, 1]  # partners sit opposite
    assert [c.computer for c in info.chairs] == [False, True, False, True]
    assert info.code is None and table.info(with_code=True).code == "AAAAAA"


def test_only_the_mover_moves_and_no_intent_is_played_twice() -> None:
    table, _ = started()
    mover = table.mover()
    assert mover is not None
    other = 1 - mover
    with pytest.raises(TableError) as caught:
        table.parse(other, Intent(ref=1, move="draw"))
    assert caught.value.code == "not_your_turn"
    moves = table.parse(mover, Intent(ref=1, move="draw"))
    table.book(mover, len(moves), 101.0, by_person=True, ref=1)
    table.play(moves)
    with pytest.raises(TableError) as caught:
        table.parse(mover, Intent(ref=1, move="draw"))
    assert caught.value.code == "duplicate"
    with pytest.raises(TableError) as caught:
        table.parse(mover, Intent(ref=2, move="draw"))
    assert caught.value.code == "wrong_phase"  # the engine's refusal, with its code
    with pytest.raises(TableError) as caught:
        table.parse(mover, Intent(ref=3, move="meld ZZ"))
    assert caught.value.code == "bad_move"


def test_a_move_that_cannot_be_saved_is_unbooked_and_never_played() -> None:
    table, _ = started()
    mover = table.mover()
    assert mover is not None
    before = table.game.hand.view_for(mover)
    booked = table.book(mover, 1, 101.0, True, 1)
    assert table.seq == 1 and table.chairs[mover].last_ref == 1 and table.moved_at == 101.0
    assert table.game.hand.move_count == 0  # played only once saved
    table.unbook(booked)
    assert table.seq == 0 and table.moved_at == 100.0 and table.game.hand.view_for(mover) == before
    assert table.chairs[mover].last_ref == -1  # the same intent may be sent again


def test_the_turn_clock_spends_the_bank_after_the_move_limit() -> None:
    table, _ = started(ClockOption(move_seconds=10, bank_seconds=30))
    mover = table.mover()
    assert mover is not None
    assert table.clock_deadline() == 100.0 + 10 + 30
    info = table.clock_info(104.0)
    assert info is not None and (info.move_left, info.bank_left) == (6.0, 30.0)
    # 25 seconds for the draw: 10 free, 15 from the bank (30 - 15 = 15 left).
    moves = table.parse(mover, Intent(ref=1, move="draw"))
    table.book(mover, len(moves), 125.0, True)
    table.play(moves)
    assert table.chairs[mover].bank == 15.0
    assert table.clock_deadline() == 125.0 + 10 + 15
    info = table.clock_info(140.0)
    assert info is not None and (info.move_left, info.bank_left) == (0.0, 10.0)


def test_no_clock_means_no_deadline() -> None:
    table, _ = started()
    assert table.clock_deadline() is None and table.clock_info(200.0) is None


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(TableError) as caught:
        Table("ab12", TableOptions(preset="Speed"), "AAAAAA")
    assert caught.value.code == "bad_preset" and "Classic" in caught.value.message


def test_when_the_host_leaves_before_the_start_the_next_person_hosts() -> None:
    table = Table("ab12", TableOptions(players=4), "AAAAAA")
    table.sit(0, "Ann")
    table.sit(3, "Dan")
    table.leave(0)
    assert table.host == 3 and not table.chairs[0].human
    table.set_ready(3, True)
    table.start(3, seed=1, game_id="0123abcd", now=0.0)
    assert table.status == "playing"


def test_an_away_chair_says_how_long_until_a_computer_takes_it_over() -> None:
    """The chair map tells the others how long the table waits."""
    table, _tokens = started()
    for chair in range(2):
        table.connect(chair, 100.0)
    assert [c.takeover_in for c in table.info(True, now=100.0, grace=25.0).chairs] == [None, None]
    table.disconnect(1, 103.0)
    info = table.info(True, now=110.0, grace=25.0)
    assert [c.takeover_in for c in info.chairs] == [None, 18.0]  # 103 + 25 - 110
    assert table.info(True, now=140.0, grace=25.0).chairs[1].takeover_in == 0.0
    assert table.info(True).chairs[1].takeover_in is None  # no clock given: not said
    table.chairs[1].taken_over = True  # the grace period is over: a computer plays
    assert table.info(True, now=130.0, grace=25.0).chairs[1].takeover_in is None
    lobby = Table("cd34", TableOptions(players=2), new_code())
    lobby.sit(0, "Ann")
    lobby.disconnect(0, 5.0)  # before the start nobody takes over
    assert lobby.info(True, now=6.0, grace=25.0).chairs[0].takeover_in is None
