"""Rule options for people: one line explaining each field of the rule set, and helpers
that list how a rule set differs from a preset (for settings, the README and records).

The lines are the project's own words for ``RULES-MATRIX.md``; the row each option comes
from is in :data:`OPTION_ROWS`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .rules import CLASSIC, EMPTY_STOCK_CHOICES, PRESET_TABLES, PRESETS, RuleSet
from .speech import N_, _

#: One short line per rule option, as a player reads it in the settings.
OPTION_HELP: dict[str, str] = {
    "players": N_("Two play head to head; four play as two partnerships."),
    "cards_dealt_2p": N_("Cards dealt to each player in a two-player game."),
    "cards_dealt_4p": N_("Cards dealt to each player in a four-player game."),
    "draw_two": N_("Two players: a stock draw takes two cards (you still discard one)."),
    "draw_two_4p": N_("Four players: a stock draw takes two cards (you still discard one)."),
    "canastas_to_go_out_2p": N_("Canastas a side needs before it may go out, two players."),
    "canastas_to_go_out_4p": N_("Canastas a side needs before it may go out, four players."),
    "ask_permission": N_(
        'Four players: you may ask your partner "may I go out?"; the answer binds.'
    ),
    "pile_always_frozen": N_(
        "The discard pile is frozen all hand: take it only with a natural pair."
    ),
    "max_wilds_per_meld": N_(
        "Most wild cards in one meld (no cap: only never more than naturals)."
    ),
    "take_with_natural_and_wild": N_(
        "An unfrozen pile may be taken with one natural and one wild card from your hand."
    ),
    "take_onto_meld_needs_natural": N_(
        "Putting the pile's top card on your meld also needs a natural of that rank from hand."
    ),
    "red_three_from_pile_replaced": N_(
        "A red three found in a taken pile is replaced from the stock."
    ),
    "red_three_last_card_ends": N_(
        "A red three drawn as the stock's last card ends the hand at once."
    ),
    "black_threes_last": N_("Black threes go down only as your very last play (no discard after)."),
    "wild_discard_allowed": N_("Wild cards may be discarded (they freeze the pile)."),
    "empty_stock": N_(
        "When the stock runs out: play on, take or end, forced take, or the hand ends."
    ),
    "concealed_no_partner_layoff": N_(
        "Going out concealed allows adding nothing to your partner's melds."
    ),
    "partner_always_agrees": N_('Your partner always answers yes to "may I go out?".'),
    "tie_plays_another_hand": N_("A game that ends level goes on for another hand."),
    "target_score": N_("A full game ends with the hand in which a side reaches this score."),
    "quick_game": N_("Play a single hand; the higher score wins."),
    "going_out_bonus": N_("Points for going out."),
    "concealed_bonus": N_("Points for going out concealed (instead of the going-out points)."),
    "natural_canasta_bonus": N_("Bonus for a canasta without wild cards."),
    "mixed_canasta_bonus": N_("Bonus for a canasta with wild cards."),
    "red_three_bonus": N_("Points for each red three (against a side that never melded)."),
    "all_red_threes_bonus": N_("Points for all four red threes on one side."),
    "all_red_threes_penalty": N_(
        "Points lost for all four red threes by a side that never melded."
    ),
    "opening_minimums": N_("Opening minimum by score: (below this score, minimum) steps."),
    "opening_minimum_top": N_("Opening minimum above the last step."),
    "max_moves_per_hand": N_("Safety bound on the moves of one hand (never reached in play)."),
}

#: The ``RULES-MATRIX.md`` row each option encodes (0: none, an engine bound).
OPTION_ROWS: dict[str, int] = {
    "players": 1, "cards_dealt_2p": 1, "cards_dealt_4p": 1, "draw_two": 4, "draw_two_4p": 4,
    "canastas_to_go_out_2p": 19, "canastas_to_go_out_4p": 19, "ask_permission": 23,
    "pile_always_frozen": 12, "max_wilds_per_meld": 5, "take_with_natural_and_wild": 9,
    "take_onto_meld_needs_natural": 9, "red_three_from_pile_replaced": 13,
    "red_three_last_card_ends": 15, "black_threes_last": 16, "wild_discard_allowed": 17,
    "empty_stock": 18, "concealed_no_partner_layoff": 22, "partner_always_agrees": 23,
    "tie_plays_another_hand": 26, "target_score": 26, "quick_game": 26,
    "going_out_bonus": 21, "concealed_bonus": 21, "natural_canasta_bonus": 25,
    "mixed_canasta_bonus": 25, "red_three_bonus": 14, "all_red_threes_bonus": 14,
    "all_red_threes_penalty": 14, "opening_minimums": 7, "opening_minimum_top": 7,
    "max_moves_per_hand": 0,
}  # fmt: skip

#: Words for the values of :attr:`RuleSet.empty_stock`.
EMPTY_STOCK_WORDS: dict[str, str] = {
    "play_on": N_("play on"),
    "take_or_end": N_("take or end"),
    "forced_take": N_("forced take"),
    "ends": N_("hand ends"),
}
assert set(EMPTY_STOCK_WORDS) == set(EMPTY_STOCK_CHOICES)


def option_names() -> list[str]:
    """Every rule option's field name, in the rule set's order."""
    return [f.name for f in fields(RuleSet)]


def show_value(name: str, value: Any) -> str:
    """Return a rule option's value in short words (``"yes"``, ``"no cap"``, ``"15"``)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return _("no cap") if name == "max_wilds_per_meld" else _("none")
    if name == "empty_stock":
        return _(EMPTY_STOCK_WORDS[str(value)])
    if name == "opening_minimums":
        return ", ".join(f"<{bound}: {minimum}" for bound, minimum in value)
    return str(value)


def changed_options(rules: RuleSet, base: RuleSet = CLASSIC) -> dict[str, Any]:
    """Return ``{field: value}`` for every option where ``rules`` differs from ``base``."""
    return {
        name: getattr(rules, name)
        for name in option_names()
        if getattr(rules, name) != getattr(base, name)
    }


def presets_table() -> str:
    """Return the Markdown table of the presets (the README's table).

    One column per preset, one row per option that some preset sets differently from
    Classic (plus the number of players); the first row names the reference table each
    preset reproduces. Classic is played by two or four ("2 or 4").
    """
    names = list(PRESETS)
    shown = ["players"]
    for name in names:
        for option in changed_options(PRESETS[name]):
            if option not in shown:
                shown.append(option)
    shown.sort(key=lambda option: (OPTION_ROWS[option], option_names().index(option)))
    lines = [
        "| option | matrix row | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(names),
        "| reproduces table | | " + " | ".join(PRESET_TABLES[n] for n in names) + " |",
    ]
    for option in shown:
        values = []
        for name in names:
            if option == "players" and name == "Classic":
                values.append("2 or 4")
            else:
                values.append(show_value(option, getattr(PRESETS[name], option)))
        lines.append(f"| `{option}` | {OPTION_ROWS[option]} | " + " | ".join(values) + " |")
    return "\n".join(lines) + "\n"
