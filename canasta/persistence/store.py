"""One object for every file of the game: load, save, and one line for each problem.

Nothing here raises for a broken file or a failing disk. A file that does not parse or
validate is moved aside (``NAME.corrupt-TIMESTAMP``), a line for the player is added to
:attr:`Store.notices` and the defaults take over for that file only. A file that cannot
be read for a reason of the file system (no permission on it or a folder above it, a
folder in its place) is left as it is, the player is told in plain words and the defaults
take over; it is never written over unread: before the first write it is moved aside as
``NAME.unreadable-TIMESTAMP`` (or, when it cannot be moved, not written). Writes are
atomic; a write that fails (no permission, a full or read-only disk, a file where a folder
should be) adds one line (once, until a write of that file works again, which is said too)
and leaves the old file as it was.
"""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import ValidationError

from canasta.i18n import N_, Later, Words
from canasta.persistence.files import (
    StoreError,
    atomic_write,
    clean_temp_files,
    exists,
    move_aside,
    plain_damage,
    plain_reason,
    read_file,
    remove,
    technical_detail,
    unwritable,
)
from canasta.persistence.online_seat import OnlineSeat
from canasta.persistence.paths import Paths, default_paths
from canasta.persistence.records import (
    GameRecordModel,
    prune_records,
    record_json,
    record_model,
)
from canasta.persistence.saves import (
    NewerVersionError,
    SavedGame,
    SaveError,
    check_version,
    parse_save,
    save_json,
)
from canasta.persistence.settings import Settings
from canasta.persistence.settings_file import load_settings, save_settings
from canasta.persistence.stats import STATS_READ_VERSIONS, STATS_SCHEMA_VERSION, Stats
from canasta.reading import FileTooLargeError, loads_json

log = logging.getLogger(__name__)

#: For each kind of file: the line when it could not be written, the line when a write of
#: it worked again ("" for none), and what happens next. Whole sentences, one per kind,
#: not a sentence with the file's name put in: a translation must agree with it in number
#: and gender ("No se pudieron guardar los ajustes", "No se pudo guardar la partida").
_WHAT = {
    "settings": (
        N_("Could not save the settings: {error}. {then}"),
        N_("The settings could be saved again."),
        N_(
            "The change holds while the game runs; nothing is saved until the folder can be "
            "written (it is tried again at each change)."
        ),
    ),
    "stats": (
        N_("Could not save your stats: {error}. {then}"),
        N_("Your stats could be saved again."),
        N_(
            "They are kept while the game runs; nothing is saved until the folder can be "
            "written (it is tried again at each turn)."
        ),
    ),
    "game": (
        N_("Could not save the game: {error}. {then}"),
        N_("The game could be saved again."),
        N_("Play goes on; saving is tried again at every turn."),
    ),
    "record": (
        N_("Could not save the game record: {error}. {then}"),
        N_("The game record could be saved again."),
        N_("It is tried again at the next turn or new game."),
    ),
    "finished": (
        N_("Could not save the finished game: {error}. {then}"),
        N_("The finished game could be saved again."),
        N_("It stays in the saved game's place for now."),
    ),
    "seat": (
        N_("Could not save your online seat: {error}. {then}"),
        N_("Your online seat could be saved again."),
        N_("Keep this window open to keep your seat."),
    ),
    "clear": (N_("Could not delete {what}: {error}. {then}"), "",
              N_("It is deleted at the next start.")),
}  # fmt: skip
#: The files read at the start: what they are called in a line that names several (which
#: a translation reads as plural), and the line when that one alone could not be read.
_READ = {
    "settings": (N_("your settings"), N_("Could not read your settings: {reason}. {then}")),
    "stats": (N_("your stats"), N_("Could not read your stats: {reason}. {then}")),
    "game": (N_("the saved game"), N_("Could not read the saved game: {reason}. {then}")),
}
#: A finished game waiting for its stats or record, kept beside the game in progress.
FINISHED_PREFIX = "finished-"


class Store:
    """The game's files under ``paths`` (default: :func:`default_paths`).

    Attributes:
        paths: the folders in use.
        notices: lines for the player, oldest first, each read in the language in use
            when shown (:class:`canasta.i18n.Later`); the screen shows and clears them.
    """

    def __init__(self, paths: Paths | None = None) -> None:
        self.paths = paths or default_paths()
        self.notices: list[Words] = []
        self._failed_writes: set[str] = set()
        self._unread: set[str] = set()
        self._read_lines: dict[str, tuple[list[str], Later]] = {}  # reason -> (whats, line)

    def take_notices(self) -> list[Words]:
        """Return the waiting lines for the player and forget them."""
        out, self.notices = self.notices, []
        return out

    def check_folders(self) -> None:
        """Say once, at the start, when the settings' folder or the data folder cannot be
        written (a read-only folder, a file in its place...): what will not be saved and
        why. A reason already told by a file that could not be read is not said again
        (its writes say theirs); else the writes that fail later add no line of their own
        (one that works says so). The home screen keeps saying it while it holds
        (:meth:`folder_notices`)."""
        for kinds, error, line in self._unwritable_folders():
            if str(error) not in self._read_lines:
                self._failed_writes.update(kinds)
                self.notices.append(line)

    def folder_notices(self, shown: Sequence[Words] = ()) -> list[Words]:
        """The lines of :meth:`check_folders` for the folders that cannot be written now,
        looked at afresh (nothing written or created): the home screen shows them as long
        as the folder stays so, not only once. A folder whose reason a line in ``shown``
        (the one-time lines shown beside them) already gives, from a file that could not
        be read, gets no line of its own.

        Returns:
            e.g. ``["Your settings cannot be saved: no permission to write in the folder
            /home/p/.config/canasta. Changes last only while the game runs."]``; ``[]``
            when both folders can be written.
        """
        out: list[Words] = []
        for _kinds, error, line in self._unwritable_folders():
            read = self._read_lines.get(str(error))
            if read is None or read[1] not in shown:
                out.append(line)
        return out

    def _unwritable_folders(self) -> list[tuple[tuple[str, ...], StoreError, Later]]:
        """``(kinds of file, why, the line for the player)`` for each folder of the game's
        files that cannot be written now (the settings' folder, then the data folder)."""
        folders = (
            (self.paths.settings.parent, ("settings",),
             N_("Your settings cannot be saved: {reason}. Changes last only while the game "
                "runs.")),
            (self.paths.data, ("stats", "game", "record", "finished"),
             N_("Your games and stats cannot be saved: {reason}. They last only while the "
                "game runs.")),
        )  # fmt: skip
        out: list[tuple[tuple[str, ...], StoreError, Later]] = []
        for folder, kinds, text in folders:
            error = unwritable(folder)
            if error is not None:
                out.append((kinds, error, Later(text, reason=error)))
        return out

    # Settings -------------------------------------------------------------------------------

    def load_settings(self, looks: dict[str, list[str]] | None = None) -> Settings:
        """The settings in force (``looks``: the design names that exist, per look field)."""
        try:
            settings, notes = load_settings(self.paths.settings, looks)
        except StoreError as error:
            self._unread.add("settings")
            self._read_notice("settings", error, N_("The default settings are in use."))
            return Settings()
        self.notices += notes
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings; False (and a line for the player) when that failed."""
        path = self.paths.settings
        return self._write("settings", path, lambda: save_settings(path, settings))

    # Stats ----------------------------------------------------------------------------------

    def load_stats(self) -> Stats:
        """The stats (empty when there are none, the file is broken or cannot be read)."""
        path = self.paths.stats
        try:
            raw = read_file(path)
            if raw is None:
                return Stats()
            data = loads_json(raw)
            if isinstance(data, dict) and data.get("schema_version") in STATS_READ_VERSIONS:
                data = {**data, "schema_version": STATS_SCHEMA_VERSION}  # no preset: "All"
            check_version(data, STATS_SCHEMA_VERSION, "stats file")
            return Stats.model_validate(data)
        except StoreError as error:
            self._unread.add("stats")
            self._read_notice("stats", error, N_("They count from zero for now."))
            return Stats()
        except (ValueError, ValidationError) as error:
            self._aside(path, N_("Your stats"), error, N_("they start again from zero"))
            return Stats()

    def save_stats(self, stats: Stats) -> bool:
        """Write the stats; False (and a line for the player) when that failed."""
        data = stats.model_dump_json(indent=1).encode("utf-8")
        path = self.paths.stats
        return self._write("stats", path, lambda: atomic_write(path, data))

    # The game in progress --------------------------------------------------------------------

    def has_save(self) -> bool:
        """True when a game in progress is on disk (it may still turn out broken); False
        too (with a line, once) when it or its folder cannot be read."""
        path = self.paths.save
        try:
            if not exists(path):
                return False
            if path.is_dir():
                raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
            if not os.access(path, os.R_OK):
                raise PermissionError(errno.EACCES, "no permission", str(path))
            return True
        except OSError as error:
            self._read_failed("game", _plain(error, path))
            return False

    def load_game(self, path: Path | None = None) -> SavedGame | None:
        """The game in progress (or the saved game at ``path``), or None: none saved, it was
        broken and moved aside, or it cannot be read (then it is left as it is)."""
        path = path or self.paths.save
        clean_temp_files(path)
        try:
            raw = read_file(path)
            return None if raw is None else parse_save(raw)
        except StoreError as error:
            if path == self.paths.save:  # asked for: said each time
                self._unread.discard("game")
                self._read_failed("game", error)
            return None
        except (SaveError, FileTooLargeError) as error:
            self._aside(path, N_("The saved game"), error, N_("a new game can start"))
            return None

    def saved_game_id(self) -> str | None:
        """The id of the game in ``current_game.json`` (None: none, or it cannot be read)."""
        return self._peek_save()[0]

    def save_hand_ended(self) -> bool:
        """True when ``current_game.json`` holds a hand that has ended (a glance at the file,
        nothing validated; False when there is none or it cannot be read)."""
        return self._peek_save()[1] == "ended"

    def _peek_save(self) -> tuple[str | None, str | None]:
        try:
            raw = read_file(self.paths.save)
            data = loads_json(raw) if raw is not None else None
        except (StoreError, ValueError):
            return None, None
        if not isinstance(data, dict):
            return None, None
        game_id, hand = data.get("game_id"), data.get("hand")
        phase = hand.get("phase") if isinstance(hand, dict) else None
        return (game_id if isinstance(game_id, str) else None,
                phase if isinstance(phase, str) else None)  # fmt: skip

    def save_game(self, saved: SavedGame) -> bool:
        """Write the game in progress atomically; False (and a line) when that failed."""
        data = save_json(saved)
        path = self.paths.save
        return self._write("game", path, lambda: atomic_write(path, data))

    def delete_game(self, path: Path | None = None) -> bool:
        """Forget the game in progress (or the finished game kept at ``path``); False (and a
        line) when the file could not be deleted."""
        target = path or self.paths.save
        return self._write("clear", target, lambda: remove(target))

    def keep_finished(self, saved: SavedGame) -> bool:
        """Keep a finished game whose stats or record are not written yet beside the game in
        progress, as ``finished-GAME_ID.json`` in the data folder; False (and a line) when
        that failed."""
        data = save_json(saved)
        path = self.finished_path(saved.game_id)
        return self._write("finished", path, lambda: atomic_write(path, data))

    def finished_path(self, game_id: str) -> Path:
        """Where :meth:`keep_finished` keeps the game ``game_id``."""
        return self.paths.data / f"{FINISHED_PREFIX}{game_id}.json"

    def finished_games(self) -> list[Path]:
        """The finished games kept by :meth:`keep_finished` (none when the folder cannot be
        listed)."""
        try:
            return sorted(self.paths.data.glob(f"{FINISHED_PREFIX}*.json"))
        except OSError:
            return []

    def has_record(self, game_id: str) -> bool:
        """True when the record of game ``game_id`` is on disk."""
        try:
            return (self.paths.games / f"{game_id}.json").is_file()
        except OSError:
            return False

    def write_record(self, saved: SavedGame) -> Path | None:
        """Write the finished game's record to ``games/GAME_ID.json`` (once); its path, or
        None (and a line) when it could not be written."""
        path = self.paths.games / f"{saved.game_id}.json"
        try:
            if exists(path) and path.is_file():
                return path
        except (StoreError, OSError):
            pass  # the write below says why
        data = record_json(record_model(saved))
        return path if self._write("record", path, lambda: atomic_write(path, data)) else None

    def keep_record(self, data: dict[str, object]) -> Path | None:
        """Keep a finished game's record that came from elsewhere (an online server) in
        ``games/GAME_ID.json``, once, for Stats' recent games and the replay; its path, or
        None when it is not a valid record (nothing is written) or could not be written
        (a line says why)."""
        try:
            model = GameRecordModel.model_validate(data)
        except ValidationError:
            return None
        path = self.paths.games / f"{model.game_id}.json"
        try:
            if exists(path) and path.is_file():
                return path
        except (StoreError, OSError):
            pass  # the write below says why
        text = record_json(model)
        return path if self._write("record", path, lambda: atomic_write(path, text)) else None

    def prune_records(self, keep: int) -> int:
        """Delete all but the newest ``keep`` game records; return how many went."""
        return len(prune_records(self.paths.games, keep))

    # The online seat -------------------------------------------------------------------------

    def load_seat(self) -> OnlineSeat | None:
        """The online seat kept by the last run (None: none, or the file is broken or cannot
        be read; a broken file is moved aside)."""
        path = self.paths.seat
        try:
            raw = read_file(path)
            return None if raw is None else OnlineSeat.model_validate(loads_json(raw))
        except StoreError:
            return None
        except (ValueError, ValidationError) as error:
            self._aside(path, N_("Your online seat"), error, N_("it is forgotten"))
            return None

    def save_seat(self, seat: OnlineSeat | None) -> bool:
        """Keep the online seat (None: forget it); False (and a line) when that failed."""
        path = self.paths.seat
        if seat is None:
            if not exists(path):
                return True
            return self._write("clear", path, lambda: remove(path))
        data = seat.model_dump_json().encode("utf-8")
        return self._write("seat", path, lambda: atomic_write(path, data))

    # Helpers ----------------------------------------------------------------------------------

    def _write(self, kind: str, path: Path, write: Callable[[], object]) -> bool:
        failed, again, then = _WHAT[kind]
        try:
            if kind in self._unread:
                self._set_aside_unread(kind, path)
            write()
        except StoreError as error:
            if kind not in self._failed_writes:  # one line per kind of file, not per turn
                self._failed_writes.add(kind)
                self.notices.append(
                    Later(failed, what=path.name, error=error, then=Later(then))
                    if kind == "clear"
                    else Later(failed, error=error, then=Later(then))
                )
            return False
        if kind in self._failed_writes and again:
            self._failed_writes.discard(kind)
            self.notices.append(Later(again))
        return True

    def _set_aside_unread(self, kind: str, path: Path) -> None:
        """Before writing a file that could not be read: move it aside, or refuse."""
        if not exists(path):
            self._unread.discard(kind)
            return
        if path.is_dir():
            return  # the write itself fails and says so
        kept = move_aside(path, tag="unreadable")
        if kept is None:
            raise StoreError(
                Later(N_("{file} could not be read, so it is not written over"), file=path)
            )
        self._unread.discard(kind)
        self.notices.append(
            Later(
                N_("{name}, which could not be read, is kept as {kept}."),
                name=path.name,
                kept=kept.name,
            )
        )

    def _read_failed(self, kind: str, error: OSError) -> None:
        if kind not in self._unread:  # said once, not at every look
            self._unread.add(kind)
            self._read_notice("game", error, N_("It is left as it is."))

    def _read_notice(self, kind: str, error: OSError, then: str) -> None:
        """One line per reason: files that cannot be read for the same reason share it.
        ``kind`` is a key of :data:`_READ`; ``then`` a catalogue text (marked with ``N_``)."""
        what, alone = _READ[kind]
        reason = str(error)
        line = self._read_lines.get(reason)
        if line is not None and line[1] in self.notices:
            whats = [*line[0], what]
            names = Later(
                N_("{some} and {last}"),
                some=[Later(w) for w in whats[:-1]],
                last=Later(whats[-1]),
            )
            merged = Later(
                # TRANSLATORS: {what} names two or three files ("your settings and your stats").
                N_("Could not read {what}: {reason}. Defaults are in use for now."),
                capital=True,
                what=names,
                reason=error,
            )
            self.notices[self.notices.index(line[1])] = merged
            self._read_lines[reason] = (whats, merged)
            return
        text = Later(alone, reason=error, then=Later(then))
        self._read_lines[reason] = ([what], text)
        self.notices.append(text)

    def _aside(self, path: Path, what: str, error: Exception, then: str) -> None:
        """Move a file that cannot be used aside: the player's line says why in plain
        words (:func:`plain_damage`), the log keeps the technical detail."""
        # a file from a newer Canasta is not damaged: its name says so
        kept = move_aside(path, tag="newer" if isinstance(error, NewerVersionError) else "corrupt")
        where = Later(N_("kept as {name}"), name=kept.name) if kept else Later(N_("left in place"))
        log.warning("%s could not be used: %s; %s", path, technical_detail(error),
                    f"kept as {kept}" if kept else "left in place")  # fmt: skip
        self.notices.append(
            Later(
                N_("{what} could not be used ({reason}); the file was {where}, and {then}."),
                what=Later(what),
                reason=plain_damage(error),
                where=where,
                then=Later(then),
            )
        )


def _plain(error: OSError, path: Path) -> OSError:
    return error if isinstance(error, StoreError) else StoreError(plain_reason(error, path))
