"""Burgrave: a deck-building journey round a castle (rules engine, content and bots).

Only ``INFO`` lives here, so the home screen can list the game without importing its rules.
"""

from kingdoms.core.protocol import GameInfo

INFO = GameInfo(
    game_id="burgrave", title="Burgrave", min_seats=2, max_seats=4, rules_version=2
)
