"""The hint: the Hint button and the H key ask the controller for the hard level's advice
(worked out off the window's thread), a promise of moves; it glows on the cards and places
those moves use, and its line in the message strip names the same moves, every card, and
says why. Sizes are pixels."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from canasta.engine.moves import Move, MoveType
from canasta.i18n import _
from canasta.scenes.table.context import TableContext, TablePart, button
from canasta.ui.effects import draw_glow
from canasta.ui.input import Click, Intent
from canasta.ui.widgets import Button

HINT_GLOW = (120, 220, 255)


class HintSection(TablePart):
    """The hint button, its glow and its line. ``wanted`` is True once asked for."""

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.hint_button = button(_("Hint"), self.show_hint, ctx.theme)
        self.wanted = False

    def all_buttons(self) -> list[Button]:
        """The Hint button."""
        return [self.hint_button]

    def resize(self, size: tuple[int, int]) -> None:
        """The Hint button in its own place in the message strip."""
        self.hint_button.rect = self.ctx.place("hint")

    def actions(self) -> dict[str, Callable[[], object]]:
        """H shows a hint."""
        return {"hint": self.show_hint}

    def show_hint(self) -> None:
        """Ask for the hard level's move (it arrives in a later frame, or at once); where
        the table gives no hints (online), say why."""
        why = self.ctx.controller.unavailable("hint")
        if why is not None:
            self.ctx.toast.show(why, 3.0)
            return
        self.wanted = self.ctx.controller.request_hint()
        if not self.wanted:
            self.ctx.toast.show(_("No hint is available now."), 2.0)

    def buttons(self) -> list[Button]:
        """The Hint button on the person's turn (not while answering the partner), where
        the table gives hints (not online: a button that only refuses is not offered; H
        still says why)."""
        view = self.ctx.view()
        offered = self.ctx.controller.unavailable("hint") is None
        return [self.hint_button] if offered and view.person_to_move and not view.asking else []

    def handle(self, intent: Intent) -> bool:
        """A click on the Hint button."""
        return isinstance(intent, Click) and self.ctx.press(self.buttons(), intent.pos)

    def line(self) -> str | None:
        """The hint's line while one shows, "Thinking..." while it is coming, else None."""
        if not self.wanted:
            return None
        controller = self.ctx.controller
        advice = controller.poll_hint()
        if advice is None:
            if controller.person_to_move() and controller.hint_pending:
                return _("Thinking\u2026")
            self.wanted = False
            return None
        # A dash, not a colon: the reasons have colons of their own ("Discard 10♦: ...").
        return _("Hint \u2014 {reason}").format(reason=advice.reason)

    def rects(self, moves: Sequence[Move]) -> list[pygame.Rect]:
        """Where the hinted moves glow, the same moves the line names: their cards in the
        person's hand (a card the hint takes with the pile glows there, with the pile),
        and each move's place (:meth:`place`), each place once."""
        board = self.ctx.board
        held = set(self.ctx.view().hand)
        rects: list[pygame.Rect] = []
        for move in moves:
            rects += [board.card_rect(c) for c in move.cards if c in held and c in board.sprites]
            place = self.place(move)
            if place is not None and place not in rects:
                rects.append(place)
        return rects

    def place(self, move: Move) -> pygame.Rect | None:
        """Where ``move`` goes: the stock, the pile, its meld, or the meld area (a new meld,
        or a lay-off on a meld the hint makes first); None for an answer or a question."""
        board = self.ctx.board
        layout = board.layout
        assert layout is not None
        if move.type in (MoveType.DRAW, MoveType.DECLINE):
            return pygame.Rect(layout.stock)
        if move.type in (MoveType.TAKE, MoveType.DISCARD):
            return board.pile_rect(self.ctx.view().pile)
        if move.type is MoveType.LAYOFF:
            return board.meld_rect(move.target) or pygame.Rect(layout.melds[0])
        if move.type is MoveType.MELD:
            return pygame.Rect(layout.melds[0])
        return None

    def _glow(self, surface: pygame.Surface, cards: bool) -> None:
        """The glow on the hinted move: on its hand cards (``cards``), else on the
        stock, the pile or the meld it uses."""
        controller = self.ctx.controller
        hint = controller.poll_hint() if self.wanted else None
        if hint is None or not controller.person_to_move():
            return
        full = self.ctx.board.full
        radius = full.radius if full is not None else 8
        board = self.ctx.board
        held = set(self.ctx.view().hand)
        in_hand = [board.card_rect(c) for move in hint.moves for c in move.cards
                   if c in held and c in board.sprites]  # fmt: skip
        for rect in self.rects(hint.moves):
            if (rect in in_hand) == cards:
                draw_glow(surface, rect, HINT_GLOW, spread=12, radius=radius)

    def draw_under(self, surface: pygame.Surface) -> None:
        """The hint's glow on the stock, the pile or a meld, under the cards as the turn's
        own glow is: the pile's FROZEN and BLOCKED chips stay whole over it."""
        self._glow(surface, cards=False)

    def draw(self, surface: pygame.Surface) -> None:
        """The glow on the hinted move's hand cards, and the Hint button."""
        self._glow(surface, cards=True)
        for shown in self.buttons():
            shown.draw(surface)
