"""Dice Realm through the common protocol: actions, vocabulary, views, JSON, registry."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kingdoms.core.errors import IllegalActionError, KingdomsError
from kingdoms.core.protocol import Game, Seat
from kingdoms.core.registry import get_game
from kingdoms.core.text import render
from kingdoms.dice_realm.actions import (
    VOCABULARY,
    Claim,
    Flip,
    GiveDragon,
    Roll,
    Stop,
    TakePenalty,
)
from kingdoms.dice_realm.game import GAME

SEATS = [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cat", kind="bot")]


def test_registered() -> None:
    assert get_game("dice-realm") is GAME
    assert isinstance(GAME, Game)
    assert GAME.info.min_seats == 2 and GAME.info.max_seats == 5


def test_vocabulary_round_trip() -> None:
    """Every code decodes to an action that encodes back; rolls have the smallest codes."""
    for code, action in enumerate(VOCABULARY):
        assert GAME.encode_action(action) == code
        assert GAME.decode_action(code) == action
        assert GAME.action_adapter.validate_json(action.model_dump_json()) == action
    assert GAME.encode_action(Roll(keep=0)) == 0 and GAME.encode_action(Roll(keep=62)) == 62
    assert [GAME.encode_action(a) for a in (Stop(), Flip(die=0), Claim(slot=0), TakePenalty(),
                                            GiveDragon(seat=4), Claim(slot=4, village=False))
            ] == [63, 64, 70, 75, 80, 85]
    for bad in (-1, 86, 1000):
        with pytest.raises(KingdomsError):
            GAME.decode_action(bad)


def test_action_json_examples() -> None:
    adapter = GAME.action_adapter
    assert adapter.validate_python({"action_type": "roll", "keep": 5}) == Roll(keep=5)
    assert adapter.validate_python({"action_type": "claim", "slot": 4}) == Claim(slot=4)
    assert adapter.validate_python({"action_type": "give_dragon", "seat": 1}) == GiveDragon(seat=1)
    for bad in ({"action_type": "roll", "keep": 63}, {"action_type": "claim", "slot": 5},
                {"action_type": "dance"}, {"action_type": "stop", "extra": 1}):
        with pytest.raises(ValueError):
            adapter.validate_python(bad)


def reveals(state: Any, action: Any) -> bool:
    return GAME.reveals_information(state, action, GAME.apply(state, action))


def test_reveals_information(dr: Any) -> None:
    """A roll reveals dice; a take that refills reveals a citizen; stop and flips reveal nothing;
    a claim that waits for a dragon gift reveals nothing until the gift."""
    state = GAME.new_game(SEATS, 1)
    assert reveals(state, Roll(keep=0))
    rolled = GAME.apply(state, Roll(keep=0))
    assert not reveals(rolled, Stop())
    row = [dr.by_name(n) for n in ("Tinker", "Clockwright", "Crag Dragon", "Old Oak Hermit",
                                   "Lamplighter")]
    pos = dr.build(row=row, dice=(6,) * 6, realms=[[dr.by_name("Cave Fairy")], []])
    assert not reveals(pos, Flip(die=0))
    assert not reveals(pos, Claim(slot=2))
    assert reveals(pos, Claim(slot=4))
    gift = GAME.apply(pos, Claim(slot=2))
    assert reveals(gift, GiveDragon(seat=1))


def describe(state: Any, action: Any) -> str:
    return render(GAME.describe(state, action, GAME.apply(state, action)))


def test_describe_says_what_happened_with_its_results(dr: Any) -> None:
    """History lines name the dice rolled, the citizen and village taken, in one line even
    when a claim also stops the rolling."""
    row = [dr.by_name(n) for n in ("Lamplighter", "Tunnel Digger", "Tinker", "Drum Orc", "Dryad")]
    state = dr.build(row=row, dice=(6, 6, 6, 1, 2, 3), phase="roll")
    rerolled = GAME.apply(state, Roll(keep=0b000111))
    assert describe(state, Roll(keep=0b000111)) == (
        f"Ann re-rolled 3: {', '.join(map(str, rerolled.dice))}.")
    chose = GAME.apply(state, Stop())
    line = describe(chose, Claim(slot=1))
    assert line.startswith("Ann took Tunnel Digger (")
    assert "Ann founded a village: Mine (2)." in line
    assert "\n" not in line


def test_stop_and_take_is_one_action(dr: Any) -> None:
    """A lit citizen can be taken while rolls remain: one action that ends the rolling (one
    save, one undo step, one history line) instead of stop + take."""
    row = [dr.by_name(n) for n in ("Lamplighter", "Tunnel Digger", "Tinker", "Drum Orc", "Dryad")]
    state = dr.build(row=row, dice=(6, 6, 6, 1, 2, 3), phase="roll")
    legal = GAME.legal_actions(state)
    lit = [a for a in legal if isinstance(a, Claim)]
    assert lit, "some citizen is met by three sixes"
    after = GAME.apply(state, lit[0])
    stopped = GAME.apply(GAME.apply(state, Stop()), lit[0])
    assert GAME.state_to_json(after)["realms"] == GAME.state_to_json(stopped)["realms"]
    line = describe(state, lit[0])
    assert line.startswith("Ann stopped rolling and took ")


def test_each_choice_says_what_it_cannot_take_back(dr: Any) -> None:
    """The prompt says it, not the page (issue 15): rolls reveal dice; taking a citizen while
    rolls remain gives them up (rules v2, "stop and take"), said before it is taken; a take
    that refills the row reveals a card and ends the turn; stopping and flipping neither."""
    row = [dr.by_name(n) for n in ("Lamplighter", "Tunnel Digger", "Tinker", "Drum Orc", "Dryad")]
    state = dr.build(row=row, dice=(6, 6, 6, 1, 2, 3), phase="roll", rolls_used=1)
    prompt = GAME.prompt(state)
    assert prompt is not None
    rolls = [c for c in prompt.choices if isinstance(c.action, Roll)]
    assert rolls and all(c.reveals and not c.ends_turn and c.forfeits is None for c in rolls)
    stop = next(c for c in prompt.choices if isinstance(c.action, Stop))
    assert not stop.reveals and not stop.ends_turn and stop.forfeits is None
    take = next(c for c in prompt.choices if isinstance(c.action, Claim))
    assert take.reveals and take.ends_turn
    assert take.forfeits is not None and render(take.forfeits) == (
        "This ends your rolling: your 2 rolls left are given up.")
    chose = GAME.prompt(GAME.apply(state, Stop()))
    assert chose is not None
    assert all(c.forfeits is None for c in chose.choices), "nothing left to give up"


def test_state_json_round_trip_and_validation(dr: Any) -> None:
    state = GAME.new_game(SEATS, 3)
    state = GAME.apply(state, Roll(keep=0))
    data = GAME.state_to_json(state)
    assert json.loads(json.dumps(data)) == data
    assert GAME.state_from_json(data) == state
    broken = dict(data, draw=data["draw"][1:])  # a card goes missing
    with pytest.raises(KingdomsError, match="exactly one place"):
        GAME.state_from_json(broken)
    with pytest.raises(KingdomsError):
        GAME.state_from_json(dict(data, phase="gift"))
    with pytest.raises(KingdomsError):
        GAME.state_from_json(dict(data, villages=[p[::-1] for p in data["villages"]]))


def test_apply_is_pure_and_rejects_after_the_end(dr: Any) -> None:
    state = GAME.new_game(SEATS, 3)
    before = GAME.state_to_json(state)
    GAME.apply(state, Roll(keep=0))
    assert GAME.state_to_json(state) == before
    over = dr.build(row=[dr.citizen_ids[i] for i in range(5)], phase="over",
                    end_reason="penalties", dice=(1, 1, 1, 1, 1, 1))
    with pytest.raises(IllegalActionError, match="over"):
        GAME.apply(over, Roll(keep=0))


VIEW_KEYS = {
    "game_id", "viewer", "turn", "phase", "current_seat", "villages", "row", "penalty_pile",
    "discard_count", "draw_count", "players", "dice", "pending", "extra_turn", "this_turn",
    "last_turn", "game_over", "end_reason", "winners",
}


def test_view_shape(dr: Any) -> None:
    """The view holds what the page needs and nothing secret (no seed, counter, draw order);
    what may be done now is the prompt's, not the view's (issue 15: no legality flags)."""
    state = GAME.apply(GAME.new_game(SEATS, 8), Roll(keep=0))
    view = GAME.view(state, 0)
    assert set(view) == VIEW_KEYS
    text = json.dumps(view)
    assert json.loads(text) == view
    assert '"seed"' not in text and '"counter"' not in text and '"draw"' not in text
    assert len(view["row"]) == 5
    slot = view["row"][0]
    assert set(slot) == {"slot", "village_colour", "card", "founds_village"}
    assert set(slot["card"]) >= {"id", "name", "colour", "value", "requirement",
                                 "requirement_text", "text", "ability", "odds"}
    assert set(view["villages"][0]) == {"slot", "colour", "name", "remaining", "count", "top",
                                        "top_card"}
    assert set(view["dice"]) == {"values", "held_mask", "rolls_used", "rolls_allowed",
                                 "rolls_left", "final", "flips_left"}
    assert view["dice"]["values"] == list(state.dice)
    assert set(view["players"][0]) == {"seat", "name", "realm", "score", "breakdown",
                                       "negative_points", "fairies", "elf_next_turn"}
    assert view["this_turn"][0]["type"] == "roll"
    assert GAME.view(state, None) == dict(view, viewer=None)
