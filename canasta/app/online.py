"""Play online, for the app: the lobby screen with a real server link, the table with the
online controller, the scoreboard after each hand, then the next hand, the rematch, or
the lobby again.

This is the one place that joins the screen to the network: the scenes get a
:class:`~canasta.controller.TableControl` (the online one) and a
:class:`~canasta.scenes.lobby.LobbyLink` (the online link), never a network module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from canasta.engine.rules import RuleSet
from canasta.i18n import _, format_list
from canasta.names import check_name
from canasta.net.link import OnlineLink
from canasta.net.remote import RemoteTableControl
from canasta.persistence.addresses import server_url
from canasta.persistence.online_seat import OnlineSeat
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.howto import HowToPlayScene
from canasta.scenes.howto_pages import ONLINE_PAGE
from canasta.scenes.howto_rules import rules_pages
from canasta.scenes.lobby import FieldError, LobbyLink, LobbyScene
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene

if TYPE_CHECKING:
    from canasta.app import App


class OnlineLauncher:
    """Opens the Play online screens for the app (its manager, settings and look).

    Args:
        app: the application (its scene manager, session, sound and look).
        make_link: makes the link for an address and a name, and a ``token=`` keyword to
            take a kept seat back (tests give their own).

    Attributes:
        link: the connection while the person plays online (None: not connected).
        table: the online table's scene while it shows.
    """

    def __init__(self, app: App, make_link: Callable[..., OnlineLink] = OnlineLink) -> None:
        self.app = app
        self.make_link = make_link
        self.link: OnlineLink | None = None
        self.table: TableScene | None = None
        #: The lobby's new-table options, kept while the game runs (see LobbyScene).
        self.choices: dict[str, Any] = {}

    def open(self) -> None:
        """Show the Play online screen: the form, or the lobby when still connected."""
        app = self.app
        settings = app.session.settings
        self.table = None
        seat = app.session.store.load_seat()
        app.manager.clear()
        app.manager.push(
            LobbyScene(
                self.connect,
                self.home,
                self.started,
                address=settings.server_address,
                name=settings.player_name,
                theme=app.look.theme,
                link=self.link,
                preset=settings.rules_preset,
                rejoin=None if seat is None else self.rejoin,
                rejoin_label=None if seat is None else rejoin_label(seat),
                forget=self.forget,
                kept=None if seat is None else (seat.table, seat.chair),
                on_help=self.help,
                choices=self.choices,
            )
        )

    def help(self, rules: RuleSet, name: str) -> None:
        """How to play, written for ``rules`` (named ``name``: the table's, or a new
        table's, as the lobby says), open at its pages on playing online; Back returns to
        the lobby."""
        look = self.app.look
        self.app.manager.push(HowToPlayScene(self.back_from_help, theme=look.theme,
                                             renderer=look.renderer,
                                             pages=rules_pages(rules, name),
                                             start=ONLINE_PAGE))  # fmt: skip

    def back_from_help(self) -> None:
        """Close How to play: the lobby shows again, as it was."""
        self.app.manager.pop()

    def rejoin(self) -> OnlineLink | None:
        """Connect with the kept seat's token to take that chair back (None: none kept)."""
        seat = self.app.session.store.load_seat()
        if seat is None:
            return None
        if self.link is not None:
            self.link.close()
        self.link = self.make_link(seat.url, seat.name, token=seat.token)
        return self.link

    def forget(self) -> None:
        """Forget the kept seat (the game is over, the person left, or the server no
        longer knows the token)."""
        self.app.session.store.save_seat(None)

    def connect(self, address: str, name: str) -> OnlineLink:
        """Check the address and the name, then connect (at once); both are remembered once
        the server says hello back.

        Raises:
            FieldError: for an address or a name the server would not take, in the
                player's words, naming the field.
        """
        try:
            url = server_url(address)
        except ValueError as error:
            raise FieldError("address", str(error)) from None
        try:
            name = check_name(name)
        except ValueError as error:
            raise FieldError("name", _("Your name: {why}.").format(why=_(str(error)))) from None
        if self.link is not None:
            self.link.close()
        self.link = self.make_link(url, name)
        self.link.on_welcome = lambda: self.remember(url, name)
        return self.link

    def remember(self, url: str, name: str) -> None:
        """Keep the address and the name that worked (a failed address is not saved)."""
        self.app.session.update_settings(server_address=url, player_name=name)
        self.app.tell()

    def home(self) -> None:
        """Close the connection and go home."""
        if self.link is not None:
            self.link.close()
            self.link = None
        self.app.home()

    def started(self, link: LobbyLink) -> None:
        """The game started: the table, over the online controller."""
        assert self.link is not None and self.link.game is not None
        control, link_ = self.link.game, self.link
        app = self.app
        if link_.table is not None and link_.chair is not None and link_.token is not None:
            names = [c.name for c in link_.table.chairs if c.name is not None]  # the people
            app.session.store.save_seat(OnlineSeat(url=link_.url, name=link_.name,
                                                   table=link_.table.id, chair=link_.chair,
                                                   token=link_.token, players=names))  # fmt: skip
        self.table = app.table_scene(
            control,
            lambda _table: self.hand_over(control),
            self.menu,
            status=link_.table_line,
            notices=link_.take_notice,
        )
        app.manager.clear()
        app.manager.push(self.table)

    def hand_over(self, control: RemoteTableControl) -> None:
        """The hand's scores; Continue (or Rematch once the game is over) asks the server
        for the next hand, Lobby goes back to the lobby. A finished game's record is kept
        with the player's own (Stats → recent games replays it)."""
        record = control.game.record
        if control.game.over:
            self.forget()
        if control.game.over and record is not None:
            session = self.app.session
            if session.settings.replays and session.store.keep_record(record) is not None:
                session.store.prune_records(session.settings.replays_kept)
            self.app.tell()
        board = ScoreboardScene(
            control,
            control.model.seat,
            on_continue=self.next_hand,
            on_new_game=self.next_hand,
            on_home=self.lobby,
            theme=self.app.look.theme,
        )
        board.home_button.label = _("Lobby")  # Home goes back to the lobby here
        if board.over:
            board.buttons[0].label = _("Rematch")  # a new game at the same table
        self.app.manager.push(board)

    def next_hand(self) -> None:
        """Back to the table; the server deals once every person at it has asked."""
        self.app.manager.pop()
        if self.link is not None:
            self.link.next_hand()

    def menu(self) -> None:
        """The table's Menu: leave the table (a computer takes the chair) for the lobby."""
        question = _("Leave this table? A computer player takes your chair.")
        self.app.manager.push(ConfirmDialog(question, self.lobby, yes=_("Leave"),
                                            no=_("Stay"), theme=self.app.look.theme))  # fmt: skip

    def lobby(self) -> None:
        """Give up the chair and show the lobby (still connected)."""
        self.forget()
        if self.link is not None:
            self.link.leave()
            self.link.refresh()
        self.open()


def rejoin_label(seat: OnlineSeat) -> str:
    """The form's button that takes a kept seat back: "Rejoin your table (Ann, Bob)"."""
    if not seat.players:
        return _("Rejoin your table")
    return _("Rejoin your table ({players})").format(players=format_list(seat.players))


__all__ = ["OnlineLauncher", "rejoin_label"]
