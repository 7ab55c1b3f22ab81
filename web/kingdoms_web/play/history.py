"""A game's history: every action in the engine's words (``Game.describe``).

Built from the record's session (the state is never stored, only derived), so it works the same
for a game in progress, a finished one and one opened from a share code. The dialog's button
opens the read-only replay (:mod:`kingdoms_web.play.replay`).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kingdoms.core.session import Session, Step
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import say, t
from kingdoms_web.shell.dialogs import Modal, button


@dataclass(frozen=True)
class LogLine:
    number: int
    seat: int | None
    name: str
    text: str


def log_lines(session: Session, step: Step) -> list[LogLine]:
    """One action of the record in words: the mover's line, then a line for each turn an
    automated seat took because of it (a solo rival's, named in its own sentence)."""
    seats = session.record.seats
    lines = []
    for seat, text in session.game.describe_parts(step.before, step.action, step.after):
        name = seats[seat].name if seat is not None and 0 <= seat < len(seats) else ""
        lines.append(LogLine(step.number, seat, name, say(text)))
    return lines


def action_log(session: Session) -> list[LogLine]:
    """Every action of the session's record in words."""
    return [line for step in session.steps() for line in log_lines(session, step)]


class HistoryDialog(Modal):
    """Every move so far, in words; a button opens the replay from the start."""

    testid = "history-dialog"

    def __init__(self, session: Session, on_replay: Callable[[], None] | None,
                 on_closed: Callable[[Modal], None] | None = None) -> None:
        super().__init__(on_closed)
        self.on_replay = on_replay
        try:
            self.lines = action_log(session)
            self.failed = False
        except Exception:
            dom.log_error("Kingdoms: the history could not be built\n" + traceback.format_exc())
            self.lines, self.failed = [], True

    def title(self) -> str:
        return t("history.title")

    def focus_first(self) -> None:
        target = dom.query('[data-testid="history-close"]', self.node)
        if target is not None:
            target.focus()

    def build_body(self, scope: Scope) -> list[Any]:
        if self.failed:
            body: Element = el("p", t("play.game_failed"), cls="warning")
        elif not self.lines:
            body = el("p", t("history.empty"), cls="note", testid="history-empty")
        else:
            # The list numbers the moves; the engine's sentence already names who acted.
            body = el("ol", *[el("li", line.text, attrs={"value": line.number})
                              for line in self.lines],
                      cls="history-list", testid="history-list",
                      attrs={"tabindex": "0", "aria-label": t("history.title")})

        def replay(_event: Any) -> None:
            self.close()
            if self.on_replay is not None:
                self.on_replay()

        actions = [button(scope, t("app.close"), lambda _e: self.close(), testid="history-close")]
        if self.on_replay is not None and self.lines:
            actions.append(button(scope, t("replay.open"), replay, testid="history-replay",
                                  cls="btn btn-primary"))
        return [body, el("div", *actions, cls="actions")]
