"""The rule set: every point where reference tables differ is a field here.

The move logic reads only these fields (never a preset's name), so a new table is a new
preset, not new code. The Classic preset is the project's default (``RULES-MATRIX.md``,
column 000).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One table's rules.

    Attributes:
        players: 2 (head to head) or 4 (two partnerships). Matrix row 1.
        cards_dealt_2p: cards dealt to each player with two players (15). Row 1.
        cards_dealt_4p: cards dealt to each player with four players (11). Row 1.
        draw_two: with two players, a stock draw takes two cards (the Classic "draw two"
            option). Row 4.
        canastas_to_go_out_2p: canastas a side needs to go out with two players (1, or 2 with
            the Classic "two canastas" option). Row 19.
        canastas_to_go_out_4p: canastas a side needs to go out with four players. Row 19.
        ask_permission: with four players, a player may ask the partner "may I go out?"
            before melding that turn; the answer binds for the turn. Row 23.
        pile_always_frozen: the discard pile is frozen for the whole hand. Row 12.
        max_wilds_per_meld: cap on wild cards in one meld (3), or None for no cap. Row 5.
        red_three_from_pile_replaced: a red three found in a taken pile is replaced from the
            stock (False in Classic, as the rule books have it). Row 13.
        red_three_last_card_ends: a red three drawn as the stock's last card (so that no
            replacement is left for it) is laid out and the hand ends at once, with no meld
            or discard (the rule books' rule; the Classic reference is silent). Row 15.
        target_score: a full game ends with the hand in which a side reaches this (5,000
            points). Row 26.
        quick_game: a single hand is played and the higher score wins. Row 26.
        going_out_bonus: points for going out (100). Row 21.
        concealed_bonus: points for going out concealed (200, replacing the 100). Row 21.
        natural_canasta_bonus: 500. Row 25.
        mixed_canasta_bonus: 300. Row 25.
        red_three_bonus: points per red three (100). Row 14.
        all_red_threes_bonus: points for all four red threes (800). Row 14.
        opening_minimums: ``((below_score, minimum), ...)`` in ascending order; a side whose
            total at the hand's start is below ``below_score`` needs ``minimum`` points of
            card values in its first melds; above every bound, ``opening_minimum_top``. Row 7.
        opening_minimum_top: the minimum at and above the last bound (120 from 3,000).
        max_moves_per_hand: a safety bound on the moves of one hand; past it the hand ends
            as if the stock had run out (never reached in real play).
    """

    players: int = 2
    cards_dealt_2p: int = 15
    cards_dealt_4p: int = 11
    draw_two: bool = False
    canastas_to_go_out_2p: int = 1
    canastas_to_go_out_4p: int = 1
    ask_permission: bool = False
    pile_always_frozen: bool = False
    max_wilds_per_meld: int | None = 3
    red_three_from_pile_replaced: bool = False
    red_three_last_card_ends: bool = True
    target_score: int = 5000
    quick_game: bool = False
    going_out_bonus: int = 100
    concealed_bonus: int = 200
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    red_three_bonus: int = 100
    all_red_threes_bonus: int = 800
    opening_minimums: tuple[tuple[int, int], ...] = ((0, 15), (1500, 50), (3000, 90))
    opening_minimum_top: int = 120
    max_moves_per_hand: int = 3000

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise ValueError(f"players must be 2 or 4, not {self.players}")
        if self.max_wilds_per_meld is not None and self.max_wilds_per_meld < 1:
            raise ValueError("max_wilds_per_meld must be at least 1 or None")

    # Derived values -------------------------------------------------------------------------

    @property
    def cards_dealt(self) -> int:
        """Cards dealt to each player for this number of players."""
        return self.cards_dealt_2p if self.players == 2 else self.cards_dealt_4p

    @property
    def stock_draw_count(self) -> int:
        """Cards taken by one draw from the stock (1, or 2 with draw two and two players)."""
        return 2 if (self.draw_two and self.players == 2) else 1

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

        Classic reference, "Scoring": below 0 it is 15, below 1,500 it is 50, below 3,000
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


#: The project's default: the Classic reference table (matrix column 000).
CLASSIC = RuleSet()

#: Named presets a player can start from. Later tables add entries here.
PRESETS: dict[str, RuleSet] = {"Classic": CLASSIC}
