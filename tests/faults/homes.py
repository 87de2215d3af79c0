"""Prepared CANASTA_HOME folders and the faults of the disk applied to them.

Every home holds, before the action: ``config/settings.toml`` (a blue table, quick games),
``data/stats.json`` (one finished game counted), that game's record
``data/games/aaaaaaaaaaaaaaaa.json``, and ``data/current_game.json``: a quick game in
progress (6 turns in), or for the ``finish`` action the same game one turn from its end.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from canasta.persistence.paths import Paths
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from tests.persistence.helpers import boundaries, controller_for

OLD_GAME = "a" * 16
GAME = "b" * 16
SETTINGS = "config/settings.toml"
STATS = "data/stats.json"
SAVE = "data/current_game.json"
RECORD = f"data/games/{OLD_GAME}.json"
NEW_RECORD = f"data/games/{GAME}.json"
NOBODY = 65534


@dataclass(frozen=True)
class Template:
    """The bytes of a prepared home's files (see the module doc)."""

    settings: bytes
    stats: bytes
    record: bytes
    in_progress: bytes
    near_end: bytes


def build_template(root: Path) -> Template:
    """Play the two games the homes hold (computer players in every seat), in ``root``."""
    store = Store(Paths(root / "config", root / "data"))
    session = Session(store)
    session.update_settings(theme="blue", game_type="quick")
    session.new_game(5, game_id=OLD_GAME)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    other = Session(Store(Paths(root / "other-config", root / "other-data")))
    other.update_settings(game_type="quick")
    other.new_game(8, game_id=GAME)
    saves = []
    for _ in boundaries(other, controller_for(other.current.game)):
        if other.store.paths.save.exists():
            saves.append(other.store.paths.save.read_bytes())
    paths = store.paths
    return Template(
        paths.settings.read_bytes(), paths.stats.read_bytes(),
        (paths.games / f"{OLD_GAME}.json").read_bytes(), saves[5], saves[-1],
    )  # fmt: skip


def fill_home(home: Path, template: Template, action: str) -> None:
    """Write the prepared files into ``home`` (an empty folder)."""
    files = {
        SETTINGS: template.settings,
        STATS: template.stats,
        RECORD: template.record,
        SAVE: template.near_end if action == "finish" else template.in_progress,
    }
    for rel, data in files.items():
        path = home / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def snapshot(home: Path) -> dict[str, str]:
    """Every file and folder under ``home``: relative path -> sha256 of its bytes, "dir",
    or "file" (a file whose bytes are not read: a disk filler)."""
    out: dict[str, str] = {}
    for path in sorted(home.rglob("*")):
        rel = str(path.relative_to(home))
        if path.is_dir():
            out[rel] = "dir"
        elif path.name == "filler":
            out[rel] = "file"
        else:
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


# Faults -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fault:
    """A fault of the disk: made after the home is filled, mended by ``heal``.

    Attributes:
        apply, heal: change ``home`` (the fault's own doing) and undo it.
        tmpfs: the size of a tmpfs mounted as the home first ("256k"), or "" for none.
        modes: for the ordinary user's faults, ``(relative path, mode)`` pairs (the files
            are given to that user first); heal gives back 0o755 to folders, 0o644 to files.
        target: the relative path the fault itself replaces (a file for a folder or the
            other way round), which mending it replaces again.
    """

    apply: Callable[[Path], None] = lambda home: None
    heal: Callable[[Path], None] = lambda home: None
    tmpfs: str = ""
    modes: tuple[tuple[str, int], ...] = ()
    target: str = ""


@contextlib.contextmanager
def faulty_home(home: Path, template: Template, action: str, fault: Fault) -> Iterator[None]:
    """``home`` filled for ``action`` with ``fault`` made; unmounted afterwards."""
    home.mkdir(parents=True, exist_ok=True)
    if fault.tmpfs:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={fault.tmpfs},mode=0755",
                        "tmpfs", str(home)], check=True)  # fmt: skip
    try:
        fill_home(home, template, action)
        if fault.modes:
            for path in [home, *home.rglob("*")]:
                os.chown(path, NOBODY, NOBODY)
            for rel, mode in fault.modes:
                os.chmod(home / rel, mode)
        fault.apply(home)
        yield
    finally:
        if fault.tmpfs:
            subprocess.run(["umount", str(home)], check=True)


def heal_modes(home: Path, fault: Fault) -> list[tuple[str, int]]:
    """The chmods that mend a fault of modes (outermost folder first)."""
    pairs = sorted(fault.modes, key=lambda pair: len(pair[0]))
    return [(str(home / rel), 0o644 if "." in Path(rel).name else 0o755) for rel, _ in pairs]


def _fill_disk(home: Path) -> None:
    fd = os.open(home / "filler", os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for size in (65536, 4096, 1):  # big blocks, then the last bytes
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * size) == size:
                    pass
    finally:
        os.close(fd)


def _remount(mode: str) -> Callable[[Path], None]:
    def change(home: Path) -> None:
        subprocess.run(["mount", "-o", f"remount,{mode}", str(home)], check=True)

    return change


def _file_for_folder(folder: str) -> Fault:
    def apply(home: Path) -> None:
        shutil.rmtree(home / folder)
        (home / folder).write_text("a file where a folder should be\n")

    def heal(home: Path) -> None:
        (home / folder).unlink()
        (home / folder).mkdir()

    return Fault(apply, heal, target=folder)


def _folder_for_file(rel: str) -> Fault:
    def apply(home: Path) -> None:
        (home / rel).unlink(missing_ok=True)
        (home / rel).mkdir()
        (home / rel / "keep.txt").write_text("a folder where a file should be\n")

    def heal(home: Path) -> None:
        shutil.rmtree(home / rel)

    return Fault(apply, heal, target=rel)


#: Faults made as root (the action runs in this process).
ROOT_FAULTS = {
    "disk full": Fault(_fill_disk, lambda home: (home / "filler").unlink(), tmpfs="256k"),
    "disk read-only": Fault(_remount("ro"), _remount("rw"), tmpfs="1m"),
    "data folder is a file": _file_for_folder("data"),
    "config folder is a file": _file_for_folder("config"),
    "games folder is a file": _file_for_folder("data/games"),
    "settings file is a folder": _folder_for_file(SETTINGS),
    "stats file is a folder": _folder_for_file(STATS),
    "save file is a folder": _folder_for_file(SAVE),
}
#: Faults of permission: the action runs as the ordinary user NOBODY (setpriv).
USER_FAULTS = {
    "no permission on the files": Fault(modes=((SETTINGS, 0), (STATS, 0), (SAVE, 0))),
    "no permission on the folders": Fault(modes=(("config", 0), ("data", 0))),
    "no permission on the parent": Fault(modes=((".", 0),)),
    "read-only folders": Fault(modes=(("config", 0o555), ("data", 0o555), ("data/games", 0o555))),
}
#: The steps of an atomic write where ENOSPC is injected (see test_matrix).
STEPS = ("create the folder", "create the temporary file", "write", "fsync", "replace")
NO_SPACE = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
