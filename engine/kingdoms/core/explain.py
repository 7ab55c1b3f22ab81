"""What a game says about a position: the question the deciding seat is asked, each legal action
as a choice with its label and cost, and what is not possible and why.

Why in the engine: only the rules know what an action costs or why it is refused. A page that
worked these out itself would be a second, drifting copy of the rules; so every game answers
:meth:`~kingdoms.core.protocol.Game.prompt` with a :class:`Prompt` of :class:`~.text.Text`
values, and the page only draws and translates it. The command line lists the same choices.

``place`` and ``key`` tell a page where a choice belongs on its board (a card in the hand, a
space, a die…) without the page knowing the rules: ``"prompt"`` choices are plain buttons.
Choices that need a first pick (Burgrave: the building type, then the spot) share a ``group``;
the page offers the groups first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .text import Text

PROMPT = "prompt"
"""The place of a choice drawn as a button in the prompt itself."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action as the deciding seat is offered it."""

    action: Any
    """The game's action model (what the page sends back through ``Game.apply``)."""
    label: Text
    """What the control says ("Move to space 4")."""
    detail: Text | None = None
    """What it costs or does ("2 silver"), if worth saying."""
    place: str = PROMPT
    """Where a page draws it: ``prompt`` or the kind of board element it belongs to."""
    key: int = -1
    """Which element of that kind (a hand index, a space, a die …)."""
    group: str = ""
    """Choices needing a first pick share a group id (see :class:`Group`); ``""`` for none."""


@dataclass(frozen=True, slots=True)
class Group:
    """A first pick that narrows the choices (Burgrave: which building, before the spot)."""

    id: str
    label: Text
    detail: Text | None = None


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Something the seat might expect to do that the rules do not allow now, and why."""

    reason: Text
    place: str = PROMPT
    key: int = -1


@dataclass(frozen=True)
class Prompt:
    """The decision in front of one seat."""

    seat: int
    kind: str
    """A short machine key of the decision (``roll``, ``move``, ``choose_pair`` …)."""
    title: Text
    why: Text | None = None
    """Why this seat decides now when it is not its own turn ("Ann landed on your space")."""
    notes: tuple[Text, ...] = ()
    warnings: tuple[Text, ...] = ()
    """What ends the game soon, said before it happens ("last scoundrel: whoever takes it ends
    the game", "final round"): a player should never be surprised by the end."""
    choices: tuple[Choice, ...] = ()
    groups: tuple[Group, ...] = ()
    unavailable: tuple[Unavailable, ...] = field(default_factory=tuple)

    def at(self, place: str) -> dict[int, Choice]:
        """The choices drawn at ``place``, by key (the first one wins a shared key)."""
        found: dict[int, Choice] = {}
        for choice in self.choices:
            if choice.place == place:
                found.setdefault(choice.key, choice)
        return found

    def choice_for(self, action: Any) -> Choice | None:
        """The choice that offers ``action``, if any."""
        return next((choice for choice in self.choices if choice.action == action), None)
