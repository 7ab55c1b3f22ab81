"""Protocol conformance: every playable registered game obeys the shared game protocol.

Why one generic test: the shell, records, share codes, undo and bots rely only on the protocol,
so a game that breaks it breaks them all. Like OpenSpiel's random-simulation test, this plays
seeded random games through the registry (so games added later are checked automatically) and
checks, step by step: legal actions exist until the end, ``apply`` is pure (and ``play``, its
in-place twin for play-outs, ends in the same state and changes no other), actions round-trip
through the vocabulary and JSON, illegal actions are rejected with ``IllegalActionError``, views
are JSON with no seed, full states round-trip through JSON, replaying the record rebuilds the
same state, and the winners agree with the scores.

``--soak`` (see ``tests/conftest.py``) runs ten times as many games.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kingdoms.core.errors import IllegalActionError, KingdomsError, SetupError
from kingdoms.core.protocol import Game, GameResult, Seat
from kingdoms.core.records import FORMAT_VERSION, MAX_ACTIONS, GameRecord, new_record
from kingdoms.core.registry import get_game, playable_game_ids
from kingdoms.core.rng import Rng, derive_seed
from kingdoms.core.session import replay
from kingdoms.core.text import Text, render

GAME_IDS = playable_game_ids(include_internal=True)
PLAYOUTS = 200
"""Quick checks (legality, purity, replay, result) per game id."""
DEEP_PLAYOUTS = 25
"""Playouts with the expensive per-step checks (every action, every view, JSON round trips,
the prompt, resampling)."""
LONG_GAMES = {"burgrave": 10}
"""Fewer deep playouts for games of ~1,000 steps (each checked at every step all the same)."""
SLOW_GAMES = {"burgrave"}
"""Games whose whole-suite checks take 20-60 s: marked ``slow`` (``build.py test --quick``
leaves them out; the full run, and CI, keep them)."""
VOCABULARY_PROBE = 64
"""Vocabulary indices tried at each deep step to find illegal actions to reject."""

Check = Callable[[Game[Any, Any], Any, list[Any]], None]


def seats_for(game: Game[Any, Any], number: int) -> list[Seat]:
    """Cycle through every allowed seat count; mix persons and bots (a computer seat names its
    level: a record without one is refused, ``records.unknown_level``)."""
    info = game.info
    count = info.min_seats + number % (info.max_seats - info.min_seats + 1)
    return [
        Seat(name=f"P{k}", kind="bot", bot="random") if (number + k) % 3 == 0
        else Seat(name=f"P{k}") for k in range(count)
    ]


def playout(
    game: Game[Any, Any], number: int, salt: str, check: Check | None = None
) -> tuple[GameRecord, Any]:
    """One seeded random game; ``check(game, state, legal)`` runs before every move."""
    seed = derive_seed(salt, game.info.game_id, number)
    seats = seats_for(game, number)
    chooser = Rng(derive_seed(seed, "choices"))
    state = game.new_game(tuple(seats), seed, {})
    indices: list[int] = []
    while True:
        seat = game.current_seat(state)
        legal = game.legal_actions(state)
        if check is not None:
            check(game, state, legal)
        if game.is_over(state):
            assert seat is None, "current_seat must be None once the game is over"
            assert legal == [], "no legal actions once the game is over"
            break
        assert seat is not None and 0 <= seat < len(seats)
        assert legal, f"no legal action before the end (move {len(indices) + 1})"
        action = chooser.choice(legal)
        before = game.state_to_json(state)
        after = game.apply(state, action)
        assert game.state_to_json(state) == before, "apply mutated its input state"
        if check is not None:
            check_step(game, state, action, after)
        indices.append(game.encode_action(action))
        state = after
        assert len(indices) <= MAX_ACTIONS, "the game did not end"
    record = GameRecord(
        format_version=FORMAT_VERSION,
        game_id=game.info.game_id,
        rules_version=game.info.rules_version,
        seed=seed,
        seats=seats,
        actions=indices,
    )
    return record, state


def check_result(game: Game[Any, Any], state: Any, seat_count: int) -> GameResult:
    result = game.result(state)
    assert [score.seat for score in result.scores] == list(range(seat_count))
    if not game.is_over(state):
        assert result.winners == [], "winners are only named at the end"
        return result
    if seat_count == 1 and not result.winners:
        return result  # a game alone against rules (Burgrave's solo rival) can be lost
    assert result.winners, "a finished game has at least one winner"
    best = max((score.total, score.tie_break) for score in result.scores)
    expected = [s.seat for s in result.scores if (s.total, s.tie_break) == best]
    assert sorted(result.winners) == expected, "winners must be the best (total, tie_break)"
    json.dumps(result.model_dump())
    return result


def keys_anywhere(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys_anywhere(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from keys_anywhere(item)


def deep_check(game: Game[Any, Any], state: Any, legal: list[Any]) -> None:
    """The expensive checks for one position."""
    full = game.state_to_json(state)
    assert json.loads(json.dumps(full)) == full, "state_to_json must be plain JSON"
    loaded = game.state_from_json(full)
    assert game.state_to_json(loaded) == full, "state_from_json(state_to_json(s)) differs"

    # Actions: unique indices, vocabulary and JSON round trips.
    indices = [game.encode_action(action) for action in legal]
    assert len(set(indices)) == len(indices), "two legal actions share a vocabulary index"
    for action, index in zip(legal, indices, strict=True):
        assert isinstance(index, int) and index >= 0
        assert game.decode_action(index) == action
        assert game.action_adapter.validate_json(action.model_dump_json()) == action
        assert game.action_adapter.validate_python(action.model_dump()) == action

    # The prompt offers exactly the legal actions, each with words in the English catalog.
    prompt = game.prompt(state)
    if game.is_over(state):
        assert prompt is None, "no prompt once the game is over"
    else:
        assert prompt is not None and prompt.seat == game.current_seat(state)
        assert [choice.action for choice in prompt.choices] == legal, "choices = legal actions"
        texts = [prompt.title, *prompt.notes, *(u.reason for u in prompt.unavailable)]
        texts += [choice.label for choice in prompt.choices]
        texts += [choice.detail for choice in prompt.choices if choice.detail is not None]
        texts += [group.label for group in prompt.groups]
        texts += [choice.forfeits for choice in prompt.choices if choice.forfeits is not None]
        for text in texts:
            assert_words(text)
        # What a choice cannot take back is the engine's own answer: it reveals exactly when
        # ``reveals_information`` says so, and a choice that ends the game ends the turn.
        for choice in prompt.choices:
            after = game.apply(state, choice.action)
            assert choice.reveals == game.reveals_information(state, choice.action, after)
            assert choice.ends_turn or not game.is_over(after), "the game ended: a turn too"
    if legal:
        # The loaded state behaves like the original (the JSON holds the whole state, rng too).
        action = legal[-1]
        assert game.state_to_json(game.apply(loaded, action)) == game.state_to_json(
            game.apply(state, action)
        )
        # ``play`` (a play-out's step, which may reuse its state) ends where ``apply`` does and
        # changes no other state, though states made by ``apply`` share parts with their parent.
        child = game.apply(state, action)
        if not game.is_over(child):
            follow = game.legal_actions(child)[0]
            twin = game.apply(child, follow)
            twin_json = game.state_to_json(twin)
            assert game.state_to_json(game.play(child, follow)) == twin_json
            assert game.state_to_json(state) == full, "play changed the state's parent"
            assert game.state_to_json(twin) == twin_json, "play changed a state made from it"

    # Illegal actions from the vocabulary are rejected with IllegalActionError.
    legal_set = set(indices)
    for index in range(VOCABULARY_PROBE):
        if index in legal_set:
            continue
        try:
            action = game.decode_action(index)
        except KingdomsError:
            continue
        with pytest.raises(IllegalActionError):
            game.apply(state, action)

    # Resampling for a seat keeps what it sees and depends on nothing it cannot see: a resampled
    # state resampled again gives what resampling the original gives.
    if not game.is_over(state):
        seat = game.current_seat(state)
        once = game.resample(state, seat, Rng(1))
        assert game.view(once, seat) == game.view(state, seat), "resample changed the view"
        assert game.legal_actions(once) == legal
        assert game.state_to_json(game.resample(once, seat, Rng(2))) == game.state_to_json(
            game.resample(state, seat, Rng(2))), "resample depends on something hidden"

    # Views: JSON, never the seed.
    seat_count = len(game.result(state).scores)
    for seat in [None, *range(seat_count)]:
        view = game.view(state, seat)
        assert isinstance(view, dict)
        assert json.loads(json.dumps(view)) == view, "a view must be plain JSON"
        assert "seed" not in set(keys_anywhere(view)), "a view must not contain the seed"


def assert_words(text: Text) -> None:
    """``text`` renders to one line of English with every key (nested ones too) in a catalog."""
    assert isinstance(text, Text)
    words = render(text)
    assert words and "\n" not in words
    for nested in [text, *nested_texts(text)]:
        assert render(nested) != nested.key, f"no English for {nested.key!r}"
    assert "{" not in words, f"a parameter is missing in {words!r}"


def nested_texts(text: Text) -> Iterator[Text]:
    for value in text.params.values():
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, Text):
                yield item
                yield from nested_texts(item)


def check_step(game: Game[Any, Any], before: Any, action: Any, after: Any) -> None:
    """The log line of a step and its undo facts (answered without applying it again)."""
    assert_words(game.describe(before, action, after))
    assert isinstance(game.reveals_information(before, action, after), bool)


@pytest.fixture(params=[
    pytest.param(game_id, marks=pytest.mark.slow) if game_id in SLOW_GAMES else game_id
    for game_id in GAME_IDS
])
def game(request: pytest.FixtureRequest) -> Game[Any, Any]:
    return get_game(request.param)


def test_some_game_is_registered() -> None:
    assert "tally" in GAME_IDS


def test_info(game: Game[Any, Any]) -> None:
    info = game.info
    assert info.available
    assert 1 <= info.min_seats <= info.max_seats
    assert info.rules_version >= 0
    assert isinstance(game, Game)


def test_setup_is_checked_once_for_every_game(game: Game[Any, Any]) -> None:
    """Seats, their number, the seed and unknown options fail with ``SetupError`` where records
    are made, whatever the game (plain dicts are validated there too)."""
    info = game.info
    game_id = info.game_id
    too_many = [Seat(name=f"P{k}") for k in range(info.max_seats + 1)]
    enough = too_many[: info.min_seats]
    for seats, seed, options in (
        (too_many, 1, {}),
        (too_many[: info.min_seats - 1], 1, {}),
        (enough, 1, {"no_such_option": 1}),
        (enough, -1, {}),
        (enough, 1 << 64, {}),
        ([{"name": ""}] * info.min_seats, 1, {}),
        ([{"name": "A", "kind": "alien"}] * info.min_seats, 1, {}),
        ([{"nom": "A"}] * info.min_seats, 1, {}),
    ):
        with pytest.raises(SetupError):
            new_record(game_id, seats, seed, options)  # type: ignore[arg-type]
    record = new_record(game_id, [{"name": f"P{k}"} for k in range(info.min_seats)], 5)
    assert [seat.name for seat in record.seats] == [f"P{k}" for k in range(info.min_seats)]


def test_same_seed_same_game(game: Game[Any, Any]) -> None:
    seats = tuple(seats_for(game, 1))
    first = game.state_to_json(game.new_game(seats, 12345, {}))
    assert game.state_to_json(game.new_game(seats, 12345, {})) == first


def test_random_playouts(game: Game[Any, Any], request: pytest.FixtureRequest) -> None:
    count = PLAYOUTS * (10 if request.config.getoption("--soak") else 1)
    lengths = []
    for number in range(count):
        record, final = playout(game, number, "conformance")
        lengths.append(len(record.actions))
        check_result(game, final, len(record.seats))
        assert game.state_to_json(replay(record)) == game.state_to_json(final)
        for index in range(VOCABULARY_PROBE):  # nothing is legal after the end
            try:
                action = game.decode_action(index)
            except KingdomsError:
                continue
            with pytest.raises(IllegalActionError):
                game.apply(final, action)
    assert max(lengths) > 0


def test_deep_checks(game: Game[Any, Any]) -> None:
    for number in range(LONG_GAMES.get(game.info.game_id, DEEP_PLAYOUTS)):
        record, final = playout(game, number, "deep", deep_check)
        check_result(game, final, len(record.seats))
        # Every prefix's running result is consistent too.
        for upto in range(0, len(record.actions), max(1, len(record.actions) // 5)):
            check_result(game, replay(record, upto), len(record.seats))


def test_replay_is_deterministic(game: Game[Any, Any]) -> None:
    record, final = playout(game, 7, "determinism")
    again, final_again = playout(game, 7, "determinism")
    assert record == again
    assert game.state_to_json(final) == game.state_to_json(final_again)
