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

import logging
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args
from urllib.parse import urlsplit

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from canasta.engine.options import EMPTY_STOCK_WORDS, OPTION_HELP
from canasta.engine.rules import EMPTY_STOCK_CHOICES, PRESETS, RuleSet
from canasta.i18n import LANGUAGES, N_, _, ngettext, number
from canasta.names import NAME_LENGTH, check_name
from canasta.persistence.files import (
    StoreError,
    atomic_write,
    move_aside,
    plain_damage,
    read_file,
    technical_detail,
)
from canasta.reading import TooDeepError, loads_toml

log = logging.getLogger(__name__)

SETTINGS_SCHEMA_VERSION = 1

#: Look options checked against the registry of designs (``context["looks"][field]``).
LOOK_FIELDS = ("card_style", "deck_design", "theme", "suit_colours")

#: Rule options a player may change one by one on top of a preset ("Rule options"): the
#: yes/no options of the rule set and the empty-stock choice. The Classic table's own
#: options (draw two, two canastas, ask permission, pile always frozen) are settings rows.
HOUSE_RULES: tuple[str, ...] = (
    "draw_two_4p", "take_with_natural_and_wild", "take_onto_meld_needs_natural",
    "red_three_from_pile_replaced", "red_three_last_card_ends", "black_threes_last",
    "wild_discard_allowed", "empty_stock", "concealed_no_partner_layoff",
    "partner_always_agrees", "tie_plays_another_hand",
)  # fmt: skip

#: The rule options' row names, in the player's words (their help lines are the engine's
#: ``OPTION_HELP``, their choices yes/no or the empty-stock words).
HOUSE_RULE_LABELS: dict[str, str] = {
    "draw_two_4p": N_("Draw two (4 players)"),
    "take_with_natural_and_wild": N_("Take pile: natural + wild"),
    "take_onto_meld_needs_natural": N_("Take onto meld needs a natural"),
    "red_three_from_pile_replaced": N_("Red three in pile replaced"),
    "red_three_last_card_ends": N_("Red three last card ends"),
    "black_threes_last": N_("Black threes as last play"),
    "wild_discard_allowed": N_("Wild cards may be discarded"),
    "empty_stock": N_("Empty stock"),
    "concealed_no_partner_layoff": N_("Concealed: no partner melds"),
    "partner_always_agrees": N_("Partner always says yes"),
    "tie_plays_another_hand": N_("Tie: play another hand"),
}

#: Animation and pacing speed-up by the ``speed`` option (1.0: normal).
SPEED_FACTORS = {"normal": 1.0, "fast": 2.0}
#: The choices of how many game records to keep.
REPLAYS_KEPT = (10, 25, 50, 100, 250, 500, 1000)

#: What a change does at once besides being saved, declared per setting (the app carries
#: each out): "sound" (the sound layer restarts), "window" (the window takes its new
#: shape), "records" (old game records beyond the number kept go), "look" (the screen is
#: drawn again in the new look), "preset" (the preset's own rows change with it),
#: "language" (every screen is built again in the new language).
EFFECTS = ("sound", "window", "records", "look", "preset", "language")


def _row(
    label: str,
    help_line: str,
    column: int,
    *,
    at_once: bool,
    words: Mapping[Any, str] | None = None,
    effect: str | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """A setting's description for the screen, kept in its field's metadata."""
    return {"label": label, "help": help_line, "column": column, "at_once": at_once,
            "words": dict(words or {}), "effect": effect, "players": players}  # fmt: skip


#: The port ``canasta serve`` listens on unless told otherwise.
DEFAULT_PORT = 8765


def server_url(text: str) -> str:
    """A server address as typed (``host``, ``host:port``, ``ws://...`` or ``wss://...``)
    as a full ``ws://host:port`` address (port :data:`DEFAULT_PORT` when none is given).

    Raises:
        ValueError: for an empty address, another scheme, spaces or unprintable characters,
            or a port that is not a number from 1 to 65535.
    """
    text = text.strip()
    if "://" not in text:
        text = f"ws://{text}"
    scheme, rest = text.split("://", 1)
    if scheme not in ("ws", "wss"):
        raise ValueError(_("a server address starts with ws:// or wss://"))
    host = rest.split("/", 1)[0]
    if not host or host.startswith(":") or not text.isprintable() or " " in text:
        raise ValueError(_("a server address is a host name and a port, e.g. 192.168.1.20:8765"))
    if ":" not in host.rsplit("]", 1)[-1]:
        text = text.replace(host, f"{host}:{DEFAULT_PORT}", 1)
    try:
        port = urlsplit(text).port
    except ValueError:  # not a number, or out of range
        port = None
    if port is None or not 0 < port < 65536:
        raise ValueError(
            _(
                "the address has a bad port number (a port is a number from 1 to 65535, "
                "e.g. 192.168.1.20:8765)"
            )  # fmt: skip
        )
    return text


_HEADER = "# Canasta settings. Delete this file to go back to the defaults.\n"


class Settings(BaseModel):
    """Every setting, with its default.

    Attributes:
        language: the code of the game's language (a key of ``canasta.i18n.LANGUAGES``),
            or "" until the player chooses one (the system's language is used).
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
        fullscreen: the window fills the screen (F11 toggles it).
        server_address: the online server last used (``ws://host:port`` or ``wss://``).
        player_name: the name last used at online tables ("" before the first time;
            else checked as the server checks names, see :func:`canasta.names.check_name`).
        window_size: the free window's last size ``[w, h]`` px, or ``[]`` before the first
            run ends; window_position: its last top-left ``[x, y]`` px on the desktop, or
            ``[]`` (both written when the game closes).
    """

    model_config = ConfigDict(extra="forbid", strict=True, validate_assignment=True)

    schema_version: Literal[1] = 1
    language: str = Field(
        default="",
        max_length=10,
        json_schema_extra=_row(
            N_("Language"),
            N_("The language of the game (at first, your system's)"),
            1,
            at_once=True,
            words=LANGUAGES,
            effect="language",
        ),
    )
    sound: bool = Field(
        default=True,
        json_schema_extra=_row(N_("Sound"), N_("Sound effects"), 1, at_once=True, effect="sound"),
    )
    speed: Literal["normal", "fast"] = Field(
        default="normal",
        json_schema_extra=_row(
            N_("Speed"),
            N_("How fast cards move and computer players play"),
            1,
            at_once=True,
            words={"normal": N_("Normal"), "fast": N_("Fast")},
        ),
    )
    orientation: Literal["free", "landscape", "portrait"] = Field(
        default="free",
        json_schema_extra=_row(
            N_("Window"),
            N_("The window's shape; Free lets you resize it"),
            1,
            at_once=True,
            words={"free": N_("Free"), "landscape": N_("Landscape"), "portrait": N_("Portrait")},
            effect="window",
        ),
    )
    sort_order: Literal["ascending", "descending"] = Field(
        default="ascending",
        json_schema_extra=_row(
            N_("Card order"),
            N_("The order of the cards in your hand"),
            1,
            at_once=True,
            words={"ascending": N_("4 to A"), "descending": N_("A to 4")},
        ),
    )
    computer_level: Literal["easy", "medium", "hard"] = Field(
        default="medium",
        json_schema_extra=_row(
            N_("Computer level"),
            N_("How well the computer players play"),
            0,
            at_once=False,
            words={"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")},
        ),
    )
    game_type: Literal["full", "quick"] = Field(
        default="full",
        json_schema_extra=_row(
            N_("Game"),
            N_("Play to {points} points, or a single hand"),
            0,
            at_once=False,
            words={"full": N_("Full ({points})"), "quick": N_("Quick (1 hand)")},
        ),
    )
    players: Literal[2, 4] = Field(
        default=2,
        json_schema_extra=_row(
            N_("Players"), N_("Two head to head, or four in partnerships"), 0, at_once=False
        ),
    )
    two_canastas_to_go_out: bool = Field(
        default=False,
        json_schema_extra=_row(
            N_("Two canastas to go out"),
            N_("A side needs two canastas before going out"),
            0,
            at_once=False,
            players=2,
        ),
    )
    draw_two: bool = Field(
        default=False,
        json_schema_extra=_row(
            N_("Draw two cards"),
            N_("A draw from the stock takes two cards"),
            0,
            at_once=False,
            players=2,
        ),
    )
    ask_permission: bool = Field(
        default=False,
        json_schema_extra=_row(
            N_("Ask permission"),
            N_('Ask your partner "may I go out?" first'),
            0,
            at_once=False,
            players=4,
        ),
    )
    pile_always_frozen: bool = Field(
        default=False,
        json_schema_extra=_row(
            N_("Pile always frozen"), N_("Take the pile only with a natural pair"), 0, at_once=False
        ),
    )
    rules_preset: str = Field(
        default="Classic",
        json_schema_extra=_row(
            N_("Rules"),
            N_("The table the rules come from (it sets the rows below)"),
            0,
            at_once=False,
            words={name: name for name in PRESETS},
            effect="preset",
        ),
    )
    rule_overrides: dict[str, bool | str] = Field(default_factory=dict)
    replays: bool = Field(
        default=True,
        json_schema_extra=_row(
            N_("Keep replays"), N_("Keep a record of every finished game"), 0, at_once=True
        ),
    )
    replays_kept: int = Field(
        default=100,
        ge=1,
        le=10_000,
        json_schema_extra=_row(
            N_("Replays kept"),
            N_("How many finished games are kept to replay (the oldest go first)"),
            0,
            at_once=True,
            words={n: N_("{n} games") for n in REPLAYS_KEPT},
            effect="records",
        ),
    )
    card_style: str = Field(
        default="modern",
        min_length=1,
        max_length=40,
        json_schema_extra=_row(
            N_("Card style"), N_("How the card faces are drawn"), 1, at_once=True, effect="look"
        ),
    )
    deck_design: str = Field(
        default="crimson-lattice",
        min_length=1,
        max_length=40,
        json_schema_extra=_row(
            N_("Deck design"), N_("The pattern on the card backs"), 1, at_once=True, effect="look"
        ),
    )
    large_index: bool = Field(
        default=False,
        json_schema_extra=_row(
            N_("Large-index cards"),
            N_("Bigger rank and suit in the card corners"),
            1,
            at_once=True,
            effect="look",
        ),
    )
    theme: str = Field(
        default="green",
        min_length=1,
        max_length=40,
        json_schema_extra=_row(
            N_("Table colour"), N_("The felt's colours"), 1, at_once=True, effect="look"
        ),
    )
    suit_colours: str = Field(
        default="standard",
        min_length=1,
        max_length=40,
        json_schema_extra=_row(
            N_("Suit colours"), N_("The colours of the four suits"), 1, at_once=True, effect="look"
        ),
    )
    fullscreen: bool = Field(
        default=False,
        json_schema_extra=_row(
            N_("Fullscreen"),
            N_("The game fills the screen (F11 switches it anywhere)"),
            1,
            at_once=True,
            effect="window",
        ),
    )
    #: Online play (the "Play online" screen edits these two; no row on the settings screen).
    server_address: str = Field(
        default="ws://127.0.0.1:8765",
        min_length=1,
        max_length=200,
        json_schema_extra=_row(
            N_("Server"), N_("The online server's address (ws:// or wss://)"), 0, at_once=True
        ),
    )
    player_name: str = Field(
        default="",
        max_length=NAME_LENGTH,
        json_schema_extra=_row(
            N_("Name"),
            N_("Your name at online tables (1 to 24 printable characters)"),
            0,
            at_once=True,
        ),
    )
    #: Remembered, not chosen: no row on the screen.
    window_size: list[int] = Field(default_factory=list, max_length=2)
    window_position: list[int] = Field(default_factory=list, max_length=2)

    @field_validator("window_size", "window_position")
    @classmethod
    def _pair(cls, value: list[int], info: ValidationInfo) -> list[int]:
        if len(value) not in (0, 2):
            raise ValueError("a window size or position is two numbers, or none")
        low, high = (320, 16_384) if info.field_name == "window_size" else (-32_768, 32_767)
        if any(not low <= v <= high for v in value):
            raise ValueError(f"each number is between {low} and {high}")
        return value

    @field_validator("language")
    @classmethod
    def _known_language(cls, value: str) -> str:
        if value and value not in LANGUAGES:
            raise ValueError(f"no language {value!r} (there are: {', '.join(LANGUAGES)})")
        return value

    @field_validator(*LOOK_FIELDS)
    @classmethod
    def _known_design(cls, value: str, info: ValidationInfo) -> str:
        looks = (info.context or {}).get("looks", {})
        names = looks.get(info.field_name)
        if names is not None and value not in names:
            raise ValueError(f"no design named {value!r} (there are: {', '.join(names)})")
        return value

    @field_validator("server_address")
    @classmethod
    def _server_address(cls, value: str) -> str:
        return server_url(value)

    @field_validator("player_name")
    @classmethod
    def _player_name(cls, value: str) -> str:
        return check_name(value) if value.strip() else ""

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

    def shown_value(self, field: str) -> object:
        """The value the settings screen shows on ``field``'s row: the setting, except
        "Draw two cards" with four players, which shows the four-player draw-two rule the
        next game plays (the preset's, e.g. on in "Draw-two partnership", or Rule options')
        where the two-player setting would read Off."""
        if field == "draw_two" and self.players == 4:
            return self.rule_set().draw_two_4p
        return getattr(self, field)

    def not_applicable(self, field: str) -> str | None:
        """Why ``field`` does not apply with this number of players, or None if it does."""
        if field == "draw_two" and self.players == 4:  # the row shows the rule in force
            if self.rule_set().draw_two_4p:
                return _("4 players: rules draw two")
            return _("4 players: rules draw one")
        players = describe(field).players if field in SCREEN_ORDER else None
        if players is None or players == self.players:
            return None
        return _("{players} players only").format(players=players)


#: The settings screen's rows, in order (column 0: the game; 1: the table and its look).
SCREEN_ORDER: tuple[str, ...] = (
    "rules_preset", "players", "game_type", "computer_level", "two_canastas_to_go_out",
    "draw_two", "ask_permission", "pile_always_frozen", "replays", "replays_kept",
    "language", "sound", "speed", "sort_order", "orientation", "fullscreen", "theme", "card_style",
    "deck_design",
    "suit_colours", "large_index",
)  # fmt: skip


@dataclass(frozen=True)
class SettingInfo:
    """One setting as the screen shows it, read from the model (see :func:`describe`).

    Attributes:
        field: the settings field.
        label: the row's name; help: one line saying what it does.
        column: 0 (the game) or 1 (the table and its look).
        choices: ``(value, word)`` pairs: the field's ``Literal`` values, On/Off for a
            yes/no (the default first), or the listed values.
        at_once: True when a change applies at once, False from the next new game.
        effect: what a change does at once besides being saved (one of :data:`EFFECTS`).
        players: the one number of players it applies to, or None for all.
    """

    field: str
    label: str
    help: str
    column: int
    choices: tuple[tuple[object, str], ...]
    at_once: bool
    effect: str | None
    players: int | None


def describe(
    field: str,
    names: Sequence[str] | None = None,
    word: Callable[[str], str] = str,
) -> SettingInfo:
    """Describe ``field`` from its type and metadata.

    Args:
        field: a field of :data:`SCREEN_ORDER`.
        names: the values of a free-text field (the looks' design names), worded by
            ``word``.

    Raises:
        KeyError: for a field with no screen description.
    """
    info = Settings.model_fields[field]
    extra = info.json_schema_extra
    if not isinstance(extra, dict) or "label" not in extra:
        raise KeyError(f"{field!r} has no description for the settings screen")
    meta: dict[str, Any] = dict(extra)
    words: dict[Any, str] = {value: _say(text, value) for value, text in meta["words"].items()}
    if field == "language":  # each language by its own name, never translated
        words = dict(LANGUAGES)
    literal = get_args(info.annotation)
    if info.annotation is bool:
        on_off = ((True, _("On")), (False, _("Off")))
        choices: tuple[tuple[object, str], ...] = on_off if info.default else on_off[::-1]
    elif literal:
        choices = tuple((value, words.get(value, str(value))) for value in literal)
    elif words:
        choices = tuple(words.items())
    else:
        choices = tuple((name, word(name)) for name in (names or [info.default]))
    return SettingInfo(
        field, _say(meta["label"]), _say(meta["help"]), int(meta["column"]), choices,
        bool(meta["at_once"]), meta["effect"], meta["players"],
    )  # fmt: skip


def _say(text: str, value: object = None) -> str:
    """A description's words in the language in use, its numbers written for it: ``{points}``
    is the full game's 5,000, ``{n}`` the choice's own number."""
    said = _(text)
    if "{" not in said:
        return said
    n = number(value) if isinstance(value, int) else ""
    return said.format(points=number(5_000), n=n)


def describe_rule(field: str) -> SettingInfo:
    """Describe a rule option of :data:`HOUSE_RULES` (rows of the rule options screen,
    half in each column; every one applies from the next new game).

    Raises:
        KeyError: for a field that is not a changeable rule option.
    """
    index = HOUSE_RULES.index(field)
    if field == "empty_stock":
        # A choice on its own starts with a capital, as "Off" and "On" do.
        choices: tuple[tuple[object, str], ...] = tuple(
            (value, _(words)[:1].upper() + _(words)[1:])
            for value, words in EMPTY_STOCK_WORDS.items()
        )
    else:
        choices = ((False, _("Off")), (True, _("On")))
    column = 0 if index < (len(HOUSE_RULES) + 1) // 2 else 1
    help_line = _(OPTION_HELP[field]).rstrip(".")
    return SettingInfo(field, _(HOUSE_RULE_LABELS[field]), help_line, column, choices, False,
                       None, None)  # fmt: skip


def default_value(field: str) -> Any:
    """The default of one setting."""
    return Settings.model_fields[field].get_default(call_default_factory=True)


def settings_toml(settings: Settings) -> str:
    """The TOML text of ``settings`` (with a one-line comment at the top)."""
    return _HEADER + tomli_w.dumps(settings.model_dump())


def save_settings(path: Path, settings: Settings) -> None:
    """Write ``settings`` to ``path`` atomically.

    Raises:
        StoreError: when the folder cannot be written (the old file is untouched).
    """
    atomic_write(path, settings_toml(settings).encode("utf-8"))


#: The player's words for the settings kept in the file but shown on no Settings row.
_OTHER_NAMES: dict[str, str] = {
    "schema_version": N_("File format"), "rule_overrides": N_("Rule options"),
    "server_address": N_("Server address"), "player_name": N_("Your name"),
    "window_size": N_("Window size"), "window_position": N_("Window position"),
}  # fmt: skip


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
        data = loads_toml(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, TooDeepError) as error:
        kept = move_aside(path)
        where = _("kept as {name}").format(name=kept.name) if kept else _("left in place")
        log.warning("%s could not be read: %s", path, technical_detail(error))
        return Settings(), [
            _(
                "{name} could not be read ({error}); it was {where} and the default settings "
                "are in use."
            ).format(name=path.name, error=plain_damage(error), where=where)
        ]
    notices: list[str] = []
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
    # The names a player knows ("Players", "Theme", "Window size"), not the file's keys.
    names = ", ".join(
        describe(n).label if n in SCREEN_ORDER else
        _(_OTHER_NAMES[n]) if n in _OTHER_NAMES else f"\u201c{n}\u201d"  # a key it lacks
        for n in bad
    )  # fmt: skip
    where = _(" (the old file is kept as {name})").format(name=kept.name) if kept else ""
    line = ngettext(
        "In {file}, the setting {names} was not valid and is back to its default; "
        "your other settings are kept{where}{note}.",
        "In {file}, the settings {names} were not valid and are back to their defaults; "
        "your other settings are kept{where}{note}.",
        len(bad),
    )
    return settings, [*notices, line.format(file=path.name, names=names, where=where, note=note)]
