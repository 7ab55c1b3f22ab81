"""The guided first game: short coach marks that point at the real controls when they matter.

Why here and not in a tutorial screen: a newcomer learns fastest by playing the real game, told
one thing at the moment it matters ("Roll throws the six dice…" before the first roll, "Tap dice
to keep them" after it). Each game lists its marks as data (``games/<game>/coach.py``, the
``coach`` of its :class:`~kingdoms_web.play.contract.GameUI`): the
decision they belong to (the engine's ``Prompt.kind``), the control they point at (a selector of
the game screen's own ``data-testid``/``data-offer`` attributes, so the page never decides a rule:
a mark shows only where the engine offered that control) and a catalog text
(``coach.<game>.<mark>``).

A mark never blocks: it sits above the board with "Got it" and "No more tips", rings its control,
and counts as seen once dismissed or once the player acts while it shows. What was seen is
remembered per game (setting :data:`SEEN_SETTING`); the guide is offered on a device's first game
of each title and stops when that game ends, when every mark was seen, or when turned off here or
in Settings (:data:`ENABLED_SETTING`, on by default). Only people are coached, never a computer's
turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from kingdoms.core.explain import Prompt
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import t
from kingdoms_web.shell.dialogs import button

ENABLED_SETTING = "coach.enabled"
"""Settings key: False when the player turned the guide off (on by default)."""
SEEN_SETTING = "coach.seen"
"""Settings key: ``{game_id: [mark ids seen]}``; a finished first game adds every mark."""
TARGET_CLASS = "coach-target"
"""The class that rings the control a mark points at."""


@dataclass(frozen=True, slots=True)
class CoachMark:
    """One tip: shown at decisions of ``kinds`` when ``target`` is on the board."""

    id: str
    kinds: frozenset[str]
    """The engine's ``Prompt.kind`` values it belongs to (empty: any decision)."""
    target: str
    """Selector of the control it points at, on the game screen (attribute selectors only)."""
    at_end_warning: bool = False
    """Only when the engine warns that the game ends soon (``Prompt.warnings``)."""
    shows_a_move: bool = False
    """The tip offers "Show me a good move" (a hint, where the table allows hints): a
    newcomer's first turn, where the most common question is what a good one is."""


class Settings(Protocol):
    """Where the guide keeps what was seen (the table's page settings)."""

    def get_setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> bool: ...


def guide_enabled(settings: Settings) -> bool:
    return settings.get_setting(ENABLED_SETTING, True) is not False


def seen_marks(settings: Settings, game_id: str) -> set[str]:
    stored = settings.get_setting(SEEN_SETTING, {})
    seen = stored.get(game_id, []) if isinstance(stored, dict) else []
    return {str(mark) for mark in seen} if isinstance(seen, list) else set()


def remember_seen(settings: Settings, game_id: str, marks: set[str]) -> None:
    stored = settings.get_setting(SEEN_SETTING, {})
    stored = dict(stored) if isinstance(stored, dict) else {}
    stored[game_id] = sorted(seen_marks(settings, game_id) | marks)
    settings.set_setting(SEEN_SETTING, stored)


def pick_mark(marks: tuple[CoachMark, ...], seen: set[str], prompt: Prompt[Any] | None,
              board: Element) -> tuple[CoachMark, Element] | None:
    """The first unseen mark that fits the decision and whose control is on ``board``."""
    if prompt is None:
        return None
    for mark in marks:
        if mark.id in seen or (mark.kinds and prompt.kind not in mark.kinds):
            continue
        if mark.at_end_warning and not prompt.warnings:
            continue
        target = dom.query(mark.target, board)
        if target is not None:
            return mark, target
    return None


class Coach:
    """The guide of one table: which mark shows now, and what the player did with it."""

    def __init__(self, settings: Settings, game_id: str, marks: tuple[CoachMark, ...],
                 redraw: Callable[[], None],
                 show_a_move: Callable[[], Callable[[], None] | None] = lambda: None) -> None:
        """``show_a_move``: what "Show me a good move" does now (None: the table offers no
        hint now)."""
        self.show_a_move = show_a_move
        self.settings = settings
        self.game_id = game_id
        self.marks = marks
        self.redraw = redraw
        self.showing: CoachMark | None = None

    @property
    def active(self) -> bool:
        if not self.marks or not guide_enabled(self.settings):
            return False
        return not {mark.id for mark in self.marks} <= seen_marks(self.settings, self.game_id)

    def draw(self, board: Element, scope: Scope, prompt: Prompt[Any] | None) -> Element | None:
        """The tip for this moment (None if there is none), with its control ringed."""
        self.unring(board)
        if not self.active:
            return None
        found = pick_mark(self.marks, seen_marks(self.settings, self.game_id), prompt, board)
        if found is None:
            return None
        mark, _first = found
        self.showing = mark
        targets = board.querySelectorAll(mark.target)
        for index in range(int(targets.length)):
            targets.item(index).classList.add(TARGET_CLASS)
        ask = self.show_a_move() if mark.shows_a_move else None
        return el(
            "aside",
            el("p", el("strong", t("coach.label")), " ", t(f"coach.{self.game_id}.{mark.id}")),
            el("div",
               button(scope, t("coach.show_a_move"), lambda _e: self._show(mark, ask),
                      testid="coach-hint",
                      cls="btn btn-small btn-primary", icon="hint") if ask is not None else None,
               button(scope, t("coach.got_it"), lambda _e: self._dismiss(mark),
                      testid="coach-ok", cls="btn btn-small"),
               button(scope, t("coach.stop"), lambda _e: self._stop(),
                      testid="coach-stop", cls="btn btn-small btn-quiet"),
               cls="coach-actions"),
            cls="coach", testid="coach",
            attrs={"data-mark": mark.id})

    def unring(self, board: Element) -> None:
        """No tip now: no ring either. A screen may keep parts of its last drawing
        (play/parts.py): a ring drawn then on a part kept now must not stay."""
        self.showing = None
        ringed = board.querySelectorAll("." + TARGET_CLASS)
        for index in range(int(ringed.length)):
            ringed.item(index).classList.remove(TARGET_CLASS)

    def acted(self) -> None:
        """The player acted while a tip showed: it did its job."""
        if self.showing is not None:
            remember_seen(self.settings, self.game_id, {self.showing.id})
            self.showing = None

    def game_over(self) -> None:
        """The first game of this title is over: the guide for it is done."""
        if self.active:
            remember_seen(self.settings, self.game_id, {mark.id for mark in self.marks})

    def _show(self, mark: CoachMark, ask: Callable[[], None]) -> None:
        """"Show me a good move": the tip did its job; the hint takes its place."""
        remember_seen(self.settings, self.game_id, {mark.id})
        ask()

    def _dismiss(self, mark: CoachMark) -> None:
        remember_seen(self.settings, self.game_id, {mark.id})
        self.redraw()

    def _stop(self) -> None:
        self.settings.set_setting(ENABLED_SETTING, False)
        self.redraw()
