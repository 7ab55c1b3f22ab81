"""Bot tournaments: how strong is each computer player, with a confidence interval.

Why a module of its own: bot strength is a claim the docs make ("hard beats normal 6 games in
10"), so it must be measured the same way every time, repeatably, and by anyone: a tournament is
a pure function of its arguments (the game, the bots, the number of games, the seed, the seat
count and the options), whatever the number of worker processes.

* Seats rotate: in game ``i`` seat ``s`` is played by bot ``(s + i) mod len(bots)``, so every bot
  sits in every seat equally often (with two bots and two seats they swap every game; with more
  seats than bots the bots cycle round the table).
* Game ``i`` has seed ``derive_seed(seed, "game", i)``; every action is chosen by
  :func:`kingdoms.core.bots.choose` (the bot sees a resampled state, never the real one) with
  generator ``bot_rng(game seed, seat, move)``, ``move`` counting the game's actions from 1.
* A shared victory is shared: each of ``k`` tied winners gets ``1/k`` of a win. A bot's win rate
  is its wins over the games it played, with a 95 % Wilson score interval.
* A game played alone against rules (Burgrave's solo rival, ``players=1`` with the game's
  options, echoed in the report's ``options``): the bot's wins are its wins against the rival
  (the game lists the seat as a winner when it beat the rival, and also when they tie even
  after the leftovers, its ``reason`` then ``shared``: such a tie counts as a whole win).

>>> report = run("tally", ["random", "random"], games=4, seed=3)
>>> [entry["games"] for entry in report["bots"]]
[4, 4]
>>> wilson(50, 100)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from .bots import bot_for, bot_rng, choose
from .errors import KingdomsError, SetupError
from .protocol import Seat
from .records import MAX_ACTIONS, new_record, start_state
from .registry import game_info, get_game
from .rng import derive_seed

MAX_GAMES = 1_000_000
MAX_WORKERS = 64
Z95 = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95 % interval."""

Options = Mapping[str, str | int | bool]


def seating(bot_count: int, players: int, number: int) -> list[int]:
    """Which bot (an index into the bot list) plays each seat in game ``number``.

    >>> seating(2, 2, 0), seating(2, 2, 1), seating(2, 3, 1), seating(3, 2, 2)
    ([0, 1], [1, 0], [1, 0, 1], [2, 0])
    """
    return [(seat + number) % bot_count for seat in range(players)]


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` may hold halves from shared wins),
    rounded to four decimals; ``(0.0, 1.0)`` for no games at all."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = p + z2 / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    scale = 1 + z2 / games
    return (round(max(0.0, (centre - spread) / scale), 4),
            round(min(1.0, (centre + spread) / scale), 4))


def _seats(levels: Sequence[str]) -> list[Seat]:
    return [Seat(name=f"Bot {seat + 1}", kind="bot", bot=level)
            for seat, level in enumerate(levels)]


def play_game(game_id: str, levels: Sequence[str], seed: int,
              options: Options | None = None) -> list[float]:
    """Play one game with bot ``levels[s]`` in seat ``s``; each seat's share of the victory
    (1 for a sole winner, ``1/k`` for each of ``k`` tied winners, else 0)."""
    game = get_game(game_id)
    bots = [bot_for(game_id, level) for level in levels]
    record = new_record(game_id, _seats(levels), seed, options)
    state = start_state(game, record)
    move = 0
    while not game.is_over(state):
        seat = game.current_seat(state)
        assert seat is not None
        move += 1
        if move > MAX_ACTIONS:
            raise KingdomsError(f"A {game_id} game (seed {seed}) did not end within "
                                f"{MAX_ACTIONS} actions.")
        state = game.play(state, choose(game, state, bots[seat], bot_rng(seed, seat, move)))
    winners = game.result(state).winners
    shares = [0.0] * len(levels)
    for seat in winners:
        shares[seat] = 1 / len(winners)
    return shares


def _play_range(job: tuple[str, tuple[str, ...], int, int, dict[str, Any], int, int]
                ) -> list[list[float]]:
    """Games ``start`` to ``stop - 1`` of a tournament: each game's shares per seat."""
    game_id, bots, players, seed, options, start, stop = job
    out = []
    for number in range(start, stop):
        levels = [bots[b] for b in seating(len(bots), players, number)]
        out.append(play_game(game_id, levels, derive_seed(seed, "game", number), options))
    return out


def _check(game_id: str, bots: Sequence[str], games: int, players: int, seed: int,
           options: Options, workers: int) -> None:
    if not bots:
        raise SetupError("Name at least one bot.")
    if not 1 <= games <= MAX_GAMES:
        raise SetupError(f"The number of games must be 1 to {MAX_GAMES}.")
    if not 1 <= workers <= MAX_WORKERS:
        raise SetupError(f"The number of workers must be 1 to {MAX_WORKERS}.")
    if players < 1:
        raise SetupError("A game needs at least one player.")
    for level in bots:
        bot_for(game_id, level)  # unknown levels fail before any game is played
    # The setup (seat count, seed, options) is checked once, by the game itself.
    levels = [bots[b] for b in seating(len(bots), players, 0)]
    new_record(game_id, _seats(levels), derive_seed(seed, "game", 0), options)


def run(game_id: str, bots: Sequence[str], games: int, seed: int = 0,
        players: int | None = None, options: Options | None = None,
        workers: int = 1) -> dict[str, Any]:
    """Play a seat-rotated tournament and report each bot's wins (see the module's docs).

    ``players`` defaults to one seat per bot (at least the game's minimum). ``workers`` > 1
    splits the games into contiguous blocks played by that many processes; the report is the
    same as with one. Bad arguments and setups the game refuses raise ``KingdomsError``.
    """
    get_game(game_id)
    if players is None:
        players = max(len(bots), game_info(game_id).min_seats)
    options = dict(options or {})
    _check(game_id, bots, games, players, seed, options, workers)
    workers = min(workers, games)
    bounds = [games * k // workers for k in range(workers + 1)]
    jobs = [(game_id, tuple(bots), players, seed, options, bounds[k], bounds[k + 1])
            for k in range(workers)]
    if workers == 1:
        results = _play_range(jobs[0])
    else:
        import multiprocessing  # the command line only: the page has no processes

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = [shares for block in pool.map(_play_range, jobs) for shares in block]
    played = [0] * len(bots)
    wins = [0.0] * len(bots)
    for number, shares in enumerate(results):
        seats = seating(len(bots), players, number)
        for entry in set(seats):
            played[entry] += 1
        for seat, share in enumerate(shares):
            wins[seats[seat]] += share
    return {
        "game": game_id,
        "games": games,
        "players": players,
        "seed": seed,
        "options": options,
        "bots": [
            {
                "bot": level,
                "games": played[entry],
                "wins": round(wins[entry], 4),
                "win_rate": round(wins[entry] / played[entry], 4) if played[entry] else None,
                "ci95": list(wilson(wins[entry], played[entry])),
            }
            for entry, level in enumerate(bots)
        ],
    }
