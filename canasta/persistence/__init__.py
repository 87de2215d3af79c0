"""Settings, stats, the game in progress and game records on disk.

pydantic models with a ``schema_version`` validate every file at load; settings are TOML
(tomllib to read, tomli-w to write), the rest JSON. Every write is atomic. Paths come from
platformdirs, or from ``$CANASTA_HOME`` when it is set (:mod:`canasta.persistence.paths`).
"""

from canasta.persistence.paths import HOME_ENV, Paths, default_paths
from canasta.persistence.saves import SavedGame, SaveError
from canasta.persistence.settings import Settings
from canasta.persistence.stats import KINDS, StatLine, Stats, kind_of
from canasta.persistence.store import Store

__all__ = [
    "HOME_ENV",
    "KINDS",
    "Paths",
    "SaveError",
    "SavedGame",
    "Settings",
    "StatLine",
    "Stats",
    "Store",
    "default_paths",
    "kind_of",
]
