"""Burgrave's final (and running) score: one function per part, summed by ``GAME.result``.

Spec, final score: "buildings, castle workers, manuscripts (sets of different ribbon colours score
1/4/9/16 for 1/2/3/4 colours, several sets allowed, plus each manuscript's own points), castle
leader, cleric bonus cards, debts and deeds, poverty/prosperity. Ongoing card effects do not
apply in final scoring. Tie: most leftover silver + resources; else a shared win."

>>> set_points([2, 1, 0, 0]), majority([3, 3, 1, 0], 4)
(5, [10, 10, 4, 0])
"""

from __future__ import annotations

from .board import N_POSITIONS
from .content import CONTENT, RIBBONS, PointKind
from .state import Player, State
from .tables import BUILD_POINTS, CARD_DESIGN, SCRIPTS

DEBT_POINTS = -2
DEED_POINTS = 1
FLIPPED_DEED_POINTS = 3


def set_points(counts: list[int]) -> int:
    """Manuscript sets: each set of different ribbon colours scores by its size (1/4/9/16)."""
    counts = sorted(counts, reverse=True)
    total = 0
    while counts and counts[0] > 0:
        size = sum(1 for count in counts if count > 0)
        total += CONTENT.set_points[size]
        counts = [count - 1 for count in counts]
    return total


def majority(values: list[int], players: int) -> list[int]:
    """Points per seat for a 12/8/4 majority (8 skipped below 3 players); ties share the points
    of the places they cover, rounded down; at least 1 to qualify."""
    places = list(CONTENT.majority_points)
    if players < 3:
        places = [places[0], places[2]]
    out = [0] * len(values)
    place = 0
    for value in sorted({v for v in values if v > 0}, reverse=True):
        tied = [seat for seat, v in enumerate(values) if v == value]
        share = sum(places[place: place + len(tied)]) // len(tied)
        for seat in tied:
            out[seat] = share
        place += len(tied)
        if place >= len(places):
            break
    return out


def castle_workers(state: State, seat: int) -> int:
    return sum(
        state.tier1[section][seat] + state.tier2[section][seat] + state.tier3[section][seat]
        for section in range(N_POSITIONS)
    )


def manuscript_points(state: State, seat: int) -> int:
    """The manuscripts' own points; per-icon ones count the real icons of the final line
    (criminals are not wild here)."""
    player = state.players[seat]
    total = 0
    for script in player.manuscripts:
        points = SCRIPTS[script].points
        if points is not None:
            total += points.amount * _point_count(state, seat, points.kind, points.icon)
    return total


def _point_count(state: State, seat: int, kind: PointKind, icon: int) -> int:
    """What one point of a manuscript of ``kind`` is paid for (only the asked one is counted:
    the bots score positions many times per decision)."""
    player = state.players[seat]
    if kind == PointKind.FLAT:
        return 1
    if kind == PointKind.PER_BUILDING:
        return sum(player.built)
    if kind == PointKind.PER_ICON:
        return sum(CARD_DESIGN[card].icon_count[icon] for card in player.line)
    if kind == PointKind.PER_FLIPPED_DEBT:
        return player.debts_flipped
    if kind == PointKind.PER_FLIPPED_DEED:
        return player.deeds_flipped
    if kind == PointKind.PER_TIER3:
        return sum(row[seat] for row in state.tier3)
    return castle_workers(state, seat)  # PER_CASTLE_WORKER


def score_parts(state: State, seat: int) -> dict[str, int]:
    """Every part of ``seat``'s score (the keys views and the end screen show)."""
    player = state.players[seat]
    buildings = sum(
        BUILD_POINTS[building][built - 1] for building, built in enumerate(player.built) if built
    )
    workers = 0
    for tier1, tier2, tier3 in zip(state.tier1, state.tier2, state.tier3, strict=True):
        workers += tier1[seat] + 2 * tier2[seat] + 3 * tier3[seat]
    ribbons = [0] * len(RIBBONS)
    for script in player.manuscripts:
        ribbons[SCRIPTS[script].ribbon] += 1
    players = state.seat_count
    poverty = prosperity = 0
    if state.poverty:  # spec: poverty rewards the most flipped deeds
        poverty = majority([them.deeds_flipped for them in state.players], players)[seat]
    if state.prosperity:  # and prosperity the most flipped debts
        prosperity = majority([them.debts_flipped for them in state.players], players)[seat]
    return {
        "buildings": buildings,
        "workers": workers,
        "manuscript_sets": set_points(ribbons),
        "manuscript_points": manuscript_points(state, seat),
        "castle_leader": CONTENT.castle_leader_points if state.castle_leader == seat else 0,
        "cleric_bonus": sum(CONTENT.cleric_bonus[ribbon].points for ribbon in player.cleric_bonus),
        "debts": DEBT_POINTS * player.debts,
        "deeds": DEED_POINTS * player.deeds + FLIPPED_DEED_POINTS * player.deeds_flipped,
        "poverty": poverty,
        "prosperity": prosperity,
    }


def leftovers(player: Player) -> int:
    """The tie-break: leftover silver + resources."""
    return player.silver + sum(player.resources)
