"""The registry: playable games load lazily, announced ones are listed but refuse to start."""

from __future__ import annotations

import pytest

from kingdoms.core import registry
from kingdoms.core.errors import UnknownGameError
from kingdoms.core.protocol import GameInfo


def test_users_see_both_games_and_never_the_internal_one() -> None:
    ids = [info.game_id for info in registry.list_games()]
    assert ids == ["dice-realm", "burgrave"]
    assert "tally" in registry.playable_game_ids(include_internal=True)


def test_an_announced_game_is_listed_as_coming_soon_and_cannot_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    soon = GameInfo(game_id="castle-dice", title="Castle Dice", min_seats=2, max_seats=4,
                    rules_version=0, hidden_information=False, available=False)
    monkeypatch.setitem(registry._ANNOUNCED, "castle-dice", soon)
    assert soon in registry.list_games()
    assert "castle-dice" not in registry.playable_game_ids()
    with pytest.raises(UnknownGameError, match="Castle Dice is not playable yet"):
        registry.get_game("castle-dice")


def test_unknown_ids_are_refused_with_a_short_message() -> None:
    with pytest.raises(UnknownGameError, match=r"Unknown game 'x{40}'\.$"):
        registry.get_game("x" * 500)


@pytest.mark.parametrize("game_id", registry.playable_game_ids(include_internal=True))
def test_the_listing_entry_is_the_game_s_own_info(game_id: str) -> None:
    assert registry.game_info(game_id) is registry.get_game(game_id).info


def test_listing_games_does_not_import_their_rules() -> None:
    """The home screen lists games at start-up; rules and content must load only on first play."""
    import subprocess
    import sys

    code = (
        "import sys; from kingdoms.core.registry import list_games; list_games(); "
        "print(sorted(m for m in sys.modules if m.endswith(('.game', '.rules', '.content'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_internal_game_is_the_tests_own_and_not_in_the_browser() -> None:
    """Issue 15: the test game is registered by the tests (and the developer CLI), never by
    the registry's built-in list, and the browser's copy of the engine leaves it out."""
    import build

    assert "kingdoms.testgame" not in " ".join(registry.BUILT_IN)
    names = [name for name, _ in build.browser_entries("kingdoms",
                                                       build.OUR_PACKAGES["kingdoms"][0])]
    assert names and not [name for name in names if name.startswith("kingdoms/testgame/")]
    assert "kingdoms/core/registry.py" in names
