"""A review of a game: each person's decisions against the coach's best, and each seat's chance
of winning over the game.

Why from the record: a review is a replay with a judge beside it. Each step of the record is
replayed (:func:`~.session.walk`); where a reviewed seat had more than one legal action, the
coach (:mod:`.coach`) judges every action *from what that seat could see then* (the state is
resampled for it, as for a hint) and the chosen action's value is compared with the best's: the
difference is the chance of winning the decision gave up (its *loss*). The same judge, the same
generator (fixed by the record's seed and the move number), the same review: in CPython and in
the browser, today and after any change that keeps the judge.

The curve is each seat's chance of winning after every move (:meth:`~.coach.Coach.standing`),
read from the whole state: a review is for a finished game (the page offers it only then), when
nothing is secret any more.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .coach import assess, coach_for, coach_rng
from .errors import KingdomsError
from .records import GameRecord, game_for, opening_state
from .session import walk
from .text import Text, render

AGREE = 1e-6
"""A decision whose value is this close to the best's agrees with the judge."""
MISTAKES = 3
"""The costliest decisions listed per seat."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision that gave up some chance of winning."""

    move: int
    """The action's number in the record (1-based): the replay opens just before it."""
    when: Text
    chosen: Text
    """The prompt's words for what was done."""
    best: Text
    """The prompt's words for the judge's best."""
    loss: float
    """The chance of winning given up (0 to 1)."""
    error: float
    """The loss as a share of the way from the best option to the worst (0 to 1)."""

    def to_json(self, language: str = "en") -> dict[str, Any]:
        return {"move": self.move, "turn": render(self.when, language),
                "chosen": render(self.chosen, language), "best": render(self.best, language),
                "loss": round(self.loss, 4)}


@dataclass(slots=True)
class SeatReview:
    """One seat's decisions, summed up."""

    seat: int
    name: str
    decisions: int = 0
    """Decisions with more than one legal action."""
    agreed: int = 0
    """Of those, how many were as good as the judge's best."""
    total_loss: float = 0.0
    total_error: float = 0.0
    mistakes: list[Mistake] = field(default_factory=list)
    """The costliest decisions, costliest first (at most :data:`MISTAKES`)."""
    turning: int = 0
    """The move after which this seat's chance of winning changed most (0: none)."""
    turning_change: float = 0.0

    @property
    def agreement(self) -> float:
        """The share of decisions as good as the judge's best."""
        return self.agreed / self.decisions if self.decisions else 1.0

    @property
    def mean_error(self) -> float:
        """How far from the best each decision was, as a share of the way from the best to the
        worst option (0: always the best; a coin's choice is about half-way), on average. A
        skill measure that a lost position does not hide: there every option's chance of
        winning is small, and so is every loss."""
        return self.total_error / self.decisions if self.decisions else 0.0

    @property
    def mean_loss(self) -> float:
        """The chance of winning given up per decision, on average."""
        return self.total_loss / self.decisions if self.decisions else 0.0

    def to_json(self, language: str = "en") -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "decisions": self.decisions,
                "agreement": round(self.agreement, 4), "mean_loss": round(self.mean_loss, 5),
                "mean_error": round(self.mean_error, 4),
                "turning": self.turning, "turning_change": round(self.turning_change, 4),
                "mistakes": [m.to_json(language) for m in self.mistakes]}


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewed game."""

    game_id: str
    level: str
    seats: tuple[SeatReview, ...]
    curve: tuple[tuple[float, ...], ...]
    """Each seat's chance of winning before the first move and after every move."""

    def to_json(self, language: str = "en") -> dict[str, Any]:
        """The command line's JSON (see the README)."""
        return {"game": self.game_id, "level": self.level,
                "seats": [seat.to_json(language) for seat in self.seats],
                "curve": [[round(c, 4) for c in point] for point in self.curve]}


def review(record: GameRecord, seats: Sequence[int] | None = None, level: str | None = None
           ) -> Generator[float, None, Review]:
    """Review ``record``: the decisions of ``seats`` (default: every seat a person plays)
    judged at ``level`` (default: the coach's review level); yields progress (0 to 1)."""
    game = game_for(record)
    coach = coach_for(record.game_id)
    level = level or coach.review_level
    if level not in coach.levels:
        raise KingdomsError(f"The coach of {record.game_id} judges at "
                            f"{', '.join(coach.levels)}, not {level!r}.")
    wanted = (set(seats) if seats is not None
              else {s for s, seat in enumerate(record.seats) if seat.kind == "person"})
    reviews = {s: SeatReview(s, record.seats[s].name) for s in sorted(wanted)
               if 0 <= s < len(record.seats)}
    mistakes: dict[int, list[Mistake]] = {s: [] for s in reviews}
    curve = [tuple(coach.standing(opening_state(game, record)))]
    total = max(1, len(record.actions))
    for step in walk(record):
        seat = step.seat
        if seat in reviews and len(game.legal_actions(step.before)) > 1:
            rng = coach_rng(record.seed, "review", step.number)
            thinking = assess(game, step.before, rng, level)
            while True:
                try:
                    inner = next(thinking)
                except StopIteration as done:
                    ranked = done.value
                    break
                yield (step.number - 1 + inner) / total
            found = _judged(game, step.before, step.action, ranked, step.number,
                            coach.when(step.before))
            if found is not None:
                _count(reviews[seat], found, mistakes[seat])
        curve.append(tuple(coach.standing(step.after)))
        yield step.number / total
    for seat, seat_review in reviews.items():
        seat_review.mistakes = sorted(mistakes[seat], key=lambda m: (-m.loss, m.move))[:MISTAKES]
        _turning(seat_review, curve)
    return Review(record.game_id, level, tuple(reviews.values()), tuple(curve))


def _judged(game: Any, before: Any, action: Any, ranked: list[Any], move: int,
            when: Text) -> Mistake | None:
    """The decision as a (possible) mistake: the chosen action against the best."""
    best = ranked[0]
    chosen = next((found for found in ranked if found.action == action), None)
    if chosen is None:
        return None
    prompt = game.prompt(before)

    def label(found: Any) -> Text:
        choice = prompt.choice_for(found.action) if prompt is not None else None
        return choice.label if choice is not None else Text("core.coach.unlisted")

    loss = max(0.0, best.value - chosen.value)
    spread = best.value - min(found.value for found in ranked)
    return Mistake(move, when, label(chosen), label(best), loss,
                   loss / spread if spread > AGREE else 0.0)


def _count(seat: SeatReview, found: Mistake, mistakes: list[Mistake]) -> None:
    seat.decisions += 1
    seat.total_loss += found.loss
    seat.total_error += found.error
    if found.loss <= AGREE:
        seat.agreed += 1
    else:
        mistakes.append(found)


def _turning(seat: SeatReview, curve: list[tuple[float, ...]]) -> None:
    """The move after which the seat's chance moved most (either way)."""
    for move in range(1, len(curve)):
        change = curve[move][seat.seat] - curve[move - 1][seat.seat]
        if abs(change) > abs(seat.turning_change) + 1e-12:
            seat.turning, seat.turning_change = move, change


__all__ = ["AGREE", "MISTAKES", "Mistake", "Review", "SeatReview", "review"]
