"""The game in progress and the files: autosave, stats and records at the right moments.

The app calls :meth:`Session.turn_ended` at every turn boundary (a discard, the end of a
hand), after each of the person's moves a reset does not undo (a stock draw, the question
about going out and its answer) and after a pile take or a reset (:func:`saved_after`
says which moves), and
:meth:`Session.next_hand` to deal on; the session saves the game each time, so killing
the process loses at most the melds and lay-offs of the turn being played, and never
takes back a stock draw. When a hand ends it counts the
person's stats; when the game ends it writes the game record (if replays are on, keeping
only the newest ``replays_kept`` records) and forgets the save. Every step is safe to
repeat after a crash: stats count each hand and game once, and a record is written once.

When the disk fails (see :mod:`canasta.persistence.store`), play goes on with what is in
memory and every write that failed is tried again at the next save point: a turn
boundary, a new hand, a new game, a setting change, and quitting. A finished game's save
is deleted only once its stats and its record are written; until then it stays (Continue
offers it, and counting it again is harmless), and when a new game needs the save's place
it is kept as ``finished-GAME_ID.json``. At start, such games are settled quietly and the
player is told.

Only games with the person at seat 0 are saved and counted (a demo is neither).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import fields

from canasta.engine.game import Game
from canasta.engine.moves import MoveType
from canasta.engine.rules import PRESETS, RuleSet
from canasta.engine.state import HandState
from canasta.i18n import _, number
from canasta.persistence.saves import SavedGame, hand_record
from canasta.persistence.settings import Settings
from canasta.persistence.stats import Stats, kind_of
from canasta.persistence.store import Store

#: The person's seat, and so their side (seat % 2).
PERSON_SEAT = 0

#: The person's moves after which the game is saved at once, besides every discard: a
#: stock draw shows a card, so leaving and continuing must not take it back (the turn's
#: Reset keeps it too); a pile take and the going-out question and answer are saved
#: likewise, so that Continue brings back the turn as the person left it.
SAVED_AFTER = frozenset({MoveType.DRAW, MoveType.TAKE, MoveType.ASK, MoveType.YES, MoveType.NO})


def saved_after(move: MoveType, by_person: bool) -> bool:
    """Whether the table calls :meth:`Session.turn_ended` after ``move``: after every
    discard (a turn boundary, whoever made it), and after the person's moves in
    :data:`SAVED_AFTER`. (A reset and the end of a hand are save points too; they are not
    moves.)"""
    return move is MoveType.DISCARD or (by_person and move in SAVED_AFTER)


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
        unsettled: a finished game whose stats or record could not be written yet (its
            save is kept), or None.
    """

    def __init__(self, store: Store, looks: dict[str, list[str]] | None = None) -> None:
        self.store = store
        self.settings = store.load_settings(looks)
        self.stats = store.load_stats()
        self.current: SavedGame | None = None
        self.tracked = False
        self.unsettled: SavedGame | None = None
        self._unsaved: set[str] = set()  # "settings", "stats": in memory, not on disk
        self._blocked = False  # the save's place holds an unsettled game: do not write it
        self._settle_kept_games()
        store.check_folders()  # a folder that cannot be written: said once, at the start

    # Settings and stats ---------------------------------------------------------------------

    def update_settings(self, **changes: object) -> Settings:
        """Change some settings and write them at once (a save point: what failed before is
        tried again too).

        Raises:
            pydantic.ValidationError: for a value the setting does not take (nothing is
                changed then).
        """
        data = self.settings.model_dump() | changes
        self.settings = Settings.model_validate(data)
        self._unsaved.add("settings")
        self.save_point()
        return self.settings

    def reset_stats(self) -> None:
        """Forget every stat (after the player confirmed) and write the empty file."""
        self.stats.reset()
        self._unsaved.add("stats")
        self.save_point()

    def save_point(self) -> None:
        """Write what is only in memory: settings and stats that could not be written, and
        a finished game's stats and record (deleting its save once both are written)."""
        if "settings" in self._unsaved and self.store.save_settings(self.settings):
            self._unsaved.discard("settings")
        if "stats" in self._unsaved and self.store.save_stats(self.stats):
            self._unsaved.discard("stats")
        saved = self.unsettled
        if saved is not None and self._settle(saved):
            self.unsettled, self._blocked = None, False
            self.store.notices.append(
                _("The finished game is now in your stats and records, and its save is cleared.")
                if self.settings.replays
                else _("The finished game is now in your stats, and its save is cleared.")
            )  # fmt: skip

    def close(self) -> None:
        """The game is closing: a last save point."""
        self.save_point()

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
        """Count the game at stake (:meth:`game_at_stake`) as abandoned, a loss; True when
        one was counted. Its save stays until the new game's save replaces it."""
        saved = self.game_at_stake()
        if saved is None:
            return False
        rules = saved.game.rules
        kind, preset = kind_of(rules.players, rules.quick_game), nearest_preset(rules)[0]
        if self.stats.record_abandoned(kind, saved.game_id, preset):
            self._unsaved.add("stats")
        self.current, self.tracked = None, False
        self.save_point()
        return True

    def saved_summary(self) -> str | None:
        """What the saved game is, in a line for the Continue button, its rules first
        ("Draw-two partnership · 4 players, full · hand 2 · us 1,230, them 860"; a preset
        with other options changed says so: "Classic (changed) · ..."), or None when there
        is none. The home screen's own rules line tells what a new game would be."""
        saved = self.current if self.tracked else None
        if saved is None and self.store.has_save():
            saved = self.store.load_game()
        if saved is None:
            return None
        game, side = saved.game, PERSON_SEAT % 2
        kind = _("quick") if game.rules.quick_game else _("full")
        us, them = game.totals[side], game.totals[1 - side]
        name, changed = nearest_preset(game.rules)
        rules = _(name) + (_(" (changed)") if changed else "")
        line = _("{rules} \u00b7 {players} players, {kind} \u00b7 hand {hand} \u00b7 us {us}, them {them}")  # noqa: E501  # fmt: skip
        return line.format(
            rules=rules, players=game.rules.players, kind=kind, hand=len(game.deal_numbers),
            us=number(us), them=number(them),
        )  # fmt: skip

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
        unfinished game, if any, is abandoned (:meth:`abandon_game`: counted as a loss). A
        finished game still waiting for its stats or record is first kept aside
        (``finished-ID.json``); while that cannot be done, the new game is played but not
        saved over it."""
        if not demo:
            self.abandon_game()
        rules = self.settings.rule_set()
        if players is not None:
            rules = rules.with_options(players=players)
        game = Game(rules, seed, first_deal=first_deal, first_dealer=first_dealer)
        gid = game_id or secrets.token_hex(8)
        self.save_point()
        if self.unsettled is not None and not demo:
            self._keep_unsettled(self.unsettled)
        self.current = SavedGame(game, gid, self.settings.computer_level)
        self.tracked = not demo
        if self.tracked:
            self._save_current()
        return game

    def play_position(self, hand: HandState, seed: int) -> Game:
        """Sit down at a hand read from a position file, as it stands: its rules, deal,
        dealer and side scores, the person in seat 0. Such a game is neither saved nor
        counted in Stats (like a demo), so the saved game in progress, if any, stays as it
        was; once the hand is scored, the next hands are dealt from ``seed``.

        Raises:
            ValueError: when ``hand`` has ended (there is nothing left to play).
        """
        if hand.ended:
            raise ValueError("the hand in this position is over: there is nothing to play")
        game = Game.restore(
            hand.rules,
            seed,
            totals=list(hand.side_scores),
            scores=[],
            deal_numbers=[hand.deal_number],
            dealer=hand.dealer,
            hand=hand,
            rng_state=random.Random(seed).getstate(),
        )
        self.save_point()
        self.current = SavedGame(game, secrets.token_hex(8), self.settings.computer_level)
        self.tracked = False
        return game

    def continue_game(self) -> Game | None:
        """Load the game in progress (None if there is none, it was broken or cannot be
        read). A finished game waiting for its stats or record comes back too: its next
        :meth:`turn_ended` writes them."""
        saved = self.store.load_game()
        if saved is None:
            return None
        if saved.game.over:
            self.unsettled = saved  # turn_ended writes what is missing and says so
        self.current, self.tracked = saved, True
        return saved.game

    def turn_ended(self) -> None:
        """A save point at the table (a turn or the hand ended, or the person made a move
        that is not taken back; see the module): save, and count a finished hand or game."""
        saved = self.current
        if saved is None or not self.tracked:
            self.save_point()
            return
        game = saved.game
        hand_scored = game.hand.ended and len(game.scores) == len(game.deal_numbers)
        self._save_current()
        if hand_scored:
            self._count_hand(saved)
        if hand_scored and game.over:
            self._finish(saved)
        self.save_point()

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
            self._save_current()
        self.save_point()

    # Counting and settling -------------------------------------------------------------------

    def _save_current(self) -> None:
        assert self.current is not None
        if self._blocked and self.unsettled is not None:
            self._keep_unsettled(self.unsettled)
        if not self._blocked:
            self.store.save_game(self.current)

    def _keep_unsettled(self, saved: SavedGame) -> None:
        """Move a finished, unsettled game out of the save's place (``finished-ID.json``)."""
        was_blocked = self._blocked
        self._blocked = self.store.saved_game_id() == saved.game_id
        if self.store.keep_finished(saved):
            self._blocked = False
        elif self._blocked and not was_blocked:
            self.store.notices.append(
                _(
                    "The new game is not saved yet: the finished game before it keeps the save's "
                    "place until it can be written (it is tried again at every turn)."
                )
            )

    def _count_hand(self, saved: SavedGame) -> None:
        game = saved.game
        hand = game.hand
        side = PERSON_SEAT % 2
        kind = kind_of(game.rules.players, game.rules.quick_game)
        went_out = hand.went_out >= 0 and hand.went_out % 2 == side
        mine = game.scores[-1].sides[side]
        preset = nearest_preset(game.rules)[0]
        if self.stats.record_hand(
            kind, saved.game_id, len(game.scores), mine, went_out, hand.concealed, preset
        ):
            self._unsaved.add("stats")

    def _finish(self, saved: SavedGame) -> None:
        """The game is over: count it, write its stats and record, then forget its save; or,
        when a write failed, keep the save (and the game as :attr:`unsettled`)."""
        self.tracked = False
        if self._settle(saved):
            return
        self.unsettled = saved
        self.store.notices.append(
            _(
                "The finished game stays saved until its stats and record can be written: "
                "Continue on the home screen (or the next start) tries again."
            )
        )

    def _settle(self, saved: SavedGame) -> bool:
        """Count a finished game, write the stats and (replays on) its record, and delete
        its save and its kept copy once all of that is on disk; True when it is."""
        game = saved.game
        side = PERSON_SEAT % 2
        kind = kind_of(game.rules.players, game.rules.quick_game)
        won, preset = game.winner == side, nearest_preset(game.rules)[0]
        if self.stats.record_game(kind, saved.game_id, won, game.totals[side], preset):
            self._unsaved.add("stats")
        if "stats" in self._unsaved:
            if not self.store.save_stats(self.stats):
                return False
            self._unsaved.discard("stats")
        if self.settings.replays:
            if self.store.write_record(saved) is None:
                return False
            self.store.prune_records(self.settings.replays_kept)
        done = True
        if self.store.saved_game_id() == saved.game_id:
            done = self.store.delete_game()
        kept = self.store.finished_path(saved.game_id)
        return self.store.delete_game(kept) and done

    def _settle_kept_games(self) -> None:
        """At start: settle finished games left on disk (kept aside, or in the save's place)
        quietly, and say so."""
        kept = [self.store.load_game(path) for path in self.store.finished_games()]
        found = [saved for saved in kept if saved is not None and saved.game.over]
        if self.store.save_hand_ended():
            current = self.store.load_game()
            if current is not None and current.game.over and current.game.hand.ended:
                found.append(current)
        for saved in found:
            missing = not self.stats.counted(saved.game_id) or (
                self.settings.replays and not self.store.has_record(saved.game_id)
            )
            self._count_hand(saved)
            if self._settle(saved):
                if not missing:
                    continue  # it was all written: only its save was left
                self.store.notices.append(
                    _("A finished game was not yet in your stats and records; it is now.")
                    if self.settings.replays
                    else _("A finished game was not yet in your stats; it is now.")
                )
            elif self.unsettled is None:
                self.unsettled = saved
                self.store.notices.append(
                    _(
                        "A finished game is still not in your stats and records; it stays "
                        "saved and is tried again at the next turn, new game or start."
                    )
                )


__all__ = ["PERSON_SEAT", "Session", "Stats"]


def nearest_preset(rules: RuleSet) -> tuple[str, bool]:
    """The preset ``rules`` were made from (its English name) and whether an option beyond
    the number of players and the quick game differs from it: the preset with the fewest
    differing options (the first listed on a tie)."""

    def differences(preset: RuleSet) -> int:
        alike = preset.with_options(players=rules.players, quick_game=rules.quick_game)
        return sum(getattr(alike, f.name) != getattr(rules, f.name) for f in fields(rules))

    name = min(PRESETS, key=lambda n: differences(PRESETS[n]))
    return name, differences(PRESETS[name]) > 0
