"""Rule options: change single rules on top of the chosen preset ("house rules").

The screen is the settings screen with other rows: each option of
``canasta.persistence.settings.HOUSE_RULES`` with its one-line explanation; the star marks
the preset's own value. Below them, read-only, the rules the preset fixes
(:data:`FIXED_RULES`). A change is kept in the settings' ``rule_overrides`` and applies
from the next new game.
"""

from __future__ import annotations

from collections.abc import Callable

from canasta.engine.options import OPTION_HELP
from canasta.engine.rules import RuleSet
from canasta.i18n import N_, _, number
from canasta.persistence.setting_rows import describe_rule
from canasta.persistence.settings import HOUSE_RULES, Settings
from canasta.scenes.settings import Option, SettingsScene
from canasta.ui.theme import Theme

#: Rules the preset fixes and a player cannot change here, shown read-only so that every
#: rule in force can be found in the game: the wild-card cap (docs/rules.md#melds), the
#: concealed bonus (docs/rules.md#concealed) and the red threes' penalty
#: (docs/rules.md#red-threes).
FIXED_RULES: tuple[str, ...] = ("max_wilds_per_meld", "concealed_bonus", "all_red_threes_penalty")


def fixed_row(field: str, rules: RuleSet) -> Option:
    """The read-only row of :data:`FIXED_RULES` ``field``: its one choice is the value in
    force for ``rules``, in words."""
    value = getattr(rules, field)
    if field == "max_wilds_per_meld":
        label = _("Wild cards in a meld")
        word = _("No cap") if value is None else _("At most {n}").format(n=number(value))
    elif field == "concealed_bonus":
        label, word = _("Going out concealed"), _("{n} points").format(n=number(value))
    else:
        label, word = _("Four red threes, no meld"), _("minus {n}").format(n=number(value))
    hint = _("{help}; {when}").format(help=_(OPTION_HELP[field]).rstrip("."),
                                      when=_("fixed by the rules preset"))  # fmt: skip
    column = 0 if FIXED_RULES.index(field) < 1 else 1
    return Option(field, label, ((value, word),), column, hint)


def rule_rows(rules: RuleSet | None = None) -> list[Option]:
    """One row per changeable rule option, as the settings describe them, then (given the
    ``rules`` in force) the read-only rows of :data:`FIXED_RULES`."""
    rows = [Option.of(describe_rule(field)) for field in HOUSE_RULES]
    return rows + [fixed_row(field, rules) for field in FIXED_RULES] if rules else rows


class RuleChoices:
    """The rule options in force, seen as attributes, for the settings screen.

    Args:
        settings: the settings (preset, overrides, players, game type).
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rules: RuleSet = settings.rule_set()

    def __getattr__(self, field: str) -> object:
        return getattr(self.rules, field)

    def shown_value(self, field: str) -> object:
        """The value ``field``'s row shows: the rule in force."""
        return getattr(self.rules, field)

    def not_applicable(self, field: str) -> str | None:
        """Why ``field`` does not apply to the game these settings start, or None."""
        four_only = ("concealed_no_partner_layoff", "partner_always_agrees")
        if field in four_only and self.settings.players != 4:
            return _("4 players only")
        if field == "partner_always_agrees" and not self.settings.ask_permission:
            return _("with ask permission")
        if field == "tie_plays_another_hand" and self.settings.game_type == "quick":
            return _("full games only")
        if field in FIXED_RULES:
            return _("fixed by the rules preset")
        return None


def overrides_after(settings: Settings, field: str, value: object) -> dict[str, bool | str]:
    """The settings' rule changes once ``field`` is set to ``value`` (a value equal to the
    preset's own is no change at all)."""
    changes = dict(settings.rule_overrides)
    if getattr(settings.preset_rules(), field) == value:
        changes.pop(field, None)
    else:
        assert isinstance(value, bool | str)
        changes[field] = value
    return changes


def title_for(settings: Settings) -> str:
    """The screen's title: the preset, and whether single options were changed."""
    changed = _(" (changed)") if settings.rule_overrides else ""
    return _("Rule options \u00b7 {rules}").format(rules=_(settings.rules_preset) + changed)


def rule_options_scene(
    settings: Settings,
    save: Callable[[dict[str, bool | str]], Settings],
    on_back: Callable[[], None],
    theme: Theme | None = None,
) -> SettingsScene:
    """The rule options screen.

    Args:
        settings: the settings in force.
        save: writes new ``rule_overrides`` and returns the settings now in force.
        on_back: leave the screen.
    """
    state = {"settings": settings}

    def change(field: str, value: object) -> RuleChoices:
        state["settings"] = save(overrides_after(state["settings"], field, value))
        scene.title = title_for(state["settings"])
        return RuleChoices(state["settings"])

    def preset_value(field: str) -> object:
        return getattr(state["settings"].preset_rules(), field)

    scene = SettingsScene(
        RuleChoices(settings),  # type: ignore[arg-type]
        change,  # type: ignore[arg-type]
        on_back,
        theme=theme,
        rows=rule_rows(settings.rule_set()),
        title=title_for(settings),
        default_of=preset_value,
        column_names=(N_("Taking the pile and threes"), N_("Discards, stock and going out")),
    )
    if scene.reason(scene.options[0]) is not None:
        scene.move_focus(1)
    return scene
