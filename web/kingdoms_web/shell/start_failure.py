"""What the player sees when the page cannot start.

The loading screen (``boot.js``) is still up when :func:`kingdoms_web.startup.start` fails, so the
failure is handed to it: it knows how to offer "export what can be read, then reset" when data
stored on this device is the cause, and it is plain HTML that cannot fail the same way. Without
it (a test page), the message is written into the page.
"""

from __future__ import annotations

from types import TracebackType

from kingdoms_web import dom
from kingdoms_web.dom import el
from kingdoms_web.i18n import t


def storage_failure(trace: TracebackType | None) -> bool:
    """Whether a start-up failure came from reading storage (the saves package)."""
    while trace is not None:
        name = trace.tb_frame.f_code.co_filename.replace("\\", "/")
        if "/kingdoms_web/saves/" in name or name.endswith("/kingdoms_web/device.py"):
            return True
        trace = trace.tb_next
    return False


def report_start_failure(detail: str, kind: str = "app") -> None:
    """Hand the failure to the loading screen (boot.js), or write it into the page.

    ``kind`` is ``storage`` when data stored on this device is the cause (the loading screen
    then offers to export what can be read, then reset) or ``app`` for anything else.
    """
    message = t("app.start_failed_storage" if kind == "storage" else "app.start_failed",
                detail=detail)
    try:
        boot = getattr(dom.window, "kingdomsBoot", None)
        if boot is not None:
            boot.fail(message, detail, kind)
            return
    except dom.BROWSER_ERRORS:  # no loading screen to hand it to: write it into the page
        pass
    root = dom.by_id("app") or dom.document.body
    dom.clear(root)
    dom.append(root, [el("p", message, cls="warning", attrs={"role": "alert"})])
