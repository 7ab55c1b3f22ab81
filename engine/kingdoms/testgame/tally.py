"""Tally: a tiny internal game that exercises every part of the game protocol.

Why it exists: records, share codes, undo, the CLI and the conformance tests all need a game
with hidden information, chance, choices and a guaranteed end. Tally has all four in about the
smallest rules possible, so failures in the shared machinery are not hidden behind a real game's
complexity.

Rules
-----
* 1–4 seats. Every seat owns a private deck of twelve number cards (1–6, twice each), shuffled
  from the game seed, and starts with two of them in hand. Only the owner sees their hand; nobody
  sees any deck's order.
* Seats take turns in order for ``rounds`` rounds (option ``rounds``, 1–10, default 3). On a turn
  the seat may, in either order, **draw** once (top card of their own deck into their hand; needs
  a card left and fewer than five in hand) and **play** once (one card from hand, scoring its
  face value). The turn ends with **roll** (a die: its face scores, except a 1 which scores
  nothing) or **end_turn**.
* A turn has at most three actions, so a game has at most ``3 × rounds × seats`` actions.
* Score: played cards + dice − one per card still in hand. Ties are broken by the played cards'
  total; a tie on both is a shared win.

Undo semantics: ``draw`` and ``roll`` reveal information (``reveals_information`` is true), so
undo never steps back across them. ``play`` shows a hand card to the table, but only after the
turn passes (hot-seat hides the board between seats), so a play may be undone within the turn.

State representation: :class:`TallyState` is a frozen, slotted dataclass of ints, bools and
tuples. ``apply`` builds the next state with :func:`dataclasses.replace`, which copies a dozen
references and nothing else, so random playouts stay cheap; pydantic is used only at the edges
(actions from JSON, :meth:`TallyGame.state_from_json`).

>>> from kingdoms.core.protocol import Seat
>>> from kingdoms.core.text import render
>>> state = GAME.new_game([Seat(name="Ann"), Seat(name="Bo")], seed=7)
>>> [GAME.encode_action(a) for a in GAME.legal_actions(state)]
[0, 1, 2, 8]
>>> after = GAME.apply(state, Play(value=6))
>>> render(GAME.describe(state, Play(value=6), after))
'Ann plays a 6.'
>>> [render(choice.label) for choice in GAME.prompt(state).choices]
['End the turn', 'Roll the die', 'Draw a card', 'Play a 6']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..core.errors import IllegalActionError, KingdomsError, SetupError
from ..core.explain import Choice, Prompt, with_consequences
from ..core.protocol import Game, GameEntry, GameInfo, GameResult, Seat, SeatScore
from ..core.rng import MASK64, Rng
from ..core.text import Text, json_catalog

RULES_VERSION = 1
DECK: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
START_HAND = 2
HAND_LIMIT = 5
MIN_ROUNDS, MAX_ROUNDS, DEFAULT_ROUNDS = 1, 10, 3
MIN_SEATS, MAX_SEATS = 1, 4


# --- actions -------------------------------------------------------------------------------


class EndTurn(BaseModel):
    """Finish the turn without rolling."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    action_type: Literal["end_turn"] = "end_turn"


class Roll(BaseModel):
    """Roll the die and finish the turn (reveals the die)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    action_type: Literal["roll"] = "roll"


class Draw(BaseModel):
    """Take the top card of your own deck into your hand (reveals it to you)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    action_type: Literal["draw"] = "draw"


class Play(BaseModel):
    """Play one card of face ``value`` from your hand."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    action_type: Literal["play"] = "play"
    value: int = Field(ge=1, le=6)


TallyAction = EndTurn | Roll | Draw | Play
"""Every Tally action; JSON tells them apart by ``action_type``."""

action_adapter: TypeAdapter[TallyAction] = TypeAdapter(
    Annotated[TallyAction, Field(discriminator="action_type")]
)

# The fixed vocabulary for share codes. Never reorder: codes store these numbers.
# 0 end_turn, 1 roll, 2 draw, 3..8 play 1..6.
_PLAY_BASE = 3
VOCABULARY_SIZE = _PLAY_BASE + 6


# --- state ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class TallyState:
    """The whole game, hidden parts included. Immutable: ``apply`` returns a new one.

    ``decks[s][0]`` is the top of seat ``s``'s deck; ``hands`` are kept sorted so that equal
    hands compare equal; ``rolls`` are die faces in the order rolled.
    """

    seats: tuple[Seat, ...]
    rounds: int
    seed: int
    counter: int
    decks: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    rolls: tuple[tuple[int, ...], ...]
    turn: int
    """Turns finished so far; the seat to act is ``turn % len(seats)``."""
    drew: bool
    """The current seat has drawn this turn."""
    has_played: bool
    """The current seat has played a card this turn."""

    @property
    def seat_count(self) -> int:
        return len(self.seats)

    @property
    def over(self) -> bool:
        return self.turn >= self.rounds * len(self.seats)


class _SeatModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deck: list[Annotated[int, Field(ge=1, le=6)]]
    hand: list[Annotated[int, Field(ge=1, le=6)]] = Field(max_length=HAND_LIMIT)
    played: list[Annotated[int, Field(ge=1, le=6)]]
    rolls: list[Annotated[int, Field(ge=1, le=6)]]


class _StateModel(BaseModel):
    """The JSON form of :class:`TallyState`, validated when loading hand-made positions."""

    model_config = ConfigDict(extra="forbid")
    game_id: Literal["tally"] = "tally"
    seats: list[Seat] = Field(min_length=MIN_SEATS, max_length=MAX_SEATS)
    rounds: int = Field(ge=MIN_ROUNDS, le=MAX_ROUNDS)
    seed: int = Field(ge=0, le=MASK64)
    counter: int = Field(ge=0)
    players: list[_SeatModel]
    turn: int = Field(ge=0)
    drew: bool = False
    has_played: bool = False


# --- the game ------------------------------------------------------------------------------

ENTRY = GameEntry(
    info=GameInfo(game_id="tally", title="Tally", min_seats=MIN_SEATS, max_seats=MAX_SEATS,
                  rules_version=RULES_VERSION, hidden_information=True, internal=True),
    game="kingdoms.testgame.tally:GAME",
    catalog="kingdoms.testgame.tally:catalog",
)
"""Tally's registration: added by :func:`kingdoms.testgame.register` (the tests and the
developer command line), never by the registry's built-in list."""
INFO = ENTRY.info


class TallyGame:
    """The :class:`~kingdoms.core.protocol.Game` object for Tally (use the module's ``GAME``)."""

    def __init__(self) -> None:
        self.info = INFO
        self.action_adapter: TypeAdapter[Any] = action_adapter

    # setup

    def new_game(
        self, seats: Sequence[Seat], seed: int, options: Mapping[str, Any] | None = None,
        rules_version: int | None = None,
    ) -> TallyState:
        """Shuffle every seat's deck from ``seed`` and deal the starting hands."""
        rounds = DEFAULT_ROUNDS
        for key, value in (options or {}).items():
            if key != "rounds":
                raise SetupError(f"Tally has no option {str(key)[:32]!r}.")
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError("The option 'rounds' must be a whole number.")
            if not MIN_ROUNDS <= value <= MAX_ROUNDS:
                raise SetupError(f"The option 'rounds' must be {MIN_ROUNDS} to {MAX_ROUNDS}.")
            rounds = value
        rng = Rng(seed)
        decks: list[tuple[int, ...]] = []
        hands: list[tuple[int, ...]] = []
        for _ in seats:
            cards = list(DECK)
            rng.shuffle(cards)
            hands.append(tuple(sorted(cards[:START_HAND])))
            decks.append(tuple(cards[START_HAND:]))
        empty: tuple[tuple[int, ...], ...] = tuple(() for _ in seats)
        return TallyState(
            seats=tuple(seats),
            rounds=rounds,
            seed=seed,
            counter=rng.counter,
            decks=tuple(decks),
            hands=tuple(hands),
            played=empty,
            rolls=empty,
            turn=0,
            drew=False,
            has_played=False,
        )

    # rules

    def play(self, state: TallyState, action: TallyAction) -> TallyState:
        return self.apply(state, action)  # frozen states: nothing to reuse

    def current_seat(self, state: TallyState) -> int | None:
        return None if state.over else state.turn % state.seat_count

    def is_over(self, state: TallyState) -> bool:
        return state.over

    def _why_illegal(self, state: TallyState, action: TallyAction) -> str | None:
        """``None`` if ``action`` is legal, else the reason (shared by legality and apply)."""
        if state.over:
            return "The game is over."
        seat = state.turn % state.seat_count
        if isinstance(action, Draw):
            if state.drew:
                return "You have already drawn this turn."
            if not state.decks[seat]:
                return "Your deck is empty."
            if len(state.hands[seat]) >= HAND_LIMIT:
                return f"Your hand is full ({HAND_LIMIT} cards)."
        elif isinstance(action, Play):
            if state.has_played:
                return "You have already played a card this turn."
            if action.value not in state.hands[seat]:
                return f"You have no {action.value} in your hand."
        return None

    def legal_actions(self, state: TallyState) -> list[TallyAction]:
        """End turn, roll, draw, then one play per distinct card value (ascending)."""
        if state.over:
            return []
        candidates: list[TallyAction] = [EndTurn(), Roll(), Draw()]
        seat = state.turn % state.seat_count
        candidates += [Play(value=value) for value in sorted(set(state.hands[seat]))]
        return [action for action in candidates if self._why_illegal(state, action) is None]

    def apply(self, state: TallyState, action: TallyAction) -> TallyState:
        if not isinstance(action, EndTurn | Roll | Draw | Play):
            raise IllegalActionError(f"Not a Tally action: {type(action).__name__}.")
        why = self._why_illegal(state, action)
        if why is not None:
            raise IllegalActionError(why)
        seat = state.turn % state.seat_count
        if isinstance(action, Draw):
            deck = state.decks[seat]
            return dataclasses.replace(
                state,
                decks=_replace_at(state.decks, seat, deck[1:]),
                hands=_replace_at(state.hands, seat, tuple(sorted((*state.hands[seat], deck[0])))),
                drew=True,
            )
        if isinstance(action, Play):
            hand = list(state.hands[seat])
            hand.remove(action.value)
            return dataclasses.replace(
                state,
                hands=_replace_at(state.hands, seat, tuple(hand)),
                played=_replace_at(state.played, seat, (*state.played[seat], action.value)),
                has_played=True,
            )
        if isinstance(action, Roll):
            rng = Rng(state.seed, state.counter)
            face = rng.randint(1, 6)
            state = dataclasses.replace(
                state,
                counter=rng.counter,
                rolls=_replace_at(state.rolls, seat, (*state.rolls[seat], face)),
            )
        return dataclasses.replace(state, turn=state.turn + 1, drew=False, has_played=False)

    def reveals_information(self, before: TallyState, action: TallyAction,
                            after: TallyState) -> bool:
        """Drawing shows a card to its owner and rolling shows the die: no undo across either."""
        return after.counter != before.counter or after.decks != before.decks

    # scores

    def result(self, state: TallyState) -> GameResult:
        scores = []
        for seat in range(state.seat_count):
            cards = sum(state.played[seat])
            dice = sum(face for face in state.rolls[seat] if face != 1)
            hand = -len(state.hands[seat])
            scores.append(
                SeatScore(
                    seat=seat,
                    total=cards + dice + hand,
                    breakdown={"cards": cards, "dice": dice, "hand": hand},
                    tie_break=[cards],
                )
            )
        if not state.over:
            return GameResult(scores=scores, winners=[])
        best = max((score.total, score.tie_break) for score in scores)
        winners = [s.seat for s in scores if (s.total, s.tie_break) == best]
        return GameResult(scores=scores, winners=winners, reason="rounds_complete")

    # views and text

    def view(self, state: TallyState, seat: int | None) -> dict[str, Any]:
        """Public table plus the viewer's own hand; deck order, other hands and the seed omitted."""
        if seat is not None and not 0 <= seat < state.seat_count:
            raise KingdomsError(f"There is no seat {seat} in this game.")
        n = state.seat_count
        result = self.result(state)
        view: dict[str, Any] = {
            "game_id": "tally",
            "viewer": seat,
            "round": min(state.turn // n, state.rounds - 1) + 1,
            "rounds": state.rounds,
            "current_seat": self.current_seat(state),
            "over": state.over,
            "turn": {"drew": state.drew, "played": state.has_played},
            "seats": [
                {
                    "name": state.seats[s].name,
                    "kind": state.seats[s].kind,
                    "hand_size": len(state.hands[s]),
                    "deck_size": len(state.decks[s]),
                    "played": list(state.played[s]),
                    "rolls": list(state.rolls[s]),
                    "score": result.scores[s].total,
                }
                for s in range(n)
            ],
            "winners": result.winners,
        }
        if seat is not None:
            view["hand"] = list(state.hands[seat])
        return view

    def resample(self, state: TallyState, seat: int, rng: Rng) -> TallyState:
        """Every deck's order, the other seats' hands (dealt again from their cards not yet
        played) and the future dice are unknown to ``seat``."""
        decks: list[tuple[int, ...]] = []
        hands: list[tuple[int, ...]] = []
        for other in range(state.seat_count):
            if other == seat:
                unseen = sorted(state.decks[other])
                rng.shuffle(unseen)
                decks.append(tuple(unseen))
                hands.append(state.hands[other])
                continue
            pool = sorted((*state.decks[other], *state.hands[other]))
            rng.shuffle(pool)
            size = len(state.hands[other])
            hands.append(tuple(sorted(pool[:size])))
            decks.append(tuple(pool[size:]))
        return dataclasses.replace(state, decks=tuple(decks), hands=tuple(hands),
                                   seed=rng.next_u64(), counter=0)

    def describe_parts(self, before: TallyState, action: TallyAction,
                       after: TallyState) -> tuple[tuple[int | None, Text], ...]:
        """Only the acting seat acts (no automated seat plays on its own)."""
        return ((self.current_seat(before), self.describe(before, action, after)),)

    def describe(self, before: TallyState, action: TallyAction, after: TallyState) -> Text:
        """What was done; a roll says its face, a draw does not say the card (it is private)."""
        seat = self.current_seat(before)
        name = before.seats[seat].name if seat is not None else "?"
        if isinstance(action, Draw):
            return Text("tally.log.draw", name=name)
        if isinstance(action, Play):
            return Text("tally.log.play", name=name, value=action.value)
        if isinstance(action, Roll) and seat is not None:
            return Text("tally.log.roll", name=name, face=after.rolls[seat][-1])
        return Text("tally.log.end_turn", name=name)

    def prompt(self, state: TallyState) -> Prompt[TallyAction] | None:
        """The turn's choices with their consequences (:func:`with_consequences`)."""
        seat = self.current_seat(state)
        if seat is None:
            return None
        labels = {"end_turn": Text("tally.choice.end_turn"), "roll": Text("tally.choice.roll"),
                  "draw": Text("tally.choice.draw")}
        choices = tuple(
            Choice(action, Text("tally.choice.play", value=action.value), place="hand",
                   key=action.value)
            if isinstance(action, Play) else Choice(action, labels[action.action_type])
            for action in self.legal_actions(state)
        )
        return with_consequences(
            Prompt(seat=seat, kind="turn", title=Text("tally.ask.turn"), choices=choices),
            state, self.apply, self.reveals_information, lambda s: s.turn, self.is_over)

    # vocabulary

    def encode_action(self, action: TallyAction) -> int:
        if isinstance(action, EndTurn):
            return 0
        if isinstance(action, Roll):
            return 1
        if isinstance(action, Draw):
            return 2
        if isinstance(action, Play):
            return _PLAY_BASE + action.value - 1
        raise IllegalActionError(f"Not a Tally action: {type(action).__name__}.")

    def decode_action(self, code: int) -> TallyAction:
        if code == 0:
            return EndTurn()
        if code == 1:
            return Roll()
        if code == 2:
            return Draw()
        if _PLAY_BASE <= code < VOCABULARY_SIZE:
            return Play(value=code - _PLAY_BASE + 1)
        raise IllegalActionError(f"Tally has no action number {code}.")

    # full state as JSON

    def state_to_json(self, state: TallyState) -> dict[str, Any]:
        return {
            "game_id": "tally",
            "seats": [seat.model_dump() for seat in state.seats],
            "rounds": state.rounds,
            "seed": state.seed,
            "counter": state.counter,
            "players": [
                {
                    "deck": list(state.decks[s]),
                    "hand": list(state.hands[s]),
                    "played": list(state.played[s]),
                    "rolls": list(state.rolls[s]),
                }
                for s in range(state.seat_count)
            ],
            "turn": state.turn,
            "drew": state.drew,
            "has_played": state.has_played,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> TallyState:
        """Validate with pydantic (this is an edge) and build the cheap dataclass."""
        try:
            model = _StateModel.model_validate(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            raise SetupError(f"Not a Tally state: {where}: {first['msg']}.") from None
        if len(model.players) != len(model.seats):
            raise SetupError("Not a Tally state: one entry in 'players' is needed per seat.")
        if model.turn > model.rounds * len(model.seats):
            raise SetupError("Not a Tally state: 'turn' is past the end of the game.")
        return TallyState(
            seats=tuple(model.seats),
            rounds=model.rounds,
            seed=model.seed,
            counter=model.counter,
            decks=tuple(tuple(p.deck) for p in model.players),
            hands=tuple(tuple(sorted(p.hand)) for p in model.players),
            played=tuple(tuple(p.played) for p in model.players),
            rolls=tuple(tuple(p.rolls) for p in model.players),
            turn=model.turn,
            drew=model.drew,
            has_played=model.has_played,
        )


def _replace_at(
    items: tuple[tuple[int, ...], ...], index: int, value: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*items[:index], value, *items[index + 1 :])


catalog = json_catalog("kingdoms.testgame")
"""Tally's words (``locales/<lang>.json``), registered under the prefix ``tally``."""

GAME: Game[TallyState, TallyAction] = TallyGame()
"""The registered game object (``kingdoms.testgame.tally:GAME``)."""
