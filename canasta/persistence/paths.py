"""Where the game keeps its files.

Settings go under ``platformdirs.user_config_path("canasta")``; stats, the game in
progress and finished game records under ``platformdirs.user_data_path("canasta")``.
The environment variable ``CANASTA_HOME`` points both somewhere else: settings then live
in ``$CANASTA_HOME/config`` and the rest in ``$CANASTA_HOME/data``. Every test sets it, so
no test touches a real home folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

#: The one environment variable that moves every file of the game.
HOME_ENV = "CANASTA_HOME"
APP_NAME = "canasta"

SETTINGS_FILE = "settings.toml"
STATS_FILE = "stats.json"
SEAT_FILE = "online_seat.json"
SAVE_FILE = "current_game.json"
GAMES_DIR = "games"


@dataclass(frozen=True)
class Paths:
    """The game's folders and files.

    Attributes:
        config: the folder of ``settings.toml``.
        data: the folder of ``stats.json``, ``current_game.json`` and ``games/``.
    """

    config: Path
    data: Path

    @property
    def settings(self) -> Path:
        """The settings file (TOML)."""
        return self.config / SETTINGS_FILE

    @property
    def stats(self) -> Path:
        """The stats file (JSON)."""
        return self.data / STATS_FILE

    @property
    def seat(self) -> Path:
        """The online seat's token, address and table (JSON) while a game is on."""
        return self.data / SEAT_FILE

    @property
    def save(self) -> Path:
        """The game in progress (JSON)."""
        return self.data / SAVE_FILE

    @property
    def games(self) -> Path:
        """The folder of finished game records (JSON, one file per game)."""
        return self.data / GAMES_DIR


def default_paths(environ: dict[str, str] | None = None) -> Paths:
    """The folders in force: ``$CANASTA_HOME/config`` and ``/data`` when it is set (and not
    empty), else platformdirs' user config and data folders for "canasta"."""
    env = os.environ if environ is None else environ
    home = env.get(HOME_ENV, "").strip()
    if home:
        root = Path(home).expanduser()
        return Paths(root / "config", root / "data")
    return Paths(platformdirs.user_config_path(APP_NAME), platformdirs.user_data_path(APP_NAME))


def log_folder(environ: dict[str, str] | None = None) -> Path:
    """The folder of the log file: ``$CANASTA_HOME/logs`` when it is set (and not empty),
    else platformdirs' user log folder for "canasta" (e.g. ``~/.local/state/canasta/log``)."""
    env = os.environ if environ is None else environ
    home = env.get(HOME_ENV, "").strip()
    if home:
        return Path(home).expanduser() / "logs"
    return platformdirs.user_log_path(APP_NAME)
