"""The game in progress: exact restore, every kind of broken save, records."""

from __future__ import annotations

import json

import pytest

from canasta.engine.position import state_to_data
from canasta.persistence.paths import default_paths
from canasta.persistence.records import parse_record
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from tests.persistence.helpers import boundaries, controller_for


def play_until(session: Session, count: int) -> None:
    controller = controller_for(session.current.game)
    for n in boundaries(session, controller):
        if n >= count:
            return
    raise AssertionError("the game ended before that many turn boundaries")


def finish(game) -> tuple[list[int], list[int]]:
    """Play a game to its end with computer players; return totals and deal numbers."""
    controller = controller_for(game)
    while True:
        if game.hand.ended:
            if game.over:
                return list(game.totals), list(game.deal_numbers)
            controller.next_hand()
        else:
            controller.step_computer()


@pytest.mark.parametrize("count", [1, 37, 140])
def test_a_saved_game_restores_exactly_and_plays_on_the_same(count):
    session = Session(Store())
    session.new_game(seed=2024)
    play_until(session, count)
    game = session.current.game
    other = Session(Store())
    restored = other.continue_game()
    assert restored is not None and restored is not game and other.current.replayed
    assert state_to_data(restored.hand) == state_to_data(game.hand)
    assert restored.hand.hands == game.hand.hands  # the very same card identities
    assert restored.hand.stock == game.hand.stock
    assert restored.totals == game.totals
    assert restored.scores == game.scores
    assert restored.deal_numbers == game.deal_numbers
    assert restored.dealer == game.dealer
    assert restored.rng_state() == game.rng_state()
    assert restored.rules == game.rules
    if count == 140:
        assert len(game.scores) >= 1  # the save crossed a hand boundary
    assert finish(restored) == finish(game)


def write_save(session: Session) -> dict:
    session.new_game(seed=77)
    play_until(session, 5)
    return json.loads(default_paths().save.read_text())


def broken_save(edit) -> tuple[Store, str]:
    """Write a real save, edit its data, and try to load it with a fresh store."""
    session = Session(Store())
    data = write_save(session)
    edit(data)
    default_paths().save.write_text(json.dumps(data))
    store = Store()
    assert store.load_game() is None
    notices = [str(n) for n in store.take_notices()]
    assert len(notices) == 1
    return store, notices[0]


def aside_files(name: str) -> list[str]:
    return sorted(p.name for p in default_paths().data.glob(f"{name}.corrupt-*"))


def test_a_save_with_a_missing_field_is_moved_aside_with_one_line(caplog):
    store, line = broken_save(lambda d: d.pop("rng_state"))
    # the player reads plain words; the log keeps the technical detail
    assert "(some of what it holds is not valid)" in line and "rng_state" not in line
    assert "rng_state: Field required" in caplog.text
    kept = aside_files("current_game.json")
    assert len(kept) == 1 and kept[0] in line
    assert not store.has_save()


def test_a_save_from_the_future_is_refused_and_kept(caplog):
    _, line = broken_save(lambda d: d.update(schema_version=7))
    assert "(a newer version of Canasta wrote it)" in line
    assert "newer version of Canasta (format 7; this version reads 1)" in caplog.text
    # not damaged: kept as .newer-TIME, never .corrupt-TIME
    assert aside_files("current_game.json") == []
    kept = sorted(p.name for p in default_paths().data.glob("current_game.json.newer-*"))
    assert len(kept) == 1 and f"kept as {kept[0]}" in line


def test_a_save_in_an_old_format_is_refused_not_crashed(caplog):
    _, line = broken_save(lambda d: d.update(schema_version=0))
    assert "(an older version of Canasta wrote it)" in line
    assert "old format (0)" in caplog.text


def test_totals_that_do_not_add_up_are_refused(caplog):
    def edit(d):
        d["totals"] = [d["totals"][0] + 5, d["totals"][1]]

    _, line = broken_save(edit)
    assert "(some of what it holds is not valid)" in line
    assert "totals do not add up" in caplog.text


def test_a_hand_from_another_deal_is_refused(caplog):
    def edit(d):
        d["hand"]["deal_number"] += 1

    _, line = broken_save(edit)
    assert "(some of what it holds is not valid)" in line
    assert "does not belong" in caplog.text


def test_a_truncated_save_is_moved_aside_and_settings_and_stats_stay():
    session = Session(Store())
    session.update_settings(players=4, speed="fast")
    write_save(session)
    path = default_paths().save
    path.write_bytes(path.read_bytes()[:500])
    store = Store()
    assert store.load_game() is None
    [line] = [str(n) for n in store.take_notices()]
    assert "(its text is damaged or cut short)" in line and "JSON" not in line
    fresh = Session(Store())
    assert fresh.settings.players == 4 and fresh.settings.speed == "fast"
    assert [str(n) for n in fresh.store.take_notices()] == []


def test_moves_that_do_not_replay_fall_back_to_the_position():
    session = Session(Store())
    data = write_save(session)
    data["moves"] = data["moves"][:-1]  # one move short: the replay misses the position
    default_paths().save.write_text(json.dumps(data))
    store = Store()
    saved = store.load_game()
    assert saved is not None and not saved.replayed
    assert state_to_data(saved.game.hand) == data["hand"]
    assert [str(n) for n in store.take_notices()] == []


def test_an_unwritable_folder_gives_one_line_and_the_game_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CANASTA_HOME", str(blocker / "home"))
    session = Session(Store())
    game = session.new_game(seed=3)
    play_until(session, 12)
    # one line for the reading, one for saving
    read, saving = [str(n) for n in session.store.take_notices()]
    assert read == (f"Could not read your settings and your stats: {blocker} is a file where "
                    "a folder should be. Defaults are in use for now.")  # fmt: skip
    assert saving == (f"Could not save the game: {blocker} is a file where a folder should "
                      "be. Play goes on; saving is tried again at every turn.")  # fmt: skip
    assert not game.hand.ended or game.scores
    assert session.update_settings(sound=False).sound is False  # kept in memory
    [line] = session.store.take_notices()
    assert str(line).startswith("Could not save the settings")


def test_a_finished_game_leaves_a_record_that_replays_to_the_same_scores():
    session = Session(Store())
    session.update_settings(game_type="quick")
    session.new_game(seed=11)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    game = session.current.game
    assert game.over and not session.has_saved_game()
    records = list(default_paths().games.glob("*.json"))
    assert [p.stem for p in records] == [session.current.game_id]
    record = parse_record(records[0].read_bytes())
    assert record.totals == tuple(game.totals) and len(record.hands) == 1
    from canasta.engine import HandState
    from canasta.engine.rules import RuleSet

    rules = RuleSet.from_dict(record.rules)
    for item in record.hands:
        hand = HandState.deal(rules, item.deal_number, item.dealer, item.side_scores)
        for text in item.moves:
            hand.play(hand.parse_move(text))
        assert hand.ended and hand.score().totals == item.totals


def test_replays_off_writes_no_record():
    session = Session(Store())
    session.update_settings(game_type="quick", replays=False)
    session.new_game(seed=11)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    assert not default_paths().games.exists()


def test_a_full_game_record_keeps_every_hand():
    session = Session(Store())
    session.new_game(seed=5)
    for n in boundaries(session, controller_for(session.current.game)):
        if n == 60:  # continue from the file part-way, as after a crash
            session = Session(Store())
            session.continue_game()
            break
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    game = session.current.game
    record = parse_record(next(default_paths().games.glob("*.json")).read_bytes())
    assert len(record.hands) == len(game.scores) == len(game.deal_numbers)
    assert [h.deal_number for h in record.hands] == game.deal_numbers
    assert [h.totals for h in record.hands] == [s.totals for s in game.scores]


def test_saved_after_every_discard_and_the_persons_final_moves() -> None:
    """The table's save points among moves: any seat's discard ends a turn; the person's
    stock draw, pile take and going-out question and answer are not taken back."""
    from canasta.engine.moves import MoveType
    from canasta.persistence.session import saved_after

    by_person = {t for t in MoveType if saved_after(t, True)}
    by_others = {t for t in MoveType if saved_after(t, False)}
    assert by_person == {
        MoveType.DISCARD, MoveType.DRAW, MoveType.TAKE, MoveType.ASK, MoveType.YES, MoveType.NO
    }  # fmt: skip
    assert by_others == {MoveType.DISCARD}
    assert not saved_after(MoveType.MELD, True) and not saved_after(MoveType.LAYOFF, True)
