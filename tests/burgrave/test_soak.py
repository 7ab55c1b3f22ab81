"""Random seeded games checking invariants after every action.

Normal run: a few dozen games. ``--soak``: 1,000 four-player games and 300 each at 2 and 3.
Invariants: every card exists exactly once (piles, dismissed, players' zones), workers are
conserved (supply + castle = 20), no stock is negative, primary actions are paid exactly
(workers: gold = max(0, cost - nobles - criminals); 1-merchant trades: one silver per use, never
more uses than icons), every game ends within a generous action cap, and the final score equals
the sum of its breakdown.
"""

from __future__ import annotations

import pytest

from kingdoms.burgrave import rules as R
from kingdoms.burgrave.content import (
    CRIMINAL,
    HERO_BASE,
    MERCHANT,
    NOBLE,
    SEG_EXCHANGES,
    START_BASE,
)
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.state import State
from kingdoms.core.protocol import Seat
from kingdoms.core.rng import Rng, derive_seed

ACTION_CAP = 5_000


def check_invariants(s: State) -> None:
    cards = [c for pile in s.piles for c in pile] + s.dismissed
    for p in s.players:
        cards += p.hand + p.deck + p.discard + p.line + p.destroyed
        assert min(p.silver, *p.res, p.debts, p.deeds, p.debts_flipped, p.deeds_flipped) >= 0
        assert p.supply >= 0 and len(p.line) <= 3 and 0 <= p.corruption <= p.virtue <= 6
    if s.round == 0:  # setup: decks are formed after each pick's extra step
        return
    expected = list(range(HERO_BASE)) + [p.hero for p in s.players]
    expected += [START_BASE + 8 * seat + k for seat in range(s.n) for k in range(8)]
    assert sorted(cards) == sorted(expected), "every card exists exactly once"
    for seat, p in enumerate(s.players):
        castle = sum(s.tier1[k][seat] + s.tier2[k][seat] + s.tier3[k][seat] for k in range(5))
        assert castle + p.supply == 20
    if not s.stack or s.over:
        return
    for k in range(5):
        pending = (R.A_CASTLE, R.D_CASCADE, R.A_CROWD, R.D_BUMP)
        assert sum(s.tier1[k]) <= 3 or any(t[0] in pending for t in s.stack)


def check_payment(before: State, code: int, after: State) -> None:
    seat = before.stack[-1][1]
    if before.stack[-1][0] != R.D_ACTION:
        return
    p0, p1 = before.players[seat], after.players[seat]
    icons = R.icon_counts(before, seat)
    up_before = sum(map(sum, before.tier2 + before.tier3))
    moved_up = sum(map(sum, after.tier2 + after.tier3)) != up_before
    straight_to_hire = bool(after.stack) and after.stack[-1][:2] == (R.D_HIRE, seat)
    if R.PLACE_BASE < code <= R.PLACE_BASE + 4 and not moved_up and straight_to_hire:
        need = R.WORKER_COSTS[code - R.PLACE_BASE - 1]
        assert p0.res[1] - p1.res[1] == max(0, need - icons[NOBLE] - icons[CRIMINAL])
    if R.TRADE_BASE < code <= R.TRADE_BASE + 20:
        kind = SEG_EXCHANGES[before.segments[p0.space % 10 // 2]][p0.space % 2]
        times = code - R.TRADE_BASE
        if kind == 1:
            assert times <= icons[MERCHANT] + icons[CRIMINAL]
            gained = p1.silver - p0.silver
            assert gained >= times  # ongoing "after you trade" may add more


def run_games(players: int, games: int, salt: str) -> list[int]:
    lengths = []
    for number in range(games):
        seed = derive_seed(salt, players, number)
        chooser = Rng(derive_seed(seed, "choices"))
        s = GAME.new_game([Seat(name=f"P{k}") for k in range(players)], seed)
        moves = 0
        while not s.over:
            legal = R.legal_codes(s)
            assert legal, f"no legal action (game {number}, move {moves})"
            code = chooser.choice(legal)
            after = R.apply_code(s, code)
            check_payment(s, code, after)
            s = after
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
