"""Warnings before the end (spec, "Debts, deeds and the end": revealing the poverty or the
prosperity card triggers the end — finish the round, then one more full round, the player before
the start player taking the last turn). Every seat is told when a pile runs low, when the end is
triggered and when the final round is on, before its last decision."""

from __future__ import annotations

import random

from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.state import UNSET, State
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import replay


def play(seed: int, players: int) -> list[State]:
    state = replay(new_record("burgrave", [Seat(name=n) for n in "ABCD"[:players]], seed=seed))
    rng = random.Random(seed)
    positions = [state]
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        positions.append(state)
    return positions


def warnings(state: State) -> set[str]:
    prompt = GAME.prompt(state)
    return {w.key for w in prompt.warnings} if prompt else set()


def test_the_end_is_announced_from_trigger_to_the_last_decision() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 3)):
        positions = play(seed, players)
        triggered = [s for s in positions[:-1] if s.final_round != UNSET]
        assert triggered, "every game ends by its end trigger"
        for state in triggered:
            found = warnings(state)
            if state.round >= state.final_round:
                assert found == {"burgrave.warn.final_round"}
            else:
                assert found == {"burgrave.warn.end_triggered"}
        last = next(s for s in reversed(positions[:-1]) if GAME.prompt(s) is not None)
        assert "burgrave.warn.final_round" in warnings(last)
        final = GAME.prompt(last)
        assert final is not None
        named = final.warnings[0].params["name"]
        start = positions[0].start_seat
        assert named == positions[0].seats[(start - 1) % players].name


def test_a_pile_running_low_is_announced_before_the_trigger() -> None:
    seen = set()
    for seed in range(6):
        for state in play(seed, 3)[:-1]:
            if state.final_round == UNSET and (state.debt_pile <= 2 or state.deed_pile <= 2):
                found = warnings(state)
                if GAME.prompt(state) is not None:
                    assert found & {"burgrave.warn.debts_low", "burgrave.warn.deeds_low"}
                    seen |= found
    assert seen
