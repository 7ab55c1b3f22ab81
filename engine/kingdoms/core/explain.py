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

What a choice cannot take back is said on the choice too, once, by the engine
(:func:`with_consequences`): whether it uncovers something (undo stops there), whether it ends
the seat's turn, and what it gives up (Burgrave: a move to a space where nothing can be afforded
skips the primary action). The page asks for a confirmation from these alone; it never tries an
action to find out.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Generic, Literal, TypeVar

from .text import Text

A = TypeVar("A")
"""A game's action type (its pydantic action union)."""
S = TypeVar("S")
"""A game's state type."""

Place = Literal["prompt", "dice", "die", "slot", "seat", "pair", "hand", "space", "section",
                "spot", "townsfolk"]
"""Where a page draws a choice: ``prompt`` (a button of the prompt itself) or the kind of board
element it belongs to — Dice Realm's ``dice`` (a roll, keyed by its keep mask), ``die`` (a
Fairy's flip), ``slot`` (a citizen of the row) and ``seat`` (a player); Burgrave's ``pair`` (a
starting pair), ``hand`` (a card), ``space``, ``section`` (of the castle), ``spot`` (a
building spot) and ``townsfolk`` (a segment's pile, named by ``Choice.about``). A new kind of
element is added here."""

PROMPT: Place = "prompt"
"""The place of a choice drawn as a button in the prompt itself."""


@dataclass(frozen=True, slots=True)
class Choice(Generic[A]):
    """One legal action as the deciding seat is offered it."""

    action: A
    """The game's action model (what the page sends back through ``Game.apply``)."""
    label: Text
    """What the control says ("Move to space 4")."""
    detail: Text | None = None
    """What it costs or does ("2 silver"), if worth saying."""
    place: Place = PROMPT
    """Where a page draws it: ``prompt`` or the kind of board element it belongs to."""
    key: int = -1
    """Which element of that kind (a hand index, a space, a die …)."""
    group: str = ""
    """Choices needing a first pick share a group id (see :class:`Group`); ``""`` for none."""
    reveals: bool = False
    """Taking it uncovers something new (a roll, a drawn card): undo cannot take it back."""
    ends_turn: bool = False
    """The seat's turn (or the game) ends with it."""
    forfeits: Text | None = None
    """What the seat gives up by it, to be said before it is taken ("Nothing you can afford
    there: your turn ends after the move"); None when nothing."""
    about: tuple[Place, int] | None = None
    """The board element the choice is about when it is drawn elsewhere (a prompt button), as
    (kind, key): the page draws that element's face in the control, so "Hire the Abbess" shows
    the card's value, icons and text (Burgrave: ``("townsfolk", position)``)."""


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
class Prompt(Generic[A]):
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
    choices: tuple[Choice[A], ...] = ()
    groups: tuple[Group, ...] = ()
    unavailable: tuple[Unavailable, ...] = field(default_factory=tuple)

    def at(self, place: Place) -> dict[int, Choice[A]]:
        """The choices drawn at ``place``, by key (the first one wins a shared key)."""
        found: dict[int, Choice[A]] = {}
        for choice in self.choices:
            if choice.place == place:
                found.setdefault(choice.key, choice)
        return found

    def all_at(self, place: Place, key: int) -> list[Choice[A]]:
        """Every choice drawn on one element (a citizen taken with or without its village)."""
        return [choice for choice in self.choices if choice.place == place and choice.key == key]

    def choice_for(self, action: A) -> Choice[A] | None:
        """The choice that offers ``action``, if any."""
        return next((choice for choice in self.choices if choice.action == action), None)


Forfeits = Callable[[S, A, S], "Text | None"]
"""What a game says a move gives up, from the states before and after it (see
:attr:`Choice.forfeits`)."""


def with_consequences(prompt: Prompt[A] | None, state: S, apply: Callable[[S, A], S],
                      reveals: Callable[[S, A, S], bool], turn: Callable[[S], int],
                      over: Callable[[S], bool], forfeits: Forfeits[S, A] | None = None,
                      alike: Callable[[A], Hashable] | None = None) -> Prompt[A] | None:
    """``prompt`` with what each choice cannot take back, found once by the engine: each
    choice's action is applied to ``state`` (``apply``, the game's pure step) and the two
    states compared — ``reveals`` (the game's ``reveals_information``), a turn ended (``turn``
    counts the turns begun; ``over``: the game ended) and, if the game says so, what it gives
    up (``forfeits``). Why here: "can this be taken back?" is the rules' question; a page that
    tried actions to find out would be a second copy of them.

    ``alike`` (optional) names actions whose consequences are the same whatever their details,
    so one of them is tried for all: Dice Realm's 63 rolls differ only in the dice kept."""
    if prompt is None:
        return None
    before = turn(state)
    found: dict[Hashable, tuple[bool, bool, Text | None]] = {}
    marked: list[Choice[A]] = []
    for choice in prompt.choices:
        action = choice.action
        kind = alike(action) if alike is not None else action
        known = found.get(kind)
        if known is None:
            after = apply(state, action)
            known = found[kind] = (
                reveals(state, action, after), over(after) or turn(after) != before,
                forfeits(state, action, after) if forfeits is not None else None)
        marked.append(Choice(action, choice.label, choice.detail, choice.place, choice.key,
                             choice.group, *known, choice.about))  # not replace(): 60 a prompt
    return replace(prompt, choices=tuple(marked))

