"""The settings and rule options as the screens show them: rows in order, each with its
label, help line and choices in the player's words (read from the settings model's field
metadata, see :func:`canasta.persistence.settings._row`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from canasta.engine.options import EMPTY_STOCK_WORDS, OPTION_HELP
from canasta.i18n import LANGUAGES, N_, _, number
from canasta.persistence.settings import HOUSE_RULES, Settings

#: The rule options' row names, in the player's words (their help lines are the engine's
#: ``OPTION_HELP``, their choices yes/no or the empty-stock words).
HOUSE_RULE_LABELS: dict[str, str] = {
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
        label_id: the row's name as the catalogue keys it (English, untranslated), so a
            screen can measure it in every language.
    """

    field: str
    label: str
    help: str
    column: int
    choices: tuple[tuple[object, str], ...]
    at_once: bool
    effect: str | None
    players: int | None
    label_id: str = ""


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
        bool(meta["at_once"]), meta["effect"], meta["players"], meta["label"],
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
                       None, None, HOUSE_RULE_LABELS[field])  # fmt: skip
