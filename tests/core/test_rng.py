"""Golden values for the engine's generator.

Why golden values: a saved game or share code is only a seed plus actions, so if the generator's
output ever changed, every stored game would silently replay into a different game. The values
below were produced once by the current algorithm (SplitMix64, counter-based) and are hard-coded
here; ``rng_golden.json`` holds the same numbers so the browser test can check that Pyodide gives
identical results.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kingdoms.core.rng import Rng, derive_seed

GOLDEN_FILE = Path(__file__).with_name("rng_golden.json")

RNG0 = [
    0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC,
    0x1B39896A51A8749B, 0x53CB9F0C747EA2EA, 0x2C829ABE1F4532E1, 0xC584133AC916AB3C,
    0x3EE5789041C98AC3, 0xF3B8488C368CB0A6,
]  # fmt: skip
RNG42 = [
    0xBDD732262FEB6E95, 0x28EFE333B266F103, 0x47526757130F9F52, 0x581CE1FF0E4AE394,
    0x09BC585A244823F2, 0xDE4431FA3C80DB06, 0x37E9671C45376D5D, 0xCCF635EE9E9E2FA4,
    0x5705B8770B3D7DD5, 0x9E54D738297F77AE,
]  # fmt: skip
BELOW6_SEED42 = [1, 1, 0, 0, 4, 0, 1, 2, 1, 2, 5, 4, 2, 1, 2, 2, 5, 3, 3, 0]
SHUFFLE10_SEED7 = [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
RANDINT16_SEED1 = [6, 2, 1, 6, 4, 3, 4, 4, 1, 5, 4, 5]


def _draw(seed: int, count: int, counter: int = 0) -> list[int]:
    rng = Rng(seed, counter)
    return [rng.next_u64() for _ in range(count)]


def test_next_u64_golden() -> None:
    assert _draw(0, 10) == RNG0
    assert _draw(42, 10) == RNG42


def test_counter_positions_the_stream() -> None:
    """A generator rebuilt from (seed, counter) continues exactly where the old one was."""
    assert _draw(42, 5, counter=5) == RNG42[5:]
    rng = Rng(42)
    rng.next_u64()
    assert rng.counter == 1


def test_below_shuffle_randint_golden() -> None:
    rng = Rng(42)
    assert [rng.below(6) for _ in range(20)] == BELOW6_SEED42
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == SHUFFLE10_SEED7
    rng = Rng(1)
    assert [rng.randint(1, 6) for _ in range(12)] == RANDINT16_SEED1


def test_derive_seed_golden() -> None:
    assert derive_seed(42) == 0xA759EA27D4727622
    assert derive_seed(0, "game", 1) == 0x78F7E3F458493F21
    assert derive_seed("tally") == 0x7CCA85645290A235


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        Rng(1).below(0)
    with pytest.raises(ValueError):
        Rng(1, -1)


def test_below_is_in_range_for_awkward_bounds() -> None:
    rng = Rng(9)
    for n in (1, 2, 3, 7, 1000, (1 << 63) + 1, 1 << 64):
        assert all(0 <= rng.below(n) < n for _ in range(50))


def _int(value: Any) -> int:
    return int(value, 16) if isinstance(value, str) else int(value)


def test_golden_file_matches_generator_and_constants() -> None:
    """The JSON file (used by the browser test) agrees with the code and with the constants."""
    golden = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))
    for case in golden["next_u64"]:
        values = [_int(v) for v in case["values"]]
        assert _draw(_int(case["seed"]), len(values), case["counter"]) == values
    for case in golden["below"]:
        rng = Rng(_int(case["seed"]))
        assert [rng.below(case["n"]) for _ in case["values"]] == case["values"]
    for case in golden["randint"]:
        rng = Rng(_int(case["seed"]))
        got = [rng.randint(case["low"], case["high"]) for _ in case["values"]]
        assert got == case["values"]
    for case in golden["shuffle"]:
        items = list(case["items"])
        Rng(_int(case["seed"])).shuffle(items)
        assert items == case["result"]
    for case in golden["derive_seed"]:
        assert derive_seed(*case["parts"]) == _int(case["value"])
    by_seed = {
        (_int(c["seed"]), c["counter"]): [_int(v) for v in c["values"]] for c in golden["next_u64"]
    }
    assert by_seed[(0, 0)] == RNG0
    assert by_seed[(42, 0)] == RNG42
    assert golden["below"][0]["values"] == BELOW6_SEED42
    assert golden["shuffle"][0]["result"] == SHUFFLE10_SEED7
