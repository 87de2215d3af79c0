"""A game: hands dealt one after another until a side reaches the target, or one hand.

docs/rules.md#the-deal and docs/rules.md#game-end: the first dealer is chosen at random
and the deal rotates clockwise; a full game ends with the hand in which a side reaches
5,000 points, the higher total wins and a tie is shared; a quick game is one hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .fair import deck_order, new_seed
from .rules import RuleSet
from .scoring import HandScore
from .state import HandState

#: Deal numbers are drawn from this range (shown to players, so kept readable).
DEAL_NUMBER_LIMIT = 1_000_000_000


def dealer_of(deal_number: int, players: int) -> int:
    """The dealing seat a deal number names: ``deal_number % players``.

    Games deal numbers that follow this, so ``canasta --deal N`` seats the cards exactly
    as the table that showed N did.
    """
    return deal_number % players


@dataclass
class Game:
    """A game in progress.

    Attributes:
        rules: the rule set.
        seed: the game's seed; the same seed and rules give the same deals.
        totals: each side's running total (points).
        scores: every finished hand's :class:`HandScore`, in order.
        hand: the hand being played (or the last one, once the game is over).
        dealer: the current hand's dealer.
        first_deal: deal this number first (its dealer from :func:`dealer_of`, unless
            ``first_dealer`` names one); later hands come from the seed as usual.
        first_dealer: the first hand's dealer when ``first_deal`` is given.
        secret: deal every hand from a fresh secret seed (online play, see
            :mod:`canasta.engine.fair`) instead of its deal number; the deal numbers are
            then only labels, and ``deal_seeds`` holds each hand's seed (hex).
        deal_seeds: with ``secret``, each hand's seed (64 hex digits), in order.
    """

    rules: RuleSet
    seed: int
    totals: list[int] = field(default_factory=lambda: [0, 0])
    scores: list[HandScore] = field(default_factory=list)
    deal_numbers: list[int] = field(default_factory=list)
    dealer: int = 0
    first_deal: int | None = None
    first_dealer: int | None = None
    secret: bool = False
    deal_seeds: list[str] = field(default_factory=list)
    hand: HandState = field(init=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self.dealer = self._rng.randrange(self.rules.players)
        if self.first_deal is None or self.secret:
            self.hand = self._deal()
            return
        players = self.rules.players
        first = self.first_dealer
        self.dealer = dealer_of(self.first_deal, players) if first is None else first % players
        self.deal_numbers.append(self.first_deal)
        self.hand = HandState.deal(self.rules, self.first_deal, self.dealer, (0, 0))

    @classmethod
    def restore(
        cls,
        rules: RuleSet,
        seed: int,
        *,
        totals: list[int],
        scores: list[HandScore],
        deal_numbers: list[int],
        dealer: int,
        hand: HandState,
        rng_state: tuple[Any, ...],
        deal_seeds: list[str] | None = None,
    ) -> Game:
        """Rebuild a game saved part-way (see :meth:`rng_state`), dealing nothing.

        ``deal_seeds``: a secret-seeded game's seeds (see ``secret``), one per deal.

        Raises:
            ValueError: when ``rng_state`` is not a state of ``random.Random`` or the
                scores, deal numbers and seeds do not fit together.
        """
        if not len(deal_numbers) - 1 <= len(scores) <= len(deal_numbers) or not deal_numbers:
            raise ValueError(f"{len(scores)} scored hands do not fit {len(deal_numbers)} deals")
        if deal_seeds is not None and len(deal_seeds) != len(deal_numbers):
            raise ValueError(f"{len(deal_seeds)} deal seeds do not fit {len(deal_numbers)} deals")
        game = cls.__new__(cls)
        game.rules, game.seed, game.dealer, game.hand = rules, seed, dealer, hand
        game.first_deal, game.first_dealer = None, None
        game.secret = deal_seeds is not None
        game.deal_seeds = list(deal_seeds or [])
        game.totals, game.scores, game.deal_numbers = list(totals), list(scores), list(deal_numbers)
        game._rng = random.Random()
        try:
            game._rng.setstate(rng_state)
        except (TypeError, ValueError, OverflowError) as error:
            raise ValueError(f"not a random generator state: {error}") from None
        return game

    def rng_state(self) -> tuple[Any, ...]:
        """The deal-number generator's state (``random.Random.getstate()``), so a saved
        game deals the same next hands once restored."""
        return self._rng.getstate()

    def _deal(self) -> HandState:
        players = self.rules.players
        number = self._rng.randrange(1, DEAL_NUMBER_LIMIT // players) * players + self.dealer
        self.deal_numbers.append(number)
        scores = (self.totals[0], self.totals[1])
        if not self.secret:
            return HandState.deal(self.rules, number, self.dealer, scores)
        seed = new_seed()
        self.deal_seeds.append(seed.hex())
        return HandState.deal(self.rules, number, self.dealer, scores, deck=deck_order(seed))

    def finish_hand(self) -> HandScore:
        """Score the ended hand and add it to the totals.

        Raises:
            ValueError: if the hand has not ended or was already scored.
        """
        if not self.hand.ended:
            raise ValueError("the hand has not ended")
        if len(self.scores) == len(self.deal_numbers):
            raise ValueError("this hand was already scored")
        score = self.hand.score()
        self.scores.append(score)
        for side in (0, 1):
            self.totals[side] += score.sides[side].total
        return score

    @property
    def over(self) -> bool:
        """True once the last hand is scored and the game is decided."""
        if len(self.scores) < len(self.deal_numbers) or not self.scores:
            return False
        level = self.totals[0] == self.totals[1]
        if level and self.rules.tie_plays_another_hand:
            return False
        if self.rules.quick_game:
            return True
        return max(self.totals) >= self.rules.target_score

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over, or None (not over, or a shared tie).

        With ``tie_plays_another_hand`` (docs/rules.md#game-end) a level game is never over, so a
        winner always follows.
        """
        if not self.over or self.totals[0] == self.totals[1]:
            return None
        return 0 if self.totals[0] > self.totals[1] else 1

    def next_hand(self) -> HandState:
        """Deal the next hand (the deal passes to the left).

        Raises:
            ValueError: if the current hand is not scored or the game is over.
        """
        if len(self.scores) < len(self.deal_numbers):
            raise ValueError("score the current hand first")
        if self.over:
            raise ValueError("the game is over")
        self.dealer = (self.dealer + 1) % self.rules.players
        self.hand = self._deal()
        return self.hand
