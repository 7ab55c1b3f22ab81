"""The castle: workers arriving in tier 1, cascades up and sideways, tier 2 to tier 3, crowding
and the castle leader.

Resolution is itself a chain of tasks: placing workers queues ``Auto.CASTLE`` for their owner;
:func:`resolve_castle` runs one cascade at a time and queues itself again, so chains and
wrap-arounds keep resolving, and ends by queueing ``Auto.CROWDING``. Another player's castle
(from a link reward) queues its own tasks the same way and so resolves after yours.
"""

from __future__ import annotations

from .actions import CLOCKWISE, bump_code, bump_parts
from .board import N_POSITIONS
from .effects import push_effects, step_virtue
from .state import NOBODY, State, replaced
from .tables import CASTLE_REWARDS
from .tasks import Auto, Decision, Origin, Task, per_seat, source_of

CASTLE_TASKS, CROWDING_TASKS = per_seat(Auto.CASTLE), per_seat(Auto.CROWDING)

CASCADE_WORKERS = 3
"""Workers of one player in a section that move on (tier 1 → 2 and sideways, tier 2 → 3)."""
SECTION_LIMIT = 3
"""Workers a tier-1 or tier-2 section holds after crowding."""
BUMP_SILVER = 2
"""What a worker bumped from tier 1 returns with (from tier 2: 1 virtue + 1 any resource)."""


Tier = tuple[tuple[int, ...], ...]
"""A castle tier: ``tier[section][seat]`` workers."""


def add_workers(tier: Tier, section: int, seat: int, count: int) -> Tier:
    """``tier`` with ``count`` (negative: fewer) more of ``seat``'s workers in ``section``. The
    tiers are tuples shared with earlier states, so a change makes a new one."""
    row = tier[section]
    return replaced(tier, section, replaced(row, seat, row[seat] + count))


def place_workers(state: State, seat: int, section: int, count: int) -> None:
    """Put up to ``count`` workers from the supply into tier 1 of ``section``, then resolve."""
    count = min(count, state.players[seat].supply)
    if count <= 0:
        return
    state.player_mut(seat).supply -= count
    state.tier1 = add_workers(state.tier1, section, seat, count)
    state.stack.append(CASTLE_TASKS[seat])


def move_worker(state: State, seat: int, section: int, direction: int) -> None:
    """The ``move_worker`` effect: one tier-1 worker to a neighbouring section, then resolve."""
    step = 1 if direction == CLOCKWISE else -1
    state.tier1 = add_workers(state.tier1, section, seat, -1)
    state.tier1 = add_workers(state.tier1, (section + step) % N_POSITIONS, seat, 1)
    state.stack.append(CASTLE_TASKS[seat])


def cascade(state: State, seat: int, section: int) -> None:
    """Spec, castle: of 3 of your tier-1 workers, "move one of them to tier 2 of that section
    (gain the section's tier-2 reward), one to the clockwise neighbour's tier 1 and one to the
    counter-clockwise neighbour's tier 1"."""
    state.tier1 = add_workers(state.tier1, section, seat, -CASCADE_WORKERS)
    state.tier2 = add_workers(state.tier2, section, seat, 1)
    state.tier1 = add_workers(state.tier1, (section + 1) % N_POSITIONS, seat, 1)
    state.tier1 = add_workers(state.tier1, (section - 1) % N_POSITIONS, seat, 1)
    push_effects(state, seat, CASTLE_REWARDS[state.castle[section]],
                 source_of(Origin.CASTLE, state.castle[section]))


def resolve_castle(state: State, seat: int) -> None:
    """``Auto.CASTLE``: tier-1 cascades (one at a time, the owner choosing among several; spec:
    "Repeat as long as any section qualifies; you choose the order"), then tier 2 → 3 ("move
    one to tier 3 and gain any 1 resource"), then crowding."""
    qualifying = [
        section for section in range(N_POSITIONS)
        if state.tier1[section][seat] >= CASCADE_WORKERS
    ]
    if qualifying:
        state.stack.append(CASTLE_TASKS[seat])
        if len(qualifying) == 1:
            cascade(state, seat, qualifying[0])
        else:
            state.stack.append(Task(Decision.CASCADE, seat))
        return
    state.stack.append(CROWDING_TASKS[seat])
    for section in range(N_POSITIONS):
        while state.tier2[section][seat] >= CASCADE_WORKERS:
            state.tier2 = add_workers(state.tier2, section, seat, -1)
            state.tier3 = add_workers(state.tier3, section, seat, 1)
            state.stack.append(Task(Decision.CHOOSE_RESOURCE, seat))
            update_castle_leader(state, seat)


def update_castle_leader(state: State, seat: int) -> None:
    """Spec: "the first player with a worker in tier 3 takes the card; it moves only to a player
    with strictly more tier-3 workers than its holder"."""
    mine = sum(row[seat] for row in state.tier3)
    if mine == 0:
        return
    leader = state.castle_leader
    if leader == NOBODY or (leader != seat and mine > sum(row[leader] for row in state.tier3)):
        state.castle_leader = seat


def bump_options(state: State) -> list[int]:
    """The bump codes while a tier-1 or tier-2 section holds more than 3 workers (any colours;
    own workers allowed)."""
    codes = []
    for section in range(N_POSITIONS):
        for tier, grid in ((1, state.tier1), (2, state.tier2)):
            row = grid[section]
            if sum(row) > SECTION_LIMIT:
                codes += [bump_code(section, tier, seat) for seat, count in enumerate(row) if count]
    return codes


def resolve_crowding(state: State, seat: int) -> None:
    """``Auto.CROWDING``: one bump at a time until no section is crowded.

    Spec, castle: "the acting player chooses whom to bump"; seed: "Am Ende des Zuges … musst du
    die Anzahl auf drei reduzieren" — the player whose turn it is chooses, also when the
    crowding comes from another player's cascade."""
    options = bump_options(state)
    if not options:
        return
    state.stack.append(CROWDING_TASKS[seat])
    if len(options) == 1:
        bump(state, options[0])
    else:
        chooser = state.turn_seat if state.turn_seat != NOBODY else seat
        state.stack.append(Task(Decision.BUMP, chooser))


def bump(state: State, code: int) -> None:
    """Spec: "A bumped worker returns to its owner, who gains 2 silver (from tier 1) or 1 virtue
    + 1 any resource (from tier 2)"."""
    section, tier, seat = bump_parts(code)
    player = state.player_mut(seat)
    player.supply += 1
    if tier == 1:
        state.tier1 = add_workers(state.tier1, section, seat, -1)
        player.silver += BUMP_SILVER
    else:
        state.tier2 = add_workers(state.tier2, section, seat, -1)
        step_virtue(player, 1)
        state.stack.append(Task(Decision.CHOOSE_RESOURCE, seat))

