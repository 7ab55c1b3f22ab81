"""Dice Realm's guided first game (see :mod:`kingdoms_web.play.coach`): the first roll, the
first hold, the first citizen taken, the first village, and the warning that the end is near.

Each mark points at a control the screen draws only when the engine allows it: the Roll button,
dice that can be kept, a lit (met) citizen, the village choice, the end warning."""

from __future__ import annotations

from kingdoms_web.play.coach import CoachMark

ROLLING = frozenset({"roll"})

MARKS: tuple[CoachMark, ...] = (
    CoachMark("roll", ROLLING, '[data-testid="roll"]:not([disabled])'),
    CoachMark("hold", ROLLING, '[data-testid^="die-"]:not([aria-disabled])'),
    CoachMark("claim", frozenset(), '[data-testid^="citizen-"]:not([disabled])'),
    CoachMark("village", frozenset(), '[data-testid="claim-chooser"][data-village]'),
    CoachMark("end", frozenset(), '[data-testid="end-warning"]', at_end_warning=True),
)
