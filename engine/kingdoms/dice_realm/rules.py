"""The rules of Dice Realm as pure functions over :class:`~.state.State` and action codes.

Like every game here, the rules work on the integer action codes of :mod:`.actions` (cheap in
bot playouts); the pydantic models are only the protocol's edge (:mod:`.game`).
``apply_code`` clones the state, changes the clone and returns it. Every rule of the spec is
here: setup, rolling with keep masks, stopping, the Fairy flip, the mandatory claim or the
penalty, founding villages, the Hypnotist, the Apprentice, the Elf, dragon gifts, refilling the
row and the three end triggers. Decisions the spec leaves open are listed in
``docs/dice-realm.md``.

Taking a citizen while rolls remain is one action ("stop and take"): a claim is legal as soon
as the dice meet its requirement, and it ends the rolling as a stop would.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdoms.core.errors import IllegalActionError, SetupError
from kingdoms.core.rng import Rng
from kingdoms.core.text import Text

from .actions import (
    CLAIM_BASE,
    CLAIM_CITIZEN_ONLY_BASE,
    FLIP_BASE,
    GIVE_BASE,
    PENALTY_CODE,
    STOP_CODE,
    VOCABULARY_SIZE,
)
from .content import (
    CARD_IDS,
    CARD_KIND,
    CARD_VALUES,
    CITIZEN_ABILITY,
    CITIZEN_COLOUR,
    CITIZENS,
    DRAGONS,
    FAIRIES,
    PENALTIES,
    VILLAGE_PILES,
)
from .odds import FULL
from .requirements import compile_requirement
from .state import CHOOSE, GIFT, OVER, ROLL, EndReason, Event, State

ROW_SIZE = 5
ROLLS_PER_TURN = 3
ELF_ROLLS = 4
_SIX_DICE = 6**6


def _build_met_table() -> dict[tuple[int, ...], int]:
    preds = {card: compile_requirement(c.requirement) for card, c in CITIZENS.items()}
    table: dict[tuple[int, ...], int] = {}
    for counts in FULL:
        dice = tuple(face + 1 for face in range(6) for _ in range(counts[face]))
        table[dice] = sum(1 << card for card, p in preds.items() if p(counts))
    return table


MET_BY_SORTED_DICE = _build_met_table()
"""Sorted six dice -> bitmask of the citizens (card numbers) whose requirement they meet."""


def met_mask(dice: Sequence[int]) -> int:
    """Bitmask over citizen numbers of the requirements these six dice meet."""
    return MET_BY_SORTED_DICE[tuple(sorted(dice))]


def met_slots(state: State) -> list[int]:
    """Row slots whose citizen the current dice satisfy (none before the first roll)."""
    if state.rolls_used == 0:
        return []
    mask = met_mask(state.dice)
    return [i for i, c in enumerate(state.row) if c >= 0 and mask >> c & 1]


def fairies(realm: Sequence[int]) -> int:
    """How many Fairies a realm holds (each allows one flip per turn)."""
    return sum(1 for c in realm if c in FAIRIES)


# --------------------------------------------------------------------------- setup


def new_state(seat_names: Sequence[str], seed: int, start_seat: int | None = None) -> State:
    """Set up a game: shuffle citizens and penalties, lay out the row, pick the start player.

    The generator draws, in order: the citizen shuffle, the penalty shuffle, then the start
    seat (unless ``start_seat`` is given).
    """
    n = len(seat_names)
    rng = Rng(seed)
    citizens = list(CITIZENS)
    rng.shuffle(citizens)
    penalties = list(PENALTIES)
    rng.shuffle(penalties)
    if start_seat is None:
        start_seat = rng.below(n)
    elif not 0 <= start_seat < n:
        raise SetupError(f"The start seat must be between 0 and {n - 1}.")
    s = State(
        seats=tuple(seat_names), seed=seed, counter=rng.counter, turn=1, current=start_seat,
        phase=ROLL, dice=(0,) * 6, held=0, rolls_used=0, rolls_allowed=ROLLS_PER_TURN,
        flips_used=0, row=tuple(citizens[:ROW_SIZE]), draw=tuple(citizens[ROW_SIZE:]),
        discard=(), penalties=tuple(penalties), villages=VILLAGE_PILES,
        realms=tuple(() for _ in range(n)), elf=0, extra_turn=False, pending=-1, end_reason="",
        events=(), last_events=(),
    )
    _begin_turn(s, start_seat)
    s.last_events = ({"type": "start", "seat": start_seat},)
    return s


def _begin_turn(s: State, seat: int) -> None:
    s.current = seat
    s.phase = ROLL
    s.dice = (0, 0, 0, 0, 0, 0)
    s.held = 0
    s.rolls_used = 0
    s.flips_used = 0
    s.extra_turn = False
    bit = 1 << seat
    if s.elf & bit:
        s.rolls_allowed = ELF_ROLLS
        s.elf &= ~bit
    else:
        s.rolls_allowed = ROLLS_PER_TURN
    s.last_events = s.events
    s.events = ()


# --------------------------------------------------------------------------- legal actions

_ROLL_OR_STOP: tuple[int, ...] = (*range(STOP_CODE), STOP_CODE)
_FLIP_CODES: tuple[int, ...] = tuple(range(FLIP_BASE, CLAIM_BASE))


def _claim_codes(s: State) -> tuple[int, ...]:
    """Claims of the met citizens, then (codes 81–85) the same claims leaving the village, for
    those that would found one."""
    mask = MET_BY_SORTED_DICE[tuple(sorted(s.dice))]
    met = [i for i, c in enumerate(s.row) if c >= 0 and mask >> c & 1]
    if not met:
        return ()
    return (*[CLAIM_BASE + i for i in met],
            *[CLAIM_CITIZEN_ONLY_BASE + i for i in met if founds_village(s, i)])


def founds_village(s: State, slot: int) -> bool:
    """Whether taking the citizen in ``slot`` may found a village: it lies under the pile of
    its own colour (slot i ↔ colour i) and that pile is not empty."""
    card = s.row[slot]
    return card >= 0 and CITIZEN_COLOUR[card] == slot and bool(s.villages[slot])


_FIRST_ROLL: tuple[int, ...] = (0,)
_ROLLING: dict[tuple[int, ...], tuple[int, ...]] = {}
"""Legal codes while rolling, by the claims among them (a few dozen shapes, built once each:
rolls are most of a game's positions)."""


def legal_codes(s: State) -> tuple[int, ...]:
    """Every legal action code, ascending (the vocabulary's order)."""
    phase = s.phase
    if phase == ROLL:
        if s.rolls_used == 0:
            return _FIRST_ROLL
        claims = _claim_codes(s)
        found = _ROLLING.get(claims)
        if found is None:
            found = _ROLLING[claims] = (*_ROLL_OR_STOP, *claims)
        return found
    if phase == CHOOSE:
        flips = _FLIP_CODES if s.flips_used < fairies(s.realms[s.current]) else ()
        return (*flips, *(_claim_codes(s) or (PENALTY_CODE,)))
    if phase == GIFT:
        return tuple(GIVE_BASE + t for t in range(len(s.seats)) if t != s.current)
    return ()


# --------------------------------------------------------------------------- apply


def apply_code(state: State, code: int) -> State:
    """The state after action ``code``; ``IllegalActionError`` says why it is not allowed."""
    if state.phase == OVER:
        raise IllegalActionError(Text("core.error.game_over"))
    if not 0 <= code < VOCABULARY_SIZE:
        raise IllegalActionError(f"Not a Dice Realm action: {code!r}.")
    if code < STOP_CODE:
        return _roll(state, code)
    if code == STOP_CODE:
        return _stop(state)
    if code < CLAIM_BASE:
        return _flip(state, code - FLIP_BASE)
    if code < PENALTY_CODE:
        return _claim(state, code - CLAIM_BASE)
    if code == PENALTY_CODE:
        return _take_penalty(state)
    if code < CLAIM_CITIZEN_ONLY_BASE:
        return _give_dragon(state, code - GIVE_BASE)
    return _claim(state, code - CLAIM_CITIZEN_ONLY_BASE, village=False)


_REROLLED: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(6) if not keep >> i & 1) for keep in range(64))
"""The dice a keep mask rolls again, in order."""


def _roll(state: State, keep: int) -> State:
    if state.phase != ROLL:
        raise IllegalActionError(Text("dice-realm.error.dice_final"))
    if not 0 <= keep < 63:
        raise IllegalActionError("A roll must re-roll at least one die (keep mask 0-62).")
    if state.rolls_used == 0 and keep:
        raise IllegalActionError(Text("dice-realm.error.first_roll_all"))
    s = state.clone()
    rng = Rng(s.seed, s.counter)
    value = rng.below(_SIX_DICE)
    s.counter = rng.counter
    dice = list(s.dice)
    for i in _REROLLED[keep]:  # one draw of six base-6 digits, the lowest for the first die
        value, face = divmod(value, 6)
        dice[i] = face + 1
    s.dice = tuple(dice)
    s.held = keep
    s.rolls_used += 1
    s.events = (*s.events, {"type": "roll", "seat": s.current, "dice": dice, "kept": keep})
    if s.rolls_used >= s.rolls_allowed:
        s.phase = CHOOSE
    return s


def _stop(state: State) -> State:
    if state.phase != ROLL:
        raise IllegalActionError(Text("dice-realm.error.rolling_over"))
    if state.rolls_used == 0:
        raise IllegalActionError(Text("dice-realm.error.roll_before_stop"))
    s = state.clone()
    s.phase = CHOOSE
    s.events = (*s.events, {"type": "stop", "seat": s.current})
    return s


def _flip(state: State, die: int) -> State:
    if state.phase != CHOOSE:
        raise IllegalActionError(Text("dice-realm.error.fairy_timing"))
    owned = fairies(state.realms[state.current])
    if state.flips_used >= owned:
        raise IllegalActionError(Text("dice-realm.error.fairies_used" if owned
                                      else "dice-realm.error.no_fairy"))
    if not 0 <= die < 6:
        raise IllegalActionError("There are six dice, numbered 0 to 5.")
    s = state.clone()
    dice = list(s.dice)
    before = dice[die]
    dice[die] = 7 - before
    s.dice = tuple(dice)
    s.flips_used += 1
    s.events = (*s.events, {"type": "flip", "seat": s.current, "die": die,
                            "from": before, "to": dice[die]})
    return s


def _take_effects(s: State, card: int, realm: list[int]) -> None:
    """Put a taken citizen in the realm (or aside, for a dragon) and trigger its ability.

    Used both for the claimed citizen and for one taken by a Hypnotist; a Hypnotist taken by
    hypnosis does not chain, because only the claimed card's Hypnotist ability is checked.
    """
    ability = CITIZEN_ABILITY[card]
    if ability == "dragon":
        s.pending = card
        return
    realm.append(card)
    if ability == "elf":
        s.elf |= 1 << s.current
    elif ability == "apprentice":
        s.extra_turn = True


def _claim(state: State, slot: int, village: bool = True) -> State:
    if state.phase == GIFT:
        raise IllegalActionError(Text("dice-realm.error.dragon_first"))
    if state.rolls_used == 0:
        raise IllegalActionError(Text("dice-realm.error.roll_first"))
    if not 0 <= slot < ROW_SIZE or state.row[slot] < 0:
        raise IllegalActionError(Text("dice-realm.error.empty_slot"))
    card = state.row[slot]
    if not met_mask(state.dice) >> card & 1:
        raise IllegalActionError(Text("dice-realm.error.not_met",
                                      card=Text(f"dice-realm.card.{CARD_IDS[card]}")))
    if not village and not founds_village(state, slot):
        raise IllegalActionError(Text("dice-realm.error.no_village_to_leave"))
    s = state.clone()
    seat = s.current
    row = list(s.row)
    realm = list(s.realms[seat])
    row[slot] = -1
    events: list[Event] = []
    if s.phase == ROLL:  # stop and take: the rolling ends with this claim
        s.phase = CHOOSE
        events.append({"type": "stop", "seat": seat})
    events.append({"type": "claim", "seat": seat, "card": CARD_IDS[card], "slot": slot})
    if not village:
        events.append({"type": "leave_village", "seat": seat, "slot": slot,
                       "card": CARD_IDS[s.villages[slot][0]]})
    _take_effects(s, card, realm)
    # Found a village: the citizen lies under the pile of its own colour (slot i ↔ colour i);
    # the player may leave it (rules version 2).
    if village and founds_village(state, slot):
        pile = s.villages[slot]
        realm.append(pile[0])
        villages = list(s.villages)
        villages[slot] = pile[1:]
        s.villages = tuple(villages)
        events.append({"type": "found", "seat": seat, "card": CARD_IDS[pile[0]], "slot": slot})
    if CITIZEN_ABILITY[card] == "hypnotist" and slot + 1 < ROW_SIZE and row[slot + 1] >= 0:
        other = row[slot + 1]
        row[slot + 1] = -1
        _take_effects(s, other, realm)
        events.append({"type": "hypnotise", "seat": seat, "card": CARD_IDS[other],
                       "slot": slot + 1})
    if s.extra_turn:
        events.append({"type": "extra_turn", "seat": seat})
    s.row = tuple(row)
    realms = list(s.realms)
    realms[seat] = tuple(realm)
    s.realms = tuple(realms)
    s.events = (*s.events, *events)
    if s.pending >= 0:
        s.phase = GIFT
        return s
    _finish_turn(s)
    return s


def _take_penalty(state: State) -> State:
    if state.phase != CHOOSE:
        raise IllegalActionError(Text("dice-realm.error.finish_rolling" if state.phase == ROLL
                                      else "dice-realm.error.dragon_first"))
    if met_slots(state):
        raise IllegalActionError(Text("dice-realm.error.must_take"))
    s = state.clone()
    seat = s.current
    penalty = s.penalties[0]
    s.penalties = s.penalties[1:]
    realms = list(s.realms)
    realms[seat] = (*realms[seat], penalty)
    s.realms = tuple(realms)
    row = list(s.row)
    slot = ROW_SIZE - 1
    while row[slot] < 0:  # the rightmost face-up citizen
        slot -= 1
    discarded = row[slot]
    row[slot] = -1
    s.row = tuple(row)
    s.discard = (*s.discard, discarded)
    s.events = (
        *s.events,
        {"type": "penalty", "seat": seat, "card": CARD_IDS[penalty]},
        {"type": "discard", "card": CARD_IDS[discarded], "slot": slot},
    )
    _finish_turn(s)
    return s


def _give_dragon(state: State, target: int) -> State:
    if state.phase != GIFT:
        raise IllegalActionError(Text("dice-realm.error.no_dragon"))
    if not 0 <= target < len(state.seats):
        raise IllegalActionError(f"There is no seat {target}.")
    if target == state.current:
        raise IllegalActionError(Text("dice-realm.error.dragon_to_other"))
    s = state.clone()
    dragon = s.pending
    s.pending = -1
    realms = list(s.realms)
    realms[target] = (*realms[target], dragon)
    s.realms = tuple(realms)
    s.events = (*s.events, {"type": "gift", "seat": s.current, "to": target,
                            "card": CARD_IDS[dragon]})
    _finish_turn(s)
    return s


def _end(s: State, reason: EndReason) -> None:
    s.phase = OVER
    s.end_reason = reason
    s.extra_turn = False
    s.last_events = (*s.events, {"type": "end", "reason": reason})
    s.events = ()


def _finish_turn(s: State) -> None:
    """End triggers for villages and penalties, then refill the row, then the next turn."""
    if not all(s.villages):
        _end(s, "village")
        return
    if not s.penalties:
        _end(s, "penalties")
        return
    old = s.row
    kept = [(i, c) for i, c in enumerate(old) if c >= 0]
    gaps = ROW_SIZE - len(kept)
    row = [-1] * gaps + [c for _, c in kept]
    events: list[Event] = [
        {"type": "slide", "card": CARD_IDS[c], "from": i, "to": gaps + k}
        for k, (i, c) in enumerate(kept)
        if gaps + k != i
    ]
    drawn = min(gaps, len(s.draw))  # the pile running out ends the game (below)
    for slot in range(drawn):
        row[slot] = s.draw[slot]
        events.append({"type": "refill", "card": CARD_IDS[row[slot]], "slot": slot})
    draw = s.draw[drawn:]
    ended = not draw
    s.row = tuple(row)
    s.draw = draw
    s.events = (*s.events, *events)
    if ended:
        _end(s, "citizens")
        return
    seat = s.current if s.extra_turn else (s.current + 1) % len(s.seats)
    s.turn += 1
    _begin_turn(s, seat)


# --------------------------------------------------------------------------- scoring


def score_parts(realm: Sequence[int]) -> dict[str, int]:
    """A realm's score by kind: citizens, villages, penalties (negative), dragons (negative)."""
    parts = {"citizens": 0, "villages": 0, "penalties": 0, "dragons": 0}
    for c in realm:
        kind = CARD_KIND[c]
        if kind == "citizen":
            parts["dragons" if c in DRAGONS else "citizens"] += CARD_VALUES[c]
        else:
            parts["villages" if kind == "village" else "penalties"] += CARD_VALUES[c]
    return parts


def score(realm: Sequence[int]) -> int:
    """The total: the sum of every card's value (penalties and dragons are negative)."""
    return sum(CARD_VALUES[c] for c in realm)


def negative_points(realm: Sequence[int]) -> int:
    """Points lost to penalties and dragons (a positive number), for the tie-break."""
    return -sum(CARD_VALUES[c] for c in realm if CARD_VALUES[c] < 0)


def winners(s: State) -> list[int]:
    """Highest total; among those tied, fewest negative points; still tied: all share."""
    keys = [(score(r), -negative_points(r)) for r in s.realms]
    best = max(keys)
    return [seat for seat, k in enumerate(keys) if k == best]
