"""The table's helpers: the hint (button and H key) and the partner's speech bubble.

* **Hint**: the hard level's move for the person, worked out off the window's thread
  (:meth:`TableController.request_hint`), shown as a glow on the cards and places the move
  uses, with one line saying why in the message strip.
* **Speech bubble**: when a computer partner asks "may I go out?", a bubble beside its
  hand shows the question and how many cards it holds, with Yes and No inside it; it
  waits with no timer and no default. When the person asks, the partner's answer shows in
  the same bubble for a few seconds.

Sizes are pixels, times seconds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from canasta.controller import Applied
from canasta.engine.moves import Move, MoveType
from canasta.engine.state import Phase
from canasta.ui.effects import draw_glow
from canasta.ui.text import blit_text, fit_text_size
from canasta.ui.widgets import Button

if TYPE_CHECKING:
    from canasta.scenes.table import TableScene

#: Seconds the partner's answer stays in its bubble.
ANSWER_SECONDS = 2.8
HINT_GLOW = (120, 220, 255)
BUBBLE_FILL = (252, 250, 240)
BUBBLE_TEXT = (30, 30, 34)


class TableAssist:
    """Hint and speech bubble for one :class:`TableScene` (see the module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        theme = scene.theme
        self.hint_button = Button((0, 0, 1, 1), "Hint", self.show_hint, theme=theme)
        self.hint_wanted = False
        self.answer_text = ""
        self.answer_until = 0.0
        self.bubble = pygame.Rect(0, 0, 0, 0)

    # Layout -----------------------------------------------------------------------------------

    def resize(self) -> None:
        """Take the hint button's place and the bubble's (:mod:`table_buttons`)."""
        places = self.scene.places
        assert places is not None
        self.hint_button.rect = pygame.Rect(places.rects["hint"])
        self.bubble = pygame.Rect(places.bubble)

    # Hint -------------------------------------------------------------------------------------

    def show_hint(self) -> None:
        """The Hint button or the H key: ask for the hard level's move."""
        self.hint_wanted = self.scene.controller.request_hint()

    def buttons(self) -> list[Button]:
        """The helper's buttons to show now."""
        controller = self.scene.controller
        if controller.person_to_move() and not controller.asking_person():
            return [self.hint_button]
        return []

    def key(self, key: int) -> bool:
        """Handle the H key; True when used."""
        if key == pygame.K_h and self.scene.controller.person_to_move():
            self.show_hint()
            return True
        return False

    def hint_line(self) -> str | None:
        """The hint's one line while one is showing, "Thinking..." while it is coming."""
        if not self.hint_wanted:
            return None
        advice = self.scene.controller.poll_hint()
        if advice is None:
            if self.scene.controller.person_to_move() and self.scene.controller.hint_pending:
                return "Thinking\u2026"
            self.hint_wanted = False
            return None
        return f"Hint: {advice.reason}"

    def hint_rects(self, move: Move) -> list[pygame.Rect]:
        """Where the hinted move glows: its hand cards, the stock, the pile or a meld."""
        scene = self.scene
        layout, full = scene.layout, scene.full
        assert layout is not None and full is not None
        rects = [scene.sprites[c].rect(full.size) for c in move.cards if c in scene.sprites]
        if move.type is MoveType.DRAW:
            rects.append(pygame.Rect(layout.stock))
        elif move.type in (MoveType.TAKE, MoveType.DISCARD):
            rects.append(scene._pile_rect())
        elif move.type is MoveType.LAYOFF and scene.plan is not None:
            meld = scene.plan.meld_rects[0].get(move.target)
            if meld is not None:
                rects.append(pygame.Rect(meld))
        elif move.type is MoveType.MELD:
            rects.append(pygame.Rect(layout.melds[0]))
        return rects

    # Partner's answer ---------------------------------------------------------------------------

    def on_applied(self, event: Applied) -> None:
        """Note a computer partner's answer to the person's question, for its bubble."""
        controller = self.scene.controller
        person = controller.person
        if person is None or event.seat == person or event.seat % 2 != person % 2:
            return
        if event.move.type is MoveType.YES:
            self.answer_text = "Yes \u2014 go out!"
        elif event.move.type is MoveType.NO:
            self.answer_text = "No \u2014 give me one turn."
        else:
            return
        self.answer_until = self.scene.clock + ANSWER_SECONDS

    # Drawing ----------------------------------------------------------------------------------

    def draw_under_buttons(self, surface: pygame.Surface) -> None:
        """Draw the hint glow and the bubble (buttons are drawn after, on top)."""
        scene = self.scene
        controller = scene.controller
        hint = controller.poll_hint() if self.hint_wanted else None
        if hint is not None and controller.person_to_move():
            radius = scene.full.radius if scene.full is not None else 8
            for rect in self.hint_rects(hint.move):
                draw_glow(surface, rect, HINT_GLOW, spread=12, radius=radius)
        hand = controller.hand
        if controller.asking_person():
            cards = len(hand.hands[hand.turn])
            self._bubble(surface, ["May I go out?", f"I hold {cards} card{'s' * (cards != 1)}."])
        elif self.answer_text and scene.clock < self.answer_until and hand.phase is not Phase.ENDED:
            self._bubble(surface, [self.answer_text], buttons=False)

    def _bubble(self, surface: pygame.Surface, lines: list[str], buttons: bool = True) -> None:
        rect = pygame.Rect(self.bubble)
        if not buttons:
            rect.height = max(48, rect.height // 2)
        layout = self.scene.layout
        assert layout is not None
        if layout.players == 4 and rect.top > layout.hands[2].bottom:
            top = layout.hands[2]
            tail = [
                (rect.centerx - 14, rect.top + 2),
                (rect.centerx + 14, rect.top + 2),
                (rect.centerx, top.bottom - 4),
            ]
            pygame.draw.polygon(surface, BUBBLE_FILL, tail)
        pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=16)
        pygame.draw.rect(surface, BUBBLE_FILL, rect, border_radius=16)
        area = rect.height - (self.scene.yes_button.rect.height + 16 if buttons else 0)
        size = min(26, max(14, area // (len(lines) + 1)))
        y = rect.y + 8
        for i, line in enumerate(lines):
            fitted = fit_text_size(line, rect.width - 24, size)
            blit_text(
                surface, line, fitted, BUBBLE_TEXT, bold=i == 0,
                center=(rect.centerx, y + fitted * 0.65),
            )  # fmt: skip
            y += round(fitted * 1.25)
