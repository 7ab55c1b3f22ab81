"""State: the hand-written clones copy every field and share nothing that rules change in place;
the JSON form round-trips."""

from __future__ import annotations

import dataclasses

import pytest

from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rules import apply_code, legal_codes
from kingdoms.burgrave.state import Player, State, from_json, to_json
from kingdoms.core.errors import SetupError
from kingdoms.core.protocol import Seat
from kingdoms.core.rng import Rng


def _mid_game() -> State:
    state = GAME.new_game([Seat(name=f"P{k}") for k in range(3)], 21)
    chooser = Rng(21)
    for _ in range(300):
        state = apply_code(state, chooser.choice(legal_codes(state)))
    return state


def _lists(value: object) -> list[object]:
    """Every list inside ``value`` (lists are what the rules change in place)."""
    if isinstance(value, list):
        return [value, *(inner for item in value for inner in _lists(item))]
    if isinstance(value, tuple):
        return [inner for item in value for inner in _lists(item)]
    return []


def _shared(original: State | Player, copy: State | Player) -> list[str]:
    """The fields of ``copy`` holding a list that is also in ``original``."""
    out = []
    for field in dataclasses.fields(original):
        mine = {id(item) for item in _lists(getattr(original, field.name))}
        if mine & {id(item) for item in _lists(getattr(copy, field.name))}:
            out.append(field.name)
    return out


def test_clone_copies_every_field_and_shares_no_list() -> None:
    state = _mid_game()
    state.legal_cache = legal_codes(state)
    copy = state.clone()
    assert to_json(copy) == to_json(state)
    assert copy.legal_cache is None
    assert _shared(state, copy) == []
    # Players are copied on write: shared until a rule asks for its own with player_mut,
    # and then nothing of the copy is shared with the original.
    for seat, original in enumerate(state.players):
        assert copy.players[seat] is original
        cloned = copy.player_mut(seat)
        assert cloned is not original and copy.player_mut(seat) is cloned
        assert _shared(original, cloned) == []
        assert state.player_mut(seat) is not original  # the original's is shared too
    assert to_json(copy) == to_json(state)


def test_solo_clone_copies_the_rival() -> None:
    state = GAME.new_game([Seat(name="Ana")], 4, {"difficulty": 2})
    copy = state.clone()
    assert state.rival is not None and copy.rival is not None
    assert to_json(copy) == to_json(state)
    assert _shared(state.rival, copy.rival) == []  # type: ignore[arg-type]


def test_json_round_trip() -> None:
    state = _mid_game()
    data = to_json(state)
    assert to_json(from_json(data)) == data


def test_a_state_saved_before_moves_were_kept_still_loads() -> None:
    """``Player.walked`` is new: older saved states lack it and load with no last move (the
    view shows no path); records replay and set it again, so replays stay deterministic."""
    state = _mid_game()
    assert any(player.walked is not None for player in state.players)
    data = to_json(state)
    for player in data["players"]:
        del player["walked"]
    old = from_json(data)
    assert all(p["last_move"] is None for p in GAME.view(old, None)["players"])
    data["players"][0]["walked"] = [3, 99, 0]
    with pytest.raises(SetupError):
        from_json(data)
