"""Burgrave's rules: the four functions the game object needs, and the loop that runs the stack.

The rules are a state machine over ``state.stack`` (see :mod:`.tasks`): :func:`advance` runs
automatic tasks until a decision with a real choice is on top; :func:`apply_code` answers that
decision on a copy of the state and advances again (:func:`play_code` on the state itself, for
play-outs). Everything a task does lives in the module
for its part of the game: :mod:`.turn` (the phases), :mod:`.effects`, :mod:`.castle`,
:mod:`.setup`, :mod:`.decisions` (legal codes and choices) and :mod:`.primary` (phase 3); costs
are in :mod:`.costs`, geometry in :mod:`.board`, scoring in :mod:`.scoring`.

Actions are integers here (the vocabulary of :mod:`.actions`); the pydantic models live only at
the protocol edge. The legal codes of the pending decision are cached on the state
(``legal_cache``): :func:`advance` computes them anyway to skip decisions without a choice,
and both ``legal_actions`` and :func:`apply_code` read them again.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import IllegalActionError
from ..core.protocol import Seat
from ..core.text import Text
from .actions import PASS
from .castle import resolve_castle, resolve_crowding
from .decisions import LEGAL_CODES, apply_decision, decision_codes
from .rival import (
    new_rival,
    place_rival,
    rival_action,
    rival_convert,
    rival_decides,
    rival_dismiss,
    rival_move,
    rival_turn,
    run_any_effect,
)
from .setup import initial_state, setup_deck
from .solo_content import SOLO
from .state import RIVAL_SEAT, State
from .tasks import DECISION_NAMES, FIRST_DECISION, Auto, Task
from .turn import after_action, collision, draw_to_limit, end_turn, reset_track, shift, start_turn
from .versions import RULES_VERSION
from .words import seat_name

AUTO_TASKS: dict[int, Callable[[State, Task], None]] = {
    Auto.START_TURN: lambda state, task: start_turn(state, task.seat),
    Auto.SHIFT: lambda state, task: shift(state, task.seat),
    Auto.COLLISION: lambda state, task: collision(state, task.seat),
    Auto.DRAW: lambda state, task: draw_to_limit(state, task.seat),
    Auto.END_TURN: lambda state, task: end_turn(state, task.seat),
    Auto.EFFECT: run_any_effect,
    Auto.CASTLE: lambda state, task: resolve_castle(state, task.seat),
    Auto.CROWDING: lambda state, task: resolve_crowding(state, task.seat),
    Auto.SETUP_DECK: lambda state, task: setup_deck(state, task.seat),
    Auto.RESET_TRACK: lambda state, task: reset_track(state, task.seat),
    Auto.AFTER_ACTION: lambda state, task: after_action(state, task.seat, task.kind),
    Auto.RIVAL_SETUP: lambda state, task: place_rival(state),
    Auto.RIVAL_TURN: lambda state, task: rival_turn(state),
    Auto.RIVAL_DISMISS: lambda state, task: rival_dismiss(state),
    Auto.RIVAL_MOVE: lambda state, task: rival_move(state, task.amount),
    Auto.RIVAL_ACTION: lambda state, task: rival_action(state, task.arg),
    Auto.RIVAL_CONVERT: lambda state, task: rival_convert(state),
}
"""What each automatic task does."""


def new_state(
    seats: tuple[Seat, ...], seed: int, rival: int | None = None, difficulty: int | None = None,
    rules: int = RULES_VERSION,
) -> State:
    """A new game up to its first decision (the last player's pick of a pair). One seat is a
    solo game against the rival board ``rival`` (index; default from ``solo.json``) with
    ``difficulty`` future schemes in its deck; ``rules`` is the version it plays by."""
    state = initial_state(seats, seed)
    state.rules = rules
    if len(seats) == 1:
        board = SOLO.boards.index(next(b for b in SOLO.boards if b.key == SOLO.default_rival))
        state.rival = new_rival(
            state, board if rival is None else rival,
            SOLO.default_difficulty if difficulty is None else difficulty,
        )
    advance(state)
    return state


def advance(state: State) -> None:
    """Run automatic tasks until a decision with a real choice is on top (or the game ends);
    a decision whose only option is to pass is skipped."""
    stack = state.stack
    while stack:
        task = stack[-1]
        if task.op >= FIRST_DECISION:
            if task.seat == RIVAL_SEAT and state.rival is not None:
                stack.pop()  # solo: the rival's questions answer themselves (spec, "Solo")
                rival_decides(state, task)
                continue
            codes = LEGAL_CODES[task.op](state, task)  # decision_codes, one call less
            if codes and (codes[0] != PASS or len(codes) > 1):  # a real choice
                state.legal_cache = codes
                return
            stack.pop()
            continue
        stack.pop()
        AUTO_TASKS[task.op](state, task)
    state.legal_cache = []


def legal_codes(state: State) -> list[int]:
    """The codes the deciding seat may choose (empty once the game is over)."""
    if state.legal_cache is None:
        if state.over or not state.stack:
            state.legal_cache = []
        else:
            state.legal_cache = decision_codes(state, state.stack[-1])
    return state.legal_cache


def deciding_seat(state: State) -> int | None:
    """The seat of the pending decision (not always the player whose turn it is)."""
    if state.over or not state.stack:
        return None
    return state.stack[-1].seat


def apply_code(state: State, code: int) -> State:
    """The state after action ``code`` (a new state; ``state`` is left as it was); raises
    ``IllegalActionError`` if it is not legal."""
    _check_legal(state, code)
    new = state.clone()
    _answer(new, new.stack.pop(), code)
    return new


def play_code(state: State, code: int) -> State:
    """Like :func:`apply_code`, but ``state`` itself becomes the state after ``code`` (and is
    returned): the step of a play-out, whose states are dropped as soon as the next one exists.

    Why it is safe: a clone shares nothing mutable with the state it was made from (the stack
    and the list of players are copied, players are copied on write, the rest are tuples), so
    changing ``state`` never changes a state cloned from it or one it was cloned from. Why it
    is worth having: cloning is about a fifth of the instructions of a random game."""
    _check_legal(state, code)
    state.legal_cache = None
    _answer(state, state.stack.pop(), code)
    return state


def step(state: State, code: int, own: bool) -> State:
    """A play-out's step: :func:`play_code` on a state the play-out made itself (``own``),
    else :func:`apply_code` (the caller's state is left as it was)."""
    return play_code(state, code) if own else apply_code(state, code)


def _check_legal(state: State, code: int) -> None:
    if state.over:
        raise IllegalActionError(Text("core.error.game_over"))
    if code not in legal_codes(state):
        top = state.stack[-1]
        raise IllegalActionError(Text("burgrave.error.not_now", name=seat_name(state, top.seat),
                                      ask=Text(f"burgrave.ask.{DECISION_NAMES[top.op]}")))


def _answer(state: State, task: Task, code: int) -> None:
    """Answer the decision ``task`` (just taken off the stack) with ``code`` and run on."""
    apply_decision(state, task, code)
    advance(state)
