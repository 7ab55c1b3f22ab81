"""Parts of a game screen kept from one drawing to the next, redrawn only when their inputs
change.

Why: a screen redraws from the engine's view after every tap, and in the browser each node,
attribute and listener it creates is a call from Python into JavaScript, and every new node is
styled and laid out afresh. A Burgrave board is some three thousand nodes, so a full
redraw took 100-200 ms of the tap, yet a move changes one or two segments of the ring and one
player's board. A screen asks :class:`Parts` for each part with a *key*: a value holding
everything that part's drawing reads (its slice of the view, the offers drawn in it, what moves
in it, the language). The same key gives back the very element drawn before, listeners and all;
a new key draws it again.

A key that misses an input would show a stale part, so the games' tests play seeded games with
the cache on and off and compare the two pages after every tap (``tests/web/test_parts.py``).

Each part owns its listeners in its own :class:`~kingdoms_web.dom.Scope`, released when the part
is drawn again or with the screen (:meth:`Parts.clear`). A part a drawing does not ask for stays
kept: a game has a small fixed set of them, and a seat's board comes back unchanged when that
seat looks again (hot-seat). The shell may change a drawn board afterwards (read-only while a
computer plays, every control askable while help is on): those changes are the same for the same
:attr:`~kingdoms_web.play.contract.GameHost.board_mode`, which every key therefore includes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from kingdoms_web.dom import Element, Scope
from kingdoms_web.i18n import get_language

T = TypeVar("T")


@dataclass
class _Part:
    key: object
    element: Element
    scope: Scope


class Parts:
    """A screen's kept parts, by name (``"segment-2"``, ``"castle"``…)."""

    enabled = True
    """False draws every part afresh (the tests compare both ways)."""

    def __init__(self) -> None:
        self._parts: dict[str, _Part] = {}
        self._mode: Hashable = ()
        self._frames: dict[str, tuple[object, Any]] = {}
        self.drawn = 0
        """How many parts were drawn (not reused) since this cache was made: for tests."""

    def begin(self, mode: Hashable = ()) -> None:
        """A drawing starts, under the shell's board ``mode`` (see the module's docstring)."""
        self._mode = mode

    def get(self, name: str, key: object, draw: Callable[[Scope], Element]) -> Element:
        """The element for part ``name``: the one drawn before if ``key`` (with the page's
        language and the board mode) is unchanged, else ``draw(scope)`` with a
        fresh scope for its listeners. Keys are compared with ``==``, never hashed."""
        full = (key, self._mode, get_language())
        kept = self._parts.get(name)
        if kept is not None:
            if self.enabled and kept.key == full:
                return kept.element
            kept.scope.dispose()
        scope = Scope()
        element = draw(scope)
        self._parts[name] = _Part(full, element, scope)
        self.drawn += 1
        return element

    def frame(self, name: str, key: object, build: Callable[[], T]) -> T:
        """A kept skeleton (the containers a screen's parts sit in, with no listeners):
        ``build()`` again only when ``key`` or the language changed. Parts are
        patched into it in place (:func:`kingdoms_web.dom.patch`), so a kept part is never
        taken out of the page and put back."""
        full = (key, get_language())
        kept = self._frames.get(name)
        if kept is None or kept[0] != full:
            kept = self._frames[name] = (full, build())
        frame: T = kept[1]
        return frame

    def clear(self) -> None:
        """Release every part (the screen is closed, or must be drawn afresh)."""
        for part in self._parts.values():
            part.scope.dispose()
        self._parts = {}
        self._frames = {}


__all__ = ["Parts"]
