"""Computer players for any seat of any game: one interface for the page, the CLI and the tests.

A bot never peeks. It is never handed the real state: :func:`think` first asks the game to
:meth:`~kingdoms.core.protocol.Game.resample` everything the bot's seat cannot see (other
hands, deck order, future dice, the seed) from the bot's own generator, and the bot decides from
that sample only. Two states that differ only in what the seat cannot see give the same sample
(``resample`` guarantees it, tests check it), so they give the same decision. A searching bot
resamples again for each line of play it imagines (information-set search), always starting
from the sample it was given.

Bots think in slices so a page stays responsive: :meth:`Bot.think` is a generator that yields
its progress (0 to 1) every few milliseconds of work and finally returns its action; the page
runs one slice per frame, the command line runs them all at once (:func:`choose`). Levels are
deterministic given their generator: budgets count iterations, never seconds.

Levels are data in the record's seat (``kind: "bot"``, ``bot: "<level>"``), so share codes and
replays carry them; every game offers ``random`` (uniform legal moves, the baseline strength is
measured against) and the levels its registry entry names (see :func:`levels`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Protocol

from . import registry
from .errors import KingdomsError
from .protocol import Game
from .rng import Rng, derive_seed

Thinking = Generator[float, None, Any]
"""What :meth:`Bot.think` returns: yields progress in [0, 1], returns the chosen action."""

RANDOM = "random"


class Bot(Protocol):
    """One level of computer player for one game."""

    level: str

    def think(self, game: Game[Any, Any], sample: Any, seat: int, rng: Rng) -> Thinking:
        """Choose a legal action for ``seat`` in ``sample`` (a state resampled for that seat:
        it holds nothing the seat cannot see). Yield progress now and then; return the action."""
        ...


class RandomBot:
    """Uniformly random legal moves: the baseline every level is measured against."""

    level = RANDOM

    def think(self, game: Game[Any, Any], sample: Any, seat: int, rng: Rng) -> Thinking:
        del seat
        yield 1.0
        return rng.choice(game.legal_actions(sample))


_made: dict[str, dict[str, Bot]] = {}


def levels(game_id: str) -> dict[str, Bot]:
    """Every bot level of a game, weakest first, ``random`` included: the levels its registry
    entry names (:attr:`~.protocol.GameEntry.bots`), each made once on first use."""
    found = _made.get(game_id)
    if found is None:
        entry = registry.entry(game_id)
        found = {RANDOM: RandomBot()}
        for level, target in entry.bots.items():
            found[level] = registry.resolve(target)()
        _made[game_id] = found
    return dict(found)


def bot_for(game_id: str, level: str | None) -> Bot:
    """The bot of ``level`` for a game; ``KingdomsError`` for an unknown level."""
    found = levels(game_id).get(level or "")
    if found is None:
        raise KingdomsError(f"There is no {level!r} computer player for {game_id}.")
    return found


def bot_rng(seed: int, seat: int, move: int) -> Rng:
    """The generator a bot uses for the ``move``-th action of a game: fixed by the game's seed
    (so a bot game replays and a tournament repeats), yet a one-way mix of it, so nothing about
    the game's own draws can be read from it."""
    return Rng(derive_seed(seed, "bot", seat, move))


def think(game: Game[Any, Any], state: Any, bot: Bot, rng: Rng) -> Thinking:
    """Let ``bot`` choose for the seat to act in ``state`` (resampled first: no peeking)."""
    seat = game.current_seat(state)
    if seat is None:
        raise KingdomsError("The game is over: there is nothing to choose.")
    sample = game.resample(state, seat, Rng(derive_seed(rng.next_u64(), "sample")))
    return (yield from bot.think(game, sample, seat, rng))


def choose(game: Game[Any, Any], state: Any, bot: Bot, rng: Rng) -> Any:
    """Run :func:`think` to the end (the command line and tests); the chosen action."""
    thinking = think(game, state, bot, rng)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
