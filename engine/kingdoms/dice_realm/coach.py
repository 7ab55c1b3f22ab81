"""Dice Realm's coach: every legal action ranked by ``hard``'s own values, with the chance to
claim the citizen a keep aims at and the points the turn is worth (see :mod:`kingdoms.core.coach`).

Why ``hard``: its turn plan is exact (expectimax over the 462 multisets of six dice), so the
coach can say what each keep, stop, flip or take is worth without searching again: the value of
keeping ``k`` with ``r`` rolls to go is a table lookup. The measure a player reads is in points,
from a second plan over the same tables that counts the points each way to end the turn gains
(:func:`points_plan`), and, for a keep, the chance to claim the citizen it aims at (the odds
tables the odds helper shows).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from kingdoms.core.coach import Assessment, percent
from kingdoms.core.rng import Rng
from kingdoms.core.text import Text

from .actions import (
    GIVE_BASE,
    PENALTY_CODE,
    STOP_CODE,
    VOCABULARY,
    Claim,
    Flip,
    GiveDragon,
    Roll,
)
from .content import CARD_VALUES, CITIZEN_ABILITY, CITIZEN_COLOUR, CITIZENS, COLOUR_IDS
from .explain import card_name, colour_name
from .hard_bot import HardBot, TurnPlan, claim_slot, scoundrel_dice, with_dice
from .odds import _UNIT, PARTIAL_INDEX, table
from .requirements import counts_of
from .rules import apply_code, fairies, founds_village, legal_codes, score, winners
from .state import GIFT, OVER, ROLL, State
from .turn_tables import FLIP_TO, MEETS, full_index
from .win_estimate import estimate, win_shares

HARD = "hard"


def _gain(before: State, code: int, seat: int) -> int:
    """The points ``seat`` gains by taking ``code`` (a claim or the scoundrel) now."""
    after = apply_code(before, code)
    return score(after.realms[seat]) - score(before.realms[seat])


def points_plan(state: State) -> TurnPlan:
    """The turn in ``state`` planned for points: each citizen its best take's points (village
    and neighbour included), a scoundrel its (negative) points; the same expectimax tables as
    ``hard``'s plan, so ``keep[r][k]`` is the turn's expected points after keeping ``k``."""
    me = state.current
    claim: list[float | None] = []
    for slot, card in enumerate(state.row):
        if card < 0:
            claim.append(None)
            continue
        dealt = with_dice(state, MEETS[card])
        gains = [_gain(dealt, code, me) for code in legal_codes(dealt) if claim_slot(code) == slot]
        claim.append(float(max(gains)) if gains else None)
    dice = scoundrel_dice(state.row)
    fallback = float(_gain(with_dice(state, dice), PENALTY_CODE, me)) if dice is not None else 0.0
    return TurnPlan(claim, state.row, fallback, fairies(state.realms[me]),
                    state.rolls_allowed - 1)


class DiceRealmCoach:
    """Dice Realm's judge: ``hard`` at every level (it is exact and quick)."""

    hint_level = HARD
    review_level = HARD
    levels = (HARD,)

    def __init__(self) -> None:
        self.hard = HardBot()

    def when(self, state: State) -> Text:
        return Text("dice-realm.coach.when", turn=state.turn)

    def standing(self, state: State) -> list[float]:
        seats = range(len(state.seats))
        if state.phase == OVER:
            won = winners(state)
            return [1.0 / len(won) if seat in won else 0.0 for seat in seats]
        return win_shares(state)

    def assess(self, sample: State, seat: int, rng: Rng, level: str
               ) -> Generator[float, None, list[Assessment]]:
        del rng, level
        codes = legal_codes(sample)
        if sample.phase == GIFT:
            found = [self._give(sample, seat, code) for code in codes]
        elif sample.phase == ROLL and sample.rolls_used == 0:
            found = [Assessment(VOCABULARY[code], estimate(sample, seat),
                                Text("dice-realm.coach.first_roll")) for code in codes]
        else:
            plan = yield from self.hard.turn_plan_steps(sample)
            points = points_plan(sample)
            found = [self._one(sample, seat, code, plan, points) for code in codes]
        yield 1.0
        # Best first; on equal values the order hard itself prefers: take, then stop, flip,
        # roll (keeping more dice first), as it stops rather than rolls on a tie.
        return sorted(found, key=lambda a: (-round(a.value, 9), _order(a.action)))

    def _give(self, state: State, seat: int, code: int) -> Assessment:
        target = code - GIVE_BASE
        value = self.hard.value_after(state, code, seat, 0)
        return Assessment(VOCABULARY[code], value,
                          Text("dice-realm.coach.give", points=score(state.realms[target])),
                          Text("dice-realm.coach.why.give"))

    def _one(self, state: State, seat: int, code: int, plan: TurnPlan,
             points: TurnPlan) -> Assessment:
        action = VOCABULARY[code]
        owned = fairies(state.realms[seat])
        full = full_index(state.dice)
        if isinstance(action, Roll):
            left = state.rolls_allowed - state.rolls_used
            kept = PARTIAL_INDEX[counts_of([d for i, d in enumerate(state.dice)
                                            if action.keep >> i & 1])]
            value = plan.keep[left - 1][kept]
            expected = points.keep[left - 1][kept]
            return Assessment(action, value, *self._keep_words(state, kept, left, owned,
                                                               expected))
        if code == STOP_CODE:
            expected = points.stop[owned][full]
            why = Text("dice-realm.coach.why.stop_fairy" if owned else "dice-realm.coach.why.stop")
            return Assessment(action, plan.stop[owned][full],
                              Text("dice-realm.coach.expected", points=_one_place(expected)), why)
        if isinstance(action, Flip):
            rest = owned - state.flips_used - 1
            dice = list(state.dice)
            dice[action.die] = 7 - dice[action.die]
            target = full_index(dice)
            assert target in FLIP_TO[full]
            return Assessment(action, plan.stop[rest][target],
                              Text("dice-realm.coach.expected",
                                   points=_one_place(points.stop[rest][target])),
                              Text("dice-realm.coach.why.flip"))
        if isinstance(action, Claim):
            return self._claim(state, seat, code, action)
        assert code == PENALTY_CODE and not isinstance(action, GiveDragon)
        fallback = plan.fallback
        value = fallback if isinstance(fallback, float) else fallback[full]
        return Assessment(action, value,
                          _now(_gain(state, code, seat)),
                          Text("dice-realm.coach.why.penalty"))

    def _claim(self, state: State, seat: int, code: int, action: Claim) -> Assessment:
        value = self.hard.value_after(state, code, seat, 1)
        after = apply_code(state, code)
        gained = score(after.realms[seat]) - score(state.realms[seat])
        card = state.row[action.slot]
        if after.phase == OVER:
            why = Text("dice-realm.coach.why.ends_won" if seat in winners(after)
                       else "dice-realm.coach.why.ends_lost")
        elif CITIZEN_ABILITY[card] == "dragon":
            why = Text("dice-realm.coach.why.dragon")
        elif action.village and founds_village(state, action.slot):
            why = Text("dice-realm.coach.why.village",
                       colour=colour_name(COLOUR_IDS[CITIZEN_COLOUR[card]]))
        else:
            why = Text("dice-realm.coach.why.claim")
        return Assessment(action, value, _now(gained), why)

    def _keep_words(self, state: State, kept: int, left: int, owned: int,
                    expected: float) -> tuple[Text, Text | None]:
        """A keep's measure (the chance at the citizen it aims at, the turn's points) and why."""
        best: tuple[float, float, int] | None = None
        for slot, card in enumerate(state.row):
            if card < 0 or CARD_VALUES[card] <= 0 or CITIZEN_ABILITY[card] == "dragon":
                continue
            chance = table(CITIZENS[card].requirement, min(owned, 2)).w[left - 1][kept]
            chance_f = chance / _UNIT**left
            aim = (chance_f * CARD_VALUES[card], chance_f, slot)
            if best is None or aim > best:
                best = aim
        points = _one_place(expected)
        if best is None or best[1] <= 0:
            return Text("dice-realm.coach.expected", points=points), None
        card = state.row[best[2]]
        measure = Text("dice-realm.coach.keep", percent=percent(best[1]), card=card_name(card),
                       value=CARD_VALUES[card], points=points)
        return measure, Text("dice-realm.coach.why.keep", card=card_name(card))


def _now(points: int) -> Text:
    """Points a take gains at once, signed ("+3 points now", "−2 points now")."""
    signed = f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")
    return Text("dice-realm.coach.now", count=abs(points), signed=signed)


def _one_place(value: float) -> float:
    """Expected points to one decimal place (a sentence says "about 4.2 points")."""
    return round(value + 0.0, 1)


def _order(action: Any) -> tuple[int, int]:
    if isinstance(action, Claim):
        return (0, action.slot)
    if isinstance(action, Roll):
        return (3, -bin(action.keep).count("1"))
    if isinstance(action, Flip):
        return (2, action.die)
    return (1, 0)


__all__ = ["DiceRealmCoach", "points_plan"]
