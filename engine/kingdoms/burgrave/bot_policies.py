"""The quick policies Burgrave's bots share: the search's default policy and the ``easy``
player, both judging by :mod:`.bot_heuristics`' values.

Why a module of its own: the search's playouts (:mod:`.lookahead`) and the ``easy`` level
choose actions the same way; the values they judge by are :mod:`.bot_heuristics`' job.

* :func:`quick_code` — the search's default policy: one look ahead for every decision, with a
  glance at the primary actions a move makes possible.
* :func:`easy_code` — the ``easy`` player: it looks ahead through its own turn's main choices
  (the card, the move, the primary action) and values what they gain at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..core.rng import Rng
from .actions import (
    BUILD_CODES,
    DISMISS_CODES,
    FLIP_DEBT,
    FLIP_DEED,
    PASS,
    PLACE_CODES,
    PLAY_CODES,
    RESOURCE_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    build_parts,
)
from .board import SPOT_LINKS, segment_of
from .bot_heuristics import (
    BASE_QUALITY,
    CARD_QUALITY,
    EFFECT_WORTH,
    effects_worth,
    simple_value,
)
from .content import EffectKind
from .costs import (
    build_funding,
    exchange_kind,
    place_funding,
    script_cost,
    trade_funding,
    transcribe_funding,
)
from .rules import apply_code, legal_codes, step
from .state import State
from .tables import (
    BUILD_POINTS,
    CARD_DESIGN,
    SCRIPTS,
    SEG_LINK_REWARDS,
    SEG_SPOT_REWARDS,
    Exchange,
)
from .tasks import Decision

# --- quick choices ------------------------------------------------------------------------------

TURN_DECISIONS = frozenset({Decision.PLAY_CARD, Decision.MOVE, Decision.PRIMARY_ACTION,
                            Decision.HIRE})
"""A turn's main choices; the others are choices inside effects."""

_RESOURCE_ICON = (3, 2, 1)
"""The icon each resource stands in for: ink → cleric, gold → noble, stone → builder."""


def resource_code(state: State, seat: int) -> int:
    """The resource a seat wants most: the one its cards' icons ask for, least held first."""
    player = state.players[seat]
    need = [0.5, 0.5, 0.6]
    for zone in (player.hand, player.deck, player.discard, player.line):
        for card in zone:
            icons = CARD_DESIGN[card].icon_count
            for resource, icon in enumerate(_RESOURCE_ICON):
                need[resource] += icons[icon]
    best = max(range(3), key=lambda r: need[r] / (1.0 + player.resources[r]))
    return RESOURCE_CODES.code(best)


def flip_code(state: State, seat: int, codes: list[int]) -> int:
    """A debt before a deed (a debt is 2 points and a resource, a deed 2 points)."""
    return FLIP_DEBT if FLIP_DEBT in codes else FLIP_DEED


def settle(state: State, rng: Rng) -> State:
    """Resolve the pending choices inside effects (any seat's) quickly, up to the next main
    choice of a turn or the end of the game. ``state`` itself is left as it was."""
    own = False
    while not state.over:
        top = state.stack[-1]
        if top.op in TURN_DECISIONS:
            return state
        state = step(state, minor_code(state, rng), own)
        own = True
    return state


def minor_code(state: State, rng: Rng) -> int:
    """A quick choice inside an effect: by rule for resources and flips, else by the position it
    leaves at once (one look ahead, nothing settled after it: choices stay linear)."""
    top = state.stack[-1]
    codes = legal_codes(state)
    if len(codes) == 1:
        return codes[0]
    if top.op == Decision.CHOOSE_RESOURCE:
        return resource_code(state, top.seat)
    if top.op == Decision.FLIP:
        return flip_code(state, top.seat, codes)
    return best_of(state, codes, top.seat, rng, lambda after: simple_value(after, top.seat))


def best_of(state: State, codes: list[int], seat: int, rng: Rng,
            judge: Callable[[State], float]) -> int:
    """The code whose resulting state ``judge`` values most (ties: the generator decides)."""
    best_value = -math.inf
    best: list[int] = []
    for code in codes:
        worth = judge(apply_code(state, code))
        if worth > best_value + 1e-9:
            best_value, best = worth, [code]
        elif worth > best_value - 1e-9:
            best.append(code)
    return best[0] if len(best) == 1 else rng.choice(best)


def primary_worth(state: State, seat: int, code: int) -> float:
    """What a primary-action code gains at once, roughly, without playing it out."""
    player = state.players[seat]
    if code == PASS:
        return 0.0
    if code in DISMISS_CODES:
        return 0.4
    if code in TRADE_CODES:
        times = TRADE_CODES.value(code)
        pay = trade_funding(state, seat, times).pay * EFFECT_WORTH[EffectKind.SILVER]
        kind = exchange_kind(state, seat)
        gain = {Exchange.SILVER: EFFECT_WORTH[EffectKind.SILVER],
                Exchange.RESOURCE: EFFECT_WORTH[EffectKind.ANY],
                Exchange.DESTROY: 0.3,
                Exchange.FLIP: EFFECT_WORTH[EffectKind.FLIP_EITHER]}[kind]
        return times * gain - pay
    if code in BUILD_CODES:
        building, spot = build_parts(code)
        built = player.built[building]
        points = BUILD_POINTS[building][built] - (BUILD_POINTS[building][built - 1] if built else 0)
        position, index = divmod(spot, 6)
        reward = effects_worth(SEG_SPOT_REWARDS[state.segments[position]][index])
        pay = build_funding(state, seat, building).pay * EFFECT_WORTH[EffectKind.STONE]
        return points + reward + 0.5 * _links_worth(state, spot) - pay
    if code in PLACE_CODES:
        workers = PLACE_CODES.value(code)
        pay = place_funding(state, seat, workers).pay * EFFECT_WORTH[EffectKind.GOLD]
        return 1.6 * workers - pay
    if code == TRANSCRIBE:
        position = segment_of(player.space)
        pile = state.manuscript_piles[position]
        pay = transcribe_funding(state, seat).pay * EFFECT_WORTH[EffectKind.INK]
        gain = 1.5
        if pile:
            script = SCRIPTS[pile[-1]]
            gain += effects_worth(script.effects) + (3.0 if script.points else 0.0)
        return gain + 0.2 * script_cost(state, position) - pay
    return 0.0


def _links_worth(state: State, spot: int) -> float:
    total = 0.0
    for link in SPOT_LINKS[spot]:
        if state.spot_owner[link.other] >= 0:
            total += effects_worth(SEG_LINK_REWARDS[state.segments[link.position]][link.number])
    return total


def move_glance(state: State, seat: int) -> float:
    """After a move: the best primary action it makes possible (a glance at the legal codes the
    rules have already worked out), and a good townsfolk to hire."""
    if state.over or state.stack[-1].op != Decision.PRIMARY_ACTION:
        return simple_value(state, seat)
    codes = legal_codes(state)
    best = max(primary_worth(state, seat, code) for code in codes)
    player = state.players[seat]
    pile = state.townsfolk_piles[segment_of(player.space)]
    if pile and CARD_DESIGN[pile[-1]].value <= player.silver:
        best += 0.3 * max(0.0, CARD_QUALITY[pile[-1]] - BASE_QUALITY)
    return simple_value(state, seat) + best


def quick_code(state: State, rng: Rng) -> int:
    """The search's default policy for the deciding seat: one look ahead, moves by what they
    make possible, cards by their quality."""
    top = state.stack[-1]
    seat = top.seat
    codes = legal_codes(state)
    if len(codes) == 1:
        return codes[0]
    op = top.op
    if op == Decision.PLAY_CARD:
        weights = [CARD_QUALITY[PLAY_CODES.value(c)] if c in PLAY_CODES else 0.0 for c in codes]
        best = max(weights)
        return rng.choice([c for c, w in zip(codes, weights, strict=True) if w >= best - 0.5])
    if op == Decision.MOVE:
        return best_of(state, codes, seat, rng, lambda after: move_glance(after, seat))
    if op not in TURN_DECISIONS:
        return minor_code(state, rng)
    return best_of(state, codes, seat, rng, lambda after: simple_value(settle(after, rng), seat))


# --- easy ----------------------------------------------------------------------------------------


def _after_primary(state: State, seat: int, rng: Rng) -> float:
    """What ``easy`` sees once its primary action is chosen (after a dismissal: the best
    action it allows)."""
    state = settle(state, rng)
    if not state.over and state.stack[-1].op == Decision.PRIMARY_ACTION:
        return max(simple_value(settle(apply_code(state, code), rng), seat)
                   for code in _trimmed(legal_codes(state)))
    return simple_value(state, seat)


def _after_move(state: State, seat: int, rng: Rng) -> float:
    """What ``easy`` sees after a move: the best primary action there, played."""
    state = settle(state, rng)
    if state.over or state.stack[-1].op != Decision.PRIMARY_ACTION:
        return simple_value(state, seat)
    return max(_after_primary(apply_code(state, code), seat, rng)
               for code in _trimmed(legal_codes(state)))


def _after_card(state: State, seat: int, rng: Rng) -> float:
    """What ``easy`` sees after playing a card: the best move, at a glance."""
    state = settle(state, rng)
    if state.over or state.stack[-1].op != Decision.MOVE:
        return simple_value(state, seat)
    return max(move_glance(settle(apply_code(state, code), rng), seat)
               for code in legal_codes(state))


def _trimmed(codes: list[int]) -> list[int]:
    """Long runs of trade codes thinned (the value of trading k times is smooth in k)."""
    trades = [c for c in codes if c in TRADE_CODES]
    if len(trades) <= 4:
        return codes
    keep = {trades[0], trades[1], trades[len(trades) // 2], trades[-1]}
    return [c for c in codes if c not in TRADE_CODES or c in keep]


def easy_code(state: State, rng: Rng) -> int:
    """The ``easy`` player's choice: the card by the best move it allows (at a glance), the move
    by the best primary action it allows, the primary action and the hire by what they gain at
    once; choices inside effects quickly (:func:`minor_code`)."""
    top = state.stack[-1]
    seat = top.seat
    codes = legal_codes(state)
    if len(codes) == 1:
        return codes[0]
    op = top.op
    if op == Decision.PLAY_CARD:
        return best_of(state, codes, seat, rng, lambda after: _after_card(after, seat, rng))
    if op == Decision.MOVE:
        return best_of(state, codes, seat, rng, lambda after: _after_move(after, seat, rng))
    if op == Decision.PRIMARY_ACTION:
        return best_of(state, codes, seat, rng, lambda after: _after_primary(after, seat, rng))
    if op == Decision.HIRE:
        return best_of(state, codes, seat, rng,
                       lambda after: simple_value(settle(after, rng), seat))
    return minor_code(state, rng)


def is_turn_start(state: State) -> bool:
    """A turn is about to begin (someone must play a card) or the game is over."""
    return state.over or state.stack[-1].op == Decision.PLAY_CARD

