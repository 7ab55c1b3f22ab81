"""Burgrave: a deck-building journey round a castle (rules engine, content and bots).

Only the game's registration lives here (``ENTRY``: its facts and where its parts are), so the
home screen can list the game without importing its rules.
"""

from kingdoms.core.protocol import GameEntry, GameInfo, GameOption, OptionChoice

from .versions import OLDEST_RULES_VERSION, RULE_CHANGES, RULES_VERSION

RIVAL_BOARDS = ("workers", "buildings", "manuscripts", "trade")
"""The solo rival boards' keys as in ``solo.json`` (a test checks they agree): listed here so the
new-game dialog can offer them without loading the rules."""

ENTRY = GameEntry(
    info=GameInfo(
        game_id="burgrave", title="Burgrave", min_seats=1, max_seats=4, minutes=(45, 120),
        weight="medium_heavy",
        rules_version=RULES_VERSION, oldest_rules_version=OLDEST_RULES_VERSION,
        rule_changes=RULE_CHANGES, hidden_information=True,
        options=(
            GameOption(key="rival", label="burgrave.option.rival", default="workers",
                       choices=tuple(OptionChoice(value=key, label=f"burgrave.option.rival.{key}")
                                     for key in RIVAL_BOARDS),
                       seat_counts=(1,)),
            GameOption(key="difficulty", label="burgrave.option.difficulty", default=1,
                       choices=tuple(OptionChoice(value=level,
                                                  label=f"burgrave.option.difficulty.{level}")
                                     for level in range(4)),
                       seat_counts=(1,)),
        ),
    ),
    game="kingdoms.burgrave.game:GAME",
    catalog="kingdoms.burgrave.explain:catalog",
    bots={"easy": "kingdoms.burgrave.bots:EasyBot",
          "normal": "kingdoms.burgrave.bots:NormalBot",
          "hard": "kingdoms.burgrave.bots:HardBot"},
    coach="kingdoms.burgrave.coach:BurgraveCoach",
)
"""Rules version 6 lets the solo rival convert a rearrange it is offered outside its turn
(``versions.RIVAL_CONVERTS_REARRANGE``); a game begun under an earlier version keeps the old
rule, so every older record replays as it was played. Rules version 5 rebalances the solo rival
(``solo.json``: three boards print several icons of their focus, the future schemes gain more):
a version-4 solo record replays the same until the rival's first turn that now differs, and then
its replay names the first move that no longer fits. Rules version 4 adds the solo game against
the automated rival (one seat; records of 2-4 players replay unchanged). Rules version 3 prices
the dismissal of a printed townsfolk (its pile empty) by the segment's own printed card, as the
dismissal itself always did; version 2 read another segment's. A version-2 record replays the
same unless it made such a dismissal, and then its replay names the first move that no longer
fits."""

INFO = ENTRY.info
"""The game's facts (``ENTRY.info``, its bot levels filled in)."""
