"""The prompt being built for one decision of a Burgrave game: its title, notes, choices,
groups and what is not possible, gathered by :mod:`.prompts` and :mod:`.primary_prompt`."""

from __future__ import annotations

from kingdoms.core.explain import PROMPT, Choice, Group, Place, Unavailable
from kingdoms.core.text import Text

from .actions import ACTIONS, Action
from .state import State
from .tasks import DECISION_NAMES, Decision


class Asked:
    """The prompt being built for one decision."""

    def __init__(self, state: State, seat: int, decision: Decision) -> None:
        self.state = state
        self.seat = seat
        self.decision = decision
        self.player = state.players[seat]
        self.title = Text(f"burgrave.ask.{DECISION_NAMES[decision]}")
        self.notes: list[Text] = []
        self.choices: list[Choice[Action]] = []
        self.groups: list[Group] = []
        self.unavailable: list[Unavailable] = []

    def add(self, code: int, label: Text, detail: Text | None = None, place: Place = PROMPT,
            key: int = -1, group: str = "", about: tuple[Place, int] | None = None) -> None:
        self.choices.append(Choice(ACTIONS[code], label, detail, place, key, group,
                                   about=about))

    def blocked(self, reason: Text) -> None:
        self.unavailable.append(Unavailable(reason))



__all__ = ["Asked"]
