"""The stats screen's words: a hand total that may be below zero is
the "Highest hand score", red threes are those that scored, and a recent game names the
rules preset it was played by."""

from __future__ import annotations

from pathlib import Path

from canasta.engine.rules import PRESETS
from canasta.persistence.records import RecordSummary
from canasta.persistence.stats import StatLine
from canasta.scenes.recent_games import describe
from canasta.scenes.stats import stat_rows


def test_the_rows_name_the_highest_hand_and_the_red_threes_scored() -> None:
    rows = dict(stat_rows(StatLine(best_hand_score=-460, red_threes=0, hands_played=1)))
    assert rows["Highest hand score"] == "-460"
    assert rows["Red threes scored"] == "0"
    assert "Best hand score" not in rows and "Red threes" not in rows


def test_a_recent_game_names_its_rules() -> None:
    summary = RecordSummary(Path("g.json"), "2026-12-02T13:30:00", 2, 1, (-460, 865), False,
                            preset="Two-handed")  # fmt: skip
    _when, what, result = describe(summary)
    assert what == "Two-handed · 2 players, 1 hand"
    assert result == "You lost, -460 to 865"
    own = RecordSummary(Path("h.json"), "2026-12-02T13:30:00", 4, 3, (5100, 3000), True)
    assert describe(own)[1] == "Own rules · 4 players, 3 hands"


def test_a_record_of_a_preset_is_summarised_with_its_name(tmp_path) -> None:
    from canasta.persistence.records import summarise
    from canasta.persistence.session import Session
    from canasta.persistence.settings import Settings
    from canasta.persistence.store import Store
    from tests.persistence.helpers import boundaries, controller_for

    session = Session(Store())
    session.update_settings(**Settings.preset_changes("Two-handed"))
    session.update_settings(game_type="quick")
    session.new_game(seed=21)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    [record] = sorted(session.store.paths.games.glob("*.json"))
    assert session.current.game.rules.with_options(quick_game=False) == PRESETS["Two-handed"]
    assert summarise(record).preset == "Two-handed"
