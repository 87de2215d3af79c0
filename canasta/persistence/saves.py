"""The game in progress and finished game records, as JSON through pydantic.

A save holds everything a :class:`~canasta.engine.game.Game` needs to go on exactly where
it stopped: the rules, the seed and the deal-number generator's state (so the next hands
are the ones the game would have dealt), the totals, every scored hand, the deal numbers,
the dealer, and the current hand twice over: as a position (``state_to_data``) and as the
moves made since the deal (card identities). Loading replays the moves on the deal, which
gives back the very same card identities, and checks the result against the position;
should the two ever differ, the position wins.

A finished hand is kept as a :class:`HandRecord` (its deal and its moves in text form); the
game record built from them is in :mod:`canasta.persistence.records`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    model_serializer,
)

from canasta.engine.fair import deck_order
from canasta.engine.game import Game
from canasta.engine.moves import Move, MoveType
from canasta.engine.position import state_to_data
from canasta.engine.rules import RuleSet
from canasta.engine.scoring import HandScore, SideScore
from canasta.engine.state import HandState
from canasta.persistence.positions import PositionError, position_from_data
from canasta.reading import TextLimitError, loads_json

SAVE_SCHEMA_VERSION = 1

_RULES = TypeAdapter(RuleSet)


class SaveError(ValueError):
    """A save or record that cannot be used; the message says why in a player's words."""


class NewerVersionError(SaveError):
    """A save, record or stats file written by a newer Canasta: not damaged, only not
    readable by this version (it is set aside as ``NAME.newer-TIME``, not ``.corrupt``)."""


class SideScoreModel(BaseModel):
    """:class:`~canasta.engine.scoring.SideScore` (points and counts)."""

    model_config = ConfigDict(extra="forbid")

    melded: int
    natural_canastas: int = Field(ge=0)
    mixed_canastas: int = Field(ge=0)
    canasta_bonus: int
    red_threes: int = Field(ge=0, le=4)
    red_three_points: int
    going_out: int
    in_hand: int


class RngStateModel(BaseModel):
    """``random.Random.getstate()``: version, 625 words, the cached gauss value."""

    model_config = ConfigDict(extra="forbid")

    version: int
    internal: list[int] = Field(min_length=625, max_length=625)
    gauss: float | None = None


class MoveModel(BaseModel):
    """One move by card identities: ``type``, ``cards`` (0..107), lay-off ``target``."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["draw", "decline", "take", "meld", "layoff", "discard", "ask", "yes", "no"]
    cards: list[int] = Field(default_factory=list)
    target: int = Field(default=-1, ge=-1, le=13)


def _without_none(data: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """``data`` without those of ``keys`` whose value is None."""
    for key in keys:
        if key in data and data[key] is None:
            del data[key]
    return data


#: A secret deal's seed as written: 64 hexadecimal digits (see canasta.engine.fair).
SEED_PATTERN = r"^[0-9a-f]{64}$"


class HandRecord(BaseModel):
    """One finished hand of a game: its deal, its moves (text forms) and its scores.

    An online hand was dealt from a secret seed (:mod:`canasta.engine.fair`), not from its
    deal number: ``seed`` holds it, and ``salt`` and ``commitment`` what the players were
    sent (the commitment is the SHA-256 of the seed and the salt), so anyone replaying
    the record can check the deal."""

    model_config = ConfigDict(extra="forbid")

    deal_number: int
    dealer: int = Field(ge=0, le=3)
    side_scores: tuple[int, int]
    moves: list[str]
    totals: tuple[int, int]
    seed: str | None = Field(default=None, pattern=SEED_PATTERN)
    salt: str | None = Field(default=None, max_length=200)
    commitment: str | None = Field(default=None, pattern=SEED_PATTERN)

    @model_serializer(mode="wrap")
    def _written(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Without the deal's proof when there is none (a local hand), so the file reads
        as before, by older versions of the game too."""
        return _without_none(handler(self), ("seed", "salt", "commitment"))


class SaveModel(BaseModel):
    """The file ``current_game.json``."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = 1
    game_id: str = Field(pattern=r"^[0-9a-f]{8,32}$")
    saved_at: str
    level: str = "medium"
    seed: int
    rules: dict[str, Any]
    rng_state: RngStateModel
    totals: tuple[int, int]
    scores: list[tuple[SideScoreModel, SideScoreModel]]
    deal_numbers: list[int] = Field(min_length=1)
    dealer: int = Field(ge=0, le=3)
    hand: dict[str, Any]
    moves: list[MoveModel]
    past_hands: list[HandRecord] = Field(default_factory=list)
    deal_seeds: list[Annotated[str, Field(pattern=SEED_PATTERN)]] | None = None

    @model_serializer(mode="wrap")
    def _written(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Without ``deal_seeds`` for a game dealt from deal numbers (every local game),
        so the file reads as before."""
        return _without_none(handler(self), ("deal_seeds",))


@dataclass
class SavedGame:
    """A game as the files know it: the engine's game plus what the engine does not keep.

    Attributes:
        game: the game (its current hand replayed to the saved turn).
        game_id: hex id naming the game in stats and records.
        level: the computer level it is played at.
        past_hands: the game's finished hands (for the record).
        replayed: True when the hand was rebuilt by replaying its moves (the exact card
            identities); False when it came from the position alone.
    """

    game: Game
    game_id: str
    level: str = "medium"
    past_hands: list[HandRecord] = field(default_factory=list)
    replayed: bool = True


def now_text() -> str:
    """The local time as ``YYYY-MM-DDTHH:MM:SS`` (for ``saved_at``/``finished_at``)."""
    return time.strftime("%Y-%m-%dT%H:%M:%S")


def _side(score: SideScore) -> SideScoreModel:
    return SideScoreModel(
        melded=score.melded,
        natural_canastas=score.natural_canastas,
        mixed_canastas=score.mixed_canastas,
        canasta_bonus=score.canasta_bonus,
        red_threes=score.red_threes,
        red_three_points=score.red_three_points,
        going_out=score.going_out,
        in_hand=score.in_hand,
    )


def _move(move: Move) -> MoveModel:
    return MoveModel(type=move.type.value, cards=list(move.cards), target=move.target)


def hand_record(hand: HandState, totals: tuple[int, int], seed: str | None = None) -> HandRecord:
    """The record of a hand (``totals``: its score per side, points; ``seed``: the secret
    seed it was dealt from, if any)."""
    return HandRecord(
        deal_number=hand.deal_number,
        dealer=hand.dealer,
        side_scores=hand.side_scores,
        moves=[m.text() for m in hand.history],
        totals=totals,
        seed=seed,
    )


def save_model(saved: SavedGame) -> SaveModel:
    """The save of ``saved`` as it stands now."""
    game = saved.game
    version, internal, gauss = game.rng_state()
    return SaveModel(
        game_id=saved.game_id,
        saved_at=now_text(),
        level=saved.level,
        seed=game.seed,
        rules=game.rules.to_dict(),
        rng_state=RngStateModel(version=version, internal=list(internal), gauss=gauss),
        totals=(game.totals[0], game.totals[1]),
        scores=[(_side(s.sides[0]), _side(s.sides[1])) for s in game.scores],
        deal_numbers=list(game.deal_numbers),
        dealer=game.dealer,
        hand=state_to_data(game.hand),
        moves=[_move(m) for m in game.hand.history],
        past_hands=list(saved.past_hands),
        deal_seeds=list(game.deal_seeds) if game.secret else None,
    )


def save_json(saved: SavedGame) -> bytes:
    """The bytes of the save file for ``saved``."""
    return save_model(saved).model_dump_json(indent=1).encode("utf-8")


def describe_error(error: ValidationError) -> str:
    """The first problem pydantic found, as ``field.path: message (and N more)``."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "file"
    more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
    return f"{where}: {first['msg']}{more}"


def check_version(data: object, current: int, what: str) -> None:
    """Refuse data from another ``schema_version`` with a message a player can read.

    Raises:
        NewerVersionError: for a newer version (made by a newer Canasta).
        SaveError: for an older one that has no migration (none exists yet: version 1 is
            the first).
    """
    if not isinstance(data, dict):
        raise SaveError(f"the {what} is not a JSON object")
    version = data.get("schema_version")
    if isinstance(version, int) and version > current:
        raise NewerVersionError(
            f"the {what} was made by a newer version of Canasta (format {version}; "
            f"this version reads {current})"
        )
    if isinstance(version, int) and version < current:
        raise SaveError(f"the {what} uses an old format ({version}) that cannot be continued")


def parse_save(text: str | bytes) -> SavedGame:
    """Validate a save file's text and rebuild the game.

    Raises:
        SaveError: for text that is not JSON, another ``schema_version``, a missing or
            wrong-typed field, or parts that do not fit together (the message says which).
    """
    try:
        data = loads_json(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else "not UTF-8 text"
        raise SaveError(f"the saved game is not JSON ({reason})") from None
    except TextLimitError as error:
        raise SaveError(f"the saved game is {error}") from None
    check_version(data, SAVE_SCHEMA_VERSION, "saved game")
    try:
        model = SaveModel.model_validate(data)
        rules = _RULES.validate_python(model.rules)
    except ValidationError as error:
        raise SaveError(f"the saved game is not valid ({describe_error(error)})") from None
    try:
        position = position_from_data(model.hand)
    except PositionError as error:
        raise SaveError(f"the saved hand is not valid ({error})") from None
    if position.rules != rules or position.deal_number != model.deal_numbers[-1]:
        raise SaveError("the saved hand does not belong to the saved game")
    hand, replayed = _replay(rules, model, position)
    scores = [HandScore((SideScore(**a.model_dump()), SideScore(**b.model_dump())))
              for a, b in model.scores]  # fmt: skip
    if [sum(s.sides[i].total for s in scores) for i in (0, 1)] != list(model.totals):
        raise SaveError("the saved totals do not add up to the saved hands")
    rng = (model.rng_state.version, tuple(model.rng_state.internal), model.rng_state.gauss)
    try:
        game = Game.restore(
            rules, model.seed, totals=list(model.totals), scores=scores,
            deal_numbers=list(model.deal_numbers), dealer=model.dealer, hand=hand,
            rng_state=rng, deal_seeds=model.deal_seeds,
        )  # fmt: skip
    except ValueError as error:
        raise SaveError(f"the saved game is not valid ({error})") from None
    return SavedGame(game, model.game_id, model.level, list(model.past_hands), replayed)


def _replay(rules: RuleSet, model: SaveModel, position: HandState) -> tuple[HandState, bool]:
    """The hand rebuilt from its deal and moves, if that gives the saved position."""
    deck = deck_order(model.deal_seeds[-1]) if model.deal_seeds else None
    hand = HandState.deal(rules, position.deal_number, position.dealer, position.side_scores, deck)
    try:
        for item in model.moves:
            move = Move(MoveType(item.type), tuple(item.cards), item.target)
            if hand.check(move) is not None:
                return position, False
            hand.apply(move)
    except (ValueError, IndexError, KeyError):
        return position, False
    if json.dumps(state_to_data(hand), sort_keys=True) != json.dumps(
        state_to_data(position), sort_keys=True
    ):
        return position, False
    return hand, True
