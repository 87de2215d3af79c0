"""Stats per rules preset: every game counts under "All presets" and under the preset it
was played with; a stats file of version 1 (no presets) still loads, its games under
"All presets" only."""

from __future__ import annotations

import json

from canasta.engine.scoring import SideScore
from canasta.persistence.paths import default_paths
from canasta.persistence.session import Session
from canasta.persistence.settings import Settings
from canasta.persistence.stats import Stats
from canasta.persistence.store import Store
from tests.persistence.helpers import boundaries, controller_for

HAND = SideScore(melded=180, natural_canastas=1, mixed_canastas=1, canasta_bonus=800,
                 red_threes=2, red_three_points=200, going_out=200, in_hand=0)  # fmt: skip


def test_a_game_counts_under_all_presets_and_its_own() -> None:
    stats = Stats()
    assert stats.record_game("2p-full", "g1", True, 5200, "Classic")
    assert stats.record_game("2p-full", "g2", True, 6100, "Book rules")
    assert stats.record_game("2p-full", "g3", False, 3000, "Classic")
    every = stats.line("2p-full")
    classic = stats.line("2p-full", "Classic")
    book = stats.line("2p-full", "Book rules")
    assert (every.games_played, every.games_won, every.best_streak) == (3, 2, 2)
    assert (classic.games_played, classic.games_won, classic.best_streak) == (2, 1, 1)
    assert (book.games_played, book.games_won, book.current_streak) == (1, 1, 1)
    assert (classic.highest_winning_score, book.highest_winning_score) == (5200, 6100)
    assert every.highest_winning_score == 6100
    assert stats.latest_preset == "Classic"
    # asking for a preset with no game stores nothing
    assert stats.line("4p-quick", "Two-handed").games_played == 0
    assert set(stats.presets) == {"Classic", "Book rules"}


def test_hands_and_abandoned_games_count_per_preset() -> None:
    stats = Stats()
    assert stats.record_hand("4p-full", "g1", 1, HAND, True, False, preset="Draw-two partnership")
    assert stats.record_abandoned("4p-full", "g1", preset="Draw-two partnership")
    line = stats.line("4p-full", "Draw-two partnership")
    assert (line.hands_played, line.natural_canastas, line.best_hand_score) == (1, 1, 1380)
    assert (line.games_played, line.games_abandoned) == (1, 1)
    assert stats.line("4p-full").games_abandoned == 1
    assert stats.line("4p-full", "Classic").hands_played == 0
    stats.reset()
    assert stats.presets == {} and stats.line("4p-full").games_played == 0


def test_a_version_1_file_loads_its_games_under_all_presets() -> None:
    path = default_paths().stats
    path.parent.mkdir(parents=True)
    old = Stats().model_dump()
    old["schema_version"] = 1
    del old["presets"], old["latest_preset"]
    old["lines"]["2p-full"].update(games_played=7, games_won=4)
    path.write_text(json.dumps(old))
    store = Store()
    stats = store.load_stats()
    assert store.take_notices() == []  # read, not moved aside
    assert (stats.line("2p-full").games_played, stats.line("2p-full").games_won) == (7, 4)
    assert stats.presets == {} and stats.latest_preset == ""
    stats.record_game("2p-full", "g8", True, 5100, "Classic")
    assert store.save_stats(stats)
    data = json.loads(path.read_text())
    assert data["schema_version"] == 2
    assert data["presets"]["Classic"]["2p-full"]["games_played"] == 1
    again = Store().load_stats()
    assert again.line("2p-full").games_played == 8
    assert again.line("2p-full", "Classic").games_played == 1


def test_a_played_game_counts_under_the_preset_of_its_rules() -> None:
    session = Session(Store())
    session.update_settings(game_type="quick", **Settings.preset_changes("Two-handed"))
    session.new_game(seed=21)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    stats = Session(Store()).stats
    assert stats.latest_preset == "Two-handed"
    assert stats.line("2p-quick", "Two-handed").games_played == 1
    assert stats.line("2p-quick", "Two-handed").hands_played == 1
    assert stats.line("2p-quick").games_played == 1
    assert stats.line("2p-quick", "Classic").games_played == 0
