"""Warnings before the end (spec, "End of the game and scoring": the game ends at once when the
last card of the draw pile, the penalty pile or any village pile is taken). The prompt must say
so while the last card is still there, and taking that card must then end the game."""

from __future__ import annotations

import random

from kingdoms.core.bots import bot_for, bot_rng, choose
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import replay
from kingdoms.dice_realm.actions import CLAIMS, TAKE_PENALTY
from kingdoms.dice_realm.game import GAME
from kingdoms.dice_realm.state import State


def games(count: int) -> list[list[State]]:
    """Seeded games, every position kept: random ones and the easy bot's."""
    played = []
    for seed in range(count):
        state = replay(new_record("dice-realm", [Seat(name=n) for n in "ABC"], seed=seed))
        rng = random.Random(seed)
        positions = [state]
        bot = bot_for("dice-realm", "easy") if seed % 2 else None  # easy claims: piles run out
        while not GAME.is_over(state):
            action = choose(GAME, state, bot, bot_rng(seed, 0, len(positions))) if bot \
                else rng.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action)
            positions.append(state)
        played.append(positions)
    return played


GAMES = games(40)


def keys(state: State) -> set[str]:
    prompt = GAME.prompt(state)
    return {w.key for w in prompt.warnings} if prompt else set()


def test_every_pile_end_was_announced_before_it_happened() -> None:
    """Whatever ended the game, its last card was announced in an earlier prompt."""
    wanted = {"citizens": "dice-realm.warn.last_citizen",
              "penalties": "dice-realm.warn.last_scoundrel",
              "village": "dice-realm.warn.last_village"}
    reasons = set()
    for positions in GAMES:
        reason = positions[-1].end_reason
        reasons.add(reason)
        assert any(wanted[reason] in keys(state) for state in positions[:-1]), reason
    assert {"penalties", "village"} <= reasons  # the draw pile: the test below


def test_taking_the_announced_last_card_ends_the_game() -> None:
    checked = set()
    for positions in GAMES:
        for state in positions[:-1]:
            legal = GAME.legal_actions(state)
            found = keys(state)
            if "dice-realm.warn.last_scoundrel" in found and TAKE_PENALTY in legal:
                assert GAME.is_over(GAME.apply(state, TAKE_PENALTY))
                checked.add("scoundrel")
            if "dice-realm.warn.last_village" in found:
                for slot, pile in enumerate(state.villages):
                    claim = CLAIMS[slot]
                    if len(pile) == 1 and claim in legal:
                        after = GAME.apply(state, claim)
                        while after.phase == "gift":  # a dragon is given before the turn ends
                            after = GAME.apply(after, GAME.legal_actions(after)[0])
                        if len(after.villages[slot]) == 0 or not all(after.villages):
                            assert GAME.is_over(after)
                            checked.add("village")
    assert checked  # the sample reaches at least one announced last card


def test_no_warning_while_every_pile_has_two_cards_or_more() -> None:
    for positions in GAMES:
        for state in positions[:-1]:
            if len(state.draw) > 1 and len(state.penalties) > 1 and \
                    all(len(pile) > 1 for pile in state.villages):
                assert keys(state) == set()


def test_one_card_left_in_the_draw_pile_makes_this_the_last_turn() -> None:
    """Spec: the last card of the draw pile ends the game "during a refill" — every turn ends
    with one, so the warning comes at the start of the turn and the turn's end is the game's."""
    start = replay(new_record("dice-realm", [Seat(name=n) for n in "AB"], seed=5))
    state = start.clone()
    state.draw = start.draw[:1]
    assert "dice-realm.warn.last_citizen" in keys(state)
    rng = random.Random(1)
    turn = state.turn
    while not GAME.is_over(state):
        assert state.turn == turn  # the game ends before anyone else plays
        assert "dice-realm.warn.last_citizen" in keys(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert state.end_reason in ("citizens", "penalties", "village")
