"""Card sprites: a card identity at a position, drawn from the renderer's cached images.

Positions are the card's top-left corner in window pixels (floats, so tweens move them
smoothly); ``lift`` raises a card (selected cards) by that many pixels.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

import pygame

from canasta.ui.card_images import CardRenderer
from canasta.ui.effects import draw_selection
from canasta.ui.tween import Animator, ease_in_out_cubic

_ROTATED: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
_SHADES: dict[tuple[int, int, int], pygame.Surface] = {}
_SQUEEZED: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
#: A flip is drawn in this many distinct widths (images cached per width).
FLIP_STEPS = 12


class CardSprite:
    """One card on screen.

    Args:
        card: card identity 0..107, or None for a card whose face the viewer may not see.
        x, y: top-left corner in pixels (floats; tweenable, also as ``pos``).
        face_up: draw the face (True) or the back (False).
        angle: rotation in degrees, counter-clockwise (tweenable; rotated images are cached
            per whole degree).
        z: drawing order, higher on top (ties keep list order).
        selected: draw raised by ``lift`` px with an outline.
        lift: pixels the card is raised (tweenable; set it when selecting).
        alpha: opacity 0..255 (tweenable).
        dimmed: draw a dark veil (e.g. cards that cannot be played now).
        turn: progress of a flip, 0.0 .. 1.0 (tweenable; 1.0 = not flipping). The card
            narrows to its edge showing the other side, then widens showing ``face_up``.
    """

    def __init__(
        self,
        card: int | None,
        x: float = 0.0,
        y: float = 0.0,
        *,
        face_up: bool = True,
        angle: float = 0.0,
        z: int = 0,
        selected: bool = False,
        lift: float = 0.0,
        alpha: float = 255.0,
        dimmed: bool = False,
    ) -> None:
        self.card = card
        self.x = float(x)
        self.y = float(y)
        self.face_up = face_up
        self.angle = float(angle)
        self.z = z
        self.selected = selected
        self.lift = float(lift)
        self.alpha = float(alpha)
        self.dimmed = dimmed
        self.visible = True
        self.turn = 1.0

    def flip(
        self, animator: Animator, face_up: bool, duration: float, *, delay: float = 0.0
    ) -> None:
        """Turn the card over to ``face_up`` in ``duration`` seconds (after ``delay``)."""
        if face_up == self.face_up and self.turn >= 1.0:
            return
        self.face_up = face_up
        self.turn = 0.0
        animator.animate(self, duration, delay=delay, easing=ease_in_out_cubic, turn=1.0)

    def __repr__(self) -> str:
        return f"CardSprite(card={self.card}, x={self.x:.1f}, y={self.y:.1f}, z={self.z})"

    @property
    def pos(self) -> tuple[float, float]:
        """Top-left ``(x, y)`` in pixels."""
        return (self.x, self.y)

    @pos.setter
    def pos(self, value: tuple[float, float]) -> None:
        self.x, self.y = float(value[0]), float(value[1])

    def rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Screen rectangle of the (unrotated) card of ``size`` (w, h) px, lift included."""
        return pygame.Rect(round(self.x), round(self.y - self.lift), size[0], size[1])

    def contains(self, point: tuple[int, int], size: tuple[int, int]) -> bool:
        """True if ``point`` (px) is on the card (its unrotated rectangle)."""
        return self.visible and self.rect(size).collidepoint(point)

    def draw(
        self,
        surface: pygame.Surface,
        renderer: CardRenderer,
        select_color: tuple[int, ...] = (255, 204, 64),
    ) -> None:
        """Blit this card (and its selection outline) onto ``surface``."""
        if not self.visible or self.alpha <= 0:
            return
        turning = self.turn < 1.0
        showing = self.face_up if not turning or self.turn >= 0.5 else not self.face_up
        image = renderer.image(self.card, showing)
        angle = round(self.angle) % 360
        rect = self.rect(renderer.size)
        if turning:
            image = _squeezed(image, abs(math.cos(math.pi * self.turn)))
            rect = image.get_rect(center=rect.center)
        if angle:
            image = _rotated(image, angle)
            rect = image.get_rect(center=rect.center)
        alpha = round(self.alpha)
        if alpha < 255:
            image.set_alpha(alpha)
        surface.blit(image, rect)
        if alpha < 255:
            image.set_alpha(None)
        if self.dimmed:
            surface.blit(_shade(renderer.size, renderer.radius), rect)
        if self.selected and not angle and not turning:
            draw_selection(surface, rect, select_color, width=3, radius=renderer.radius)


def _rotated(image: pygame.Surface, angle: int) -> pygame.Surface:
    key = (id(image), angle)
    hit = _ROTATED.get(key)
    if hit is not None and hit[0] is image:
        return hit[1]
    if len(_ROTATED) > 256:
        _ROTATED.clear()
    out = pygame.transform.rotozoom(image, angle, 1.0)
    _ROTATED[key] = (image, out)
    return out


def _squeezed(image: pygame.Surface, share: float) -> pygame.Surface:
    """``image`` narrowed to ``share`` of its width (quantised to FLIP_STEPS, cached)."""
    step = max(1, round(share * FLIP_STEPS))
    if step >= FLIP_STEPS:
        return image
    key = (id(image), step)
    hit = _SQUEEZED.get(key)
    if hit is not None and hit[0] is image:
        return hit[1]
    if len(_SQUEEZED) > 512:
        _SQUEEZED.clear()
    w, h = image.get_size()
    out = pygame.transform.smoothscale(image, (max(1, round(w * step / FLIP_STEPS)), h))
    _SQUEEZED[key] = (image, out)
    return out


def _shade(size: tuple[int, int], radius: int) -> pygame.Surface:
    key = (size[0], size[1], radius)
    veil = _SHADES.get(key)
    if veil is None:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 90), veil.get_rect(), border_radius=radius)
        _SHADES[key] = veil
    return veil


def draw_sprites(
    surface: pygame.Surface,
    sprites: Iterable[CardSprite],
    renderer: CardRenderer,
    select_color: tuple[int, ...] = (255, 204, 64),
) -> None:
    """Draw ``sprites`` in increasing ``z`` (stable for equal z) at the renderer's size."""
    for sprite in sorted(sprites, key=lambda s: s.z):
        sprite.draw(surface, renderer, select_color)


def sprite_at(
    sprites: Iterable[CardSprite], point: tuple[int, int], size: tuple[int, int]
) -> CardSprite | None:
    """Return the topmost (highest z, later in list on ties) sprite under ``point``."""
    best: CardSprite | None = None
    for sprite in sorted(sprites, key=lambda s: s.z):
        if sprite.contains(point, size):
            best = sprite
    return best


class SpriteSet:
    """Sprites keyed by card identity (hidden cards may use keys >= 1000 of your choosing).

    Iterating yields sprites in insertion order; ``draw`` sorts by ``z``.
    """

    def __init__(self) -> None:
        self._by_key: dict[int, CardSprite] = {}

    def __len__(self) -> int:
        return len(self._by_key)

    def __iter__(self) -> Iterator[CardSprite]:
        return iter(list(self._by_key.values()))

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def get(self, key: int) -> CardSprite | None:
        """Sprite stored under ``key``, or None."""
        return self._by_key.get(key)

    def add(self, key: int, sprite: CardSprite) -> CardSprite:
        """Store ``sprite`` under ``key`` (replacing any) and return it."""
        self._by_key[key] = sprite
        return sprite

    def ensure(
        self, card: int, x: float = 0.0, y: float = 0.0, *, face_up: bool = True, z: int = 0
    ) -> CardSprite:
        """Return the sprite of ``card``, creating it at ``(x, y)`` px if missing."""
        sprite = self._by_key.get(card)
        if sprite is None:
            sprite = CardSprite(card, x, y, face_up=face_up, z=z)
            self._by_key[card] = sprite
        return sprite

    def remove(self, key: int) -> CardSprite | None:
        """Remove and return the sprite under ``key`` (None if absent)."""
        return self._by_key.pop(key, None)

    def clear(self) -> None:
        """Remove all sprites."""
        self._by_key.clear()

    def draw(
        self,
        surface: pygame.Surface,
        renderer: CardRenderer,
        select_color: tuple[int, ...] = (255, 204, 64),
    ) -> None:
        """Draw all sprites sorted by ``z``."""
        draw_sprites(surface, self._by_key.values(), renderer, select_color)

    def top_at(self, point: tuple[int, int], size: tuple[int, int]) -> CardSprite | None:
        """Topmost sprite under ``point`` px, or None."""
        return sprite_at(self._by_key.values(), point, size)
