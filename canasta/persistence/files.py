"""Atomic writes, guarded reads, moving broken files aside, and file errors in plain words.

:func:`atomic_write` writes a temporary file in the same folder, flushes and fsyncs it,
then ``os.replace``\\ s it over the target, so a reader (or a process killed at any moment)
sees either the old file or the new one, never a mix. :func:`read_file` reads a file (at
most :data:`canasta.reading.MAX_FILE_BYTES` of it) or says in plain words why it cannot.
:func:`move_aside` renames a file that cannot be used to ``NAME.corrupt-TIMESTAMP`` (or
another tag) so nothing is lost. :func:`plain_reason` turns an ``OSError`` of the file
system (no permission, a full or read-only disk, a file where a folder should be, a folder
where a file should be) into words a player can read.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
import time
import tomllib
from pathlib import Path

from pydantic import ValidationError

from canasta.i18n import N_, Later
from canasta.reading import FileTooLargeError, loads_toml, read_capped


class StoreError(OSError):
    """A file could not be read, written or moved; the message names the file and says why
    in plain words (see :func:`plain_reason`)."""


def plain_reason(error: OSError, path: Path, writing: bool = False) -> Later:
    """Why ``path`` could not be read (or, ``writing``, written), in a player's words, read
    in the language in use whenever it is shown (:class:`canasta.i18n.Later`).

    Args:
        error: what the system raised.
        path: the file the game meant to read or write.
        writing: True when it was being written (or its folder created).

    Returns:
        e.g. "the disk is full (/home/p/.local/share/canasta)", "no permission to open the
        folder /x/config", "/x/data is a file where a folder should be".
    """
    code = error.errno
    folder = path.parent
    if code in (errno.ENOSPC, errno.EDQUOT):
        return Later(N_("the disk is full ({folder})"), folder=folder)
    if code == errno.EROFS:
        return Later(N_("the disk holding {folder} is read-only"), folder=folder)
    if code in (errno.ENOTDIR, errno.EEXIST) or (code == errno.ENOENT and _file_above(path)):
        blocker = _file_above(path)
        if blocker is not None:
            return Later(N_("{file} is a file where a folder should be"), file=blocker)
    if code == errno.EISDIR or (code == errno.ENOTEMPTY and path.is_dir()):
        return Later(N_("{file} is a folder where a file should be"), file=path)
    if code in (errno.EACCES, errno.EPERM):
        locked = _locked_folder(path)
        if locked is not None:
            return Later(N_("no permission to open the folder {folder}"), folder=locked)
        if writing:
            return Later(N_("no permission to write in the folder {folder}"), folder=folder)
        return Later(N_("no permission to read {file}"), file=path)
    if code == errno.ENOENT:
        return Later(N_("the folder {folder} is missing"), folder=folder)
    # TRANSLATORS: the system's own words for a rarer failure, then the file
    # The system's own words (in the system's language) for a rarer failure.
    what = (error.strerror or type(error).__name__).lower()
    return Later(N_("{problem} ({file})"), problem=what, file=path)


def plain_damage(error: BaseException) -> Later:
    """Why a file that was read could not be used, in a player's words, for the one-line
    notice (the technical detail, e.g. a parser's "Expecting ',' delimiter", belongs in
    the log: see :func:`technical_detail`).

    Args:
        error: what reading or checking the file's contents raised (a decoding or parsing
            error, a validation error, or a ``SaveError`` with this project's words).

    Returns:
        words read in the language in use when shown, e.g. "it is not a text file", "its
        text is damaged or cut short", "it is far too large".
    """
    text = str(error)
    if isinstance(error, FileTooLargeError):
        return Later(N_("it is far too large"))
    if isinstance(error, UnicodeDecodeError) or "not UTF-8" in text:
        return Later(N_("it is not a text file"))
    parse_errors = (json.JSONDecodeError, tomllib.TOMLDecodeError, RecursionError)
    if isinstance(error, parse_errors) or " is not JSON" in text:
        return Later(N_("its text is damaged or cut short"))
    if "newer version" in text:
        return Later(N_("a newer version of Canasta wrote it"))
    if "old format" in text:
        return Later(N_("an older version of Canasta wrote it"))
    return Later(N_("some of what it holds is not valid"))


def technical_detail(error: BaseException) -> str:
    """``error`` in one line for the log: its type and first line, at most 300 characters
    (a validation error names the field and the rule it broke)."""
    first = str(error).splitlines()[0] if str(error) else ""
    if isinstance(error, ValidationError) and error.errors():
        fault = error.errors()[0]
        first = ".".join(str(p) for p in fault["loc"]) + ": " + fault["msg"]
    return f"{type(error).__name__}: {first}"[:300]


def _file_above(path: Path) -> Path | None:
    """The nearest of ``path``'s folders that is a file, if any."""
    for parent in reversed(path.parents):
        with contextlib.suppress(OSError):
            if parent.exists() and not parent.is_dir():
                return parent
    return None


def _locked_folder(path: Path) -> Path | None:
    """The outermost folder above ``path`` that cannot be opened (no search permission)."""
    for parent in reversed(path.parents):
        with contextlib.suppress(OSError):
            if parent.is_dir() and not os.access(parent, os.X_OK):
                return parent
    return None


def unwritable(folder: Path) -> StoreError | None:
    """Why files cannot be written in ``folder`` (or the folders it would be made in),
    without writing or creating anything; None when they can, as far as can be known.

    The nearest existing folder (``folder`` or one above it) is looked at: a file in its
    place, a read-only disk, or no permission to write and enter it.
    """
    probe = folder / "settings.toml"
    existing = folder
    while not os.path.exists(existing) and existing != existing.parent:
        existing = existing.parent
    try:
        if not existing.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(existing))
        if hasattr(os, "statvfs") and os.statvfs(existing).f_flag & os.ST_RDONLY:
            probe = existing / "settings.toml"
            raise OSError(errno.EROFS, "read-only file system", str(existing))
        if not os.access(existing, os.W_OK | os.X_OK):
            probe = existing / "settings.toml"
            raise PermissionError(errno.EACCES, "no permission", str(existing))
    except OSError as error:
        return StoreError(plain_reason(error, probe, writing=True))
    return None


def read_file(path: Path) -> bytes | None:
    """The bytes of ``path``, or None when there is no such file (nor a folder above it).

    Raises:
        StoreError: when it exists (or may exist) but cannot be read: no permission on it
            or a folder above it, a folder in its place, a read error.
        FileTooLargeError: when it holds more than :data:`~canasta.reading.MAX_FILE_BYTES`
            (a ``ValueError``: the file is broken, like one whose text is damaged; no more
            than that and one byte is read).
    """
    try:
        return read_capped(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError as error:
        if _file_above(path) is not None:
            raise StoreError(plain_reason(error, path)) from error
        return None
    except OSError as error:
        raise StoreError(plain_reason(error, path)) from error


def peek_toml(path: Path) -> dict[str, object]:
    """The table of the TOML file at ``path``, read without validating, moving or changing
    anything: ``{}`` when it is missing, unreadable or damaged (whoever loads it properly
    reports that). For a choice that must be made before the file is loaded, such as the
    language its notices are written in, or whether ``--players`` fits its rules."""
    try:
        raw = read_file(path)
        return loads_toml(raw.decode("utf-8")) if raw is not None else {}
    except (StoreError, ValueError):  # damaged TOML, bad UTF-8, too deep: all ValueErrors
        return {}


def exists(path: Path) -> bool:
    """True when ``path`` is there (as anything).

    Raises:
        StoreError: when that cannot be known (no permission on a folder above it).
    """
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        raise StoreError(plain_reason(error, path)) from error
    return True


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` (bytes) atomically, creating its folder if needed.

    Raises:
        StoreError: when the folder cannot be created or written, the disk is full or
            read-only, or a folder stands at ``path`` (the old file, if any, is left as it
            was and no temporary file stays behind).
    """
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise StoreError(plain_reason(error, path, writing=True)) from error
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise StoreError(plain_reason(error, path, writing=True)) from error
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

    They are never read: the file itself is always whole, old or new. A folder that cannot
    be listed is left alone (0).
    """
    removed = 0
    try:
        temps = list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return 0
    for temp in temps:
        with contextlib.suppress(OSError):
            temp.unlink()
            removed += 1
    return removed


def move_aside(path: Path, now: float | None = None, tag: str = "corrupt") -> Path | None:
    """Rename ``path`` to ``NAME.TAG-YYYYMMDD-HHMMSS`` (a counter is added if that name is
    taken) and return the new path; None if it could not be moved (the file is then left
    in place and simply not used)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    counter = 1
    try:
        while target.exists():
            counter += 1
            target = path.with_name(f"{path.name}.{tag}-{stamp}-{counter}")
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
    except NotADirectoryError:
        return  # a file above it: the file cannot be there
    except OSError as error:
        raise StoreError(plain_reason(error, path, writing=True)) from error
