"""One online table: its chairs, its game, the turn clock, and the checks on every intent.

A :class:`Table` holds no connection and does no input or output: the server tells it who
sits where, what was asked and what time it is (seconds, any steady clock), and sends what
it returns. So everything here is tested without a network or real time.

The engine decides every move (``HandState.check``); a table adds the checks of a shared
table: the intent comes from a seat's own connection (it names no seat), the seat must be
the one to move, and an intent's ``ref`` must rise, so no intent is played twice.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from canasta.engine.game import Game
from canasta.engine.moves import Move, MoveType
from canasta.engine.rules import PRESETS, RuleSet, preset_rules
from canasta.engine.state import HandState
from canasta.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    ChairInfo,
    ClockInfo,
    ClockOption,
    Intent,
    TableInfo,
)
from canasta.net.server_words import english
from canasta.net.views import MoveDiff, play_move
from canasta.persistence.saves import SavedGame, hand_record


class TableError(Exception):
    """An intent or a lobby request a table refuses: ``code``, a plain English ``message``
    and the ``details`` it names (a window shows its own words from the code and details;
    see :mod:`canasta.net.server_words`)."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: dict[str, str | int | float] = {
            k: v for k, v in (details or {}).items() if isinstance(v, str | int | float)
        }

    @classmethod
    def of(cls, code: str, **details: Any) -> TableError:
        """The error ``code`` with its English sentence from
        :data:`~canasta.net.server_words.WORDS`."""
        return cls(code, english(code, **details), details)


def new_token() -> str:
    """An unguessable seat token (32 URL-safe characters from ``secrets``)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The SHA-256 of a token (hex): only this is stored, so a copied database gives no
    seat away."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_code() -> str:
    """A private table's join code (:data:`CODE_LENGTH` characters, from ``secrets``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass
class Chair:
    """One chair.

    Attributes:
        name: the person sitting there, or None for a computer player's chair.
        token: the SHA-256 of the seat's token (see :func:`token_hash`).
        ready: the person is ready to start.
        connected: a connection holds the seat now.
        away_since: when the connection was lost (clock seconds), else None.
        taken_over: a computer player plays the seat (after the grace period, or since
            the person left).
        left: the person gave the chair up during the game (Leave).
        last_ref: the highest intent ``ref`` played or refused for this seat.
        bank: the turn clock's time bank left (seconds).
        wants_next: the person asked for the next hand (or the rematch).
        waiting: the name of a person who takes this chair over at the next deal: they
            asked for it while a hand was in play, so the computer plays it on and they
            see none of its cards until the hand is over (not saved: their connection
            holds the place; see :meth:`Table.take_over`).
    """

    name: str | None = None
    token: str | None = None
    ready: bool = False
    connected: bool = False
    away_since: float | None = None
    taken_over: bool = False
    left: bool = False
    last_ref: int = -1
    bank: float = 0.0
    wants_next: bool = False
    waiting: str | None = None

    @property
    def human(self) -> bool:
        """A person sits here (connected or not)."""
        return self.name is not None

    @property
    def computer_plays(self) -> bool:
        """A computer player makes this seat's moves now."""
        return not self.human or self.taken_over

    @property
    def people(self) -> bool:
        """A person holds the chair: sits there, or is away within the grace period."""
        return self.human and not self.taken_over


@dataclass(frozen=True)
class TableOptions:
    """A table's settings: seats, rules preset, listed or private, the computer players'
    level, the turn clock (None: off), and one hand only (quick)."""

    players: int = 2
    preset: str = "Classic"
    public: bool = True
    level: str = "medium"
    clock: ClockOption | None = None
    quick: bool = False

    def rules(self) -> RuleSet:
        """The rule set: the preset with the seat count and quick-game choice.

        Raises:
            TableError: ``bad_preset`` for a preset that does not exist.
        """
        if self.preset not in PRESETS:
            names = ", ".join(PRESETS)
            raise TableError("bad_preset", f"no rules preset {self.preset!r} ({names})",
                             {"preset": self.preset})  # fmt: skip
        return preset_rules(self.preset, self.players, self.quick)


@dataclass
class Booked:
    """What booking moves changed before they are saved (see :meth:`Table.book`): undone
    if they cannot be saved."""

    refs: dict[int, int]
    banks: dict[int, float]
    moved_at: float
    count: int


class Table:
    """A table: chairs, the game in play (as a :class:`SavedGame`), events so far."""

    def __init__(self, table_id: str, options: TableOptions, code: str, host: int = 0) -> None:
        """Create an empty table in the lobby.

        Raises:
            TableError: for an unknown preset.
        """
        self.id = table_id
        self.options = options
        self.rules = options.rules()
        self.code = code
        self.host = host
        self.status = "lobby"
        self.chairs = [Chair() for _ in range(options.players)]
        self.saved: SavedGame | None = None
        self.seq = 0
        self.moved_at = 0.0

    # Chairs --------------------------------------------------------------------------------

    def _takeover_in(self, c: Chair, now: float | None, grace: float | None) -> float | None:
        """Seconds until a computer takes ``c`` over (away within the grace period of a
        started game), else None."""
        if now is None or grace is None or self.status == "lobby" or c.away_since is None:
            return None
        if not c.human or c.connected or c.taken_over:
            return None
        return max(0.0, c.away_since + grace - now)

    def info(
        self, with_code: bool = False, now: float | None = None, grace: float | None = None
    ) -> TableInfo:
        """The chair map and settings (the code only for those seated). With the clock's
        ``now`` and the server's ``grace`` (seconds), a chair whose person is away within
        the grace period of a started game says how long until a computer takes it over."""
        chairs = [
            ChairInfo(
                name=c.name,
                side=i % 2,
                ready=c.ready,
                away=c.human and not c.connected,
                computer=c.computer_plays,
                left=c.left,
                open=self.open_chair(i),
                takeover_in=self._takeover_in(c, now, grace),
                waiting=c.waiting,
            )
            for i, c in enumerate(self.chairs)
        ]
        o = self.options
        return TableInfo(
            id=self.id,
            preset=o.preset,
            players=o.players,
            public=o.public,
            level=o.level,
            clock=o.clock,
            quick=o.quick,
            status=self.status,  # type: ignore[arg-type]
            host=self.host,
            chairs=chairs,
            code=self.code if with_code else None,
        )

    def open_chair(self, chair: int) -> bool:
        """Anyone may sit at ``chair`` now: it is empty, or the game has started and a
        computer plays it (its person left, or was away past the grace period) and
        nobody waits to take it over at the next deal (see :meth:`take_over`)."""
        if self.status == "closed":
            return False
        c = self.chairs[chair]
        if self.status == "lobby":
            return not c.human
        return c.computer_plays and c.waiting is None

    @property
    def in_hand(self) -> bool:
        """A hand is in play: its cards are dealt and it is not over. Only then does a
        newcomer wait for the next deal (see :meth:`take_over`)."""
        return self.status == "playing" and self.saved is not None

    def people(self) -> int:
        """How many chairs a person holds (away within the grace period included)."""
        return sum(1 for c in self.chairs if c.people)

    def humans(self) -> list[int]:
        """The chairs where people sit."""
        return [i for i, c in enumerate(self.chairs) if c.human]

    def present(self) -> list[int]:
        """The chairs whose person is connected now."""
        return [i for i, c in enumerate(self.chairs) if c.human and c.connected]

    def sit(self, chair: int, name: str) -> str:
        """Seat ``name`` at ``chair``; return the seat's token (keep it to come back).

        Raises:
            TableError: ``no_chair``, ``chair_taken`` or ``closed``.
        """
        if not 0 <= chair < len(self.chairs):
            raise TableError.of("no_chair", chairs=len(self.chairs))
        if self.status == "closed":
            raise TableError.of("closed")
        if self.chairs[chair].human:
            raise TableError.of("chair_taken", chair=chair + 1)
        token = new_token()
        bank = self.options.clock.bank_seconds if self.options.clock else 0.0
        self.chairs[chair] = Chair(name=name, token=token_hash(token), connected=True, bank=bank)
        return token

    def take_over(self, chair: int, name: str) -> str | None:
        """In a started game, seat ``name`` at ``chair``, which a computer plays (see
        :meth:`open_chair`); the chair's game, time bank included, goes on as it was.
        Return the seat's new token (the old one, if any, no longer works).

        While a hand is in play (:attr:`in_hand`) nobody new is seated: the chair's hidden
        cards are not theirs to see. ``name`` then waits for the next deal
        (:attr:`Chair.waiting`), the computer plays on, and None is returned; the hand's
        end seats them (:meth:`seat_waiting`). A person who held the chair in this hand
        comes back by their token instead (:meth:`rejoins`).

        Raises:
            TableError: ``no_chair``, ``closed``, ``chair_busy`` (its person still holds
                it, or someone waits for it) or ``not_started`` (no game yet: sit instead).
        """
        if not 0 <= chair < len(self.chairs):
            raise TableError.of("no_chair", chairs=len(self.chairs))
        if self.status == "closed":
            raise TableError.of("closed")
        if self.saved is None or self.status == "lobby":
            raise TableError.of("not_started")
        if not self.open_chair(chair):
            raise TableError.of("chair_busy", chair=chair + 1)
        if self.in_hand:
            self.chairs[chair].waiting = name
            return None
        token = new_token()
        bank = self.chairs[chair].bank
        self.chairs[chair] = Chair(name=name, token=token_hash(token), connected=True,
                                   ready=True, bank=bank)  # fmt: skip
        return token

    def rejoins(self, chair: int, token: str | None) -> bool:
        """``token`` is the seat token of ``chair``: its person comes back to it, as with
        a hello carrying the token (a person's token is good for the hand they held the
        chair in; one who left loses it at the next deal, see :meth:`deal_done`)."""
        return token is not None and self.chair_of(token) == chair

    def seat_waiting(self, chair: int) -> str | None:
        """Between hands, seat the person waiting for ``chair`` (:meth:`take_over`);
        return their token, or None when nobody waits or the chair's own person came
        back to it meanwhile (the wait is over either way)."""
        c = self.chairs[chair]
        name, c.waiting = c.waiting, None
        if name is None or self.in_hand or not self.open_chair(chair):
            return None
        return self.take_over(chair, name)

    def deal_done(self) -> None:
        """A new hand was dealt: a chair its person gave up (Leave) is no longer theirs to
        come back to, so their token stops working. They held it in the hand they left,
        not in this one, so taking it back at once would show them a hand they never held
        (hopping to another chair between hands and back mid-hand would show both); they wait
        for a deal like anyone else. A person away past the grace period keeps their
        token: the chair is still theirs (they never gave it up)."""
        for c in self.chairs:
            if c.left:
                c.token = None

    def move_chair(self, chair: int, to: int) -> str:
        """Before the start, the person at ``chair`` moves to the empty chair ``to`` (a
        partnership is chosen by the chair); return the seat's new token.

        Raises:
            TableError: ``no_chair``, ``started`` or ``chair_taken``.
        """
        if not 0 <= to < len(self.chairs):
            raise TableError.of("no_chair", chairs=len(self.chairs))
        if self.status != "lobby":
            raise TableError.of("started")
        if to != chair and self.chairs[to].human:
            raise TableError.of("chair_taken", chair=to + 1)
        token = new_token()
        moved = self.chairs[chair]
        moved.token = token_hash(token)
        self.chairs[chair], self.chairs[to] = self.chairs[to], moved
        if self.host == chair:
            self.host = to
        return token

    def chair_of(self, token: str) -> int | None:
        """The chair whose token this is, or None (compared in constant time)."""
        digest = token_hash(token)
        found = None
        for i, c in enumerate(self.chairs):
            if c.token is not None and hmac.compare_digest(c.token, digest):
                found = i
        return found

    def connect(self, chair: int, now: float) -> None:
        """The seat's person is back (or joined): the computer gives the seat back."""
        c = self.chairs[chair]
        c.connected, c.away_since, c.taken_over, c.left = True, None, False, False
        if self.saved is not None and self.mover() == chair:
            self.moved_at = now

    def disconnect(self, chair: int, now: float) -> None:
        """The seat's connection was lost (the grace period starts ``now``)."""
        c = self.chairs[chair]
        c.connected, c.away_since = False, now

    def leave(self, chair: int) -> None:
        """The person gives the seat up: an empty chair before the start, a computer
        player's chair after it."""
        if self.status == "lobby":
            self.chairs[chair] = Chair()
            people = self.humans()
            if chair == self.host and people:
                self.host = people[0]  # the next person in the chairs may start the game
        else:
            c = self.chairs[chair]
            c.connected, c.taken_over, c.away_since, c.left = False, True, None, True

    def set_ready(self, chair: int, ready: bool) -> None:
        """Mark a chair ready (or not)."""
        self.chairs[chair].ready = ready

    # The game ----------------------------------------------------------------------------

    def start(self, chair: int, seed: int, game_id: str, now: float) -> None:
        """The host starts the game with ``seed`` (from ``secrets``).

        Raises:
            TableError: ``not_host``, ``started`` or ``not_ready`` (naming the chairs).
        """
        if chair != self.host:
            raise TableError.of("not_host")
        if self.status != "lobby":
            raise TableError.of("started")
        waiting = [str(i + 1) for i in self.humans() if not self.chairs[i].ready]
        if waiting:
            raise TableError.of("not_ready", chairs=", ".join(waiting))
        self.new_game(seed, game_id, now)

    def new_game(self, seed: int, game_id: str, now: float) -> None:
        """Deal a new game (the first, or a rematch) with ``seed``."""
        # Online, every hand is dealt from a fresh secret seed, never from its deal number.
        self.saved = SavedGame(Game(self.rules, seed, secret=True), game_id, self.options.level)
        self.status = "playing"
        self.moved_at = now
        self.deal_done()
        for c in self.chairs:
            c.wants_next = False
            c.bank = self.options.clock.bank_seconds if self.options.clock else 0.0

    @property
    def game(self) -> Game:
        """The game in play.

        Raises:
            TableError: ``not_started`` before the start.
        """
        if self.saved is None:
            raise TableError.of("not_started")
        return self.saved.game

    def mover(self) -> int | None:
        """The seat that must move now, or None (no game, or the hand is over)."""
        if self.saved is None or self.status != "playing" or self.saved.game.hand.ended:
            return None
        return self.saved.game.hand.mover

    def parse(self, chair: int, intent: Intent) -> list[Move]:
        """The moves ``intent`` asks for ``chair``, checked by the rules.

        Raises:
            TableError: ``duplicate`` (``ref`` not above the last played), ``not_started``,
                ``not_your_turn``, ``bad_move`` (not a move, or cards not in the hand),
                or an engine refusal's code and message.
        """
        c = self.chairs[chair]
        if intent.ref <= c.last_ref:
            raise TableError.of("duplicate")
        if self.saved is None or self.status != "playing":
            raise TableError.of("not_started")
        hand = self.saved.game.hand
        if hand.mover != chair:
            raise TableError.of("not_your_turn", chair=hand.mover + 1)
        try:
            moves = (
                [self._move(hand, intent.move)]
                if intent.plan is None
                else [hand.parse_move(text) for text in intent.plan]
            )
        except (ValueError, KeyError, IndexError) as error:
            raise TableError.of("bad_move", why=str(error)) from None
        refusal = hand.check(moves[0]) if len(moves) == 1 else hand.check_all(moves)
        if refusal is not None:
            raise TableError(refusal.code.value, refusal.message(), refusal.details)
        return moves

    @staticmethod
    def _move(hand: HandState, move: object) -> Move:
        if move is None:
            raise ValueError("an intent needs a move or a plan")
        if isinstance(move, str):
            return hand.parse_move(move)
        data: Any = move
        return Move(MoveType(data.type), tuple(data.cards), data.target)

    def book(
        self, chair: int, count: int, now: float, by_person: bool, ref: int | None = None
    ) -> Booked:
        """Book ``count`` checked moves of ``chair`` before they are saved: ``ref`` (the
        intent's) becomes the seat's last, so it is never played again; the turn clock
        charges the person's time; ``seq`` counts them. The hand changes only once they are
        saved (:meth:`play`), so a failed save undoes the booking alone (:meth:`unbook`)."""
        booked = Booked(
            {i: c.last_ref for i, c in enumerate(self.chairs)},
            {i: c.bank for i, c in enumerate(self.chairs)},
            self.moved_at,
            count,
        )
        if ref is not None:
            self.chairs[chair].last_ref = ref
        clock = self.options.clock
        if clock is not None and by_person:
            over = max(0.0, now - self.moved_at - clock.move_seconds)
            self.chairs[chair].bank = max(0.0, self.chairs[chair].bank - over)
        elif clock is not None and not self.chairs[chair].computer_plays:
            self.chairs[chair].bank = 0.0  # the clock ran out: the bank is spent
        self.seq += count
        self.moved_at = now
        return booked

    def unbook(self, booked: Booked) -> None:
        """Undo :meth:`book` (the moves could not be saved)."""
        for i, c in enumerate(self.chairs):
            c.last_ref, c.bank = booked.refs[i], booked.banks[i]
        self.seq -= booked.count
        self.moved_at = booked.moved_at

    def play(self, moves: list[Move]) -> list[MoveDiff]:
        """Play booked and saved ``moves`` on the hand; return what each changed."""
        hand = self.game.hand
        return [play_move(hand, move) for move in moves]

    def score_if_ended(self) -> bool:
        """Score an ended hand (once); True when it was scored now."""
        game = self.game
        if not game.hand.ended or len(game.scores) == len(game.deal_numbers):
            return False
        game.finish_hand()
        self.status = "game_over" if game.over else "hand_over"
        for c in self.chairs:
            c.wants_next = False
        return True

    def resume(self) -> None:
        """The status of a started game loaded again (a restart, or a closed table opened
        by a token): ``playing``, or, when its hand is over, ``hand_over`` or
        ``game_over`` (scored now if it was saved before its score), so the score is shown
        again and Next deals on. A hand saved after its score no longer stays
        ``playing`` with no one to move and Next refused."""
        self.status = "playing"
        game = self.game
        if not self.score_if_ended() and game.hand.ended:
            self.status = "game_over" if game.over else "hand_over"

    def next_hand(self, now: float) -> None:
        """Deal the next hand, keeping the finished one's record.

        Raises:
            TableError: ``not_over`` while a hand is in play or the game is over.
        """
        saved = self.saved
        if saved is None or self.status != "hand_over":
            raise TableError.of("not_over")
        game = saved.game
        seed = game.deal_seeds[-1] if game.secret else None
        last = hand_record(game.hand, game.scores[-1].totals, seed)
        game.next_hand()
        if len(saved.past_hands) < len(game.scores):
            saved.past_hands.append(last)
        self.status, self.moved_at = "playing", now
        self.deal_done()

    def all_want_next(self) -> bool:
        """Every connected person asked for the next hand (and at least one did)."""
        present = self.present()
        return bool(present) and all(self.chairs[i].wants_next for i in present)

    def clock_info(self, now: float) -> ClockInfo | None:
        """The turn clock of the seat to move (None: no clock, or a computer moves)."""
        clock, mover = self.options.clock, self.mover()
        if clock is None or mover is None or self.chairs[mover].computer_plays:
            return None
        used = max(0.0, now - self.moved_at)
        bank = self.chairs[mover].bank - max(0.0, used - clock.move_seconds)
        return ClockInfo(
            seat=mover,
            move_left=round(max(0.0, clock.move_seconds - used), 2),
            bank_left=round(max(0.0, bank), 2),
        )

    def clock_deadline(self) -> float | None:
        """When the turn clock runs out for the person to move (clock seconds), or None."""
        clock, mover = self.options.clock, self.mover()
        if clock is None or mover is None or self.chairs[mover].computer_plays:
            return None
        return self.moved_at + clock.move_seconds + self.chairs[mover].bank
