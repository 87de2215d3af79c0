"""The game in progress and the files: autosave, stats and records at the right moments.

The app calls :meth:`Session.turn_ended` at every turn boundary (a discard, the end of a
hand) and :meth:`Session.next_hand` to deal on; the session saves the game each time, so
killing the process loses at most the turn being played. When a hand ends it counts the
person's stats; when the game ends it writes the game record (if replays are on, keeping
only the newest ``replays_kept`` records) and forgets the save. Every step is safe to
repeat after a crash: stats count each hand and game once, and a record is written once.

Only games with the person at seat 0 are saved and counted (a demo is neither).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from canasta.engine.game import Game
from canasta.persistence.saves import SavedGame, hand_record
from canasta.persistence.settings import Settings
from canasta.persistence.stats import Stats, kind_of
from canasta.persistence.store import Store

#: The person's seat, and so their side (seat % 2).
PERSON_SEAT = 0


class Session:
    """Settings, stats and the game in progress, kept in step with the files.

    Args:
        store: the files.
        looks: names of the look designs that exist, per look field (see settings).

    Attributes:
        settings: the settings in force (change them with :meth:`update_settings`).
        stats: the person's stats.
        current: the game being played and saved, or None.
        tracked: whether ``current`` is saved and counted (False for demos).
    """

    def __init__(self, store: Store, looks: dict[str, list[str]] | None = None) -> None:
        self.store = store
        self.settings = store.load_settings(looks)
        self.stats = store.load_stats()
        self.current: SavedGame | None = None
        self.tracked = False

    # Settings and stats ---------------------------------------------------------------------

    def update_settings(self, **changes: object) -> Settings:
        """Change some settings and write them at once.

        Raises:
            pydantic.ValidationError: for a value the setting does not take (nothing is
                changed then).
        """
        data = self.settings.model_dump() | changes
        self.settings = Settings.model_validate(data)
        self.store.save_settings(self.settings)
        return self.settings

    def reset_stats(self) -> None:
        """Forget every stat (after the player confirmed) and write the empty file."""
        self.stats.reset()
        self.store.save_stats(self.stats)

    # The game -------------------------------------------------------------------------------

    def has_saved_game(self) -> bool:
        """True when a game in progress is on disk."""
        return self.store.has_save()

    def game_at_stake(self) -> SavedGame | None:
        """The person's unfinished game that a new game would abandon, once something of
        it has been played (None: no such game; a demo is never one)."""
        saved = self.current if self.tracked else None
        if saved is None and self.store.has_save():
            saved = self.store.load_game()
        if saved is None or saved.game.over:
            return None
        game = saved.game
        return saved if game.scores or game.hand.history else None

    def abandon_game(self) -> bool:
        """Count the game at stake (:meth:`game_at_stake`) as abandoned, a loss, and forget
        its save; True when one was counted."""
        saved = self.game_at_stake()
        if saved is None:
            return False
        rules = saved.game.rules
        if self.stats.record_abandoned(kind_of(rules.players, rules.quick_game), saved.game_id):
            self.store.save_stats(self.stats)
        self.store.delete_game()
        self.current, self.tracked = None, False
        return True

    def saved_summary(self) -> str | None:
        """What the saved game is, in a line for the Continue button ("4 players, quick ·
        hand 2 · us 1,230, them 860"), or None when there is none."""
        saved = self.current if self.tracked else None
        if saved is None and self.store.has_save():
            saved = self.store.load_game()
        if saved is None:
            return None
        game, side = saved.game, PERSON_SEAT % 2
        kind = "quick" if game.rules.quick_game else "full"
        us, them = game.totals[side], game.totals[1 - side]
        return (f"{game.rules.players} players, {kind} \u00b7 hand {len(game.deal_numbers)}"
                f" \u00b7 us {us:,}, them {them:,}")  # fmt: skip

    def new_game(
        self,
        seed: int,
        *,
        demo: bool = False,
        players: int | None = None,
        game_id: str | None = None,
        first_deal: int | None = None,
        first_dealer: int | None = None,
    ) -> Game:
        """Start a game with the settings' rules (``players`` overrides their number of
        players) and save it, unless it is a demo. ``first_deal`` (and ``first_dealer``)
        start it on a chosen deal (see :class:`~canasta.engine.game.Game`). The person's
        unfinished game, if any, is abandoned (:meth:`abandon_game`: counted as a loss)."""
        if not demo:
            self.abandon_game()
        rules = self.settings.rule_set()
        if players is not None:
            rules = rules.with_options(players=players)
        game = Game(rules, seed, first_deal=first_deal, first_dealer=first_dealer)
        gid = game_id or secrets.token_hex(8)
        self.current = SavedGame(game, gid, self.settings.computer_level)
        self.tracked = not demo
        if self.tracked:
            self.store.save_game(self.current)
        return game

    def continue_game(self) -> Game | None:
        """Load the game in progress (None if there is none or it was broken)."""
        saved = self.store.load_game()
        if saved is None:
            return None
        self.current, self.tracked = saved, True
        return saved.game

    def turn_ended(self) -> None:
        """A turn ended (or the hand did): save, and count a finished hand or game."""
        saved = self.current
        if saved is None or not self.tracked:
            return
        game = saved.game
        hand_scored = game.hand.ended and len(game.scores) == len(game.deal_numbers)
        self.store.save_game(saved)
        if hand_scored:
            self._count_hand(saved)
        if hand_scored and game.over:
            self._finish(saved)

    def next_hand(self, deal: Callable[[], object]) -> None:
        """Deal the next hand by calling ``deal`` (the controller's or the game's
        ``next_hand``), keeping the finished hand's record, then save.

        Raises:
            ValueError: from ``deal`` when the hand is not scored or the game is over.
        """
        saved = self.current
        if saved is None:
            raise ValueError("no game in progress")
        game = saved.game
        last = hand_record(game.hand, game.scores[-1].totals) if game.scores else None
        deal()
        if last is not None and len(saved.past_hands) < len(game.scores):
            saved.past_hands.append(last)
        if self.tracked:
            self.store.save_game(saved)

    def _count_hand(self, saved: SavedGame) -> None:
        game = saved.game
        hand = game.hand
        side = PERSON_SEAT % 2
        kind = kind_of(game.rules.players, game.rules.quick_game)
        went_out = hand.went_out >= 0 and hand.went_out % 2 == side
        mine = game.scores[-1].sides[side]
        if self.stats.record_hand(
            kind, saved.game_id, len(game.scores), mine, went_out, hand.concealed
        ):
            self.store.save_stats(self.stats)

    def _finish(self, saved: SavedGame) -> None:
        game = saved.game
        side = PERSON_SEAT % 2
        kind = kind_of(game.rules.players, game.rules.quick_game)
        if self.stats.record_game(kind, saved.game_id, game.winner == side, game.totals[side]):
            self.store.save_stats(self.stats)
        if self.settings.replays:
            self.store.write_record(saved)
            self.store.prune_records(self.settings.replays_kept)
        self.store.delete_game()
        self.tracked = False


__all__ = ["PERSON_SEAT", "Session", "Stats"]
