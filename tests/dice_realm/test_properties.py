"""Property test: thousands of seeded games (random and bot moves mixed) keep the invariants.

Checked after every action: all 65 cards (40 citizens, 10 penalties, 15 villages) are somewhere
exactly once, the row never holds more than five cards, a running game has five face-up
citizens (except while a dragon gift is pending: the refill comes after it), the dice are six
faces. At the end: the game ended by one of the three triggers (and
that trigger really happened), and every score is the sum of its card values.
"""

from __future__ import annotations

from collections import Counter

import pytest

from kingdoms.core.protocol import Seat
from kingdoms.core.rng import Rng, derive_seed
from kingdoms.dice_realm import bots
from kingdoms.dice_realm.content import CARD_VALUES
from kingdoms.dice_realm.game import GAME
from kingdoms.dice_realm.state import State

GAMES = 2000


def cards(state: State) -> list[int]:
    out = [c for c in state.row if c >= 0]
    out += state.draw + state.discard + state.penalties
    for pile in state.villages:
        out += pile
    for realm in state.realms:
        out += realm
    if state.pending >= 0:
        out.append(state.pending)
    return out


def check_step(state: State) -> None:
    total = (sum(1 for c in state.row if c >= 0) + len(state.draw) + len(state.discard)
             + len(state.penalties) + sum(map(len, state.villages))
             + sum(map(len, state.realms)) + (state.pending >= 0))
    assert total == 65
    assert len(state.row) == 5
    if state.phase in ("roll", "choose"):
        assert all(c >= 0 for c in state.row)
    if state.phase == "gift":  # the refill waits for the gift
        assert 1 <= state.row.count(-1) <= 2
    if state.phase != "over":
        assert state.penalties and state.draw
    assert len(state.dice) == 6


def play(number: int) -> tuple[State, int]:
    seed = derive_seed("dice-realm-properties", number)
    chooser = Rng(derive_seed(seed, "choices"))
    bot_share = (0, 50, 90, 100)[number % 4]
    seats = [Seat(name=f"P{k}") for k in range(2 + number % 4)]
    state = GAME.new_game(seats, seed)
    steps = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        if chooser.below(100) < bot_share:
            action = bots.choose(state)
            assert action in legal
        else:
            action = chooser.choice(legal)
        state = GAME.apply(state, action)
        check_step(state)
        steps += 1
        assert steps < 2000
    return state, steps


@pytest.mark.parametrize("part", range(4))
def test_random_games_keep_invariants(part: int) -> None:
    reasons: Counter[str] = Counter()
    for number in range(part, GAMES, 4):
        state, _ = play(number)
        assert sorted(cards(state)) == list(range(65))
        reason = state.end_reason
        reasons[reason] += 1
        if reason == "citizens":
            assert state.draw == ()
        elif reason == "penalties":
            assert state.penalties == ()
        else:
            assert reason == "village" and any(not pile for pile in state.villages)
        result = GAME.result(state)
        for score, realm in zip(result.scores, state.realms, strict=True):
            assert score.total == sum(CARD_VALUES[c] for c in realm)
            assert score.total == sum(score.breakdown.values())
        assert result.winners
    if part in (2, 3):  # mostly bot moves: every trigger shows up
        assert set(reasons) == {"citizens", "penalties", "village"}, reasons
