"""Burgrave's rules versions: which changes of play a game keeps from the version it began.

A record replays under the rules it was started with (see
:attr:`kingdoms.core.protocol.GameInfo.rule_changes`): the state carries that version
(``State.rules``) and each rule that changed asks it here, so a game begun before a change
replays, and goes on, exactly as it was played.
"""

from __future__ import annotations

RIVAL_CONVERTS_REARRANGE = 6
"""From version 6 the solo rival converts a rearrange it is offered outside its own turn (a
burgrave ending on its space, the middle collision's "every opponent may rearrange") into one
resource by its chart (spec, "Solo", Conversions). Before, only a line of two or more cards
was offered one, and the rival keeps its schemes apart from ``Player.line``."""

RULES_VERSION = 6
"""The current version (see the registration in ``kingdoms.burgrave`` for the history)."""

OLDEST_RULES_VERSION = 2
"""The oldest version whose records this code replays."""

RULE_CHANGES: tuple[int, ...] = (RIVAL_CONVERTS_REARRANGE,)
"""The versions that changed how a game plays (each kept for games begun before it)."""
