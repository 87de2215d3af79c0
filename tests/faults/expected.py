"""What the player must see in each case of the matrix, and which files may change.

A case's lines are codes: ``("read", "settings", "stats")`` is one line saying the
settings and the stats could not be read (one line per reason), ``("write", "game")`` the
game could not be saved, ``("again", "game")`` it could be saved again, ``("kept",
"settings")`` the unreadable file was kept aside before being written over,
``"finish kept"`` the finished game stays saved, ``"finish done"`` it is now in the stats
and records. :func:`lines` turns them into the very words, with the reason each fault
gives (:func:`reason`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tests.faults.homes import RECORD, SAVE, SETTINGS, STATS, STEPS

NEW_RECORD = "data/games/bbbbbbbbbbbbbbbb.json"
_FILES = {"settings": SETTINGS, "stats": STATS, "save": SAVE, "game": SAVE, "record": NEW_RECORD}
_WHAT_READ = {"settings": "your settings", "stats": "your stats", "save": "the saved game"}
_THEN_READ = {"settings": "The default settings are in use.",
              "stats": "They count from zero for now.", "save": "It is left as it is."}  # fmt: skip
_WHAT_WRITE = {"settings": "the settings", "stats": "your stats", "game": "the game",
               "record": "the game record"}  # fmt: skip
_THEN_WRITE = {
    "settings": "The change holds while the game runs; nothing is saved until the folder "
    "can be written (it is tried again at each change).",
    "stats": "They are kept while the game runs; nothing is saved until the folder can be "
    "written (it is tried again at each turn).",
    "game": "Play goes on; saving is tried again at every turn.",
    "record": "It is tried again at the next turn or new game.",
}
_CANNOT = {
    "settings": "Your settings cannot be saved: {why}. Changes last only while the game runs.",
    "data": "Your games and stats cannot be saved: {why}. They last only while the game runs.",
}
FINISH_KEPT = ("The finished game stays saved until its stats and record can be written: "
               "Continue on the home screen (or the next start) tries again.")  # fmt: skip
FINISH_DONE = "The finished game is now in your stats and records, and its save is cleared."


def reason(fault: str, home: Path, target: str) -> str:
    """The plain words a fault gives for a file (``target``: a key of ``_FILES``)."""
    path = home / _FILES[target]
    folder = path.parent
    data, config = home / "data", home / "config"
    if fault == "disk full" or fault.startswith("ENOSPC"):
        return f"the disk is full ({folder})"
    if fault == "disk read-only":
        return f"the disk holding {folder} is read-only"
    if fault == "read-only folders":
        return f"no permission to write in the folder {folder}"
    if fault == "data folder is a file":
        return f"{data} is a file where a folder should be"
    if fault == "config folder is a file":
        return f"{config} is a file where a folder should be"
    if fault == "games folder is a file":
        return f"{data / 'games'} is a file where a folder should be"
    if fault.endswith("is a folder"):
        return f"{path} is a folder where a file should be"
    if fault == "no permission on the files":
        return f"no permission to read {path}"
    if fault == "no permission on the folders":
        return f"no permission to open the folder {folder}"
    if fault == "no permission on the parent":
        return f"no permission to open the folder {home}"
    raise ValueError(fault)


def lines(fault: str, home: Path, codes: list) -> list[re.Pattern[str]]:
    """The expected lines, as patterns (a file kept aside has a time stamp in its name)."""
    out = []
    for code in codes:
        if code == "finish kept":
            text = re.escape(FINISH_KEPT)
        elif code == "finish done":
            text = re.escape(FINISH_DONE)
        elif code[0] == "read":
            whats = [_WHAT_READ[t] for t in code[1:]]
            why = reason(fault, home, code[1])
            if len(whats) == 1:
                text = re.escape(f"Could not read {whats[0]}: {why}. {_THEN_READ[code[1]]}")
            else:
                names = ", ".join(whats[:-1]) + " and " + whats[-1]
                text = re.escape(f"Could not read {names}: {why}. Defaults are in use for now.")
        elif code[0] == "write":
            what = code[1]
            why = reason(fault, home, what)
            text = re.escape(f"Could not save {_WHAT_WRITE[what]}: {why}. {_THEN_WRITE[what]}")
        elif code[0] == "cannot":  # said at the start: a folder that cannot be written
            why = reason(fault, home, "settings" if code[1] == "settings" else "stats")
            text = re.escape(_CANNOT[code[1]].format(why=why))
        elif code[0] == "again":
            what = _WHAT_WRITE[code[1]]
            text = re.escape(f"{what[0].upper()}{what[1:]} could be saved again.")
        elif code[0] == "kept":
            name = Path(_FILES[code[1]]).name
            text = (re.escape(f"{name}, which could not be read, is kept as {name}.unreadable-")
                    + r"\d{8}-\d{6}(-\d+)?\.")  # fmt: skip
        else:
            raise ValueError(code)
        out.append(re.compile(text))
    return out


@dataclass(frozen=True)
class Case:
    """One fault x action: the lines shown, the lines after mending it and passing a save
    point, and the files that change with the action (before mending)."""

    shown: list = field(default_factory=list)
    healed: list = field(default_factory=list)
    changed: frozenset[str] = frozenset()


def _c(shown=(), healed=(), changed=()) -> Case:  # type: ignore[no-untyped-def]
    return Case(list(shown), list(healed), frozenset(changed))


FINISHED = {SAVE, STATS, NEW_RECORD}  # the save goes, the stats count, the record comes

#: Faults that let every file be read and no file be written.
WRITE_BLOCKED = {
    "start": _c(),
    "continue": _c(),
    "new": _c([("write", "stats"), ("write", "game")], [("again", "game"), ("again", "stats")]),
    "setting": _c([("write", "settings")], [("again", "settings")]),
    "turns": _c([("write", "game")], [("again", "game")]),
    "finish": _c([("write", "game"), ("write", "stats"), "finish kept"],
                 [("again", "stats"), "finish done"]),
}  # fmt: skip


#: Folders that cannot be written, told at the start: the writes that fail later add no
#: line of their own, and those that work after mending say so.
_CANNOT_START = [("cannot", "settings"), ("cannot", "data")]
FOLDERS_BLOCKED = {
    "start": _c(_CANNOT_START),
    "continue": _c(_CANNOT_START, [("again", "game")]),
    "new": _c(_CANNOT_START, [("again", "game"), ("again", "stats")]),
    "setting": _c(_CANNOT_START, [("again", "settings")]),
    "turns": _c(_CANNOT_START, [("again", "game")]),
    "finish": _c(
        [*_CANNOT_START, "finish kept"], [("again", "stats"), ("again", "record"), "finish done"]
    ),
}


def _reading(codes: list, **extra: Case) -> dict[str, Case]:
    """Every action starts with the same lines about reading; ``extra`` adds to some."""
    out = {}
    for action, base in {"start": _c(), "continue": _c(), "new": _c(changed=[SAVE, STATS]),
                         "setting": _c(changed=[SETTINGS]), "turns": _c(changed=[SAVE]),
                         "finish": _c(changed=FINISHED)}.items():  # fmt: skip
        more = extra.get(action, base)
        out[action] = Case(codes + more.shown, more.healed, more.changed)
    return out


_HOME_ONLY = _c()  # no saved game to continue: the action ends on the home screen
EXPECTED: dict[str, dict[str, Case]] = {
    "disk full": WRITE_BLOCKED,
    "disk read-only": FOLDERS_BLOCKED,
    **{f"ENOSPC at {step}": WRITE_BLOCKED for step in STEPS},
    "read-only folders": FOLDERS_BLOCKED,
    "data folder is a file": _reading(
        [("read", "stats")],
        new=_c([("write", "game")], [("again", "game")]),
        turns=_HOME_ONLY,
        finish=_HOME_ONLY,
    ),
    "config folder is a file": _reading(
        [("read", "settings")], setting=_c([("write", "settings")], [("again", "settings")])
    ),
    "games folder is a file": _reading(
        [],
        finish=_c(
            [("write", "record"), "finish kept"],
            [("again", "record"), "finish done"],
            [SAVE, STATS],
        ),
    ),  # fmt: skip
    "settings file is a folder": _reading(
        [("read", "settings")], setting=_c([("write", "settings")], [("again", "settings")])
    ),
    "stats file is a folder": _reading(
        [("read", "stats")],
        new=_c([("write", "stats")], [("again", "stats")], [SAVE]),  # the abandoned game counts
        finish=_c([("write", "stats"), "finish kept"], [("again", "stats"), "finish done"], [SAVE]),
    ),  # fmt: skip
    "save file is a folder": _reading(
        [("read", "save")],
        new=_c([("write", "game")], [("again", "game")]),
        turns=_HOME_ONLY,
        finish=_HOME_ONLY,
    ),
    "no permission on the files": _reading(
        [("read", "settings"), ("read", "stats"), ("read", "save")],
        new=_c([("kept", "save")], [], [SAVE, f"{SAVE}.unreadable"]),
        setting=_c([("kept", "settings")], [], [SETTINGS, f"{SETTINGS}.unreadable"]),
        turns=_HOME_ONLY,
        finish=_HOME_ONLY,
    ),
    "no permission on the folders": _reading(
        [("read", "settings"), ("read", "stats", "save")],
        new=_c([("write", "game")], [("kept", "save"), ("again", "game")]),
        setting=_c([("write", "settings")], [("kept", "settings"), ("again", "settings")]),
        turns=_HOME_ONLY,
        finish=_HOME_ONLY,
    ),
    "no permission on the parent": _reading(
        [("read", "settings", "stats", "save")],
        new=_c([("write", "game")], [("kept", "save"), ("again", "game")]),
        setting=_c([("write", "settings")], [("kept", "settings"), ("again", "settings")]),
        turns=_HOME_ONLY,
        finish=_HOME_ONLY,
    ),
}
# No save can be read: Continue is not offered and the action ends on the home screen.
for _fault in ("data folder is a file", "save file is a folder", "no permission on the files",
               "no permission on the folders", "no permission on the parent"):  # fmt: skip
    EXPECTED[_fault]["continue"] = Case(EXPECTED[_fault]["start"].shown)
UNCHANGED = RECORD  # the older game's record is never touched
