"""Game records (``games/GAME_ID.json``): the format, the loader that replays them, pruning.

A record holds everything needed to see a finished game again: the rules, the seed (and
every hand's deal number and dealer), the seats and their levels, every move of every
hand in its one-line text form (see :mod:`canasta.engine.moves`), and the scores. It is
JSON with a ``schema_version``, validated by pydantic.

Loading a record does not trust it: :func:`replay_record` deals each hand again from its
number and plays every move through the rules (``HandState.check``). A record whose moves
do not replay (edited, truncated, made by another version) is refused with the hand, the
move number and the rule that refused it, in the engine's words.

Text forms name cards by code; where a hand holds both copies of a card, replaying picks
the first, so card identities (and so the order of a hand's cards) may differ from the
game as played while every place holds the same cards. :func:`same_state` compares two
hand states that way.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from canasta.engine.fair import commitment, deck_order
from canasta.engine.moves import Move
from canasta.engine.position import state_to_data
from canasta.engine.rules import RuleSet, preset_name
from canasta.engine.scoring import HandScore
from canasta.engine.state import HandState
from canasta.persistence.saves import (
    HandRecord,
    SavedGame,
    SaveError,
    check_version,
    describe_error,
    hand_record,
    now_text,
)
from canasta.reading import FileTooLargeError, TextLimitError, loads_json, read_capped

log = logging.getLogger(__name__)

#: Format 2 added the seats; format 1 records are read as seat 0 the person, the others
#: computers at the record's level.
RECORD_SCHEMA_VERSION = 2
#: How many finished games are kept when the setting says nothing else.
DEFAULT_KEPT = 100

_RULES = TypeAdapter(RuleSet)


class RecordError(SaveError):
    """A game record that cannot be used; the message says why in a player's words."""


class SeatModel(BaseModel):
    """Who sat in a seat: the person, or a computer player at a level."""

    model_config = ConfigDict(extra="forbid")

    player: Literal["person", "computer"]
    level: str | None = Field(default=None, max_length=40)


class GameRecordModel(BaseModel):
    """A finished game, for replays: ``games/GAME_ID.json``.

    Attributes:
        seed: the game's seed (the deal-number generator's).
        seats: one entry per seat, seat 0 first.
        hands: every hand in order (deal number, dealer, totals at its start, moves,
            its score per side).
        totals: the game's final totals per side (points); winner: side 0 or 1, or None
            for a shared tie.
    """

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[2] = 2
    game_id: str = Field(pattern=r"^[0-9a-f]{8,32}$")
    finished_at: str
    seed: int
    level: str
    seats: list[SeatModel] = Field(min_length=2, max_length=4)
    rules: dict[str, Any]
    hands: list[HandRecord] = Field(min_length=1)
    totals: tuple[int, int]
    winner: int | None = Field(default=None, ge=0, le=1)


@dataclass
class ReplayedHand:
    """One hand of a record, played again through the rules.

    Attributes:
        record: the hand as the file gives it.
        number: its place in the game (1 is the first hand).
        moves: the moves, parsed.
        movers: the seat that made each move.
        states: the state before the first move and after every move (``len(moves) + 1``
            states), when asked for; else only the last.
        score: the hand's score by the rules.
    """

    record: HandRecord
    number: int
    moves: list[Move] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    states: list[HandState] = field(default_factory=list)
    score: HandScore | None = None

    @property
    def final(self) -> HandState:
        """The state after the last move."""
        return self.states[-1]


def seats_for(players: int, level: str) -> list[SeatModel]:
    """Seat 0 the person, the others computers at ``level`` (the app's only seating)."""
    person = SeatModel(player="person")
    return [person] + [SeatModel(player="computer", level=level) for _ in range(players - 1)]


def record_model(saved: SavedGame) -> GameRecordModel:
    """The record of a finished game (every hand, including the last)."""
    game = saved.game
    hands = list(saved.past_hands)
    if len(hands) < len(game.scores):
        seed = game.deal_seeds[-1] if game.secret else None
        hands.append(hand_record(game.hand, game.scores[-1].totals, seed))
    return GameRecordModel(
        game_id=saved.game_id,
        finished_at=now_text(),
        seed=game.seed,
        level=saved.level,
        seats=seats_for(game.rules.players, saved.level),
        rules=game.rules.to_dict(),
        hands=hands,
        totals=(game.totals[0], game.totals[1]),
        winner=game.winner,
    )


def record_json(model: GameRecordModel) -> bytes:
    """The bytes of a record file."""
    return model.model_dump_json(indent=1).encode("utf-8")


def parse_record(text: str | bytes) -> GameRecordModel:
    """Validate a game record's text (format 1 is read too); nothing is replayed yet.

    Raises:
        RecordError: for text that is not JSON, another ``schema_version``, or a missing
            or wrong-typed field (the message names the field).
    """
    try:
        data = loads_json(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else "not UTF-8 text"
        raise RecordError(f"the game record is not JSON ({reason})") from None
    except TextLimitError as error:
        raise RecordError(f"the game record is {error}") from None
    if isinstance(data, dict) and data.get("schema_version") == 1:
        data = _from_format_1(data)
    try:
        check_version(data, RECORD_SCHEMA_VERSION, "game record")
    except SaveError as error:
        raise RecordError(str(error)) from None
    try:
        return GameRecordModel.model_validate(data)
    except ValidationError as error:
        raise RecordError(f"the game record is not valid ({describe_error(error)})") from None


def _from_format_1(data: dict[str, Any]) -> dict[str, Any]:
    rules = data.get("rules")
    players = rules.get("players", 2) if isinstance(rules, dict) else 2
    level = data.get("level")
    if players not in (2, 4) or not isinstance(level, str):
        return data  # validation names the problem
    seats = [s.model_dump() for s in seats_for(players, level)]
    return data | {"schema_version": 2, "seats": seats}


def record_rules(model: GameRecordModel) -> RuleSet:
    """The record's rule set.

    Raises:
        RecordError: when the rules are not a valid rule set.
    """
    try:
        rules = _RULES.validate_python(model.rules)
    except ValidationError as error:
        reason = describe_error(error)
        raise RecordError(f"the game record's rules are not valid ({reason})") from None
    if len(model.seats) != rules.players:
        raise RecordError(f"the record seats {len(model.seats)} for {rules.players} players")
    return rules


def replay_hand(
    rules: RuleSet, item: HandRecord, number: int = 1, *, keep_states: bool = True
) -> ReplayedHand:
    """Deal ``item`` again and play its moves through the rules.

    Args:
        rules: the game's rules.
        item: the hand as recorded.
        number: its place in the game, for messages.
        keep_states: keep a copy of the state after every move (for the replay scene).

    Raises:
        RecordError: naming the hand, the move number (1 is the first) and its text, and
            the rule that refused it (its code and the player's sentence); or when the
            moves stop before the hand ends, or the score differs from the one recorded;
            or, for a hand dealt from a secret seed, when the seed does not give the
            commitment its players were sent.
    """
    deck = None
    if item.seed is not None:  # an online deal: its seed gives the cards, its number not
        promised = item.commitment
        if promised is not None and commitment(item.seed, item.salt or "") != promised:
            raise RecordError(f"hand {number}: its seed does not match the commitment "
                              "its players were sent")  # fmt: skip
        deck = deck_order(item.seed)
    hand = HandState.deal(rules, item.deal_number, item.dealer, item.side_scores, deck)
    hand.keep_snapshots = False
    out = ReplayedHand(item, number, states=[hand.copy()] if keep_states else [])
    where = f"hand {number}"
    for k, text in enumerate(item.moves, start=1):
        if hand.ended:
            raise RecordError(f"{where}, move {k} ({text!r}): the hand was already over")
        seat = hand.mover
        try:
            move = hand.parse_move(text)
        except ValueError as error:
            raise RecordError(
                f"{where}, move {k} ({text!r}) was refused (bad_move): {error}"
            ) from None
        refusal = hand.check(move)
        if refusal is not None:
            raise RecordError(
                f"{where}, move {k} ({text!r}) was refused ({refusal.code.value}): "
                f"{refusal.message()}"
            )
        hand.apply(move)
        out.moves.append(move)
        out.movers.append(seat)
        if keep_states:
            out.states.append(hand.copy())
    if not hand.ended:
        raise RecordError(f"{where}: the moves stop after move {len(item.moves)}, "
                          "before the hand is over")  # fmt: skip
    if not keep_states:
        out.states.append(hand)
    out.score = hand.score()
    if out.score.totals != item.totals:
        raise RecordError(f"{where}: the moves score {_pair(out.score.totals)}, "
                          f"the record says {_pair(item.totals)}")  # fmt: skip
    return out


def replay_record(model: GameRecordModel, *, keep_states: bool = False) -> list[ReplayedHand]:
    """Replay every hand of a record and check that the game adds up.

    Checks, beyond each hand's moves (see :func:`replay_hand`): each hand starts from
    the totals of the hands before it, the deal passes to the left, and the record's
    totals and winner are those the hands give.

    Raises:
        RecordError: for the first thing that does not replay or add up.
    """
    rules = record_rules(model)
    totals = [0, 0]
    out: list[ReplayedHand] = []
    for number, item in enumerate(model.hands, start=1):
        if tuple(item.side_scores) != tuple(totals):
            raise RecordError(f"hand {number} starts from {_pair(item.side_scores)}, "
                              f"but the hands before it make {_pair(totals)}")  # fmt: skip
        if out and item.dealer != (out[-1].record.dealer + 1) % rules.players:
            raise RecordError(f"hand {number} is dealt by seat {item.dealer}, "
                              "not the seat to the last dealer's left")  # fmt: skip
        played = replay_hand(rules, item, number, keep_states=keep_states)
        out.append(played)
        totals = [totals[i] + item.totals[i] for i in (0, 1)]
    if tuple(totals) != tuple(model.totals):
        raise RecordError(f"the hands add up to {_pair(totals)}, "
                          f"the record says {_pair(model.totals)}")  # fmt: skip
    winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
    if model.winner != winner:
        raise RecordError(f"the record names the wrong winner ({model.winner})")
    return out


def load_record(
    path: Path, *, keep_states: bool = True
) -> tuple[GameRecordModel, list[ReplayedHand]]:
    """Read, validate and replay the record at ``path``.

    Raises:
        RecordError: for a file that cannot be read, is not a valid record, or does not
            replay (the message starts with the file's path as given).
    """
    try:
        data = read_capped(path)
    except OSError as error:
        raise RecordError(f"{path}: cannot be read ({error.strerror or error})") from None
    except FileTooLargeError as error:
        raise RecordError(f"{path}: the game record is {error}") from None
    try:
        model = parse_record(data)
        return model, replay_record(model, keep_states=keep_states)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def same_state(a: HandState, b: HandState) -> bool:
    """True when two hand states hold the same cards in every place and agree on every
    fact of the turn and the hand (a hand's cards compared in any order)."""
    return canonical(a) == canonical(b)


def canonical(state: HandState) -> dict[str, Any]:
    """:func:`~canasta.engine.position.state_to_data` with each hand's cards sorted."""
    data = state_to_data(state)
    data["hands"] = [sorted(h) for h in data["hands"]]
    return data


def recent_records(folder: Path) -> list[Path]:
    """The record files in ``folder``, newest first (by modification time, then name);
    none when the folder is missing or cannot be read."""
    try:
        if not folder.is_dir():
            return []
        files = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []

    def age(path: Path) -> tuple[float, str]:
        try:
            return (path.stat().st_mtime, path.name)
        except OSError:
            return (0.0, path.name)

    return sorted(files, key=age, reverse=True)


@dataclass(frozen=True)
class RecordSummary:
    """One line about a recorded game, for a list (nothing replayed).

    Attributes:
        path: the file; finished_at: ``YYYY-MM-DDTHH:MM:SS``; players: 2 or 4;
        hands: how many hands; totals: (the person's side, the other side) in points;
        won: True, False, or None for a tie; error: why the file cannot be used (the
            other fields are then empty); preset: the name of the rules preset played
            (the English key, e.g. "Two-handed"), "" when the rules match none.
    """

    path: Path
    finished_at: str = ""
    players: int = 0
    hands: int = 0
    totals: tuple[int, int] = (0, 0)
    won: bool | None = None
    error: str | None = None
    preset: str = ""


def summarise(path: Path) -> RecordSummary:
    """The :class:`RecordSummary` of one record file (never raises)."""
    try:
        model = parse_record(read_capped(path))
    except FileTooLargeError as error:
        log.warning("game record %s cannot be read: it is %s", path, error)
        return RecordSummary(path, error=f"the game record is {error}")
    except (OSError, RecordError) as error:
        log.warning("game record %s cannot be read: %s", path, error)
        return RecordSummary(path, error=str(error))
    mine = person_seat(model) % 2
    won = None if model.winner is None else model.winner == mine
    totals = (model.totals[mine], model.totals[1 - mine])
    try:  # one hand or a whole game is said by the number of hands
        preset = preset_name(record_rules(model).with_options(quick_game=False)) or ""
    except RecordError:
        preset = ""
    return RecordSummary(path, model.finished_at, len(model.seats), len(model.hands), totals,
                         won, preset=preset)  # fmt: skip


def record_summaries(folder: Path, limit: int) -> list[RecordSummary]:
    """Summaries of the newest ``limit`` records in ``folder``, newest first."""
    return [summarise(path) for path in recent_records(folder)[: max(0, limit)]]


def person_seat(model: GameRecordModel) -> int:
    """The person's seat in a record (0 when no seat is the person's)."""
    return next((i for i, s in enumerate(model.seats) if s.player == "person"), 0)


def prune_records(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` records in ``folder``; return those deleted.

    Files that cannot be deleted are left (and not returned).
    """
    removed = []
    for path in recent_records(folder)[max(0, keep) :]:
        try:
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def _pair(values: tuple[int, int] | list[int]) -> str:
    return f"{values[0]:,} to {values[1]:,}"
