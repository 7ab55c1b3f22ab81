"""What asked a question: the source a task carries (``Task.source``, :class:`~.tasks.Origin`),
named for the prompt ("Hawker (drop-off): discard 1 card, +2 silver.") and for the log line
it causes ("Hawker (drop-off): Ana discards the Novice.").

Its own module because both the prompt (:mod:`.prompts`) and the log (:mod:`.explain`) name
causes, and the table of origins is a job of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from kingdoms.core.text import Text

from .content import Effect
from .state import State
from .tables import CARD_DESIGN, CASTLE_REWARDS, PRINTED, PRINTED_SCRIPT_EFFECTS, SCRIPTS
from .tasks import LANDED, SEVERAL, SOURCE_BASE, Decision, Origin, Task
from .words import (
    card_name,
    castle_section_name,
    effects_text,
    player_card_name,
    printed_name,
    printed_script_name,
    script_name,
    seat_name,
    spot_label,
)

NAMED_ORIGINS = frozenset({Origin.PLAYED, Origin.DROP_OFF, Origin.HIRE, Origin.ONGOING,
                           Origin.COLLISION_CARD, Origin.PRINTED, Origin.SCRIPT,
                           Origin.PRINTED_SCRIPT, Origin.CASTLE, Origin.PLAYER_CARD})
"""Origins named by a thing (a card, a manuscript, a castle section): the log puts the name
before the line it caused ("Hawker (drop-off): Ana discards the Novice.")."""


def source_name(state: State, source: int) -> Text | None:
    """The name of what queued a task, for the log (None when it is a place or a rule)."""
    origin, key = divmod(source, SOURCE_BASE)
    if origin not in NAMED_ORIGINS or key == SEVERAL:
        return None
    return _SOURCE_NAMES[origin](state, key)[0]


def source_why(state: State, source: int) -> Text | None:
    """What asked this question, and all it gives: "Hawker (drop-off): discard 1 card, +2
    silver" (None for the turn's own steps)."""
    origin, key = divmod(source, SOURCE_BASE)
    named = _SOURCE_NAMES.get(origin)
    if named is None:
        return None
    name, effects = named(state, key)
    if effects is None:
        return Text("burgrave.why.source", source=name)
    return Text("burgrave.why.source_gives", source=name, effects=effects_text(effects))


Named = tuple[Text, tuple[Effect, ...] | None]


def _card_source(timing: str, hire: bool = False) -> Callable[[State, int], Named]:
    """A card's name and timing, and the effects it gives then."""

    def named(_state: State, card: int) -> Named:
        if card == SEVERAL:  # several cards of the line at once
            return Text(f"burgrave.source.line_{timing}"), None
        design = CARD_DESIGN[card]
        return (Text("burgrave.source.card", card=card_name(card),
                     timing=Text(f"burgrave.source.{timing}")),
                design.hire if hire else design.effects)
    return named


_SOURCE_NAMES: dict[int, Callable[[State, int], Named]] = {
    Origin.PLAYED: _card_source("played"),
    Origin.DROP_OFF: _card_source("drop_off"),
    Origin.HIRE: _card_source("hire", hire=True),
    Origin.ONGOING: _card_source("ongoing"),
    Origin.COLLISION_CARD: _card_source("collision"),
    Origin.PRINTED: lambda _s, design: (
        Text("burgrave.source.card", card=printed_name(design),
             timing=Text("burgrave.source.hire")), PRINTED[design].hire),
    Origin.SCRIPT: lambda _s, script: (script_name(script), SCRIPTS[script].effects),
    Origin.PRINTED_SCRIPT: lambda _s, design: (printed_script_name(design),
                                               PRINTED_SCRIPT_EFFECTS[design]),
    Origin.SPOT: lambda state, spot: (Text("burgrave.source.spot",
                                           spot=spot_label(state, spot)), None),
    Origin.CASTLE: lambda _s, design: (Text("burgrave.source.castle",
                                            section=castle_section_name(design)),
                                       CASTLE_REWARDS[design]),
    Origin.COLLISION: lambda _s, space: (Text("burgrave.source.collision_space",
                                              number=space + 1), None),
    Origin.PLAYER_CARD: lambda _s, card: (player_card_name(card), None),
    Origin.WORKSHOP: lambda _s, _key: (Text("burgrave.source.workshop"), None),
}
"""How each :class:`~.tasks.Origin` is named, with the effects it gives when they are one
printed list (a spot's reward and its links, a collision's rows are said by their place)."""


def why_asked(state: State, task: Task) -> Text | None:
    """Why the question on top is asked: another seat's turn gave it (a landing, a collision,
    a bump, a reward), else what queued it (:func:`source_why`); None for the turn's own
    steps."""
    decision = Decision(task.op)
    return _other_turn(state, task.seat, decision, task.arg) or source_why(state, task.source)


def _other_turn(state: State, seat: int, decision: Decision, arg: int) -> Text | None:
    """Why a seat decides outside its own turn."""
    turn = state.turn_seat
    if turn < 0 or turn == seat or decision == Decision.CHOOSE_PAIR:
        return None
    name = seat_name(state, turn)
    if decision == Decision.REARRANGE:
        return Text("burgrave.why.landed" if arg == LANDED else "burgrave.why.collision",
                    name=name)
    if decision == Decision.BUMP:
        return Text("burgrave.why.bump", name=name)
    return Text("burgrave.why.reward", name=name)
