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

import traceback

from kingdoms_web import dom, urls
from kingdoms_web.app import App
from kingdoms_web.device import journal_ready
from kingdoms_web.shell.start_failure import report_start_failure, storage_failure

_app: App | None = None
"""The running app (kept alive for the page's lifetime: its listeners point into it)."""


def start() -> None:
    """Replace the loading screen with the home screen (or a shared game from ``#g=``)."""
    global _app
    try:
        root = dom.by_id("app")
        if root is None:
            raise RuntimeError("the page has no #app element")
        app = App(root)
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


async def boot() -> None:
    """What ``main.py`` runs: wait for the save journal's replay, then :func:`start`."""
    await journal_ready()
    start()
