"""``build.py bench`` prints every section's figures or says why it could not (issue 29: a
full run once printed no Burgrave tap section at all, not even its heading)."""

from __future__ import annotations

import pytest
from bench.__main__ import run_sections


def test_a_failing_section_is_named_and_the_others_still_run(
        capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[str] = []

    def broken() -> None:
        raise TimeoutError("the page never became ready")

    failed = run_sections([("Dice Realm: taps", lambda: ran.append("dice")),
                           ("Burgrave: tap to updated board", broken),
                           ("Start-up", lambda: ran.append("start"))])
    assert failed == 1 and ran == ["dice", "start"]
    assert capsys.readouterr().out.splitlines() == [
        "Burgrave: tap to updated board: not measured "
        "(TimeoutError: the page never became ready)"]
