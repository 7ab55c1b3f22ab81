"""Burgrave by keyboard (see :mod:`kingdoms_web.play.keys`): focus goes to the prompt's buttons
other than "pass" first, then the hand's playable cards, then any other offered piece of the
board (a space, a building spot, a castle section), "pass" last; Escape takes back a piece
waiting for its confirming second choice; the prompt's buttons, the hand, each player's line,
the spaces, the spots and the castle's sections are rows."""

from __future__ import annotations

from kingdoms_web.play.keys import KeyPlan, Shortcut

OPTIONS = "button.bg-option[data-offer]"
HAND = '[data-offer][data-testid^="hand-card-"]'

KEYS = KeyPlan(
    # Passing is never the first thing offered to a keyboard (it is the last button anyway
    # when the prompt lists it first): Enter on the focused control should do something.
    focus=('button.bg-option[data-offer]:not([data-testid="action-pass"])', HAND,
           '[data-offer]:not([data-testid="action-pass"])', "[data-offer]"),
    shortcuts=(Shortcut("Escape", '[data-testid="confirm-cancel"]', "keys.cancel"),),
    rows=(OPTIONS, 'button[data-testid^="hand-card-"]',
          *(f'button[data-testid^="line-{seat}-"]' for seat in range(4)),
          '[data-offer][data-testid^="space-"]', '[data-offer][data-testid^="spot-"]',
          '[data-offer][data-testid^="section-"]'),
)
"""Burgrave's keyboard facts."""
