"""Each reachable space says what the mover could do there before the move is made (issue 26,
"see a move before you make it"): the primary actions affordable there after paying for the
steps, or "nothing you can afford", which is exactly when the move asks to be confirmed (spec,
"Primary action": an action nobody can pay for is not taken); the log then says why the
primary action was skipped."""

from __future__ import annotations

import random

import pytest

from kingdoms.burgrave.actions import (
    BUILD_CODES,
    DISMISS_CODES,
    PLACE_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    encode,
)
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.previews import ACTION_WORDS
from kingdoms.burgrave.primary import Primary, action_codes
from kingdoms.burgrave.state import State
from kingdoms.burgrave.tasks import Decision
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import replay
from kingdoms.core.text import Text, render


def kind_of(code: int) -> Primary | None:
    if code in TRADE_CODES:
        return Primary.TRADE
    if code in BUILD_CODES:
        return Primary.BUILD
    if code in PLACE_CODES:
        return Primary.PLACE
    return Primary.TRANSCRIBE if code == TRANSCRIBE else None


def words(text: Text) -> set[str]:
    """The catalog keys a preview is made of (its "or" joins unrolled)."""
    if text.key == "burgrave.preview.or":
        return words(text.params["a"]) | words(text.params["b"])  # type: ignore[arg-type]
    return {text.key}


def move_positions(seed: int, players: int) -> list[State]:
    seats = [Seat(name=n) for n in "ABCD"[:players]]
    state = replay(new_record("burgrave", seats, seed=seed))
    rng = random.Random(seed)
    found = []
    while not GAME.is_over(state):
        if state.stack[-1].op == Decision.MOVE:
            found.append(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return found


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 1)])
def test_every_space_offered_says_what_could_be_done_there(seed: int, players: int) -> None:
    checked = nothing = 0
    for state in move_positions(seed, players):
        seat = state.stack[-1].seat
        prompt = GAME.prompt(state)
        assert prompt is not None
        for choice in prompt.choices:
            assert choice.detail is not None and choice.detail.key == "burgrave.move_detail"
            said = words(choice.detail.params["then"])  # type: ignore[arg-type]
            after = GAME.apply(state, choice.action)
            waiting = after.turns == state.turns and any(
                t.op == Decision.PRIMARY_ACTION and t.seat == seat for t in after.stack)
            codes = action_codes(after, seat) if waiting else []
            kinds = {kind_of(code) for code in codes} - {None}
            if said == {"burgrave.preview.nothing"}:
                nothing += 1
                assert not waiting or codes == [0], "an action it said was out of reach"
                assert choice.forfeits is not None, "nothing to do, and no confirmation asked"
                # and the log says why the primary action was skipped
                assert "Nothing" in render(GAME.describe(state, choice.action, after))
            elif said == {"burgrave.preview.dismiss"}:
                assert not kinds and any(code in DISMISS_CODES for code in codes)
            else:
                assert said == {ACTION_WORDS[kind] for kind in kinds}, encode(choice.action)
                assert choice.forfeits is None
                assert "Nothing" not in render(GAME.describe(state, choice.action, after))
            checked += 1
    assert checked > 20 and nothing > 0
