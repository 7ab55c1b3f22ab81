"""Dice Realm: roll six dice up to three times to win citizens and found villages.

Only the game's registration lives here (``ENTRY``: its facts and where its parts are), so the
home screen can list the game without importing its rules.
"""

from kingdoms.core.protocol import GameEntry, GameInfo

ENTRY = GameEntry(
    info=GameInfo(
        game_id="dice-realm", title="Dice Realm", min_seats=2, max_seats=5, rules_version=2,
        oldest_rules_version=1, hidden_information=False, minutes=(20, 40), weight="light",
    ),
    game="kingdoms.dice_realm.game:GAME",
    catalog="kingdoms.dice_realm.explain:catalog",
    bots={"easy": "kingdoms.dice_realm.bots:EasyBot",
          "normal": "kingdoms.dice_realm.bots:NormalBot",
          "hard": "kingdoms.dice_realm.hard_bot:HardBot"},
    coach="kingdoms.dice_realm.coach:DiceRealmCoach",
)
"""Rules version 2 lets a citizen be taken while rolls remain ("stop and take", one action);
version-1 records never contain such a claim, so they replay identically."""

INFO = ENTRY.info
"""The game's facts (``ENTRY.info``, its bot levels filled in)."""
