"""The session: one record played on, undo and redo by the engine's rule, and walking a record.

The undo rule (records are replayed, never edited): an action may be taken back unless it
revealed information, ended the game, or handed the turn to another seat.
"""

from __future__ import annotations

from typing import Any

import pytest

from kingdoms.core.errors import CodeError, IllegalActionError, KingdomsError
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.registry import get_game, playable_game_ids
from kingdoms.core.rng import Rng, derive_seed
from kingdoms.core.session import CHECKPOINT, RECENT, Session, UndoStatus, replay, walk
from kingdoms.testgame.tally import Draw, EndTurn, Play, Roll

TALLY = get_game("tally")
SEATS = [Seat(name="Ann"), Seat(name="Bo")]


def tally(seats: list[Seat] | None = None, rounds: int = 3) -> Session:
    return Session.start("tally", seats or SEATS, seed=99, options={"rounds": rounds})


def test_undo_rules() -> None:
    session = tally()
    assert session.undo_status() == UndoStatus(False, "no_actions")
    with pytest.raises(KingdomsError, match="nothing to undo"):
        session.undo()

    hand = session.state.hands[0]
    session.act(Play(value=hand[0]))
    assert session.undo_status() == (True, "ok")
    undone = session.undo()
    assert undone.number == 1 and undone.action == Play(value=hand[0])
    assert session.record.actions == [] and session.can_redo
    assert TALLY.state_to_json(session.state) == TALLY.state_to_json(replay(session.record))

    session.act(Draw())  # a new action clears the redo stack
    assert not session.can_redo
    assert session.undo_status() == (False, "revealed")
    with pytest.raises(KingdomsError, match="revealed"):
        session.undo()

    session.act(EndTurn())
    assert session.undo_status() == (False, "other_seat")
    session.act(Roll())
    assert session.undo_status() == (False, "revealed")


def test_undo_in_a_solo_game_and_at_the_end() -> None:
    session = tally([Seat(name="Solo")], rounds=2)
    session.act(EndTurn())
    assert session.undo_status() == (True, "ok")  # the same seat acts again: nobody else's turn
    session.act(EndTurn())
    assert TALLY.is_over(session.state)
    assert session.undo_status() == (False, "game_over")


def test_redo_replays_the_undone_actions_in_order() -> None:
    session = tally()
    hand = session.state.hands[0]
    session.act(Play(value=hand[0]))
    after_play = TALLY.state_to_json(session.state)
    session.undo()
    step = session.redo()
    assert step is not None and step.number == 1
    assert TALLY.state_to_json(session.state) == after_play
    assert session.redo() is None


def test_an_illegal_action_changes_nothing() -> None:
    session = tally()
    session.act(Draw())
    before = (session.record, TALLY.state_to_json(session.state))
    with pytest.raises(IllegalActionError):
        session.act(Draw())
    assert (session.record, TALLY.state_to_json(session.state)) == before


def random_record(game_id: str, number: int, moves: int) -> Any:
    game = get_game(game_id)
    info = game.info
    record = new_record(game_id, [Seat(name=f"P{k}") for k in range(info.min_seats + 1)],
                        seed=derive_seed("session", game_id, number))
    session = Session(record)
    chooser = Rng(derive_seed("choices", number))
    while session.moves < moves and not game.is_over(session.state):
        session.act(chooser.choice(game.legal_actions(session.state)))
    return session.record


@pytest.mark.parametrize("game_id", playable_game_ids(include_internal=True))
def test_walk_and_kept_states_agree_with_replaying(game_id: str) -> None:
    """Every step of ``walk`` is (before, action, after) of the record; the session's kept
    states (checkpoints and recent ones) give the same positions as replaying from scratch."""
    game = get_game(game_id)
    record = random_record(game_id, 1, CHECKPOINT * 2 + RECENT + 5)
    steps = list(walk(record))
    assert [step.number for step in steps] == list(range(1, len(record.actions) + 1))
    session = Session(record)
    for step in steps[:: max(1, len(steps) // 20)]:
        assert game.encode_action(step.action) == record.actions[step.number - 1]
        assert step.seat == game.current_seat(step.before)
        assert game.state_to_json(game.apply(step.before, step.action)) == \
            game.state_to_json(step.after)
        assert game.state_to_json(session.state_at(step.number)) == \
            game.state_to_json(replay(record, step.number))
        again = session.step(step.number)
        assert game.state_to_json(again.before) == game.state_to_json(step.before)
    later = list(session.steps(len(steps) - 3))
    assert [s.number for s in later] == [len(steps) - 2, len(steps) - 1, len(steps)]
    assert next(iter(walk(record, len(steps) - 1))).number == len(steps)


def test_walk_names_the_illegal_move() -> None:
    session = tally()
    session.act(Draw())
    bad = session.record.model_copy(update={"actions": [*session.record.actions, 2]})
    with pytest.raises(CodeError) as caught:
        list(walk(bad))
    assert caught.value.reason == "illegal_action" and caught.value.move == 2
    with pytest.raises(CodeError):
        Session(bad)


def test_undo_many_times_keeps_states_consistent() -> None:
    """Undo after a long game uses kept states, and they agree with a replay."""
    session = Session(random_record("tally", 3, 30))
    while session.undo_status().allowed:
        session.undo()
        assert TALLY.state_to_json(session.state) == TALLY.state_to_json(replay(session.record))
