"""Modal dialogs: the shared frame, the confirmation and rename dialogs (the new-game dialog is
in :mod:`kingdoms_web.shell.new_game`).

Why the native ``<dialog>`` with ``showModal()``: the browser then traps focus, closes on Escape,
makes the rest of the page inert for screen readers and exposes ``role=dialog``; a hand-made
overlay would have to redo all of that and usually gets some of it wrong.

The setup rules (seat counts, name cleaning and validation) are pure functions at the top so they
can be tested without a browser.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from kingdoms.core.names import clean_name as _engine_clean_name
from kingdoms.core.names import name_problem
from kingdoms.core.protocol import MAX_NAME_LENGTH, GameInfo
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import game_title, t
from kingdoms_web.saves.schema import MAX_LABEL_CODE_POINTS, clean_label

# --------------------------------------------------------------------------- pure setup rules


def default_name(number: int) -> str:
    """The suggested name of seat ``number`` (1-based)."""
    return t("new.default_name", number=number)


def clean_name(raw: str) -> str:
    """A name as it will be stored: the engine's cleaning (controls and direction overrides
    dropped, spaces collapsed, emoji sequences kept whole), the same for every way in.

    >>> clean_name("  Ada \\t Lovelace\\u0000 ")
    'Ada Lovelace'
    """
    return _engine_clean_name(raw)


def resize_names(names: Sequence[str], count: int) -> list[str]:
    """``names`` cut or padded with default names to ``count`` entries (typed names are kept)."""
    result = list(names[:count])
    result += [default_name(i + 1) for i in range(len(result), count)]
    return result


def validate_setup(info: GameInfo, names: Sequence[str]) -> list[str]:
    """Every problem with starting ``info`` with these (raw) names, translated; [] when fine.

    >>> from kingdoms.core.protocol import GameInfo
    >>> g = GameInfo(game_id="x", title="X", min_seats=2, max_seats=3, rules_version=1,
    ...              hidden_information=False)
    >>> validate_setup(g, ["Ada", " ada "])
    ['Players 1 and 2 have the same name.']
    """
    title = game_title(info.game_id, info.title)
    errors: list[str] = []
    if not info.available:
        errors.append(t("new.coming_soon", title=title))
    if not info.min_seats <= len(names) <= info.max_seats:
        errors.append(t("new.seats_out_of_range", title=title, low=info.min_seats,
                        high=info.max_seats))
    cleaned = [clean_name(n) for n in names]
    for number, name in enumerate(cleaned, start=1):
        if not name:
            errors.append(t("new.name_empty", number=number))
        elif name_problem(name) == "too_long":  # counted in graphemes: 👨‍👩‍👧‍👦 is one
            errors.append(t("new.name_too_long", number=number, limit=MAX_NAME_LENGTH))
    for (i, a), (j, b) in itertools.combinations(enumerate(cleaned, start=1), 2):
        if a and a.casefold() == b.casefold():
            errors.append(t("new.name_duplicate", first=i, second=j))
    return errors


# --------------------------------------------------------------------------- the modal frame

_ids = itertools.count(1)


class Modal(ABC):
    """A native modal ``<dialog>`` with a heading; subclasses fill :meth:`build_body`.

    The dialog re-renders itself on :meth:`refresh` (e.g. after a language change) and gives focus
    back to the control that opened it when it closes.
    """

    testid = "dialog"

    def __init__(self, on_closed: Callable[[Modal], None] | None = None) -> None:
        self.scope = Scope()
        self.on_closed = on_closed
        self.heading_id = f"dialog-heading-{next(_ids)}"
        self.node: Element | None = None
        self._return_testid: str | None = None
        self._return_node: Element | None = None

    @abstractmethod
    def title(self) -> str:
        """The dialog's heading (also its accessible name)."""

    @abstractmethod
    def build_body(self, scope: Scope) -> list[Any]:
        """The dialog's content; handlers bound through ``scope`` live until the next render."""

    def _render(self) -> None:
        self.scope.dispose()
        node = dom.present(self.node)
        dom.clear(node)
        dom.append(node, [
            el("h2", self.title(), cls="modal-title", attrs={"id": self.heading_id}),
            *self.build_body(self.scope),
        ])

    def open(self) -> None:
        active = dom.opt(dom.document.activeElement)
        self._return_node = active
        self._return_testid = None
        if active is not None and hasattr(active, "getAttribute"):
            self._return_testid = dom.opt(active.getAttribute("data-testid"))
        self.node = el("dialog", cls="modal", testid=self.testid,
                       attrs={"aria-labelledby": self.heading_id})
        self._render()
        close_scope = Scope()
        close_scope.on(self.node, "close", lambda _e: self._closed(close_scope))
        dom.document.body.append(self.node)
        self.node.showModal()
        self.focus_first()

    def focus_first(self) -> None:
        """Focus the first field (or the first button), like a native dialog would."""
        target = dom.query("input, select, textarea", self.node)
        if target is None:
            target = dom.query("button:not([disabled])", self.node)
        if target is not None:
            target.focus()

    def refresh(self) -> None:
        if self.node is not None and self.node.open:
            self._render()

    def close(self) -> None:
        if self.node is not None and self.node.open:
            self.node.close()

    def _closed(self, close_scope: Scope) -> None:
        self.scope.dispose()
        node, self.node = self.node, None
        if node is not None:
            node.remove()
        close_scope.dispose()
        self._restore_focus()
        if self.on_closed is not None:
            self.on_closed(self)

    def _restore_focus(self) -> None:
        target = self._return_node
        if target is None or not target.isConnected:
            target = None
            if self._return_testid:
                target = dom.query(f'[data-testid="{self._return_testid}"]')
        if target is not None:
            target.focus()


def button(
    scope: Scope, label: str, handler: Callable[[Any], Any], *, testid: str | None = None,
    cls: str = "btn", kind: str = "button", disabled: bool = False, aria_label: str | None = None,
    icon: str | None = None,
) -> Element:
    """A ``<button>`` with a visible text label (its accessible name) and a click handler."""
    node = el("button", dom.icon(icon) if icon else None, el("span", label), cls=cls,
              testid=testid, attrs={"type": kind, "disabled": disabled, "aria-label": aria_label})
    scope.on(node, "click", handler)
    return node


# --------------------------------------------------------------------------- confirm


class ConfirmDialog(Modal):
    """Ask before something that cannot be undone (deleting a save)."""

    testid = "confirm-dialog"

    def __init__(
        self,
        title_text: Callable[[], str],
        body_text: Callable[[], str],
        confirm_label: Callable[[], str],
        on_confirm: Callable[[], None],
        on_closed: Callable[[Modal], None] | None = None,
    ) -> None:
        super().__init__(on_closed)
        self._title_text = title_text
        self._body_text = body_text
        self._confirm_label = confirm_label
        self._on_confirm = on_confirm

    def title(self) -> str:
        return self._title_text()

    def build_body(self, scope: Scope) -> list[Any]:
        def confirm(_event: Any) -> None:
            self.close()
            self._on_confirm()

        return [
            el("p", self._body_text()),
            el("div",
               button(scope, t("app.cancel"), lambda _e: self.close(), testid="confirm-cancel"),
               button(scope, self._confirm_label(), confirm, testid="confirm-ok",
                      cls="btn btn-danger"),
               cls="actions"),
        ]

    def focus_first(self) -> None:
        """Cancel gets focus: the safe choice for a destructive question."""
        target = dom.query('[data-testid="confirm-cancel"]', self.node)
        if target is not None:
            target.focus()


# --------------------------------------------------------------------------- rename


class RenameDialog(Modal):
    """Name a saved game (an empty name shows the game's title again)."""

    testid = "rename-dialog"

    def __init__(self, current: str, on_save: Callable[[str], None],
                 on_closed: Callable[[Modal], None] | None = None) -> None:
        super().__init__(on_closed)
        self.current = current
        self.on_save = on_save

    def title(self) -> str:
        return t("saves.rename_title")

    def build_body(self, scope: Scope) -> list[Any]:
        name_field = el("input", cls="field", testid="rename-input", attrs={
            "id": "rename-input", "type": "text", "maxlength": 2 * MAX_LABEL_CODE_POINTS,
            "autocomplete": "off", "spellcheck": "false"}, props={"value": self.current})

        def submit(event: Any) -> None:
            event.preventDefault()
            label = clean_label(str(name_field.value))
            self.close()
            self.on_save(label)

        form = el("form",
                  el("label", t("saves.rename_label"), attrs={"for": "rename-input"}),
                  name_field,
                  el("div",
                     button(scope, t("app.cancel"), lambda _e: self.close(),
                            testid="rename-cancel"),
                     button(scope, t("saves.rename_save"), lambda _e: None, testid="rename-save",
                            cls="btn btn-primary", kind="submit"),
                     cls="actions"),
                  attrs={"novalidate": True})
        scope.on(form, "submit", submit)
        return [form]
