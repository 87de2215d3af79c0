"""Drawing the table's furniture: areas, glows, badges, markers, scores and the prompt.

Cards themselves are sprites drawn by the table scene; this module draws everything
around them. Sizes are pixels.
"""

from __future__ import annotations

import pygame

from canasta.controller import TableController
from canasta.engine.cards import BLACK_THREE, CARD_KIND
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import Code
from canasta.engine.state import EndReason, HandState, Phase
from canasta.scenes.table_targets import TablePlan
from canasta.ui.cards import CardRenderer
from canasta.ui.effects import draw_glow, draw_panel
from canasta.ui.layout import TableLayout
from canasta.ui.paragraphs import LINE_GAP, fit_lines, text_height
from canasta.ui.text import blit_text, fit_text_size
from canasta.ui.theme import Theme, paint_felt
from canasta.ui.widgets import Badge, Toast

FROST_BLUE = (150, 210, 255)
BLOCKED_RED = (200, 40, 40)
#: The message strip's text: below this size (px) a long line wraps instead of shrinking,
#: down to the smallest size; the strip's lowest part is kept for its buttons.
READABLE_PX = 18
SMALLEST_PX = 12
BUTTON_ROW_PX = 50


def seat_name(seat: int, me: int, players: int, watching: bool = False) -> str:
    """What the person calls a seat: You, Partner, West, East, or Opponent.

    ``watching`` (a demo, computers in every seat) names the seats by compass point.
    """
    rel = (seat - me) % players
    if watching:
        return ("South", "North")[rel] if players == 2 else ("South", "West", "North", "East")[rel]
    if rel == 0:
        return "You"
    if players == 2:
        return "Opponent"
    return ("You", "West", "Partner", "East")[rel]


#: Why no cards at all could take the pile now, by refusal code: the prompt's words.
PILE_CLOSED = {
    Code.PILE_EMPTY: "",
    Code.PILE_TOP_BLACK_THREE: " (a black three blocks the pile)",
    Code.PILE_TOP_WILD: " (a wild card on top: the pile can't be taken)",
}


def pile_closed(hand: HandState) -> Code | None:
    """Why the pile cannot be taken with any cards this turn (empty, a black three or a
    wild card on top, as the engine judges a take), or None when some
    cards might take it (a frozen pile still can, with a natural pair)."""
    refusal = hand.check(Move(MoveType.TAKE, ()))
    if refusal is not None and refusal.code in PILE_CLOSED:
        return refusal.code
    return None


def prompt_for(controller: TableController, me: int) -> str:
    """The one-line prompt shown in the message strip for the current moment."""
    hand = controller.hand
    players = hand.players
    watching = controller.person is None

    def name(seat: int) -> str:
        return seat_name(seat, me, players, watching)

    if hand.ended:
        if hand.went_out >= 0:
            who = name(hand.went_out)
            ended = f"{who} went out" if who != "You" else "You went out"
        elif hand.end_reason is EndReason.STOCK_EXHAUSTED:
            ended = "The stock ran out"
        else:
            ended = "The hand is over"
        if watching:
            return f"{ended}."
        return f"{ended}: look at the hands, then click or press Enter for the scores."
    if controller.asking_person():
        return f"Partner ({len(hand.hands[hand.turn])} cards) asks: may I go out?"
    if not controller.person_to_move():
        who = name(hand.mover)
        if hand.phase is Phase.ANSWER:
            return f"{who} is answering: may {name(hand.turn)} go out?"
        return f"{who} is playing\u2026"
    side = hand.side
    if hand.phase is Phase.DRAW:
        if not hand.stock:
            return "The stock is empty: take the pile to go on."
        closed = pile_closed(hand)
        if closed is not None:
            return f"Your turn: draw from the stock{PILE_CLOSED[closed]}."
        return "Your turn: draw from the stock, or take the pile."
    if hand.permission is True:
        return "Your partner said yes: go out this turn."
    if not hand.opened[side] and hand.turn_melded:
        minimum = hand.opening_minimum(side)
        return f"Melds so far: {hand.opening_points} of the {minimum} you need to open."
    return "Meld, lay off, or discard a card to end your turn."


class TableDrawer:
    """Draws the table around the cards for one layout.

    Args:
        layout: the table geometry; theme: colours; renderer: the full-size card images
            (for sizes and corner radius).
    """

    def __init__(
        self, layout: TableLayout, theme: Theme, renderer: CardRenderer, watching: bool = False
    ) -> None:
        self.layout = layout
        self.watching = watching
        #: The prompt is drawn above this y (px): the message strip's buttons lie below.
        self.text_bottom = layout.message.bottom - BUTTON_ROW_PX
        self.theme = theme
        self.renderer = renderer
        self.font = max(14, round(layout.card[1] * 0.16))
        self.badge = Badge(theme.badge_bg, theme.badge_text, size=max(13, self.font - 2))

    def draw_background(
        self,
        surface: pygame.Surface,
        hand: HandState,
        me: int,
        plan: TablePlan | None,
        person_turn: bool,
    ) -> None:
        """Felt, meld-area panels, seat labels and the glow on what the turn waits for."""
        layout, theme = self.layout, self.theme
        paint_felt(surface, theme)
        for rel_side in (0, 1):
            area = layout.melds[rel_side].union(layout.red_threes[rel_side])
            draw_panel(surface, area, (0, 0, 0, 38), 12)
            side = (me + rel_side) % 2
            if not hand.melds[side]:
                label = "Your melds" if rel_side == 0 else "Their melds"
                blit_text(surface, label, self.font, theme.text_dim, center=area.center)
        for pile, rect in ((hand.stock, layout.stock), (hand.pile, layout.discard)):
            if not pile:
                pygame.draw.rect(
                    surface, theme.text_dim, rect, 2, border_radius=self.renderer.radius
                )
        if plan is not None and plan.waiting_rect.width:
            draw_panel(surface, plan.waiting_rect.inflate(10, 10), (255, 255, 255, 40), 10)
        if person_turn and not hand.ended:
            if hand.phase is Phase.DRAW:
                if hand.stock:
                    draw_glow(surface, layout.stock, theme.glow, radius=self.renderer.radius)
                if pile_closed(hand) is None:  # a blocked pile does not invite a click
                    draw_glow(surface, layout.discard, theme.glow, radius=self.renderer.radius)
            elif hand.phase is Phase.PLAY:
                draw_glow(surface, layout.discard, theme.glow, radius=self.renderer.radius)

    def draw_markers(
        self, surface: pygame.Surface, hand: HandState, me: int, plan: TablePlan | None
    ) -> None:
        """Badges and markers drawn over the cards: counts, frost, BLOCKED, scores, names."""
        layout, theme = self.layout, self.theme
        stock = layout.stock
        n = len(hand.stock)
        stock_bg = theme.badge_bg if n >= 20 else ((200, 130, 20) if n >= 8 else BLOCKED_RED)
        Badge(stock_bg, theme.badge_text, self.badge.size).draw(
            surface, str(n), (stock.centerx, stock.bottom + 2)
        )
        pile = hand.pile
        discard = layout.discard
        if len(pile) >= 5:
            self.badge.draw(surface, str(len(pile)), (discard.centerx, discard.bottom + 2))
        if pile and (hand.pile_freezers or hand.rules.pile_always_frozen):
            self._chip(surface, "FROZEN", FROST_BLUE, (20, 40, 70), discard, above=True)
        if pile and CARD_KIND[pile[-1]] == BLACK_THREE:
            middle = pygame.Rect(discard.x, discard.centery, discard.width, 0)
            self._chip(surface, "BLOCKED", BLOCKED_RED, (255, 255, 255), middle, above=True)
        for seat in range(hand.players):
            self._seat_label(surface, hand, seat, me)
        if plan is not None:
            self._canasta_marks(surface, hand, me, plan)
        self._scores(surface, hand, me)

    def draw_message(self, surface: pygame.Surface, prompt: str, toast: Toast) -> None:
        """The message strip: a refusal toast while one shows (on a frosted panel, in the
        strip, so it covers no card), else the prompt; long lines wrap above the buttons."""
        rect = self.layout.message
        room = self.text_bottom - rect.y
        color = self.theme.text
        if toast.visible:
            prompt, color = toast.text, self.theme.accent
            panel = pygame.Rect(rect.x + 2, rect.y + 2, rect.width - 4, max(20, room - 2))
            draw_panel(surface, panel, (0, 0, 0, round(0.55 * toast.alpha)), 10)
        largest = min(30, max(16, rect.height // 3), max(SMALLEST_PX, round((room - 6) / 1.25)))
        width = rect.width - 20
        size = fit_text_size(prompt, width, largest)
        lines = [prompt]
        if size < READABLE_PX:
            # A long line (a hint and its reason) wraps above the buttons rather than
            # shrinking out of reach of the eye, where the strip has room for it.
            wrapped_size, wrapped = fit_lines(prompt, width, room, READABLE_PX, SMALLEST_PX)
            if text_height(wrapped_size, len(wrapped)) <= room:
                size, lines = wrapped_size, wrapped
        step = round(size * LINE_GAP)
        for i, line in enumerate(lines):
            top = rect.y + 4 + max(0, (room - 4 - text_height(size, len(lines))) // 2)
            blit_text(
                surface, line, size, color, center=(rect.centerx, top + size * 0.6 + i * step)
            )

    # Pieces -------------------------------------------------------------------------------------

    def _chip(
        self,
        surface: pygame.Surface,
        text: str,
        bg: tuple[int, int, int],
        fg: tuple[int, int, int],
        anchor: pygame.Rect,
        above: bool,
    ) -> None:
        chip = Badge(bg, fg, self.badge.size)
        y = anchor.y - 2 if above else anchor.bottom + 2
        chip.draw(surface, text, (anchor.centerx, y))

    def _seat_label(self, surface: pygame.Surface, hand: HandState, seat: int, me: int) -> None:
        layout, theme = self.layout, self.theme
        rel = (seat - me) % hand.players
        area = layout.hands[rel]
        name = seat_name(seat, me, hand.players, self.watching)
        count = len(hand.hands[seat])
        text = name if rel == 0 and not self.watching else f"{name} \u00b7 {count}"
        to_move = not hand.ended and hand.mover == seat
        color = theme.accent if to_move else theme.text_dim
        size = max(13, self.font - 2)
        if rel == 0:
            blit_text(surface, text, size, color, bold=to_move, topleft=(area.x + 6, area.y + 2))
        elif area.height > area.width * 1.5:
            blit_text(surface, text, size, color, bold=to_move, center=(area.centerx, area.y + 10))
        else:
            pos = (area.x + 6, area.centery)
            blit_text(surface, text, size, color, bold=to_move, midleft=pos)

    def _canasta_marks(
        self, surface: pygame.Surface, hand: HandState, me: int, plan: TablePlan
    ) -> None:
        for rel_side in (0, 1):
            side = (me + rel_side) % 2
            for kind, rect in plan.meld_rects[rel_side].items():
                cards = hand.melds[side][kind]
                if len(cards) >= 7:
                    natural = hand.mwild[side][kind] == 0
                    label = "NATURAL" if natural else "MIXED"
                    bg = (176, 32, 40) if natural else (30, 30, 34)
                    inside = pygame.Rect(rect.x, rect.y, rect.width, rect.height - self.font)
                    self._chip(surface, label, bg, (255, 240, 200), inside, above=False)

    def _scores(self, surface: pygame.Surface, hand: HandState, me: int) -> None:
        layout, theme = self.layout, self.theme
        rect = layout.scores
        draw_panel(surface, rect, theme.frost, 10)
        mine = me % 2
        lines = [
            (f"Us {hand.side_scores[mine]:,}", theme.text),
            (f"Them {hand.side_scores[1 - mine]:,}", theme.text),
        ]
        if hand.opened[mine]:
            lines.append((f"Our canastas {hand.canastas(mine)}", theme.text_dim))
        else:
            minimum = hand.opening_minimum(mine)
            points = hand.opening_points if hand.side == mine else 0
            lines.append((f"To open: {points}/{minimum}", theme.accent))
        lines.append((f"Deal {hand.deal_number}", theme.text_dim))
        size = max(12, min(self.font, rect.height // (len(lines) + 1)))
        y = rect.y + 6
        for text, color in lines:
            fitted = fit_text_size(text, rect.width - 12, size)
            blit_text(surface, text, fitted, color, topleft=(rect.x + 8, y))
            y += round(size * 1.15)
