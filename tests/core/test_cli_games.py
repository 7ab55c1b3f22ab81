"""Every playable game can be played to its end and replayed through the command line alone,
the way a person or a script without the page would (issue: 'a whole game can be played and
replayed through the CLI')."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kingdoms.cli import main
from kingdoms.core.registry import get_game, playable_game_ids
from kingdoms.core.rng import Rng


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("game_id", playable_game_ids())
def test_a_whole_game_through_the_cli(
    game_id: str, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    players = max(2, get_game(game_id).info.min_seats)
    started = run(capsys, "new", game_id, "--players", str(players), "--seed", "11")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(started["record"]))
    chooser = Rng(11)
    moves = 0
    while True:
        offered = run(capsys, "actions", str(path))
        if not offered["actions"]:
            break
        pick = chooser.choice(offered["actions"])
        applied = run(capsys, "apply", str(path), str(pick["index"]))
        assert applied["move"] == moves + 1
        path.write_text(json.dumps(applied))
        moves += 1
        assert moves < 5_000, "the game did not end"
    final = run(capsys, "replay", str(path))
    assert final["over"] is True and final["moves"] == moves
    assert final["result"]["winners"], "a finished game names its winners"
    # The share code printed by `apply` replays to the same end.
    assert run(capsys, "replay", applied["code"])["result"] == final["result"]
