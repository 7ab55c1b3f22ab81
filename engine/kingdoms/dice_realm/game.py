"""Dice Realm behind the common :class:`~kingdoms.core.protocol.Game` protocol.

The edge between the protocol's pydantic actions and the rules' integer codes, as in every game:
the rules (:mod:`.rules`) work on codes, the view (:mod:`.view`) and the words (:mod:`.explain`)
have modules of their own.

>>> from kingdoms.core.protocol import Seat
>>> from kingdoms.core.text import render
>>> state = GAME.new_game((Seat(name="Ann"), Seat(name="Ben")), seed=7)
>>> GAME.legal_actions(state)
[Roll(action_type='roll', keep=0)]
>>> after = GAME.apply(state, GAME.decode_action(0))
>>> len(GAME.view(after, None)["dice"]["values"])
6
>>> render(GAME.describe(state, GAME.decode_action(0), after))
'Ann rolled 3, 6, 3, 5, 3, 5.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from kingdoms.core.errors import IllegalActionError, SetupError
from kingdoms.core.explain import Prompt, with_consequences
from kingdoms.core.protocol import GameResult, Seat, SeatScore
from kingdoms.core.rng import Rng
from kingdoms.core.text import Text

from . import INFO, explain, rules
from .actions import VOCABULARY, Roll, action_adapter, decode, encode
from .actions import ActionModel as ActionModel  # the page types its choices with it
from .shapes import CardJson as CardJson  # a card as the view and the page hold it
from .shapes import DiceRealmView as DiceRealmView  # the page reads the view as this
from .state import OVER, State, from_json, to_json
from .view import build_view

OPTIONS = ("start_seat",)
_ACTIONS_OF: dict[tuple[int, ...], tuple[ActionModel, ...]] = {}
"""The actions of each list of legal codes met so far (the shared, frozen models)."""
_ACTIONS_BY_ID: dict[int, tuple[tuple[int, ...], tuple[ActionModel, ...]]] = {}
"""The same by the identity of the first tuple of codes met: the rules hand out one shared tuple
for each list of codes while rolling (64 or more codes, and a tuple does not remember its hash).
Each entry keeps its tuple alive, so an id here always belongs to it."""


class DiceRealmGame:
    """The Dice Realm game object (stateless; all data is in the states)."""

    info = INFO
    action_adapter: TypeAdapter[Any] = action_adapter

    def new_game(
        self, seats: Sequence[Seat], seed: int, options: Mapping[str, Any] | None = None,
        rules_version: int | None = None,
    ) -> State:
        """Options: ``start_seat`` (0-based) to choose the start player; random otherwise."""
        options = dict(options or {})
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise SetupError(f"Unknown Dice Realm option(s): {', '.join(unknown)}.")
        start = options.get("start_seat")
        if start is not None and (isinstance(start, bool) or not isinstance(start, int)):
            raise SetupError("The start seat must be a whole number.")
        return rules.new_state([seat.name for seat in seats], seed, start)

    def legal_actions(self, state: State) -> list[ActionModel]:
        codes = rules.legal_codes(state)
        known = _ACTIONS_BY_ID.get(id(codes))
        if known is not None:
            return list(known[1])
        actions = _ACTIONS_OF.get(codes)
        if actions is None:
            actions = _ACTIONS_OF[codes] = tuple(VOCABULARY[code] for code in codes)
            _ACTIONS_BY_ID[id(codes)] = (codes, actions)
        return list(actions)

    def apply(self, state: State, action: ActionModel) -> State:
        if not isinstance(action, ActionModel):
            raise IllegalActionError(f"Not a Dice Realm action: {action!r}.")
        return rules.apply_code(state, encode(action))

    def play(self, state: State, action: ActionModel) -> State:
        """Nothing to reuse: each action copies the state once, a cheap copy of tuples."""
        return self.apply(state, action)

    def current_seat(self, state: State) -> int | None:
        return None if state.phase == OVER else state.current

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> GameResult:
        scores = [
            SeatScore(seat=seat, total=rules.score(realm), breakdown=rules.score_parts(realm),
                      tie_break=[-rules.negative_points(realm)])
            for seat, realm in enumerate(state.realms)
        ]
        over = state.phase == OVER
        return GameResult(
            scores=scores,
            winners=rules.winners(state) if over else [],
            reason=state.end_reason if over else "",
        )

    def encode_action(self, action: ActionModel) -> int:
        return encode(action)

    def decode_action(self, code: int) -> ActionModel:
        return decode(code)

    def reveals_information(self, before: State, action: ActionModel, after: State) -> bool:
        """A roll reveals dice (the generator moved on); a take that refills the row reveals a
        drawn citizen, and taking a scoundrel the next one. Stop, Fairy flips and a claim that
        waits for a dragon gift reveal nothing."""
        del action
        return (
            after.counter != before.counter
            or len(after.draw) != len(before.draw)
            or len(after.penalties) != len(before.penalties)
        )

    def resample(self, state: State, seat: int, rng: Rng) -> State:
        """Everything is public but the draw pile's order and the future dice (the seed): the
        draw pile is reshuffled and the seed replaced, from ``rng``."""
        del seat
        sample = state.clone()
        draw = sorted(state.draw)
        rng.shuffle(draw)
        sample.draw = tuple(draw)
        sample.seed = rng.next_u64()
        sample.counter = 0
        return sample

    def describe_parts(self, before: State, action: ActionModel,
                       after: State) -> tuple[tuple[int | None, Text], ...]:
        """Only the acting seat acts (no automated seat plays on its own)."""
        return ((self.current_seat(before), self.describe(before, action, after)),)

    def describe(self, before: State, action: ActionModel, after: State) -> Text:
        del action
        return explain.describe(before, after)

    def prompt(self, state: State) -> Prompt[ActionModel] | None:
        """The decision with every choice's consequences (:func:`with_consequences`)."""
        return with_consequences(explain.prompt(state, rules.legal_codes(state)), state,
                                 self.apply, self.reveals_information, _turn, self.is_over,
                                 explain.forfeits, _alike)

    def view(self, state: State, seat: int | None) -> DiceRealmView:
        return build_view(state, seat)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return to_json(state)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)


def _alike(action: ActionModel) -> object:
    """Every roll has the same consequences (it reveals dice; the turn goes on), whichever
    dice it keeps."""
    return "roll" if isinstance(action, Roll) else action


def _turn(state: State) -> int:
    """The turn under way (an Apprentice's extra turn is a turn of its own)."""
    return state.turn


GAME = DiceRealmGame()
