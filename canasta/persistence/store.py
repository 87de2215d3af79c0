"""One object for every file of the game: load, save, and one line for each problem.

Nothing here raises for a broken file: a file that does not parse or validate is moved
aside (``NAME.corrupt-TIMESTAMP``), a line for the player is added to :attr:`Store.notices`
and the defaults take over for that file only. Writes are atomic; a write that fails
(a folder that cannot be written) adds a line too and leaves the old file as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from canasta.persistence.files import (
    StoreError,
    atomic_write,
    clean_temp_files,
    move_aside,
    remove,
)
from canasta.persistence.paths import Paths, default_paths
from canasta.persistence.records import prune_records, record_json, record_model
from canasta.persistence.saves import (
    SavedGame,
    SaveError,
    check_version,
    parse_save,
    save_json,
)
from canasta.persistence.settings import Settings, load_settings, save_settings
from canasta.persistence.stats import STATS_SCHEMA_VERSION, Stats


class Store:
    """The game's files under ``paths`` (default: :func:`default_paths`).

    Attributes:
        paths: the folders in use.
        notices: lines for the player, oldest first; the screen shows and clears them.
    """

    def __init__(self, paths: Paths | None = None) -> None:
        self.paths = paths or default_paths()
        self.notices: list[str] = []
        self._failed_writes: set[str] = set()

    def take_notices(self) -> list[str]:
        """Return the waiting lines for the player and forget them."""
        out, self.notices = self.notices, []
        return out

    # Settings -------------------------------------------------------------------------------

    def load_settings(self, looks: dict[str, list[str]] | None = None) -> Settings:
        """The settings in force (``looks``: the design names that exist, per look field)."""
        settings, notes = load_settings(self.paths.settings, looks)
        self.notices += notes
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings; False (and a line for the player) when that failed."""
        return self._write("settings", lambda: save_settings(self.paths.settings, settings))

    # Stats ----------------------------------------------------------------------------------

    def load_stats(self) -> Stats:
        """The stats (empty when there are none or the file is broken)."""
        path = self.paths.stats
        if not path.exists():
            return Stats()
        try:
            data = json.loads(path.read_bytes())
            check_version(data, STATS_SCHEMA_VERSION, "stats file")
            return Stats.model_validate(data)
        except OSError as error:
            self.notices.append(f"Could not read your stats ({error.strerror}).")
            return Stats()
        except (ValueError, ValidationError) as error:
            self._aside(path, "Your stats", _reason(error), "start again from zero")
            return Stats()

    def save_stats(self, stats: Stats) -> bool:
        """Write the stats; False (and a line for the player) when that failed."""
        data = stats.model_dump_json(indent=1).encode("utf-8")
        return self._write("stats", lambda: atomic_write(self.paths.stats, data))

    # The game in progress --------------------------------------------------------------------

    def has_save(self) -> bool:
        """True when a game in progress is on disk (it may still turn out broken)."""
        return self.paths.save.is_file()

    def load_game(self) -> SavedGame | None:
        """The game in progress, or None (none saved, or it was broken and moved aside)."""
        path = self.paths.save
        clean_temp_files(path)
        if not path.exists():
            return None
        try:
            return parse_save(path.read_bytes())
        except OSError as error:
            self.notices.append(f"Could not read the saved game ({error.strerror}).")
            return None
        except SaveError as error:
            self._aside(path, "The saved game", str(error), "a new game can start")
            return None

    def save_game(self, saved: SavedGame) -> bool:
        """Write the game in progress atomically; False (and a line) when that failed."""
        data = save_json(saved)
        return self._write("game", lambda: atomic_write(self.paths.save, data))

    def delete_game(self) -> None:
        """Forget the game in progress (it has ended)."""
        self._write("game", lambda: remove(self.paths.save))

    def write_record(self, saved: SavedGame) -> Path | None:
        """Write the finished game's record to ``games/GAME_ID.json`` (once); its path."""
        path = self.paths.games / f"{saved.game_id}.json"
        if path.exists():
            return path
        data = record_json(record_model(saved))
        return path if self._write("record", lambda: atomic_write(path, data)) else None

    def prune_records(self, keep: int) -> int:
        """Delete all but the newest ``keep`` game records; return how many went."""
        return len(prune_records(self.paths.games, keep))

    # Helpers ----------------------------------------------------------------------------------

    def _write(self, what: str, write: object) -> bool:
        assert callable(write)
        try:
            write()
        except StoreError as error:
            if what not in self._failed_writes:  # one line per kind of file, not per turn
                self._failed_writes.add(what)
                self.notices.append(f"Could not save the {what}: {error}")
            return False
        self._failed_writes.discard(what)
        return True

    def _aside(self, path: Path, what: str, reason: str, then: str) -> None:
        kept = move_aside(path)
        where = f"kept as {kept.name}" if kept else "left in place"
        self.notices.append(f"{what} could not be used ({reason}); it was {where} and {then}.")


def _reason(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        return ".".join(str(p) for p in first["loc"]) + ": " + first["msg"]
    return str(error).splitlines()[0][:100] if str(error) else type(error).__name__
