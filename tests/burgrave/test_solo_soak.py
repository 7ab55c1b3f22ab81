"""Random solo games against every rival board and difficulty, checking invariants after every
action (the issue: "random solo play for ≥ 1,000 seeded games never crashes or breaks an
invariant").

Default run: 40 games; the 1,000-game run is marked ``slow``. Invariants: nobody is ever asked
a question for the rival; its schemes are each exactly once in its deck, line, discard or
future pile, and are its starting ones plus its board's kept future ones; its player owns no
townsfolk; workers are conserved per player (supply + castle = 20); no stock is negative; every
game ends within an action cap, with the rival's turn last (every round is the human's turn then
the rival's); the view shows the rival.
"""

from __future__ import annotations

import pytest

from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rules import apply_code, legal_codes
from kingdoms.burgrave.solo_content import BOARD_FUTURES, BOARD_KEYS, STARTING_SCHEMES
from kingdoms.burgrave.solo_options import rival_score
from kingdoms.burgrave.state import RIVAL_SEAT, State
from kingdoms.core.protocol import Seat
from kingdoms.core.rng import Rng

MAX_ACTIONS = 3000


def check(state: State) -> None:
    rival = state.rival
    assert rival is not None
    schemes = rival.deck + rival.line + rival.discard + rival.future
    assert sorted(schemes) == sorted((*STARTING_SCHEMES, *BOARD_FUTURES[rival.board]))
    assert len(rival.line) <= 3
    them = state.players[RIVAL_SEAT]
    assert them.hand == them.deck == them.discard == them.line == []
    for seat, player in enumerate(state.players):
        castle = sum(row[seat] for grid in (state.tier1, state.tier2, state.tier3)
                     for row in grid)
        assert player.supply + castle == 20
        assert min(player.silver, *player.resources, player.debts, player.deeds) >= 0
    if not state.over:
        assert GAME.current_seat(state) == 0


def play(seed: int) -> State:
    options: dict[str, str | int | bool] = {"rival": BOARD_KEYS[seed % 4],
                                            "difficulty": seed // 4 % 4}
    state = GAME.new_game([Seat(name="Ana")], seed, options)
    rng = Rng(seed ^ 0x50105)
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        state = apply_code(state, rng.choice(legal_codes(state)))
        check(state)
    assert state.over, f"seed {seed} did not end"
    assert state.turns % 2 == 0
    result = GAME.result(state)
    assert len(result.scores) == 1
    rival = rival_score(state)
    assert GAME.view(state, 0)["players"][RIVAL_SEAT]["score"] == rival.total
    return state


def test_random_solo_games() -> None:
    for seed in range(40):
        play(seed)


@pytest.mark.slow
def test_random_solo_games_thousand() -> None:
    for seed in range(40, 1040):
        play(seed)
