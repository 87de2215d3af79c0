"""The online protocol: versioned JSON messages, each a pydantic model checked at the boundary.

Every message is one JSON object with a ``type`` field. A client speaks first with
``hello`` (carrying :data:`PROTOCOL_VERSION`); the server answers ``welcome`` or an
``error`` with code ``version``. Messages a client sends are :data:`ClientMessage`; those
the server sends are :data:`ServerMessage`. ``scripts/docs_pages.py`` writes every message
and field from these models to docs/protocol/messages.md (docstrings included).

Nothing a client sends is trusted: :func:`parse_client` refuses text over
:data:`MAX_CLIENT_BYTES`, text that is not JSON, and JSON that does not fit a model, with a
:class:`ProtocolError` whose code and message go back to the client as an ``error``. A
number or a yes/no must be written as one: ``true``, ``1.0`` and ``"1"`` are not the whole
number 1, nor ``1`` and ``"true"`` true (pydantic's lax mode takes them for it).

Cards are named by identity (0..107, see :mod:`canasta.engine.cards`) or by their
two-character code in move texts. The server names a card to a seat only where that seat
could see it face up; a stock draw by another seat gives only a count.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    StrictFloat,
    TypeAdapter,
    ValidationError,
    field_validator,
)
from pydantic_core import PydanticCustomError

from canasta.names import check_name
from canasta.reading import TextLimitError, loads_json

#: The protocol's version; a hello with another one is refused with code ``version``.
#: Version 2 added the deal's commitment (``view.deal``) and its reveal (``hand_over.deal``);
#: version 3 sends the lobby's changes (``lobby_changes``) instead of the whole list again.
PROTOCOL_VERSION = 3
#: The most tables the lobby lists; ``more`` counts the public tables left out.
LOBBY_LIMIT = 200
#: The largest message a client may send (bytes of UTF-8 text).
MAX_CLIENT_BYTES = 4096
#: A private table's join code: this many characters from :data:`CODE_ALPHABET` (32^10 =
#: 2^50 codes: at the rate failed joins are allowed, a guess hits in centuries; see
#: docs/hosting/attacks.md for the arithmetic).
CODE_LENGTH = 10
#: Join codes use letters and digits that cannot be mistaken for one another.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

#: A whole number written as one in JSON (``true``, ``1.0`` and ``"1"`` are refused).
Whole = Annotated[int, Strict()]
Card = Annotated[Whole, Field(ge=0, le=107)]
Seat = Annotated[Whole, Field(ge=0, le=3)]
MoveText = Annotated[str, Field(max_length=200)]
Level = Literal["random", "easy", "medium", "hard"]


def _whole_number(value: object) -> object:
    """``value`` itself when it is a whole number (not a bool), for a literal's check.

    Raises:
        PydanticCustomError: ``int_type`` for anything else (``true``, ``2.0``, ``"2"``).
    """
    if type(value) is not int:
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


#: 2 or 4 players, written as a whole number (a literal cannot be made strict).
Players = Annotated[Literal[2, 4], BeforeValidator(_whole_number)]


#: The values a server's sentence names (a chair number, a name, a reason): see ``details``.
Details = dict[str, str | int | float]


class ProtocolError(ValueError):
    """A message the server cannot accept: ``code`` (machine word), a plain message, and
    the ``details`` it names (see :mod:`canasta.net.server_words`)."""

    def __init__(self, code: str, message: str, details: Details | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: Details = details or {}


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# Client to server --------------------------------------------------------------------------


class Hello(_Message):
    """First message: the protocol version, the player's name, and a seat token to take a
    seat back after a dropped connection (or a server restart)."""

    type: Literal["hello"] = "hello"
    version: Whole
    name: str = Field(max_length=200)
    token: str | None = Field(default=None, min_length=16, max_length=64, pattern=r"^[\w-]+$")

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return check_name(value)


class ClockOption(_Message):
    """A turn clock: each move within ``move_seconds``, plus a ``bank_seconds`` time bank
    drawn on when a move takes longer. When both run out, the computer moves."""

    move_seconds: StrictFloat = Field(ge=0.05, le=600)
    bank_seconds: StrictFloat = Field(ge=0, le=3600)


class ListTables(_Message):
    """Ask for the lobby's list of open public tables."""

    type: Literal["lobby"] = "lobby"


class CreateTable(_Message):
    """Create a table and sit at ``chair``: public (listed in the lobby) or private (joined
    by its code only); empty chairs are computer players at ``level``."""

    type: Literal["create"] = "create"
    players: Players = 2
    preset: str = Field(default="Classic", max_length=40)
    public: StrictBool = True
    level: Level = "medium"
    clock: ClockOption | None = None
    quick: StrictBool = False
    chair: Seat = 0


class JoinTable(_Message):
    """Sit at ``chair`` of the table named by ``table`` (its id) or ``code`` (its join code).
    In a started game, a chair whose ``open`` is true is taken over from the computer:
    between hands at once; while a hand is in play, from the next deal (the answer's
    ``next_deal``), unless ``token`` is that chair's seat token (its person, who held it
    in this hand, comes back to it at once, as with a hello carrying the token).
    Already seated at that table before its start: move to ``chair`` (if it is free)."""

    type: Literal["join"] = "join"
    table: str | None = Field(default=None, max_length=32, pattern=r"^[0-9a-f]+$")
    code: str | None = Field(default=None, max_length=CODE_LENGTH + 8)
    chair: Seat = 0
    token: str | None = Field(default=None, min_length=16, max_length=64, pattern=r"^[\w-]+$")


class Ready(_Message):
    """Say this seat is ready (or no longer ready) to start."""

    type: Literal["ready"] = "ready"
    ready: StrictBool = True


class Start(_Message):
    """The host starts the game once every human chair is ready."""

    type: Literal["start"] = "start"


class StructuredMove(_Message):
    """A move by card identities (see :class:`canasta.engine.moves.Move`)."""

    type: Literal["draw", "decline", "take", "meld", "layoff", "discard", "ask", "yes", "no"]
    cards: list[Card] = Field(default_factory=list, max_length=30)
    target: Whole = Field(default=-1, ge=-1, le=13)


class Intent(_Message):
    """A move for this connection's seat: ``move`` as its text form (``"meld 7H 7D 2C"``)
    or structured, or ``plan``: melds and lay-offs (and a last discard) checked as a whole.
    ``ref`` numbers the client's intents, rising; the answer carries it back, and an intent
    whose ``ref`` is not above the last one is refused as a duplicate (never played twice).
    """

    type: Literal["intent"] = "intent"
    ref: Whole = Field(ge=0, le=2**53)
    move: MoveText | StructuredMove | None = None
    plan: list[MoveText] | None = Field(default=None, min_length=1, max_length=20)


class Next(_Message):
    """After a hand: deal the next one; after a game: a rematch at the same table."""

    type: Literal["next"] = "next"


class Leave(_Message):
    """Give up this seat (a computer player takes it in a started game)."""

    type: Literal["leave"] = "leave"


ClientMessage = Annotated[
    Hello | ListTables | CreateTable | JoinTable | Ready | Start | Intent | Next | Leave,
    Field(discriminator="type"),
]
_CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def parse_client(data: str | bytes) -> Any:
    """Validate one client message; return its model.

    Raises:
        ProtocolError: ``too_big`` over :data:`MAX_CLIENT_BYTES`, ``bad_json`` for text
            that is not a JSON object, ``bad_message`` when no model fits (the message
            names the first field that failed).
    """
    size = len(data.encode("utf-8", "replace")) if isinstance(data, str) else len(data)
    if size > MAX_CLIENT_BYTES:
        raise ProtocolError("too_big", f"a message is at most {MAX_CLIENT_BYTES} bytes",
                            {"limit": MAX_CLIENT_BYTES})  # fmt: skip
    try:
        value = loads_json(data)
    except (json.JSONDecodeError, UnicodeDecodeError, TextLimitError):
        raise ProtocolError("bad_json", "the message is not JSON") from None
    if not isinstance(value, dict):
        raise ProtocolError("bad_json", "a message is a JSON object")
    try:
        return _CLIENT.validate_python(value)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        if first["loc"][:2] == ("hello", "name") and first["type"] == "value_error":
            why = str(first["ctx"]["error"]) if "ctx" in first else first["msg"]
            raise ProtocolError("bad_name", f"name: {why}", {"why": why}) from None
        raise ProtocolError("bad_message", f"{where}: {first['msg']}", {"where": where}) from None


# Server to client --------------------------------------------------------------------------


class Welcome(_Message):
    """The answer to ``hello``: the server's protocol version and the checked name."""

    type: Literal["welcome"] = "welcome"
    version: int = PROTOCOL_VERSION
    name: str


class ChairInfo(_Message):
    """One chair of a table: who sits there (None: a computer player), ready, away
    (connection lost), computer (a computer player is playing it now), side (0 or 1),
    left (the person gave the chair up during the game), and open (anyone may sit there
    now: an empty chair, or, in a started game, a chair a computer plays because its
    person left or was away past the grace period; joining it takes it over);
    takeover_in: for a person away within the grace period of a started game, the
    seconds (as the message was sent) until a computer player takes the chair over,
    else None; waiting: the name of a person who takes the chair over at the next deal
    (they asked while a hand was in play: the computer plays it until the hand is over),
    else None."""

    name: str | None = None
    side: int
    ready: bool = False
    away: bool = False
    computer: bool = True
    left: bool = False
    open: bool = False
    takeover_in: float | None = Field(default=None, ge=0)
    waiting: str | None = None


class TableInfo(_Message):
    """A table as the lobby and its players see it (the chair map)."""

    id: str
    preset: str
    players: int
    public: bool
    level: str
    clock: ClockOption | None = None
    quick: bool = False
    status: Literal["lobby", "playing", "hand_over", "game_over", "closed"]
    host: int
    chairs: list[ChairInfo]
    code: str | None = None


class LobbyList(_Message):
    """The open public tables (the answer to ``lobby``), newest last, at most 200 of them
    (:data:`LOBBY_LIMIT`): when there are more, the newest with a chair anyone may take
    now (``open``) are listed, then the newest others; ``more`` counts the tables left
    out. While the connection watches the lobby (and holds no seat), only what changes
    follows, as ``lobby_changes``."""

    type: Literal["lobby"] = "lobby"
    tables: list[TableInfo]
    more: Whole = Field(default=0, ge=0)


class LobbyChanges(_Message):
    """What changed in the lobby since the last ``lobby`` or ``lobby_changes`` this
    connection got, sent once per turn of the server's loop in which something changed:
    ``tables``, the tables listed now that were not or that changed (each whole: it
    replaces the one with its ``id``, a new one goes at the list's end); ``gone``, the
    ids no longer listed (closed, emptied before the start, or now left out past the
    limit); ``more``, the public tables left out now (see :class:`LobbyList`). A client
    that was seated meanwhile gets the whole ``lobby`` again instead."""

    type: Literal["lobby_changes"] = "lobby_changes"
    tables: list[TableInfo] = Field(default_factory=list)
    gone: list[str] = Field(default_factory=list)
    more: Whole = Field(default=0, ge=0)

    def applied(self, listed: list[TableInfo]) -> list[TableInfo]:
        """``listed`` (a client's lobby list) with these changes made: a new list, a
        changed table in its place, a new one at the end, the gone ones out."""
        changed = {info.id: info for info in self.tables}
        gone = set(self.gone)
        kept = [changed.pop(t.id, t) for t in listed if t.id not in gone]
        return kept + [info for info in self.tables if info.id in changed]


class Seated(_Message):
    """This connection sits at ``chair`` of ``table``; ``token`` takes the seat back later.
    With ``next_deal`` (and no token) it only waits for that chair: a hand is in play, so
    the computer plays the chair on and nothing of its cards comes until the hand is over;
    then a ``seated`` with the token and the view follow."""

    type: Literal["seated"] = "seated"
    table: TableInfo
    chair: int
    token: str | None = None
    next_deal: bool = False


class TableUpdate(_Message):
    """The table's chair map changed (someone joined, got ready, went away, came back)."""

    type: Literal["table"] = "table"
    table: TableInfo


class ViewModel(_Message):
    """One seat's view (see :class:`canasta.engine.view.SeatView`); cards by identity,
    ``melds`` per side as ``{kind: cards}``, ``legal_moves`` as text forms (the mover's
    only)."""

    seat: int
    turn: int
    mover: int
    phase: str
    hand: list[int]
    hand_sizes: list[int]
    known: list[list[int]]
    shown: list[list[tuple[int, int]]]
    stock_size: int
    pile: list[int]
    pile_freezers: int
    melds: list[dict[int, list[int]]]
    red_threes: list[list[int]]
    opened: list[bool]
    side_scores: list[int]
    opening_points: int
    waiting: list[int]
    turn_melded: bool
    permission: bool | None
    legal_moves: list[str]
    move_count: int
    hand_number: int
    totals: list[int]


class ClockInfo(_Message):
    """The turn clock of the seat to move: seconds left for this move and in its bank."""

    seat: int
    move_left: float
    bank_left: float


#: A SHA-256 as written: 64 lowercase hexadecimal digits (a deal's seed is as long).
Hex64 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class DealCommitment(_Message):
    """The hand's deal, promised before anyone plays: ``commitment`` is the SHA-256 of the
    secret seed and the salt (see :mod:`canasta.engine.fair`), ``dealer`` the dealing
    seat, ``hand_number`` the hand's place in the game (the salt ends with it)."""

    commitment: Hex64
    dealer: Seat
    hand_number: Whole = Field(ge=1)


class DealReveal(_Message):
    """The ended hand's deal, shown: the ``seed`` (64 hex digits) it was shuffled from,
    the ``salt`` (``TABLE:GAME:HAND``) and the ``commitment`` sent at the deal. A client
    checks that the SHA-256 of seed and salt is the commitment and that the seed gives
    the cards it saw."""

    seed: Hex64
    salt: str = Field(max_length=200)
    commitment: Hex64


class View(_Message):
    """The whole current view of this seat (after joining, reconnecting, or a new hand);
    ``deal``: the hand's commitment (online deals are dealt from secret seeds)."""

    type: Literal["view"] = "view"
    view: ViewModel
    clock: ClockInfo | None = None
    deal: DealCommitment | None = None


class Event(_Message):
    """One move at the table, as this seat may see it, and its view after the move.

    ``move`` is the text form (every card in it was face up), except a stock draw: another
    seat reads ``"draw"`` and ``count`` (cards that went from the stock to ``seat``), the
    drawer also gets ``cards``; red threes laid out are in ``red_threes``. ``by`` says who
    decided: ``"person"``, ``"computer"`` (an empty chair or a seat taken over) or
    ``"clock"`` (the turn clock ran out). ``view`` is the seat's view after the move (a
    plan's several moves carry it on the last event only).
    """

    type: Literal["event"] = "event"
    seq: int
    seat: int
    move: str
    count: int = 0
    cards: list[int] = Field(default_factory=list)
    red_threes: list[int] = Field(default_factory=list)
    by: Literal["person", "computer", "clock"] = "person"
    view: ViewModel | None = None
    clock: ClockInfo | None = None


class Result(_Message):
    """The intent ``ref`` was played (its events follow)."""

    type: Literal["result"] = "result"
    ref: int
    move: str


class RefusalMessage(_Message):
    """The intent ``ref`` was refused: the engine's refusal code, message and details, or
    one of the server's (``not_started``, ``not_your_turn``, ``duplicate``, ``bad_move``,
    ``storage``) with its details (see :mod:`canasta.net.server_words`)."""

    type: Literal["refusal"] = "refusal"
    ref: int
    code: str
    message: str
    details: Details = Field(default_factory=dict)


class SideScoreInfo(_Message):
    """One side's score for a hand (points)."""

    melded: int
    canasta_bonus: int
    red_three_points: int
    going_out: int
    in_hand: int
    total: int


class HandOver(_Message):
    """The hand ended: its score per side, the game totals, every seat's cards left in
    hand (``shown``, seat order: the hand is over and they count against their side, so
    they are laid face up as at a real table), and, when the game is over, the winner
    (None: a shared tie) and the game record (every card then shown); ``deal``: the
    hand's seed revealed (see :class:`DealReveal`)."""

    type: Literal["hand_over"] = "hand_over"
    hand_number: int
    reason: str
    sides: list[SideScoreInfo]
    totals: list[int]
    game_over: bool
    winner: int | None = None
    shown: list[list[Card]] = Field(default_factory=list)
    record: dict[str, Any] | None = None
    deal: DealReveal | None = None


class Notice(_Message):
    """Something the table's players should read (the server cannot save, a seat left):
    ``code``, the English ``message``, and the ``details`` it names (see
    :mod:`canasta.net.server_words`)."""

    type: Literal["notice"] = "notice"
    code: str
    message: str
    details: Details = Field(default_factory=dict)


class ErrorMessage(_Message):
    """A message or lobby request the server could not accept: ``code`` (``bad_json``,
    ``too_big``, ``bad_message``, ``rate_limited``, ``version``, ``bad_token``,
    ``bad_name``, ``no_table``, ``started``, ``chair_taken``, ``chair_busy``,
    ``already_seated``, ``not_host``, ``not_ready``, ``storage`` ...; every one is in
    :data:`canasta.net.server_words.WORDS`), the ``details`` its sentence names, and the English
    ``message``."""

    type: Literal["error"] = "error"
    code: str
    message: str
    details: Details = Field(default_factory=dict)


ServerMessage = Annotated[
    Welcome
    | LobbyList
    | LobbyChanges
    | Seated
    | TableUpdate
    | View
    | Event
    | Result
    | RefusalMessage
    | HandOver
    | Notice
    | ErrorMessage,
    Field(discriminator="type"),
]
_SERVER: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def parse_server(data: str | bytes) -> Any:
    """Validate one server message (the client's side of the boundary).

    Raises:
        ProtocolError: ``bad_json`` or ``bad_message``, as :func:`parse_client`.
    """
    try:
        return _SERVER.validate_json(data)
    except ValidationError as error:
        first = error.errors()[0]
        code = "bad_json" if first["type"] == "json_invalid" else "bad_message"
        raise ProtocolError(code, f"{first['loc']}: {first['msg']}") from None


def encode(message: BaseModel) -> str:
    """A message as the JSON text sent on the wire."""
    return message.model_dump_json()
