"""A solo game's edges: its record options (checked once, at setup) and its result.

Why apart from :mod:`.rival`: these are the protocol's concerns (what a record may say, who
won), not rules; keeping them here lets ``game.py`` stay a thin edge.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import SetupError
from ..core.protocol import GameResult, SeatScore
from .rival import leftover_resources
from .scoring import leftovers, score_parts
from .solo_content import BOARD_KEYS, MAX_DIFFICULTY, SOLO
from .state import RIVAL_SEAT, State

OPTIONS = ("rival", "difficulty")


def solo_options(seats: int, options: Mapping[str, Any]) -> tuple[int | None, int | None]:
    """``(board index, difficulty)`` from a record's options (None: the default). Only a solo
    game has options; every bad one is a :class:`SetupError` saying what is allowed."""
    for name in options:
        if name not in OPTIONS:
            raise SetupError(f"Burgrave has no option {str(name)[:32]!r} "
                             f"(a solo game has {', '.join(OPTIONS)}).")
    if options and seats != 1:
        raise SetupError("The options rival and difficulty are for a solo game (1 player).")
    board = options.get("rival")
    if board is not None and (not isinstance(board, str) or board not in BOARD_KEYS):
        raise SetupError(f"The rival board must be one of {', '.join(BOARD_KEYS)}, "
                         f"not {str(board)[:32]!r}.")
    difficulty = options.get("difficulty")
    if difficulty is not None and (
        isinstance(difficulty, bool) or not isinstance(difficulty, int)
        or not 0 <= difficulty <= MAX_DIFFICULTY
    ):
        raise SetupError(f"The difficulty must be a whole number from 0 to {MAX_DIFFICULTY}, "
                         f"not {str(difficulty)[:32]!r}.")
    return (None if board is None else BOARD_KEYS.index(board)), difficulty


def rival_score(state: State) -> SeatScore:
    """Spec: "It scores like a player plus 1 VP per leftover resource"."""
    parts = score_parts(state, RIVAL_SEAT)
    parts["leftover_resources"] = leftover_resources(state)
    return SeatScore(seat=RIVAL_SEAT, total=sum(parts.values()), breakdown=parts,
                     tie_break=[leftovers(state.players[RIVAL_SEAT])])


def solo_result(state: State, scores: list[SeatScore]) -> GameResult:
    """The human's score only (the record has one seat); the human wins by beating the rival's
    total, ties broken by leftover silver + resources as between players, then shared (the
    human is listed as a winner: ``reason`` says ``shared``). The rival's score is in the view."""
    if not state.over:
        return GameResult(scores=scores, winners=[])
    human, rival = scores[0], rival_score(state)
    ours, theirs = (human.total, human.tie_break), (rival.total, rival.tie_break)
    reason = "poverty_and_prosperity" if state.poverty and state.prosperity else (
        "poverty" if state.poverty else "prosperity"
    )
    if ours == theirs:
        return GameResult(scores=scores, winners=[0], reason="shared")
    return GameResult(scores=scores, winners=[0] if ours > theirs else [], reason=reason)


DEFAULTS = {"rival": SOLO.default_rival, "difficulty": SOLO.default_difficulty}
"""The options a solo record without them plays with."""
