"""Which controls of Burgrave's board a hint rings (:mod:`kingdoms_web.play.hints`): the
choice's own control, by the test id the screen gives it (:func:`~.model.testid_for`), and for a
building its type's button first, then the spot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kingdoms.core.explain import Choice

if TYPE_CHECKING:
    from kingdoms.core.coach import Advice


def targets(advice: Advice) -> tuple[str, ...]:
    """The suggested choice's controls (a building's type and its spot). (The screen's model is
    imported here, at the first hint: the game's registration stays light for the home screen.)"""
    from kingdoms_web.games.burgrave.model import testid_for
    own = testid_for(Choice(advice.action, advice.label, place=advice.place, key=advice.key))
    found = [f'[data-testid="{own}"]']
    if advice.group:
        found.insert(0, f'[data-testid="action-build-{advice.group}"]')
    return tuple(found)
