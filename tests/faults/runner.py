"""Run one action of the matrix on a faulty home and collect what the player saw and the
files before and after. Root faults and injected ENOSPC run in this process; faults of
permission run as the ordinary user in one ``setpriv`` batch (root ignores file modes)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import canasta.persistence.files as files
from canasta.persistence.paths import HOME_ENV
from tests.faults.driver import Outcome, run_action
from tests.faults.homes import (
    NO_SPACE,
    NOBODY,
    ROOT_FAULTS,
    USER_FAULTS,
    Fault,
    Template,
    faulty_home,
    heal_modes,
    snapshot,
)

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Result:
    """One case: the outcome and the home's files before the action, after it, and after
    the fault was mended and the next save point passed."""

    home: Path
    outcome: Outcome
    before: dict[str, str]
    after: dict[str, str]
    healed: dict[str, str]


def run_root_case(base: Path, template: Template, fault: str, action: str) -> Result:
    """A fault of ``ROOT_FAULTS`` and an action, in this process."""
    home = base / f"{fault}-{action}".replace(" ", "_")
    spec = ROOT_FAULTS[fault]
    with faulty_home(home, template, action, spec):
        before = snapshot(home)
        state: dict[str, dict[str, str]] = {}

        def heal() -> None:
            state["after"] = snapshot(home)
            spec.heal(home)

        with pytest.MonkeyPatch.context() as mp:
            mp.setenv(HOME_ENV, str(home))
            outcome = run_action(action, heal)
        return Result(home, outcome, before, state.get("after", {}), snapshot(home))


@contextlib.contextmanager
def no_space_at(step: str) -> Iterator[None]:
    """Every atomic write fails with ENOSPC at ``step`` (see ``homes.STEPS``)."""

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(NO_SPACE.errno, NO_SPACE.strerror)

    real_fdopen = os.fdopen

    class FullFile:
        def __init__(self, handle):  # type: ignore[no-untyped-def]
            self.handle = handle

        def __enter__(self):  # type: ignore[no-untyped-def]
            return self

        def __exit__(self, *exc):  # type: ignore[no-untyped-def]
            self.handle.close()

        write = fail

    with pytest.MonkeyPatch.context() as mp:
        if step == "create the folder":
            mp.setattr(files.Path, "mkdir", fail)
        elif step == "create the temporary file":
            mp.setattr(files.tempfile, "mkstemp", fail)
        elif step == "write":
            mp.setattr(files.os, "fdopen", lambda fd, mode: FullFile(real_fdopen(fd, mode)))
        elif step == "fsync":
            mp.setattr(files.os, "fsync", fail)
        elif step == "replace":
            mp.setattr(files.os, "replace", fail)
        else:
            raise ValueError(step)
        yield


def run_injected_case(base: Path, template: Template, step: str, action: str) -> Result:
    """ENOSPC at one step of every atomic write, then mended."""
    home = base / f"enospc-{step}-{action}".replace(" ", "_")
    with faulty_home(home, template, action, Fault()):
        before = snapshot(home)
        state: dict[str, dict[str, str]] = {}
        stack = contextlib.ExitStack()
        stack.enter_context(no_space_at(step))

        def heal() -> None:
            state["after"] = snapshot(home)
            stack.close()

        with pytest.MonkeyPatch.context() as mp, stack:
            mp.setenv(HOME_ENV, str(home))
            outcome = run_action(action, heal)
        return Result(home, outcome, before, state["after"], snapshot(home))


def user_base() -> Path:
    """A folder the ordinary user can reach (pytest's own are root's alone)."""
    base = Path(tempfile.mkdtemp(prefix="canasta-faults-"))
    base.chmod(0o755)
    return base


def run_user_cases(
    base: Path, template: Template, cases: list[tuple[str, str]], heal: bool
) -> dict[tuple[str, str], Result]:
    """Faults of ``USER_FAULTS`` with actions, all in one process run as the ordinary user
    (through ``setpriv`` when this process is root, else as this user); ``heal``: mend
    each fault after its action and pass a save point (the result's ``healed``), else
    the files after the action are its ``after``."""
    stack = contextlib.ExitStack()
    homes, befores = {}, {}
    with stack:
        for fault, action in cases:
            home = base / f"{fault}-{action}-{int(heal)}".replace(" ", "_")
            stack.enter_context(faulty_home(home, template, action, USER_FAULTS[fault]))
            homes[(fault, action)] = home
            befores[(fault, action)] = snapshot(home)
        batch = [{"home": str(homes[c]), "action": c[1],
                  "heal": heal_modes(homes[c], USER_FAULTS[c[0]]) if heal else []}
                 for c in cases]  # fmt: skip
        listing = base / "cases.json"
        listing.write_text(json.dumps(batch))
        listing.chmod(0o644)
        command = [sys.executable, "-m", "tests.faults.driver", str(listing)]
        if os.geteuid() == 0:
            command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
                       "--clear-groups", *command]  # fmt: skip
        env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                            "PYTHONDONTWRITEBYTECODE": "1", "HOME": str(base),
                            "PYTHONPATH": str(REPO)}  # fmt: skip
        done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True,
                              timeout=600)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr, done.stderr
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        assert len(lines) == len(cases), done.stdout + done.stderr
        out = {}
        for case, line in zip(cases, lines, strict=True):
            outcome = Outcome(**json.loads(line))
            files_now = snapshot(homes[case])
            out[case] = Result(homes[case], outcome, befores[case], {} if heal else files_now,
                               files_now if heal else {})  # fmt: skip
        return out
