"""Burgrave computer players: ``easy``, ``normal`` and ``hard`` (``random`` comes from core).

Every level decides from the state it is handed, which :mod:`kingdoms.core.bots` has already
resampled for its seat (other hands, every draw pile's order, the piles below their tops and the
seed drawn afresh), and from nothing else; none keeps anything between calls. Every level is
deterministic given its generator and handles every decision (``tasks.Decision``): the setup's
pair, a turn's card, move, primary action and hire, and every choice inside an effect, also
those asked of a seat outside its own turn (rearranging when landed on, a link's reward, a
bumped worker's resource).

* ``easy`` — a greedy player (:func:`~.bot_policies.easy_code`): it chooses its card, move
  and primary action together by what they gain at once (points, silver, resources, card
  quality, the track), the hire by the card's quality, and choices inside effects by one look
  ahead. It sees nothing of majorities, the castle's cascades or the end coming.
* ``normal`` — one turn ahead: each legal choice is played out to the end of the turn by the
  ``easy`` policy (for every seat), and the position reached is valued as a chance of winning
  (:func:`~.bot_heuristics.win_chance`: score, expected majorities, what resources, cards,
  track, castle and manuscripts should still bring, and how near the end is).
* ``hard`` — determinized lookahead (:mod:`.lookahead`): ``normal``'s look at every choice,
  then the best three played again in four worlds freshly resampled from its sample (what the
  seat cannot see drawn anew, consistently with what it has seen), through the opponents'
  replies and its own next turn, the best average chance of winning played; a fixed budget of
  play-outs.

``docs/bots.md`` has the measured strength and the timings.
"""

from __future__ import annotations

from typing import Any

from ..core.bots import Thinking
from ..core.protocol import Game
from ..core.rng import Rng
from .actions import ACTIONS
from .bot_heuristics import WEIGHTS, Weights, win_chance
from .bot_policies import easy_code
from .hidden import resample
from .lookahead import Lookahead, to_turn_end
from .rules import apply_code, legal_codes
from .state import State


class EasyBot:
    """``easy``: greedy over its own turn's main choices (see the module's docs)."""

    level = "easy"

    def think(self, game: Game[Any, Any], sample: State, seat: int, rng: Rng) -> Thinking:
        del game, seat
        code = easy_code(sample, rng)
        yield 1.0
        return ACTIONS[code]


class NormalBot:
    """``normal``: every choice played out to the end of the turn, the best chance of winning
    there (see the module's docs)."""

    level = "normal"

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def think(self, game: Game[Any, Any], sample: State, seat: int, rng: Rng) -> Thinking:
        del game
        codes = legal_codes(sample)
        if len(codes) == 1:
            yield 1.0
            return ACTIONS[codes[0]]
        # One determinization, the same for every choice (and the same generator for each
        # play-out): the choices are compared on equal terms.
        world = resample(sample, seat, rng)
        seed = rng.next_u64()
        best_code, best = codes[0], -1e9
        for done, code in enumerate(codes, 1):
            after = apply_code(world, code)
            end = to_turn_end(after, Rng(seed))
            worth = win_chance(end, seat, self.weights)
            if worth > best + 1e-9:
                best_code, best = code, worth
            yield done / len(codes)
        return ACTIONS[best_code]


class HardBot:
    """``hard``: normal's look, then a longer look at the best choices in several worlds (see
    :mod:`.lookahead`)."""

    level = "hard"

    def __init__(self, search: Lookahead | None = None) -> None:
        self.search = search or Lookahead()

    def think(self, game: Game[Any, Any], sample: State, seat: int, rng: Rng) -> Thinking:
        del game
        code = yield from self.search.run(sample, seat, rng)
        return ACTIONS[code]

