"""The table explains itself (issue 12): why the game ended, each category with the rule behind
it, how a tie on the best total was settled, and why Undo is off."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_owner import Owner

from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import Session, replay
from kingdoms_web import i18n
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.offline_dom import OfflineDocument
from kingdoms_web.play.table import GameTable


def finished(game_id: str, seed: int, players: int = 3) -> GameRecord:
    """A seeded random game played to its end."""
    game = get_game(game_id)
    record = new_record(game_id, [Seat(name=n) for n in ("Ann", "Ben", "Cleo", "Dan")[:players]],
                        seed=seed)
    state, rng = replay(record), random.Random(seed)
    while not game.is_over(state):
        record, state = append(record, game, state, rng.choice(game.legal_actions(state)))
    return record


def table_screen(doc: OfflineDocument, record: GameRecord) -> Any:
    i18n.set_language("en")
    table = GameTable(Owner(), Session(record), "s1")
    root = doc.createElement("main")
    doc.body.append(root)
    table.mount(root)
    return root


@pytest.mark.parametrize("game_id", ["dice-realm", "burgrave"])
def test_each_category_is_shown_with_its_rule(fake_dom: OfflineDocument, game_id: str) -> None:
    record = finished(game_id, 3)
    root = table_screen(fake_dom, record)
    rules = root.by_testid("how-scored")
    assert rules is not None
    result = get_game(game_id).result(replay(record))
    shown = [node.textContent for node in rules.querySelectorAll("dt")]
    assert shown == [i18n.t(f"{game_id}.score.{key}") for key in result.scores[0].breakdown]
    assert all(node.textContent.strip() for node in rules.querySelectorAll("dd"))
    assert i18n.t(f"{game_id}.end.{result.reason}") in root.textContent
    # ...and one tap from the rules' scoring section, which exists in the game's rules.
    link = rules.by_testid("end-rules-link")
    assert link is not None and link.getAttribute("href") == f"#rules={game_id}/scoring"
    assert "scoring" in GAME_UIS[game_id].book.section_ids()


def _tied_game(game_id: str) -> tuple[GameRecord, bool]:
    """A seeded game whose best total is shared: (record, whether the tie-break settled it)."""
    game = get_game(game_id)
    for seed in range(400):
        record = finished(game_id, seed, 2)
        result = game.result(replay(record))
        best = max(score.total for score in result.scores)
        if sum(score.total == best for score in result.scores) > 1:
            return record, len(result.winners) == 1
    raise AssertionError("no tied game in the seeds tried")


def test_a_tie_on_the_best_total_says_how_it_was_settled(fake_dom: OfflineDocument) -> None:
    """Spec (Dice Realm): "Tie: the tied player with fewer negative points wins; still tied: a
    shared victory"."""
    record, settled = _tied_game("dice-realm")
    root = table_screen(fake_dom, record)
    note = root.by_testid("tie-note")
    assert note is not None
    if settled:
        assert i18n.t("dice-realm.tie_break") in note.textContent
    else:
        assert "shared victory" in note.textContent


def test_no_tie_note_when_one_seat_has_the_best_total(fake_dom: OfflineDocument) -> None:
    game = get_game("dice-realm")
    for seed in range(50):
        record = finished("dice-realm", seed, 2)
        result = game.result(replay(record))
        totals = sorted((score.total for score in result.scores), reverse=True)
        if totals[0] > totals[1]:
            assert table_screen(fake_dom, record).by_testid("tie-note") is None
            return
    raise AssertionError("no untied game in the seeds tried")


def test_undo_says_why_it_is_off_when_tried(fake_dom: OfflineDocument) -> None:
    """Issue 12: disabled controls say why — after a roll Undo is dimmed and named with its
    reason. Issues 26 and 29: not as a permanent line under the tools (it cost the board its
    height after nearly every move) but when Undo is tapped, in the table's notice."""
    from kingdoms.dice_realm.actions import Roll

    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], seed=2)
    record, _state = append(record, get_game("dice-realm"), replay(record), Roll(keep=0))
    i18n.set_language("en")
    table = GameTable(Owner(), Session(record), "s1")
    root = fake_dom.createElement("main")
    fake_dom.body.append(root)
    table.mount(root)
    undo = root.by_testid("undo")
    why = i18n.t("undo.why.revealed")
    assert undo.attrs.get("aria-disabled") == "true"
    assert why in undo.attrs.get("aria-label", "")
    assert why not in root.textContent  # nothing said before it is asked
    undo.click()
    notice = root.by_testid("play-notice")
    assert notice is not None and notice.textContent == why
    assert len(table.session.record.actions) == 1  # and nothing was taken back


def test_a_solo_game_shows_the_rival_beside_the_player(fake_dom: OfflineDocument) -> None:
    """Issue 11: the end of a solo Burgrave game lists the rival's column (its score comes from
    the view; the result holds the record's one seat) and says who won."""
    game = get_game("burgrave")
    for seed in range(6):
        record = finished("burgrave", seed, 1)
        root = table_screen(fake_dom, record)
        rival = game.view(replay(record), None)["rival"]["score"]
        cell = root.by_testid("breakdown-rival-total")
        assert cell is not None and cell.textContent == str(rival["total"])
        assert root.by_testid("breakdown-rival-leftover_resources") is not None
        result = game.result(replay(record))
        winner = root.by_testid("winner").textContent
        assert winner == (i18n.t("burgrave.no_winner") if not result.winners
                          else i18n.t("play.winner", name="Ann"))


def test_alone_at_the_device_there_is_no_privacy_screen(fake_dom: OfflineDocument) -> None:
    """A solo game (or one person against computers) has nobody to hide a hand from: the
    board opens on the person's own view, with no 'pass the device' screen."""
    record = new_record("burgrave", [Seat(name="Ann")], seed=4)
    root = table_screen(fake_dom, record)
    assert root.by_testid("pass-screen") is None
    assert root.by_testid("burgrave-screen") is not None
    record = new_record("burgrave", [Seat(name="Ann"), Seat(name="Ben")], seed=4)
    assert table_screen(fake_dom, record).by_testid("pass-screen") is not None


def test_play_again_keeps_the_players_and_the_options(fake_dom: OfflineDocument) -> None:
    """A solo game played again is the same solo game: same seat, same rival and difficulty."""
    game = get_game("burgrave")
    record = new_record("burgrave", [Seat(name="Ann")], seed=3,
                        options={"rival": "trade", "difficulty": 2})
    state, rng = replay(record), random.Random(3)
    while not game.is_over(state):
        record, state = append(record, game, state, rng.choice(game.legal_actions(state)))
    owner = Owner()
    table = GameTable(owner, Session(record), "s1")
    root = fake_dom.createElement("main")
    fake_dom.body.append(root)
    table.mount(root)
    root.by_testid("play-again").click()
    assert owner.started == [("burgrave", [Seat(name="Ann")], {"rival": "trade",
                                                               "difficulty": 2})]


@pytest.mark.parametrize("game_id", ["dice-realm", "burgrave"])
def test_the_end_celebrates_with_a_podium_and_a_chart_of_the_categories(
        fake_dom: OfflineDocument, game_id: str) -> None:
    record = finished(game_id, 5, 3)
    root = table_screen(fake_dom, record)
    result = get_game(game_id).result(replay(record))
    best = max(score.total for score in result.scores)
    first = root.by_testid("podium-1")
    assert first is not None and str(best) in first.textContent
    assert all(record.seats[seat].name in first.textContent for seat in result.winners)
    chart = root.by_testid("score-chart")
    assert chart is not None
    rows = chart.querySelectorAll(".chart-row")
    assert len(rows) == len(result.scores)
    totals = [int(row.children[-1].textContent) for row in rows]
    assert totals == sorted((score.total for score in result.scores), reverse=True)
    legend_list = chart.querySelector(".chart-legend")
    assert legend_list is not None
    legend = [node.textContent for node in legend_list.children]
    assert legend == [i18n.t(f"{game_id}.score.{key}") for key in result.scores[0].breakdown]
