"""Diagnostics go through logging: a rotated log file in the user's log folder (under
CANASTA_HOME in tests), the terminal at the chosen level, and the trace of play as the
logger ``canasta.trace`` that a test reads."""

from __future__ import annotations

import contextlib
import errno
import io
import logging
import os
import subprocess
import sys

import pytest

from canasta import logs
from canasta.ai import HeuristicPlayer
from canasta.cli import main
from canasta.controller import TableController
from canasta.engine import CLASSIC, Game
from canasta.persistence.paths import log_folder

log = logging.getLogger("canasta.tests")


@pytest.fixture(autouse=True)
def _closed():
    yield
    logs.close()


def test_the_log_file_is_in_the_home_folder_and_holds_info_but_not_debug(canasta_home):
    path = logs.configure(environ={"CANASTA_HOME": str(canasta_home)})
    assert path == canasta_home / "logs" / logs.LOG_FILE == log_folder() / logs.LOG_FILE
    log.info("a start line")
    log.debug("a detail")
    logs.close()
    text = path.read_text(encoding="utf-8")
    assert "INFO canasta.tests: a start line" in text and "a detail" not in text


def test_the_terminal_shows_the_chosen_level(canasta_home, capsys):
    logs.configure(logging.INFO, folder=canasta_home)
    log.info("shown")
    log.debug("hidden")
    err = capsys.readouterr().err
    assert "canasta: INFO: shown" in err and "hidden" not in err
    logs.configure(folder=canasta_home)  # default: warnings and errors only
    log.info("quiet now")
    log.warning("a problem")
    err = capsys.readouterr().err
    assert "quiet now" not in err and "canasta: WARNING: a problem" in err


def test_the_log_file_is_rotated(canasta_home, monkeypatch):
    monkeypatch.setattr(logs, "LOG_BYTES", 2_000)
    path = logs.configure(folder=canasta_home)
    assert path is not None
    for i in range(200):
        log.warning("line %03d of a long run", i)
    logs.close()
    kept = sorted(p.name for p in canasta_home.iterdir())
    assert kept == ["canasta.log", "canasta.log.1", "canasta.log.2", "canasta.log.3"]
    assert path.stat().st_size <= 2_000
    assert "line 199" in path.read_text(encoding="utf-8")


def test_an_unwritable_log_folder_says_so_and_the_game_goes_on(tmp_path, capsys):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert logs.configure(folder=blocked / "logs") is None
    assert "no log file:" in capsys.readouterr().err
    log.warning("still logged")
    assert "still logged" in capsys.readouterr().err


def test_the_trace_is_a_logger_a_test_reads(caplog):
    import pygame

    from canasta.scenes.base import SceneManager
    from canasta.scenes.table import TableScene
    from canasta.ui.input import click_events

    pygame.display.init()
    pygame.display.set_mode((1280, 800))
    caplog.set_level(logging.DEBUG, logger="canasta.trace")
    game = Game(CLASSIC.with_options(players=2), 5)
    controller = TableController(game, [None, HeuristicPlayer()])
    manager = SceneManager((1280, 800))
    table = TableScene(controller, lambda c: None, lambda: None)
    manager.push(table)
    for _ in range(300):
        manager.update(1 / 60)
    assert table.layout is not None
    for event in click_events(table.layout.stock.center):
        manager.handle_event(event)
    lines = [r.getMessage() for r in caplog.records if r.name == "canasta.trace"]
    assert lines[0] == "waiting phase=draw hand=15"
    assert any(line.startswith("move seat=0 draw") and line.endswith("hand=16") for line in lines)


def test_canasta_trace_prints_the_trace_on_standard_output(canasta_home, capsys):
    logs.configure(folder=canasta_home, environ={"CANASTA_TRACE": "1"})
    logs.TRACE.debug("move seat=1 discard 7H hand=10")
    assert capsys.readouterr().out == "move seat=1 discard 7H hand=10\n"
    logs.close()
    logs.TRACE.debug("nobody listens")
    assert capsys.readouterr().out == ""


def test_log_level_option_is_checked(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--log-level", "loud"])
    assert stop.value.code == 2
    assert "a log level is debug, info, warning or error, not 'loud'" in capsys.readouterr().err


def test_no_display_is_an_error_logged_on_the_terminal(canasta_home):
    result = subprocess.run(
        [sys.executable, "-m", "canasta"], capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "CANASTA_HOME": str(canasta_home),
             "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEO_DRIVER": "", "DISPLAY": ""},
    )  # fmt: skip
    assert result.returncode == 2
    assert "canasta: ERROR: no display found (is DISPLAY set?)" in result.stderr
    assert "no display found" in (canasta_home / "logs" / "canasta.log").read_text()


def test_log_level_reaches_the_game(monkeypatch):
    import canasta.app

    given: dict[str, object] = {}
    monkeypatch.setattr(canasta.app, "run", lambda **kwargs: given.update(kwargs) or 0)
    assert main(["--log-level", "debug", "--players", "4"]) == 0
    assert given["log_level"] == logging.DEBUG and given["players"] == 4
    assert given["size"] is None  # the remembered size, unless --size is given


class FullDisk(io.StringIO):
    """A log stream on a full disk: every write, flush, seek and close raises ENOSPC."""

    def _full(self, *args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    write = flush = seek = close = _full  # type: ignore[assignment]


def log_file_handler() -> logs.LogFile:
    [handler] = [h for h in logs._HANDLERS if isinstance(h, logs.LogFile)]
    return handler


def test_a_log_file_that_fails_is_dropped_after_one_plain_warning(tmp_path, capsys):
    """On a full disk every record printed a ``--- Logging error
    ---`` traceback, and closing the log raised, so the game exited with status 1."""
    path = logs.configure(folder=tmp_path)
    handler = log_file_handler()
    handler.stream = FullDisk()
    log.info("an info line, for the file only")
    log.warning("a warning")
    log.info("another")
    logs.close()  # does not raise
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.splitlines() == [
        f"canasta: WARNING: the log file {path} can no longer be written (No space left on "
        "device); the game goes on without it",
        "canasta: WARNING: a warning",
    ]
    assert handler.failed


def test_a_full_tmpfs_log_folder_never_raises(tmp_path, capsys):
    """The same on a real full disk: a 64 KB tmpfs, filled before the game logs."""
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], check=True)
    try:
        path = logs.configure(folder=disk / "logs")
        assert path is not None
        fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
        with contextlib.suppress(OSError):
            while os.write(fd, b"\0" * 1024):
                pass
        os.close(fd)
        for i in range(20):
            log.info("line %d of a game that goes on", i)
        logs.close()
        err = capsys.readouterr().err
        assert err == (
            f"canasta: WARNING: the log file {path} can no longer be written (No space left "
            "on device); the game goes on without it\n"
        )
    finally:
        logs.close()
        subprocess.run(["umount", str(disk)], check=True)
