"""How long a bot takes per move, timed natively or inside Pyodide (under Node.js).

The same function runs in both Pythons (the Pyodide side gets this file's source, as
``bench/playouts.py`` does), so both figures measure exactly the same work: seeded games of the
level against itself, timing every decision as :func:`kingdoms.core.bots.choose` makes it (the
resample included), after 50 unmeasured moves of another game (the odds tables a level uses are
built then, as the page builds them in idle time). A decision runs in slices (the bot yields
between them, so a page can draw in between): the longest slice is timed too.

The clock is wall time by default (what a player waits). ``clock="cpu"`` times the process's own
CPU instead: on a machine shared with other work (ours has two cores and often a dozen busy
processes), wall times swell with the load, CPU times do not.
"""

from __future__ import annotations

import time

from bench import percentile
from kingdoms.core.bots import bot_for, bot_rng, think
from kingdoms.core.protocol import Seat
from kingdoms.core.registry import game_info, get_game
from kingdoms.core.rng import derive_seed

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def _games(game_id: str, level: str, moves: int, salt: str,
           clock: str = "wall") -> tuple[list[float], list[float]]:
    """(milliseconds per move, milliseconds of each move's longest slice)."""
    now = CLOCKS[clock]
    game = get_game(game_id)
    bot = bot_for(game_id, level)
    players = game_info(game_id).min_seats
    times: list[float] = []
    slices: list[float] = []
    number = 0
    while len(times) < moves:
        seed = derive_seed(salt, game_id, level, number)
        seats = [Seat(name=f"Bot {k + 1}", kind="bot", bot=level) for k in range(players)]
        state = game.new_game(seats, seed)
        move = 0
        while not game.is_over(state) and len(times) < moves:
            seat = game.current_seat(state)
            assert seat is not None
            move += 1
            thinking = think(game, state, bot, bot_rng(seed, seat, move))
            total = longest = 0.0
            while True:
                start = now()
                try:
                    next(thinking)
                except StopIteration as done:
                    action = done.value
                    break
                finally:
                    spent = (now() - start) * 1000.0
                    total += spent
                    longest = max(longest, spent)
            times.append(total)
            slices.append(longest)
            state = game.play(state, action)
        number += 1
    return times, slices


def move_times(game_id: str, level: str, moves: int = 2000) -> list[float]:
    """Milliseconds per move of ``level`` over ``moves`` moves of seeded self-play, sorted."""
    return sorted(_timed(game_id, level, moves)[0])


def _timed(game_id: str, level: str, moves: int,
           clock: str = "wall") -> tuple[list[float], list[float]]:
    _games(game_id, level, 50, "bench-bots-warm-up")  # other games: no memo reused
    return _games(game_id, level, moves, "bench-bots", clock)



def summary(game_id: str, level: str, moves: int = 2000, clock: str = "wall"
            ) -> dict[str, float]:
    """``{"p50", "p95", "max", "slice_p95", "slice_max"}`` in milliseconds (a JSON report):
    time per move, and per move's longest slice."""
    times, slices = (sorted(t) for t in _timed(game_id, level, moves, clock))
    return {"p50": percentile(times, 0.5), "p95": percentile(times, 0.95), "max": times[-1],
            "slice_p95": percentile(slices, 0.95), "slice_max": slices[-1]}
