"""Phase 3, the primary action: which trades, builds, placements, transcriptions and dismissals
are legal, and carrying them out.

Spec: "at most one, possibly none: trade or build on the outer path; place workers or transcribe
on the inner path. As part of it you may dismiss the adjacent townsfolk once per turn if it shows
an icon usable for this action (criminal counts)". A dismissal is therefore its own action that
puts the ``PRIMARY_ACTION`` decision back, after which only the primary actions its icons fund
are legal (docs/burgrave.md, decision 8). Costs come from :mod:`.costs`.
"""

from __future__ import annotations

from enum import IntEnum

from .actions import (
    BUILD_CODES,
    DISMISS_CODES,
    PASS,
    PLACE_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    build_code,
    build_parts,
)
from .board import N_POSITIONS, is_outer, segment_of
from .castle import place_workers
from .content import (
    BUILDER,
    CLERIC,
    CRIMINAL,
    GOLD,
    INK,
    MERCHANT,
    NOBLE,
    STONE,
    EffectKind,
    Trigger,
)
from .costs import (
    MAX_BUILT,
    budget,
    build_funding,
    builder_icons,
    dismiss_cost,
    dismissed_design,
    exchange_kind,
    free_spots,
    icon_counts,
    place_funding,
    script_cost,
    townsfolk_at,
    trade_funding,
    trade_max,
    transcribe_funding,
)
from .effects import (
    RESOURCE_OF_GAIN,
    build,
    has_modifier,
    push_effects,
    take_manuscript,
    take_townsfolk,
)
from .state import Player, State
from .tables import (
    BUILD_COST,
    CARD_DESIGN,
    PRINTED,
    PRINTED_SCRIPT_EFFECTS,
    WORKER_COSTS,
    Design,
    Exchange,
)
from .tasks import Auto, Decision, Origin, Task, per_seat, source_of


class Primary(IntEnum):
    """The four primary actions (trade and build on the outer path, the others on the inner)."""

    TRADE = 0
    BUILD = 1
    PLACE = 2
    TRANSCRIBE = 3


# Enum members of the hot paths, bound once (why: see ``turn.py``).
_TRADE, _BUILD = Primary.TRADE, Primary.BUILD
_PLACE, _TRANSCRIBE = Primary.PLACE, Primary.TRANSCRIBE
_MERCHANTS_AS_BUILDERS, _DISMISS_ANY = Trigger.MERCHANTS_AS_BUILDERS, Trigger.DISMISS_ANY
_GAIN_SILVER, _GAIN_ANY = EffectKind.SILVER, EffectKind.ANY
_AFTER_TRADE = per_seat(Auto.AFTER_ACTION, Trigger.AFTER_TRADE)
_AFTER_BUILD = per_seat(Auto.AFTER_ACTION, Trigger.AFTER_BUILD)
_AFTER_PLACE = per_seat(Auto.AFTER_ACTION, Trigger.AFTER_PLACE)
_AFTER_TRANSCRIBE = per_seat(Auto.AFTER_ACTION, Trigger.AFTER_TRANSCRIBE)


def primary_codes(
    state: State, seat: int, count: list[int], silver: int, resources: list[int]
) -> list[list[int]]:
    """Affordable primary-action codes by :class:`Primary`, for the given icons, silver and
    resources."""
    player = state.players[seat]
    if is_outer(player.space):
        return [
            _trade_codes(state, seat, count, silver),
            _build_codes(state, player, count, resources), [], [],
        ]
    return [
        [], [], _place_codes(player, count, resources),
        _transcribe_codes(state, player, count, resources),
    ]


def kind_codes(
    state: State, seat: int, kind: Primary, count: list[int], silver: int, resources: list[int]
) -> list[int]:
    """The affordable codes of one primary action (on the player's path)."""
    player = state.players[seat]
    if kind == _TRADE:
        return _trade_codes(state, seat, count, silver)
    if kind == _BUILD:
        return _build_codes(state, player, count, resources)
    if kind == _PLACE:
        return _place_codes(player, count, resources)
    return _transcribe_codes(state, player, count, resources)


# The four below give the same answers as the ``*_obstacle`` queries of :mod:`.costs` (which the
# page shows), without building their ``Funding`` records: they run several times per turn in
# every playout, the queries only for the page. ``tests/burgrave/test_costs.py`` checks that
# both agree.


def _trade_codes(state: State, seat: int, count: list[int], silver: int) -> list[int]:
    first = TRADE_CODES.code(1)
    return list(range(first, first + trade_max(state, seat, count, silver)))


def _build_codes(
    state: State, player: Player, count: list[int], resources: list[int]
) -> list[int]:
    free = free_spots(state, player.space)
    if not free:
        return []
    can_pay = budget(builder_icons(player, count), resources[STONE])
    codes: list[int] = []
    for building, cost in enumerate(BUILD_COST):
        if player.built[building] < MAX_BUILT and cost <= can_pay:
            first = build_code(building, 0)
            codes += [first + spot for spot in free]
    return codes


def _place_codes(player: Player, count: list[int], resources: list[int]) -> list[int]:
    can_pay = budget(count[NOBLE] + count[CRIMINAL], resources[GOLD])
    first = PLACE_CODES.code(0)
    return [
        first + workers for workers in range(1, min(player.supply, len(WORKER_COSTS)) + 1)
        if WORKER_COSTS[workers - 1] <= can_pay
    ]


def _transcribe_codes(
    state: State, player: Player, count: list[int], resources: list[int]
) -> list[int]:
    if state.turn_transcribed:
        return []
    can_pay = budget(count[CLERIC] + count[CRIMINAL], resources[INK])
    return [TRANSCRIBE] if script_cost(state, segment_of(player.space)) <= can_pay else []


def dismiss_kinds(player: Player, design: Design, outer: bool) -> list[Primary]:
    """Spec, phase 3: a dismissed townsfolk must show "an icon usable for this action
    (criminal counts)": the primary actions its icons can fund on the player's path."""
    icons = design.icons
    crook = CRIMINAL in icons
    if outer:
        kinds = []
        if crook or MERCHANT in icons:
            kinds.append(_TRADE)
        if crook or BUILDER in icons or (
            MERCHANT in icons and has_modifier(player, _MERCHANTS_AS_BUILDERS)
        ):
            kinds.append(_BUILD)
        return kinds
    return [kind for kind, icon in ((_PLACE, NOBLE), (_TRANSCRIBE, CLERIC))
            if crook or icon in icons]


def can_dismiss(state: State, seat: int, position: int, count: list[int]) -> bool:
    """The townsfolk at ``position`` may be dismissed as part of a primary action: the player
    can pay for it, and afterwards (its icons added, its direct silver/resource gains counted)
    some primary action its icons are usable for is affordable."""
    player = state.players[seat]
    design = townsfolk_at(state, position)
    kinds = dismiss_kinds(player, design, is_outer(player.space))
    cost = dismiss_cost(state, seat, position)
    if not kinds or cost > player.silver:
        return False
    silver = player.silver - cost
    resources = player.resources[:]
    for kind, amount, _arg in design.hire:
        if kind == _GAIN_SILVER:
            silver += amount
        elif kind in RESOURCE_OF_GAIN:
            resources[RESOURCE_OF_GAIN[kind]] += amount
        elif kind == _GAIN_ANY:  # it could become any one of them
            resources = [have + amount for have in resources]
    after = count[:]
    for icon in design.icons:
        after[icon] += 1
    return any(kind_codes(state, seat, kind, after, silver, resources) for kind in kinds)


def action_codes(state: State, seat: int) -> list[int]:
    """The legal codes of phase 3. Before anything else: pass, a dismissal, or any affordable
    primary action. After a dismissal: only the primary actions its icons are usable for (the
    dismissal is part of that action), or pass if none is left (a dismiss effect may have used
    up the last spot)."""
    player = state.players[seat]
    count = icon_counts(state, seat)
    by_kind = primary_codes(state, seat, count, player.silver, player.resources)
    dismissed = dismissed_design(state)
    if dismissed is not None:
        kinds = dismiss_kinds(player, dismissed, is_outer(player.space))
        codes = sorted(code for kind in kinds for code in by_kind[kind])
        return codes or [PASS]
    codes = [PASS]
    anywhere = state.turn_dismiss_anywhere or has_modifier(player, _DISMISS_ANY)
    for position in range(N_POSITIONS) if anywhere else (segment_of(player.space),):
        if can_dismiss(state, seat, position, count):
            codes.append(DISMISS_CODES.code(position))
    for found in by_kind:
        codes += found
    codes.sort()
    return codes


# --- carrying it out ----------------------------------------------------------------------------


def take_primary_action(state: State, seat: int, code: int) -> None:
    """Apply a legal phase-3 code (not pass): pay, then queue the action's effects, with the
    line's after-action abilities after them."""
    if code in DISMISS_CODES:
        dismiss(state, seat, DISMISS_CODES.value(code))
        return
    player = state.player_mut(seat)
    position = segment_of(player.space)
    count = icon_counts(state, seat)
    stack = state.stack
    if code in TRADE_CODES:
        times = TRADE_CODES.value(code)
        kind = exchange_kind(state, seat)
        player.silver -= trade_funding(state, seat, times, count).pay
        stack.append(_AFTER_TRADE[seat])
        if kind == Exchange.SILVER:
            player.silver += times
        elif kind == Exchange.RESOURCE:
            stack += [Task(Decision.CHOOSE_RESOURCE, seat)] * times
        elif kind == Exchange.DESTROY:
            stack += [Task(Decision.DESTROY, seat)] * times
        else:
            stack += [Task(Decision.FLIP, seat)] * times
    elif code in BUILD_CODES:
        building, spot = build_parts(code)
        player.resources[STONE] -= build_funding(state, seat, building, count).pay
        stack.append(_AFTER_BUILD[seat])
        build(state, seat, building, spot)
    elif code in PLACE_CODES:
        workers = PLACE_CODES.value(code)
        player.resources[GOLD] -= place_funding(state, seat, workers, count).pay
        stack.append(_AFTER_PLACE[seat])
        place_workers(state, seat, position, workers)
    elif code == TRANSCRIBE:
        player.resources[INK] -= transcribe_funding(state, seat, count).pay
        state.turn_transcribed = True
        stack.append(_AFTER_TRANSCRIBE[seat])
        if state.manuscript_piles[position]:
            take_manuscript(state, seat, position)
        else:  # spec: the printed manuscript is "transcribed for its immediate effect"
            design = state.segments[position]
            push_effects(state, seat, PRINTED_SCRIPT_EFFECTS[design],
                         source_of(Origin.PRINTED_SCRIPT, design))


def dismiss(state: State, seat: int, position: int) -> None:
    """Pay for the townsfolk at ``position``, remove it from the game (an empty pile's printed
    one stays), remember it for this turn's icons and resolve its hire/dismiss effect; the
    primary action itself is decided next."""
    player = state.player_mut(seat)
    player.silver -= dismiss_cost(state, seat, position)
    state.stack.append(Task(Decision.PRIMARY_ACTION, seat))
    if state.townsfolk_piles[position]:
        card = take_townsfolk(state, position)
        state.dismissed += (card,)
        state.turn_dismissed_card = card
        push_effects(state, seat, CARD_DESIGN[card].hire, source_of(Origin.HIRE, card))
    else:
        design = state.segments[position]
        state.turn_dismissed_printed = design
        push_effects(state, seat, PRINTED[design].hire, source_of(Origin.PRINTED, design))
