"""Planned melds and the finish button at the table (docs/guide/playing.md#with-the-mouse).

Select cards and press Plan (key P): the group joins your plan and shows on your side of
the table; click a group to take it back. Play melds (key G) submits every group at once,
and the controller checks the plan as a whole: it is refused as a whole, with the reason,
when it breaks a rule, so an opening can be made from two groups that reach the minimum
only together. Planned cards stay in your hand until then.

Finish (key F) carries out your plan as a going out (with one lifted card as the last
discard), or with no plan asks the controller to search your hand for a complete legal way
to go out, and shows it for confirmation in a panel that is modal while it shows (Enter
goes out, Escape cancels); when none exists it says why. With "ask permission" on and the
question still open this turn, your partner is asked first and the plan waits for the
answer.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.controller import plan_text
from canasta.engine.cards import CARD_KIND, is_wild_kind
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import Refusal
from canasta.i18n import _
from canasta.scenes.table.context import TableContext, TablePart, button
from canasta.scenes.table.keys import action_for
from canasta.scenes.table.targets import CANASTA
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key
from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size
from canasta.ui.widgets import Button


class PlannerSection(TablePart):
    """The person's planned melds, the Plan / Play melds / Finish buttons, and the finish
    confirmation panel.

    Attributes:
        groups: the planned groups of card identities, in the order made.
        confirm: the finish plan shown for confirmation (moves), or None.
        pending: a finish plan waiting for the partner's answer, or None.
    """

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        theme = ctx.theme
        self.groups: list[tuple[int, ...]] = []
        self.group_rects: list[pygame.Rect] = []
        self.confirm: list[Move] | None = None
        self.pending: list[Move] | None = None
        #: The plan and the lifted cards as they were when Finish was pressed: Cancel
        #: puts them back.
        self.before: tuple[list[tuple[int, ...]], set[int]] | None = None
        self.plan_button = button(_("Plan"), self.add_selection, theme)
        self.play_button = button(_("Play melds"), self.play, theme)
        self.finish_button = button(_("Finish"), self.finish, theme)
        self.go_button = button(_("Yes, go out"), self.carry_out, theme)
        self.cancel_button = button(_("Cancel"), self.cancel, theme)
        self.panel = pygame.Rect(0, 0, 1, 1)

    @property
    def modal(self) -> bool:
        """While the finish panel shows."""
        return self.confirm is not None

    def all_buttons(self) -> list[Button]:
        """Every button of the planner."""
        return [self.plan_button, self.play_button, self.finish_button, self.go_button,
                self.cancel_button]  # fmt: skip

    # Layout and state -----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Take the buttons' places along the message strip and the panel's over your
        melds (:mod:`canasta.scenes.table.buttons`)."""
        for key, shown in (("finish", self.finish_button), ("play", self.play_button),
                           ("plan", self.plan_button), ("go", self.go_button),
                           ("cancel", self.cancel_button)):  # fmt: skip
            shown.rect = self.ctx.place(key)
        assert self.ctx.places is not None
        self.panel = pygame.Rect(self.ctx.places.panel)

    def planned_cards(self) -> set[int]:
        """Every card in a planned group."""
        return {card for group in self.groups for card in group}

    def update(self, dt: float) -> None:
        """Drop groups that no longer fit the hand; after the partner's answer, show the
        waiting finish or say no."""
        view = self.ctx.view()
        if not view.person_to_move or view.phase != "play":
            self.groups = []
            self.confirm = None
            if view.phase != "answer":
                self.pending = None
        else:
            held = set(view.hand)
            self.groups = [g for g in self.groups if set(g) <= held]
        if self.pending is None or view.phase == "answer":
            return
        pending, self.pending = self.pending, None
        if view.seen.permission:
            self.show(pending)
        elif view.seen.permission is False:
            self.ctx.toast.show(_("Your partner said no: not this turn."), 3.0)

    def buttons(self) -> list[Button]:
        """The buttons to show now."""
        if self.confirm is not None:
            return [self.go_button, self.cancel_button]
        view = self.ctx.view()
        if not view.person_to_move or view.phase != "play":
            return []
        shown = []
        if self.ctx.selection.cards:
            shown.append(self.plan_button)
        if self.groups:
            shown.append(self.play_button)
        if view.canastas(view.seen.side) + self.planned_canastas() >= 1:
            shown.append(self.finish_button)
        return shown

    def planned_canastas(self) -> int:
        """Canastas the plan would complete on the person's side (a group of a rank, with
        that rank's meld already down, reaching seven cards): Finish shows once the side
        has a canasta or the plan makes one, as no side goes out without one (F still says
        why at any time). A group of wild cards only counts for no rank."""
        view = self.ctx.view()
        side = view.seen.side
        sizes: dict[int, int] = {}
        for group in self.groups:
            kind = next((CARD_KIND[c] for c in group if not is_wild_kind(CARD_KIND[c])), None)
            if kind is not None:
                sizes[kind] = sizes.get(kind, len(view.meld(side, kind))) + len(group)
        return sum(1 for kind, n in sizes.items()
                   if n >= CANASTA and len(view.meld(side, kind)) < CANASTA)  # fmt: skip

    # Actions --------------------------------------------------------------------------------

    def actions(self) -> dict[str, Callable[[], object]]:
        """P adds to the plan, G plays it, F finishes the hand (goes out)."""
        return {"plan": self.add_selection, "play_plan": self.play, "finish": self.finish}

    def add_selection(self) -> None:
        """Add the lifted cards to the plan as one group."""
        ctx = self.ctx
        planned = self.planned_cards()
        cards = tuple(c for c in ctx.lifted() if c not in planned)
        if not cards:
            ctx.toast.show(_("Lift the cards of a meld first, then add them to the plan."), 2.5)
            return
        self.groups.append(cards)
        ctx.selection.clear()

    def undo(self, index: int) -> None:
        """Take planned group ``index`` back into the hand."""
        del self.groups[index]

    def moves(self) -> list[Move]:
        """The plan as moves (see :meth:`TableControl.plan_moves`)."""
        return self.ctx.controller.plan_moves(self.groups)

    def play(self) -> None:
        """Play melds: submit the whole plan, or show why it is refused."""
        if not self.groups:
            self.ctx.toast.show(_("Plan some melds first (lift cards, then Plan)."), 2.5)
            return
        if self.ctx.controller.submit_plan(self.moves()) is None:
            self.groups = []

    def finish(self) -> None:
        """Finish the hand: the plan (and a lifted card as the discard) or a searched one."""
        ctx = self.ctx
        self.before = (list(self.groups), set(ctx.selection.cards))
        if self.groups:
            moves = self.moves()
            lifted = ctx.lifted()
            if len(lifted) == 1:
                moves.append(Move(MoveType.DISCARD, lifted))
            found = ctx.controller.find_finish(moves)
        else:
            found = ctx.controller.find_finish()
        if isinstance(found, Refusal):
            ctx.toast.show(found.message(), 3.5)
            return
        if ctx.view().can_ask:
            self.pending = found
            ctx.controller.intent_ask()
            return
        self.show(found)

    def show(self, moves: list[Move]) -> None:
        """Show a finish plan for confirmation (its cards join the plan on the table)."""
        self.confirm = moves
        self.groups = [m.cards for m in moves if m.type is not MoveType.DISCARD]
        selection = self.ctx.selection
        selection.clear()
        for move in moves:
            if move.type is MoveType.DISCARD:
                selection.toggle(move.cards[0])

    def carry_out(self) -> None:
        """Confirm the shown finish: play it as a whole."""
        moves, self.confirm = self.confirm, None
        if moves is not None and self.ctx.controller.submit_plan(moves) is None:
            self.groups = []

    def cancel(self) -> None:
        """Close the finish panel and put the hand back as it was when Finish was pressed:
        the plan made by hand (none when the game searched a way out) and the cards lifted
        then; Finish then works as before."""
        self.confirm = None
        if self.before is not None:
            groups, lifted = self.before
            held = set(self.ctx.view().hand)
            self.groups = [g for g in groups if set(g) <= held]
            self.ctx.selection.clear()
            self.ctx.selection.cards.update(lifted & held)
            self.before = None

    def handle(self, intent: Intent) -> bool:
        """While the panel shows (modal): Go out / Cancel, Enter / Escape, all else is
        swallowed. Otherwise a click on a planned group takes it back, and the buttons."""
        if self.confirm is not None:
            if isinstance(intent, Click):
                self.ctx.press([self.go_button, self.cancel_button], intent.pos)
            elif isinstance(intent, Key):
                action = action_for(intent)
                if action == "enter":
                    self.carry_out()
                elif action == "clear":
                    self.cancel()
            return True
        if not isinstance(intent, Click):
            return False
        for index, rect in enumerate(self.group_rects):
            if rect.collidepoint(intent.pos) and index < len(self.groups):
                self.undo(index)
                return True
        return self.ctx.press(self.buttons(), intent.pos)

    # Drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Planned groups on your side (small cards, right to left), planned cards dimmed
        in the hand, the buttons, and the finish panel."""
        board = self.ctx.board
        layout, small, full = board.layout, board.small, board.full
        self.group_rects = []
        if layout is None or small is None or full is None:
            return
        area = layout.melds[0]
        cw, ch = small.size
        step = max(8, cw // 3)
        x = area.right - 8
        for group in self.groups:
            width = cw + step * (len(group) - 1)
            rect = pygame.Rect(x - width, area.bottom - ch - 8, width, ch)
            draw_panel(surface, rect.inflate(10, 10), (255, 255, 255, 60), 8)
            for i, card in enumerate(group):
                surface.blit(small.image(card), (rect.x + i * step, rect.y))
            self.group_rects.append(rect)
            x = rect.x - 14
        self._dim_planned(surface)
        if self.confirm is not None:
            self._draw_panel(surface)
        else:
            for shown in self.buttons():
                shown.draw(surface)

    def _dim_planned(self, surface: pygame.Surface) -> None:
        """Darken each planned hand card where it shows: the hand cards drawn after it
        that lie over it keep their colours, or their corners would look planned too."""
        board = self.ctx.board
        planned = self.planned_cards()
        hand = [c for c in board.plan.my_hand if c in board.sprites] if board.plan else []
        for i, card in enumerate(hand):
            if card not in planned:
                continue
            rect = board.card_rect(card)
            dim = pygame.Surface(rect.size, pygame.SRCALPHA)
            dim.fill((0, 0, 0, 120))
            for above in hand[i + 1 :]:
                cover = rect.clip(board.card_rect(above))
                if cover.width and cover.height:
                    dim.fill((0, 0, 0, 0), cover.move(-rect.x, -rect.y))
            surface.blit(dim, rect)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        assert self.confirm is not None
        theme = self.ctx.theme
        box = self.panel
        draw_panel(surface, box, (8, 20, 12, 235), 14)
        lines = [_("Go out like this?"), *plan_text(self.confirm)]
        room = self.go_button.rect.top - box.y - 20  # the lines stay above the buttons
        tallest = max(MIN_TEXT_PX, min(30, round(room / (1.4 * len(lines)))))
        size = fit_text_size(max(lines, key=len), box.width - 40, tallest)
        line = round(size * 1.4)
        for i, text in enumerate(lines):
            color = theme.accent if i == 0 else theme.text
            blit_text(surface, text, size, color, topleft=(box.x + 20, box.y + 14 + i * line))
        for shown in (self.go_button, self.cancel_button):
            shown.draw(surface)
