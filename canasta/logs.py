"""Diagnostics through :mod:`logging`: a rotated log file, the terminal, and the trace.

:func:`configure` (called once when the window opens) sends the ``canasta`` loggers to

* a log file, ``canasta.log`` in platformdirs' user log folder (``$CANASTA_HOME/logs``
  when ``CANASTA_HOME`` is set), rotated at :data:`LOG_BYTES` with :data:`LOG_BACKUPS`
  old files kept, at INFO or the chosen level if lower;
  A log file that fails to be written (a full disk, a folder made read-only) is dropped
  after one plain warning on standard error (:class:`LogFile`): no traceback per record,
  and closing it never raises;
* standard error, at the chosen level (``--log-level``; WARNING by default);
* with ``CANASTA_TRACE=1``, the trace on standard output: every move, every wait for the
  person, resets and the end of each hand, one line each, as ``move seat=0 draw ...``.

The trace is the logger :data:`TRACE` (``canasta.trace``) at DEBUG level, so a test reads
it with ``caplog.set_level(logging.DEBUG, logger="canasta.trace")`` and nothing is
formatted when no one listens.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import sys
from pathlib import Path

#: The trace of play (see the module doc); lines are logged at DEBUG (the table scene
#: writes them to the same logger, ``canasta.scenes.table.TRACE``).
TRACE = logging.getLogger("canasta.trace")
#: The environment variable that prints the trace on standard output.
TRACE_ENV = "CANASTA_TRACE"
LOG_FILE = "canasta.log"
#: Size (bytes) at which the log file is rotated, and how many old files are kept.
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3

_HANDLERS: list[logging.Handler] = []


def tracing() -> bool:
    """True when trace lines are wanted by some listener (cheap; check before building a
    line that costs something)."""
    return TRACE.isEnabledFor(logging.DEBUG)


def configure(
    level: int | None = None,
    folder: Path | None = None,
    environ: dict[str, str] | None = None,
) -> Path | None:
    """Send the game's log records to the file, the terminal and (when asked) the trace.

    Calling it again replaces the handlers it added before.

    Args:
        level: the chosen level (``logging.DEBUG`` .. ``logging.ERROR``; None: WARNING).
        folder: the log folder (None: :func:`canasta.persistence.paths.log_folder`).
        environ: the environment to read ``CANASTA_TRACE`` and ``CANASTA_HOME`` from.

    Returns:
        The log file's path, or None when the folder cannot be written (then a warning
        on standard error says why, and the game runs without a log file).
    """
    from canasta.persistence.paths import log_folder

    env = os.environ if environ is None else environ
    level = logging.WARNING if level is None else level
    root = logging.getLogger("canasta")
    close()
    file_level = min(level, logging.INFO)
    root.setLevel(file_level)
    terminal = logging.StreamHandler(sys.stderr)
    terminal.setLevel(level)
    terminal.setFormatter(logging.Formatter("canasta: %(levelname)s: %(message)s"))
    _add(root, terminal)
    folder = folder or log_folder(None if environ is None else dict(environ))
    path: Path | None = folder / LOG_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = LogFile(folder / LOG_FILE)
    except OSError as error:
        root.warning("no log file: %s cannot be written (%s)", path, error.strerror or error)
        path = None
    else:
        written.setLevel(file_level)
        written.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        _add(root, written)
    if env.get(TRACE_ENV) == "1":
        TRACE.setLevel(logging.DEBUG)
        out = logging.StreamHandler(sys.stdout)
        out.setFormatter(logging.Formatter("%(message)s"))
        _add(TRACE, out)
    else:
        TRACE.setLevel(logging.NOTSET)
    return path


class LogFile(logging.handlers.RotatingFileHandler):
    """The rotated log file (:data:`LOG_BYTES`, :data:`LOG_BACKUPS`), dropped at its first
    failure.

    When writing, flushing, rotating or closing the file raises (``OSError``: the disk is
    full, the folder became read-only; or ``ValueError``), one line goes to standard
    error, ``canasta: WARNING: the log file PATH can no longer be written (REASON); the
    game goes on without it``, the file is closed quietly and later records are dropped.
    Logging's own handling would print a ``--- Logging error ---`` traceback for every
    record and raise from :meth:`close`.

    Args:
        path: the log file.

    Raises:
        OSError: when the file cannot be opened (the caller says so and goes on without).
    """

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        #: True once the file failed: records are dropped.
        self.failed = False

    def emit(self, record: logging.LogRecord) -> None:
        """Write ``record`` (nothing once the file failed)."""
        if not self.failed:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        """Called by logging inside :meth:`emit` when writing failed: give the file up."""
        self._give_up(sys.exc_info()[1])

    def flush(self) -> None:
        """Flush the file (a failure gives it up)."""
        if self.failed:
            return
        try:
            super().flush()
        except (OSError, ValueError) as error:
            self._give_up(error)

    def close(self) -> None:
        """Close the file; never raises (a failure gives it up, with its one warning)."""
        try:
            super().close()
        except (OSError, ValueError) as error:
            self._give_up(error)

    def _give_up(self, error: BaseException | None) -> None:
        if self.failed:
            return
        self.failed = True
        reason = getattr(error, "strerror", None) or error or "unknown error"
        sys.stderr.write(
            f"canasta: WARNING: the log file {self.baseFilename} can no longer be written "
            f"({reason}); the game goes on without it\n"
        )
        stream, self.stream = self.stream, None
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()


def close() -> None:
    """Remove and close the handlers :func:`configure` added (the file is flushed), and
    put the trace back to silent."""
    for handler in _HANDLERS:
        for logger in (logging.getLogger("canasta"), TRACE):
            logger.removeHandler(handler)
        handler.close()
    _HANDLERS.clear()
    TRACE.setLevel(logging.NOTSET)


def _add(logger: logging.Logger, handler: logging.Handler) -> None:
    logger.addHandler(handler)
    _HANDLERS.append(handler)
