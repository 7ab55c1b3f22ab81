"""The guided first game (``kingdoms_web.play.coach``; issue 12, "a guided first game"): tips
that point at the real controls at the moment they matter, never for a computer, dismissible,
remembered, and over once the first game of a title ends."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_owner import Owner

from kingdoms.burgrave.tasks import DECISION_NAMES
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import Session
from kingdoms.dice_realm.state import Phase
from kingdoms_web import i18n
from kingdoms_web.games.burgrave.coach import MARKS as BURGRAVE_MARKS
from kingdoms_web.games.dice_realm.coach import MARKS as DICE_REALM_MARKS
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode
from kingdoms_web.play.coach import ENABLED_SETTING, SEEN_SETTING, TARGET_CLASS, seen_marks
from kingdoms_web.play.table import GameTable


def open_table(doc: OfflineDocument, game_id: str, seats: list[Seat],
               owner: Owner | None = None) -> tuple[GameTable, OfflineNode]:
    """A table drawn into ``doc`` (a computer seat never gets to move: nothing is scheduled)."""
    table = GameTable(owner or Owner(), Session(new_record(game_id, seats, seed=7)), "s1",
                      schedule=lambda _callback, _delay: None)
    root = doc.createElement("main")
    doc.body.append(root)
    table.mount(root)
    return table, root


def tip(root: OfflineNode) -> tuple[str | None, list[OfflineNode]]:
    """The mark shown now and the controls ringed for it."""
    node = root.by_testid("coach")
    ringed = [n for n in root.walk() if TARGET_CLASS in n.className.split()]
    return (node.getAttribute("data-mark") if node else None), ringed


PEOPLE = [Seat(name="Ann"), Seat(name="Ben")]


def test_dice_realm_first_roll_then_hold_point_at_the_real_controls(
        fake_dom: OfflineDocument) -> None:
    table, root = open_table(fake_dom, "dice-realm", PEOPLE)
    mark, ringed = tip(root)
    assert mark == "roll"
    assert [n.getAttribute("data-testid") for n in ringed] == ["roll"]
    coach = root.by_testid("coach")
    assert coach is not None and i18n.t("coach.dice-realm.roll") in coach.textContent
    roll = root.by_testid("roll")
    assert roll is not None
    roll.click()  # acting while the tip shows: it has done its job
    assert "roll" in seen_marks(table, "dice-realm")
    mark, ringed = tip(root)
    assert mark == "hold"
    assert sorted(n.getAttribute("data-testid") for n in ringed) == [f"die-{i}" for i in range(6)]
    ok = root.by_testid("coach-ok")
    assert ok is not None
    ok.click()
    assert "hold" in seen_marks(table, "dice-realm")
    assert tip(root)[0] != "hold"


def test_no_more_tips_turns_the_guide_off_and_it_stays_off(fake_dom: OfflineDocument) -> None:
    owner = Owner()
    table, root = open_table(fake_dom, "dice-realm", PEOPLE, owner)
    stop = root.by_testid("coach-stop")
    assert stop is not None
    stop.click()
    assert tip(root) == (None, [])
    assert table.get_setting(ENABLED_SETTING) is False
    _, again = open_table(fake_dom, "dice-realm", PEOPLE, owner)  # same device, next game
    assert tip(again) == (None, [])


def test_a_computer_turn_is_never_coached(fake_dom: OfflineDocument) -> None:
    seats = [Seat(name="Bot", kind="bot", bot="easy"), Seat(name="Ann")]
    _, root = open_table(fake_dom, "dice-realm", seats)
    assert tip(root) == (None, [])


def test_the_end_of_the_first_game_ends_the_guide_for_that_title(
        fake_dom: OfflineDocument) -> None:
    table, _ = open_table(fake_dom, "dice-realm", PEOPLE)
    rng = random.Random(3)
    while not table.session.game.is_over(table.session.state):
        table.act(rng.choice(table.session.game.legal_actions(table.session.state)))
    assert seen_marks(table, "dice-realm") == {mark.id for mark in DICE_REALM_MARKS}
    assert seen_marks(table, "burgrave") == set()  # Burgrave's first game is still to come
    assert not table.coach.active


def test_burgrave_first_card_play_points_at_an_offered_hand_card(
        fake_dom: OfflineDocument) -> None:
    table, root = open_table(fake_dom, "burgrave", PEOPLE)
    rng = random.Random(5)
    shown: dict[str, list[str]] = {}
    for _ in range(400):
        state = table.session.state
        if table.session.game.is_over(state):
            break
        ready = root.by_testid("pass-ready")  # the privacy screen between two people
        if ready is not None:
            ready.click()
        mark, ringed = tip(root)
        if mark is not None:
            shown.setdefault(mark, [n.getAttribute("data-testid") or "" for n in ringed])
            assert table.session.game.prompt(state).kind in next(
                m.kinds for m in BURGRAVE_MARKS if m.id == mark) or mark == "end"
        if {"play_card", "move", "action"} <= set(shown):
            break
        table.act(rng.choice(table.session.game.legal_actions(state)))
    assert shown["play_card"][0].startswith("hand-card-")
    assert shown["move"][0].startswith("space-")
    assert shown["action"] == ["prompt"]


@pytest.mark.parametrize(("marks", "kinds"), [
    (DICE_REALM_MARKS, {str(phase) for phase in Phase.__args__}),  # type: ignore[attr-defined]
    (BURGRAVE_MARKS, set(DECISION_NAMES.values())),
])
def test_every_mark_belongs_to_real_decisions_and_has_its_words(marks: Any,
                                                                 kinds: set[str]) -> None:
    """A misspelt decision kind would silently never show its tip."""
    for mark in marks:
        assert mark.kinds <= kinds, mark.id
    game_id = "dice-realm" if marks is DICE_REALM_MARKS else "burgrave"
    for language in i18n.LANGUAGE_NAMES:
        i18n.set_language(language)
        assert all(i18n.lookup(f"coach.{game_id}.{mark.id}") for mark in marks)
    i18n.set_language("en")


def test_settings_turn_the_tips_back_on_and_show_them_again(fake_dom: OfflineDocument) -> None:
    from kingdoms_web.shell.settings import SettingsDialog

    owner = Owner()
    table, _ = open_table(fake_dom, "dice-realm", PEOPLE, owner)
    table.set_setting(ENABLED_SETTING, False)
    table.set_setting(SEEN_SETTING, {"dice-realm": ["roll"]})
    dialog = SettingsDialog(lambda _code, _told: None, lambda: True, settings=table)
    body = fake_dom.createElement("div")
    for node in dialog.build_body(dialog.scope):
        if node is not None:
            body.append(node)
    toggle, reset = body.by_testid("guide-toggle"), body.by_testid("guide-reset")
    assert toggle is not None and toggle.getAttribute("aria-pressed") == "false"
    assert reset is not None
    reset.click()
    assert table.get_setting(ENABLED_SETTING) is True
    assert seen_marks(table, "dice-realm") == set()
