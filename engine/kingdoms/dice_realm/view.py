"""Dice Realm's view: the JSON picture of a position that every seat may see.

Why a module of its own: the view is the page's only source for drawing the board, so its shape
is a contract worth reading in one place. It holds facts of the position, never what may be
done now: that is the prompt's (which citizens can be taken, whether to stop or take a
scoundrel). All of Dice Realm is public except the seed, the
generator position and the order of the draw pile, which are left out.
"""

from __future__ import annotations

from typing import cast

from . import INFO
from .content import CARD_IDS, CARD_VALUES, CITIZEN_COLOUR, COLOUR_IDS, CONTENT, card_json
from .rules import fairies, negative_points, score, score_parts, winners
from .shapes import (
    DiceRealmView,
    EventView,
    PendingView,
    PlayerView,
    SlotView,
    VillageView,
)
from .state import CHOOSE, GIFT, OVER, ROLL, Event, State


def build_view(state: State, seat: int | None) -> DiceRealmView:
    """Everything the page shows for ``seat`` (every seat sees the same: nothing is hidden
    but the seed and the draw order)."""
    over = state.phase == OVER
    villages: list[VillageView] = []
    for i, pile in enumerate(state.villages):
        values = [CARD_VALUES[c] for c in pile]
        villages.append({
            "slot": i,
            "colour": COLOUR_IDS[i],
            "name": CONTENT.colours[i].name,
            "remaining": values,
            "count": len(pile),
            "top": values[0] if values else None,
            "top_card": CARD_IDS[pile[0]] if pile else None,
        })
    row: list[SlotView] = []
    for i, card in enumerate(state.row):
        row.append({
            "slot": i,
            "village_colour": COLOUR_IDS[i],
            "card": card_json(card) if card >= 0 else None,
            "founds_village": card >= 0 and CITIZEN_COLOUR[card] == i
            and bool(state.villages[i]),
        })
    players: list[PlayerView] = []
    for s, realm in enumerate(state.realms):
        players.append({
            "seat": s,
            "name": state.seats[s],
            "realm": [card_json(c) for c in realm],
            "score": score(realm),
            "breakdown": score_parts(realm),
            "negative_points": negative_points(realm),
            "fairies": fairies(realm),
            "elf_next_turn": bool(state.elf >> s & 1),
        })
    rolled = state.rolls_used > 0
    current_fairies = fairies(state.realms[state.current])
    pending: PendingView | None = None
    if state.phase == GIFT:
        pending = {"type": "give_dragon", "card": card_json(state.pending)}
    top_penalty = state.penalties[0] if state.penalties else -1
    return {
        "game_id": INFO.game_id,
        "viewer": seat,
        "turn": state.turn,
        "phase": state.phase,
        "current_seat": None if over else state.current,
        "villages": villages,
        "row": row,
        "penalty_pile": {
            "count": len(state.penalties),
            "top": card_json(top_penalty) if top_penalty >= 0 else None,
        },
        "discard_count": len(state.discard),
        "draw_count": len(state.draw),
        "players": players,
        "dice": {
            "values": list(state.dice) if rolled else None,
            "held_mask": state.held,
            "rolls_used": state.rolls_used,
            "rolls_allowed": state.rolls_allowed,
            "rolls_left": state.rolls_allowed - state.rolls_used,
            "final": state.phase != ROLL,
            "flips_left": max(0, current_fairies - state.flips_used)
            if state.phase == CHOOSE else 0,
        },
        "pending": pending,
        "extra_turn": state.extra_turn,
        "this_turn": [event_view(e) for e in state.events],
        "last_turn": [event_view(e) for e in state.last_events],
        "game_over": over,
        "end_reason": state.end_reason or None,
        "winners": winners(state) if over else [],
    }


def event_view(event: Event) -> EventView:
    """An event of the state as the view shows it: a copy, with exactly the fields the rules
    wrote (``EventView`` names them all; the conformance tests check every event fits)."""
    return cast(EventView, dict(event))
