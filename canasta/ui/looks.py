"""The looks a player names in the settings: theme, card style, deck design, suit colours
and large-index cards, resolved against the design registries loaded from ``assets/``.

Settings keep these as plain names; :func:`look_choices` gives the names that exist (the
settings validate against it, defaults first) and :class:`Look` turns names into a theme
and card options. A new design is one more entry in ``assets/``: nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta.i18n import N_, _
from canasta.ui.card_images import CardRenderer
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


#: The designs' titles (from the asset files) for the catalogue: :func:`label` shows them
#: translated (a test checks every design's title is here).
LOOK_WORDS = (
    N_("Green"),
    N_("Blue"),
    N_("Merlot"),
    N_("Dark red"),
    N_("Light blue"),
    N_("Black"),
    N_("Purple"),
    N_("Teal"),
    N_("Pink"),
    N_("Orange"),
    N_("Dark blue"),
    N_("Dark green"),
    N_("Charcoal"),
    N_("Tobacco"),
    N_("Stone"),
    N_("Indigo"),
    N_("Olive"),
    N_("Celeste"),
    N_("Modern"),
    N_("Classic"),
    N_("Canasta Jumbo"),
    N_("Crimson lattice"),
    N_("Midnight lattice"),
    N_("Navy dots"),
    N_("Emerald dots"),
    N_("Forest stripes"),
    N_("Royal stripes"),
    N_("Plum checks"),
    N_("Maroon checks"),
    N_("Teal chevrons"),
    N_("Charcoal chevrons"),
    N_("Burgundy waves"),
    N_("Ochre waves"),
    N_("Slate scales"),
    N_("Copper scales"),
    N_("Midnight hexes"),
    N_("Indigo hexes"),
    N_("Emerald stars"),
    N_("Olive stars"),
    N_("Royal frames"),
    N_("Crimson frames"),
    N_("Maroon sunburst"),
    N_("Navy sunburst"),
    N_("Charcoal rosette"),
    N_("Forest rosette"),
    N_("Ochre tartan"),
    N_("Plum tartan"),
    N_("Copper herringbone"),
    N_("Teal herringbone"),
    N_("Indigo clover"),
    N_("Burgundy clover"),
    N_("Olive harlequin"),
    N_("Slate harlequin"),
    N_("Standard"),
    N_("Classic four-colour"),
    N_("Tournament"),
    N_("Heirloom"),
    N_("High visibility"),
)


def label(name: str) -> str:
    """The player's word for a design name (``"four_colour"`` -> ``"Classic four-colour"``)."""
    for registry in (THEMES, CARD_STYLES, DECKS, PALETTES):
        item = registry.get(name)
        title = getattr(item, "title", None)
        if isinstance(title, str):
            return _(title)
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
