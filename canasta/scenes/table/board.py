"""The cards on the table: one sprite per card, tweened to where the person's view puts it.

A card the person may not see is a hidden slot (see
:func:`~canasta.scenes.table.targets.hidden_key`). When a change makes slots disappear and
cards appear (an opponent melds from a hidden hand, the person draws, the hands are shown
at the end), each appearing card takes over the sprite of the disappearing one nearest to
it, so cards fly from where they were and turn over on the way. Sizes are pixels, times
seconds (at normal speed; divided by :attr:`Board.speed`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.controller import TableView
from canasta.scenes.table.targets import Z_PILE, Z_RED, TablePlan, Target, plan_table
from canasta.ui.card_images import CardRenderer
from canasta.ui.layout import TableLayout
from canasta.ui.sprites import CardSprite
from canasta.ui.tween import Animator, ease_in_out_cubic, ease_out_cubic

MOVE_SECONDS = 0.38
DEAL_STAGGER = 0.022
#: Seconds a card takes to turn over; delay between cards of a taken pile fanning out and
#: between hands turning face up when the hand ends.
FLIP_SECONDS = 0.28
PILE_FAN_STAGGER = 0.035
REVEAL_STAGGER = 0.012
SELECT_SECONDS = 0.12


class TableSprite(CardSprite):
    """A card sprite that knows whether it is drawn at the small (opponent) size."""

    small = False
    target: Target | None = None
    lift_goal = 0.0  # the lift (px) the sprite rests at or is tweening to


class Board:
    """Every card's sprite for one table.

    Args:
        animator: the tweens the sprites move by (the scene's).
        descending: show the person's hand from Aces down.

    Attributes:
        sprites: key (card identity or hidden slot) -> sprite.
        plan: the targets and areas of the last view placed, or None before the first.
        layout, full, small: the geometry and the card images at this window size.
        speed: 1.0 normal; larger is faster.
    """

    def __init__(self, animator: Animator, descending: bool = False) -> None:
        self.animator = animator
        self.descending = descending
        self.speed = 1.0
        self.sprites: dict[int, TableSprite] = {}
        self.plan: TablePlan | None = None
        self.layout: TableLayout | None = None
        self.full: CardRenderer | None = None
        self.small: CardRenderer | None = None

    # Geometry -------------------------------------------------------------------------------

    def resize(self, layout: TableLayout, full: CardRenderer, small: CardRenderer) -> None:
        """Use a new layout and card images (the sprites jump to their new places)."""
        self.layout, self.full, self.small = layout, full, small

    def card_rect(self, key: int) -> pygame.Rect:
        """Where a card is drawn now (px)."""
        assert self.full is not None and self.small is not None
        sprite = self.sprites[key]
        return sprite.rect(self.small.size if sprite.small else self.full.size)

    def rest_rect(self, card: int) -> pygame.Rect:
        """Where a hand card rests, lifted or not (its target, not where it flies)."""
        assert self.full is not None
        sprite = self.sprites[card]
        target = sprite.target
        assert target is not None
        return pygame.Rect(target.x, round(target.y - sprite.lift), *self.full.size)

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The person's hand card under ``pos``, judged where cards rest (not where they
        fly), so a second click on the stock does not catch the card just drawn."""
        if self.plan is None or self.full is None:
            return None
        for card in reversed(self.plan.my_hand):
            if self.sprites[card].target is not None and self.rest_rect(card).collidepoint(pos):
                return card
        return None

    def pile_rect(self, pile: tuple[int, ...]) -> pygame.Rect:
        """The discard pile's area, grown to its top card (px)."""
        assert self.layout is not None
        rect = pygame.Rect(self.layout.discard)
        if pile and self.full is not None and pile[-1] in self.sprites:
            rect = rect.union(self.sprites[pile[-1]].rect(self.full.size))
        return rect

    def meld_rect(self, kind: int, rel_side: int = 0) -> pygame.Rect | None:
        """Where a side's meld of ``kind`` shows (0: the person's side), or None."""
        if self.plan is None:
            return None
        rect = self.plan.meld_rects[rel_side].get(kind)
        return pygame.Rect(rect) if rect is not None else None

    # Placing --------------------------------------------------------------------------------

    def deal(self, view: TableView, full: bool = True) -> None:
        """Every card on the stock, then dealt out to its place: one after another for a
        hand just dealt (``full``), else all at once in one short move (a hand continued
        from a save or set out from a position: the table is usable in
        :data:`MOVE_SECONDS`, not after a whole deal's stagger)."""
        assert self.layout is not None
        self.animator.finish_all()
        plan = plan_table(view, self.layout, descending=self.descending)
        sx, sy = self.layout.stock.topleft
        self.sprites = {
            key: TableSprite(key if key >= 0 else None, sx, sy, face_up=False, z=i)
            for i, key in enumerate(plan.targets)
        }
        self.place(view, animate=True, deal=full, plan=plan)

    def place(
        self, view: TableView, animate: bool, deal: bool = False, plan: TablePlan | None = None
    ) -> None:
        """Move every sprite towards its target for ``view`` (tweened when ``animate``)."""
        assert self.layout is not None
        if plan is None:
            plan = plan_table(view, self.layout, descending=self.descending)
        self.plan = plan
        self._rekey(plan)
        speed = self.speed
        duration = MOVE_SECONDS / speed
        order = fanned = revealed = 0
        for key, target in plan.targets.items():
            sprite = self.sprites[key]
            old = sprite.target
            if old == target:
                continue
            moved = old is None or (old.x, old.y) != (target.x, target.y)
            turns = animate and sprite.face_up != target.face_up
            sprite.target = target
            sprite.small = target.small
            sprite.angle = float(target.angle)
            if not animate or not moved:
                self.animator.cancel(sprite)
                sprite.pos = (float(target.x), float(target.y))
                sprite.z = target.z
                sprite.turn = 1.0
                if turns:  # turned over where it lies: the hands at the end of a hand
                    delay = revealed * REVEAL_STAGGER / speed
                    sprite.flip(self.animator, target.face_up, FLIP_SECONDS / speed,
                                delay=delay)  # fmt: skip
                    revealed += 1
                sprite.face_up = target.face_up
                continue
            delay = 0.0
            if deal and target.z >= 800:
                delay = order * DEAL_STAGGER / speed
            elif old is not None and Z_PILE <= old.z < Z_RED and not Z_PILE <= target.z < Z_RED:
                delay = fanned * PILE_FAN_STAGGER / speed  # a taken pile fans out
                fanned += 1
            order += 1
            sprite.z = 2000 + target.z
            easing = ease_out_cubic if deal else ease_in_out_cubic
            self.animator.animate(
                sprite, duration, delay=delay, easing=easing,
                on_done=_landed(sprite, target.z), pos=(float(target.x), float(target.y)),
            )  # fmt: skip
            if turns:
                sprite.flip(self.animator, target.face_up, duration, delay=delay)
            sprite.face_up = target.face_up

    def _rekey(self, plan: TablePlan) -> None:
        """Hand the sprites of disappearing keys to the appearing ones, nearest first."""
        targets = plan.targets
        gone = [k for k in self.sprites if k not in targets]
        come = [k for k in targets if k not in self.sprites]
        for key in come:
            target = targets[key]
            if gone:
                nearest = min(gone, key=lambda g: _distance(self.sprites[g], target))
                gone.remove(nearest)
                sprite = self.sprites.pop(nearest)
            else:  # not expected (108 cards in all); a new sprite appears on the stock
                assert self.layout is not None
                sprite = TableSprite(None, *self.layout.stock.topleft, face_up=False)
            if key >= 0:
                sprite.card = key  # a hidden slot keeps the face it showed, if any
            self.sprites[key] = sprite
        for key in gone:
            del self.sprites[key]

    def mark(self, lifted: set[int], pile_top: int | None) -> None:
        """Raise the person's ``lifted`` cards and lower every other card (a card that left
        the hand raised, or came back to it, rests lowered); outline ``pile_top`` and the
        lifted cards (None: no pile card)."""
        assert self.layout is not None
        hand = set(self.plan.my_hand) if self.plan else set()
        lift = float(round(self.layout.card[1] * 0.2))
        for key, sprite in self.sprites.items():
            chosen = key in hand and key in lifted
            sprite.selected = chosen or key == pile_top
            goal = lift if chosen else 0.0
            stuck = sprite.lift != goal and not self.animator.is_animating(sprite)
            if sprite.lift_goal != goal or stuck:
                sprite.lift_goal = goal
                self.animator.animate(sprite, SELECT_SECONDS / self.speed, lift=goal)

    @property
    def settled(self) -> bool:
        """True when every sprite rests at its target."""
        return all(
            s.target is not None and s.pos == (s.target.x, s.target.y)
            for s in self.sprites.values()
        )

    def rests(self, card: int) -> bool:
        """True when ``card``'s sprite rests at its target (not still flying there)."""
        sprite = self.sprites.get(card)
        return sprite is not None and _resting(sprite)

    # Drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, accent: tuple[int, int, int]) -> None:
        """Every sprite by drawing order (stock and pile cards wholly covered skipped)."""
        assert self.full is not None and self.small is not None
        covered = self._covered()
        for key, sprite in sorted(self.sprites.items(), key=lambda item: item[1].z):
            if key in covered and _resting(sprite):
                continue
            sprite.draw(surface, self.small if sprite.small else self.full, accent)

    def _covered(self) -> set[int]:
        """Stock and pile cards lying exactly under the next card up: not worth drawing."""
        if self.plan is None:
            return set()
        targets = self.plan.targets
        pile = [k for k, t in targets.items() if Z_PILE <= t.z < Z_RED]
        pile.sort(key=lambda k: targets[k].z)
        out: set[int] = set()
        for keys in (self.plan.stock, pile):
            for below, above in zip(keys, keys[1:], strict=False):
                a, b = targets[below], targets[above]
                if (a.x, a.y, a.angle) == (b.x, b.y, b.angle):
                    out.add(below)
        return out


def _distance(sprite: TableSprite, target: Target) -> float:
    x, y = sprite.pos
    return (x - target.x) ** 2 + (y - target.y) ** 2


def _resting(sprite: TableSprite) -> bool:
    target = sprite.target
    return target is not None and sprite.pos == (target.x, target.y) and sprite.z == target.z


def _landed(sprite: TableSprite, z: int) -> Callable[[], None]:
    def done() -> None:
        sprite.z = z

    return done
