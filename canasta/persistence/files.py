"""Atomic writes and moving broken files aside.

:func:`atomic_write` writes a temporary file in the same folder, flushes and fsyncs it,
then ``os.replace``\\ s it over the target, so a reader (or a process killed at any moment)
sees either the old file or the new one, never a mix. :func:`move_aside` renames a file
that does not parse or validate to ``NAME.corrupt-TIMESTAMP`` so nothing is lost.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path


class StoreError(OSError):
    """A file could not be written or moved; the message names the file and the reason."""


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` (bytes) atomically, creating its folder if needed.

    Raises:
        StoreError: when the folder cannot be created or written (the old file, if any,
            is left as it was).
    """
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise StoreError(f"cannot write {path}: {error.strerror or error}") from error
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise StoreError(f"cannot write {path}: {error.strerror or error}") from error
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_temp_files(path: Path) -> int:
    """Delete temporary files that a killed writer of ``path`` left behind; their count.

    They are never read: the file itself is always whole, old or new.
    """
    removed = 0
    for temp in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            temp.unlink()
            removed += 1
    return removed


def move_aside(path: Path, now: float | None = None) -> Path | None:
    """Rename a broken ``path`` to ``NAME.corrupt-YYYYMMDD-HHMMSS`` (a counter is added if
    that name is taken) and return the new path; None if it could not be moved (the
    file is then left in place and simply not used)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def remove(path: Path) -> None:
    """Delete ``path`` if it exists.

    Raises:
        StoreError: when it exists and cannot be deleted.
    """
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        raise StoreError(f"cannot delete {path}: {error.strerror or error}") from error
