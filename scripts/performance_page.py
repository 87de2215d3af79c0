"""Write the figure tables of the docs from one run of ``python3 -m scripts.figures``.

Usage: python3 -m scripts.performance_page [--run DIR] [--check]

Reads the run's folder (default ``scripts/figures/run``: ``run.json``, the manifest, and
one ``NAME.json`` a job) and writes each table between its marker comments in
``docs/performance.md`` and ``docs/hosting/capacity.md``::

    <!-- figures:hard-vs-medium -->
    ...the generated table and the commands that measured it...
    <!-- /figures -->

so the prose around the tables stays hand-written. Every table names its commands, when
each started (UTC), the commit, the machine and the 1-minute load average before and after
each job. A job the run lacks, or one that exited with an error, is shown as not measured
in this run: a table never shows a figure from another run. ``--check`` writes nothing and
exits 1 when a page differs from what the run gives (``tests/test_performance_page.py``).
The tables themselves are built in :mod:`scripts.figure_tables`.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scripts import figure_tables
from scripts.docs_pages import write_or_check
from scripts.figure_tables import Builder
from scripts.figures import JOBS

ROOT = Path(__file__).resolve().parents[1]
RUN = ROOT / "scripts" / "figures" / "run"
PERFORMANCE = ROOT / "docs" / "performance.md"
CAPACITY = ROOT / "docs" / "hosting" / "capacity.md"
#: A generated block: its opening marker (with the block's name), its text, its end.
BLOCK = re.compile(r"(<!-- figures:([\w-]+) -->\n)(.*?)(<!-- /figures -->)", re.DOTALL)
#: The command of every job, by name, for the jobs a run lacks.
COMMANDS = {job.name: "python3 -m " + shlex.join(job.args) for job in JOBS}


def short_seconds(seconds: float) -> str:
    """A job's length: tenths under 10 s (``0.7``), whole seconds above (``1,235``)."""
    return f"{seconds:.1f}" if seconds < 10 else f"{seconds:,.0f}"


class RunError(ValueError):
    """The run's folder cannot be read (no manifest, a manifest that is not JSON)."""


@dataclass(frozen=True)
class Run:
    """One run of ``scripts.figures``: its manifest and the folder of its JSON files."""

    folder: Path
    manifest: dict[str, Any]

    @classmethod
    def read(cls, folder: Path) -> Run:
        """Read ``folder/run.json``.

        Raises:
            RunError: when the manifest is missing or is not a JSON object with ``jobs``.
        """
        path = folder / "run.json"
        if not path.is_file():
            raise RunError(f"{path} does not exist: run python3 -m scripts.figures first")
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise RunError(f"{path} is not JSON: {error}") from error
        if not isinstance(manifest, dict) or not isinstance(manifest.get("jobs"), dict):
            raise RunError(f"{path} has no jobs: is it the manifest of scripts.figures?")
        return cls(folder, manifest)

    def job(self, name: str) -> dict[str, Any] | None:
        """The manifest's line of job ``name`` (None when the run lacks it)."""
        line = self.manifest["jobs"].get(name)
        return line if isinstance(line, dict) else None

    def missing(self, name: str) -> str | None:
        """Why job ``name`` has no figures in this run (None when it has)."""
        line = self.job(name)
        if line is None:
            return "not measured in this run"
        if line.get("exit") != 0:
            return f"not measured in this run (the command exited with status {line.get('exit')})"
        path = self.folder / f"{name}.json"
        try:
            figures = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            return f"not measured in this run ({path.name} is missing or not JSON)"
        if not isinstance(figures, dict) or figures.get("complete") is False:
            return f"not measured in this run ({path.name} holds a run cut short)"
        return None

    def figures(self, name: str) -> dict[str, Any] | None:
        """The JSON job ``name`` printed, or None when it has none in this run."""
        if self.missing(name) is not None:
            return None
        result: dict[str, Any] = json.loads((self.folder / f"{name}.json").read_text("utf-8"))
        return result

    def command(self, name: str) -> str:
        """The command of job ``name`` as the run gave it (or as ``scripts.figures`` has it)."""
        line = self.job(name)
        return str(line["command"]) if line and "command" in line else COMMANDS[name]

    def machine(self) -> str:
        """The run's commit and machine in words: ``commit 3c08d8a on 2 cores, Python 3.11.7``."""
        machine = self.manifest.get("machine") or {}
        return (
            f"commit {self.manifest.get('commit', 'unknown')} on {machine.get('cores', '?')} "
            f"cores, Python {machine.get('python', '?')}"
        )

    def source(self, name: str) -> str:
        """One line for the list under a table: the command, when and how it ran."""
        why = self.missing(name)
        line = self.job(name)
        if why is not None or line is None:
            return f"- `{self.command(name)}`: {why}"
        # A job run again with --only joins the manifest with its own commit.
        commit = line.get("commit")
        own = f" at commit {commit}" if commit and commit != self.manifest.get("commit") else ""
        return (
            f"- `{self.command(name)}`: started {line['started_utc']} UTC{own}, "
            f"{short_seconds(line['seconds'])} s, load average {line['load_before']} before and "
            f"{line['load_after']} after"
        )

    def sources(self, names: list[str]) -> list[str]:
        """The paragraph under a table: the run's commit and machine, then each command."""
        return [
            "",
            f"Measured at {self.machine()}; each command with its start, its length and "
            "the 1-minute load average before and after it:",
            "",
            *(self.source(name) for name in names),
        ]


def fill(page: str, builders: dict[str, Builder], run: Run, where: str) -> str:
    """``page`` with every generated block rebuilt from ``run``.

    Raises:
        RunError: for a block the page names that has no builder, or a builder whose block
            the page lacks (``where`` names the page in the message).
    """
    found = [match.group(2) for match in BLOCK.finditer(page)]
    unknown = sorted(set(found) - set(builders))
    lacking = sorted(set(builders) - set(found))
    if unknown or lacking:
        raise RunError(
            f"{where}: blocks with no table: {', '.join(unknown) or 'none'}; "
            f"tables with no block: {', '.join(lacking) or 'none'}"
        )

    def rebuilt(match: re.Match[str]) -> str:
        body = "\n".join(builders[match.group(2)](run)).strip("\n")
        # Blank lines around the body: Markdown would read a table that touches the
        # comment as part of an HTML block.
        return f"{match.group(1)}\n{body}\n\n{match.group(4)}"

    return BLOCK.sub(rebuilt, page)


def pages(run: Run) -> dict[Path, str]:
    """Every page with generated tables, rebuilt from ``run``: path to text."""
    return {
        path: fill(path.read_text(encoding="utf-8"), builders, run, str(path.relative_to(ROOT)))
        for path, builders in (
            (PERFORMANCE, figure_tables.PERFORMANCE),
            (CAPACITY, figure_tables.CAPACITY),
        )
    }


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the pages' tables; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--run", default=str(RUN), help="the run's folder (scripts.figures --out)")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if stale")
    args = parser.parse_args(argv)
    try:
        texts = pages(Run.read(Path(args.run)))
    except RunError as error:
        print(error, file=sys.stderr)
        return 2
    return write_or_check(texts, check=args.check, command="scripts.performance_page")


if __name__ == "__main__":
    sys.exit(main())
