"""``kingdoms.core.bots``: the levels a game offers.

Requirement: every game offers ``random`` and the levels its registry entry names, weakest first
(``GameInfo.bot_levels`` is derived from the same names, so the page offers exactly what the
engine has); a level that cannot be loaded is an error, never quietly left out.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kingdoms.core import bots, registry
from kingdoms.core.protocol import GameEntry, GameInfo


def _entry(game_id: str, levels: dict[str, str]) -> GameEntry:
    info = GameInfo(game_id=game_id, title=game_id, min_seats=1, max_seats=2, rules_version=0,
                    hidden_information=False, internal=True)
    return GameEntry(info=info, game="kingdoms.testgame.tally:GAME",
                     catalog="kingdoms.testgame.tally:catalog", bots=levels)


def test_a_game_that_names_no_levels_offers_random() -> None:
    assert list(bots.levels("tally")) == ["random"]
    assert registry.game_info("tally").bot_levels == ()
    assert bots.bot_for("tally", "random").level == "random"
    with pytest.raises(Exception, match="no 'hard' computer player"):
        bots.bot_for("tally", "hard")


def test_the_levels_are_the_entry_s_and_named_once() -> None:
    entry = _entry("two-levels", {"one": "kingdoms.core.bots:RandomBot",
                                  "two": "kingdoms.core.bots:RandomBot"})
    assert entry.info.bot_levels == ("one", "two")
    with pytest.raises(ValueError, match="named by the entry's bots only"):
        GameEntry(info=entry.info.model_copy(update={"bot_levels": ("other",)}),
                  game=entry.game, catalog=entry.catalog, bots=entry.bots)


def test_a_broken_bots_module_is_not_hidden(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    package = tmp_path / "broken_game_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "bots.py").write_text("import kingdoms.missing_helper\nclass Hard: ...\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._ENTRIES, "broken",
                        _entry("broken", {"hard": "broken_game_pkg.bots:Hard"}))
    with pytest.raises(ModuleNotFoundError):
        bots.levels("broken")
