"""``python -m kingdoms``: play, inspect and simulate any registered game from a terminal.

Why a CLI: it is the quickest way to reproduce a bug report (paste the share code), to check a
rules change over thousands of random games, and to script tests without a browser. It reaches
games only through :mod:`kingdoms.core.registry`, so every game added later works unchanged.

Every command prints JSON on stdout. Errors print one line on stderr, never a traceback, and exit
with 2 for bad usage (unknown command, unreadable file, bad arguments) or 1 for a game error
(a :class:`~kingdoms.core.errors.KingdomsError`: illegal action, damaged code, bad setup).

A RECORD argument is a path to a JSON record file (also the ``{"record": ...}`` output of ``new``
and ``apply``), ``-`` for standard input, or a share code or ``#g=`` link.

Examples::

    python -m kingdoms games --all
    python -m kingdoms new tally --players 2 --names Ann,Bo --seed 7
    python -m kingdoms actions 1eNo...
    python -m kingdoms apply game.json 1 > next.json
    python -m kingdoms simulate tally --players 3 --games 1000
    python -m kingdoms tournament dice-realm --bots hard,normal --games 1000 --seed 1 --workers 2

``tournament GAME --bots A,B[,C...] --games N --seed S [--workers K] [--players P]
[--option KEY=VALUE ...]`` plays seat-rotated games between computer players (every bot in every
seat equally often; game ``i`` has seed ``derive_seed(S, "game", i)``) and prints each bot's
games, wins (a shared victory is split), win rate and 95 % Wilson interval; ``--workers`` splits
the games across processes without changing the result (see :mod:`kingdoms.core.tournament`).

``hint RECORD [--level L]`` ranks the best options of the seat to act, with their measure and why
(what the page's Hint shows; :mod:`kingdoms.core.coach`); ``review RECORD [--seat N] [--level L]``
reviews a finished game (:mod:`kingdoms.core.review`; the JSON is in the README).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from .core import coach
from .core.codes import decode_code, encode_code
from .core.errors import IllegalActionError, KingdomsError, SetupError
from .core.protocol import Game, Seat, SimulationReport
from .core.records import (
    MAX_ACTIONS,
    GameRecord,
    error_line,
    new_record,
    record_from_data,
)
from .core.registry import get_game, list_games
from .core.review import review
from .core.rng import Rng, derive_seed
from .core.session import Session, replay
from .core.text import render
from .core.tournament import MAX_GAMES
from .core.tournament import run as run_tournament
from .testgame import register as register_test_game

MAX_SIMULATED_GAMES = 1_000_000


class UsageError(Exception):
    """Bad command-line usage: reported on one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser that raises instead of printing a multi-line usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


# --- helpers ------------------------------------------------------------------------------


def _read_record(argument: str) -> GameRecord:
    """Load a RECORD argument (file, ``-``, code or link) into a validated record."""
    if argument == "-":
        text = sys.stdin.read()
    elif os.path.isfile(argument):
        try:
            text = Path(argument).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {argument}: {error}") from None
    elif "g=" not in argument and ("/" in argument or argument.endswith(".json")):
        # A code never contains '/' or '.', so this was meant as a file name.
        raise UsageError(f"no such record file: {argument}")
    else:
        text = argument
    stripped = text.strip()
    if not stripped.startswith("{"):
        return decode_code(stripped)
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError):
        raise UsageError("the record is not valid JSON") from None
    if isinstance(data, dict) and "game_id" not in data and isinstance(data.get("record"), dict):
        data = data["record"]
    return record_from_data(data)


def _parse_option(text: str) -> tuple[str, str | int | bool]:
    """``k=v`` with ``v`` read as a bool (true/false), an integer, or else a string."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise UsageError(f"--option needs the form key=value, not {text!r}")
    value: str | int | bool = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    else:
        try:
            value = int(raw)
        except ValueError:
            value = raw
    return key, value


def _options(items: Sequence[str] | None) -> dict[str, str | int | bool]:
    return dict(_parse_option(item) for item in items or [])


def _seats(players: int | None, names: str | None) -> list[Seat]:
    name_list = [name.strip() for name in names.split(",")] if names else None
    if players is None:
        if name_list is None:
            raise UsageError("give --players N (or --names)")
        players = len(name_list)
    if players < 1:
        raise UsageError("--players must be at least 1")
    if name_list is None:
        name_list = [f"Player {number}" for number in range(1, players + 1)]
    if len(name_list) != players:
        raise UsageError(f"--names gives {len(name_list)} names for {players} players")
    try:
        return [Seat(name=name) for name in name_list]
    except ValidationError as error:
        raise SetupError(f"A player name is not valid: {error_line(error)}") from None


def _record_output(record: GameRecord) -> dict[str, Any]:
    return {"record": record.model_dump(mode="json"), "code": encode_code(record)}


def _parse_action(game: Game[Any, Any], text: str) -> Any:
    stripped = text.strip()
    if stripped.isdigit():
        return game.decode_action(int(stripped))
    if stripped.startswith("{"):
        try:
            return game.action_adapter.validate_json(stripped)
        except ValidationError as error:
            raise IllegalActionError(
                f"Not a valid {game.info.title} action: {error_line(error)}"
            ) from None
    raise UsageError("ACTION must be a vocabulary index or an action as JSON")


def _action_json(action: Any) -> Any:
    return json.loads(action.model_dump_json())


# --- commands -----------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> Any:
    return [info.model_dump() for info in list_games(include_internal=args.all)]


def cmd_new(args: argparse.Namespace) -> Any:
    seats = _seats(args.players, args.names)
    get_game(args.game)  # unknown game before anything else
    record = new_record(args.game, seats, seed=args.seed, options=_options(args.option))
    return _record_output(record)


def cmd_show(args: argparse.Namespace) -> Any:
    record = _read_record(args.record)
    game = get_game(record.game_id)
    state = replay(record)
    if args.seat is not None and not 0 <= args.seat < len(record.seats):
        raise UsageError(f"--seat must be 0 to {len(record.seats) - 1}")
    return {
        "game_id": record.game_id,
        "moves": len(record.actions),
        "seat": args.seat,
        "current_seat": game.current_seat(state),
        "over": game.is_over(state),
        "view": game.view(state, args.seat),
        "result": game.result(state).model_dump(),
    }


def cmd_actions(args: argparse.Namespace) -> Any:
    record = _read_record(args.record)
    game = get_game(record.game_id)
    state = replay(record)
    prompt = game.prompt(state)
    return {
        "current_seat": game.current_seat(state),
        "prompt": render(prompt.title) if prompt is not None else None,
        "actions": [
            {
                "index": game.encode_action(choice.action),
                "action": _action_json(choice.action),
                "description": render(choice.label),
                **({"detail": render(choice.detail)} if choice.detail is not None else {}),
                **({"cannot_undo": True} if choice.reveals else {}),
                **({"ends_turn": True} if choice.ends_turn else {}),
                **({"forfeits": render(choice.forfeits)} if choice.forfeits is not None else {}),
            }
            for choice in (prompt.choices if prompt is not None else ())
        ],
    }


def cmd_apply(args: argparse.Namespace) -> Any:
    session = Session(_read_record(args.record))
    game = session.game
    step = session.act(_parse_action(game, args.action))
    return {
        **_record_output(session.record),
        "move": step.number,
        "description": render(game.describe(step.before, step.action, step.after)),
        "current_seat": game.current_seat(session.state),
        "over": game.is_over(session.state),
    }


def cmd_replay(args: argparse.Namespace) -> Any:
    record = _read_record(args.record)
    game = get_game(record.game_id)
    state = replay(record)
    return {
        "game_id": record.game_id,
        "moves": len(record.actions),
        "current_seat": game.current_seat(state),
        "over": game.is_over(state),
        "view": game.view(state, None),
        "result": game.result(state).model_dump(),
    }


def cmd_hint(args: argparse.Namespace) -> Any:
    record = _read_record(args.record)
    game = get_game(record.game_id)
    state = replay(record)
    seat = game.current_seat(state)
    if seat is None:
        raise KingdomsError("The game is over: there is nothing to hint.")
    rng = coach.coach_rng(record.seed, "hint", len(record.actions))
    advice = coach.run(coach.hint(game, state, rng, args.level))
    return {"seat": seat,
            "options": [{**found.to_json(), "label": render(found.label),
                         "measure": render(found.assessment.measure),
                         "why": (render(found.assessment.why)
                                 if found.assessment.why is not None else None)}
                        for found in advice]}


def cmd_review(args: argparse.Namespace) -> Any:
    record = _read_record(args.record)
    if not get_game(record.game_id).is_over(replay(record)):
        raise KingdomsError("The game is not over yet: only a finished game can be reviewed.")
    seats = [args.seat] if args.seat is not None else None
    if args.seat is not None and not 0 <= args.seat < len(record.seats):
        raise UsageError(f"--seat must be 0 to {len(record.seats) - 1}.")
    return coach.run(review(record, seats, args.level)).to_json()


def cmd_simulate(args: argparse.Namespace) -> Any:
    if not 1 <= args.games <= MAX_SIMULATED_GAMES:
        raise UsageError(f"--games must be 1 to {MAX_SIMULATED_GAMES}")
    game = get_game(args.game)
    seats = _seats(args.players, None)
    options = _options(args.option)
    new_record(args.game, seats, args.seed, options)  # the setup is checked once, here
    return simulate(game, seats, args.games, args.seed, options)


def simulate(
    game: Game[Any, Any],
    seats: Sequence[Seat],
    games: int,
    seed: int = 0,
    options: dict[str, str | int | bool] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games choosing uniformly among legal actions; summary statistics.

    ``seats`` and ``options`` must be valid for the game (see ``records.new_record``). Choices
    come from :class:`~kingdoms.core.rng.Rng` so the same arguments give the same
    numbers on every Python. Game ``i`` uses seed ``derive_seed(seed, "game", i)``.
    """
    chooser = Rng(derive_seed(seed, "choices"))
    lengths: list[int] = []
    wins = [0] * len(seats)
    score_sums = [0] * len(seats)
    reasons: Counter[str] = Counter()
    finished: list[Any] = []
    for number in range(games):
        state = game.new_game(tuple(seats), derive_seed(seed, "game", number), options or {})
        moves = 0
        while not game.is_over(state):
            legal = game.legal_actions(state)
            if not legal:
                raise KingdomsError(f"Game {number} has no legal action after {moves} moves.")
            state = game.play(state, chooser.choice(legal))
            moves += 1
            if moves > MAX_ACTIONS:
                raise KingdomsError(f"Game {number} did not end within {MAX_ACTIONS} moves.")
        result = game.result(state)
        lengths.append(moves)
        for winner in result.winners:
            wins[winner] += 1
        for score in result.scores:
            score_sums[score.seat] += score.total
        reasons[result.reason] += 1
        finished.append(state)
    summary = {
        "game_id": game.info.game_id,
        "players": len(seats),
        "games": games,
        "seed": seed,
        "average_length": sum(lengths) / games,
        "min_length": min(lengths),
        "max_length": max(lengths),
        "wins_by_seat": wins,
        "average_score_by_seat": [total / games for total in score_sums],
        "average_total_score": sum(score_sums) / (games * len(seats)),
        "reasons": dict(sorted(reasons.items())),
    }
    if isinstance(game, SimulationReport):
        summary["details"] = game.simulation_report(finished)
    return summary


def cmd_tournament(args: argparse.Namespace) -> Any:
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be 1 to {MAX_GAMES}")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.players is not None and args.players < 1:
        raise UsageError("--players must be at least 1")
    bots = [name.strip() for name in args.bots.split(",")]
    if not all(bots):
        raise UsageError("--bots needs comma-separated bot levels, e.g. hard,normal")
    get_game(args.game)
    return run_tournament(args.game, bots, args.games, seed=args.seed, players=args.players,
                          options=_options(args.option), workers=args.workers)


# --- parser and entry point ---------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kingdoms", description="Play and inspect Kingdoms games.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(
        name: str, handler: Callable[[argparse.Namespace], Any], help_text: str
    ) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(handler=handler)
        return sub

    record_help = "a JSON record file, - for stdin, or a share code / #g= link"

    sub = command("games", cmd_games, "list the games (JSON)")
    sub.add_argument("--all", action="store_true", help="include internal test games")

    sub = command("new", cmd_new, "start a game: print its record and share code")
    sub.add_argument("game")
    sub.add_argument("--players", type=int)
    sub.add_argument("--names", help="comma-separated player names")
    sub.add_argument("--seed", type=int, help="game seed (random if left out)")
    sub.add_argument("--option", action="append", metavar="KEY=VALUE")

    sub = command("show", cmd_show, "show the current view of a game")
    sub.add_argument("record", help=record_help)
    sub.add_argument("--seat", type=int, help="view as this seat (0-based); default spectator")

    sub = command("actions", cmd_actions, "list the legal actions with their indices")
    sub.add_argument("record", help=record_help)

    sub = command("apply", cmd_apply, "apply an action and print the new record")
    sub.add_argument("record", help=record_help)
    sub.add_argument("action", help="a vocabulary index or the action as JSON")

    sub = command("replay", cmd_replay, "replay a record and show the final position")
    sub.add_argument("record", help=record_help)

    sub = command("hint", cmd_hint,
                  "rank the best options of the seat to act, with why (what a hint shows)")
    sub.add_argument("record", help=record_help)
    sub.add_argument("--level", help="the judge's level (default: the strongest)")

    sub = command("review", cmd_review,
                  "review a finished game: each person's costliest decisions and the chances")
    sub.add_argument("record", help=record_help)
    sub.add_argument("--seat", type=int, help="review this seat only (0-based, a computer's too)")
    sub.add_argument("--level", help="the judge's level (default: the game's review level)")

    sub = command("simulate", cmd_simulate, "play random games and print statistics")
    sub.add_argument("game")
    sub.add_argument("--players", type=int, required=True)
    sub.add_argument("--games", type=int, default=100)
    sub.add_argument("--seed", type=int, default=0)
    sub.add_argument("--option", action="append", metavar="KEY=VALUE")

    sub = command("tournament", cmd_tournament,
                  "play seat-rotated games between bots and print their win rates")
    sub.add_argument("game")
    sub.add_argument("--bots", required=True, help="comma-separated bot levels, e.g. hard,normal")
    sub.add_argument("--games", type=int, default=100)
    sub.add_argument("--seed", type=int, default=0)
    sub.add_argument("--workers", type=int, default=1, help="processes to share the games")
    sub.add_argument("--players", type=int, help="seats per game (default: one per bot)")
    sub.add_argument("--option", action="append", metavar="KEY=VALUE")
    return parser


def _fail(status: int, message: str) -> int:
    line = " ".join(message.split())  # one line, whatever the message held
    print(f"kingdoms: error: {line}", file=sys.stderr)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 1 game error, 2 usage error). The internal
    test game is offered here too (``games --all``): this is a developer's tool as well."""
    register_test_game()
    try:
        args = build_parser().parse_args(argv)
        payload = args.handler(args)
    except UsageError as error:
        return _fail(2, str(error))
    except KingdomsError as error:
        return _fail(1, str(error))
    except (OSError, ValueError) as error:  # stdin unreadable, a huge integer, ...
        return _fail(2, str(error) or type(error).__name__)
    try:
        print(json.dumps(payload, indent=2))
    except BrokenPipeError:  # e.g. piped into `head`: the reader has what it wanted
        sys.stderr.close()
    return 0
