"""What a player can choose for the cards: face styles, deck backs and suit palettes.

Registries, read from ``assets/`` when first used (not at import), keyed by the names a settings
screen stores: :data:`CARD_STYLES` (``modern``, ``classic``, ``jumbo``), :data:`DECKS` (32
backs such as ``crimson-lattice``) and :data:`PALETTES` (``standard``, ``four_colour``,
``tournament``, ``heirloom``, ``high_visibility``). :class:`CardOptions` bundles one choice
of each plus the large-index switch.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from canasta.ui.assets import LazyRegistry, load_json
from canasta.ui.colors import RGB, parse_hex

#: Card aspect ratio, height / width (poker cards are 88 x 63 mm).
CARD_ASPECT: float = 1.4


@cache
def _style_data() -> dict[str, Any]:
    data: dict[str, Any] = load_json("cards", "styles.json")
    return data


def __getattr__(name: str) -> Any:
    """The figures of ``cards/styles.json``, read on first use (PEP 562):
    ``LARGE_INDEX_ASPECT`` (height / width of large-index cards: thinner, bigger corner
    marks), ``CORNER_RADIUS`` (a share of the card width) and ``TOKENS`` (the colours the
    face SVGs are drawn in, swapped for a palette's when rendered)."""
    if name == "LARGE_INDEX_ASPECT":
        return large_index_aspect()
    if name == "CORNER_RADIUS":
        return float(_style_data()["corner_radius"])
    if name == "TOKENS":
        return dict(_style_data()["tokens"])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: A face's top-left corner index (rank over suit) as fractions of the card's (height,
#: width), standard and large index (``scripts/make_cards.py``: the suit's lowest point is
#: 0.295 and 0.387 of the height, the index column 0.18 and 0.25 of the width), with a
#: little room: a card overlapped from below or the right by less keeps its rank and suit.
CORNER_INDEX: dict[bool, tuple[float, float]] = {False: (0.31, 0.19), True: (0.40, 0.27)}


@dataclass(frozen=True)
class CardStyle:
    """A face style: ``name`` (folder under ``assets/cards``), ``title``, ``description``."""

    name: str
    title: str
    description: str


@dataclass(frozen=True)
class Deck:
    """A card-back design: ``name`` (file under ``assets/backs``), ``title``, main colour."""

    name: str
    title: str
    color: RGB
    motif: str


@dataclass(frozen=True)
class Palette:
    """Suit colours on a card face.

    Attributes:
        name, title: identifier and display name.
        face: the card face colour.
        suits: colour per suit letter ``S``, ``H``, ``D``, ``C`` (red joker uses ``H``,
            black joker ``S``).
        four_colour: every suit has its own colour.
        high_visibility: every suit colour has WCAG contrast of at least 4.5:1 on ``face``.
    """

    name: str
    title: str
    face: RGB
    suits: dict[str, RGB]
    four_colour: bool
    high_visibility: bool = False

    def ink(self, suit: str | None, red: bool) -> RGB:
        """Colour for a card of ``suit`` (None for jokers: ``red`` picks H or S)."""
        if suit is None:
            return self.suits["H" if red else "S"]
        return self.suits[suit]


#: Face styles by name (``cards/styles.json``).
CARD_STYLES: LazyRegistry[CardStyle] = LazyRegistry(
    lambda: {
        name: CardStyle(name, d["title"], d["description"])
        for name, d in _style_data()["styles"].items()
    }
)
#: Deck backs by name (``backs/decks.json``).
DECKS: LazyRegistry[Deck] = LazyRegistry(
    lambda: {
        name: Deck(name, d["title"], parse_hex(d["color"]), d["motif"])
        for name, d in load_json("backs", "decks.json").items()
    }
)
#: Suit palettes by name (``palettes.json``).
PALETTES: LazyRegistry[Palette] = LazyRegistry(
    lambda: {
        name: Palette(
            name,
            d["title"],
            parse_hex(d["face"]),
            {s: parse_hex(c) for s, c in d["suits"].items()},
            bool(d["four_colour"]),
            bool(d.get("high_visibility", False)),
        )
        for name, d in load_json("palettes.json").items()
    }
)

DEFAULT_STYLE = "modern"
DEFAULT_DECK = "crimson-lattice"
DEFAULT_PALETTE = "standard"


@dataclass(frozen=True)
class CardOptions:
    """One choice of face style, deck back, suit palette and the large-index switch.

    Raises:
        ValueError: (on construction) for a name that is not in its registry; the message
            lists the known names.
    """

    style: str = DEFAULT_STYLE
    deck: str = DEFAULT_DECK
    palette: str = DEFAULT_PALETTE
    large_index: bool = False

    def __post_init__(self) -> None:
        for label, value, known in (
            ("card style", self.style, CARD_STYLES),
            ("deck", self.deck, DECKS),
            ("palette", self.palette, PALETTES),
        ):
            if value not in known:
                raise ValueError(f"unknown {label} {value!r}; known: {', '.join(known)}")

    @property
    def aspect(self) -> float:
        """Card height / width for these options."""
        return large_index_aspect() if self.large_index else CARD_ASPECT


def large_index_aspect() -> float:
    """Height / width of large-index cards (from ``cards/styles.json``)."""
    return round(float(_style_data()["aspect"]["large"]), 4)
