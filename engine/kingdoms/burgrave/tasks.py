"""What can be pending in a Burgrave game: the :class:`Task` on ``state.stack`` and its ops.

Why a stack: a turn is six phases, and almost every effect can ask someone a question (which
resource, which card to destroy, where the bumped worker goes, whether the player you landed on
rearranges). Every phase and every question is a task on ``state.stack``; the top one is next.
:class:`Auto` tasks run as soon as they are on top; :class:`Decision` tasks wait for an action of
their ``seat``, which need not be the player whose turn it is. An effect that leads to further
effects pushes them on top, so they resolve depth-first in printed order.

This module only names things; :mod:`~kingdoms.burgrave.rules` runs the stack.

>>> Task(Decision.CHOOSE_RESOURCE, 2)
Task(op=<Decision.CHOOSE_RESOURCE: 26>, seat=2, kind=0, amount=0, arg=0, source=0)
>>> DECISION_NAMES[Decision.PLACE_WORKERS]
'place_workers'
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from .content import MAX_SEATS


class Auto(IntEnum):
    """Tasks that run without asking anyone (the numbers are stored in state JSON)."""

    START_TURN = 0
    """Push the six phases of ``seat``'s turn."""
    SHIFT = 1
    """Phase 1: shift the line right; the card pushed off drops off."""
    COLLISION = 2
    """Phase 5."""
    DRAW = 3
    """Phase 6."""
    END_TURN = 4
    """Pass the turn on, or end the game after the last round."""
    EFFECT = 5
    """Resolve one effect (``kind``, ``amount``, ``arg``) for ``seat``."""
    CASTLE = 6
    """Resolve ``seat``'s cascades in the castle, then crowding."""
    CROWDING = 7
    """Cut every crowded castle section to 3 workers."""
    SETUP_DECK = 8
    """Setup: form ``seat``'s deck and draw 3."""
    RESET_TRACK = 9
    """After a collision: both markers back to their ends."""
    AFTER_ACTION = 10
    """Fire ``seat``'s ongoing abilities with trigger ``kind`` (after a primary action)."""
    RIVAL_SETUP = 11
    """Solo: the rival's burgrave goes to the space of the pair the human left."""
    RIVAL_TURN = 12
    """Solo: shift the rival's line, flip its top scheme, queue the scheme's steps."""
    RIVAL_DISMISS = 13
    """Solo: the scheme's dismissal (top-right effect only)."""
    RIVAL_MOVE = 14
    """Solo: move ``amount`` spaces along the outer path."""
    RIVAL_ACTION = 15
    """Solo: the first possible action of scheme ``arg``, else its fall-back."""
    RIVAL_CONVERT = 16
    """Solo: spare silver into resources at the end of the rival's turn."""


class Decision(IntEnum):
    """Tasks that wait for an action of their ``seat``; the lower-case names are the decision
    kinds views show."""

    CHOOSE_PAIR = 20
    PLAY_CARD = 21
    MOVE = 22
    REARRANGE = 23
    PRIMARY_ACTION = 24
    HIRE = 25
    CHOOSE_RESOURCE = 26
    FLIP = 27
    DESTROY = 28
    DISCARD = 29
    """``kind`` is ``EffectKind.MAY_DISCARD`` when the player may decline."""
    HIRE_FREE = 30
    MOVE_WORKER = 31
    PLACE_WORKERS = 32
    """Place ``amount`` workers free."""
    BUILD_FREE = 33
    """Build building ``arg`` free."""
    TRANSCRIBE_FREE = 34
    CASCADE = 35
    BUMP = 36


LANDED = 1
"""``arg`` of a :attr:`Decision.REARRANGE` asked because the turn's player landed on the
seat's space (a collision's rearrange has ``arg`` 0), so the prompt can say why."""

FIRST_DECISION = min(Decision)
"""Ops from here on are decisions."""
DECISION_NAMES: dict[int, str] = {decision: decision.name.lower() for decision in Decision}
OPS: dict[int, Auto | Decision] = {op.value: op for op in (*Auto, *Decision)}
"""Every op by its number (for loading states)."""


class Origin(IntEnum):
    """What queued an effect, so the question it asks can say why (``Task.source``)."""

    NONE = 0
    PLAYED = 1
    """A card's instant ability, as it was played (key: the card id)."""
    DROP_OFF = 2
    """A card pushed out of the line (card id)."""
    HIRE = 3
    """A townsfolk's hire/dismiss effect (card id)."""
    ONGOING = 4
    """An ongoing ability in the line (card id; ``SEVERAL`` when several fired together)."""
    COLLISION_CARD = 5
    """A collision ability in the line (card id, or ``SEVERAL``)."""
    PRINTED = 6
    """A printed townsfolk's hire/dismiss effect (segment design)."""
    SCRIPT = 7
    """A manuscript's immediate effect (manuscript id)."""
    PRINTED_SCRIPT = 8
    """A printed manuscript's effect (segment design)."""
    SPOT = 9
    """Building on a spot: its reward and the links it completes (spot id)."""
    CASTLE = 10
    """A castle section's tier-2 reward (castle section design)."""
    COLLISION = 11
    """The reward printed at a collision space (the space)."""
    PLAYER_CARD = 12
    """A player card's set-up step (player card id)."""
    WORKSHOP = 13
    """The first workshop's optional discard after hiring."""


SOURCE_BASE = 1000
"""``Task.source`` is ``origin * SOURCE_BASE + key`` (every key is below 1000)."""
SEVERAL = SOURCE_BASE - 1
"""The key of line abilities of several cards that fired together (one reward)."""


def source_of(origin: Origin, key: int = 0) -> int:
    """A task's ``source`` for ``origin`` and its ``key`` (see :class:`Origin`).

    >>> divmod(source_of(Origin.DROP_OFF, 17), SOURCE_BASE)
    (2, 17)
    """
    return origin * SOURCE_BASE + key


class Task(NamedTuple):
    """One pending task. ``kind``, ``amount`` and ``arg`` describe what it resolves in the terms
    of the effect vocabulary; most ops use none of them (see the op's doc). ``source`` says
    what queued it (:func:`source_of`; 0 for the turn's own steps), so a question can name
    its cause ("Hawker, drop-off: discard 1 card"); it never changes what the task does."""

    op: Auto | Decision
    seat: int
    kind: int = 0
    amount: int = 0
    arg: int = 0
    source: int = 0


def per_seat(op: Auto | Decision, kind: int = 0) -> tuple[Task, ...]:
    """``Task(op, seat, kind)`` for every seat, to be built once and looked up by seat.

    Why: tasks are immutable, and the ones queued at every turn of every play-out cost more to
    build (a named tuple: about 3,000 CPU instructions on CPython 3.11) than to look up.

    >>> per_seat(Auto.CASTLE)[2] == Task(Auto.CASTLE, 2)
    True
    """
    return tuple(Task(op, seat, kind) for seat in range(MAX_SEATS))
