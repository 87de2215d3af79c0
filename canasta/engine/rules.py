"""The rule set: every point where the presets differ is a field here (docs/rules.md).

The move logic reads only these fields (never a preset's name), so a new table is a new
preset, not new code. The Classic preset is the project's default; the section of
docs/rules.md that explains each field is in :data:`canasta.engine.options.OPTION_SECTIONS`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Final, Literal

from .speech import N_

#: What happens once the stock is empty (docs/rules.md#empty-stock); see
#: :attr:`RuleSet.empty_stock`.
EmptyStock = Literal["play_on", "take_or_end", "forced_take", "ends"]
EMPTY_STOCK_CHOICES: tuple[EmptyStock, ...] = ("play_on", "take_or_end", "forced_take", "ends")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One table's rules.

    Attributes:
        players: 2 (head to head) or 4 (two partnerships). docs/rules.md#the-deal.
        cards_dealt_2p: cards dealt to each player with two players (15).
        cards_dealt_4p: cards dealt to each player with four players (11).
        draw_two: with two players, a stock draw takes two cards (the Classic "draw two"
            option).
        draw_two_4p: with four players, a stock draw takes two cards (Draw-two partnership).
        canastas_to_go_out_2p: canastas a side needs to go out with two players (1, or 2 with
            the Classic "two canastas" option).
        canastas_to_go_out_4p: canastas a side needs to go out with four players.
        ask_permission: with four players, a player may ask the partner "may I go out?"
            before melding that turn; the answer binds for the turn.
        pile_always_frozen: the discard pile is frozen for the whole hand.
        max_wilds_per_meld: cap on wild cards in one meld (3), or None for no cap.
        take_with_natural_and_wild: an unfrozen pile may be taken by melding its top card
            with one natural and one wild card from the hand (False: only with a natural
            pair, or onto the side's meld; Two-handed, Draw-two partnership).
        take_onto_meld_needs_natural: putting the pile's top card on the side's meld also
            needs one natural card of that rank from the hand (Draw-two partnership).
        red_three_from_pile_replaced: a red three found in a taken pile is replaced from the
            stock (False in Classic, as the rule books have it).
        red_three_last_card_ends: a red three drawn as the stock's last card (so that no
            replacement is left for it) is laid out and the hand ends at once, with no meld
            or discard (the rule books' rule; docs/rules.md#red-threes).
        black_threes_last: black threes may be melded only as the very last play, emptying
            the hand (no discard after them; Draw-two partnership). Classic lets a discard follow.
        wild_discard_allowed: wild cards may be discarded (False in Draw-two partnership: a wild
            card may be discarded only when the hand holds nothing else).
        empty_stock: once the stock is empty: ``"play_on"`` (Classic: play goes on
            while each player in turn can take the pile; a player may take it or decline it,
            which ends the hand, and the first who cannot take it ends the hand),
            ``"take_or_end"`` (a player may take the pile or end the hand by drawing from
            the empty stock; Play-off on ties), ``"forced_take"`` (as ``take_or_end``, but an
            unfrozen top card that fits the side's meld must be taken; Book rules), or
            ``"ends"`` (the hand ends when the next turn would start; Two-handed, Draw-two
            partnership). See docs/rules.md#empty-stock.
        concealed_no_partner_layoff: a concealed going out may add nothing to melds the
            partner made (Play-off on ties); a canasta of the player's own, made that turn, is
            needed at every table.
        partner_always_agrees: the partner's answer to "may I go out?" is always yes
            (Book rules).
        tie_plays_another_hand: a game that ends level (both sides on the same total) goes
            on for another hand instead of being shared (Play-off on ties).
        target_score: a full game ends with the hand in which a side reaches this (5,000
            points).
        quick_game: a single hand is played and the higher score wins.
        going_out_bonus: points for going out (100).
        concealed_bonus: points for going out concealed (200, replacing the 100).
        natural_canasta_bonus: 500.
        mixed_canasta_bonus: 300.
        red_three_bonus: points per red three (100).
        all_red_threes_bonus: points for all four red threes (800).
        all_red_threes_penalty: points lost for all four red threes by a side with no meld
            at the hand's end (800; 400 in Draw-two partnership, "-100 each").
        opening_minimums: ``((below_score, minimum), ...)`` in ascending order; a side whose
            total at the hand's start is below ``below_score`` needs ``minimum`` points of
            card values in its first melds; above every bound, ``opening_minimum_top``.
        opening_minimum_top: the minimum at and above the last bound (120 from 3,000).
        max_moves_per_hand: a safety bound on the moves of one hand; past it the hand ends
            as if the stock had run out (never reached in real play).
    """

    players: int = 2
    cards_dealt_2p: int = 15
    cards_dealt_4p: int = 11
    draw_two: bool = False
    draw_two_4p: bool = False
    canastas_to_go_out_2p: int = 1
    canastas_to_go_out_4p: int = 1
    ask_permission: bool = False
    pile_always_frozen: bool = False
    max_wilds_per_meld: int | None = 3
    take_with_natural_and_wild: bool = True
    take_onto_meld_needs_natural: bool = False
    red_three_from_pile_replaced: bool = False
    red_three_last_card_ends: bool = True
    black_threes_last: bool = False
    wild_discard_allowed: bool = True
    empty_stock: EmptyStock = "play_on"
    concealed_no_partner_layoff: bool = False
    partner_always_agrees: bool = False
    tie_plays_another_hand: bool = False
    target_score: int = 5000
    quick_game: bool = False
    going_out_bonus: int = 100
    concealed_bonus: int = 200
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    red_three_bonus: int = 100
    all_red_threes_bonus: int = 800
    all_red_threes_penalty: int = 800
    opening_minimums: tuple[tuple[int, int], ...] = ((0, 15), (1500, 50), (3000, 90))
    opening_minimum_top: int = 120
    max_moves_per_hand: int = 3000

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise ValueError(f"players must be 2 or 4, not {self.players}")
        if self.max_wilds_per_meld is not None and self.max_wilds_per_meld < 1:
            raise ValueError("max_wilds_per_meld must be at least 1 or None")
        if self.empty_stock not in EMPTY_STOCK_CHOICES:
            choices = ", ".join(EMPTY_STOCK_CHOICES)
            raise ValueError(f"empty_stock must be one of {choices}, not {self.empty_stock!r}")

    # Derived values -------------------------------------------------------------------------

    @property
    def cards_dealt(self) -> int:
        """Cards dealt to each player for this number of players."""
        return self.cards_dealt_2p if self.players == 2 else self.cards_dealt_4p

    @property
    def stock_draw_count(self) -> int:
        """Cards taken by one draw from the stock (1, or 2 with "draw two" for this number
        of players)."""
        two = self.draw_two if self.players == 2 else self.draw_two_4p
        return 2 if two else 1

    @property
    def canastas_to_go_out(self) -> int:
        """Canastas a side needs before it may go out."""
        return self.canastas_to_go_out_2p if self.players == 2 else self.canastas_to_go_out_4p

    @property
    def asks_permission(self) -> bool:
        """True when "may I go out?" is in play (four players and the option on)."""
        return self.ask_permission and self.players == 4

    @property
    def wild_cap(self) -> int:
        """The most wild cards one meld may hold (a large number when uncapped)."""
        return 99 if self.max_wilds_per_meld is None else self.max_wilds_per_meld

    def opening_minimum(self, side_score: int) -> int:
        """Return the opening minimum (points) for a side whose total is ``side_score``.

        docs/rules.md#scoring: below 0 it is 15, below 1,500 it is 50, below 3,000
        it is 90, and 120 from 3,000 up.
        """
        for bound, minimum in self.opening_minimums:
            if side_score < bound:
                return minimum
        return self.opening_minimum_top

    # Serialisation --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Return the rule set as plain JSON-ready data."""
        data = asdict(self)
        data["opening_minimums"] = [list(pair) for pair in self.opening_minimums]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Build a rule set from :meth:`to_dict` data; missing fields keep their defaults.

        Raises:
            ValueError: for an unknown field or a value of the wrong shape.
        """
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        clean = dict(data)
        if "opening_minimums" in clean:
            clean["opening_minimums"] = tuple(
                (int(bound), int(minimum)) for bound, minimum in clean["opening_minimums"]
            )
        return cls(**clean)

    def with_options(self, **changes: Any) -> RuleSet:
        """Return a copy with some fields changed (``rules.with_options(players=4)``)."""
        return replace(self, **changes)


#: The project's default: Classic, for two or four (docs/rules.md).
CLASSIC = RuleSet()

#: Book rules: four players, "may I go out?" always on and always answered yes, and the rule
#: books' forced take of a fitting top card once the stock is empty.
BOOK_RULES = CLASSIC.with_options(
    players=4, ask_permission=True, partner_always_agrees=True, empty_stock="forced_take"
)

#: Two-handed: head to head, draw two, two canastas to go out, no natural-and-wild take,
#: and the hand ends with the stock.
TWO_HANDED = CLASSIC.with_options(
    players=2,
    draw_two=True,
    canastas_to_go_out_2p=2,
    take_with_natural_and_wild=False,
    empty_stock="ends",
)

#: Draw-two partnership: four players drawing two, no cap of three wild cards, no wild
#: discards, black threes only as the very last play, no concealed bonus, and the hand ends
#: with the stock.
DRAW_TWO_PARTNERSHIP = CLASSIC.with_options(
    players=4,
    draw_two_4p=True,
    max_wilds_per_meld=None,
    take_with_natural_and_wild=False,
    take_onto_meld_needs_natural=True,
    black_threes_last=True,
    wild_discard_allowed=False,
    empty_stock="ends",
    concealed_bonus=100,
    all_red_threes_penalty=400,
)

#: Play-off on ties: four players, drawing from the empty stock ends the hand, a concealed going
#: out adds nothing to the partner's melds, and a level game plays another hand.
PLAY_OFF_ON_TIES = CLASSIC.with_options(
    players=4,
    empty_stock="take_or_end",
    concealed_no_partner_layoff=True,
    tie_plays_another_hand=True,
)

#: Named presets a player can start from, in the order the settings list them.
PRESETS: dict[str, RuleSet] = {
    "Classic": CLASSIC,
    "Book rules": BOOK_RULES,
    "Two-handed": TWO_HANDED,
    "Draw-two partnership": DRAW_TWO_PARTNERSHIP,
    "Play-off on ties": PLAY_OFF_ON_TIES,
}

#: The presets' names for the catalogue (shown translated; the English name is the key kept
#: in settings and records).
PRESET_WORDS: Final = (
    N_("Classic"), N_("Book rules"), N_("Two-handed"), N_("Draw-two partnership"),
    N_("Play-off on ties"),
)  # fmt: skip

#: The number of the outside table each preset was made to play like (kept in records).
PRESET_TABLES: dict[str, str] = {
    "Classic": "000",
    "Book rules": "001",
    "Two-handed": "002",
    "Draw-two partnership": "003",
    "Play-off on ties": "004",
}


def preset_rules(name: str, players: int | None = None, quick: bool = False) -> RuleSet:
    """The rule set of preset ``name`` played by ``players`` (2 or 4; None: the preset's
    own number), one hand only when ``quick``: what an online table of that preset plays.

    Raises:
        KeyError: for a name not in :data:`PRESETS`.
    """
    preset = PRESETS[name]
    return preset.with_options(players=players or preset.players, quick_game=quick)


def preset_name(rules: RuleSet) -> str | None:
    """Return the name of the preset equal to ``rules`` (players aside), or None.

    Classic is played by two or four, so the number of players is not compared.
    """
    for name, preset in PRESETS.items():
        if preset.with_options(players=rules.players) == rules:
            return name
    return None
