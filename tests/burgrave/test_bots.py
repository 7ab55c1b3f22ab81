"""Burgrave's computer players (``kingdoms.burgrave.bots``): listed, legal, no peeking,
deterministic, thinking in slices.

Requirements checked (from issue 11 and ``docs/bots.md``): the levels the page offers
(``GameInfo.bot_levels``) are exactly the game's levels; every level returns a legal action for
every kind of decision (a turn's card, move, primary action and hire, and the choices inside
effects, also those asked of a seat outside its turn); a bot decides from a state resampled for
its seat, so what the seat cannot see (other hands, every deck's order, the piles below their
tops, the seed) never changes a decision; levels are deterministic given their generator; a
decision is cut into slices that each report progress in [0, 1].

The default run plays a few mixed games (hundreds of bot moves, ``hard`` on a small budget so
the suite stays quick); ``--soak`` plays 2,000.
"""

from __future__ import annotations

from typing import Any

import pytest

from kingdoms.burgrave import INFO, bots, rules
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.lookahead import Lookahead
from kingdoms.burgrave.state import State
from kingdoms.burgrave.tasks import Decision
from kingdoms.core.bots import Bot, RandomBot, bot_for, bot_rng, choose, levels
from kingdoms.core.protocol import Seat
from kingdoms.core.rng import Rng, derive_seed

LEVELS = ["random", "easy", "normal", "hard"]
QUICK_GAMES = 6
"""Mixed-level games in the default run (2-4 seats, over 500 bot moves)."""
SOAK_GAMES = 2_000
LIGHT_HARD = bots.HardBot(Lookahead(finalists=2, worlds=1))
"""``hard``'s code with a small budget: the mixed games check legality, not strength, and the
page's budget would make 2,000 games take hours."""


def test_levels_are_listed_weakest_first() -> None:
    """``levels("burgrave")``: ``random`` and the game's three, weakest first; the page offers
    exactly the game's own (``INFO.bot_levels``)."""
    assert list(levels("burgrave")) == LEVELS
    assert all(bot.level == name for name, bot in levels("burgrave").items())
    assert INFO.bot_levels == tuple(LEVELS[1:]) == ("easy", "normal", "hard")


def _bot(level: str, light: bool) -> Bot:
    return LIGHT_HARD if light and level == "hard" else bot_for("burgrave", level)


def play_mixed(number: int, light: bool = True) -> int:
    """One seeded game of 2-4 seats with the levels in turn; every action is checked legal.
    Returns the number of bot moves."""
    seed = derive_seed("burgrave-bots", number)
    players = 2 + number % 3
    names = [LEVELS[(number + k) % len(LEVELS)] for k in range(players)]
    state = GAME.new_game([Seat(name=f"P{k}", kind="bot", bot=n) for k, n in enumerate(names)],
                          seed)
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.current_seat(state)
        assert seat is not None
        moves += 1
        action = choose(GAME, state, _bot(names[seat], light), bot_rng(seed, seat, moves))
        assert action in GAME.legal_actions(state), (names[seat], action)
        state = GAME.apply(state, action)
        assert moves < 3_000
    return moves


def test_every_level_plays_legal_actions() -> None:
    """Every level returns a legal action, in seeded games of every size with mixed levels."""
    moves = sum(play_mixed(number) for number in range(QUICK_GAMES))
    assert moves >= 500


@pytest.mark.slow
def test_hard_at_its_page_budget_plays_a_legal_game() -> None:
    """One game with ``hard`` at the budget the page uses (the light one above is the same code
    with fewer iterations)."""
    assert play_mixed(3, light=False) > 0


@pytest.mark.soak
@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_every_level_plays_legal_actions_soak(part: int) -> None:
    """The same over 2,000 games (``--soak``)."""
    for number in range(QUICK_GAMES + part, QUICK_GAMES + SOAK_GAMES, 4):
        play_mixed(number)


def positions(count: int, players: int = 2) -> list[State]:
    """Positions from seeded games of mixed (cheap) levels, every kind of decision included."""
    found: list[State] = []
    number = 0
    cheap = ["random", "easy"]
    while len(found) < count:
        seed = derive_seed("burgrave-positions", number)
        state = GAME.new_game([Seat(name=f"P{k}") for k in range(players)], seed)
        move = 0
        while not GAME.is_over(state):
            move += 1
            seat = GAME.current_seat(state)
            assert seat is not None
            if move % 11 == 5 and len(GAME.legal_actions(state)) > 1:
                found.append(state)
            level = cheap[(seat + number) % 2]
            state = GAME.apply(state, choose(GAME, state, bot_for("burgrave", level),
                                             bot_rng(seed, seat, move)))
        number += 1
    return found[:count]


def _hidden(state: State, seat: int) -> tuple[Any, ...]:
    """What ``seat`` cannot see, as one comparable value."""
    others = tuple((tuple(p.hand), tuple(p.deck)) for k, p in enumerate(state.players)
                   if k != seat)
    return (others, tuple(state.players[seat].deck), tuple(state.townsfolk_piles),
            tuple(state.manuscript_piles), state.seed)


def _fast(level: str) -> Bot:
    """The level's bot; ``hard`` on a smaller budget (the same code) so the test stays quick."""
    if level == "hard":
        return bots.HardBot(Lookahead(finalists=2, worlds=2))
    return bot_for("burgrave", level)


def _fresh(level: str) -> Bot:
    """A new instance of a level's bot (as :func:`_fast` gives it)."""
    made: dict[str, Bot] = {"random": RandomBot(), "easy": bots.EasyBot(),
                            "normal": bots.NormalBot(),
                            "hard": bots.HardBot(Lookahead(finalists=2, worlds=2))}
    return made[level]


@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_through_choose(level: str) -> None:
    """A state and a state differing only in what the seat cannot see (other hands, the order
    of every draw pile, the townsfolk and manuscripts below the piles' tops, the seed) give the
    same decision from the same generator."""
    bot = _fast(level)
    count = 24 if level == "hard" else 60
    changed = 0
    for number, state in enumerate(positions(count, players=2 + number_of(level) % 3)):
        seat = GAME.current_seat(state)
        assert seat is not None
        other = GAME.resample(state, seat, Rng(derive_seed("other", number)))
        changed += _hidden(other, seat) != _hidden(state, seat)
        assert other.seed != state.seed
        a = choose(GAME, state, bot, Rng(number))
        b = choose(GAME, other, bot, Rng(number))
        assert a == b, (level, number)
    assert changed == count


def number_of(level: str) -> int:
    return LEVELS.index(level)


def run(thinking: Any) -> Any:
    """Run a ``think`` generator to its end, checking every progress report."""
    slices = 0
    while True:
        try:
            progress = next(thinking)
            assert 0.0 <= progress <= 1.0
            slices += 1
        except StopIteration as done:
            assert slices >= 1
            return done.value


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_sample_s_hidden_parts_do_not_matter(level: str) -> None:
    """Stronger, for the levels that imagine the hidden cards themselves: handed two different
    samples of one position, the bot decides the same (it redraws everything hidden from its
    own generator before reading it)."""
    for number, state in enumerate(positions(16, players=3)):
        seat = GAME.current_seat(state)
        assert seat is not None
        samples = [GAME.resample(state, seat, Rng(derive_seed("sample", number, k)))
                   for k in range(2)]
        decisions = {run(_fresh(level).think(GAME, s, seat, Rng(7))) for s in samples}
        assert len(decisions) == 1, (level, number, decisions)


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_deterministic_given_the_generator(level: str) -> None:
    """The same position and generator give the same action (nothing is kept between calls:
    a fresh bot agrees with one that has played before)."""
    bot = _fast(level)
    for number, state in enumerate(positions(12)):
        first = choose(GAME, state, bot, Rng(number))
        assert choose(GAME, state, bot, Rng(number)) == first
        seat = GAME.current_seat(state)
        assert seat is not None
        sample = GAME.resample(state, seat, Rng(number))
        assert (run(_fresh(level).think(GAME, sample, seat, Rng(number)))
                == run(bot.think(GAME, sample, seat, Rng(number))))


def test_hard_thinks_in_slices() -> None:
    """``hard`` yields after every play-out (the page draws between two slices) and its
    progress grows to 1."""
    state = positions(1)[0]
    seat = GAME.current_seat(state)
    assert seat is not None
    sample = GAME.resample(state, seat, Rng(1))
    hard = levels("burgrave")["hard"]
    assert isinstance(hard, bots.HardBot)
    reports = []
    thinking = hard.think(GAME, sample, seat, Rng(1))
    while True:
        try:
            reports.append(next(thinking))
        except StopIteration:
            break
    assert len(reports) >= 3 or len(GAME.legal_actions(state)) <= 2
    assert reports == sorted(reports) and reports[-1] == 1.0


@pytest.mark.slow
def test_no_peeking_at_hard_s_page_budget() -> None:
    """The no-peeking check for ``hard`` exactly as the page plays it (a few positions: each
    decision runs up to a dozen play-outs through the opponents' turns)."""
    bot = bot_for("burgrave", "hard")
    for number, state in enumerate(positions(6, players=2)):
        seat = GAME.current_seat(state)
        assert seat is not None
        other = GAME.resample(state, seat, Rng(derive_seed("other-page", number)))
        assert _hidden(other, seat) != _hidden(state, seat)
        assert choose(GAME, state, bot, Rng(number)) == choose(GAME, other, bot, Rng(number))


def test_hard_s_longer_look_plays_through_its_own_next_turn() -> None:
    """``hard``'s longer look ends after the seat's own next turn, not where it starts (a
    position is worth what can be done from it: docs/bots.md, "hard, in detail"); with
    ``own_next=None`` it stops at that turn's start, as it did before."""
    state = GAME.new_game([Seat(name="A"), Seat(name="B")], 5)
    rng = Rng(9)
    while not state.over and (state.stack[-1].op != Decision.PLAY_CARD or state.round < 2):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    seat = state.turn_seat
    code = GAME.encode_action(GAME.legal_actions(state)[0])
    through = Lookahead().play_out(state, code, seat, Rng(4))
    stopped = Lookahead(own_next=None).play_out(state, code, seat, Rng(4))
    assert not stopped.over and stopped.turn_seat == seat  # its next turn is about to start
    assert stopped.stack[-1].op == Decision.PLAY_CARD
    assert through.turns == stopped.turns + 1  # ... and was played
    assert through.over or through.turn_seat != seat


def test_play_outs_leave_the_states_they_are_given_as_they_were() -> None:
    """The bots' play-outs step in place (``rules.play_code``) only on states they made
    themselves: the position a bot is looking at, and the world it plays out, stay as they were,
    and the play-out ends where stepping with copies (``apply_code``) ends."""
    state = GAME.new_game([Seat(name="A"), Seat(name="B"), Seat(name="C")], 12)
    rng = Rng(3)
    while state.round < 3:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    while state.stack[-1].op != Decision.PLAY_CARD:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    before = GAME.state_to_json(state)
    seat = state.turn_seat
    code = GAME.encode_action(GAME.legal_actions(state)[0])
    end = Lookahead().play_out(state, code, seat, Rng(4))
    assert GAME.state_to_json(state) == before
    assert end is not state and end.turns > state.turns

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "play_code", rules.apply_code)  # every step a copy
        end_by_copies = Lookahead().play_out(state, code, seat, Rng(4))
    assert GAME.state_to_json(end_by_copies) == GAME.state_to_json(end)
