"""Motion that explains a change: the "first, last, invert, play" step the games share.

Why here and like this: the page redraws the whole board from the engine's view after every
action, so nothing on screen *moves* by itself; a piece simply appears in its new place. Each
game compares the view it drew last with the new one (what changed is read from the views,
never from the rules) and marks the new element with where it came from: the ``data-testid``
of the element that stands where it was (``data-motion-from``). Just before the first paint of
the new board this module measures both, writes the difference as CSS custom properties
(``--from-x``, ``--from-y``, ``--from-scale``) and adds the game's animation class, so the
piece is drawn where it was and glides to where it is.

The animation itself is plain CSS (≤ 400 ms, in the game's style sheet): it delays nothing,
every control is live at once (a tap during it lands on the new board), the next redraw simply
replaces it, and the global ``prefers-reduced-motion: reduce`` rule in ``app.css`` switches it
off. Without a layout (CPython tests) nothing is measured and nothing is marked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from kingdoms_web import dom
from kingdoms_web.dom import Element

FROM = "data-motion-from"
"""Marks an element that arrived: the ``data-testid`` of the element standing where it was."""


class Rect(NamedTuple):
    """An element's box on screen (``getBoundingClientRect``), in CSS pixels."""

    left: float
    top: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.left + self.width / 2, self.top + self.height / 2


def rect(node: Element) -> Rect | None:
    """``node``'s box, or None where there is no layout (CPython, a detached node)."""
    try:
        box = node.getBoundingClientRect()
        return Rect(float(box.left), float(box.top), float(box.width), float(box.height))
    except dom.BROWSER_ERRORS:
        return None


def offset(source: Rect, target: Rect, *, scale: bool = False) -> dict[str, str]:
    """The custom properties that draw ``target``'s element over ``source`` (centre on centre;
    ``scale``: as wide as the source too, at most three times its own size — a realm chip
    leaving a whole card's place).

    >>> offset(Rect(0, 0, 40, 40), Rect(100, 50, 20, 20), scale=True)
    {'--from-x': '-90.0px', '--from-y': '-40.0px', '--from-scale': '2.00'}
    """
    (sx, sy), (tx, ty) = source.centre, target.centre
    props = {"--from-x": f"{sx - tx:.1f}px", "--from-y": f"{sy - ty:.1f}px"}
    if scale and target.width > 0:
        props["--from-scale"] = f"{min(3.0, max(0.5, source.width / target.width)):.2f}"
    return props


def start(node: Element, props: dict[str, str], cls: str) -> None:
    """Set ``props`` on ``node``'s style and add ``cls`` (which runs the CSS animation)."""
    for name, value in props.items():
        node.style.setProperty(name, value)
    node.classList.add(cls)


def fly(root: Element, cls: str, *, scale: bool = False,
        source_of: Callable[[Element, Element], Rect | None] | None = None) -> int:
    """Start ``cls`` on every element in ``root`` marked with :data:`FROM`, from the box of the
    element it names (``source_of(node, source)`` may pick a part of it); returns how many
    started. Elements whose source or own box cannot be measured stay still."""
    nodes = root.querySelectorAll(f"[{FROM}]")
    started = 0
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        source = dom.query(f'[data-testid="{node.getAttribute(FROM)}"]', root)
        if source is None:
            continue
        before = source_of(node, source) if source_of is not None else rect(source)
        after = rect(node)
        if before is None or after is None:
            continue
        start(node, offset(before, after, scale=scale), cls)
        started += 1
    return started


def before_paint(callback: Callable[[], object]) -> None:
    """Run ``callback`` once the new board is in the document and laid out, before it is painted
    (see :func:`kingdoms_web.dom.before_paint`; indirect so tests can run it at once)."""

    def run() -> None:
        callback()

    dom.before_paint(run)


__all__ = ["FROM", "Rect", "before_paint", "fly", "offset", "rect", "start"]
