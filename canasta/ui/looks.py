"""The registry of look designs the settings name: themes, card styles, deck designs, suit
colours and large-index cards.

Settings keep these as plain names; :func:`look_choices` gives the names that exist (the
settings validate against it) and :class:`Look` turns names into a theme and a card
renderer. A new design is one more entry in a registry below: nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from canasta.ui.cards import DEFAULT_BACK, CardRenderer
from canasta.ui.theme import GREEN, THEMES, Theme

RendererFactory = Callable[[int, int], CardRenderer]

#: Card face styles: name -> renderer class (called with width, height, back_color).
CARD_STYLES: dict[str, type[CardRenderer]] = {"classic": CardRenderer}

#: Deck designs (the backs): name -> main RGB colour of the back pattern.
DECK_DESIGNS: dict[str, tuple[int, int, int]] = {
    "red": DEFAULT_BACK,
    "blue": (30, 60, 150),
}

#: Suit colour schemes: name -> description. Only the classic two colours exist so far.
SUIT_COLOURS: dict[str, str] = {"two-colour": "red hearts and diamonds, black clubs and spades"}

#: Names shown to the player, where they differ from a capitalised name.
LABELS: dict[str, str] = {"two-colour": "Two colours", "four-colour": "Four colours"}


def label(name: str) -> str:
    """The player's word for a design name (``"two-colour"`` -> ``"Two colours"``)."""
    return LABELS.get(name, name.replace("-", " ").capitalize())


def look_choices() -> dict[str, list[str]]:
    """The design names that exist, per settings field, each list default first."""
    return {
        "theme": list(THEMES),
        "card_style": list(CARD_STYLES),
        "deck_design": list(DECK_DESIGNS),
        "suit_colours": list(SUIT_COLOURS),
    }


class LargeIndexRenderer(CardRenderer):
    """Cards whose corner index (rank and suit) is drawn at the largest proportions the
    classic face uses, at every card size.

    Stand-in until the deck assets bring their own large-index faces.
    """

    def face_key(self, card: int) -> str:
        """Cache key: the classic key with an ``L-`` prefix (the faces differ)."""
        return "L-" + super().face_key(card)

    def _draw_corner(self, big, label, suit, color):  # type: ignore[no-untyped-def]
        width = self.width
        self.width = min(width, 69)  # the narrow-card proportions: the biggest index
        try:
            super()._draw_corner(big, label, suit, color)
        finally:
            self.width = width


@dataclass(frozen=True)
class Look:
    """The look in force, from the settings' names (unknown names fall back to defaults).

    Attributes:
        theme: table colours.
        card_style, deck_design, suit_colours: design names.
        large_index: large corner indices on card faces.
    """

    theme: Theme = GREEN
    card_style: str = "classic"
    deck_design: str = "red"
    suit_colours: str = "two-colour"
    large_index: bool = False

    @classmethod
    def named(
        cls,
        theme: str = "green",
        card_style: str = "classic",
        deck_design: str = "red",
        suit_colours: str = "two-colour",
        large_index: bool = False,
    ) -> Look:
        """The look for these design names."""
        return cls(
            THEMES.get(theme, GREEN),
            card_style if card_style in CARD_STYLES else "classic",
            deck_design if deck_design in DECK_DESIGNS else "red",
            suit_colours if suit_colours in SUIT_COLOURS else "two-colour",
            large_index,
        )

    def renderer(self, width: int, height: int) -> CardRenderer:
        """A card renderer of ``width`` x ``height`` px in this look."""
        base = CARD_STYLES[self.card_style]
        kind = LargeIndexRenderer if self.large_index and base is CardRenderer else base
        return kind(width, height, back_color=DECK_DESIGNS[self.deck_design])
