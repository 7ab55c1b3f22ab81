"""Exporting every saved game to a file and importing such a file back.

The file is JSON: ``{"format": "kingdoms-saves", "version": 1, "exported": <ms>, "saves":
[{"label", "game", "names", "code", "updated", "created"}, ...], "kept": [{"name", "reason",
"key", "text"}, ...]}``; ``kept`` is everything this device could not read or had set aside,
text for text (nothing is lost by exporting and resetting). Only the share ``code`` is trusted
to describe a game, and only after :func:`kingdoms_web.saves.opening.open_code` has decoded and
replayed it; the other fields are display hints and are recomputed from the code on import.

Import also reads the start-up screen's rescue file (``{"format": "kingdoms-rescue", "items":
{key: text}}``, written by ``boot.js`` when the page cannot start): every save found in it,
whatever the schema it was stored in, is offered like an export's entry.

An imported file is hostile input: its size is capped before it is read (the page checks the
``File``'s size) and again here, the entry count and each code's length are capped, the JSON is
parsed by pydantic-core (bounded nesting), and every entry gets its own verdict. Imported games
become new saves with fresh ids; an entry holding the same game as a save already on this device
(the decoded records compared, whatever the code string) is reported as already there rather
than added twice. Nothing is ever overwritten.

Pure logic (no browser imports): the page does the file reading and the download.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from kingdoms.core.codes import MAX_INPUT_CHARS, decode_code, encode_code
from kingdoms.core.errors import KingdomsError
from kingdoms.core.records import parse_json
from kingdoms_web.i18n import join_list, t
from kingdoms_web.saves.opening import open_code, summarize
from kingdoms_web.saves.schema import SaveEntry, clean_label, final_result
from kingdoms_web.saves.storage import parse_stored

FORMAT = "kingdoms-saves"
RESCUE_FORMAT = "kingdoms-rescue"
VERSION = 1
MAX_IMPORT_BYTES = 2 * 1024 * 1024
"""A file larger than this is refused before it is read (500 long games fit in well under)."""
MAX_IMPORT_ENTRIES = 500
MAX_IMPORT_CODE = MAX_INPUT_CHARS
"""Per-entry cap on the code's length (the decoder's own input cap)."""


def export_saves(entries: Iterable[SaveEntry], now: float,
                 kept: Iterable[dict[str, str]] = ()) -> str:
    """The export file's text for ``entries`` (and the ``kept`` texts, as they are)."""
    saves = [{"label": e.label, "game": e.game_id, "names": list(e.names), "code": e.code,
              "updated": e.updated, "created": e.created or e.updated} for e in entries]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "exported": now,
                            "saves": saves}
    kept = list(kept)
    if kept:
        data["kept"] = kept
    return json.dumps(data, ensure_ascii=False, indent=1)


def canonical_code(code: str) -> str:
    """The code re-encoded from its record (the code itself if it does not decode): two codes
    hold the same game exactly when their canonical codes are equal."""
    try:
        return encode_code(decode_code(code))
    except KingdomsError:
        return code


def rescued_entries(items: Any) -> list[Any]:
    """The saves inside a rescue file's ``items`` ({key: stored text}), as export entries.

    Reads every layout a page ever stored (one save per key, old lists, kept values); anything
    else is skipped. Each text is parsed safely (size and nesting limits).
    """
    found: list[Any] = []
    if not isinstance(items, dict):
        return found

    def visit(value: Any, depth: int) -> None:
        if depth > 3 or len(found) > MAX_IMPORT_ENTRIES:
            return
        if isinstance(value, str):
            data, _problem = parse_stored(value)
            if data is not None:
                visit(data, depth + 1)
        elif isinstance(value, list):
            for item in value[:MAX_IMPORT_ENTRIES + 1]:
                visit(item, depth + 1)
        elif isinstance(value, dict):
            if isinstance(value.get("code"), str):
                found.append(value)
            elif isinstance(value.get("saves"), list):
                visit(value["saves"], depth)
            elif isinstance(value.get("text"), str):
                visit(value["text"], depth + 1)
            elif isinstance(value.get("item"), dict):
                visit(value["item"], depth + 1)

    for key, value in items.items():
        if isinstance(key, str) and key.startswith("kingdoms."):
            visit(value, 0)
    return found


def export_file_name(date: str) -> str:
    """``kingdoms-saves-<date>.json`` (``date`` as ``YYYY-MM-DD``)."""
    safe = "".join(ch for ch in date if ch.isdigit() or ch == "-")[:10]
    return f"kingdoms-saves-{safe or 'export'}.json"


@dataclass(frozen=True)
class ImportLine:
    """The verdict on one entry of the file: ``status`` is ``imported``, ``duplicate`` or
    ``failed``; ``text`` is the translated sentence the page shows."""

    number: int
    status: str
    text: str


@dataclass
class ImportReport:
    lines: list[ImportLine] = field(default_factory=list)
    entries: list[SaveEntry] = field(default_factory=list)
    error: str | None = None
    """Set when the file as a whole was refused (then ``lines`` is empty)."""

    @property
    def imported(self) -> int:
        return len(self.entries)


def _failed(number: int, why: str) -> ImportLine:
    return ImportLine(number, "failed", t("transfer.entry_failed", number=number, why=why))


def parse_import(
    text: str | bytes,
    existing_codes: set[str],
    new_id: Callable[[], str],
    now: float,
    log: Callable[[str], None] = lambda _message: None,
) -> ImportReport:
    """Check every entry of an export file and build the saves to add; never raises.

    ``existing_codes``: the canonical codes (:func:`canonical_code`) of the saves on this
    device.
    """
    report = ImportReport()
    if len(text) > MAX_IMPORT_BYTES:
        report.error = t("transfer.too_large", limit=MAX_IMPORT_BYTES // (1024 * 1024))
        return report
    data = parse_json(text)
    if not isinstance(data, dict):
        report.error = t("transfer.not_json")
        return report
    fmt, version = data.get("format"), data.get("version")
    if fmt == RESCUE_FORMAT and version == VERSION:
        data = {"format": FORMAT, "version": VERSION, "saves": rescued_entries(data.get("items"))}
        fmt = FORMAT
    if fmt != FORMAT:
        report.error = t("transfer.not_ours")
        return report
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        report.error = t("transfer.newer")
        return report
    if version != VERSION:
        report.error = t("transfer.not_ours")
        return report
    items = data.get("saves")
    if not isinstance(items, list):
        report.error = t("transfer.not_ours")
        return report
    if len(items) > MAX_IMPORT_ENTRIES:
        report.error = t("transfer.too_many", count=len(items), limit=MAX_IMPORT_ENTRIES)
        return report
    if not items:
        report.error = t("transfer.empty")
        return report
    seen = set(existing_codes)
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("code"), str):
            report.lines.append(_failed(number, t("transfer.no_code")))
            continue
        code = item["code"]
        if len(code) > MAX_IMPORT_CODE:
            report.lines.append(_failed(number, t("code.error.too_large")))
            continue
        result = open_code(code, log)
        if result.error is not None or result.record is None or result.summary is None:
            report.lines.append(_failed(number, result.error or t("code.error.other")))
            continue
        summary = summarize(result.record, result.summary.code)
        what = t("transfer.what", title=summary.title,
                 players=join_list(seat.name for seat in summary.seats))
        if summary.code in seen:
            report.lines.append(ImportLine(number, "duplicate",
                                           t("transfer.entry_duplicate", number=number,
                                             what=what)))
            continue
        seen.add(summary.code)
        updated = item.get("updated")
        if isinstance(updated, bool) or not isinstance(updated, int | float) \
                or not 0 <= updated <= 1e15:
            updated = now
        session = result.session
        if session is None:
            continue
        record, state, game = session.record, session.state, session.game
        over = bool(game.is_over(state))
        scores, winners = final_result(game, state)
        entry = SaveEntry(new_id(), record.game_id, tuple(s.name for s in record.seats),
                          len(record.actions), summary.code, float(updated),
                          clean_label(item.get("label")), over,
                          None if over else game.current_seat(state), now,
                          scores=scores, winners=winners)
        report.entries.append(entry)
        report.lines.append(ImportLine(number, "imported",
                                       t("transfer.entry_imported", number=number, what=what)))
    return report


def summary_text(report: ImportReport) -> str:
    """One sentence over the whole import (the per-entry lines follow it)."""
    failed = sum(1 for line in report.lines if line.status == "failed")
    duplicate = sum(1 for line in report.lines if line.status == "duplicate")
    return t("transfer.summary", imported=report.imported, failed=failed, duplicate=duplicate)
