"""Dice Realm behind the common :class:`~kingdoms.core.protocol.Game` protocol.

>>> from kingdoms.core.protocol import Seat
>>> state = GAME.new_game([Seat(name="Ann"), Seat(name="Ben")], seed=7)
>>> GAME.legal_actions(state)
[Roll(action_type='roll', keep=0)]
>>> state = GAME.apply(state, GAME.decode_action(0))
>>> len(GAME.view(state, None)["dice"]["values"])
6
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from kingdoms.core.errors import IllegalActionError, KingdomsError, SetupError
from kingdoms.core.protocol import GameResult, Seat, SeatScore

from . import INFO, rules
from .actions import (
    ActionModel,
    Claim,
    Flip,
    GiveDragon,
    Roll,
    Stop,
    TakePenalty,
    action_adapter,
    decode,
    encode,
)
from .content import (
    CARD_IDS,
    CITIZEN_COLOUR,
    COLOUR_IDS,
    CONTENT,
    PENALTY_BASE,
    VILLAGE_BASE,
    card_json,
)
from .state import CHOOSE, GIFT, OVER, ROLL, State, from_json, to_json

GAME_ID = INFO.game_id
RULES_VERSION = INFO.rules_version
OPTIONS = ("start_seat",)


def _die_list(mask: int, dice: Sequence[int]) -> str:
    return ", ".join(str(dice[i]) for i in range(6) if mask >> i & 1)


class DiceRealmGame:
    """The Dice Realm game object (stateless; all data is in the states)."""

    info = INFO
    action_adapter: TypeAdapter[Any] = action_adapter

    # ------------------------------------------------------------------ core protocol

    def new_game(
        self, seats: Sequence[Seat], seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        """Options: ``start_seat`` (0-based) to choose the start player; random otherwise."""
        options = dict(options or {})
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise SetupError(f"Unknown Dice Realm option(s): {', '.join(unknown)}.")
        start = options.get("start_seat")
        if start is not None and (isinstance(start, bool) or not isinstance(start, int)):
            raise SetupError("The start seat must be a whole number.")
        names = [seat.name for seat in seats]
        return rules.new_state(names, seed, start)

    def legal_actions(self, state: State) -> list[ActionModel]:
        return rules.legal_actions(state)

    def apply(self, state: State, action: ActionModel) -> State:
        return rules.apply(state, action)

    def current_seat(self, state: State) -> int | None:
        return None if state.phase == OVER else state.current

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> GameResult:
        scores = []
        for seat, realm in enumerate(state.realms):
            scores.append(SeatScore(
                seat=seat,
                total=rules.score(realm),
                breakdown=rules.score_parts(realm),
                tie_break=[-rules.negative_points(realm)],
            ))
        over = state.phase == OVER
        return GameResult(
            scores=scores,
            winners=rules.winners(state) if over else [],
            reason=state.end_reason if over else "",
        )

    def encode_action(self, action: ActionModel) -> int:
        return encode(action)

    def decode_action(self, code: int) -> ActionModel:
        return decode(code)

    def reveals_information(self, state: State, action: ActionModel) -> bool:
        """A roll reveals dice; a take that refills the row reveals a drawn citizen (and taking a
        penalty reveals the next penalty card). Stop, Fairy flips and a claim that waits for a
        dragon gift reveal nothing."""
        if isinstance(action, Roll):
            return True
        if isinstance(action, Stop | Flip):
            return False
        try:
            after = rules.apply(state, action)
        except KingdomsError:
            return False
        return (
            after.counter != state.counter
            or len(after.draw) != len(state.draw)
            or len(after.penalties) != len(state.penalties)
        )

    def describe_action(self, state: State, action: ActionModel) -> str:
        name = state.seats[state.current] if state.current < len(state.seats) else "?"
        if isinstance(action, Roll):
            if state.rolls_used == 0 or action.keep == 0:
                return f"{name} rolls all six dice."
            rerolled = 6 - action.keep.bit_count()
            return (f"{name} keeps {_die_list(action.keep, state.dice)} and re-rolls "
                    f"{rerolled} {'die' if rerolled == 1 else 'dice'}.")
        if isinstance(action, Stop):
            return f"{name} stops rolling."
        if isinstance(action, Flip):
            face = state.dice[action.die] if 0 <= action.die < 6 else 0
            return f"{name}'s Fairy turns a {face} into a {7 - face}."
        if isinstance(action, Claim):
            card = state.row[action.slot] if 0 <= action.slot < 5 else -1
            if card < 0:
                return f"{name} takes the citizen in slot {action.slot}."
            text = f"{name} takes {CONTENT.citizens[card].name}"
            pile = state.villages[action.slot]
            if CITIZEN_COLOUR[card] == action.slot and pile:
                colour = CONTENT.colours[action.slot].name
                value = CONTENT.villages[pile[0] - VILLAGE_BASE].value
                text += f" and founds a {colour} village ({value})"
            return text + "."
        if isinstance(action, TakePenalty):
            penalty = state.penalties[0] if state.penalties else -1
            value = CONTENT.penalties[penalty - PENALTY_BASE].value if penalty >= 0 else 0
            return f"{name} takes a penalty card ({value}) and the rightmost citizen is discarded."
        if isinstance(action, GiveDragon):
            dragon = CONTENT.citizens[state.pending].name if state.pending >= 0 else "the dragon"
            target = state.seats[action.seat] if action.seat < len(state.seats) else "?"
            return f"{name} gives {dragon} to {target}."
        raise IllegalActionError(f"Not a Dice Realm action: {action!r}.")

    def state_to_json(self, state: State) -> dict[str, Any]:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    # ------------------------------------------------------------------ view

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything the page shows. All of Dice Realm is public except the seed, the generator
        position and the order of the draw pile, which are left out."""
        over = state.phase == OVER
        met = [] if over else rules.met_slots(state)
        villages = []
        for i, pile in enumerate(state.villages):
            values = [CONTENT.villages[c - VILLAGE_BASE].value for c in pile]
            villages.append({
                "slot": i,
                "colour": COLOUR_IDS[i],
                "name": CONTENT.colours[i].name,
                "remaining": values,
                "count": len(pile),
                "top": values[0] if values else None,
                "top_card": CARD_IDS[pile[0]] if pile else None,
            })
        row = []
        for i, card in enumerate(state.row):
            row.append({
                "slot": i,
                "village_colour": COLOUR_IDS[i],
                "card": card_json(card) if card >= 0 else None,
                "met": i in met,
                "founds_village": card >= 0 and CITIZEN_COLOUR[card] == i
                and bool(state.villages[i]),
            })
        players = []
        for s, realm in enumerate(state.realms):
            players.append({
                "seat": s,
                "name": state.seats[s],
                "realm": [card_json(c) for c in realm],
                "score": rules.score(realm),
                "breakdown": rules.score_parts(realm),
                "negative_points": rules.negative_points(realm),
                "fairies": rules.fairies(realm),
                "elf_next_turn": bool(state.elf >> s & 1),
            })
        rolled = state.rolls_used > 0
        fairies = rules.fairies(state.realms[state.current])
        pending = None
        if state.phase == GIFT:
            pending = {
                "type": "give_dragon",
                "card": card_json(state.pending),
                "choices": [t for t in range(len(state.seats)) if t != state.current],
            }
        top_penalty = state.penalties[0] if state.penalties else -1
        return {
            "game_id": GAME_ID,
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
                "can_stop": state.phase == ROLL and rolled,
                "flips_left": max(0, fairies - state.flips_used) if state.phase == CHOOSE else 0,
            },
            "met_slots": met,
            "must_take_penalty": state.phase == CHOOSE and not met,
            "pending": pending,
            "extra_turn": state.extra_turn,
            "this_turn": [dict(e) for e in state.events],
            "last_turn": [dict(e) for e in state.last_events],
            "game_over": over,
            "end_reason": state.end_reason or None,
            "winners": rules.winners(state) if over else [],
        }


GAME = DiceRealmGame()
