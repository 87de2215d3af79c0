"""The figure tables of the docs, written from one run of ``scripts.figures``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scripts import figure_tables
from scripts.figures import JOBS
from scripts.performance_page import ROOT, Run, RunError, fill, main

MATCH = {
    "a": "hard", "b": "medium", "players": 4, "deal_pairs": 300, "hands": 600,
    "share_a": 0.671, "share_a_ci95": [0.6286, 0.7107], "share_b": 0.329,
    "share_b_ci95": [0.2893, 0.3714], "pairs_tied": 1, "mean_margin_per_hand_a": 156.3,
    "decision_ms": {"hard": {"median": 0.02, "p95": 493.09, "p99": 761.88, "count": 41441},
                    "medium": {"median": 0.02, "p95": 6.28, "p99": 13.76, "count": 40509}},
    "margins": [-215, 785], "seconds": 2568.5, "workers": 2, "complete": True, "first": 0,
}  # fmt: skip


def job_line(command: str, exit_status: int = 0) -> dict[str, object]:
    return {"command": command, "started_utc": "2026-12-06 20:01", "seconds": 1234.5,
            "load_before": 2.05, "load_after": 2.31, "exit": exit_status}  # fmt: skip


def make_run(folder: Path, jobs: dict[str, tuple[int, dict[str, object] | None]]) -> Run:
    """A run folder with ``jobs``: name to (exit status, JSON or None for no file)."""
    manifest = {"commit": "abc1234", "date": "2026-12-06",
                "machine": {"cores": 2, "python": "3.11.7"}, "jobs": {}}  # fmt: skip
    for name, (status, figures) in jobs.items():
        manifest["jobs"][name] = job_line(f"python3 -m scripts.tournament --job {name}", status)  # type: ignore[index]
        if figures is not None:
            (folder / f"{name}.json").write_text(json.dumps(figures), encoding="utf-8")
    (folder / "run.json").write_text(json.dumps(manifest), encoding="utf-8")
    return Run.read(folder)


def test_the_figure_tables_are_up_to_date() -> None:
    # The pages' tables are written from the committed run; a run replaced without
    # rerunning the script leaves the site quoting figures the run does not hold.
    result = subprocess.run([sys.executable, "-m", "scripts.performance_page", "--check"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_a_measured_match_shows_its_figures_command_date_machine_and_load(
    tmp_path: Path,
) -> None:
    run = make_run(tmp_path, {"tournament-hard-medium-4p": (0, MATCH)})
    lines = figure_tables.hard_vs_medium(run)
    assert lines[3] == (
        "| 4 | 300 | 67.1% (62.9-71.1%) | +156 | 0.02 / 493.1 / 761.9 ms | at least 65%: met |"
    )
    assert (
        "- `python3 -m scripts.tournament --job tournament-hard-medium-4p`: started "
        "2026-12-06 20:01 UTC, 1,234 s, load average 2.05 before and 2.31 after"
    ) in lines
    assert any("commit abc1234 on 2 cores, Python 3.11.7" in line for line in lines)


def test_a_failed_missing_or_cut_short_job_is_not_measured_and_shows_no_figure(
    tmp_path: Path,
) -> None:
    cut_short = dict(MATCH, complete=False)
    run = make_run(tmp_path, {
        "tournament-medium-easy-2p": (1, MATCH),  # its file is there, but it failed
        "tournament-medium-easy-4p": (0, cut_short),
        "tournament-easy-random-2p": (0, None),
    })  # fmt: skip
    lines = figure_tables.other_levels(run)
    rows = lines[2:6]
    assert rows[0] == (
        "| medium vs easy | 2 | not measured in this run (the command exited with status 1)"
        " |  |  | at least 60% |"
    )
    assert rows[1].startswith("| medium vs easy | 4 | not measured in this run (")
    assert "cut short" in rows[1]
    assert "is missing or not JSON" in rows[2]
    assert rows[3] == "| easy vs random | 4 | not measured in this run |  |  | at least 90% |"
    assert not any("67.1%" in line or "+156" in line for line in lines)
    assert (
        "- `python3 -m scripts.tournament --a easy --b random --players 4 --pairs 500 "
        "--seed 1 --workers 2`: not measured in this run"
    ) in lines


def test_every_command_of_the_run_has_a_table(tmp_path: Path) -> None:
    run = make_run(tmp_path, {})
    text = "\n".join(
        line
        for builders in (figure_tables.PERFORMANCE, figure_tables.CAPACITY)
        for build in builders.values()
        for line in build(run)
    )
    for job in JOBS:
        cited = f"`python3 -m {' '.join(job.args)}`: not measured in this run" in text
        assert cited != (job.name in figure_tables.ELSEWHERE), job.name
    assert f"0 of its {len(JOBS) - len(figure_tables.ELSEWHERE)} commands measured" in text


def test_a_job_run_again_names_its_own_commit(tmp_path: Path) -> None:
    run = make_run(tmp_path, {"tournament-hard-medium-4p": (0, MATCH)})
    run.manifest["jobs"]["tournament-hard-medium-4p"]["commit"] = "def5678"
    assert run.source("tournament-hard-medium-4p").startswith(
        "- `python3 -m scripts.tournament --job tournament-hard-medium-4p`: started "
        "2026-12-06 20:01 UTC at commit def5678, 1,234 s"
    )
    run.manifest["jobs"]["tournament-hard-medium-4p"]["commit"] = "abc1234"
    assert "UTC, 1,234 s" in run.source("tournament-hard-medium-4p")


def test_the_tables_go_between_their_markers_and_the_prose_stays(tmp_path: Path) -> None:
    run = make_run(tmp_path, {})
    page = "Prose before.\n\n<!-- figures:x -->\nold table\n<!-- /figures -->\n\nProse after.\n"
    text = fill(page, {"x": lambda run: ["| a |", "| --- |"]}, run, "page.md")
    assert text == (
        "Prose before.\n\n<!-- figures:x -->\n\n| a |\n| --- |\n\n<!-- /figures -->\n\n"
        "Prose after.\n"
    )
    with pytest.raises(RunError, match="blocks with no table: x; tables with no block: y"):
        fill(page, {"y": lambda run: []}, run, "page.md")


def test_a_folder_without_a_manifest_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--run", str(tmp_path), "--check"]) == 2
    refusal = capsys.readouterr().err
    assert "run.json does not exist: run python3 -m scripts.figures first" in refusal
    (tmp_path / "run.json").write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(RunError, match="has no jobs"):
        Run.read(tmp_path)


def test_a_lone_card_experiment_gives_both_sides_hands_and_a_wilson_interval(
    tmp_path: Path,
) -> None:
    side = {"hands": 400, "lone_card_hands": 0, "lone_card_lost": 0, "mean_margin_lone": None}
    figures = {
        "a": "medium", "b": "medium", "lone_a": "stock12", "lone_b": "always", "players": 2,
        "deal_pairs": 200, "seed": 1, "share_a": 0.5325, "mean_margin_per_hand_a": 38.8,
        "A": side, "B": dict(side, lone_card_hands=31, lone_card_lost=29,
                             mean_margin_lone=-1123.5),
    }  # fmt: skip
    run = make_run(tmp_path, {"blunders-lone-2p-stock12": (0, figures)})
    assert figure_tables.lone_card(run)[3] == (
        "| 2 | one card with 12 or fewer in the stock | one card whenever it can | 200 | "
        "0 / 31 (of 400 hands each) | 29 lost, -1,124 | 53.2% (46.3-60.0%) | +39 |"
    )


def test_the_hard_computers_load_test_is_judged_by_the_event_loops_lag(tmp_path: Path) -> None:
    spread = {"count": 529, "median": 148.9, "p99": 863.5, "max": 1269.4}
    figures = {
        "moves": 146, "wall_seconds": 47.1, "round_trip_ms": {"median": 4.1, "p99": 32.7,
        "max": 44.6}, "server_cpu_seconds": 2.13, "server_peak_memory_mib": 47.2,
        "server": {"loop_lag_ms": {"median": 0.16, "p99": 12.4, "max": 45.9},
                   "gc_pause_ms": {"gen2": {"count": 1, "max": 275.3}},
                   "think_ms": spread, "think_cpu_ms": dict(spread, median=3.65)},
    }  # fmt: skip
    run = make_run(tmp_path, {"loadtest-8-hard": (0, figures)})
    lines = figure_tables.load_tests(run)
    assert lines[5] == (
        "| 8 tables of 1 person and 3 hard computers | 146 in 47 s | 4.1 / 32.7 / 44.6 ms | "
        "0.16 / 12.4 / 45.9 ms | 1, longest 275 ms | 14.59 ms | 47.2 MiB | "
        "event-loop lag 99th under 10 ms, every worker busy: not met |"
    )
    assert (
        "| 8 tables of 1 person and 3 hard computers | 529 | 148.9 / 863.5 / 1,269 ms | "
        "3.65 / 863.5 / 1,269 ms |"
    ) in lines
