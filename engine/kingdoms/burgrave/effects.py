"""Running Burgrave's effects: the shared vocabulary of what cards, spots, links, castle sections
and manuscripts do, and the state changes behind it.

Every effect is queued as an ``Auto.EFFECT`` task (:func:`push_effects`) and run by
:func:`run_effect`; an effect that needs a choice queues a decision instead (see
:data:`EFFECT_HANDLERS`). The building blocks used by the rest of the rules live here too: the
virtue/corruption track, debts and deeds with the end trigger, drawing and reshuffling, hiring,
taking a manuscript and building. Nothing here decides legality; see :mod:`.costs` and
:mod:`.decisions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.rng import Rng
from .board import SPOT_LINKS, spot_place
from .content import CONTENT, GOLD, INK, MAX_SEATS, STONE, WORKSHOP, Effect, EffectKind, Trigger
from .state import NOBODY, UNSET, Player, State, replaced
from .tables import CARD_DESIGN, SCRIPTS, SEG_LINK_REWARDS, SEG_SPOT_REWARDS
from .tasks import SEVERAL, Auto, Decision, Origin, Task, source_of

TRACK_END = CONTENT.track_length - 1
"""The far end of the virtue/corruption track (virtue starts here, corruption at 0)."""
BONUS_MANUSCRIPTS = 3
"""Manuscripts of one ribbon that win that ribbon's cleric bonus card."""
RESOURCE_OF_GAIN: dict[int, int] = {EffectKind.INK: INK, EffectKind.GOLD: GOLD,
                                    EffectKind.STONE: STONE}
"""The resource (index into ``RESOURCES``) each resource-gain effect kind adds to."""


def take_townsfolk(state: State, position: int) -> int:
    """Take the top townsfolk at ``position`` off its pile (counted as uncovering the next)."""
    pile = state.townsfolk_piles[position]
    state.townsfolk_piles = replaced(state.townsfolk_piles, position, pile[:-1])
    state.reveals += 1
    return pile[-1]


def take_script(state: State, position: int) -> int:
    """Take the top manuscript at ``position`` off its pile (counted as uncovering the next)."""
    pile = state.manuscript_piles[position]
    state.manuscript_piles = replaced(state.manuscript_piles, position, pile[:-1])
    state.reveals += 1
    return pile[-1]


def shuffle(state: State, cards: list[int]) -> None:
    """Shuffle ``cards`` in place with the game's seeded generator (continuing its sequence)."""
    rng = Rng(state.seed, state.rng_counter)
    rng.shuffle(cards)
    state.rng_counter = rng.counter


# --- the player's line ------------------------------------------------------------------------


CRIMINAL_CARDS = frozenset(card for card, design in enumerate(CARD_DESIGN) if design.criminals)
"""The cards showing a criminal icon."""
CARDS_BY_TRIGGER: dict[int, frozenset[int]] = {
    trigger: frozenset(card for card, design in enumerate(CARD_DESIGN) if design.trigger == trigger)
    for trigger in Trigger
}
"""The cards whose ongoing ability has each trigger. These two sets answer "does the line
hold …" with one set test: asked several times per turn in every playout, for a line of at most
3 cards."""


def line_has_criminal(player: Player) -> bool:
    return not CRIMINAL_CARDS.isdisjoint(player.line)


def ongoing_cards(player: Player, trigger: int) -> list[int]:
    """The cards in ``player``'s line whose ongoing ability fires on ``trigger``."""
    return [card for card in player.line if CARD_DESIGN[card].trigger == trigger]


def push_ongoing(state: State, seat: int, trigger: int) -> None:
    """Queue the ongoing abilities of ``seat``'s line that fire on ``trigger``."""
    cards = ongoing_cards(state.players[seat], trigger)
    if cards:
        push_line_effects(state, seat, cards, Origin.ONGOING)


def has_modifier(player: Player, trigger: int) -> bool:
    """An ongoing ability in the line changes a rule (``MERCHANTS_AS_BUILDERS``,
    ``DISMISS_ANY``)."""
    return not CARDS_BY_TRIGGER[trigger].isdisjoint(player.line)


# --- queueing effects -------------------------------------------------------------------------


# Enum members of the hot paths, bound once (why: see ``turn.py``).
_VIRTUE, _CORRUPTION = EffectKind.VIRTUE, EffectKind.CORRUPTION


def corruption_first(effects: Sequence[Effect]) -> list[Effect]:
    """Spec, player board: "When both are gained at once, move corruption first." A reward that
    gains both virtue and corruption resolves its corruption steps before its virtue steps;
    everything else keeps its printed order."""
    out = list(effects)
    kinds = [effect.kind for effect in out]
    if _VIRTUE in kinds and _CORRUPTION in kinds:
        corrupt = [effect for effect in out if effect.kind == EffectKind.CORRUPTION]
        rest = [effect for effect in out if effect.kind != EffectKind.CORRUPTION]
        first = next(i for i, effect in enumerate(rest) if effect.kind == EffectKind.VIRTUE)
        first = min(first, kinds.index(EffectKind.CORRUPTION))
        out = rest[:first] + corrupt + rest[first:]
    return out


def push_effects(state: State, seat: int, effects: Sequence[Effect], source: int = 0) -> None:
    """Queue ``effects`` for ``seat`` so that they resolve in printed order (corruption before
    virtue when one reward gains both), before anything queued earlier; ``source`` says what
    gave them (:func:`~.tasks.source_of`)."""
    if len(effects) > 1:
        effects = corruption_first(effects)
    stack = state.stack
    for effect in reversed(effects):
        key = (effect, source)
        tasks = _EFFECT_TASKS.get(key)
        if tasks is None:
            if len(_EFFECT_TASKS) >= 16384:  # from the content: a few hundred in practice
                _EFFECT_TASKS.clear()
            tasks = _EFFECT_TASKS[key] = tuple(
                Task(Auto.EFFECT, every, *effect, source) for every in range(MAX_SEATS))
        stack.append(tasks[seat])


def push_line_effects(state: State, seat: int, cards: Sequence[int], origin: Origin) -> None:
    """Queue the effects of ``cards`` in ``seat``'s line that fire now (ongoing or collision
    abilities) as one reward, as the rules resolve them; named by the card when one fired."""
    effects: list[Effect] = []
    for card in cards:
        effects += CARD_DESIGN[card].effects
    key = cards[0] if len(cards) == 1 else SEVERAL
    push_effects(state, seat, effects, source_of(origin, key))


_EFFECT_TASKS: dict[tuple[Effect, int], tuple[Task, ...]] = {}
"""The ``Auto.EFFECT`` task of each effect, for each seat. Tasks are immutable and the effects
are the content's, so each is built once: building a task costs several times more than looking
it up, and nearly every effect of a game is queued through here."""


# --- the track, debts and deeds ---------------------------------------------------------------


def step_virtue(player: Player, steps: int) -> None:
    """Spec, player board: virtue moves left; "a marker at the far end ignores further steps";
    "once they meet they stay together and move together"."""
    for _ in range(steps):
        if player.virtue == player.corruption:
            if player.virtue > 0:
                player.virtue -= 1
                player.corruption -= 1
        elif player.virtue > 0:
            player.virtue -= 1


def step_corruption(player: Player, steps: int) -> None:
    """Spec, player board: corruption moves right (see :func:`step_virtue`)."""
    for _ in range(steps):
        if player.virtue == player.corruption:
            if player.corruption < TRACK_END:
                player.virtue += 1
                player.corruption += 1
        elif player.corruption < TRACK_END:
            player.corruption += 1


def trigger_end(state: State) -> None:
    """Spec, end: revealing poverty or prosperity: "finish the round, then play one more full
    round"."""
    if state.final_round == UNSET:
        state.final_round = state.round + 1


def gain_debts(state: State, seat: int, count: int) -> None:
    """Spec: debts are unlimited; gains take from the top of the pile on the poverty card, and
    taking the last one reveals it."""
    state.player_mut(seat).debts += count
    for _ in range(count):
        if state.debt_pile > 0:
            state.debt_pile -= 1
            if state.debt_pile == 0:
                state.poverty = True
                trigger_end(state)


def gain_deeds(state: State, seat: int, count: int) -> None:
    """Like :func:`gain_debts`, for deeds and the prosperity card."""
    state.player_mut(seat).deeds += count
    for _ in range(count):
        if state.deed_pile > 0:
            state.deed_pile -= 1
            if state.deed_pile == 0:
                state.prosperity = True
                trigger_end(state)


def flip_debt(state: State, seat: int) -> None:
    """Spec: "flipping a debt (paying it) gives 1 any resource immediately"; fires the line's
    ``ON_FLIP_DEBT`` abilities first."""
    if state.players[seat].debts <= 0:
        return
    player = state.player_mut(seat)
    player.debts -= 1
    player.debts_flipped += 1
    push_ongoing(state, seat, Trigger.ON_FLIP_DEBT)
    state.stack.append(Task(Decision.CHOOSE_RESOURCE, seat))


def flip_deed(state: State, seat: int) -> None:
    """Flip a deed (worth 3 instead of 1 at the end); fires ``ON_FLIP_DEED`` abilities."""
    if state.players[seat].deeds <= 0:
        return
    player = state.player_mut(seat)
    player.deeds -= 1
    player.deeds_flipped += 1
    push_ongoing(state, seat, Trigger.ON_FLIP_DEED)


# --- cards ------------------------------------------------------------------------------------


def reshuffle(state: State, seat: int) -> None:
    """Spec, draw: "shuffle your discards into a new one and gain 1 corruption if your line holds
    any criminal icon, otherwise 1 virtue"."""
    player = state.player_mut(seat)
    player.deck = player.discard + player.deck
    player.discard = []
    shuffle(state, player.deck)
    state.reveals += 1
    if line_has_criminal(player):
        step_corruption(player, 1)
    else:
        step_virtue(player, 1)


def draw_cards(state: State, seat: int, count: int) -> None:
    """Draw ``count`` cards, reshuffling when the draw pile is empty (stops when both are)."""
    player = state.player_mut(seat)
    for _ in range(count):
        if not player.deck:
            if not player.discard:
                return
            reshuffle(state, seat)
        player.hand.append(player.deck.pop())
        state.reveals += 1


def hand_limit(state: State, seat: int) -> int:
    """Spec, draw: "hand limit (3; +1 for workshop 3; +1 for the castle leader)"."""
    player = state.players[seat]
    return CONTENT.hand_limit + (player.built[WORKSHOP] >= 3) + (state.castle_leader == seat)


def hire(state: State, seat: int, position: int) -> None:
    """Take the top townsfolk at ``position`` (paid or free) into the discard pile: the line's
    ``AFTER_HIRE`` abilities, workshop 1's optional discard, then its hire effect."""
    player = state.player_mut(seat)
    card = take_townsfolk(state, position)
    player.discard.append(card)
    push_ongoing(state, seat, Trigger.AFTER_HIRE)
    if player.built[WORKSHOP] >= 1:
        state.stack.append(Task(Decision.DISCARD, seat, EffectKind.MAY_DISCARD,
                                source=source_of(Origin.WORKSHOP)))
    push_effects(state, seat, CARD_DESIGN[card].hire, source_of(Origin.HIRE, card))


def take_manuscript(state: State, seat: int, position: int) -> None:
    """Take the top manuscript at ``position`` and resolve its effect. Spec: "First to own 3
    manuscripts of one ribbon colour takes that colour's cleric bonus card"."""
    player = state.player_mut(seat)
    script = take_script(state, position)
    player.manuscripts += (script,)
    ribbon = SCRIPTS[script].ribbon
    same_ribbon = sum(SCRIPTS[mine].ribbon == ribbon for mine in player.manuscripts)
    if state.cleric_bonus_owner[ribbon] == NOBODY and same_ribbon >= BONUS_MANUSCRIPTS:
        state.cleric_bonus_owner = replaced(state.cleric_bonus_owner, ribbon, seat)
        player.cleric_bonus += (ribbon,)
    push_effects(state, seat, SCRIPTS[script].effects, source_of(Origin.SCRIPT, script))


def build(state: State, seat: int, building: int, spot: int) -> None:
    """Spec, build: "gain the spot's reward and the reward of every link it completes (both
    owners gain; once if you own both ends)". The builder's rewards resolve first, then the
    other owners' in turn order after the builder."""
    state.spot_owner = replaced(state.spot_owner, spot, seat)
    state.spot_building = replaced(state.spot_building, spot, building)
    state.player_mut(seat).built[building] += 1
    position, index = spot_place(spot)
    mine: list[Effect] = list(SEG_SPOT_REWARDS[state.segments[position]][index])
    others: dict[int, list[Effect]] = {}
    for link in SPOT_LINKS[spot]:
        owner = state.spot_owner[link.other]
        if owner >= 0:  # built on (not FREE or CLOSED)
            reward = SEG_LINK_REWARDS[state.segments[link.position]][link.number]
            mine += reward
            if owner != seat:
                others.setdefault(owner, []).extend(reward)
    seats = state.seat_count
    for later in range(seats - 1, 0, -1):  # pushed last-first: they resolve in turn order
        other = (seat + later) % seats
        if other in others:
            push_effects(state, other, others[other], source_of(Origin.SPOT, spot))
    push_effects(state, seat, mine, source_of(Origin.SPOT, spot))


# --- running one effect -----------------------------------------------------------------------

EffectHandler = Callable[[State, Task], None]


def run_effect(state: State, task: Task) -> None:
    """Resolve the effect of an ``Auto.EFFECT`` task for its seat."""
    EFFECT_HANDLERS[task.kind](state, task)


def _ask(decision: Decision, kind: int = 0) -> EffectHandler:
    """An effect that asks its seat ``amount`` times (each choice its own task)."""

    made: dict[tuple[int, int], Task] = {}

    def handler(state: State, task: Task) -> None:
        key = (task.seat, task.source)
        asked = made.get(key)
        if asked is None:
            asked = made[key] = Task(decision, task.seat, kind, source=task.source)
        state.stack += [asked] * task.amount

    return handler


def _ask_once(decision: Decision) -> EffectHandler:
    """An effect that asks its seat once, whatever the amount."""

    made: dict[tuple[int, int], Task] = {}

    def handler(state: State, task: Task) -> None:
        key = (task.seat, task.source)
        asked = made.get(key)
        if asked is None:
            asked = made[key] = Task(decision, task.seat, source=task.source)
        state.stack.append(asked)

    return handler


def _gain_silver(state: State, task: Task) -> None:
    state.player_mut(task.seat).silver += task.amount


def _gain(resource: int) -> EffectHandler:
    def handler(state: State, task: Task) -> None:
        state.player_mut(task.seat).resources[resource] += task.amount

    return handler


def _virtue(state: State, task: Task) -> None:
    step_virtue(state.player_mut(task.seat), task.amount)


def _corruption(state: State, task: Task) -> None:
    step_corruption(state.player_mut(task.seat), task.amount)


def _debt(state: State, task: Task) -> None:
    gain_debts(state, task.seat, task.amount)


def _deed(state: State, task: Task) -> None:
    gain_deeds(state, task.seat, task.amount)


def _flip_debts(state: State, task: Task) -> None:
    for _ in range(task.amount):
        flip_debt(state, task.seat)


def _flip_deeds(state: State, task: Task) -> None:
    for _ in range(task.amount):
        flip_deed(state, task.seat)


def _shuffle_discards(state: State, task: Task) -> None:
    """Shuffle the discards into the draw pile (no track step: that is only for a reshuffle
    forced by drawing)."""
    player = state.player_mut(task.seat)
    player.deck = player.discard + player.deck
    player.discard = []
    shuffle(state, player.deck)


def _draw(state: State, task: Task) -> None:
    draw_cards(state, task.seat, task.amount)


def _place_workers(state: State, task: Task) -> None:
    state.stack.append(Task(Decision.PLACE_WORKERS, task.seat, amount=task.amount,
                            source=task.source))


def _build_free(state: State, task: Task) -> None:
    state.stack.append(Task(Decision.BUILD_FREE, task.seat, arg=task.arg, source=task.source))


def _free_steps(state: State, task: Task) -> None:
    state.player_mut(task.seat).free_steps += task.amount


def _dismiss_anywhere(state: State, task: Task) -> None:
    """Only the player whose turn it is can use it (it matters for this turn's dismissal)."""
    if task.seat == state.turn_seat:
        state.turn_dismiss_anywhere = True


EFFECT_HANDLERS: dict[int, EffectHandler] = {
    EffectKind.SILVER: _gain_silver,
    EffectKind.INK: _gain(INK),
    EffectKind.GOLD: _gain(GOLD),
    EffectKind.STONE: _gain(STONE),
    EffectKind.ANY: _ask(Decision.CHOOSE_RESOURCE),
    EffectKind.VIRTUE: _virtue,
    EffectKind.CORRUPTION: _corruption,
    EffectKind.DEBT: _debt,
    EffectKind.DEED: _deed,
    EffectKind.FLIP_DEBT: _flip_debts,
    EffectKind.FLIP_DEED: _flip_deeds,
    EffectKind.FLIP_EITHER: _ask(Decision.FLIP),
    EffectKind.DESTROY: _ask(Decision.DESTROY),
    EffectKind.DISCARD: _ask(Decision.DISCARD, EffectKind.DISCARD),
    EffectKind.MAY_DISCARD: _ask(Decision.DISCARD, EffectKind.MAY_DISCARD),
    EffectKind.REARRANGE: _ask_once(Decision.REARRANGE),
    EffectKind.SHUFFLE: _shuffle_discards,
    EffectKind.DRAW: _draw,
    EffectKind.HIRE_FREE: _ask(Decision.HIRE_FREE),
    EffectKind.MOVE_WORKER: _ask(Decision.MOVE_WORKER),
    EffectKind.PLACE_WORKERS: _place_workers,
    EffectKind.BUILD_FREE: _build_free,
    EffectKind.TRANSCRIBE_FREE: _ask_once(Decision.TRANSCRIBE_FREE),
    EffectKind.FREE_STEPS: _free_steps,
    EffectKind.DISMISS_ANY: _dismiss_anywhere,
}
"""How each effect kind resolves (every kind has an entry)."""
