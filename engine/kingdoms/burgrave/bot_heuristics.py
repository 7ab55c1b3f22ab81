"""What a Burgrave position is worth to a seat, the same for every bot.

Why a module of its own: all three computer players (:mod:`.bots`) and the search
(:mod:`.ismcts`) value positions the same way, and the search's playouts and the ``easy`` level
choose actions the same way; one place keeps them consistent and tunable (:class:`Weights`).

Everything here reads a state and never changes one it did not clone (new states come from
:func:`~.rules.apply_code`, which clones). Nothing here looks at anything but the state it is
given: the bots hand it states resampled for their seat (:mod:`kingdoms.core.bots`).

* :func:`value` — a seat's expected final score, roughly: its score now (majorities weighed by
  the chance their card is revealed and the seat's lead in them), plus what its silver,
  resources, cards, track, castle workers and manuscripts should still turn into, fading as the
  end (:func:`turns_left`) comes near.
* :func:`win_chance` — the chance of winning, from the lead in :func:`value` over the best
  opponent; exact once the game is over.

The quick policies that use these values (the search's playouts, the ``easy`` level) are in
:mod:`.bot_policies`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from .board import N_POSITIONS
from .content import CONTENT, N_CARDS, RIBBONS, Effect, EffectKind, Trigger
from .scoring import majority, score_parts
from .state import NOBODY, UNSET, Player, State
from .tables import (
    CARD_DESIGN,
    DESIGNS,
    SCRIPTS,
    Design,
    Timing,
)

# --- what things are worth (victory points, in the middle of a game) -----------------------------

EFFECT_WORTH: dict[int, float] = {
    EffectKind.SILVER: 0.35,
    EffectKind.INK: 0.7,
    EffectKind.GOLD: 0.7,
    EffectKind.STONE: 0.75,
    EffectKind.ANY: 0.8,
    EffectKind.VIRTUE: 0.5,
    EffectKind.CORRUPTION: -0.55,
    EffectKind.DEBT: -2.0,
    EffectKind.DEED: 1.2,
    EffectKind.FLIP_DEBT: 2.6,
    EffectKind.FLIP_DEED: 2.2,
    EffectKind.FLIP_EITHER: 2.6,
    EffectKind.DESTROY: 0.5,
    EffectKind.DISCARD: -0.3,
    EffectKind.REARRANGE: 0.1,
    EffectKind.SHUFFLE: 0.1,
    EffectKind.DRAW: 0.7,
    EffectKind.HIRE_FREE: 1.5,
    EffectKind.MOVE_WORKER: 0.4,
    EffectKind.PLACE_WORKERS: 1.6,
    EffectKind.BUILD_FREE: 5.0,
    EffectKind.TRANSCRIBE_FREE: 2.5,
    EffectKind.FREE_STEPS: 0.3,
    EffectKind.DISMISS_ANY: 0.3,
    EffectKind.MAY_DISCARD: 0.1,
}
"""A rough worth of each effect kind, per unit of ``amount`` (card and reward values)."""
BUILD_FREE_WORTH = (3.5, 5.5, 7.5)
"""A free workshop, trading post, guildhall."""


def effects_worth(effects: Sequence[Effect]) -> float:
    """The rough worth of a list of effects."""
    total = 0.0
    for kind, amount, arg in effects:
        if kind == EffectKind.BUILD_FREE:
            total += BUILD_FREE_WORTH[arg]
        else:
            total += EFFECT_WORTH[kind] * amount
    return total


TIMING_SHARE = {
    Timing.NONE: 0.0,
    Timing.INSTANT: 1.0,
    Timing.DROPOFF: 0.9,
    Timing.ONGOING: 0.4,
    Timing.COLLISION: 0.15,
}
"""How much of a card's ability counts per play (an ongoing one fires only after its action;
a collision one only now and then)."""
ICON_WORTH = 1.0
CRIMINAL_PLAY = -0.55
"""A criminal card played gains corruption (and keeps workshop 2 and honest rewards away)."""


def design_quality(design: Design) -> float:
    """What playing a card is worth, roughly: its icons and its own ability."""
    quality = ICON_WORTH * len(design.icons) + CRIMINAL_PLAY * design.criminals
    if design.trigger == Trigger.MERCHANTS_AS_BUILDERS:
        quality += 0.5
    elif design.trigger == Trigger.DISMISS_ANY:
        quality += 0.3
    else:
        quality += TIMING_SHARE[design.timing] * effects_worth(design.effects)
    return quality


CARD_QUALITY: tuple[float, ...] = tuple(design_quality(CARD_DESIGN[c]) for c in range(N_CARDS))
_STARTING = [design_quality(d) for d in DESIGNS if d.kind == "starting"]
BASE_QUALITY = sum(_STARTING) / len(_STARTING)
"""The average starting card: cards better than this improve a deck."""


# --- the tunable weights ------------------------------------------------------------------------


class Weights(NamedTuple):
    """The evaluation's tunable numbers (measured by tournaments of variants, docs/bots.md)."""

    silver: float = 0.3
    """Future worth of a silver."""
    resource: float = 0.6
    """Future worth of an ink, gold or stone."""
    deck: float = 0.5
    """Worth of a card's quality above the average starting card, per play still to come."""
    virtue: float = 0.5
    """Per virtue step taken (collisions on the left of the track give deeds)."""
    corruption: float = 0.6
    """Per corruption step (collisions on the right give debts)."""
    cascade: float = 0.8
    """Two of one's workers in a castle section (the next one cascades)."""
    bonus_chase: float = 1.0
    """Two manuscripts of a ribbon whose cleric bonus card is still free."""
    horizon: float = 4.0
    """Future worth fades below this many own turns left."""
    spread: float = 3.0
    """Spread of the final lead (points), plus ``spread_per_turn`` per turn left's root."""
    spread_per_turn: float = 1.6
    lead: float = 0.002
    """Added per point of lead, so won (and lost) positions are still told apart."""
    deed_rate: float = 0.5
    """Deeds taken from the pile per player turn (how soon the prosperity card shows)."""
    debt_rate: float = 0.06
    """Debts taken from the pile per player turn."""


WEIGHTS = Weights()


# --- the end ------------------------------------------------------------------------------------


def turns_left(state: State, seat: int, weights: Weights = WEIGHTS) -> float:
    """How many more turns ``seat`` should expect to start (exact once the end is triggered:
    the final round's number is known)."""
    if state.over:
        return 0.0
    seats = state.seat_count
    mine = (seat - state.start_seat) % seats
    now = (state.turn_seat - state.start_seat) % seats if state.turn_seat >= 0 else -1
    this_round = 1.0 if mine > now else 0.0
    if state.final_round != UNSET:
        return max(0.0, state.final_round - state.round + this_round)
    return _rounds_to_end(state, weights) + 1.0 + this_round


def _rounds_to_end(state: State, weights: Weights) -> float:
    """Rounds until a pile runs out, at the measured rates."""
    seats = state.seat_count
    return min(state.debt_pile / (weights.debt_rate * seats),
               state.deed_pile / (weights.deed_rate * seats))


def _reveal_chance(rounds: float, other_rounds: float, triggered: bool, left: int) -> float:
    """The chance that a pile's card (poverty or prosperity) is revealed by the end, from the
    rounds each pile should last at the measured rates."""
    if left <= 0:
        return 1.0
    if triggered:  # the other pile ended the game: a round or two left
        return 0.15 if left <= 2 else 0.03
    return 0.05 + 0.95 / (1.0 + math.exp((rounds - other_rounds) / 1.5))


def majorities(state: State, seat: int, turns: float, weights: Weights = WEIGHTS) -> float:
    """Expected poverty and prosperity points: the majority as it stands (with two players a
    lead counts by how safe it is), times the chance its card is revealed."""
    n = state.seat_count
    players = state.players
    triggered = state.final_round != UNSET
    debt_rounds = state.debt_pile / (weights.debt_rate * n)
    deed_rounds = state.deed_pile / (weights.deed_rate * n)
    total = 0.0
    for counts, rounds, other_rounds, left in (
        ([p.deeds_flipped for p in players], debt_rounds, deed_rounds, state.debt_pile),
        ([p.debts_flipped for p in players], deed_rounds, debt_rounds, state.deed_pile),
    ):
        if not counts[seat]:
            continue
        chance = _reveal_chance(rounds, other_rounds, triggered, left)
        if n == 2:
            lead = counts[seat] - counts[1 - seat]
            top, low = CONTENT.majority_points[0], CONTENT.majority_points[2]
            safe = 1.0 / (1.0 + math.exp(-lead / (0.5 + 0.25 * turns)))
            points = low + (top - low) * safe
        else:
            points = majority(counts, n)[seat]
        total += chance * points
    return total


# --- the value of a position ----------------------------------------------------------------------


def deck_term(player: Player, turns: float) -> float:
    """Cards better than the average starting card, per play still to come."""
    owned = player.owned()
    if not owned:
        return 0.0
    quality = CARD_QUALITY.__getitem__  # map rather than generators: asked for every play-out
    total = sum(map(quality, player.hand)) + sum(map(quality, player.deck))
    total += sum(map(quality, player.discard)) + sum(map(quality, player.line))
    plays = min(turns, 12.0) / owned
    return (total - BASE_QUALITY * owned) * plays


def castle_term(state: State, seat: int, weights: Weights) -> float:
    """Workers one short of a cascade."""
    total = 0.0
    for section in range(N_POSITIONS):
        if state.tier1[section][seat] == 2:
            total += weights.cascade
        if state.tier2[section][seat] == 2:
            total += 0.75 * weights.cascade
    return total


def manuscript_term(state: State, player: Player, weights: Weights) -> float:
    """Two manuscripts of a ribbon whose cleric bonus card is still to be had."""
    if len(player.manuscripts) < 2:
        return 0.0
    ribbons = [0] * len(RIBBONS)
    for script in player.manuscripts:
        ribbons[SCRIPTS[script].ribbon] += 1
    return sum(weights.bonus_chase for ribbon, count in enumerate(ribbons)
               if count == 2 and state.cleric_bonus_owner[ribbon] == NOBODY)


def line_term(player: Player) -> float:
    """The order of a full line: the right card drops off next (its drop-off effect sooner)."""
    line = player.line
    if len(line) < 3:
        return 0.0
    design = CARD_DESIGN[line[2]]
    if design.timing == Timing.DROPOFF:
        return 0.1 * effects_worth(design.effects)
    return 0.0


def value(state: State, seat: int, weights: Weights = WEIGHTS) -> float:
    """``seat``'s expected final score, roughly (exact once the game is over)."""
    parts = score_parts(state, seat)
    total = float(sum(parts.values()))
    if state.over:
        return total
    player = state.players[seat]
    turns = turns_left(state, seat, weights)
    total += majorities(state, seat, turns, weights) - parts["poverty"] - parts["prosperity"]
    fade = min(1.0, turns / weights.horizon)
    future = weights.silver * player.silver + weights.resource * sum(player.resources)
    future += weights.deck * deck_term(player, turns)
    future += weights.virtue * (6 - player.virtue) - weights.corruption * player.corruption
    future += castle_term(state, seat, weights) + manuscript_term(state, player, weights)
    future += line_term(player)
    return total + fade * future


def simple_value(state: State, seat: int) -> float:
    """What ``easy`` sees: the score now (without majorities), silver, resources and cards."""
    parts = score_parts(state, seat)
    player = state.players[seat]
    total = float(sum(parts.values()) - parts["poverty"] - parts["prosperity"])
    total += 0.3 * player.silver + 0.6 * sum(player.resources)
    total += 0.4 * deck_term(player, 8.0)
    total += 0.4 * (6 - player.virtue) - 0.5 * player.corruption
    return total


def final_share(state: State, seat: int) -> float:
    """Over: 1 for a sole winner, ``1/k`` for each of ``k`` tied winners, else 0."""
    best = None
    winners: list[int] = []
    for other in range(state.seat_count):
        key = (sum(score_parts(state, other).values()), _leftovers(state.players[other]))
        if best is None or key > best:
            best, winners = key, [other]
        elif key == best:
            winners.append(other)
    return 1.0 / len(winners) if seat in winners else 0.0


def _leftovers(player: Player) -> int:
    return player.silver + sum(player.resources)


def win_chance(state: State, seat: int, weights: Weights = WEIGHTS) -> float:
    """The chance ``seat`` wins, from its lead in :func:`value` over the best opponent (exact
    shares once the game is over), plus a little per point of lead."""
    mine = value(state, seat, weights)
    best = max(value(state, other, weights) for other in range(state.seat_count) if other != seat)
    lead = mine - best
    if state.over:
        return final_share(state, seat) + weights.lead * lead
    turns = turns_left(state, seat, weights)
    spread = weights.spread + weights.spread_per_turn * math.sqrt(turns)
    return 1.0 / (1.0 + math.exp(-lead / spread)) + weights.lead * lead
