"""The views are what their ``TypedDict`` shapes say (issue 15, "typed seams"): mypy checks the
page's reading of a view against the shape, and this checks the engine's writing of it — every
key a shape requires is there, none it does not name, recursively — over many positions of
seeded random games of both games, solo and spectators included."""

from __future__ import annotations

import random
import types
import typing
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from kingdoms.burgrave import explain as burgrave_explain
from kingdoms.burgrave.game import GAME as BURGRAVE
from kingdoms.burgrave.shapes import BurgraveView, CardFacts, ScriptFacts
from kingdoms.core.protocol import Seat
from kingdoms.dice_realm.game import GAME as DICE_REALM
from kingdoms.dice_realm.shapes import DiceRealmView


def fits(value: Any, shape: Any, where: str = "view") -> list[str]:
    """Where ``value`` departs from the type ``shape`` (empty: it fits)."""
    origin = get_origin(shape)
    if shape is Any or shape is object:
        return []
    if origin in (Union, types.UnionType):
        found = [fits(value, option, where) for option in get_args(shape)]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is typing.Literal:
        return [] if value in get_args(shape) else [f"{where}: {value!r} not in {shape}"]
    if shape is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(shape):
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        hints = get_type_hints(shape, include_extras=True)
        problems = [f"{where}.{key}: not in {shape.__name__}" for key in value if key not in hints]
        for key, hint in hints.items():
            optional = get_origin(hint) is NotRequired or key not in shape.__required_keys__
            if get_origin(hint) is NotRequired:
                hint = get_args(hint)[0]
            if key not in value:
                if not optional:
                    problems.append(f"{where}.{key}: missing")
                continue
            problems += fits(value[key], hint, f"{where}.{key}")
        return problems
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [p for i, item in enumerate(value) for p in fits(item, get_args(shape)[0],
                                                                 f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        _, item = get_args(shape)
        return [p for k, v in value.items() for p in fits(v, item, f"{where}[{k!r}]")]
    if shape is float:
        return [] if isinstance(value, int | float) and not isinstance(value, bool) \
            else [f"{where}: {value!r} is not a number"]
    if isinstance(shape, type):
        ok = isinstance(value, shape) and not (shape is int and isinstance(value, bool))
        return [] if ok else [f"{where}: {value!r} is not {shape.__name__}"]
    raise AssertionError(f"{where}: no check for {shape!r}")


def test_the_check_finds_a_missing_an_extra_and_a_mistyped_key() -> None:
    state = DICE_REALM.new_game([Seat(name="A"), Seat(name="B")], 1)
    view = dict(DICE_REALM.view(state, 0))
    assert fits(view, DiceRealmView) == []
    broken = {**view, "extra": 1, "turn": "one"}
    del broken["row"]
    assert sorted(fits(broken, DiceRealmView)) == [
        "view.extra: not in DiceRealmView", "view.row: missing",
        "view.turn: 'one' is not int"]


@pytest.mark.parametrize(("game", "shape", "players"), [
    (DICE_REALM, DiceRealmView, 2), (DICE_REALM, DiceRealmView, 5),
    (BURGRAVE, BurgraveView, 1), (BURGRAVE, BurgraveView, 2), (BURGRAVE, BurgraveView, 4)])
def test_every_view_fits_its_shape(game: Any, shape: Any, players: int) -> None:
    for seed in range(3):
        state = game.new_game([Seat(name=f"P{n}") for n in range(players)], seed)
        rng = random.Random(seed)
        for step in range(400):
            if game.is_over(state):
                break
            if step % 7 == 0:
                for viewer in (None, game.current_seat(state)):
                    assert fits(game.view(state, viewer), shape) == []
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        assert fits(game.view(state, None), shape) == []


def test_burgrave_s_card_and_manuscript_facts_fit_their_shapes() -> None:
    from kingdoms.burgrave.tables import N_CARDS, SCRIPTS

    for card in range(N_CARDS):
        assert fits(burgrave_explain.card_facts(card), CardFacts) == []
    for design in range(5):
        assert fits(burgrave_explain.printed_facts(design), CardFacts) == []
    for script in range(len(SCRIPTS)):
        assert fits(burgrave_explain.script_facts(script), ScriptFacts) == []
