"""Dice Realm's computer players (``kingdoms.dice_realm.bots``): legal, no peeking, deterministic,
exact, and sensible at the end of a game.

Requirements checked (from the bots brief and ``docs/bots.md``): every level returns a legal
action; a bot decides from a state resampled for its seat, so what the seat cannot see (the draw
pile's order, the seed) never changes a decision; levels are deterministic given their generator;
``hard``'s expectimax equals a brute-force count; near the end ``hard`` plays for the win (the
game ends "at once" when a player takes the last card of the penalty pile or of a village pile,
and a tie goes to "the tied player with fewer negative points" — spec, "End of the game").
"""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from kingdoms.core.bots import RandomBot, bot_for, bot_rng, choose, levels
from kingdoms.core.protocol import Seat
from kingdoms.core.rng import Rng, derive_seed
from kingdoms.dice_realm import INFO
from kingdoms.dice_realm.actions import Claim, GiveDragon, Roll, Stop, TakePenalty
from kingdoms.dice_realm.content import CARD_NUMBER, CITIZENS
from kingdoms.dice_realm.game import GAME
from kingdoms.dice_realm.hard_bot import HardBot, TurnPlan
from kingdoms.dice_realm.odds import FULL_INDEX, PARTIAL_INDEX, probability
from kingdoms.dice_realm.requirements import counts_of
from kingdoms.dice_realm.rules import met_mask
from kingdoms.dice_realm.state import State

LEVELS = ["random", "easy", "normal", "hard"]
QUICK_GAMES = 30
"""Mixed-level games in the default run (well over 2,000 bot moves, a few seconds)."""
SOAK_GAMES = 2_000


def test_levels_are_listed_weakest_first() -> None:
    """``levels(game_id)``: every level of the game, ``random`` included, weakest first."""
    assert list(levels("dice-realm")) == LEVELS
    assert all(bot.level == name for name, bot in levels("dice-realm").items())
    assert INFO.bot_levels == tuple(LEVELS[1:])


def play_mixed(number: int) -> int:
    """One seeded game of 2-5 seats with the levels in turn; every action is checked legal.
    Returns the number of bot moves."""
    seed = derive_seed("dice-realm-bots", number)
    players = 2 + number % 4
    names = [LEVELS[(number + k) % len(LEVELS)] for k in range(players)]
    state = GAME.new_game([Seat(name=f"P{k}", kind="bot", bot=n) for k, n in enumerate(names)],
                          seed)
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.current_seat(state)
        assert seat is not None
        moves += 1
        bot = bot_for("dice-realm", names[seat])
        action = choose(GAME, state, bot, bot_rng(seed, seat, moves))
        assert action in GAME.legal_actions(state), (names[seat], state, action)
        state = GAME.apply(state, action)
        assert moves < 2_000
    return moves


def test_every_level_plays_legal_actions() -> None:
    """Every level returns a legal action, in seeded games of every size with mixed levels."""
    moves = sum(play_mixed(number) for number in range(QUICK_GAMES))
    assert moves >= 2_000


@pytest.mark.soak
@pytest.mark.parametrize("part", range(4))
def test_every_level_plays_legal_actions_soak(part: int) -> None:
    """The same over 2,000 games (``--soak``)."""
    for number in range(QUICK_GAMES + part, QUICK_GAMES + SOAK_GAMES, 4):
        play_mixed(number)


def positions(count: int, players: int = 2) -> list[State]:
    """Positions from seeded games of mixed levels, every phase included."""
    found: list[State] = []
    number = 0
    while len(found) < count:
        seed = derive_seed("dice-realm-positions", number)
        state = GAME.new_game([Seat(name=f"P{k}") for k in range(players)], seed)
        move = 0
        while not GAME.is_over(state):
            move += 1
            if move % 7 == 3:
                found.append(state)
            level = LEVELS[(state.current + number) % len(LEVELS)]
            state = GAME.apply(state, choose(GAME, state, bot_for("dice-realm", level),
                                             bot_rng(seed, state.current, move)))
        number += 1
    return found[:count]


@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_through_choose(level: str) -> None:
    """A state and a state differing only in what the seat cannot see (the draw pile's order,
    the seed and the dice to come, as ``resample`` redraws them) give the same decision."""
    bot = bot_for("dice-realm", level)
    reordered = 0
    for number, state in enumerate(positions(60, players=2 + len(level) % 3)):
        seat = state.current
        other = GAME.resample(state, seat, Rng(derive_seed("other", number)))
        reordered += other.draw != state.draw
        assert other.seed != state.seed
        a = choose(GAME, state, bot, Rng(number))
        b = choose(GAME, other, bot, Rng(number))
        assert a == b, (level, number)
    assert reordered > 50


def fresh(level: str) -> Any:
    """A new instance of a level's bot (no memo tables from earlier calls)."""
    return RandomBot() if level == "random" else type(levels("dice-realm")[level])()


def run(thinking: Any) -> Any:
    while True:
        try:
            progress = next(thinking)
            assert 0.0 <= progress <= 1.0
        except StopIteration as done:
            return done.value


@pytest.mark.parametrize("level", LEVELS)
def test_the_sample_s_hidden_parts_do_not_matter(level: str) -> None:
    """Stronger: handed two different samples of one position (different draw order and seed),
    a fresh bot decides the same; so it reads only what the seat sees."""
    for number, state in enumerate(positions(40, players=3)):
        seat = state.current
        samples = [GAME.resample(state, seat, Rng(derive_seed("sample", number, k)))
                   for k in range(2)]
        decisions = {run(fresh(level).think(GAME, s, seat, Rng(7))) for s in samples}
        assert len(decisions) == 1, (level, number, decisions)


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_deterministic_given_the_generator(level: str) -> None:
    """The same position and generator give the same action, with or without memo tables
    (a fresh bot and one that has played before)."""
    bot = bot_for("dice-realm", level)
    for number, state in enumerate(positions(30)):
        first = choose(GAME, state, bot, Rng(number))
        assert choose(GAME, state, bot, Rng(number)) == first
        seat = state.current
        sample = GAME.resample(state, seat, Rng(number))
        assert (run(fresh(level).think(GAME, sample, seat, Rng(number)))
                == run(bot.think(GAME, sample, seat, Rng(number))))


# --------------------------------------------------------------------------- hard is exact


def final_value(plan: TurnPlan, state: State, dice: tuple[int, ...]) -> float:
    """The value of final dice by brute force: the best take they meet, else a scoundrel."""
    mask = met_mask(dice)
    values = [v for card, v in zip(state.row, plan.claim, strict=True)
              if v is not None and mask >> card & 1]
    assert isinstance(plan.fallback, float)
    return max(values) if values else plan.fallback


@pytest.mark.parametrize("dice", [(1, 2, 2, 5, 6, 6), (3, 3, 3, 1, 6, 2), (4, 4, 5, 5, 6, 1)])
def test_hard_expectimax_matches_brute_force_with_one_roll_left(dr: Any,
                                                                 dice: tuple[int, ...]) -> None:
    """With one roll left, the value of keeping each set of dice is the mean, over every way
    the other dice can fall (6^k), of the best take then open; ``hard`` keeps the best set or
    stops when stopping is worth more."""
    row = [dr.by_name(n) for n in ("Tax Collector", "Cart Pusher", "Tinker", "Drum Orc",
                                   "Old Oak Hermit")]
    state = dr.build(row=row, dice=dice, phase="roll", rolls_used=2,
                     realms=[[dr.by_name("Lamplighter")], [dr.by_name("Town Crier")]])
    hard = HardBot()
    plan = hard.plan(state)
    best_mask, best = -1, final_value(plan, state, dice)
    for mask in range(63):
        kept = [d for i, d in enumerate(dice) if mask >> i & 1]
        free = 6 - len(kept)
        total = 0.0
        for rolled in product(range(1, 7), repeat=free):
            total += final_value(plan, state, (*kept, *rolled))
        brute = total / 6**free
        assert plan.keep[0][PARTIAL_INDEX[counts_of(kept)]] == pytest.approx(brute, abs=1e-12)
        if brute > best + 1e-12:
            best_mask, best = mask, brute
    action = run(hard.think(GAME, state, 0, Rng(1)))
    if best_mask < 0:
        assert isinstance(action, Claim | Stop)
    else:
        assert isinstance(action, Roll)
        chosen = sorted(d for i, d in enumerate(dice) if action.keep >> i & 1)
        assert chosen == sorted(d for i, d in enumerate(dice) if best_mask >> i & 1)


@pytest.mark.parametrize("name", ["Bell Founder", "Tax Collector", "Clockwright", "Dew Fairy",
                                  "Gem Cutter", "Elf Courier", "Mushroom Gatherer"])
def test_hard_whole_turn_matches_the_odds_tables(dr: Any, name: str) -> None:
    """Over whole turns (three rolls, or four with an Elf, and 0-2 Fairy flips), valuing one
    citizen 1 and everything else 0 gives exactly the best-play odds that ``odds.py`` computes
    with integer arithmetic (an independent implementation of the same recursion); an
    opponent's plan (``maximise=False``) of the negated values is its mirror image."""
    card = CARD_NUMBER[dr.by_name(name)]
    requirement = CITIZENS[card].requirement
    others = [CARD_NUMBER[dr.by_name(n)] for n in ("Lamplighter", "Town Crier", "Tinker",
                                                   "Drum Orc") if n != name]
    row = [card, *others[:4]]
    claim: list[float | None] = [1.0, 0.0, 0.0, 0.0, 0.0]
    for rolls in (3, 4):
        for flips in (0, 1, 2):
            plan = TurnPlan(claim, row, 0.0, flips, rolls, whole_turn=True)
            exact = float(probability(requirement, rolls, flips))
            assert plan.start == pytest.approx(exact, abs=1e-12)
            mirror = TurnPlan([-1.0, 0.0, 0.0, 0.0, 0.0], row, 0.0, flips, rolls,
                                   maximise=False, whole_turn=True)
            assert mirror.start == pytest.approx(-exact, abs=1e-12)


def test_hard_fairy_flips_are_the_best_of_every_flip(dr: Any) -> None:
    """Fairy: "turn one die to its opposite face" before choosing; the value of final dice with
    a flip is the best of not flipping and every single flip."""
    row = [dr.by_name(n) for n in ("Tax Collector", "Cart Pusher", "Tinker", "Drum Orc",
                                   "Old Oak Hermit")]
    state = dr.build(row=row, dice=(1, 2, 2, 5, 6, 6), phase="roll", rolls_used=2,
                     realms=[[dr.by_name("Cave Fairy")], []])
    plan = HardBot().plan(state)
    for dice in product(range(1, 7), repeat=6):
        if list(dice) != sorted(dice):
            continue
        flips = [final_value(plan, state, (*dice[:i], 7 - dice[i], *dice[i + 1:]))
                 for i in range(6)]
        full = FULL_INDEX[counts_of(dice)]
        assert plan.stop[1][full] == max(final_value(plan, state, dice), *flips)


# --------------------------------------------------------------------------- the end


def scoundrel_position(dr: Any, tie_break_for_me: bool) -> State:
    """One scoundrel left (-1); taking it leaves Ann and Ben level on points, so the tie-break
    (fewer negative points) decides. The dice meet no citizen; two rolls are left."""
    hard_row = [dr.by_name(n) for n in ("Clockwright", "Tusk Chief", "Crag Dragon",
                                        "Smoke Drake", "Thorn Wyrm")]
    cards = [dr.by_name(n) for n in ("Guild Mistress", "Gem Cutter", "Mushroom Gatherer",
                                     "Tax Collector", "Cooper")]  # 8 + 8 + 8 + 5 + 4 = 33
    many = ["p03", "p04", "p05", "p06", "p07", "p08", "p09", "p10"]  # -16
    if tie_break_for_me:
        # Ann 8 + 8 + 3 - 1 = 18, then 17 with 2 negative points; Ben 33 - 16 = 17 with 16.
        ann = [cards[0], cards[1], dr.by_name("Deep Delver"), "p01"]
        ben = [dr.by_name("Dryad"), dr.by_name("Dew Fairy"), *cards[2:], *many]
    else:
        # Ann 33 - 16 = 17, then 16 with 17 negative points; Ben 8 + 8 + 1 - 1 = 16 with 1.
        ann = [*cards, *many]
        ben = [dr.by_name("Dryad"), dr.by_name("Dew Fairy"), dr.by_name("Lamplighter"), "p01"]
    return dr.build(row=hard_row, dice=(1, 1, 2, 3, 4, 4), phase="roll", rolls_used=1,
                    realms=[ann, ben], penalties=["p02"])


def play_turn(state: State, level: str = "hard") -> State:
    seat, turn = state.current, state.turn
    move = 0
    while not GAME.is_over(state) and state.current == seat and state.turn == turn:
        move += 1
        state = GAME.apply(state, choose(GAME, state, bot_for("dice-realm", level),
                                         Rng(move)))
    return state


def test_hard_takes_the_last_scoundrel_when_the_tie_break_wins(dr: Any) -> None:
    """Taking the last penalty card ends the game at once; level on points, the player with
    fewer negative points wins. ``hard`` stops and takes it rather than roll on."""
    state = scoundrel_position(dr, tie_break_for_me=True)
    result_if_taken = GAME.apply(GAME.apply(state, Stop()), TakePenalty())
    scores = GAME.result(result_if_taken).scores
    assert scores[0].total == scores[1].total and result_if_taken.end_reason == "penalties"
    assert GAME.result(result_if_taken).winners == [0]
    assert choose(GAME, state, bot_for("dice-realm", "hard"), Rng(1)) == Stop()
    after = play_turn(state)
    assert GAME.result(after).winners == [0]


def test_hard_does_not_end_a_game_it_would_lose(dr: Any) -> None:
    """The same, but the tie-break goes against Ann: stopping would end the game with her
    loss, so ``hard`` rolls again."""
    state = scoundrel_position(dr, tie_break_for_me=False)
    lost = GAME.apply(GAME.apply(state, Stop()), TakePenalty())
    assert GAME.result(lost).winners == [1]
    assert isinstance(choose(GAME, state, bot_for("dice-realm", "hard"), Rng(1)), Roll)


def village_position(dr: Any, ahead: bool) -> State:
    """The Tinker (straight of 4, 2 points) lies under the Workshop pile, which holds its last
    village (4): taking it ends the game. The dice meet the Tinker only; two rolls are left;
    the Clockwright (8) is there for the taking with a straight of 6."""
    row = [dr.by_name(n) for n in ("Crag Dragon", "Thorn Wyrm", "Tinker", "Tusk Chief",
                                   "Clockwright")]
    ann = [dr.by_name("Guild Mistress"), dr.by_name("Gem Cutter"), "v-workshop-2"]
    ben = [dr.by_name("Dryad"), dr.by_name("Dew Fairy"), "v-workshop-3"]
    if ahead:
        ann.append(dr.by_name("Tax Collector"))  # Ann 8+8+2+5 = 23; after: 29 against 19
    else:
        ben += [dr.by_name("Tax Collector"), dr.by_name("Bell Founder")]  # Ben 31, Ann 24
    return dr.build(row=row, dice=(1, 2, 3, 4, 6, 6), phase="roll", rolls_used=1,
                    realms=[ann, ben])


def test_hard_ends_the_game_when_that_wins(dr: Any) -> None:
    """"The game ends at once when any player takes the last card of … any one village pile":
    ahead, ``hard`` takes the Tinker now (a certain win) instead of rolling for more."""
    state = village_position(dr, ahead=True)
    assert Claim(slot=2) in GAME.legal_actions(state)
    action = choose(GAME, state, bot_for("dice-realm", "hard"), Rng(3))
    assert action == Claim(slot=2)
    after = GAME.apply(state, action)
    assert after.end_reason == "village" and GAME.result(after).winners == [0]


def test_hard_avoids_ending_the_game_when_behind(dr: Any) -> None:
    """Behind, taking the Tinker would end the game with a loss: ``hard`` rolls again, and
    keeps dice away from meeting it when it can."""
    state = village_position(dr, ahead=False)
    ended = GAME.apply(state, Claim(slot=2))
    assert ended.end_reason == "village" and GAME.result(ended).winners == [1]
    action = choose(GAME, state, bot_for("dice-realm", "hard"), Rng(3))
    assert isinstance(action, Roll)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_dragons_go_to_the_leader(dr: Any, level: str) -> None:
    """Dragon: "you must give it to another player of your choice"; every level gives it to
    the player leading (the one it most wants to hurt)."""
    row = [dr.by_name(n) for n in ("Tinker", "Cooper", "Mud Cook", "Boar Rider")]
    state = dr.build(row=[*row[:2], None, *row[2:]], dice=(5, 5, 5, 5, 5, 5), phase="gift",
                     rolls_used=1, pending=dr.by_name("Crag Dragon"), seats=("A", "B", "C"),
                     realms=[[], [dr.by_name("Dryad")], [dr.by_name("Gem Cutter"),
                                                           dr.by_name("Tax Collector")]])
    action = choose(GAME, state, bot_for("dice-realm", level), Rng(1))
    assert action == GiveDragon(seat=2)


def test_bots_think_in_slices(dr: Any) -> None:
    """``Bot.think`` yields its progress (0 to 1, never going back) and ends at 1; ``hard``
    yields after each take it values, so a page can draw between the slices of a long
    decision."""
    state = village_position(dr, ahead=True)
    for level in LEVELS:
        progress: list[float] = []
        thinking = fresh(level).think(GAME, state, 0, Rng(2))
        while True:
            try:
                progress.append(next(thinking))
            except StopIteration as done:
                assert done.value in GAME.legal_actions(state)
                break
        assert progress == sorted(progress) and progress[-1] == 1.0
        assert all(0.0 <= p <= 1.0 for p in progress)
        if level == "hard":
            assert len(progress) >= 6
