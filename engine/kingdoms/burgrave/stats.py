"""Burgrave-specific statistics over finished games (for ``simulate`` and content tuning).

``simulation_report(states)`` takes finished game states (however they were played) and returns
JSON: win rates by seat and by turn position (0 = start player; a shared win counts for each
winner), average score by category, game
length in rounds/turns, how the game ended, and how often each neutral townsfolk was hired.
``random_games`` plays seeded uniformly random games, the same way the generic CLI does.

>>> report = simulation_report(random_games(2, 2, seed=1))
>>> report["games"], len(report["win_rate_by_seat"])
(2, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from ..core.protocol import Seat
from ..core.rng import Rng, derive_seed
from .rules import apply_code, legal_codes, new_state
from .scoring import leftovers, score_parts
from .state import State
from .tables import CARD_DESIGN

ACTION_CAP = 20_000


def random_games(players: int, games: int, seed: int = 0) -> Iterator[State]:
    """Seeded uniformly random games (game ``i`` uses ``derive_seed(seed, "game", i)``)."""
    chooser = Rng(derive_seed(seed, "choices"))
    seats = tuple(Seat(name=f"P{k + 1}") for k in range(players))
    for number in range(games):
        state = new_state(seats, derive_seed(seed, "game", number))
        moves = 0
        while not state.over:
            state = apply_code(state, chooser.choice(legal_codes(state)))
            moves += 1
            if moves > ACTION_CAP:
                raise RuntimeError(f"game {number} did not end within {ACTION_CAP} actions")
        yield state


def hired_cards(state: State) -> list[int]:
    """Neutral townsfolk that some player hired (owned now or destroyed later)."""
    out = []
    for p in state.players:
        for pile in (p.hand, p.deck, p.discard, p.line, p.destroyed):
            out += [c for c in pile if CARD_DESIGN[c].kind == "neutral"]
    return out


def simulation_report(games: Iterable[State]) -> dict[str, Any]:
    """Statistics over finished games (all with the same number of players)."""
    count = 0
    seats = 0
    wins: list[float] = []
    by_position: list[float] = []
    totals: list[int] = []
    categories: Counter[str] = Counter()
    rounds: list[int] = []
    turns: list[int] = []
    reasons: Counter[str] = Counter()
    hires: Counter[str] = Counter()
    for state in games:
        if not state.over:
            raise ValueError("simulation_report needs finished games")
        count += 1
        seats = state.seat_count
        if not wins:
            wins = [0.0] * seats
            by_position = [0.0] * seats
            totals = [0] * seats
        parts = [score_parts(state, s) for s in range(seats)]
        scores = [sum(p.values()) for p in parts]
        keys = [(scores[s], leftovers(state.players[s])) for s in range(seats)]
        best = max(keys)
        winners = [s for s in range(seats) if keys[s] == best]
        for s in winners:
            wins[s] += 1
            by_position[(s - state.start_seat) % seats] += 1
        for s in range(seats):
            totals[s] += scores[s]
            categories.update(parts[s])
        rounds.append(state.round)
        turns.append(state.turns)
        if state.poverty:
            reasons["poverty"] += 1
        if state.prosperity:
            reasons["prosperity"] += 1
        hires.update(CARD_DESIGN[c].key for c in hired_cards(state))
    if count == 0:
        raise ValueError("no games")
    return {
        "games": count,
        "players": seats,
        "win_rate_by_seat": [round(w / count, 3) for w in wins],
        "win_rate_by_turn_position": [round(w / count, 3) for w in by_position],
        "average_score_by_seat": [round(t / count, 1) for t in totals],
        "average_score": round(sum(totals) / (count * seats), 1),
        "average_by_category": {
            k: round(v / (count * seats), 2) for k, v in sorted(categories.items())
        },
        "rounds": {"average": round(sum(rounds) / count, 1), "min": min(rounds),
                   "max": max(rounds)},
        "turns": {"average": round(sum(turns) / count, 1)},
        "end_cards_revealed": dict(sorted(reasons.items())),
        "hires_per_game": {
            k: round(v / count, 3) for k, v in sorted(hires.items(), key=lambda kv: -kv[1])
        },
    }
