"""The page's address: every place a URL is parsed, built, read or changed.

A game travels in the fragment, which never reaches a server: ``#g=<code>`` is a shared game
(its summary is shown first), ``#g=<code>&s=<save id>`` is the running game's own address (kept
current by the session, so a reload resumes it). ``#rules=<game>/<anchor>`` opens a game's rules
at a section or glossary entry (:mod:`kingdoms_web.learn`). ``?seed=N`` in the query fixes the
seed of the games started on the page (tests, bug reports); it never travels in a shared link.

The parsing and building functions are pure (tested on CPython); the last few read or change
``window.location`` and do nothing useful outside a browser.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from kingdoms_web import dom

MAX_INPUT_LENGTH = 1_000_000
"""Pasted text longer than this is not even searched (the decoder's own caps are far lower)."""

_SEED_PARAM = re.compile(r"(?:^|[?&])seed=(\d{1,19})(?:&|$)")
_SAVE_PARAM = re.compile(r"(?:^|[#&])s=([A-Za-z0-9_-]{1,64})(?:&|$)")
_CODE_PARAM = re.compile(r"(?:^|[#&?])g=([^&#\s]*)")
_RULES_PARAM = re.compile(r"(?:^|[#&])rules=([a-z0-9-]{1,40})(?:/([a-z0-9_.-]{1,80}))?(?:&|$)")


# --------------------------------------------------------------------------- parsing


def seed_from_query(search: str) -> int | None:
    """A seed forced by the page URL (``?seed=N``, for tests and bug reports), or None.

    >>> seed_from_query("?lang=en&seed=42")
    42
    >>> seed_from_query("?seed=x") is None
    True
    """
    match = _SEED_PARAM.search(search)
    if not match:
        return None
    value = int(match.group(1))
    return value if value < 1 << 64 else None


def save_id_from_fragment(fragment: str) -> str | None:
    """The save id carried next to a code in the URL (``#g=<code>&s=<id>``), or None.

    >>> save_id_from_fragment("#g=1abc&s=k3x9")
    'k3x9'
    """
    match = _SAVE_PARAM.search(fragment)
    return match.group(1) if match else None


def code_from_fragment(fragment: str) -> str | None:
    """The code from a page URL fragment (``#g=...``), or None if the fragment has none.

    >>> code_from_fragment("#g=abc")
    'abc'
    >>> code_from_fragment("#settings") is None
    True
    """
    match = _CODE_PARAM.search(fragment[:MAX_INPUT_LENGTH])
    if not match:
        return None
    return "".join(unquote(match.group(1)).split())


def rules_from_fragment(fragment: str) -> tuple[str, str] | None:
    """(game id, anchor) of a rules link ``#rules=<game>[/<anchor>]``, or None.

    The anchor is a section (``scoring``), ``glossary`` or a glossary entry (``glossary.tier``);
    "" when the link names only the game.

    >>> rules_from_fragment("#rules=dice-realm/scoring")
    ('dice-realm', 'scoring')
    >>> rules_from_fragment("#rules=burgrave")
    ('burgrave', '')
    >>> rules_from_fragment("#g=abc") is None
    True
    """
    match = _RULES_PARAM.search(fragment[:200])
    if not match:
        return None
    return match.group(1), match.group(2) or ""


def extract_code(text: str) -> str:
    """The code inside pasted text: a bare code, ``#g=<code>``, or a whole link.

    Whitespace is removed because codes are often wrapped or padded when copied from a chat.

    >>> extract_code("  https://example.org/kingdoms/#g=1AbC_d ")
    '1AbC_d'
    >>> extract_code("1Ab Cd\\n")
    '1AbCd'
    """
    text = text[:MAX_INPUT_LENGTH].strip()
    match = _CODE_PARAM.search(text)
    if match:
        text = unquote(match.group(1))
    return "".join(text.split())


# --------------------------------------------------------------------------- building


def game_fragment(code: str, save_id: str | None = None) -> str:
    """The fragment of a shared game, or of a running game with its save id.

    >>> game_fragment("1abc")
    '#g=1abc'
    >>> game_fragment("1abc", "k3x9")
    '#g=1abc&s=k3x9'
    """
    return f"#g={code}" if save_id is None else f"#g={code}&s={save_id}"


def rules_fragment(game_id: str, anchor: str = "") -> str:
    """The fragment of a game's rules, or of one section or glossary entry of them.

    >>> rules_fragment("burgrave", "glossary.tier")
    '#rules=burgrave/glossary.tier'
    >>> rules_fragment("dice-realm")
    '#rules=dice-realm'
    """
    return f"#rules={game_id}" + (f"/{anchor}" if anchor else "")


def link_for(href: str, code: str) -> str:
    """The link to ``code`` on the page at ``href``.

    The old fragment and the query string are dropped: a query such as the tests' ``?seed=`` must
    not travel to the recipient and fix the seed of every game they start.

    >>> link_for("https://x.org/kingdoms/?seed=4#g=1abc&s=k", "1def")
    'https://x.org/kingdoms/#g=1def'
    """
    return href.split("#", 1)[0].split("?", 1)[0] + game_fragment(code)


# --------------------------------------------------------------------------- the page's own URL


def page_href() -> str:
    """The page's whole address ("" outside a browser)."""
    try:
        return str(dom.window.location.href)
    except dom.BROWSER_ERRORS:
        return ""


def page_query() -> str:
    """The page's query string, ``?…`` ("" when it has none, or outside a browser)."""
    try:
        return str(dom.window.location.search)
    except dom.BROWSER_ERRORS:
        return ""


def page_fragment() -> str:
    """The page's fragment, ``#…``."""
    return str(dom.window.location.hash)


def share_link(code: str) -> str:
    """The link that opens ``code`` on this very site."""
    return link_for(page_href(), code)


def replace_fragment(fragment: str) -> None:
    """Change the URL fragment without a ``hashchange`` event (and without a history step)."""
    global _waiting
    _waiting = None  # this change is the latest: one still waiting for the frame is dropped
    try:
        location = dom.window.location
        url = str(location.pathname) + str(location.search) + fragment
        if str(location.hash) != fragment:
            dom.window.history.replaceState(None, "", url)
    except dom.BROWSER_ERRORS:
        pass


_waiting: str | None = None
"""The fragment :func:`replace_fragment_soon` will write after the next painted frame."""


def replace_fragment_soon(fragment: str) -> None:
    """:func:`replace_fragment`, once the frame after this tap is painted (several calls before
    it: the last one wins; a :func:`replace_fragment` meanwhile: that one wins).

    Why: a game's address changes after every move, and in Chrome each change (a same-document
    navigation, which also fetches the page's icon again) cost the frame after a tap several
    milliseconds, a fifth of a Burgrave tap's wait (``bench/burgrave_taps.py``). The save on the
    device is written before; the address follows a frame later, and a reload in between still
    resumes the game (``saves.saved_games.resumes``)."""
    global _waiting
    scheduled = _waiting is not None
    _waiting = fragment
    if not scheduled:
        dom.after_paint(_write_waiting)


def _write_waiting() -> None:
    fragment = _waiting
    if fragment is not None:
        replace_fragment(fragment)
