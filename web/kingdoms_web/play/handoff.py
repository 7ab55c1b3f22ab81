"""What the table shows around a game's board: the privacy screen that hands the device to the
next person, and the notices above the board (what just happened, a save that failed, another
tab that moved on).

Why the privacy screen: in a game with hidden information passed round one tablet, the next
person's hand must not be on screen while the previous person still holds the device. The
table decides when it is needed (:attr:`~kingdoms_web.play.table.GameTable.needs_pass`); this
module only draws it.
"""

from __future__ import annotations

from collections.abc import Callable

from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import lookup, t
from kingdoms_web.saves.schema import MAX_SAVES
from kingdoms_web.shell.dialogs import button


def pass_screen(scope: Scope, name: str, ready: Callable[[], None], handoff: bool,
                tools: Element) -> Element:
    """"Pass the device to <name>", and their "I'm <name>" button (``ready``); after a move
    that handed the game on (``handoff``), the tool bar's "Send to …" is offered as the other
    way."""
    return el("section",
              el("h2", t("play.pass_title", name=name), attrs={"id": "pass-heading"}),
              el("p", t("play.pass_hint", name=name), cls="note"),
              button(scope, t("play.pass_ready", name=name), lambda _e: ready(),
                     testid="pass-ready", cls="btn btn-primary btn-big"),
              el("p", t("send.or"), cls="note") if handoff else None,
              tools,
              cls="pass-screen", testid="pass-screen",
              attrs={"aria-labelledby": "pass-heading", "role": "region"})


def table_notices(scope: Scope, message: str | None, save_problem: str | None,
                  read_only: str | None, load_latest: Callable[[], None],
                  go_home: Callable[[], None]) -> list[Element]:
    """The lines above the board: the last ``message``, why the game could not be saved
    (``save_problem``: see :func:`save_problem_text`), and why the table turned
    read-only (``read_only``: another tab moved on, with "Load the latest", or changed the game
    beyond following, with "Home"). None of them is a live region: the table says them once
    through :mod:`kingdoms_web.play.announcer` (a line drawn anew at every redraw would be
    spoken again, or not at all)."""
    notice = el("p", message or "", cls="play-notice", testid="play-notice")
    notice.hidden = not message
    notices = [notice]
    if save_problem is not None:
        notices.append(el("p", save_problem_text(save_problem), cls="warning",
                          testid="save-warning", attrs={"data-why": save_problem or None}))
    if read_only is not None:
        latest = read_only == "diverged"
        notices.append(el(
            "div", el("p", t(f"tabs.{read_only}")),
            button(scope, t("tabs.load_latest") if latest else t("app.home"),
                   (lambda _e: load_latest()) if latest else (lambda _e: go_home()),
                   testid="tab-latest" if latest else "tab-home", cls="btn"),
            cls="warning tab-notice", testid="tab-notice"))
    return notices


def save_problem_text(save_problem: str) -> str:
    """Why the game could not be saved: a key of ``play.save_problem``, or "" for no known
    reason."""
    key = f"play.save_problem.{save_problem}"
    return t(key, limit=MAX_SAVES) if lookup(key) else t("play.save_failed")
