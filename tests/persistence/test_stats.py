"""Stats: counting hands and games once, streaks, reset, a broken stats file."""

from __future__ import annotations

from canasta.engine.scoring import SideScore
from canasta.persistence.paths import default_paths
from canasta.persistence.session import Session
from canasta.persistence.stats import KINDS, Stats, kind_of
from canasta.persistence.store import Store
from tests.persistence.helpers import boundaries, controller_for

HAND = SideScore(melded=180, natural_canastas=1, mixed_canastas=1, canasta_bonus=800,
                 red_threes=2, red_three_points=200, going_out=200, in_hand=0)  # fmt: skip


def test_kinds():
    assert kind_of(2, False) == "2p-full" and kind_of(4, True) == "4p-quick"
    assert set(Stats().lines) == set(KINDS)


def test_a_hand_counts_once_and_adds_its_feats():
    stats = Stats()
    assert stats.record_hand("2p-full", "g1", 1, HAND, went_out=True, concealed=True)
    assert not stats.record_hand("2p-full", "g1", 1, HAND, went_out=True, concealed=True)
    line = stats.lines["2p-full"]
    assert (line.hands_played, line.natural_canastas, line.mixed_canastas) == (1, 1, 1)
    assert (line.red_threes, line.went_out, line.went_out_concealed) == (2, 1, 1)
    assert line.best_hand_score == 1380
    stats.record_hand("2p-full", "g1", 2, SideScore(10, 0, 0, 0, 0, 0, 0, -60), False, False)
    assert line.best_hand_score == 1380 and line.hands_played == 2 and line.went_out == 1
    assert stats.lines["4p-full"].hands_played == 0


def test_games_win_rate_and_streaks():
    stats = Stats()
    results = [(True, 5200), (True, 6100), (False, 3000), (True, 5050)]
    for i, (won, total) in enumerate(results):
        assert stats.record_game("4p-full", f"g{i}", won, total)
        assert not stats.record_game("4p-full", f"g{i}", won, total)
    line = stats.lines["4p-full"]
    assert (line.games_played, line.games_won) == (4, 3)
    assert line.win_rate == 0.75
    assert (line.current_streak, line.best_streak) == (1, 2)
    assert line.highest_winning_score == 6100
    assert Stats().lines["2p-quick"].win_rate is None


def test_a_played_quick_game_is_counted_from_its_scores():
    session = Session(Store())
    session.update_settings(game_type="quick")
    session.new_game(seed=21)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    game = session.current.game
    line = Session(Store()).stats.lines["2p-quick"]
    mine = game.scores[0].sides[0]
    assert (line.games_played, line.hands_played) == (1, 1)
    assert line.games_won == int(game.winner == 0)
    assert line.best_hand_score == mine.total
    assert line.natural_canastas == mine.natural_canastas
    assert line.red_threes == (mine.red_threes if mine.red_three_points > 0 else 0)
    assert line.went_out == int(game.hand.went_out % 2 == 0)


def test_a_crash_after_the_stats_do_not_count_the_hand_twice():
    session = Session(Store())
    session.update_settings(game_type="quick")
    session.new_game(seed=21)
    controller = controller_for(session.current.game)
    for _ in boundaries(session, controller):
        pass
    # As if the process died after counting but before forgetting the save:
    saved = session.current
    session.store.save_game(saved)
    again = Session(Store())  # the next start clears that save: nothing was missing
    assert [str(n) for n in again.store.take_notices()] == []
    assert again.continue_game() is None
    line = Session(Store()).stats.lines["2p-quick"]
    assert (line.games_played, line.hands_played) == (1, 1)
    assert not again.has_saved_game()


def test_reset_and_a_broken_stats_file(caplog):
    session = Session(Store())
    session.stats.record_game("2p-full", "x", True, 5100)
    session.store.save_stats(session.stats)
    assert Session(Store()).stats.lines["2p-full"].games_won == 1
    session.reset_stats()
    assert Session(Store()).stats.lines["2p-full"].games_played == 0
    default_paths().stats.write_text(
        '{"schema_version": 1, "lines": {"2p-full": {"games_won": -4}}}'
    )
    store = Store()
    assert store.load_stats() == Stats()
    [line] = [str(n) for n in store.take_notices()]
    assert line.startswith("Your stats could not be used (some of what it holds is not valid)")
    assert "ValidationError: lines.2p-full.games_won" in caplog.text  # the detail: the log
    assert list(default_paths().data.glob("stats.json.corrupt-*"))


def test_a_game_counted_late_after_another_began_is_not_counted_twice():
    stats = Stats()
    assert stats.record_game("2p-quick", "late", won=True, my_total=900)
    assert stats.record_hand("2p-quick", "next", 1, HAND, went_out=False, concealed=False)
    # The late game's save is settled again (its record had failed): nothing recounts.
    assert not stats.record_hand("2p-quick", "late", 1, HAND, went_out=True, concealed=True)
    assert not stats.record_game("2p-quick", "late", won=True, my_total=900)
    line = stats.lines["2p-quick"]
    assert (line.games_played, line.games_won, line.hands_played) == (1, 1, 1)
    assert stats.counted_games == ["late"]
    for n in range(60):  # only the latest 50 games are remembered
        stats.record_game("2p-quick", f"g{n}", won=False, my_total=0)
    assert len(stats.counted_games) == 50 and stats.counted_games[-1] == "g59"


def test_red_threes_that_cost_points_are_not_counted():
    """Three red threes of a side that never melded cost 300 points;
    they are not a feat, so "Red threes scored" does not count them."""
    stats = Stats()
    penalty = SideScore(0, 0, 0, 0, red_threes=3, red_three_points=-300, going_out=0,
                        in_hand=-160)  # fmt: skip
    stats.record_hand("2p-quick", "g1", 1, penalty, went_out=False, concealed=False)
    line = stats.lines["2p-quick"]
    assert line.red_threes == 0 and line.hands_played == 1
    assert line.best_hand_score == -460  # shown as it is, as the highest hand score
    stats.record_hand("2p-quick", "g1", 2, HAND, went_out=True, concealed=True)
    assert line.red_threes == 2 and line.best_hand_score == 1380
