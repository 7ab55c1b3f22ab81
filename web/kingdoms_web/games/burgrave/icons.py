"""Burgrave's one icon set: the symbols of ``public/art/burgrave-icons.svg``, used everywhere a
player sees the game (board, cards, prompts, player boards, the legend).

Why one sprite: drawn crisp at any size and coloured by CSS, one definition per icon. The build
puts the sprite into the page itself (``build.py``, ``inline_sprites``, which prefixes the ids),
and an icon is a copy of its symbol's drawing made once and then cloned (:func:`stamped`), not a
``<use href="#bgi-id">`` of it: WebKit builds, styles and lays out a shadow tree for every
``<use>``, and a board draws a few hundred icons. Laying the ring's pieces out afresh took WebKit
18-19 ms with copies against 23-25 ms with ``<use>`` (Chromium the same either way; measured in
the game page, docs/burgrave.md, Speed). Every icon has a name in
the page's catalogs (``burgrave.sym.<id>``): an icon standing alone carries it as its accessible
name, an icon inside a labelled group (a reward row, a card) is hidden from screen readers
because the group already says it in full.
"""

from __future__ import annotations

from collections.abc import Callable

from kingdoms_web import dom
from kingdoms_web.dom import Element, el
from kingdoms_web.i18n import get_language, t

SPRITE_PREFIX = "bgi-"
"""An icon's symbol in the page is ``bgi-<symbol>`` (``build.INLINE_SPRITES``)."""

SVG_NS = "http://www.w3.org/2000/svg"

DRAWING_ATTRIBUTES = ("viewBox", "fill", "stroke", "stroke-width", "stroke-linecap",
                      "stroke-linejoin", "overflow")
"""A symbol's attributes that its drawing inherits, carried over to the icon's ``<svg>``."""

LEGEND: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("resources", ("silver", "ink", "gold", "stone", "any-resource", "virtue", "corruption",
                   "debt", "deed", "points")),
    ("icons", ("merchant", "builder", "noble", "cleric", "criminal")),
    ("buildings", ("workshop", "trading-post", "guildhall", "spot", "lock", "link")),
    ("actions", ("trade", "build", "place-workers", "transcribe", "hire", "dismiss", "move",
                 "free-step", "flip", "destroy", "discard", "draw", "rearrange", "shuffle")),
    ("board", ("exchange", "river", "castle", "tier", "worker", "workers", "leader",
               "collision", "townsfolk", "hero", "manuscript", "hand", "deck")),
)
"""The legend's groups and the icons in each, in the order a newcomer meets them. Every
symbol of the sprite except the pawn shapes (the legend shows those with each player's name)."""

SYMBOLS: tuple[str, ...] = tuple(s for _group, symbols in LEGEND for s in symbols)

PAWN_SHAPES = ("circle", "square", "triangle", "diamond")
"""A shape per seat (``pawn-<shape>``), so players differ by more than colour."""

BUILDING_SYMBOL = {"workshop": "workshop", "trading_post": "trading-post",
                   "guildhall": "guildhall"}
"""The engine's building names (``content.BUILDINGS``) as sprite symbols."""


def symbol_name(symbol: str) -> str:
    """The translated name of a sprite symbol (``any-resource`` → "Any resource …")."""
    key = symbol.replace("-", "_")
    return t(f"burgrave.sym.{key}")


def stamped(key: tuple[object, ...], build: Callable[[], Element]) -> Element:
    """A fresh copy of a piece that never changes for ``key`` in this language (an icon, a
    reward row): built once in the bound document (:data:`kingdoms_web.dom.kept`), then
    cloned. Why: a board redraw draws hundreds of the
    same icons, and in the browser every created node and attribute is a call from Python into
    JavaScript, where one ``cloneNode`` is a single call for the whole piece."""
    full = ("bg-stamped", get_language(), *key)
    template = dom.kept.get(full)
    if template is None:
        template = dom.kept[full] = build()
    copy: Element = template.cloneNode(True)
    return copy


def icon(symbol: str, cls: str = "", label: str | None = None) -> Element:
    """``<svg>`` with ``symbol``'s drawing: decorative (hidden from screen readers) unless
    ``label`` is given, then an image with that name (``""`` asks for the symbol's own name)."""
    return stamped(("icon", symbol, cls, label), lambda: _icon(symbol, cls, label))


def _icon(symbol: str, cls: str, label: str | None) -> Element:
    svg: Element = dom.document.createElementNS(SVG_NS, "svg")
    attrs: dict[str, dom.AttrValue] = {"class": ("bg-ico " + cls).strip(),
                                       "viewBox": "0 0 24 24", "focusable": "false"}
    if label is None:
        attrs["aria-hidden"] = "true"
    else:
        attrs["role"] = "img"
        attrs["aria-label"] = label or symbol_name(symbol)
    drawing = dom.opt(dom.document.getElementById(SPRITE_PREFIX + symbol))
    if drawing is None:  # a page without the sprite (a test's document): refer to it
        dom.set_attrs(svg, attrs)
        use = dom.document.createElementNS(SVG_NS, "use")
        use.setAttribute("href", "#" + SPRITE_PREFIX + symbol)
        svg.append(use)
        return svg
    for name in DRAWING_ATTRIBUTES:
        value = dom.opt(drawing.getAttribute(name))
        if value is not None:
            attrs[name] = value
    dom.set_attrs(svg, attrs)
    parts = drawing.cloneNode(True).childNodes  # live: each append takes one out
    while int(parts.length):
        svg.append(parts.item(0))
    return svg


def amount(symbol: str, count: str | int | None = None, label: str | None = None,
           cls: str = "") -> Element:
    """An icon with its number beside it (``2 ⛁``), as one piece; labelled when ``label`` is
    given (else decorative, inside a labelled group)."""
    return stamped(("amount", symbol, count, label, cls),
                   lambda: _amount(symbol, count, label, cls))


def _amount(symbol: str, count: str | int | None, label: str | None, cls: str) -> Element:
    attrs: dict[str, dom.AttrValue] = {}
    if label is not None:
        attrs = {"role": "img", "aria-label": label or symbol_name(symbol)}
    else:
        attrs = {"aria-hidden": "true"}
    number = None if count is None or count == "" else el("span", str(count), cls="bg-amt-n")
    return el("span", number, icon(symbol), cls=f"bg-amt bg-sym-{symbol} {cls}".strip(),
              attrs=attrs)


__all__ = ["BUILDING_SYMBOL", "LEGEND", "PAWN_SHAPES", "SPRITE_PREFIX", "SYMBOLS", "amount",
           "icon", "stamped", "symbol_name"]
