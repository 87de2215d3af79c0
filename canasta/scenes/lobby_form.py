"""The Play online form: the server's address and the player's name, Connect and Back,
Rejoin when a seat is kept from an earlier run, and a hint on what to type.

The form only holds, places and draws its fields and buttons; what Connect, Back and
Rejoin do is the scene's (given as callables). Sizes are pixels.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.i18n import _
from canasta.names import NAME_LENGTH
from canasta.ui.text import blit_text, fit_text_size
from canasta.ui.textfield import TextField
from canasta.ui.theme import Theme
from canasta.ui.widgets import Button


class ConnectForm:
    """The address and name fields and the form's buttons.

    Args:
        address, name: the fields' first contents (the remembered settings).
        theme: the buttons' colours.
        on_connect, on_back, on_rejoin: the buttons' actions.
        rejoin_label: the Rejoin button's words (None: "Rejoin your table").

    Attributes:
        address, name: the two fields; fields: both, in Tab order.
        connect_button, back_button, rejoin_button: the buttons (placed by :meth:`place`).
    """

    def __init__(
        self,
        address: str,
        name: str,
        theme: Theme,
        on_connect: Callable[[], None],
        on_back: Callable[[], None],
        on_rejoin: Callable[[], None],
        rejoin_label: str | None = None,
    ) -> None:
        self.address = TextField(_("Server address"), address)
        self.name = TextField(_("Your name"), name, limit=NAME_LENGTH)
        self.fields = [self.address, self.name]
        self.address.focused = True
        self.connect_button = Button((0, 0, 10, 10), _("Connect"), on_connect, theme=theme)
        self.back_button = Button((0, 0, 10, 10), _("Back"), on_back, theme=theme)
        self.rejoin_button = Button((0, 0, 10, 10), rejoin_label or _("Rejoin your table"),
                                    on_rejoin, theme=theme)  # fmt: skip

    def buttons(self, rejoin: bool) -> list[Button]:
        """The form's buttons (``rejoin``: a seat is kept, so Rejoin shows first)."""
        shown = [self.connect_button, self.back_button]
        return [self.rejoin_button, *shown] if rejoin else shown

    def next_field(self) -> TextField:
        """The field Tab moves to from the focused one (the address after the name)."""
        now = self.fields.index(self.name) if self.name.focused else 0
        return self.fields[(now + 1) % len(self.fields)]

    def place(self, size: tuple[int, int], unit: int) -> pygame.Rect:
        """Place the fields and buttons for a ``size`` (w, h) px window with rows ``unit``
        px high; returns the rect of the line under the hint (How to play online's)."""
        w, h = size
        width = min(640, w - 80)
        left = (w - width) // 2
        # A short window raises the form so How to play online's line stays on it.
        y = top = min(int(h * 0.28), h - unit * 15 // 2 - 10 - max(8, h // 60))
        for field in self.fields:
            field.rect = pygame.Rect(left, y, width, unit)
            y += unit * 2
        half = (width - unit // 2) // 2
        self.connect_button.rect = pygame.Rect(left, y, half, unit)
        self.back_button.rect = pygame.Rect(left + width - half, y, half, unit)
        self.rejoin_button.rect = pygame.Rect(left, top - unit * 2, width, unit)
        return pygame.Rect(left, self.hint_bottom(unit) + 10, width, unit)

    def hint_bottom(self, unit: int) -> int:
        """The y (px) just under the hint line (under the Connect button)."""
        return self.connect_button.rect.bottom + unit * 3 // 2

    def draw(self, surface: pygame.Surface, theme: Theme, unit: int) -> None:
        """The fields, and the hint under the buttons (the buttons are drawn by the scene,
        with the stage's others)."""
        for field in self.fields:
            field.draw(surface, theme)
        hint = _("A friend's server: its address and port, e.g. 192.168.1.20:8765")
        size = fit_text_size(hint, self.fields[0].rect.width, max(14, unit // 2 - 4))
        at = (self.fields[0].rect.x, self.connect_button.rect.bottom + unit)
        blit_text(surface, hint, size, theme.text_dim, midleft=at)


__all__ = ["ConnectForm"]
