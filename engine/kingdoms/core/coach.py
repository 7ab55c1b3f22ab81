"""A coach at the table: "what would a strong player do here, and why?" (a hint) and, after a
game, where it was won and lost (a review, :mod:`.review`).

Why one judge per game, beside its computer players: the judge *is* a computer player's
judgement, made to show its work. A bot returns one action; a :class:`Coach` ranks every legal
action of the seat to act by the same values the bot decides by, each with a measure a player
understands (a chance to claim a citizen, points by the end of the turn) and one sentence why,
in the game's own words (:class:`~.text.Text`). Hints and reviews use the same judge, so a
review never blames a move the hint would have suggested.

No peeking: like a bot (:func:`~.bots.think`), the coach is handed a state *resampled* for the
seat (:meth:`~.protocol.Game.resample`): whatever the seat cannot see is drawn afresh from the
coach's own generator, so two states that differ only in hidden things get the same advice.

Thinking happens in slices (a generator yielding progress, as bots do) so the page stays
responsive; the command line runs it to the end (:func:`run`).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from . import registry
from .errors import KingdomsError
from .explain import PROMPT, Place
from .protocol import Game
from .rng import Rng, derive_seed
from .text import Text

T = TypeVar("T")

HINT_OPTIONS = 3
"""A hint lists at most this many options, best first."""


@dataclass(frozen=True, slots=True)
class Assessment:
    """One legal action as the judge sees it, for the seat to act."""

    action: Any
    """The game's action model."""
    value: float
    """The judge's value for the seat after it: a chance of winning (0 to 1), give or take the
    judge's small tie-break for points."""
    measure: Text
    """What it is worth in terms a player reads at a glance ("41 % to claim the Dragon Rider
    (8)", "+4 points by the end of your turn")."""
    why: Text | None = None
    """One sentence why (what it aims at, what it sets up)."""


class Coach(Protocol):
    """A game's judge of positions and moves (named by its registry entry's ``coach``)."""

    hint_level: str
    """The level hints judge at: the game's strongest."""
    review_level: str
    """The level reviews judge at by default: the strongest that reviews a whole game in a
    few seconds in the browser."""
    levels: tuple[str, ...]
    """Every level this coach can judge at."""

    def assess(self, sample: Any, seat: int, rng: Rng, level: str
               ) -> Generator[float, None, list[Assessment]]:
        """Every legal action of ``seat`` (to act in ``sample``, a state resampled for it),
        best first, judged at ``level``; yields progress (0 to 1) now and then."""
        ...

    def standing(self, state: Any) -> list[float]:
        """Each seat's chance of winning from ``state``, adding up to 1 (the review's curve;
        exact shares once the game is over; see :func:`highest_chances`)."""
        ...

    def when(self, state: Any) -> Text:
        """When in the game ``state`` is, as a player says it ("Round 6", "Turn 12")."""
        ...


@dataclass(frozen=True, slots=True)
class Advice:
    """One option of a hint: what to do, where on the board, and why."""

    action: Any
    code: int
    """The action's code (``Game.encode_action``)."""
    label: Text
    """The prompt's own words for the choice ("Keep 6 6 6 and re-roll 3 dice")."""
    place: Place
    """Where the page draws the choice (see :class:`~.explain.Choice`)."""
    key: int
    group: str
    assessment: Assessment

    def to_json(self) -> dict[str, Any]:
        """What the command line prints and the tests compare."""
        found = self.assessment
        return {"code": self.code, "label": self.label.to_json(), "place": self.place,
                "key": self.key, "group": self.group, "value": round(found.value, 4),
                "measure": found.measure.to_json(),
                "why": found.why.to_json() if found.why is not None else None}


def coach_for(game_id: str) -> Coach:
    """The coach of a game (made once); ``KingdomsError`` if the game has none."""
    found = _made.get(game_id)
    if found is None:
        target = registry.entry(game_id).coach
        if not target:
            raise KingdomsError(f"{game_id} has no coach.")
        found = _made[game_id] = registry.resolve(target)()
    return found


_made: dict[str, Coach] = {}


def coach_rng(seed: int, purpose: str, move: int) -> Rng:
    """The generator the coach uses at the ``move``-th action of a game: fixed by the game's
    seed (the same question gets the same answer), a one-way mix of it (nothing about the
    game's own draws can be read from it)."""
    return Rng(derive_seed(seed, "coach", purpose, move))


def assess(game: Game[Any, Any], state: Any, rng: Rng, level: str | None = None
           ) -> Generator[float, None, list[Assessment]]:
    """Every legal action of the seat to act in ``state``, best first, judged from what that
    seat can see (the state is resampled first)."""
    seat = game.current_seat(state)
    if seat is None:
        raise KingdomsError("The game is over: there is nothing to choose.")
    coach = coach_for(game.info.game_id)
    sample = game.resample(state, seat, Rng(derive_seed(rng.next_u64(), "sample")))
    return (yield from coach.assess(sample, seat, rng, level or coach.hint_level))


def hint(game: Game[Any, Any], state: Any, rng: Rng, level: str | None = None,
         count: int = HINT_OPTIONS) -> Generator[float, None, list[Advice]]:
    """Up to ``count`` options for the seat to act, best first, each with where the page draws
    it (from the game's prompt) and why."""
    ranked = yield from assess(game, state, rng, level)
    prompt = game.prompt(state)
    advice: list[Advice] = []
    for found in ranked[:count]:
        choice = prompt.choice_for(found.action) if prompt is not None else None
        if choice is None:
            label, place, key, group = Text("core.coach.unlisted"), PROMPT, -1, ""
        else:
            label, place, key, group = choice.label, choice.place, choice.key, choice.group
        advice.append(Advice(found.action, game.encode_action(found.action), label, place, key,
                             group, found))
    return advice


def run(thinking: Generator[float, None, T]) -> T:
    """Run a coach's thinking to the end (the command line and the tests)."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            result: T = done.value
            return result


def percent(chance: float) -> int:
    """A chance as a whole percentage for a sentence, never a false 0 % or 100 %."""
    whole = round(100 * chance)
    if whole <= 0 < chance:
        return 1
    if whole >= 100 > 100 * chance:
        return 99
    return max(0, min(100, whole))


SHARE_STEPS = 80
"""Points of the grid :func:`highest_chances` integrates over."""


def highest_chances(means: Sequence[float], spreads: Sequence[float]) -> list[float]:
    """Each seat's chance of ending highest when its final score is normal (``means``,
    standard deviations ``spreads``, independent), integrated over a grid; they add up to 1.
    Why not one chance per opponent multiplied: that adds up to less than 1 at a table of
    three or more (four equal seats: 12.5 % each), and stretching it overstates a leader.

    >>> [round(c, 3) for c in highest_chances([10, 10, 10, 10], [3, 3, 3, 3])]
    [0.25, 0.25, 0.25, 0.25]
    >>> [round(c, 2) for c in highest_chances([12, 10], [2, 2])]
    [0.76, 0.24]
    """
    low = min(m - 5 * s for m, s in zip(means, spreads, strict=True))
    high = max(m + 5 * s for m, s in zip(means, spreads, strict=True))
    width = (high - low) / SHARE_STEPS
    found = [0.0] * len(means)
    for step in range(SHARE_STEPS):
        x = low + (step + 0.5) * width
        below = [0.5 * (1.0 + math.erf((x - m) / (s * math.sqrt(2.0))))
                 for m, s in zip(means, spreads, strict=True)]
        for seat, (m, s) in enumerate(zip(means, spreads, strict=True)):
            density = math.exp(-0.5 * ((x - m) / s) ** 2) / (s * math.sqrt(2 * math.pi))
            others = 1.0
            for other, chance in enumerate(below):
                if other != seat:
                    others *= chance
            found[seat] += density * others * width
    total = sum(found)
    return [f / total for f in found] if total > 0 else [1 / len(found)] * len(found)


__all__ = ["HINT_OPTIONS", "Advice", "Assessment", "Coach", "assess", "coach_for", "coach_rng",
           "highest_chances", "hint", "percent", "run"]
