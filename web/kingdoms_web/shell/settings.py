"""The settings dialog: language, the first-game tips, keeping saved games on this device,
installing the app.

A language change takes effect at once: the app switches :func:`~kingdoms_web.i18n.t`'s catalog,
stores the choice and re-renders the screen and this dialog, so nothing needs a reload.

"Keep my saved games" asks the browser not to evict this site's storage when space runs low
(``navigator.storage.persist()``; the app also asks once after the first finished game). The
install section offers the browser's own install prompt where there is one, and where there is
none on iPad and iPhone it says how: Share, then "Add to Home Screen".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kingdoms_web import dom
from kingdoms_web.device import apple_mobile, boot_call, boot_flag, standalone, storage_persisted
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.i18n import available_languages, game_title, get_language, join_sentences, t
from kingdoms_web.learn.keyboard import keyboard_section
from kingdoms_web.play.coach import ENABLED_SETTING, SEEN_SETTING, Settings, guide_enabled
from kingdoms_web.play.sound import SOUND_SETTING, play
from kingdoms_web.shell.dialogs import Modal, button


def install_text(can_prompt: bool, apple: bool, installed: bool) -> str | None:
    """What the install section says (None when it offers the browser's prompt instead).

    >>> install_text(False, True, False).startswith("On iPad or iPhone")
    True
    """
    if installed:
        return t("settings.installed")
    if can_prompt:
        return None
    if apple:
        return t("settings.install_apple")
    return t("settings.install_other")


class SettingsDialog(Modal):
    """Language select, storage persistence and install. ``on_language(code, told)`` switches
    the language (fetching its words first if needed) and calls ``told`` with what to say."""

    testid = "settings-dialog"

    def __init__(
        self,
        on_language: Callable[[str, Callable[[str], None]], None],
        storage_ok: Callable[[], bool],
        on_closed: Callable[[Modal], None] | None = None,
        on_persist: Callable[[], None] | None = None,
        settings: Settings | None = None,
    ) -> None:
        super().__init__(on_closed)
        self.settings = settings
        """Stored page settings (the guided first game's switch); None: no guide section."""
        self.on_language = on_language
        self.storage_ok = storage_ok
        self.on_persist = on_persist
        self._message = ""
        self._persisted: bool | None = None
        self._checked = False

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
            hint = join_sentences([hint, t("settings.not_saved")])
        return [
            el("div", el("label", t("settings.language"), attrs={"for": "language-select"}),
               select, cls="field-row"),
            el("p", hint, cls="note", attrs={"id": "language-hint"}),
            el("p", self._message, cls="note", testid="settings-status",
               attrs={"role": "status"}),
            self._play_section(scope),
            self._keep_section(scope),
            self._install_section(scope),
            el("details", el("summary", t("keys.title"), cls="keys-summary"),
               keyboard_section([(game_title(ui.game_id, ui.game_id), ui.keys.shortcuts)
                                 for ui in GAME_UIS.values()], "settings-keys", heading=None),
               cls="settings-section", testid="keys-details"),
            el("div", button(scope, t("app.close"), lambda _e: self.close(),
                             testid="settings-close", cls="btn btn-primary"), cls="actions"),
        ]

    # ------------------------------------------------------------------ sound and first-game tips

    def _play_section(self, scope: Scope) -> Element | None:
        settings = self.settings
        if settings is None:
            return None
        on = guide_enabled(settings)

        def toggle(_event: Any) -> None:
            settings.set_setting(ENABLED_SETTING, not on)
            self.refresh()

        def again(_event: Any) -> None:
            settings.set_setting(SEEN_SETTING, {})
            settings.set_setting(ENABLED_SETTING, True)
            self._message = t("settings.guide_reset_done")
            self.refresh()

        switch = button(scope, t("settings.guide_on") if on else t("settings.guide_off"), toggle,
                        testid="guide-toggle", cls="btn")
        switch.setAttribute("aria-pressed", "true" if on else "false")
        sound_on = settings.get_setting(SOUND_SETTING, False) is True

        def toggle_sound(_event: Any) -> None:
            settings.set_setting(SOUND_SETTING, not sound_on)
            if not sound_on:
                play("dice")  # a sample, and the tap that browsers want before audio
            self.refresh()

        noise = button(scope, t("settings.sound_on") if sound_on else t("settings.sound_off"),
                       toggle_sound, testid="sound-toggle", cls="btn")
        noise.setAttribute("aria-pressed", "true" if sound_on else "false")
        return el("section",
                  el("h3", t("settings.sound_heading")),
                  el("div", noise, cls="section-actions"),
                  el("h3", t("settings.guide_heading")),
                  el("p", t("settings.guide_hint"), cls="note"),
                  el("div", switch,
                     button(scope, t("settings.guide_reset"), again, testid="guide-reset",
                            cls="btn btn-quiet"), cls="section-actions"),
                  cls="settings-section", testid="guide-section")

    # ------------------------------------------------------------------ keep saved games

    def _persist_text(self) -> str:
        if self._persisted is True:
            return t("settings.persisted")
        if self._persisted is False:
            return t("settings.not_persisted")
        return t("settings.persist_unknown")

    def _keep_section(self, scope: Scope) -> Element:
        if not self._checked:
            self._checked = True
            dom.run_async(self._check_persisted, "checking storage persistence")
        ask = None
        if self.on_persist is not None and self.storage_ok() and self._persisted is not True:
            ask = button(scope, t("settings.persist"), lambda _e: self._ask(),
                         testid="persist-ask", cls="btn")
        return el("section",
                  el("h3", t("settings.keep_heading")),
                  el("p", self._persist_text(), cls="note", testid="persist-status",
                     attrs={"role": "status"}),
                  ask, cls="settings-section", testid="keep-section")

    async def _check_persisted(self) -> None:
        self._persisted = await storage_persisted()
        self._show_persisted()

    def _show_persisted(self) -> None:
        if self.node is None:
            return
        status = dom.query('[data-testid="persist-status"]', self.node)
        if status is not None:
            dom.set_text(status, self._persist_text())
        ask = dom.query('[data-testid="persist-ask"]', self.node)
        if ask is not None and self._persisted is True:
            ask.hidden = True

    def _ask(self) -> None:
        if self.on_persist is not None:
            self.on_persist()

        async def later() -> None:
            import asyncio

            await asyncio.sleep(0.3)
            await self._check_persisted()

        dom.run_async(later, "checking storage persistence")

    # ------------------------------------------------------------------ install

    def _install_section(self, scope: Scope) -> Element:
        can_prompt = boot_flag("canInstall")
        text = install_text(can_prompt, apple_mobile(), standalone())
        action = None
        if text is None:
            action = button(scope, t("settings.install"), lambda _e: boot_call("promptInstall"),
                            testid="install-app", cls="btn")
        return el("section",
                  el("h3", t("settings.install_heading")),
                  el("p", text, cls="note", testid="install-hint") if text else None,
                  action, cls="settings-section", testid="install-section")

    # ------------------------------------------------------------------ language

    def _changed(self, event: Any) -> None:
        self.on_language(str(event.target.value), self._told)

    def _told(self, message: str) -> None:
        """Say how the language change went (now, or once its words arrived)."""
        self._message = message
        # The app may have re-rendered everything (this dialog too); keep the keyboard where it
        # was, and show the language in use (the old one while, or if, the new cannot load).
        if self.node is not None:
            status = dom.query('[data-testid="settings-status"]', self.node)
            if status is not None:
                dom.set_text(status, self._message)
            again = dom.query('[data-testid="language-select"]', self.node)
            if again is not None:
                again.value = get_language()
                again.focus()
