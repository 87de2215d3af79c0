"""Planned melds and the finish button at the table (reference table 001).

Select cards and press Plan (key P): the group joins your plan and shows on your side of
the table; click a group to take it back. Play melds (key G) submits every group at once,
and the engine checks the plan as a whole (:meth:`HandState.check_all`): it is refused as
a whole, with the reason, when it breaks a rule, so an opening can be made from two groups
that reach the minimum only together. Planned cards stay in your hand until then.

Finish (key F) carries out your plan as a going out (with one lifted card as the last
discard), or with no plan searches your hand for a complete legal way to go out
(:func:`canasta.engine.finish.find_finish`) and shows it for confirmation; when none
exists it says why. With "ask permission" on and the question still open this turn, your
partner is asked first and the plan waits for the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from canasta.engine.finish import check_finish, find_finish, plan_text
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import Refusal
from canasta.engine.state import Phase, meld_kind
from canasta.ui.effects import draw_panel
from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size
from canasta.ui.widgets import Button

if TYPE_CHECKING:
    from canasta.scenes.table import TableScene


class TablePlanner:
    """The person's planned melds, the Plan / Play melds / Finish buttons, and the finish
    confirmation panel.

    Attributes:
        groups: the planned groups of card identities, in the order made.
        confirm: the finish plan shown for confirmation (moves), or None.
        pending: a finish plan waiting for the partner's answer, or None.
    """

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        theme = scene.theme
        self.groups: list[tuple[int, ...]] = []
        self.group_rects: list[pygame.Rect] = []
        self.confirm: list[Move] | None = None
        self.pending: list[Move] | None = None
        self.plan_button = Button((0, 0, 1, 1), "Plan", self.add_selection, theme=theme)
        self.play_button = Button((0, 0, 1, 1), "Play melds", self.play, theme=theme)
        self.finish_button = Button((0, 0, 1, 1), "Finish", self.finish, theme=theme)
        self.go_button = Button((0, 0, 1, 1), "Go out", self.carry_out, theme=theme)
        self.cancel_button = Button((0, 0, 1, 1), "Cancel", self.cancel, theme=theme)
        self.panel = pygame.Rect(0, 0, 1, 1)

    # Layout and state -----------------------------------------------------------------------

    def resize(self) -> None:
        """Take the buttons' places along the message strip and the panel's over your
        melds (:mod:`canasta.scenes.table_buttons`)."""
        places = self.scene.places
        assert places is not None
        for key, button in (("finish", self.finish_button), ("play", self.play_button),
                            ("plan", self.plan_button), ("go", self.go_button),
                            ("cancel", self.cancel_button)):  # fmt: skip
            button.rect = pygame.Rect(places.rects[key])
        self.panel = pygame.Rect(places.panel)

    def planned_cards(self) -> set[int]:
        """Every card in a planned group."""
        return {card for group in self.groups for card in group}

    def prune(self) -> None:
        """Drop groups that no longer fit the hand (turn over, reset, cards gone)."""
        controller = self.scene.controller
        hand = controller.hand
        if not controller.person_to_move() or hand.phase is not Phase.PLAY:
            self.groups = []
            self.confirm = None
            if hand.phase is not Phase.ANSWER:
                self.pending = None
            return
        held = set(hand.hands[self.scene.me])
        self.groups = [g for g in self.groups if set(g) <= held]

    def buttons(self) -> list[Button]:
        """The buttons to show now."""
        if self.confirm is not None:
            return [self.go_button, self.cancel_button]
        controller = self.scene.controller
        hand = controller.hand
        if not controller.person_to_move() or hand.phase is not Phase.PLAY:
            return []
        shown = []
        if self.scene.selected:
            shown.append(self.plan_button)
        if self.groups:
            shown.append(self.play_button)
        if hand.canastas(hand.side) or self.groups:
            shown.append(self.finish_button)
        return shown

    # Actions --------------------------------------------------------------------------------

    def add_selection(self) -> None:
        """Add the lifted cards to the plan as one group."""
        scene = self.scene
        planned = self.planned_cards()
        cards = tuple(c for c in scene.selection() if c not in planned)
        if not cards:
            scene.toast.show("Lift the cards of a meld first, then add them to the plan.", 2.5)
            return
        self.groups.append(cards)
        scene.clear_selection()

    def undo(self, index: int) -> None:
        """Take planned group ``index`` back into the hand."""
        del self.groups[index]

    def moves(self) -> list[Move]:
        """The plan as moves: each group melds, or joins the side's meld of its rank (or,
        all wild cards, the meld made by an earlier group)."""
        hand = self.scene.controller.hand
        made = set(hand.melds[hand.side])
        moves: list[Move] = []
        for group in self.groups:
            kind = meld_kind(group)
            if kind < 0:  # wild cards only: onto the last natural group's meld
                kind = next((meld_kind(g) for g in reversed(self.groups) if meld_kind(g) >= 0), -1)
            if kind in made:
                moves.append(Move(MoveType.LAYOFF, group, kind))
            else:
                moves.append(Move(MoveType.MELD, group))
                made.add(kind)
        return moves

    def play(self) -> None:
        """Play melds: submit the whole plan, or show why it is refused."""
        if not self.groups:
            self.scene.toast.show("Plan some melds first (lift cards, then Plan).", 2.5)
            return
        if self.scene.controller.submit_plan(self.moves()) is None:
            self.groups = []
        self.scene.sync()

    def finish(self) -> None:
        """Finish the round: the plan (and a lifted card as the discard) or a searched one."""
        scene = self.scene
        hand = scene.controller.hand
        if self.groups:
            moves = self.moves()
            lifted = scene.selection()
            if len(lifted) == 1:
                moves.append(Move(MoveType.DISCARD, lifted))
            refusal = check_finish(hand, moves)
            found: list[Move] | Refusal = moves if refusal is None else refusal
        else:
            found = find_finish(hand)
        if isinstance(found, Refusal):
            scene.toast.show(found.message(), 3.5)
            return
        if hand.check(Move(MoveType.ASK)) is None:
            self.pending = found
            scene.ask()
            return
        self.show(found)

    def show(self, moves: list[Move]) -> None:
        """Show a finish plan for confirmation (its cards join the plan on the table)."""
        self.confirm = moves
        self.groups = [m.cards for m in moves if m.type is not MoveType.DISCARD]
        discard = [m.cards[0] for m in moves if m.type is MoveType.DISCARD]
        self.scene.clear_selection()
        for card in discard:
            self.scene.toggle(card)

    def carry_out(self) -> None:
        """Confirm the shown finish: play it as a whole."""
        moves, self.confirm = self.confirm, None
        if moves is not None and self.scene.controller.submit_plan(moves) is None:
            self.groups = []
        self.scene.sync()

    def cancel(self) -> None:
        """Close the finish panel; the plan stays for editing."""
        self.confirm = None

    def update(self) -> None:
        """After the partner's answer: show the waiting finish, or say no."""
        if self.pending is None:
            return
        hand = self.scene.controller.hand
        if hand.phase is Phase.ANSWER:
            return
        pending, self.pending = self.pending, None
        if hand.permission:
            self.show(pending)
        elif hand.permission is False:
            self.scene.toast.show("Your partner said no: not this turn.", 3.0)

    def key(self, key: int) -> bool:
        """Enter confirms and Escape cancels while the finish panel shows (modal)."""
        if self.confirm is None:
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.carry_out()
        elif key == pygame.K_ESCAPE:
            self.cancel()
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a planned group takes it back; the panel swallows other clicks."""
        if self.confirm is not None:
            for button in (self.go_button, self.cancel_button):
                if button.hit(pos):
                    button.click()
            return True
        for index, rect in enumerate(self.group_rects):
            if rect.collidepoint(pos) and index < len(self.groups):
                self.undo(index)
                return True
        return False

    # Drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Planned groups on your side (small cards, right to left), planned cards dimmed
        in the hand, and the finish panel."""
        scene = self.scene
        layout, small, full = scene.layout, scene.small, scene.full
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
        dim = pygame.Surface(full.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 120))
        for card in self.planned_cards():
            surface.blit(dim, scene.sprites[card].rect(full.size))
        if self.confirm is not None:
            self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        assert self.confirm is not None
        theme = self.scene.theme
        box = self.panel
        draw_panel(surface, box, (8, 20, 12, 235), 14)
        lines = ["Finish the round like this?", *plan_text(self.confirm)]
        room = self.go_button.rect.top - box.y - 20  # the lines stay above the buttons
        tallest = max(MIN_TEXT_PX, min(30, round(room / (1.4 * len(lines)))))
        size = fit_text_size(max(lines, key=len), box.width - 40, tallest)
        line = round(size * 1.4)
        for i, text in enumerate(lines):
            color = theme.accent if i == 0 else theme.text
            blit_text(surface, text, size, color, topleft=(box.x + 20, box.y + 14 + i * line))
        for button in (self.go_button, self.cancel_button):
            button.draw(surface)
