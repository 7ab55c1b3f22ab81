"""Dice Realm: roll six dice up to three times to win citizens and found villages.

Only ``INFO`` lives here, so the home screen can list the game without importing its rules.
"""

from kingdoms.core.protocol import GameInfo

INFO = GameInfo(
    game_id="dice-realm", title="Dice Realm", min_seats=2, max_seats=5, rules_version=2,
    oldest_rules_version=1, bot_levels=("easy", "normal", "hard"),
)
"""Rules version 2 lets a citizen be taken while rolls remain ("stop and take", one action);
version-1 records never contain such a claim, so they replay identically."""
