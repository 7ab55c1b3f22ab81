"""The command line, run as a real subprocess: JSON on stdout, one-line errors, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kingdoms.core.codes import decode_code, encode_code
from kingdoms.core.records import record_from_data


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "kingdoms", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
    )
    return proc.returncode, proc.stdout, proc.stderr


def ok(*args: str, stdin: str | None = None, cwd: Path | None = None) -> Any:
    status, out, err = run(*args, stdin=stdin, cwd=cwd)
    assert status == 0, err
    assert err == ""
    return json.loads(out)


def fails(status: int, *args: str, stdin: str | None = None) -> str:
    code, out, err = run(*args, stdin=stdin)
    assert code == status, (out, err)
    assert out == ""
    assert err.startswith("kingdoms: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    path = tmp_path_factory.mktemp("cli") / "game.json"
    output = ok(
        "new", "tally", "--players", "2", "--names", "Ann,Bo", "--seed", "7", "--option", "rounds=2"
    )
    path.write_text(json.dumps(output), encoding="utf-8")
    return path, output


def test_games() -> None:
    public = ok("games")
    everything = ok("games", "--all")
    assert "tally" not in {g["game_id"] for g in public}
    tally = next(g for g in everything if g["game_id"] == "tally")
    assert tally["internal"] is True and tally["available"] is True
    assert {g["game_id"] for g in public} < {g["game_id"] for g in everything}


def test_new(started: tuple[Path, dict[str, Any]]) -> None:
    _, output = started
    record = record_from_data(output["record"])
    assert record.seed == 7 and record.options == {"rounds": 2}
    assert [seat.name for seat in record.seats] == ["Ann", "Bo"]
    assert decode_code(output["code"]) == record == decode_code(encode_code(record))


def test_actions_apply_show_replay(started: tuple[Path, dict[str, Any]]) -> None:
    path, _ = started
    listed = ok("actions", str(path))
    assert listed["current_seat"] == 0
    by_index = {item["index"]: item for item in listed["actions"]}
    assert by_index[2] == {
        "index": 2,
        "action": {"action_type": "draw"},
        "description": "Draw a card",
        "cannot_undo": True,  # the card drawn is seen
    }
    assert by_index[0] == {"index": 0, "action": {"action_type": "end_turn"},
                           "description": "End the turn", "ends_turn": True}
    assert listed["prompt"] == "Draw, play a card, then roll or end the turn"

    applied = ok("apply", str(path), "2")
    assert applied["move"] == 1 and applied["record"]["actions"] == [2]
    assert applied["description"] == "Ann draws a card."
    # An action as JSON, with the record given as a share code.
    play = next(item for item in listed["actions"] if item["action"]["action_type"] == "play")
    again = ok("apply", applied["code"], json.dumps(play["action"]))
    assert again["record"]["actions"] == [2, play["index"]]

    # stdin, and the apply output accepted as a record.
    shown = ok("show", "-", "--seat", "0", stdin=json.dumps(again))
    assert shown["moves"] == 2 and shown["current_seat"] == 0 and shown["over"] is False
    assert len(shown["view"]["hand"]) == 2
    spectator = ok("show", "https://example.org/#g=" + again["code"])
    assert "hand" not in spectator["view"] and spectator["seat"] is None

    replayed = ok("replay", again["code"])
    assert replayed["moves"] == 2 and replayed["result"]["winners"] == []


def test_play_to_the_end() -> None:
    status, out, _ = run("new", "tally", "--players", "1", "--seed", "3", "--option", "rounds=1")
    assert status == 0
    code = json.loads(out)["code"]
    finished = ok("apply", code, '{"action_type": "end_turn"}')
    assert finished["over"] is True and finished["current_seat"] is None
    final = ok("replay", finished["code"])
    assert final["over"] is True and final["result"]["winners"] == [0]
    assert ok("actions", finished["code"])["actions"] == []


def test_simulate() -> None:
    stats = ok("simulate", "tally", "--players", "3", "--games", "50", "--seed", "5")
    assert stats["games"] == 50 and stats["players"] == 3
    assert sum(stats["wins_by_seat"]) >= 50
    assert stats["reasons"] == {"rounds_complete": 50}
    assert 0 < stats["min_length"] <= stats["average_length"] <= stats["max_length"] <= 27
    assert len(stats["average_score_by_seat"]) == 3
    assert isinstance(stats["average_total_score"], float)
    assert ok("simulate", "tally", "--players", "3", "--games", "50", "--seed", "5") == stats


def test_usage_errors(started: tuple[Path, dict[str, Any]]) -> None:
    path, _ = started
    fails(2)
    fails(2, "bogus")
    fails(2, "new", "tally")  # no --players
    fails(2, "new", "tally", "--players", "two")
    fails(2, "new", "tally", "--players", "2", "--names", "a,b,c")
    fails(2, "new", "tally", "--players", "2", "--option", "rounds")
    fails(2, "show", "missing/game.json")
    fails(2, "show", str(path), "--seat", "5")
    fails(2, "apply", str(path), "draw")
    fails(2, "simulate", "tally", "--players", "2", "--games", "0")
    fails(2, "show", "-", stdin="{not json")


def test_game_errors(started: tuple[Path, dict[str, Any]]) -> None:
    path, output = started
    assert "no action number 99" in fails(1, "apply", str(path), "99")
    assert "no 1 in your hand" in fails(1, "apply", str(path), '{"action_type":"play","value":1}')
    assert "valid Tally action" in fails(1, "apply", str(path), '{"action_type": "fly"}')
    assert "damaged" in fails(1, "show", "1AAAA")
    assert "newer version" in fails(1, "show", "2" + output["code"][1:])
    assert "Unknown game" in fails(1, "new", "chess", "--players", "2")
    assert "players" in fails(1, "new", "tally", "--players", "7")
    assert "name" in fails(1, "new", "tally", "--players", "1", "--names", "x" * 30)
    bad = dict(output["record"], actions=[2, 2])
    assert "Move 2 is not legal" in fails(1, "replay", "-", stdin=json.dumps(bad))


def test_a_code_with_an_unknown_computer_level_is_refused_clearly() -> None:
    """Issue 21: ``replay`` accepted a code whose computer seat names no known level."""
    from kingdoms.core.protocol import Seat
    from kingdoms.core.records import new_record

    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Cpu", kind="bot",
                                                               bot="easy")], seed=2)
    strange = Seat.model_construct(name="Cpu", kind="bot", bot="grandmaster")
    code = encode_code(record.model_copy(update={"seats": [record.seats[0], strange]}))
    err = fails(1, "replay", code)
    assert "computer level this version does not know: 'grandmaster'" in err


def test_hint_and_review() -> None:
    """``hint`` ranks the options of the seat to act with their words; ``review`` refuses a game
    that is not over (its secrets are not out) and reviews a finished one as the README says."""
    from kingdoms.core.bots import bot_for, bot_rng, choose
    from kingdoms.core.records import record_to_json
    from kingdoms.core.session import Session

    session = Session.start("dice-realm", [{"name": "Ann"}, {"name": "Bo"}], seed=4)
    for _ in range(3):
        seat = session.game.current_seat(session.state)
        session.act(choose(session.game, session.state, bot_for("dice-realm", "normal"),
                           bot_rng(4, seat, session.moves)))
    running = record_to_json(session.record)
    hint = ok("hint", "-", stdin=running)
    assert hint["seat"] == 0 and 1 <= len(hint["options"]) <= 3
    assert all(option["label"] and option["measure"] for option in hint["options"])
    assert "over" in fails(1, "review", "-", stdin=running).lower()
    while not session.game.is_over(session.state):
        seat = session.game.current_seat(session.state)
        session.act(choose(session.game, session.state, bot_for("dice-realm", "normal"),
                           bot_rng(4, seat, session.moves)))
    finished = record_to_json(session.record)
    review = ok("review", "-", stdin=finished)
    assert review["game"] == "dice-realm" and review["level"] == "hard"
    assert [seat["name"] for seat in review["seats"]] == ["Ann", "Bo"]
    assert len(review["curve"]) == len(session.record.actions) + 1
    assert [seat["seat"] for seat in ok("review", "-", "--seat", "1", stdin=finished)["seats"]] \
        == [1]
    fails(2, "review", "-", "--seat", "5", stdin=finished)
    fails(1, "review", "-", "--level", "easy", stdin=finished)
