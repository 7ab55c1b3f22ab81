"""Dice Realm by keyboard (see :mod:`kingdoms_web.play.keys`): focus goes to the inline claim
question first, then a dragon's receivers, the scoundrel that must be taken, Roll, the citizens
that can be taken, a Fairy's flips and Stop; R rolls, S stops, 1–6 hold a die, Escape cancels
the claim question; the dice, the citizens and the dragon's receivers are rows."""

from __future__ import annotations

from kingdoms_web.play.keys import KeyPlan, Shortcut

CLAIM_ANSWERS = 'button[data-testid^="claim-"]'
GIFTS = 'button[data-testid^="gift-"]'
DICE = 'button[data-testid^="die-"]'
CITIZENS = 'button[data-testid^="citizen-"]'

KEYS = KeyPlan(
    focus=(CLAIM_ANSWERS, GIFTS, '[data-testid="penalty"]', '[data-testid="roll"]', CITIZENS,
           'button[data-testid^="flip-"]', '[data-testid="stop"]'),
    shortcuts=(
        Shortcut("r", '[data-testid="roll"]', "keys.dice-realm.roll"),
        Shortcut("s", '[data-testid="stop"]', "keys.dice-realm.stop"),
        *(Shortcut(str(n), f'[data-testid="die-{n - 1}"]', "keys.dice-realm.hold", "1–6")
          for n in range(1, 7)),
        Shortcut("Escape", '[data-testid="claim-cancel"]', "keys.cancel"),
    ),
    rows=(DICE, CITIZENS, GIFTS),
    summary_skips=frozenset({"roll", "stop"}),
)
"""Dice Realm's keyboard facts."""
