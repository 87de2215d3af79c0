"""The settings file, ``settings.toml``: read with tomllib, written with tomli-w, atomically.

A file that is not TOML is moved aside and the defaults take over; a file with some bad
values keeps every good one (the bad ones go back to their defaults, and the original is
kept beside it as ``settings.toml.corrupt-TIMESTAMP``). Each problem becomes one line for
the player.
"""

from __future__ import annotations

import logging
import tomllib
from pathlib import Path

import tomli_w
from pydantic import ValidationError

from canasta.i18n import LANGUAGES, N_, Later, Words, _, format_list, ngettext
from canasta.names import NAME_LENGTH
from canasta.persistence.files import (
    StoreError,
    atomic_write,
    move_aside,
    peek_toml,
    plain_damage,
    read_file,
    technical_detail,
)
from canasta.persistence.settings import SETTINGS_SCHEMA_VERSION, Settings
from canasta.reading import TextLimitError, loads_toml

log = logging.getLogger("canasta.persistence.settings")

_HEADER = "# Canasta settings. Delete this file to go back to the defaults.\n"

#: The player's words for the settings that have no row on the settings screen.
_UNLISTED: dict[str, str] = {
    "schema_version": N_("the file's format number"),
    "rule_overrides": N_("Rule options"),
    "window_size": N_("the window's size"),
    "window_position": N_("the window's place on the screen"),
}


def setting_word(field: str) -> str:
    """A settings field in the player's words: its row's label on the settings screen
    ("Name", "Sound"), a phrase for the few with no row, else the key as the file has it
    (a key the game does not know)."""
    info = Settings.model_fields.get(field)
    extra = info.json_schema_extra if info is not None else None
    if isinstance(extra, dict) and isinstance(extra.get("label"), str):
        return _(str(extra["label"]))
    return _(_UNLISTED[field]) if field in _UNLISTED else field


def name_problem(value: object) -> str:
    """Why ``value`` could not be the player's name at online tables, in the player's words
    (the rule is :func:`canasta.names.check_name`'s: 1 to :data:`NAME_LENGTH` printable
    characters once stripped, and the file's text at most that long)."""
    if not isinstance(value, str):
        return _("it is not text")
    if len(value) > NAME_LENGTH:
        return _("it is longer than {n} characters").format(n=NAME_LENGTH)
    if not value.isprintable():
        return _("it holds a character that cannot be shown, such as a tab")
    return _("it is not a name the game can use")


def file_language(path: Path) -> str:
    """The Language setting in the settings file at ``path`` when it names a language the
    game speaks, else "" (no file, a broken one, no such setting): the language to tell
    the player about the file's problems in, before the settings are loaded. Never
    raises."""
    value = peek_toml(path).get("language")
    return value if isinstance(value, str) and value in LANGUAGES else ""


def settings_toml(settings: Settings) -> str:
    """The TOML text of ``settings`` (with a one-line comment at the top)."""
    return _HEADER + tomli_w.dumps(settings.model_dump())


def save_settings(path: Path, settings: Settings) -> None:
    """Write ``settings`` to ``path`` atomically.

    Raises:
        StoreError: when the folder cannot be written (the old file is untouched).
    """
    atomic_write(path, settings_toml(settings).encode("utf-8"))


def load_settings(
    path: Path, looks: dict[str, list[str]] | None = None
) -> tuple[Settings, list[Words]]:
    """Read the settings at ``path``; never raises for a bad file's contents.

    Args:
        path: the settings file (missing: the defaults, silently).
        looks: the names of the designs that exist, per look field (None: any name).

    Returns:
        ``(settings, notices)``: the settings in force and one line per problem found.

    Raises:
        StoreError: when the file is there (or may be) but cannot be read: no permission
            on it or a folder above it, a folder in its place (nothing is moved or changed).
    """
    context = {"looks": looks or {}}
    try:
        raw = read_file(path)  # a StoreError goes up: the file is left as it is
        if raw is None:
            return Settings(), []
        data = loads_toml(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, TextLimitError) as error:
        kept = move_aside(path)
        kept_as = (
            Later(N_("kept as {name}"), name=kept.name) if kept else Later(N_("left in place"))
        )
        log.warning("%s could not be read: %s", path, technical_detail(error))
        return Settings(), [
            Later(
                N_(
                    "{name} could not be read ({error}); it was {where} and the default "
                    "settings are in use."
                ),
                name=path.name,
                error=plain_damage(error),
                where=kept_as,
            )
        ]
    notices: list[Words] = []
    version = data.get("schema_version")
    if isinstance(version, int) and version > SETTINGS_SCHEMA_VERSION:
        data = {k: v for k, v in data.items() if k != "schema_version"}
        notices.append(
            _(
                "{name} was written by a newer version of Canasta (format {version}); "
                "the settings this version knows are used."
            ).format(name=path.name, version=version)
        )
    try:
        return Settings.model_validate(data, context=context), notices
    except ValidationError as error:
        bad = sorted({str(e["loc"][0]) for e in error.errors() if e["loc"]})
    good = {k: v for k, v in data.items() if k not in bad}
    try:
        settings = Settings.model_validate(good, context=context)
    except ValidationError:  # cannot happen field by field, but never crash on a file
        settings, bad = Settings(), [_("all values")]
    kept = move_aside(path)
    note = ""
    try:
        save_settings(path, settings)
    except StoreError:
        note = _(" (the repaired file could not be written)")
    where = _(" (the old file is kept as {name})").format(name=kept.name) if kept else ""
    if "player_name" in bad:  # the one setting typed in by hand: say why, and where to fix it
        bad.remove("player_name")
        notices.append(
            _(
                "Your name for online tables in {file} could not be used ({reason}), so it "
                "was cleared: type it again on the Play online screen. Your other settings "
                "are kept{where}{note}."
            ).format(
                file=path.name, reason=name_problem(data["player_name"]), where=where, note=note
            )
        )
        if not bad:
            return settings, notices
    names = format_list([setting_word(field) for field in bad])
    line = ngettext(
        "In {file}, {names} was not valid and went back to the default; "
        "your other settings are kept{where}{note}.",
        "In {file}, {names} were not valid and went back to the default; "
        "your other settings are kept{where}{note}.",
        len(bad),
    )
    return settings, [*notices, line.format(file=path.name, names=names, where=where, note=note)]
