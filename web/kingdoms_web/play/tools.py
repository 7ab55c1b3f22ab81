"""The game tool bar: undo, redo, "What's this?", the computers' pace, share, history, and
"Send to <name>" right after a turn ended.

A module of its own because it is the same bar on the board, the privacy screen and the end
screen (``mode`` says which tools each shows), and it only asks its host: the rules of undo are
the engine's (:meth:`~kingdoms.core.session.Session.undo_status`), shown here with the reason
when it is off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import t
from kingdoms_web.play.computer import PACE_SETTING
from kingdoms_web.play.help import HelpMode
from kingdoms_web.play.hints import Hints
from kingdoms_web.play.parts import Parts
from kingdoms_web.shell.dialogs import button


class ToolHost(Protocol):
    """What the tool bar asks of the table it sits on."""

    handoff: bool
    help: HelpMode
    hints: Hints

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


class ToolInputs(NamedTuple):
    """Everything the tool bar shows, read from its host: each tool is kept
    (:class:`~kingdoms_web.play.parts.Parts`) under the fields it shows, so it is built again
    only when one of those changed. :func:`tool_bar` draws from these alone, which keeps the
    keys complete."""

    mode: str
    send_to: str | None
    """The next player's name while "Send to <name>" is offered, else None."""
    undo: tuple[bool, str] | None
    """Whether undo is allowed and why not (None where the bar has no undo)."""
    can_redo: bool
    help: tuple[bool, bool]
    """Whether "What's this?" is offered, and whether it is on."""
    pace_fast: bool | None
    """Whether the computers play fast (None without computers or outside play)."""
    hint: bool | None
    """Whether a hint is asked for the position (None: the Hint tool is not offered)."""


def tool_inputs(host: ToolHost, mode: str = "play") -> ToolInputs:
    """What the bar for ``mode`` shows (``play``, ``pass`` or ``end``: see :func:`tool_bar`)."""
    end = mode != "play"
    return ToolInputs(
        mode=mode,
        send_to=host.next_name if host.handoff and mode != "end" else None,
        undo=None if end else host.undo_status(),
        can_redo=False if end else host.can_redo,
        help=(False, False) if end else (host.help.available, host.help.on),
        pace_fast=None if end or not host.has_computers
        else host.get_setting(PACE_SETTING, "normal") == "fast",
        hint=host.hints.showing if not end and host.hints.offered else None)


def tool_bar(host: ToolHost, inputs: ToolInputs, parts: Parts) -> Element:
    """Undo, redo, share, history (and "Send to <name>" right after a turn ended), drawn from
    ``inputs`` (:func:`tool_inputs`). The bar and each tool in it are kept in ``parts`` while
    what they show is unchanged: undo's reason changes with nearly every move, the rest seldom.

    ``inputs.mode``: ``play`` (all), ``pass`` (the privacy screen: send and share only, nothing
    about the game's content) or ``end`` (share and history).
    """
    mode = inputs.mode
    tools: list[Element | None] = []

    def kept(name: str, key: object, draw: Callable[[Scope], Element]) -> Element:
        return parts.get(f"tool-{mode}-{name}", key, draw)

    if inputs.undo is not None:
        allowed, reason = inputs.undo
        tools.append(kept("undo", inputs.undo, lambda scope: _undo(host, scope, allowed, reason)))
        tools.append(kept("redo", inputs.can_redo, lambda scope: button(
            scope, t("redo.button"), lambda _e: host.redo(), testid="redo", cls="btn btn-tool",
            icon="redo", disabled=not inputs.can_redo)))
    if inputs.hint is not None:
        asked = inputs.hint
        tools.append(kept("hint", asked, lambda scope: _hint(host, scope, asked)))
    available, on = inputs.help
    if available:
        tools.append(kept("help", on, lambda scope: host.help.switch(scope, on)))
    if inputs.pace_fast is not None:
        fast = inputs.pace_fast
        tools.append(kept("pace", fast, lambda scope: _pace(host, scope, fast)))
    tools.append(kept("share", None, lambda scope: button(
        scope, t("share.button"), lambda _e: host.open_share(), testid="share",
        cls="btn btn-tool", icon="share")))
    if mode != "pass":
        tools.append(kept("history", None, lambda scope: button(
            scope, t("history.button"), lambda _e: host.open_history(), testid="history",
            cls="btn btn-tool", icon="history")))
    if inputs.send_to is not None:
        # Secondary: most games are hot-seat on one tablet; a link is for playing apart.
        name = inputs.send_to
        tools.append(kept("send", name, lambda scope: button(
            scope, t("send.button", name=name), lambda _e: host.send_to_next(),
            testid="send-next", cls="btn btn-tool")))
    bar: Element = parts.frame(f"tools-{mode}", None, lambda: el(
        "div", cls="play-tools", testid="play-tools",
        attrs={"role": "toolbar", "aria-label": t("play.tools")}))
    dom.patch(bar, tools)
    return bar


def _undo(host: ToolHost, scope: Scope, allowed: bool, reason: str) -> Element:
    """Undo, dimmed when it is off; a tap then says why in the table's notice (the engine's
    reason), as "What's this?" on it does. Not a line of its own: after most moves undo is
    off for a reason nobody asked about, and the line cost the board its height."""
    undo = button(scope, t("undo.button"), lambda _e: host.undo(), testid="undo",
                  cls="btn btn-tool", icon="undo")
    undo.setAttribute("data-reason", reason)
    if not allowed:
        undo.setAttribute("aria-disabled", "true")
        why = t(f"undo.why.{reason}")
        undo.setAttribute("title", why)
        undo.setAttribute("aria-label", t("undo.refused_label", why=why))
    return undo


def _hint(host: ToolHost, scope: Scope, asked: bool) -> Element:
    """Hint: pressed while a hint is asked for the position (pressed again: put away)."""
    hint = button(scope, t("hint.button"), lambda _e: host.hints.close() if asked
                  else host.hints.ask(), testid="hint", cls="btn btn-tool", icon="hint")
    hint.setAttribute("aria-pressed", "true" if asked else "false")
    return hint


def _pace(host: ToolHost, scope: Scope, fast: bool) -> Element:
    """The computers' pace: pressed while they play fast."""
    pace = button(scope, t("play.pace_fast"), lambda _e: host.toggle_pace(), testid="pace",
                  cls="btn btn-tool", icon="fast")
    pace.setAttribute("aria-pressed", "true" if fast else "false")
    return pace
