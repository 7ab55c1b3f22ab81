"""Share codes saved by an earlier version still replay, and go on, as they were played.

``saved_codes.json`` holds Burgrave games (seeded random play) encoded by the version named in
its ``made_with``, with the scores they ended on then. A change of rules must never change
them (docs/architecture.md, "Records, sessions and share codes"): a game keeps the rules it
began under (``GameInfo.rule_changes``, ``kingdoms.burgrave.versions``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kingdoms.burgrave import INFO
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.versions import RIVAL_CONVERTS_REARRANGE
from kingdoms.core.codes import decode_code, load_code
from kingdoms.core.records import GameRecord
from kingdoms.core.session import Session

SAVED: list[dict[str, Any]] = json.loads(
    (Path(__file__).with_name("saved_codes.json")).read_text(encoding="utf-8"))["games"]


def scores(record: GameRecord, rules: int) -> list[int] | str:
    """Play the record's actions under ``rules``: its scores, or where it stopped fitting."""
    state = GAME.new_game(tuple(record.seats), record.seed, dict(record.options), rules)
    for number, code in enumerate(record.actions, 1):
        action = GAME.decode_action(code)
        if action not in GAME.legal_actions(state):
            return f"move {number} no longer fits"
        state = GAME.apply(state, action)
    return [score.total for score in GAME.result(state).scores]


@pytest.mark.parametrize("saved", SAVED, ids=lambda saved: saved["code"][-8:])
def test_a_saved_code_replays_to_its_scores(saved: dict[str, Any]) -> None:
    session = load_code(saved["code"])
    assert session.record.rules_version < INFO.rules_version
    assert GAME.is_over(session.state)
    assert [score.total for score in GAME.result(session.state).scores] == saved["scores"]


def test_the_saved_solo_games_meet_the_rule_that_changed() -> None:
    """The fixture is worth having: the games marked so replay otherwise under today's rule
    (the rival converting a rearrange), so the test above would catch a lost version check."""
    marked = [saved for saved in SAVED if saved["rival_rearranges"]]
    assert marked
    for saved in marked:
        record = decode_code(saved["code"])
        assert scores(record, RIVAL_CONVERTS_REARRANGE) != saved["scores"]
        assert scores(record, record.rules_version) == saved["scores"]


def test_an_older_game_goes_on_under_its_own_rules() -> None:
    """A saved game carried on today keeps its version (it plays as it began), and a new game
    takes today's."""
    saved = next(saved for saved in SAVED if saved["rival_rearranges"])
    record = decode_code(saved["code"])
    half = record.model_copy(update={"actions": record.actions[: len(record.actions) // 2]})
    session = Session(half)
    session.act(GAME.legal_actions(session.state)[0])
    assert session.record.rules_version == record.rules_version
    assert session.state.rules == record.rules_version
    fresh = Session.start("burgrave", list(record.seats), seed=record.seed,
                          options=dict(record.options))
    assert fresh.record.rules_version == fresh.state.rules == INFO.rules_version
