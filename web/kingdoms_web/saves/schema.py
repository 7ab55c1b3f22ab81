"""The saved-games list as stored (schema 2): its keys and limits, one entry, strict parsing.

The list lives under ``kingdoms.v2.saves`` as ``{"schema": 2, "saves": [entry…],
"unreadable": […]}``. Everything read from storage is hostile input: each entry is checked on
its own, and an entry that fails is skipped and counted, never trusted. Older schemas live under
their own keys and are migrated by :mod:`kingdoms_web.saves.migrations`.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from kingdoms.core.protocol import MAX_NAME_LENGTH
from kingdoms_web.saves.storage import Store

SAVES_SCHEMA = 2
"""Version of the saved-games layout this page writes."""
SAVES_KEY = "kingdoms.v2.saves"
"""Where schema 2 lives; older schemas live under their own keys (:data:`SAVES_KEYS`)."""
SAVES_KEYS: dict[int, str] = {1: "kingdoms.v1.saves", 2: SAVES_KEY}
"""schema -> key; :func:`kingdoms_web.saves.migrations.upgrade_storage` walks older keys and
migrates what it finds."""

MAX_SAVES = 500
"""More saves than this are refused (with the storage warning), never made room for by
dropping old ones: a save is only ever removed by the player."""
MAX_LABEL_LENGTH = 40

MAX_CODE_LENGTH = 200_000
"""A stored share code longer than this is treated as damaged (the decoder caps codes lower)."""


@dataclass(frozen=True)
class SaveEntry:
    """One saved game as listed on the home screen (schema 2).

    ``code`` is the game's share code: the record itself, so opening a save is opening a code
    and there is only one decoder to trust. The other fields are a cache for the list (who, how
    far, finished or not, whose turn) so the home screen never has to replay every game.
    """

    save_id: str
    game_id: str
    names: tuple[str, ...]
    moves: int
    code: str
    updated: float = 0.0
    label: str = ""
    """A name the player gave this save (empty: the game's title is shown)."""
    over: bool = False
    next_seat: int | None = None
    """The seat to act next (None when the game is over or unknown)."""
    created: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.save_id,
            "game": self.game_id,
            "names": list(self.names),
            "moves": self.moves,
            "code": self.code,
            "updated": self.updated,
            "label": self.label,
            "over": self.over,
            "next": self.next_seat,
            "created": self.created or self.updated,
        }

    @property
    def next_name(self) -> str | None:
        seat = self.next_seat
        if self.over or seat is None or not 0 <= seat < len(self.names):
            return None
        return self.names[seat]


@dataclass(frozen=True)
class Unreadable:
    """A stored entry this version cannot use, kept as it was and reported by ``name``."""

    name: str
    reason: str
    schema: int


@dataclass
class SaveList:
    """The parsed list plus what went wrong reading it, so the page can warn precisely."""

    entries: list[SaveEntry] = field(default_factory=list)
    corrupt: bool = False
    """The stored value as a whole was unreadable (not JSON, or not the expected shape)."""
    skipped: int = 0
    """Entries that were individually damaged and left out."""
    unreadable: list[Unreadable] = field(default_factory=list)
    """Entries from an older schema that could not be migrated (kept in storage, by name)."""
    newer: bool = False
    """The list was written by a newer version of the page (shown read-only, never rewritten)."""


def clean_label(raw: object) -> str:
    """A save's name as stored: text only, control characters dropped, spaces collapsed, capped.

    >>> clean_label("  My \\t game ")
    'My game'
    """
    if not isinstance(raw, str):
        return ""
    visible = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    text = " ".join(visible.split())[:MAX_LABEL_LENGTH]
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return ""
    return text


def number(value: object, default: float = 0.0) -> float | None:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


_SAVE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def entry_from_json(item: object) -> SaveEntry | None:
    """One schema-2 entry, strictly checked; None if anything is off."""
    if not isinstance(item, dict):
        return None
    save_id, game_id, code = item.get("id"), item.get("game"), item.get("code")
    names, moves = item.get("names"), item.get("moves", 0)
    if not (isinstance(save_id, str) and _SAVE_ID.fullmatch(save_id)):
        return None  # ids end up in CSS selectors and URLs: only the characters we generate
    if not (isinstance(game_id, str) and 0 < len(game_id) <= 40):
        return None
    if not (isinstance(code, str) and 0 < len(code) <= MAX_CODE_LENGTH):
        return None
    if not (isinstance(names, list) and 0 < len(names) <= 16):
        return None
    if not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME_LENGTH for n in names):
        return None
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
        return None
    updated = number(item.get("updated"))
    created = number(item.get("created"), updated or 0.0)
    if updated is None or created is None:
        return None
    label = item.get("label", "")
    over = item.get("over", False)
    nxt = item.get("next")
    if not isinstance(label, str) or len(label) > MAX_LABEL_LENGTH or not isinstance(over, bool):
        return None
    if nxt is not None and (isinstance(nxt, bool) or not isinstance(nxt, int)
                            or not 0 <= nxt < len(names)):
        return None
    return SaveEntry(save_id, game_id, tuple(names), moves, code, updated, clean_label(label),
                     over, nxt, created)


def parse_json(raw: str) -> tuple[Any, bool]:
    try:
        return json.loads(raw), True
    except (ValueError, RecursionError):
        return None, False


def parse_saves(raw: str | None) -> SaveList:
    """Parse the stored (schema 2) saves text; never raises.

    Accepted shape: ``{"schema": 2, "saves": [entry, ...], "unreadable": [...]}``. Newest first.

    >>> parse_saves(None).entries
    []
    >>> parse_saves("{not json").corrupt
    True
    >>> parse_saves('{"schema": 2, "saves": [{"id": "a"}]}').skipped
    1
    """
    if raw is None or raw == "":
        return SaveList()
    data, ok = parse_json(raw)
    if not ok or not isinstance(data, dict):
        return SaveList(corrupt=True)
    items = data.get("saves")
    if not isinstance(items, list):
        return SaveList(corrupt=True)
    result = SaveList()
    schema = data.get("schema")
    if isinstance(schema, int) and not isinstance(schema, bool) and schema > SAVES_SCHEMA:
        result.newer = True
    seen: set[str] = set()
    for item in items:
        entry = entry_from_json(item)
        if entry is None or entry.save_id in seen:
            result.skipped += 1
            continue
        seen.add(entry.save_id)
        result.entries.append(entry)
    result.entries.sort(key=lambda e: e.updated, reverse=True)
    kept = data.get("unreadable")
    for item in kept if isinstance(kept, list) else []:
        if isinstance(item, dict):
            name = item.get("name")
            reason = item.get("reason")
            old = item.get("schema")
            result.unreadable.append(Unreadable(
                name if isinstance(name, str) else "?",
                reason if isinstance(reason, str) else "invalid",
                old if isinstance(old, int) and not isinstance(old, bool) else 0))
    return result


def raw_list(store: Store) -> dict[str, Any] | None:
    """The stored schema-2 object as written (damaged entries too); None if it is damaged or
    newer (then nothing may be written over it)."""
    raw = store.read(SAVES_KEY)
    if raw is None or raw == "":
        return {"schema": SAVES_SCHEMA, "saves": []}
    data, ok = parse_json(raw)
    if not ok or not isinstance(data, dict) or not isinstance(data.get("saves"), list):
        return None
    schema = data.get("schema", SAVES_SCHEMA)
    if not isinstance(schema, int) or isinstance(schema, bool) or schema > SAVES_SCHEMA:
        return None
    return data


def write_list(store: Store, data: dict[str, Any]) -> bool:
    """Store ``data`` as the current schema's list; False if the browser refused."""
    data["schema"] = SAVES_SCHEMA
    return store.write_json(SAVES_KEY, data)


def item_id(item: object) -> object:
    """A stored item's ``id`` as written (anything, or None for a non-object)."""
    return item.get("id") if isinstance(item, dict) else None
