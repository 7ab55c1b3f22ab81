"""What happened at a Burgrave table: the recent moves under the board, and the recap of what
the others did since a person's last move (folded into the prompt's first line).

Its own module because it has one job the screen only asks for: the engine's sentences for
the session's recent steps (``Game.describe_parts``: the mover's, then a solo rival's turn as
its own entry), taken from the states the session keeps (no replay) and cached by move and
language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kingdoms.core.session import Step
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.burgrave import model as M
from kingdoms_web.i18n import get_language, say, t
from kingdoms_web.play.contract import GameHost
from kingdoms_web.play.parts import Parts

LOG_SIZE = 40
Entries = tuple[tuple[int | None, str], ...]
"""One action's entries: each seat's part of it, in words (``Game.describe_parts``)."""
RECAP_OPEN = 8
"""A recap this short is shown open beside the board (a wide window); a longer one, or any in
a one-column window, starts folded to its one line so the board keeps the room."""


@dataclass(frozen=True)
class LogFrame:
    """The recent moves' box, kept (per language) while its lines come and go."""

    section: Element
    title: Element
    list: Element
    empty: Element
    """Said instead of the list before the first move."""

    @staticmethod
    def build() -> LogFrame:
        title = el("h2", t("burgrave.log"), cls="bg-sub")
        section = el("section", title, cls="bg-log", testid="log",
                     attrs={"aria-label": t("burgrave.log")})
        return LogFrame(section, title, el("ol", cls="bg-log-list"),
                        el("p", t("burgrave.log_empty"), cls="bg-muted"))


def _log_line(n: int, text: str, automated: bool) -> Callable[[Scope], Element]:
    """A log entry; the solo rival's turn (``automated``) is its own entry under the move that
    let it play, marked as the rival's."""
    return lambda _scope: el("li", text, cls="bg-log-rival" if automated else None,
                             attrs={"value": str(n)})


class MovesLog:
    """The table's recent moves in words, for one screen."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self._cache: dict[tuple[int, str], Entries] = {}
        """(move, language) -> its entries, for the record :attr:`_actions` (or an extension
        of it: an undo and another move makes the cache start again)."""
        self._actions: list[int] = []

    def entries(self, count: int = LOG_SIZE) -> list[tuple[int, Entries]]:
        """(move number, each seat's part of it) for the last ``count`` actions, oldest
        first."""
        return [(step.number, self._parts(step)) for step in self._steps(count)]

    def latest(self) -> str:
        """The last action's entries as one line (what the table's notice says after a tap)."""
        entries = self.entries(1)
        return " ".join(text for _seat, text in entries[-1][1]) if entries else ""

    def since_last_turn(self, seat: int) -> list[str]:
        """What the others did since ``seat`` last acted, oldest first (at most ``LOG_SIZE``
        moves): every later move, and the turns others took after ``seat``'s own last move
        (a solo rival's); empty once ``seat`` has acted again."""
        since: list[str] = []
        for step in reversed(self._steps(LOG_SIZE)):
            parts = self._parts(step)
            if step.seat == seat:
                since += [text for who, text in reversed(parts[1:]) if who != seat]
                break
            since += [text for _who, text in reversed(parts)]
        return since[::-1]

    def recap(self, prompt: M.Prompt | None, *, folded: bool) -> Element | None:
        """When a person's decision comes (hot-seat, solo), what happened since their last
        move, as a button that opens the list; ``folded`` keeps even a short one closed."""
        if prompt is None or prompt.seat is None or self.host.computer_plays:
            return None
        lines = self.since_last_turn(prompt.seat)
        if not lines:
            return None
        count = len(lines)
        return el("details",
                  el("summary", el("span", t("burgrave.since_last_turn", count=count),
                                   cls="bg-recap-words"),
                     el("span", t("burgrave.recap_short", count=count), cls="bg-recap-short",
                        attrs={"aria-hidden": "true"})),
                  el("ol", *[el("li", line) for line in lines], cls="bg-recap-list"),
                  cls="bg-recap", testid="recap",
                  attrs={"open": count <= RECAP_OPEN and not folded})

    def draw(self, parts: Parts) -> Element:
        """The recent moves, newest first. Each line is kept while it is shown (a move adds a
        line or two and the oldest drop out; forty lines drawn afresh after every move were a
        fifth of a tap's nodes)."""
        frame = parts.frame("log", None, LogFrame.build)
        # A line's name cycles through twice the moves shown, so a name never stands for two
        # lines at once and the kept parts stay few.
        items = [parts.get(f"log-{n % (2 * LOG_SIZE)}-{k}", (n, text),
                           _log_line(n, text, k > 0))
                 for n, entries in reversed(self.entries())
                 for k, (_seat, text) in reversed(list(enumerate(entries)))]
        dom.patch(frame.list, items)
        dom.patch(frame.section, [frame.title, frame.list if items else frame.empty])
        return frame.section

    def _steps(self, count: int) -> list[Step]:
        """The last ``count`` steps; the cache is dropped when the record changed under it
        (undo, another game)."""
        host = self.host
        actions = host.record.actions[:host.moves]
        if actions[:len(self._actions)] != self._actions or len(self._cache) > 8 * LOG_SIZE:
            self._cache.clear()
        self._actions = actions
        return host.recent_steps(count)

    def _parts(self, step: Step) -> Entries:
        key = (step.number, get_language())
        parts = self._cache.get(key)
        if parts is None:
            parts = tuple((seat, say(text)) for seat, text in self.host.game.describe_parts(
                step.before, step.action, step.after))
            self._cache[key] = parts
        return parts
