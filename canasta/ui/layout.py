"""Table geometry computed from the window size: pure functions, no drawing.

All values are pixels; rectangles are ``pygame.Rect`` in window coordinates. Seats are
given relative to the viewer (0 = you, at the bottom), clockwise: with 2 players seat 1 is
at the top; with 4 players seat 1 is left, seat 2 (partner) top and seat 3 right (in
portrait all three share the top band: left third, middle, right third). Sides
(partnerships) are also relative: 0 = yours (lower half), 1 = theirs (upper half).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from canasta.ui.card_images import CARD_ASPECT
from canasta.ui.decks import CORNER_INDEX, large_index_aspect
from canasta.ui.placement import Pos, place_hand, place_melds, place_pile, place_stack

__all__ = [
    "Pos",
    "TableLayout",
    "choose_card_width",
    "compute_layout",
    "crosswise_drop",
    "place_hand",
    "place_melds",
    "place_pile",
    "place_stack",
]

MIN_CARD_W = 36
MAX_CARD_W = 130
#: Opponents' face-down cards are this fraction of the full card size.
SMALL_CARD_SCALE = 0.62
#: The landscape message strip is at least this high (px): two rows of the strip's
#: buttons (26 px) and two lines of readable text (18 px) over them. In a small window
#: (800 x 600) the middle band grows to it, taking the height from the meld bands, so
#: the prompt never has to lie over the melds.
STRIP_MIN_PX = 124
#: The score panel's height (px) where the cards are lower: six lines of 12 px type.
SCORES_PX = 100


@dataclass(frozen=True)
class TableLayout:
    """Where everything on the table goes for one window size.

    Attributes:
        size: window ``(w, h)``.
        players: 2 or 4.
        margin: outer margin and gap between areas.
        card: full card size ``(w, h)`` for your hand, melds and piles.
        small_card: opponents' face-down card size ``(w, h)``.
        hands: one rect per relative seat (see module docstring).
        melds: meld area per side, ``(yours, theirs)``, red-three column excluded.
        red_threes: red-three column per side, the left strip of that side's meld band.
        stock, discard: one card each, side by side in the middle band.
        scores: panel left of the piles (team scores, turn marker).
        message: strip for prompts and toasts: right of the piles, as high as the
            middle band and at least ``STRIP_MIN_PX`` (landscape), or a band of its own
            below the middle band (portrait).
        reset_button, menu_button: stacked at the right end of the middle band.
        crosswise: where the card that froze the pile lies turned crosswise under it (a
            ``card[1]`` x ``card[0]`` rect): from 3 px right of the stock, reaching below
            the discard pile by its turned corner index's width and 3 px so its rank and
            suit show; it overlaps the discard pile on purpose and nothing else.
        large_index: the cards are large-index ones (thinner, bigger corner marks).
    """

    size: tuple[int, int]
    players: int
    margin: int
    card: tuple[int, int]
    small_card: tuple[int, int]
    hands: tuple[pygame.Rect, ...]
    melds: tuple[pygame.Rect, pygame.Rect]
    red_threes: tuple[pygame.Rect, pygame.Rect]
    stock: pygame.Rect
    discard: pygame.Rect
    scores: pygame.Rect
    message: pygame.Rect
    reset_button: pygame.Rect
    menu_button: pygame.Rect
    crosswise: pygame.Rect
    large_index: bool = False

    @property
    def hand(self) -> pygame.Rect:
        """Your hand area (bottom)."""
        return self.hands[0]

    @property
    def portrait(self) -> bool:
        """True when the window is taller than wide."""
        return self.size[1] > self.size[0]

    def named_rects(self) -> dict[str, pygame.Rect]:
        """Every area by name (``hand0``.., ``melds0``.., ``stock``, ...), none overlapping."""
        out = {f"hand{i}": r for i, r in enumerate(self.hands)}
        for side in (0, 1):
            out[f"melds{side}"] = self.melds[side]
            out[f"red_threes{side}"] = self.red_threes[side]
        out.update(
            stock=self.stock,
            discard=self.discard,
            scores=self.scores,
            message=self.message,
            reset_button=self.reset_button,
            menu_button=self.menu_button,
        )
        return out


def crosswise_drop(card_w: int, large_index: bool) -> int:
    """How far (px) the crosswise card in the discard pile reaches below the pile: the
    width of a ``card_w`` px card's corner index (``CORNER_INDEX``) and 3 px."""
    return math.ceil(CORNER_INDEX[large_index][1] * card_w) + 3


def _is_portrait(size: tuple[int, int]) -> bool:
    return size[1] > size[0]


def choose_card_width(size: tuple[int, int], players: int) -> int:
    """Card width in px that fits the table bands in a ``size`` (w, h) window.

    Landscape wants about 10 meld columns across; portrait about 8 (melds wrap to a second
    row sooner, and there is height to spare).
    """
    w, h = size
    m = _margin(size)
    if _is_portrait(size):
        by_height = (h - 7 * m) / (6.64 + 0.42) / CARD_ASPECT
        by_width = (w - 2 * m) / 9.5
    else:
        by_height = (h - 6 * m) / 6.64 / CARD_ASPECT
        sides = 2 * m if players == 4 else 0
        by_width = (w - 2 * m - sides) / (10.6 + (2 * SMALL_CARD_SCALE if players == 4 else 0))
    return int(max(MIN_CARD_W, min(MAX_CARD_W, by_height, by_width)))


def _margin(size: tuple[int, int]) -> int:
    return max(6, round(min(size) * 0.012))


def compute_layout(
    size: tuple[int, int], players: int = 2, large_index: bool = False, button_w: int = 0
) -> TableLayout:
    """Compute the :class:`TableLayout` for a ``size`` (w, h) px window and 2 or 4 players.

    ``button_w``: the width (px) Reset and Menu would like for their labels at full size
    (the caller measures them in its language: "Zurücksetzen" is long); they get it, up
    to two card widths, at the message strip's expense.

    ``large_index`` cards keep the height of standard ones and are thinner
    (``LARGE_INDEX_ASPECT``), so every area stays where it is or shrinks.

    Bands from top to bottom: the top hand(s), their melds, the middle band (scores, stock,
    discard, message, buttons), your melds, your hand. Landscape with 4 players: the left
    and right opponents get narrow columns beside the three middle bands. Portrait: all
    other hands share the top band, and the message strip is its own band below the
    middle one.
    """
    if players not in (2, 4):
        raise ValueError(f"players must be 2 or 4, got {players}")
    w, h = size
    m = _margin(size)
    portrait = _is_portrait(size)
    cw = choose_card_width(size, players)
    ch = round(cw * CARD_ASPECT)
    if large_index:
        cw = round(ch / large_index_aspect())
    sw, sh = round(cw * SMALL_CARD_SCALE), round(ch * SMALL_CARD_SCALE)
    top_h = sh
    hand_h = round(ch * 1.22)
    # The middle band keeps room below the piles for the crosswise card's corner.
    drop = crosswise_drop(cw, large_index)
    # Portrait: a line of text over a row of buttons (the table's buttons live there); the
    # room below the piles comes out of the line's spare height first.
    msg_h = max(30, round(ch * 0.42) - drop) + 40 if portrait else 0
    # Landscape: the middle band is at least the message strip's least height.
    band_h = ch + drop if portrait else max(ch + drop, STRIP_MIN_PX)
    fixed = top_h + band_h + hand_h + (msg_h + m if portrait else 0)
    meld_h = max(ch, (h - 6 * m - fixed) // 2)

    top_y = m
    their_y = top_y + top_h + m
    mid_y = their_y + meld_h + m
    msg_y = mid_y + band_h + m
    mine_y = msg_y + (msg_h + m if portrait else 0)
    hand_y = mine_y + meld_h + m
    hand_h = max(ch, h - m - hand_y)

    sides = players == 4 and not portrait
    side_w = sw + 2 * m if sides else 0
    inner_x = m + (side_w + m if sides else 0)
    inner_r = w - m - (side_w + m if sides else 0)
    inner_w = inner_r - inner_x

    hands = [pygame.Rect(m, hand_y, w - 2 * m, hand_h)]
    if players == 2:
        hands.append(pygame.Rect(m, top_y, w - 2 * m, top_h))
    elif sides:
        side_h = mine_y + meld_h - their_y
        hands.append(pygame.Rect(m, their_y, side_w, side_h))
        hands.append(pygame.Rect(m, top_y, w - 2 * m, top_h))
        hands.append(pygame.Rect(w - m - side_w, their_y, side_w, side_h))
    else:
        third = (w - 4 * m) // 3
        for k in range(3):
            hands.append(pygame.Rect(m + k * (third + m), top_y, third, top_h))

    red_w = cw + m
    melds_mine = pygame.Rect(inner_x + red_w + m, mine_y, inner_w - red_w - m, meld_h)
    melds_theirs = pygame.Rect(inner_x + red_w + m, their_y, inner_w - red_w - m, meld_h)
    red_mine = pygame.Rect(inner_x, mine_y, red_w, meld_h)
    red_theirs = pygame.Rect(inner_x, their_y, red_w, meld_h)

    # Middle band: scores | stock discard | message (landscape) | buttons.
    btn_w = max(84, round(cw * 1.25), min(button_w, 2 * cw))
    btn_h = max(28, min(44, (ch - m) // 2))
    buttons_x = inner_r - btn_w
    # The piles, the scores and Reset / Menu sit in the middle of a band grown for the strip.
    pile_y = mid_y + (band_h - ch - drop) // 2
    reset = pygame.Rect(buttons_x, pile_y + ch // 2 - btn_h - m // 2, btn_w, btn_h)
    menu = pygame.Rect(buttons_x, pile_y + ch // 2 + (m + 1) // 2, btn_w, btn_h)
    # The score panel takes the band's height where the cards are lower than its lines
    # (small windows): its words then read at 12 px in a narrow panel, wrapped.
    scores_h = max(ch, min(band_h - 4, SCORES_PX))
    scores_y = max(mid_y + 2, min(pile_y + (ch - scores_h) // 2, mid_y + band_h - scores_h - 2))
    scores = pygame.Rect(inner_x, scores_y, max(120, round(cw * 1.9)), scores_h)
    piles_w = 2 * cw + 2 * m
    piles_x = max(scores.right + m, inner_x + (inner_w - piles_w) // 2)
    # The message strip keeps room for a two- or three-line refusal or hint in the longer
    # languages: the piles move left of centre rather than squeeze it.
    min_message = 0 if portrait else max(60, cw, round(inner_w * 0.42))
    piles_x = min(piles_x, buttons_x - m - piles_w - min_message)
    if sides and piles_x < scores.right + m:
        # Too narrow a middle band for the score panel beside the piles (the side seats'
        # columns take its room): the panel goes to the top band's right end, beside the
        # partner's hand, its lines in columns; the piles move to the band's left end.
        scores = pygame.Rect(0, top_y, min(300, (w - 2 * m) // 2), top_h)
        scores.right = w - m
        hands[2] = pygame.Rect(m, top_y, scores.x - 2 * m, top_h)
        piles_x = inner_x  # the strip takes the rest: a refusal reads in it
    elif piles_x < scores.right + m:  # very narrow window: shrink the score panel
        scores.width = max(40, piles_x - m - inner_x)
    stock = pygame.Rect(piles_x, pile_y, cw, ch)
    discard = pygame.Rect(piles_x + cw + 2 * m, pile_y, cw, ch)
    crosswise = pygame.Rect(stock.right + 3, discard.bottom + drop - cw, ch, cw)
    if portrait:
        message = pygame.Rect(inner_x, msg_y, inner_w, msg_h)
    else:
        piles_r = max(discard.right, crosswise.right)
        message = pygame.Rect(piles_r + m, mid_y, buttons_x - m - piles_r - m, band_h)

    return TableLayout(
        size=(w, h),
        players=players,
        margin=m,
        card=(cw, ch),
        small_card=(sw, sh),
        hands=tuple(hands),
        melds=(melds_mine, melds_theirs),
        red_threes=(red_mine, red_theirs),
        stock=stock,
        discard=discard,
        scores=scores,
        message=message,
        reset_button=reset,
        menu_button=menu,
        crosswise=crosswise,
        large_index=large_index,
    )
