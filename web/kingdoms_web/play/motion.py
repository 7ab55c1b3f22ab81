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

One exception, :func:`walk`: a piece that went a way of several stops (a Burgrave pawn round
the ring, the way the engine's view says it went) is marked with every stop
(``data-motion-path``) and walks through them, a short hop each, in :data:`WALK_MS` all told.
CSS keyframes cannot have as many stops as the way has, so this one is a Web Animations
keyframe list measured before paint; the global CSS rule does not reach script animations, so
:func:`walk` asks ``prefers-reduced-motion`` itself and leaves the piece still under
``reduce``. It is as short, as unawaited and as replaceable as the rest.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import NamedTuple

from kingdoms_web import dom
from kingdoms_web.dom import Element

FROM = "data-motion-from"
"""Marks an element that arrived: the ``data-testid`` of the element standing where it was."""
PATH = "data-motion-path"
"""Marks an element that walked: the ``data-testid`` of each element it passed, space
separated, in order — the first where it was, the last where it is now."""
WALK_MS = 380
"""A whole walk, however many stops (issue 13: every motion at most 400 ms)."""
HOP_PX = 12.0
"""How high a walking piece hops between two stops."""
REDUCE = "(prefers-reduced-motion: reduce)"


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


def hops(stops: Sequence[Rect], target: Rect, *, lift: float = HOP_PX) -> list[dict[str, object]]:
    """Keyframes that walk ``target``'s element from the centre of each of ``stops`` in turn to
    its own place, one hop (up by ``lift`` and down again) between each two, every hop as long.

    >>> for frame in hops([Rect(0, 0, 10, 10)], Rect(100, 20, 10, 10)): print(frame)
    {'offset': 0.0, 'transform': 'translate(-100.0px, -20.0px)', 'easing': 'ease-out'}
    {'offset': 0.5, 'transform': 'translate(-50.0px, -22.0px) scale(1.15)', 'easing': 'ease-in'}
    {'offset': 1.0, 'transform': 'none'}
    """
    tx, ty = target.centre
    points = [(x - tx, y - ty) for x, y in (stop.centre for stop in stops)] + [(0.0, 0.0)]
    count = len(points) - 1
    frames: list[dict[str, object]] = []
    for i, ((x0, y0), (x1, y1)) in enumerate(pairwise(points)):
        frames.append({"offset": round(i / count, 4),
                       "transform": f"translate({x0:.1f}px, {y0:.1f}px)", "easing": "ease-out"})
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2 - lift
        frames.append({"offset": round((i + 0.5) / count, 4),
                       "transform": f"translate({mx:.1f}px, {my:.1f}px) scale(1.15)",
                       "easing": "ease-in"})
    frames.append({"offset": 1.0, "transform": "none"})
    return frames


def reduced() -> bool:
    """Whether the person asked for reduced motion (True where the browser cannot say: a
    piece left still is never wrong)."""
    try:
        return bool(dom.window.matchMedia(REDUCE).matches)
    except dom.BROWSER_ERRORS:
        return True


def animate(node: Element, frames: list[dict[str, object]], name: str) -> None:
    """Play ``frames`` on ``node`` for :data:`WALK_MS` (Web Animations; its ``id`` is ``name``,
    as a CSS animation's name would be). Not awaited: the page goes on at once."""
    try:
        parse = dom.window.JSON.parse
        node.animate(parse(json.dumps(frames)),
                     parse(json.dumps({"duration": WALK_MS, "id": name})))
    except dom.BROWSER_ERRORS:  # no Web Animations (an old browser): the piece stays still
        return


def walk(root: Element, cls: str, *,
         stop_of: Callable[[Element, Element], Rect | None] | None = None) -> int:
    """Add ``cls`` to every element in ``root`` marked with :data:`PATH` and walk it through
    the boxes of the elements named there (``stop_of(node, element)`` may pick a part of one),
    unless reduced motion is asked; returns how many were marked. Elements with a stop or an
    own box that cannot be measured stay still."""
    nodes = root.querySelectorAll(f"[{PATH}]")
    started = 0
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        stops: list[Rect] = []
        for testid in str(node.getAttribute(PATH)).split()[:-1]:
            source = dom.query(f'[data-testid="{testid}"]', root)
            if source is None:
                break
            box = stop_of(node, source) if stop_of is not None else rect(source)
            if box is None:
                break
            stops.append(box)
        else:
            own = rect(node)
            if own is None or not stops:
                continue
            node.classList.add(cls)
            started += 1
            if not reduced():
                animate(node, hops(stops, own), cls)
    return started


def before_paint(callback: Callable[[], object]) -> None:
    """Run ``callback`` once the new board is in the document and laid out, before it is painted
    (see :func:`kingdoms_web.dom.before_paint`; indirect so tests can run it at once)."""

    def run() -> None:
        callback()

    dom.before_paint(run)


__all__ = ["FROM", "HOP_PX", "PATH", "REDUCE", "WALK_MS", "Rect", "animate", "before_paint", "fly",
           "hops", "offset", "rect", "reduced", "start", "walk"]
