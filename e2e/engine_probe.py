"""Fingerprints of the engine that must be identical on CPython and on Pyodide.

This file runs unchanged in both: imported by the tests on CPython, and sent as source to Pyodide
(``pyodide_node.mjs``), where ``probe(request)`` is called with the same request.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from kingdoms.core.codes import load_code
from kingdoms.core.rng import Rng, derive_seed


def _hex(value: int) -> str:
    return f"0x{value:016x}"


def rng_outputs(golden: dict[str, Any]) -> dict[str, Any]:
    """Recompute every case of ``tests/core/rng_golden.json`` in the golden file's own format."""
    out: dict[str, Any] = {"next_u64": [], "below": [], "randint": [], "shuffle": [],
                           "derive_seed": []}
    for case in golden["next_u64"]:
        rng = Rng(int(str(case["seed"]), 0), case["counter"])
        out["next_u64"].append([_hex(rng.next_u64()) for _ in case["values"]])
    for case in golden["below"]:
        rng = Rng(case["seed"])
        out["below"].append([rng.below(case["n"]) for _ in case["values"]])
    for case in golden["randint"]:
        rng = Rng(case["seed"])
        out["randint"].append([rng.randint(case["low"], case["high"]) for _ in case["values"]])
    for case in golden["shuffle"]:
        items = list(case["items"])
        Rng(case["seed"]).shuffle(items)
        out["shuffle"].append(items)
    for case in golden["derive_seed"]:
        out["derive_seed"].append(_hex(derive_seed(*case["parts"])))
    return out


def replay_fingerprint(code: str) -> dict[str, Any]:
    """Replay a share code; hash the full state and the public view of every seat."""
    session = load_code(code)
    record, state, game = session.record, session.state, session.game
    full = json.dumps(game.state_to_json(state), sort_keys=True, separators=(",", ":"))
    views = [json.dumps(game.view(state, seat), sort_keys=True, separators=(",", ":"))
             for seat in [None, *range(len(record.seats))]]
    return {
        "state": hashlib.sha256(full.encode()).hexdigest(),
        "views": hashlib.sha256("\n".join(views).encode()).hexdigest(),
        "over": game.is_over(state),
        "result": game.result(state).model_dump(mode="json"),
    }


def module_origins() -> dict[str, list[str]]:
    """The modules loaded so far (not ours) by what they were loaded from: ``.pyc`` bytecode or
    ``.py`` sources. In the browser everything of the runtime must come precompiled (the build
    compiles it with Pyodide's Python), or every start pays for compiling it again."""
    origins: dict[str, list[str]] = {"bytecode": [], "source": []}
    for name, module in sorted(sys.modules.items()):
        origin = str(getattr(getattr(module, "__spec__", None), "origin", None) or "")
        if name.startswith("kingdoms"):
            continue
        if origin.endswith(".pyc"):
            origins["bytecode"].append(name)
        elif origin.endswith(".py"):
            origins["source"].append(name)
    return origins


def documented() -> bool:
    """Whether the engine's modules carry their docstrings: on CPython they do; the site's copy
    is built without them (``build.browser_entries``), so in Pyodide this shows which copy ran."""
    import kingdoms.core.registry

    return kingdoms.core.registry.__doc__ is not None


def probe(request_json: str) -> str:
    request = json.loads(request_json)
    return json.dumps({
        "rng": rng_outputs(request["golden"]),
        "replays": [replay_fingerprint(code) for code in request["codes"]],
        "modules": module_origins(),
        "documented": documented(),
    }, sort_keys=True)
