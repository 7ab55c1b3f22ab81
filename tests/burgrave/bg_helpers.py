"""Helpers for Burgrave tests: hand-made positions through ``state_from_json``.

``base_json(n)`` is a real game after setup (every pair and setup choice taken as the first
legal option), waiting for the start player's first card. Tests edit that JSON (hands, lines,
the castle, the pending ``stack``) and load it with :func:`load`, so every position goes through
the same validated edge as a saved game. A position whose stack starts with automatic tasks is
advanced on load (e.g. ``set_stack(data, Task(Auto.START_TURN, seat))`` starts a turn).
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from kingdoms.burgrave.actions import Action, decode
from kingdoms.burgrave.content import CLERIC, GUILDHALL, TRADING_POST
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rules import apply_code, legal_codes
from kingdoms.burgrave.state import UNSET, State
from kingdoms.burgrave.tables import (
    CARD_DESIGN,
    PERMANENT_ICON,
    PRINTED,
    START_SLOT_ICONS,
    STARTING_DECKS,
    Design,
)
from kingdoms.burgrave.tasks import Auto, Decision, Task
from kingdoms.core.protocol import Seat

NAMES = ("Ana", "Ben", "Cid", "Dee")


@functools.cache
def _base(n: int, seed: int) -> dict[str, Any]:
    state = GAME.new_game([Seat(name=NAMES[k]) for k in range(n)], seed)
    while state.stack[-1].op != Decision.PLAY_CARD:
        state = apply_code(state, legal_codes(state)[0])
    return GAME.state_to_json(state)


def base_json(n: int = 4, seed: int = 3) -> dict[str, Any]:
    """A fresh copy of a set-up game's JSON (start player to play their first card)."""
    return copy.deepcopy(_base(n, seed))


def load(data: dict[str, Any]) -> State:
    return GAME.state_from_json(data)


def card(key: str, seat: int = 0) -> int:
    """A card id with design ``key``: starting cards of ``seat``, or the neutral/hero card."""
    for c in range(len(CARD_DESIGN)):
        if CARD_DESIGN[c].key == key and (CARD_DESIGN[c].kind != "starting"
                                          or c in STARTING_DECKS[seat]):
            return c
    raise KeyError(key)


def remove_card(data: dict[str, Any], c: int) -> None:
    """Take card ``c`` out of wherever it is (piles, players' zones)."""
    for pile in data["townsfolk_piles"]:
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
    data["townsfolk_piles"][seg].append(c)


def set_stack(data: dict[str, Any], *tasks: Task) -> None:
    """Make ``tasks`` the pending tasks (the last one on top)."""
    data["stack"] = [list(task) for task in tasks]


def turn(data: dict[str, Any], seat: int, op: Auto = Auto.START_TURN) -> None:
    """Make ``seat`` the current player with a fresh turn about to start."""
    data["turn_seat"] = seat
    set_stack(data, Task(op, seat))


_TURN_PHASES = [Auto.END_TURN, Auto.DRAW, Auto.COLLISION, Decision.HIRE, Decision.PRIMARY_ACTION,
                Decision.MOVE, Decision.PLAY_CARD]
"""A turn's phases after the shift, last first (as on the stack)."""


def phase(data: dict[str, Any], seat: int, op: Decision) -> None:
    """Put the game at turn decision ``op`` of ``seat``'s turn, with the rest of the turn after
    it."""
    data["turn_seat"] = seat
    rest = _TURN_PHASES[: _TURN_PHASES.index(op) + 1]
    set_stack(data, *(Task(o, seat) for o in rest))


def do(state: State, action: Action | int) -> State:
    code = action if isinstance(action, int) else GAME.encode_action(action)
    return GAME.apply(state, decode(code))


def codes(state: State) -> list[int]:
    return list(legal_codes(state))


def recount(s: State, seat: int) -> list[int]:
    """The spec's icon sources, counted one icon at a time, independently of
    ``costs.icon_counts`` (which adds packed numbers): line cards, uncovered start slots, the
    buildings' uncovered icons, cleric bonus cards, and for the turn's player the townsfolk
    dismissed this turn."""
    p = s.players[seat]
    count = [0] * 5
    for c in p.line:
        for icon in CARD_DESIGN[c].icons:
            count[icon] += 1
    for slot in range(3):
        if slot >= len(p.line):  # never covered yet (lines only grow)
            count[START_SLOT_ICONS[slot]] += 1
    if p.built[TRADING_POST] >= 3:
        count[PERMANENT_ICON[(TRADING_POST, 3)]] += 1
    for k in range(1, p.built[GUILDHALL] + 1):
        count[PERMANENT_ICON[(GUILDHALL, k)]] += 1
    count[CLERIC] += len(p.cleric_bonus)
    dismissed = dismissed_this_turn(s)
    if dismissed is not None and seat == s.turn_seat:
        for icon in dismissed.icons:
            count[icon] += 1
    return count


def dismissed_this_turn(s: State) -> Design | None:
    """The townsfolk (a card, or the printed one of an empty pile) dismissed this turn."""
    if s.turn_dismissed_card != UNSET:
        return CARD_DESIGN[s.turn_dismissed_card]
    if s.turn_dismissed_printed != UNSET:
        return PRINTED[s.turn_dismissed_printed]
    return None
