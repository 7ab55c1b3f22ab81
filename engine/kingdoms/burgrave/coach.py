"""Burgrave's coach: every legal choice ranked by the computer players' own search, with the
chance of winning it leaves and what it gains by the end of the turn (see
:mod:`kingdoms.core.coach`).

Why the search's values: ``normal`` plays each choice out to the end of the turn and values the
position as a chance of winning; ``hard`` then plays its best three further, through the
opponents' replies and its own next turn (:class:`~.lookahead.Lookahead`). The coach keeps those
values instead of throwing all but the best away, and reads the first look's end of turn for
what the choice gains (points, silver, resources, cards, workers in the castle …): the words a
player needs to see why it is good. Hints judge at ``hard``; a review at ``normal`` (a whole
4-player game takes hundreds of decisions).
"""

from __future__ import annotations

import math
from collections.abc import Generator

from ..core.coach import Assessment, highest_chances, percent
from ..core.rng import Rng
from ..core.text import Text
from .actions import ACTIONS
from .bot_heuristics import WEIGHTS, Weights, turns_left, value, win_chance
from .game import GAME
from .lookahead import Lookahead, Ranked, to_turn_end
from .scoring import castle_workers, score_parts
from .state import Player, State

NORMAL, HARD = "normal", "hard"

_SEARCHES = {NORMAL: Lookahead(finalists=1), HARD: Lookahead()}


def _total(state: State, seat: int) -> int:
    return sum(score_parts(state, seat).values())


def _signed(count: int) -> str:
    return f"+{count}" if count > 0 else f"−{-count}"


def changes(before: State, after: State, seat: int) -> dict[str, int]:
    """What ``seat`` has more (or less) of in ``after`` than in ``before``: points, silver,
    resources, cards, workers in the castle, buildings, manuscripts, deeds, debts."""
    was, now = before.players[seat], after.players[seat]
    return {"points": _total(after, seat) - _total(before, seat),
            "silver": now.silver - was.silver,
            "resources": sum(now.resources) - sum(was.resources),
            "cards": _owned(now) - _owned(was) if _owned(was) else 0,  # not the first deal
            "workers": castle_workers(after, seat) - castle_workers(before, seat),
            "buildings": sum(now.built) - sum(was.built),
            "manuscripts": len(now.manuscripts) - len(was.manuscripts),
            "deeds": now.deeds - was.deeds,
            "debts": now.debts - was.debts}


def gains(found: dict[str, int], shared: dict[str, int]) -> tuple[Text, ...]:
    """The changes in words, leaving out those every option brings alike (``shared``): what
    sets a choice apart, not the cards a new round deals to everyone; all of them when nothing
    sets it apart (the difference is then in where it leaves the seat)."""
    words = {key: Text(f"burgrave.coach.gain.{key}", count=abs(change), signed=_signed(change))
             for key, change in found.items() if change}
    apart = tuple(text for key, text in words.items() if shared.get(key) != found[key])
    return apart or tuple(words.values())


def final_spread(state: State, seat: int, weights: Weights = WEIGHTS) -> float:
    """How far ``seat``'s final score may stray from its :func:`~.bot_heuristics.value`: the
    bots' spread of a lead (a logistic's scale) as one seat's standard deviation (×1.7 for a
    normal, ÷√2 for one of the two seats a lead is the difference of)."""
    turns = turns_left(state, seat, weights)
    return 1.2 * (weights.spread + weights.spread_per_turn * math.sqrt(turns))


def _owned(player: Player) -> int:
    return len(player.hand) + len(player.deck) + len(player.discard) + len(player.line)


class BurgraveCoach:
    """Burgrave's judge: the computer players' search, its values kept."""

    hint_level = HARD
    review_level = NORMAL
    levels = (NORMAL, HARD)

    def when(self, state: State) -> Text:
        return Text("burgrave.coach.when", round=max(1, state.round))

    def standing(self, state: State) -> list[float]:
        seats = 1 if state.rival is not None else state.seat_count  # solo: the rival is no seat
        if state.over:
            won = GAME.result(state).winners
            return [1.0 / len(won) if seat in won else 0.0 for seat in range(seats)]
        if state.rival is not None:  # solo: the one seat against the rival
            return [min(1.0, max(0.0, win_chance(state, 0)))]
        return highest_chances([value(state, seat) for seat in range(seats)],
                               [final_spread(state, seat) for seat in range(seats)])

    def assess(self, sample: State, seat: int, rng: Rng, level: str
               ) -> Generator[float, None, list[Assessment]]:
        search = _SEARCHES.get(level, _SEARCHES[HARD])
        ranked = yield from search.rank(sample, seat, rng)
        if len(ranked) == 1:
            end = to_turn_end(sample, rng)
            ranked = [Ranked(win_chance(end, seat), ranked[0].code, end)]
        found = [changes(sample, one.turn_end, seat) for one in ranked]
        shared = ({key: change for key, change in found[0].items()
                   if all(other[key] == change for other in found[1:])}
                  if len(found) > 1 else {})
        return [self._words(one, change, shared) for one, change in zip(ranked, found,
                                                                         strict=True)]

    def _words(self, found: Ranked, change: dict[str, int], shared: dict[str, int]
               ) -> Assessment:
        points = change["points"]
        measure = Text("burgrave.coach.measure", percent=percent(found.value),
                       count=abs(points), signed=_signed(points) if points else "0")
        gained = gains(change, shared)
        why = (Text("burgrave.coach.why.gains", gains=gained) if gained
               else Text("burgrave.coach.why.nothing"))
        return Assessment(ACTIONS[found.code], found.value, measure, why)


__all__ = ["BurgraveCoach", "changes", "gains"]
