"""Burgrave's view: the JSON picture of a position as one seat may see it.

Why a module of its own: the view is the page's only source for drawing the board, so its shape
is a contract worth reading in one place. Hidden from every seat: the other hands, the order of
every draw pile and of the townsfolk and manuscript piles below their top, and the seed.
"""

from __future__ import annotations

from ..core.errors import KingdomsError
from ..core.protocol import GameResult
from . import INFO
from .board import N_POSITIONS, REACH, walk
from .content import BUILDINGS, CONTENT, PLAYER_CARDS, RESOURCES, RIBBONS
from .effects import hand_limit
from .rules import deciding_seat
from .shapes import BurgraveView, DecisionView, LastMove, PlayerView, SegmentView, SpotsView
from .solo_options import rival_score
from .solo_view import solo_view
from .state import CLOSED, Player, State
from .tables import CARD_DESIGN, PRINTED, SEG_EXCHANGES
from .tasks import DECISION_NAMES


def last_move(player: Player) -> LastMove | None:
    """The burgrave's last move as the page animates it: ``path``, the spaces it passed (where
    it started first, where it stands last; see ``board.walk`` for the way chosen where two
    are as long), and ``turn``, the turn it was made in (``State.turns``), so a new move is
    told from the one drawn before even when it ends where it began (a full lap).

    Why the engine says it: which way round the ring a move went follows the paths, a rule, and
    the page never decides one. None before the first move, and where the kept move does not
    end where the burgrave stands (a hand-edited position)."""
    moved = player.walked
    if moved is None or player.space < 0 or \
            not REACH[moved.start][moved.steps] >> player.space & 1:
        return None
    return {"path": list(walk(moved.start, player.space, moved.steps)), "turn": moved.turn}


def build_view(state: State, seat: int | None, result: GameResult) -> BurgraveView:
    """Public table plus the viewer's hand (``result``: the game's current result). Cards and
    manuscripts appear as ids; their names and texts come from :mod:`.explain`."""
    if seat is not None and not 0 <= seat < state.seat_count:
        raise KingdomsError(f"There is no seat {seat} in this game.")
    rival_view = solo_view(state)
    players: list[PlayerView] = []
    for number, player in enumerate(state.players):
        entry: PlayerView = {
            "name": state.seats[number].name,
            "kind": state.seats[number].kind,
            "space": player.space,
            "last_move": last_move(player),
            "silver": player.silver,
            "resources": dict(zip(RESOURCES, player.resources, strict=True)),
            "virtue": player.virtue,
            "corruption": player.corruption,
            "debts": player.debts, "debts_flipped": player.debts_flipped,
            "deeds": player.deeds, "deeds_flipped": player.deeds_flipped,
            "line": player.line[:],
            "start_icons_visible": list(range(len(player.line), 3)),
            "hand_size": len(player.hand),
            "deck_size": len(player.deck),
            "discard": player.discard[:],
            "destroyed": list(player.destroyed),
            "workers_in_supply": player.supply,
            "buildings": dict(zip(BUILDINGS, player.built, strict=True)),
            "manuscripts": list(player.manuscripts),
            "cleric_bonus": [RIBBONS[r] for r in player.cleric_bonus],
            "player_card": PLAYER_CARDS[player.player_card].key
            if player.player_card >= 0 else None,
            "hand_limit": hand_limit(state, number),
            "score": result.scores[number].total if number < len(result.scores)
            else rival_score(state).total,
        }
        if number == seat:
            entry["hand"] = sorted(player.hand)
            entry["deck_contents"] = sorted(CARD_DESIGN[c].key for c in player.deck)
        players.append(entry)
    segments: list[SegmentView] = []
    for pos in range(N_POSITIONS):
        design = state.segments[pos]
        pile, scripts = state.townsfolk_piles[pos], state.manuscript_piles[pos]
        segments.append({
            "design": CONTENT.segments[design].key,
            "design_index": design,
            "exchanges": list(SEG_EXCHANGES[design]),
            "townsfolk_top": pile[-1] if pile else None,
            "townsfolk_left": len(pile),
            "printed_townsfolk": PRINTED[design].key,
            "manuscript_top": scripts[-1] if scripts else None,
            "manuscripts_left": len(scripts),
            "castle": {
                "design": CONTENT.castle[state.castle[pos]].key,
                "design_index": state.castle[pos],
                "tier1": list(state.tier1[pos]),
                "tier2": list(state.tier2[pos]),
                "tier3": list(state.tier3[pos]),
            },
        })
    spots: SpotsView = {
        "owner": [o if o >= 0 else None for o in state.spot_owner],
        "closed": [o == CLOSED for o in state.spot_owner],
        "building": [BUILDINGS[b] if b >= 0 else None for b in state.spot_building],
    }
    top = state.stack[-1] if state.stack and not state.over else None
    decision: DecisionView | None = None
    if top is not None:
        decision = {"kind": DECISION_NAMES[top.op], "seat": top.seat}
    return {
        "game_id": INFO.game_id,
        "viewer": seat,
        "round": state.round,
        "final_round": state.final_round if state.final_round >= 0 else None,
        "start_seat": state.start_seat,
        "turn_seat": state.turn_seat if state.turn_seat >= 0 else None,
        "current_seat": deciding_seat(state),
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
                "player_card": PLAYER_CARDS[pc].key,
                "hero": hero,
                "taken_by": taken if taken >= 0 else None,
            }
            for pc, hero, taken in state.pairs
        ],
        "dismissed": list(state.dismissed),
        "rival": rival_view,
        "scores": [{"seat": s.seat, "total": s.total, "breakdown": dict(s.breakdown),
                    "tie_break": list(s.tie_break)} for s in result.scores],
        "winners": result.winners,
    }
