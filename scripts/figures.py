"""Run every command whose figures the docs quote, one after another, in one run.

Usage::

    python -m scripts.figures [--out scripts/figures/run] [--only NAME ...] [--list]

Each job is one command of ``docs/performance.md`` or ``docs/hosting/`` (capacity, scaling), run in
its own process with the JSON it prints (or writes with ``--out``) kept as
``OUT/NAME.json``. After every job ``OUT/run.json`` is rewritten: the commit, the
machine (cores, Python), and for each job its command, commit, start time (UTC), wall
seconds, the 1-minute load average before and after, and its exit status, so a run cut
short still says what it measured. With ``--only`` the named jobs join the manifest
already in ``OUT`` (a job added to the list, or one run again). The jobs that time the
server and the game come first, while the machine is as quiet as it will be; the
strength matches (CPU-time budgets, so a busy machine slows them without weakening them)
come after.

``python -m scripts.performance_page`` turns ``OUT`` into the tables of the two pages.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Job:
    """One command: ``args`` after ``python -m``; ``writes`` if it takes ``--out FILE``."""

    name: str
    args: tuple[str, ...]
    writes: bool = False


def _match(a: str, b: str, players: int, pairs: int) -> Job:
    return Job(
        f"tournament-{a}-{b}-{players}p",
        ("scripts.tournament", "--a", a, "--b", b, "--players", str(players),
         "--pairs", str(pairs), "--seed", "1", "--workers", "2"),
        writes=True,
    )  # fmt: skip


def _lone(players: int, rule_a: str, rule_b: str, pairs: int) -> Job:
    return Job(
        f"blunders-lone-{players}p-{rule_a}",
        ("research.blunders", "--a", "medium", "--b", "medium", "--players", str(players),
         "--pairs", str(pairs), "--workers", "2", "--lone-a", rule_a, "--lone-b", rule_b),
        writes=True,
    )  # fmt: skip


def _levels(level: str, players: int) -> Job:
    return Job(
        f"bench-levels-{level}-{players}p",
        ("scripts.bench_levels", "--level", level, "--players", str(players), "--hands", "10"),
    )


JOBS: tuple[Job, ...] = (
    Job("loadtest-100", ("scripts.loadtest", "--tables", "100", "--think", "1.0")),
    Job(
        "loadtest-500",
        ("scripts.loadtest", "--tables", "500", "--think", "1.0", "--processes", "2"),
    ),  # fmt: skip
    Job(
        "loadtest-200-medium",
        (
            "scripts.loadtest",
            "--tables",
            "200",
            "--computers",
            "3",
            "--level",
            "medium",
            "--think",
            "1.0",
            "--processes",
            "2",
        ),
    ),  # fmt: skip
    Job(
        "loadtest-8-hard",
        (
            "scripts.loadtest",
            "--tables",
            "8",
            "--computers",
            "3",
            "--level",
            "hard",
            "--think",
            "1.0",
        ),
    ),  # fmt: skip
    # A kill -9 of the process running the tables, over a throwaway PostgreSQL cluster
    # (docs/hosting/scaling.md quotes them).
    Job("takeover-100", ("scripts.takeover", "--tables", "100")),
    Job("takeover-300", ("scripts.takeover", "--tables", "300")),
    Job("takeover-300-3", ("scripts.takeover", "--tables", "300", "--servers", "3")),
    Job("takeover-500", ("scripts.takeover", "--tables", "500", "--think", "8")),
    Job("relay-50", ("scripts.takeover", "--relay", "--tables", "50")),
    # Bytes, not time: the same on any machine (docs/hosting/scaling.md quotes them).
    Job("lobby-bytes", ("scripts.lobby_bytes", "--tables", "200", "--watchers", "20")),
    Job("bench", ("scripts.bench", "--hands", "300", "--frames", "1200")),
    Job("bench-idle", ("scripts.bench", "--idle")),
    Job("bench-search", ("scripts.bench_search", "--rounds", "1", "--budget")),
    _levels("easy", 4),
    _levels("medium", 2),
    _levels("medium", 4),
    _levels("hard", 2),
    _levels("hard", 4),
    _match("easy", "random", 2, 500),
    _match("easy", "random", 4, 500),
    _match("medium", "easy", 2, 300),
    _match("medium", "easy", 4, 300),
    _match("hard", "medium", 2, 300),
    _match("hard", "medium", 4, 300),
    _match("open", "medium", 4, 100),
    _lone(2, "never", "always", 200),
    _lone(2, "stock12", "always", 200),
    _lone(2, "stock6", "always", 200),
    _lone(4, "stock12", "never", 100),
    Job(
        "blunders-fed-4p",
        (
            "research.blunders",
            "--a",
            "hard",
            "--b",
            "medium",
            "--players",
            "4",
            "--pairs",
            "40",
            "--workers",
            "2",
        ),
        writes=True,
    ),  # fmt: skip
)


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def _commit() -> str:
    result = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return result.stdout.strip() or "unknown"


def run_job(job: Job, out: Path) -> dict[str, object]:
    """Run ``job`` with its JSON kept in ``out/NAME.json``; return its line of the manifest."""
    target = out / f"{job.name}.json"
    command = [sys.executable, "-m", *job.args]
    if job.writes:
        command += ["--out", str(target)]
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M")
    load_before = _load()
    clock = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = round(time.perf_counter() - clock, 1)
    if not job.writes and result.returncode == 0:
        target.write_text(result.stdout, encoding="utf-8")
    if result.returncode != 0:
        (out / f"{job.name}.stderr").write_text(result.stderr, encoding="utf-8")
    return {
        "command": "python3 -m " + shlex.join(job.args),
        "started_utc": started,
        "seconds": seconds,
        "load_before": load_before,
        "load_after": _load(),
        "exit": result.returncode,
    }


def main() -> None:
    """Run the jobs (all, or ``--only``) and keep their JSON and the manifest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "scripts" / "figures" / "run"))
    parser.add_argument("--only", nargs="*", help="job names (default: every job)")
    parser.add_argument("--list", action="store_true", help="print the jobs and stop")
    args = parser.parse_args()
    names = [job.name for job in JOBS]
    if args.list:
        for job in JOBS:
            print(f"{job.name}: python3 -m {shlex.join(job.args)}")
        return
    unknown = sorted(set(args.only or ()) - set(names))
    if unknown:
        parser.error(f"unknown jobs: {', '.join(unknown)} (see --list)")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    manifest_path = out / "run.json"
    commit = _commit()
    manifest = {
        "commit": commit,
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "jobs": {},
    }
    if args.only and manifest_path.exists():
        # Jobs run again, or added later, join the run's manifest; each job keeps its commit.
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    for job in JOBS:
        if args.only and job.name not in args.only:
            continue
        print(f"{job.name} ...", file=sys.stderr, flush=True)
        manifest["jobs"][job.name] = {**run_job(job, out), "commit": commit}  # type: ignore[index]
        manifest_path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
