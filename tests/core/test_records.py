"""Game records: building them (setup checked once), replaying, errors naming the move."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kingdoms.core.errors import CodeError, IllegalActionError, SetupError, UnknownGameError
from kingdoms.core.protocol import Seat
from kingdoms.core.records import (
    FORMAT_VERSION,
    GameRecord,
    append,
    new_record,
    record_from_data,
    record_from_json,
    record_to_json,
)
from kingdoms.core.registry import get_game
from kingdoms.core.session import replay
from kingdoms.testgame.tally import Draw, EndTurn, Play, Roll

TALLY = get_game("tally")
SEATS = [Seat(name="Ann"), Seat(name="Bo", kind="bot", bot="random")]


def start(seats: list[Seat] | None = None, **options: Any) -> tuple[GameRecord, Any]:
    record = new_record("tally", seats or SEATS, seed=99, options=options)
    return record, replay(record)


def play(record: GameRecord, state: Any, *actions: Any) -> tuple[GameRecord, Any]:
    for action in actions:
        record, state = append(record, TALLY, state, action)
    return record, state


def test_new_record() -> None:
    record, state = start(rounds=2)
    assert record.format_version == FORMAT_VERSION == 1
    assert record.game_id == "tally" and record.rules_version == TALLY.info.rules_version
    assert record.options == {"rounds": 2} and record.actions == []
    assert TALLY.state_to_json(state) == TALLY.state_to_json(
        TALLY.new_game(tuple(SEATS), 99, {"rounds": 2})
    )


def test_new_record_random_seed_and_errors() -> None:
    assert 0 <= new_record("tally", SEATS).seed < 1 << 32
    with pytest.raises(SetupError):
        new_record("tally", SEATS * 3, seed=1)
    with pytest.raises(SetupError):
        new_record("tally", SEATS, seed=1, options={"rounds": 99})
    with pytest.raises(UnknownGameError):
        new_record("chess", SEATS, seed=1)


def test_append_is_pure_and_replay_matches() -> None:
    record, state = start()
    hand = state.hands[0]
    new, new_state = append(record, TALLY, state, Play(value=hand[0]))
    assert record.actions == [] and new.actions == [3 + hand[0] - 1]
    assert TALLY.state_to_json(replay(new)) == TALLY.state_to_json(new_state)
    assert TALLY.state_to_json(replay(new, 0)) == TALLY.state_to_json(state)
    with pytest.raises(IllegalActionError):
        append(new, TALLY, new_state, Play(value=hand[1]))
    with pytest.raises(ValueError):
        replay(new, 2)


def test_replay_names_the_illegal_move() -> None:
    record, state = start()
    record, state = play(record, state, Draw(), EndTurn())
    bad = record.model_copy(update={"actions": [*record.actions, 2, 2]})  # draw twice
    with pytest.raises(CodeError) as caught:
        replay(bad)
    assert caught.value.reason == "illegal_action" and caught.value.move == 4
    assert str(caught.value) == "Move 4 is not legal: You have already drawn this turn."

    unknown = record.model_copy(update={"actions": [*record.actions, 50]})
    with pytest.raises(CodeError) as caught:
        replay(unknown)
    assert caught.value.reason == "illegal_action" and caught.value.move == 3
    assert str(caught.value).startswith("Move 3 is not legal: ")


def test_replay_past_the_end_is_illegal() -> None:
    record, state = start([Seat(name="Solo")], rounds=1)
    record, state = play(record, state, EndTurn())
    assert TALLY.is_over(state)
    with pytest.raises(CodeError, match=r"^Move 2 is not legal: The game is over\.$"):
        replay(record.model_copy(update={"actions": [0, 0]}))


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"game_id": "chess"}, "unknown_game"),
        ({"game_id": "dice-realm-2"}, "unknown_game"),
        ({"rules_version": 999}, "rules_version"),
        ({"format_version": FORMAT_VERSION + 1}, "newer_format"),
        ({"options": {"rounds": 42}}, "invalid"),
        ({"seats": [Seat(name=f"P{k}") for k in range(6)]}, "invalid"),
    ],
)
def test_replay_errors(change: dict[str, Any], reason: str) -> None:
    record, _ = start()
    with pytest.raises(CodeError) as caught:
        replay(record.model_copy(update=change))
    assert caught.value.reason == reason
    assert "\n" not in str(caught.value)


def test_a_record_of_older_rules_that_replay_identically_takes_the_new_version() -> None:
    """Dice Realm 2 only added a choice, so version-1 records still replay; the first new
    action stamps the record with the current version (it may use the new rules)."""
    game = get_game("dice-realm")
    assert game.info.oldest_rules_version < game.info.rules_version
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Bo")], seed=3)
    old = record.model_copy(update={"rules_version": game.info.oldest_rules_version})
    state = replay(old)
    newer, _ = append(old, game, state, game.legal_actions(state)[0])
    assert newer.rules_version == game.info.rules_version
    with pytest.raises(CodeError) as caught:
        replay(record.model_copy(update={"rules_version": game.info.oldest_rules_version - 1}))
    assert caught.value.reason == "rules_version"


def test_record_json_round_trip() -> None:
    record, state = start()
    record, _ = play(record, state, Draw(), Roll())
    text = record_to_json(record)
    assert record_from_json(text) == record
    assert record_from_data(json.loads(text)) == record


def test_option_types_survive_json() -> None:
    record = GameRecord(
        game_id="x",
        rules_version=0,
        seed=1,
        seats=SEATS,
        options={"flag": True, "count": 1, "text": "1", "zero": False},
    )
    again = record_from_json(record_to_json(record))
    assert again.options == record.options
    assert [type(v) for v in again.options.values()] == [bool, int, str, bool]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "corrupt"),
        ("[" * 5000, "corrupt"),
        ("[]", "invalid"),
        ('{"game_id": "tally"}', "invalid"),
        ('{"format_version": 9, "game_id": "tally"}', "newer_format"),
        ("NaN", "corrupt"),
        ('{"seed": 1, "seed": NaN}', "corrupt"),
    ],
)
def test_record_from_json_errors(text: str, reason: str) -> None:
    with pytest.raises(CodeError) as caught:
        record_from_json(text)
    assert caught.value.reason == reason


@pytest.mark.parametrize(
    "change",
    [
        {"seed": -1},
        {"seed": 1 << 64},
        {"game_id": "Tally!"},
        {"game_id": ""},
        {"seats": []},
        {"seats": [{"name": ""}]},
        {"seats": [{"name": "x" * 25}]},
        {"seats": [{"name": "a", "kind": "alien"}]},
        {"options": {"rounds": 1.5}},
        {"options": {"rounds": [1]}},
        {"options": {"rounds": (1 << 53) + 1}},
        {"options": {"text": "x" * 65}},
        {"options": {"k" * 33: 1}},
        {"options": {f"k{i}": i for i in range(17)}},
        {"seats": [{"name": "\ud800"}]},
        {"options": {"text": "\udfff"}},
        {"actions": [-1]},
        {"actions": [1 << 40]},
        {"extra": 1},
    ],
)
def test_record_validation(change: dict[str, Any]) -> None:
    record, _ = start()
    data = {**record.model_dump(), **change}
    with pytest.raises(CodeError) as caught:
        record_from_data(data)
    assert caught.value.reason == "invalid"
