"""The notices under the top bar (``shell/notices.py``): drawn when what they say changes, and
left alone otherwise (the table asks after every autosave)."""

from __future__ import annotations

from types import SimpleNamespace

from kingdoms_web.offline_dom import OfflineDocument
from kingdoms_web.shell.notices import AppNotices


def test_notices_are_drawn_again_only_when_what_they_say_changes(
        fake_dom: OfflineDocument) -> None:
    between = {"now": False}
    notices = AppNotices(lambda: between["now"])
    box = notices.mount()
    fake_dom.body.append(box)
    assert box.by_testid("offline-ready") is None

    notices.service_worker_news(SimpleNamespace(detail="offline"))
    toast = box.by_testid("offline-ready")
    assert toast is not None
    notices.refresh()  # after an autosave: nothing new to say
    assert box.by_testid("offline-ready") is toast, "the same toast, not drawn again"

    # A new version waits for a moment between turns; then it shows beside the toast.
    notices.service_worker_news(SimpleNamespace(detail="update"))
    assert box.by_testid("update-notice") is None
    between["now"] = True
    notices.refresh()
    assert box.by_testid("update-notice") is not None

    box.by_testid("offline-dismiss").click()
    assert box.by_testid("offline-ready") is None
    assert box.by_testid("update-notice") is not None

    # A fresh box (the app redrew its frame) is filled at once.
    again = notices.mount()
    assert again.by_testid("update-notice") is not None
