"""Where every table button goes: one place, so no two buttons ever share space.

A click is hit-tested against the buttons that show; a button hidden under another
(drawn or not) would catch clicks meant for the one on top, so every button gets a
place of its own, whether or not it shows at the same time as the others:

* the right end of the middle band: Reset over Menu (the layout's two slots);
* the message strip's lower part, from its right end leftward: Hint, Finish, Play melds,
  Meld, Plan, Ask partner (four players), wrapping to a row above when the strip is narrow (the
  buttons then grow lower, and the prompt keeps the strip's space above the rows). The
  places of those that show at one time are then packed the same way
  (:func:`pack_shown`), so two that show together sit side by side in the lowest row
  rather than one alone in each row; a hidden button catches no click;
* the partner's speech bubble (four players): Yes and No inside it, the bubble placed
  clear of the strip's buttons; with two players there is no partner and no Yes or No;
* the finish panel over your melds: Go out and Cancel, the panel kept below the middle
  band.

All sizes are pixels; rectangles are window coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from canasta.i18n import N_, _
from canasta.ui.layout import TableLayout
from canasta.ui.text import get_font

#: The strip's buttons, right to left, by key and label. Hint shows all through the
#: person's turn, so it holds the right end: the buttons that come and go during the turn
#: (Finish after the draw, Plan with lifted cards) appear to its left, and a second click
#: on Hint's place never lands on a button that has just appeared there.
STRIP = (
    ("hint", N_("Hint")),
    ("finish", N_("Finish")),
    ("play", N_("Play melds")),
    ("meld", N_("Meld")),
    ("plan", N_("Plan")),
    ("ask", N_("Ask partner")),
)
GAP = 6
#: A button's label is never drawn smaller than this (px).
LABEL_PX = 14
#: Height (px) the prompt keeps above the strip's buttons when they need two rows.
TEXT_ROOM = 34


@dataclass(frozen=True)
class TableButtons:
    """The rectangles of every table button, by key, and where the strip's rows begin.

    Attributes:
        rects: ``menu``, ``reset``, ``ask``, ``hint``, ``plan``, ``meld``, ``play``, ``finish``,
            ``yes``, ``no``, ``go``, ``cancel`` (Ask, Yes and No are empty rects with two
            players).
        bubble: the partner's speech bubble (empty with two players).
        panel: the finish confirmation panel.
        strip_top: the y of the highest button row in the message strip (the prompt is
            drawn above it).
    """

    rects: dict[str, pygame.Rect]
    bubble: pygame.Rect
    panel: pygame.Rect
    strip_top: int


def _label_width(label: str, height: int) -> int:
    """Width in px of a button whose label reads at its natural size for ``height``."""
    size = max(LABEL_PX, round(height * 0.55))
    return max(64, get_font(size).size(label)[0] + 24)


def _flow_strip(
    rects: dict[str, pygame.Rect],
    msg: pygame.Rect,
    bh: int,
    players: int,
    keys: frozenset[str] | None = None,
) -> int:
    """Lay the strip's buttons (``bh`` px tall; only those in ``keys`` when given) from its
    lower right corner leftward, wrapping upward; store them in ``rects`` and return the
    top of the highest row. With two players there is no partner to ask: Ask partner gets
    no place."""
    right = msg.right - GAP
    x, y = right, msg.bottom - bh - GAP
    if keys is None:
        rects["ask"] = pygame.Rect(msg.topleft, (0, 0))
    for key, label in STRIP:
        if key == "ask" and players == 2 or keys is not None and key not in keys:
            continue
        width = min(_label_width(_(label), bh), msg.width - 2 * GAP)
        if x - width < msg.x + GAP and x != right:  # the row is full: start one above
            x, y = right, y - bh - GAP
        rects[key] = pygame.Rect(x - width, y, width, bh)
        x -= width + GAP
    return y


def pack_shown(
    layout: TableLayout, places: TableButtons, shown: set[str]
) -> dict[str, pygame.Rect]:
    """The places (px) of the strip's buttons that show now (``shown``: keys of
    :data:`STRIP`), packed from the strip's lower right corner in the strip's order, as
    high as their places in ``places``: e.g. Hint and Plan side by side in the lowest row
    of an 800 x 600 window's two-row strip (their own places are a row apart)."""
    rects: dict[str, pygame.Rect] = {}
    bh = places.rects["hint"].height
    _flow_strip(rects, layout.message, bh, layout.players, frozenset(shown))
    return rects


def place_table_buttons(layout: TableLayout) -> TableButtons:
    """Place every table button for ``layout`` (see the module docstring)."""
    rects = {"reset": pygame.Rect(layout.reset_button), "menu": pygame.Rect(layout.menu_button)}
    msg = layout.message
    # Never taller than Menu beside them (a 36 px Hint by a 28 px Menu in a small window).
    bh = max(26, min(36, msg.height // 3, layout.menu_button.height))
    strip_top = _flow_strip(rects, msg, bh, layout.players)
    if strip_top < msg.bottom - bh - GAP:  # two rows: lower buttons leave the prompt room
        bh = max(26, min(bh, (msg.height - TEXT_ROOM - 3 * GAP) // 2))
        strip_top = _flow_strip(rects, msg, bh, layout.players)

    if layout.players == 4:
        top = layout.hands[2]
        width = min(420, max(260, layout.size[0] // 3))
        if not layout.portrait:  # between the side seats' columns and their plates
            width = min(width, layout.hands[3].left - layout.hands[1].right - 4 * GAP)
        height = max(96, min(130, layout.card[1]))
        bubble = pygame.Rect(0, 0, width, height)
        bubble.midtop = (top.centerx, top.bottom + 14)
        if not layout.portrait:  # a hand beside the scores: the bubble stays between the columns
            left, right = layout.hands[1].right + 2 * GAP, layout.hands[3].left - 2 * GAP
            bubble.clamp_ip(pygame.Rect(left, 0, right - left, layout.size[1]))
        strip = pygame.Rect(msg.x, strip_top, msg.width, msg.bottom - strip_top)
        if bubble.colliderect(strip) or bubble.colliderect(rects["reset"].union(rects["menu"])):
            bubble.bottom = min(bubble.bottom, strip.top - GAP, rects["reset"].top - GAP)
            bubble.top = max(bubble.top, top.bottom + 4)
        ybw = max(70, min(110, bubble.width // 4))
        ybh = max(28, min(40, bubble.height // 3))
        yy = bubble.bottom - ybh - 10
        rects["yes"] = pygame.Rect(bubble.centerx - ybw - GAP, yy, ybw, ybh)
        rects["no"] = pygame.Rect(bubble.centerx + GAP, yy, ybw, ybh)
    else:
        bubble = pygame.Rect(msg.x, msg.y, 0, 0)
        rects["yes"] = pygame.Rect(bubble.topleft, (0, 0))
        rects["no"] = pygame.Rect(bubble.topleft, (0, 0))

    w, h = layout.size
    melds = layout.melds[0]
    below_middle = max(layout.discard.bottom, msg.bottom, rects["menu"].bottom) + GAP
    tall = min(320, max(180, melds.height), h - below_middle - GAP)  # over your melds
    panel = pygame.Rect(0, 0, min(w - 40, 560), tall)
    panel.center = melds.center
    panel.top = max(panel.top, below_middle)
    panel.clamp_ip(pygame.Rect(0, below_middle, w, h - below_middle))
    # Go out and Cancel as wide as the longer label wants ("Ja, ausgehen" wrapped in 120
    # px), within the panel.
    words = max(_label_width(_("Yes, go out"), bh), _label_width(_("Cancel"), bh))
    pw = min(max(70, min(120, msg.width // 4), words), (panel.width - 40) // 2)
    go = pygame.Rect(panel.right - 2 * (pw + 10), panel.bottom - bh - 12, pw, bh)
    rects["go"] = go
    rects["cancel"] = go.move(pw + 10, 0)
    return TableButtons(rects, bubble, panel, strip_top)


#: The prompt needs this much height (px) above the buttons that show to read on one line;
#: with less it goes beside them (left of the leftmost) when that is wider.
PROMPT_ROW_PX = 24


def prompt_area(
    msg: pygame.Rect, strip: list[pygame.Rect], others: list[pygame.Rect], strip_top: int
) -> pygame.Rect:
    """Where the prompt goes in the message strip ``msg``: clear of the strip's buttons
    that show now (``strip``, in the strip or in rows pushed above it) and of any other
    button showing (``others``: Menu, Reset...); px.

    Above the highest shown strip button (or above ``strip_top``, the rows kept for the
    strip's buttons, when none shows) if that leaves a line's height, else the larger of
    that band and the strip's part left of the shown buttons, else the free left part of
    the top row of buttons; when none has room (a small window, every button showing),
    two lines just above the strip (the caller draws
    them on a panel: they may lie over the area above)."""
    top = min([strip_top, *(r.top for r in strip)])
    above = pygame.Rect(msg.x, msg.y, msg.width, max(0, top - GAP - msg.y))
    if above.height >= PROMPT_ROW_PX or not strip:
        area = above if above.height >= PROMPT_ROW_PX else pygame.Rect(msg)
        return _clear_of(area, others)
    left = min(r.left for r in strip)
    beside = pygame.Rect(msg.x, msg.y, max(0, left - GAP - msg.x), msg.height)
    best = beside if beside.width * beside.height > above.width * above.height else above
    if best.height >= PROMPT_ROW_PX - 6 and best.width >= 140:
        return _clear_of(best, others)
    row = [r for r in strip if r.top == top]  # the free left part of the top row
    free = pygame.Rect(msg.x, top, min(r.left for r in row) - GAP - msg.x, row[0].height)
    if free.width >= 140 and not any(free.colliderect(r) for r in strip):
        return _clear_of(free, others)
    tall = 2 * PROMPT_ROW_PX - 8  # two lines of 12 px type
    line = pygame.Rect(msg.x, min(msg.y, top) - GAP - tall, msg.width, tall)
    return _clear_of(line, others)


def _clear_of(area: pygame.Rect, others: list[pygame.Rect]) -> pygame.Rect:
    """``area`` cut short on the right of any of ``others`` it meets (e.g. Menu beside
    a narrow strip)."""
    out = pygame.Rect(area)
    for r in others:
        if r.colliderect(out) and r.left > out.x:
            out.width = max(0, r.left - GAP - out.x)
    return out
