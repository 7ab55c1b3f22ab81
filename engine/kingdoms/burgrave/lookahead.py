"""Determinized lookahead for Burgrave's ``hard`` player: ``normal``'s look at every choice,
then a longer, averaged look at the best few.

Why this shape: ``normal`` values each legal choice by one play-out to the end of the turn in
one imagined world (one :func:`~.hidden.resample` of what the seat cannot see). That misjudges
choices whose worth hangs on hidden cards (the next townsfolk, a draw, an opponent's hand) and
never sees what a choice leaves open to the opponents. ``hard`` first does exactly what
``normal`` does (so it never overlooks what ``normal`` would see), then takes the
:attr:`Lookahead.finalists` best choices and plays each out again in :attr:`Lookahead.worlds`
further worlds, each drawn afresh from the sample (consistent with what the seat has seen),
through the end of its turn, *the opponents' next turns and its own next turn*; the choice with
the best average chance of winning there is played. Playing its own next turn too is what makes
the longer look worth its cost: stopped where that turn starts, the value sees silver, cards and
a position, not what they allow, and it beat ``normal`` 55.9 % of the time (``docs/bots.md``).
Every finalist meets the same worlds and the same generators (common random numbers), so the
comparison is fair.

An information-set Monte Carlo tree search was tried first (``ismcts.py`` in commit 91f891a):
with the few hundred iterations a browser allows, a dozen decisions a turn spread it too thin
and it lost to ``normal`` (``docs/bots.md``). The budget here counts play-outs, never
seconds, and the search yields after every play-out, so a page can draw in between.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import NamedTuple

from ..core.rng import Rng
from .bot_heuristics import WEIGHTS, Weights, win_chance
from .bot_policies import easy_code, is_turn_start, quick_code
from .hidden import resample
from .rules import apply_code, deciding_seat, legal_codes, step
from .state import State
from .tasks import Decision

Policy = Callable[[State, Rng], int]


class Ranked(NamedTuple):
    """One legal code as the search judged it."""

    value: float
    """The seat's chance of winning after it (the longer look's average for a finalist)."""
    code: int
    turn_end: State
    """Where the first look's play-out of it ended: the end of the seat's turn."""


def to_turn_end(state: State, rng: Rng, policy: Policy = easy_code) -> State:
    """Play on with ``policy`` for every seat until the next turn starts (or the game ends).
    ``state`` itself is left as it was (only the states made here are played on in place)."""
    own = False
    while not is_turn_start(state):
        state = step(state, policy(state, rng), own)
        own = True
    return state


def to_own_turn(state: State, seat: int, rng: Rng, own: Policy, others: Policy) -> State:
    """Play on until ``seat``'s next turn starts (or the game ends): ``own`` decides for the
    seat, ``others`` for everyone else (their whole turns)."""
    mine = False
    while not state.over:
        top = state.stack[-1]
        if top.op == Decision.PLAY_CARD and top.seat == seat:
            return state
        policy = own if deciding_seat(state) == seat else others
        state = step(state, policy(state, rng), mine)
        mine = True
    return state


class Lookahead:
    """One ``hard`` search's settings."""

    def __init__(self, finalists: int = 3, worlds: int = 4, weights: Weights = WEIGHTS,
                 others: Policy = quick_code, own_next: Policy | None = easy_code) -> None:
        self.finalists = finalists
        """How many of the first look's best choices get the longer look."""
        self.worlds = worlds
        """Worlds (fresh resamples) each finalist is played out in."""
        self.weights = weights
        self.others = others
        """The opponents' policy in the longer look (quick: a whole turn per play-out)."""
        self.own_next = own_next
        """The policy of the seat's own next turn, the longer look's last part (``None``: the
        look stops where that turn starts). A position is worth what can be done from it: a
        move that leaves nothing to act on next turn looks as good as one that sets up a
        build until that turn is played."""

    def run(self, sample: State, seat: int, rng: Rng) -> Generator[float, None, int]:
        """Choose for ``seat`` (whose decision is pending in ``sample``); yield progress after
        every play-out; return the chosen code."""
        ranked = yield from self.rank(sample, seat, rng)
        return ranked[0].code

    def rank(self, sample: State, seat: int, rng: Rng) -> Generator[float, None, list[Ranked]]:
        """Every legal code for ``seat`` in ``sample``, best first: the finalists by their
        longer look, then the rest by the first; yield progress after every play-out.
        (:meth:`run` plays the first; the coach shows the list.) A lone legal code is not
        looked at: its value is 0."""
        codes = legal_codes(sample)
        if len(codes) == 1:
            yield 1.0
            return [Ranked(0.0, codes[0], sample)]
        finalists = min(self.finalists, len(codes))
        steps = len(codes) + (finalists * self.worlds if finalists > 1 else 0)
        # The first look: normal's (one world, the same generator for every choice).
        world = resample(sample, seat, rng)
        seed = rng.next_u64()
        first: list[tuple[float, int, int, State]] = []
        for index, code in enumerate(codes):
            end = to_turn_end(apply_code(world, code), Rng(seed))
            first.append((win_chance(end, seat, self.weights), -index, code, end))
            yield (index + 1) / steps
        first.sort(key=lambda found: found[:2], reverse=True)
        ranked = [Ranked(value, code, end) for value, _, code, end in first]
        if finalists <= 1:
            return ranked
        chosen = [code for _, _, code, _ in first[:finalists]]
        # The longer look: the finalists through the opponents' replies, in fresh worlds.
        totals = dict.fromkeys(chosen, 0.0)
        done = len(codes)
        for _ in range(self.worlds):
            world = resample(sample, seat, rng)
            seed = rng.next_u64()
            for code in chosen:
                end = self.play_out(world, code, seat, Rng(seed))
                totals[code] += win_chance(end, seat, self.weights)
                done += 1
                yield done / steps
        longer = sorted(ranked[:finalists],
                        key=lambda found: (totals[found.code], -chosen.index(found.code)),
                        reverse=True)
        return [Ranked(totals[found.code] / self.worlds, found.code, found.turn_end)
                for found in longer] + ranked[finalists:]

    def play_out(self, world: State, code: int, seat: int, rng: Rng) -> State:
        """The longer look at ``code`` in ``world``: the rest of ``seat``'s turn by ``easy``,
        the opponents' turns by :attr:`others`, then its own next turn by :attr:`own_next`."""
        end = to_own_turn(apply_code(world, code), seat, rng, easy_code, self.others)
        if self.own_next is None or end.over:
            return end
        return to_turn_end(apply_code(end, self.own_next(end, rng)), rng, self.own_next)
