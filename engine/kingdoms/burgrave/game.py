"""Burgrave behind the common :class:`~kingdoms.core.protocol.Game` protocol.

The rules (:mod:`.rules`) work on integer action codes; this module is the edge: pydantic
actions in, results out, the view (:mod:`.view`) and the words (:mod:`.explain`) beside it.

>>> from kingdoms.core.protocol import Seat
>>> state = GAME.new_game((Seat(name="Ana"), Seat(name="Ben")), seed=7)
>>> GAME.view(state, None)["decision"]["kind"]
'choose_pair'
>>> len(GAME.legal_actions(state))
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from ..core.errors import SetupError
from ..core.explain import Prompt, with_consequences
from ..core.protocol import Game, GameResult, Seat, SeatScore
from ..core.rng import Rng
from ..core.text import Text
from . import INFO, explain
from .actions import ACTIONS, action_adapter, decode, encode
from .actions import Action as Action  # the page types its choices with it
from .hidden import resample
from .rules import advance, apply_code, deciding_seat, legal_codes, new_state, play_code
from .scoring import leftovers, score_parts
from .shapes import BurgraveView as BurgraveView  # the page reads the view as this
from .solo_options import solo_options, solo_result
from .state import State, from_json, to_json
from .versions import OLDEST_RULES_VERSION, RULES_VERSION
from .view import build_view


class BurgraveGame:
    """The Burgrave game object (stateless; all data is in the states)."""

    info = INFO
    action_adapter: TypeAdapter[Any] = action_adapter

    def simulation_report(self, finished: Sequence[State]) -> dict[str, Any]:
        """Burgrave's own figures for ``kingdoms simulate`` (see ``SimulationReport``)."""
        from .stats import simulation_report

        return simulation_report(finished)

    # --- core protocol ---------------------------------------------------------------------

    def new_game(
        self, seats: Sequence[Seat], seed: int, options: Mapping[str, Any] | None = None,
        rules_version: int | None = None,
    ) -> State:
        """Options (solo only): ``rival`` (a rival board's key) and ``difficulty`` (0-3), both
        with defaults; see :func:`.solo_options.solo_options`. An older ``rules_version`` is
        kept by the state (:mod:`.versions`)."""
        rival, difficulty = solo_options(len(seats), options or {})
        if rules_version is not None and not (
            OLDEST_RULES_VERSION <= rules_version <= RULES_VERSION
        ):
            raise SetupError(f"Burgrave has no rules version {rules_version}.")
        return new_state(tuple(seats), seed, rival, difficulty,
                         RULES_VERSION if rules_version is None else rules_version)

    def legal_actions(self, state: State) -> list[Action]:
        return [ACTIONS[c] for c in legal_codes(state)]

    def apply(self, state: State, action: Action) -> State:
        return apply_code(state, encode(action))

    def play(self, state: State, action: Action) -> State:
        return play_code(state, encode(action))

    def current_seat(self, state: State) -> int | None:
        return deciding_seat(state)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> GameResult:
        scores = []
        for seat in range(len(state.seats) - (state.rival is not None)):
            parts = score_parts(state, seat)
            scores.append(SeatScore(
                seat=seat, total=sum(parts.values()), breakdown=parts,
                tie_break=[leftovers(state.players[seat])],
            ))
        if state.rival is not None:
            return solo_result(state, scores)
        if not state.over:
            return GameResult(scores=scores, winners=[])
        best = max((s.total, s.tie_break) for s in scores)
        winners = [s.seat for s in scores if (s.total, s.tie_break) == best]
        reason = "poverty_and_prosperity" if state.poverty and state.prosperity else (
            "poverty" if state.poverty else "prosperity"
        )
        return GameResult(scores=scores, winners=winners, reason=reason)

    def encode_action(self, action: Action) -> int:
        return encode(action)

    def decode_action(self, code: int) -> Action:
        return decode(code)

    def reveals_information(self, before: State, action: Action, after: State) -> bool:
        """True when the action drew, played blind, reshuffled or uncovered a pile's next card
        (the state counts every uncovered card)."""
        del action
        return after.reveals != before.reveals

    def resample(self, state: State, seat: int, rng: Rng) -> State:
        return resample(state, seat, rng)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Load a state; pending automatic tasks (hand-made positions) are run first."""
        state = from_json(data)
        if state.stack and not state.over:
            advance(state)
        return state

    # --- what the page shows ---------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> BurgraveView:
        return build_view(state, seat, self.result(state))

    def describe(self, before: State, action: Action, after: State) -> Text:
        return explain.describe(before, action, after)

    def describe_parts(self, before: State, action: Action,
                       after: State) -> tuple[tuple[int | None, Text], ...]:
        """The person's move, then (solo) the rival's turn it let happen, as two entries."""
        return explain.describe_parts(before, action, after)

    def prompt(self, state: State) -> Prompt[Action] | None:
        """The decision with every choice's consequences (:func:`with_consequences`)."""
        return with_consequences(explain.prompt(state), state, self.apply,
                                 self.reveals_information, _turns, self.is_over,
                                 explain.forfeits)


def _turns(state: State) -> int:
    """How many turns have ended (a solo rival's turn counts too)."""
    return state.turns


GAME: Game[State, Action] = BurgraveGame()
"""The registered game object (``kingdoms.burgrave.game:GAME``)."""
