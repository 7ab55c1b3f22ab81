"""Random playouts of any registered game, timed natively or inside Pyodide (under Node.js).

The same function runs in both Pythons: the Pyodide side gets this file's source and calls
``games_per_second`` there, so both figures measure exactly the same work.
"""

from __future__ import annotations

import time

from kingdoms.core.protocol import Seat
from kingdoms.core.registry import get_game
from kingdoms.core.rng import Rng


def random_game(game_id: str, players: int, seed: int) -> int:
    """Play one game with uniformly random legal actions, step by step with ``game.play`` as a
    search's play-out does; return its number of actions."""
    game = get_game(game_id)
    seats = [Seat(name=f"P{i + 1}") for i in range(players)]
    state = game.new_game(seats, seed)
    chooser = Rng(seed ^ 0x5EED)
    moves = 0
    while not game.is_over(state):
        state = game.play(state, chooser.choice(game.legal_actions(state)))
        moves += 1
    return moves


def games_per_second(game_id: str, players: int, seconds: float = 3.0) -> float:
    """How many random games finish per second, over about ``seconds`` of wall time."""
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        random_game(game_id, players, games)
        games += 1
    return games / (time.perf_counter() - start)
