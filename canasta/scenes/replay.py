"""The replay scene: a finished hand again, move by move, on the table's own sprites.

:class:`ReplayScene` is a :class:`~canasta.scenes.table.TableScene` whose controller
plays nobody: each step puts the next (or previous) recorded hand state in place and the
table re-targets its card sprites, so every move animates as it did in play, with the
table's drawing, layout and pacing.

Controls: play/pause, step back and forward one move, the start and end of the hand, a
timeline with the start of every turn (click one to jump there), speed (half, normal,
double, fast) and the view: from your seat (what you saw) or all hands face up.
Keyboard: Space play/pause, Left/Right step, Up/Down the previous/next turn, Home/End,
V the view, S (or +/-) the speed, PageUp/PageDown the previous/next hand, Escape back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from canasta.controller import Applied, ReplayController
from canasta.engine.card_words import move_words
from canasta.engine.rules import RuleSet
from canasta.i18n import _, ngettext, number, pgettext
from canasta.persistence.records import ReplayedHand
from canasta.scenes.replay_controls import (
    ControlsLayout,
    IconButton,
    controls_layout,
    draw_timeline,
    timeline_index,
)
from canasta.scenes.table import PACE, TableScene
from canasta.scenes.table.context import TableContext, TablePart
from canasta.scenes.table.furniture import seat_name
from canasta.scenes.table.melds import MeldsSection
from canasta.scenes.table.piles import PilesSection
from canasta.scenes.table.seats import SeatsSection
from canasta.scenes.table.strip import StripSection
from canasta.ui.audio import Sound
from canasta.ui.decks import CardOptions
from canasta.ui.input import Click, Intent, Key
from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size, get_font
from canasta.ui.theme import Theme
from canasta.ui.widgets import Button

#: Replay speeds: factors on the table's pace and animations, in the order S steps them.
SPEEDS = (0.5, 1.0, 2.0, 5.0)


def speed_label(index: int) -> str:
    """The speed button's words: the speed of :data:`SPEEDS` now, in words ("Speed:
    half", "Speed: normal", "Speed: double", "Speed: five times"); a press (or S) steps to
    the next."""
    words = (
        pgettext("replay speed", "half"),
        pgettext("replay speed", "normal"),
        pgettext("replay speed", "double"),
        pgettext("replay speed", "five times"),
    )
    # TRANSLATORS: the replay's speed now, e.g. "Speed: half" (of the game's own pace).
    return _("Speed: {speed}").format(speed=words[index])


VIEWS = ("seat", "all")
#: Seconds the last state of a hand stays before playing on into the next hand.
HAND_PAUSE = 2.0


class ReplayScene(TableScene):
    """Shows recorded hands move by move.

    Args:
        rules: the game's rules.
        hands: the hands to show (each with every state: ``keep_states=True``).
        on_back: leave the replay (Escape or Back).
        me: the seat shown at the bottom (the person's).
        first: the index in ``hands`` to start with.
        view: "seat" (what ``me`` saw) or "all" (every hand face up).
        speed_index: index in :data:`SPEEDS`.

    Attributes:
        index: the state shown (0: the deal, ``len(moves)``: the end of the hand).
        playing: whether moves follow one another by themselves.
    """

    def __init__(
        self,
        rules: RuleSet,
        hands: list[ReplayedHand],
        on_back: Callable[[], None],
        *,
        me: int = 0,
        first: int = 0,
        view: str = "seat",
        speed_index: int = 1,
        sound: Sound | None = None,
        theme: Theme | None = None,
        cards: CardOptions | None = None,
        descending: bool = False,
    ) -> None:
        if not hands or any(len(h.states) != len(h.moves) + 1 for h in hands):
            raise ValueError("a replay needs hands with every state kept")
        self.hands = hands
        self.hand_index = min(max(0, first), len(hands) - 1)
        controller = ReplayController(rules, hands[self.hand_index].states[0], me)
        super().__init__(controller, lambda c: None, on_back, sound=sound, theme=theme,
                         speed=SPEEDS[speed_index], descending=descending,
                         cards=cards)  # fmt: skip
        self.replay_controller = controller
        self.on_back = on_back
        self.index = 0
        self.playing = False
        self.view = view
        self.speed_index = speed_index
        self.controls: ControlsLayout | None = None
        icons = (("start", _("Start"), self.to_start),
                 ("back", _("Back one move"), self.step_back),
                 ("play", _("Play"), self.toggle_play),
                 ("forward", _("Forward one move"), self.step_forward),
                 ("end", _("End"), self.to_end))  # fmt: skip
        self.transport = [IconButton(i, n, f, theme=self.theme) for i, n, f in icons]
        self.speed_button = Button((0, 0, 1, 1), "", self.next_speed, theme=self.theme)
        self.view_button = Button((0, 0, 1, 1), "", self.toggle_view, theme=self.theme)
        self.back_button = self.strip.menu_button
        self.back_button.label = _("Back")
        self._label_buttons()

    # What is shown --------------------------------------------------------------------------

    @property
    def hand(self) -> ReplayedHand:
        """The hand being replayed."""
        return self.hands[self.hand_index]

    def make_sections(self, ctx: TableContext) -> list[TablePart]:
        """The table's drawing (felt, seats, melds, piles) and the Back button."""
        self.strip = StripSection(ctx, lambda: "", self.on_menu)
        return [SeatsSection(ctx), MeldsSection(ctx), PilesSection(ctx), self.strip]

    @property
    def reveal(self) -> bool:
        """True while every hand shows face up."""
        return self.replay_controller.view().revealed is not None

    @property
    def state(self) -> Any:
        """The recorded hand state on the table (a record's state: the replay may show it all)."""
        return self.hand.states[self.index]

    @property
    def turn_starts(self) -> list[int]:
        """The index of the state at the start of every turn (0 first)."""
        states = self.hand.states
        return [0] + [i for i in range(1, len(states) - 1)
                      if states[i].turn != states[i - 1].turn]  # fmt: skip

    def show(self, index: int, animate: bool = True) -> None:
        """Put state ``index`` of the hand on the table; cards tween there."""
        index = max(0, min(index, len(self.hand.moves)))
        forward = index == self.index + 1
        self.index = index
        self.replay_controller.show(self.state, self.view == "all")
        if forward:
            move, seat = self.hand.moves[index - 1], self.hand.movers[index - 1]
            self._sound_for(Applied(seat, move, move.text()))
        if self.layout is not None and self.sprites:
            self.board.place(self.replay_controller.view(), animate=animate)
        self._label_buttons()

    # Actions --------------------------------------------------------------------------------

    def step_forward(self) -> None:
        """One move on (pauses play)."""
        self.playing = False
        self.show(self.index + 1)

    def step_back(self) -> None:
        """One move back (pauses play)."""
        self.playing = False
        self.show(self.index - 1)

    def to_start(self) -> None:
        """The deal of the hand."""
        self.playing = False
        self.show(0)

    def to_end(self) -> None:
        """The end of the hand, every hand face up (as on the scoreboard)."""
        self.playing = False
        self.show(len(self.hand.moves))

    def jump_turn(self, delta: int) -> None:
        """To the start of the previous (-1) or next (+1) turn."""
        starts = self.turn_starts
        if delta > 0:
            later = [s for s in starts if s > self.index]
            self.show(later[0] if later else len(self.hand.moves))
        else:
            earlier = [s for s in starts if s < self.index]
            self.show(earlier[-1] if earlier else 0)

    def toggle_play(self) -> None:
        """Play or pause; playing at the end of a hand starts it again."""
        if not self.playing and self.index >= len(self.hand.moves):
            self.show(0)
        self.playing = not self.playing
        self.wait = 0.0
        self._label_buttons()

    def next_speed(self, delta: int = 1) -> None:
        """The next speed (half, normal, double, fast, round again)."""
        self.speed_index = (self.speed_index + delta) % len(SPEEDS)
        self.speed = SPEEDS[self.speed_index]
        self._label_buttons()

    def toggle_view(self) -> None:
        """From your seat, or all hands face up."""
        self.view = VIEWS[1 - VIEWS.index(self.view)]
        self.show(self.index)

    def change_hand(self, delta: int) -> None:
        """The previous or next hand of the game, dealt again."""
        index = self.hand_index + delta
        if 0 <= index < len(self.hands):
            self.hand_index, self.index = index, 0
            self.replay_controller.show(self.state, self.view == "all")
            self.start_hand()
            self._label_buttons()

    # Scene hooks -----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """The table's layout, then the controls in the message strip."""
        super().resize(size)
        assert self.layout is not None
        buttons = [*self.transport, self.speed_button]
        # The speed's words at 12 px in the button's label box, whatever the speed.
        words = max(get_font(MIN_TEXT_PX).size(speed_label(i))[0] for i in range(len(SPEEDS)))
        self.controls = controls_layout(self.layout, len(buttons), words + 24)
        for button, rect in zip(buttons, self.controls.buttons, strict=True):
            button.rect = rect
        self.view_button.rect = pygame.Rect(self.controls.view)
        self.back_button.rect = pygame.Rect(self.controls.back)

    def start_hand(self) -> None:
        """Deal the shown state's cards from the stock (as the hand began)."""
        self.replay_controller.show(self.state, self.view == "all")
        super().start_hand()

    def update(self, dt: float) -> None:
        """Tweens, then the next move when playing and the cards have landed."""
        super().update(dt)
        if not self.playing or self.animator.busy:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        if self.index < len(self.hand.moves):
            move = self.hand.moves[self.index]
            self.show(self.index + 1)
            self.wait = PACE[move.type] / self.speed
            if self.index == len(self.hand.moves):
                self.wait = HAND_PAUSE / self.speed
        elif self.hand_index + 1 < len(self.hands):
            self.change_hand(1)
            self.wait = 1.0 / self.speed
        else:
            self.playing = False
            self._label_buttons()

    def handle(self, intent: Intent) -> bool:
        """Keys (see the module doc), clicks on the timeline, then the buttons."""
        if isinstance(intent, Key):
            return self._replay_key(intent.key)
        if isinstance(intent, Click) and self.controls is not None:
            index = timeline_index(self.controls.timeline, self.turn_starts, intent.pos)
            if index is not None:
                self.playing = False
                self.show(index)
                return True
            if self.ctx.press(self.buttons(), intent.pos):
                return True
        if hasattr(intent, "pos"):
            for shown in self.buttons():
                shown.update_hover(intent.pos)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The table as it stood, then the caption and the timeline."""
        super().draw(surface)
        for shown in self.buttons():
            if shown is not self.back_button:
                shown.draw(surface)
        controls = self.controls
        if controls is None:
            return
        text, rect = self.caption(), controls.text
        size = fit_text_size(text, rect.width - 16, max(14, min(26, rect.height * 2 // 3)))
        blit_text(surface, text, size, self.theme.text, center=rect.center)
        draw_timeline(surface, controls.timeline, self.turn_starts, self.index,
                      len(self.hand.moves), self.theme)  # fmt: skip

    # Table hooks ---------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        """The replay's buttons (the caption is drawn over the controls, no prompt)."""
        return [*self.transport, self.speed_button, self.view_button, self.back_button]

    def caption(self) -> str:
        """The line over the controls: which move of which hand, who made it, and how."""
        hand, n = self.hand, len(self.hand.moves)
        several = len(self.hands) > 1
        game = (
            _("Hand {n}/{hands} \u00b7 ").format(n=self.hand_index + 1, hands=len(self.hands))
            if several
            else ""
        )
        if self.index == 0:
            return game + ngettext("Deal {deal}: {n} move", "Deal {deal}: {n} moves", n).format(
                deal=hand.record.deal_number, n=n
            )
        if self.index == n and hand.score is not None:
            mine = self.replay_controller.me % 2
            us, them = hand.score.totals[mine], hand.score.totals[1 - mine]
            return game + _("Hand over: us {us}, them {them}").format(
                us=number(us), them=number(them)
            )
        seat = hand.movers[self.index - 1]
        who = seat_name(seat, self.replay_controller.me, self.state.players)
        return f"{game}{self.index}/{n} \u00b7 {who}: {move_words(hand.moves[self.index - 1])}"

    def _replay_key(self, key: int) -> bool:
        actions: dict[int, Callable[[], None]] = {
            pygame.K_SPACE: self.toggle_play, pygame.K_RIGHT: self.step_forward,
            pygame.K_LEFT: self.step_back, pygame.K_HOME: self.to_start,
            pygame.K_END: self.to_end, pygame.K_UP: lambda: self.jump_turn(-1),
            pygame.K_DOWN: lambda: self.jump_turn(1), pygame.K_v: self.toggle_view,
            pygame.K_s: self.next_speed, pygame.K_PLUS: self.next_speed,
            pygame.K_EQUALS: self.next_speed, pygame.K_KP_PLUS: self.next_speed,
            pygame.K_MINUS: lambda: self.next_speed(-1),
            pygame.K_KP_MINUS: lambda: self.next_speed(-1),
            pygame.K_PAGEUP: lambda: self.change_hand(-1),
            pygame.K_PAGEDOWN: lambda: self.change_hand(1),
            pygame.K_ESCAPE: self.on_back, pygame.K_BACKSPACE: self.on_back,
        }  # fmt: skip
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    def _label_buttons(self) -> None:
        play = self.transport[2]
        play.icon, play.name = ("pause", _("Pause")) if self.playing else ("play", _("Play"))
        self.speed_button.label = speed_label(self.speed_index)
        self.view_button.label = _("My seat") if self.view == "all" else _("Show all")
