"""The player's settings: a pydantic model of every setting, its default and its checks.

The look options (``card_style``, ``deck_design``, ``theme``, ``suit_colours``) are names
checked against the registry of designs that exist, given at load time as the validation
context ``{"looks": {"theme": ["green", "blue"], ...}}`` (see ``canasta.ui.looks``), so
new designs need no change here.

Each row of the settings screen is described in its field's metadata (see :func:`_row`);
:mod:`canasta.persistence.setting_rows` reads those descriptions for the screens, and
:mod:`canasta.persistence.settings_file` keeps the settings in ``settings.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from canasta.engine.rules import CLASSIC, EMPTY_STOCK_CHOICES, PRESETS, RuleSet
from canasta.i18n import LANGUAGES, N_, _
from canasta.names import NAME_LENGTH, check_name
from canasta.persistence.addresses import server_url
from canasta.window_limits import at_least_smallest

#: The settings file's format. Format 1 kept two draw-two choices, ``draw_two`` (two players)
#: and the Rule options' ``draw_two_4p``; format 2 has the one ``draw_two`` for the table
#: played (see :meth:`Settings._one_draw_two`).
SETTINGS_SCHEMA_VERSION = 2

#: Look options checked against the registry of designs (``context["looks"][field]``).
LOOK_FIELDS = ("card_style", "deck_design", "theme", "suit_colours")

#: Rule options a player may change one by one on top of a preset ("Rule options"): the
#: yes/no options of the rule set and the empty-stock choice. The Classic table's own
#: options (draw two, two canastas, ask permission, pile always frozen) are settings rows:
#: draw two is that row alone, for two players and four alike.
HOUSE_RULES: tuple[str, ...] = (
    "take_with_natural_and_wild", "take_onto_meld_needs_natural",
    "red_three_from_pile_replaced", "red_three_last_card_ends", "black_threes_last",
    "wild_discard_allowed", "empty_stock", "concealed_no_partner_layoff",
    "partner_always_agrees", "tie_plays_another_hand",
)  # fmt: skip

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
        draw_two: a stock draw takes two cards (with two players and with four).
        ask_permission: "may I go out?" to the partner (4 players only).
        pile_always_frozen: the discard pile is frozen for the whole hand.
        rules_preset: the preset the rules start from (docs/rules.md#presets; a name in
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
        window_size: the free window's last size ``[w, h]`` px (a side below
            :data:`~canasta.window_limits.SMALLEST_WINDOW`'s is raised to it), or ``[]``
            before the first run ends; window_position: its last top-left ``[x, y]`` px on
            the desktop, or ``[]`` (both written when the game closes).
    """

    model_config = ConfigDict(extra="forbid", strict=True, validate_assignment=True)

    schema_version: Literal[2] = 2
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
            N_("Draw two cards"), N_("A draw from the stock takes two cards"), 0, at_once=False
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

    @model_validator(mode="before")
    @classmethod
    def _one_draw_two(cls, data: Any) -> Any:
        """Read a format-1 file: its two draw-two choices become the one the player's
        table played. With four players that was the Rule options' ``draw_two_4p`` if
        changed there, else the preset's own four-player rule; with two, the ``draw_two``
        row. The format becomes 2. (Data without a format is taken as this format's.)"""
        if not isinstance(data, dict) or data.get("schema_version") != 1:
            return data
        data = dict(data)
        overrides = data.get("rule_overrides")
        four = None
        if isinstance(overrides, dict):
            overrides = dict(overrides)
            four = overrides.pop("draw_two_4p", None)
            data["rule_overrides"] = overrides
        if data.get("players") == 4:
            preset = PRESETS.get(str(data.get("rules_preset", "Classic")), CLASSIC)
            data["draw_two"] = preset.draw_two_4p if four is None else four
        data["schema_version"] = 2
        return data

    @field_validator("window_size", "window_position")
    @classmethod
    def _pair(cls, value: list[int], info: ValidationInfo) -> list[int]:
        if len(value) not in (0, 2):
            raise ValueError("a window size or position is two numbers, or none")
        low, high = (1, 16_384) if info.field_name == "window_size" else (-32_768, 32_767)
        if any(not low <= v <= high for v in value):
            raise ValueError(f"each number is between {low} and {high}")
        if info.field_name == "window_size" and value:  # e.g. 320 x 320 from an older game
            return list(at_least_smallest((value[0], value[1])))
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
            "draw_two": preset.stock_draw_count == 2,
            "two_canastas_to_go_out": preset.canastas_to_go_out_2p >= 2,
            "ask_permission": preset.ask_permission,
            "pile_always_frozen": preset.pile_always_frozen,
            "rule_overrides": {},
        }

    def rule_set(self) -> RuleSet:
        """The engine's rule set for a new game: the preset, the single rule options changed
        on top of it, then the rows of this screen (players, game type and the Classic
        table's options; Draw two for the number of players chosen)."""
        # Draw two is the rule of the number of players chosen; the other number's keeps
        # the preset's value, so a preset left as it is stays equal to it.
        draw = "draw_two" if self.players == 2 else "draw_two_4p"
        return self.preset_rules().with_options(
            **self.rule_overrides,
            players=self.players,
            quick_game=self.game_type == "quick",
            **{draw: self.draw_two},
            canastas_to_go_out_2p=2 if self.two_canastas_to_go_out else 1,
            ask_permission=self.ask_permission,
            pile_always_frozen=self.pile_always_frozen,
        )

    @property
    def speed_factor(self) -> float:
        """How much faster than normal cards move and computers play (1.0 or 2.0)."""
        return SPEED_FACTORS[self.speed]

    def shown_value(self, field: str) -> object:
        """The value the settings screen shows on ``field``'s row: the setting."""
        return getattr(self, field)

    def not_applicable(self, field: str) -> str | None:
        """Why ``field`` does not apply with this number of players, or None if it does."""
        extra = Settings.model_fields[field].json_schema_extra
        players = extra.get("players") if isinstance(extra, dict) else None
        if players is None or players == self.players:
            return None
        return _("{players} players only").format(players=players)


def default_value(field: str) -> Any:
    """The default of one setting."""
    return Settings.model_fields[field].get_default(call_default_factory=True)
