"""What both game screens show the same way: the engine's warnings that the end is near.

The engine decides when the end is near (``Prompt.warnings``); the page only draws them, in one
style for both games, as a polite live region so screen readers hear them once.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdoms_web.dom import Element, el


def end_warnings(lines: Sequence[str]) -> Element | None:
    """The warnings (already in the reader's language) as a visible box; None without any."""
    if not lines:
        return None
    return el("div", *[el("p", line, cls="end-warning-line") for line in lines],
              cls="end-warning", testid="end-warning")
