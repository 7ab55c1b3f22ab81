"""Dice Realm: roll six dice up to three times to win citizens and found villages.

Only ``INFO`` lives here, so the home screen can list the game without importing its rules.
"""

from kingdoms.core.protocol import GameInfo

INFO = GameInfo(
    game_id="dice-realm", title="Dice Realm", min_seats=2, max_seats=5, rules_version=1
)
