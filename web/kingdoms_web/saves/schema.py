"""The saved games as stored (schema 3): keys and limits, one entry, strict parsing.

Schema 3 keeps **each save under its own key**, ``kingdoms.v3.save.<id>``, as
``{"schema": 3, "id", "game", "names", "moves", "code", "updated", "created", "label", "over",
"next", "rev"}``: one damaged value can hide only itself, and a write touches one game. ``rev``
counts the writes of that save; it tells which of two copies is newer (the journal's replay) and
whether another tab wrote the save since this one last did (check before write).

What cannot be used is **set aside, never dropped**: under ``kingdoms.v3.kept.<token>`` as
``{"schema": 3, "name", "reason", "from", "text"}`` (the original text, byte for byte), reported
by name on the home screen and included in the export. Older schemas lived in one list under
their own keys (:data:`OLD_LIST_KEYS`) and are migrated by :mod:`kingdoms_web.saves.migrations`.

Everything read from storage is hostile input: each value is parsed by
:func:`~kingdoms_web.saves.storage.parse_stored` and each field checked.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field, replace
from typing import Any

from kingdoms.core.names import MAX_NAME_CODE_POINTS, clean_text, cut_graphemes
from kingdoms.core.protocol import Game
from kingdoms_web.i18n import join_list
from kingdoms_web.saves.storage import parse_stored

SAVES_SCHEMA = 3
"""Version of the saved-games layout this page writes."""
SAVE_PREFIX = "kingdoms.v3.save."
"""One save per key: ``kingdoms.v3.save.<id>``."""
KEPT_PREFIX = "kingdoms.v3.kept."
"""What was set aside (a damaged old list, entries that could not be migrated or read)."""
OLD_LIST_KEYS: dict[int, str] = {1: "kingdoms.v1.saves", 2: "kingdoms.v2.saves"}
"""schema -> the key of that schema's single list (migrated into one key per save)."""
SAVES_KEY = OLD_LIST_KEYS[2]
"""Schema 2's list (kept as a name for tests and migrations)."""
SAVES_KEYS = OLD_LIST_KEYS

MAX_SAVES = 500
"""More saves than this are refused (with their own message), never made room for by
dropping old ones: a save is only ever removed by the player."""
MAX_LABEL_LENGTH = 40
"""A save's name: at most this many graphemes."""
MAX_LABEL_CODE_POINTS = MAX_LABEL_LENGTH * 12

MAX_CODE_LENGTH = 200_000
"""A stored share code longer than this is treated as damaged (the decoder caps codes lower)."""

MAX_KEPT_CHARS = 12_000_000
"""A kept value wraps the text it sets aside (a too-large list, every character maybe escaped):
it is read with this larger cap (localStorage holds about 5 MB in all)."""

_SAVE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class SaveEntry:
    """One saved game as listed on the home screen.

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
    rev: int = 0
    """How many times this save was written before (0 for the first write)."""
    newer: bool = False
    """Written by a newer version of the page: shown, opened as a copy, never written over."""
    pending: bool = False
    """Still in an old list that could not be migrated yet (storage full): shown from memory."""
    held: bool = False
    """Kept in the overflow (the journal's database) because localStorage could not take it:
    shown, played and exported like the rest, and saved there as soon as there is room."""
    scores: tuple[int, ...] = ()
    """A finished game's total per seat (empty when not over, or saved before this was kept:
    the list then says only "finished")."""
    winners: tuple[int, ...] = ()
    """A finished game's winning seats (several on a tie; none when a solo rival won)."""

    def to_json(self) -> dict[str, Any]:
        result = {"result": {"scores": list(self.scores), "winners": list(self.winners)}} \
            if self.scores else {}
        return {
            "schema": SAVES_SCHEMA,
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
            "rev": self.rev,
            **result,
        }

    def to_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    def with_rev(self, rev: int) -> SaveEntry:
        return replace(self, rev=rev)

    @property
    def next_name(self) -> str | None:
        seat = self.next_seat
        if self.over or seat is None or not 0 <= seat < len(self.names):
            return None
        return self.names[seat]

    @property
    def writable(self) -> bool:
        return not self.newer


@dataclass(frozen=True)
class Unreadable:
    """Something stored that this version cannot use, kept as it was and reported by name.

    ``reason`` is a key (``saves.why.<reason>``); ``key`` is where its text is (for the export);
    ``name`` the players, the save id or "" (a whole list: the page names it).
    """

    name: str
    reason: str
    schema: int = 0
    key: str = ""


@dataclass
class SaveList:
    """The saves as read, plus what went wrong, so the page can name the real cause."""

    entries: list[SaveEntry] = field(default_factory=list)
    unreadable: list[Unreadable] = field(default_factory=list)
    """Saves and lists that could not be read or migrated: kept (set aside), by name."""
    newer: bool = False
    """Something was written by a newer version of the page (shown, never written over)."""
    count: int = 0
    """Save keys in storage (readable or not): what the :data:`MAX_SAVES` limit counts."""
    pending: int = 0
    """Entries still waiting in an old list (the migration could not write: storage full)."""
    held: int = 0
    """Entries kept in the overflow until localStorage has room (not counted by the limit)."""

    @property
    def at_limit(self) -> bool:
        return self.count >= MAX_SAVES

    @property
    def damaged_lists(self) -> list[Unreadable]:
        return [u for u in self.unreadable if u.reason in ("damaged_list", "too_large_list")]

    @property
    def damaged_entries(self) -> list[Unreadable]:
        return [u for u in self.unreadable if u.reason not in ("damaged_list", "too_large_list")]


def clean_label(raw: object) -> str:
    """A save's name as stored: cleaned like a player name (controls and direction overrides
    removed, spaces collapsed, emoji kept whole) and cut to whole graphemes.

    >>> clean_label("  My \\t game\\u202e ")
    'My game'
    """
    return cut_graphemes(clean_text(raw), MAX_LABEL_LENGTH, MAX_LABEL_CODE_POINTS)


def number(value: object, default: float = 0.0) -> float | None:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def save_key(save_id: str) -> str:
    return SAVE_PREFIX + save_id


def valid_save_id(save_id: object) -> bool:
    """Ids go into CSS selectors, URLs and keys: only the characters we generate."""
    return isinstance(save_id, str) and _SAVE_ID.fullmatch(save_id) is not None


def entry_from_json(item: object) -> SaveEntry | None:
    """One entry (schema 2 or 3 fields), strictly checked; None if anything is off."""
    if not isinstance(item, dict):
        return None
    save_id, game_id, code = item.get("id"), item.get("game"), item.get("code")
    names, moves = item.get("names"), item.get("moves", 0)
    if not valid_save_id(save_id) or not isinstance(save_id, str):
        return None
    if not (isinstance(game_id, str) and 0 < len(game_id) <= 40):
        return None
    if not (isinstance(code, str) and 0 < len(code) <= MAX_CODE_LENGTH):
        return None
    if not (isinstance(names, list) and 0 < len(names) <= 16):
        return None
    if not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME_CODE_POINTS for n in names):
        return None
    if not _int(moves) or moves < 0:
        return None
    updated = number(item.get("updated"))
    created = number(item.get("created"), updated or 0.0)
    if updated is None or created is None:
        return None
    label = item.get("label", "")
    over = item.get("over", False)
    nxt = item.get("next")
    rev = item.get("rev", 0)
    if not isinstance(label, str) or len(label) > MAX_LABEL_CODE_POINTS \
            or not isinstance(over, bool):
        return None
    if nxt is not None and (not _int(nxt) or not 0 <= nxt < len(names)):
        return None
    if not _int(rev) or not 0 <= rev < 1 << 53:
        return None
    scores, winners = _result(item.get("result"), len(names)) if over else ((), ())
    return SaveEntry(save_id, game_id, tuple(names), moves, code, updated, clean_label(label),
                     over, nxt, created, rev, scores=scores, winners=winners)


def _result(data: object, seats: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A finished game's cached scores and winners; ``((), ())`` when absent or malformed (the
    cache is only for the list: the entry itself stays good)."""
    if not isinstance(data, dict):
        return (), ()
    scores, winners = data.get("scores"), data.get("winners")
    if not (isinstance(scores, list) and isinstance(winners, list) and 0 < len(scores) <= seats
            and all(_int(n) and abs(n) < 1 << 31 for n in scores)
            and len(winners) <= len(scores)
            and all(_int(n) and 0 <= n < len(scores) for n in winners)):
        return (), ()
    return tuple(scores), tuple(sorted(set(winners)))


def final_result(game: Game[Any, Any], state: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A save's ``scores`` and ``winners`` for ``state`` (both empty when it is not over)."""
    if not game.is_over(state):
        return (), ()
    result = game.result(state)
    totals = {score.seat: score.total for score in result.scores}
    return tuple(totals[seat] for seat in sorted(totals)), tuple(sorted(result.winners))


def parse_entry(raw: str | None, save_id: str | None = None) -> tuple[SaveEntry | None, str]:
    """One stored save (schema 3): ``(entry, "")`` or ``(None, reason)``; never raises.

    A value written by a newer version is returned with ``newer`` set when its fields can still
    be read (reason ``newer_version`` otherwise). ``save_id``: the id its key names (the value
    must agree).

    >>> parse_entry("[[[")
    (None, 'corrupt')
    """
    data, problem = parse_stored(raw)
    if problem == "too_large":
        return None, "too_large"
    if problem is not None or not isinstance(data, dict):
        return None, "corrupt"
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < SAVES_SCHEMA:
        return None, "invalid"
    entry = entry_from_json(data)
    if schema > SAVES_SCHEMA:
        if entry is None:
            return None, "newer_version"
        entry = replace(entry, newer=True)
    if entry is None or (save_id is not None and entry.save_id != save_id):
        return None, "invalid"
    return entry, ""


def entry_name(item: Any, index: int | None = None) -> str:
    """How to name an entry in a report: its players, else its id, else its position."""
    if isinstance(item, dict):
        names = item.get("names")
        if isinstance(names, list) and names and all(isinstance(n, str) for n in names):
            return clean_text(join_list(names))[:120]
        if isinstance(item.get("id"), str) and item["id"]:
            return clean_text(str(item["id"]))[:64]
    return f"#{index + 1}" if index is not None else ""


# --------------------------------------------------------------------------- kept aside


def kept_key(source: str, text: str) -> str:
    """Where ``text`` from ``source`` is set aside: the same key for the same text, so setting
    aside twice (a crash between the copy and the removal) never duplicates it."""
    digest = hashlib.sha256((source + "\0" + text).encode("utf-8", "surrogatepass")).hexdigest()
    return KEPT_PREFIX + digest[:20]


def kept_value(name: str, reason: str, source: str, text: str, schema: int = 0) -> str:
    return json.dumps({"schema": SAVES_SCHEMA, "name": name, "reason": reason, "from": source,
                       "old_schema": schema, "text": text},
                      ensure_ascii=False, separators=(",", ":"))


def parse_kept(raw: str | None, key: str) -> Unreadable:
    """What a kept value says about itself (a damaged kept value is still reported)."""
    data, _problem = parse_stored(raw, MAX_KEPT_CHARS)
    if not isinstance(data, dict):
        return Unreadable("", "corrupt", 0, key)
    name, reason, schema = data.get("name"), data.get("reason"), data.get("old_schema")
    return Unreadable(clean_text(name)[:120] if isinstance(name, str) else "",
                      reason if isinstance(reason, str) and len(reason) < 40 else "invalid",
                      schema if isinstance(schema, int) and not isinstance(schema, bool) else 0,
                      key)


def kept_text(raw: str | None) -> str | None:
    """The original text inside a kept value (or the kept value itself if it is damaged)."""
    data, _problem = parse_stored(raw, MAX_KEPT_CHARS)
    if isinstance(data, dict) and isinstance(data.get("text"), str):
        return str(data["text"])
    return raw
