"""The disk-fault matrix: every fault of the file system x every action of a player.

Each case drives the real app (home screen buttons, the settings screen's change, the
table at every turn boundary) on a prepared home (see ``homes``) and asserts: no
exception (exit status 0), the exact lines the player was shown, the files before and
after (nothing that was there is lost; a finished game is in its record or still in its
save), and, after the fault is mended, that the next save point writes what was only in
memory and says so. Faults of permission run as an ordinary user through ``setpriv``.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.faults.driver import ACTIONS
from tests.faults.expected import EXPECTED, NEW_RECORD, Case, lines
from tests.faults.homes import (
    RECORD,
    ROOT_FAULTS,
    SAVE,
    STATS,
    STEPS,
    USER_FAULTS,
    Template,
    build_template,
)
from tests.faults.runner import (
    Result,
    run_injected_case,
    run_root_case,
    run_user_cases,
    user_base,
)

ROOT = os.geteuid() == 0
needs_root = pytest.mark.skipif(not ROOT, reason="mounting a tmpfs needs root")


@pytest.fixture(scope="session")
def template(tmp_path_factory: pytest.TempPathFactory) -> Template:
    return build_template(tmp_path_factory.mktemp("template"))


def assert_lines(shown: list[str], expected: list[re.Pattern[str]]) -> None:
    assert len(shown) == len(expected), "\n".join(shown)
    for line, pattern in zip(shown, expected, strict=True):
        assert pattern.fullmatch(line), f"{line!r}\n  is not\n{pattern.pattern!r}"


def assert_nothing_lost(
    before: dict[str, str], after: dict[str, str], action: str, made: str = ""
) -> None:
    """Every file there before is there after with the same bytes, kept aside under a new
    name, or changed by the action itself (the game saved on, the setting written, a
    finished game's save cleared once its record and stats are written). ``made``: what
    the fault itself put in place (mending it takes it away)."""
    assert not [name for name in after if name.endswith(".tmp")], after  # no temp file left
    assert after.get(RECORD) == before.get(RECORD)  # the older game's record stays
    for rel, digest in before.items():
        if digest in ("dir", "file") or after.get(rel) == digest:
            continue
        if made and (rel == made or rel.startswith(f"{made}/")):
            continue
        kept = [k for k in after if k.startswith(f"{rel}.unreadable-") and after[k] == digest]
        if kept:
            continue
        if rel == SAVE and action in ("new", "continue", "turns") and rel in after:
            continue  # saved on (or the player's new game took its place)
        if rel == SAVE and action == "finish":
            assert rel in after or (NEW_RECORD in after and after[STATS] != before[STATS])
            continue
        if rel == STATS and action in ("finish", "new") and rel in after:
            continue  # counted: the finished game, or the game a new one abandons
        if rel.endswith("settings.toml") and action == "setting" and rel in after:
            continue
        pytest.fail(f"{rel} was lost or changed by {action}: {before} -> {after}")


def check(result: Result, fault: str, action: str) -> None:
    home = result.home
    case: Case = EXPECTED[fault][action]
    out = result.outcome
    assert out.status == 0 and out.error == "", out.error
    assert_lines(out.shown, lines(fault, home, case.shown))
    made = ALL_FAULTS[fault].target if fault in ALL_FAULTS else ""
    if result.after:
        changed = {re.sub(r"\.unreadable-.*", ".unreadable", rel)
                   for rel in set(result.before) | set(result.after)
                   if result.after.get(rel) != result.before.get(rel)}  # fmt: skip
        assert changed == set(case.changed), (changed, result.before, result.after)
        assert_nothing_lost(result.before, result.after, action)
        if out.over:  # the finished game is in its record, or still in its save
            assert (NEW_RECORD in result.after) or (SAVE in result.after)
    if result.healed:
        assert_lines(out.healed, lines(fault, home, case.healed))
        assert_nothing_lost(result.before, result.healed, action, made)
        if out.over:  # mended: the finished game is settled
            assert NEW_RECORD in result.healed and SAVE not in result.healed
            assert result.healed[STATS] != result.before[STATS]


ALL_FAULTS = ROOT_FAULTS | USER_FAULTS
PLAIN = [f for f in ROOT_FAULTS if not ROOT_FAULTS[f].tmpfs]
MOUNTED = [f for f in ROOT_FAULTS if ROOT_FAULTS[f].tmpfs]


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("fault", PLAIN)
def test_a_file_or_folder_in_the_wrong_place(fault, action, template, tmp_path):
    result = run_root_case(tmp_path, template, fault, action)
    check(result, fault, action)


@needs_root
@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("fault", MOUNTED)
def test_a_full_or_read_only_disk(fault, action, template, tmp_path):
    result = run_root_case(tmp_path, template, fault, action)
    check(result, fault, action)


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("step", STEPS)
def test_no_space_at_each_step_of_the_atomic_write(step, action, template, tmp_path):
    result = run_injected_case(tmp_path, template, step, action)
    check(result, f"ENOSPC at {step}", action)


USER_CASES = [(fault, action) for fault in USER_FAULTS for action in ACTIONS]


@pytest.fixture(scope="module")
def user_results(template):
    """Every permission case, run as the ordinary user: once as it stands, once mended."""
    base = user_base()
    try:
        yield {heal: run_user_cases(base, template, USER_CASES, heal) for heal in (False, True)}
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize(("fault", "action"), USER_CASES)
def test_no_permission_as_an_ordinary_user(fault, action, user_results):
    for heal in (False, True):
        check(user_results[heal][(fault, action)], fault, action)
