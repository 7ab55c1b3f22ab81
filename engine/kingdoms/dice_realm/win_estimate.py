"""What a running Dice Realm game is worth to a seat, as ``hard`` judges it near the end:
the chance of winning from the scores, the turns each seat can expect to play and the
abilities held (:func:`estimate`), exact once the game is over (:func:`terminal_value`).

Its own module because it is a model of the game, tuned by measurement (:data:`MODEL`,
``docs/bots.md``), while :mod:`.hard_bot` is the search that uses it.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from kingdoms.core.coach import highest_chances

from .rules import fairies, score, winners
from .state import State


class Model(NamedTuple):
    """What ``hard`` assumes about the turns to come (points are a seat's score)."""

    turn_gain: float = 2.9
    """Points an average turn gains without a Fairy (citizens, villages, scoundrels)."""
    turn_spread: float = 4.0
    """The standard deviation of one turn's gain."""
    fairy_gain: tuple[float, float, float] = (0.0, 2.8, 4.1)
    """Extra points per turn from holding 0, 1, 2+ Fairies (a flip each at the end)."""
    elf_gain: float = 1.45
    """Extra points of a turn with four rolls instead of three."""
    found_rate: float = 0.044
    """How often a turn founds a village of a given colour (0: piles never end the game)."""
    penalty_rate: float = 0.24
    """How often a turn takes a scoundrel."""


MODEL = Model()
"""Measured in games of ``hard`` against itself: the mean and spread of a turn's gain, and the
exact value (expectimax for points) of a turn with 0, 1, 2 flips and 3 or 4 rolls, averaged
over the rows met (``docs/bots.md``)."""
POINT_WEIGHT = 1e-3
"""Each point of expected lead adds this to a win probability, so that positions already won
(or lost) are still told apart by points."""
TIE = 1e-9
"""Values closer than this are equal (sums of floats): then ``hard`` stops rather than rolls,
and takes rather than flips."""
_SQRT2 = math.sqrt(2.0)


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / _SQRT2))


def _below(rate: float, need: int) -> float:
    """The Poisson chance of fewer than ``need`` events at mean ``rate``."""
    term = total = math.exp(-rate)
    for i in range(1, need):
        term *= rate / i
        total += term
    return total


_TURNS_LEFT: dict[tuple[Any, ...], list[float]] = {}


def turns_left(state: State, model: Model = MODEL) -> list[float]:
    """How many turns each seat can expect to play, by its place in the turn order (0: the
    seat to play now). Turn ``t`` (from 0) happens if the draw pile still has a card for it
    and no village pile and not the scoundrel pile has run out before it, each pile emptied
    by foundings (or scoundrels) arriving at the model's rates. (Memoised: few keys.)"""
    n = len(state.seats)
    piles = tuple(sorted(len(pile) for pile in state.villages))
    key = (n, len(state.draw), len(state.penalties), piles, model.found_rate,
           model.penalty_rate)
    found = _TURNS_LEFT.get(key)
    if found is not None:
        return found
    counts = [0.0] * n
    for t in range(len(state.draw)):
        alive = _below(model.penalty_rate * t, len(state.penalties))
        for left in piles:
            alive *= _below(model.found_rate * t, left)
        counts[t % n] += alive
    if len(_TURNS_LEFT) < 20_000:
        _TURNS_LEFT[key] = counts
    return counts


def terminal_value(state: State, me: int) -> float:
    """The value of a finished game for ``me``: its share of the victory (1, ``1/k`` on a
    ``k``-way shared victory, 0) plus a little for its lead."""
    scores = [score(r) for r in state.realms]
    won = winners(state)
    share = 1.0 / len(won) if me in won else 0.0
    lead = scores[me] - max(x for s, x in enumerate(scores) if s != me)
    return share + POINT_WEIGHT * lead


def final_scores(state: State, model: Model = MODEL, bonus: float = 0.0
                 ) -> tuple[list[float], list[float]]:
    """Each seat's expected final score and its variance (see :func:`estimate`)."""
    n = len(state.seats)
    counts = turns_left(state, model)
    means: list[float] = [0.0] * n
    variances: list[float] = [0.0] * n
    for place in range(n):
        seat = (state.current + place) % n
        realm = state.realms[seat]
        turns = counts[place]
        gain = model.turn_gain + model.fairy_gain[min(fairies(realm), 2)]
        elf = state.rolls_allowed > 3 if place == 0 else bool(state.elf >> seat & 1)
        if place == 0 and bonus:
            turns -= 1.0
            elf = False
        means[seat] = (score(realm) + turns * gain
                       + (model.elf_gain * min(1.0, turns) if elf else 0.0))
        if place == 0:
            means[seat] += bonus
        variances[seat] = turns * model.turn_spread**2
    return means, variances


def win_shares(state: State, model: Model = MODEL) -> list[float]:
    """Each seat's chance of ending with the most points, adding up to 1 (the review's curve):
    its final score as a normal (:func:`final_scores`), the chance it is the highest
    (:func:`~kingdoms.core.coach.highest_chances`). :func:`estimate` (the bot's value)
    multiplies one chance per opponent instead, which is enough to compare moves."""
    means, variances = final_scores(state, model)
    return highest_chances(means, [math.sqrt(v + 0.25) for v in variances])


def estimate(state: State, me: int, model: Model = MODEL, bonus: float = 0.0) -> float:
    """The win chance of ``me`` in a running game at the start of a turn, roughly.

    Every seat's final score is estimated as its score plus, for each turn it can expect to
    play (:func:`turns_left`, dealt in turn order from the seat to play, so an Apprentice's
    extra turn or a Hypnotist's double take shows), an average turn's gain (more with Fairies;
    an Elf's four rolls once). Each opponent is beaten with the normal chance of the difference
    of the two estimates; all of them with the product.
    ``bonus`` points are added to the seat to play, as if it had already gained them this turn
    (its turn is then not counted again).
    """
    n = len(state.seats)
    means, variances = final_scores(state, model, bonus)
    chance = 1.0
    for seat in range(n):
        if seat != me:
            spread = math.sqrt(variances[me] + variances[seat] + 0.25)
            chance *= _phi((means[me] - means[seat]) / spread)
    lead = means[me] - max(m for s, m in enumerate(means) if s != me)
    return chance + POINT_WEIGHT * lead


__all__ = ["MODEL", "POINT_WEIGHT", "TIE", "Model", "estimate", "final_scores", "terminal_value",
           "turns_left", "win_shares"]
