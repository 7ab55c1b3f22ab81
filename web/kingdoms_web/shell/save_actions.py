"""What the saved-games list does besides opening a game: rename, delete, export, import.

Each action changes the stored list through :mod:`kingdoms_web.saves.saved_games`, then reads the
list again and asks the app to draw the page (a failed write shows ``saves.write_failed``, never
an exception). Export and import are the page's side of :mod:`kingdoms_web.saves.transfer`: the
download of a ``Blob`` and the reading of a chosen ``File``.
"""

from __future__ import annotations

import traceback
from typing import Any, Protocol

from kingdoms_web import dom
from kingdoms_web.device import new_save_id, now_ms
from kingdoms_web.dom import el
from kingdoms_web.i18n import t
from kingdoms_web.saves.saved_games import (
    delete_save,
    kept_texts,
    load_saves,
    put_save,
    rename_save,
    save_held,
)
from kingdoms_web.saves.schema import MAX_SAVES, SaveEntry, SaveList
from kingdoms_web.saves.storage import Store
from kingdoms_web.saves.transfer import (
    MAX_IMPORT_BYTES,
    ImportReport,
    canonical_code,
    export_file_name,
    export_saves,
    parse_import,
)
from kingdoms_web.shell.dialogs import ConfirmDialog, Modal, RenameDialog
from kingdoms_web.shell.home import names_text, save_heading, save_title

_DOWNLOAD_ERRORS: tuple[type[Exception], ...] = (*dom.BROWSER_ERRORS, ImportError)
"""What :func:`download` raises when it cannot: the browser refused, or this is not a browser."""


class SaveActionsOwner(Protocol):
    """What the actions need from the app: the store, the list shown and a way to redraw."""

    store: Store
    titles: dict[str, str]
    saves: SaveList
    save_error: str | None
    import_report: ImportReport | None

    def render(self, *, focus_main: bool = False) -> None: ...

    def focus(self, selector: str) -> None: ...

    def open_modal(self, modal: Modal) -> None: ...


class SaveActions:
    """The saved-games list's actions, on behalf of the app that shows the list."""

    def __init__(self, owner: SaveActionsOwner) -> None:
        self.owner = owner

    def _reload(self) -> None:
        self.owner.saves = load_saves(self.owner.store)
        self.owner.render()

    def ask_delete(self, entry: SaveEntry) -> None:
        owner = self.owner
        title = save_title(entry, owner.titles)
        players = names_text(entry.names)

        def confirmed() -> None:
            if not delete_save(owner.store, entry.save_id, now_ms()):
                owner.save_error = t("saves.write_failed")
            else:
                owner.save_error = None
                save_held(owner.store)  # the room just freed goes to a game held until now
            self._reload()
            owner.focus('[data-testid="saved-games"] h2')

        owner.open_modal(ConfirmDialog(
            lambda: t("saves.delete_title"),
            lambda: t("saves.delete_body", title=title, players=players),
            lambda: t("saves.delete_confirm"),
            confirmed,
        ))

    def ask_rename(self, entry: SaveEntry) -> None:
        owner = self.owner
        current = save_heading(entry, owner.titles)

        def renamed(label: str) -> None:
            if not rename_save(owner.store, entry.save_id, label):
                owner.save_error = t("saves.write_failed")
            else:
                owner.save_error = None
            self._reload()
            owner.focus(f'[data-testid="save-rename-{entry.save_id}"]')

        owner.open_modal(RenameDialog(current, renamed))

    def export(self) -> None:
        """Download every save as one JSON file (a Blob behind an object URL), with everything
        that could not be read or was set aside, as it is stored."""
        saves = load_saves(self.owner.store)
        kept = kept_texts(self.owner.store, saves)
        if not saves.entries and not kept:
            return
        text = export_saves(saves.entries, now_ms(), kept)
        try:
            date = str(dom.window.Date.new().toISOString())[:10]
        except dom.BROWSER_ERRORS:
            date = ""
        try:
            download(text, export_file_name(date), "application/json")
        except _DOWNLOAD_ERRORS:
            dom.log_error("Kingdoms: the export failed\n" + traceback.format_exc())
            self.owner.save_error = t("transfer.export_failed")
            self.owner.render()

    def import_file(self, files: Any) -> None:
        """Read a chosen export file (size checked first) and import each valid entry."""
        try:
            file = files.item(0) if files is not None and int(files.length) else None
        except dom.BROWSER_ERRORS:
            file = None
        if file is None:
            return
        if float(file.size) > MAX_IMPORT_BYTES:
            self.owner.import_report = ImportReport(error=t(
                "transfer.too_large", limit=MAX_IMPORT_BYTES // (1024 * 1024)))
            self.owner.render()
            return

        async def work() -> None:
            text = str(await file.text())
            self.finish_import(text)

        dom.run_async(work, "importing")

    def finish_import(self, text: str) -> None:
        """Add every valid, new entry of an export file's ``text`` and report on each."""
        owner = self.owner
        existing = {canonical_code(entry.code) for entry in load_saves(owner.store).entries}
        report = parse_import(text, existing, new_save_id, now_ms(), dom.log_error)
        kept: list[SaveEntry] = []
        problem: str | None = None
        for entry in report.entries:
            result = put_save(owner.store, entry)
            if result.ok:
                kept.append(entry)
            else:
                problem = problem or result.problem
        if problem is not None:
            owner.save_error = t(f"saves.problem.{problem}", limit=MAX_SAVES)
        report.entries = kept
        owner.import_report = report
        self._reload()
        owner.focus('[data-testid="import-report"]')


def download(text: str, file_name: str, mime_type: str) -> None:
    """Make the browser download ``text`` as ``file_name`` (a hidden link to a Blob URL, freed
    ten seconds later)."""
    from pyodide.ffi import create_once_callable, to_js

    blob = dom.window.Blob.new(to_js([text]),
                               to_js({"type": mime_type},
                                     dict_converter=dom.window.Object.fromEntries))
    url = dom.window.URL.createObjectURL(blob)
    link = el("a", attrs={"href": url, "download": file_name})
    link.hidden = True
    dom.document.body.append(link)
    link.click()
    link.remove()
    dom.window.setTimeout(create_once_callable(lambda: dom.window.URL.revokeObjectURL(url)),
                          10_000)
