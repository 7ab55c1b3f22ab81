"""Playing by keyboard: where focus goes after a move, shortcut keys, and rows of like controls
that are one Tab stop with arrow keys inside.

Why data per game (:class:`KeyPlan`, in ``games/<game>/keys.py``): which controls answer a
decision, which keys press them and which controls form a row are facts about a game's board,
like its guide's tips and help topics; how focus moves is the same for every game and lives
here. The rules stay the engine's: a shortcut presses a control the screen drew, only when it is
enabled, so a key can do nothing a tap could not.

Focus (:func:`decision_control`): after an action the first usable control of the next
decision, tried in the plan's order (Dice Realm's inline "Take the Magistrate?" before its Roll
button, Burgrave's prompt buttons before the hand and the board); a pass screen's "I'm Ben"; the
end screen's title; the turn banner while another seat decides. Never the page's body.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope

ARROWS_NEXT = frozenset({"ArrowRight", "ArrowDown"})
ARROWS_BACK = frozenset({"ArrowLeft", "ArrowUp"})


@dataclass(frozen=True)
class Shortcut:
    """A key that presses a control of the board."""

    key: str
    """``KeyboardEvent.key`` (case-insensitive for letters): "r", "1", "Escape"."""
    selector: str
    """The control it presses: the first usable match on the board."""
    label: str
    """Catalog key of what it does (listed in Settings and the rules)."""
    shown: str = ""
    """How the key is written in that list, when not ``key`` itself ("1–6")."""


@dataclass(frozen=True)
class KeyPlan:
    """One game's keyboard facts (see the module's docstring)."""

    focus: tuple[str, ...] = ()
    """The controls of a decision, in the order focus tries them (simple CSS selectors)."""
    shortcuts: tuple[Shortcut, ...] = ()
    rows: tuple[str, ...] = ()
    """Selectors of like controls (dice, hand cards, spaces): each is one Tab stop, arrow keys
    move inside (the screen calls :func:`rove` at the end of each drawing, its own local
    redraws too)."""
    summary_skips: frozenset[str] = field(default_factory=frozenset)
    """Action types a computer's spoken summary leaves out (Dice Realm's rolls: the claim that
    follows says what they came to)."""


TABLE_SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("?", '[data-testid="help-mode"]', "keys.help"),
    Shortcut("u", '[data-testid="undo"]', "keys.undo"),
    Shortcut("q", '[data-testid="skip-to-question"]', "keys.question"),
    Shortcut("h", '[data-testid="hint"]', "keys.hint"),
)
"""Keys every game table has (after the game's own)."""


def _nodes(root: Element, selector: str) -> Iterator[Element]:
    found = root.querySelectorAll(selector)
    for index in range(int(found.length)):
        yield found.item(index)


def usable(node: Element) -> bool:
    """Whether ``node`` can be used now (not disabled, not marked so, not hidden)."""
    if getattr(node, "disabled", False) or node.getAttribute("aria-disabled") == "true":
        return False
    current: Any = node
    while current is not None:
        if getattr(current, "hidden", False):
            return False
        current = dom.opt(getattr(current, "parentElement", None))
    return True


def focus_on(node: Element | None) -> bool:
    """Move focus to ``node`` without scrolling the board under a finger (a keyboard user's
    focus is brought into view: :func:`reveal_focus`); True if it took focus (an element the
    layout hides does not)."""
    if node is None:
        return False
    if dom.window is not None:
        node.focus(dom.window.JSON.parse('{"preventScroll": true}'))
    else:
        node.focus()
    taken = dom.opt(dom.document.activeElement)
    if taken is None or not taken.isSameNode(node):
        return False
    if Modality.keyboard:
        dom.reveal(node)
    return True


def decision_control(root: Element, selectors: tuple[str, ...]) -> Element | None:
    """The first usable control of the decision on ``root``, by the plan's order."""
    for selector in selectors:
        for node in _nodes(root, selector):
            if usable(node):
                return node
    return None


def focus_decision(root: Element, selectors: tuple[str, ...], fallback: Element | None) -> None:
    """Focus the decision's first control that takes focus, else ``fallback`` (made
    focusable by script only)."""
    for selector in selectors:
        for node in _nodes(root, selector):
            if usable(node) and focus_on(node):
                return
    if fallback is not None:
        if not fallback.hasAttribute("tabindex"):
            fallback.setAttribute("tabindex", "-1")
        focus_on(fallback)


class Modality:
    """Whether the last input was a key (focus moved by script is then scrolled into view)."""

    keyboard = False

    @classmethod
    def listen(cls, scope: Scope) -> None:
        def key(_event: Any) -> None:
            cls.keyboard = True

        def pointer(_event: Any) -> None:
            cls.keyboard = False

        scope.on(dom.document, "keydown", key, capture=True)
        scope.on(dom.document, "pointerdown", pointer, capture=True)


def rove(root: Element, rows: tuple[str, ...]) -> None:
    """Make each row of ``root`` one Tab stop: the item that has focus, else the first one the
    question offers, else the first usable one, keeps ``tabindex=0``, the row's other items
    ``-1`` (arrow keys reach them: :func:`step_in_row`). A row of one item is left as it is.
    One query for all rows (each is a walk of the whole board)."""
    if not rows:
        return
    active = dom.opt(dom.document.activeElement)
    grouped: dict[str, list[Element]] = {row: [] for row in rows}
    for node in _nodes(root, ", ".join(rows)):
        row = row_of(node, rows)
        if row is not None and not getattr(node, "disabled", False):
            grouped[row].append(node)
    for items in grouped.values():
        if len(items) < 2:
            continue
        chosen = next((n for n in items if active is not None and n.isSameNode(active)),
                      next((n for n in items if n.hasAttribute("data-offer")),
                           next((n for n in items if usable(n)), items[0])))
        for node in items:
            node.setAttribute("tabindex", "0" if node is chosen else "-1")


def row_of(node: Element, rows: tuple[str, ...]) -> str | None:
    """The row ``node`` belongs to (None: none)."""
    return next((row for row in rows if node.matches(row)), None)


def step_in_row(root: Element, row: str, node: Element, key: str) -> Element | None:
    """The item of ``row`` an arrow ``key`` moves to from ``node`` (Home and End too, round
    at the ends); None when the key does not move in a row."""
    items = [n for n in _nodes(root, row) if not getattr(n, "disabled", False)]
    at = next((i for i, n in enumerate(items) if n.isSameNode(node)), None)
    if at is None:
        return None
    if key in ARROWS_NEXT:
        return items[(at + 1) % len(items)]
    if key in ARROWS_BACK:
        return items[(at - 1) % len(items)]
    if key == "Home":
        return items[0]
    if key == "End":
        return items[-1]
    return None


def typing(target: Any) -> bool:
    """Whether a key goes into a text field (never a shortcut there)."""
    tag = str(getattr(target, "tagName", "") or "")
    return tag in ("INPUT", "TEXTAREA", "SELECT") or \
        bool(getattr(target, "isContentEditable", False))


def shortcut_for(event: Any, shortcuts: tuple[Shortcut, ...]) -> Shortcut | None:
    """The shortcut ``event`` presses (none with Ctrl, Alt or Meta held: those are the
    browser's and the screen reader's)."""
    if getattr(event, "ctrlKey", False) or getattr(event, "altKey", False) \
            or getattr(event, "metaKey", False):
        return None
    key = str(getattr(event, "key", "") or "")
    key = key.lower() if len(key) == 1 else key
    return next((s for s in shortcuts if s.key == key), None)


__all__ = ["TABLE_SHORTCUTS", "KeyPlan", "Modality", "Shortcut", "decision_control",
           "focus_decision", "focus_on", "rove", "row_of", "shortcut_for", "step_in_row",
           "typing", "usable"]
