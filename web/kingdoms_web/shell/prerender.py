"""The home screen rendered at build time, by the same code that draws it in the page.

Why: the page needs Pyodide, pydantic and our wheels before Python can draw anything (about a
second and a half warm, more cold). Drawn ahead of time on CPython into :mod:`offline_dom` and
written into ``index.html``, the home screen is readable at first paint; ``boot.js`` shows the
copy in the visitor's language and holds a tap on any of its buttons until the engine is ready,
then repeats it on the live screen. The pre-rendered copy cannot know this device's saved games,
so that section says it is still looking for them.

Run by ``build.py``: ``python -m kingdoms_web.shell.prerender`` prints a JSON object
``{language: html}``.
"""

from __future__ import annotations

import json
import sys

from kingdoms_web import dom, i18n
from kingdoms_web.offline_dom import OfflineDocument, to_html
from kingdoms_web.saves.storage import MemoryBackend, Store


def prerender_home(language: str) -> str:
    """The home screen's markup (top bar and main) in ``language``, as the page would draw it
    for a visitor with no saved games, inside ``<div data-prerendered="…" hidden>``."""
    from kingdoms_web.app import App

    with dom.bound(OfflineDocument()) as document:
        root = document.createElement("div")
        dom.set_attrs(root, {"class": "prerendered", "data-prerendered": language,
                             "lang": language, "hidden": True})
        app = App(root, Store(MemoryBackend()), saves_loading=True)
        i18n.set_language(language)
        app.render()
        return str(to_html(root))


def main() -> None:
    json.dump({language: prerender_home(language) for language in i18n.LANGUAGE_NAMES},
              sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
