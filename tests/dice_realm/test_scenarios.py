"""Seeded scenarios with known results: whole bot games, and hand-made positions."""

from __future__ import annotations

from typing import Any

import pytest

from kingdoms.core.protocol import Seat
from kingdoms.dice_realm import bots
from kingdoms.dice_realm.actions import Claim, Roll
from kingdoms.dice_realm.content import CARD_IDS
from kingdoms.dice_realm.game import GAME


@pytest.mark.parametrize(
    ("seed", "players", "reason", "totals", "winners"),
    [
        (2024, 4, "village", [16, 23, 8, 23], [1]),  # 23 = 23: seat 1 has fewer negatives
        (77, 2, "penalties", [30, 55], [1]),
        (5, 3, "penalties", [4, 36, 29], [1]),
    ],
)
def test_bot_game_known_result(
    seed: int, players: int, reason: str, totals: list[int], winners: list[int]
) -> None:
    """Whole seeded games played by the odds bot end the same way every time (and everywhere:
    the generator is the engine's own)."""
    state = GAME.new_game([Seat(name=f"P{i}") for i in range(players)], seed)
    while not GAME.is_over(state):
        state = GAME.apply(state, bots.choose(state))
    result = GAME.result(state)
    assert result.reason == reason
    assert [s.total for s in result.scores] == totals
    assert result.winners == winners
    if seed == 2024:
        assert [s.tie_break for s in result.scores][1::2] == [[-1], [-5]]


def test_scripted_turn_from_a_position(dr: Any) -> None:
    """A hand-made position with a fixed generator: three rolls keeping the 1s, then the only
    satisfied citizen (Tunnel Digger, under the Mine pile) founds a Mine village."""
    row = [dr.by_name(n) for n in ("Town Crier", "Tunnel Digger", "Tinker", "Drum Orc", "Dryad")]
    state = dr.build(row=row, phase="roll", seed=4242, counter=0, seats=("Ann", "Ben", "Cat"))
    state = GAME.apply(state, Roll(keep=0))
    assert state.dice == (2, 4, 1, 1, 6, 5)
    state = GAME.apply(state, Roll(keep=0b001100))
    assert state.dice == (5, 6, 1, 1, 3, 2)
    state = GAME.apply(state, Roll(keep=0b001100))
    assert state.dice == (2, 1, 1, 1, 4, 5) and state.phase == "choose"
    assert GAME.legal_actions(state) == [Claim(slot=1), Claim(slot=1, village=False)]
    state = GAME.apply(state, Claim(slot=1))
    assert [CARD_IDS[c] for c in state.realms[0]] == [dr.by_name("Tunnel Digger"), "v-mine-2"]
    assert state.current == 1 and GAME.result(state).scores[0].total == 3
    kinds = [e["type"] for e in GAME.view(state, None)["last_turn"]]
    assert kinds == ["roll", "roll", "roll", "claim", "found", "slide", "refill"]


def test_hand_made_endgame_shared_victory(dr: Any) -> None:
    """The Hypnotist empties two slots; the refill takes the last two citizens of the draw pile,
    which ends the game at once; equal totals and equal negatives share the victory."""
    row = [dr.by_name(n) for n in
           ("Swaying Mesmerist", "Tinker", "Clockwright", "Tusk Chief", "Smoke Drake")]
    draw = [dr.by_name("Lamplighter"), dr.by_name("Town Crier")]
    realms = [[dr.by_name("Drum Orc"), "v-orc-2"],
              [dr.by_name("Bell Founder"), dr.by_name("Guild Mistress")]]
    used = set(row) | set(draw) | {c for r in realms for c in r}
    discard = [c for c in dr.citizen_ids if c not in used]
    state = dr.build(row=row, draw=draw, discard=discard, realms=realms,
                     dice=(1, 1, 1, 2, 3, 4))
    state = GAME.apply(state, Claim(slot=0))
    assert GAME.is_over(state) and state.end_reason == "citizens"
    assert [CARD_IDS[c] for c in state.row[:2]] == draw
    result = GAME.result(state)
    assert [s.total for s in result.scores] == [15, 15]  # 4+2+5+2+2 and 7+8
    assert result.winners == [0, 1]
    assert GAME.view(state, None)["last_turn"][-1] == {"type": "end", "reason": "citizens"}
