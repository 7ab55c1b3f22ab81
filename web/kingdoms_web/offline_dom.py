"""A tiny DOM for CPython: the screens draw into it without a browser.

Two users: the build pre-renders the home screen with it (:mod:`kingdoms_web.shell.prerender`,
serialised by :func:`to_html`), and the page tests draw and tap every screen with it (the
``fake_dom`` fixture in ``tests/web/conftest.py`` installs it as ``dom.document``).

It covers what ``kingdoms_web.dom`` and the screens use: elements with attributes, classes,
``hidden``/``disabled`` reflected as attributes, text nodes, ``cloneNode``, event listeners
(``click()`` fires them) and ``querySelector(All)`` for tag names, ``[attr]``, ``[attr="v"]``,
``[attr^="v"]``, ``.class`` and ``:not(...)``; ``matches``.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any


class OfflineClassList:
    """``element.classList`` over the node's ``className`` string."""

    def __init__(self, node: OfflineNode) -> None:
        self.node = node

    def _names(self) -> list[str]:
        return self.node.className.split()

    def contains(self, name: str) -> bool:
        return name in self._names()

    def add(self, name: str) -> None:
        if not self.contains(name):
            self.node.className = " ".join([*self._names(), name])

    def remove(self, name: str) -> None:
        self.node.className = " ".join(n for n in self._names() if n != name)

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else force
        if on:
            self.add(name)
        else:
            self.remove(name)
        return on


class OfflineStyle(SimpleNamespace):
    """``element.style``: properties as attributes; custom properties (``--from-x``) through
    ``setProperty``/``getPropertyValue`` like the browser's."""

    def setProperty(self, name: str, value: str) -> None:
        setattr(self, name, str(value))

    def getPropertyValue(self, name: str) -> str:
        return str(getattr(self, name, ""))


class OfflineEvent:
    """The event a listener receives (``target``, ``detail``, propagation and default)."""

    def __init__(self, target: OfflineNode, detail: int = 1, key: str = "") -> None:
        self.target = target
        self.detail = detail
        self.key = key
        self.stopped = False
        self.defaultPrevented = False

    def stopPropagation(self) -> None:
        self.stopped = True

    def preventDefault(self) -> None:
        self.defaultPrevented = True


class OfflineNode:
    def __init__(self, doc: OfflineDocument, tag: str, text: str | None = None) -> None:
        self.doc = doc
        self.tagName = tag.upper()
        self.attrs: dict[str, str] = {}
        self.children: list[OfflineNode] = []
        self.parent: OfflineNode | None = None
        self.text = text
        self.className = ""
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.capturing: dict[str, list[Callable[[Any], Any]]] = {}
        self.open = False

    # Made on first use: most nodes of a drawn board never touch either.
    @property
    def style(self) -> OfflineStyle:
        style: OfflineStyle | None = self.__dict__.get("_style")
        if style is None:
            style = self.__dict__["_style"] = OfflineStyle()
        return style

    @style.setter
    def style(self, value: OfflineStyle) -> None:
        self.__dict__["_style"] = value

    @property
    def dataset(self) -> SimpleNamespace:
        data: SimpleNamespace | None = self.__dict__.get("_dataset")
        if data is None:
            data = self.__dict__["_dataset"] = SimpleNamespace()
        return data

    # tree
    def append(self, child: OfflineNode) -> None:
        if child.parent is not None:
            child.parent.children.remove(child)
        child.parent = self
        self.children.append(child)

    def insertBefore(self, child: OfflineNode, before: OfflineNode) -> OfflineNode:
        if child.parent is not None:
            child.parent.children.remove(child)
        child.parent = self
        self.children.insert(self.children.index(before), child)
        return child

    def isSameNode(self, other: OfflineNode | None) -> bool:
        return self is other

    @property
    def childNodes(self) -> _LiveChildren:
        """The children, live like the browser's (it follows later changes)."""
        return _LiveChildren(self)

    def replaceChildren(self) -> None:
        for child in self.children:
            child.parent = None
        self.children = []

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def cloneNode(self, deep: bool = False) -> OfflineNode:
        """A copy without listeners (like the browser's), with copies of the children if
        ``deep``."""
        copy = OfflineNode(self.doc, self.tagName, self.text)
        copy.attrs = dict(self.attrs)
        copy.className = self.className
        if "_style" in self.__dict__:
            copy.style = OfflineStyle(**vars(self.style))
        if deep:
            copy.children = [child.cloneNode(True) for child in self.children]
            for child in copy.children:
                child.parent = copy
        return copy

    @property
    def parentNode(self) -> OfflineNode | None:
        return self.parent

    @property
    def isConnected(self) -> bool:
        node: OfflineNode | None = self
        while node is not None:
            if node is self.doc.body:
                return True
            node = node.parent
        return False

    @property
    def textContent(self) -> str:
        if self.text is not None:
            return self.text
        return "".join(c.textContent for c in self.children)

    @textContent.setter
    def textContent(self, value: str) -> None:
        self.replaceChildren()
        self.append(OfflineNode(self.doc, "#text", value))

    # attributes
    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = str(value)

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    @property
    def classList(self) -> OfflineClassList:
        return OfflineClassList(self)

    def _flag(self, name: str, on: bool) -> None:
        if on:
            self.attrs[name] = ""
        else:
            self.attrs.pop(name, None)

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attrs

    @hidden.setter
    def hidden(self, on: bool) -> None:
        self._flag("hidden", bool(on))

    @property
    def disabled(self) -> bool:
        return "disabled" in self.attrs

    @disabled.setter
    def disabled(self, on: bool) -> None:
        self._flag("disabled", bool(on))

    # events
    def addEventListener(self, event: str, handler: Callable[[Any], Any],
                         capture: bool = False) -> None:
        (self.capturing if capture else self.listeners).setdefault(event, []).append(handler)

    def removeEventListener(self, event: str, handler: Callable[[Any], Any],
                            capture: bool = False) -> None:
        found = self.capturing if capture else self.listeners
        if handler in found.get(event, []):
            found[event].remove(handler)

    def click(self, detail: int = 1) -> None:
        """Dispatch a click as the browser does: capture listeners from the top down, then the
        target's and (bubbling) its ancestors' — until one stops the propagation."""
        event = OfflineEvent(self, detail)
        path: list[OfflineNode] = []
        node: OfflineNode | None = self
        while node is not None:
            path.append(node)
            node = node.parent
        for node in reversed(path[1:]):
            for handler in list(node.capturing.get("click", [])):
                handler(event)
            if event.stopped:
                return
        for node in path:
            handlers = node.listeners.get("click", [])
            if node is self:
                handlers = node.capturing.get("click", []) + handlers
            for handler in list(handlers):
                handler(event)
            if event.stopped:
                return

    def dispatch(self, kind: str) -> OfflineEvent:
        """Dispatch a ``kind`` event (``pointerdown`` …) at this node as the browser does: the
        document's capture listeners, the ancestors' from the top down, the target's and its
        ancestors' bubbling ones, then the document's."""
        event = OfflineEvent(self, 0)
        path: list[OfflineNode] = []
        node: OfflineNode | None = self
        while node is not None:
            path.append(node)
            node = node.parent
        stages = [self.doc.capturing.get(kind, [])]
        stages += [node.capturing.get(kind, []) for node in reversed(path[1:])]
        stages += [node.listeners.get(kind, []) + (node.capturing.get(kind, [])
                                                   if node is self else []) for node in path]
        stages.append(self.doc.listeners.get(kind, []))
        for handlers in stages:
            for handler in list(handlers):
                handler(event)
            if event.stopped:
                break
        return event

    def press(self, key: str) -> OfflineEvent:
        """Dispatch a ``keydown`` of ``key`` at this node, bubbling to the document (a key's
        default action, e.g. Enter clicking a button, is the caller's to play)."""
        event = OfflineEvent(self, 0, key)
        for handler in list(self.doc.capturing.get("keydown", [])):
            handler(event)
        node: OfflineNode | None = self
        while node is not None and not event.stopped:
            for handler in list(node.listeners.get("keydown", [])):
                handler(event)
            node = node.parent
        if not event.stopped:
            for handler in list(self.doc.listeners.get("keydown", [])):
                handler(event)
        return event

    def contains(self, other: OfflineNode | None) -> bool:
        node = other
        while node is not None:
            if node is self:
                return True
            node = node.parent
        return False

    def focus(self) -> None:
        self.doc.activeElement = self

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False
        for handler in list(self.listeners.get("close", [])):
            handler(None)

    # queries
    def walk(self) -> Iterator[OfflineNode]:
        """Every element below this one, in document order (a loop over a stack, not
        recursive generators: the screen tests query boards of a thousand nodes per tap)."""
        stack = self.children[::-1]
        while stack:
            node = stack.pop()
            if node.tagName != "#TEXT":
                yield node
                if node.children:
                    stack.extend(node.children[::-1])

    def querySelectorAll(self, selector: str) -> OfflineNodeList:
        return OfflineNodeList(n for n in self.walk() if _matches(n, selector))

    def querySelector(self, selector: str) -> OfflineNode | None:
        return next((n for n in self.walk() if _matches(n, selector)), None)

    def matches(self, selector: str) -> bool:
        return _matches(self, selector)

    @property
    def parentElement(self) -> OfflineNode | None:
        return self.parent

    def by_testid(self, testid: str) -> OfflineNode | None:
        return self.querySelector(f'[data-testid="{testid}"]')


class _LiveChildren:
    """A node's ``childNodes``: always its children as they are now."""

    def __init__(self, node: OfflineNode) -> None:
        self._node = node

    @property
    def length(self) -> int:
        return len(self._node.children)

    def item(self, index: int) -> OfflineNode | None:
        children = self._node.children
        return children[index] if 0 <= index < len(children) else None


class OfflineNodeList(list[OfflineNode]):
    """What ``querySelectorAll`` returns: a list that also answers like a browser's NodeList."""

    @property
    def length(self) -> int:
        return len(self)

    def item(self, index: int) -> OfflineNode:
        return self[index]


_ATTR = re.compile(r'\[([\w-]+)(?:(\^?=)"([^"]*)")?\]')


Tests = tuple[tuple[Callable[[OfflineNode], bool], ...],
              dict[str, tuple[Callable[[OfflineNode], bool], ...]]]
"""A selector's compiled parts: those any node may match, and those only a node with a given
attribute may match (by that attribute)."""


@functools.cache
def _tests(selector: str) -> Tests:
    """One test per comma-separated part of ``selector`` (compiled once per selector), sorted
    by an attribute the part requires: a board's help topics are some forty parts, nearly all
    ``[data-testid^=…]``, and most nodes have no test id, so they are tried against few."""
    free: list[Callable[[OfflineNode], bool]] = []
    by_attr: dict[str, list[Callable[[OfflineNode], bool]]] = {}
    for part in (part.strip() for part in selector.split(",")):
        needed = _ATTR.findall(re.sub(r":not\([^)]*\)", "", part))
        test = _compile(part)
        if needed:
            by_attr.setdefault(needed[0][0], []).append(test)
        else:
            free.append(test)
    return tuple(free), {attr: tuple(tests) for attr, tests in by_attr.items()}


def _matches(node: OfflineNode, selector: str) -> bool:
    free, by_attr = _tests(selector)
    for test in free:
        if test(node):
            return True
    for attr, tests in by_attr.items():
        if attr in node.attrs:
            for test in tests:
                if test(node):
                    return True
    return False


def _compile(selector: str) -> Callable[[OfflineNode], bool]:
    negate = tuple(_compile(n) for n in re.findall(r":not\(([^)]*)\)", selector))
    selector = re.sub(r":not\([^)]*\)", "", selector)
    found = re.match(r"^[a-zA-Z][a-zA-Z0-9]*", selector)
    tag = found.group(0).upper() if found else ""
    attrs = _ATTR.findall(selector)
    classes = re.findall(r"\.([\w-]+)", _ATTR.sub("", selector))

    def test(node: OfflineNode) -> bool:
        if tag and node.tagName != tag:
            return False
        if any(name not in node.className.split() for name in classes):
            return False
        for name, op, value in attrs:
            have = node.attrs.get(name)
            if have is None or (op == "=" and have != value) or (
                    op == "^=" and not have.startswith(value)):
                return False
        return not any(test(node) for test in negate)

    return test


class OfflineDocument:
    def __init__(self) -> None:
        self.documentElement = OfflineNode(self, "html")
        self.body = OfflineNode(self, "body")
        self.documentElement.append(self.body)
        self.activeElement: OfflineNode | None = None
        self.title = ""
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.capturing: dict[str, list[Callable[[Any], Any]]] = {}

    def addEventListener(self, event: str, handler: Callable[[Any], Any],
                         capture: bool = False) -> None:
        (self.capturing if capture else self.listeners).setdefault(event, []).append(handler)

    def removeEventListener(self, event: str, handler: Callable[[Any], Any],
                            capture: bool = False) -> None:
        found = self.capturing if capture else self.listeners
        if handler in found.get(event, []):
            found[event].remove(handler)

    def createElement(self, tag: str) -> OfflineNode:
        return OfflineNode(self, tag)

    def createElementNS(self, _ns: str, tag: str) -> OfflineNode:
        return OfflineNode(self, tag)

    def createTextNode(self, text: str) -> OfflineNode:
        return OfflineNode(self, "#text", text)

    def querySelector(self, selector: str) -> OfflineNode | None:
        return self.body.querySelector(selector)

    def querySelectorAll(self, selector: str) -> OfflineNodeList:
        return self.body.querySelectorAll(selector)

    def getElementById(self, element_id: str) -> OfflineNode | None:
        return self.body.querySelector(f'[id="{element_id}"]')


VOID_TAGS = frozenset({"AREA", "BASE", "BR", "COL", "EMBED", "HR", "IMG", "INPUT", "LINK", "META",
                       "SOURCE", "TRACK", "WBR"})
"""HTML elements that have no end tag."""


def to_html(node: OfflineNode) -> str:
    """``node`` as HTML (its ``outerHTML``): every text and attribute value escaped, so user text
    can never become markup here either; DOM properties that the browser reflects
    (``className``, ``dataset``, a textarea's ``value``) are written as what they reflect."""
    if node.tagName == "#TEXT":
        return html.escape(node.text or "", quote=False)
    tag = node.tagName.lower()
    attrs = dict(node.attrs)
    if node.className:
        attrs["class"] = node.className
    for name, value in vars(node.dataset).items():
        attrs["data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)] = str(value)
    opening = "".join(
        f" {name}" if value == "" and name in ("hidden", "disabled") else
        f' {name}="{html.escape(value, quote=True)}"' for name, value in attrs.items())
    if node.tagName in VOID_TAGS:
        return f"<{tag}{opening}>"
    inner = "".join(to_html(child) for child in node.children)
    value = getattr(node, "value", None)
    if node.tagName == "TEXTAREA" and value:
        inner = html.escape(str(value), quote=False)
    return f"<{tag}{opening}>{inner}</{tag}>"

