"""A Burgrave turn (spec, "A turn (six phases)"): its phases as tasks, and the automatic ones.

:func:`start_turn` queues the six phases; the four decisions among them (play a card, move, the
primary action, hire) are answered through :mod:`.decisions`, the others run here: the shift
that starts phase 1 (:func:`shift`), the collision of phase 5 (:func:`collision`), the draw of
phase 6 (:func:`draw_to_limit`) and the hand-over (:func:`end_turn`).
"""

from __future__ import annotations

from .content import MAX_SEATS, WORKSHOP, Effect, EffectKind
from .effects import (
    TRACK_END,
    draw_cards,
    hand_limit,
    line_has_criminal,
    push_effects,
    push_line_effects,
    push_ongoing,
    step_corruption,
    step_virtue,
)
from .state import LINE_SLOTS, NOBODY, RIVAL_SEAT, UNSET, State
from .tables import CARD_DESIGN, COLLISION_ABOVE, COLLISION_BELOW, Timing
from .tasks import Auto, Decision, Origin, Task, per_seat, source_of
from .versions import RIVAL_CONVERTS_REARRANGE

# Enum members read at every turn of every play-out, bound once: on CPython 3.11 reading a
# member off its class takes the enum class's ``__getattr__`` slow path (about 700 instructions).
_DROPOFF, _INSTANT, _COLLISION = Timing.DROPOFF, Timing.INSTANT, Timing.COLLISION

REARRANGE_ONLY = Effect(EffectKind.REARRANGE, 1, 0)
"""The collision reward below the middle space: "every opponent may rearrange"."""


def _phases(seat: int) -> tuple[Task, ...]:
    """A turn's tasks in stack order (the last one runs first)."""
    order: list[Auto | Decision] = [
        Auto.SHIFT, Decision.PLAY_CARD,  # 1: cards
        Decision.MOVE,  # 2
        Decision.PRIMARY_ACTION,  # 3
        Decision.HIRE,  # 4
        Auto.COLLISION,  # 5
        Auto.DRAW,  # 6
        Auto.END_TURN,
    ]
    return tuple(Task(op, seat) for op in reversed(order))


TURN_PHASES = tuple(_phases(seat) for seat in range(MAX_SEATS))
"""``TURN_PHASES[seat]``: built once (tasks are immutable, and a turn needs eight of them)."""
START_TURNS = per_seat(Auto.START_TURN)


def reset_turn_facts(state: State) -> None:
    """Forget what happened this turn (the card's value, a dismissal, a transcription)."""
    state.turn_played_value = 0
    state.turn_dismissed_card = state.turn_dismissed_printed = UNSET
    state.turn_transcribed = state.turn_dismiss_anywhere = False


def start_turn(state: State, seat: int) -> None:
    if seat == RIVAL_SEAT and state.rival is not None:  # solo: the rival's turn is its own
        state.stack.append(Task(Auto.RIVAL_TURN, seat))
        return
    state.turn_seat = seat
    reset_turn_facts(state)
    state.stack += TURN_PHASES[seat]


def shift(state: State, seat: int) -> None:
    """Phase 1: "Shift the cards in your line one slot right; a card pushed off goes to your
    discard pile and its drop-off effect resolves now"."""
    if len(state.players[seat].line) >= LINE_SLOTS:
        player = state.player_mut(seat)
        dropped = player.line.pop()
        player.discard.append(dropped)
        design = CARD_DESIGN[dropped]
        if design.timing == _DROPOFF:
            push_effects(state, seat, design.effects, source_of(Origin.DROP_OFF, dropped))


def play_card(state: State, seat: int, card: int) -> None:
    """Phase 1: "play one card … into the left slot. A criminal card: gain 1 corruption per
    criminal icon now in your line. Resolve its instant effect." Its value is this turn's
    move."""
    player = state.player_mut(seat)
    player.line.insert(0, card)
    design = CARD_DESIGN[card]
    state.turn_played_value = design.value
    if design.criminals:
        step_corruption(player, sum(CARD_DESIGN[mine].criminals for mine in player.line))
    if design.timing == _INSTANT:
        push_effects(state, seat, design.effects, source_of(Origin.PLAYED, card))


def after_action(state: State, seat: int, trigger: int) -> None:
    """The line's ongoing abilities that fire after a primary action (``AFTER_*`` triggers)."""
    push_ongoing(state, seat, trigger)


def offered_rearrange(state: State, seat: int) -> bool:
    """Whether "may rearrange" asks ``seat`` anything: a player only with a line of 2+ cards
    (fewer leave nothing to choose); the solo rival always, from rules version 6, since it
    converts a rearrange into one resource by its chart (spec, "Solo", Conversions) and keeps
    its schemes apart from ``Player.line``."""
    if seat == RIVAL_SEAT and state.rival is not None:
        return state.rules >= RIVAL_CONVERTS_REARRANGE
    return len(state.players[seat].line) >= 2


def collision(state: State, seat: int) -> None:
    """Phase 5: "Only now, and only if your markers share a space: (1) every player with a
    second workshop and no criminal in their line gains 1 virtue; (2) collision effects of cards
    in lines resolve; (3) you gain the reward printed above the shared space; (4) every opponent
    gains the reward printed below it, where it applies to them; then reset both your markers".
    Players act in turn order from you; the shared space is fixed now."""
    player = state.players[seat]
    if player.virtue != player.corruption:
        return
    space = player.virtue
    stack = state.stack
    seats = state.seat_count
    order = [(seat + k) % seats for k in range(seats)]
    stack.append(Task(Auto.RESET_TRACK, seat))
    # Pushed last-first: (4) opponents below, (3) you above, (2) collision cards; (1) at once.
    who, below = COLLISION_BELOW[space]
    for other in reversed(order[1:]):
        criminal = line_has_criminal(state.players[other])
        if who == "all" or (who == "criminal") == criminal:
            if below == (REARRANGE_ONLY,):  # "may rearrange"
                if offered_rearrange(state, other):
                    stack.append(Task(Decision.REARRANGE, other))
            else:
                push_effects(state, other, below, source_of(Origin.COLLISION, space))
    push_effects(state, seat, COLLISION_ABOVE[space], source_of(Origin.COLLISION, space))
    for other in reversed(order):
        cards = [card for card in state.players[other].line
                 if CARD_DESIGN[card].timing == _COLLISION]
        if cards:
            push_line_effects(state, other, cards, Origin.COLLISION_CARD)
    for other in reversed(order):
        them = state.players[other]
        if them.built[WORKSHOP] >= 2 and not line_has_criminal(them):
            step_virtue(state.player_mut(other), 1)


def reset_track(state: State, seat: int) -> None:
    """After a collision: corruption back to the left end, virtue to the right end."""
    player = state.player_mut(seat)
    player.corruption, player.virtue = 0, TRACK_END


def draw_to_limit(state: State, seat: int) -> None:
    """Phase 6: "Draw up to your hand limit" (a hand above it is kept)."""
    missing = hand_limit(state, seat) - len(state.players[seat].hand)
    if missing > 0:
        draw_cards(state, seat, missing)


def end_turn(state: State, seat: int) -> None:
    """Hand the turn to the next seat; after the final round's last turn (taken by the player
    before the start player) the game is over."""
    state.turns += 1
    reset_turn_facts(state)
    following = (seat + 1) % state.seat_count
    if following == state.start_seat:
        if state.final_round != UNSET and state.round >= state.final_round:
            state.over = True
            state.turn_seat = NOBODY
            return
        state.round += 1
    state.stack.append(START_TURNS[following])
