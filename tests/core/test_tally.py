"""Tally's own rules, and concrete hidden-information checks the generic test cannot make.

Why concrete: the conformance test can only check that views are JSON; here we know where the
secrets are (other hands, deck order, seed, generator position), so we change exactly those and
require every other seat's view to stay identical, byte for byte.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from pydantic import ValidationError

from kingdoms.core.errors import IllegalActionError, KingdomsError, SetupError
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.rng import Rng, derive_seed
from kingdoms.core.text import render
from kingdoms.testgame.tally import (
    GAME,
    HAND_LIMIT,
    Draw,
    EndTurn,
    Play,
    Roll,
    TallyAction,
    TallyState,
    action_adapter,
)

ANN, BO, CY = Seat(name="Ann"), Seat(name="Bo"), Seat(name="Cy", kind="bot", bot="random")


def new(seats: int = 2, seed: int = 7, **options: Any) -> TallyState:
    return GAME.new_game([ANN, BO, CY, Seat(name="Di")][:seats], seed, options)


def test_setup() -> None:
    state = new(3)
    assert state.rounds == 3
    for seat in range(3):
        assert len(state.hands[seat]) == 2
        assert len(state.decks[seat]) == 10
        assert sorted(state.hands[seat] + state.decks[seat]) == sorted([1, 2, 3, 4, 5, 6] * 2)
    assert GAME.current_seat(state) == 0
    assert new(1, rounds=10).rounds == 10


@pytest.mark.parametrize(
    "options",
    [{"rounds": 0}, {"rounds": 11}, {"rounds": True}, {"rounds": "3"}, {"colour": "red"}],
)
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(SetupError):
        GAME.new_game([ANN], 1, options)


@pytest.mark.parametrize("seed", [-1, 1 << 64, True])
def test_bad_seed(seed: int) -> None:
    with pytest.raises(SetupError):
        new_record("tally", [ANN], seed, {})


def test_turn_structure_and_legality() -> None:
    state = new(2)
    hand = state.hands[0]
    expected = [EndTurn(), Roll(), Draw(), *[Play(value=v) for v in sorted(set(hand))]]
    assert GAME.legal_actions(state) == expected

    state = GAME.apply(state, Draw())
    assert len(state.hands[0]) == 3 and len(state.decks[0]) == 9
    with pytest.raises(IllegalActionError, match="already drawn"):
        GAME.apply(state, Draw())
    value = state.hands[0][0]
    state = GAME.apply(state, Play(value=value))
    assert state.played[0] == (value,)
    with pytest.raises(IllegalActionError, match="already played"):
        GAME.apply(state, Play(value=state.hands[0][0]))
    assert GAME.legal_actions(state) == [EndTurn(), Roll()]
    assert GAME.current_seat(state) == 0
    state = GAME.apply(state, Roll())
    assert len(state.rolls[0]) == 1 and 1 <= state.rolls[0][0] <= 6
    assert GAME.current_seat(state) == 1
    assert not state.drew and not state.has_played


def test_cannot_play_a_missing_card() -> None:
    state = new(2)
    missing = next(v for v in range(1, 7) if v not in state.hands[0])
    with pytest.raises(IllegalActionError, match=f"no {missing} in your hand"):
        GAME.apply(state, Play(value=missing))


def test_draw_limits() -> None:
    state = new(1)
    full = dataclasses.replace(state, hands=((1, 2, 3, 4, 5)[:HAND_LIMIT],))
    with pytest.raises(IllegalActionError, match="hand is full"):
        GAME.apply(full, Draw())
    empty = dataclasses.replace(state, decks=((),))
    with pytest.raises(IllegalActionError, match="deck is empty"):
        GAME.apply(empty, Draw())


def test_not_a_tally_action() -> None:
    with pytest.raises(IllegalActionError):
        GAME.apply(new(), Seat(name="x"))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        GAME.encode_action(Seat(name="x"))  # type: ignore[arg-type]


def test_game_ends_within_the_bound() -> None:
    for seats in (1, 2, 3, 4):
        for rounds in (1, 4, 10):
            state = new(seats, seed=seats * 100 + rounds, rounds=rounds)
            rng = Rng(derive_seed(seats, rounds))
            moves = 0
            while not GAME.is_over(state):
                state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
                moves += 1
            assert moves <= 3 * rounds * seats
            assert state.turn == rounds * seats
            with pytest.raises(IllegalActionError, match="over"):
                GAME.apply(state, EndTurn())


def test_scoring_and_winners() -> None:
    state = dataclasses.replace(
        new(3),
        hands=((1,), (), (2, 3)),
        played=((6, 2), (4, 4), (5,)),
        rolls=((1, 3), (3,), (6, 5)),
        turn=9,
    )
    result = GAME.result(state)
    assert [s.total for s in result.scores] == [10, 11, 14]
    assert result.scores[0].breakdown == {"cards": 8, "dice": 3, "hand": -1}
    assert result.winners == [2]
    assert result.reason == "rounds_complete"
    tie = dataclasses.replace(state, hands=((), (), ()), rolls=((), (), ()))
    # cards 8, 8, 5: a tie on total between seats 0 and 1, and on the tie-break too.
    assert GAME.result(tie).winners == [0, 1]
    assert GAME.result(dataclasses.replace(tie, turn=8)).winners == []


def test_vocabulary_is_fixed() -> None:
    """Share codes store these numbers: they must never change."""
    actions: list[TallyAction] = [EndTurn(), Roll(), Draw(), *[Play(value=v) for v in range(1, 7)]]
    assert [GAME.encode_action(a) for a in actions] == list(range(9))
    assert [GAME.decode_action(i) for i in range(9)] == actions
    for bad in (9, 100, -1):
        with pytest.raises(KingdomsError):
            GAME.decode_action(bad)


def test_action_json() -> None:
    assert action_adapter.validate_json('{"action_type":"play","value":3}') == Play(value=3)
    assert action_adapter.validate_python({"action_type": "roll"}) == Roll()
    for bad in (
        '{"action_type":"nope"}',
        '{"action_type":"play","value":7}',
        '{"value":1}',
        '{"action_type":"draw","extra":1}',
    ):
        with pytest.raises(ValidationError):
            action_adapter.validate_json(bad)


def reveals(state: TallyState, action: TallyAction) -> bool:
    return GAME.reveals_information(state, action, GAME.apply(state, action))


def test_reveals_information() -> None:
    state = new()
    assert reveals(state, Draw())
    assert reveals(state, Roll())
    assert not reveals(state, EndTurn())
    assert not reveals(state, Play(value=state.hands[0][0]))


def describe(state: TallyState, action: TallyAction) -> str:
    return render(GAME.describe(state, action, GAME.apply(state, action)))


def test_descriptions_never_name_a_drawn_card() -> None:
    state = new()
    assert describe(state, Draw()) == "Ann draws a card."
    rolled = GAME.apply(state, Roll())
    assert describe(state, Roll()) == f"Ann rolls a {rolled.rolls[0][0]}."
    assert describe(state, EndTurn()) == "Ann ends the turn."


def _scramble_secrets(state: TallyState, keep: int | None) -> TallyState:
    """Change every secret except seat ``keep``'s hand, preserving all public facts."""
    n = state.seat_count
    return dataclasses.replace(
        state,
        seed=state.seed ^ 0x5A5A5A5A,
        counter=state.counter + 17,
        decks=tuple(tuple(v % 6 + 1 for v in reversed(d)) for d in state.decks),
        hands=tuple(
            state.hands[s] if s == keep else tuple(sorted(v % 6 + 1 for v in state.hands[s]))
            for s in range(n)
        ),
    )


def test_views_hide_other_seats_secrets() -> None:
    for number in range(20):
        state = new(1 + number % 4, seed=number)
        rng = Rng(number)
        while True:
            n = state.seat_count
            spectator = GAME.view(state, None)
            assert "hand" not in spectator
            assert spectator == GAME.view(_scramble_secrets(state, None), None)
            for seat in range(n):
                view = GAME.view(state, seat)
                assert view["hand"] == list(state.hands[seat])
                assert view == GAME.view(_scramble_secrets(state, seat), seat)
                text = json.dumps(view)
                assert 'deck"' not in text and "seed" not in text and "counter" not in text
                for other in view["seats"]:
                    assert set(other) == {
                        "name",
                        "kind",
                        "hand_size",
                        "deck_size",
                        "played",
                        "rolls",
                        "score",
                    }
            if GAME.is_over(state):
                break
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))


def test_view_of_unknown_seat() -> None:
    with pytest.raises(KingdomsError):
        GAME.view(new(2), 2)


def test_state_json_round_trip_and_validation() -> None:
    state = GAME.apply(new(3), Draw())
    data = GAME.state_to_json(state)
    assert GAME.state_from_json(data) == state
    assert GAME.state_from_json(json.loads(json.dumps(data))) == state
    broken: list[dict[str, Any]] = [
        {**data, "players": data["players"][:2]},
        {**data, "turn": 10},
        {**data, "rounds": 0},
        {**data, "seed": -1},
        {**data, "surprise": 1},
        {**data, "players": [{**data["players"][0], "hand": [7]}, *data["players"][1:]]},
        {**data, "seats": []},
    ]
    for bad in broken:
        with pytest.raises(SetupError):
            GAME.state_from_json(bad)


def test_state_is_cheap_to_copy_and_immutable() -> None:
    state = new()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 3  # type: ignore[misc]
    after = GAME.apply(state, EndTurn())
    assert after.decks is state.decks  # unchanged parts are shared, not copied
