"""Burgrave's guided first game (see :mod:`kingdoms_web.play.coach`): the first card played, the
first move, a region's action, the first collision, the castle, and the end trigger.

The decision kinds are the engine's (``Prompt.kind``, the lower-case names of
``kingdoms.burgrave.tasks.Decision``); the controls are the ones the screen marks as offered
(``data-offer``) or the prompt itself for choices drawn there."""

from __future__ import annotations

from kingdoms_web.play.coach import CoachMark

OFFERED = "[data-offer]"
PROMPT = '[data-testid="prompt"]'

MARKS: tuple[CoachMark, ...] = (
    CoachMark("play_card", frozenset({"play_card"}), f'[data-testid^="hand-card-"]{OFFERED}',
              shows_a_move=True),
    CoachMark("move", frozenset({"move"}), f'[data-testid^="space-"]{OFFERED}'),
    CoachMark("action", frozenset({"primary_action"}), PROMPT),
    CoachMark("collision", frozenset({"rearrange"}), PROMPT),
    CoachMark("castle", frozenset({"place_workers", "cascade", "bump", "move_worker"}), PROMPT),
    CoachMark("end", frozenset(), '[data-testid="end-warning"]', at_end_warning=True),
)
