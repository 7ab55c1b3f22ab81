"""A tiny fake DOM, enough for the game screens to draw and be tapped on CPython.

It covers what ``kingdoms_web.dom`` and the screens use: elements with attributes, classes,
``hidden``/``disabled`` reflected as attributes, text nodes, ``cloneNode``, event listeners
(``click()`` fires them) and ``querySelector(All)`` for tag names, ``[attr]``, ``[attr="v"]``,
``[attr^="v"]`` and ``:not(...)``. The ``fake_dom`` fixture (``tests/web/conftest.py``) installs
it as ``dom.document``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any


class FakeClassList:
    """``element.classList`` over the node's ``className`` string."""

    def __init__(self, node: FakeNode) -> None:
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


class FakeNode:
    def __init__(self, doc: FakeDocument, tag: str, text: str | None = None) -> None:
        self.doc = doc
        self.tagName = tag.upper()
        self.attrs: dict[str, str] = {}
        self.children: list[FakeNode] = []
        self.parent: FakeNode | None = None
        self.text = text
        self.className = ""
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self.open = False
        self.style = SimpleNamespace()
        self.dataset = SimpleNamespace()

    # tree
    def append(self, child: FakeNode) -> None:
        if child.parent is not None:
            child.parent.children.remove(child)
        child.parent = self
        self.children.append(child)

    def replaceChildren(self) -> None:
        for child in self.children:
            child.parent = None
        self.children = []

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def cloneNode(self, deep: bool = False) -> FakeNode:
        """A copy without listeners (like the browser's), with copies of the children if
        ``deep``."""
        copy = FakeNode(self.doc, self.tagName, self.text)
        copy.tagName = self.tagName
        copy.attrs = dict(self.attrs)
        copy.className = self.className
        copy.style = SimpleNamespace(**vars(self.style))
        if deep:
            for child in self.children:
                copy.append(child.cloneNode(True))
        return copy

    @property
    def parentNode(self) -> FakeNode | None:
        return self.parent

    @property
    def isConnected(self) -> bool:
        node: FakeNode | None = self
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
        self.append(FakeNode(self.doc, "#text", value))

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
    def classList(self) -> FakeClassList:
        return FakeClassList(self)

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
    def addEventListener(self, event: str, handler: Callable[[Any], Any]) -> None:
        self.listeners.setdefault(event, []).append(handler)

    def removeEventListener(self, event: str, handler: Callable[[Any], Any]) -> None:
        if handler in self.listeners.get(event, []):
            self.listeners[event].remove(handler)

    def click(self, detail: int = 1) -> None:
        event = type("Event", (), {"detail": detail})()
        for handler in list(self.listeners.get("click", [])):
            handler(event)

    def focus(self) -> None:
        self.doc.activeElement = self

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False
        for handler in list(self.listeners.get("close", [])):
            handler(None)

    # queries
    def walk(self) -> Iterator[FakeNode]:
        for child in self.children:
            if child.tagName != "#TEXT":
                yield child
                yield from child.walk()

    def querySelectorAll(self, selector: str) -> list[FakeNode]:
        tests = [_compile(part.strip()) for part in selector.split(",")]
        return [n for n in self.walk() if any(test(n) for test in tests)]

    def querySelector(self, selector: str) -> FakeNode | None:
        found = self.querySelectorAll(selector)
        return found[0] if found else None

    def by_testid(self, testid: str) -> FakeNode | None:
        return self.querySelector(f'[data-testid="{testid}"]')


_ATTR = re.compile(r'\[([\w-]+)(?:(\^?=)"([^"]*)")?\]')


def _compile(selector: str) -> Callable[[FakeNode], bool]:
    negate = re.findall(r":not\(([^)]*)\)", selector)
    selector = re.sub(r":not\([^)]*\)", "", selector)
    tag = re.match(r"^[a-zA-Z][a-zA-Z0-9]*", selector)
    attrs = _ATTR.findall(selector)

    def test(node: FakeNode) -> bool:
        if tag and node.tagName != tag.group(0).upper():
            return False
        for name, op, value in attrs:
            have = node.attrs.get(name)
            if have is None or (op == "=" and have != value) or (
                    op == "^=" and not have.startswith(value)):
                return False
        return not any(_compile(n)(node) for n in negate)

    return test


class FakeDocument:
    def __init__(self) -> None:
        self.body = FakeNode(self, "body")
        self.activeElement: FakeNode | None = None

    def createElement(self, tag: str) -> FakeNode:
        return FakeNode(self, tag)

    def createElementNS(self, _ns: str, tag: str) -> FakeNode:
        return FakeNode(self, tag)

    def createTextNode(self, text: str) -> FakeNode:
        return FakeNode(self, "#text", text)

    def querySelector(self, selector: str) -> FakeNode | None:
        return self.body.querySelector(selector)
