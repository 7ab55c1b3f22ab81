"""A game's history: every action in words, by replaying the record.

Built from the record (the state is never stored, only derived), so it works the same for a game
in progress, a finished one and one opened from a share code. The dialog's button opens the
read-only replay (:mod:`kingdoms_web.play.replay`).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kingdoms.core.errors import KingdomsError
from kingdoms.core.records import GameRecord
from kingdoms.core.registry import get_game
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import t
from kingdoms_web.shell.dialogs import Modal, button


@dataclass(frozen=True)
class LogLine:
    number: int
    seat: int | None
    name: str
    text: str


def action_log(record: GameRecord) -> list[LogLine]:
    """Every action of ``record`` in words (``game.describe_action``), by replaying it."""
    game = get_game(record.game_id)
    state = game.new_game(record.seats, record.seed, record.options)
    lines: list[LogLine] = []
    for number, index in enumerate(record.actions, start=1):
        action = game.decode_action(index)
        seat = game.current_seat(state)
        name = record.seats[seat].name if seat is not None and 0 <= seat < len(
            record.seats) else ""
        try:
            text = game.describe_action(state, action)
        except KingdomsError:  # no sentence for it: the line still shows who played
            text = ""
        lines.append(LogLine(number, seat, name, text))
        state = game.apply(state, action)
    return lines


class HistoryDialog(Modal):
    """Every move so far, in words; a button opens the replay from the start."""

    testid = "history-dialog"

    def __init__(self, record: GameRecord, on_replay: Callable[[], None] | None,
                 on_closed: Callable[[Modal], None] | None = None) -> None:
        super().__init__(on_closed)
        self.record = record
        self.on_replay = on_replay
        try:
            self.lines = action_log(record)
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
            body = el("ol", *[el("li", t("history.entry", number=line.number,
                                         name=line.name or "?", text=line.text),
                                 attrs={"value": line.number})
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
