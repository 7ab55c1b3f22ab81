"""Burgrave behind the common :class:`~kingdoms.core.protocol.Game` protocol.

The rules live in :mod:`kingdoms.burgrave.rules` and work on integer action codes; this module
is the edge: pydantic actions in, JSON views and results out.

>>> from kingdoms.core.protocol import Seat
>>> state = GAME.new_game([Seat(name="Ana"), Seat(name="Ben")], seed=7)
>>> GAME.view(state, None)["decision"]["kind"]
'choose_pair'
>>> len(GAME.legal_actions(state))
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from ..core.errors import KingdomsError, SetupError
from ..core.protocol import Game, GameResult, Seat, SeatScore, check_seats, check_seed
from . import INFO
from .actions import (
    ACTIONS,
    BUILD_CODES,
    BUMP_CODES,
    CARD_CODES,
    CLOCKWISE,
    DESTROY_TOP,
    DISMISS_CODES,
    FLIP_DEBT,
    FLIP_DEED,
    HIRE,
    MOVE_CODES,
    MOVE_WORKER_CODES,
    PAIR_CODES,
    PASS,
    PERMS,
    PLACE_CODES,
    PLAY_BLIND,
    PLAY_CODES,
    REARRANGE_CODES,
    RESOURCE_CODES,
    SEGMENT_CODES,
    SPOT_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    Action,
    action_adapter,
    build_parts,
    bump_parts,
    decode,
    encode,
    move_worker_parts,
)
from .board import SPOT_LINKS, is_outer, segment_of, spot_place
from .content import (
    BUILDINGS,
    CARD_DESIGN,
    CONTENT,
    PRINTED,
    RESOURCES,
    RIBBONS,
    SCRIPTS,
    SEG_EXCHANGES,
    SEG_LINK_REWARDS,
    SEG_SPOT_NAMES,
    SEG_SPOT_REWARDS,
    effects_text,
)
from .costs import exchange_kind, move_options
from .effects import hand_limit
from .rules import advance, apply_code, deciding_seat, legal_codes, new_state
from .scoring import leftovers, score_parts
from .state import State, from_json, to_json
from .tasks import DECISION_NAMES, Decision

GAME_ID = INFO.game_id
RULES_VERSION = INFO.rules_version
EXCHANGE_TEXT = {
    1: "1 merchant → 1 silver",
    2: "2 merchants → 1 any resource",
    3: "3 merchants → destroy 1 card",
    4: "4 merchants → flip 1 debt or deed",
}

PASS_TEXT: dict[int, str] = {
    Decision.PRIMARY_ACTION: "takes no primary action",
    Decision.HIRE: "hires nobody",
}
"""What passing means, by decision (otherwise: declines)."""


def space_name(space: int) -> str:
    if is_outer(space):
        return f"outer space {space + 1}"
    return f"the inner space of segment {space - 9}"


class BurgraveGame:
    """The Burgrave game object (stateless; all data is in the states)."""

    info = INFO
    action_adapter: TypeAdapter[Any] = action_adapter

    def simulation_report(self, finished: Sequence[State]) -> dict[str, Any]:
        """Burgrave's own figures for ``kingdoms simulate`` (see ``SimulationReport``)."""
        from .stats import simulation_report

        return simulation_report(finished)

    # --- core protocol ---------------------------------------------------------------------

    def new_game(
        self, seats: Sequence[Seat], seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        """No options yet. One seat raises ``SetupError`` (the solo rival comes later)."""
        if options:
            raise SetupError(f"Burgrave has no option {str(next(iter(options)))[:32]!r}.")
        checked = check_seats(seats)
        check_seed(seed)
        return new_state(checked, seed)

    def legal_actions(self, state: State) -> list[Action]:
        return [ACTIONS[c] for c in legal_codes(state)]

    def apply(self, state: State, action: Action) -> State:
        return apply_code(state, encode(action))

    def current_seat(self, state: State) -> int | None:
        return deciding_seat(state)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> GameResult:
        scores = []
        for seat in range(state.seat_count):
            parts = score_parts(state, seat)
            scores.append(SeatScore(
                seat=seat, total=sum(parts.values()), breakdown=parts,
                tie_break=[leftovers(state.players[seat])],
            ))
        if not state.over:
            return GameResult(scores=scores, winners=[])
        best = max((s.total, s.tie_break) for s in scores)
        winners = [s.seat for s in scores if (s.total, s.tie_break) == best]
        reason = "poverty_and_prosperity" if state.poverty and state.prosperity else (
            "poverty" if state.poverty else "prosperity"
        )
        return GameResult(scores=scores, winners=winners, reason=reason)

    def encode_action(self, action: Action) -> int:
        return encode(action)

    def decode_action(self, code: int) -> Action:
        return decode(code)

    def reveals_information(self, state: State, action: Action) -> bool:
        """True when the action draws, plays blind, reshuffles or uncovers a pile's next card."""
        try:
            after = apply_code(state, encode(action))
        except KingdomsError:
            return False
        return after.reveals != state.reveals

    def state_to_json(self, state: State) -> dict[str, Any]:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Load a state; pending automatic tasks (hand-made positions) are run first."""
        state = from_json(data)
        if state.stack and not state.over:
            advance(state)
        return state

    # --- views -----------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Public table plus the viewer's hand. Hidden: other hands, every draw pile's order,
        the order of the townsfolk and manuscript piles below their top, the seed.

        Cards and manuscripts appear as ids; their names and texts are static and come from
        :func:`kingdoms.burgrave.content.catalogue` (fetched once by the page)."""
        if seat is not None and not 0 <= seat < state.seat_count:
            raise KingdomsError(f"There is no seat {seat} in this game.")
        result = self.result(state)
        players = []
        for s, p in enumerate(state.players):
            entry: dict[str, Any] = {
                "name": state.seats[s].name,
                "kind": state.seats[s].kind,
                "space": p.space,
                "silver": p.silver,
                "resources": dict(zip(RESOURCES, p.resources, strict=True)),
                "virtue": p.virtue,
                "corruption": p.corruption,
                "debts": p.debts, "debts_flipped": p.debts_flipped,
                "deeds": p.deeds, "deeds_flipped": p.deeds_flipped,
                "line": p.line[:],
                "start_icons_visible": list(range(len(p.line), 3)),
                "hand_size": len(p.hand),
                "deck_size": len(p.deck),
                "discard": p.discard[:],
                "destroyed": list(p.destroyed),
                "workers_in_supply": p.supply,
                "buildings": dict(zip(BUILDINGS, p.built, strict=True)),
                "manuscripts": list(p.manuscripts),
                "cleric_bonus": [RIBBONS[r] for r in p.cleric_bonus],
                "player_card": CONTENT.player_cards[p.player_card].key
                if p.player_card >= 0 else None,
                "hand_limit": hand_limit(state, s),
                "score": result.scores[s].total,
            }
            if s == seat:
                entry["hand"] = sorted(p.hand)
                entry["deck_contents"] = sorted(CARD_DESIGN[c].key for c in p.deck)
            players.append(entry)
        segments = []
        for pos in range(5):
            design = state.segments[pos]
            pile, scripts = state.townsfolk_piles[pos], state.manuscript_piles[pos]
            segments.append({
                "design": CONTENT.segments[design].key,
                "name": CONTENT.segments[design].name,
                "exchanges": list(SEG_EXCHANGES[design]),
                "townsfolk_top": pile[-1] if pile else None,
                "townsfolk_left": len(pile),
                "printed_townsfolk": PRINTED[design].key,
                "manuscript_top": scripts[-1] if scripts else None,
                "manuscripts_left": len(scripts),
                "castle": {
                    "design": CONTENT.castle[state.castle[pos]].key,
                    "tier1": list(state.tier1[pos]),
                    "tier2": list(state.tier2[pos]),
                    "tier3": list(state.tier3[pos]),
                },
            })
        spots = {
            "owner": [o if o >= 0 else None for o in state.spot_owner],
            "closed": [o == -2 for o in state.spot_owner],
            "building": [BUILDINGS[b] if b >= 0 else None for b in state.spot_building],
        }
        top = state.stack[-1] if state.stack and not state.over else None
        decision = None
        if top is not None:
            decision = {"kind": DECISION_NAMES[top.op], "seat": top.seat}
        return {
            "game_id": GAME_ID,
            "viewer": seat,
            "round": state.round,
            "final_round": state.final_round if state.final_round >= 0 else None,
            "start_seat": state.start_seat,
            "turn_seat": state.turn_seat if state.turn_seat >= 0 else None,
            "current_seat": self.current_seat(state),
            "decision": decision,
            "over": state.over,
            "players": players,
            "segments": segments,
            "spots": spots,
            "castle_leader": state.castle_leader if state.castle_leader >= 0 else None,
            "cleric_bonus_owner": {
                RIBBONS[r]: (o if o >= 0 else None) for r, o in enumerate(state.cleric_bonus_owner)
            },
            "debt_pile": state.debt_pile,
            "deed_pile": state.deed_pile,
            "poverty_revealed": state.poverty,
            "prosperity_revealed": state.prosperity,
            "pairs": [
                {
                    "player_card": CONTENT.player_cards[pc].key,
                    "hero": hero,
                    "taken_by": taken if taken >= 0 else None,
                }
                for pc, hero, taken in state.pairs
            ],
            "dismissed": list(state.dismissed),
            "scores": [s.model_dump() for s in result.scores],
            "winners": result.winners,
        }

    # --- text ------------------------------------------------------------------------------

    def describe_action(self, state: State, action: Action) -> str:
        code = encode(action)
        seat = deciding_seat(state)
        name = state.seats[seat].name if seat is not None else "Nobody"
        if seat is None:
            return f"{name} acts."
        p = state.players[seat]
        top = state.stack[-1].op
        if code == PASS:
            what = PASS_TEXT.get(top, "declines")
            return f"{name} {what}."
        if code == PLAY_BLIND:
            return f"{name} plays the top card of their draw pile unseen."
        if code == HIRE:
            pile = state.townsfolk_piles[segment_of(p.space)]
            card = CARD_DESIGN[pile[-1]] if pile else None
            return f"{name} hires the {card.name if card else 'townsfolk'}."
        if code == DESTROY_TOP:
            return f"{name} destroys the top card of their draw pile."
        if code == TRANSCRIBE:
            seg = segment_of(p.space)
            pile = state.manuscript_piles[seg]
            title = SCRIPTS[pile[-1]].name if pile else "the printed manuscript"
            return f"{name} transcribes {title}."
        if code in PAIR_CODES:
            pc, hero, _ = state.pairs[PAIR_CODES.value(code)]
            return (f"{name} takes {CONTENT.player_cards[pc].name} with the hero "
                    f"{CARD_DESIGN[hero].name}.")
        if code in MOVE_CODES:
            dest = MOVE_CODES.value(code)
            cost = move_options(state, seat).get(dest, 0)
            paid = f", paying {cost} silver" if cost else ""
            return f"{name} moves to {space_name(dest)}{paid}."
        if code in REARRANGE_CODES:
            perm = PERMS[REARRANGE_CODES.value(code)]
            if list(perm) == sorted(perm):
                return f"{name} keeps their line as it is."
            order = ", ".join(CARD_DESIGN[p.line[i]].name for i in perm if i < len(p.line))
            return f"{name} rearranges their line: {order}."
        if code in DISMISS_CODES:
            seg = DISMISS_CODES.value(code)
            pile = state.townsfolk_piles[seg]
            d = CARD_DESIGN[pile[-1]] if pile else PRINTED[state.segments[seg]]
            return f"{name} dismisses the {d.name}: {effects_text(d.hire)}."
        if code in TRADE_CODES:
            kind = exchange_kind(state, seat)
            return f"{name} trades {TRADE_CODES.value(code)}× ({EXCHANGE_TEXT[kind]})."
        if code in PLACE_CODES:
            k = PLACE_CODES.value(code)
            return f"{name} places {k} worker{'s' if k > 1 else ''} in the castle."
        if code in RESOURCE_CODES:
            return f"{name} takes 1 {RESOURCES[RESOURCE_CODES.value(code)]}."
        if code in (FLIP_DEBT, FLIP_DEED):
            return f"{name} flips a {'debt' if code == FLIP_DEBT else 'deed'}."
        if code in SEGMENT_CODES:
            s = SEGMENT_CODES.value(code)
            if top == Decision.HIRE_FREE:
                return f"{name} hires the {CARD_DESIGN[state.townsfolk_piles[s][-1]].name} free."
            if top == Decision.TRANSCRIBE_FREE:
                return f"{name} transcribes {SCRIPTS[state.manuscript_piles[s][-1]].name} free."
            if top == Decision.CASCADE:
                return f"{name} resolves the cascade in castle section {s + 1}."
            return f"{name} places workers in castle section {s + 1}."
        if code in SPOT_CODES:
            return self._build_text(
                state, seat, state.stack[-1].arg, SPOT_CODES.value(code), True
            )
        if code in MOVE_WORKER_CODES:
            sec, direction = move_worker_parts(code)
            way = "clockwise" if direction == CLOCKWISE else "counter-clockwise"
            return f"{name} moves a worker from castle section {sec + 1} {way}."
        if code in BUMP_CODES:
            sec, tier, owner = bump_parts(code)
            whose = state.seats[owner].name if owner < state.seat_count else "?"
            return (f"{name} bumps a worker of {whose} from tier {tier} of castle "
                    f"section {sec + 1}.")
        if code in PLAY_CODES:
            return f"{name} plays the {CARD_DESIGN[PLAY_CODES.value(code)].name}."
        if code in CARD_CODES:
            verb = "destroys" if top == Decision.DESTROY else "discards"
            return f"{name} {verb} the {CARD_DESIGN[CARD_CODES.value(code)].name}."
        if code in BUILD_CODES:
            b, spot = build_parts(code)
            return self._build_text(state, seat, b, spot, False)
        return f"{name} acts."

    def _build_text(self, state: State, seat: int, building: int, spot: int, free: bool) -> str:
        name = state.seats[seat].name
        position, index = spot_place(spot)
        spot_name = SEG_SPOT_NAMES[state.segments[position]][index]
        parts = [effects_text(SEG_SPOT_REWARDS[state.segments[position]][index])]
        for link in SPOT_LINKS[spot]:
            owner = state.spot_owner[link.other]
            if owner >= 0:
                reward = effects_text(SEG_LINK_REWARDS[state.segments[link.position]][link.number])
                to = "" if owner == seat else f" to {state.seats[owner].name}"
                parts.append(f"link {reward}{to}" if to else f"link {reward}")
        what = BUILDINGS[building].replace("_", " ")
        free_text = " free" if free else ""
        return f"{name} builds a {what}{free_text} on the {spot_name} spot: {'; '.join(parts)}."


GAME: Game[State, Action] = BurgraveGame()
"""The registered game object (``kingdoms.burgrave.game:GAME``)."""
