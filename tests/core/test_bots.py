"""``kingdoms.core.bots``: the levels a game offers.

Requirement: every game offers ``random`` and its own levels; a game whose bots module does not
exist yet (Burgrave's is being rewritten) offers ``random`` alone instead of failing, so its
tournaments and seats still work — but a fault inside an existing bots module is not hidden.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kingdoms.core import bots


def test_a_game_without_a_bots_module_offers_random(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots._LEVELS, "nothing-yet", "kingdoms.testgame.bots:LEVELS")
    assert list(bots.levels("nothing-yet")) == ["random"]
    monkeypatch.setitem(bots._LEVELS, "no-package", "kingdoms.no_such_game.bots:LEVELS")
    assert list(bots.levels("no-package")) == ["random"]
    assert bots.bot_for("nothing-yet", "random").level == "random"
    assert list(bots.levels("tally")) == ["random"]


def test_a_broken_bots_module_is_not_hidden(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    package = tmp_path / "broken_game_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "bots.py").write_text("import kingdoms.missing_helper\nLEVELS = {}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(bots._LEVELS, "broken", "broken_game_pkg.bots:LEVELS")
    with pytest.raises(ModuleNotFoundError):
        bots.levels("broken")
