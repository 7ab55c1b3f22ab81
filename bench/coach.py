"""The coach's figures, native (CPython): how long a hint and a whole game's review take, and how
much chance of winning each computer level gives up per decision, reviewed as a player.

Why figures and not tests: a slow machine prints slow numbers and nothing fails. The tests
(``tests/core/test_coach.py``) check the order of the levels on a few games; this prints the
measure at a scale that makes the figures in ``docs/bots.md``.

Run: ``python3 -m bench.coach [games]`` from the repository root (inside ``.venv``), or through
``python3 build.py bench``.
"""

from __future__ import annotations

import statistics
import sys
import time

from kingdoms.core import coach
from kingdoms.core.bots import bot_for, bot_rng, choose
from kingdoms.core.records import GameRecord
from kingdoms.core.review import review
from kingdoms.core.rng import derive_seed
from kingdoms.core.session import Session

LEVELS = ("random", "easy", "normal", "hard")


def played(game_id: str, levels: list[str], seed: int) -> GameRecord:
    """A finished, seeded game of computers (``levels`` by seat)."""
    session = Session.start(game_id, [{"name": level, "kind": "bot", "bot": level}
                                      for level in levels], seed=seed)
    game = session.game
    while not game.is_over(session.state):
        seat = game.current_seat(session.state)
        assert seat is not None
        session.act(choose(game, session.state, bot_for(game_id, levels[seat]),
                           bot_rng(seed, seat, session.moves)))
    return session.record


def hint_times(game_id: str, record: GameRecord) -> list[float]:
    """Seconds per hint at every decision of seat 0 with a choice, along ``record``."""
    session = Session(record)
    game = session.game
    found: list[float] = []
    for step in session.steps():
        if step.seat == 0 and len(game.legal_actions(step.before)) > 1:
            start = time.perf_counter()
            coach.run(coach.hint(game, step.before, coach.coach_rng(record.seed, "hint",
                                                                    step.number - 1)))
            found.append(time.perf_counter() - start)
    return found


def skill(game_id: str, games: int, players: int) -> dict[str, float]:
    """Mean error per decision (the share of the way from the best option to the worst, see
    :attr:`~kingdoms.core.review.SeatReview.mean_error`), per level, in seat-rotated games."""
    losses: dict[str, list[float]] = {level: [] for level in LEVELS}
    for number in range(games):
        levels = [LEVELS[(number + k) % len(LEVELS)] for k in range(players)]
        record = played(game_id, levels, derive_seed("bench-coach", game_id, number))
        for seat in coach.run(review(record, seats=range(players))).seats:
            losses[levels[seat.seat]].append(seat.mean_error)
    return {level: statistics.fmean(found) for level, found in losses.items() if found}


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def report(games: int = 8) -> None:
    """Print and return the figures."""
    print("Coach (native CPython; browser figures: build.py bench)")
    for game_id in ("dice-realm", "burgrave"):
        record = played(game_id, ["normal"] * 4, derive_seed("bench-coach-review", game_id))
        start = time.perf_counter()
        coach.run(review(record, seats=range(4)))
        seconds = time.perf_counter() - start
        times = hint_times(game_id, record)
        print(f"  {game_id}: review of a 4-player game ({len(record.actions)} moves, every "
              f"seat) {seconds:.1f} s; hint p50 {1000 * statistics.median(times):.0f} ms, "
              f"p95 {1000 * p95(times):.0f} ms over {len(times)} hints")
        levels = skill(game_id, games, 4)
        print(f"  {game_id}: mean error per decision, {games} games of 4: "
              + ", ".join(f"{level} {error:.3f}" for level, error in levels.items()))


if __name__ == "__main__":
    report(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
