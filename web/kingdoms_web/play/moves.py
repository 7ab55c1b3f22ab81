"""A table's recent moves in the engine's words, for any game's screen.

Why shared: "what happened" and "since your last turn" are the same question in every game —
the engine's sentences (``Game.describe_parts``: the mover's part, then any turn another seat
took because of it, such as Burgrave's solo rival) for the session's recent steps, taken from
the states the session keeps (no replay) and cached by move and language. Each screen draws
them its own way.
"""

from __future__ import annotations

from collections.abc import Callable

from kingdoms.core.session import Step
from kingdoms_web.i18n import get_language, say
from kingdoms_web.play.contract import GameHost

LOG_SIZE = 40
"""The moves read back at most (a log's length; a recap never reaches further)."""
Entries = tuple[tuple[int | None, str], ...]
"""One action's entries: each seat's part of it, in words (``Game.describe_parts``)."""


class MovesText:
    """The recent moves of one table, in words."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self._cache: dict[tuple[int, str], Entries] = {}
        """(move, language) -> its entries, for the record :attr:`_actions` (or an extension
        of it: an undo and another move makes the cache start again)."""
        self._actions: list[int] = []

    def entries(self, count: int = LOG_SIZE) -> list[tuple[int, Entries]]:
        """(move number, each seat's part of it) for the last ``count`` actions, oldest
        first."""
        return [(step.number, self.parts(step)) for step in self.steps(count)]

    def latest(self) -> str:
        """The last action's entries as one line (what the table's notice says after a tap)."""
        entries = self.entries(1)
        return " ".join(text for _seat, text in entries[-1][1]) if entries else ""

    def since_last_turn(self, seat: int,
                        shown: Callable[[Step], bool] = lambda _step: True) -> list[str]:
        """What the others did since ``seat`` last acted, oldest first (at most ``LOG_SIZE``
        moves): every later move that is ``shown`` (Dice Realm leaves out the rolls before a
        claim), and the turns others took after ``seat``'s own last move (a solo rival's);
        empty once ``seat`` has acted again."""
        since: list[str] = []
        for step in reversed(self.steps(LOG_SIZE)):
            parts = self.parts(step)
            if step.seat == seat:
                since += [text for who, text in reversed(parts[1:]) if who != seat]
                break
            if shown(step):
                since += [text for _who, text in reversed(parts)]
        return since[::-1]

    def steps(self, count: int) -> list[Step]:
        """The last ``count`` steps; the cache is dropped when the record changed under it
        (undo, another game)."""
        host = self.host
        actions = host.record.actions[:host.moves]
        if actions[:len(self._actions)] != self._actions or len(self._cache) > 8 * LOG_SIZE:
            self._cache.clear()
        self._actions = actions
        return host.recent_steps(count)

    def parts(self, step: Step) -> Entries:
        """Each seat's part of ``step`` in words (kept by move and language)."""
        key = (step.number, get_language())
        parts = self._cache.get(key)
        if parts is None:
            parts = tuple((seat, say(text)) for seat, text in self.host.game.describe_parts(
                step.before, step.action, step.after))
            self._cache[key] = parts
        return parts


__all__ = ["LOG_SIZE", "Entries", "MovesText"]
