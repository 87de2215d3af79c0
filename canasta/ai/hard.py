"""The hard computer player: determinised search over the hidden cards.

Strategy (the way the field plays imperfect-information card games, e.g. "perfect
information Monte Carlo" in Bridge and Skat programs):

1. **Card tracking and inference.** From its view alone the player knows which cards are
   unseen (in the other hands or the stock), which cards each opponent is known to hold
   (they went into that hand with a taken pile), every hand's size and the stock's size
   (:mod:`canasta.ai.tracking`), and what each player showed in its last turns: a player
   who drew over a natural card on the pile while its side had opened holds at most one
   of that kind, one who discarded a natural card likely none more
   (:func:`~canasta.ai.world.inferred_caps`).
2. **Candidates.** When drawing: every legal draw and pile take (each followed by the
   tracking player's play of the rest of the turn). When playing: whole-turn *plans*
   built by the tracking player (:mod:`canasta.ai.tracking_player`) under different
   styles (:class:`~canasta.ai.tracking_player.Style`): its own choice; going out now or
   building on; holding cards back except what opens the side or completes a canasta;
   and each of the four cheapest discards, including a freezing wild card, plus the
   kinds the next player just drew over or discarded. A turn plan
   needs no hidden card, since the turn's own moves only use the seat's hand. A plan
   whose discard hands the next player's side a large unfrozen pile it can take onto a
   meld (:func:`~canasta.ai.judgement.feeds_pile`) is dropped while a plan with a safe
   discard exists: a few lucky sampled deals cannot justify such a gift.
3. **Determinisation.** Worlds are sampled consistently with the view
   (:func:`~canasta.ai.world.sample_state`): unseen cards dealt at random into the other
   hands' unknown places and the stock, sizes kept, the inferred limits respected.
4. **Simulation.** In each world every candidate is played, then played out by the
   tracking player for two rounds or to the end of the hand, all candidates in the same
   worlds, and the end of the play-out is valued by the fitted model of the final margin
   and, with two players, a pile credit (the medium level: by hand-set points);
   :mod:`canasta.ai.playout` explains the play-out and its evaluation.
5. **Choice.** The candidate with the best mean margin for the player's side wins, but only
   when its gain over the tracking player's own choice, measured world by world, is at
   least half a standard error above zero with two players, one with four; otherwise the
   tracking player's choice stands (with many candidates the best-looking one is often only
   the luckiest: the optimiser's curse). Each table size uses what measured best for it
   (:attr:`HardPlayer.INFER`, :attr:`HardPlayer.LEARNED`, :attr:`HardPlayer.CONFIDENCE`,
   :attr:`HardPlayer.PILE_CREDIT`; docs/performance.md#hard-vs-medium).
6. **Budget.** Worlds are sampled until ``time_limit`` seconds or ``worlds`` samples,
   whichever comes first: 0.1 s and 200 with two players (so the CPU time, not the cap,
   ends the search: about 45 to 70 worlds), 0.27 s and 192 with four
   (:attr:`HardPlayer.TIME_LIMIT`, :attr:`HardPlayer.WORLDS`). The seconds are the deciding
   thread's CPU time (``time.thread_time``), so a machine busy with other work does not cut
   the search short, with a wall-clock ceiling (:attr:`HardPlayer.WALL_CEILING`, 1 s,
   checked after every world) so a very busy machine still answers in time. With four
   players a search that ends before its time (at the cap, or raced down to one plan)
   saves the CPU time it left, and a later search may spend up to one more limit from the
   savings (:attr:`HardPlayer.BANK`): the mean stays within the limit. With four
   players the candidates race (:attr:`HardPlayer.PRUNE`): after 6 worlds, a candidate two
   standard errors worse than the tracking player's own choice is dropped, so the worlds
   left go to the plans still in contention, and the search ends once none is left. The
   medium level is the same search with 6 worlds in 20 ms, one round with four players, no
   inference, no plan that holds cards back, no other discard than the tracking player's
   own, no standard-error test and no racing. A plan chosen for the play phase is followed
   for the rest of the turn without a new search.

The answer to "may I go out?" follows docs/rules.md#asking-your-partner as the tracking
player gives it (a no only for a turn worth keeping, then a yes next time). Random choices come
from ``random.Random(seed + fingerprint of the view)``, so the same view and seed give the
same move whatever the hidden cards are (with ``time_limit=None``, the same number of
worlds too).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from canasta.engine.cards import CARD_KIND, NUM_KINDS
from canasta.engine.moves import Move, MoveType
from canasta.engine.state import HandState
from canasta.engine.view import SeatView

from .candidates import goes_out
from .gains import clearly_worse, paired_gain
from .judgement import feeds_pile, safe_discard_kinds
from .playout import play_out
from .reasons import answer_reason, describe, plan_reason
from .seat import LiveView
from .tracking_player import Style, TrackingPlayer, discard_costs, table_of
from .world import sample_state, view_fingerprint

#: Worlds every candidate meets before racing may drop it.
PRUNE_AFTER = 6


@dataclass(frozen=True, slots=True)
class Advice:
    """The hard level's choice with one line saying why: a promise of moves.

    Attributes:
        move: the move to make now (``moves[0]``).
        reason: one line a player reads, worded by :mod:`canasta.ai.reasons` from
            ``moves``: every move in order with its cards, then why ("Meld 10♠ 10♦ Joker,
            then meld K♥ K♠ K♣, then discard Q♦: the card least likely to give them the
            pile.").
        margin: the chosen candidate's mean margin over the tracking player's own choice in the
            sampled worlds (points, 0 when no search was needed).
        worlds: worlds sampled.
        moves: the moves promised from now, in order, each legal once the earlier ones
            are made: the rest of the turn when playing (to the discard, the last meld that
            goes out, or the question to the partner), else one draw, take or answer (a
            take followed by the rest of the turn for a :attr:`HardPlayer.whole_turn`
            player). Empty when given: ``(move,)``.
        label: the plan's kind as the search named it ("default", "out", "build", "hold",
            "discard", ...), which words why (:func:`~canasta.ai.reasons.plan_reason`).
    """

    move: Move
    reason: str
    margin: float = 0.0
    worlds: int = 0
    moves: tuple[Move, ...] = ()
    label: str = ""

    def __post_init__(self) -> None:
        if not self.moves:
            object.__setattr__(self, "moves", (self.move,))


def following(advice: Advice, view: SeatView) -> Advice | None:
    """What is left of ``advice`` once its first move is made, worded afresh for ``view``
    (the seat's view after that move), or None when nothing is left. No search: the
    same promise, one step on (the caller knows the rules accept its next move)."""
    rest = advice.moves[1:]
    if not rest:
        return None
    reason = plan_reason(view, rest, advice.label, advice.margin)
    return Advice(rest[0], reason, advice.margin, 0, rest, advice.label)


@dataclass(frozen=True, slots=True)
class Memory:
    """What a searching player remembers from one decision to the next (a picklable value,
    so a player can be rebuilt in another process from its seed and this).

    Attributes:
        plan: the rest of the turn chosen by the last search, as ``(state key, (moves
            left, label, margin))`` pairs.
        last: the last advice given (its reason is repeated for the planned moves).
        saved: CPU seconds saved by earlier searches (:attr:`HardPlayer.BANK`).
        owes_turn: the partner answered "no" to "may I go out?" and says yes next time.
    """

    plan: tuple[tuple[tuple[object, ...], tuple[tuple[Move, ...], str, float]], ...] = ()
    last: Advice | None = None
    saved: float = 0.0
    owes_turn: bool = False


@dataclass
class _Candidate:
    label: str
    moves: list[Move]
    values: list[float] = field(default_factory=list)


class HardPlayer:
    """The hard level (see the module docstring).

    Args:
        seed: seeds world sampling (with the view's fingerprint).
        time_limit: seconds a search may take (None: only ``worlds`` counts; "level": the
            level's :attr:`TIME_LIMIT` for the number of players).
        worlds: the most worlds sampled per search ("level": :attr:`WORLDS`).
        min_worlds: worlds sampled even past the time limit.
        rounds: rounds of play simulated after a candidate (None: the level's
            :attr:`ROUNDS` for the number of players; 0 and below: to the end of the hand).
        discards: how many of the cheapest discards become plans of their own.
        wide: also try holding cards back (a plan that lays down only what opens the side
            or completes a canasta).
        infer: (None: the level's :attr:`INFER` for the number of players) sample
            worlds that respect what each player showed in its last turns
            (:func:`~canasta.ai.world.inferred_caps`), and try discarding the kinds the
            next player just drew over or discarded.
        confidence: (None: :attr:`CONFIDENCE`) how many standard errors above zero a
            candidate's mean gain over the tracking player's own choice must be before it
            is preferred (0: any gain).
        learned: (None: :attr:`LEARNED`) evaluate the horizon with the fitted model of
            :mod:`canasta.ai.evaluation` (False: the hand-set points of
            :mod:`canasta.ai.playout`, as the medium level does).
        cpu_clock: the clock ``time_limit`` is counted on (seconds; default
            ``time.thread_time``, the deciding thread's CPU time).
        wall_clock: the clock the :attr:`WALL_CEILING` is counted on (seconds; default
            ``time.perf_counter``).
        whole_turn: advice for a person (the hint): a pile take is promised together with
            the rest of the turn as the tracking player plays it (no hidden card enters the
            hand with the pile, and an unopened side's take must open that turn), and that
            rest is kept as the plan, so the next advice keeps the promise; and a lone legal
            move while playing comes with the rest of the turn too. Off for a computer
            player, whose turn after a take is searched as usual.
    """

    name = "hard"
    #: Seconds a search may take and the most worlds it samples, by number of players
    #: (four players spend more: their decisions measured best with more worlds). With two
    #: players the cap is high enough that the CPU budget ends the search (about 45 to 70
    #: worlds in 0.1 s; with a cap of 48, 69% of searches stopped at the cap).
    #: With four players 0.27 s and 192 worlds beat medium in 67% of deal pairs, idle and
    #: busy, where half of each gave 60%
    #: (docs/hosting/capacity.md#budgets-and-their-cpu-cost-per-seat: what a seat costs).
    TIME_LIMIT = {2: 0.1, 4: 0.27}
    WORLDS = {2: 200, 4: 192}
    #: Rounds simulated after a candidate, by number of players.
    ROUNDS = {2: 2, 4: 2}
    #: Defaults by number of players, as measured best (docs/performance.md#hard-vs-medium):
    #: inference helps at both table sizes (with two players the next player is the one
    #: opponent, so what it drew over and discarded bears on every discard); the fitted
    #: evaluation and the standard-error test help at both (the two-player weights are
    #: refitted with the pile features, 20,000 hands; with two players half a standard
    #: error, together with the cap of 200 worlds and the pile credit below, which measured
    #: better together than apart).
    INFER = {2: True, 4: True}
    LEARNED = {2: True, 4: True}
    CONFIDENCE = {2: 0.5, 4: 1.0}
    #: Racing: after :data:`PRUNE_AFTER` worlds, a candidate this many standard errors
    #: worse than the tracking player's own choice is dropped (0: never).
    PRUNE = {2: 0.0, 4: 2.0}
    #: Points per card credited to the side that takes a pile of
    #: :data:`~canasta.ai.playout.BIG_PILE` cards or more in a play-out that ends before the
    #: hand does (0: none): the horizon sees the taken cards in hand, not the canastas they
    #: become. On with two players (in the combination measured better, above); with four
    #: it measured worse.
    PILE_CREDIT = {2: 6.0, 4: 0.0}
    #: Whether the hard level's own side opens lean (:attr:`Style.lean
    #: <canasta.ai.tracking_player.Style.lean>`: the fewest wild cards that reach the
    #: opening minimum) in its plans and in its side's turns of the play-outs (the other
    #: side is still played as the medium level plays, padding its opening with wild cards).
    #: On with two players: 300 deal pairs (seed 1, 70 worlds a search) +53 +/- 23 points
    #: a hand pair by pair, 64.2% against 59.8%; not measured with four.
    LEAN_OPEN = {2: True, 4: False}
    #: Wall-clock seconds after which a search stops whatever CPU time it has had.
    WALL_CEILING = 1.0
    #: The budget's savings, by number of players: CPU time a search leaves unspent (it
    #: ended at the cap of worlds, or racing left one candidate) is saved, and a later
    #: search that runs to its time limit may spend up to this many times
    #: :attr:`TIME_LIMIT` more from the savings (0: none saved). Nothing is ever borrowed,
    #: so a search's mean CPU time stays within the limit.
    BANK = {2: 0.0, 4: 1.0}

    def __init__(
        self,
        seed: int = 0,
        time_limit: float | None | Literal["level"] = "level",
        worlds: int | Literal["level"] = "level",
        min_worlds: int = 4,
        rounds: int | None = None,
        discards: int = 4,
        wide: bool = True,
        infer: bool | None = None,
        confidence: float | None = None,
        learned: bool | None = None,
        prune: float | None = None,
        cpu_clock: Callable[[], float] = time.thread_time,
        wall_clock: Callable[[], float] = time.perf_counter,
        whole_turn: bool = False,
    ) -> None:
        self.seed = seed
        self.whole_turn = whole_turn
        self.time_limit = time_limit
        self.worlds = worlds
        self.min_worlds = min_worlds
        self.rounds = rounds
        self.discards = discards
        self.wide = wide
        self.infer = infer
        self.confidence = confidence
        self.learned = learned
        self.prune = prune
        self.cpu_clock = cpu_clock
        self.wall_clock = wall_clock
        self.policy = TrackingPlayer(seed)
        self._playout = TrackingPlayer(0)
        self._playout_lean = TrackingPlayer(0, Style(lean=True))
        #: The chosen plan's moves left at each position it passes: (moves, label, margin).
        self._plan: dict[tuple[object, ...], tuple[tuple[Move, ...], str, float]] = {}
        self.last: Advice | None = None
        #: CPU seconds saved by earlier searches (:attr:`BANK`).
        self.saved = 0.0

    # Memory -------------------------------------------------------------------------------

    def remember(self) -> Memory:
        """What this player carries to its next decision (see :class:`Memory`)."""
        return Memory(tuple(self._plan.items()), self.last, self.saved, self.policy.owes_turn)

    def recall(self, memory: Memory) -> None:
        """Take up ``memory`` (from :meth:`remember`, maybe of a player in another process)."""
        self._plan = dict(memory.plan)
        self.last = memory.last
        self.saved = memory.saved
        self.policy.owes_turn = memory.owes_turn

    # The Player protocol ------------------------------------------------------------------

    def choose(self, view: SeatView) -> Move:
        """Return one of ``view.legal_moves``.

        Raises:
            ValueError: if the view offers no legal move.
        """
        return self.advise(view).move

    def advise(self, view: SeatView) -> Advice:
        """Return the move this level makes now and why.

        Raises:
            ValueError: if the view offers no legal move.
        """
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal move to choose from")
        if view.phase == "answer":
            move = self.policy.choose(view)
            self.last = Advice(move, answer_reason(move))
            return self.last
        key = _plan_key(view)
        planned = self._plan.get(key)
        if planned is not None and planned[0][0] in legal:
            moves, label, margin = planned
            reason = plan_reason(view, moves, label, margin)
            self.last = Advice(moves[0], reason, margin, 0, moves, label)
            return self.last
        self._plan.clear()
        if len(legal) == 1 and not (self.whole_turn and view.phase == "play"):
            self.last = Advice(legal[0], describe(legal[0]))
        else:
            self.last = self._search(view)
        if self.whole_turn and self.last.move.type is MoveType.TAKE:
            self.last = self._take_turn(view, self.last)
        return self.last

    def _take_turn(self, view: SeatView, advice: Advice) -> Advice:
        """``advice`` (a pile take) with the rest of the turn after it, as the tracking
        player plays it, kept as the plan (:attr:`whole_turn`)."""
        state = sample_state(view, random.Random(0))
        state.apply(advice.move)
        rest = self._turn(state.copy(), view.seat, Style(), self.policy.owes_turn)
        cand = _Candidate(advice.label or "default", [advice.move, *rest])
        return self._adopt(view, cand, advice.margin, advice.worlds)

    # Search -------------------------------------------------------------------------------

    def _search(self, view: SeatView) -> Advice:
        rng = random.Random(self.seed * 1_000_003 + view_fingerprint(view))
        start, start_wall = self.cpu_clock(), self.wall_clock()
        players = view.rules.players
        infer = self._infers(players)
        first = self._sample(view, rng, infer)
        candidates = self._candidates(view, first)
        if len(candidates) == 1:
            return self._adopt(view, candidates[0], 0.0, 0)
        count = 0
        limit = self.TIME_LIMIT[players] if isinstance(self.time_limit, str) else self.time_limit
        most = self.WORLDS[players] if isinstance(self.worlds, str) else self.worlds
        prune = self.PRUNE[players] if self.prune is None else self.prune
        rounds = self._rounds(view)
        bank = self.BANK[players] * limit if limit is not None else 0.0
        allowed = limit + min(self.saved, bank) if limit is not None else None
        live = list(candidates)
        while count < most and len(live) > 1:
            world = first if count == 0 else self._sample(view, rng, infer)
            for cand in live:
                cand.values.append(self._simulate(world, cand, view.seat, rounds))
            count += 1
            if prune > 0 and count >= PRUNE_AFTER:
                live = [live[0]] + [
                    c for c in live[1:] if not clearly_worse(c.values, live[0].values, prune)
                ]
            # The CPU budget counts once the minimum of worlds is in; the wall-clock ceiling
            # after any world, so a very busy machine still answers in about a second.
            if allowed is not None and (
                count >= self.min_worlds
                and self.cpu_clock() - start > allowed
                or self.wall_clock() - start_wall > self.WALL_CEILING
            ):
                break
        if limit is not None and bank > 0:
            self.saved = max(0.0, self.saved + limit - (self.cpu_clock() - start))
        candidates = [c for c in candidates if len(c.values) == count]
        default = candidates[0]
        best, gain = default, 0.0
        z = self.CONFIDENCE[players] if self.confidence is None else self.confidence
        for cand in candidates[1:]:
            mean = paired_gain(cand.values, default.values, z)
            if mean > gain + 1e-9:
                best, gain = cand, mean
        return self._adopt(view, best, gain, count)

    def _adopt(self, view: SeatView, cand: _Candidate, margin: float, worlds: int) -> Advice:
        self._plan.clear()
        moves = tuple(cand.moves)
        if view.phase == "play" or len(moves) > 1:
            state = sample_state(view, random.Random(0))
            for i, move in enumerate(moves):
                self._plan[_state_key(state, view.seat)] = (moves[i:], cand.label, margin)
                state.apply(move)
        reason = plan_reason(view, moves, cand.label, margin)
        return Advice(moves[0], reason, margin, worlds, moves, cand.label)

    def _sample(self, view: SeatView, rng: random.Random, infer: bool) -> HandState:
        """One world for the search (:func:`~canasta.ai.world.sample_state`)."""
        return sample_state(view, rng, infer)

    def _rounds(self, view: SeatView) -> int:
        """Rounds the play-outs of a search from ``view`` run (0 and below: to the end)."""
        if self.rounds is not None:
            return self.rounds
        return self.ROUNDS[view.rules.players]

    def _infers(self, players: int) -> bool:
        return self.INFER[players] if self.infer is None else self.infer

    def _candidates(self, view: SeatView, world: HandState) -> list[_Candidate]:
        if view.phase == "draw":
            default = self.policy.choose(view)
            others = [m for m in view.legal_moves if m != default]
            return [_Candidate("default", [default])] + [_Candidate("alt", [m]) for m in others]
        styles: list[tuple[str, Style]] = [("default", Style())]
        owes = self.policy.owes_turn
        if view.permission is None:
            styles += [("out", Style(go_out=True)), ("build", Style(go_out=False))]
        if self.wide and not owes and view.permission is not True:
            styles.append(("hold", Style(hold=True)))
        if view.permission is not True:
            costs = discard_costs(view, table_of(view).counts)
            order = sorted(
                (k for k in range(NUM_KINDS) if costs[k] != float("inf")), key=lambda k: costs[k]
            )
            picked = order[: self.discards]
            if self._infers(view.rules.players):
                nxt = (view.seat + 1) % view.rules.players
                for passed, discarded in view.shown[nxt][-1:]:
                    picked += [k for k in (passed, discarded) if k in order and k not in picked]
            styles += [("discard", Style(discard=k)) for k in picked]
        seen: set[tuple[Move, ...]] = set()
        out: list[_Candidate] = []
        for label, style in styles:
            moves = self._turn(world.copy(), view.seat, style, owes)
            if moves and tuple(moves) not in seen:
                seen.add(tuple(moves))
                out.append(_Candidate(label, moves))
        return self._without_gifts(view, world, out, owes)

    def _without_gifts(
        self, view: SeatView, world: HandState, cands: list[_Candidate], owes: bool
    ) -> list[_Candidate]:
        """``cands`` without the plans that end by feeding the next player the pile
        (:func:`~canasta.ai.judgement.feeds_pile`) while a safe discard exists: the search
        never prefers such a gift (a few lucky sampled deals cannot justify it). A plan with
        a safe discard is added when none of ``cands`` has one and the hand holds one."""
        hand = len(view.hand)

        def gift(cand: _Candidate) -> bool:
            last = cand.moves[-1]
            return (
                last.type is MoveType.DISCARD
                and not goes_out(cand.moves, hand)
                and feeds_pile(view, CARD_KIND[last.cards[0]])
            )

        if not any(gift(c) for c in cands):
            return cands
        safe = [c for c in cands if not gift(c)]
        if not safe:
            counts = table_of(view).counts
            costs = discard_costs(view, counts)
            for kind in sorted(safe_discard_kinds(view, counts), key=lambda k: costs[k]):
                moves = self._turn(world.copy(), view.seat, Style(discard=kind), owes)
                if moves and not gift(_Candidate("safe", moves)):
                    safe.append(_Candidate("safe", moves))
                    break
        return safe or cands

    def _turn(self, state: HandState, seat: int, style: Style, owes: bool) -> list[Move]:
        """The moves ``style`` makes from here to the end of the turn (or an ask), opening
        lean when :attr:`LEAN_OPEN` says so."""
        if self.LEAN_OPEN[state.players]:
            style = replace(style, lean=True)
        player = TrackingPlayer(0, style)
        player.owes_turn = owes
        moves: list[Move] = []
        while not state.ended and state.mover == seat and state.turn == seat:
            move = player.choose(LiveView(state))
            moves.append(move)
            state.apply(move)
            if move.type is MoveType.ASK:
                break
        return moves

    def _simulate(
        self, world: HandState, cand: _Candidate, seat: int, rounds: int | None = None
    ) -> float:
        """``seat``'s side's value of ``cand`` played in ``world`` and played out ``rounds``
        rounds (None: :attr:`rounds` or :attr:`ROUNDS`; 0 and below: to the end), points
        (:func:`~canasta.ai.playout.play_out` with this level's settings)."""
        players = world.players
        if rounds is None:
            rounds = self.rounds if self.rounds is not None else self.ROUNDS[players]
        # The side's own turns open lean when LEAN_OPEN says so (the others as medium plays).
        ours = self._playout_lean if self.LEAN_OPEN[players] else self._playout
        return play_out(
            world,
            cand.moves,
            seat,
            rounds,
            policy=self._playout,
            ours=ours,
            per_card=self.PILE_CREDIT[players],
            learned=self.LEARNED[players] if self.learned is None else self.learned,
        )


def _plan_key(view: SeatView) -> tuple[object, ...]:
    melds = tuple(len(view.melds[view.side].get(k, ())) for k in range(NUM_KINDS))
    return (view.seat, view.phase, tuple(sorted(view.hand)), view.permission, melds)


def _state_key(state: HandState, seat: int) -> tuple[object, ...]:
    melds = tuple(state.msize[seat % 2])
    return (seat, state.phase.value, tuple(sorted(state.hands[seat])), state.permission, melds)


__all__ = ["Advice", "HardPlayer", "Memory", "following"]
