"""Translations: every visible string on the page goes through :func:`t`.

Why one function: so adding a language is adding one catalog, and a test can check that no screen
shows an untranslated string. Catalogs are plain dicts (key -> template) using ``str.format``
fields, e.g. ``"{count} players"``. Plural forms are separate keys ending in ``.one`` / ``.other``
and are picked by the ``count`` parameter, which is enough for English, Spanish and German.

Adding a language: write a catalog dict with the same keys as :data:`EN` (missing keys fall back
to English, so a partial catalog is safe), then add it to :data:`CATALOGS` and its own name to
:data:`LANGUAGE_NAMES`. Nothing else changes.

>>> set_language("en")
'en'
>>> t("home.players_range", low=2, high=5)
'2–5 players'
>>> t("record.moves", count=1)
'1 move'
>>> t("no.such.key")
'no.such.key'
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping

DEFAULT_LANGUAGE = "en"

EN: dict[str, str] = {
    # Shell
    "app.title": "Kingdoms",
    "app.tagline": "Two board games for one table: pass the tablet around.",
    "app.settings": "Settings",
    "app.home": "Home",
    "app.close": "Close",
    "app.cancel": "Cancel",
    "app.start_failed": "Kingdoms could not start: {detail}",
    # Home: games
    "home.games": "Games",
    "home.new_game": "New game",
    "home.new_game_of": "New game of {title}",
    "home.players_range": "{low}–{high} players",
    "home.players_exact.one": "{count} player",
    "home.players_exact.other": "{count} players",
    "home.coming_soon": "Coming soon",
    "home.coming_soon_hint": "This game is not ready to play yet.",
    "home.no_games": "No games are installed.",
    "home.games_failed": "The list of games could not be loaded.",
    "game.dice-realm.title": "Dice Realm",
    "game.dice-realm.blurb": "Roll six dice, recruit citizens and found villages.",
    "game.burgrave.title": "Burgrave",
    "game.burgrave.blurb": "Play cards, travel the town and raise your workers up the castle.",
    # Home: saved games
    "saves.title": "Saved games",
    "saves.empty": "No saved games yet. A game you start is saved here automatically.",
    "saves.corrupt": (
        "Your saved games could not be read (the stored data is damaged). "
        "They are left untouched; new games can still be saved."
    ),
    "saves.skipped.one": "{count} saved game could not be read and is not shown.",
    "saves.skipped.other": "{count} saved games could not be read and are not shown.",
    "saves.storage_unavailable": (
        "This browser does not let Kingdoms store data, so games and settings "
        "will not be kept after you close the page."
    ),
    "saves.write_failed": "The change could not be saved in this browser.",
    "saves.moves.one": "{count} move",
    "saves.moves.other": "{count} moves",
    "saves.open": "Open",
    "saves.open_named": "Open {title} with {players}",
    "saves.delete": "Delete",
    "saves.delete_named": "Delete {title} with {players}",
    "saves.delete_title": "Delete saved game?",
    "saves.delete_body": "{title} with {players} will be removed from this device.",
    "saves.delete_confirm": "Delete",
    # Home: share codes
    "code.title": "Open a share code",
    "code.label": "Share code or link",
    "code.hint": "Paste a code or a link someone sent you.",
    "code.submit": "Open",
    "code.empty": "Paste a share code first.",
    "code.error.corrupt": (
        "This code is damaged or incomplete. Check that you copied all of it and try again."
    ),
    "code.error.too_large": "This code is too long to be a game from Kingdoms.",
    "code.error.newer_format": (
        "This code comes from a newer version of Kingdoms. Reload the page to update, "
        "then open it again."
    ),
    "code.error.invalid": "This code does not describe a valid game.",
    "code.error.unknown_game": "This code is for a game this version of Kingdoms does not have.",
    "code.error.rules_version": (
        "This code was made with a different version of the rules, so it cannot be replayed here."
    ),
    "code.error.illegal_action": "This code contains a move that is not allowed (move {move}).",
    "code.error.illegal_action_unknown": "This code contains a move that is not allowed.",
    "code.error.other": "This code cannot be opened.",
    "code.error.unsupported": "Share codes cannot be opened in this version yet.",
    "code.link_error": "The link you opened contains a share code that cannot be used.",
    # Record (a loaded code or save)
    "record.heading": "Game details",
    "record.game": "Game",
    "record.players": "Players",
    "record.moves.one": "{count} move",
    "record.moves.other": "{count} moves",
    "record.moves_label": "Moves played",
    "record.bot": "{name} (computer)",
    "record.not_playable": (
        "This game cannot be played on this page yet. The code is valid and will open "
        "once the game is ready."
    ),
    # New game dialog
    "new.title": "New game",
    "new.game": "Game",
    "new.game_coming_soon": "{title} (coming soon)",
    "new.coming_soon": "{title} is coming soon and cannot be started yet.",
    "new.none_playable": "No game can be started yet.",
    "new.seats": "Number of players",
    "new.seat_name": "Name of player {number}",
    "new.default_name": "Player {number}",
    "new.start": "Start",
    "new.name_empty": "Enter a name for player {number}.",
    "new.name_too_long": "The name of player {number} is longer than {limit} characters.",
    "new.name_duplicate": "Players {first} and {second} have the same name.",
    "new.seats_out_of_range": "{title} is for {low} to {high} players.",
    # Settings
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.language_hint": "More languages are on the way.",
    "settings.saved": "Settings saved.",
    "settings.not_saved": "This browser does not let Kingdoms keep settings.",
}

# language code -> catalog. Add "es": ES, "de": DE here when they exist.
CATALOGS: dict[str, Mapping[str, str]] = {
    "en": EN,
}

# Each language named in itself, so a user who cannot read the current one still finds theirs.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
}

_current: str = DEFAULT_LANGUAGE


class _KeepMissing(dict[str, object]):
    """Format mapping that leaves unknown ``{fields}`` visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _plural_category(language: str, count: object) -> str:
    """CLDR plural category for ``count``; ``one``/``other`` covers en, es and de."""
    del language  # all current and planned languages share this rule
    return "one" if count == 1 else "other"


def lookup(key: str, language: str | None = None) -> str | None:
    """The raw template for ``key`` in ``language``, falling back to English; None if unknown."""
    lang = language or _current
    for catalog_lang in (lang, DEFAULT_LANGUAGE):
        catalog = CATALOGS.get(catalog_lang)
        if catalog is not None and key in catalog:
            return catalog[key]
    return None


def t(key: str, /, **params: object) -> str:
    """The text for ``key`` in the current language with ``params`` filled in.

    If ``count`` is given and the catalog has ``key.one``/``key.other``, the plural form is used.
    An unknown key returns the key itself, so a missing translation is visible but never fatal.
    """
    template: str | None = None
    if "count" in params:
        category = _plural_category(_current, params["count"])
        template = lookup(f"{key}.{category}")
    if template is None:
        template = lookup(key)
    if template is None:
        return key
    if not params:
        return template
    try:
        return string.Formatter().vformat(template, (), _KeepMissing(params))
    except (ValueError, IndexError, AttributeError):
        # A malformed template in a catalog must not break the page.
        return template


def available_languages() -> list[tuple[str, str]]:
    """(code, name in its own language) for every language with a catalog, in a stable order."""
    return [(code, LANGUAGE_NAMES.get(code, code)) for code in CATALOGS]


def normalize_language(code: object) -> str | None:
    """The supported language matching ``code`` ("de-AT" -> "de"), or None."""
    if not isinstance(code, str) or not code:
        return None
    code = code.strip().lower().replace("_", "-")
    if code in CATALOGS:
        return code
    base = code.split("-", 1)[0]
    return base if base in CATALOGS else None


def pick_language(stored: object, preferred: Iterable[object] = ()) -> str:
    """The language to use: the stored setting if valid, else the browser's first match.

    >>> pick_language(None, ["xx-YY", "en-GB"])
    'en'
    """
    chosen = normalize_language(stored)
    if chosen:
        return chosen
    for code in preferred:
        chosen = normalize_language(code)
        if chosen:
            return chosen
    return DEFAULT_LANGUAGE


def set_language(code: object) -> str:
    """Switch the language used by :func:`t`; unsupported codes select English. Returns it."""
    global _current
    _current = normalize_language(code) or DEFAULT_LANGUAGE
    return _current


def get_language() -> str:
    """The language :func:`t` currently uses."""
    return _current


def game_title(game_id: str, fallback: str) -> str:
    """A game's display title: translated if the catalog has it, else the engine's title."""
    key = f"game.{game_id}.title"
    return t(key) if lookup(key) is not None else fallback
