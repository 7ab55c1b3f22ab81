"""What happened at a Burgrave table: the recent moves under the board, and the recap of what
the others did since a person's last move (folded into the prompt's first line).

Its own module because it has one job the screen only asks for: drawing the engine's
sentences for the session's recent steps (:class:`kingdoms_web.play.moves.MovesText`: the
mover's, then a solo rival's turn as its own entry).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.burgrave import model as M
from kingdoms_web.i18n import t
from kingdoms_web.play.moves import LOG_SIZE, MovesText
from kingdoms_web.play.parts import Parts

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
        # Focusable: the list scrolls when long, and a keyboard must be able to scroll it.
        return LogFrame(section, title, el("ol", cls="bg-log-list",
                                           attrs={"tabindex": "0", "data-scroll": "",
                                                  "aria-label": t("burgrave.log")}),
                        el("p", t("burgrave.log_empty"), cls="bg-muted"))


def _log_line(n: int, text: str, automated: bool) -> Callable[[Scope], Element]:
    """A log entry; the solo rival's turn (``automated``) is its own entry under the move that
    let it play, marked as the rival's."""
    return lambda _scope: el("li", text, cls="bg-log-rival" if automated else None,
                             attrs={"value": str(n)})


class MovesLog(MovesText):
    """The table's recent moves in words, for one screen: the recap and the log."""

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
