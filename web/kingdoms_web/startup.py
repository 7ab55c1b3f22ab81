"""Start-up: the page's entry point (``public/main.py`` awaits :func:`boot`).

:func:`boot` waits for the save journal's replay (``journal.js``: saves a killed browser had not
yet written to disk come back), then :func:`start` replaces the static loading screen with the
home screen (or what the address's ``#g=`` holds) and sets ``document.body.dataset.ready``, the
signal the end-to-end tests and the benchmark wait for. Nothing stored can stop it: every value
is parsed safely, and a failure is reported to the loading screen
(:mod:`kingdoms_web.shell.start_failure`) as a storage problem (with "export what can be read,
then reset") or another one, never as the network.
"""

from __future__ import annotations

import contextlib
import traceback

from kingdoms.core.text import DEFAULT_LANGUAGE
from kingdoms_web import dom, urls, words
from kingdoms_web.app import App, wanted_language
from kingdoms_web.device import journal_ready, make_store
from kingdoms_web.saves.storage import Store
from kingdoms_web.shell.start_failure import report_start_failure, storage_failure

_app: App | None = None
"""The running app (kept alive for the page's lifetime: its listeners point into it)."""


def start(store: Store | None = None) -> None:
    """Replace the loading screen with the home screen (or a shared game from ``#g=``)."""
    global _app
    try:
        root = dom.by_id("app")
        if root is None:
            raise RuntimeError("the page has no #app element")
        app = App(root, store)
        _app = app
        if not app.open_fragment(urls.page_fragment()):
            app.render()
        app.listen_for_links()
    except Exception as error:
        dom.log_error("Kingdoms: start-up failed\n" + traceback.format_exc())
        kind = "storage" if storage_failure(error.__traceback__) else "app"
        report_start_failure(f"{type(error).__name__}: {error}"[:300], kind)
        return
    ready = app.route.ready
    dom.document.body.dataset.ready = ready if ready in ("game", "rules") else "home"
    with contextlib.suppress(*dom.BROWSER_ERRORS):  # when the page became usable, for any
        dom.window.performance.mark("kingdoms.ready")  # engine's benchmark (bench/engines.py)


async def load_words(store: Store) -> bool:
    """Make the words of the language the app will show available (:mod:`~kingdoms_web.words`),
    else English's (the app then says why); False if there are none at all."""
    wanted = wanted_language(store)
    return await words.ensure(wanted) or (
        wanted != DEFAULT_LANGUAGE and await words.ensure(DEFAULT_LANGUAGE))


async def boot() -> None:
    """What ``main.py`` runs: wait for the save journal's replay and the language's words, then
    :func:`start`."""
    await journal_ready()
    try:
        store = make_store()
        found = await load_words(store)
    except Exception as error:  # an edge: never a start that stops without a word
        dom.log_error("Kingdoms: loading words failed\n" + traceback.format_exc())
        report_start_failure(f"{type(error).__name__}: {error}"[:300])
        return
    if not found:  # no words in any language: only the loading screen's own can say it
        with contextlib.suppress(*dom.BROWSER_ERRORS):
            dom.window.kingdomsBoot.failNetwork("words")
        return
    start(store)
