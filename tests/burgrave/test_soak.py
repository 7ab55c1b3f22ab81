"""Random seeded games checking invariants after every action.

Normal run: a few dozen games. ``--soak``: 1,000 four-player games and 300 each at 2 and 3.
Invariants: every card exists exactly once (piles, dismissed, players' zones), workers are
conserved (supply + castle = 20), no stock is negative, every game ends within a generous action
cap, and the final score equals the sum of its breakdown.

Payments ("icons paid exactly"): before every primary action, dismissal, hire and move the test
recounts the player's icons itself (line, uncovered start slots, buildings, cleric bonus cards,
the townsfolk dismissed this turn) and predicts the payment from the spec's tables; the action is
then applied without running the effects it queues (``decisions.apply_decision`` on a copy), so
the change in silver, ink, gold and stone is exactly the payment (plus the 1-silver exchange's
own silver). It also checks that the offered primary actions are exactly the affordable ones
(each exchange kind, every build, 1-4 workers, transcribe), and that after a dismissal only
actions its icons fund are offered.
"""

from __future__ import annotations

import pytest
from bg_helpers import dismissed_this_turn, recount

from kingdoms.burgrave.actions import (
    BUILD_CODES,
    DISMISS_CODES,
    MAX_TRADES,
    MOVE_CODES,
    PASS,
    PLACE_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    build_code,
    build_parts,
)
from kingdoms.burgrave.board import MAX_STEPS, REACH
from kingdoms.burgrave.content import (
    BUILDER,
    CLERIC,
    CRIMINAL,
    MERCHANT,
    NOBLE,
    TRADING_POST,
    Trigger,
)
from kingdoms.burgrave.costs import script_cost
from kingdoms.burgrave.decisions import apply_decision
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rules import apply_code, legal_codes
from kingdoms.burgrave.state import FREE, State, Walk
from kingdoms.burgrave.tables import (
    BUILD_COST,
    CARD_DESIGN,
    CARD_VALUE,
    NEUTRAL_CARDS,
    PRINTED,
    SEG_EXCHANGES,
    STARTING_DECKS,
    WORKER_COSTS,
)
from kingdoms.burgrave.tasks import Auto, Decision
from kingdoms.core.protocol import Seat
from kingdoms.core.rng import Rng, derive_seed

ACTION_CAP = 5_000
SURVEYOR = Trigger.MERCHANTS_AS_BUILDERS


def check_invariants(s: State) -> None:
    cards = [c for pile in s.townsfolk_piles for c in pile] + list(s.dismissed)
    for p in s.players:
        cards += p.hand + p.deck + p.discard + p.line + list(p.destroyed)
        assert min(p.silver, *p.resources, p.debts, p.deeds, p.debts_flipped, p.deeds_flipped) >= 0
        assert p.supply >= 0 and len(p.line) <= 3 and 0 <= p.corruption <= p.virtue <= 6
    if s.round == 0:  # setup: decks are formed after each pick's extra step
        return
    expected = [*NEUTRAL_CARDS, *(p.hero for p in s.players)]
    expected += [card for seat in range(s.seat_count) for card in STARTING_DECKS[seat]]
    assert sorted(cards) == sorted(expected), "every card exists exactly once"
    for seat, p in enumerate(s.players):
        castle = sum(s.tier1[k][seat] + s.tier2[k][seat] + s.tier3[k][seat] for k in range(5))
        assert castle + p.supply == 20
        assert p.owned() >= 3, "you always own at least 3 cards"
    if not s.stack or s.over:
        return
    for k in range(5):
        pending = (Auto.CASTLE, Decision.CASCADE, Auto.CROWDING, Decision.BUMP)
        assert sum(s.tier1[k]) <= 3 or any(t[0] in pending for t in s.stack)


def builders(s: State, seat: int, count: list[int]) -> int:
    p = s.players[seat]
    surveyor = any(CARD_DESIGN[c].trigger == SURVEYOR for c in p.line)
    return count[BUILDER] + count[CRIMINAL] + (count[MERCHANT] // 2 if surveyor else 0)


def exchange(s: State, seat: int) -> int:
    space = s.players[seat].space
    return SEG_EXCHANGES[s.segments[space // 2]][space % 2]


def expected_primary(s: State, seat: int) -> set[int]:
    """Every affordable primary action (before any dismissal restriction)."""
    p = s.players[seat]
    count = recount(s, seat)
    crook = count[CRIMINAL]
    out: set[int] = set()
    if p.space < 10:
        kind = exchange(s, seat)
        merchants = count[MERCHANT] + crook
        if kind == 1:
            top = merchants  # silver paid in would come straight back
        else:
            top = (merchants + p.silver) // kind
            if kind == 3:
                top = min(top, p.owned() - 3, len(p.hand) + len(p.deck))
            if kind == 4:
                top = min(top, p.debts + p.deeds)
        out |= {TRADE_CODES.code(t) for t in range(1, min(top, MAX_TRADES) + 1)}
        spots = [sp for sp in range(3 * p.space, 3 * p.space + 3) if s.spot_owner[sp] == FREE]
        for b in range(3):
            if p.built[b] < 3 and BUILD_COST[b] - builders(s, seat, count) <= p.resources[2]:
                out |= {build_code(b, sp) for sp in spots}
    else:
        for k in range(1, 5):
            if p.supply >= k and WORKER_COSTS[k - 1] - count[NOBLE] - crook <= p.resources[1]:
                out.add(PLACE_CODES.code(k))
        cost = script_cost(s, p.space - 10)
        if not s.turn_transcribed and cost - count[CLERIC] - crook <= p.resources[0]:
            out.add(TRANSCRIBE)
    return out


def funded_by(design_icons: tuple[int, ...], code: int, surveyor: bool) -> bool:
    """Spec: the dismissed townsfolk shows an icon usable for this action (criminal counts)."""
    icons = set(design_icons)
    if CRIMINAL in icons:
        return True
    if code in TRADE_CODES:
        return MERCHANT in icons
    if code in BUILD_CODES:
        return BUILDER in icons or (surveyor and MERCHANT in icons)
    if code in PLACE_CODES:
        return NOBLE in icons
    return code == TRANSCRIBE and CLERIC in icons


def check_payment(before: State, code: int) -> None:
    op, seat = before.stack[-1][0], before.stack[-1][1]
    if op not in (Decision.PRIMARY_ACTION, Decision.HIRE, Decision.MOVE) or code == PASS:
        return
    p0 = before.players[seat]
    paid = [0, 0, 0, 0]  # silver, ink, gold, stone
    queued: tuple[int, int] | None = None
    count = recount(before, seat)
    legal = set(legal_codes(before))
    if op == Decision.PRIMARY_ACTION:
        primary = expected_primary(before, seat)
        dismissed = dismissed_this_turn(before)
        if dismissed is None:
            assert legal - {PASS} - {c for c in legal if c in DISMISS_CODES} == primary
        else:
            surveyor = any(CARD_DESIGN[c].trigger == SURVEYOR for c in p0.line)
            funded = {c for c in primary if funded_by(dismissed.icons, c, surveyor)}
            assert legal == (funded or {PASS}), "after a dismissal: its actions only"
    if op == Decision.MOVE:
        value, free = before.turn_played_value, p0.free_steps + (p0.built[TRADING_POST] >= 1)
        steps = next(n for n in range(value, MAX_STEPS + 1)
                     if REACH[p0.space][n] >> MOVE_CODES.value(code) & 1)
        paid[0] = max(0, steps - value - free)
    elif op == Decision.HIRE:
        seg = p0.space // 2 if p0.space < 10 else p0.space - 10
        paid[0] = CARD_VALUE[before.townsfolk_piles[seg][-1]]
    elif code in DISMISS_CODES:
        pile = before.townsfolk_piles[DISMISS_CODES.value(code)]
        value = CARD_VALUE[pile[-1]] if pile else PRINTED[
            before.segments[DISMISS_CODES.value(code)]].value
        paid[0] = 1 if p0.built[TRADING_POST] >= 2 else value
    elif code in TRADE_CODES:
        times, kind = TRADE_CODES.value(code), exchange(before, seat)
        missing = max(0, kind * times - count[MERCHANT] - count[CRIMINAL])
        if kind == 1:
            assert missing == 0, "1 merchant -> 1 silver is never funded with silver"
            paid[0] = -times
        else:
            paid[0] = missing
            queue = {2: Decision.CHOOSE_RESOURCE, 3: Decision.DESTROY, 4: Decision.FLIP}
            queued = (queue[kind], times)
    elif code in BUILD_CODES:
        building = build_parts(code)[0]
        paid[3] = max(0, BUILD_COST[building] - builders(before, seat, count))
    elif code in PLACE_CODES:
        paid[2] = max(0, WORKER_COSTS[PLACE_CODES.value(code) - 1] - count[NOBLE] - count[CRIMINAL])
    elif code == TRANSCRIBE:
        cost = script_cost(before, p0.space - 10)
        paid[1] = max(0, cost - count[CLERIC] - count[CRIMINAL])
    after = before.clone()
    task = after.stack.pop()
    apply_decision(after, task, code)  # pay and queue, but do not resolve the queued effects
    p1 = after.players[seat]
    got = [p0.silver - p1.silver] + [p0.resources[r] - p1.resources[r] for r in range(3)]
    assert got == paid, f"action {code}: paid {got}, expected {paid}"
    if op == Decision.MOVE:  # the move kept for the view's path: the steps paid for
        assert p1.walked == Walk(p0.space, steps, before.turns)
    if queued is not None:
        op_q, times = queued
        assert sum(t[:2] == (op_q, seat) for t in after.stack) - sum(
            t[:2] == (op_q, seat) for t in before.stack
        ) == times


def run_games(players: int, games: int, salt: str) -> list[int]:
    lengths = []
    for number in range(games):
        seed = derive_seed(salt, players, number)
        chooser = Rng(derive_seed(seed, "choices"))
        s = GAME.new_game([Seat(name=f"P{k}") for k in range(players)], seed)
        moves = 0
        while not s.over:
            legal = legal_codes(s)
            assert legal, f"no legal action (game {number}, move {moves})"
            code = chooser.choice(legal)
            check_payment(s, code)
            s = apply_code(s, code)
            if moves % 7 == 0:
                check_invariants(s)
            moves += 1
            assert moves <= ACTION_CAP, f"game {number} hit the action cap"
        check_invariants(s)
        assert s.round == s.final_round
        for score in GAME.result(s).scores:
            assert score.total == sum(score.breakdown.values())
        lengths.append(moves)
    return lengths


@pytest.mark.parametrize(("players", "games"), [(2, 60), (3, 60), (4, 120)])
def test_quick_soak(players: int, games: int) -> None:
    assert min(run_games(players, games, "quick")) > 0


@pytest.mark.soak
@pytest.mark.parametrize(("players", "games"), [(2, 300), (3, 300), (4, 1000)])
def test_full_soak(players: int, games: int) -> None:
    assert min(run_games(players, games, "soak")) > 0
