"""Bot tournaments (``kingdoms.core.tournament`` and ``python -m kingdoms tournament``).

Requirements checked (bots brief, ``docs/bots.md``): the JSON report's shape; seats rotate so
every bot sits in every seat equally often; game ``i`` has seed ``derive_seed(S, "game", i)``
and every move is chosen by ``core.bots.choose`` with ``bot_rng(game seed, seat, move)``; a
shared victory counts as a fraction of a win; the 95 % interval is Wilson's; ``--workers 2``
gives the same report as ``--workers 1``; a setup the game refuses is one error line, exit 1.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from kingdoms.core import tournament
from kingdoms.core.bots import bot_for, bot_rng, choose
from kingdoms.core.protocol import Seat
from kingdoms.core.registry import get_game
from kingdoms.core.rng import derive_seed
from kingdoms.core.tournament import run, seating, wilson


def test_wilson_interval_known_values() -> None:
    """Wilson score interval, z = 1.96: 50/100 -> [0.4038, 0.5962] (textbook value); 0/10 has
    upper bound z²/(n + z²) and 10/10 lower bound n/(n + z²); no games tell nothing."""
    assert wilson(50, 100) == (0.4038, 0.5962)
    z2 = tournament.Z95**2
    assert wilson(0, 10) == (0.0, round(z2 / (10 + z2), 4)) == (0.0, 0.2775)
    assert wilson(10, 10) == (round(10 / (10 + z2), 4), 1.0) == (0.7225, 1.0)
    assert wilson(600, 1000) == (0.5693, 0.6299)
    low, high = wilson(2.5, 5)  # halves from shared wins: symmetric about 0.5
    assert low + high == pytest.approx(1.0, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("bots", "players"), [(2, 2), (2, 3), (3, 2), (3, 4), (4, 5), (1, 2)])
def test_every_bot_sits_in_every_seat_equally_often(bots: int, players: int) -> None:
    """Seat rotation: over any ``len(bots)`` consecutive games each bot plays each seat once;
    two bots in two seats swap every game; with more seats than bots the bots cycle."""
    for start in (0, 5):
        for seat in range(players):
            seen = sorted(seating(bots, players, start + i)[seat] for i in range(bots))
            assert seen == list(range(bots))
    assert [seating(2, 2, i) for i in range(3)] == [[0, 1], [1, 0], [0, 1]]
    assert seating(2, 5, 0) == [0, 1, 0, 1, 0]


def test_report_shape_and_counts() -> None:
    """``{"game", "games", "players", "seed", "options", "bots": [{"bot", "games", "wins",
    "win_rate", "ci95": [lo, hi]}]}``; in two-player games the wins add up to the games."""
    report = run("dice-realm", ["easy", "random"], games=6, seed=4)
    assert set(report) == {"game", "games", "players", "seed", "options", "bots"}
    assert (report["game"], report["games"], report["players"], report["seed"]) == (
        "dice-realm", 6, 2, 4)
    assert [entry["bot"] for entry in report["bots"]] == ["easy", "random"]
    for entry in report["bots"]:
        assert set(entry) == {"bot", "games", "wins", "win_rate", "ci95"}
        assert entry["games"] == 6
        assert entry["win_rate"] == round(entry["wins"] / 6, 4)
        assert list(wilson(entry["wins"], 6)) == entry["ci95"]
    assert sum(entry["wins"] for entry in report["bots"]) == 6
    json.dumps(report)


def test_games_are_played_as_documented() -> None:
    """Game ``i``: seed ``derive_seed(S, "game", i)``, bot ``(s + i) mod n`` in seat ``s``,
    each move chosen by ``choose`` with ``bot_rng(game seed, seat, move)``, moves from 1."""
    game = get_game("dice-realm")
    names = ["normal", "easy"]
    for number in range(3):
        seed = derive_seed(9, "game", number)
        levels = [names[b] for b in seating(2, 2, number)]
        state = game.new_game([Seat(name=f"Bot {k + 1}", kind="bot", bot=level)
                               for k, level in enumerate(levels)], seed)
        move = 0
        while not game.is_over(state):
            seat = game.current_seat(state)
            assert seat is not None
            move += 1
            state = game.apply(state, choose(game, state, bot_for("dice-realm", levels[seat]),
                                             bot_rng(seed, seat, move)))
        winners = game.result(state).winners
        shares = tournament.play_game("dice-realm", levels, seed)
        assert shares == [1 / len(winners) if s in winners else 0.0 for s in range(2)]


def test_shared_victories_count_as_fractions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shared victory gives each of the k tied winners 1/k of a win (a 2-way tie: 0.5)."""
    outcomes = iter([[0.5, 0.5, 0.0], [1.0, 0.0, 0.0], [1 / 3, 1 / 3, 1 / 3], [0.0, 0.0, 1.0]])
    monkeypatch.setattr(tournament, "play_game", lambda *args, **kwargs: next(outcomes))
    report = run("dice-realm", ["easy", "normal"], games=4, seed=1, players=3)
    # Seats per game: [0,1,0], [1,0,1], [0,1,0], [1,0,1] (bot indices).
    wins = [entry["wins"] for entry in report["bots"]]
    assert wins == [round(0.5 + 0.0 + 2 / 3, 4), round(0.5 + 1.0 + 1 / 3 + 1.0, 4)]
    assert [entry["games"] for entry in report["bots"]] == [4, 4]


def test_workers_do_not_change_the_report() -> None:
    """``--workers 2`` splits the games over two processes and reports the same."""
    one = run("dice-realm", ["normal", "easy", "hard"], games=5, seed=11, players=2,
              workers=1)
    two = run("dice-realm", ["normal", "easy", "hard"], games=5, seed=11, players=2,
              workers=2)
    assert one == two
    assert [entry["games"] for entry in one["bots"]] == [3, 4, 3]  # 3 bots, 2 seats, 5 games


def cli(*args: str) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "kingdoms", *args], capture_output=True,
                          text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def test_command_prints_the_report() -> None:
    status, out, err = cli("tournament", "dice-realm", "--bots", "hard,random", "--games", "2",
                           "--seed", "3", "--workers", "2")
    assert status == 0 and err == ""
    report: dict[str, Any] = json.loads(out)
    assert report == run("dice-realm", ["hard", "random"], games=2, seed=3)


@pytest.mark.parametrize(("args", "status", "message"), [
    (["--bots", "random", "--players", "1"], 1, "Dice Realm is for 2 to 5 players, not 1."),
    (["--bots", "random,grandmaster"], 1, "There is no 'grandmaster' computer player"),
    (["--bots", "random", "--games", "0"], 2, "--games must be 1 to"),
    (["--bots", "random", "--workers", "0"], 2, "--workers must be at least 1"),
    (["--bots", "random", "--option", "colour=red"], 1, "Unknown Dice Realm option"),
    (["--bots", ","], 2, "--bots needs comma-separated bot levels"),
])
def test_command_errors_are_one_line(args: list[str], status: int, message: str) -> None:
    """Setup errors (``--players 1``: the game refuses it with its normal error), unknown bots
    and bad numbers: one line on stderr, nothing on stdout, exit 1 (game) or 2 (usage)."""
    code, out, err = cli("tournament", "dice-realm", *args)
    assert (code, out) == (status, "")
    assert err.startswith("kingdoms: error: ") and err.count("\n") == 1
    assert message in err


def test_solo_reports_the_win_rate_against_the_rival() -> None:
    """Burgrave solo: ``--players 1`` with ``--option rival=… --option difficulty=…`` plays the
    one bot against the automated rival; its wins are its wins against the rival."""
    code, out, err = cli("tournament", "burgrave", "--bots", "random", "--players", "1",
                         "--option", "rival=trade", "--option", "difficulty=2",
                         "--games", "3", "--seed", "4")
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["players"] == 1
    assert report["options"] == {"rival": "trade", "difficulty": 2}
    (entry,) = report["bots"]
    assert entry["bot"] == "random" and entry["games"] == 3
    assert 0 <= entry["wins"] <= 3
