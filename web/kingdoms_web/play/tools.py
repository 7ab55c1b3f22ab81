"""The game tool bar: undo, redo, "What's this?", the computers' pace, share, history, and
"Send to <name>" right after a turn ended.

A module of its own because it is the same bar on the board, the privacy screen and the end
screen (``mode`` says which tools each shows), and it only asks its host: the rules of undo are
the engine's (:meth:`~kingdoms.core.session.Session.undo_status`), shown here with the reason
when it is off.
"""

from __future__ import annotations

from typing import Any, Protocol

from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import t
from kingdoms_web.play.computer import PACE_SETTING
from kingdoms_web.play.help import HelpMode
from kingdoms_web.shell.dialogs import button

UNDO_SHORT_REASONS = ("revealed", "other_seat")
"""Why Undo is off, said next to it (nothing to undo and game over need no words)."""


class ToolHost(Protocol):
    """What the tool bar asks of the table it sits on."""

    scope: Scope
    handoff: bool
    help: HelpMode

    @property
    def has_computers(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    @property
    def next_name(self) -> str: ...

    def undo_status(self) -> tuple[bool, str]: ...

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...

    def toggle_pace(self) -> None: ...

    def get_setting(self, key: str, default: Any = None) -> Any: ...

    def open_share(self) -> None: ...

    def open_history(self) -> None: ...

    def send_to_next(self) -> None: ...


def tool_bar(host: ToolHost, mode: str = "play") -> Element:
    """Undo, redo, share, history (and "Send to <name>" right after a turn ended).

    ``mode``: ``play`` (all), ``pass`` (the privacy screen: send and share only, nothing
    about the game's content) or ``end`` (share and history).
    """
    tools: list[Any] = []
    end = mode != "play"
    send = None
    note = None
    if host.handoff and mode != "end":
        # Secondary: most games are hot-seat on one tablet; a link is for playing apart.
        send = button(host.scope, t("send.button", name=host.next_name),
                      lambda _e: host.send_to_next(), testid="send-next", cls="btn btn-tool")
    if not end:
        allowed, reason = host.undo_status()
        undo = button(host.scope, t("undo.button"), lambda _e: host.undo(), testid="undo",
                      cls="btn btn-tool", icon="undo")
        undo.setAttribute("data-reason", reason)
        if not allowed:
            undo.setAttribute("aria-disabled", "true")
            why = t(f"undo.why.{reason}")
            undo.setAttribute("title", why)
            undo.setAttribute("aria-label", t("undo.refused_label", why=why))
        tools.append(undo)
        tools.append(button(host.scope, t("redo.button"), lambda _e: host.redo(),
                            testid="redo", cls="btn btn-tool", icon="redo",
                            disabled=not host.can_redo))
        if not allowed and reason in UNDO_SHORT_REASONS:
            # Said on screen, not only in the tooltip: a tablet has no hover.
            note = el("p", t(f"undo.short.{reason}"), cls="tool-why", testid="undo-why")
    if not end:
        tools.append(host.help.switch(host.scope))
    if not end and host.has_computers:
        fast = host.get_setting(PACE_SETTING, "normal") == "fast"
        pace = button(host.scope, t("play.pace_fast"), lambda _e: host.toggle_pace(),
                      testid="pace", cls="btn btn-tool", icon="fast")
        pace.setAttribute("aria-pressed", "true" if fast else "false")
        tools.append(pace)
    tools.append(button(host.scope, t("share.button"), lambda _e: host.open_share(),
                        testid="share", cls="btn btn-tool", icon="share"))
    if mode != "pass":
        tools.append(button(host.scope, t("history.button"), lambda _e: host.open_history(),
                            testid="history", cls="btn btn-tool", icon="history"))
    if send is not None:
        tools.append(send)
    if note is not None:
        tools.append(note)
    return el("div", *tools, cls="play-tools", testid="play-tools",
              attrs={"role": "toolbar", "aria-label": t("play.tools")})
