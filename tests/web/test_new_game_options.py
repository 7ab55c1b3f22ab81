"""The new-game dialog offers a game's options (``GameInfo.options``) for the seat counts they
apply to, and passes the chosen values (or the defaults) to the start of the game — Burgrave's
solo rival board and difficulty are the first such options (issue 11)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from kingdoms.core.protocol import GameInfo, GameOption, OptionChoice, OptionValue, Seat
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode
from kingdoms_web.shell.new_game import NewGameDialog

INFO = GameInfo(
    game_id="demo", title="Demo", min_seats=1, max_seats=3, rules_version=1,
    hidden_information=False,
    options=(
        GameOption(key="board", label="app.cancel", default="b",
                   choices=(OptionChoice(value="a", label="app.cancel"),
                            OptionChoice(value="b", label="app.close")),
                   seat_counts=(1,)),
        GameOption(key="level", label="app.close", default=1,
                   choices=tuple(OptionChoice(value=n, label="app.close") for n in range(4))),
    ),
)


def change(node: OfflineNode, value: str) -> None:
    node.value = value
    for handler in node.listeners.get("change", []):
        handler(SimpleNamespace(target=node))


def submit(dialog: NewGameDialog) -> None:
    form = dialog.node.querySelector("form")
    assert form is not None
    for handler in form.listeners["submit"]:
        handler(SimpleNamespace(preventDefault=lambda: None, target=form))


def open_dialog(started: list[tuple[str, list[Seat], dict[str, OptionValue]]]) -> NewGameDialog:
    def on_start(game_id: str, seats: list[Seat], options: dict[str, OptionValue]) -> None:
        started.append((game_id, seats, options))

    dialog = NewGameDialog([INFO], "demo", lambda _g: True, on_start)
    dialog.open()
    return dialog


def test_options_follow_the_seat_count_and_reach_the_start(fake_dom: OfflineDocument) -> None:
    started: list[Any] = []
    dialog = open_dialog(started)
    assert dialog.node.by_testid("option-board") is not None  # 1 seat: the solo option shows
    assert dialog.node.by_testid("option-board").value == "1"  # the default, "b"
    change(dialog.node.by_testid("option-board"), "0")
    change(dialog.node.by_testid("option-level"), "3")
    submit(dialog)
    assert started == [("demo", [Seat(name="Player 1")], {"board": "a", "level": 3})]


def test_an_option_for_other_seat_counts_is_neither_shown_nor_sent(
        fake_dom: OfflineDocument) -> None:
    started: list[Any] = []
    dialog = open_dialog(started)
    change(dialog.node.by_testid("seat-count"), "2")
    assert dialog.node.by_testid("option-board") is None
    assert dialog.node.by_testid("option-level") is not None
    submit(dialog)
    assert started[0][2] == {"level": 1}  # untouched: the game's default
