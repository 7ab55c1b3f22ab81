"""Where the page is: one route at a time, each a small value that says what is on screen, what
the address is, and where "Back" leads.

Why values and not a screen name with fields beside it: a shared game's summary, the rules of
a game opened from a running table, a replay opened from that summary — each needs to remember
what it came from, and a string could not say it. The routes make the states the app can be in
exactly these five; :class:`~kingdoms_web.app.App` draws the route it holds, with the screen
module that owns it (``shell.home``, ``shell.summary``, ``learn.screen``, ``play.table``,
``play.replay``), and sets ``<body data-ready>`` to its :attr:`ready` once drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from kingdoms_web import urls

if TYPE_CHECKING:  # the screens are imported when first opened
    from kingdoms_web.play.replay import ReplayView
    from kingdoms_web.play.table import GameTable
    from kingdoms_web.saves.opening import OpenResult, RecordSummary


@dataclass(frozen=True)
class Home:
    """The games, the saved games and a place to paste a code."""

    ready: ClassVar[str] = "home"

    def fragment(self) -> str | None:
        return ""


@dataclass(frozen=True)
class Summary:
    """What a code or a link holds, shown before it is loaded: a link or a pasted code never
    replaces anything until the player taps "Load"."""

    result: OpenResult
    summary: RecordSummary
    ready: ClassVar[str] = "home"

    def fragment(self) -> str | None:
        return urls.game_fragment(self.summary.code)


@dataclass(frozen=True)
class Table:
    """A running game."""

    table: GameTable
    ready: ClassVar[str] = "game"

    def fragment(self) -> str | None:
        return urls.game_fragment(self.table.code, self.table.save_id)


Origin = Home | Summary | Table
"""Where the rules and a replay were opened from, and where their "Back" returns: a running
game is paused meanwhile (its table kept, at the same position)."""


@dataclass(frozen=True)
class Rules:
    """A game's rules reference, at ``anchor`` (a section or a glossary entry)."""

    game_id: str
    anchor: str = ""
    back: Origin = Home()
    ready: ClassVar[str] = "rules"

    def fragment(self) -> str | None:
        return urls.rules_fragment(self.game_id, self.anchor)


@dataclass(frozen=True)
class Replay:
    """A read-only replay of a record."""

    view: ReplayView
    back: Origin = Home()
    ready: ClassVar[str] = "replay"

    def fragment(self) -> str | None:
        """None: the address stays that of what the replay was opened from."""
        return None


Route = Home | Summary | Table | Rules | Replay
"""Every state the page can be in."""


def table_of(route: Route) -> GameTable | None:
    """The game of the route, running or paused behind its rules or replay (None: no game)."""
    if isinstance(route, Rules | Replay):
        route = route.back
    return route.table if isinstance(route, Table) else None


def summary_of(route: Route) -> Summary | None:
    """The shared game's summary the route shows or returns to, if any."""
    if isinstance(route, Rules | Replay):
        route = route.back
    return route if isinstance(route, Summary) else None
