"""Game records: a thousand simulated hands written and read back, every kind of broken
record refused with its reason, format 1 read, and pruning to the kept count."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

from canasta.engine import CLASSIC, HandState
from canasta.engine.position import state_to_data
from canasta.engine.rules import RuleSet
from canasta.persistence.paths import default_paths
from canasta.persistence.records import (
    GameRecordModel,
    RecordError,
    canonical,
    load_record,
    parse_record,
    prune_records,
    recent_records,
    record_json,
    replay_record,
    same_state,
    seats_for,
)
from canasta.persistence.saves import hand_record
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from tests.persistence.helpers import boundaries, controller_for

HANDS = 1000
#: Every this many hands, every intermediate state is compared too (not just the last).
EVERY_STATE = 10
VARIANTS = [
    {"players": 2},
    {"players": 4},
    {"players": 2, "draw_two": True},
    {"players": 4, "ask_permission": True},
    {"players": 2, "pile_always_frozen": True},
]


def simulate(rules: RuleSet, deal: int, dealer: int, seed: int) -> tuple[HandState, list[dict]]:
    """A random legal hand on the fast unchecked path; its end and (sometimes) each state."""
    hand = HandState.deal(rules, deal, dealer)
    hand.keep_snapshots = False
    rng = random.Random(seed)
    states = [canonical(hand)] if seed % EVERY_STATE == 0 else []
    while not hand.ended:
        hand.apply(rng.choice(hand.legal_moves()))
        if states:
            states.append(canonical(hand))
    return hand, states


def one_hand_record(rules: RuleSet, hand: HandState, n: int) -> GameRecordModel:
    totals = hand.score().totals
    winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
    return GameRecordModel(
        game_id=f"{n:016x}", finished_at="2025-01-01T00:00:00", seed=n, level="medium",
        seats=seats_for(rules.players, "medium"), rules=rules.to_dict(),
        hands=[hand_record(hand, totals)], totals=totals, winner=winner,
    )  # fmt: skip


@pytest.mark.parametrize(
    "count",
    # A thousand hands under the slow marker (CI); the quick run replays the first 120.
    [pytest.param(HANDS, marks=pytest.mark.slow, id="thousand"), pytest.param(120, id="quick")],
)
def test_a_thousand_simulated_hands_replay_from_their_records_to_the_same_states(tmp_path, count):
    folder = tmp_path / "games"
    folder.mkdir()
    expected = {}
    for n in range(count):
        options = VARIANTS[n % len(VARIANTS)]
        rules = CLASSIC.with_options(quick_game=True, **options)
        hand, states = simulate(rules, 7_000 + n * 13, n % rules.players, n)
        path = folder / f"{n:016x}.json"
        path.write_bytes(record_json(one_hand_record(rules, hand, n)))
        expected[path.name] = (canonical(hand), hand.score(), len(hand.history), states)
    checked_states = 0
    for path in sorted(folder.iterdir()):
        end, score, moves, states = expected[path.name]
        model, hands = load_record(path, keep_states=bool(states))
        (played,) = hands
        assert canonical(played.final) == end
        assert played.score == score and played.record.totals == score.totals
        assert len(played.moves) == moves and played.final.ended
        if states:
            assert [canonical(s) for s in played.states] == states
            checked_states += len(states)
    assert len(expected) == count
    assert checked_states > 10 * count // EVERY_STATE  # many states, not a handful


def test_a_full_game_record_replays_hand_after_hand():
    session = Session(Store())
    session.new_game(seed=5)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    game = session.current.game
    (path,) = recent_records(default_paths().games)
    model, hands = load_record(path)
    assert [h.record.deal_number for h in hands] == game.deal_numbers
    assert [h.score for h in hands] == game.scores
    assert same_state(hands[-1].final, game.hand)
    assert [s.player for s in model.seats] == ["person", "computer"]
    assert model.winner == game.winner and model.totals == tuple(game.totals)
    for played in hands:  # each state follows from the one before by the recorded move
        assert len(played.states) == len(played.moves) + 1
        assert all(played.states[i].mover == seat for i, seat in enumerate(played.movers))


@pytest.fixture
def record_file(tmp_path) -> Path:
    rules = CLASSIC.with_options(quick_game=True)
    hand, _ = simulate(rules, 4242, 1, 3)
    path = tmp_path / "0000000000000003.json"
    path.write_bytes(record_json(one_hand_record(rules, hand, 3)))
    return path


def edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def refused(path: Path) -> str:
    with pytest.raises(RecordError) as caught:
        load_record(path)
    return str(caught.value)


def test_a_record_that_is_not_json_is_refused(record_file):
    record_file.write_text('{"schema_version": 2, "hands": [')
    assert refused(record_file).startswith(f"{record_file}: the game record is not JSON (")


def test_a_record_with_a_missing_field_names_it(record_file):
    edit(record_file, lambda d: d["hands"][0].pop("moves"))
    assert "the game record is not valid (hands.0.moves: Field required)" in refused(record_file)
    edit(record_file, lambda d: d.pop("hands"))
    assert "(hands: Field required)" in refused(record_file)


def test_an_illegal_move_is_refused_with_its_number_and_rule(record_file):
    data = json.loads(record_file.read_text())
    moves = data["hands"][0]["moves"]
    k = next(i for i, m in enumerate(moves) if m == "draw" and i > 4)
    moves[k] = "take"  # the pile instead of the stock, without the cards to take it
    record_file.write_text(json.dumps(data))
    hand = HandState.deal(CLASSIC.with_options(quick_game=True), 4242, 1)
    for text in moves[:k]:
        hand.play(hand.parse_move(text))
    refusal = hand.check(hand.parse_move("take"))
    assert refusal is not None
    assert refused(record_file) == (
        f"{record_file}: hand 1, move {k + 1} ('take') was refused "
        f"({refusal.code.value}): {refusal.message()}"
    )


def test_a_move_naming_a_card_not_held_is_refused(record_file):
    def change(data):
        moves = data["hands"][0]["moves"]
        k = next(i for i, m in enumerate(moves) if m.startswith("discard"))
        moves[k] = "discard 3S 3S 3S 3S 3S"

    edit(record_file, change)
    message = refused(record_file)
    assert ", move " in message and "was refused (bad_move):" in message
    # The seat holds one 3S or none: either way the message counts what it holds.
    assert re.search(r"(3S is not in seat 0's hand|seat 0's hand holds only one 3S; "
                     r"the move names five)$", message), message  # fmt: skip


def test_a_truncated_record_and_wrong_scores_are_refused(record_file):
    original = record_file.read_text()
    edit(record_file, lambda d: d["hands"][0]["moves"].pop())
    assert "before the hand is over" in refused(record_file)
    record_file.write_text(original)
    edit(record_file, lambda d: d["hands"][0].update(totals=[1, 2]))
    assert "hand 1: the moves score" in refused(record_file)
    assert "the record says 1 to 2" in refused(record_file)
    record_file.write_text(original)
    edit(record_file, lambda d: d["hands"][0]["moves"].append("draw"))
    assert "the hand was already over" in refused(record_file)


def test_a_record_from_another_version_is_refused(record_file):
    edit(record_file, lambda d: d.update(schema_version=7))
    assert "made by a newer version of Canasta (format 7" in refused(record_file)


def test_a_format_1_record_is_read_with_its_seats():
    rules = CLASSIC.with_options(players=4, quick_game=True)
    hand, _ = simulate(rules, 99, 0, 1)
    data = json.loads(record_json(one_hand_record(rules, hand, 1)))
    data.pop("seats")
    data["schema_version"] = 1
    model = parse_record(json.dumps(data))
    assert [(s.player, s.level) for s in model.seats] == [("person", None)] + [
        ("computer", "medium")
    ] * 3
    (played,) = replay_record(model)
    assert same_state(played.final, hand)
    assert state_to_data(played.final)["hands"] != [] and played.score == hand.score()


def test_records_are_pruned_to_the_newest(tmp_path):
    for n in range(6):
        path = tmp_path / f"{n:016x}.json"
        path.write_text("{}")
        os.utime(path, (1_000_000 + n, 1_000_000 + n))
    assert [p.name[-6:] for p in recent_records(tmp_path)][:2] == ["5.json", "4.json"]
    removed = prune_records(tmp_path, 4)
    assert sorted(p.name[-6:] for p in removed) == ["0.json", "1.json"]
    assert sorted(p.name[-6:] for p in tmp_path.iterdir()) == [f"{n}.json" for n in range(2, 6)]


def test_a_finished_game_prunes_to_the_setting():
    folder = default_paths().games
    folder.mkdir(parents=True)
    for n in range(5):
        (folder / f"{n:016x}.json").write_text("{}")
        os.utime(folder / f"{n:016x}.json", (1_000 + n, 1_000 + n))
    session = Session(Store())
    session.update_settings(game_type="quick", replays_kept=3)
    session.new_game(seed=11)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    kept = sorted(p.stem for p in folder.iterdir())
    assert kept == sorted([session.current.game_id, f"{3:016x}", f"{4:016x}"])


def test_a_record_from_a_server_is_kept_once_and_a_bad_one_not_at_all(record_file, tmp_path):
    store = Store(default_paths({"CANASTA_HOME": str(tmp_path / "home")}))
    data = json.loads(record_file.read_text())
    path = store.keep_record(data)
    assert path is not None and path.name == "0000000000000003.json"
    assert json.loads(path.read_text()) == data  # the same record, as written here
    path.write_text(path.read_text() + " ")
    assert store.keep_record(data) == path and path.read_text().endswith(" ")  # once
    bad = dict(data, game_id="../../etc")  # not an id: nothing written anywhere
    assert store.keep_record(bad) is None
    assert sorted(p.name for p in path.parent.iterdir()) == ["0000000000000003.json"]
