"""The player's settings: a pydantic model kept in ``settings.toml``.

Read with tomllib, written with tomli-w, atomically. A file that is not TOML is moved
aside and the defaults take over; a file with some bad values keeps every good one (the
bad ones go back to their defaults, and the original is kept beside it as
``settings.toml.corrupt-TIMESTAMP``). Each problem becomes one line for the player.

The look options (``card_style``, ``deck_design``, ``theme``, ``suit_colours``) are names
checked against the registry of designs that exist, given at load time as the validation
context ``{"looks": {"theme": ["green", "blue"], ...}}`` (see ``canasta.ui.looks``), so
new designs need no change here.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from canasta.engine.rules import EMPTY_STOCK_CHOICES, PRESETS, RuleSet
from canasta.persistence.files import StoreError, atomic_write, move_aside, read_file

SETTINGS_SCHEMA_VERSION = 1

#: Look options checked against the registry of designs (``context["looks"][field]``).
LOOK_FIELDS = ("card_style", "deck_design", "theme", "suit_colours")

#: Options that apply with one number of players only: field -> players.
ONLY_FOR_PLAYERS = {"two_canastas_to_go_out": 2, "draw_two": 2, "ask_permission": 4}

#: Rule options a player may change one by one on top of a preset ("Rule options"): the
#: yes/no options of the rule set and the empty-stock choice. The Classic table's own
#: options (draw two, two canastas, ask permission, pile always frozen) are settings rows.
HOUSE_RULES: tuple[str, ...] = (
    "draw_two_4p", "take_with_natural_and_wild", "take_onto_meld_needs_natural",
    "red_three_from_pile_replaced", "red_three_last_card_ends", "black_threes_last",
    "wild_discard_allowed", "empty_stock", "concealed_no_partner_layoff",
    "partner_always_agrees", "tie_plays_another_hand",
)  # fmt: skip

#: Animation and pacing speed-up by the ``speed`` option (1.0: normal).
SPEED_FACTORS = {"normal": 1.0, "fast": 2.0}

_HEADER = "# Canasta settings. Delete this file to go back to the defaults.\n"


class Settings(BaseModel):
    """Every setting, with its default.

    Attributes:
        sound: sound effects on.
        speed: "normal" or "fast" (cards move and computer players pace twice as fast).
        orientation: "free" (a resizable window), "landscape" or "portrait" (fixed shapes).
        sort_order: the person's hand by rank "ascending" (4 .. A) or "descending".
        computer_level: "easy", "medium" or "hard".
        game_type: "full" (to 5,000 points) or "quick" (one hand).
        players: 2 or 4.
        two_canastas_to_go_out: two players need two canastas to go out (2 players only).
        draw_two: a stock draw takes two cards (2 players only).
        ask_permission: "may I go out?" to the partner (4 players only).
        pile_always_frozen: the discard pile is frozen for the whole hand.
        rules_preset: the reference table the rules start from (a name in
            ``canasta.engine.rules.PRESETS``).
        rule_overrides: single rule options changed on top of the preset (``HOUSE_RULES``
            fields only: yes/no, or the empty-stock choice).
        replays: keep a record of every finished game (``games/`` in the data folder).
        replays_kept: how many finished games' records are kept (the oldest go first).
        card_style, deck_design, theme, suit_colours: names of designs (see module doc).
        large_index: cards with large corner indices.
    """

    model_config = ConfigDict(extra="forbid", strict=True, validate_assignment=True)

    schema_version: Literal[1] = 1
    sound: bool = True
    speed: Literal["normal", "fast"] = "normal"
    orientation: Literal["free", "landscape", "portrait"] = "free"
    sort_order: Literal["ascending", "descending"] = "ascending"
    computer_level: Literal["easy", "medium", "hard"] = "medium"
    game_type: Literal["full", "quick"] = "full"
    players: Literal[2, 4] = 2
    two_canastas_to_go_out: bool = False
    draw_two: bool = False
    ask_permission: bool = False
    pile_always_frozen: bool = False
    rules_preset: str = "Classic"
    rule_overrides: dict[str, bool | str] = Field(default_factory=dict)
    replays: bool = True
    replays_kept: int = Field(default=100, ge=1, le=10_000)
    card_style: str = Field(default="modern", min_length=1, max_length=40)
    deck_design: str = Field(default="crimson-lattice", min_length=1, max_length=40)
    large_index: bool = False
    theme: str = Field(default="green", min_length=1, max_length=40)
    suit_colours: str = Field(default="standard", min_length=1, max_length=40)

    @field_validator(*LOOK_FIELDS)
    @classmethod
    def _known_design(cls, value: str, info: ValidationInfo) -> str:
        looks = (info.context or {}).get("looks", {})
        names = looks.get(info.field_name)
        if names is not None and value not in names:
            raise ValueError(f"no design named {value!r} (there are: {', '.join(names)})")
        return value

    @field_validator("rules_preset")
    @classmethod
    def _known_preset(cls, value: str) -> str:
        if value not in PRESETS:
            raise ValueError(f"no rules named {value!r} (there are: {', '.join(PRESETS)})")
        return value

    @field_validator("rule_overrides")
    @classmethod
    def _known_options(cls, value: dict[str, bool | str]) -> dict[str, bool | str]:
        for name, choice in value.items():
            if name not in HOUSE_RULES:
                raise ValueError(f"{name!r} is not a rule option a player can change")
            wanted = str if name == "empty_stock" else bool
            if not isinstance(choice, wanted):
                raise ValueError(f"rule option {name!r} takes a {wanted.__name__}")
            if name == "empty_stock" and choice not in EMPTY_STOCK_CHOICES:
                raise ValueError(f"empty_stock is one of: {', '.join(EMPTY_STOCK_CHOICES)}")
        return value

    def preset_rules(self) -> RuleSet:
        """The chosen preset as it stands, before any setting changes it."""
        return PRESETS[self.rules_preset]

    @staticmethod
    def preset_changes(name: str) -> dict[str, Any]:
        """The settings a player gets by choosing preset ``name``: its players and its
        Classic-table options shown as settings rows, and no single changes on top.

        Raises:
            KeyError: for an unknown preset.
        """
        preset = PRESETS[name]
        return {
            "rules_preset": name,
            "players": preset.players,
            "draw_two": preset.draw_two,
            "two_canastas_to_go_out": preset.canastas_to_go_out_2p >= 2,
            "ask_permission": preset.ask_permission,
            "pile_always_frozen": preset.pile_always_frozen,
            "rule_overrides": {},
        }

    def rule_set(self) -> RuleSet:
        """The engine's rule set for a new game: the preset, the single rule options changed
        on top of it, then the rows of this screen (players, game type and the Classic
        table's options)."""
        return self.preset_rules().with_options(
            **self.rule_overrides,
            players=self.players,
            quick_game=self.game_type == "quick",
            draw_two=self.draw_two,
            canastas_to_go_out_2p=2 if self.two_canastas_to_go_out else 1,
            ask_permission=self.ask_permission,
            pile_always_frozen=self.pile_always_frozen,
        )

    @property
    def speed_factor(self) -> float:
        """How much faster than normal cards move and computers play (1.0 or 2.0)."""
        return SPEED_FACTORS[self.speed]

    def not_applicable(self, field: str) -> str | None:
        """Why ``field`` does not apply with this number of players, or None if it does."""
        players = ONLY_FOR_PLAYERS.get(field)
        if players is None or players == self.players:
            return None
        return f"{players} players only"


def default_value(field: str) -> Any:
    """The default of one setting."""
    return Settings.model_fields[field].default


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
) -> tuple[Settings, list[str]]:
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
    raw = read_file(path)
    if raw is None:
        return Settings(), []
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        kept = move_aside(path)
        where = f"kept as {kept.name}" if kept else "left in place"
        return Settings(), [
            f"{path.name} could not be read ({_short(error)}); it was {where} and the "
            "default settings are in use."
        ]
    notices: list[str] = []
    version = data.get("schema_version")
    if isinstance(version, int) and version > SETTINGS_SCHEMA_VERSION:
        data = {k: v for k, v in data.items() if k != "schema_version"}
        notices.append(
            f"{path.name} was written by a newer version of Canasta (format {version}); "
            "the settings this version knows are used."
        )
    try:
        return Settings.model_validate(data, context=context), notices
    except ValidationError as error:
        bad = sorted({str(e["loc"][0]) for e in error.errors() if e["loc"]})
    good = {k: v for k, v in data.items() if k not in bad}
    try:
        settings = Settings.model_validate(good, context=context)
    except ValidationError:  # cannot happen field by field, but never crash on a file
        settings, bad = Settings(), ["all values"]
    kept = move_aside(path)
    note = ""
    try:
        save_settings(path, settings)
    except StoreError:
        note = " (the repaired file could not be written)"
    names = ", ".join(bad)
    plural = "were" if len(bad) > 1 else "was"
    where = f" (the old file is kept as {kept.name})" if kept else ""
    return settings, notices + [
        f"In {path.name}, {names} {plural} not valid and went back to the default; "
        f"your other settings are kept{where}{note}."
    ]


def _short(error: Exception) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:80]
