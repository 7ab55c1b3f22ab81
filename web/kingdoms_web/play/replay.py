"""A read-only replay that steps through a game, with each action in words.

Built by replaying the record (the state is never stored, only derived), so it works the same
for a game in progress, a finished one and one opened from a share code.

The replay draws each position with the game's own screen (``create_screen`` of its ``GameUI``)
through a :class:`ReplayHost` whose ``act`` refuses everything, viewed as a spectator
(``viewer`` None: no hidden hand is shown), and the host disables every control the screen drew
and swallows clicks and key presses in the board, so a step can be looked at, never played.
States come from the record's :class:`~kingdoms.core.session.Session`, which keeps checkpoints,
so scrubbing through a long game costs a few ``apply`` calls per step.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from kingdoms.core.records import GameRecord
from kingdoms.core.session import Session
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el, make_read_only
from kingdoms_web.i18n import Message, t
from kingdoms_web.play.computer import Schedule, browser_schedule
from kingdoms_web.play.contract import GameUI, HostState
from kingdoms_web.play.history import action_log
from kingdoms_web.play.keys import focus_on
from kingdoms_web.play.review import ReviewPanel
from kingdoms_web.shell.dialogs import button


class ReplayHost(HostState):
    """A read-only :class:`~kingdoms_web.play.contract.GameHost` for one step of a replay."""

    def __init__(self, session: Session, get_setting: Callable[[str, Any], Any]) -> None:
        self.session = session
        self.shown = session.moves
        self._viewer = None  # a replay shows what a spectator sees
        self._get_setting = get_setting
        self.on_redraw: Callable[[], None] = lambda: None

    def act(self, action: BaseModel) -> bool:
        del action
        return False

    def notify(self, text: Message, *, urgent: bool = False) -> None:
        del text

    def redraw(self) -> None:
        self.on_redraw()

    def get_setting(self, key: str, default: Any = None) -> Any:
        return self._get_setting(key, default)

    def set_setting(self, key: str, value: Any) -> bool:
        del key, value
        return False


class ReplayView:
    """The replay screen: a range slider, first/previous/next/last, and the board."""

    def __init__(self, record: GameRecord, ui: GameUI, title: str,
                 get_setting: Callable[[str, Any], Any], on_back: Callable[[], None],
                 back_label: str, schedule: Schedule = browser_schedule,
                 review: bool = False) -> None:
        """``review``: start the review of the (finished) game at once, the end screen's
        "Review" (a finished game's replay offers it either way)."""
        self.record = record
        self.title = title
        self.total = len(record.actions)
        self.step = self.total
        session = Session(record)
        self.log = action_log(session)
        self.host = ReplayHost(session, get_setting)
        self.host.on_redraw = self.draw_board
        self.screen = ui.create_screen(self.host)
        self.on_back = on_back
        self.back_label = back_label
        self.scope = Scope()
        self.board_scope = Scope()
        self.container: Element | None = None
        self._board: Element | None = None
        self._slider: Element | None = None
        self._label: Element | None = None
        self._back_buttons: list[Element] = []
        self._forward_buttons: list[Element] = []
        self._what: Element | None = None
        self.review = ReviewPanel(record, session, schedule, self._open_at) \
            if session.game.is_over(session.state) else None
        self._review_first = review

    # ------------------------------------------------------------------ drawing

    def mount(self, container: Element) -> None:
        self.container = container
        self.scope.dispose()
        self.scope = Scope()
        slider = el("input", cls="replay-slider", testid="replay-slider", attrs={
            "id": "replay-slider", "type": "range", "min": 0, "max": self.total, "step": 1,
            "aria-label": t("replay.slider"),
        }, props={"value": str(self.step)})
        self.scope.on(slider, "input", lambda _e: self.go(int(str(slider.value) or 0)))
        self._slider = slider
        self._label = el("p", "", cls="replay-step", testid="replay-step",
                         attrs={"aria-live": "polite"})
        self._what = el("p", "", cls="note replay-what", testid="replay-what")
        self._back_buttons = [
            button(self.scope, t("replay.first"), lambda _e: self.go(0),
                   testid="replay-first", cls="btn"),
            button(self.scope, t("replay.prev"), lambda _e: self.go(self.step - 1),
                   testid="replay-prev", cls="btn")]
        self._forward_buttons = [
            button(self.scope, t("replay.next"), lambda _e: self.go(self.step + 1),
                   testid="replay-next", cls="btn btn-primary"),
            button(self.scope, t("replay.last"), lambda _e: self.go(self.total),
                   testid="replay-last", cls="btn")]
        nav = el("div", *self._back_buttons, *self._forward_buttons, cls="actions replay-nav")
        self._board = el("div", cls="play-board replay-board", testid="replay-board",
                         attrs={"aria-label": t("replay.board"), "role": "region"})
        head = el("div",
                  el("h2", t("replay.heading", title=self.title), attrs={"id": "replay-heading"}),
                  button(self.scope, self.back_label, lambda _e: self.on_back(),
                         testid="replay-back", cls="btn"),
                  cls="replay-head")
        controls = el("div", self._label, slider, nav, self._what, cls="panel replay-controls")
        review = self.review.element() if self.review is not None else None
        screen = el("section", head, controls, review, self._board, cls="screen replay",
                    testid="replay-screen", attrs={"aria-labelledby": "replay-heading",
                                                   "data-step": self.step,
                                                   "data-total": self.total})
        dom.clear(container)
        dom.append(container, [screen])
        self.draw_board()
        if self.review is not None and self._review_first:
            self._review_first = False
            self.review.start()

    def _open_at(self, step: int) -> None:
        """A review's "open at this position": the replay just before that decision, the board
        brought into view."""
        self.go(step)
        focus_on(self._slider)  # the replay's own controls, at the position shown
        dom.reveal(self._slider)
    def go(self, step: int) -> None:
        step = max(0, min(step, self.total))
        self.step = step
        if self._slider is not None and str(self._slider.value) != str(step):
            self._slider.value = str(step)
        self.draw_board()

    def draw_board(self) -> None:
        board = self._board
        if board is None:
            return
        screen = dom.query('[data-testid="replay-screen"]', self.container)
        if screen is not None:
            screen.setAttribute("data-step", str(self.step))
        dom.set_text(dom.present(self._label), t("replay.step", step=self.step,
                                                  total=self.total))
        # At either end the steps that lead nowhere look it (aria-disabled, not disabled: a
        # keyboard user's focus stays on the button instead of falling to the page).
        for buttons, at_end in ((self._back_buttons, self.step == 0),
                                (self._forward_buttons, self.step == self.total)):
            for node in buttons:
                if at_end:
                    node.setAttribute("aria-disabled", "true")
                else:
                    node.removeAttribute("aria-disabled")
        what = dom.present(self._what)
        if self.step == 0:
            dom.set_text(what, t("replay.start"))
        else:
            dom.set_text(what, self.log[self.step - 1].text)  # "Move n of m" is above
        self.board_scope.dispose()
        self.board_scope = Scope()
        dom.clear(board)
        try:
            self.host.shown = self.step
            view = self.host.game.view(self.host.state, None)
            inner = el("div", cls="replay-inner")
            self.screen.render(inner, self.board_scope, view)
            make_read_only(inner, self.board_scope)
            dom.append(board, [inner])
        except Exception:
            dom.log_error("Kingdoms: drawing a replay step failed\n" + traceback.format_exc())
            dom.append(board, [el("p", t("play.game_failed"), cls="warning",
                                  attrs={"role": "alert"})])

    def dispose(self) -> None:
        if self.review is not None:
            self.review.dispose()
        self.screen.dispose()
        self.scope.dispose()
        self.board_scope.dispose()
        self.container = None
