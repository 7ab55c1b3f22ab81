"""The settings dialog (language for now; sound, animations etc. later).

A language change takes effect at once: the app switches :func:`~kingdoms_web.i18n.t`'s catalog,
stores the choice and re-renders the screen and this dialog, so nothing needs a reload.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kingdoms_web import dom
from kingdoms_web.dom import Scope, el
from kingdoms_web.i18n import available_languages, get_language, t
from kingdoms_web.shell.dialogs import Modal, button


class SettingsDialog(Modal):
    """Language select plus a close button; ``on_language(code) -> stored?`` does the work."""

    testid = "settings-dialog"

    def __init__(
        self,
        on_language: Callable[[str], bool],
        storage_ok: Callable[[], bool],
        on_closed: Callable[[Modal], None] | None = None,
    ) -> None:
        super().__init__(on_closed)
        self.on_language = on_language
        self.storage_ok = storage_ok
        self._message = ""

    def title(self) -> str:
        return t("settings.title")

    def build_body(self, scope: Scope) -> list[Any]:
        select = el("select", cls="field", testid="language-select",
                    attrs={"id": "language-select", "name": "language",
                           "aria-describedby": "language-hint"})
        for code, name in available_languages():
            dom.append(select, [el("option", name, attrs={"value": code, "lang": code})])
        select.value = get_language()
        scope.on(select, "change", self._changed)
        hint = t("settings.language_hint")
        if not self.storage_ok():
            hint = hint + " " + t("settings.not_saved")
        return [
            el("div", el("label", t("settings.language"), attrs={"for": "language-select"}),
               select, cls="field-row"),
            el("p", hint, cls="note", attrs={"id": "language-hint"}),
            el("p", self._message, cls="note", testid="settings-status",
               attrs={"role": "status"}),
            el("div", button(scope, t("app.close"), lambda _e: self.close(),
                             testid="settings-close", cls="btn btn-primary"), cls="actions"),
        ]

    def _changed(self, event: Any) -> None:
        stored = self.on_language(str(event.target.value))
        self._message = t("settings.saved") if stored else t("settings.not_saved")
        # The app re-rendered everything (this dialog too); keep the keyboard where it was.
        if self.node is not None:
            status = dom.query('[data-testid="settings-status"]', self.node)
            if status is not None:
                dom.set_text(status, self._message)
            again = dom.query('[data-testid="language-select"]', self.node)
            if again is not None:
                again.focus()
