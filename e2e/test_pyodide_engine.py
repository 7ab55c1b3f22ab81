"""Determinism across Pythons: the engine inside the site's Pyodide (3.14, WebAssembly, run by
Node.js) must give exactly what CPython gives — the generator's golden values, and for a random
finished game of every registered game, the same replayed state, views and result."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

from kingdoms.core.codes import encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import append, new_record
from kingdoms.core.registry import get_game, playable_game_ids
from kingdoms.core.rng import Rng

from . import engine_probe
from .conftest import ROOT

GOLDEN = json.loads((ROOT / "tests" / "core" / "rng_golden.json").read_text())
RUNNER = Path(__file__).with_name("pyodide_node.mjs")
SITE = ROOT / "dist" / "site"


def finished_game_code(game_id: str, seed: int) -> str:
    """A complete random game of ``game_id`` played on CPython, as a share code."""
    game = get_game(game_id)
    seats = [Seat(name=f"Seat {i + 1}") for i in range(max(2, game.info.min_seats))]
    record = new_record(game_id, seats, seed)
    state = game.new_game(seats, seed)
    chooser = Rng(seed + 1)
    while not game.is_over(state):
        record, state = append(record, game, state, chooser.choice(game.legal_actions(state)))
    return encode_code(record)


def run_in_pyodide(request: dict[str, Any]) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to run the engine inside Pyodide (apt-get install nodejs)")
    source = Path(engine_probe.__file__).read_text()
    source = source.replace("from __future__ import annotations", "")
    program = f"{source}\nprobe({json.dumps(json.dumps(request))})\n"
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(program)
    try:
        completed = subprocess.run([node, str(RUNNER), str(SITE), handle.name],
                                   capture_output=True, text=True, timeout=300, check=False)
    finally:
        Path(handle.name).unlink()
    assert completed.returncode == 0, completed.stderr[-2000:]
    result: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture(scope="module")
def request_and_results() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    codes = [finished_game_code(game_id, 20261130 + i)
             for i, game_id in enumerate(playable_game_ids(include_internal=True))]
    request = {"golden": GOLDEN, "codes": codes}
    native = json.loads(engine_probe.probe(json.dumps(request)))
    return request, native, run_in_pyodide(request)


def test_generator_matches_golden_values_in_both_pythons(
    request_and_results: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
) -> None:
    _, native, browser = request_and_results
    expected = {
        "next_u64": [case["values"] for case in GOLDEN["next_u64"]],
        "below": [case["values"] for case in GOLDEN["below"]],
        "randint": [case["values"] for case in GOLDEN["randint"]],
        "shuffle": [case["result"] for case in GOLDEN["shuffle"]],
        "derive_seed": [case["value"] for case in GOLDEN["derive_seed"]],
    }
    assert native["rng"] == expected
    assert browser["rng"] == expected


def test_every_game_replays_identically_in_pyodide(
    request_and_results: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
) -> None:
    request, native, browser = request_and_results
    assert len(native["replays"]) == len(request["codes"]) >= 2
    assert all(replay["over"] for replay in native["replays"])
    assert browser["replays"] == native["replays"]


def test_pyodide_runs_the_sites_own_copy_of_the_engine(
    request_and_results: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
) -> None:
    """The replays above ran the archive the page loads, rewritten by the build (no docstrings,
    no comments, minified JSON), not the repository's sources."""
    _, native, browser = request_and_results
    assert native["documented"] is True
    assert browser["documented"] is False


def test_the_browser_imports_the_runtime_as_bytecode(
    request_and_results: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
) -> None:
    """The standard library and the wheels we ship come precompiled for Pyodide's Python
    (``build.precompiled``): after the engine has played, nothing was compiled from source."""
    _, _, browser = request_and_results
    loaded = browser["modules"]
    assert {"pydantic.main", "pydantic_core.core_schema", "typing_extensions", "json.decoder",
            "annotated_types"} <= set(loaded["bytecode"])
    assert loaded["source"] == []
