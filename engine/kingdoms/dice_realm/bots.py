"""A Dice Realm bot that plays by the exact odds tables (fast, deterministic, decent).

At each roll it weighs every face-up citizen by ``chance × worth`` (worth: points, plus the
village it would found, plus the neighbour a Hypnotist would bring; a dragon is worth a little,
as a gift to the leader) and keeps the dice that are best for the most promising one, or stops
when a citizen it can already take is worth more than any gamble.
"""

from __future__ import annotations

from kingdoms.core.errors import IllegalActionError

from .actions import CLAIMS, FLIPS, GIVES, ROLLS, STOP, TAKE_PENALTY, ActionModel
from .content import CARD_VALUES, CITIZEN_ABILITY, CITIZEN_COLOUR, CONTENT, VILLAGE_BASE
from .odds import _UNIT, FULL_INDEX, PARTIAL, OddsTable, best_kept_multiset, mask_for, table
from .requirements import counts_of
from .rules import fairies, met_mask, score
from .state import CHOOSE, GIFT, ROLL, State

PENALTY_WORTH = -2.0


def _table(card: int, flips: int) -> OddsTable:
    return table(CONTENT.citizens[card].requirement, min(flips, 2))


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
        value += CARD_VALUES[neighbour] if neighbour < VILLAGE_BASE else 0
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
    """The bot's action for the current seat."""
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
