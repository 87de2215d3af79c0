"""Play online: the server's address and the player's name, then the lobby (open tables,
create a table, join by code), then the chair map of the table joined (ready, Start).

The scene never touches the network: it reads and asks a :class:`LobbyLink` (the app
builds one with ``connect``; the online link implements it), and takes whatever arrived
with :meth:`LobbyLink.pump` in each frame's update, so nothing here waits. When the game
starts, ``on_started`` is called and the app shows the table.

Its parts: the form (:mod:`canasta.scenes.lobby_form`), the new-table options
(:mod:`canasta.scenes.lobby_choices`), the list of tables
(:mod:`canasta.scenes.lobby_rows`) and the chair map (:mod:`canasta.scenes.lobby_chairs`);
this module holds the stages, what the buttons do, the input and the layout.

Keyboard: Tab moves between the two fields of the form, Enter connects; in the lobby,
typing goes into the join-code field and Enter joins; R is ready in the chair map. The
fields edit as text fields do (:class:`~canasta.ui.textfield.TextField`: cursor,
selection, clipboard).
Sizes are pixels.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from canasta.engine.rules import PRESETS, RuleSet, preset_rules
from canasta.i18n import _, ngettext, number, pgettext
from canasta.scenes.base import Scene
from canasta.scenes.lobby_chairs import draw_chair_map, draw_problem
from canasta.scenes.lobby_choices import TableChoices
from canasta.scenes.lobby_column import Labelled, ScrollColumn
from canasta.scenes.lobby_form import ConnectForm
from canasta.scenes.lobby_link import LobbyLink
from canasta.scenes.lobby_rows import draw_rows, open_chair
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Editing, Intent, Key, KeyUp, Move, Text, Wheel
from canasta.ui.paragraphs import wrap_text
from canasta.ui.text import blit_text, elide
from canasta.ui.textfield import FieldError, TextField
from canasta.ui.theme import Theme, default_theme, paint_felt
from canasta.ui.widgets import Button

#: The trace (``canasta.logs``): the stage shown, the tables listed, the chairs ready.
TRACE = logging.getLogger("canasta.trace")


class LobbyScene(Scene):
    """Connect, then choose or make a table, then get ready.

    Args:
        connect: makes the link for an address and a name as typed, and remembers both
            (raises ValueError, with the reason in the player's words, for a bad one).
        on_back: back to the home screen (the link, if any, is closed first).
        on_started: the table's game started (the app shows the table).
        address, name: the fields' first contents (the remembered settings).
        theme: colours.
        link: an existing link (back from a table: the lobby again, still connected).
        preset: the rules a new table starts with (a name in the engine's presets; the
            Rules button steps through them).
        rejoin: connects with a seat kept from an earlier run to take that chair back
            (None: no seat kept; the form then has no Rejoin button).
        rejoin_label: the Rejoin button's words ("Rejoin your table (Ann, Bob)").
        forget: forgets the kept seat (the server no longer knows it).
        kept: the kept seat's (table id, chair): that chair's button in the list of tables
            takes it back (a computer may be playing it meanwhile).
        on_help: shows How to play at its pages on playing online, written for the rules
            given with their name (see :meth:`help_rules`; None: no button).
        choices: the new-table options chosen so far (``private``, ``level``, ``clock``,
            ``quick``, ``preset``), kept by the caller and updated here at each change, so
            the lobby shown again after a table offers the same ones.

    Attributes:
        link: the connection (None until Connect works).
        error: the last problem in plain words, shown at the bottom ("" for none).
        form: the address and name form (:class:`ConnectForm`); address, name, fields:
            its fields.
        new_table: the options of a table created next (:class:`TableChoices`).
    """

    def __init__(
        self,
        connect: Callable[[str, str], LobbyLink],
        on_back: Callable[[], None],
        on_started: Callable[[LobbyLink], None],
        address: str = "",
        name: str = "",
        theme: Theme | None = None,
        link: LobbyLink | None = None,
        preset: str = "Classic",
        rejoin: Callable[[], LobbyLink | None] | None = None,
        rejoin_label: str | None = None,
        forget: Callable[[], None] | None = None,
        kept: tuple[str, int] | None = None,
        on_help: Callable[[RuleSet, str], None] | None = None,
        choices: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.rejoin_link, self.forget, self.kept = rejoin, forget, kept
        self.on_help = on_help
        self.connect_link = connect
        self.on_back = on_back
        self.on_started = on_started
        self.theme = theme = theme or default_theme()
        self.link = link
        self.error = ""
        self.form = ConnectForm(address, name, theme, self.connect, self.back, self.rejoin,
                                rejoin_label)  # fmt: skip
        self.address, self.name, self.fields = self.form.address, self.form.name, self.form.fields
        self.code = TextField(_("Join code"), limit=10)
        self.new_table = TableChoices(theme, preset, choices)

        def make(label: str, action: Callable[[], None]) -> Button:
            return Button((0, 0, 10, 10), label, action, theme=theme)

        self.lobby_back_button = make(_("Back"), self.back)
        self.refresh_button = make(_("Refresh"), self.refresh)
        self.create2_button = make(_("New table: 2 players"), lambda: self.create(2))
        self.create4_button = make(_("New table: 4 players"), lambda: self.create(4))
        self.join_button = make(_("Join"), self.join_code)
        self.ready_button = make(_("I'm ready"), self.toggle_ready)
        self.start_button = make(pgettext("start the game", "Start"), self.start)
        self.leave_button = make(_("Leave table"), self.leave)
        self.help_button = make(_("How to play online"), self.help)
        self.rows: list[tuple[pygame.Rect, Any]] = []
        #: Each listed table's free chairs: (rect, table, chair) to sit in that one.
        self.seats: list[tuple[pygame.Rect, Any, int]] = []
        #: The chair map's free chairs (before the start): (rect, chair) to move there.
        self.free_chairs: list[tuple[pygame.Rect, int]] = []
        #: How to play online's place at each stage (set by ``resize``).
        self.help_rects = {stage: pygame.Rect(0, 0, 10, 10) for stage in ("form", "lobby", "table")}
        #: The lobby's column of buttons, scrolled in a short window.
        self.column = ScrollColumn()
        self.code_place = Labelled(self.code, 0)
        self._traced: tuple[str, int, int] | None = None
        #: The (table id, chair) sat at when last seen: a new seat clears an older problem.
        self._seated: tuple[str, int | None] | None = None

    # Stages -----------------------------------------------------------------------------------

    @property
    def stage(self) -> str:
        """``"form"`` (address and name), ``"lobby"`` (the open tables) or ``"table"``
        (the chair map of the table joined)."""
        if self.link is None:
            return "form"
        return "table" if self.link.table is not None else "lobby"

    def buttons(self) -> list[Button]:
        """The buttons of this stage."""
        stage = self.stage
        helps = [self.help_button] if self.on_help is not None else []
        self.help_button.rect = self.help_rects[stage]
        if stage == "form":
            return [*self.form.buttons(self.rejoin_link is not None), *helps]
        if stage == "lobby":
            up = self.link is not None and self.link.connected  # nothing to ask before
            for each in (self.create2_button, self.create4_button, self.join_button,
                         self.refresh_button):  # fmt: skip
                each.enabled = up
            column = [self.create2_button, self.create4_button, *self.new_table.buttons,
                      self.join_button, self.refresh_button, self.lobby_back_button]  # fmt: skip
            return [*(b for b in column if self.showing(b)), *helps]
        if self.link is not None and self.link.next_deal:  # waits for the deal: no seat yet
            return [self.leave_button, *helps]
        shown = [self.ready_button, self.leave_button, *helps]
        if self.link is not None and self.link.host:
            self.start_button.enabled = self.all_ready()
            shown.insert(1, self.start_button)
        return shown

    def showing(self, item: Any) -> bool:
        """Whether the lobby's column shows ``item`` (a button or the join code) now."""
        shown = self.column.shown
        return (
            not self.column.items
            or item in shown
            or (item is self.code and self.code_place in shown)
        )

    def all_ready(self) -> bool:
        """True when every person's chair at the table is ready (the host may start)."""
        table = self.link.table if self.link is not None else None
        return table is not None and all(c.ready for c in table.chairs if c.name is not None)

    # Actions ----------------------------------------------------------------------------------

    def connect(self) -> None:
        """Connect with the address and name typed (a bad one: the reason shows)."""
        self.address.error = self.name.error = ""
        try:
            self.link = self.connect_link(self.address.text, self.name.text)
        except FieldError as error:  # beside its field, which takes the typing
            field = self.name if error.field == "name" else self.address
            field.error, self.error = str(error), ""
            self._focus(field)
            return
        except ValueError as error:
            self.error = str(error)
            return
        self.error = ""
        self.code.focused = True

    def rejoin(self) -> None:
        """Take the kept seat back: connect with its token; the table shows once its view
        arrives (mid-turn included)."""
        if self.rejoin_link is None:
            return
        self.link = self.rejoin_link()
        self.error = "" if self.link is not None else self.error

    def back(self) -> None:
        """Close the connection and go home."""
        if self.link is not None:
            self.link.close()
            self.link = None
        self.on_back()

    def refresh(self) -> None:
        """Ask for the open tables again."""
        if self.link is not None:
            self.link.refresh()

    def create(self, players: int) -> None:
        """Create a table for 2 or 4 players with the options shown (private or listed,
        rules, computer level, turn clock, one hand or a whole game)."""
        choice = self.new_table
        if self.link is not None:
            self.link.create(players, not choice.private, choice.level, choice.clock,
                             choice.quick, choice.preset)  # fmt: skip

    def join_code(self) -> None:
        """Join the table whose code is typed."""
        code = self.code.text.strip().upper()
        if not code:
            self.error = _("Type the table's join code first.")
            return
        if self.link is not None:
            self.link.join_code(code)

    def help(self) -> None:
        """How to play, at its pages on playing online, for the rules :meth:`help_rules`
        gives."""
        if self.on_help is not None:
            self.on_help(*self.help_rules())

    def help_rules(self) -> tuple[RuleSet, str]:
        """The rules How to play describes from here, and their name in the player's
        words: at a table (the chair map), that table's (its preset, its players, one hand
        or a whole game); on the form and in the lobby, a table created next's (the
        options shown: the settings' preset first). A table of a preset this version does
        not know (a newer server's) gets the options shown, named as such."""
        table = self.link.table if self.link is not None else None
        if table is not None and table.preset in PRESETS:
            return preset_rules(table.preset, table.players, table.quick), _(table.preset)
        choice = self.new_table
        return preset_rules(choice.preset, quick=choice.quick), _(choice.preset)

    def join_row(self, table: Any) -> None:
        """Sit at the first open chair of a listed table (a free one, or in a started game
        one a computer plays whose person left or was away too long)."""
        free = [i for i, chair in enumerate(table.chairs) if open_chair(table, chair)]
        if self.link is not None and free:
            self.link.join(table.id, free[0])

    def toggle_ready(self) -> None:
        """Ready, or no longer ready."""
        link = self.link
        if link is None or link.table is None or link.chair is None:
            return
        link.ready(not link.table.chairs[link.chair].ready)

    def start(self) -> None:
        """The host starts the game."""
        if self.link is not None and self.all_ready():
            self.link.start()

    def leave(self) -> None:
        """Give up the chair: back to the list of tables."""
        if self.link is not None:
            self.link.leave()
            self.link.refresh()

    # Frames -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Take what arrived; the game's start hands over to the table; a held editing key
        repeats in the field that has the keyboard."""
        super().update(dt)
        field = self.text_field()
        if field is not None:
            if not field.focused:  # the lobby's join code: where typing goes, ringed
                self._focus(field)
            field.tick(dt)
        link = self.link
        if TRACE.isEnabledFor(logging.DEBUG):
            self.trace()
        if link is None:
            return
        link.pump()
        seated = (link.table.id, link.chair) if link.table is not None else None
        if link.problem:
            self.error = link.problem
        elif link.lost or seated != self._seated:  # an older problem is past
            self.error = ""
        self._seated = seated
        if link.failed:  # back to the form, the reason under it
            if link.seat_gone and self.forget is not None:
                self.forget()
                self.rejoin_link = self.kept = None
            link.close()
            self.link = None
            self._focus(self.address)
            return
        if link.table is not None and link.chair is not None:
            ready = link.table.chairs[link.chair].ready
            self.ready_button.label = _("Not ready") if ready else _("I'm ready")
            self.start_button.enabled = self.all_ready()
        if link.started:
            TRACE.debug("lobby started")
            self.on_started(link)

    def trace(self) -> None:
        """One trace line whenever the stage, the tables listed or the chairs ready change
        (a real-window test waits for them)."""
        link = self.link
        table = link.table if link is not None else None
        ready = sum(1 for c in table.chairs if c.ready) if table is not None else 0
        now = (self.stage, ready, len(link.tables) if link is not None else 0)
        if now != self._traced:
            self._traced = now
            TRACE.debug("lobby stage=%s ready=%d tables=%d", *now)

    def wake_in(self) -> float | None:
        """Every few frames while connected (messages may arrive), when a held key repeats
        next, else on input."""
        field = self.text_field()
        waits = [0.1 if self.link is not None else super().wake_in()]
        waits.append(field.wake_in() if field is not None else None)
        known = [w for w in waits if w is not None]
        return min(known) if known else None

    def handle(self, intent: Intent) -> bool:
        """Clicks on buttons, fields and table rows; typing into the focused field."""
        buttons = self.buttons()
        if isinstance(intent, Move):
            for shown in buttons:
                shown.update_hover(intent.pos)
            return False
        if isinstance(intent, Click) and intent.button == 1:
            for shown in buttons:
                if shown.enabled and shown.hit(intent.pos):
                    return shown.click()
            if self.stage == "lobby" and self.column.click(intent.pos):
                return True
            for field in self._fields():
                if field.rect.collidepoint(intent.pos):
                    self._focus(field)
                    field.click(intent.pos)
                    return True
            if self.stage == "lobby" and self.link is not None and self.link.connected:
                for rect, table, chair in self.seats:
                    if rect.collidepoint(intent.pos) and self.link is not None:
                        if (table.id, chair) == self.kept:  # the person's own chair
                            self.rejoin()
                        else:
                            self.link.join(table.id, chair)
                        return True
                for rect, table in self.rows:
                    if rect.collidepoint(intent.pos):
                        self.join_row(table)
                        return True
            if self.stage == "table":
                for rect, chair in self.free_chairs:
                    if rect.collidepoint(intent.pos) and self.link is not None:
                        self.link.move_to(chair)
                        return True
            return False
        if isinstance(intent, Wheel):
            over = intent.pos[0] >= self.column.area.x - 10  # over the column, not the list
            return self.stage == "lobby" and over and self.column.scroll(intent.steps)
        if isinstance(intent, Key):
            return self._key(intent)
        if isinstance(intent, (KeyUp, Text, Editing)):
            if self.stage == "lobby":  # the join code is the lobby's only field
                self._focus(self.code)
            into = self.text_field()
            return into.handle(intent) if into is not None else False
        return False

    def _fields(self) -> list[TextField]:
        stage = self.stage
        if stage == "lobby":
            return [self.code] if self.showing(self.code) else []
        return self.fields if stage == "form" else []

    def text_field(self) -> TextField | None:
        """The field that has the keyboard: the focused one of the form; in the lobby the
        join code, where typing goes; none at the chair map."""
        if self.stage == "lobby":
            return self.code
        return next((f for f in self._fields() if f.focused), None)

    def _focus(self, field: TextField) -> None:
        if field is self.code and self.column.items:  # typing shows where it goes
            self.column.reveal(self.code_place)
        for each in (*self.fields, self.code):
            each.focused = each is field

    def _key(self, intent: Key) -> bool:
        stage = self.stage
        if intent.key == pygame.K_ESCAPE:
            self.leave() if stage == "table" else self.back()
            return True
        if stage == "table":
            if intent.key == pygame.K_r:
                self.toggle_ready()
                return True
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
            return False
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.connect() if stage == "form" else self.join_code()
            return True
        if intent.key == pygame.K_TAB and stage == "form":
            self._focus(self.form.next_field())
            return True
        if stage == "lobby":  # the join code is the lobby's only field: typing goes there
            self._focus(self.code)
        field = self.text_field()
        return field.handle(intent) if field is not None else False

    # Layout and drawing -----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Place fields and buttons for a ``size`` (w, h) px window."""
        super().resize(size)
        w, h = self.size
        self.unit = unit = max(34, min(52, h // 16))
        form_help = self.form.place(self.size, unit)
        # The lobby: buttons in a column on the right, the tables' list on the left.
        side = min(320, w // 3)
        right = w - side - 30
        y = int(h * 0.14)
        small = unit * 5 // 6
        self.code_place.above = unit * 3 // 4
        for each in (self.create2_button, self.create4_button, *self.new_table.buttons):
            each.rect = pygame.Rect(right, y, side, small)
            y += small + unit // 6
        y += unit * 3 // 4
        self.code.rect = pygame.Rect(right, y, side, unit)
        y += unit + unit // 5
        self.join_button.rect = pygame.Rect(right, y, side, unit)
        self.refresh_button.rect = pygame.Rect(right, h - unit * 3 - 20, side, unit)
        # The chair map: its buttons under it.
        row = pygame.Rect(0, h - unit * 3 - 20, min(220, (w - 120) // 3), unit)
        table_help = pygame.Rect(0, h - unit * 2 - 10, min(side, w - 60), unit)
        if h < 480:  # a short window: lower and less tall, above the problem line
            table_help = pygame.Rect(0, h - unit - 8 - small, min(side, w - 60), small)
            row = pygame.Rect(0, table_help.y - 6 - small, (w - 80) // 3, small)
        table_help.x = (w - table_help.width) // 2
        for i, each in enumerate((self.ready_button, self.start_button, self.leave_button)):
            gap = min(20, (w - 3 * row.width) // 4)
            each.rect = row.move(w // 2 - row.width * 3 // 2 - gap + i * (row.width + gap), 0)
        self.lobby_back_button.rect = pygame.Rect(right, h - unit * 2 - 10, side, unit)
        if self.join_button.rect.bottom + unit // 5 > self.refresh_button.rect.y:
            # Too short a window for the whole column: it scrolls, above the problem line.
            gaps: list[tuple[Any, int, int]] = [
                (each, small, unit // 6)
                for each in (self.create2_button, self.create4_button, *self.new_table.buttons)
            ]
            gaps.append((self.code_place, unit + unit * 3 // 4, unit // 6))
            gaps += [
                (each, unit, unit // 6)
                for each in (self.join_button, self.refresh_button, self.lobby_back_button)
            ]
            top = int(h * 0.14)
            self.column.place(gaps, pygame.Rect(right, top, side, h - unit - 8 - top))
        else:
            self.column.place([], pygame.Rect(0, 0, 0, 0))
        # How to play online: under the form's hint, at the foot of the lobby's list, and
        # under the chair map's buttons.
        self.help_rects = {
            "form": form_help,
            "table": table_help,
            "lobby": pygame.Rect(30, h - unit * 2 - 10, min(side, w - side - 90), unit),
        }

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, a title, this stage, its buttons and the problem line."""
        paint_felt(surface, self.theme)
        w, h = self.size
        theme, unit = self.theme, self.unit
        blit_text(surface, _("Play online"), unit, theme.text, center=(w // 2, int(h * 0.07)),
                  bold=True)  # fmt: skip
        stage = self.stage
        if stage == "lobby":
            self._draw_lobby(surface)
        elif stage == "table":
            assert self.link is not None
            self.free_chairs = draw_chair_map(surface, self.link, self.size, self.unit,
                                              self.theme, self.all_ready(),
                                              self.ready_button.rect.y - 6)  # fmt: skip
        else:
            self.form.draw(surface, theme, unit)
        for shown in self.buttons():
            shown.draw(surface)
        line = self.error or (self.link.connection_line() if self.link is not None else "")
        if line:  # by the form, under its lowest part; else at the screen's foot
            near = None
            if stage == "form":
                hint = self.form.hint_bottom(unit)  # under the hint
                lowest = max([hint, *(b.rect.bottom for b in self.buttons())])
                near = lowest + unit * 2 // 3
            draw_problem(surface, line[:1].upper() + line[1:], self.size, unit, theme, near)

    def _draw_lobby(self, surface: pygame.Surface) -> None:
        assert self.link is not None
        theme, unit = self.theme, self.unit
        left, top = 30, int(self.size[1] * 0.16)
        width = self.create2_button.rect.x - left - 30
        title = _("Open tables")
        if self.link.more:  # past the server's limit: how many it leaves out
            left_out = ngettext("and {n} more table", "and {n} more tables", self.link.more)
            title += " · " + left_out.format(n=number(self.link.more))
        blit_text(surface, elide(title, width, unit // 2 + 4), unit // 2 + 4, theme.text_dim,
                  midleft=(left, top - unit // 2))  # fmt: skip
        # Above the How to play button.
        area = pygame.Rect(left, top, width, self.size[1] - unit * 2 - 20 - top)
        self.rows, self.seats = draw_rows(
            surface, self.link.tables, area, unit, theme,
            lambda table, chair: (table.id, chair) == self.kept and self.rejoin_link is not None,
        )  # fmt: skip
        if not self.link.connected and self.rows:
            # The list is the last one heard before the connection went: shown dimmed, and
            # not to be clicked (its tables may be gone) until the connection is back.
            listed = self.rows[0][0].unionall([rect for rect, _table in self.rows])
            draw_panel(surface, listed.inflate(6, 6), (0, 0, 0, 130), 8)
            self.rows, self.seats = [], []
        if not self.link.tables and self.link.connected:  # (while connecting: nothing yet)
            empty = _("No open table yet: create one, or join a friend's by code.")
            step = round(unit // 2 * 1.25)  # wrapped left of the buttons (a narrow window)
            for i, line in enumerate(wrap_text(empty, unit // 2, width)):
                blit_text(surface, line, unit // 2, theme.text_dim,
                          midleft=(left, top + unit // 2 + i * step))  # fmt: skip
        if self.showing(self.code):
            self.code.draw(surface, theme)
        self.column.draw_arrows(surface, theme.text_dim)


__all__ = ["FieldError", "LobbyLink", "LobbyScene", "TextField"]
