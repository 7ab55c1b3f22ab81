"""The summary of a shared game: what a code or link holds, shown before anything is loaded.

A link or a pasted code never replaces anything until the player taps "Load this game" (a new
saved game; the save holding the identical code is reopened instead) or watches the replay.
"""

from __future__ import annotations

from typing import Any, Protocol

from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import join_list, t
from kingdoms_web.saves.opening import RecordSummary
from kingdoms_web.saves.schema import SaveEntry
from kingdoms_web.shell.dialogs import button


class RecordHost(Protocol):
    """What the summary screen of a shared game calls back into."""

    def can_play(self, game_id: str) -> bool: ...

    def load_summary(self) -> None: ...

    def replay_summary(self) -> None: ...

    def existing_save(self, code: str) -> SaveEntry | None: ...


def _hints(summary: RecordSummary) -> str:
    """"Not allowed", or how many hints each person asked for ("Ana 2 and Ben 0")."""
    if summary.hints is None:
        return t("new.hints.off")
    people = [(seat.name, count) for seat, count in zip(summary.seats, summary.hints,
                                                        strict=False) if not seat.is_bot]
    if not any(count for _name, count in people):
        return t("record.hints_none")
    return t("record.hints_used", list=join_list([t("hint.used_by", name=name, count=count)
                                                  for name, count in people]))


def render_record(summary: RecordSummary, host: RecordHost | None = None,
                  scope: Scope | None = None) -> Element:
    """What a code or link holds, shown before anything is loaded or saved.

    For a game this page can play: "Load this game" (a new saved game; the identical code saved
    before is opened instead) and "Watch the replay" (read-only, nothing saved).
    """
    players = el("ul", cls="record-players", attrs={"role": "list"})
    for seat in summary.seats:
        label = t("record.bot", name=seat.name) if seat.is_bot else seat.name
        dom.append(players, [el("li", label)])
    if summary.over:
        status = t("record.over")
    elif summary.next_name:
        status = t("record.next", name=summary.next_name)
    else:
        status = ""
    playable = host is not None and scope is not None and host.can_play(summary.game_id)
    extra: list[Any] = []
    if summary.problem is not None:  # readable, yet not playable here: say why
        extra.append(el("p", summary.problem, cls="note notice", testid="record-problem",
                        attrs={"role": "alert"}))
    elif playable and host is not None and scope is not None:
        existing = host.existing_save(summary.code)
        note = t("record.already_saved") if existing is not None else t("record.load_note")
        extra.append(el("p", note, cls="note", testid="record-note"))
        extra.append(el("div",
                        button(scope, t("record.load"), lambda _e: host.load_summary(),
                               testid="record-load", cls="btn btn-primary btn-big"),
                        button(scope, t("replay.open"), lambda _e: host.replay_summary(),
                               testid="record-replay", cls="btn")
                        if summary.moves else None,
                        cls="actions"))
    else:
        extra.append(el("p", t("record.not_playable"), cls="note notice", testid="record-note",
                        attrs={"role": "status"}))
    return el(
        "div",
        el("section",
           el("h2", t("record.heading"), attrs={"id": "record-heading"}),
           el("dl",
              el("dt", t("record.game")), el("dd", summary.title, testid="record-game"),
              el("dt", t("record.players")), el("dd", players, testid="record-players"),
              el("dt", t("record.moves_label")),
              el("dd", t("record.moves", count=summary.moves), testid="record-moves"),
              el("dt", t("record.status")) if status else None,
              el("dd", status, testid="record-status") if status else None,
              el("dt", t("new.hints")),
              el("dd", _hints(summary), testid="record-hints"),
              cls="record-facts"),
           *extra,
           cls="panel", attrs={"aria-labelledby": "record-heading"}),
        cls="screen record", testid="record-screen",
    )
