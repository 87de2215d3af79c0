"""The table scene: the person's hand, the others' hands, melds, stock and pile.

Input (see the Classic reference, "Controls"): click a hand card to select it, press and
hold to select every card of its rank; click the stock to draw; click the pile's top card
to select it, then the meld area or a meld to take the pile with the selected cards (or
click the pile with a pair selected); select cards and click the meld area to meld or a
meld to lay off; select one card and click the pile to discard. Keys: S draws, Escape
clears the selection, U or Backspace resets the turn, H shows a hint.

The model changes at once through the :class:`TableController`; cards then tween from where
they are to where the new state puts them. Computer players think in the controller's
worker process while the window keeps drawing; their turns are paced by a timer. The hint
and the partner's speech bubble live in :mod:`canasta.scenes.table_assist`.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.controller import Applied, HandEnded, Refused, TableController, TurnReset
from canasta.engine.cards import CARD_KIND
from canasta.engine.moves import MoveType
from canasta.engine.state import Phase
from canasta.scenes.base import Scene
from canasta.scenes.table_assist import TableAssist
from canasta.scenes.table_buttons import TableButtons, place_table_buttons
from canasta.scenes.table_draw import TableDrawer
from canasta.scenes.table_keys import TableKeys
from canasta.scenes.table_plan import TablePlanner
from canasta.scenes.table_targets import Z_PILE, Z_RED, TablePlan, Target, plan_table
from canasta.ui.audio import Sound
from canasta.ui.cards import CardRenderer
from canasta.ui.decks import CardOptions
from canasta.ui.input import Click, Intent, Key, LongPress
from canasta.ui.layout import TableLayout, compute_layout
from canasta.ui.sprites import CardSprite
from canasta.ui.theme import GREEN, Theme
from canasta.ui.tween import ease_in_out_cubic, ease_out_cubic
from canasta.ui.widgets import Button, Toast

#: Seconds a computer player's move takes to show, by move type (normal speed).
PACE = {
    MoveType.DRAW: 0.45,
    MoveType.TAKE: 0.7,
    MoveType.MELD: 0.65,
    MoveType.LAYOFF: 0.55,
    MoveType.DISCARD: 0.6,
    MoveType.ASK: 0.9,
    MoveType.YES: 0.6,
    MoveType.NO: 0.6,
}
MOVE_SECONDS = 0.38
DEAL_STAGGER = 0.022
#: Seconds a card takes to turn over; delay between cards of a taken pile fanning out and
#: between hands turning face up when the hand ends (all at normal speed).
FLIP_SECONDS = 0.28
PILE_FAN_STAGGER = 0.035
REVEAL_STAGGER = 0.012


class TableSprite(CardSprite):
    """A card sprite that knows whether it is drawn at the small (opponent) size."""

    small = False
    target: Target | None = None


class TableScene(Scene):
    """Plays hands of a game through a controller.

    Args:
        controller: the game and its seats.
        on_hand_over: called with the controller when the hand's scores should be shown.
        on_menu: called when the person presses Menu.
        sound: the sound layer; theme: colours; speed: 1.0 normal, larger is faster
            (every animation's duration is divided by it).
        cards: face style, deck back, suit palette and large-index choice.
        descending: show the person's hand from Aces down (default 4s up).
        on_turn_end: called with the controller at every turn boundary (a discard, the
            end of the hand), e.g. to save the game.
        trace: print each move and each wait for the person on standard output (for the
            real-window test and bug reports).
    """

    def __init__(
        self,
        controller: TableController,
        on_hand_over: Callable[[TableController], None],
        on_menu: Callable[[], None],
        *,
        sound: Sound | None = None,
        theme: Theme = GREEN,
        speed: float = 1.0,
        descending: bool = False,
        on_turn_end: Callable[[TableController], None] | None = None,
        trace: bool = False,
        cards: CardOptions | None = None,
    ) -> None:
        super().__init__()
        self.trace = trace
        self._traced_wait: tuple[int, str, int] | None = None
        self.controller = controller
        self.on_hand_over = on_hand_over
        self.on_menu = on_menu
        self.sound = sound or Sound(enabled=False)
        self.theme = theme
        self.speed = speed
        self.cards = cards or CardOptions()
        self.descending = descending
        self.on_turn_end = on_turn_end
        self.me = controller.person if controller.person is not None else 0
        self.sprites: dict[int, TableSprite] = {}
        self.selected: set[int] = set()
        self.pile_selected = False
        self.reveal = False
        self.hand_over_at: float | None = None
        #: The hand has ended and the person looks at the cards until a click or Enter.
        self.hand_waiting = False
        #: The cards the person drew this turn (marked in the hand), and the hand before.
        self.just_drawn: set[int] = set()
        self._held: set[int] = set()
        self.wait = 0.0
        self.clock = 0.0
        self.toast = Toast(self.animator, theme=theme)
        self.reset_button = Button((0, 0, 1, 1), "Reset", self.reset_turn, theme=theme)
        self.ask_button = Button((0, 0, 1, 1), "Ask partner", self.ask, theme=theme)
        self.menu_button = Button((0, 0, 1, 1), "Menu", on_menu, theme=theme)
        self.yes_button = Button((0, 0, 1, 1), "Yes", lambda: self.answer(True), theme=theme)
        self.no_button = Button((0, 0, 1, 1), "No", lambda: self.answer(False), theme=theme)
        self.layout: TableLayout | None = None
        self.places: TableButtons | None = None  # every button's rect
        self.plan: TablePlan | None = None
        self.drawer: TableDrawer | None = None
        self.full: CardRenderer | None = None
        self.small: CardRenderer | None = None
        self.planner = TablePlanner(self)  # planned melds and the finish button
        self.keys = TableKeys(self)  # keyboard play, focus ring, help overlay
        self.assist = TableAssist(self)  # hint, the partner's speech bubble

    # Scene hooks ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout and card images for a ``size`` (w, h) px window."""
        super().resize(size)
        players = self.controller.game.rules.players
        self.layout = compute_layout(self.size, players, self.cards.large_index)
        self.full = CardRenderer(*self.layout.card, options=self.cards)
        self.small = CardRenderer(*self.layout.small_card, options=self.cards)
        self.full.prerender()  # about 50 ms per size, so no frame waits for an image
        self.small.prerender()
        watching = self.controller.person is None
        self.drawer = TableDrawer(self.layout, self.theme, self.full, watching)
        self.places = place_table_buttons(self.layout)
        self.drawer.text_bottom = self.places.strip_top
        rects = self.places.rects
        for key, button in (("reset", self.reset_button), ("ask", self.ask_button),
                            ("menu", self.menu_button), ("yes", self.yes_button),
                            ("no", self.no_button)):  # fmt: skip
            button.rect = pygame.Rect(rects[key])
        self.planner.resize()
        self.assist.resize()
        if self.sprites:
            self._retarget(animate=False)

    def restyle(self, theme: Theme | None = None, cards: CardOptions | None = None) -> None:
        """Change the table's theme and/or card look now (re-renders images, keeps play)."""
        if theme is not None:
            self.theme = theme
            self.toast.theme = theme
            for button in (self.reset_button, self.ask_button, self.menu_button,
                           self.yes_button, self.no_button):  # fmt: skip
                button.theme = theme
        if cards is not None:
            self.cards = cards
        if self.layout is not None:
            self.resize(self.size)

    def enter(self, payload: object = None) -> None:
        """Start showing the current hand with a deal animation."""
        self.start_hand()

    def start_hand(self) -> None:
        """Lay every card on the stock, then deal them out to their places."""
        self.animator.finish_all()
        self.sprites = {}
        self.selected.clear()
        self.pile_selected = False
        self.reveal = False
        self.hand_over_at = None
        self.hand_waiting = False
        self.just_drawn = set()
        self._held = set(self.controller.hand.hands[self.me])
        assert self.layout is not None
        sx, sy = self.layout.stock.topleft
        for card in range(108):
            self.sprites[card] = TableSprite(card, sx, sy, face_up=False, z=card)
        self._retarget(animate=True, deal=True)
        self.wait = 1.0 / self.speed
        self.sound.play("deal")

    def update(self, dt: float) -> None:
        """Advance animations, pace computer players, and finish the hand when due."""
        super().update(dt)
        self.clock += dt
        controller = self.controller
        if self.hand_over_at is not None:
            if self.clock >= self.hand_over_at and not self.animator.busy:
                self.hand_over_at = None
                self.on_hand_over(controller)
            return
        if self.trace and controller.person_to_move() and not self.animator.busy:
            hand = controller.hand
            wait = (len(hand.history), hand.phase.value, len(hand.hands[self.me]))
            if wait != self._traced_wait:
                self._traced_wait = wait
                print(f"waiting phase={wait[1]} hand={wait[2]}", flush=True)
        if controller.computer_to_move():
            controller.think()  # the worker thinks while the cards still move
            if not self.animator.busy:
                self.wait -= dt
                if self.wait <= 0:
                    move = controller.poll_computer()
                    if move is not None:
                        self.wait = PACE[move.type] / self.speed
                        self._sync()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the felt, areas, cards, markers, message and buttons."""
        assert self.drawer is not None and self.full is not None and self.small is not None
        hand = self.controller.hand
        person_turn = self.controller.person_to_move()
        self.drawer.draw_background(surface, hand, self.me, self.plan, person_turn)
        covered = self._covered() if self.plan is not None else set()
        for sprite in sorted(self.sprites.values(), key=lambda s: s.z):
            if not self._hidden(sprite, covered):
                sprite.draw(surface, self.small if sprite.small else self.full, self.theme.accent)
        for card in self.just_drawn:  # a small mark over the card just drawn
            rect = self.sprites[card].rect(self.full.size)
            x, y, r = rect.x + max(7, rect.width // 8), rect.y - 4, max(5, rect.width // 12)
            pygame.draw.polygon(
                surface, self.theme.accent, [(x - r, y - r), (x + r, y - r), (x, y)]
            )
        self.drawer.draw_markers(surface, hand, self.me, self.plan)
        self.planner.draw(surface)
        self.assist.draw_under_buttons(surface)
        self.drawer.draw_message(surface, self.assist.hint_line() or self._prompt(), self.toast)
        for button in self._buttons():
            button.draw(surface)
        self.keys.draw(surface)

    def _covered(self) -> set[int]:
        """Stock and pile cards lying exactly under the next card up: not worth drawing."""
        assert self.plan is not None
        hand, targets = self.controller.hand, self.plan.targets
        out: set[int] = set()
        for pile in (hand.stock, hand.pile):
            for below, above in zip(pile, pile[1:], strict=False):
                a, b = targets[below], targets[above]
                if (a.x, a.y) == (b.x, b.y):
                    out.add(below)
        return out

    def _hidden(self, sprite: TableSprite, covered: set[int]) -> bool:
        target = sprite.target
        if sprite.card not in covered or target is None:
            return False
        return sprite.pos == (target.x, target.y) and sprite.z == target.z

    def handle(self, intent: Intent) -> bool:
        """Turn clicks, long presses and keys into selections and intents."""
        if self.hand_waiting and (
            isinstance(intent, Click)
            or isinstance(intent, Key) and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE)
        ):  # fmt: skip
            if isinstance(intent, Click) and self.menu_button.hit(intent.pos):
                self.menu_button.click()
                return True
            self.hand_waiting = False  # the person has looked at the hands: the scores
            self.on_hand_over(self.controller)
            return True
        if isinstance(intent, Click):
            if self.keys.help_open:
                self.keys.help_open = False
                return True
            return self.planner.click(intent.pos) or self._click(intent.pos)
        if isinstance(intent, LongPress):
            card = self._hand_card_at(intent.pos)
            if card is not None:
                self._select_rank(card)
                return True
            return False
        if isinstance(intent, Key):
            return self.keys.key(intent) or self._key(intent.key)
        if hasattr(intent, "pos"):
            for button in self._buttons():
                button.update_hover(intent.pos)
        return False

    # Actions ------------------------------------------------------------------------------------

    def reset_turn(self) -> None:
        """The Reset button: take the person's turn back to its start."""
        if self.controller.reset_turn():
            self._clear_selection()
            self._sync()

    def ask(self) -> None:
        """The Ask button: "may I go out?"."""
        self.controller.intent_ask()
        self._sync()

    def answer(self, yes: bool) -> None:
        """Answer the computer partner's question."""
        self.controller.intent_answer(yes)
        self._sync()

    def _buttons(self) -> list[Button]:
        buttons = [self.menu_button, *self.assist.buttons()]
        controller = self.controller
        if controller.person_to_move():
            if controller.asking_person():
                buttons += [self.yes_button, self.no_button]
            elif controller.hand.can_reset():
                buttons.append(self.reset_button)
            elif controller.can_ask():
                buttons.append(self.ask_button)
        return buttons + self.planner.buttons()

    def _click(self, pos: tuple[int, int]) -> bool:
        for button in self._buttons():
            if button.hit(pos):
                self.sound.play("click")
                button.click()
                return True
        if not self.controller.person_to_move() or self.layout is None or self.plan is None:
            return False
        layout, plan, hand = self.layout, self.plan, self.controller.hand
        card = self._hand_card_at(pos)
        if card is not None:
            self._toggle(card)
            return True
        if layout.stock.collidepoint(pos):
            self._after(self.controller.intent_draw())
            return True
        if self._pile_rect().collidepoint(pos):
            if hand.phase is Phase.DRAW:
                if self.selected:
                    self._take()
                elif self.pile_selected:
                    self.pile_selected = False
                    self._mark_pile()
                elif self.controller.explain_take_refusal() is None:
                    self.pile_selected = True
                    self._mark_pile()
                else:
                    self._sync()
            else:
                self._after(self.controller.intent_discard(self._selection()))
            return True
        for kind, rect in plan.meld_rects[0].items():
            if rect.collidepoint(pos):
                if self.pile_selected or hand.phase is Phase.DRAW:
                    self._take()
                else:
                    self._after(self.controller.intent_layoff(kind, self._selection()))
                return True
        if layout.melds[0].collidepoint(pos) or layout.red_threes[0].collidepoint(pos):
            if self.pile_selected or hand.phase is Phase.DRAW:
                self._take()
            else:
                self._after(self.controller.intent_meld(self._selection()))
            return True
        if self.selected and any(r.collidepoint(pos) for r in plan.meld_rects[1].values()):
            self._after(self.controller.intent_layoff_on_opponents())
            return True
        return False

    def _key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            self._clear_selection()
            return True
        if not self.controller.person_to_move():
            return False
        if self.assist.key(key):
            return True
        if key == pygame.K_s:
            self._after(self.controller.intent_draw())
            return True
        if key in (pygame.K_u, pygame.K_BACKSPACE):
            self.reset_turn()
            return True
        return False

    def _take(self) -> None:
        """Take the pile with the selected hand cards; with none selected, with the cards a
        player would use (onto the side's meld, else a natural pair of the top card)."""
        cards = self._selection()
        if not cards:
            cards = self.controller.default_take_cards()
        self._after(self.controller.intent_take(cards))

    def _after(self, refusal: object) -> None:
        if refusal is None:
            self._clear_selection()
        self._sync()

    # Selection ----------------------------------------------------------------------------------

    def _selection(self) -> tuple[int, ...]:
        order = self.plan.my_hand if self.plan else []
        return tuple(c for c in order if c in self.selected)

    def _hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The hand card under ``pos``, judged where cards rest (not where they fly), so a
        second click on the stock does not catch the card just drawn."""
        if self.plan is None or self.full is None:
            return None
        for card in reversed(self.plan.my_hand):
            sprite = self.sprites[card]
            target = sprite.target
            if target is None:
                continue
            rect = pygame.Rect(target.x, round(target.y - sprite.lift), *self.full.size)
            if rect.collidepoint(pos):
                return card
        return None

    def _toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
        self.sound.play("click")
        self._mark_selection()

    def _select_rank(self, card: int) -> None:
        assert self.plan is not None
        kind = CARD_KIND[card]
        same = [c for c in self.plan.my_hand if CARD_KIND[c] == kind]
        if all(c in self.selected for c in same):
            self.selected.difference_update(same)
        else:
            self.selected.update(same)
        self._mark_selection()

    def _clear_selection(self) -> None:
        self.selected.clear()
        self.pile_selected = False
        self._mark_selection()
        self._mark_pile()

    def _mark_selection(self) -> None:
        assert self.layout is not None
        lift = round(self.layout.card[1] * 0.2)
        for card in self.plan.my_hand if self.plan else []:
            sprite = self.sprites[card]
            chosen = card in self.selected
            sprite.selected = chosen
            self.animator.animate(sprite, 0.12 / self.speed, lift=float(lift if chosen else 0))

    def _mark_pile(self) -> None:
        """Outline the pile's top card while it is selected, and no card off the hand."""
        pile = self.controller.hand.pile
        top = pile[-1] if pile and self.pile_selected else None
        hand = set(self.plan.my_hand) if self.plan else set()
        for card, sprite in self.sprites.items():
            if card not in hand:
                sprite.selected = card == top

    def _pile_rect(self) -> pygame.Rect:
        assert self.layout is not None
        rect = pygame.Rect(self.layout.discard)
        pile = self.controller.hand.pile
        if pile and self.full is not None:
            rect = rect.union(self.sprites[pile[-1]].rect(self.full.size))
        return rect

    # Syncing the screen with the model -------------------------------------------------------

    def _sync(self) -> None:
        """Drain the controller's events (messages, sounds), then move cards."""
        events = self.controller.events
        boundary = False
        drained: list[object] = []
        while events:
            event = events.popleft()
            drained.append(event)
            if isinstance(event, Refused):
                self.toast.show(event.message, 3.2)
                self.sound.play("refusal")
            elif isinstance(event, Applied):
                self._sound_for(event)
                boundary = boundary or event.move.type is MoveType.DISCARD
                self.assist.on_applied(event)
                if self.trace:
                    size = len(self.controller.hand.hands[event.seat])
                    print(f"move seat={event.seat} {event.text} hand={size}", flush=True)
            elif isinstance(event, TurnReset):
                self.toast.show("Turn reset.", 1.5)
                if self.trace:
                    print(f"reset seat={event.seat}", flush=True)
            elif isinstance(event, HandEnded):
                if self.trace:
                    print(f"hand-ended totals={event.totals[0]},{event.totals[1]}", flush=True)
                boundary = True
                self.reveal = True
                if self.controller.person is None:  # a demo goes on by itself
                    self.hand_over_at = self.clock + 1.6 / self.speed
                else:  # the person looks at every hand as long as they like
                    self.hand_waiting = True
                self.sound.play("won" if event.winner == self.me % 2 else "lost")
        if boundary and self.on_turn_end is not None:
            self.on_turn_end(self.controller)
        held = set(self.controller.hand.hands[self.me])
        if self.controller.person_to_move() and not self.controller.hand.ended:
            drawn = any(isinstance(e, Applied) and e.seat == self.me
                        and e.move.type is MoveType.DRAW for e in drained)  # fmt: skip
            self.just_drawn = (held - self._held) if drawn else self.just_drawn & held
        else:
            self.just_drawn = set()
        self._held = held
        self.selected &= held
        if self.controller.hand.phase is not Phase.DRAW:
            self.pile_selected = False
        self.planner.prune()
        self.planner.update()
        self._retarget(animate=True)
        self._mark_selection()
        self._mark_pile()

    # The keyboard (table_keys) and the planner (table_plan) act through these names.
    sync = _sync
    after = _after
    take = _take
    toggle = _toggle
    selection = _selection
    clear_selection = _clear_selection

    def _sound_for(self, event: Applied) -> None:
        kind = event.move.type
        if kind in (MoveType.MELD, MoveType.LAYOFF, MoveType.TAKE):
            sides = self.controller.hand.msize[event.seat % 2]
            if any(s == 7 for s in sides):
                self.sound.play("canasta")
            else:
                self.sound.play("pile" if kind is MoveType.TAKE else "meld")
        elif kind is MoveType.DRAW:
            self.sound.play("draw")
        elif kind is MoveType.DISCARD:
            self.sound.play("discard")

    def _retarget(self, animate: bool, deal: bool = False) -> None:
        assert self.layout is not None
        hand = self.controller.hand
        self.plan = plan_table(
            hand, self.me, self.layout, reveal=self.reveal, descending=self.descending
        )
        duration = MOVE_SECONDS / self.speed
        order = fanned = revealed = 0
        for card, target in self.plan.targets.items():
            sprite = self.sprites[card]
            old = sprite.target
            if old == target:
                continue
            moved = old is None or (old.x, old.y) != (target.x, target.y)
            turns = animate and sprite.face_up != target.face_up
            sprite.target = target
            sprite.small = target.small
            if not animate or not moved:
                self.animator.cancel(sprite)
                sprite.pos = (float(target.x), float(target.y))
                sprite.z = target.z
                sprite.turn = 1.0
                if turns:  # turned over where it lies: the hands at the end of a hand
                    delay = revealed * REVEAL_STAGGER / self.speed
                    sprite.flip(self.animator, target.face_up, FLIP_SECONDS / self.speed,
                                delay=delay)  # fmt: skip
                    revealed += 1
                sprite.face_up = target.face_up
                continue
            delay = 0.0
            if deal and target.z >= 800:
                delay = order * DEAL_STAGGER / self.speed
            elif old is not None and Z_PILE <= old.z < Z_RED and not Z_PILE <= target.z < Z_RED:
                delay = fanned * PILE_FAN_STAGGER / self.speed  # a taken pile fans out
                fanned += 1
            order += 1
            sprite.z = 2000 + target.z
            easing = ease_out_cubic if deal else ease_in_out_cubic
            self.animator.animate(
                sprite, duration, delay=delay, easing=easing,
                on_done=self._landed(sprite, target.z), pos=(float(target.x), float(target.y)),
            )  # fmt: skip
            if turns:
                sprite.flip(self.animator, target.face_up, duration, delay=delay)
            sprite.face_up = target.face_up

    @staticmethod
    def _landed(sprite: TableSprite, z: int) -> Callable[[], None]:
        def done() -> None:
            sprite.z = z

        return done

    def _prompt(self) -> str:
        from canasta.scenes.table_draw import prompt_for

        return prompt_for(self.controller, self.me)
