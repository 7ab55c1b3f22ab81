"""Burgrave's solo rival (spec, "Solo"): its setup, its turn, and how it answers every choice.

Why the rival is rules, not a bot: the spec automates it completely ("takes the first option of
a choice"), so its turns are automatic tasks run by :func:`~kingdoms.burgrave.rules.advance`
right after the human's turn, deterministic from the seed, and nobody is asked anything for it.
Its burgrave, stocks, track, castle workers and buildings are an ordinary
:class:`~kingdoms.burgrave.state.Player` in seat :data:`~kingdoms.burgrave.state.RIVAL_SEAT`, so
building, the castle, collisions and scoring are the players' rules unchanged; only its cards
differ (schemes, kept in ``state.rival``; its player's hand, deck and line stay empty).

The rulings the spec leaves open are listed in ``docs/burgrave.md`` ("Solo rival rulings").
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import (
    BUMP_CODES,
    MAX_TRADES,
    PASS,
    PLACE_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    build_code,
    bump_parts,
)
from .board import FIRST_INNER, segment_of
from .content import GOLD, INK, PLAYER_CARDS, STONE, EffectKind
from .costs import (
    build_obstacle,
    dismiss_cost,
    exchange_kind,
    free_spots,
    icon_counts,
    place_obstacle,
    trade_icons,
    transcribe_obstacle,
)
from .decisions import apply_decision, decision_codes
from .effects import (
    flip_debt,
    flip_deed,
    push_effects,
    run_effect,
    shuffle,
    step_virtue,
    take_townsfolk,
)
from .primary import take_primary_action
from .solo_content import (
    BOARD_CHART,
    BOARD_FOCUS,
    BOARD_FUTURES,
    BUILD,
    SCHEMES,
    SOLO,
    STARTING_SCHEMES,
    TRADE,
    WORKERS,
)
from .solo_content import (
    TRANSCRIBE as TRANSCRIBE_ACTION,
)
from .state import LINE_SLOTS, NOBODY, RIVAL_SEAT, Rival, State, Walk, replaced
from .tables import CARD_DESIGN, PRINTED
from .tasks import LANDED, Auto, Decision, Task
from .turn import reset_turn_facts

HUMAN = 0
"""The human's seat in a solo game."""
MIN_PLACED = 2
"""Spec: it "places as many workers as it can but never only one"."""
BUILDING_ORDER = (0, 1, 2)
"""Its board's buildings left to right: workshops, trading posts, guildhalls (``BUILDINGS``)."""


# --- setup ----------------------------------------------------------------------------------------


def new_rival(state: State, board: int, difficulty: int) -> Rival:
    """Spec: "The rival's deck is 8 starting scheme cards; 8 future schemes sit apart.
    Difficulty: shuffle 0–3 future schemes into its deck" (those its board keeps, at random);
    its starting items come from its board."""
    futures = list(BOARD_FUTURES[board])
    shuffle(state, futures)
    deck = list(STARTING_SCHEMES) + futures[:difficulty]
    shuffle(state, deck)
    spec = SOLO.boards[board]
    player = state.player_mut(RIVAL_SEAT)
    player.silver = spec.silver
    player.resources = [spec.ink, spec.gold, spec.stone]
    return Rival(board, difficulty, deck, [], [], futures[difficulty:])


def place_rival(state: State) -> None:
    """``Auto.RIVAL_SETUP``, spec: "the human chooses one of two player-card/hero pairs; the
    rival's burgrave starts on the other card's space" (nothing else of that pair is used)."""
    for index, pair in enumerate(state.pairs):
        if pair.taken_by == NOBODY:
            state.pairs = replaced(state.pairs, index, pair._replace(taken_by=RIVAL_SEAT))
            card = PLAYER_CARDS[pair.player_card]
            state.player_mut(RIVAL_SEAT).space = card.space - 1
            return


# --- its turn -------------------------------------------------------------------------------------


def rival(state: State) -> Rival:
    assert state.rival is not None
    return state.rival


def rival_turn(state: State) -> None:
    """``Auto.RIVAL_TURN``, spec: "shift its line, flip the top scheme into the left slot, carry
    out the scheme's instructions top to bottom"; then, like a player, phase 5 (collision).
    No hire, no draw. An empty deck is reshuffled from its discards first (+1 virtue: schemes
    never show a criminal)."""
    state.turn_seat = RIVAL_SEAT
    reset_turn_facts(state)
    own = rival(state)
    if len(own.line) >= LINE_SLOTS:
        own.discard.append(own.line.pop())
    if not own.deck:
        own.deck, own.discard = own.discard, []
        shuffle(state, own.deck)
        step_virtue(state.player_mut(RIVAL_SEAT), 1)
    scheme = own.deck.pop()
    state.reveals += 1
    own.line.insert(0, scheme)
    info = SCHEMES[scheme]
    stack = state.stack
    stack.append(Task(Auto.END_TURN, RIVAL_SEAT))
    stack.append(Task(Auto.COLLISION, RIVAL_SEAT))
    stack.append(Task(Auto.RIVAL_CONVERT, RIVAL_SEAT))
    push_effects(state, RIVAL_SEAT, info.gain)
    stack.append(Task(Auto.RIVAL_ACTION, RIVAL_SEAT, arg=scheme))
    stack.append(Task(Auto.RIVAL_MOVE, RIVAL_SEAT, amount=info.move))
    if info.dismiss:
        stack.append(Task(Auto.RIVAL_DISMISS, RIVAL_SEAT))


def rival_dismiss(state: State) -> None:
    """``Auto.RIVAL_DISMISS``: pay for the adjacent townsfolk (if it can), remove it from the
    game, and — spec — "Dismissing gives it only the top-right effect, not icons"."""
    position = segment_of(state.players[RIVAL_SEAT].space)
    cost = dismiss_cost(state, RIVAL_SEAT, position)
    if state.players[RIVAL_SEAT].silver < cost:
        return
    state.player_mut(RIVAL_SEAT).silver -= cost
    if state.townsfolk_piles[position]:
        card = take_townsfolk(state, position)
        state.dismissed += (card,)
        push_effects(state, RIVAL_SEAT, CARD_DESIGN[card].hire)
    else:
        push_effects(state, RIVAL_SEAT, PRINTED[state.segments[position]].hire)


def rival_move(state: State, steps: int) -> None:
    """``Auto.RIVAL_MOVE``, spec: "move N along the outer path only". Landing on the human's
    burgrave lets the human rearrange, as when any burgrave lands on another."""
    player = state.player_mut(RIVAL_SEAT)
    player.walked = Walk(player.space, steps, state.turns)
    player.space = (player.space + steps) % FIRST_INNER
    human = state.players[HUMAN]
    if human.space == player.space and len(human.line) >= 2:
        state.stack.append(Task(Decision.REARRANGE, HUMAN, arg=LANDED))


def action_code(state: State, action: int) -> int | None:
    """The primary-action code the rival would use for ``action`` now, or None if impossible.

    Its icons are its schemes', its board's and its buildings' (see ``costs.icon_counts``);
    missing ones are paid as a player pays them. Spec: "It builds its leftmost affordable
    building on the leftmost free spot at its space; places as many workers as it can but
    never only one". It trades with its icons only (as often as they pay for)."""
    if action == TRADE:
        times = min(trade_icons(icon_counts(state, RIVAL_SEAT)) // exchange_kind(
            state, RIVAL_SEAT), MAX_TRADES)
        return TRADE_CODES.code(times) if times else None
    if action == BUILD:
        for building in BUILDING_ORDER:
            if build_obstacle(state, RIVAL_SEAT, building) is None:
                spot = min(free_spots(state, state.players[RIVAL_SEAT].space))
                return build_code(building, spot)
        return None
    if action == WORKERS:
        for workers in range(max(PLACE_CODES.values), MIN_PLACED - 1, -1):
            if place_obstacle(state, RIVAL_SEAT, workers) is None:
                return PLACE_CODES.code(workers)
        return None
    assert action == TRANSCRIBE_ACTION
    return TRANSCRIBE if transcribe_obstacle(state, RIVAL_SEAT) is None else None


def rival_action(state: State, scheme: int) -> None:
    """``Auto.RIVAL_ACTION``: the scheme's actions in order ("primary focus or a named action,
    fall-backs"): the first possible one is taken; if none is, its fall-back effects."""
    focus = BOARD_FOCUS[rival(state).board]
    info = SCHEMES[scheme]
    for action in info.actions:
        code = action_code(state, focus if action < 0 else action)
        if code is not None:
            take_primary_action(state, RIVAL_SEAT, code)
            return
    push_effects(state, RIVAL_SEAT, info.fallback)


def rival_convert(state: State) -> None:
    """``Auto.RIVAL_CONVERT``, spec: "2 silver → 1 resource (by its chart)". Ruling: at the end
    of its turn, keeping enough silver for its next dismissal (``leftover_silver_kept``)."""
    player = state.players[RIVAL_SEAT]
    pairs = max(0, player.silver - SOLO.leftover_silver_kept) // 2
    if pairs:
        state.player_mut(RIVAL_SEAT).silver -= 2 * pairs
        for _ in range(pairs):
            gain_chart_resource(state)


# --- conversions --------------------------------------------------------------------------------


def chart_resource(state: State) -> int:
    """Ruling for "1 resource (by its chart)": the resource it holds fewest of, ties broken by
    its board's priority chart."""
    resources = state.players[RIVAL_SEAT].resources
    chart = BOARD_CHART[rival(state).board]
    return min(chart, key=lambda r: (resources[r], chart.index(r)))


def gain_chart_resource(state: State) -> None:
    resource = chart_resource(state)
    state.player_mut(RIVAL_SEAT).resources[resource] += 1


def gain_virtue(state: State) -> None:
    step_virtue(state.player_mut(RIVAL_SEAT), 1)


def rival_flip(state: State) -> None:
    """Spec: "destroy → a flip; a flip with nothing to flip → 1 virtue … Flip the type it has
    flipped less (ties: debt)" (the other type when it has none of that one)."""
    player = state.players[RIVAL_SEAT]
    debt_first = player.debts_flipped <= player.deeds_flipped
    if player.debts and (debt_first or not player.deeds):
        flip_debt(state, RIVAL_SEAT)
    elif player.deeds:
        flip_deed(state, RIVAL_SEAT)
    else:
        gain_virtue(state)


def gain_future_scheme(state: State) -> None:
    """Spec: ""gain a card" → a future scheme onto its discard pile" (the top one; none left:
    1 virtue, ruling)."""
    own = rival(state)
    if own.future:
        own.discard.append(own.future.pop())
        state.reveals += 1
    else:
        gain_virtue(state)


def shuffle_schemes(state: State) -> None:
    """"Shuffle discards into the deck", for its schemes."""
    own = rival(state)
    if own.discard:
        own.deck = own.discard + own.deck
        own.discard = []
        shuffle(state, own.deck)
        state.reveals += 1


_EFFECTS: dict[int, Callable[[State], None]] = {
    EffectKind.FLIP_DEBT: rival_flip,
    EffectKind.FLIP_DEED: rival_flip,
    EffectKind.FLIP_EITHER: rival_flip,
    EffectKind.DESTROY: rival_flip,
    EffectKind.DISCARD: gain_virtue,
    EffectKind.MAY_DISCARD: gain_virtue,
    EffectKind.DRAW: gain_virtue,
    EffectKind.MOVE_WORKER: gain_virtue,
    EffectKind.REARRANGE: gain_chart_resource,
    EffectKind.ANY: gain_chart_resource,
    EffectKind.HIRE_FREE: gain_future_scheme,
    EffectKind.SHUFFLE: shuffle_schemes,
    EffectKind.FREE_STEPS: lambda state: None,  # it moves exactly N (ruling)
}
"""The effects the rival converts (spec, "Conversions"), each ``amount`` times."""

_DECISIONS: dict[int, Callable[[State], None]] = {
    Decision.CHOOSE_RESOURCE: gain_chart_resource,
    Decision.FLIP: rival_flip,
    Decision.DESTROY: rival_flip,
    Decision.DISCARD: gain_virtue,
    Decision.REARRANGE: gain_chart_resource,
    Decision.HIRE_FREE: gain_future_scheme,
    Decision.MOVE_WORKER: gain_virtue,
}
"""The questions the rival answers by a conversion; any other takes the first option."""


def run_any_effect(state: State, task: Task) -> None:
    """``Auto.EFFECT`` for everyone: the rival's convertible effects converted, the rest as
    for a player."""
    if task.seat == RIVAL_SEAT and state.rival is not None:
        convert = _EFFECTS.get(task.kind)
        if convert is not None:
            for _ in range(task.amount if task.kind != EffectKind.REARRANGE else 1):
                convert(state)
            return
    run_effect(state, task)


def rival_decides(state: State, task: Task) -> None:
    """Answer a question put to the rival: a conversion, "always bumps the human", else "takes
    the first option of a choice" (declining only when declining is all there is)."""
    convert = _DECISIONS.get(task.op)
    if convert is not None:
        convert(state)
        return
    codes = decision_codes(state, task)
    if task.op == Decision.BUMP:
        human = [c for c in codes if c in BUMP_CODES and bump_parts(c)[2] == HUMAN]
        codes = human or codes
    options = [c for c in codes if c != PASS]
    if options:
        apply_decision(state, task, options[0])


# --- scoring --------------------------------------------------------------------------------------


def leftover_resources(state: State) -> int:
    """Spec: the rival "scores like a player plus 1 VP per leftover resource" (ink, gold,
    stone: silver is not a resource)."""
    resources = state.players[RIVAL_SEAT].resources
    return resources[INK] + resources[GOLD] + resources[STONE]
