"""The page's one voice for screen readers: two live regions made once, fed with words.

Why one voice: a screen reader speaks a live region's *changes*, and a region that arrives in
the page with its text already in it is usually not spoken at all. The board is redrawn after
every action, so a live region inside it would be a new element each time and stay silent.
These two regions live outside the app's frame (``public/index.html`` has them from the first
paint; they are made here when missing, e.g. in the page tests) and are never replaced:

- ``polite``: moves, whose turn it is, the question asked, the pass screen, the end;
- ``urgent`` (assertive): only what went wrong — a refused action, a game that could not be
  saved.

What to say is decided elsewhere (:mod:`kingdoms_web.play.voice` for a game table); this
module only says it.
"""

from __future__ import annotations

from kingdoms_web import dom
from kingdoms_web.dom import Element, el

POLITE_ID = "announce-polite"
URGENT_ID = "announce-urgent"
NO_BREAK_SPACE = "\u00a0"


def region(urgent: bool = False) -> Element:
    """The live region (made once per document, kept for its whole life)."""
    region_id = URGENT_ID if urgent else POLITE_ID
    node: Element | None = dom.opt(dom.document.getElementById(region_id))
    if node is None:
        node = el("div", cls="visually-hidden", testid=region_id, attrs={
            "id": region_id, "role": "alert" if urgent else "status",
            "aria-live": "assertive" if urgent else "polite", "aria-atomic": "true"})
        dom.document.body.append(node)
    return node


def announce(text: str, *, urgent: bool = False) -> None:
    """Say ``text`` (nothing for empty words). The same words twice in a row are still a
    change: a no-break space is added or taken off, so "Roll" after "Roll" is spoken again."""
    text = " ".join(text.split())
    if not text or dom.document is None:  # nothing to say, or no page (the engine's tests)
        return
    node = region(urgent)
    before = str(node.textContent or "")
    if before.rstrip(NO_BREAK_SPACE) == text and not before.endswith(NO_BREAK_SPACE):
        text += NO_BREAK_SPACE
    dom.set_text(node, text)


def spoken(urgent: bool = False) -> str:
    """What the region says now, without the repeat marker (for tests and the history)."""
    if dom.document is None:
        return ""
    node = dom.opt(dom.document.getElementById(URGENT_ID if urgent else POLITE_ID))
    return "" if node is None else str(node.textContent or "").rstrip(NO_BREAK_SPACE)


__all__ = ["POLITE_ID", "URGENT_ID", "announce", "region", "spoken"]
