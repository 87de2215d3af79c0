"""The table scene: sections over the person's view, driven by a table controller.

Input (see docs/guide/playing.md#with-the-mouse): click a hand card to select it, press and
hold to select every card of its rank; click the stock to draw; click the pile's top card
to select it, then the meld area or a meld to take the pile with the selected cards (or
click the pile with a pair selected); select cards and click the meld area to meld or a
meld to lay off; select one card and click the pile to discard. Every key is in
:mod:`canasta.scenes.table.keys`.

The scene reads only the controller's interface (:class:`TableControl`) and the values it
hands out: the view, moves, events. The model changes at once in the controller; the
scene drains its events every frame (sounds, messages) and the cards then tween to where
the new view puts them. Computer players think in the controller's worker while the
window keeps drawing; their turns are paced by a timer.

Which file owns what: ``hand`` (clicks on your cards), ``piles`` (stock and discard
pile), ``melds`` (meld areas), ``seats`` (felt, names, scores), ``strip`` (message and
Menu / Reset / Ask), ``planner`` (planned melds, finish panel), ``focus`` (keyboard focus
ring), ``hint``, ``bubble`` (the partner's question), ``help`` (the keys overlay),
``board`` (card sprites), ``selection`` (what is lifted), ``keys`` (key bindings).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from canasta.controller import Applied, HandEnded, Refused, TableControl, TableView, TurnReset
from canasta.engine.moves import MoveType
from canasta.i18n import _, pgettext
from canasta.persistence.session import saved_after
from canasta.scenes.base import Scene
from canasta.scenes.table.board import Board, TableSprite
from canasta.scenes.table.bubble import BubbleSection
from canasta.scenes.table.buttons import (
    STRIP,
    TableButtons,
    pack_shown,
    place_table_buttons,
    prompt_area,
)
from canasta.scenes.table.context import TableContext, TablePart
from canasta.scenes.table.focus import FocusSection
from canasta.scenes.table.furniture import prompt_for
from canasta.scenes.table.hand_row import HandSection
from canasta.scenes.table.help import HelpSection
from canasta.scenes.table.hint import HintSection
from canasta.scenes.table.keys import action_for
from canasta.scenes.table.melds import MeldsSection
from canasta.scenes.table.piles import PilesSection
from canasta.scenes.table.planner import PlannerSection
from canasta.scenes.table.seats import SeatsSection
from canasta.scenes.table.selection import Selection
from canasta.scenes.table.strip import StripSection
from canasta.scenes.table.targets import TablePlan
from canasta.ui.audio import Sound
from canasta.ui.card_images import CardRenderer
from canasta.ui.decks import CardOptions
from canasta.ui.input import GUARD_S, Click, Intent, Key
from canasta.ui.layout import TableLayout, compute_layout
from canasta.ui.sections import SectionStack
from canasta.ui.text import get_font
from canasta.ui.theme import Theme, default_theme
from canasta.ui.widgets import Button, Toast

#: Seconds a computer player's move takes to show, by move type (normal speed).
PACE = {
    MoveType.DRAW: 0.45,
    MoveType.DECLINE: 0.45,
    MoveType.TAKE: 0.7,
    MoveType.MELD: 0.65,
    MoveType.LAYOFF: 0.55,
    MoveType.DISCARD: 0.6,
    MoveType.ASK: 0.9,
    MoveType.YES: 0.6,
    MoveType.NO: 0.6,
}
#: Actions a key may ask for when the hand does not wait for the person.
ANY_TIME = ("help", "clear")
#: Actions a key may ask for while the partner asks the person.
WHILE_ASKED = ("yes", "no", *ANY_TIME)
__all__ = ["PACE", "TableScene", "TableSprite"]

#: The trace of play (``canasta.logs``): every move, wait, reset and hand end, at DEBUG.
TRACE = logging.getLogger("canasta.trace")


#: Seconds a notice for the table's players shows over the prompt.
NOTICE_SECONDS = 6.0


class TableScene(Scene):
    """Plays hands of a game through a controller.

    Args:
        controller: the table's controller (the interface: local or online).
        on_hand_over: called with the controller when the hand's scores should be shown.
        on_menu: called when the person presses Menu.
        sound: the sound layer; theme: colours; speed: 1.0 normal, larger is faster
            (every animation's duration is divided by it).
        cards: face style, deck back, suit palette and large-index choice.
        descending: show the person's hand from Aces down (default 4s up).
        on_turn_end: called with the controller at every save point: a turn boundary (a
            discard, the end of the hand), and every move of the person's that a real
            table would not take back (a stock draw, a pile take, a question or answer
            about going out) or a reset; e.g. to save the game, so that leaving and
            continuing cannot take back a stock draw (see
            :func:`canasta.persistence.session.saved_after`).
        status: the table's own line, shown before the prompt in the message strip when
            it has something to say (online: "Reconnecting…", the turn clock).
        notices: gives a new line for the players once (online: the server's notices, a
            turn the clock played), else None; it shows over the prompt for
            :data:`NOTICE_SECONDS`, as a refusal does.

    At a table with a status line (online), a view whose ``deal_number`` differs from the
    hand dealt in is a new hand the server dealt: the scene deals it in.
    """

    def __init__(
        self,
        controller: TableControl,
        on_hand_over: Callable[[TableControl], None],
        on_menu: Callable[[], None],
        *,
        sound: Sound | None = None,
        theme: Theme | None = None,
        speed: float = 1.0,
        descending: bool = False,
        on_turn_end: Callable[[TableControl], None] | None = None,
        cards: CardOptions | None = None,
        status: Callable[[], str] | None = None,
        notices: Callable[[], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.status = status
        self.notices = notices
        self._dealt: int | None = None
        self._placed: object = None  # the view the cards were last placed for
        theme = theme or default_theme()
        self._traced_wait: tuple[int, str, int] | None = None
        self._moves_seen = 0
        self.controller = controller
        self.on_hand_over = on_hand_over
        self.on_menu = on_menu
        self.cards = cards or CardOptions()
        self.descending = descending
        self.on_turn_end = on_turn_end
        self.hand_over_at: float | None = None
        #: The hand has ended and the person looks at the cards until a click or Enter.
        self.hand_waiting = False
        #: The scene's clock (s) when the ended hand began to wait (see GUARD_S).
        self.waiting_since = 0.0
        self._held: set[int] = set()
        #: The dealt cards are still flying to their places (the prompt waits for them).
        self.dealing = False
        self.wait = 0.0
        self.board = Board(self.animator, descending)
        self.board.speed = speed
        self.ctx = TableContext(controller, Selection(), self.board,
                                Toast(self.animator, theme=theme), sound or Sound(enabled=False),
                                theme)  # fmt: skip
        self.parts: list[TablePart] = self.make_sections(self.ctx)
        self.sections = SectionStack(list(self.parts))
        self.actions = self.sections.actions()

    def make_sections(self, ctx: TableContext) -> list[TablePart]:
        """The table's sections, bottom to top (a replay shows fewer)."""
        self.planner = PlannerSection(ctx)
        self.hint = HintSection(ctx)
        self.bubble = BubbleSection(ctx)
        self.strip = StripSection(ctx, self.message, self.on_menu)
        self.focus = FocusSection(ctx, self.planner.planned_cards)
        self.help = HelpSection(ctx)
        self.seats = SeatsSection(ctx)
        return [self.seats, MeldsSection(ctx), PilesSection(ctx), HandSection(ctx),
                self.planner, self.hint, self.strip, self.bubble, self.focus,
                self.help]  # fmt: skip

    def message(self) -> str:
        """The message strip's line: "Dealing…" while the dealt cards fly to their places
        (no "Your turn" before the cards are there), a hint's reason while one shows, else
        the prompt (after the table's own line, when it has one)."""
        if self.dealing:
            line = _("Dealing\u2026")
        else:
            line = self.hint.line() or prompt_for(self.controller.view())
        status = self.status() if self.status is not None else ""
        return f"{status} \u00b7 {line}" if status else line

    # Shared parts, by name -------------------------------------------------------------------

    @property
    def selection(self) -> Selection:
        """The person's selection."""
        return self.ctx.selection

    @property
    def selected(self) -> set[int]:
        """The lifted hand cards."""
        return self.ctx.selection.cards

    @property
    def just_drawn(self) -> set[int]:
        """The cards the person drew this turn (marked until the turn ends)."""
        return self.ctx.just_drawn

    @property
    def reveal(self) -> bool:
        """True once the hand is over and every hand shows face up."""
        return self.controller.view().revealed is not None

    @property
    def toast(self) -> Toast:
        """The one-line message over the meld area."""
        return self.ctx.toast

    @property
    def sound(self) -> Sound:
        """The sound layer."""
        return self.ctx.sound

    @property
    def theme(self) -> Theme:
        """The colours."""
        return self.ctx.theme

    @property
    def speed(self) -> float:
        """1.0 normal, larger is faster."""
        return self.board.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.board.speed = value

    @property
    def clock(self) -> float:
        """Seconds of game time since the table opened."""
        return self.ctx.clock

    @property
    def layout(self) -> TableLayout | None:
        """The table's geometry at this size."""
        return self.board.layout

    @property
    def plan(self) -> TablePlan | None:
        """Every card's target and the clickable areas."""
        return self.board.plan

    @property
    def sprites(self) -> dict[int, TableSprite]:
        """The card sprites by key."""
        return self.board.sprites

    @property
    def full(self) -> CardRenderer | None:
        """The full-size card images."""
        return self.board.full

    @property
    def places(self) -> TableButtons | None:
        """Every button's place at this size."""
        return self.ctx.places

    def card_rect(self, card: int) -> pygame.Rect:
        """Where a card of the person's hand rests (px)."""
        return self.board.rest_rect(card)

    def meld_rect(self, kind: int, side: int = 0) -> pygame.Rect:
        """Where the meld of ``kind`` shows (``side`` 0: the person's side; 1: the other).

        Raises:
            KeyError: if that side has no meld of ``kind``.
        """
        rect = self.board.meld_rect(kind, side)
        if rect is None:
            raise KeyError(kind)
        return rect

    def buttons(self) -> list[Button]:
        """Every button shown now."""
        return [b for part in self.parts for b in part.buttons()]

    # Scene hooks ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout and card images for a ``size`` (w, h) px window."""
        super().resize(size)
        view = self.controller.view()
        layout = compute_layout(self.size, view.players, self.cards.large_index)
        # Reset and Menu as wide as their labels want at full size (up to a limit).
        px = round(layout.reset_button.height * 0.55)
        labels = (pgettext("turn", "Reset"), _("Menu"))
        wanted = max(get_font(px).size(label)[0] for label in labels) + 28
        if wanted > layout.reset_button.width:
            layout = compute_layout(self.size, view.players, self.cards.large_index, wanted)
        full = CardRenderer(*layout.card, options=self.cards)
        small = CardRenderer(*layout.small_card, options=self.cards)
        full.prerender()  # about 50 ms per size, so no frame waits for an image
        small.prerender()
        self.board.resize(layout, full, small)
        self.ctx.places = place_table_buttons(layout)
        self.sections.resize(self.size)
        if self.board.sprites:
            self.board.place(view, animate=False)

    def restyle(self, theme: Theme | None = None, cards: CardOptions | None = None) -> None:
        """Change the table's theme and/or card look now (re-renders images, keeps play)."""
        if theme is not None:
            self.ctx.theme = theme
            self.ctx.toast.theme = theme
            for part in self.parts:
                part.restyle(theme)
        if cards is not None:
            self.cards = cards
        if self.board.layout is not None:
            self.resize(self.size)

    def enter(self, payload: object = None) -> None:
        """Start showing the current hand with a deal animation."""
        self.start_hand()

    def start_hand(self) -> None:
        """Lay every card on the stock, then deal them out to their places (a hand under
        way, continued or set out from a position, settles in one short move)."""
        self.controller.drain_events()
        self.ctx.selection.clear()
        self.hand_over_at = None
        self.hand_waiting = False
        # A hand continued mid-turn keeps the mark on the card drawn before leaving.
        self.ctx.just_drawn = set(self.controller.view().drawn)
        self._held = set(self.controller.view().hand)
        view = self.controller.view()
        self._dealt = view.deal_number
        self.dealing = just_dealt(view)
        self.board.deal(view, full=self.dealing)
        self.wait = 1.0 / self.speed
        self.sound.play("deal")

    def wake_in(self) -> float | None:
        """Every frame while a computer plays or a hint is worked out; else the next of
        the end of the hand, the partner's answer leaving, or the animator's own."""
        controller = self.controller
        if controller.computer_to_move() or controller.hint_pending:
            return 0.0
        waits = [super().wake_in()]
        if self.hand_over_at is not None:
            waits.append(self.hand_over_at - self.clock)
        waits.extend(part.wake_in() for part in self.parts)
        if self.status is not None:
            waits.append(0.5)  # the turn clock counts down; messages may arrive
        known = [max(0.0, w) for w in waits if w is not None]
        return min(known) if known else None

    def update(self, dt: float) -> None:
        """Advance animations, drain the controller's events, pace computer players, and
        finish the hand when due."""
        super().update(dt)
        self.ctx.clock += dt
        notice = self.notices() if self.notices is not None else None
        if notice:
            self.toast.show(notice, NOTICE_SECONDS)
        self.sync()
        self.sections.update(dt)
        if self.dealing and not self.animator.busy:
            self.dealing = False
        self._pack_strip()
        controller = self.controller
        if self.hand_over_at is not None:
            if self.clock >= self.hand_over_at and not self.animator.busy:
                self.hand_over_at = None
                self.on_hand_over(controller)
            return
        view = controller.view()
        online = self.status is not None
        if online and view.deal_number != self._dealt and not view.ended:
            self.start_hand()  # a hand the server dealt
            return
        tracing = TRACE.isEnabledFor(logging.DEBUG)
        if tracing and view.person_to_move and not self.animator.busy:
            wait = (self._moves_seen, view.phase, len(view.hand))
            if wait != self._traced_wait:
                self._traced_wait = wait
                TRACE.debug("waiting phase=%s hand=%d", wait[1], wait[2])
        if controller.computer_to_move():
            controller.think()  # the worker thinks while the cards still move
            if not self.animator.busy:
                self.wait -= dt
                if self.wait <= 0:
                    move = controller.poll_computer()
                    if move is not None:
                        self.wait = PACE[move.type] / self.speed
                        self.sync()

    def draw(self, surface: pygame.Surface) -> None:
        """Every section's under-layer, the cards, then every section over them (the
        prompt's place first, clear of the buttons that show)."""
        if self.layout is not None and self.ctx.places is not None:
            places = self.ctx.places
            owned = self._pack_strip()
            shown = self.buttons()
            strip = [b.rect for b in shown if b in owned]
            others = [b.rect for b in shown if b not in owned]
            # The buttons showing are packed in the lowest rows: the prompt keeps the lowest
            # row's height when none shows, and has the room above those that show.
            msg = self.layout.message
            bubble = places.bubble
            if places.rects["yes"] in others and bubble.colliderect(msg):
                # The partner's bubble lies over the strip's top (a small window): the
                # prompt goes under it, and its Yes and No no longer cut the prompt short.
                msg = pygame.Rect(
                    msg.x, bubble.bottom + 4, msg.width, msg.bottom - bubble.bottom - 4
                )
                others = [r for r in others if not r.colliderect(bubble)]
            lowest = msg.bottom - places.rects["hint"].height - 6
            self.ctx.prompt = prompt_area(msg, strip, others, max(places.strip_top, lowest))
            # A file's notice lies over the prompt, in the strip: it hides no card.
            room = pygame.Rect(self.ctx.prompt).clip(msg)
            self.banner_room = room if room.height >= 40 else pygame.Rect(msg)
        self.sections.draw(surface, lambda: self.board.draw(surface, self.theme.accent))

    def strip_buttons(self) -> dict[str, Button]:
        """The message strip's buttons the table's parts own (a replay has no planner), by
        their key in :data:`canasta.scenes.table.buttons.STRIP`."""
        out: dict[str, Button] = {}
        for part in self.parts:
            for key, _label in STRIP:
                found = getattr(part, f"{key}_button", None)
                if isinstance(found, Button):
                    out[key] = found
        return out

    def _pack_strip(self) -> set[Button]:
        """Put the strip's buttons that show now side by side from the strip's lower right
        corner (:func:`pack_shown`), the hidden ones back in their own places; return the
        strip's buttons."""
        owned = self.strip_buttons()
        if self.layout is None or self.ctx.places is None:
            return set(owned.values())
        shown = set(self.buttons())
        packed = pack_shown(self.layout, self.ctx.places,
                            {key for key, b in owned.items() if b in shown})  # fmt: skip
        for key, button in owned.items():
            button.rect = pygame.Rect(packed.get(key, self.ctx.places.rects[key]))
        return set(owned.values())

    def handle(self, intent: Intent) -> bool:
        """Keys through the binding table to the sections' actions; clicks and long presses
        to the sections top-down (an open modal section takes everything). While the
        ended hand waits, a click (but on Menu) or Enter or Space goes on to the scores."""
        self._pack_strip()  # the buttons where the last frame showed them
        if self.hand_waiting and (
            isinstance(intent, Click)
            or isinstance(intent, Key) and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE)
        ):  # fmt: skip
            if isinstance(intent, Click) and self.strip.menu_button.hit(intent.pos):
                self.strip.menu_button.click()
                return True
            if isinstance(intent, Key) and self.clock < self.waiting_since + GUARD_S:
                return True  # too soon: a key pressed for the last play, not to go on
            self.hand_waiting = False  # the person has looked at the hands: the scores
            self.on_hand_over(self.controller)
            return True
        if isinstance(intent, Key) and self.sections.modal() is None:
            used = self._key(intent)
        else:
            used = self.sections.handle(intent)
        if hasattr(intent, "pos") and not used:
            for shown in self.buttons():
                shown.update_hover(intent.pos)
        self.sync()
        return used

    def _key(self, intent: Key) -> bool:
        name = action_for(intent)
        action = self.actions.get(name) if name is not None else None
        if action is None or name is None:
            return False
        view = self.controller.view()
        if name not in ANY_TIME and not view.person_to_move:
            return False
        if view.asking and name not in WHILE_ASKED:
            return False
        action()
        return True

    # Syncing the screen with the model -------------------------------------------------------

    def sync(self) -> None:
        """Drain the controller's events (messages, sounds), then move the cards."""
        events = self.controller.drain_events()
        boundary = False  # a save point (see on_turn_end)
        person = self.controller.person
        for event in events:
            if isinstance(event, Refused):
                self.toast.show(event.message, 3.2)
                self.sound.play("refusal")
            elif isinstance(event, Applied):
                self._moves_seen += 1
                self._sound_for(event)
                boundary = boundary or saved_after(event.move.type, event.seat == person)
                self.bubble.on_applied(event)
                if TRACE.isEnabledFor(logging.DEBUG):
                    size = self.controller.view().seen.hand_sizes[event.seat]
                    TRACE.debug("move seat=%d %s hand=%d", event.seat, event.text, size)
            elif isinstance(event, TurnReset):
                self._moves_seen += 1
                boundary = True  # a reset of a pile take is saved as the reset left it
                self.toast.show(_("Turn reset."), 1.5)
                TRACE.debug("reset seat=%d", event.seat)
            elif isinstance(event, HandEnded):
                TRACE.debug("hand-ended totals=%d,%d", event.totals[0], event.totals[1])
                boundary = True
                if self.controller.person is None:  # a demo goes on by itself
                    self.hand_over_at = self.clock + 1.6 / self.speed
                else:  # the person looks at every hand as long as they like
                    self.hand_waiting = True
                    self.waiting_since = self.clock
                self.sound.play("won" if event.winner == self.controller.view().seat % 2
                                else "lost")  # fmt: skip
        if boundary and self.on_turn_end is not None:
            self.on_turn_end(self.controller)
        view = self.controller.view()
        held = set(view.hand)
        if view.person_to_move and not view.ended:
            drawn = any(isinstance(e, Applied) and e.seat == view.seat
                        and e.move.type is MoveType.DRAW for e in events)  # fmt: skip
            self.ctx.just_drawn = (held - self._held) if drawn else self.ctx.just_drawn & held
        else:
            self.ctx.just_drawn = set()
        self._held = held
        self.ctx.selection.keep(view.hand, view.phase == "draw")
        if self.board.layout is None or not self.board.sprites:
            return
        if events or (self.status is not None and view is not self._placed):
            # Online a whole view may arrive with no event (a reconnection, moves made
            # while away): the cards go where it puts them all the same.
            self.board.place(view, animate=True)
        self._placed = view
        pile_top = view.pile[-1] if view.pile and self.ctx.selection.pile else None
        self.board.mark(self.ctx.selection.cards, pile_top)

    def _sound_for(self, event: Applied) -> None:
        """The move's sound: the canasta sound once, when the move took a meld to seven
        cards or more (a lay-off from six to eight too), else the move's own."""
        kind = event.move.type
        if event.canastas:
            self.sound.play("canasta")
        elif kind in (MoveType.MELD, MoveType.LAYOFF, MoveType.TAKE):
            self.sound.play("pile" if kind is MoveType.TAKE else "meld")
        elif kind is MoveType.DRAW:
            self.sound.play("draw")
        elif kind is MoveType.DISCARD:
            self.sound.play("discard")


def just_dealt(view: TableView) -> bool:
    """True for a hand no one has played yet: nothing melded, the first player still to
    draw, every hand as dealt (red threes laid out at the deal were replaced)."""
    seen = view.seen
    dealt = seen.rules.cards_dealt
    return (
        seen.phase == "draw"
        and not any(seen.melds)
        and all(size == dealt for size in seen.hand_sizes)
    )
