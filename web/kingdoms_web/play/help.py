"""Ask anything on the board: in help mode a tap on any card, die, pile, space or button says
what it is, what it does now, and links to its entry in the rules' glossary.

Why a mode and not a long-press only: a long-press is invisible (nobody knows to try it) and
iPad Safari gives it to text selection; a "What's this?" switch in the game's tool bar is a
visible promise that everything can be asked. While it is on, taps on the board are answered,
never played (listened to in the capture phase, before the controls' own handlers).

Each game lists its topics as data (``games/<game>/help.py``, the ``help`` of its
:class:`~kingdoms_web.play.contract.GameUI`): a selector of the screen's own
attributes and the glossary term it is an instance of; the first topic matching the tapped
element or its nearest ancestor on the board wins. "What it does now" is the element's own
accessible name (the screens already say there what a control would do, or why it cannot), so
help never disagrees with the board. The term's words come from the rules book
(:mod:`kingdoms_web.learn.book`), which the rules screen shows too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kingdoms_web import dom, urls
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import join_sentences, lookup, t
from kingdoms_web.learn.book import Book
from kingdoms_web.play.announcer import announce
from kingdoms_web.shell.dialogs import button

NATIVE_CONTROLS = frozenset({"BUTTON", "A", "INPUT", "SELECT", "TEXTAREA", "SUMMARY"})
"""Elements that take focus and answer Enter themselves (a click reaches help)."""

MAX_NOW_CHARS = 240
"""The longest "what it does now" text shown (an element's full label can be a card's text)."""


@dataclass(frozen=True, slots=True)
class HelpTopic:
    """Board elements matching ``selector`` are explained by glossary entry ``term``."""

    selector: str
    term: str
    by_kind: Mapping[str, str] = field(default_factory=dict)
    """A different term while the engine asks a decision of that kind (``Prompt.kind``): the
    prompt's buttons are explained by what is being decided."""

    def term_for(self, kind: str | None) -> str:
        return self.by_kind.get(kind or "", self.term)


@dataclass(frozen=True, slots=True)
class Answer:
    """What help says about one tapped element."""

    term: str
    now: str
    tool: str = ""
    """A tool-bar button's test id: the answer is that tool's own explanation
    (:data:`TOOL_HELP`), not a glossary term."""


TOOL_HELP: Mapping[str, str] = {
    "undo": "help.tool.undo", "redo": "help.tool.redo", "pace": "help.tool.pace",
    "share": "help.tool.share", "history": "help.tool.history", "send-next": "help.tool.send",
    "hint": "help.tool.hint"}
"""The tool bar's buttons "What's this?" explains, by test id (the switch itself is left to
turn help off)."""


def _text_of(node: Element) -> str:
    label = dom.opt(node.getAttribute("aria-label"))
    text = str(label) if label else str(node.textContent or "")
    text = " ".join(text.split())
    return text if len(text) <= MAX_NOW_CHARS else text[:MAX_NOW_CHARS - 1].rstrip() + "…"


def answer(node: Element, board: Element, topics: tuple[HelpTopic, ...],
           kind: str | None) -> Answer | None:
    """The topic of ``node`` or of its nearest ancestor up to ``board`` (None: not on the board,
    or nothing there is explained)."""
    current = node
    while current is not None:
        if hasattr(current, "matches"):
            for topic in topics:
                if current.matches(topic.selector):
                    return Answer(topic.term_for(kind), _text_of(current))
        if current is board:
            return None
        current = dom.opt(getattr(current, "parentElement", None))
    return None


def _may_take_focus(node: Element, board: Element) -> bool:
    """Whether ``node`` may become a Tab stop: not inside a control (its control is asked
    instead) nor inside what screen readers are told to skip (a card's drawn face)."""
    current = dom.opt(getattr(node, "parentElement", None))
    while current is not None and not current.isSameNode(board):
        if str(current.tagName) in NATIVE_CONTROLS or \
                current.getAttribute("aria-hidden") == "true":
            return False
        current = dom.opt(getattr(current, "parentElement", None))
    return bool(node.getAttribute("aria-hidden") != "true")


class HelpMode:
    """The help switch of one table and the answer on show."""

    def __init__(self, book: Book, topics: tuple[HelpTopic, ...],
                 kind: Callable[[], str | None], redraw: Callable[[], None]) -> None:
        self.book = book
        self.topics = topics
        self.kind = kind
        self.redraw = redraw
        self.on = False
        self.shown: Answer | None = None

    @property
    def available(self) -> bool:
        return bool(self.topics)

    def toggle(self) -> None:
        self.on = not self.on
        self.shown = None
        self.redraw()
        if self.on:
            announce(t("help.hint"))

    def switch(self, scope: Scope, on: bool) -> Element:
        """The tool-bar switch ("What's this?"), pressed while help is ``on`` (the tool bar
        passes what it read, as it keeps the bar it drew under that)."""
        node = button(scope, t("help.toggle"), lambda _e: self.toggle(), testid="help-mode",
                      cls="btn btn-tool" + (" is-on" if on else ""), icon="help")
        node.setAttribute("aria-pressed", "true" if on else "false")
        return node

    def attach(self, board: Element, scope: Scope) -> None:
        """While on: answer taps on ``board`` instead of playing them."""
        if not self.on:
            return
        board.classList.add("help-mode")
        # A disabled control gets no taps at all, yet "why can't I take this card?" is just
        # what a newcomer asks: while help is on every control is askable (its label still says
        # why it cannot be used), and every tap is answered below before a control sees it.
        disabled = board.querySelectorAll("[disabled], [aria-disabled]")
        for index in range(int(disabled.length)):
            node = disabled.item(index)
            node.disabled = False
            node.removeAttribute("aria-disabled")

        # Every askable element is reachable by Tab while help is on (a pile or a player's
        # realm is no control otherwise), and Enter or Space on it asks as a tap does.
        found = board.querySelectorAll(", ".join(topic.selector for topic in self.topics))
        for index in range(int(found.length)):  # one query: each is a walk of the board
            node = found.item(index)
            if str(node.tagName) not in NATIVE_CONTROLS and _may_take_focus(node, board):
                node.setAttribute("tabindex", "0")

        def tapped(event: Any) -> None:
            event.preventDefault()
            event.stopPropagation()
            found = answer(event.target, board, self.topics, self.kind())
            if found is not None:
                self.show(found)

        def key(event: Any) -> None:
            if str(getattr(event, "key", "")) in ("Enter", " ") \
                    and str(getattr(event.target, "tagName", "")) not in NATIVE_CONTROLS:
                tapped(event)

        scope.on(board, "click", tapped, capture=True)
        scope.on(board, "keydown", key)

    def show(self, shown: Answer) -> None:
        """Answer: draw the panel, and say it (the panel is drawn anew, so it is no live
        region of its own)."""
        self.shown = shown
        self.redraw()
        if shown.tool:
            announce(join_sentences([shown.now, t(TOOL_HELP[shown.tool])]))
            return
        key = self.book.term_key(shown.term)
        announce(join_sentences([t(key), shown.now, lookup(key + ".def") or ""]))

    def attach_tools(self, bar: Element, scope: Scope) -> None:
        """While on: a tap on a tool of ``bar`` says what it does instead of doing it (the
        "What's this?" switch still works, to turn help off)."""
        if not self.on:
            return

        def tapped(event: Any) -> None:
            tool = event.target  # the tool, or its icon or words
            while tool is not None and tool is not bar and \
                    str(tool.getAttribute("data-testid") or "") not in TOOL_HELP:
                tool = dom.opt(getattr(tool, "parentElement", None))
            if tool is None or tool is bar:
                return
            testid = str(tool.getAttribute("data-testid"))
            event.preventDefault()
            event.stopPropagation()
            self.show(Answer("", _text_of(tool), tool=testid))

        scope.on(bar, "click", tapped, capture=True)

    def panel(self, scope: Scope) -> Element | None:
        """The answer (or, before the first tap, how to ask), above the board."""
        if not self.on:
            return None
        close = button(scope, t("help.done"), lambda _e: self.toggle(), testid="help-done",
                       cls="btn btn-small")
        shown = self.shown
        book = self.book
        if shown is None:
            return el("aside", el("p", t("help.hint")), close, cls="help-panel",
                      testid="help-panel")
        if shown.tool:
            return el("aside", el("h3", shown.now, cls="help-term", testid="help-term"),
                      el("p", t(TOOL_HELP[shown.tool]), testid="help-definition"),
                      el("div", close, cls="help-actions"), cls="help-panel",
                      testid="help-panel", attrs={"data-tool": shown.tool})
        key = book.term_key(shown.term)
        definition = lookup(key + ".def")
        return el(
            "aside",
            el("h3", t(key), cls="help-term", testid="help-term"),
            el("p", shown.now, cls="help-now", testid="help-now") if shown.now else None,
            el("p", definition, testid="help-definition") if definition else None,
            el("div",
               el("a", t("help.more"), cls="btn btn-small btn-quiet", testid="help-more",
                  attrs={"href": urls.rules_fragment(book.game_id, f"glossary.{shown.term}")}),
               close, cls="help-actions"),
            cls="help-panel", testid="help-panel", attrs={"data-term": shown.term})
