"""Rule options for people: one line explaining each field of the rule set, and helpers
that list how a rule set differs from a preset (for settings, the rules page and records).

The lines are the project's own words for the rules page (``docs/rules.md``); the section
that explains each option is in :data:`OPTION_SECTIONS`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .rules import CLASSIC, EMPTY_STOCK_CHOICES, PRESETS, RuleSet
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

#: The sections of the rules page (``docs/rules.md``), by anchor, in the page's order.
RULE_SECTIONS: tuple[str, ...] = (
    "the-deal", "drawing", "melds", "opening-minimum", "taking-the-pile", "frozen-pile",
    "discarding", "red-threes", "black-threes", "canastas", "going-out", "concealed",
    "asking-your-partner", "empty-stock", "game-end", "rule-options",
)  # fmt: skip

#: The section of ``docs/rules.md`` that explains each option (an anchor of that page).
OPTION_SECTIONS: dict[str, str] = {
    "players": "the-deal", "cards_dealt_2p": "the-deal", "cards_dealt_4p": "the-deal",
    "draw_two": "drawing", "draw_two_4p": "drawing", "max_wilds_per_meld": "melds",
    "opening_minimums": "opening-minimum", "opening_minimum_top": "opening-minimum",
    "take_with_natural_and_wild": "taking-the-pile",
    "take_onto_meld_needs_natural": "taking-the-pile", "pile_always_frozen": "frozen-pile",
    "wild_discard_allowed": "discarding", "red_three_from_pile_replaced": "red-threes",
    "red_three_last_card_ends": "red-threes", "red_three_bonus": "red-threes",
    "all_red_threes_bonus": "red-threes", "all_red_threes_penalty": "red-threes",
    "black_threes_last": "black-threes", "natural_canasta_bonus": "canastas",
    "mixed_canasta_bonus": "canastas", "canastas_to_go_out_2p": "going-out",
    "canastas_to_go_out_4p": "going-out", "going_out_bonus": "going-out",
    "concealed_bonus": "concealed", "concealed_no_partner_layoff": "concealed",
    "ask_permission": "asking-your-partner", "partner_always_agrees": "asking-your-partner",
    "empty_stock": "empty-stock", "target_score": "game-end", "quick_game": "game-end",
    "tie_plays_another_hand": "game-end", "max_moves_per_hand": "rule-options",
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
    """Return the Markdown table of the presets (the rules page's, ``docs/rules.md#presets``).

    One column per preset, one row per option that some preset sets differently from
    Classic (plus the number of players), in the order of the rules page; each row links
    the option to its section of that page. Classic is played by two or four ("2 or 4").
    """
    names = list(PRESETS)
    shown = ["players"]
    for name in names:
        for option in changed_options(PRESETS[name]):
            if option not in shown:
                shown.append(option)
    shown.sort(
        key=lambda option: (
            RULE_SECTIONS.index(OPTION_SECTIONS[option]),
            option_names().index(option),
        )
    )
    lines = [
        "| option | rule | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(names),
    ]
    for option in shown:
        values = []
        for name in names:
            if option == "players" and name == "Classic":
                values.append("2 or 4")
            else:
                values.append(show_value(option, getattr(PRESETS[name], option)))
        section = OPTION_SECTIONS[option]
        rule = f"[{section.replace('-', ' ')}](#{section})"
        lines.append(f"| `{option}` | {rule} | " + " | ".join(values) + " |")
    return "\n".join(lines) + "\n"
