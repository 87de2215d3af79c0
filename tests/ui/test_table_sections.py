"""Every table section's input on its own: a fixed view from a stub controller, the
section's intents recorded, no game, no scene, no worker."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pygame
import pytest

from canasta.ai.hard import Advice
from canasta.controller import TableControl, TableView
from canasta.engine.cards import CARD_CODE, CARD_KIND, KING
from canasta.engine.moves import Move, MoveType
from canasta.engine.position import state_from_data
from canasta.scenes.table.board import Board
from canasta.scenes.table.bubble import BubbleSection
from canasta.scenes.table.buttons import place_table_buttons
from canasta.scenes.table.context import TableContext
from canasta.scenes.table.focus import FocusSection
from canasta.scenes.table.hand_row import HandSection
from canasta.scenes.table.help import HelpSection
from canasta.scenes.table.hint import HintSection
from canasta.scenes.table.melds import MeldsSection
from canasta.scenes.table.piles import PilesSection
from canasta.scenes.table.planner import PlannerSection
from canasta.scenes.table.selection import Selection
from canasta.scenes.table.strip import StripSection
from canasta.ui.audio import Sound
from canasta.ui.card_images import CardRenderer
from canasta.ui.input import Click, Key, LongPress
from canasta.ui.input import Move as Pointer
from canasta.ui.layout import compute_layout
from canasta.ui.sections import Section, SectionStack
from canasta.ui.theme import GREEN
from canasta.ui.tween import Animator
from canasta.ui.widgets import Toast

SIZE = (1280, 800)
HAND = ["7H", "7D", "7S", "KC", "5C", "9D", "QH", "QS"]


def view_of(phase: str = "play", to_move: bool = True, players: int = 2, **extra: Any) -> TableView:
    """Seat 0's view of a position: side 0 has opened with Kings."""
    others = [["4D", "4H", "6C"], ["8S", "8H"], ["TC", "TD"]][: players - 1]
    data = {"rules": {"players": players}, "hands": [HAND, *others], "pile": ["4C", "8D"],
            "melds": [{"K": ["KS", "KH", "KD"]}, {"5": ["5D", "5H", "5S"]}], "turn": 0,
            "phase": phase, "opened": [True, True]}  # fmt: skip
    seen = state_from_data(data).view_for(0)
    fields = {"can_reset": False, "can_ask": False, "asking": False} | extra
    return TableView(seat=0, watching=False, seen=seen, deal_number=1,
                     opening_minimums=(50, 50), person_to_move=to_move, **fields)  # fmt: skip


class StubControl:
    """A controller that shows one view and records every intent (the interface only)."""

    def __init__(self, view: TableView) -> None:
        self.shown = view
        self.calls: list[tuple[Any, ...]] = []
        #: What this table does not offer, and why (online: the hint and the reset).
        self.missing: dict[str, str] = {}
        self.advice: Advice | None = None

    person = 0
    hint_pending = False

    def view(self) -> TableView:
        return self.shown

    def drain_events(self) -> list[Any]:
        return []

    def person_to_move(self) -> bool:
        return self.shown.person_to_move

    def computer_to_move(self) -> bool:
        return False

    def asking_person(self) -> bool:
        return self.shown.asking

    def think(self) -> bool:
        return False

    def poll_computer(self) -> None:
        return None

    def _record(self, *call: Any) -> None:
        self.calls.append(call)

    def intent_draw(self) -> None:
        self._record("draw")

    def intent_take(self, cards: tuple[int, ...]) -> None:
        self._record("take", cards)

    def intent_take_at_melds(self, cards: tuple[int, ...]) -> None:
        self._record("take at melds", cards)

    def intent_discard(self, cards: tuple[int, ...]) -> None:
        self._record("discard", cards)

    def intent_meld(self, cards: tuple[int, ...]) -> None:
        self._record("meld", cards)

    def intent_layoff(self, kind: int, cards: tuple[int, ...]) -> None:
        self._record("layoff", kind, cards)

    def layoff_fits(self, kind: int, cards: tuple[int, ...]) -> bool:
        return False

    def meld_fits(self, cards: tuple[int, ...]) -> bool:
        return False

    def intent_layoff_on_opponents(self) -> Any:
        self._record("opponents")

    def intent_ask(self) -> None:
        self._record("ask")

    def intent_answer(self, yes: bool) -> None:
        self._record("answer", yes)

    def explain_take_refusal(self) -> None:
        return None

    def default_take_cards(self) -> tuple[int, ...]:
        return ()

    def plan_moves(self, groups: Sequence[tuple[int, ...]]) -> list[Move]:
        return [Move(MoveType.MELD, g) for g in groups]

    def submit_plan(self, moves: list[Move]) -> None:
        self._record("plan", tuple(moves))

    def find_finish(self, moves: list[Move] | None = None) -> list[Move]:
        return moves or []

    def reset_turn(self) -> bool:
        self._record("reset")
        return True

    def unavailable(self, feature: str) -> str | None:
        return self.missing.get(feature)

    def request_hint(self) -> bool:
        self._record("hint")
        return True

    def poll_hint(self) -> Advice | None:
        return self.advice

    def revealed_hands(self) -> None:
        return None


@pytest.fixture
def ctx() -> TableContext:
    """A settled board for :func:`view_of` with a stub controller."""
    return make_ctx(view_of())


def make_ctx(view: TableView) -> TableContext:
    pygame.display.set_mode(SIZE)
    control = StubControl(view)
    assert isinstance(control, TableControl)
    animator = Animator()
    board = Board(animator)
    layout = compute_layout(SIZE, view.players)
    board.resize(layout, CardRenderer(*layout.card), CardRenderer(*layout.small_card))
    board.deal(control.view())
    animator.finish_all()
    return TableContext(control, Selection(), board, Toast(animator), Sound(enabled=False), GREEN,
                        places=place_table_buttons(layout))  # fmt: skip


def stub(ctx: TableContext) -> StubControl:
    assert isinstance(ctx.controller, StubControl)
    return ctx.controller


def card(ctx: TableContext, code: str) -> int:
    return next(c for c in ctx.view().hand if CARD_CODE[c] == code)


def point(ctx: TableContext, code: str) -> tuple[int, int]:
    rect = ctx.board.rest_rect(card(ctx, code))
    return rect.x + 4, rect.y + 12


def ready(section: Section, ctx: TableContext) -> Section:
    section.resize(SIZE)
    return section


def test_a_click_on_a_hand_card_lifts_it_and_a_second_lowers_it(ctx: TableContext) -> None:
    hand = ready(HandSection(ctx), ctx)
    assert hand.handle(Click(point(ctx, "KC")))
    assert ctx.selection.cards == {card(ctx, "KC")}
    assert hand.handle(Click(point(ctx, "KC")))
    assert ctx.selection.cards == set()
    assert not hand.handle(Click(ctx.board.layout.stock.center))  # not a hand card


def test_a_long_press_lifts_every_card_of_the_rank_then_lowers_them(ctx: TableContext) -> None:
    hand = ready(HandSection(ctx), ctx)
    sevens = {c for c in ctx.view().hand if CARD_CODE[c][0] == "7"}
    assert len(sevens) == 3
    assert hand.handle(LongPress(point(ctx, "7D")))
    assert ctx.selection.cards == sevens
    hand.handle(Click(point(ctx, "QH")))
    assert hand.handle(LongPress(point(ctx, "7S")))  # all sevens lifted: lowered together
    assert ctx.selection.cards == {card(ctx, "QH")}


def test_no_hand_card_lifts_while_another_player_moves(ctx: TableContext) -> None:
    stub(ctx).shown = view_of(to_move=False)
    hand = ready(HandSection(ctx), ctx)
    assert not hand.handle(Click(point(ctx, "KC")))
    assert ctx.selection.cards == set()


def test_piles_draw_select_the_pile_and_discard(ctx: TableContext) -> None:
    piles = ready(PilesSection(ctx), ctx)
    layout = ctx.board.layout
    assert piles.handle(Click(layout.stock.center))
    stub(ctx).shown = view_of("draw")
    assert piles.handle(Click(layout.discard.center))
    assert ctx.selection.pile  # the top card selected, to take the pile with
    stub(ctx).shown = view_of("play")
    ctx.selection.clear()
    ctx.selection.toggle(card(ctx, "5C"))
    assert piles.handle(Click(layout.discard.center))
    assert stub(ctx).calls == [("draw",), ("discard", (card(ctx, "5C"),))]
    assert ctx.selection.cards == set()  # the move was made: the selection drops


def test_piles_keys_draw_and_take(ctx: TableContext) -> None:
    actions = PilesSection(ctx).actions()
    actions["draw"]()
    ctx.selection.toggle(card(ctx, "QH"))
    actions["take"]()
    assert stub(ctx).calls == [("draw",), ("take", (card(ctx, "QH"),))]


def test_melds_lay_off_meld_and_refuse_the_other_sides(ctx: TableContext) -> None:
    melds = ready(MeldsSection(ctx), ctx)
    king = card(ctx, "KC")
    ctx.selection.toggle(king)
    assert melds.handle(Click(ctx.board.meld_rect(KING).center))
    queens = (card(ctx, "QH"), card(ctx, "QS"))
    ctx.selection.cards.update(queens)
    area = ctx.board.layout.melds[0]
    assert melds.handle(Click((area.right - 20, area.bottom - 20)))
    ctx.selection.toggle(card(ctx, "9D"))
    five = next(iter(ctx.board.plan.meld_rects[1]))
    assert melds.handle(Click(ctx.board.meld_rect(five, 1).center))
    assert stub(ctx).calls == [("layoff", KING, (king,)), ("meld", queens), ("opponents",)]


def test_before_the_draw_a_click_on_your_melds_takes_the_pile_from_there() -> None:
    """Lifted hand cards dropped on your meld area, or on a meld, or M, before the draw go
    to the take that may call them a meld played too early (play10); with the pile's top
    card lifted, the plain take."""
    ctx = make_ctx(view_of(phase="draw"))
    melds = ready(MeldsSection(ctx), ctx)
    nines = (card(ctx, "9D"),)
    ctx.selection.cards.update(nines)
    area = ctx.board.layout.melds[0]
    assert melds.handle(Click((area.right - 20, area.bottom - 20)))
    ctx.selection.cards.update(nines)
    assert melds.handle(Click(ctx.board.meld_rect(KING).center))
    ctx.selection.cards.update(nines)
    melds.actions()["meld"]()
    ctx.selection.pile = True
    ctx.selection.cards.update(nines)
    melds.actions()["meld"]()
    assert stub(ctx).calls == [("take at melds", nines)] * 3 + [("take", nines)]


def test_the_strip_shows_reset_or_ask_and_their_clicks_act() -> None:
    ctx = make_ctx(view_of(players=4))  # Ask partner has a place with four players only
    strip = ready(StripSection(ctx, lambda: "a line", lambda: stub(ctx).calls.append(("menu",))),
                  ctx)  # fmt: skip
    assert strip.buttons() == [strip.menu_button]
    stub(ctx).shown = view_of(players=4, can_ask=True)
    assert strip.buttons() == [strip.menu_button, strip.ask_button]
    assert strip.handle(Click(strip.ask_button.rect.center))
    stub(ctx).shown = view_of(players=4, can_reset=True)
    assert strip.buttons() == [strip.menu_button, strip.reset_button]
    assert strip.handle(Click(strip.reset_button.rect.center))
    assert strip.handle(Click(strip.menu_button.rect.center))
    assert not strip.handle(Click((1, 1)))
    assert stub(ctx).calls == [("ask",), ("reset",), ("menu",)]


def test_the_planner_groups_undoes_and_its_panel_is_modal(ctx: TableContext) -> None:
    planner = ready(PlannerSection(ctx), ctx)
    sevens = tuple(c for c in ctx.board.plan.my_hand if CARD_KIND[c] == CARD_KIND[card(ctx, "7H")])
    ctx.selection.cards.update(sevens)
    planner.actions()["plan"]()
    assert planner.groups == [sevens] and ctx.selection.cards == set()
    planner.draw(pygame.display.get_surface())  # places the group on the table
    assert planner.handle(Click(planner.group_rects[0].center))
    assert planner.groups == []
    ctx.selection.cards.update(sevens)
    planner.actions()["plan"]()
    planner.actions()["finish"]()  # the stub's finish: the plan as it stands
    assert planner.modal and planner.confirm == [Move(MoveType.MELD, sevens)]
    assert planner.handle(Click((1, 1)))  # swallowed while the panel shows
    assert planner.handle(Key(pygame.K_RETURN))
    assert not planner.modal
    assert stub(ctx).calls == [("plan", (Move(MoveType.MELD, sevens),))]


def test_the_focus_ring_moves_lifts_and_discards_with_enter(ctx: TableContext) -> None:
    focus = ready(FocusSection(ctx, set), ctx)
    actions = focus.actions()
    order = focus.cards()
    assert focus.focused_card() == order[0]
    actions["focus_left"]()
    assert focus.focused_card() == order[0]  # it stops at the end
    actions["focus_last"]()
    assert focus.focused_card() == order[-1]
    actions["focus_first"]()
    actions["focus_right"]()
    assert focus.focused_card() == order[1]
    actions["lift"]()
    assert ctx.selection.cards == {order[1]}
    actions["enter"]()  # the one lifted card, a discard due: discarded
    assert stub(ctx).calls == [("discard", (order[1],))]
    actions["next_meld"]()
    assert ctx.selection.meld_focus == KING
    actions["clear"]()
    assert ctx.selection.meld_focus is None


def test_the_hint_asks_the_controller_and_shows_its_line(ctx: TableContext) -> None:
    hint = ready(HintSection(ctx), ctx)
    assert hint.buttons() == [hint.hint_button]
    assert hint.handle(Click(hint.hint_button.rect.center))
    assert stub(ctx).calls == [("hint",)]
    assert hint.line() is None  # nothing arrived and nothing pending
    stub(ctx).advice = Advice(Move(MoveType.DISCARD, (card(ctx, "5C"),)), "the safest card")
    hint.actions()["hint"]()
    assert hint.line() == "Hint \u2014 the safest card"
    rects = hint.rects(stub(ctx).advice.moves)
    assert rects[0] == ctx.board.card_rect(card(ctx, "5C"))
    assert rects[1].contains(ctx.board.layout.discard)


def test_where_the_table_has_no_hint_or_reset_pressing_them_says_why(ctx: TableContext) -> None:
    hint = ready(HintSection(ctx), ctx)
    strip = ready(StripSection(ctx, lambda: "a line", lambda: None), ctx)
    assert hint.buttons() == [hint.hint_button]
    stub(ctx).missing = {"hint": "No hints online.", "reset": "A move sent stands."}
    assert hint.buttons() == []  # No Hint button where hints are missing
    assert not hint.handle(Click(hint.hint_button.rect.center))
    hint.actions()["hint"]()  # the H key still says why
    assert ctx.toast.visible and ctx.toast.text == "No hints online."
    assert not hint.wanted and hint.line() is None
    strip.actions()["reset"]()  # the U key: the button itself never shows there
    assert ctx.toast.text == "A move sent stands."
    assert stub(ctx).calls == []  # neither was asked of the controller


def test_the_bubble_answers_the_partner() -> None:
    ctx = make_ctx(view_of(players=4))
    bubble = ready(BubbleSection(ctx), ctx)
    assert bubble.buttons() == []
    stub(ctx).shown = replace(view_of(players=4), asking=True)  # the partner's question
    assert bubble.buttons() == [bubble.yes_button, bubble.no_button]
    assert bubble.handle(Click(bubble.no_button.rect.center))
    bubble.actions()["yes"]()
    assert stub(ctx).calls == [("answer", False), ("answer", True)]


def test_the_help_overlay_is_modal_and_closes_on_its_keys(ctx: TableContext) -> None:
    help_ = HelpSection(ctx)
    below = HandSection(ctx)
    stack = SectionStack([below, help_])
    stack.resize(SIZE)
    assert not help_.modal and not help_.handle(Key(pygame.K_s))
    help_.actions()["help"]()
    assert stack.modal() is help_
    assert stack.handle(Click(point(ctx, "KC")))  # closes it; no card lifts
    assert ctx.selection.cards == set() and not help_.open
    help_.actions()["help"]()
    assert stack.handle(Key(pygame.K_s)) and help_.open  # swallowed
    assert stack.handle(Key(pygame.K_SLASH, unicode="?"))
    assert not help_.open
    assert stack.handle(Click(point(ctx, "KC")))  # now the hand takes it
    assert ctx.selection.cards == {card(ctx, "KC")}


def test_the_stack_offers_clicks_only_to_sections_under_them(ctx: TableContext) -> None:
    seen: list[str] = []

    class Probe(Section):
        def __init__(self, name: str, rect: pygame.Rect | None) -> None:
            self.name, self.rect = name, rect

        def handle(self, intent: object) -> bool:
            seen.append(self.name)
            return False

    stack = SectionStack([Probe("everywhere", None), Probe("corner", pygame.Rect(0, 0, 10, 10))])
    stack.handle(Click((50, 50)))
    stack.handle(Click((5, 5)))
    stack.handle(Pointer((5, 5)))
    assert seen == ["everywhere", "corner", "everywhere", "corner", "everywhere"]


def test_finish_shows_once_the_side_has_or_plans_a_canasta(ctx: TableContext) -> None:
    """Finish showed while three 7s were planned and the side had no
    canasta, so it could not go out. It shows when the plan completes one."""
    planner = ready(PlannerSection(ctx), ctx)
    sevens = tuple(c for c in ctx.board.plan.my_hand if CARD_KIND[c] == CARD_KIND[card(ctx, "7H")])
    planner.groups = [sevens]
    assert planner.play_button in planner.buttons()
    assert planner.finish_button not in planner.buttons() and planner.planned_canastas() == 0
    kings = ("KC", "KD", "KH", "KS")  # on the meld of three Kings: seven, a canasta
    board = state_from_data({"rules": {"players": 2}, "hands": [[*HAND[:3], *kings], ["4D"]],
                             "pile": ["4C", "8D"], "turn": 0, "phase": "play",
                             "melds": [{"K": ["KS", "KH", "KD"]}, {}],
                             "opened": [True, True]}).view_for(0)  # fmt: skip
    stub(ctx).shown = replace(ctx.view(), seen=board)
    planner.groups = [tuple(c for c in board.hand if CARD_KIND[c] == KING)]
    assert planner.planned_canastas() == 1 and planner.finish_button in planner.buttons()
