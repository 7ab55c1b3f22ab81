"""Dice Realm's controls without the DOM: the engine's prompt read into what the tray and the
market offer now.

Why a model (as Burgrave's :mod:`kingdoms_web.games.burgrave.model`): the screen never decides
a rule. Which citizens can be taken, whether rolling can stop, whether a scoundrel must be
taken, which dice a Fairy may flip and to what, who may receive a dragon — each is a choice of
the engine's :meth:`~kingdoms.core.protocol.Game.prompt`, drawn where the engine places it
(``dice``: a roll by the dice it keeps; ``die``: a flip; ``slot``: a citizen; ``seat``: a
player; the prompt itself: stop and the scoundrel). A control is live exactly when its choice
is here, and a tap sends back the choice's own action.

>>> from kingdoms.core.protocol import Seat
>>> from kingdoms.dice_realm.game import GAME
>>> state = GAME.new_game((Seat(name="Ann"), Seat(name="Ben")), seed=7)
>>> tray = read_prompt(GAME.prompt(state))
>>> sorted(tray.rolls), tray.stop, tray.claims
([0], None, {})
>>> tray = read_prompt(GAME.prompt(GAME.apply(state, tray.rolls[0].action)))
>>> len(tray.rolls), tray.stop is not None
(63, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kingdoms.core.explain import Choice, Prompt
from kingdoms.dice_realm.game import ActionModel

DiceChoice = Choice[ActionModel]


@dataclass(frozen=True)
class Tray:
    """What the deciding seat may do now, by where it is drawn."""

    rolls: Mapping[int, DiceChoice] = field(default_factory=dict)
    """Keep mask -> the roll that keeps those dice (the first roll keeps none)."""
    flips: Mapping[int, DiceChoice] = field(default_factory=dict)
    """Die -> a Fairy's flip of it."""
    claims: Mapping[int, tuple[DiceChoice, ...]] = field(default_factory=dict)
    """Row slot -> the ways to take its citizen (with its village or without)."""
    gifts: Mapping[int, DiceChoice] = field(default_factory=dict)
    """Seat -> giving the dragon just taken to that player."""
    stop: DiceChoice | None = None
    """Stop rolling (the dice are final)."""
    penalty: DiceChoice | None = None
    """Take the top scoundrel (no citizen is met)."""
    prompt: Prompt[ActionModel] | None = None
    """The engine's prompt it was read from (confirmations and warnings)."""

    def roll(self, keep: int) -> DiceChoice | None:
        """The roll keeping the dice of ``keep`` (None: no such roll now)."""
        return self.rolls.get(keep)


NO_TRAY = Tray()
"""Nothing to do (the game is over)."""


def read_prompt(prompt: Prompt[ActionModel] | None) -> Tray:
    """The tray and market's controls from the engine's prompt (None: the game is over)."""
    if prompt is None:
        return NO_TRAY
    claims: dict[int, tuple[DiceChoice, ...]] = {}
    stop = penalty = None
    for choice in prompt.choices:
        if choice.place == "slot":
            claims[choice.key] = (*claims.get(choice.key, ()), choice)
        elif choice.place == "prompt":
            kind = choice.action.action_type
            if kind == "stop":
                stop = choice
            elif kind == "take_penalty":
                penalty = choice
    return Tray(rolls=prompt.at("dice"), flips=prompt.at("die"), claims=claims,
                gifts=prompt.at("seat"), stop=stop, penalty=penalty, prompt=prompt)
