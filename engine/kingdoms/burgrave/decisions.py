"""Burgrave's decisions: for every :class:`~.tasks.Decision`, its legal action codes and what
choosing one does.

Each decision has a pair of functions, registered in :data:`LEGAL_CODES` and :data:`CHOICES`.
Legal codes come sorted, ``PASS`` first where declining is allowed; a decision whose codes are
empty (or only ``PASS``) is skipped by :func:`~.rules.advance`. Choosing ``PASS`` never changes
anything, so :func:`apply_decision` handles it for all of them.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import (
    CARD_CODES,
    CLOCKWISE,
    COUNTERCLOCKWISE,
    DESTROY_TOP,
    FLIP_DEBT,
    FLIP_DEED,
    HIRE,
    MOVE_CODES,
    PAIR_CODES,
    PASS,
    PERMS,
    PLAY_BLIND,
    PLAY_CODES,
    REARRANGE_CODES,
    RESOURCE_CODES,
    SEGMENT_CODES,
    SPOT_CODES,
    move_worker_code,
    move_worker_parts,
    rearrange_codes,
)
from .board import N_POSITIONS, move_steps, segment_of
from .castle import CASCADE_WORKERS, bump, bump_options, cascade, move_worker, place_workers
from .content import EffectKind
from .costs import MAX_BUILT, destroyable, move_options
from .effects import build, flip_debt, flip_deed, hire, reshuffle, take_manuscript
from .primary import action_codes, take_primary_action
from .setup import pick_pair
from .state import FREE, NOBODY, State, Walk
from .tables import CARD_VALUE, SCRIPTS
from .tasks import LANDED, Auto, Decision, Task
from .turn import offered_rearrange, play_card

FREE_TRANSCRIBE_COSTS = range(3, 5)
"""Spec, effects: "transcribe a visible manuscript of cost 3–4 free"."""


def decision_codes(state: State, task: Task) -> list[int]:
    """The legal codes of decision ``task``."""
    return LEGAL_CODES[task.op](state, task)


def apply_decision(state: State, task: Task, code: int) -> None:
    """Carry out legal ``code`` for decision ``task`` (already taken off the stack); what it
    queues is left for :func:`~.rules.advance`."""
    if code != PASS:
        CHOICES[task.op](state, task, code)


# --- setup and the turn's own decisions -----------------------------------------------------------


def _pair_codes(state: State, task: Task) -> list[int]:
    return [PAIR_CODES.code(i) for i, pair in enumerate(state.pairs) if pair.taken_by == NOBODY]


def _choose_pair(state: State, task: Task, code: int) -> None:
    pick_pair(state, task.seat, PAIR_CODES.value(code))


def _play_codes(state: State, task: Task) -> list[int]:
    hand = state.players[task.seat].hand
    if hand:
        return [PLAY_CODES.base + card for card in sorted(set(hand))]
    return [PLAY_BLIND]


def _play_card(state: State, task: Task, code: int) -> None:
    """Spec: "With an empty hand, play the top card of your draw pile unseen" (reshuffling
    first if it is empty too: with exactly 3 cards the dropped card is played back)."""
    player = state.player_mut(task.seat)
    if code == PLAY_BLIND:
        if not player.deck:
            reshuffle(state, task.seat)
        card = player.deck.pop()
        state.reveals += 1
    else:
        card = PLAY_CODES.value(code)
        player.hand.remove(card)
    play_card(state, task.seat, card)


def _move_codes(state: State, task: Task) -> list[int]:
    return [MOVE_CODES.base + space for space in sorted(move_options(state, task.seat))]


def _move(state: State, task: Task, code: int) -> None:
    """Pay the extra steps, use up the free ones; spec: "If you end on a space with another
    burgrave, that player may rearrange their line" (each such player offered one, see
    ``turn.offered_rearrange``, in turn order after you). The move is kept (``Player.walked``:
    the fewest steps that arrive, as priced) so the view can show the way it went."""
    seat = task.seat
    player = state.player_mut(seat)
    destination = MOVE_CODES.value(code)
    player.silver -= move_options(state, seat)[destination]
    player.free_steps = 0
    player.walked = Walk(player.space, move_steps(player.space, destination,
                                                  state.turn_played_value), state.turns)
    player.space = destination
    seats = state.seat_count
    for later in range(seats - 1, 0, -1):  # pushed last-first: asked in turn order
        other = (seat + later) % seats
        if state.players[other].space == destination and offered_rearrange(state, other):
            state.stack.append(Task(Decision.REARRANGE, other, arg=LANDED))


def _rearrange_codes(state: State, task: Task) -> list[int]:
    cards = len(state.players[task.seat].line)
    return list(rearrange_codes(cards)) if cards >= 2 else []


def _rearrange(state: State, task: Task, code: int) -> None:
    player = state.player_mut(task.seat)
    player.line = [player.line[old] for old in PERMS[REARRANGE_CODES.value(code)]]


def _primary_codes(state: State, task: Task) -> list[int]:
    return action_codes(state, task.seat)


def _primary_action(state: State, task: Task, code: int) -> None:
    take_primary_action(state, task.seat, code)


def _hire_codes(state: State, task: Task) -> list[int]:
    """Phase 4: "(optional, once): pay the adjacent townsfolk's silver value" (never an empty
    pile's printed one)."""
    player = state.players[task.seat]
    pile = state.townsfolk_piles[segment_of(player.space)]
    if pile and CARD_VALUE[pile[-1]] <= player.silver:
        return [PASS, HIRE]
    return []


def _hire(state: State, task: Task, code: int) -> None:
    player = state.player_mut(task.seat)
    position = segment_of(player.space)
    player.silver -= CARD_VALUE[state.townsfolk_piles[position][-1]]
    hire(state, task.seat, position)


# --- choices inside effects -----------------------------------------------------------------------


def _resource_codes(state: State, task: Task) -> list[int]:
    return [RESOURCE_CODES.code(resource) for resource in RESOURCE_CODES.values]


def _choose_resource(state: State, task: Task, code: int) -> None:
    state.player_mut(task.seat).resources[RESOURCE_CODES.value(code)] += 1


def _flip_codes(state: State, task: Task) -> list[int]:
    player = state.players[task.seat]
    codes = []
    if player.debts:
        codes.append(FLIP_DEBT)
    if player.deeds:
        codes.append(FLIP_DEED)
    return codes


def _flip(state: State, task: Task, code: int) -> None:
    if code == FLIP_DEBT:
        flip_debt(state, task.seat)
    else:
        flip_deed(state, task.seat)


def _destroy_codes(state: State, task: Task) -> list[int]:
    """Optional; a hand card or the unseen top of the draw pile, while owning more than 3."""
    player = state.players[task.seat]
    if not destroyable(player):
        return []
    codes = [PASS]
    if player.deck:
        codes.append(DESTROY_TOP)
    codes += [CARD_CODES.base + card for card in sorted(set(player.hand))]
    return codes


def _destroy(state: State, task: Task, code: int) -> None:
    """Spec: "destroy 1 card (… gain silver equal to its value)"."""
    player = state.player_mut(task.seat)
    if code == DESTROY_TOP:
        card = player.deck.pop()
        state.reveals += 1
    else:
        card = CARD_CODES.value(code)
        player.hand.remove(card)
    player.destroyed += (card,)
    player.silver += CARD_VALUE[card]


def _discard_codes(state: State, task: Task) -> list[int]:
    """A printed discard is mandatory with a hand; ``MAY_DISCARD`` (workshop 1) may pass."""
    hand = state.players[task.seat].hand
    if not hand:
        return []
    optional = [PASS] if task.kind == EffectKind.MAY_DISCARD else []
    return optional + [CARD_CODES.base + card for card in sorted(set(hand))]


def _discard(state: State, task: Task, code: int) -> None:
    player = state.player_mut(task.seat)
    card = CARD_CODES.value(code)
    player.hand.remove(card)
    player.discard.append(card)


def _hire_free_codes(state: State, task: Task) -> list[int]:
    return [PASS] + [
        SEGMENT_CODES.code(position) for position in range(N_POSITIONS)
        if state.townsfolk_piles[position]
    ]


def _hire_free(state: State, task: Task, code: int) -> None:
    hire(state, task.seat, SEGMENT_CODES.value(code))


def _move_worker_codes(state: State, task: Task) -> list[int]:
    codes = [PASS]
    for section in range(N_POSITIONS):
        if state.tier1[section][task.seat]:
            codes += [move_worker_code(section, CLOCKWISE),
                      move_worker_code(section, COUNTERCLOCKWISE)]
    return codes


def _move_worker(state: State, task: Task, code: int) -> None:
    section, direction = move_worker_parts(code)
    move_worker(state, task.seat, section, direction)


def _place_codes(state: State, task: Task) -> list[int]:
    """Spec: "place N workers free in any tier-1 section" (not optional)."""
    if not state.players[task.seat].supply:
        return []
    return [SEGMENT_CODES.code(section) for section in range(N_POSITIONS)]


def _place_workers(state: State, task: Task, code: int) -> None:
    place_workers(state, task.seat, SEGMENT_CODES.value(code), task.amount)


def _build_free_codes(state: State, task: Task) -> list[int]:
    """Spec: "build a given building free on any free spot" (while fewer than 3 are built)."""
    if state.players[task.seat].built[task.arg] >= MAX_BUILT:
        return []
    owners = state.spot_owner
    return [PASS] + [SPOT_CODES.code(spot) for spot in SPOT_CODES.values if owners[spot] == FREE]


def _build_free(state: State, task: Task, code: int) -> None:
    build(state, task.seat, task.arg, SPOT_CODES.value(code))


def _transcribe_free_codes(state: State, task: Task) -> list[int]:
    piles = state.manuscript_piles
    return [PASS] + [
        SEGMENT_CODES.code(position) for position in range(N_POSITIONS)
        if piles[position] and SCRIPTS[piles[position][-1]].cost in FREE_TRANSCRIBE_COSTS
    ]


def _transcribe_free(state: State, task: Task, code: int) -> None:
    """A free transcription does not use up the turn's one transcription."""
    take_manuscript(state, task.seat, SEGMENT_CODES.value(code))


def _cascade_codes(state: State, task: Task) -> list[int]:
    return [
        SEGMENT_CODES.code(section) for section in range(N_POSITIONS)
        if state.tier1[section][task.seat] >= CASCADE_WORKERS
    ]


def _cascade(state: State, task: Task, code: int) -> None:
    state.stack.append(Task(Auto.CASTLE, task.seat))
    cascade(state, task.seat, SEGMENT_CODES.value(code))


def _bump_codes(state: State, task: Task) -> list[int]:
    return bump_options(state)


def _bump(state: State, task: Task, code: int) -> None:
    bump(state, code)


LEGAL_CODES: dict[int, Callable[[State, Task], list[int]]] = {
    Decision.CHOOSE_PAIR: _pair_codes,
    Decision.PLAY_CARD: _play_codes,
    Decision.MOVE: _move_codes,
    Decision.REARRANGE: _rearrange_codes,
    Decision.PRIMARY_ACTION: _primary_codes,
    Decision.HIRE: _hire_codes,
    Decision.CHOOSE_RESOURCE: _resource_codes,
    Decision.FLIP: _flip_codes,
    Decision.DESTROY: _destroy_codes,
    Decision.DISCARD: _discard_codes,
    Decision.HIRE_FREE: _hire_free_codes,
    Decision.MOVE_WORKER: _move_worker_codes,
    Decision.PLACE_WORKERS: _place_codes,
    Decision.BUILD_FREE: _build_free_codes,
    Decision.TRANSCRIBE_FREE: _transcribe_free_codes,
    Decision.CASCADE: _cascade_codes,
    Decision.BUMP: _bump_codes,
}
"""The legal codes of each decision."""

CHOICES: dict[int, Callable[[State, Task, int], None]] = {
    Decision.CHOOSE_PAIR: _choose_pair,
    Decision.PLAY_CARD: _play_card,
    Decision.MOVE: _move,
    Decision.REARRANGE: _rearrange,
    Decision.PRIMARY_ACTION: _primary_action,
    Decision.HIRE: _hire,
    Decision.CHOOSE_RESOURCE: _choose_resource,
    Decision.FLIP: _flip,
    Decision.DESTROY: _destroy,
    Decision.DISCARD: _discard,
    Decision.HIRE_FREE: _hire_free,
    Decision.MOVE_WORKER: _move_worker,
    Decision.PLACE_WORKERS: _place_workers,
    Decision.BUILD_FREE: _build_free,
    Decision.TRANSCRIBE_FREE: _transcribe_free,
    Decision.CASCADE: _cascade,
    Decision.BUMP: _bump,
}
"""What choosing a (non-pass) code does, for each decision."""
