"""Full keyboard play at the table: a focus ring through the hand, keys for every action,
and a help overlay listing them (reference table 004, "Keyboard").

Left / Right move the focus ring through your hand; Enter lifts or lowers the focused
card, or discards it when it is the one lifted card and a discard is due; S draws, D takes
the pile, M melds the lifted cards (Tab first picks one of your melds to add them to),
P adds them to a planned meld, G plays the planned melds, F finishes the round, A asks
your partner, Y / N answer, H shows a hint, U or Backspace resets the turn, Escape clears
the selection or closes a panel, F1 or ? shows the keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from canasta.engine.moves import Move, MoveType
from canasta.engine.state import Phase
from canasta.ui.effects import draw_panel
from canasta.ui.input import Key
from canasta.ui.text import blit_text

if TYPE_CHECKING:
    from canasta.scenes.table import TableScene

#: The keys of the table, as listed in the help overlay and in how to play.
KEY_HELP: tuple[tuple[str, str], ...] = (
    ("Left / Right", "move the focus ring through your hand"),
    ("Enter or Space", "lift or lower the card; Enter on the one lifted card discards it"),
    ("S", "draw from the stock"),
    ("D", "take the discard pile (with the lifted cards)"),
    ("M", "meld the lifted cards (Tab: choose a meld to add them to)"),
    ("P / G", "add the lifted cards to your plan / play the planned melds"),
    ("F", "finish the round: your plan, or a search for a way out"),
    ("A, Y / N", "ask your partner; answer yes or no"),
    ("H", "show a hint"),
    ("U or Backspace", "reset the turn"),
    ("Escape", "clear the selection, close a panel"),
    ("F1 or ?", "show or hide these keys"),
)


class TableKeys:
    """The table's keyboard: focus ring, key actions and the help overlay.

    Args:
        scene: the table scene whose controller, selection and planner the keys drive.

    Attributes:
        focus: index of the focused card among the hand cards not in a plan.
        meld_focus: the kind of the side's meld chosen with Tab, or None.
        help_open: whether the help overlay shows.
    """

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.focus = 0
        self.meld_focus: int | None = None
        self.help_open = False

    # Queries --------------------------------------------------------------------------------

    def cards(self) -> list[int]:
        """The person's hand cards that can take the focus, in display order."""
        plan = self.scene.plan
        if plan is None:
            return []
        planned = self.scene.planner.planned_cards()
        return [c for c in plan.my_hand if c not in planned]

    def focused_card(self) -> int | None:
        """The card under the focus ring, or None with an empty hand."""
        cards = self.cards()
        if not cards:
            return None
        self.focus = max(0, min(self.focus, len(cards) - 1))
        return cards[self.focus]

    # Keys -----------------------------------------------------------------------------------

    def key(self, intent: Key) -> bool:
        """Handle one key press; True when the table used it."""
        scene, k = self.scene, intent.key
        help_key = k == pygame.K_F1 or intent.unicode == "?"
        if self.help_open:
            if help_key or k == pygame.K_ESCAPE:
                self.help_open = False
            return True  # the overlay is modal
        if scene.planner.key(k):
            return True
        if help_key:
            self.help_open = True
            return True
        if k == pygame.K_ESCAPE:
            self.meld_focus = None
            scene.clear_selection()
            return True
        controller = scene.controller
        if not controller.person_to_move():
            return False
        if controller.asking_person():
            if k in (pygame.K_y, pygame.K_n):
                scene.answer(k == pygame.K_y)
                return True
            return False
        action = self._actions().get(k)
        if action is None:
            return False
        action()
        return True

    def _actions(self) -> dict[int, Callable[[], None]]:
        scene = self.scene
        planner = scene.planner
        return {
            pygame.K_LEFT: lambda: self._move(-1),
            pygame.K_RIGHT: lambda: self._move(1),
            pygame.K_RETURN: self._enter,
            pygame.K_KP_ENTER: self._enter,
            pygame.K_SPACE: self._lift,
            pygame.K_TAB: self._next_meld,
            pygame.K_s: lambda: scene.after(scene.controller.intent_draw()),
            pygame.K_d: scene.take,
            pygame.K_m: self._meld,
            pygame.K_p: planner.add_selection,
            pygame.K_g: planner.play,
            pygame.K_f: planner.finish,
            pygame.K_a: self._ask,
            pygame.K_h: self._hint,
            pygame.K_u: scene.reset_turn,
            pygame.K_BACKSPACE: scene.reset_turn,
        }

    def _move(self, step: int) -> None:
        cards = self.cards()
        if cards:
            self.focus = (self.focus + step) % len(cards)

    def _lift(self) -> None:
        card = self.focused_card()
        if card is not None:
            self.scene.toggle(card)

    def _enter(self) -> None:
        scene = self.scene
        card = self.focused_card()
        if card is None:
            return
        due = scene.controller.hand.phase is Phase.PLAY
        if due and scene.selected == {card}:
            scene.after(scene.controller.intent_discard((card,)))
        else:
            scene.toggle(card)

    def _next_meld(self) -> None:
        plan = self.scene.plan
        kinds = list(plan.meld_order[0]) if plan is not None else []
        if not kinds:
            self.meld_focus = None
            return
        if self.meld_focus not in kinds:
            self.meld_focus = kinds[0]
            return
        index = kinds.index(self.meld_focus) + 1
        self.meld_focus = kinds[index] if index < len(kinds) else None

    def _meld(self) -> None:
        scene = self.scene
        cards = scene.selection()
        if scene.controller.hand.phase is Phase.DRAW:
            scene.take()
        elif self.meld_focus is not None:
            refusal = scene.controller.intent_layoff(self.meld_focus, cards)
            if refusal is None:
                self.meld_focus = None  # the ring goes back to the hand
            scene.after(refusal)
        else:
            scene.after(scene.controller.intent_meld(cards))

    def _ask(self) -> None:
        scene = self.scene
        if scene.controller.hand.check(Move(MoveType.ASK)) is None:
            scene.ask()
        else:
            scene.controller.submit(Move(MoveType.ASK))  # shows why not
            scene.sync()

    def _hint(self) -> None:
        """A hint from the table's assistant when it has one, else a short line."""
        scene = self.scene
        assist = getattr(scene, "assist", None)
        if assist is not None and assist.key(pygame.K_h):
            return
        scene.toast.show("No hint is available at this table.", 2.0)

    # Drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The focus ring on your turn, the chosen meld's ring, and the help overlay."""
        scene = self.scene
        theme = scene.theme
        if scene.controller.person_to_move() and scene.full is not None:
            card = self.focused_card()
            if card is not None:
                sprite = scene.sprites[card]
                ring = sprite.rect(scene.full.size).inflate(8, 8)
                pygame.draw.rect(surface, theme.accent, ring, width=3, border_radius=8)
            plan = scene.plan
            if self.meld_focus is not None and plan is not None:
                rect = plan.meld_rects[0].get(self.meld_focus)
                if rect is not None:
                    ring = rect.inflate(10, 10)
                    pygame.draw.rect(surface, theme.accent, ring, width=3, border_radius=10)
        if self.help_open:
            self._draw_help(surface)

    def _draw_help(self, surface: pygame.Surface) -> None:
        theme = self.scene.theme
        w, h = surface.get_size()
        size = max(14, min(22, h // 36))
        line = round(size * 1.45)
        box = pygame.Rect(0, 0, min(w - 40, size * 40), line * (len(KEY_HELP) + 3))
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, (8, 20, 12, 235), 14)
        blit_text(surface, "Keys", size + 4, theme.text, topleft=(box.x + 20, box.y + 12),
                  bold=True)  # fmt: skip
        y = box.y + 12 + line * 1.5
        for keys, what in KEY_HELP:
            blit_text(surface, keys, size, theme.accent, topleft=(box.x + 20, y), bold=True)
            blit_text(surface, what, size, theme.text, topleft=(box.x + 20 + size * 10, y))
            y += line
