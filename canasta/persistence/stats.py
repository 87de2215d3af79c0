"""The person's record: games, wins, streaks and hand feats, per kind of game.

Kept in ``stats.json`` (pydantic, ``schema_version`` 2) with one :class:`StatLine` per
kind of game: ``"2p-full"``, ``"2p-quick"``, ``"4p-full"``, ``"4p-quick"``, once for every
rules preset together ("All presets") and once per preset the games were played with (a
game whose options were changed counts under the preset it was made from). Only games
with the person at the table count (not demos). A hand or a game is counted once even
when the game is continued after a crash: the stats remember the last game and how far
it counted.

Version 1 (before the presets were told apart) reads as version 2 with no game under any
one preset: its games count under "All presets" only.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from canasta.engine.scoring import SideScore

STATS_SCHEMA_VERSION = 2
#: The older versions a stats file may have, read as :data:`STATS_SCHEMA_VERSION`.
STATS_READ_VERSIONS = (1,)
#: How many finished games' ids the stats remember (see ``Stats.counted_games``).
KEEP_COUNTED = 50

Kind = Literal["2p-full", "2p-quick", "4p-full", "4p-quick"]
#: Every kind of game, in the order the stats screen shows them.
KINDS: tuple[Kind, ...] = ("2p-full", "2p-quick", "4p-full", "4p-quick")


def kind_of(players: int, quick: bool) -> Kind:
    """The stats kind for a game of ``players`` (2 or 4), quick or full."""
    if players == 2:
        return "2p-quick" if quick else "2p-full"
    return "4p-quick" if quick else "4p-full"


#: The largest count or score (either sign) a stats file may hold: far beyond any game
#: (a billion games), so a larger one is a damaged file; before, a count of 10**400
#: stopped the Stats screen (OverflowError in the win rate, Babel's InvalidOperation).
MOST = 10**9


class StatLine(BaseModel):
    """The record for one kind of game (counts; scores in points).

    ``highest_winning_score`` and ``best_hand_score`` (the side's highest hand total,
    which may be below zero) are None until there is one. ``red_threes`` counts the red
    threes that scored for the side (laid out by a side that melded); those that cost
    points, for a side that never melded, are not counted.
    ``games_abandoned``: games left for a new one before their end, each also counted in
    ``games_played`` as a loss (so a losing game cannot be dropped for free).

    The counts fit together as counting makes them (:meth:`Stats.record_hand`,
    :meth:`~Stats.record_game`, :meth:`~Stats.record_abandoned`), or the line is not valid
    (a stats file holding it is damaged): games won and abandoned are at most the games
    played (each game is won, lost or abandoned once), concealed goings out at most the
    goings out, which are at most the hands played (one a hand), and the current streak is
    at most the best streak, which is at most the games won.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    games_played: int = Field(default=0, ge=0, le=MOST)
    games_won: int = Field(default=0, ge=0, le=MOST)
    games_abandoned: int = Field(default=0, ge=0, le=MOST)
    highest_winning_score: int | None = Field(default=None, ge=-MOST, le=MOST)
    best_hand_score: int | None = Field(default=None, ge=-MOST, le=MOST)
    hands_played: int = Field(default=0, ge=0, le=MOST)
    natural_canastas: int = Field(default=0, ge=0, le=MOST)
    mixed_canastas: int = Field(default=0, ge=0, le=MOST)
    red_threes: int = Field(default=0, ge=0, le=MOST)
    went_out: int = Field(default=0, ge=0, le=MOST)
    went_out_concealed: int = Field(default=0, ge=0, le=MOST)
    current_streak: int = Field(default=0, ge=0, le=MOST)
    best_streak: int = Field(default=0, ge=0, le=MOST)

    @model_validator(mode="after")
    def _counts_fit(self) -> Self:
        """Refuse counts that counting cannot make (e.g. more games won than played, a win
        rate above 100%).

        Raises:
            ValueError: naming the two counts that do not fit.
        """
        pairs = (
            ("games won and abandoned", self.games_won + self.games_abandoned,
             "games played", self.games_played),
            ("goings out concealed", self.went_out_concealed, "goings out", self.went_out),
            ("goings out", self.went_out, "hands played", self.hands_played),
            ("current streak wins", self.current_streak, "best streak wins", self.best_streak),
            ("best streak wins", self.best_streak, "games won", self.games_won),
        )  # fmt: skip
        for name, count, most_name, most in pairs:
            if count > most:
                raise ValueError(f"the {name} ({count}) outnumber the {most_name} ({most})")
        return self

    @property
    def win_rate(self) -> float | None:
        """Games won / games played (0.0..1.0), or None before the first game."""
        return self.games_won / self.games_played if self.games_played else None


class Stats(BaseModel):
    """Every kind's :class:`StatLine`, for all presets and per preset, plus what has been
    counted of the latest game.

    Attributes:
        lines: kind -> record, every preset together ("All presets").
        presets: preset name (the engine's English name, e.g. ``"Classic"``) -> kind ->
            record of the games played with that preset (only games counted since version
            2 of the file).
        latest_preset: the preset of the latest game counted ("" before the first).
        game_id: the latest game counted; hands_counted: its hands counted so far;
        game_counted: whether its result was counted.
        counted_games: the ids of the latest games whose result was counted (oldest first,
            at most ``KEEP_COUNTED``), so a finished game counted late, after another game
            began, is not counted twice.
    """

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[2] = 2
    lines: dict[Kind, StatLine] = Field(default_factory=lambda: {k: StatLine() for k in KINDS})
    presets: dict[str, dict[Kind, StatLine]] = Field(default_factory=dict)
    latest_preset: str = ""
    game_id: str = ""
    hands_counted: int = Field(default=0, ge=0)
    game_counted: bool = False
    counted_games: list[str] = Field(default_factory=list, max_length=KEEP_COUNTED)

    def line(self, kind: Kind, preset: str = "") -> StatLine:
        """The record of ``kind`` for every preset together, or (``preset``, a preset's
        name) for that preset's games; an empty record when there is none (nothing is
        stored by asking)."""
        lines = self.presets.get(preset, {}) if preset else self.lines
        return lines.get(kind) or StatLine()

    def _lines(self, kind: Kind, preset: str) -> list[StatLine]:
        """The stored records a game of ``kind`` with ``preset`` counts in (made when
        missing): all presets', then the preset's own (none for ``""``)."""
        out = [self.lines.setdefault(kind, StatLine())]
        if preset:
            out.append(self.presets.setdefault(preset, {}).setdefault(kind, StatLine()))
            self.latest_preset = preset
        return out

    def counted(self, game_id: str) -> bool:
        """True when the result of game ``game_id`` is counted."""
        return game_id in self.counted_games or (game_id == self.game_id and self.game_counted)

    def hands_in_progress(self, preset: str = "") -> int:
        """The hands counted of a game whose result is not counted yet (the game in
        progress), among the games of ``preset`` ("": every preset); 0 when there is none.

        Hand figures (canastas, the highest hand score, ...) count each hand as it ends,
        games only once they end, so during a game its hands show before it does.
        """
        if not self.game_id or self.game_counted or self.counted(self.game_id):
            return 0
        if preset and preset != self.latest_preset:
            return 0
        return self.hands_counted

    def _switch_to(self, game_id: str) -> None:
        if game_id != self.game_id:
            self.game_id, self.hands_counted, self.game_counted = game_id, 0, False

    def record_hand(
        self,
        kind: Kind,
        game_id: str,
        hand_number: int,
        mine: SideScore,
        went_out: bool,
        concealed: bool,
        preset: str = "",
    ) -> bool:
        """Count the person's side's hand ``hand_number`` (1, 2, ...) of game ``game_id``.

        ``mine`` is the side's score; ``went_out``/``concealed``: a player of the side went
        out (concealed); ``preset``: the name of the rules preset played ("": counted under
        all presets only). Returns False (and counts nothing) if that hand, or the game's
        result, was counted.
        """
        if self.counted(game_id):
            return False
        self._switch_to(game_id)
        if hand_number <= self.hands_counted:
            return False
        for line in self._lines(kind, preset):
            line.hands_played += 1
            line.natural_canastas += mine.natural_canastas
            line.mixed_canastas += mine.mixed_canastas
            if mine.red_three_points > 0:  # only red threes that scored (not a penalty)
                line.red_threes += mine.red_threes
            line.went_out += int(went_out)
            line.went_out_concealed += int(went_out and concealed)
            total = mine.total
            if line.best_hand_score is None or total > line.best_hand_score:
                line.best_hand_score = total
        self.hands_counted = hand_number
        return True

    def record_game(
        self, kind: Kind, game_id: str, won: bool, my_total: int, preset: str = ""
    ) -> bool:
        """Count the result of game ``game_id`` (``my_total``: the side's final points;
        ``preset``: as for :meth:`record_hand`).

        A tie or a loss ends the winning streak (each preset's streak counts that
        preset's games in a row). Returns False if it was already counted.
        """
        if self.counted(game_id):
            return False
        self._switch_to(game_id)
        for line in self._lines(kind, preset):
            line.games_played += 1
            if won:
                line.games_won += 1
                # the best streak first: every assignment is validated (current <= best)
                line.best_streak = max(line.best_streak, line.current_streak + 1)
                line.current_streak += 1
                if line.highest_winning_score is None or my_total > line.highest_winning_score:
                    line.highest_winning_score = my_total
            else:
                line.current_streak = 0
        self.game_counted = True
        self.counted_games = [*self.counted_games, game_id][-KEEP_COUNTED:]
        return True

    def record_abandoned(self, kind: Kind, game_id: str, preset: str = "") -> bool:
        """Count game ``game_id`` as abandoned: played and lost (the streak ends);
        ``preset``: as for :meth:`record_hand`.

        Returns False if that game's result was already counted.
        """
        if self.counted(game_id):
            return False
        self._switch_to(game_id)
        for line in self._lines(kind, preset):
            line.games_played += 1
            line.games_abandoned += 1
            line.current_streak = 0
        self.game_counted = True
        self.counted_games = [*self.counted_games, game_id][-KEEP_COUNTED:]
        return True

    def reset(self) -> None:
        """Forget every record (the latest game's counting is kept, so nothing recounts)."""
        self.lines = {k: StatLine() for k in KINDS}
        self.presets = {}
