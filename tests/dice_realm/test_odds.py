"""The exact odds: closed forms, a seeded simulation, the helper and its speed."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from kingdoms.core.rng import Rng
from kingdoms.dice_realm import odds
from kingdoms.dice_realm.content import CONTENT
from kingdoms.dice_realm.requirements import counts_of, requirement_adapter, satisfied


def req(data: dict[str, Any]) -> Any:
    return requirement_adapter.validate_python(data)


def test_closed_forms() -> None:
    """Requirements where every die is independent have closed forms to check the DP against."""
    # all_even: each die gets three tries at an even face.
    assert odds.probability(req({"type": "all_even"})) == (1 - Fraction(1, 8)) ** 6
    # sum 36 needs every die to show a 6 within three tries.
    assert odds.probability(req({"type": "sum_at_least", "s": 36})) == (
        1 - Fraction(5, 6) ** 3) ** 6
    # one roll, six of a kind: 6 / 6**6.
    assert odds.probability(req({"type": "kind", "n": 6}), rolls=1) == Fraction(1, 7776)
    # at least one 6 in three rolls of six dice.
    assert odds.probability(req({"type": "face", "face": 6, "n": 1})) == 1 - Fraction(5, 6) ** 18
    # Four rolls (an Elf) are never worse than three.
    for c in CONTENT.citizens:
        assert odds.probability(c.requirement, 4) >= odds.probability(c.requirement, 3)


def test_simulation_agrees() -> None:
    """A seeded simulation of the DP's own best-keep policy lands near the exact value."""
    r = req({"type": "full_house"})
    rng = Rng(2024)
    trials, hits = 4000, 0
    for _ in range(trials):
        dice = [rng.below(6) + 1 for _ in range(6)]
        for left in (2, 1):
            mask = odds.best_keep(r, dice, left)
            if mask is None:
                break
            dice = [d if mask >> i & 1 else rng.below(6) + 1 for i, d in enumerate(dice)]
        hits += satisfied(r, dice)
    exact = float(odds.probability(r))
    assert abs(hits / trials - exact) < 0.03


def test_helper_may_release_held_dice() -> None:
    """"dice set aside earlier may be taken back and re-rolled": held dice do not limit the best
    chance; ``holding`` is the chance if exactly the held dice stay."""
    r = req({"type": "kind", "n": 5})
    dice = [6, 6, 2, 2, 2, 1]
    bad_hold = odds.odds_helper(r, dice, held_mask=0b000011, rolls_left=1)
    good_hold = odds.odds_helper(r, dice, held_mask=0b011100, rolls_left=1)
    assert bad_hold["best"] == good_hold["best"]
    assert good_hold["holding"]["p"] > bad_hold["holding"]["p"]
    assert bad_hold["best_keep"] == 0b011100
    best = odds.best_chance(r, dice, 1)
    assert best == odds.chance_keeping(r, dice, 0b011100, 1)
    assert good_hold["best"]["exact"] == f"{best.numerator}/{best.denominator}"
    # three 2s kept, three dice rolled once: at least two more 2s.
    assert best == Fraction(16, 216)


def test_helper_edges() -> None:
    r = req({"type": "pairs", "k": 3})
    fresh = odds.odds_helper(r, None, 0, 3)
    assert fresh["best"]["p"] == float(odds.probability(r))
    done = odds.odds_helper(r, [1, 1, 2, 2, 3, 3], 0, 2)
    assert done["met"] and done["best"]["p"] == 1.0 and done["best_keep"] is None
    last = odds.odds_helper(r, [1, 1, 2, 2, 3, 4], 0b1111, 0)
    assert last["best"]["p"] == 0.0


def test_fairy_flips_help() -> None:
    """With a Fairy flip at the end, chances can only go up (1↔6, 2↔5, 3↔4)."""
    r = req({"type": "face", "face": 6, "n": 6})
    assert odds.best_chance(r, [6, 6, 6, 6, 6, 1], 0, flips=1) == 1
    assert odds.best_chance(r, [6, 6, 6, 6, 6, 1], 0, flips=0) == 0
    for c in CONTENT.citizens[:10]:
        assert odds.probability(c.requirement, 3, flips=1) >= c.exact_odds


def test_best_keep_is_optimal() -> None:
    """The suggested mask achieves the best chance, for many random positions."""
    rng = Rng(5)
    for c in CONTENT.citizens[::4]:
        for _ in range(20):
            dice = [rng.below(6) + 1 for _ in range(6)]
            for left in (1, 2):
                mask = odds.best_keep(c.requirement, dice, left)
                best = odds.best_chance(c.requirement, dice, left)
                if mask is None:
                    assert best == 1
                else:
                    assert odds.chance_keeping(c.requirement, dice, mask, left) == best
                    kept = counts_of([d for i, d in enumerate(dice) if mask >> i & 1])
                    assert all(k <= m for k, m in zip(kept, counts_of(dice), strict=True))


def test_speed() -> None:
    """A fresh table takes milliseconds; a query after that is a lookup."""
    r = req({"type": "all", "of": [{"type": "straight", "n": 4}, {"type": "sum_at_least",
                                                                  "s": 19}]})
    start = time.perf_counter()
    odds.table(r)
    build = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(1000):
        odds.odds_helper(r, [1, 2, 3, 5, 5, 6], 0b000111, 2)
    per_query = (time.perf_counter() - start) / 1000
    assert build < 0.5
    assert per_query < 0.005
