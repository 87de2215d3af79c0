"""Where replays start: the scoreboard's "Replay hand", the stats list, ``canasta replay``.

:class:`ReplayLauncher` belongs to the app: it reads game records (or the hand just
played), replays them through the rules, and puts the replay scene on screen with the
look in force. A record that does not replay is not shown: its row on the stats list says
why, or (from the command line) the app goes home and the home screen says why.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from canasta.engine.rules import RuleSet
from canasta.i18n import _
from canasta.persistence.records import (
    RecordError,
    RecordSummary,
    ReplayedHand,
    load_record,
    person_seat,
    record_rules,
    record_summaries,
    replay_hand,
)
from canasta.persistence.saves import hand_record
from canasta.scenes.base import SceneManager
from canasta.scenes.recent_games import MAX_ROWS
from canasta.scenes.replay import ReplayScene

if TYPE_CHECKING:
    from canasta.app import App


class ReplayLauncher:
    """Opens the replay scene for the app.

    Args:
        app: the application (its manager, session, look and sound).
    """

    def __init__(self, app: App) -> None:
        self.app = app

    def recent(self) -> list[RecordSummary]:
        """The newest recorded games, for the stats screen's list."""
        return record_summaries(self.app.session.store.paths.games, MAX_ROWS)

    def last_hand(self) -> Callable[[], None] | None:
        """The scoreboard's "Replay hand" for the hand just scored: a callable that shows
        it over the scoreboard (Back returns there), or None when there is no table or the
        hand's moves do not replay (then no button is offered)."""
        controller = self.app.controller
        if controller is None or not controller.game.scores:
            return None
        game = controller.game
        record = hand_record(game.hand, game.scores[-1].totals)
        me = controller.person if controller.person is not None else 0
        try:
            played = replay_hand(game.rules, record, len(game.scores))
        except RecordError:
            return None
        manager = self.app.manager

        def show() -> None:
            manager.push(self._scene(game.rules, [played], me, lambda: _pop(manager)))

        return show

    def from_stats(self, path: Path) -> str | None:
        """Replay a recorded game from the stats list (Back returns to the list); the
        reason instead when it does not replay (the list shows it)."""
        try:
            rules, hands, me = self.load(path)
        except RecordError as error:  # the list names its own files: the name is enough
            return str(error).replace(str(path), path.name, 1)
        self._show(self._scene(rules, hands, me, lambda: self.app.stats(show_games=True)))
        return None

    def from_file(self, path: Path) -> bool:
        """Replay a recorded game given on the command line (Back goes home); False (home,
        with the reason on the home screen) when it does not replay."""
        try:
            rules, hands, me = self.load(path)
        except RecordError as error:
            self.app.session.store.notices.append(
                _("The game could not be replayed: {error}").format(error=error)
            )
            self.app.home()
            return False
        self._show(self._scene(rules, hands, me, self.app.home))
        return True

    @staticmethod
    def load(path: Path) -> tuple[RuleSet, list[ReplayedHand], int]:
        """The record at ``path`` replayed: its rules, its hands, the person's seat.

        Raises:
            RecordError: when it cannot be read, is not valid or does not replay.
        """
        model, hands = load_record(path)
        return record_rules(model), hands, person_seat(model)

    def _show(self, scene: ReplayScene) -> None:
        self.app.manager.clear()
        self.app.manager.push(scene)

    def _scene(
        self, rules: RuleSet, hands: list[ReplayedHand], me: int, on_back: Callable[[], None]
    ) -> ReplayScene:
        look = self.app.look
        settings = self.app.session.settings
        return ReplayScene(
            rules, hands, on_back, me=me, sound=self.app.sound, theme=look.theme,
            cards=look.cards, descending=settings.sort_order == "descending",
        )  # fmt: skip


def _pop(manager: SceneManager) -> None:
    manager.pop()
