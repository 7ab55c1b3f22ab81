"""The engine's cost and "why not" queries (``costs.fund``, ``*_funding``, ``*_obstacle``).

The page shows these (funding texts, blocked reasons) instead of computing rules itself, and
``primary_codes`` decides legality with the same functions. These tests check on positions from
random seeded games that the queries agree exactly with the legal actions, and that each
obstacle names the rule that stops the action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from bg_helpers import recount

from kingdoms.burgrave.actions import (
    BUILD_CODES,
    DISMISS_CODES,
    PASS,
    PLACE_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    build_code,
    build_parts,
)
from kingdoms.burgrave.board import bank_spots, segment_of
from kingdoms.burgrave.content import CLERIC, CRIMINAL, NOBLE
from kingdoms.burgrave.costs import (
    Funding,
    budget,
    build_funding,
    build_obstacle,
    builder_icons,
    dismissed_design,
    exchange_kind,
    free_spots,
    fund,
    icon_counts,
    place_funding,
    place_obstacle,
    script_cost,
    trade_funding,
    trade_icons,
    trade_max,
    trade_obstacle,
    transcribe_funding,
    transcribe_obstacle,
)
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.primary import action_codes, take_primary_action
from kingdoms.burgrave.rules import apply_code, legal_codes
from kingdoms.burgrave.state import State, replaced
from kingdoms.burgrave.tables import BUILD_COST, WORKER_COSTS
from kingdoms.burgrave.tasks import Decision
from kingdoms.core.protocol import Seat


def primary_positions(seeds: range, limit: int = 4000) -> Iterator[State]:
    """Every primary-action decision (phase 3) met in random games of the given seeds."""
    for seed in seeds:
        n = 2 + seed % 3
        state = GAME.new_game([Seat(name=f"P{k}") for k in range(n)], seed)
        rng = random.Random(seed)
        for _ in range(limit):
            if state.over:
                break
            if state.stack[-1].op == Decision.PRIMARY_ACTION:
                yield state
            state = apply_code(state, rng.choice(legal_codes(state)))


POSITIONS = list(primary_positions(range(12)))


def test_fund_uses_icons_first_then_the_stock() -> None:
    assert fund(3, 5, 0) == Funding(need=3, from_icons=3, pay=0, stock=0)
    assert fund(5, 2, 4) == Funding(need=5, from_icons=2, pay=3, stock=4)
    assert fund(5, 2, 4).affordable and fund(5, 2, 4).missing == 0
    assert not fund(7, 2, 1).affordable and fund(7, 2, 1).missing == 4
    assert fund(0, 0, 0).affordable


def test_budget_agrees_with_fund() -> None:
    """The legal-action search compares costs with ``budget``; the page reads ``fund``."""
    for need in range(12):
        for icons in range(8):
            for stock in range(-2, 8):
                assert (need <= budget(icons, stock)) == fund(need, icons, stock).affordable


def test_icon_counts_agree_with_a_plain_count() -> None:
    """``icon_counts`` adds packed numbers (it is asked several times a turn in every
    play-out); counted one icon at a time, every seat of every position gives the same."""
    dismissals = 0
    for state in POSITIONS:
        dismissals += dismissed_design(state) is not None
        for seat in range(len(state.players)):
            assert icon_counts(state, seat) == recount(state, seat)
    assert dismissals > 10  # positions after a dismissal are among them


def test_positions_cover_both_paths() -> None:
    assert len(POSITIONS) > 200
    spaces = {st.players[st.stack[-1].seat].space < 10 for st in POSITIONS}
    assert spaces == {True, False}


@pytest.mark.parametrize("index", range(0, len(POSITIONS), max(1, len(POSITIONS) // 300)))
def test_affordable_answers_agree_with_legal_actions(index: int) -> None:
    """Without a dismissal this turn, an action is legal exactly when its obstacle is None
    (trades: exactly up to ``trade_max``, each of them affordable)."""
    st = POSITIONS[index]
    seat = st.stack[-1].seat
    p = st.players[seat]
    legal = set(legal_codes(st))
    count = icon_counts(st, seat)
    if dismissed_design(st) is not None:  # a dismissal narrows the choice to the kinds it funds
        assert legal <= set(action_codes(st, seat))
        return
    if p.space < 10:
        trades = {TRADE_CODES.value(c) for c in legal if c in TRADE_CODES}
        assert trades == set(range(1, trade_max(st, seat) + 1))
        for times in trades:
            assert trade_funding(st, seat, times).affordable
        spots = free_spots(st, p.space)
        for b in range(3):
            built = {build_code(b, s) for s in spots} & legal
            obstacle = build_obstacle(st, seat, b)
            assert (obstacle is None) == bool(built)
            if obstacle is None:
                assert built == {build_code(b, s) for s in spots}
            f = build_funding(st, seat, b)
            assert f.need == BUILD_COST[b]
            assert f.from_icons == min(f.need, builder_icons(p, count))
            assert f.stock == p.resources[2]
            assert (obstacle == "cost") == (bool(spots) and p.built[b] < 3 and not f.affordable)
            assert (obstacle == "no_spot") == (not spots)
    else:
        for k in range(1, 5):
            obstacle = place_obstacle(st, seat, k)
            assert (obstacle is None) == (PLACE_CODES.code(k) in legal)
            f = place_funding(st, seat, k)
            assert f.need == WORKER_COSTS[k - 1]
            assert f.from_icons == min(f.need, count[NOBLE] + count[CRIMINAL])
            assert f.stock == p.resources[1]
            assert (obstacle == "no_workers") == (p.supply < k)
        obstacle = transcribe_obstacle(st, seat)
        assert (obstacle is None) == (TRANSCRIBE in legal)
        f = transcribe_funding(st, seat)
        assert f.need == script_cost(st, segment_of(p.space))
        assert f.from_icons == min(f.need, count[CLERIC] + count[CRIMINAL])
        assert (obstacle == "transcribed") == bool(st.turn_transcribed)


def test_primary_action_pays_what_the_funding_says() -> None:
    """Applying a primary action takes exactly ``Funding.pay`` from the paying stock (checked
    before the after-action effects run)."""
    checked = 0
    for st in POSITIONS[:400]:
        seat = st.stack[-1].seat
        count = icon_counts(st, seat)
        for code in legal_codes(st):
            if code == PASS or code in DISMISS_CODES:
                continue
            if code in TRADE_CODES:
                times = TRADE_CODES.value(code)
                f, stock = trade_funding(st, seat, times, count), -1
                if exchange_kind(st, seat) == 1:
                    continue  # the silver comes straight back
            elif code in BUILD_CODES:
                f, stock = build_funding(st, seat, build_parts(code)[0], count), 2
            elif code in PLACE_CODES:
                f, stock = place_funding(st, seat, PLACE_CODES.value(code), count), 1
            else:
                assert code == TRANSCRIBE
                f, stock = transcribe_funding(st, seat, count), 0
            new = st.clone()
            p = new.players[seat]
            before = p.silver if stock < 0 else p.resources[stock]
            take_primary_action(new, seat, code)
            p = new.players[seat]  # copied on write by the action
            after = p.silver if stock < 0 else p.resources[stock]
            assert before - after == f.pay, (code, f)
            checked += 1
    assert checked > 100


def test_obstacles_name_the_rule() -> None:
    """Each "not possible" reason on hand-edited copies of real positions."""
    outer = next(st for st in POSITIONS if st.players[st.stack[-1].seat].space < 10)
    inner = next(st for st in POSITIONS if st.players[st.stack[-1].seat].space >= 10)

    st = inner.clone()
    seat = st.stack[-1].seat
    st.players[seat].supply = 0
    assert [place_obstacle(st, seat, k) for k in range(1, 5)] == ["no_workers"] * 4
    st.players[seat].supply = 2
    assert place_obstacle(st, seat, 3) == "no_workers"
    st.turn_transcribed = 1
    assert transcribe_obstacle(st, seat) == "transcribed"
    st.turn_transcribed = 0
    p = st.players[seat]
    p.resources[0] = 0
    p.line, p.cleric_bonus = [], ()
    count = [0] * 5
    need = script_cost(st, segment_of(p.space))
    assert transcribe_funding(st, seat, count, 0) == fund(need, 0, 0)
    assert transcribe_obstacle(st, seat, count, 0) == ("cost" if need else None)

    st = outer.clone()
    seat = st.stack[-1].seat
    p = st.players[seat]
    p.built = [3, p.built[1], p.built[2]]
    assert build_obstacle(st, seat, 0) in ("all_built", "no_spot")
    for s in bank_spots(p.space):
        st.spot_owner = replaced(st.spot_owner, s, (seat + 1) % st.seat_count)
    assert [build_obstacle(st, seat, b) for b in range(3)] == ["no_spot"] * 3
    count = [0] * 5
    assert build_funding(st, seat, 2, count, 1) == fund(BUILD_COST[2], 0, 1)

    kind = exchange_kind(st, seat)
    p.silver = 0
    if kind == 3:
        p.hand, p.deck, p.discard, p.line = p.hand[:1], [], [], p.line[:2]
        assert trade_obstacle(st, seat) == "no_destroy"
    elif kind == 4:
        p.debts = p.deeds = 0
        assert trade_obstacle(st, seat) == "no_flip"
    else:
        assert trade_obstacle(st, seat) == ("icons_only" if kind == 1 else "cost")
    assert trade_funding(st, seat, 2, count, 0) == fund(2 * kind, 0, 0)


def test_every_trade_obstacle_occurs_with_no_trade_legal() -> None:
    """Over many positions with no legal trade, each exchange gives its own reason."""
    seen: set[str] = set()
    for st in POSITIONS:
        seat = st.stack[-1].seat
        p = st.players[seat]
        if p.space >= 10 or dismissed_design(st) is not None or trade_max(st, seat):
            continue
        kind = exchange_kind(st, seat)
        obstacle = trade_obstacle(st, seat)
        seen.add(obstacle)
        if obstacle == "no_destroy":
            assert kind == 3 and p.owned() <= 3
        elif obstacle == "no_flip":
            assert kind == 4 and p.debts + p.deeds == 0
        elif obstacle == "icons_only":
            assert kind == 1 and trade_icons(icon_counts(st, seat)) == 0
        else:
            assert kind in (2, 3, 4)
    assert {"icons_only", "cost"} <= seen
