"""Hints on a person's turn: "what would a strong player do here, and why?".

The engine's coach (:mod:`kingdoms.core.coach`) ranks the options from what the seat can see;
this is the table's side of it: a **Hint** tool while a person is to act (never on a computer's
turn, behind the privacy screen, in another tab's read-only copy, or when the table's ``hints``
option is off), the thinking in slices (as computers think, :mod:`.computer`: the page stays
responsive, and a Cancel or any move stops it), then a panel above the board with up to three
options, best first, each with its measure and one sentence why, and the first one's controls
ringed on the board, as the guide's tips ring theirs. Which controls those are is the game's
business (``GameUI.hint_targets``: selectors of its own test ids, from where the engine draws
the choice).

A hint asked is counted once per position in the record's table options (``hints_used``), so
the end screen, a share code and a replay all know how many each person used.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from kingdoms.core import coach as engine_coach
from kingdoms.core import registry
from kingdoms.core.coach import Advice
from kingdoms.core.errors import KingdomsError
from kingdoms.core.records import hints_allowed
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import join_sentences, say, t
from kingdoms_web.play.announcer import announce
from kingdoms_web.play.computer import Schedule, Sliced, TableFacts
from kingdoms_web.shell.dialogs import button

TARGET_CLASS = "hint-target"
"""The class that rings the controls of the suggested option."""
HINT_MEASURE = "kingdoms.hint"
"""Each hint's thinking in the tab's performance timeline (``build.py bench`` reads it)."""


class HintTable(TableFacts, Protocol):
    """What the hints need of their table."""

    @property
    def read_only(self) -> str | None: ...

    @property
    def needs_pass(self) -> bool: ...

    def is_person(self, seat: int | None) -> bool: ...

    def count_hint(self, seat: int) -> None: ...

    def redraw(self) -> None: ...


def has_coach(game_id: str) -> bool:
    """Whether the game can give hints (its registry entry names a coach)."""
    try:
        return bool(registry.entry(game_id).coach)
    except KingdomsError:  # a game this copy does not know
        return False


class Hints:
    """The hints of one table: asked, thinking, shown or nothing."""

    def __init__(self, table: HintTable, schedule: Schedule,
                 targets: Callable[[Advice], tuple[str, ...]],
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.table = table
        self.schedule = schedule
        self.targets = targets
        self.clock = clock
        self._work: Sliced[list[Advice]] | None = None
        self.progress = 0.0
        self.advice: list[Advice] | None = None
        """The options shown, best first (None: no hint showing)."""
        self._position = -1
        """The number of moves of the position the hint (shown or coming) is for."""
        self._counted = -1
        """The position whose hint was counted (asking again there counts nothing)."""
        self._closed = False
        self._taps = Scope()
        """While thinking: the page's taps, any of which (outside the panel) cancels."""

    # ------------------------------------------------------------------ state

    def _seat(self) -> int | None:
        game, state = self.table.game, self.table.state
        return None if game.is_over(state) else game.current_seat(state)

    @property
    def offered(self) -> bool:
        """The Hint tool is offered now: a person is to act, on this table's own copy, hints
        are allowed and the game has a coach."""
        table = self.table
        return (hints_allowed(table.record) and has_coach(table.record.game_id)
                and table.read_only is None and not table.needs_pass
                and table.is_person(self._seat()))

    @property
    def thinking(self) -> bool:
        return self._work is not None and self._work.running

    @property
    def showing(self) -> bool:
        """A hint is thinking or shown for the position on the table."""
        return (self.thinking or self.advice is not None) \
            and self._position == len(self.table.record.actions)

    def follow(self) -> None:
        """After any change: a hint for another position is forgotten (thinking stops)."""
        if self._position != len(self.table.record.actions) or not self.offered:
            self._forget()

    def dispose(self) -> None:
        """The table is closed: stop thinking; a late tap or slice finds nothing to do."""
        self._forget()
        self._taps.dispose()
        self._closed = True

    def _forget(self) -> None:
        if self._work is not None:
            self._work.cancel()
        self._work = None
        self.advice = None
        self.progress = 0.0

    # ------------------------------------------------------------------ asking

    def ask(self) -> None:
        """Think of a hint for the position on the table (counted once per position)."""
        if self._closed or not self.offered or self.showing:
            return
        table = self.table
        moves = len(table.record.actions)
        seat = self._seat()
        assert seat is not None
        self._forget()
        self._position = moves
        if self._counted != moves:
            self._counted = moves
            table.count_hint(seat)
        rng = engine_coach.coach_rng(table.record.seed, "hint", moves)
        self._work = Sliced(engine_coach.hint(table.game, table.state, rng), self.schedule,
                            self.clock, self._progress, self._done, self._failed,
                            (HINT_MEASURE, table.record.game_id, "hint"))
        self._listen_for_taps()
        table.redraw()

    def close(self) -> None:
        """Cancel the thinking, or put the hint away."""
        self._forget()
        self._taps.dispose()
        if not self._closed:
            self.table.redraw()

    # ------------------------------------------------------------------ a tap anywhere cancels

    def _listen_for_taps(self) -> None:
        self._taps.dispose()
        self._taps = Scope()
        self._taps.on(dom.document, "pointerdown", self._tapped, capture=True)

    def _tapped(self, event: object) -> None:
        """A tap outside the panel while thinking: stop at once, and draw the panel away only
        when the tap is over (after its click), so nothing moves under the finger between
        touching and lifting it and the tap reaches what it touched."""
        if not self.thinking:
            return
        panel = dom.query('[data-testid="hint-panel"]')
        target = dom.opt(getattr(event, "target", None))
        if panel is not None and target is not None and panel.contains(target):
            return  # the panel's own Cancel, or a look at its words
        self._forget()
        for kind in ("pointerup", "pointercancel"):
            self._taps.on(dom.document, kind, self._tap_over, capture=True)

    def _tap_over(self, _event: object) -> None:
        self.schedule(self._after_tap, 0)  # after the tap's click, which may redraw anyway

    def _after_tap(self) -> None:
        self._taps.dispose()
        if not self._closed and not self.showing \
                and dom.query('[data-testid="hint-panel"]') is not None:
            self.table.redraw()

    def _progress(self, reached: float) -> None:
        self.progress = reached
        node = dom.query('[data-testid="hint-progress"]')
        if node is not None:
            node.setAttribute("value", str(round(reached, 2)))

    def _done(self, advice: list[Advice]) -> None:
        self._taps.dispose()
        self.advice = advice
        self.table.redraw()
        if advice:  # heard too: a hint asked by keyboard is not only seen
            best = advice[0]
            why = best.assessment.why
            announce(join_sentences([t("hint.best", what=say(best.label)) + ".",
                                     say(best.assessment.measure) + ".",
                                     *([say(why)] if why is not None else [])]))

    def _failed(self) -> None:
        self._forget()
        self._taps.dispose()
        self.table.redraw()

    # ------------------------------------------------------------------ drawing

    def panel(self, scope: Scope) -> Element | None:
        """Above the board, small so the board keeps the screen: "Thinking…" with a bar and
        Cancel; then the best option (what, its measure, why) and the others folded away.
        None when no hint is asked for this position."""
        if not self.showing:
            return None
        close = button(scope, t("app.cancel") if self.thinking else t("hint.close"),
                       lambda _e: self.close(), testid="hint-close", cls="btn btn-small")
        if self.advice is None:
            bar = el("progress", testid="hint-progress",
                     attrs={"max": "1", "value": str(round(self.progress, 2)),
                            "aria-label": t("hint.thinking")})
            head = el("div", el("h2", t("hint.thinking"), cls="hint-title",
                                attrs={"id": "hint-title"}), bar, close, cls="hint-head")
            return el("aside", head, cls="hint-panel", testid="hint-panel",
                      attrs={"aria-labelledby": "hint-title", "data-state": "thinking"})
        best, *others = self.advice
        head = el("div", el("h2", t("hint.best", what=say(best.label)), cls="hint-title",
                            attrs={"id": "hint-title"}), close, cls="hint-head")
        words = _option_words(best)
        first = el("div", *words[1:], cls="hint-option hint-best", testid="hint-option-0",
                   attrs={"data-code": best.code})
        more = None
        if others:
            more = el("details", el("summary", t("hint.more", count=len(others))),
                      el("ol", *[el("li", *_option_words(found), cls="hint-option",
                                    testid=f"hint-option-{rank}",
                                    attrs={"data-code": found.code})
                                 for rank, found in enumerate(others, start=1)],
                         cls="hint-options"),
                      cls="hint-more", testid="hint-more")
        return el("aside", head, first, more, cls="hint-panel", testid="hint-panel",
                  attrs={"aria-labelledby": "hint-title", "data-state": "shown"})

    def ring(self, board: Element) -> None:
        """Ring the first option's controls on ``board`` (and no others: a screen may keep
        parts of its last drawing, rings included)."""
        ringed = board.querySelectorAll("." + TARGET_CLASS)
        for index in range(int(ringed.length)):
            ringed.item(index).classList.remove(TARGET_CLASS)
        if not self.showing or not self.advice:
            return
        for selector in self.targets(self.advice[0]):
            found = board.querySelectorAll(selector)
            for index in range(int(found.length)):
                found.item(index).classList.add(TARGET_CLASS)


def _option_words(found: Advice) -> list[Element]:
    """An option in words: what to do, its measure, why (when the judge says)."""
    words = [el("strong", say(found.label), cls="hint-label"),
             el("span", say(found.assessment.measure), cls="hint-measure")]
    if found.assessment.why is not None:
        words.append(el("span", say(found.assessment.why), cls="hint-why"))
    return words


def no_targets(_advice: Advice) -> tuple[str, ...]:
    """A game that rings nothing (its hint panel still says what to do)."""
    return ()


__all__ = ["TARGET_CLASS", "HintTable", "Hints", "has_coach", "no_targets"]
