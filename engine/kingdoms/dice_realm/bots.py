"""Dice Realm computer players: ``easy``, ``normal`` and ``hard`` (``random`` comes from core).

Every level decides from the state it is given, which :mod:`kingdoms.core.bots` has already
resampled for its seat (the draw pile reshuffled, the future dice unknown), and from nothing
else; none keeps anything between calls except pure memo tables keyed by what the seat sees.
All three are deterministic: Dice Realm's chances are exact (odds tables, expectimax over the
462 multisets of six dice), so no level needs its generator.

* ``easy`` — a greedy player. It picks the most valuable citizen with a decent chance (by the
  odds printed on the card, not by its dice), keeps the dice that best help that citizen on the
  *next* roll only, takes a lit citizen as soon as one is about as good as its target, uses a
  Fairy only to light a better citizen, and gives dragons to the leader.
* ``normal`` — the odds bot: at each roll it weighs every citizen by ``chance × worth`` with the
  exact odds tables from its current dice, and keeps the best dice for the most promising one
  (:func:`choose`, also used by the seeded scenario tests).
* ``hard`` — exact expectimax over rolls, keeps and Fairy flips for the whole turn (see
  :class:`HardBot`), where each way the turn can end (each citizen it might take, or a
  scoundrel) is valued by the position it leaves: exact wins, shares and losses when the take
  ends the game; with two players near the end, the opponent's whole reply planned exactly
  against it (exactly their last turn when one card is left to draw); otherwise a
  win-probability estimate from the scores, the turns left and the abilities held.

``docs/bots.md`` has the details, the measured strength and the timings.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdoms.core.bots import Thinking
from kingdoms.core.errors import IllegalActionError
from kingdoms.core.protocol import Game
from kingdoms.core.rng import Rng

from .actions import (
    CLAIMS,
    FLIPS,
    GIVES,
    ROLLS,
    STOP,
    TAKE_PENALTY,
    ActionModel,
)
from .content import CARD_KIND, CARD_VALUES, CITIZEN_ABILITY, CITIZEN_COLOUR, CITIZENS
from .odds import (
    _UNIT,
    FULL_INDEX,
    PARTIAL,
    OddsTable,
    best_kept_multiset,
    mask_for,
    table,
)
from .requirements import counts_of
from .rules import (
    fairies,
    met_mask,
    score,
)
from .state import CHOOSE, GIFT, ROLL, State
from .turn_tables import KEEPS, SIZE, decided, full_index, leader

# =========================================================================== normal (odds bot)

PENALTY_WORTH = -2.0


def _table(card: int, flips: int) -> OddsTable:
    return table(CITIZENS[card].requirement, min(flips, 2))


def worth(state: State, slot: int) -> float:
    """How much taking the citizen in ``slot`` is worth to the current player, roughly."""
    card = state.row[slot]
    ability = CITIZEN_ABILITY[card]
    if ability == "dragon":
        return -0.5 * CARD_VALUES[card]
    value = float(CARD_VALUES[card])
    if CITIZEN_COLOUR[card] == slot and state.villages[slot]:
        value += CARD_VALUES[state.villages[slot][0]]
    if ability == "hypnotist" and slot < 4 and state.row[slot + 1] >= 0:
        neighbour = state.row[slot + 1]
        value += CARD_VALUES[neighbour] if CARD_KIND[neighbour] == "citizen" else 0
    elif ability in ("apprentice", "elf", "fairy"):
        value += 1.5
    return value


def _best_claim(state: State, dice: tuple[int, ...]) -> tuple[float, int]:
    mask = met_mask(dice)
    best, best_slot = PENALTY_WORTH, -1
    for slot, card in enumerate(state.row):
        if card >= 0 and mask >> card & 1:
            value = worth(state, slot)
            if best_slot < 0 or value > best:
                best, best_slot = value, slot
    return best, best_slot


def choose(state: State) -> ActionModel:
    """The odds bot's action for the current seat (the ``normal`` level; deterministic).

    It reads only what every seat sees (the row, the dice, the realms, the piles' tops), so it
    may be called on the real state too, as the seeded scenario tests do."""
    phase = state.phase
    if phase == ROLL:
        if state.rolls_used == 0:
            return ROLLS[0]
        flips = fairies(state.realms[state.current])
        left = state.rolls_allowed - state.rolls_used
        full = FULL_INDEX[counts_of(state.dice)]
        now, _ = _best_claim(state, state.dice)
        target, target_ev = -1, now
        for slot, card in enumerate(state.row):
            if card < 0:
                continue
            ev = _table(card, flips).v[left][full] / _UNIT**left * worth(state, slot)
            if ev > target_ev:
                target, target_ev = slot, ev
        if target < 0:
            return STOP
        t = _table(state.row[target], flips)
        mask = mask_for(state.dice, PARTIAL[best_kept_multiset(t, full, left)])
        return STOP if mask == 63 else ROLLS[mask]
    if phase == CHOOSE:
        best, slot = _best_claim(state, state.dice)
        if state.flips_used < fairies(state.realms[state.current]):
            for die in range(6):
                dice = list(state.dice)
                dice[die] = 7 - dice[die]
                if _best_claim(state, tuple(dice))[0] > best:
                    return FLIPS[die]
        return CLAIMS[slot] if slot >= 0 else TAKE_PENALTY
    if phase == GIFT:
        others = [s for s in range(len(state.seats)) if s != state.current]
        return GIVES[max(others, key=lambda s: (score(state.realms[s]), -s))]
    raise IllegalActionError("The game is over.")


class NormalBot:
    """``normal``: the odds bot (:func:`choose`)."""

    level = "normal"

    def think(self, game: Game[Any, Any], sample: State, seat: int, rng: Rng) -> Thinking:
        del game, seat, rng
        return (yield from decided(choose(sample)))


# =========================================================================== easy

EASY_DECENT_ODDS = 0.3
"""``easy`` aims only at citizens whose printed odds (three rolls, best play) reach this."""


def _easy_worth(state: State, slot: int) -> int:
    """What ``easy`` sees in a citizen: its points and the village it founds (a dragon: 0)."""
    card = state.row[slot]
    if CITIZEN_ABILITY[card] == "dragon":
        return 0
    value = CARD_VALUES[card]
    if CITIZEN_COLOUR[card] == slot and state.villages[slot]:
        value += CARD_VALUES[state.villages[slot][0]]
    return value


def _easy_best_lit(state: State, dice: Sequence[int]) -> tuple[int, int]:
    mask = met_mask(dice)
    best, best_slot = -99, -1
    for slot, card in enumerate(state.row):
        if card >= 0 and mask >> card & 1 and _easy_worth(state, slot) > best:
            best, best_slot = _easy_worth(state, slot), slot
    return best, best_slot


def easy_choose(state: State) -> ActionModel:
    """The ``easy`` level's action (greedy, see the module's docs)."""
    phase = state.phase
    if phase == ROLL:
        if state.rolls_used == 0:
            return ROLLS[0]
        targets = [s for s, c in enumerate(state.row)
                   if c >= 0 and CITIZEN_ABILITY[c] != "dragon"
                   and CITIZENS[c].odds_approx >= EASY_DECENT_ODDS]
        lit, lit_slot = _easy_best_lit(state, state.dice)
        if not targets:
            return CLAIMS[lit_slot] if lit_slot >= 0 else STOP
        target = max(targets, key=lambda s: (_easy_worth(state, s), -s))
        if lit_slot >= 0 and lit >= _easy_worth(state, target) - 1:
            return CLAIMS[lit_slot]
        # Keep what gives the best chance of lighting the target on the next roll alone.
        next_roll = table(CITIZENS[state.row[target]].requirement).w[0]
        keeps = KEEPS[full_index(state.dice)]
        kept = max(keeps, key=lambda k: (next_roll[k], SIZE[k]))
        return ROLLS[mask_for(state.dice, PARTIAL[kept])]
    if phase == CHOOSE:
        best, slot = _easy_best_lit(state, state.dice)
        if state.flips_used < fairies(state.realms[state.current]):
            for die in range(6):
                dice = list(state.dice)
                dice[die] = 7 - dice[die]
                if _easy_best_lit(state, dice)[0] > max(best, 0):
                    return FLIPS[die]
        return CLAIMS[slot] if slot >= 0 else TAKE_PENALTY
    if phase == GIFT:
        return GIVES[leader(state, state.current)]
    raise IllegalActionError("The game is over.")


class EasyBot:
    """``easy``: a greedy player (:func:`easy_choose`)."""

    level = "easy"

    def think(self, game: Game[Any, Any], sample: State, seat: int, rng: Rng) -> Thinking:
        del game, seat, rng
        return (yield from decided(easy_choose(sample)))
