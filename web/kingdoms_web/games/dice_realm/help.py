"""What each element of Dice Realm's board is, for help mode (:mod:`kingdoms_web.play.help`):
a selector of the screen's own attributes and the glossary term that explains it. More specific
topics come first; a test walks every interactive element of many positions and fails on any
that no topic explains."""

from __future__ import annotations

from kingdoms_web.play.help import HelpTopic

TOPICS: tuple[HelpTopic, ...] = (
    HelpTopic('[data-testid^="flip-"]', "flip"),
    HelpTopic('[data-testid^="die-"]', "hold"),
    HelpTopic('[data-testid="roll"]', "roll"),
    HelpTopic('[data-testid="rolls-left"]', "roll"),
    HelpTopic('[data-testid="stop"]', "stop"),
    HelpTopic('[data-testid="claim-village"]', "found"),
    HelpTopic('[data-testid="claim-citizen-only"]', "found"),
    HelpTopic('[data-testid="claim-cancel"]', "found"),
    HelpTopic('[data-testid="claim-chooser"]', "found"),
    HelpTopic('[data-testid^="odds-"]', "odds"),
    HelpTopic('[data-testid^="citizen-"]', "citizen"),
    HelpTopic('[data-testid^="village-"]', "village_pile"),
    HelpTopic('[data-testid="draw-pile"]', "draw_pile"),
    HelpTopic('[data-testid="discard-pile"]', "discard_pile"),
    HelpTopic('[data-testid="penalty-pile"]', "scoundrel_pile"),
    HelpTopic('[data-testid="penalty"]', "scoundrel"),
    HelpTopic('[data-testid="gift-chooser"]', "gift"),
    HelpTopic('[data-testid^="gift-"]', "gift"),
    HelpTopic('[data-testid="elf-reminder"]', "elf"),
    HelpTopic('[data-testid="fairy-reminder"]', "fairy"),
    HelpTopic('[data-testid="apprentice-reminder"]', "apprentice"),
    HelpTopic('[data-testid="end-warning"]', "scoundrel_pile"),
    HelpTopic('[data-testid^="player-"]', "realm"),
    HelpTopic('[data-testid^="score-"]', "realm"),
)
