"""The looks a player names in the settings: theme, card style, deck design, suit colours
and large-index cards, resolved against the design registries loaded from ``assets/``.

Settings keep these as plain names; :func:`look_choices` gives the names that exist (the
settings validate against it, defaults first) and :class:`Look` turns names into a theme
and card options. A new design is one more entry in ``assets/``: nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta.ui.cards import CardRenderer
from canasta.ui.decks import (
    CARD_STYLES,
    DECKS,
    DEFAULT_DECK,
    DEFAULT_PALETTE,
    DEFAULT_STYLE,
    PALETTES,
    CardOptions,
)
from canasta.ui.theme import DEFAULT_THEME, THEMES, Theme, default_theme


def _default_first(names: list[str], default: str) -> list[str]:
    return [default, *(n for n in names if n != default)]


def label(name: str) -> str:
    """The player's word for a design name (``"four_colour"`` -> ``"Classic four-colour"``)."""
    for registry in (THEMES, CARD_STYLES, DECKS, PALETTES):
        item = registry.get(name)
        title = getattr(item, "title", None)
        if isinstance(title, str):
            return title
    return name.replace("-", " ").replace("_", " ").capitalize()


def look_choices() -> dict[str, list[str]]:
    """The design names that exist, per settings field, each list default first."""
    return {
        "theme": _default_first(list(THEMES), DEFAULT_THEME),
        "card_style": _default_first(list(CARD_STYLES), DEFAULT_STYLE),
        "deck_design": _default_first(list(DECKS), DEFAULT_DECK),
        "suit_colours": _default_first(list(PALETTES), DEFAULT_PALETTE),
    }


@dataclass(frozen=True)
class Look:
    """The look in force, from the settings' names (unknown names fall back to defaults).

    Attributes:
        theme: table colours.
        cards: face style, deck back, suit palette and large-index switch.
    """

    theme: Theme = field(default_factory=default_theme)
    cards: CardOptions = field(default_factory=CardOptions)

    @classmethod
    def named(
        cls,
        theme: str = DEFAULT_THEME,
        card_style: str = DEFAULT_STYLE,
        deck_design: str = DEFAULT_DECK,
        suit_colours: str = DEFAULT_PALETTE,
        large_index: bool = False,
    ) -> Look:
        """The look for these design names."""
        return cls(
            THEMES.get(theme) or default_theme(),
            CardOptions(
                card_style if card_style in CARD_STYLES else DEFAULT_STYLE,
                deck_design if deck_design in DECKS else DEFAULT_DECK,
                suit_colours if suit_colours in PALETTES else DEFAULT_PALETTE,
                large_index,
            ),
        )

    def renderer(self, width: int, height: int) -> CardRenderer:
        """A card renderer of ``width`` x ``height`` px in this look."""
        return CardRenderer(width, height, options=self.cards)
