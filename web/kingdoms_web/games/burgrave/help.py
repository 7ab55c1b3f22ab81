"""What each element of Burgrave's board is, for help mode (:mod:`kingdoms_web.play.help`):
a selector of the screen's own attributes and the glossary term that explains it. The prompt's
buttons are explained by the decision being asked (``by_kind``). More specific topics come
first; a test walks every interactive element of many positions and fails on any that no topic
explains."""

from __future__ import annotations

from kingdoms_web.play.help import HelpTopic

DECISION_TERMS = {
    "choose_pair": "segment", "play_card": "hand", "move": "burgrave", "rearrange": "rearrange",
    "primary_action": "exchange", "hire": "hire", "hire_free": "hire",
    "choose_resource": "any_resource", "flip": "flip", "destroy": "destroy", "discard": "discard",
    "move_worker": "worker", "place_workers": "worker", "build_free": "building",
    "transcribe_free": "manuscript", "cascade": "tier", "bump": "crowding",
}
"""The glossary entry that explains each decision (the engine's ``Prompt.kind``)."""

TOPICS: tuple[HelpTopic, ...] = (
    HelpTopic('[data-testid^="action-build"]', "building"),
    HelpTopic('[data-testid^="action-trade"]', "exchange"),
    HelpTopic('[data-testid^="action-place_workers"]', "worker"),
    HelpTopic('[data-testid^="action-transcribe"]', "manuscript"),
    HelpTopic('[data-testid^="action-dismiss"]', "dismiss"),
    HelpTopic('[data-testid^="action-hire"]', "hire"),
    HelpTopic('[data-testid^="action-destroy"]', "destroy"),
    HelpTopic('[data-testid^="action-choose_flip"]', "flip"),
    HelpTopic('[data-testid^="action-choose_resource"]', "any_resource"),
    HelpTopic('[data-testid^="action-choose_segment"]', "segment"),
    HelpTopic('[data-testid^="action-move_worker"]', "worker"),
    HelpTopic('[data-testid^="action-bump"]', "crowding"),
    HelpTopic('[data-testid^="action-rearrange"]', "rearrange"),
    HelpTopic('[data-testid^="action-"]', "burgrave", DECISION_TERMS),
    HelpTopic('[data-testid^="pair-"]', "segment"),
    HelpTopic('[data-testid^="hand-card-"]', "hand"),
    HelpTopic('[data-testid^="line-"]', "line"),
    HelpTopic('[data-testid^="space-"]', "burgrave"),
    HelpTopic('[data-testid^="spot-"]', "spot"),
    HelpTopic('[data-testid^="segment-"]', "segment"),
    HelpTopic('[data-testid^="townsfolk-"]', "townsfolk"),
    HelpTopic('[data-testid^="manuscript-"]', "manuscript"),
    HelpTopic(".bg-tag", "manuscript"),
    HelpTopic('[data-testid^="section-"]', "tier"),
    HelpTopic('[data-testid="castle"]', "castle"),
    HelpTopic('[data-testid^="opponent-toggle-"]', "line"),
    HelpTopic('[data-testid^="stock-"]', "resource"),
    HelpTopic('[data-testid^="score-"]', "virtue"),
    HelpTopic('[data-testid="standings"]', "virtue"),
    HelpTopic('[data-testid="legend"]', "icons"),
    HelpTopic('[data-testid^="legend-"]', "icons"),
    HelpTopic('[data-testid="dock-fold"]', "hand"),
    HelpTopic('[data-testid="dock"]', "hand"),
    HelpTopic('[data-testid^="player-details-"]', "line"),
    HelpTopic('[data-testid^="player-board-"]', "line"),
    HelpTopic('[data-testid="recap"]', "turn"),
    HelpTopic('[data-testid="log"]', "turn"),
    HelpTopic('[data-testid="prompt"]', "burgrave", DECISION_TERMS),
)
