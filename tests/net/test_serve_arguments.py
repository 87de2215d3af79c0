"""``canasta serve`` refuses what it cannot use before it listens. Before, ``--host ""``
(an unset variable in ``--host "$HOST"``) listened on every network, and a ``--stats`` file
in a folder that does not exist (or naming a folder) ran the server for hours and then
ended in a traceback, exit status 1 and the figures lost."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from canasta.net import serve
from tests.faults.homes import NOBODY

REPO = Path(__file__).resolve().parents[2]


def never_run(monkeypatch: pytest.MonkeyPatch) -> None:
    async def fake_run(config: Any, stats: Any = None) -> int:
        raise AssertionError("the server should not start")

    monkeypatch.setattr(serve, "_run", fake_run)


@pytest.mark.parametrize("host", ["", "   "])
def test_an_empty_host_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], host: str
) -> None:
    never_run(monkeypatch)
    with pytest.raises(SystemExit) as caught:
        serve.serve_command(["--host", host])
    assert caught.value.code == 2
    assert capsys.readouterr().err.endswith(
        "canasta serve: error: argument --host: an address to listen on, not an empty one "
        "(0.0.0.0: every network)\n"
    )


def test_a_host_is_taken_without_its_spaces() -> None:
    assert serve.parser().parse_args(["--host", " 0.0.0.0 "]).host == "0.0.0.0"
    assert serve.parser().parse_args([]).host == "127.0.0.1"


def test_a_stats_file_that_cannot_be_written_is_refused_at_the_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    never_run(monkeypatch)
    missing = tmp_path / "no-such-folder" / "s.json"
    assert serve.serve_command(["--data", str(tmp_path / "d"), "--stats", str(missing)]) == 2
    assert capsys.readouterr().err == (
        f"canasta serve: --stats {missing}: the folder {missing.parent} does not exist\n"
    )
    assert serve.serve_command(["--data", str(tmp_path / "d"), "--stats", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"canasta serve: --stats {tmp_path}: is a folder\n"
    assert not (tmp_path / "d").exists()  # nothing opened or written


def test_stats_that_cannot_be_written_at_the_stop_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "gone" / "s.json"  # the folder was removed while the server ran
    assert not serve.write_stats(target, {"lag": [1, 2]})
    assert capsys.readouterr().err == (
        f"canasta serve: could not write the stats to {target}: No such file or directory\n"
    )
    good = tmp_path / "s.json"
    assert serve.write_stats(good, {"lag": [1, 2]})
    assert good.read_text() == '{\n "lag": [\n  1,\n  2\n ]\n}'
    assert capsys.readouterr().err == ""


def test_an_unreadable_key_is_named_not_taken_for_the_port() -> None:
    """As the ordinary user (root ignores file modes): a key of mode 000 was said as
    "cannot listen on 127.0.0.1:0: [Errno 13] Permission denied"."""
    base = Path(tempfile.mkdtemp(prefix="canasta-serve-key-"))
    base.chmod(0o755)
    cert, key = base / "cert.pem", base / "key.pem"
    cert.write_text("-----BEGIN CERTIFICATE-----\n")
    key.write_text("-----BEGIN PRIVATE KEY-----\n")
    cert.chmod(0o644)
    key.chmod(0o000)
    files = ["--certfile", str(cert), "--keyfile", str(key)]
    command = [sys.executable, "-m", "canasta", "serve", "--port", "0", "--data", str(base), *files]
    if os.geteuid() == 0:
        command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                   *command]  # fmt: skip
    env = os.environ | {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(REPO)}
    try:
        done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True,
                              timeout=120)  # fmt: skip
    finally:
        shutil.rmtree(base)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"canasta serve: --keyfile {key}: cannot be read (Permission denied)\n"


def test_the_computer_workers_and_budgets_reach_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    async def fake_run(config: Any, stats: Any = None) -> int:
        seen.append(config)
        return 0

    monkeypatch.setattr(serve, "_run", fake_run)
    argv = ["--computer-workers", "3", "--hard-budget", "0.135", "--medium-budget", "0.04"]
    assert serve.serve_command(argv) == 0
    assert (seen[0].workers, seen[0].budgets) == (3, {"hard": 0.135, "medium": 0.04})
    assert serve.serve_command(["--hard-budget", "0.5"]) == 0
    assert (seen[1].workers, seen[1].budgets) == (None, {"hard": 0.5})


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["--computer-workers", "0"], "worker processes are from 1 to 256, not 0"),
        (["--computer-workers", "two"], "worker processes are a whole number, not 'two'"),
        (["--hard-budget", "0"], "a search's CPU seconds are above 0, at most 10, not 0.0"),
        (["--medium-budget", "x"], "expected CPU seconds a search, not 'x'"),
    ],
)
def test_bad_workers_and_budgets_are_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], why: str
) -> None:
    never_run(monkeypatch)
    with pytest.raises(SystemExit) as caught:
        serve.serve_command(argv)
    assert caught.value.code == 2
    assert capsys.readouterr().err.endswith(f"argument {argv[0]}: {why}\n")
