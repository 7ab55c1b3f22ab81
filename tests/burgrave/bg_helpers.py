"""Helpers for Burgrave tests: hand-made positions through ``state_from_json``.

``base_json(n)`` is a real game after setup (every pair and setup choice taken as the first
legal option), waiting for the start player's first card. Tests edit that JSON (hands, lines,
the castle, the pending ``stack``) and load it with :func:`load`, so every position goes through
the same validated edge as a saved game. A position whose stack starts with automatic tasks is
advanced on load (e.g. ``[[A_TURN, seat, 0, 0]]`` starts a turn).
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from kingdoms.burgrave import rules as R
from kingdoms.burgrave.actions import Action, decode
from kingdoms.burgrave.content import CARD_DESIGN, START_BASE
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.state import State
from kingdoms.core.protocol import Seat

NAMES = ("Ana", "Ben", "Cid", "Dee")


@functools.cache
def _base(n: int, seed: int) -> dict[str, Any]:
    state = GAME.new_game([Seat(name=NAMES[k]) for k in range(n)], seed)
    while state.stack[-1][0] != R.D_PLAY:
        state = R.apply_code(state, R.legal_codes(state)[0])
    return GAME.state_to_json(state)


def base_json(n: int = 4, seed: int = 3) -> dict[str, Any]:
    """A fresh copy of a set-up game's JSON (start player to play their first card)."""
    return copy.deepcopy(_base(n, seed))


def load(data: dict[str, Any]) -> State:
    return GAME.state_from_json(data)


def card(key: str, seat: int = 0) -> int:
    """A card id with design ``key``: starting cards of ``seat``, or the neutral/hero card."""
    for c in range(len(CARD_DESIGN)):
        if CARD_DESIGN[c].key == key and (c < START_BASE or (c - START_BASE) // 8 == seat):
            return c
    raise KeyError(key)


def remove_card(data: dict[str, Any], c: int) -> None:
    """Take card ``c`` out of wherever it is (piles, players' zones)."""
    for pile in data["piles"]:
        if c in pile:
            pile.remove(c)
    for p in data["players"]:
        for zone in ("hand", "deck", "discard", "line", "destroyed"):
            if c in p[zone]:
                p[zone].remove(c)


def put(data: dict[str, Any], seat: int, zone: str, cards: list[int]) -> None:
    """Set a player's zone to exactly ``cards`` (moving them from anywhere else)."""
    for c in cards:
        remove_card(data, c)
    data["players"][seat][zone] = list(cards)


def top(data: dict[str, Any], seg: int, c: int) -> None:
    """Put card ``c`` on top of the townsfolk pile of board position ``seg``."""
    remove_card(data, c)
    data["piles"][seg].append(c)


def turn(data: dict[str, Any], seat: int, task: int = R.A_TURN) -> None:
    """Make ``seat`` the current player with a fresh turn about to start."""
    data["current"] = seat
    data["stack"] = [[task, seat, 0, 0]]


def phase(data: dict[str, Any], seat: int, op: int, a: int = 0) -> None:
    """Put the game at decision ``op`` of ``seat``'s turn, with the rest of the turn after it."""
    data["current"] = seat
    rest = {
        R.D_PLAY: [R.A_END, R.A_DRAW, R.A_COLLISION, R.D_HIRE, R.D_ACTION, R.D_MOVE],
        R.D_MOVE: [R.A_END, R.A_DRAW, R.A_COLLISION, R.D_HIRE, R.D_ACTION],
        R.D_ACTION: [R.A_END, R.A_DRAW, R.A_COLLISION, R.D_HIRE],
        R.D_HIRE: [R.A_END, R.A_DRAW, R.A_COLLISION],
    }.get(op, [R.A_END])
    data["stack"] = [[o, seat, 0, 0] for o in rest] + [[op, seat, a, 0]]


def only(data: dict[str, Any], op: int, seat: int, a: int = 0) -> None:
    """Leave just one decision pending (nothing after it): for testing effects in isolation."""
    data["current"] = seat
    data["stack"] = [[op, seat, a, 0]]


def do(state: State, action: Action | int) -> State:
    code = action if isinstance(action, int) else GAME.encode_action(action)
    return GAME.apply(state, decode(code))


def codes(state: State) -> list[int]:
    return list(R.legal_codes(state))
