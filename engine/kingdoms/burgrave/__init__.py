"""Burgrave: a deck-building journey round a castle (rules engine, content and bots).

Only ``INFO`` lives here, so the home screen can list the game without importing its rules.
"""

from kingdoms.core.protocol import GameInfo

INFO = GameInfo(
    game_id="burgrave", title="Burgrave", min_seats=2, max_seats=4, rules_version=3,
    oldest_rules_version=2, bot_levels=("easy", "normal", "hard"),
)
"""Rules version 3 prices the dismissal of a printed townsfolk (its pile empty) by the
segment's own printed card, as the dismissal itself always did; version 2 read another
segment's. A version-2 record replays the same unless it made such a dismissal, and then its
replay names the first move that no longer fits."""
