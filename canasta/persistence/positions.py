"""The JSON position file: a whole hand state with a ``schema_version``.

The shape is checked by a pydantic model (clear messages per field), then the engine
builds the state (:func:`canasta.engine.position.state_from_data`), which checks the cards.

Two fields spare a person writing a position by hand from spelling out every rule:
``preset`` names one of the settings' presets (``"Draw-two partnership"``; case, spaces and
hyphens aside), whose options the ``rules`` given explicitly then override; and without
``players`` in ``rules`` the number of players is the number of ``hands`` (2 or 4). Lines
starting with ``#`` before the JSON are notes (``canasta position`` prints its own so), so
the command's output can be saved and read again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from canasta.engine.position import POSITION_SCHEMA_VERSION, state_from_data, state_to_data
from canasta.engine.rules import CLASSIC, PRESETS, RuleSet
from canasta.engine.state import HandState
from canasta.reading import (
    FileTooLargeError,
    NumberTooLongError,
    TooDeepError,
    loads_json,
    read_capped,
)

#: Checks the types and ranges of the rule options (``"max_moves_per_hand": "lots"`` would
#: otherwise load and fail at the first move).
_RULES = TypeAdapter(RuleSet)


class PositionError(ValueError):
    """A position file that cannot be read, validated or built; the message says why."""


class PositionModel(BaseModel):
    """The position file's fields (see :mod:`canasta.engine.position` for their meaning)."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = 1
    preset: str | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    deal_number: int = 0
    dealer: StrictInt = Field(0, ge=0, le=3)
    side_scores: tuple[int, int] = (0, 0)
    turn: StrictInt | None = Field(None, ge=0, le=3)
    phase: Literal["draw", "play", "answer", "ended"] = "draw"
    hands: list[list[str]]
    stock: list[str] | None = None
    stock_size: StrictInt | None = Field(None, ge=0, le=108)
    deck: list[str] | None = None
    out_of_play: list[str] = Field(default_factory=list)
    pile: list[str] = Field(default_factory=list)
    melds: tuple[dict[str, list[str]], dict[str, list[str]]] = ({}, {})
    red_threes: tuple[list[str], list[str]] = ([], [])
    opened: tuple[bool, bool] | None = None
    waiting: list[str] = Field(default_factory=list)
    opening_points: int = 0
    turn_melded: bool = False
    turn_new_melds: list[str] = Field(default_factory=list)
    turn_added_to_old: bool = False
    took_pile: bool = False
    asked: bool = False
    permission: bool | None = None
    melded_before: list[bool] | None = None
    known: list[list[str]] | None = None
    shown: list[list[tuple[str | None, str | None]]] | None = None
    went_out: int = -1
    concealed: bool = False
    end_reason: Literal["went_out", "stock_exhausted", "move_limit"] | None = None


#: The rule options' names, which belong under the file's ``rules`` (or its ``preset``).
_RULE_OPTIONS = frozenset(CLASSIC.to_dict())


def _describe(error: ValidationError, prefix: tuple[str, ...] = ()) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in (*prefix, *item["loc"])) or "file"
        key = item["loc"][-1] if item["loc"] else None
        if item["type"] == "extra_forbidden" and not prefix and key in _RULE_OPTIONS:
            # A rule option written beside the hands, as a reporter often does: say where
            # it goes rather than that it is not allowed.
            value = json.dumps(item["input"])
            parts.append(f'{where}: a rule option goes under "rules": {{"{key}": {value}}}')
            continue
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def _preset_key(name: str) -> str:
    return "-".join(name.lower().replace("-", " ").split())


#: The presets by a forgiving key: "Draw-two partnership", "draw-two-partnership".
_PRESET_KEYS = {_preset_key(name): name for name in PRESETS}


def _rules_given(model: PositionModel) -> dict[str, Any]:
    """The file's rule options: the preset's (if it names one), then ``rules`` over them,
    with ``players`` from the number of hands when neither sets it.

    Raises:
        PositionError: for an unknown preset, or a preset written for another number of
            players than the file's hands without ``players`` saying so.
    """
    options: dict[str, Any] = {}
    preset: RuleSet | None = None
    if model.preset is not None:
        name = _PRESET_KEYS.get(_preset_key(model.preset))
        if name is None:
            raise PositionError(
                f"not a valid position: preset: no preset named {model.preset!r} (there "
                f"are: {', '.join(PRESETS)})"
            )
        preset = PRESETS[name]
        options = preset.to_dict()
        del options["players"]  # from the file's rules or hands, checked below
    options.update(model.rules)
    if "players" not in model.rules and model.deck is None:
        hands = len(model.hands)
        fixed = preset is not None and preset.with_options(players=CLASSIC.players) != CLASSIC
        if preset is not None and fixed and hands != preset.players:
            raise PositionError(
                f"not a valid position: the preset {model.preset!r} is a "
                f"{preset.players}-player table and the file gives {hands} hands (add "
                f'"rules": {{"players": {hands}}} to play it with {hands})'
            )
        if hands in (2, 4):
            options["players"] = hands
    elif "players" not in model.rules and preset is not None:
        options["players"] = preset.players
    return options


def position_from_data(data: object) -> HandState:
    """Validate position data (a parsed JSON object) and build the hand.

    Raises:
        PositionError: for a future or unknown ``schema_version``, a missing or wrong-typed
            field, or cards that do not make a legal deck.
    """
    if isinstance(data, dict):
        version = data.get("schema_version", POSITION_SCHEMA_VERSION)
        if isinstance(version, int) and version > POSITION_SCHEMA_VERSION:
            raise PositionError(
                f"position schema_version {version} is newer than this game reads "
                f"({POSITION_SCHEMA_VERSION})"
            )
    try:
        model = PositionModel.model_validate(data)
    except ValidationError as error:
        raise PositionError(f"not a valid position: {_describe(error)}") from None
    given = _rules_given(model)
    try:
        rules = _RULES.validate_python(given).to_dict()
    except ValidationError as error:
        raise PositionError(f"not a valid position: {_describe(error, ('rules',))}") from None
    clean = model.model_dump(exclude_none=True)
    clean.pop("preset", None)
    # Unknown options are kept, so that the engine names them.
    clean["rules"] = {**given, **rules}
    try:
        return state_from_data(clean)
    except (ValueError, TypeError) as error:
        raise PositionError(f"not a valid position: {error}") from None


def load_position(path: Path) -> HandState:
    """Read a position file.

    Raises:
        PositionError: if the file cannot be read, is larger than
            :data:`~canasta.reading.MAX_FILE_BYTES`, is not JSON, or is not a valid position.
    """
    try:
        text = read_capped(path).decode("utf-8")
    except OSError as error:
        raise PositionError(f"cannot read {path}: {error.strerror or error}") from None
    except FileTooLargeError as error:
        raise PositionError(f"{path} is not a position: it is {error}") from None
    except UnicodeDecodeError:
        raise PositionError(f"{path} is not a text file (UTF-8 expected)") from None
    try:
        data = loads_json(_without_notes(text))
    except json.JSONDecodeError as error:
        raise PositionError(f"{path} is not JSON: {error}") from None
    except TooDeepError:
        raise PositionError(f"{path} is nested too deeply to be a position") from None
    except NumberTooLongError as error:
        raise PositionError(f"{path} is not a position: it is {error}") from None
    return position_from_data(data)


def _without_notes(text: str) -> str:
    """The text with its leading ``#`` note lines blanked (kept as empty lines, so that
    a JSON error's line number is still the file's)."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if not line.lstrip().startswith("#"):
            break
        lines[number] = ""
    return "\n".join(lines)


def position_to_json(state: HandState) -> str:
    """Return the position as indented JSON text."""
    return json.dumps(state_to_data(state), indent=2)
