"""Burgrave's rules: a state machine driven by a stack of pending tasks.

Why a stack: a Burgrave turn is six phases, and almost every effect can ask someone a question
(which resource, which card to destroy, where the bumped worker goes, whether the player you
landed on rearranges). Every phase and every question is a :class:`~.tasks.Task` on
``state.stack``. *Automatic* tasks (shift the line, resolve an effect, resolve the castle, draw)
run straight away; *decision* tasks wait for an action of their ``seat`` — which need not be the
player whose turn it is. An effect that leads to further effects pushes them on top, so they
resolve depth-first in printed order, and the current player's rewards are pushed above an
opponent's (the current player's cascade resolves first).

Actions are integers here (the vocabulary of :mod:`kingdoms.burgrave.actions`); the pydantic
models live only at the protocol edge. ``legal_codes`` is cached on the state.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from ..core.errors import IllegalActionError, SetupError
from ..core.protocol import Seat
from ..core.rng import Rng
from . import INFO
from .actions import (
    BUILD_CODES,
    CARD_CODES,
    CLOCKWISE,
    COUNTERCLOCKWISE,
    DESTROY_TOP,
    DISMISS_CODES,
    FLIP_DEBT,
    FLIP_DEED,
    HIRE,
    MAX_TRADES,
    MOVE_CODES,
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
    build_code,
    build_parts,
    bump_code,
    bump_parts,
    move_worker_code,
    move_worker_parts,
    rearrange_codes,
)
from .content import (
    BUILD_COST,
    BUILD_POINTS,
    BUILDER,
    CARD_DESIGN,
    CARD_VALUE,
    CASTLE_REWARDS,
    CLERIC,
    CLOSED_SPOT_INDEX,
    COLLISION_ABOVE,
    COLLISION_BELOW,
    CONTENT,
    CRIMINAL,
    GUILDHALL,
    HERO_BASE,
    MERCHANT,
    N_SPOTS,
    N_START,
    NOBLE,
    PERMANENT_ICON,
    PLAYER_CARD_SETUP,
    PRINTED,
    PRINTED_SCRIPT_COST,
    PRINTED_SCRIPT_EFFECTS,
    RIBBONS,
    SCRIPTS,
    SEG_EXCHANGES,
    SEG_LINK_REWARDS,
    SEG_SPOT_REWARDS,
    START_BASE,
    START_SLOT_ICONS,
    TRADING_POST,
    WORKER_COSTS,
    WORKSHOP,
    Design,
    Effect,
    EffectKind,
    Timing,
    Trigger,
)
from .state import CLOSED, FREE, NOBODY, UNSET, Player, State
from .tasks import DECISION_NAMES, FIRST_DECISION, Auto, Decision, Task

MIN_SEATS, MAX_SEATS = INFO.min_seats, INFO.max_seats
TRACK_END = 6

# --- board geometry -------------------------------------------------------------------------


def segment_of(space: int) -> int:
    return space // 2 if space < 10 else space - 10


def _next_spaces(space: int) -> tuple[int, ...]:
    if space >= 10:
        p = space - 10
        return (2 * p + 1, 10 + (p + 1) % 5)
    p = space // 2
    if space % 2 == 0:
        return (space + 1, 10 + p)
    return (2 * ((p + 1) % 5),)


MAX_STEPS = 48
REACH: list[list[int]] = []
"""``REACH[start][n]``: bit mask of spaces reachable in exactly ``n`` steps."""
for _start in range(15):
    _masks = [1 << _start]
    for _ in range(MAX_STEPS):
        _mask = 0
        for _s in range(15):
            if _masks[-1] >> _s & 1:
                for _t in _next_spaces(_s):
                    _mask |= 1 << _t
        _masks.append(_mask)
    REACH.append(_masks)


def bank_spots(space: int) -> range:
    p, east = divmod(space, 2)
    return range(6 * p + 3 * east, 6 * p + 3 * east + 3)


def _links() -> list[tuple[int, int, int, int]]:
    """(position, link index, spot a, spot b)."""
    out = []
    for p in range(5):
        b = 6 * p
        out += [(p, 0, b, b + 1), (p, 1, b + 1, b + 2), (p, 2, b + 3, b + 4),
                (p, 3, b + 4, b + 5), (p, 4, b + 5, 6 * ((p + 1) % 5))]
    return out


LINKS = _links()
SPOT_LINKS: list[list[tuple[int, int, int]]] = [[] for _ in range(30)]
"""For each spot: (position, link index, other spot)."""
for _p, _i, _a, _b in LINKS:
    SPOT_LINKS[_a].append((_p, _i, _b))
    SPOT_LINKS[_b].append((_p, _i, _a))

# --- setup ------------------------------------------------------------------------------------


def new_state(seats: tuple[Seat, ...], seed: int) -> State:
    n = len(seats)
    if n == 1:
        raise SetupError("Burgrave's solo rival is not yet available; play with 2 to 4 seats.")
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise SetupError(f"Burgrave needs {MIN_SEATS} to {MAX_SEATS} seats, not {n}.")
    rng = Rng(seed)
    segments = list(range(5))
    rng.shuffle(segments)
    turn = rng.below(5)
    castle = [(p + turn) % 5 for p in range(5)]
    neutrals = list(range(HERO_BASE))
    rng.shuffle(neutrals)
    piles = [neutrals[i::5] for i in range(5)]
    scripts_pool = [s for s in range(len(SCRIPTS)) if not SCRIPTS[s].base]
    rng.shuffle(scripts_pool)
    bases = [s for s in range(len(SCRIPTS)) if SCRIPTS[s].base]
    rng.shuffle(bases)
    scripts = [[bases[i], *scripts_pool[6 * i: 6 * i + 6]] for i in range(5)]
    spot_owner = [FREE] * N_SPOTS
    if n < 3:
        for p in range(5):
            spot_owner[6 * p + CLOSED_SPOT_INDEX[0]] = CLOSED
            spot_owner[6 * p + CLOSED_SPOT_INDEX[1]] = CLOSED
    start = rng.below(n)
    cards = list(range(10))
    rng.shuffle(cards)
    heroes = list(range(HERO_BASE, START_BASE))
    rng.shuffle(heroes)
    pairs = [[cards[i], heroes[i], NOBODY] for i in range(n + 1)]
    players = [Player(supply=CONTENT.workers_per_player) for _ in range(n)]
    pickers = [(start + n - 1 - i) % n for i in range(n)]
    stack: list[Task] = [Task(Auto.START_TURN, start)]
    stack += [Task(Decision.CHOOSE_PAIR, s) for s in reversed(pickers)]
    state = State(
        seats=seats, seed=seed, rng_counter=rng.counter, reveals=0, segments=segments,
        castle=castle, townsfolk_piles=piles, manuscript_piles=scripts, dismissed=[],
        spot_owner=spot_owner, spot_building=[UNSET] * N_SPOTS,
        tier1=[[0] * n for _ in range(5)], tier2=[[0] * n for _ in range(5)],
        tier3=[[0] * n for _ in range(5)], castle_leader=NOBODY,
        cleric_bonus_owner=[NOBODY] * len(RIBBONS), debt_pile=CONTENT.debts_by_players[n - 1],
        deed_pile=CONTENT.deeds_by_players[n - 1], poverty=False, prosperity=False,
        start_seat=start, turn_seat=pickers[0], round=0, final_round=UNSET, turns=0, pairs=pairs,
        stack=stack, players=players,
    )
    advance(state)
    return state


# --- small helpers -----------------------------------------------------------------------------


def _rng_shuffle(st: State, items: list[int]) -> None:
    rng = Rng(st.seed, st.rng_counter)
    rng.shuffle(items)
    st.rng_counter = rng.counter


_VIRTUE, _CORRUPTION = EffectKind.VIRTUE, EffectKind.CORRUPTION


def corruption_first(effects: tuple[Effect, ...] | list[Effect]) -> list[Effect]:
    """Spec, player board: "When both are gained at once, move corruption first." A reward that
    gains both virtue and corruption resolves its corruption steps before its virtue steps;
    everything else keeps its printed order."""
    out = list(effects)
    kinds = [e[0] for e in out]
    if _VIRTUE in kinds and _CORRUPTION in kinds:
        corrupt = [e for e in out if e[0] == _CORRUPTION]
        rest = [e for e in out if e[0] != _CORRUPTION]
        first = next(i for i, e in enumerate(rest) if e[0] == _VIRTUE)
        first = min(first, kinds.index(_CORRUPTION))
        out = rest[:first] + corrupt + rest[first:]
    return out


def push_effects(st: State, seat: int, effects: tuple[Effect, ...] | list[Effect]) -> None:
    """Queue ``effects`` for ``seat`` so that they resolve in printed order (corruption before
    virtue when one reward gains both)."""
    if len(effects) > 1:
        effects = corruption_first(effects)
    stack = st.stack
    for kind, n, arg in reversed(effects):
        stack.append(Task(Auto.EFFECT, seat, kind, n, arg))


def line_has_criminal(p: Player) -> bool:
    return any(CARD_DESIGN[c].criminals for c in p.line)


def ongoing(p: Player, trigger: int) -> list[Effect]:
    out: list[Effect] = []
    for c in p.line:
        d = CARD_DESIGN[c]
        if d.trigger == trigger and d.timing == Timing.ONGOING:
            out += d.effects
    return out


def has_modifier(p: Player, trigger: int) -> bool:
    return any(CARD_DESIGN[c].trigger == trigger for c in p.line)




def icon_counts(st: State, seat: int) -> list[int]:
    """Icons usable this turn: line cards, uncovered start slots, buildings, bonus cards and the
    townsfolk dismissed this turn."""
    p = st.players[seat]
    count = [0, 0, 0, 0, 0]
    for c in p.line:
        for i in CARD_DESIGN[c].icons:
            count[i] += 1
    for slot in range(len(p.line), 3):
        count[START_SLOT_ICONS[slot]] += 1
    if p.built[TRADING_POST] >= 3:
        count[PERMANENT_ICON[(TRADING_POST, 3)]] += 1
    for g in range(1, p.built[GUILDHALL] + 1):
        count[PERMANENT_ICON[(GUILDHALL, g)]] += 1
    count[CLERIC] += len(p.cleric_bonus)
    d = dismissed_design(st) if seat == st.turn_seat else None
    if d is not None:
        for i in d.icons:
            count[i] += 1
    return count


def step_virtue(p: Player, k: int) -> None:
    for _ in range(k):
        if p.virtue == p.corruption:
            if p.virtue > 0:
                p.virtue -= 1
                p.corruption -= 1
        elif p.virtue > 0:
            p.virtue -= 1


def step_corruption(p: Player, k: int) -> None:
    for _ in range(k):
        if p.virtue == p.corruption:
            if p.corruption < TRACK_END:
                p.virtue += 1
                p.corruption += 1
        elif p.corruption < TRACK_END:
            p.corruption += 1


def reset_turn_facts(st: State) -> None:
    """Forget what happened this turn (the card's value, a dismissal, a transcription)."""
    st.turn_played_value = 0
    st.turn_dismissed_card = st.turn_dismissed_printed = UNSET
    st.turn_transcribed = st.turn_dismiss_anywhere = False


def trigger_end(st: State) -> None:
    if st.final_round == UNSET:
        st.final_round = st.round + 1


def gain_debts(st: State, seat: int, k: int) -> None:
    st.players[seat].debts += k
    for _ in range(k):
        if st.debt_pile > 0:
            st.debt_pile -= 1
            if st.debt_pile == 0:
                st.poverty = True
                trigger_end(st)


def gain_deeds(st: State, seat: int, k: int) -> None:
    st.players[seat].deeds += k
    for _ in range(k):
        if st.deed_pile > 0:
            st.deed_pile -= 1
            if st.deed_pile == 0:
                st.prosperity = True
                trigger_end(st)


def reshuffle(st: State, seat: int) -> None:
    """Discards become the draw pile; +1 corruption with a criminal in the line, else +1 virtue."""
    p = st.players[seat]
    p.deck = p.discard + p.deck
    p.discard = []
    _rng_shuffle(st, p.deck)
    st.reveals += 1
    if line_has_criminal(p):
        step_corruption(p, 1)
    else:
        step_virtue(p, 1)


def draw_cards(st: State, seat: int, k: int) -> None:
    p = st.players[seat]
    for _ in range(k):
        if not p.deck:
            if not p.discard:
                return
            reshuffle(st, seat)
        p.hand.append(p.deck.pop())
        st.reveals += 1


def hand_limit(st: State, seat: int) -> int:
    p = st.players[seat]
    return CONTENT.hand_limit + (p.built[WORKSHOP] >= 3) + (st.castle_leader == seat)


def flip_debt(st: State, seat: int) -> None:
    p = st.players[seat]
    if p.debts <= 0:
        return
    p.debts -= 1
    p.debts_flipped += 1
    push_effects(st, seat, ongoing(p, Trigger.ON_FLIP_DEBT))
    st.stack.append(Task(Decision.CHOOSE_RESOURCE, seat))


def flip_deed(st: State, seat: int) -> None:
    p = st.players[seat]
    if p.deeds <= 0:
        return
    p.deeds -= 1
    p.deeds_flipped += 1
    push_effects(st, seat, ongoing(p, Trigger.ON_FLIP_DEED))


def check_leader(st: State, seat: int) -> None:
    mine = sum(row[seat] for row in st.tier3)
    if mine == 0:
        return
    if st.castle_leader == NOBODY or (
        st.castle_leader != seat and mine > sum(row[st.castle_leader] for row in st.tier3)
    ):
        st.castle_leader = seat


def take_townsfolk(st: State, seat: int, seg: int) -> None:
    """Hire the top townsfolk of ``seg`` (paid or free): discard pile, hire effect, workshop 1."""
    p = st.players[seat]
    card = st.townsfolk_piles[seg].pop()
    st.reveals += 1
    p.discard.append(card)
    push_effects(st, seat, ongoing(p, Trigger.AFTER_HIRE))
    if p.built[WORKSHOP] >= 1:
        st.stack.append(Task(Decision.DISCARD, seat, EffectKind.MAY_DISCARD))
    push_effects(st, seat, CARD_DESIGN[card].hire)


def take_script(st: State, seat: int, seg: int) -> None:
    p = st.players[seat]
    script = st.manuscript_piles[seg].pop()
    st.reveals += 1
    p.manuscripts.append(script)
    ribbon = SCRIPTS[script].ribbon
    same_ribbon = sum(SCRIPTS[s].ribbon == ribbon for s in p.manuscripts)
    if st.cleric_bonus_owner[ribbon] == NOBODY and same_ribbon >= 3:
        st.cleric_bonus_owner[ribbon] = seat
        p.cleric_bonus.append(ribbon)
    push_effects(st, seat, SCRIPTS[script].effects)


def do_build(st: State, seat: int, building: int, spot: int) -> None:
    """Place the building and queue the spot reward and every completed link's reward."""
    st.spot_owner[spot] = seat
    st.spot_building[spot] = building
    st.players[seat].built[building] += 1
    mine: list[Effect] = list(SEG_SPOT_REWARDS[st.segments[spot // 6]][spot % 6])
    others: dict[int, list[Effect]] = {}
    for pos, index, other in SPOT_LINKS[spot]:
        owner = st.spot_owner[other]
        if owner >= 0:
            reward = SEG_LINK_REWARDS[st.segments[pos]][index]
            mine += reward
            if owner != seat:
                others.setdefault(owner, []).extend(reward)
    n = st.n
    for k in range(n - 1, 0, -1):  # opponents after the builder, in turn order
        o = (seat + k) % n
        if o in others:
            push_effects(st, o, others[o])
    push_effects(st, seat, mine)


def place_workers(st: State, seat: int, section: int, k: int) -> None:
    p = st.players[seat]
    k = min(k, p.supply)
    if k <= 0:
        return
    p.supply -= k
    st.tier1[section][seat] += k
    st.stack.append(Task(Auto.CASTLE, seat))


def cascade(st: State, seat: int, section: int) -> None:
    st.tier1[section][seat] -= 3
    st.tier2[section][seat] += 1
    st.tier1[(section + 1) % 5][seat] += 1
    st.tier1[(section - 1) % 5][seat] += 1
    push_effects(st, seat, CASTLE_REWARDS[st.castle[section]])


def bump_options(st: State) -> list[int]:
    codes = []
    for sec in range(5):
        for tier, grid in ((1, st.tier1), (2, st.tier2)):
            row = grid[sec]
            if sum(row) > 3:
                codes += [bump_code(sec, tier, s) for s in range(st.n) if row[s]]
    return codes


def bump(st: State, code: int) -> None:
    sec, tier, seat = bump_parts(code)
    p = st.players[seat]
    p.supply += 1
    if tier == 1:
        st.tier1[sec][seat] -= 1
        p.silver += 2
    else:
        st.tier2[sec][seat] -= 1
        step_virtue(p, 1)
        st.stack.append(Task(Decision.CHOOSE_RESOURCE, seat))


def play_card(st: State, seat: int, card: int) -> None:
    p = st.players[seat]
    p.line.insert(0, card)
    d = CARD_DESIGN[card]
    st.turn_played_value = d.value
    if d.criminals:
        step_corruption(p, sum(CARD_DESIGN[c].criminals for c in p.line))
    if d.timing == Timing.INSTANT:
        push_effects(st, seat, d.effects)


def destroyable(p: Player) -> bool:
    return p.owned() > 3


# --- automatic tasks --------------------------------------------------------------------------


def _auto(st: State, task: Task) -> None:
    op, seat, kind, amount, arg = task
    stack = st.stack
    if op == Auto.EFFECT:
        run_effect(st, seat, kind, amount, arg)
    elif op == Auto.START_TURN:
        st.turn_seat = seat
        reset_turn_facts(st)
        stack += [
            Task(Auto.END_TURN, seat), Task(Auto.DRAW, seat), Task(Auto.COLLISION, seat),
            Task(Decision.HIRE, seat), Task(Decision.PRIMARY_ACTION, seat),
            Task(Decision.MOVE, seat), Task(Decision.PLAY_CARD, seat), Task(Auto.SHIFT, seat),
        ]
    elif op == Auto.SHIFT:
        p = st.players[seat]
        if len(p.line) >= 3:
            off = p.line.pop()
            p.discard.append(off)
            d = CARD_DESIGN[off]
            if d.timing == Timing.DROPOFF:
                push_effects(st, seat, d.effects)
    elif op == Auto.CASTLE:
        resolve_castle(st, seat)
    elif op == Auto.CROWDING:
        # Spec, castle: "the acting player chooses whom to bump"; seed: "Am Ende des Zuges …
        # musst du die Anzahl auf drei reduzieren" — the player whose turn it is chooses, also
        # when the crowding comes from another player's cascade.
        options = bump_options(st)
        if options:
            stack.append(Task(Auto.CROWDING, seat))
            if len(options) == 1:
                bump(st, options[0])
            else:
                stack.append(Task(Decision.BUMP, st.turn_seat if st.turn_seat != NOBODY else seat))
    elif op == Auto.COLLISION:
        collision(st, seat)
    elif op == Auto.RESET_TRACK:
        p = st.players[seat]
        p.corruption, p.virtue = 0, TRACK_END
    elif op == Auto.DRAW:
        k = hand_limit(st, seat) - len(st.players[seat].hand)
        if k > 0:
            draw_cards(st, seat, k)
    elif op == Auto.END_TURN:
        end_turn(st, seat)
    elif op == Auto.SETUP_DECK:
        p = st.players[seat]
        p.deck = [START_BASE + N_START * seat + k for k in range(N_START)] + [p.hero]
        _rng_shuffle(st, p.deck)
        draw_cards(st, seat, 3)
    elif op == Auto.AFTER_ACTION:
        push_effects(st, seat, ongoing(st.players[seat], kind))


def run_effect(st: State, seat: int, kind: int, n: int, arg: int) -> None:
    p = st.players[seat]
    stack = st.stack
    if kind == 0:
        p.silver += n
    elif kind <= 3:
        p.resources[kind - 1] += n
    elif kind == EffectKind.ANY:
        stack += [Task(Decision.CHOOSE_RESOURCE, seat)] * n
    elif kind == EffectKind.VIRTUE:
        step_virtue(p, n)
    elif kind == EffectKind.CORRUPTION:
        step_corruption(p, n)
    elif kind == EffectKind.DEBT:
        gain_debts(st, seat, n)
    elif kind == EffectKind.DEED:
        gain_deeds(st, seat, n)
    elif kind == EffectKind.FLIP_DEBT:
        for _ in range(n):
            flip_debt(st, seat)
    elif kind == EffectKind.FLIP_DEED:
        for _ in range(n):
            flip_deed(st, seat)
    elif kind == EffectKind.FLIP_EITHER:
        stack += [Task(Decision.FLIP, seat)] * n
    elif kind == EffectKind.DESTROY:
        stack += [Task(Decision.DESTROY, seat)] * n
    elif kind == EffectKind.DISCARD:
        stack += [Task(Decision.DISCARD, seat, EffectKind.DISCARD)] * n
    elif kind == EffectKind.MAY_DISCARD:
        stack += [Task(Decision.DISCARD, seat, EffectKind.MAY_DISCARD)] * n
    elif kind == EffectKind.REARRANGE:
        stack.append(Task(Decision.REARRANGE, seat))
    elif kind == EffectKind.SHUFFLE:
        p.deck = p.discard + p.deck
        p.discard = []
        _rng_shuffle(st, p.deck)
    elif kind == EffectKind.DRAW:
        draw_cards(st, seat, n)
    elif kind == EffectKind.HIRE_FREE:
        stack += [Task(Decision.HIRE_FREE, seat)] * n
    elif kind == EffectKind.MOVE_WORKER:
        stack += [Task(Decision.MOVE_WORKER, seat)] * n
    elif kind == EffectKind.PLACE_WORKERS:
        stack.append(Task(Decision.PLACE_WORKERS, seat, amount=n))
    elif kind == EffectKind.BUILD_FREE:
        stack.append(Task(Decision.BUILD_FREE, seat, arg=arg))
    elif kind == EffectKind.TRANSCRIBE_FREE:
        stack.append(Task(Decision.TRANSCRIBE_FREE, seat))
    elif kind == EffectKind.FREE_STEPS:
        p.free_steps += n
    elif kind == EffectKind.DISMISS_ANY and seat == st.turn_seat:
        st.turn_dismiss_anywhere = True


def resolve_castle(st: State, seat: int) -> None:
    """Tier-1 cascades (one at a time, the owner choosing among several), then tier 2, then
    crowding. Re-queued after every cascade so chains and wrap-arounds keep resolving."""
    qualifying = [sec for sec in range(5) if st.tier1[sec][seat] >= 3]
    if qualifying:
        st.stack.append(Task(Auto.CASTLE, seat))
        if len(qualifying) == 1:
            cascade(st, seat, qualifying[0])
        else:
            st.stack.append(Task(Decision.CASCADE, seat))
        return
    st.stack.append(Task(Auto.CROWDING, seat))
    for sec in range(5):
        while st.tier2[sec][seat] >= 3:
            st.tier2[sec][seat] -= 1
            st.tier3[sec][seat] += 1
            st.stack.append(Task(Decision.CHOOSE_RESOURCE, seat))
            check_leader(st, seat)


def collision(st: State, seat: int) -> None:
    p = st.players[seat]
    if p.virtue != p.corruption:
        return
    space = p.virtue
    stack = st.stack
    n = st.n
    order = [(seat + k) % n for k in range(n)]
    stack.append(Task(Auto.RESET_TRACK, seat))
    # (4) opponents below, (3) you above, (2) collision cards, (1) workshop 2: pushed in reverse.
    who, below = COLLISION_BELOW[space]
    for o in reversed(order[1:]):
        criminal = line_has_criminal(st.players[o])
        if who == "all" or (who == "criminal") == criminal:
            if below == ((EffectKind.REARRANGE, 1, 0),):
                if len(st.players[o].line) >= 2:
                    stack.append(Task(Decision.REARRANGE, o))
            else:
                push_effects(st, o, below)
    push_effects(st, seat, COLLISION_ABOVE[space])
    for o in reversed(order):
        effects: list[Effect] = []
        for c in st.players[o].line:
            d = CARD_DESIGN[c]
            if d.timing == Timing.COLLISION:
                effects += d.effects
        push_effects(st, o, effects)
    for o in reversed(order):
        q = st.players[o]
        if q.built[WORKSHOP] >= 2 and not line_has_criminal(q):
            step_virtue(q, 1)


def end_turn(st: State, seat: int) -> None:
    st.turns += 1
    reset_turn_facts(st)
    nxt = (seat + 1) % st.n
    if nxt == st.start_seat:
        if st.final_round != UNSET and st.round >= st.final_round:
            st.over = True
            st.turn_seat = NOBODY
            return
        st.round += 1
    st.stack.append(Task(Auto.START_TURN, nxt))


# --- decisions: legal codes -------------------------------------------------------------------


def move_options(st: State, seat: int) -> dict[int, int]:
    """Destination space -> silver to pay (the cheapest exact distance reaching it)."""
    p = st.players[seat]
    v = st.turn_played_value
    free = p.free_steps + (1 if p.built[TRADING_POST] >= 1 else 0)
    top = min(v + free + p.silver, MAX_STEPS)
    out: dict[int, int] = {}
    reach = REACH[p.space]
    for steps in range(v, top + 1):
        mask = reach[steps]
        for s in range(15):
            if mask >> s & 1 and s not in out:
                out[s] = max(0, steps - v - free)
        if len(out) == 15:
            break
    return out


def dismiss_cost(st: State, seat: int, seg: int) -> int:
    pile = st.townsfolk_piles[seg]
    value = CARD_VALUE[pile[-1]] if pile else PRINTED[seg].value
    return 1 if st.players[seat].built[TRADING_POST] >= 2 else value


def trade_max(
    st: State, seat: int, count: list[int] | None = None, silver: int | None = None
) -> int:
    """How many times the exchange of the player's outer space can be used (0 = not at all).

    1 merchant → 1 silver only with icons (silver paid in would come straight back); the other
    exchanges any number of times (bounded by the vocabulary's 20), a destroy only while you
    own more than 3 cards and have a hand card or a draw pile, a flip only per unflipped card."""
    p = st.players[seat]
    if count is None:
        count = icon_counts(st, seat)
    if silver is None:
        silver = p.silver
    kind = exchange_kind(st, seat)
    icons = trade_icons(count)
    if kind == 1:
        top = icons
    else:
        top = (icons + silver) // kind
        if kind == 3:
            top = min(top, p.owned() - 3, len(p.hand) + len(p.deck))
        elif kind == 4:
            top = min(top, p.debts + p.deeds)
    return max(0, min(top, MAX_TRADES))


def script_cost(st: State, seg: int) -> int:
    pile = st.manuscript_piles[seg]
    return SCRIPTS[pile[-1]].cost if pile else PRINTED_SCRIPT_COST[st.segments[seg]]


KIND_TRADE, KIND_BUILD, KIND_PLACE, KIND_TRANSCRIBE = range(4)
"""The four primary actions (trade and build on the outer path, the others on the inner)."""


def builder_icons(p: Player, count: list[int]) -> int:
    """Builders available: builder icons + criminals (+ merchants // 2 with the Surveyor)."""
    have = count[BUILDER] + count[CRIMINAL]
    if has_modifier(p, Trigger.MERCHANTS_AS_BUILDERS):
        have += count[MERCHANT] // 2
    return have


class Funding(NamedTuple):
    """How an icon cost is met: icons first (criminals as wild where the rules allow), the rest
    paid one for one from a stock (silver for merchants, stone for builders, gold for nobles,
    ink for clerics).

    >>> fund(5, 3, 1)
    Funding(need=5, from_icons=3, pay=2, stock=1)
    >>> fund(5, 3, 1).affordable, fund(5, 3, 1).missing
    (False, 1)
    """

    need: int
    """Icons the action needs."""
    from_icons: int
    """How many of them the player's icons cover."""
    pay: int
    """The rest, paid from the stock (``need - from_icons``)."""
    stock: int
    """What the player holds of the paying stock."""

    @property
    def affordable(self) -> bool:
        return self.pay <= self.stock

    @property
    def missing(self) -> int:
        """How much of the stock is lacking (0 when affordable)."""
        return max(0, self.pay - self.stock)


def fund(need: int, icons: int, stock: int) -> Funding:
    """Fund a cost of ``need`` icons from ``icons`` usable icons, the rest from ``stock``."""
    from_icons = min(need, icons)
    return Funding(need, from_icons, need - from_icons, stock)


def exchange_kind(st: State, seat: int) -> int:
    """The exchange of the player's outer space: merchants per use (1 → 1 silver,
    2 → 1 resource, 3 → destroy a card, 4 → flip a debt or deed)."""
    space = st.players[seat].space
    return SEG_EXCHANGES[st.segments[segment_of(space)]][space % 2]


def trade_icons(count: list[int]) -> int:
    """Icons usable for trading: merchants + criminals (wild)."""
    return count[MERCHANT] + count[CRIMINAL]


def trade_funding(
    st: State, seat: int, times: int, count: list[int] | None = None, silver: int | None = None
) -> Funding:
    """Using the exchange ``times`` times: ``kind * times`` merchants, the rest paid in silver.
    (1 merchant → 1 silver is never offered beyond the icons, see :func:`trade_max`.)"""
    if count is None:
        count = icon_counts(st, seat)
    if silver is None:
        silver = st.players[seat].silver
    return fund(exchange_kind(st, seat) * times, trade_icons(count), silver)


TradeObstacle = Literal["no_destroy", "no_flip", "icons_only", "cost"]


def trade_obstacle(st: State, seat: int) -> TradeObstacle:
    """Why the exchange of the player's outer space is not offered (ask only when no trade is
    legal): ``no_destroy`` (3 → destroy while owning only 3 cards), ``no_flip`` (4 → flip with no
    debt or deed), ``icons_only`` (1 → 1 silver is paid with icons only), else ``cost``."""
    p = st.players[seat]
    kind = exchange_kind(st, seat)
    if kind == 3 and not destroyable(p):
        return "no_destroy"
    if kind == 4 and p.debts + p.deeds == 0:
        return "no_flip"
    if kind == 1:
        return "icons_only"
    return "cost"


def free_spots(st: State, space: int) -> list[int]:
    """The unbuilt spots of the bank beside outer ``space``."""
    return [s for s in bank_spots(space) if st.spot_owner[s] == FREE]


def build_funding(
    st: State, seat: int, building: int, count: list[int] | None = None, stone: int | None = None
) -> Funding:
    """Building ``building``: its cost in builders (criminals and, with the Surveyor, merchant
    pairs count, see :func:`builder_icons`), the rest paid in stone."""
    p = st.players[seat]
    if count is None:
        count = icon_counts(st, seat)
    if stone is None:
        stone = p.resources[2]
    return fund(BUILD_COST[building], builder_icons(p, count), stone)


BuildObstacle = Literal["no_spot", "all_built", "cost"]


def build_obstacle(
    st: State, seat: int, building: int, count: list[int] | None = None, stone: int | None = None
) -> BuildObstacle | None:
    """Why ``building`` cannot be built from the player's outer space (None: it can):
    ``no_spot`` (the bank is full), ``all_built`` (3 of that type already), ``cost``."""
    p = st.players[seat]
    if not free_spots(st, p.space):
        return "no_spot"
    if p.built[building] >= 3:
        return "all_built"
    if not build_funding(st, seat, building, count, stone).affordable:
        return "cost"
    return None


def place_funding(
    st: State, seat: int, workers: int, count: list[int] | None = None, gold: int | None = None
) -> Funding:
    """Placing ``workers`` (1-4) workers: ``WORKER_COSTS`` nobles (criminals wild), the rest
    paid in gold."""
    if count is None:
        count = icon_counts(st, seat)
    if gold is None:
        gold = st.players[seat].resources[1]
    return fund(WORKER_COSTS[workers - 1], count[NOBLE] + count[CRIMINAL], gold)


PlaceObstacle = Literal["no_workers", "cost"]


def place_obstacle(
    st: State, seat: int, workers: int, count: list[int] | None = None, gold: int | None = None
) -> PlaceObstacle | None:
    """Why ``workers`` workers cannot be placed (None: they can): ``no_workers`` (fewer left in
    the supply), ``cost``."""
    if st.players[seat].supply < workers:
        return "no_workers"
    if not place_funding(st, seat, workers, count, gold).affordable:
        return "cost"
    return None


def transcribe_funding(
    st: State, seat: int, count: list[int] | None = None, ink: int | None = None
) -> Funding:
    """Transcribing the manuscript of the player's inner segment: its cost in clerics
    (criminals wild), the rest paid in ink."""
    if count is None:
        count = icon_counts(st, seat)
    if ink is None:
        ink = st.players[seat].resources[0]
    cost = script_cost(st, segment_of(st.players[seat].space))
    return fund(cost, count[CLERIC] + count[CRIMINAL], ink)


TranscribeObstacle = Literal["transcribed", "cost"]


def transcribe_obstacle(
    st: State, seat: int, count: list[int] | None = None, ink: int | None = None
) -> TranscribeObstacle | None:
    """Why the player cannot transcribe (None: they can): ``transcribed`` (one manuscript per
    turn), ``cost``."""
    if st.turn_transcribed:
        return "transcribed"
    if not transcribe_funding(st, seat, count, ink).affordable:
        return "cost"
    return None


def primary_codes(
    st: State, seat: int, count: list[int], silver: int, res: list[int]
) -> list[list[int]]:
    """Affordable primary-action codes by kind, for the given icons, silver and resources."""
    p = st.players[seat]
    space = p.space
    out: list[list[int]] = [[], [], [], []]
    if space < 10:
        out[KIND_TRADE] = [
            TRADE_CODES.code(t) for t in range(1, trade_max(st, seat, count, silver) + 1)
        ]
        free = free_spots(st, space)
        for b in range(3):
            if build_obstacle(st, seat, b, count, res[2]) is None:
                out[KIND_BUILD] += [build_code(b, s) for s in free]
    else:
        for k in range(1, 5):
            if place_obstacle(st, seat, k, count, res[1]) is None:
                out[KIND_PLACE].append(PLACE_CODES.code(k))
        if transcribe_obstacle(st, seat, count, res[0]) is None:
            out[KIND_TRANSCRIBE].append(TRANSCRIBE)
    return out


def dismiss_kinds(p: Player, d: Design, outer: bool) -> list[int]:
    """Spec, phase 3: a dismissed townsfolk must show "an icon usable for this action
    (criminal counts)": the primary actions its icons can fund on the player's path."""
    icons = d.icons
    crook = CRIMINAL in icons
    if outer:
        kinds = []
        if crook or MERCHANT in icons:
            kinds.append(KIND_TRADE)
        if crook or BUILDER in icons or (
            MERCHANT in icons and has_modifier(p, Trigger.MERCHANTS_AS_BUILDERS)
        ):
            kinds.append(KIND_BUILD)
        return kinds
    return [k for k, icon in ((KIND_PLACE, NOBLE), (KIND_TRANSCRIBE, CLERIC))
            if crook or icon in icons]


def townsfolk_at(st: State, s: int) -> Design:
    """The townsfolk shown at board position ``s``: its pile's top, else the printed one."""
    pile = st.townsfolk_piles[s]
    return CARD_DESIGN[pile[-1]] if pile else PRINTED[st.segments[s]]


def dismissed_design(st: State) -> Design | None:
    if st.turn_dismissed_card != UNSET:
        return CARD_DESIGN[st.turn_dismissed_card]
    if st.turn_dismissed_printed != UNSET:
        return PRINTED[st.turn_dismissed_printed]
    return None


def can_dismiss(st: State, seat: int, s: int, count: list[int]) -> bool:
    """The townsfolk at ``s`` may be dismissed as part of a primary action: the player can pay
    for it, and afterwards (its icons added, its direct silver/resource gains counted) some
    primary action its icons are usable for is affordable."""
    p = st.players[seat]
    d = townsfolk_at(st, s)
    kinds = dismiss_kinds(p, d, p.space < 10)
    cost = dismiss_cost(st, seat, s)
    if not kinds or cost > p.silver:
        return False
    gain = [0, 0, 0, 0]
    wildcard = 0
    for kind, n, _arg in d.hire:
        if kind <= 3:
            gain[kind] += n
        elif kind == EffectKind.ANY:
            wildcard += n
    after = count[:]
    for icon in d.icons:
        after[icon] += 1
    res = [p.resources[r] + gain[r + 1] + wildcard for r in range(3)]
    codes = primary_codes(st, seat, after, p.silver - cost + gain[0], res)
    return any(codes[k] for k in kinds)


def action_codes(st: State, seat: int) -> list[int]:
    """Phase 3. Before anything else: pass, a dismissal, or any affordable primary action.
    After a dismissal: only the primary actions its icons are usable for (the dismissal is
    part of that action), or pass if none is left (a dismiss effect may have used up the
    last spot)."""
    p = st.players[seat]
    count = icon_counts(st, seat)
    by_kind = primary_codes(st, seat, count, p.silver, p.resources)
    dismissed = dismissed_design(st)
    if dismissed is not None:
        codes = sorted(c for k in dismiss_kinds(p, dismissed, p.space < 10) for c in by_kind[k])
        return codes or [PASS]
    codes = [PASS]
    anywhere = st.turn_dismiss_anywhere or has_modifier(p, Trigger.DISMISS_ANY)
    for s in range(5) if anywhere else (segment_of(p.space),):
        if can_dismiss(st, seat, s, count):
            codes.append(DISMISS_CODES.code(s))
    for kind_codes in by_kind:
        codes += kind_codes
    codes.sort()
    return codes


def decision_codes(st: State, task: Task) -> list[int]:
    op, seat, kind, _amount, arg = task
    p = st.players[seat]
    if op == Decision.PLAY_CARD:
        if p.hand:
            return [PLAY_CODES.code(c) for c in sorted(set(p.hand))]
        return [PLAY_BLIND]
    if op == Decision.MOVE:
        return [MOVE_CODES.code(s) for s in sorted(move_options(st, seat))]
    if op == Decision.PRIMARY_ACTION:
        return action_codes(st, seat)
    if op == Decision.HIRE:
        seg = segment_of(p.space)
        pile = st.townsfolk_piles[seg]
        if pile and CARD_VALUE[pile[-1]] <= p.silver:
            return [PASS, HIRE]
        return []
    if op == Decision.CHOOSE_RESOURCE:
        return [RESOURCE_CODES.code(r) for r in RESOURCE_CODES.values]
    if op == Decision.REARRANGE:
        k = len(p.line)
        if k < 2:
            return []
        return list(rearrange_codes(k))
    if op == Decision.FLIP:
        codes = []
        if p.debts:
            codes.append(FLIP_DEBT)
        if p.deeds:
            codes.append(FLIP_DEED)
        return codes
    if op == Decision.DESTROY:
        if not destroyable(p):
            return []
        codes = [PASS]
        if p.deck:
            codes.append(DESTROY_TOP)
        codes += [CARD_CODES.code(c) for c in sorted(set(p.hand))]
        return codes
    if op == Decision.DISCARD:
        if not p.hand:
            return []
        optional = [PASS] if kind == EffectKind.MAY_DISCARD else []
        return optional + [CARD_CODES.code(c) for c in sorted(set(p.hand))]
    if op == Decision.HIRE_FREE:
        return [PASS] + [SEGMENT_CODES.code(s) for s in range(5) if st.townsfolk_piles[s]]
    if op == Decision.MOVE_WORKER:
        codes = [PASS]
        for sec in range(5):
            if st.tier1[sec][seat]:
                codes += [move_worker_code(sec, CLOCKWISE), move_worker_code(sec, COUNTERCLOCKWISE)]
        return codes
    if op == Decision.PLACE_WORKERS:
        return [SEGMENT_CODES.code(s) for s in range(5)] if p.supply else []
    if op == Decision.BUILD_FREE:
        if p.built[arg] >= 3:
            return []
        return [PASS] + [SPOT_CODES.code(s) for s in range(30) if st.spot_owner[s] == FREE]
    if op == Decision.TRANSCRIBE_FREE:
        return [PASS] + [
            SEGMENT_CODES.code(s) for s in range(5)
            if st.manuscript_piles[s] and 3 <= SCRIPTS[st.manuscript_piles[s][-1]].cost <= 4
        ]
    if op == Decision.CASCADE:
        return [SEGMENT_CODES.code(s) for s in range(5) if st.tier1[s][seat] >= 3]
    if op == Decision.BUMP:
        return bump_options(st)
    if op == Decision.CHOOSE_PAIR:
        return [PAIR_CODES.code(i) for i, pair in enumerate(st.pairs) if pair[2] == NOBODY]
    raise AssertionError(f"unknown decision {op}")


def advance(st: State) -> None:
    """Run automatic tasks until a decision with a real choice is on top (or the game ends)."""
    stack = st.stack
    while stack:
        task = stack[-1]
        if task.op >= FIRST_DECISION:
            codes = decision_codes(st, task)
            if codes and codes != [PASS]:
                st.legal_cache = codes
                return
            stack.pop()
            continue
        stack.pop()
        _auto(st, task)
    st.legal_cache = []


def legal_codes(st: State) -> list[int]:
    if st.legal_cache is None:
        if st.over or not st.stack:
            st.legal_cache = []
        else:
            st.legal_cache = decision_codes(st, st.stack[-1])
    return st.legal_cache


def deciding_seat(st: State) -> int | None:
    if st.over or not st.stack:
        return None
    return st.stack[-1].seat


# --- decisions: applying ----------------------------------------------------------------------


def apply_code(st: State, code: int) -> State:
    """The state after action ``code``; raises ``IllegalActionError`` if it is not legal."""
    if st.over:
        raise IllegalActionError("The game is over.")
    if code not in legal_codes(st):
        top = st.stack[-1]
        name = st.seats[top.seat].name
        raise IllegalActionError(
            f"That action is not allowed now: {name} must decide ({DECISION_NAMES[top.op]})."
        )
    new = st.clone()
    task = new.stack.pop()
    decide(new, task, code)
    advance(new)
    return new


def _pay(p: Player, resource: int, amount: int) -> None:
    if resource < 0:
        p.silver -= amount
    else:
        p.resources[resource] -= amount


def decide(st: State, task: Task, code: int) -> None:
    op, seat, _kind, amount, arg = task
    p = st.players[seat]
    stack = st.stack
    if code == PASS:
        return
    if op == Decision.PLAY_CARD:
        if code == PLAY_BLIND:
            if not p.deck:
                reshuffle(st, seat)
            card = p.deck.pop()
            st.reveals += 1
        else:
            card = PLAY_CODES.value(code)
            p.hand.remove(card)
        play_card(st, seat, card)
    elif op == Decision.MOVE:
        dest = MOVE_CODES.value(code)
        cost = move_options(st, seat)[dest]
        p.silver -= cost
        p.free_steps = 0
        p.space = dest
        n = st.n
        for k in range(n - 1, 0, -1):
            o = (seat + k) % n
            if st.players[o].space == dest and len(st.players[o].line) >= 2:
                stack.append(Task(Decision.REARRANGE, o))
    elif op == Decision.REARRANGE:
        perm = PERMS[REARRANGE_CODES.value(code)]
        p.line = [p.line[i] for i in perm]
    elif op == Decision.PRIMARY_ACTION:
        primary_action(st, seat, code)
    elif op == Decision.HIRE:
        seg = segment_of(p.space)
        p.silver -= CARD_VALUE[st.townsfolk_piles[seg][-1]]
        take_townsfolk(st, seat, seg)
    elif op == Decision.CHOOSE_RESOURCE:
        p.resources[RESOURCE_CODES.value(code)] += 1
    elif op == Decision.FLIP:
        if code == FLIP_DEBT:
            flip_debt(st, seat)
        else:
            flip_deed(st, seat)
    elif op == Decision.DESTROY:
        if code == DESTROY_TOP:
            card = p.deck.pop()
            st.reveals += 1
        else:
            card = CARD_CODES.value(code)
            p.hand.remove(card)
        p.destroyed.append(card)
        p.silver += CARD_VALUE[card]
    elif op == Decision.DISCARD:
        card = CARD_CODES.value(code)
        p.hand.remove(card)
        p.discard.append(card)
    elif op == Decision.HIRE_FREE:
        take_townsfolk(st, seat, SEGMENT_CODES.value(code))
    elif op == Decision.MOVE_WORKER:
        sec, direction = move_worker_parts(code)
        st.tier1[sec][seat] -= 1
        st.tier1[(sec + (1 if direction == CLOCKWISE else -1)) % 5][seat] += 1
        stack.append(Task(Auto.CASTLE, seat))
    elif op == Decision.PLACE_WORKERS:
        place_workers(st, seat, SEGMENT_CODES.value(code), amount)
    elif op == Decision.BUILD_FREE:
        do_build(st, seat, arg, SPOT_CODES.value(code))
    elif op == Decision.TRANSCRIBE_FREE:
        take_script(st, seat, SEGMENT_CODES.value(code))
    elif op == Decision.CASCADE:
        stack.append(Task(Auto.CASTLE, seat))
        cascade(st, seat, SEGMENT_CODES.value(code))
    elif op == Decision.BUMP:
        bump(st, code)
    elif op == Decision.CHOOSE_PAIR:
        pick_pair(st, seat, PAIR_CODES.value(code))


def pick_pair(st: State, seat: int, index: int) -> None:
    st.pairs = [pair[:] for pair in st.pairs]
    pair = st.pairs[index]
    pair[2] = seat
    card = CONTENT.player_cards[pair[0]]
    p = st.players[seat]
    p.player_card, p.hero = pair[0], pair[1]
    p.space = card.space - 1
    p.silver += card.silver
    p.resources[0] += card.ink
    p.resources[1] += card.gold
    p.resources[2] += card.stone
    gain_debts(st, seat, card.debts)
    gain_deeds(st, seat, card.deeds)
    st.stack.append(Task(Auto.SETUP_DECK, seat))
    push_effects(st, seat, PLAYER_CARD_SETUP[pair[0]])


def primary_action(st: State, seat: int, code: int) -> None:
    p = st.players[seat]
    stack = st.stack
    seg = segment_of(p.space)
    if code in DISMISS_CODES:
        s = DISMISS_CODES.value(code)
        p.silver -= dismiss_cost(st, seat, s)
        pile = st.townsfolk_piles[s]
        stack.append(Task(Decision.PRIMARY_ACTION, seat))
        if pile:
            card = pile.pop()
            st.reveals += 1
            st.dismissed.append(card)
            st.turn_dismissed_card = card
            push_effects(st, seat, CARD_DESIGN[card].hire)
        else:
            st.turn_dismissed_printed = st.segments[s]
            push_effects(st, seat, PRINTED[st.segments[s]].hire)
        return
    count = icon_counts(st, seat)
    if code in TRADE_CODES:
        times = TRADE_CODES.value(code)
        kind = exchange_kind(st, seat)
        p.silver -= trade_funding(st, seat, times, count).pay
        stack.append(Task(Auto.AFTER_ACTION, seat, Trigger.AFTER_TRADE))
        if kind == 1:
            p.silver += times
        elif kind == 2:
            stack += [Task(Decision.CHOOSE_RESOURCE, seat)] * times
        elif kind == 3:
            stack += [Task(Decision.DESTROY, seat)] * times
        else:
            stack += [Task(Decision.FLIP, seat)] * times
    elif code in BUILD_CODES:
        building, spot = build_parts(code)
        _pay(p, 2, build_funding(st, seat, building, count).pay)
        stack.append(Task(Auto.AFTER_ACTION, seat, Trigger.AFTER_BUILD))
        do_build(st, seat, building, spot)
    elif code in PLACE_CODES:
        k = PLACE_CODES.value(code)
        _pay(p, 1, place_funding(st, seat, k, count).pay)
        stack.append(Task(Auto.AFTER_ACTION, seat, Trigger.AFTER_PLACE))
        place_workers(st, seat, seg, k)
    elif code == TRANSCRIBE:
        _pay(p, 0, transcribe_funding(st, seat, count).pay)
        st.turn_transcribed = True
        stack.append(Task(Auto.AFTER_ACTION, seat, Trigger.AFTER_TRANSCRIBE))
        if st.manuscript_piles[seg]:
            take_script(st, seat, seg)
        else:
            push_effects(st, seat, PRINTED_SCRIPT_EFFECTS[st.segments[seg]])


# --- scoring ----------------------------------------------------------------------------------


def set_points(counts: list[int]) -> int:
    counts = sorted(counts, reverse=True)
    total = 0
    table = CONTENT.set_points
    while counts and counts[0] > 0:
        size = sum(1 for c in counts if c > 0)
        total += table[size]
        counts = [c - 1 for c in counts]
    return total


def majority(values: list[int], n: int) -> list[int]:
    """Points per seat for a 12/8/4 majority (8 skipped below 3 players); ties share the points
    of the places they cover, rounded down; at least 1 to qualify."""
    places = list(CONTENT.majority_points)
    if n < 3:
        places = [places[0], places[2]]
    out = [0] * len(values)
    place = 0
    for value in sorted({v for v in values if v > 0}, reverse=True):
        tied = [s for s, v in enumerate(values) if v == value]
        share = sum(places[place: place + len(tied)]) // len(tied)
        for s in tied:
            out[s] = share
        place += len(tied)
        if place >= len(places):
            break
    return out


def score_parts(st: State, seat: int) -> dict[str, int]:
    p = st.players[seat]
    buildings = sum(BUILD_POINTS[b][p.built[b] - 1] for b in range(3) if p.built[b])
    workers = sum(
        st.tier1[s][seat] + 2 * st.tier2[s][seat] + 3 * st.tier3[s][seat] for s in range(5)
    )
    ribbons = [0, 0, 0, 0]
    own = 0
    line_icons = [0, 0, 0, 0, 0]
    for c in p.line:
        for i in CARD_DESIGN[c].icons:
            line_icons[i] += 1
    for script in p.manuscripts:
        info = SCRIPTS[script]
        ribbons[info.ribbon] += 1
        if info.points is not None:
            kind, n, icon = info.points
            base = [
                1, sum(p.built), line_icons[icon], p.debts_flipped, p.deeds_flipped,
                sum(row[seat] for row in st.tier3),
                sum(st.tier1[s][seat] + st.tier2[s][seat] + st.tier3[s][seat] for s in range(5)),
            ][kind]
            own += n * base
    n = st.n
    poverty = majority([q.deeds_flipped for q in st.players], n)[seat] if st.poverty else 0
    prosperity = majority([q.debts_flipped for q in st.players], n)[seat] if st.prosperity else 0
    return {
        "buildings": buildings,
        "workers": workers,
        "manuscript_sets": set_points(ribbons),
        "manuscript_points": own,
        "castle_leader": CONTENT.castle_leader_points if st.castle_leader == seat else 0,
        "cleric_bonus": sum(CONTENT.cleric_bonus[r].points for r in p.cleric_bonus),
        "debts": -2 * p.debts,
        "deeds": p.deeds + 3 * p.deeds_flipped,
        "poverty": poverty,
        "prosperity": prosperity,
    }


def leftovers(p: Player) -> int:
    return p.silver + sum(p.resources)
